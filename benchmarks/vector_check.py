"""The Parchís vector environment against the scalar rules, at every step of its episodes.

    nice -n 10 python benchmarks/vector_check.py                 # every option set and seat
    nice -n 10 python benchmarks/vector_check.py --games 48 --steps 60

For each option set of ``batch_audit.py`` and each seat of the learner, a
:class:`~boardrules.batch.vector.ParchisVectorEnv` plays seeded random legal actions; at every
step, for every game, its observation must equal :func:`boardrules.observation_into` of
``env.batch.state(i)`` from the learner's seat, and its action mask the
:func:`boardrules.legal_actions` of that state where the learner is to move (no action
elsewhere).  The batch engine's own audit (``batch_audit.py``) plays the batch against the
scalar engine; this one checks what the environment adds: its opponents' steps, the games
it plays on with the scalar rules and puts back, its restarts and its masks.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

import batch_audit  # noqa: E402
import numpy as np  # noqa: E402

import boardrules as br  # noqa: E402
from boardrules.batch.vector import ParchisVectorEnv  # noqa: E402

#: The option sets of ``batch_audit.py``'s Parchís audit.
SETS: dict[str, dict[str, Any]] = batch_audit.SETS


def check(options: dict[str, Any], seat: int, games: int, steps: int, seed: int) -> int:
    """Play one environment; raise at the first difference; the game-steps compared."""
    env = ParchisVectorEnv(games, seat=seat, **options)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    expected = np.zeros(env.batch.observation_size, dtype=np.float32)
    for step in range(steps):
        for i in range(games):
            state = env.batch.state(i)
            expected[:] = 0.0
            br.observation_into(state, seat, expected)
            if not np.array_equal(obs["observation"][i], expected):
                raise AssertionError(f"{options} seat {seat}: observation of game {i}, step {step}")
            mine = br.current_player(state) == seat
            legal = list(br.legal_actions(state)) if mine else []
            if np.flatnonzero(obs["action_mask"][i]).tolist() != legal:
                raise AssertionError(f"{options} seat {seat}: mask of game {i}, step {step}")
        mask = obs["action_mask"].astype(np.bool_)
        actions = [rng.choice(np.flatnonzero(row)) if row.any() else 0 for row in mask]
        obs, *_ = env.step(np.array(actions))
    return games * steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    total = 0
    for k, (name, options) in enumerate(SETS.items()):
        players = int(options["players"])
        compared = sum(
            check(options, seat, args.games, args.steps, args.seed + 10 * k + seat)
            for seat in range(players)
        )
        print(f"{name:18s} {compared:8,d} game-steps, every seat: observations and masks equal")
        total += compared
    print(f"all sets: {total:,d} game-steps, no difference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
