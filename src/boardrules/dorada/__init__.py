"""Dorada (Ravensburger, 1988): a race on one shared path where pieces stack, fall into
stumble fields and become bridges, jump by counting free fields, and score by their place in
the goal stack DORADA.

The functions here are the game-independent API typed for Dorada, plus ``position()`` to
set up any position, ``scores()``/``winners()`` and the boards as data.

>>> import boardrules.dorada as dorada
>>> s = dorada.new_game(players=2)
>>> s = dorada.apply_move(s, dorada.parse_move(s, "roll 5"))
>>> [str(m) for m in dorada.legal_moves(s)]
['move start']
>>> s = dorada.apply_move(s, dorada.legal_moves(s)[0])
>>> s.track[8], s.turn
((0,), 1)
"""

from __future__ import annotations

from boardrules.dorada._board import (
    BOARDS,
    CLASSIC_40,
    Board,
    Field,
    board_from_spec,
    board_option,
)
from boardrules.dorada._json import decode, encode
from boardrules.dorada._rules import (
    POINTS,
    apply_move,
    chance_outcomes,
    current_player,
    evaluate,
    is_terminal,
    legal_moves,
    num_players,
    returns,
    scores,
    winners,
)
from boardrules.dorada._setup import OPTIONS, new_game, options_of, position
from boardrules.dorada._state import (
    PASS,
    PIECES,
    Advance,
    DoradaMove,
    DoradaOptions,
    DoradaState,
    Move,
    Options,
    Pass,
    Roll,
    State,
)
from boardrules.dorada._text import draw_board, parse_move, render
from boardrules.game import Game

__all__ = [
    "BOARDS",
    "CLASSIC_40",
    "GAME",
    "OPTIONS",
    "PASS",
    "PIECES",
    "POINTS",
    "Advance",
    "Board",
    "DoradaMove",
    "DoradaOptions",
    "DoradaState",
    "Field",
    "Move",
    "Options",
    "Pass",
    "Roll",
    "State",
    "apply_move",
    "board_from_spec",
    "board_option",
    "chance_outcomes",
    "current_player",
    "decode",
    "draw_board",
    "encode",
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

#: Dorada's record for the game-independent API.
GAME: Game[State, Move] = Game(
    name="dorada",
    summary="Dorada: a stacking race on one path with stumble fields, bridges, jumps and gold",
    options=OPTIONS,
    state_type=State,
    move_type=Move,
    new_game=new_game,
    current_player=current_player,
    num_players=num_players,
    legal_moves=legal_moves,
    chance_outcomes=chance_outcomes,
    apply_move=apply_move,
    returns=returns,
    render=render,
    parse_move=parse_move,
    options_of=options_of,
    evaluate=evaluate,
    encode=encode,
    decode=decode,
)
State.game = GAME
