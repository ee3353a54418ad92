"""How strong are the bots?  Seeded series and Elo ladders, written into the docs (issue 33).

    nice python benchmarks/ladder.py                     # every part, prints the tables
    nice python benchmarks/ladder.py --write             # and rewrites docs/guides/bot-strength.rst
    nice python benchmarks/ladder.py --only targets      # one part: targets, ladder2 or ladder4
    nice python benchmarks/ladder.py --write-from LOG    # write the tables a run printed
    nice python benchmarks/ladder.py --only targets --seed 1000 --write   # a second block
    nice python benchmarks/ladder.py --games parchis --games-per-pairing 10   # smaller, quicker

Everything is played by :func:`boardrules.simulate.tournament` (what ``boardrules
tournament`` runs) in this process (``workers=1``), every game seeded from ``--seed``, so
the same command gives the same tables on every machine (the bots' budgets are node counts:
``strong`` decides by its node budget unless a decision outlasts its clock, which this
script reports).  Three parts, per game:

* ``targets``: 2-player series of ``strong`` against fixed opponents, both seatings, with
  the win rate (ties count half) and its 95% Wilson interval.  The opponents are ``greedy``
  and, in Parchís, the *previous* greedy (the progress-only evaluation that shipped before
  the fitted one, frozen in ``previous_evaluation.py``) and ``UserGreedy``
  (``user_greedy.py``: progress, captures, safety and threat, written the way a user would
  from the docs; nothing is tuned against it).
* ``ladder2`` and ``ladder4``: tournaments of random, greedy, expectimax, mcts and strong
  with 2 players (every ordered pair of bots) and with 4 (every seating of 4 of the 5),
  rated by Bradley-Terry on the Elo scale with 95% intervals.

Each table also gives the milliseconds per decision of each bot (wall clock, measured in
the same run, so the machine's load is in them: they are for comparing bots, not a speed
benchmark; ``max`` is the slowest single decision).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from _series import first_bot_score  # noqa: E402
from previous_evaluation import previous  # noqa: E402
from user_greedy import UserGreedy  # noqa: E402

import boardrules as br  # noqa: E402
from boardrules.bots import GreedyBot, make_bot  # noqa: E402
from boardrules.simulate import tournament, wilson  # noqa: E402

GAMES = ("parchis", "dorada", "docker")
LADDER = ("random", "greedy", "expectimax", "mcts", "strong")
DOCS = HERE.parent / "docs" / "guides" / "bot-strength.rst"
BEGIN, END = ".. ladder.py: begin", ".. ladder.py: end"
#: The seed of the docs' main tables; a run with another seed adds a second block of games.
SEED = 33

# Wall-clock seconds per bot label: module-level, because the tournament plays a deep copy
# of each bot in every game.
SPENT: dict[str, list[float]] = defaultdict(list)
# Decisions per bot label that the clock, not the node budget, ended (``strong``'s timeouts).
ENDED: dict[str, int] = defaultdict(int)


class Timed:
    """A bot that notes how long each of its decisions took, under ``name``."""

    def __init__(self, name: str, bot: Any) -> None:
        self.name, self.bot = name, bot

    def choose(self, state: Any, rng: Any) -> Any:
        if br.current_player(state) < 0:
            return self.bot.choose(state, rng)
        started, ended = time.perf_counter(), getattr(self.bot, "timeouts", 0)
        move = self.bot.choose(state, rng)
        SPENT[self.name].append(time.perf_counter() - started)
        ENDED[self.name] += getattr(self.bot, "timeouts", 0) - ended
        return move

    def __repr__(self) -> str:
        return self.name


class PreviousGreedy(GreedyBot):
    """``greedy`` on the evaluation that shipped before the fitted one."""

    def __init__(self, game: str) -> None:
        super().__init__(evaluation=previous(game))

    def __repr__(self) -> str:
        return "previous greedy"


def bot(name: str, game: str) -> Timed:
    if name == "previous greedy":
        return Timed(name, PreviousGreedy(game))
    if name == "user greedy":
        return Timed(name, UserGreedy())
    return Timed(name, make_bot(name))


def speed(name: str) -> str:
    spent = SPENT[name]
    if not spent:
        return "-"
    return f"{1000 * sum(spent) / len(spent):.2f} (max {1000 * max(spent):.0f})"


def targets(game: str, per_seating: int, seed: int) -> list[list[str]]:
    opponents = ["previous greedy", "user greedy", "greedy"] if game == "parchis" else ["greedy"]
    rows = []
    for other in opponents:
        SPENT.clear()
        t = tournament(game, [bot("strong", game), bot(other, game)], games_per_pairing=per_seating,
                       seed=seed, options={"players": 2})  # fmt: skip
        score = first_bot_score(t)
        n = len(t.games)
        low, high = wilson(score, n)
        rows.append([f"strong vs {other}", str(n), f"{score / n:.1%}",
                     f"[{low:.1%}, {high:.1%}]", speed("strong"), speed(other)])  # fmt: skip
        print(" | ".join(rows[-1]), flush=True)
    return rows


def ladder(game: str, players: int, per_seating: int, seed: int) -> list[list[str]]:
    SPENT.clear()
    t = tournament(game, [bot(name, game) for name in LADDER], games_per_pairing=per_seating,
                   seed=seed, options={"players": players})  # fmt: skip
    rows = []
    for rank, e in enumerate(t.ranking, 1):
        low, high = e.rating_interval
        rows.append([str(rank), e.bot, str(e.games), f"{e.score:.3f}", f"{e.rating:+.0f}",
                     f"[{low:+.0f}, {high:+.0f}]", speed(e.bot)])  # fmt: skip
        print(" | ".join(rows[-1]), flush=True)
    return rows


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = [".. list-table::", "   :header-rows: 1", ""]
    for row in [header, *rows]:
        lines.append(f"   * - {row[0]}")
        lines.extend(f"     - {cell}" for cell in row[1:])
    return "\n".join(lines)


TARGET_HEADER = ["series (2 players)", "games", "strong's score", "95% interval",
                 "strong ms/decision", "opponent ms/decision"]  # fmt: skip
LADDER_HEADER = ["rank", "bot", "games", "score", "Elo", "95% interval", "ms/decision"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma-separated")
    parser.add_argument("--only", choices=("targets", "ladder2", "ladder4"), action="append")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--target-games", type=int, default=100, help="per seating (x2)")
    parser.add_argument("--games-per-pairing", type=int, default=10, help="2-player ladder")
    parser.add_argument("--games-per-seating", type=int, default=1, help="4-player ladder")
    parser.add_argument("--write", action="store_true", help=f"rewrite {DOCS.name}")
    parser.add_argument("--write-from", metavar="LOG", help="write the tables a run printed")
    args = parser.parse_args(argv)
    parts = args.only or ["targets", "ladder2", "ladder4"]
    command = " ".join(["python benchmarks/ladder.py", *(sys.argv[1:] if argv is None else argv)])
    if args.write_from:
        log = Path(args.write_from).read_text()
        for game, part, chunk in re.findall(
            r"^== (\w+):? (\w+)\n(.*?Made by .*?\n)", log, re.M | re.S
        ):
            starts = [chunk.find(s) for s in ("2 players:", "4 players:", ".. list-table::")]
            seed = re.search(r"--seed[ =](\d+)", chunk)  # the run's seed, from its command
            text = chunk[min(i for i in starts if i >= 0) :].strip()
            write(game, part, text, int(seed[1]) if seed else args.seed)
        return 0
    for game in args.games.split(","):
        for part in parts:
            started = time.perf_counter()
            print(f"== {game} {part}", flush=True)
            if part == "targets":
                out = [table(TARGET_HEADER, targets(game, args.target_games, args.seed))]
            else:
                players = 2 if part == "ladder2" else 4
                per = args.games_per_pairing if players == 2 else args.games_per_seating
                rows = ladder(game, players, per, args.seed)
                out = [f"{players} players:", "", table(LADDER_HEADER, rows)]
            ended = sum(ENDED.values())
            ENDED.clear()
            out += ["", f"Decisions that the clock, not the node budget, ended: {ended}.",
                    "", f"Made by ``{command}``."]  # fmt: skip
            text = "\n".join(out)
            print(text, flush=True)
            print(f"({time.perf_counter() - started:.0f} s)", flush=True)
            if args.write:
                write(game, part, text, args.seed)
    return 0


def write(game: str, part: str, text: str, seed: int = SEED) -> None:
    """Put ``text`` in the docs page as the block of ``game``'s ``part`` (its old one
    replaced).  A run with another seed than :data:`SEED` is a second block of games: it
    goes right after the block of the default seed (or, without one, at the end of the
    generated section)."""
    page = DOCS.read_text()
    name = f"{game} {part}"
    if seed != SEED:
        name += f" seed {seed}"
        text = f"The same on another block of games (seed {seed}):\n\n{text}"
    begin, end = f".. ladder.py: {name}", f".. ladder.py: {name} end"
    block = f"{begin}\n\n{text}\n\n{end}"
    pattern = f"{re.escape(begin)}\n.*?{re.escape(end)}"
    first = f".. ladder.py: {game} {part} end"
    if re.search(pattern, page, flags=re.S):
        page = re.sub(pattern, lambda _: block, page, flags=re.S)
    elif first in page:
        page = page.replace(first, f"{first}\n\n{block}", 1)
    else:
        page = page.replace(END, f"{block}\n\n{END}")
    DOCS.write_text(page)
    print(f"wrote {game} {part} into {DOCS}")


if __name__ == "__main__":
    sys.exit(main())
