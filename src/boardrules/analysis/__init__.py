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

Larger positions are estimated instead: :func:`win_probabilities` and :func:`best_moves`
work in a time budget (``seconds=``), solve when the graph is small enough for it and
otherwise estimate every move by Monte-Carlo rollouts with 95% intervals (or search it by
:func:`expectimax` when given a ``depth``), saying which they did; :func:`review` goes
through a whole game record as gnubg does: the errors, the luck and a chart.  The *Exact
analysis* guide explains the solution concepts.
"""

from __future__ import annotations

from typing import Any

import attrs

import boardrules as br
from boardrules._search import (
    CHANCE_DEPTH,
    MAX_CHANCE_DEPTH,
    MAX_DEPTH,
    Evaluation,
    Expectimax,
    OutOfNodes,
    expectimax,
)
from boardrules._values import safe_repr
from boardrules.analysis._budget import (
    ROLLOUTS,
    SOLVE_BELOW,
    SOLVE_SHARE,
    Analysis,
    analyse,
    check_callers,
    make_budget,
)
from boardrules.analysis._chart import chart_html
from boardrules.analysis._graph import OutOfTimeError, Progress, TooManyStatesError, build_graph
from boardrules.analysis._ranking import Value, ranked
from boardrules.analysis._review import (
    BAD,
    DOUBTFUL,
    SECONDS_PER_MOVE,
    VERY_BAD,
    Decision,
    PlayerReview,
    Review,
    Reviewer,
    Roll,
    flag,
    review,
)
from boardrules.analysis._rollout import (
    HORIZON,
    STRONG_ROUNDS,
    QuickBot,
    StrongPolicy,
    default_policy,
)
from boardrules.analysis._solve import Concept, SolveError, at_stake, concept_of, solve_graph
from boardrules.bots import Bot

__all__ = [
    "BAD",
    "CHANCE_DEPTH",
    "DOUBTFUL",
    "HORIZON",
    "MAX_CHANCE_DEPTH",
    "MAX_DEPTH",
    "ROLLOUTS",
    "SECONDS_PER_MOVE",
    "SOLVE_BELOW",
    "SOLVE_SHARE",
    "STRONG_ROUNDS",
    "VERY_BAD",
    "Analysis",
    "Concept",
    "Decision",
    "Evaluation",
    "Expectimax",
    "OutOfNodes",
    "OutOfTimeError",
    "PlayerReview",
    "Progress",
    "QuickBot",
    "Review",
    "Reviewer",
    "Roll",
    "Solution",
    "SolveError",
    "StrongPolicy",
    "TooManyStatesError",
    "Value",
    "best_moves",
    "chart_html",
    "default_policy",
    "expectimax",
    "flag",
    "review",
    "solve",
    "win_probabilities",
]


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
        return ranked(self.player, self.concept, self.move_values, self.seats)

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
        raise br.InvalidOptionError(
            f"max_states must be a whole number >= 1, not {safe_repr(max_states)}"
        )
    check_callers(exact, None, None, progress)
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


def win_probabilities(
    state: Any,
    *,
    seconds: float | None = 5.0,
    seed: int = 0,
    rollouts: int | None = None,
    policy: Bot | None = None,
    horizon: int = HORIZON,
    max_states: int = 1_000_000,
    exact: bool = True,
    depth: int | None = None,
    max_nodes: int = 200_000,
    evaluation: Evaluation | None = None,
    progress: Progress | None = None,
) -> Analysis:
    """Each player's chance of winning from ``state`` (more generally its expected return),
    within about ``seconds`` (10% more at worst): the result says how it was found (its
    ``method``; :meth:`Analysis.describe` in words).

    * **solved** as :func:`solve` does when the graph of the position is built within
      :data:`SOLVE_SHARE` of the time and ``max_states`` states: exactly when that fits the
      rest of the time and ``exact`` is true (values are then :class:`~fractions.Fraction`),
      else in floats;
    * else **estimated by rollouts** for the time left: the position is played out again
      and again by ``policy`` (default :func:`default_policy`), each rollout scored by the
      returns at the end or by ``evaluation`` (default :func:`boardrules.evaluate`) after
      ``horizon`` plies; the values are the means, with 95% intervals (``value_half``);
    * or, given a ``depth``, **searched** by :func:`expectimax` that many decisions deep
      (shallower if that needs more than ``max_nodes`` positions).

    The rollouts are seeded by ``seed`` alone; with ``seconds=None`` no clock is read
    (``max_states`` bounds the build, ``rollouts`` the rollouts, :data:`ROLLOUTS` by
    default), so the result is the same on every machine.  ``rollouts`` with a time also
    caps the rollouts.  ``progress(stage, count)`` hears the states built and solved and
    the rollouts played (``"rollout"``).

    >>> from boardrules import parchis
    >>> from boardrules.analysis import win_probabilities
    >>> G = ["goal"] * 3
    >>> s = parchis.position({"yellow": ["L7", *G], "red": ["L7", *G]}, turn="yellow",
    ...                      players=2)
    >>> a = win_probabilities(s, seconds=None)  # no clock: the same on a busy machine
    >>> a.values, a.method
    ((Fraction(216, 389), Fraction(173, 389)), 'solve')
    >>> a = win_probabilities(s, max_states=10, depth=2)
    >>> a.describe()
    'expectimax 2 decision(s) deep, evaluation at the horizon; more than 10 states to solve'
    >>> [round(v, 4) for v in a.values]
    [0.5449, 0.4551]
    >>> a = win_probabilities(s, max_states=10, seconds=None, rollouts=400)
    >>> a.method, a.rollouts, [round(h, 2) for h in a.value_half]
    ('rollout', 400, [0.05, 0.05])
    """
    budget = make_budget(seconds, rollouts, max_states, exact, depth, max_nodes, seed, policy,
                         horizon, evaluation, progress)  # fmt: skip
    return analyse(state, budget, moves=False)


def best_moves(
    state: Any,
    *,
    seconds: float | None = 5.0,
    seed: int = 0,
    rollouts: int | None = None,
    policy: Bot | None = None,
    horizon: int = HORIZON,
    max_states: int = 1_000_000,
    exact: bool = True,
    depth: int | None = None,
    max_nodes: int = 200_000,
    evaluation: Evaluation | None = None,
    progress: Progress | None = None,
) -> Analysis:
    """The moves of ``state`` with their values, best first in :meth:`Analysis.ranked`,
    within about ``seconds``: solved when the position is small enough, else each move
    estimated by rollouts from the position after it, or searched with a ``depth``, as
    :func:`win_probabilities` says.

    ``max_states`` bounds the graph of ``state`` itself; a move whose own position reaches
    at most :data:`SOLVE_BELOW` states is solved rather than rolled out, when the time
    allows.  With rollouts, every move meets the same dice in the same round (common random
    numbers), so moves are compared rollout by rollout: ``margins`` gives
    each move's value minus the best one's with the 95% interval of that difference, and
    :meth:`Analysis.told_apart` whether it leaves out 0.

    >>> import boardrules as br
    >>> from boardrules import parchis
    >>> from boardrules.analysis import best_moves
    >>> G = ["goal", "goal"]
    >>> s = parchis.position({"yellow": ["L2", "L5", *G], "red": ["L6", *G, "goal"]},
    ...                      turn="yellow", roll=2, players=2)
    >>> a = best_moves(s, seconds=None)
    >>> a.describe(), str(a.best_move)
    ('solved exactly (768 states)', 'L2+2')
    >>> a = best_moves(s, max_states=100, seconds=None, rollouts=300)
    >>> a.describe()
    '300 rollouts per move (2 solved exactly) by QuickBot(), 60 plies then the evaluation, \
95% intervals; more than 100 states to solve'
    >>> str(a.best_move), a.told_apart(br.parse_move(s, "L5+2"))
    ('L2+2', True)
    """
    budget = make_budget(seconds, rollouts, max_states, exact, depth, max_nodes, seed, policy,
                         horizon, evaluation, progress)  # fmt: skip
    return analyse(state, budget, moves=True)
