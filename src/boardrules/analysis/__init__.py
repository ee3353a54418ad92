"""Exact analysis: who wins from a position, and with which move, as fractions.

Because every game of boardrules lists its dice as chance nodes with exact probabilities,
a position close enough to the end can be solved outright: :func:`solve` builds every
position reachable from it (one node per distinct state, so a pass or a reroll that comes
back to the same position closes a cycle), then works backwards from the endings, solving
each cycle exactly.  The result gives every player's value under best play, and the value
of every move.

>>> from boardrules import parchis
>>> from boardrules.analysis import solve
>>> G = ["goal"] * 3
>>> s = parchis.position({"yellow": ["L7", *G], "red": ["L7", *G]}, turn="yellow", players=2)
>>> sol = solve(s)
>>> sol.values
(Fraction(216, 389), Fraction(173, 389))
>>> sol.states, sol.concept
(24, 'zero-sum')

Each player's last piece needs exactly a 1; a 6 rolls again, but the third 6 in a row loses
the turn.  Yellow rolls first and wins 216 games in 389.

Larger positions are searched instead: :func:`win_probabilities` and :func:`best_moves`
solve when the graph is small and otherwise fall back to :func:`expectimax`, saying which
they did.  The *Exact analysis* guide explains the solution concepts.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Literal

import attrs

import boardrules as br
from boardrules._search import (
    CHANCE_DEPTH,
    MAX_CHANCE_DEPTH,
    MAX_DEPTH,
    Evaluation,
    Expectimax,
    OutOfNodes,
    check_depths,
    expectimax,
    search_moves,
)
from boardrules.analysis._graph import Progress, TooManyStatesError, build_graph
from boardrules.analysis._solve import Concept, SolveError, at_stake, concept_of, solve_graph

__all__ = [
    "CHANCE_DEPTH",
    "MAX_CHANCE_DEPTH",
    "MAX_DEPTH",
    "Analysis",
    "Concept",
    "Evaluation",
    "Expectimax",
    "OutOfNodes",
    "Progress",
    "Solution",
    "SolveError",
    "TooManyStatesError",
    "Value",
    "best_moves",
    "expectimax",
    "solve",
    "win_probabilities",
]

#: A value: a :class:`~fractions.Fraction` when solved exactly, else a float.
Value = Fraction | float


def _ranked(
    player: int,
    concept: Concept,
    move_values: Mapping[Any, tuple[Value, ...]],
    seats: tuple[int, ...] = (),
) -> tuple[tuple[Any, tuple[Value, ...]], ...]:
    """The moves best first for ``player`` (ties in the order of the legal moves); at a
    chance node the outcomes in their own order.  In a zero-sum game the second of the
    two ``seats`` at stake (players 0 and 1 when not given) minimises the first's value."""
    pairs = tuple(move_values.items())
    if player < 0:
        return pairs
    first, second = seats if len(seats) == 2 else (0, 1)
    if concept == "zero-sum" and player == second:
        return tuple(sorted(pairs, key=lambda mv: mv[1][first]))
    return tuple(sorted(pairs, key=lambda mv: -mv[1][player]))


@attrs.frozen(eq=False)
class Solution:
    """The solved position: the value for every player under best play and the value of
    every move.

    ``values`` has one entry per player: the probability of winning (more generally the
    expected return) when everyone plays as the solution concept ``concept`` says (see
    :func:`solve`).  ``move_values`` maps each legal move at a decision node -- or each
    outcome at a chance node -- to the values of the position it leads to, in the order of
    :func:`boardrules.legal_moves`.  ``player`` is :func:`boardrules.current_player` of the
    position, ``states`` the number of distinct positions solved and ``exact`` whether the
    values are :class:`~fractions.Fraction` (else floats).  ``seats`` are the players at
    stake, whose values can differ from 0: all of them, except players already out of the
    game, who never move and score 0 (a Docker player whose pieces are all captured).
    """

    values: tuple[Value, ...]
    move_values: dict[Any, tuple[Value, ...]]
    states: int
    exact: bool
    player: int
    concept: Concept
    seats: tuple[int, ...] = ()

    def ranked(self) -> tuple[tuple[Any, tuple[Value, ...]], ...]:
        """``(move, values)`` pairs, the best move for the player to move first (equal
        moves in the order of the legal moves); at a chance node the outcomes in order."""
        return _ranked(self.player, self.concept, self.move_values, self.seats)

    @property
    def best_move(self) -> Any:
        """The best move for the player to move (the first of :meth:`ranked`), or ``None``
        at a chance node or at the end."""
        ranked = self.ranked()
        return ranked[0][0] if ranked and self.player >= 0 else None


