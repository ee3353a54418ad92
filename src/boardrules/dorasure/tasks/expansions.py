"""§9.1-§9.2: the rules of a game of 6 to 11 heroes, Special Chance and Quest Replenishing.

>>> from boardrules.dorasure import chance_outcomes, new_game
>>> from boardrules.testing import play
>>> s = play(new_game(players=6), "quest-tile golem", "roll 2 3 4 6")
>>> s.agenda[0], [(str(m), str(p)) for m, p in chance_outcomes(s)]
(Special(seat=0), [('special meter', '1/2'), ('special hurt', '1/2')])
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from boardrules.dorasure._state import (
    ADVENTURE,
    CHANCE,
    DorasureState,
    Move,
    SpecialRoll,
    Task,
    put,
)
from boardrules.dorasure.tasks._base import Automatic

if TYPE_CHECKING:
    from boardrules.dorasure._state import Work

__all__ = ["SPECIAL_ROLL", "Replenish", "Special"]

#: Special Chance (6-11 heroes): a 6 of the movement roll rolls again; 1-3 the dragon token
#: moves up, 4-6 the current hero takes 1 damage instead.
SPECIAL_ROLL: tuple[tuple[Move, Fraction], ...] = (
    (SpecialRoll(False), Fraction(1, 2)),
    (SpecialRoll(True), Fraction(1, 2)),
)


class Special(Task):
    """§9.1 Special Chance: with 6 or more heroes each 6 of a movement roll rolls one die:
    1-3 the dragon token moves up, 4-6 the hero in turn takes 1 damage instead."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§9.1"
    SHOWN: ClassVar[str] = "Special Chance roll"
    SAYS: ClassVar[str] = "the Special Chance roll"
    WORDS: ClassVar[tuple[str, ...]] = ("special",)
    UNIQUE: ClassVar[bool] = False
    NODE: ClassVar[str] = CHANCE
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)

    def problem(self, s: DorasureState, i: int) -> str | None:
        return None if s.rules.crowd else "Special Chance needs 6 or more heroes"

    def outcomes(self, s: DorasureState) -> tuple[tuple[Move, Fraction], ...]:
        return SPECIAL_ROLL

    def play(self, w: Work, mv: Move) -> None:
        assert isinstance(mv, SpecialRoll)
        seat = self.seat
        if mv.hurt:
            w.hurt(seat, [(seat, 1)])
        else:
            w.advance_meter(seat, 1)


class Replenish(Automatic):
    """§9.2 Quest Replenishing: with 6 or more heroes, at the third rampage each solved
    mountain gets a new face-down quest from the unused tiles while unused tiles are left;
    the solved tile leaves the game.  Like every face-down tile, the new quest is drawn
    when it is turned up."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§9.2"
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)

    def problem(self, s: DorasureState, i: int) -> str | None:
        return None if s.rules.crowd else "Quest Replenishing needs 6 or more heroes"

    def run(self, w: Work) -> None:
        quests = w.rules.quests
        unused = [t for t in range(len(quests)) if t not in w.quests and t not in w.retired]
        free = len(unused) - w.quests.count(-1)
        for m, reward in enumerate(w.rewards):
            if reward >= 0 and w.renewed[m] == 0 and free > 0:
                free -= 1
                w.retired = tuple(sorted((*w.retired, w.quests[m])))
                w.quests = put(w.quests, m, -1)
                w.renewed = put(w.renewed, m, 1)
                w.flags = put(w.flags, m, 0)
