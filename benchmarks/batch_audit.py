"""The long differential audit of the batch engine against the scalar rules.

    nice -n 10 python benchmarks/batch_audit.py                     # every option set, 10^6 each
    python benchmarks/batch_audit.py --steps 20000 --games 16        # a short run (CI)

For each option set, plays games in a :class:`boardrules.batch.ParchisBatch` and the same
games with the scalar rules, with the same dice and choices, and compares at every step each
game's state, legal actions, observation and returns
(:func:`boardrules.batch._check.compare_parchis`); games that end restart.  Prints, per set,
the game steps compared (a game step is one decision in one game), the games that ended and
the CPU time; exits 1 at the first difference, naming it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from boardrules.batch._check import BatchMismatchError, compare_parchis

#: The option sets: every player count, and each option (and all of them) at 4 and 2 players.
SETS: dict[str, dict[str, Any]] = {
    "default-2": {"players": 2},
    "default-3": {"players": 3},
    "default-4": {"players": 4},
    "colours-3": {"players": 3, "colours": ["blue", "red", "green"], "first_player": 1},
    "two_out-4": {"players": 4, "two_out_on_first_five": True},
    "no_exit_capture-4": {"players": 4, "exit_capture": False},
    "safe_barriers-4": {"players": 4, "barriers_on_safe_only": True},
    "lane_start-4": {"players": 4, "third_six_back_to_lane_start": True},
    "all-2": {
        "players": 2,
        "two_out_on_first_five": True,
        "exit_capture": False,
        "barriers_on_safe_only": True,
        "third_six_back_to_lane_start": True,
    },
}

GAMES = 256  # games stepped together


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=10**6, help="game steps per set")
    parser.add_argument("--sets", nargs="+", default=list(SETS), choices=list(SETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=GAMES, help="games stepped together")
    args = parser.parse_args(argv)
    total = 0
    for name in args.sets:
        start = time.process_time()
        rounds = -(-args.steps // args.games)
        try:
            compared = compare_parchis(args.games, rounds, seed=args.seed, **SETS[name])
        except BatchMismatchError as e:
            print(f"{name}: DIFFERENCE: {e}")
            return 1
        total += compared.steps
        cpu = time.process_time() - start
        print(
            f"{name:20s} {compared.steps:>10,} game steps identical, {compared.ended:>6,} games "
            f"ended  {cpu:7.1f} s CPU",
            flush=True,
        )
    print(f"all sets: {total:,} game steps, no difference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
