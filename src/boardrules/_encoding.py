"""Helpers shared by the games' action encodings and observations.

Each game numbers its decisions and chance outcomes in its own ``_actions`` module and
builds its observation vector in its own ``_observation`` module; what they have in common
(checking an action number or a seat, finding the move behind a legal action) lives here.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TypeVar

from boardrules._values import safe_repr
from boardrules.errors import IllegalMoveError

__all__ = ["action_index", "chance_actions", "check_seat", "pick"]

M = TypeVar("M")

# ``range(n)`` as tuples, shared: the legal actions of a chance node with n outcomes.
_RANGES: dict[int, tuple[int, ...]] = {}


def chance_actions(n: int) -> tuple[int, ...]:
    """``(0, 1, ..., n - 1)``, one shared tuple per ``n``.

    >>> from boardrules._encoding import chance_actions
    >>> chance_actions(3)
    (0, 1, 2)
    >>> chance_actions(3) is chance_actions(3)
    True
    """
    found = _RANGES.get(n)
    if found is None:
        found = _RANGES[n] = tuple(range(n))
    return found


def action_index(action: object) -> int:
    """``action`` as an ``int``: an ``int`` or any integer type with ``__index__`` (such as
    numpy's), but not a ``bool``; anything else raises :class:`~boardrules.IllegalMoveError`.

    >>> from boardrules._encoding import action_index
    >>> action_index(7)
    7
    >>> action_index(True)
    Traceback (most recent call last):
    ...
    boardrules.errors.IllegalMoveError: an action is a whole number, not True
    """
    if type(action) is int:
        return action
    if isinstance(action, bool) or type(action).__name__ == "bool_":
        raise IllegalMoveError(f"an action is a whole number, not {action!r}")
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalMoveError(f"an action is a whole number, not {safe_repr(action)}") from None


def pick(moves: Sequence[M], actions: Sequence[int], action: object, what: str) -> M:
    """The move of ``moves`` whose action number (same position in ``actions``) is
    ``action``; :class:`~boardrules.IllegalMoveError` naming the legal actions otherwise.

    ``what`` describes the node for the message (``"a chance node"``, ``"player 1"``).

    >>> from boardrules._encoding import pick
    >>> pick(("a", "b"), (3, 5), 5, "player 0")
    'b'
    >>> pick(("a", "b"), (3, 5), 4, "player 0")
    Traceback (most recent call last):
    ...
    boardrules.errors.IllegalMoveError: action 4 is not legal for player 0; legal actions: 3, 5
    """
    number = action_index(action)
    for move, candidate in zip(moves, actions, strict=True):
        if candidate == number:
            return move
    legal = ", ".join(map(str, actions)) or "none: the game is over"
    raise IllegalMoveError(
        f"action {safe_repr(number)} is not legal for {what}; legal actions: {legal}"
    )


def check_seat(player: object, players: int) -> int:
    """``player`` if it is a seat number ``0..players-1``, else :class:`ValueError`.

    >>> from boardrules._encoding import check_seat
    >>> check_seat(1, 2)
    1
    >>> check_seat(2, 2)
    Traceback (most recent call last):
    ...
    ValueError: player must be a seat number 0 to 1, not 2
    """
    if type(player) is not int or not 0 <= player < players:
        try:
            seat = operator.index(player)  # type: ignore[arg-type]
        except TypeError:
            seat = -1
        if isinstance(player, bool) or not 0 <= seat < players:
            raise ValueError(
                f"player must be a seat number 0 to {players - 1}, not {safe_repr(player)}"
            )
        return seat
    return player
