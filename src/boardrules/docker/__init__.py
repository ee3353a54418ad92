"""Docker: towers on a 3 x 3 pitch; a player who cannot use the roll is eliminated.

Two to four players enter three pieces each on the pitch and move them by the die.  A step
costs one point plus the height difference between the towers, the whole roll must be used
by one piece, and only the top piece of a tower moves.  The last player able to move wins.

>>> import random
>>> import boardrules as br
>>> from boardrules import docker
>>> rng = random.Random(1)
>>> s = docker.new_game(players=2)
>>> docker.current_player(s) == br.CHANCE
True
>>> s = docker.apply_move(s, docker.parse_move(s, "roll 2"))
>>> [str(m) for m in docker.legal_moves(s)]
['in-a1', 'in-c1', 'in-b2']
>>> s = docker.apply_move(s, docker.parse_move(s, "in-b2"))
>>> while not docker.is_terminal(s):
...     s = docker.apply_move(s, rng.choice(docker.legal_moves(s)))
>>> sorted(docker.returns(s))
[0.0, 1.0]
"""

from __future__ import annotations

from boardrules._guard import guard_package
from boardrules.docker._actions import (
    action_to_move,
    legal_actions,
    move_to_action,
    num_actions,
    num_chance_outcomes,
)
from boardrules.docker._board import FACES, PITCH, Pitch
from boardrules.docker._json import decode, encode
from boardrules.docker._observation import (
    observation,
    observation_into,
    observation_shape,
    observation_string,
)
from boardrules.docker._problems import position_problems
from boardrules.docker._rules import (
    apply_move,
    chance_outcomes,
    current_player,
    elimination_order,
    evaluate,
    legal_moves,
    returns,
    usable_rolls,
    winner,
)
from boardrules.docker._setup import OPTIONS, new_game, options_of, position
from boardrules.docker._state import (
    PIECES,
    DockerMove,
    DockerState,
    Entry,
    Move,
    Options,
    Roll,
    Rules,
    Shift,
    State,
)
from boardrules.docker._svg import render_svg
from boardrules.docker._text import COLOURS, parse_move, pieces, player_name, render
from boardrules.game import TERMINAL, Game

__all__ = [
    "COLOURS",
    "FACES",
    "GAME",
    "PIECES",
    "PITCH",
    "DockerMove",
    "DockerState",
    "Entry",
    "Move",
    "Options",
    "Pitch",
    "Roll",
    "Rules",
    "Shift",
    "State",
    "action_to_move",
    "apply_move",
    "chance_outcomes",
    "current_player",
    "decode",
    "elimination_order",
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
    "usable_rolls",
    "winner",
]


def num_players(state: State) -> int:
    """The number of players (seats) in the game."""
    return state.options.players


def is_terminal(state: State) -> bool:
    """Whether the game is over (only one player is not eliminated)."""
    return current_player(state) == TERMINAL


#: Docker's record for the game-independent API.
GAME: Game[State, Move] = Game(
    name="docker",
    summary="Towers on a 3x3 pitch; a player who cannot use the roll is eliminated.",
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
guard_package(globals(), State, "Docker")
