"""Analysis in a budget: solve when the position is small, else estimate by rollouts.

The exact attempt is a build of the position's graph bounded by a number of states *and* a
share of the time (:data:`SOLVE_SHARE`): a position too large for the budget is known as
such after that share, not after a million states thrown away.  A graph built in time is
solved (in exact fractions when that fits the rest of the budget, else in floats).
Otherwise the moves are estimated by :mod:`~boardrules.analysis._rollout` for the time that
is left, or searched by expectimax when a ``depth`` is asked for.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any, Literal

import attrs

import boardrules as br
from boardrules._search import Evaluation, Expectimax, OutOfNodes, check_depths, search_moves
from boardrules._values import safe_repr
from boardrules.analysis._graph import (
    Graph,
    OutOfTimeError,
    Progress,
    TooManyStatesError,
    build_graph,
)
from boardrules.analysis._ranking import Value, ranked
from boardrules.analysis._rollout import STRONG_ROUNDS, QuickBot, Rollouts, StrongPolicy
from boardrules.analysis._solve import Concept, SolveError, at_stake, concept_of, solve_graph
from boardrules.bots import Bot

__all__ = ["ROLLOUTS", "SOLVE_BELOW", "SOLVE_SHARE", "Analysis", "analyse"]

#: The share of a time budget the exact attempt may spend building the graph.
SOLVE_SHARE = 0.3
#: Rollouts per move when no time budget is given.
ROLLOUTS = 200
#: A move whose position reaches at most this many states is solved (in floats) instead
#: of rolled out, when the time allows: its value is then exact, not an estimate.
SOLVE_BELOW = 3_000
# Solving in exact fractions takes up to about this many times the build (floats about a
# third of it): measured on endgames of the four games.
_EXACT_COST = 4.0
_FLOAT_COST = 0.5

Method = Literal["solve", "expectimax", "rollout"]


@attrs.frozen(eq=False)
class Analysis:
    """What :func:`~boardrules.analysis.win_probabilities` and
    :func:`~boardrules.analysis.best_moves` found, and how.

    ``method`` is ``"solve"`` when the position was solved (``states`` positions, values
    exact when ``exact``), ``"rollout"`` when each move was estimated by ``rollouts``
    Monte-Carlo rollouts (values are means, ``half`` the half-widths of their 95%
    intervals) and ``"expectimax"`` when it was searched ``depth`` decisions deep with the
    game's evaluation at the horizon (estimates without an interval).  ``values`` and
    ``move_values`` are as in :class:`~boardrules.analysis.Solution`: ``values`` is the
    position's value for each player (with rollouts, that of the best move) and
    ``move_values`` the values of each move, or of each outcome at a roll (empty when
    :func:`~boardrules.analysis.win_probabilities` estimated the position as a whole).
    ``margins`` gives for each move (rollouts only) the mover's value minus that of the
    best move, compared rollout by rollout, and the half-width of the 95% interval of that
    difference: see :meth:`told_apart`.  ``seconds`` is the time taken; ``reason`` why the
    position was not solved.  :meth:`describe` says it all in words.
    """

    values: tuple[Value, ...]
    move_values: dict[Any, tuple[Value, ...]]
    method: Method
    player: int
    concept: Concept
    exact: bool = False
    states: int | None = None
    depth: int | None = None
    reason: str = ""
    seats: tuple[int, ...] = ()
    half: dict[Any, tuple[float, ...]] = attrs.field(factory=dict)
    value_half: tuple[float, ...] = ()
    margins: dict[Any, tuple[float, float]] = attrs.field(factory=dict)
    rollouts: int | None = None
    seconds: float = 0.0
    policy: str = ""
    horizon: int | None = None
    solved_moves: int = 0
    same_as: dict[Any, Any] = attrs.field(factory=dict)

    def ranked(self) -> tuple[tuple[Any, tuple[Value, ...]], ...]:
        """``(move, values)`` pairs, best first for the player to move."""
        return ranked(self.player, self.concept, self.move_values, self.seats)

    @property
    def best_move(self) -> Any:
        """The best move found for the player to move, or ``None`` at a chance node."""
        order = self.ranked()
        return order[0][0] if order and self.player >= 0 else None

    def interval(self, move: Any, player: int) -> tuple[float, float]:
        """The 95% interval of ``player``'s value after ``move``: a single point when the
        value is exact or searched."""
        value = float(self.move_values[move][player])
        half = self.half[move][player] if move in self.half else 0.0
        return value - half, value + half

    def told_apart(self, move: Any) -> bool:
        """Whether ``move`` is told apart from the best move: always when the values are
        solved or searched (unless they are equal); with rollouts, when the 95% interval
        of the difference between the two, compared rollout by rollout, leaves out 0."""
        best = self.best_move
        if move == best:
            return False
        if move in self.margins:
            difference, half = self.margins[move]
            return abs(difference) > half
        return self.move_values[move][self.player] != self.move_values[best][self.player]

    def describe(self) -> str:
        """The method in words, e.g. ``solved exactly (10 states)``."""
        if self.method == "solve":
            how = "exactly" if self.exact else "in floating point"
            return f"solved {how} ({self.states:,} states)"
        why = f"; {self.reason}" if self.reason else ""
        if self.method == "rollout":
            solved = f" ({self.solved_moves} solved exactly)" if self.solved_moves else ""
            return (
                f"{self.rollouts:,} rollouts per move{solved} by {self.policy}, "
                f"{self.horizon} plies then the evaluation, 95% intervals{why}"
            )
        return f"expectimax {self.depth} decision(s) deep, evaluation at the horizon{why}"


@attrs.frozen
class Budget:
    """How much an analysis may spend: ``seconds`` of time (``None``: no clock, the work
    alone is bounded), ``rollouts`` per move, states to build, and how to roll out
    (``policy`` ``None``: the default, see :func:`_rollouts`)."""

    seconds: float | None
    rollouts: int | None
    max_states: int
    exact: bool
    depth: int | None
    max_nodes: int
    seed: int
    policy: Bot | None
    horizon: int
    evaluation: Evaluation
    progress: Progress | None
    solve_below: int = SOLVE_BELOW


def analyse(state: Any, budget: Budget, moves: bool) -> Analysis:
    """The analysis of ``state`` within ``budget``; ``moves``: value every move."""
    began = time.perf_counter()
    deadline = None if budget.seconds is None else began + budget.seconds
    build_by = None if budget.seconds is None else began + SOLVE_SHARE * budget.seconds
    try:
        graph = build_graph(state, budget.max_states, budget.progress, build_by)
    except OutOfTimeError as e:
        reason = f"more than {e.found:,} states found in {e.seconds:.2f} s"
    except TooManyStatesError as e:
        reason = f"more than {e.limit:,} states to solve"
    else:
        built = time.perf_counter() - began
        exact = budget.exact and (
            deadline is None or time.perf_counter() + _EXACT_COST * built < deadline
        )
        try:
            return _solved(graph, exact, budget.progress, began)
        except SolveError as e:  # max-n strategies that never settle: estimate instead
            reason = f"not solved: {e}"
    if budget.depth is not None:
        return _searched(state, budget, moves, reason, began)
    return _rolled(state, budget, moves, reason, began, deadline)


def _solved(graph: Graph, exact: bool, progress: Progress | None, began: float) -> Analysis:
    try:
        values = solve_graph(graph, exact, progress)
    except SolveError:
        if not exact:
            raise
        exact, values = False, solve_graph(graph, False, progress)
    first, end = graph.start[0], graph.start[1]
    move_values = {
        move: values[graph.target[e]]
        for move, e in zip(graph.root_moves, range(first, end), strict=True)
    }
    return Analysis(
        values[0], move_values, "solve", graph.kind[0], concept_of(graph), exact, graph.size,
        seats=at_stake(graph), seconds=time.perf_counter() - began,
    )  # fmt: skip


def _concept(state: Any) -> Concept:
    """The solution concept of a position not solved, from its game alone."""
    if br.game_of(state).name == "dorasure":  # the heroes share every return
        return "cooperative"
    return "max-n" if br.num_players(state) > 2 else "zero-sum"


def _searched(state: Any, budget: Budget, moves: bool, reason: str, began: float) -> Analysis:
    """The expectimax search of the position (``depth`` asked for)."""
    depth, _ = check_depths(budget.depth)
    player, concept = br.current_player(state), _concept(state)
    if not moves:
        for level in range(depth, -1, -1):
            try:
                value = Expectimax(max_nodes=budget.max_nodes).value(state, level)
            except OutOfNodes:
                continue
            return Analysis(tuple(value), {}, "expectimax", player, concept, depth=level,
                            reason=reason, seconds=time.perf_counter() - began)  # fmt: skip
    used, found = search_moves(state, depth, max_nodes=budget.max_nodes)
    values = [tuple(v) for v in found]
    listed, total = _children_values(state, values)
    return Analysis(total, dict(zip(listed, values, strict=True)), "expectimax", player,
                    concept, depth=used, reason=reason,
                    seconds=time.perf_counter() - began)  # fmt: skip


def _children_values(state: Any, values: list[tuple[float, ...]]) -> tuple[tuple[Any, ...], Any]:
    """The moves (or outcomes) of ``state`` and the position's value from theirs."""
    player = br.current_player(state)
    if player == br.CHANCE:
        outcomes = br.chance_outcomes(state)
        mixed = [
            math.fsum(float(p) * v[i] for (_, p), v in zip(outcomes, values, strict=True))
            for i in range(br.num_players(state))
        ]
        return tuple(m for m, _ in outcomes), tuple(mixed)
    return br.legal_moves(state), max(values, key=lambda v: v[player])


