"""``boardrules analyse``: every legal move of a position with its value per player.

Also the names of the players (by colour or hero) that ``analyse`` and ``play`` show,
and the text of a value: an exact fraction with its decimal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import boardrules as br
from boardrules.analysis import (
    MAX_DEPTH,
    Analysis,
    SolveError,
    TooManyStatesError,
    Value,
    best_moves,
    solve,
)
from boardrules.cli._common import UsageError, read_position

# A fraction longer than this is shown by its decimal only (with --full, in full).
_LONGEST_FRACTION = 24
# Below this many states the progress line on stderr is not worth showing.
_QUIET_BELOW = 50_000


def player_names(state: Any) -> list[str]:
    """A short name for each seat: its colour (Parchís, Dorada, Docker) or hero (Dorasure),
    as :func:`boardrules.player_names` gives it."""
    return list(br.player_names(state))


def value_text(value: Value, full: bool = False) -> str:
    """``0.5553 (216/389)``: the decimal, and the fraction when exact and short enough."""
    decimal = f"{float(value):.6f}"
    if not isinstance(value, Fraction):
        return decimal
    fraction = f"{value.numerator}/{value.denominator}" if value.denominator != 1 else None
    if fraction is None:
        return decimal
    if len(fraction) > _LONGEST_FRACTION and not full:
        return f"{decimal} (a fraction of {len(str(value.denominator))} digits)"
    return f"{decimal} ({fraction})"


def values_text(names: Sequence[str], values: Sequence[Value], full: bool = False) -> str:
    return ", ".join(f"{name} {value_text(v, full)}" for name, v in zip(names, values, strict=True))


class _Progress:
    """Shows on stderr how far a large build or solve has come, on one line.

    The counts are those of the solver: the states found while the graph is built (never
    more than ``limit``, the ``--max-states`` that the final message names too), then the
    states solved.
    """

    def __init__(self, quiet: bool, limit: int) -> None:
        self.quiet = quiet
        self.limit = limit
        self.shown = False
        self.width = 0

    def __call__(self, stage: str, count: int) -> None:
        if self.quiet or count < _QUIET_BELOW:
            return
        if stage == "build":
            line = f"building the graph: {count:,} states found (at most {self.limit:,})"
        else:
            line = f"solving: {count:,} states solved"
        self._line(line)

    def too_many(self) -> None:
        """The last line of a build that passed the limit, in the final message's words."""
        if self.shown:
            self._line(f"building the graph: more than {self.limit:,} states: searching instead")

    def _line(self, line: str) -> None:
        """``line`` in place of the one shown (padded to cover a longer one)."""
        print(f"\r{line:<{self.width}}", end="", file=sys.stderr, flush=True)
        self.width = max(self.width, len(line))
        self.shown = True

    def done(self) -> None:
        if self.shown:
            print(file=sys.stderr)
            self.shown = False
            self.width = 0


def analyse(state: Any, args: argparse.Namespace) -> Analysis:
    """Solve (or with ``--depth``, search) the position as the command line asks."""
    if args.depth is not None:
        if not 1 <= args.depth <= MAX_DEPTH:  # checked before the state is searched
            raise UsageError(f"--depth must be 1 to {MAX_DEPTH}, not {args.depth}")
        return _search(state, args.depth)
    if args.max_states < 1:
        raise UsageError(f"--max-states must be at least 1, not {args.max_states}")
    progress = _Progress(args.quiet, args.max_states)
    try:
        sol = solve(state, max_states=args.max_states, exact=True, progress=progress)
    except SolveError:
        if args.exact:
            raise
        sol = solve(state, max_states=args.max_states, exact=False, progress=progress)
    except TooManyStatesError as e:
        if args.exact:
            raise
        progress.too_many()
        progress.done()
        found = best_moves(state, max_states=1, depth=2)
        return Analysis(found.values, found.move_values, "expectimax", found.player,
                        found.concept, depth=found.depth,
                        reason=f"more than {e.limit:,} states to solve")  # fmt: skip
    finally:
        progress.done()
    return Analysis(sol.values, sol.move_values, "solve", sol.player, sol.concept, sol.exact,
                    sol.states, seats=sol.seats)  # fmt: skip


def _search(state: Any, depth: int) -> Analysis:
    found = best_moves(state, max_states=1, depth=depth)
    return Analysis(found.values, found.move_values, "expectimax", found.player, found.concept,
                    depth=found.depth, reason="as --depth asks")  # fmt: skip


def _cmd_analyse(args: argparse.Namespace) -> int:
    state = read_position(args.state, args.ply)
    names = player_names(state)
    player = br.current_player(state)
    result = analyse(state, args)
    game = br.game_of(state).name
    if player == br.TERMINAL:
        print(f"{game}: the game is over")
    elif player == br.CHANCE:
        print(f"{game}: the dice are rolled next")
    else:
        print(f"{game}: {names[player]} to move")
    print(f"method: {result.describe()}")
    print(f"value: {values_text(names, result.values, args.full)}")
    ranked = result.ranked()
    if ranked:
        heading = "outcomes" if player == br.CHANCE else "moves, best first"
        print(f"{heading}:")
        width = max(len(str(m)) for m, _ in ranked)
        for i, (move, values) in enumerate(ranked, 1):
            print(f"  {i:>3}. {move!s:<{width}}  {values_text(names, values, args.full)}")
    return 0


def add_analyse(sub: Any) -> None:
    """The ``analyse`` command's arguments."""
    p = sub.add_parser(
        "analyse",
        aliases=["analyze"],
        help="every legal move of a position with its exact value per player",
    )
    p.add_argument(
        "state",
        metavar="FILE",
        help="a state document (boardrules.to_json, replay --state) or a game record "
        "(play --record)",
    )
    p.add_argument(
        "--ply",
        type=int,
        metavar="N",
        help="for a record: the position after its first N moves (default, or -1: the last)",
    )
    p.add_argument(
        "--depth",
        type=int,
        metavar="D",
        help=f"search D decisions deep (1 to {MAX_DEPTH}) with the game's evaluation instead "
        "of solving",
    )
    p.add_argument(
        "--exact",
        action="store_true",
        help="insist on exact fractions: fail rather than fall back to floats or a search",
    )
    p.add_argument(
        "--max-states",
        type=int,
        default=1_000_000,
        metavar="N",
        help="solve only if the position reaches at most N states (1000000)",
    )
    p.add_argument("--full", action="store_true", help="print long fractions in full")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(run=_cmd_analyse, parser=p)
