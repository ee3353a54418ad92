"""``boardrules analyse``: every legal move of a position with its value per player.

Also the names of the players (by colour or hero) that ``analyse`` and ``play`` show,
and the text of a value: an exact fraction with its decimal.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import attrs

import boardrules as br
from boardrules.analysis import (
    MAX_DEPTH,
    Analysis,
    QuickBot,
    StrongPolicy,
    Value,
    best_moves,
    solve,
)
from boardrules.bots import Bot
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


def values_text(
    names: Sequence[str],
    values: Sequence[Value],
    full: bool = False,
    half: Sequence[float] = (),
) -> str:
    """Each player's value, with the half-width of its 95% interval when ``half`` gives
    them (``yellow 0.457830 ± 0.0085``)."""
    texts = [value_text(v, full) for v in values]
    if half:
        texts = [f"{t} \u00b1 {h:.4f}" for t, h in zip(texts, half, strict=True)]
    return ", ".join(f"{name} {t}" for name, t in zip(names, texts, strict=True))


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
        self.shown_at = 0.0

    def __call__(self, stage: str, count: int) -> None:
        if self.quiet:
            return
        if stage == "rollout":
            self._rollouts(count)
            return
        if count < _QUIET_BELOW:
            return
        if stage == "build":
            line = f"building the graph: {count:,} states found (at most {self.limit:,})"
        else:
            line = f"solving: {count:,} states solved"
        self._line(line)

    def _rollouts(self, count: int) -> None:
        """The rollouts played so far, at most five times a second."""
        if count == 1 and self.shown:  # the build that went before, in the final words
            self._line("building the graph: too many states: estimating by rollouts instead")
            print(file=sys.stderr)
            self.width = 0
        now = time.perf_counter()
        if now - self.shown_at >= 0.2:
            self._line(f"rollouts: {count:,} per move")
            self.shown_at = now

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
    """Analyse the position as the command line asks: in ``--seconds`` (solved when small
    enough, else estimated by rollouts), searched with ``--depth``, or solved exactly."""
    if args.depth is not None:
        if not 1 <= args.depth <= MAX_DEPTH:  # checked before the state is searched
            raise UsageError(f"--depth must be 1 to {MAX_DEPTH}, not {args.depth}")
        found = best_moves(state, seconds=None, max_states=1, depth=args.depth)
        return attrs.evolve(found, reason="as --depth asks")
    if args.max_states < 1:
        raise UsageError(f"--max-states must be at least 1, not {args.max_states}")
    if not 0 < args.seconds < math.inf:
        raise UsageError(f"--seconds must be a finite number more than 0, not {args.seconds}")
    if args.rollouts is not None and args.rollouts < 2:
        raise UsageError(f"--rollouts must be at least 2, not {args.rollouts}")
    progress = _Progress(args.quiet, args.max_states)
    try:
        if args.exact:
            return _exact(state, args.max_states, progress)
        return best_moves(state, seconds=args.seconds, seed=args.seed, rollouts=args.rollouts,
                          max_states=args.max_states, progress=progress,
                          policy=policy_named(args.policy))  # fmt: skip
    finally:
        progress.done()


def _exact(state: Any, max_states: int, progress: _Progress) -> Analysis:
    """``--exact``: solved in fractions however long it takes, or refused."""
    sol = solve(state, max_states=max_states, exact=True, progress=progress)
    return Analysis(sol.values, sol.move_values, "solve", sol.player, sol.concept, sol.exact,
                    sol.states, seats=sol.seats)  # fmt: skip


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
    print(f"value: {values_text(names, result.values, args.full, result.value_half)}")
    ranked = result.ranked()
    if ranked:
        heading = "outcomes" if player == br.CHANCE else "moves, best first"
        print(f"{heading}:")
        width = max(len(str(m)) for m, _ in ranked)
        for i, (move, values) in enumerate(ranked, 1):
            half = result.half.get(move, ())
            text = values_text(names, values, args.full, half)
            print(f"  {i:>3}. {move!s:<{width}}  {text}{_margin(result, move, i)}")
    return 0


def _margin(result: Analysis, move: Any, rank: int) -> str:
    """After the second move on: how far below the best, and whether told apart."""
    if rank == 1 or move not in result.margins:
        return ""
    difference, half = result.margins[move]
    if move in result.same_as:
        return f"  (the same play as {result.same_as[move]}: every rollout met it again)"
    if not result.told_apart(move):
        return f"  (vs best {difference:+.4f} \u00b1 {half:.4f}: not told apart)"
    return f"  (vs best {difference:+.4f} \u00b1 {half:.4f})"


#: The rollout policies by the names ``--policy`` takes (``auto``: the analysis's default).
POLICIES: dict[str, Callable[[], Bot] | None] = {
    "auto": None,
    "strong": StrongPolicy,
    "quick": QuickBot,
}


def policy_named(name: str) -> Bot | None:
    """The rollout policy ``--policy`` names (``None``: the default)."""
    make = POLICIES[name]
    return None if make is None else make()


def add_policy(p: Any) -> None:
    """The ``--policy`` argument of ``analyse`` and ``review``."""
    p.add_argument(
        "--policy",
        choices=list(POLICIES),
        default="auto",
        help="who plays the rollouts: strong (the strong bot one decision deep), quick (the "
        "evaluation's favourite move, 5-7 times cheaper) or auto (strong when 100 rounds of it "
        "fit the time, else quick; quick without a clock)",
    )


def add_analyse(sub: Any) -> None:
    """The ``analyse`` command's arguments."""
    p = sub.add_parser(
        "analyse",
        aliases=["analyze"],
        help="every legal move of a position with its value per player, in a time budget",
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
        "--seconds",
        type=float,
        default=5.0,
        metavar="S",
        help="the time budget (5): solve if the position is small enough for it, else "
        "estimate every move by rollouts, with 95%% intervals",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the rollouts (0)")
    p.add_argument(
        "--rollouts",
        type=int,
        metavar="N",
        help="at most N rollouts per move (default: as many as the time allows)",
    )
    add_policy(p)
    p.add_argument(
        "--exact",
        action="store_true",
        help="insist on exact fractions however long it takes: fail rather than fall back "
        "to floats or an estimate",
    )
    p.add_argument(
        "--max-states",
        type=int,
        default=1_000_000,
        metavar="N",
        help="solve only if the position reaches at most N states (1000000), and only if "
        "they are found within 30%% of the time",
    )
    p.add_argument("--full", action="store_true", help="print long fractions in full")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(run=_cmd_analyse, parser=p)
