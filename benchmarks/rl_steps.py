"""Steps per second of the reinforcement-learning environments next to the plain API.

Plays random games of one game three ways in one run, each for at least ``--seconds``:

* the plain API playout of ``playouts.py`` (``legal_moves``, ``apply_move``, dice drawn from
  ``chance_outcomes``);
* the PettingZoo AEC environment of :func:`boardrules.rl.env`, every seat choosing a
  uniformly random action among those its ``action_mask`` allows (``env.last()`` and
  ``env.step()`` for each decision, as a training loop does);
* the Gymnasium environment of :func:`boardrules.rl.single_agent_env`, the learner choosing
  a random masked action against random bots.

A *step* is one player's decision: the dice rolled between decisions count in the time but
not as steps (the environments roll them inside ``step()``).  The last line compares the AEC
environment with the plain playout; the goal for 4-player Parchís is at least 25%::

    python benchmarks/rl_steps.py parchis --players 4 --seconds 5
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(1, str(Path(__file__).resolve().parent))

import numpy as np
from playouts import game_arguments, game_options
from playouts import run as plain_playouts

import boardrules.rl

#: The AEC environment of 4-player Parchís should make at least this share of the plain
#: playout's decisions per second.
GOAL = 0.25


def aec_steps(game: str, seconds: float, options: dict[str, Any], seed: int) -> tuple[int, float]:
    """Random masked play in the AEC environment: decisions made and the time taken."""
    env = boardrules.rl.env(game, **options)
    rng = random.Random(seed)
    steps, episode = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + episode)
        episode += 1
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps, time.perf_counter() - start


def single_steps(
    game: str, seconds: float, options: dict[str, Any], seed: int
) -> tuple[int, float]:
    """Random masked play of seat 0 in the Gymnasium environment against random bots."""
    env = boardrules.rl.single_agent_env(game, **options)
    rng = random.Random(seed)
    steps, episode = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs, _ = env.reset(seed=seed + episode)
        episode += 1
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, terminated, truncated, _ = env.step(int(legal[rng.randrange(len(legal))]))
            done = terminated or truncated
            steps += 1
    return steps, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = game_arguments(__doc__, 3.0, "seconds per measure (3)")
    args = parser.parse_args(argv)
    options = game_options(parser, args.players, args.option)
    # The measures take turns, a second or so at a time, so that a change in the load of
    # the machine falls on all of them alike.
    rounds = max(1, round(args.seconds))
    plain = aec = single = 0.0
    for i in range(rounds):
        seed, seconds = args.seed + 1000 * i, args.seconds / rounds
        _, _, decisions, elapsed = plain_playouts(args.game, seconds, options, seed)
        plain += decisions / elapsed / rounds
        steps, elapsed = aec_steps(args.game, seconds, options, seed)
        aec += steps / elapsed / rounds
        steps, elapsed = single_steps(args.game, seconds, options, seed)
        single += steps / elapsed / rounds
    players = boardrules.num_players(boardrules.new_game(args.game, **options))
    print(f"{args.game}, {players} players: random play, decisions (steps) per second")
    print(f"plain API playout        {plain:12,.0f}")
    print(f"PettingZoo AEC env       {aec:12,.0f}")
    print(f"Gymnasium vs random      {single:12,.0f}   (the learner's decisions only)")
    print(f"AEC env / plain API: {aec / plain:.0%} (goal for 4-player Parchís: {GOAL:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
