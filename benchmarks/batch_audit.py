"""The long differential audit of the batch engines against the scalar rules.

    nice -n 10 python benchmarks/batch_audit.py                     # every option set, 10^6 each
    nice -n 10 python benchmarks/batch_audit.py --game dorada       # one game's sets
    python benchmarks/batch_audit.py --steps 20000 --games 16        # a short run (CI)

For each option set, plays games in a batch (:class:`boardrules.batch.ParchisBatch`,
``DoradaBatch`` or ``DockerBatch``) and the same games with the scalar rules, with the same
dice and choices, and compares at every step each game's state, legal actions, observation
(for Dorada and Docker also from another seat) and returns
(:func:`boardrules.batch._check.compare_parchis` and ``compare_game``); games that end
restart.  Prints, per set,
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

from boardrules.batch._check import BatchMismatchError, Compared, compare_game, compare_parchis

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

#: A Dorada board given as data, with every kind of field and a jump back past the start.
BOARD = {
    "fields": 16,
    "stumble": [4, 11, 15],
    "gold": [9],
    "jumps": [[2, -5], [6, 3], [10, -2], [13, 1]],
    "last_jump": 13,
}

#: The Dorada and Docker sets: every player count, each option, first players other than 0.
GAME_SETS: dict[str, tuple[str, dict[str, Any]]] = {
    "dorada-2": ("dorada", {"players": 2}),
    "dorada-3": ("dorada", {"players": 3}),
    "dorada-4": ("dorada", {"players": 4}),
    "dorada-highest-3": ("dorada", {"players": 3, "tie_break": "highest-piece", "first_player": 1}),
    "dorada-board-4": ("dorada", {"players": 4, "board": BOARD, "tie_break": "highest-piece"}),
    "docker-2": ("docker", {"players": 2}),
    "docker-3": ("docker", {"players": 3}),
    "docker-4": ("docker", {"players": 4}),
    "docker-return-3": ("docker", {"players": 3, "return_to_start": True, "first_player": 2}),
    "docker-return-4": ("docker", {"players": 4, "return_to_start": True, "first_player": 3}),
}

GAMES = 256  # games stepped together
#: Dice given per Docker game and step (rolls again after an unusable roll): the check
#: refuses a step that needed more, which (5/6)^96 makes practically impossible.
ROLLS = 96


def _run(name: str, games: int, rounds: int, seed: int) -> Compared:
    if name in SETS:
        return compare_parchis(games, rounds, seed=seed, **SETS[name])
    game, options = GAME_SETS[name]
    rolls = ROLLS if game == "docker" else 1
    return compare_game(game, games, rounds, seed=seed, rolls=rolls, **options)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=10**6, help="game steps per set")
    every = [*SETS, *GAME_SETS]
    parser.add_argument("--sets", nargs="+", default=every, choices=every)
    parser.add_argument("--game", choices=["parchis", "dorada", "docker"], help="only its sets")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=GAMES, help="games stepped together")
    args = parser.parse_args(argv)
    total = 0
    chosen = [s for s in args.sets if args.game is None or _game(s) == args.game]
    for name in chosen:
        start = time.process_time()
        rounds = -(-args.steps // args.games)
        try:
            compared = _run(name, args.games, rounds, args.seed)
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


def _game(name: str) -> str:
    return "parchis" if name in SETS else GAME_SETS[name][0]


if __name__ == "__main__":
    sys.exit(main())
