"""Machine instructions per dice roll of the README loop (4-player Parchís), counted by
valgrind: a figure that the load of a shared machine does not move, for a change too small
for the timed benchmarks to see.

    python benchmarks/instructions.py                       # this checkout's src/
    python benchmarks/instructions.py --src ../before/src   # another checkout's

The loop plays ``--games`` seeded random games (and, apart, the first ``--start`` of them)
under ``valgrind --tool=callgrind`` with ``PYTHONHASHSEED=0``; the difference of the two
counts over the difference of their rolls leaves out the start of the interpreter.  Two
runs of the same code agree to a few hundred instructions a roll.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: One process's work: the README loop over ``games`` games, printing the rolls.
_LOOP = """
import random, sys
sys.path.insert(0, sys.argv[1])
import boardrules as br
rng, rolls = random.Random(1), 0
for _ in range(int(sys.argv[2])):
    state = br.new_game("parchis", players=4)
    while not br.is_terminal(state):
        if br.is_chance(state):
            move = br.sample_chance(state, rng)
            rolls += 1
        else:
            move = rng.choice(br.legal_moves(state))
        state = br.apply_move(state, move)
print(rolls)
"""


def count(src: Path, games: int) -> tuple[int, int]:
    """The instructions and the rolls of ``games`` games played with the engine of ``src``."""
    with tempfile.TemporaryDirectory(prefix="instructions-") as tmp:
        out = Path(tmp) / "callgrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             sys.executable, "-c", _LOOP, str(src), str(games)],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )  # fmt: skip
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if collected is None:
        raise SystemExit(f"instructions.py: no count from valgrind:\n{done.stderr[-2000:]}")
    return int(collected.group(1)), int(done.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, default=HERE.parent / "src", help="boardrules' src")
    parser.add_argument("--games", type=int, default=200, help="games counted (200)")
    parser.add_argument("--start", type=int, default=20, help="games subtracted (20)")
    args = parser.parse_args(argv)
    src = args.src.resolve()
    first, first_rolls = count(src, args.start)
    total, rolls = count(src, args.games)
    per_roll = (total - first) / (rolls - first_rolls)
    print(f"{src}: {per_roll:,.0f} instructions a roll ({rolls - first_rolls:,} rolls)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
