"""Dorasure under play that stalls on purpose, at scale: the checks of
``tests/dorasure/test_stalling.py`` (every game ends, no circle of decisions between two
rolls, every 6 of a movement roll moves the token) over many seeded games, with the
Adventure Phase's length against the docs' bound on its mean, ``(meter_end + 1) / p``::

    python benchmarks/dorasure_stalling.py --games 200 --seed 0

For each option set of the test and each policy (``stall``: the move that keeps the game
farthest from its end one move ahead; ``passer``: a pass whenever legal; ``random``) it
prints the mean Adventure Phase turns with a 95% interval (normal approximation), the
most, the bound, and the mean plies.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests" / "dorasure")]

import test_stalling as t  # noqa: E402  (the test's policies and checked playout)

from boardrules.dorasure import DorasureState, Move, legal_moves, new_game  # noqa: E402


def _random(s: DorasureState, rng: random.Random) -> Move:
    return rng.choice(legal_moves(s))


POLICIES: dict[str, t.Policy] = {"stall": t.stall, "passer": t.passer, "random": _random}


def _interval(values: list[int]) -> str:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{mean:7.1f} [{mean - half:7.1f}, {mean + half:7.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per option set and policy")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args()
    started = time.perf_counter()
    print(f"{args.games} games per row, seeds {args.seed}..{args.seed + args.games - 1}")
    print(
        f"{'options':27} {'policy':7} {'adventure turns, mean [95%]':>29} {'most':>5} "
        f"{'bound':>6} {'plies':>7}"
    )
    for name, options in t.OPTION_SETS.items():
        s = new_game(**options)
        bound = (s.rules.tracks.meter_end + 1) / t.turn_chance(s)
        for policy_name, policy in POLICIES.items():
            rows = [t.play_out(options, policy, args.seed + k) for k in range(args.games)]
            turns = [r[0] for r in rows]
            plies = statistics.mean(r[1] for r in rows)
            print(
                f"{name:27} {policy_name:7} {_interval(turns):>29} {max(turns):5} "
                f"{float(bound):6.1f} {plies:7.0f}",
                flush=True,
            )
    print(f"every game ended; {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
