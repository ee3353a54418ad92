"""Parchís, the Spanish Ludo, for 2-4 players.

The rules are those of the traditional Spanish rulebook with the team's rulings; the Parchís
page of the documentation states them clause by clause, in its "Rules" section, with the
function that implements each.

>>> from boardrules import parchis
>>> s = parchis.new_game(players=4)
>>> s = parchis.apply_move(s, parchis.parse_move(s, "roll 5"))
>>> [str(m) for m in parchis.legal_moves(s)]
['out']
>>> s = parchis.apply_move(s, parchis.legal_moves(s)[0])
>>> s.pos[:4], s.colour
((-1, -1, -1, 0), 'blue')
"""

from __future__ import annotations

from boardrules._guard import guard_package
from boardrules.game import TERMINAL, Game
from boardrules.parchis._actions import (
    ACTION_OUT,
    ACTION_PASS,
    action_to_move,
    legal_actions,
    move_to_action,
    num_actions,
    num_chance_outcomes,
)
from boardrules.parchis._board import BOARD, GOAL, NEST, Board
from boardrules.parchis._json import decode, encode
from boardrules.parchis._observation import (
    observation,
    observation_into,
    observation_shape,
    observation_string,
)
from boardrules.parchis._problems import position_problems
from boardrules.parchis._rules import (
    apply_move,
    chance_outcomes,
    current_player,
    evaluate,
    legal_moves,
    returns,
)
from boardrules.parchis._setup import OPTIONS, new_game, options_of, position
from boardrules.parchis._state import Kind, Move, Options, State
from boardrules.parchis._svg import render_svg
from boardrules.parchis._text import parse_move, pieces, player_name, render

__all__ = [
    "ACTION_OUT",
    "ACTION_PASS",
    "BOARD",
    "GAME",
    "GOAL",
    "NEST",
    "OPTIONS",
    "Board",
    "Kind",
    "Move",
    "Options",
    "State",
    "action_to_move",
    "apply_move",
    "chance_outcomes",
    "current_player",
    "decode",
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
]


def num_players(state: State) -> int:
    """The number of players."""
    return state.options.players


def is_terminal(state: State) -> bool:
    """Whether all players but one have finished."""
    return current_player(state) == TERMINAL


#: The Parchís record of the game-independent API.
GAME: Game[State, Move] = Game(
    name="parchis",
    summary="Parchís, the Spanish Ludo: 4 pieces each from nest to goal on a 68-square track",
    title="Parchís",
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
guard_package(globals(), State, "Parchís")
