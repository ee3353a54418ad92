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

import warnings
from collections.abc import Callable
from types import ModuleType

from boardrules._guard import guard_package
from boardrules.dorada._actions import (
    action_to_move,
    legal_actions,
    move_to_action,
    num_actions,
    num_chance_outcomes,
)
from boardrules.dorada._board import (
    BOARDS,
    CLASSIC_40,
    Board,
    Field,
    board_from_spec,
    board_option,
)
from boardrules.dorada._json import decode, encode
from boardrules.dorada._observation import (
    observation,
    observation_into,
    observation_shape,
    observation_string,
)
from boardrules.dorada._problems import position_problems
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
from boardrules.dorada._svg import render_svg
from boardrules.dorada._text import (
    COLOURS,
    LETTERS,
    draw_board,
    parse_move,
    pieces,
    player_name,
    render,
)
from boardrules.game import Game

__all__ = [
    "BOARDS",
    "CLASSIC_40",
    "COLOURS",
    "GAME",
    "LETTERS",
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
    "action_to_move",
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
    "legal_actions",
    "legal_moves",
    "move_to_action",
    "new_game",
    "num_actions",
    "num_chance_outcomes",
    "num_players",
    "observation",
    "observation_into",
    "observation_shape",
    "observation_string",
    "options_of",
    "parse_move",
    "pieces",
    "player_name",
    "position",
    "position_problems",
    "render",
    "render_svg",
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
    render_svg=render_svg,
    player_name=player_name,
    pieces=pieces,
    num_actions=num_actions,
    num_chance_outcomes=num_chance_outcomes,
    legal_actions=legal_actions,
    move_to_action=move_to_action,
    action_to_move=action_to_move,
    observation_shape=observation_shape,
    observation=observation,
    observation_string=observation_string,
    observation_into=observation_into,
    position_problems=position_problems,
)
State.game = GAME
# This package's own functions refuse another game's state or a non-state; the API calls
# GAME's, which are not checked: it dispatches on the state's type.
guard_package(globals(), State, "Dorada")


def _moved(old: str, home: ModuleType, names: tuple[str, ...]) -> Callable[[str], object]:
    """The ``__getattr__`` of a deprecated old module of Dorada (``_notation``, ``_options``,
    ``_position``, ``_render``): each of its ``names``, now in ``home``, with a warning."""

    def __getattr__(name: str) -> object:
        if name not in names:
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        if name in __all__:
            advice = f"import {name} from boardrules.dorada"
        else:
            advice = "it is internal: make games with boardrules.dorada.new_game or position"
        warnings.warn(
            f"{old} is deprecated and goes in a later release; {advice}",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(home, name)

    return __getattr__
