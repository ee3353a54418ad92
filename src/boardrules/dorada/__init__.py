"""Dorada (Ravensburger, 1988): a race on one shared path where pieces stack, fall into
stumble fields and become bridges, jump by counting free fields, and score by their place in
the goal stack DORADA.

The functions here are the game-independent API typed for Dorada, plus :func:`position` to
set up any position, :func:`scores`/:func:`winners` and the boards as data.

>>> import boardrules.dorada as dorada
>>> s = dorada.new_game(players=2)
>>> s = dorada.apply_move(s, dorada.parse_move(s, "roll 5"))
>>> [str(m) for m in dorada.legal_moves(s)]
['move start']
>>> s = dorada.apply_move(s, dorada.legal_moves(s)[0])
>>> s.track[8], s.to_move
((0,), 1)
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from boardrules.dorada import _rules
from boardrules.dorada._board import (
    BOARDS,
    CLASSIC_40,
    Board,
    Field,
    board_from_spec,
    board_option,
)
from boardrules.dorada._json import decode, encode
from boardrules.dorada._options import OPTIONS, options_dict
from boardrules.dorada._position import new_game, position
from boardrules.dorada._render import draw_board, render
from boardrules.dorada._rules import POINTS, scores, winners
from boardrules.dorada._state import (
    ADVANCES,
    PASS,
    PIECES,
    ROLLS,
    Advance,
    DoradaMove,
    DoradaOptions,
    DoradaState,
    Pass,
    Roll,
)
from boardrules.errors import IllegalMoveError, MoveSyntaxError
from boardrules.game import TERMINAL, Game

__all__ = [
    "BOARDS",
    "CLASSIC_40",
    "GAME",
    "PASS",
    "PIECES",
    "POINTS",
    "Advance",
    "Board",
    "DoradaMove",
    "DoradaOptions",
    "DoradaState",
    "Field",
    "Pass",
    "Roll",
    "apply_move",
    "board_from_spec",
    "board_option",
    "chance_outcomes",
    "current_player",
    "draw_board",
    "evaluate",
    "is_terminal",
    "legal_moves",
    "new_game",
    "num_players",
    "options_of",
    "parse_move",
    "position",
    "render",
    "returns",
    "scores",
    "winners",
]


def current_player(state: DoradaState) -> int:
    """The player to move (0..n-1), ``CHANCE`` before the roll, ``TERMINAL`` at the end."""
    return _rules.current_player(state)


def num_players(state: DoradaState) -> int:
    """The number of players."""
    return state.options.players


def is_terminal(state: DoradaState) -> bool:
    """Whether every piece is in DORADA or lost."""
    return state.to_move == TERMINAL


def legal_moves(state: DoradaState) -> tuple[DoradaMove, ...]:
    """The moves allowed now (see :func:`boardrules.dorada._rules.legal_moves`)."""
    return _rules.legal_moves(state)


def chance_outcomes(state: DoradaState) -> tuple[tuple[Roll, Fraction], ...]:
    """The faces of the die with probability 1/6 each before a roll; ``()`` otherwise."""
    return _rules.chance_outcomes(state)


def apply_move(state: DoradaState, move: DoradaMove) -> DoradaState:
    """The state after ``move``; an illegal move raises :class:`~boardrules.IllegalMoveError`."""
    return _rules.apply_move(state, move)


def returns(state: DoradaState) -> tuple[float, ...]:
    """1.0 for each winner and 0.0 for the others at the end; all 0.0 before."""
    return _rules.returns(state)


def evaluate(state: DoradaState) -> tuple[float, ...]:
    """The default heuristic: per player an estimate in [0, 1] of its return."""
    return _rules.evaluate(state)


def options_of(state: DoradaState) -> dict[str, Any]:
    """The options of ``state``'s game as JSON-ready values (a user board as its data)."""
    return options_dict(state.options)


_NOTATION = re.compile(r"(pass)|roll ([0-9]{1,3})|move (start|[0-9]{1,3})")


def parse_move(state: DoradaState, text: str) -> DoradaMove:
    """The legal move written ``text``: ``roll N``, ``move start``, ``move N`` (the free piece
    on field N) or ``pass``.

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


#: Dorada's record for the game-independent API.
GAME: Game[DoradaState, DoradaMove] = Game(
    name="dorada",
    summary="Dorada: a stacking race on one path with stumble fields, bridges, jumps and gold",
    options=OPTIONS,
    state_type=DoradaState,
    move_type=DoradaMove,
    new_game=new_game,
    current_player=_rules.current_player,
    num_players=num_players,
    legal_moves=_rules.legal_moves,
    chance_outcomes=_rules.chance_outcomes,
    apply_move=_rules.apply_move,
    returns=_rules.returns,
    render=render,
    parse_move=parse_move,
    options_of=options_of,
    evaluate=_rules.evaluate,
    encode=encode,
    decode=decode,
)
DoradaState.game = GAME