def _rolled(
    state: Any,
    budget: Budget,
    moves: bool,
    reason: str,
    began: float,
    deadline: float | None,
) -> Analysis:
    """The rollout estimate of every move (or of the position, without ``moves``)."""
    player, players = br.current_player(state), br.num_players(state)
    if player == br.TERMINAL:
        return Analysis(tuple(br.returns(state)), {}, "solve", player, _concept(state), True, 1)
    if not moves:
        listed: tuple[Any, ...] = ()
        starts = [state]
    elif player == br.CHANCE:
        listed = tuple(m for m, _ in br.chance_outcomes(state))
        starts = [br.apply_move(state, m) for m in listed]
    else:
        listed = br.legal_moves(state)
        starts = [br.apply_move(state, m) for m in listed]
    solved = _solved_starts(starts, budget.solve_below, deadline, began) if moves else {}
    report = None if budget.progress is None else _ticker(budget.progress)
    rollouts = _rollouts(starts, players, budget, solved, deadline, report)
    rounds = budget.rollouts
    if rounds is None and deadline is None:
        rounds = ROLLOUTS
    rollouts.run(rounds, deadline, least=0 if deadline else 2, progress=report)
    if rollouts.rounds < 2:  # the time did not allow an interval: one decision deep
        why = f"{reason}; no time for two rollouts per move" if reason else reason
        return _searched(state, attrs.evolve(budget, depth=1), moves, why, began)
    estimates = [rollouts.estimate(i) for i in range(len(starts))]
    # Each mover is ranked by its own estimate (a shared Dorada win pays both players:
    # two seats are not always zero-sum).
    concept: Concept = "cooperative" if _concept(state) == "cooperative" else "max-n"
    found = Analysis(
        estimates[0].values, {}, "rollout", player, concept, reason=reason,
        value_half=estimates[0].half, rollouts=rollouts.rounds, policy=repr(rollouts.policy),
        horizon=budget.horizon, solved_moves=len(solved) if moves else 0,
    )  # fmt: skip
    if moves:
        found = _move_estimates(found, state, listed, rollouts)
    return attrs.evolve(found, seconds=time.perf_counter() - began)


