"""Depth-limited expectimax: exact over the dice, a heuristic at the horizon.

:class:`Expectimax` is the search that :class:`boardrules.bots.ExpectimaxBot` plays with;
:func:`expectimax` is the same search as a function (public in :mod:`boardrules.analysis`).
Kept in the core, which knows no game (it plays through the generic API), so that the bots
and the analysis share it without one layer reaching into the other.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

import boardrules as br
from boardrules._lru import LRU

__all__ = [
    "CHANCE_DEPTH",
    "MAX_CHANCE_DEPTH",
    "MAX_DEPTH",
    "Evaluation",
    "Expectimax",
    "OutOfNodes",
    "check_depths",
    "expectimax",
]

#: A heuristic: one value per player, an estimate of that player's return
#: (:func:`boardrules.evaluate` is every game's default).
Evaluation = Callable[[Any], Sequence[float]]

# Default chance_depth: in random play Parchís never had more than two rolls in a row (so it
# is searched exactly); in Dorasure chains of three or fewer are the common case, and each
# further roll would multiply the work by up to 126 outcomes.
CHANCE_DEPTH = 3

#: The deepest search allowed, in decisions (``depth``) and in rolls in a row
#: (``chance_depth``).  The search recurses once per position on its path, at most
#: ``depth * (chance_depth + 1) + chance_depth`` positions, about three Python frames each:
#: these caps keep it far below Python's recursion limit (1 000 frames) and far beyond what
#: can be searched in practice (each decision multiplies the work by the number of moves
#: and outcomes: depth 4 already takes minutes in a two-dice game).
MAX_DEPTH = 30
MAX_CHANCE_DEPTH = 5


def check_depths(depth: object, chance_depth: object = CHANCE_DEPTH, *,
                 least: int = 0) -> tuple[int, int]:  # fmt: skip
    """``depth`` and ``chance_depth`` as whole numbers, if ``least <= depth <=``
    :data:`MAX_DEPTH` and ``0 <= chance_depth <=`` :data:`MAX_CHANCE_DEPTH`; else
    :class:`~boardrules.InvalidOptionError` naming the allowed range.  Every search checks
    its bounds with it before any work.

    >>> from boardrules._search import check_depths
    >>> check_depths(300, 3)
    Traceback (most recent call last):
    ...
    boardrules.errors.InvalidOptionError: the search depth must be a whole number from 0 to \
