"""The laws of play that a Dorasure position set up by hand may break (see
:func:`boardrules.position_problems`).

The decoder and :func:`~boardrules.dorasure.position` refuse what no rule allows at all;
a position may still leave out the history behind it (the Book of Dragons found while every
hero has 0 EXP, a wounded dragon with no Dragon's Lair found): puzzles and scenarios need
such setups, and they play on as given.  These are the laws of play of
``LAWS`` in ``_check.py`` (what every move keeps), each cited by its clauses
of the Rules section of the Dorasure page.
"""

from __future__ import annotations

from boardrules.dorasure._check import LAWS
from boardrules.dorasure._state import DorasureState

__all__ = ["CLAUSES", "position_problems"]

#: The clauses each law of play (by the name of its function in ``LAWS``) follows from.
CLAUSES = {
    "_wounds_law": "§2.4, §5.8, §9.2",
    "_xp_law": "§5.8, §6",
    "_meter_law": "§3.3, §5.8, §9.2",
    "_battle_law": "§2.2",
    "_treasure_law": "§5.8, §8.4",
}


def position_problems(state: DorasureState) -> tuple[str, ...]:
    """The laws of play ``state`` breaks, one line each; ``()`` if none.

    >>> from boardrules.dorasure import new_game, position_problems
    >>> position_problems(new_game(players=2))
    ()
    """
    problems = []
    for law in LAWS:
        problem = law(state)
        if problem is not None:
            problems.append(f"{problem} (Dorasure {CLAUSES[law.__name__]})")
    return tuple(problems)
