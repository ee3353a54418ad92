"""Random playouts through the OpenSpiel adapter next to the plain API, in one run.

Plays random games of one game for at least ``--seconds`` each way:

* the plain API playout of ``playouts.py`` (``legal_moves``, ``apply_move``, dice drawn from
  ``chance_outcomes``);
* the same through OpenSpiel: a state of :func:`boardrules.openspiel.load_game`, with
  ``legal_actions()``, ``chance_outcomes()`` and ``apply_action()`` as OpenSpiel's own
  algorithms call them (each call crosses from Python into OpenSpiel's C++ and back).

A *step* is one player's decision (the rolls between decisions count in the time).  The
last line compares the two; the goal is at least 30%::

    python benchmarks/openspiel_steps.py parchis --players 4 --seconds 5
"""

from __future__ import annotations

import random
import sys
import time
from bisect import bisect_right
from itertools import accumulate
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(1, str(Path(__file__).resolve().parent))

from playouts import game_arguments, game_options
from playouts import run as plain_playouts

import boardrules.openspiel

#: Random playouts through OpenSpiel should make at least this share of the plain API's
#: decisions per second.
GOAL = 0.30


def openspiel_steps(
    game_name: str, seconds: float, options: dict[str, Any], seed: int
) -> tuple[int, int, float]:
    """Random games through OpenSpiel: games and decisions played, and the time taken."""
    game = boardrules.openspiel.load_game(game_name, **options)
    rng = random.Random(seed)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                cumulative = list(accumulate(probs))
                i = bisect_right(cumulative, rng.random() * cumulative[-1])
                state.apply_action(actions[min(i, len(actions) - 1)])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        games += 1
    return games, steps, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = game_arguments(__doc__, 3.0, "seconds per measure (3)")
    args = parser.parse_args(argv)
    options = game_options(parser, args.players, args.option)
    # The two measures take turns, a second or so at a time, so that a change in the load
    # of the machine falls on both alike.
    rounds = max(1, round(args.seconds))
    plain = spiel = 0.0
    games = 0
    for i in range(rounds):
        seed, seconds = args.seed + 1000 * i, args.seconds / rounds
        _, _, decisions, elapsed = plain_playouts(args.game, seconds, options, seed)
        plain += decisions / elapsed / rounds
        played, steps, elapsed = openspiel_steps(args.game, seconds, options, seed)
        spiel += steps / elapsed / rounds
        games += played
    players = boardrules.num_players(boardrules.new_game(args.game, **options))
    print(f"{args.game}, {players} players: random playouts, decisions (steps) per second")
    print(f"plain API playout        {plain:12,.0f}")
    print(f"through OpenSpiel        {spiel:12,.0f}   ({games} games)")
    print(f"OpenSpiel / plain API: {spiel / plain:.0%} (goal: {GOAL:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