30 (decisions ahead), not 300
    """
    return (
        _bounded(depth, "the search depth", least, MAX_DEPTH, "decisions ahead"),
        _bounded(chance_depth, "chance_depth", 0, MAX_CHANCE_DEPTH, "rolls in a row"),
    )


def _bounded(value: object, what: str, low: int, high: int, unit: str) -> int:
    if type(value) is int and low <= value <= high:
        return value
    number = -1
    if not isinstance(value, bool) and hasattr(value, "__index__"):
        number = operator.index(value)
    if not low <= number <= high:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
        raise br.InvalidOptionError(
            f"{what} must be a whole number from {low} to {high} ({unit}), not {shown}"
        )
    return number


class OutOfNodes(br.BoardrulesError):
    """The search needs more positions than its ``max_nodes`` allow."""


class Expectimax:
    """One search: its bounds, its transposition table and its node count.

    A position is worth :func:`boardrules.returns` at the end, ``evaluation`` once
    ``depth`` decisions have been made (or once ``chance_depth`` rolls in a row have been
    expanded), the best of its moves for the player to move at a decision (max-n: the
    player maximises its own value), and the probability-weighted mix of its outcomes at a
    roll.  More than ``max_nodes`` positions (``None``: no limit) raise :class:`OutOfNodes`.
    """

    __slots__ = ("cache", "chance_depth", "evaluation", "nodes_left")

    def __init__(
        self,
        evaluation: Evaluation | None = None,
        chance_depth: int = CHANCE_DEPTH,
        max_nodes: int | None = None,
    ) -> None:
        self.evaluation: Evaluation = br.evaluate if evaluation is None else evaluation
        _, checked = check_depths(0, chance_depth)
        self.chance_depth: int = checked
        self.nodes_left: int = -1 if max_nodes is None else max_nodes
        # Keyed by (position, decisions left, rolls in a row so far): a position seen after
        # fewer rolls may be expanded further, so its value can differ.
        self.cache: dict[tuple[Any, int, int], Sequence[float]] = {}

    def value(self, state: Any, depth: int, rolls: int = 0) -> Sequence[float]:
        """The value of ``state`` with ``depth`` decisions left (0 to :data:`MAX_DEPTH`) and
        ``rolls`` rolls in a row already expanded."""
        key = (state, depth, rolls)
        known = self.cache.get(key)
        if known is not None:
            return known
        if type(depth) is not int or not 0 <= depth <= MAX_DEPTH:  # a caller's own depth
            check_depths(depth)
        if self.nodes_left == 0:
            raise OutOfNodes(f"the search needs more than its {len(self.cache)} positions")
        self.nodes_left -= 1
        player = br.current_player(state)
        result: Sequence[float]
        if player == br.TERMINAL:
            result = br.returns(state)
        elif player == br.CHANCE:
            if rolls >= self.chance_depth:
                result = self.evaluation(state)
            else:
                result = self._mix(state, depth, rolls + 1)
        elif depth == 0:
            result = self.evaluation(state)
        else:
            children = (br.apply_move(state, m) for m in br.legal_moves(state))
            result = max(
                (self.value(child, depth - 1, 0) for child in children),
                key=lambda v: v[player],
            )
        self.cache[key] = result
        return result

    def _mix(self, state: Any, depth: int, rolls: int) -> list[float]:
        total = [0.0] * br.num_players(state)
        for move, weight in _float_outcomes(state):
            for i, v in enumerate(self.value(br.apply_move(state, move), depth, rolls)):
                total[i] += weight * v
        return total


# The chance outcomes with float probabilities, keyed by the identity of the game's tuple
# (games hand out the same cached tuple for the same situation); the entry keeps the tuple
# alive so that its id is not reused while the entry lives.
_Outcomes = tuple[tuple[Any, Any], ...]
_FLOATS_KEPT = 4096
_floats: LRU[int, tuple[_Outcomes, tuple[tuple[Any, float], ...]]] = LRU(_FLOATS_KEPT)


def _float_outcomes(state: Any) -> tuple[tuple[Any, float], ...]:
    exact = br.chance_outcomes(state)
    entry = _floats.items.get(id(exact))  # the table itself: a hot path
    if entry is None or entry[0] is not exact:
        entry = (exact, tuple((m, float(p)) for m, p in exact))
        _floats.put(id(exact), entry)
    return entry[1]


def expectimax(
    state: Any,
    depth: int,
    *,
    evaluate: Evaluation | None = None,
    chance_depth: int = CHANCE_DEPTH,
    max_nodes: int | None = None,
) -> tuple[float, ...]:
    """The expectimax value of ``state`` for each player, ``depth`` decisions deep.

    Exact to that depth: every roll is weighted by its exact probability (and costs no
    depth), every player picks the move best for itself, finished games score
    :func:`boardrules.returns` and positions at the horizon ``evaluate`` (default: the
    game's :func:`boardrules.evaluate`).  At most ``chance_depth`` rolls in a row are
    expanded (a longer chain is scored with ``evaluate``), so the search is finite in every
    game; ``depth`` may be at most :data:`MAX_DEPTH` and ``chance_depth`` at most
    :data:`MAX_CHANCE_DEPTH` (:class:`~boardrules.InvalidOptionError` beyond, before any
    search); ``max_nodes`` bounds the positions visited (:class:`OutOfNodes`, a
    :class:`ValueError`, past it).  :class:`boardrules.bots.ExpectimaxBot` plays with this
    search.

    >>> import boardrules as br
    >>> from boardrules import parchis
    >>> from boardrules.analysis import expectimax
    >>> G = ["goal"] * 3
    >>> s = parchis.position({"yellow": ["L7", *G], "red": ["L7", *G]}, turn="yellow",
    ...                      players=2)
    >>> [round(v, 4) for v in expectimax(s, 0)]
    [0.5131, 0.4869]
    >>> [round(v, 4) for v in expectimax(s, 6)]
    [0.5544, 0.4456]

    (Depth 0 is the game's evaluation of the position, a fitted estimate that gives yellow,
    who rolls first, a little more; solved exactly, yellow's value is 216/389, about 0.5553.)
    """
    depth, chance_depth = check_depths(depth, chance_depth)
    return tuple(Expectimax(evaluate, chance_depth, max_nodes).value(state, depth))


def search_moves(
    state: Any,
    depth: int,
    evaluation: Evaluation | None = None,
    chance_depth: int = CHANCE_DEPTH,
    max_nodes: int | None = None,
) -> tuple[int, list[Sequence[float]]]:
    """The value of each of ``state``'s moves (or chance outcomes), looking ``depth``
    decisions ahead counting the move itself, and that depth.

    If the search would visit more than ``max_nodes`` positions it is dropped and done again
    one decision shallower, each attempt with a fresh allowance, down to scoring the
    position after each move with ``evaluation`` alone (depth 0).  This is how
    :class:`boardrules.bots.ExpectimaxBot` chooses.
    """
    depth, chance_depth = check_depths(depth, chance_depth)
    evaluation = br.evaluate if evaluation is None else evaluation
    if br.current_player(state) == br.CHANCE:
        moves = tuple(m for m, _ in br.chance_outcomes(state))
        deeper = 0  # a roll costs no depth: the outcomes are searched as deep as the root
    else:
        moves, deeper = br.legal_moves(state), 1
    children = [br.apply_move(state, m) for m in moves]
    for level in range(depth, 0, -1):
        search = Expectimax(evaluation, chance_depth, max_nodes)
        try:
            return level, [search.value(child, level - deeper) for child in children]
        except OutOfNodes:
            continue
    return 0, [evaluation(child) for child in children]