def solve(
    state: Any,
    *,
    max_states: int = 1_000_000,
    exact: bool = True,
    progress: Progress | None = None,
) -> Solution:
    """Solve ``state``: the value of the game for every player, and of every move.

    Every position reachable from ``state`` is built (more than ``max_states`` raise
    :class:`TooManyStatesError`, a :class:`ValueError` that says how many were found), then
    solved backwards from the endings.  Positions that come back (a pass, a reroll) form
    cycles; each is solved by strategy iteration with exact linear solves, so with
    ``exact=True`` the values are exact :class:`~fractions.Fraction`; ``exact=False`` does
    the same in floats, much faster.  A game that could go on for ever from some position
    is worth 0 to everyone there (the returns of an unfinished game).

    The solution concept follows from the game's returns (``Solution.concept``) to the
    players at stake (``Solution.seats``: a player out of the game, who never moves and
    scores 0 everywhere, is left aside and worth 0):

    * **cooperative** (all players always share the return, as Dorasure's heroes do, or a
      single player): the team maximises its chance of winning -- an optimal strategy;
    * **zero-sum** (two players whose returns add up to the same total at every ending):
      the first of them maximises its value and the other minimises it; the value is
      unique;
    * **max-n** (three or four players, or any other game): every player maximises its
      own value, and a player with several best moves takes the first in the order of
      :func:`boardrules.legal_moves` -- on a cycle the strategy iteration keeps a move
      until another is strictly better.  This is one equilibrium among possibly several:
      another tie rule can give other values.  If the players' strategies never settle on
      a cycle, :class:`SolveError` is raised.

    ``progress(stage, count)``, if given, hears now and then how many states have been
    built (``"build"``) and solved (``"solve"``).

    >>> from boardrules import parchis
    >>> from boardrules.analysis import solve
    >>> G = ["goal", "goal"]
    >>> s = parchis.position({"yellow": ["L2", "L5", *G], "red": ["L6", *G, "goal"]},
    ...                      turn="yellow", roll=2, players=2)
    >>> sol = solve(s)
    >>> [(str(move), round(float(v[0]), 4)) for move, v in sol.ranked()]
    [('L2+2', 0.2728), ('L5+2', 0.2149)]
    >>> str(sol.best_move)
    'L2+2'
    """
    if type(max_states) is not int or max_states < 1:
        raise br.InvalidOptionError(f"max_states must be a whole number >= 1, not {max_states!r}")
    graph = build_graph(state, max_states, progress)
    values = solve_graph(graph, exact, progress)
    start, end = graph.start[0], graph.start[1]
    move_values = {
        move: values[graph.target[e]]
        for move, e in zip(graph.root_moves, range(start, end), strict=True)
    }
    return Solution(
        values[0], move_values, graph.size, exact, graph.kind[0], concept_of(graph),
        at_stake(graph),
    )  # fmt: skip


@attrs.frozen(eq=False)
class Analysis:
    """What :func:`win_probabilities` and :func:`best_moves` found, and how.

    ``method`` is ``"solve"`` when the position was solved (``states`` positions, values
    exact when ``exact``) and ``"expectimax"`` when it was searched ``depth`` decisions
    deep with the game's evaluation at the horizon (values are then estimates).
    ``values`` and ``move_values`` are as in :class:`Solution` (``move_values`` is empty
    when :func:`win_probabilities` searched).  :meth:`describe` says it in words.
    """

    values: tuple[Value, ...]
    move_values: dict[Any, tuple[Value, ...]]
    method: Literal["solve", "expectimax"]
    player: int
    concept: Concept
    exact: bool = False
    states: int | None = None
    depth: int | None = None
    reason: str = ""
    seats: tuple[int, ...] = ()

    def ranked(self) -> tuple[tuple[Any, tuple[Value, ...]], ...]:
        """``(move, values)`` pairs, best first for the player to move."""
        return _ranked(self.player, self.concept, self.move_values, self.seats)

    @property
    def best_move(self) -> Any:
        """The best move found for the player to move, or ``None`` at a chance node."""
        ranked = self.ranked()
        return ranked[0][0] if ranked and self.player >= 0 else None

    def describe(self) -> str:
        """The method in words, e.g. ``solved exactly (10 states)``."""
        if self.method == "solve":
            how = "exactly" if self.exact else "in floating point"
            return f"solved {how} ({self.states:,} states)"
        why = f"; {self.reason}" if self.reason else ""
        return f"expectimax {self.depth} decision(s) deep, evaluation at the horizon{why}"


