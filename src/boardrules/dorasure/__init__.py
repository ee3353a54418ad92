"""Dorasure: the cooperative dragon hunt, with its expansions (eleven heroes, the solo Grand
Master, the 6-11 hero rules, the Fang land tiles).

The heroes adventure on a hex map for XP, solve the five mountain quests and fight the
dragon, whose meter climbs with every 6 of a movement roll.  The game is cooperative:
:func:`returns` gives every seat 1.0 when the dragon is slain and 0.0 on a defeat.

>>> import random
>>> import boardrules as br
>>> from boardrules.dorasure import (
...     apply_move, current_player, is_terminal, legal_moves, new_game, returns)
>>> rng = random.Random(3)
>>> s = new_game(players=2)
>>> while not is_terminal(s):
...     s = apply_move(s, br.sample_chance(s, rng) if current_player(s) == br.CHANCE
...                    else rng.choice(legal_moves(s)))
>>> returns(s) in ((0.0, 0.0), (1.0, 1.0))
True
"""

from __future__ import annotations

from boardrules._guard import guard_package
from boardrules.dorasure import _move_classes
from boardrules.dorasure._actions import (
    action_to_move,
    legal_actions,
    move_to_action,
    num_actions,
    num_chance_outcomes,
)
from boardrules.dorasure._data import BASE_HEROES, HERO_ORDER, QUESTS, REWARDS
from boardrules.dorasure._json import decode, encode
from boardrules.dorasure._move_classes import *  # noqa: F403  (the moves: __all__ below)
from boardrules.dorasure._observation import (
    observation,
    observation_into,
    observation_shape,
    observation_string,
)
from boardrules.dorasure._problems import position_problems
from boardrules.dorasure._rules import (
    apply_move,
    chance_outcomes,
    current_player,
    evaluate,
    legal_moves,
    returns,
    statistics,
)
from boardrules.dorasure._setup import OPTIONS, new_game, options_of, position
from boardrules.dorasure._state import DorasureState, Move, Options, Rules, State
from boardrules.dorasure._svg import render_svg
from boardrules.dorasure._text import parse_move, pieces, player_name, render
from boardrules.game import TERMINAL, Game

__all__ = [
    "BASE_HEROES",
    "GAME",
    "HERO_ORDER",
    "QUESTS",
    "REWARDS",
    "DorasureState",
    "Options",
    "Rules",
    "State",
]
__all__ += _move_classes.__all__  # the moves' classes and their union
__all__ += [
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
    "statistics",
]


def num_players(s: State) -> int:
    """The number of heroes (seats)."""
    return s.rules.seats


def is_terminal(s: State) -> bool:
    """Whether the heroes have slain the dragon or lost."""
    return current_player(s) == TERMINAL


GAME: Game[State, Move] = Game(
    name="dorasure",
    summary="Dorasure: 1-11 heroes adventure, quest and fight a dragon together",
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
    num_actions=num_actions,
    num_chance_outcomes=num_chance_outcomes,
    legal_actions=legal_actions,
    move_to_action=move_to_action,
    action_to_move=action_to_move,
    observation_shape=observation_shape,
    observation=observation,
    observation_string=observation_string,
    observation_into=observation_into,
    cooperative=True,
    player_name=player_name,
    pieces=pieces,
    render_svg=render_svg,
    position_problems=position_problems,
    statistics=statistics,
    # A roll here branches up to 126 ways and chains (extra dice for 6s, rampages, claws):
    # the searches expand the first roll and the evaluation scores the rest.
    chance_depth=1,
)
State.game = GAME
# This package's own functions refuse another game's state or a non-state; the API calls
# GAME's, which are not checked: it dispatches on the state's type.
guard_package(globals(), State, "Dorasure")
