"""Dorada's move notation: ``roll N``, ``move start``, ``move N`` and ``pass``."""

from __future__ import annotations

import re

from boardrules.dorada import _rules
from boardrules.dorada._state import ADVANCES, PASS, ROLLS, Advance, DoradaMove, DoradaState, Roll
from boardrules.errors import IllegalMoveError, MoveSyntaxError

__all__ = ["parse_move"]

_NOTATION = re.compile(r"(pass)|roll ([0-9]{1,3})|move (start|[0-9]{1,3})")


def parse_move(state: DoradaState, text: str) -> DoradaMove:
    """The legal move written ``text``: ``roll N``, ``move start``, ``move N`` (the free piece
    on field N) or ``pass``.

    >>> from boardrules.dorada import position
    >>> s = position(players=2, track={3: [1, 0]}, to_move=0, die=4)
    >>> parse_move(s, "move 3")
    Advance(field=3)
    >>> parse_move(s, "move 4")
    Traceback (most recent call last):
    ...
    boardrules.errors.IllegalMoveError: player 0 has no piece on field 4
    """
    match = _NOTATION.fullmatch(text.strip().lower()) if isinstance(text, str) else None
    if match is None:
        raise MoveSyntaxError(
            f"{text!r} is not a Dorada move; write 'roll N', 'move start', 'move N' or 'pass'"
        )
    passing, die, field = match.groups()
    move: DoradaMove
    if passing:
        move = PASS
    elif die is not None:
        move = ROLLS[int(die) - 1] if 1 <= int(die) <= 6 else Roll(int(die))
    else:
        f = 0 if field == "start" else int(field)
        move = ADVANCES[f] if f < len(ADVANCES) else Advance(f)
    if move in _rules.legal_moves(state):
        return move
    raise IllegalMoveError(_rules.why_illegal(state, move))
