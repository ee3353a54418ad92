"""Players by name in what the command line and the replay page print: the result of a game
in words and the returns by name.  The names are :func:`boardrules.player_names`.

>>> import boardrules as br
>>> from boardrules._names import result_words, returns_by_name
>>> s = br.new_game("parchis", players=2)
>>> result_words(s)
'not finished'
>>> returns_by_name(s, (1.0, 0.0))
'yellow 1, red 0'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardrules import api as br

__all__ = ["ordinal", "result_words", "returns_by_name"]


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th``, ``12th``, ``21st``.

    >>> from boardrules._names import ordinal
    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def returns_by_name(state: Any, values: Sequence[float]) -> str:
    """``yellow 1, red 0``: each seat's value after its name."""
    names = br.player_names(state)
    return ", ".join(f"{name} {v:g}" for name, v in zip(names, values, strict=True))


def _together(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def result_words(state: Any) -> str:
    """The result of the game at ``state`` in words.

    A game that ranks its players (Parchís with three or four) gives the places, ``1st
    yellow, 2nd red, 3rd green, 4th blue``; a game with one winner ``blue wins`` (``red and
    blue share the win``, ``nobody wins``); Dorasure ``the heroes win`` or ``the dragon
    wins``; a position before the end ``not finished``.
    """
    if not br.is_terminal(state):
        return "not finished"
    values = br.returns(state)
    names = br.player_names(state)
    if br.game_of(state).cooperative:
        together = all(v >= 1 for v in values)
        if br.game_of(state).name == "dorasure":
            return "the heroes win" if together else "the dragon wins"
        return "the players win together" if together else "the players lose together"
    levels = sorted(set(values), reverse=True)
    if len(levels) == 1:
        return "nobody wins" if levels[0] <= 0 else f"{_together(names)} share the win"
    if len(levels) == 2:
        won = [n for n, v in zip(names, values, strict=True) if v == levels[0]]
        return f"{won[0]} wins" if len(won) == 1 else f"{_together(won)} share the win"
    places, place = [], 1
    for level in levels:
        group = [n for n, v in zip(names, values, strict=True) if v == level]
        places.append(f"{ordinal(place)} {_together(group)}")
        place += len(group)
    return ", ".join(places)
