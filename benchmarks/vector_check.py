"""The Parchís vector environment against the scalar rules, at every step of its episodes.

    nice -n 10 python benchmarks/vector_check.py                 # every option set and seat
    nice -n 10 python benchmarks/vector_check.py --games 48 --steps 60

For each option set of ``batch_audit.py`` and each seat of the learner, a
:class:`~boardrules.batch.vector.ParchisVectorEnv` plays seeded random legal actions; at every
step, for every game, its observation must equal :func:`boardrules.observation_into` of
``env.batch.state(i)`` from the learner's seat, and its action mask the
:func:`boardrules.legal_actions` of that state where the learner is to move (no action
elsewhere).  Half of the learner's seats (the even ones) play with the environment's
default (at these sizes its opponents are played on as plain lists,
``batch/_parchis_alone.py``) and ``copy=False`` (its own observation array, updated only
where the positions changed), the other half with the batch alone (its steps over all
games, then over parts of them, made as soon as one game is idle) and ``copy=True``.  The batch
engine's own audit (``batch_audit.py``) plays the batch against the scalar engine; this one
checks what the environment adds: its opponents' steps, the games it plays on as lists and
puts back, its restarts and its masks.

Then (``--alone`` games a set, 0 for none) the lists against the public API: random
positions of each option set, played on to their end as lists (the learner's seat no
player's) and with the public API from the same draws of the same generators; every
state, and the counts of rolls and moves, must be the same.
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

import batch_audit  # noqa: E402
import numpy as np  # noqa: E402

import boardrules as br  # noqa: E402
from boardrules.batch import ParchisBatch  # noqa: E402
from boardrules.batch._parchis_alone import play_alone  # noqa: E402
from boardrules.batch.vector import ParchisVectorEnv  # noqa: E402
from boardrules.parchis import Kind  # noqa: E402
from boardrules.testing import random_play  # noqa: E402

#: The option sets of ``batch_audit.py``'s Parchís audit.
SETS: dict[str, dict[str, Any]] = batch_audit.SETS


def check(options: dict[str, Any], seat: int, games: int, steps: int, seed: int) -> int:
    """Play one environment; raise at the first difference; the game-steps compared."""
    # (even seats: the environment's own array, updated where the positions changed)
    env = ParchisVectorEnv(games, seat=seat, copy=bool(seat % 2), **options)
    if seat % 2:  # (the batch only, a part made as soon as one game is idle)
        env._ALONE, env._IDLE_PART = 0, 1
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


def _decisions(options: dict[str, Any], count: int, rng: random.Random) -> list[Any]:
    """Decisions of random games (early and late, any seat)."""
    found: list[Any] = []
    while len(found) < count:
        game = random_play(br.new_game("parchis", **options), rng)
        found += [s for s, _ in game if not br.is_chance(s) and rng.random() < 0.02]
    rng.shuffle(found)
    return found[:count]


def check_alone(options: dict[str, Any], games: int, seed: int) -> int:
    """Play ``games`` positions on to their end as lists and with the public API; raise at
    the first difference; the decisions compared."""
    states = _decisions(options, games, random.Random(seed))
    batch = ParchisBatch.from_states(states, seed=seed)
    dice: Any = copy.deepcopy(batch.rng)  # (sample_chance calls its random())
    choose = np.random.default_rng(seed + 1)
    choices = copy.deepcopy(choose)
    nobody = int(options["players"])
    rolls, moves = play_alone(batch, np.arange(games), nobody, choose)
    rolled = played = decided = 0
    for i, state in enumerate(states):
        while not br.is_terminal(state):
            if br.is_chance(state):
                state = br.apply_move(state, br.sample_chance(state, dice))
                rolled += 1
                continue
            legal = br.legal_moves(state)
            move = legal[int(choices.random() * len(legal))]
            played += move.kind != Kind.PASS
            decided += 1
            state = br.apply_move(state, move)
        if batch.state(i) != state:
            raise AssertionError(f"{options}: game {i} played on as lists")
    if (rolls, moves) != (rolled, played):
        raise AssertionError(f"{options}: counts {(rolls, moves)}, the API's {(rolled, played)}")
    return decided


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--alone", type=int, default=40, help="games a set played as lists")
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
    if args.alone:
        decided = 0
        for k, (name, options) in enumerate(SETS.items()):
            compared = check_alone(options, args.alone, args.seed + 100 + k)
            print(f"{name:18s} {compared:8,d} decisions played as lists: the public API's")
            decided += compared
        print(f"all sets: {decided:,d} decisions as lists, no difference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
