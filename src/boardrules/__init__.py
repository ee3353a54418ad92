"""boardrules: fully typed, pure-Python rules engines for dice board games.

One API plays every game: make a state with :func:`new_game`, ask whose turn it is with
:func:`current_player`, list :func:`legal_moves` (or :func:`chance_outcomes` when dice are
rolled) and :func:`apply_move`.  States are immutable, hashable values.

>>> import random
>>> import boardrules as br
>>> rng = random.Random(7)
>>> s = br.new_game("parchis", players=2)
>>> while not br.is_terminal(s):
...     if br.is_chance(s):
...         s = br.apply_move(s, br.sample_chance(s, rng))
...     else:
...         s = br.apply_move(s, rng.choice(br.legal_moves(s)))
>>> sorted(br.returns(s))
[0.0, 1.0]
"""

from boardrules.api import (
    FORMAT,
    FORMAT_VERSION,
    action_to_move,
    apply_move,
    available_games,
    chance_outcomes,
    current_player,
    evaluate,
    from_json,
    game_of,
    get_game,
    is_chance,
    is_terminal,
    legal_actions,
    legal_moves,
    move_to_action,
    new_game,
    num_actions,
    num_chance_outcomes,
    num_players,
    observation,
    observation_into,
    observation_shape,
    observation_string,
    parse_move,
    pieces,
    player_name,
    player_names,
    position_problems,
    register_game,
    render,
    render_svg,
    returns,
    sample_chance,
    show,
    to_json,
)
from boardrules.errors import (
    BoardrulesError,
    IllegalMoveError,
    InvalidOptionError,
    MoveSyntaxError,
    NotAStateError,
    StateFormatError,
    UnknownGameError,
    UnsupportedError,
)
from boardrules.game import CHANCE, TERMINAL, Game, GameState, Option

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "FORMAT",
    "FORMAT_VERSION",
    "TERMINAL",
    "BoardrulesError",
    "Game",
    "GameState",
    "IllegalMoveError",
    "InvalidOptionError",
    "MoveSyntaxError",
    "NotAStateError",
    "Option",
    "StateFormatError",
    "UnknownGameError",
    "UnsupportedError",
    "__version__",
    "action_to_move",
    "apply_move",
    "available_games",
    "chance_outcomes",
    "current_player",
    "evaluate",
    "from_json",
    "game_of",
    "get_game",
    "is_chance",
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
    "parse_move",
    "pieces",
    "player_name",
    "player_names",
    "position_problems",
    "register_game",
    "render",
    "render_svg",
    "returns",
    "sample_chance",
    "show",
    "to_json",
]