def _rollouts(
    starts: list[Any],
    players: int,
    budget: Budget,
    solved: dict[int, Any],
    deadline: float | None,
    progress: Callable[[int], None] | None,
) -> Rollouts:
    """The rollouts of ``starts`` by the budget's policy.  By default: in a time budget,
    :class:`StrongPolicy` if its first round ends within :data:`STRONG_ROUNDS`-th of the
    time left (that round is kept, and told to ``progress``), else :class:`QuickBot` (the
    strong round is dropped); without a clock, :class:`QuickBot`."""

    def by(policy: Bot) -> Rollouts:
        return Rollouts(starts, players, policy, budget.evaluation, budget.horizon,
                        budget.seed, known=solved)  # fmt: skip

    if budget.policy is not None:
        return by(budget.policy)
    if deadline is None:
        return by(QuickBot())
    trial = by(StrongPolicy())
    now = time.perf_counter()
    if trial.round(now + (deadline - now) / STRONG_ROUNDS):
        if progress is not None:
            progress(trial.rounds)
        return trial
    return by(QuickBot())


def _solved_starts(
    starts: list[Any], limit: int, deadline: float | None, began: float
) -> dict[int, Any]:
    """The values of the starts small enough to solve (at most ``limit`` states, each
    built within a twentieth of the time left, all within a quarter of it), by index."""
    known: dict[int, Any] = {}
    for index, start in enumerate(starts):
        now = time.perf_counter()
        if deadline is not None and now > began + 0.25 * (deadline - began):
            break
        by = None if deadline is None else now + 0.05 * (deadline - now)
        try:
            graph = build_graph(start, limit, None, by)
        except TooManyStatesError:
            continue
        known[index] = tuple(float(v) for v in solve_graph(graph, False)[0])
    return known


