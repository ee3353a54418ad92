"""Solving a reachable graph: backward induction over its components, strategy iteration
with exact linear solves inside each cycle.

The components of the graph are taken in reverse topological order, so when one is solved
every position it leads out to is already known.  A component of one position without a
loop is settled directly (a decision is its mover's best move, a roll the probability-
weighted mix of its outcomes).  A cycle is solved by strategy iteration: fix a strategy
for every decision in it, solve the linear system that the fixed strategies and the dice
give (:mod:`boardrules.analysis._linear`), improve the strategies, repeat until none
improves.  Which improvement depends on the game (see :func:`concept_of`).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Literal

import attrs

import boardrules as br
from boardrules.analysis._floats import (
    MAX_SWEEPS,
    Plan,
    guaranteed,
    leaving_choices,
    never_leave,
    predecessors,
    solve_objective,
    solve_vectors,
    traps,
)
from boardrules.analysis._graph import PROGRESS_EVERY, Graph, Progress, components
from boardrules.analysis._linear import Row, solve_system

__all__ = ["Concept", "SolveError", "at_stake", "concept_of", "solve_graph"]

#: The solution concept used for a game (see :func:`concept_of`).
Concept = Literal["cooperative", "zero-sum", "max-n"]

Vector = tuple[Any, ...]

# Float strategy iteration only switches to a move better by more than this, so that
# rounding cannot make it switch back and forth between equal moves.
_FLOAT_MARGIN = 1e-12
# Rounds of max-n strategy iteration on one cycle before it is declared unstable.
_MAX_ROUNDS = 1000
# Exact solving of one cycle: the linear systems grow with the cycle's size (and their
# fractions with its depth), so cycles larger than this are refused; cycles larger than
# _WARM_START first get their strategies from float value iteration.
_EXACT_LIMIT = 5_000
_WARM_START = 50
# Sweeps given to accelerated iteration on a cycle that play can stay in for ever, before
# falling back to plain sweeps from 0 (which need as many as the cycle takes).
_TRIAL_SWEEPS = 300
# Sweeps given to a cycle small enough for strategy iteration before that takes over.
_SMALL_SWEEPS = 20_000


class SolveError(br.BoardrulesError):
    """The graph could not be solved under its solution concept (max-n strategy iteration
    found no stable strategies)."""


def at_stake(graph: Graph) -> tuple[int, ...]:
    """The players whose values can differ from 0: those who move somewhere in the graph
    or get a return other than 0 at some ending.  The others (a Docker player already out
    of the game) are worth 0 everywhere and are left out of the solution concept."""
    movers = {k for k in set(graph.kind) if k >= 0}
    paid = {c for r in graph.payoffs for c, x in enumerate(r) if x != 0}
    return tuple(sorted(movers | paid)) or tuple(range(graph.players))


def concept_of(graph: Graph) -> Concept:
    """The solution concept for the game of ``graph``, from the returns of its endings to
    the players at stake (:func:`at_stake`).

    * ``"cooperative"`` when at every ending all of them get the same return (one player,
      or a team such as Dorasure's heroes): the team maximises its common value;
    * ``"zero-sum"`` for two whose returns always add up to the same non-negative total:
      the first (the lower seat) maximises its value and the other minimises it;
    * ``"max-n"`` otherwise: every player maximises its own value.
    """
    seats = at_stake(graph)
    payoffs = [tuple(_fraction(r[c]) for c in seats) for r in graph.payoffs]
    if all(len(set(r)) <= 1 for r in payoffs):
        return "cooperative"
    if (
        len(seats) == 2
        and len({sum(r) for r in payoffs}) == 1
        and all(v >= 0 for r in payoffs for v in r)
    ):
        return "zero-sum"
    return "max-n"


def _restricted(graph: Graph, seats: tuple[int, ...]) -> Graph:
    """The graph as a game of the players ``seats`` alone, renumbered 0, 1, ..."""
    table = bytearray(range(256))  # seats are stored as signed bytes; CHANCE, TERMINAL stay
    for k, seat in enumerate(seats):
        table[seat] = k
    kind = array("b")
    kind.frombytes(graph.kind.tobytes().translate(table))
    payoffs = tuple(tuple(r[c] for c in seats) for r in graph.payoffs)
    return attrs.evolve(graph, players=len(seats), kind=kind, payoffs=payoffs)


def _fraction(x: float) -> Fraction:
    """A return as a fraction: the simple fraction it was rounded from (1/3, not the
    nearest binary fraction), when there is one."""
    exact = Fraction(x)
    simple = exact.limit_denominator(1000)
    return simple if float(simple) == x else exact


class _Solver:
    """The values of every node of one graph, in one arithmetic."""

    def __init__(self, graph: Graph, exact: bool, progress: Progress | None) -> None:
        self.graph = graph
        self.exact = exact
        self.progress = progress
        convert: Callable[[Any], Any] = _fraction if exact else float
        self.zero: Any = Fraction(0) if exact else 0.0
        self.one: Any = Fraction(1) if exact else 1.0
        self.margin: Any = 0 if exact else _FLOAT_MARGIN
        self.probs: list[Any] = [Fraction(p) if exact else float(p) for p in graph.probabilities]
        self.payoffs: list[Vector] = [tuple(map(convert, r)) for r in graph.payoffs]
        self.concept = concept_of(graph)
        every = [float(x) for r in self.payoffs for x in r] or [0.0]  # no ending: all 0
        #: The range of every value (endless play is worth 0).
        self.bounds = (min(0.0, *every), max(0.0, *every))
        self.values: list[Vector | None] = [None] * graph.size
        self.null: Vector = (self.zero,) * graph.players
        self.done = 0

    # --- the mover's point of view -------------------------------------------------------

    def score(self, player: int, vector: Vector) -> Any:
        """What ``player`` maximises: its own value, or in a zero-sum game player 0's
        value for player 0 and its negation for player 1."""
        if self.concept == "zero-sum":
            return vector[0] if player == 0 else -vector[0]
        return vector[player]

    def best_edge(self, node: int, value: Callable[[int], Vector]) -> int:
        """The first edge of ``node`` of the highest score for its mover."""
        g = self.graph
        player = g.kind[node]
        best, best_score = g.start[node], None
        for e in range(g.start[node], g.start[node + 1]):
            s = self.score(player, value(g.target[e]))
            if best_score is None or s > best_score:
                best, best_score = e, s
        return best

    # --- positions outside cycles ----------------------------------------------------------

    def settle(self, node: int) -> None:
        """The value of a node whose successors are all known."""
        g, values = self.graph, self.values
        kind = g.kind[node]
        if kind == br.TERMINAL:
            values[node] = self.payoffs[g.payoff[node]]
        elif kind == br.CHANCE:
            values[node] = self.mix(node, values.__getitem__)
        else:
            values[node] = values[g.target[self.best_edge(node, self.known)]]

    def known(self, node: int) -> Vector:
        """The value of a node already solved."""
        v = self.values[node]
        assert v is not None
        return v

    def mix(self, node: int, value: Callable[[int], Vector | None]) -> Vector:
        """The probability-weighted value of the outcomes of the chance node ``node``."""
        g, probs = self.graph, self.probs
        total = list(self.null)
        for e in range(g.start[node], g.start[node + 1]):
            p = probs[g.prob[e]]
            v = value(g.target[e])
            assert v is not None
            for i, x in enumerate(v):
                total[i] += p * x
        return tuple(total)

    # --- the whole graph -------------------------------------------------------------------

    def run(self) -> None:
        g = self.graph
        found = components(g)
        if self.exact:  # refuse at once, before any exact work, a cycle too large for it
            largest = max(map(len, found), default=0)
            if largest > _EXACT_LIMIT:
                raise SolveError(
                    f"a cycle of {largest:,} positions (play that can come back to where it "
                    f"was, such as captures) is more than the {_EXACT_LIMIT:,} that are "
                    "solved exactly; solve with exact=False"
                )
        for component in found:
            if len(component) == 1 and not self._loops(component[0]):
                self.settle(component[0])
            else:
                _Cycle(self, component).solve()
            self._tick(len(component))

    def _loops(self, node: int) -> bool:
        g = self.graph
        return any(g.target[e] == node for e in range(g.start[node], g.start[node + 1]))

    def _tick(self, solved: int) -> None:
        before = self.done
        self.done += solved
        if self.progress is not None and before // PROGRESS_EVERY != self.done // PROGRESS_EVERY:
            self.progress("solve", self.done)


class _Cycle:
    """One strongly connected component with a cycle, solved by strategy iteration.

    ``policy`` maps each decision node of the component to the edge its mover plays.
    """

    def __init__(self, solver: _Solver, members: list[int]) -> None:
        self.solver = solver
        self.graph = solver.graph
        self.members = members
        self.inside = set(members)
        g = self.graph
        self.deciders = [x for x in members if g.kind[x] >= 0]
        self.policy: dict[int, int] = {x: g.start[x] for x in self.deciders}
        self.current: dict[int, Vector] = {}

    def value(self, node: int) -> Vector:
        known = self.current.get(node)
        if known is not None:
            return known
        v = self.solver.values[node]
        assert v is not None, "a successor outside the cycle is solved first"
        return v

    def solve(self) -> None:
        """Values for every member: value iteration in floats; in exact arithmetic strategy
        iteration, started from the strategies that float value iteration finds."""
        solver = self.solver
        if not solver.exact:
            small = len(self.members) <= _EXACT_LIMIT
            try:
                self._value_iteration(_SMALL_SWEEPS if small else MAX_SWEEPS)
            except SolveError:
                if not small:
                    raise
                # Play leaves this cycle so rarely that sweeps crawl: strategy iteration
                # with linear solves, in floats, from every decision's first move.
                self.policy = {x: self.graph.start[x] for x in self.deciders}
                self._strategy_iteration()
        else:
            if len(self.members) > _WARM_START:
                self._value_iteration()  # which also sets the strategies it implies
            self._strategy_iteration()
        for x in self.members:
            solver.values[x] = self.current[x]

    def _strategy_iteration(self) -> None:
        solver = self.solver
        if solver.concept == "zero-sum":
            self._hoffman_karp()
        else:
            self._iterate(set(range(self.graph.players)), limit=solver.concept == "max-n")

    def _value_iteration(self, limit: int = MAX_SWEEPS) -> None:
        """Float value iteration from 0 until settled (:mod:`._floats`), in at most
        ``limit`` sweeps (else :class:`SolveError`); then ``current`` holds every member's
        value vector and ``policy`` the strategies it implies."""
        solver, g = self.solver, self.graph
        self.members = self._finishing_order()
        local = {x: i for i, x in enumerate(self.members)}
        slots: dict[int, int] = {}  # outside node -> its slot, after the members'
        plans = [self._plan(x, local, slots) for x in self.members]
        size = len(self.members)
        outside = [self.value(y) for y in slots]
        columns = [[0.0] * size + [float(v[c]) for v in outside] for c in range(g.players)]
        preds = predecessors(plans)
        if solver.concept == "max-n":
            settled = solve_vectors(plans, columns, solver.bounds, limit)
        else:
            sign = [1, -1] if solver.concept == "zero-sum" else [1] * g.players
            endless = traps(plans, preds)
            settled = self._objective(plans, preds, columns[0], sign, endless, limit)
        if not settled:
            raise SolveError(
                f"value iteration on a cycle of {size:,} positions did not settle in "
                f"{limit:,} sweeps"
            )
        if solver.concept == "cooperative":
            for column in columns[1:]:
                column[:size] = columns[0][:size]
        self._take(columns)
        if solver.concept == "max-n":
            for x in self.deciders:
                self.policy[x] = solver.best_edge(x, self.value)
            return
        scale = max(1.0, -solver.bounds[0], solver.bounds[1])
        chosen = leaving_choices(plans, preds, columns[0], sign, _FLOAT_MARGIN * scale)
        for x, k in zip(self.members, chosen, strict=True):
            if k >= 0:
                self.policy[x] = g.start[x] + k
        if solver.concept == "zero-sum":
            self._second_player(plans, columns)

    def _objective(
        self,
        plans: list[Plan],
        preds: list[list[int]],
        v: list[float],
        sign: list[int],
        endless: bool,
        limit: int,
    ) -> bool:
        """Player 0's values (the team's in a cooperative game), by accelerated sweeps.
        Where strategies can keep play in the cycle for ever, the accelerated fixed point
        is kept only if player 0 can make sure of it (:func:`guaranteed`, which proves it
        the least); otherwise plain sweeps from 0 find the least fixed point."""
        bounds, size = self.solver.bounds, len(plans)
        if not endless:
            return solve_objective(plans, v, 0, sign, True, bounds, limit)
        if solve_objective(plans, v, 0, sign, True, bounds, _TRIAL_SWEEPS) and guaranteed(
            plans, preds, v, sign
        ):
            return True
        v[:size] = [0.0] * size
        return solve_objective(plans, v, 0, sign, False, bounds, limit)

    def _second_player(self, plans: list[Plan], columns: list[list[float]]) -> None:
        """Player 1's own value under the strategies found.  When they leave the cycle
        for certain and every way out shares out the same total, it is that total less
        player 0's value.  Otherwise the members from which they never leave are worth 0,
        and the rest (a linear system with one solution) is found by accelerated sweeps."""
        g, size = self.graph, len(self.members)
        chosen = [
            plan.moves[self.policy[x] - g.start[x]] if plan.player >= 0 else -1
            for x, plan in zip(self.members, plans, strict=True)
        ]
        stuck = never_leave(plans, chosen)
        total = self._exit_total()
        if not stuck and total is not None:
            columns[1][:size] = [total - a for a in columns[0][:size]]
        else:
            fixed = [
                Plan.decision(plan.player, [j]) if plan.player >= 0 else plan
                for plan, j in zip(plans, chosen, strict=True)
            ]
            for i in stuck:
                fixed[i] = Plan.chance(i, [], [], g.players)  # worth 0
            if not solve_objective(fixed, columns[1], 1, [1, 1], True, self.solver.bounds):
                raise SolveError(f"a cycle of {size:,} positions did not settle")
        self._take(columns)

    def _exit_total(self) -> float | None:
        """The total of the returns at every position a member leads out to, when it is
        the same everywhere (the game's constant sum), else ``None``."""
        g, inside, values = self.graph, self.inside, self.solver.values
        totals = {
            float(sum(v))
            for x in self.members
            for y in g.target[g.start[x] : g.start[x + 1]]
            if y not in inside and (v := values[y]) is not None
        }
        if not totals:
            return None
        low, high = min(totals), max(totals)
        return low if high - low <= 1e-12 else None

    def _finishing_order(self) -> list[int]:
        """The members in the order a depth-first search inside the cycle finishes them:
        a position after the positions it leads to, except along the edges that close the
        cycle, so that one sweep carries values back from the exits."""
        g, inside = self.graph, self.inside
        seen: set[int] = set()
        order: list[int] = []
        for root in self.members:
            if root in seen:
                continue
            seen.add(root)
            work = [(root, g.start[root])]
            while work:
                node, edge = work[-1]
                if edge == g.start[node + 1]:
                    work.pop()
                    order.append(node)
                    continue
                work[-1] = (node, edge + 1)
                child = g.target[edge]
                if child in inside and child not in seen:
                    seen.add(child)
                    work.append((child, g.start[child]))
        return order

    def _take(self, columns: list[list[float]]) -> None:
        self.current = {
            x: tuple(column[i] for column in columns) for i, x in enumerate(self.members)
        }

    def _plan(self, x: int, local: dict[int, int], slots: dict[int, int]) -> Plan:
        solver, g = self.solver, self.graph
        edges = range(g.start[x], g.start[x + 1])
        if g.kind[x] >= 0:
            moves = []
            for e in edges:
                y = g.target[e]
                j = local.get(y)
                if j is None:
                    j = slots.setdefault(y, len(local) + len(slots))
                moves.append(j)
            return Plan.decision(g.kind[x], moves)
        inner: list[tuple[float, int]] = []
        outer: list[tuple[float, Sequence[float]]] = []
        for e in edges:
            p, y = float(solver.probs[g.prob[e]]), g.target[e]
            if y in local:
                inner.append((p, local[y]))
            else:
                outer.append((p, [float(v) for v in self.value(y)]))
        return Plan.chance(local[x], inner, outer, g.players)

    # --- strategy iteration ------------------------------------------------------------

    def _iterate(self, players: set[int], limit: bool, keep: frozenset[int] = frozenset()) -> None:
        """Evaluate, improve ``players``' strategies (except at ``keep``), until stable."""
        seen: set[tuple[int, ...]] = set()
        while True:
            self.evaluate()
            if not self.improve(players, keep):
                return
            if limit:
                key = tuple(self.policy[x] for x in self.deciders)
                if key in seen or len(seen) > _MAX_ROUNDS:
                    raise SolveError(
                        "max-n strategy iteration found no stable strategies on a cycle of "
                        f"{len(self.members)} positions (the players keep changing their "
                        "moves); solve with fewer players or a simpler position"
                    )
                seen.add(key)

    def improve(self, players: set[int], keep: frozenset[int] = frozenset()) -> bool:
        """Switch each decision of ``players`` to its best move where that is strictly
        better than the move played now; whether any switched."""
        solver, g = self.solver, self.graph
        changed = False
        for x in self.deciders:
            player = g.kind[x]
            if player not in players or x in keep:
                continue
            now = solver.score(player, self.value(g.target[self.policy[x]]))
            best = solver.best_edge(x, self.value)
            if solver.score(player, self.value(g.target[best])) > now + solver.margin:
                self.policy[x] = best
                changed = True
        return changed

    def _hoffman_karp(self) -> None:
        """Two-player zero-sum: player 1 answers each strategy of player 0 with a best
        reply, then player 0 improves, until player 0 cannot (Hoffman and Karp)."""
        while True:
            self._best_reply()
            if not self.improve({0}):
                return

    def _best_reply(self) -> None:
        """Player 1's best reply to player 0's fixed strategy: where player 1 can keep
        player 0 from ever scoring, it does; elsewhere strategy iteration finds the rest
        (there every strategy leaves those positions, so the values are unique)."""
        held = self._held_to_zero()
        g = self.graph
        for x in self.deciders:
            if x in held and g.kind[x] == 1:
                self.policy[x] = next(
                    e for e in range(g.start[x], g.start[x + 1])
                    if self._keeps_zero(g.target[e], held)
                )  # fmt: skip
        self._iterate({1}, limit=False, keep=frozenset(held))

    def _keeps_zero(self, node: int, held: set[int]) -> bool:
        if node in self.inside:
            return node in held
        value = self.solver.values[node]
        assert value is not None
        return bool(value[0] == 0)

    def _held_to_zero(self) -> set[int]:
        """The positions of the cycle from which player 1, against player 0's strategy,
        can keep player 0's value at 0 for ever (the largest such set)."""
        g = self.graph
        held = set(self.members)
        shrinking = True
        while shrinking:
            shrinking = False
            for x in list(held):
                edges = range(g.start[x], g.start[x + 1])
                if g.kind[x] == br.CHANCE:
                    ok = all(self._keeps_zero(g.target[e], held) for e in edges)
                elif g.kind[x] == 0:
                    ok = self._keeps_zero(g.target[self.policy[x]], held)
                else:
                    ok = any(self._keeps_zero(g.target[e], held) for e in edges)
                if not ok:
                    held.discard(x)
                    shrinking = True
        return held

    # --- evaluation of fixed strategies ------------------------------------------------

    def successors(self, node: int) -> Sequence[int]:
        g = self.graph
        if g.kind[node] >= 0:
            return (g.target[self.policy[node]],)
        return g.target[g.start[node] : g.start[node + 1]]

    def evaluate(self) -> None:
        """The value of every member under the fixed strategies (``self.current``).

        Members from which the strategies never leave the cycle are worth 0 to everyone
        (the game never ends there); the rest form an invertible linear system over the
        chance nodes, the decisions being aliases of the move they play.
        """
        solver, g = self.solver, self.graph
        escaping = self._escaping()
        self.current = {x: solver.null for x in self.members if x not in escaping}
        resolved: dict[int, int] = {}  # a decision -> the chance node or outside node it means
        rows: dict[int, Row] = {}
        for x in self.members:
            if x in escaping and g.kind[x] == br.CHANCE:
                rows[x] = self._row(x, escaping, resolved)
        solution = solve_system(rows, sorted(rows), solver.one)
        for x, v in solution.items():
            self.current[x] = tuple(v)
        for x in self.deciders:
            if x in escaping:
                self.current[x] = self.value(self._resolve(x, resolved))

    def _resolve(self, node: int, resolved: dict[int, int]) -> int:
        """Follow the strategies from ``node`` to a chance node of the cycle or a node
        outside it (it cannot go round: ``node`` leaves the cycle)."""
        g, path = self.graph, []
        while node in self.inside and g.kind[node] >= 0:
            known = resolved.get(node)
            if known is not None:
                node = known
                break
            path.append(node)
            node = g.target[self.policy[node]]
        for x in path:
            resolved[x] = node
        return node

    def _row(self, node: int, escaping: set[int], resolved: dict[int, int]) -> Row:
        solver, g = self.solver, self.graph
        coefficients: dict[int, Any] = {}
        constant = list(solver.null)
        for e in range(g.start[node], g.start[node + 1]):
            p = solver.probs[g.prob[e]]
            y = g.target[e]
            if y in self.inside and y not in escaping:
                continue  # a member that never leaves is worth 0
            y = self._resolve(y, resolved)
            if y in self.inside:
                coefficients[y] = coefficients.get(y, 0) + p
                continue
            v = solver.values[y]
            assert v is not None
            for i, x in enumerate(v):
                constant[i] += p * x
        return coefficients, constant

    def _escaping(self) -> set[int]:
        """The members from which the fixed strategies lead out of the cycle."""
        back: dict[int, list[int]] = {x: [] for x in self.members}
        frontier = []
        for x in self.members:
            for y in self.successors(x):
                if y in self.inside:
                    back[y].append(x)
                elif x not in frontier:
                    frontier.append(x)
        escaping = set(frontier)
        while frontier:
            y = frontier.pop()
            for x in back[y]:
                if x not in escaping:
                    escaping.add(x)
                    frontier.append(x)
        return escaping


def solve_graph(graph: Graph, exact: bool, progress: Progress | None = None) -> list[Vector]:
    """The value of every node of ``graph`` (node 0 first), with the concept of
    :func:`concept_of` among the players at stake (the others are worth 0 everywhere);
    raises :class:`SolveError` if max-n finds no stable strategies."""
    seats = at_stake(graph)
    if len(seats) == graph.players:
        return _solve_all(graph, exact, progress)
    values = _solve_all(_restricted(graph, seats), exact, progress)
    full = [Fraction(0) if exact else 0.0] * graph.players
    expanded = []
    for v in values:
        for k, seat in enumerate(seats):
            full[seat] = v[k]
        expanded.append(tuple(full))
    return expanded


def _solve_all(graph: Graph, exact: bool, progress: Progress | None) -> list[Vector]:
    solver = _Solver(graph, exact, progress)
    solver.run()
    values = solver.values
    assert all(v is not None for v in values)
    return values  # type: ignore[return-value]  # every entry is set by run()
