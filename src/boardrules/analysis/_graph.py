"""The reachable graph of a position, kept in flat arrays of ints once built.

Positions are told apart by state equality (states are hashable values), so a position
reached along two routes -- or again after a pass or a reroll -- is one node.  Node 0 is the
root; its edges are in the order of :func:`boardrules.legal_moves` (or of
:func:`boardrules.chance_outcomes` at a chance node), so the root's moves can be matched to
their values.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs

import boardrules as br

__all__ = [
    "Graph",
    "OutOfTimeError",
    "Progress",
    "TooManyStatesError",
    "build_graph",
    "components",
]

#: ``progress(stage, done)`` is called now and then while a graph is built (``"build"``,
#: states found so far) and solved (``"solve"``, states solved so far).
Progress = Callable[[str, int], None]

# How often (in states) the progress callback hears from a long build or solve.
PROGRESS_EVERY = 50_000
# How often (in states expanded) a build with a deadline looks at the clock.
CLOCK_EVERY = 256


class TooManyStatesError(br.BoardrulesError):
    """The position reaches more states than the limit allows.

    ``found`` is how many distinct states had been found when the limit was passed and
    ``limit`` the limit; the message says both.  It is a :class:`ValueError`.
    """

    def __init__(self, found: int, limit: int) -> None:
        super().__init__(
            f"the position reaches more than {limit:,} states ({found:,} found before "
            "stopping); raise max_states, or analyse a position closer to the end"
        )
        self.found = found
        self.limit = limit


class OutOfTimeError(TooManyStatesError):
    """The build of the position's graph did not finish by its deadline: the position
    reaches more than ``found`` states, which is the verdict (``limit`` is ``found``)."""

    def __init__(self, found: int, seconds: float) -> None:
        br.BoardrulesError.__init__(
            self,
            f"the position reaches more than {found:,} states (the build stopped after "
            f"{seconds:.2f} s)",
        )
        self.found = found
        self.limit = found
        self.seconds = seconds


@attrs.frozen(eq=False)
class Graph:
    """A position's reachable graph.

    ``kind[i]`` is :func:`boardrules.current_player` of node ``i`` (a seat,
    :data:`~boardrules.CHANCE` or :data:`~boardrules.TERMINAL`); its edges are
    ``target[start[i]:start[i + 1]]``, and at a chance node edge ``e`` has probability
    ``probabilities[prob[e]]``.  A terminal node's returns are ``payoffs[payoff[i]]``.
    ``root_moves`` are the moves (or chance outcomes) of the root, edge by edge.
    """

    players: int
    kind: array[int]
    start: array[int]
    target: array[int]
    prob: array[int]
    probabilities: tuple[Fraction, ...]
    payoff: array[int]
    payoffs: tuple[tuple[float, ...], ...]
    root_moves: tuple[Any, ...]

    @property
    def size(self) -> int:
        """The number of nodes (distinct states)."""
        return len(self.kind)

    def nbytes(self) -> int:
        """The memory taken by the arrays, in bytes."""
        arrays = (self.kind, self.start, self.target, self.prob, self.payoff)
        return sum(a.itemsize * len(a) for a in arrays)


def build_graph(
    state: Any,
    max_states: int,
    progress: Progress | None = None,
    deadline: float | None = None,
) -> Graph:
    """Every state reachable from ``state``, breadth first, as a :class:`Graph`.

    Raises :class:`TooManyStatesError` as soon as more than ``max_states`` states are found,
    and :class:`OutOfTimeError` when ``time.perf_counter()`` passes ``deadline`` first.
    """
    began = time.perf_counter()
    game = br.game_of(state)
    current, legal, outcomes, apply = (
        game.current_player,
        game.legal_moves,
        game.chance_outcomes,
        game.apply_move,
    )
    index: dict[Any, int] = {state: 0}
    queue: list[Any] = [state]
    kind, start, target, prob, payoff = (
        array("b"),
        array("q", [0]),
        array("l"),
        array("H"),
        array("l"),
    )
    prob_ids: dict[Fraction, int] = {}
    payoff_ids: dict[tuple[float, ...], int] = {}
    root_moves: tuple[Any, ...] = ()
    for i, s in enumerate(queue):  # the queue grows while it is read
        queue[i] = None  # the index keeps the state; the queue need not
        player = current(s)
        kind.append(player)
        if player == br.TERMINAL:
            payoff.append(payoff_ids.setdefault(tuple(game.returns(s)), len(payoff_ids)))
            moves: tuple[Any, ...] = ()
        elif player == br.CHANCE:
            payoff.append(-1)
            pairs = outcomes(s)
            moves = tuple(m for m, _ in pairs)
            prob.extend(prob_ids.setdefault(p, len(prob_ids)) for _, p in pairs)
        else:
            payoff.append(-1)
            moves = legal(s)
            prob.extend([0] * len(moves))
        if i == 0:
            root_moves = moves
        for move in moves:
            child = apply(s, move)
            j = index.get(child)
            if j is None:
                j = index[child] = len(queue)
                if j >= max_states:
                    raise TooManyStatesError(j + 1, max_states)
                queue.append(child)
            target.append(j)
        start.append(len(target))
        if deadline is not None and i % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
            raise OutOfTimeError(len(queue), time.perf_counter() - began)
        if progress is not None and i % PROGRESS_EVERY == 0 and i:
            # The states found (the count that max_states limits), not those expanded.
            progress("build", len(queue))
    return Graph(
        game.num_players(state), kind, start, target, prob, tuple(prob_ids), payoff,
        tuple(payoff_ids), root_moves,
    )  # fmt: skip


def components(graph: Graph) -> list[list[int]]:
    """The strongly connected components, each one after every component it leads to
    (Tarjan's algorithm, without recursion): the order a backward induction needs."""
    start, target = graph.start, graph.target
    n = graph.size
    number = array("l", [-1]) * n  # discovery order; -1: not seen yet
    low = array("l", [0]) * n
    on_stack = bytearray(n)
    stack: list[int] = []
    found: list[list[int]] = []
    counter = 0
    for root in range(n):
        if number[root] >= 0:
            continue
        number[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = 1
        work = [(root, start[root])]  # (node, next edge to look at)
        while work:
            node, edge = work[-1]
            end = start[node + 1]
            while edge < end:
                child = target[edge]
                edge += 1
                if number[child] < 0:
                    work[-1] = (node, edge)
                    number[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack[child] = 1
                    work.append((child, start[child]))
                    break
                if on_stack[child] and number[child] < low[node]:
                    low[node] = number[child]
            else:
                work.pop()
                if work and low[node] < low[work[-1][0]]:
                    low[work[-1][0]] = low[node]
                if low[node] == number[node]:
                    found.append(_pop_component(stack, on_stack, node))
    return found


def _pop_component(stack: list[int], on_stack: bytearray, node: int) -> list[int]:
    component = []
    while True:
        member = stack.pop()
        on_stack[member] = 0
        component.append(member)
        if member == node:
            return component
