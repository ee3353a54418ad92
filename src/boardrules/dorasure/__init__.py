"""Dorasure: the cooperative dragon hunt, with its expansions (eleven heroes, the solo Grand
Master, the 6-11 hero rules, the Fang land tiles).

The heroes adventure on a hex map for XP, solve the five mountain quests and fight the
dragon, whose meter climbs with every 6 of a movement roll.  The game is cooperative:
:func:`returns` gives every seat 1.0 when the dragon is slain and 0.0 on a defeat.

>>> import random
>>> import boardrules as br
>>> rng = random.Random(3)
>>> s = new_game(players=2)
>>> while not is_terminal(s):
...     s = apply_move(s, br.sample_chance(s, rng) if current_player(s) == br.CHANCE
...                    else rng.choice(legal_moves(s)))
>>> returns(s) in ((0.0, 0.0), (1.0, 1.0))
True
"""

from __future__ import annotations

import re

from boardrules.dorasure._data import BASE_HEROES, HERO_ORDER, QUESTS, REWARDS
from boardrules.dorasure._json import decode, encode
from boardrules.dorasure._render import render
from boardrules.dorasure._rules import (
    apply_move,
    chance_outcomes,
    current_player,
    evaluate,
    legal_moves,
    returns,
)
from boardrules.dorasure._setup import OPTIONS, new_game, options_of, position
from boardrules.dorasure._state import DorasureMove, DorasureState
from boardrules.dorasure._svg import render_svg
from boardrules.errors import IllegalMoveError, MoveSyntaxError
from boardrules.game import TERMINAL, Game

__all__ = [
    "BASE_HEROES",
    "GAME",
    "HERO_ORDER",
    "QUESTS",
    "REWARDS",
    "DorasureMove",
    "DorasureState",
    "apply_move",
    "chance_outcomes",
    "current_player",
    "evaluate",
    "is_terminal",
    "legal_moves",
    "new_game",
    "num_players",
    "parse_move",
    "position",
    "render",
    "render_svg",
    "returns",
]

_NOTATION = re.compile(
    r"(roll( [1-6])+|dice [-0+6]+|extra [-0+6]|rampage [1-6]|(highest|lowest) [\w+-]+"
    r"|survival (saved|lost)|claw (miss|blast|slash)|quest-tile [a-z]+|reward [a-z]+"
    r"|faith|no-faith|step [1-6] [a-z]+[0-9]*|stop|adventure|rest|gather [a-z][0-9]+"
    r"|quest [a-z][0-9]+|pass|(ask|skip) [\w-]+|agree|refuse|absorb [0-9]+|spend [0-9]+"
    r"|reroll|no-reroll|bullet [-0+]|no-bullet|shield|no-shield"
    r"|(no-)?(gust|lullaby|big-bang|gauntlets|elixir)|no-kiss|kiss [\w-]+|(doll|tune) [0-9]+"
    r"|special (meter|hurt)|land [a-z]+)"
)


def num_players(s: DorasureState) -> int:
    """The number of heroes (seats)."""
    return s.rules.seats


def is_terminal(s: DorasureState) -> bool:
    """Whether the heroes have slain the dragon or lost."""
    return current_player(s) == TERMINAL


def parse_move(s: DorasureState, text: str) -> DorasureMove:
    """The legal move written ``text`` (see the notation on the docs page).

    >>> s = new_game(players=2)
    >>> str(parse_move(s, "quest-tile golem"))
    'quest-tile golem'
    """
    if not isinstance(text, str) or not _NOTATION.fullmatch(text.strip()):
        raise MoveSyntaxError(f"{text!r} is not Dorasure move notation (e.g. 'step 5 d2', "
                              "'spend 1', 'roll 2 6')")
    wanted = text.strip()
    for mv in legal_moves(s):
        if mv.text == wanted:
            return mv
    shown = ", ".join(m.text for m in legal_moves(s)[:12])
    raise IllegalMoveError(f"{wanted!r} is not legal now; legal moves: {shown}")


GAME: Game[DorasureState, DorasureMove] = Game(
    name="dorasure",
    summary="Dorasure: 1-11 heroes adventure, quest and fight a dragon together",
    options=OPTIONS,
    state_type=DorasureState,
    move_type=DorasureMove,
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
)
DorasureState.game = GAME