def _ticker(report: Progress) -> Callable[[int], None]:
    return lambda done: report("rollout", done)


def _move_estimates(
    found: Analysis, state: Any, listed: tuple[Any, ...], rollouts: Rollouts
) -> Analysis:
    """``found`` with the estimate of every move (or outcome) and the position's value
    from them: the best move's at a decision, the mix of the outcomes at a roll."""
    player, players = found.player, rollouts.players
    estimates = [rollouts.estimate(i) for i in range(len(listed))]
    move_values: dict[Any, tuple[Value, ...]] = {
        m: e.values for m, e in zip(listed, estimates, strict=True)
    }
    half = {m: e.half for m, e in zip(listed, estimates, strict=True)}
    if player == br.CHANCE:
        weights = [float(p) for _, p in br.chance_outcomes(state)]
        pairs = [rollouts.mixture(weights, i) for i in range(players)]
        return attrs.evolve(
            found, values=tuple(m for m, _ in pairs), value_half=tuple(h for _, h in pairs),
            move_values=move_values, half=half,
        )  # fmt: skip
    best = max(range(len(listed)), key=lambda i: estimates[i].values[player])
    margins = {m: rollouts.difference(i, best, player) for i, m in enumerate(listed)}
    return attrs.evolve(
        found, values=estimates[best].values, value_half=estimates[best].half,
        move_values=move_values, half=half, margins=margins,
        same_as=_same_plays(listed, rollouts),
    )  # fmt: skip


def _same_plays(listed: tuple[Any, ...], rollouts: Rollouts) -> dict[Any, Any]:
    """Each move whose rollouts all gave the results of an earlier move's, mapped to the
    first such move."""
    first: dict[tuple[tuple[float, ...], ...], Any] = {}
    same: dict[Any, Any] = {}
    for move, columns in zip(listed, rollouts.results, strict=True):
        key = tuple(tuple(column) for column in columns)
        if key in first:
            same[move] = first[key]
        else:
            first[key] = move
    return same


def make_budget(
    seconds: float | None,
    rollouts: int | None,
    max_states: int,
    exact: bool,
    depth: int | None,
    max_nodes: int,
    seed: int,
    policy: Bot | None,
    horizon: int,
    evaluation: Evaluation | None,
    progress: Progress | None,
    solve_below: int = SOLVE_BELOW,
) -> Budget:
    """The budget of an analysis, its arguments checked before any work."""
    clock = None if seconds is None else _seconds(seconds)
    for name, value, least in (("rollouts", rollouts, 2), ("max_states", max_states, 1),
                               ("horizon", horizon, 0), ("max_nodes", max_nodes, 1)):  # fmt: skip
        if value is not None and (type(value) is not int or value < least):
            raise br.InvalidOptionError(
                f"{name} must be a whole number >= {least}, not {safe_repr(value)}"
            )
    if type(seed) is not int:
        raise br.InvalidOptionError(f"seed must be a whole number, not {safe_repr(seed)}")
    check_callers(exact, policy, evaluation, progress)
    if depth is not None:
        depth, _ = check_depths(depth)
    return Budget(
        clock, rollouts, max_states, exact, depth,
        max_nodes, seed, policy, horizon,
        br.evaluate if evaluation is None else evaluation, progress, solve_below,
    )  # fmt: skip


def _seconds(seconds: object) -> float:
    """``seconds`` as a float: a finite number above 0 (an endless budget never ends)."""
    try:
        value = float(seconds) if isinstance(seconds, (int, float)) else math.nan
    except OverflowError:  # a whole number past the largest float
        value = math.inf
    if isinstance(seconds, bool) or not 0 < value < math.inf:
        raise br.InvalidOptionError(
            f"seconds must be a finite number > 0 (or None), not {safe_repr(seconds)}"
        )
    return value


def check_callers(exact: object, policy: object, evaluation: object, progress: object) -> None:
    """The arguments that are no numbers, checked before any work (a bot that is no bot
    would fail only once rollouts begin, ``exact="no"`` would be read as true)."""
    if not isinstance(exact, bool):
        raise br.InvalidOptionError(f"exact must be True or False, not {safe_repr(exact)}")
    if policy is not None and not isinstance(policy, Bot):
        raise br.InvalidOptionError(
            f"policy must be a bot (an object with choose()) or None, not {safe_repr(policy)}"
        )
    for name, value in (("evaluation", evaluation), ("progress", progress)):
        if value is not None and not callable(value):
            raise br.InvalidOptionError(
                f"{name} must be a function or None, not {safe_repr(value)}"
            )
