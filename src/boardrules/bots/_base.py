"""The bot protocol, the random bot, and the chance helpers every bot shares."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any, Protocol, runtime_checkable

import boardrules as br

__all__ = ["Bot", "Evaluation", "RandomBot", "expected", "sample_outcome"]

#: A heuristic: one value per player, an estimate of that player's return
#: (:func:`boardrules.evaluate` is every game's default).
Evaluation = Callable[[Any], Sequence[float]]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move: ``choose(state, rng)`` returns one of
    ``boardrules.legal_moves(state)``.

    A bot draws every random number it needs from ``rng``, so the same state and a
    generator in the same state give the same move.
    """

    def choose(self, state: Any, rng: random.Random) -> Any:
        """The move to play in ``state`` (a decision node or a chance node)."""
        ...


# Float views of the games' exact chance tuples, keyed by the identity of the tuple (games
# return the same cached tuple for the same situation).  The tuple itself is kept in the
# entry so that its id cannot be reused while the entry lives.
_Entry = tuple[tuple[tuple[Any, Any], ...], tuple[Any, ...], tuple[float, ...], list[float]]
_float_outcomes: dict[int, _Entry] = {}
_CACHE_LIMIT = 4096


def _outcomes(state: Any) -> _Entry:
    exact = br.chance_outcomes(state)
    entry = _float_outcomes.get(id(exact))
    if entry is None or entry[0] is not exact:
        if not exact:
            raise br.NotAStateError("this state is not a chance node")
        if len(_float_outcomes) >= _CACHE_LIMIT:
            _float_outcomes.clear()
        probs = tuple(float(p) for _, p in exact)
        entry = (exact, tuple(m for m, _ in exact), probs, list(accumulate(probs)))
        _float_outcomes[id(exact)] = entry
    return entry


def sample_outcome(state: Any, rng: random.Random) -> Any:
    """Draw one outcome of the chance node ``state`` with ``rng`` (one ``rng.random()``
    call), faster than :func:`boardrules.sample_chance` because it works in floats."""
    _, moves, _, cumulative = _outcomes(state)
    i = bisect_right(cumulative, rng.random() * cumulative[-1])
    return moves[min(i, len(moves) - 1)]


def expected(state: Any, value: Callable[[Any], Sequence[float]]) -> list[float]:
    """The expectation of ``value`` over the outcomes of the chance node ``state``,
    weighted by their exact probabilities."""
    _, moves, probs, _ = _outcomes(state)
    total = [0.0] * br.num_players(state)
    for move, p in zip(moves, probs, strict=True):
        for i, v in enumerate(value(br.apply_move(state, move))):
            total[i] += p * v
    return total


def no_move_left(state: Any) -> br.IllegalMoveError:
    """The error a bot raises when asked to move after the end of the game."""
    return br.IllegalMoveError("the game has ended; there is no move to choose")


def forced_move(state: Any, rng: random.Random) -> Any | None:
    """The move when there is nothing to think about: a chance outcome drawn with ``rng``,
    or the only legal move; ``None`` when the player has a real choice.  After the end of
    the game it raises :func:`no_move_left`."""
    if br.current_player(state) == br.CHANCE:
        return sample_outcome(state, rng)
    moves = br.legal_moves(state)
    if not moves:
        raise no_move_left(state)
    return moves[0] if len(moves) == 1 else None


class RandomBot:
    """Plays a uniformly random legal move (and rolls the dice fairly at a chance node).

    >>> from boardrules.bots import RandomBot
    >>> import random, boardrules as br
    >>> s = br.new_game("parchis", players=2)
    >>> move = RandomBot().choose(s, random.Random(1))
    >>> move in br.legal_moves(s)
    True
    """

    def choose(self, state: Any, rng: random.Random) -> Any:
        """A random legal move."""
        player = br.current_player(state)
        if player == br.CHANCE:
            return sample_outcome(state, rng)
        moves = br.legal_moves(state)
        if not moves:
            raise no_move_left(state)
        return moves[rng.randrange(len(moves))]

    def __repr__(self) -> str:
        return "RandomBot()"