def _analyse(
    state: Any, max_states: int, depth: int, exact: bool, max_nodes: int, moves: bool
) -> Analysis:
    depth, _ = check_depths(depth)  # before the solver's work, not after it
    try:
        sol = solve(state, max_states=max_states, exact=exact)
    except TooManyStatesError as e:
        reason = f"more than {e.limit:,} states to solve"
    else:
        return Analysis(
            sol.values, sol.move_values, "solve", sol.player, sol.concept, sol.exact,
            sol.states, seats=sol.seats,
        )  # fmt: skip
    player = br.current_player(state)
    concept: Concept = "max-n" if br.num_players(state) > 2 else "zero-sum"
    if player == br.TERMINAL:
        return Analysis(tuple(br.returns(state)), {}, "expectimax", player, concept, depth=0)
    if not moves:
        for level in range(depth, -1, -1):
            try:
                value = Expectimax(max_nodes=max_nodes).value(state, level)
            except OutOfNodes:
                continue
            return Analysis(tuple(value), {}, "expectimax", player, concept, depth=level,
                            reason=reason)  # fmt: skip
    used, found = search_moves(state, depth, max_nodes=max_nodes)
    values = [tuple(v) for v in found]
    total: tuple[Value, ...]
    if player == br.CHANCE:
        outcomes = br.chance_outcomes(state)
        listed = tuple(m for m, _ in outcomes)
        mixed = [sum(float(p) * v[i] for (_, p), v in zip(outcomes, values, strict=True))
                 for i in range(br.num_players(state))]  # fmt: skip
        total = tuple(mixed)
    else:
        listed = br.legal_moves(state)
        total = max(values, key=lambda v: v[player])
    move_values: dict[Any, tuple[Value, ...]] = dict(zip(listed, values, strict=True))
    return Analysis(total, move_values, "expectimax", player, concept, depth=used,
                    reason=reason)  # fmt: skip


def win_probabilities(
    state: Any,
    *,
    max_states: int = 100_000,
    depth: int = 2,
    exact: bool = True,
    max_nodes: int = 200_000,
) -> Analysis:
    """Each player's chance of winning from ``state``: solved (as :func:`solve`) when the
    position reaches at most ``max_states`` states, else estimated by :func:`expectimax`
    ``depth`` decisions deep (shallower if that needs more than ``max_nodes`` positions;
    ``depth`` is at most :data:`MAX_DEPTH`).  The result says which (its ``method``).

    >>> from boardrules import parchis
    >>> from boardrules.analysis import win_probabilities
    >>> G = ["goal"] * 3
    >>> s = parchis.position({"yellow": ["L7", *G], "red": ["L7", *G]}, turn="yellow",
    ...                      players=2)
    >>> a = win_probabilities(s)
    >>> a.values, a.method
    ((Fraction(216, 389), Fraction(173, 389)), 'solve')
    >>> a = win_probabilities(s, max_states=10, depth=2)
    >>> a.describe()
    'expectimax 2 decision(s) deep, evaluation at the horizon; more than 10 states to solve'
    >>> [round(v, 4) for v in a.values]
    [0.5417, 0.4583]
    """
    return _analyse(state, max_states, depth, exact, max_nodes, moves=False)


def best_moves(
    state: Any,
    *,
    max_states: int = 100_000,
    depth: int = 2,
    exact: bool = True,
    max_nodes: int = 200_000,
) -> Analysis:
    """The moves of ``state`` with their values, best first in :meth:`Analysis.ranked`:
    solved when the position reaches at most ``max_states`` states, else searched as
    :func:`win_probabilities` does.

    >>> from boardrules import parchis
    >>> from boardrules.analysis import best_moves
    >>> G = ["goal", "goal"]
    >>> s = parchis.position({"yellow": ["L2", "L5", *G], "red": ["L6", *G, "goal"]},
    ...                      turn="yellow", roll=2, players=2)
    >>> a = best_moves(s)
    >>> a.describe(), str(a.best_move)
    ('solved exactly (768 states)', 'L2+2')
    """
    return _analyse(state, max_states, depth, exact, max_nodes, moves=True)
