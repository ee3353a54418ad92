"""§3.3: the Roaming Dragon Chart and the roll-offs of the heroes.

>>> from boardrules.dorasure import chance_outcomes, position
>>> from boardrules.testing import play
>>> s = position(["Ninja", "Gladiator"], quests={"g0": "golem"}, meter=2)
>>> s = play(s, "roll 1 1 1 6")  # the 6 moves the token onto a fire icon
>>> s.agenda[0], [(str(m), str(p)) for m, p in chance_outcomes(s)][:2]
(Rampage(seat=0), [('rampage 1', '1/6'), ('rampage 2', '1/6')])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from boardrules.dorasure._dice import RAMPAGE_ROLL, pick_roll
from boardrules.dorasure._state import (
    ADVENTURE,
    CHANCE,
    DRAIN,
    HIGHEST,
    LOWEST,
    TO_CITY,
    WOUND_TWO,
    DorasureState,
    Move,
    RampageDie,
    RollOff,
    Task,
    hero_token,
)

if TYPE_CHECKING:
    from fractions import Fraction

    from boardrules.dorasure._state import Work

__all__ = ["Pick", "Rampage"]

#: The roll-off each other face of the Roaming Dragon Chart calls: (kind, effect).
_RAMPAGE_PICKS = {
    2: (HIGHEST, TO_CITY),
    4: (LOWEST, WOUND_TWO),
    5: (HIGHEST, WOUND_TWO),
    6: (LOWEST, DRAIN),
}


class Rampage(Task):
    """§3.3 One die on the Roaming Dragon Chart: 1 razes Belk (2 damage to the heroes there),
    3 hurts every hero, the other faces call a roll-off."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§3.3"
    SHOWN: ClassVar[str] = "Roaming Dragon Chart roll"
    SAYS: ClassVar[str] = "the Roaming Dragon Chart roll"
    WORDS: ClassVar[tuple[str, ...]] = ("rampage",)
    UNIQUE: ClassVar[bool] = False
    NODE: ClassVar[str] = CHANCE
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)

    def outcomes(self, s: DorasureState) -> tuple[tuple[Move, Fraction], ...]:
        return RAMPAGE_ROLL

    def play(self, w: Work, mv: Move) -> None:
        assert isinstance(mv, RampageDie)
        seat, face = self.seat, mv.face
        if face == 1:
            w.razed = True
            belk = w.rules.board.belk
            w.hurt(seat, [(p, 2) for p in w.living() if w.pos[p] == belk])
        elif face == 3:
            w.hurt(seat, [(p, 1) for p in w.living()])
        else:
            w.push(Pick(seat, *_RAMPAGE_PICKS[face]))


class Pick(Task):
    """§3.3 Every living hero rolls one die: the highest or lowest (``kind``), ties included,
    suffer ``effect``."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§3.3"
    SHOWN: ClassVar[str] = "roll-off"
    SAYS: ClassVar[str] = "a roll-off of the heroes"
    WORDS: ClassVar[tuple[str, ...]] = ("highest", "lowest")
    FRONT: ClassVar[bool] = True
    #: HIGHEST or LOWEST.
    kind: int
    #: TO_CITY, WOUND_TWO or DRAIN.
    effect: int
    NODE: ClassVar[str] = CHANCE
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, 1), (0, 2))

    def outcomes(self, s: DorasureState) -> tuple[tuple[Move, Fraction], ...]:
        rules = s.rules
        heroes = tuple((p, hero_token(rules.hero_name(p))) for p, h in enumerate(s.health) if h > 0)
        return pick_roll(self.kind, heroes)

    def play(self, w: Work, mv: Move) -> None:
        assert isinstance(mv, RollOff)
        chosen = mv.seats
        if self.effect == TO_CITY:
            for p in chosen:
                w.send_home(p)
        elif self.effect == WOUND_TWO:
            w.hurt(self.seat, [(p, 2) for p in chosen])
        else:
            for p in chosen:
                w.resource[p] = 0
