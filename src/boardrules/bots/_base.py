"""The bot protocol, the random bot, and the chance helpers every bot shares."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Any, Protocol, TypeVar, runtime_checkable

import boardrules as br
from boardrules._lru import LRU
from boardrules.chance import checked_draw
from boardrules.game import GameState

__all__ = ["Bot", "Evaluation", "GameBot", "RandomBot", "expected", "sample_outcome"]

S = TypeVar("S")
M = TypeVar("M")
S_contra = TypeVar("S_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)

#: A heuristic: one value per player, an estimate of that player's return
#: (:func:`boardrules.evaluate` is every game's default).  It receives states of whatever
#: game the bot plays, hence ``Any``.
Evaluation = Callable[[Any], Sequence[float]]


@runtime_checkable
class Bot(Protocol):
    """Anything that picks a move in every game: ``choose(state, rng)`` returns one of
    ``boardrules.legal_moves(state)``, typed as the move type of ``state``'s game.

    A bot draws every random number it needs from ``rng``, so the same state and a
    generator in the same state give the same move.  A bot for one game only is a
    :class:`GameBot`; every :class:`Bot` is also a :class:`GameBot` of every game.
    """

    def choose(self, state: GameState[S, M], rng: random.Random) -> M:
        """The move to play in ``state`` (a decision node or a chance node)."""
        ...


class GameBot(Protocol[S_contra, M_co]):
    """A bot for the game with states ``S_contra`` and moves ``M_co``: what
    :func:`~boardrules.bots.play_game` seats.  A class of your own for one game matches it
    with ``def choose(self, state: parchis.State, rng: random.Random) -> parchis.Move``.
    """

    def choose(self, state: S_contra, rng: random.Random, /) -> M_co:
        """The move to play in ``state`` (a decision node or a chance node)."""
        ...


# Float views of the games' exact chance tuples, keyed by the identity of the tuple (games
# return the same cached tuple for the same situation).  The tuple itself is kept in the
# entry so that its id cannot be reused while the entry lives.
_Entry = tuple[tuple[tuple[Any, Any], ...], tuple[Any, ...], tuple[float, ...], list[float]]
_float_outcomes: LRU[int, _Entry] = LRU(4096)


def _outcomes(state: Any) -> _Entry:
    exact = br.chance_outcomes(state)
    entry = _float_outcomes.get(id(exact))
    if entry is None or entry[0] is not exact:
        if not exact:
            raise br.NotAStateError("this state is not a chance node")
        probs = tuple(float(p) for _, p in exact)
        entry = (exact, tuple(m for m, _ in exact), probs, list(accumulate(probs)))
        _float_outcomes.put(id(exact), entry)
    return entry


def sample_outcome(state: GameState[Any, M], rng: random.Random) -> M:
    """Draw one outcome of the chance node ``state`` with ``rng`` (one ``rng.random()``
    call), faster than :func:`boardrules.sample_chance` because it works in floats.  A draw
    that is not a number in ``[0, 1)`` (a broken generator) raises
    :class:`~boardrules.BoardrulesError`, as there."""
    _, moves, _, cumulative = _outcomes(state)
    x = rng.random()
    try:  # free unless it raises (see boardrules.sample_chance)
        if not 0.0 <= x < 1.0:  # a broken generator: out of range, nan or inf
            x = float(checked_draw(x, rng))
        i = bisect_right(cumulative, x * cumulative[-1])
    except (TypeError, ArithmeticError):  # a text, None (refused), a Decimal (taken)...
        i = bisect_right(cumulative, float(checked_draw(x, rng)) * cumulative[-1])
    move: M = moves[min(i, len(moves) - 1)]
    return move


def expected(state: GameState[S, Any], value: Callable[[S], Sequence[float]]) -> list[float]:
    """The expectation of ``value`` over the outcomes of the chance node ``state``,
    weighted by their exact probabilities."""
    _, moves, probs, _ = _outcomes(state)
    total = [0.0] * br.num_players(state)
    for move, p in zip(moves, probs, strict=True):
        for i, v in enumerate(value(br.apply_move(state, move))):
            total[i] += p * v
    return total


def no_move_left(state: GameState[Any, Any]) -> br.IllegalMoveError:
    """The error a bot raises when asked to move after the end of the game."""
    return br.IllegalMoveError("the game has ended; there is no move to choose")


def forced_move(state: GameState[Any, M], rng: random.Random) -> M | None:
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

    def choose(self, state: GameState[S, M], rng: random.Random) -> M:
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
