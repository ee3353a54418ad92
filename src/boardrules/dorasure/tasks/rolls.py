"""§5.2, §6.1, §8.1-§8.2 and §9.9: rolls read on the Adventuring Chart (or the battle chart).

Resources spent for extra dice (``Spend``), the roll itself (``Roll``), the extra
dice of 6s (``Extra``), and the offers made once the whole roll is seen: the Ninja's
Oboro-Gasumi (``Reroll``), the Hunter's Poisoned Bullets (``Bullet``) and the
Grand Master's once-a-game reroll (``MasterReroll``).

>>> from boardrules.dorasure._state import Purpose
>>> from boardrules.dorasure.tasks.rolls import Roll
>>> t = Roll(0, 3, Purpose.QUEST)
>>> t, t.dice, t.purpose
(Roll(seat=0, dice=3, purpose=1), 3, <Purpose.QUEST: 1>)"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from boardrules.dorasure import _heroes
from boardrules.dorasure._dice import EXTRA_DIE, EXTRA_SCORE, score_roll
from boardrules.dorasure._state import (
    BATTLE,
    CHANCE,
    DECISION,
    GRAND_MASTER,
    HUNTER,
    NINJA,
    NO_BULLET,
    P_BATTLE,
    P_COMBO,
    P_QUEST,
    P_REROLLED,
    VAMPIRE,
    ChartRoll,
    ExtraDie,
    Move,
    PoisonBullet,
    Purpose,
    SpendResources,
    Task,
    UseMasterReroll,
    UseReroll,
)
from boardrules.dorasure.tasks._base import (
    MAX_DICE,
    MAX_SCORE,
    once,
    purpose_problem,
    read_later,
    scan,
)

if TYPE_CHECKING:
    from boardrules.dorasure._state import DorasureState, Work

__all__ = ["Bullet", "Extra", "MasterReroll", "Reroll", "Roll", "Spend"]

_REROLL = (UseReroll(True), UseReroll(False))
_MASTER = (UseMasterReroll(True), UseMasterReroll(False))
_BULLETS = tuple(PoisonBullet(i) for i in range(3))
_SPEND = tuple(SpendResources(k) for k in range(64))


class Roll(Task):
    """``dice`` dice read on the Adventuring Chart for ``purpose``."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§5.2"
    SHOWN: ClassVar[str] = "roll"
    SAYS: ClassVar[str] = "a roll read on the Adventuring Chart"
    WORDS: ClassVar[tuple[str, ...]] = ("dice",)
    UNIQUE: ClassVar[bool] = False
    NODE: ClassVar[str] = CHANCE
    IN_TURN: ClassVar[bool] = False
    ROLLS: ClassVar[bool] = True

    def dice_to_come(self) -> int:
        return self.dice

    #: The dice rolled.
    dice: int
    #: Purpose.ADVENTURE, Purpose.QUEST, Purpose.BATTLE, Purpose.REROLLED or Purpose.COMBO.
    purpose: Purpose
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, MAX_DICE), (0, P_COMBO))

    def problem(self, s: DorasureState, i: int) -> str | None:
        return (
            purpose_problem(s, self.purpose, self.seat)
            or read_later(s, i, self.purpose)
            or once(s, i)
        )

    def outcomes(self, s: DorasureState) -> tuple[tuple[Move, Fraction], ...]:
        return score_roll(self.dice)

    def waits(self, w: Work) -> bool:
        """A roll of no dice is read at once."""
        if self.dice > 0:
            return True
        w.todo.pop()
        if self.purpose == P_QUEST:
            _heroes.forget_others(w)  # no dice: the Vampire's quest roll is read at once
        return False

    def play(self, w: Work, mv: Move) -> None:
        """A roll's dice by class: its score, the extra dice owed for its 6s, Blood Magic."""
        assert isinstance(mv, ChartRoll)
        seat, purpose = self.seat, self.purpose
        counts = (mv.ones, mv.low, mv.high, mv.sixes)
        w.roll = counts
        hero = w.hero(seat)
        # The Vampire's own quest dice may kill her: the score before them is kept (with her
        # extra dice) for the case that she is saved and leaves the quest.
        before = w.score if hero == VAMPIRE and purpose == P_QUEST else 0
        score = counts[2] + counts[3] - counts[0]
        w.score += score
        if purpose == P_QUEST:
            _heroes.count_for_others(w, seat, score)
        if purpose != P_COMBO:  # Team Combo: one die each, its modifier only, no extra dice
            w.pending += counts[3]
            _offers(w, seat, purpose, self.dice, hero, before)
        if hero == VAMPIRE and counts[0]:
            _heroes.blood_magic(w, seat, counts[0])


def _offers(w: Work, seat: int, purpose: int, count: int, hero: int, before: int) -> None:
    # The battle treasures are offered once the whole roll, extra dice included, is seen.
    tasks: list[Task] = [Extra(seat, purpose, before)]
    if purpose in (P_BATTLE, P_REROLLED) and w.treasures():
        if purpose == P_BATTLE and hero == NINJA:
            tasks.append(Reroll(seat, count))
        if hero == HUNTER and not w.spent >> seat & 1:
            tasks.append(Bullet(seat))
    if hero == GRAND_MASTER and not w.spent >> len(w.health) & 1:
        tasks.append(MasterReroll(seat, count, purpose))
    w.push(*tasks)


class Extra(Task):
    """The extra dice owed for 6s (``pending``), one at a time.

    ``before`` is kept for the Vampire's quest roll only: the quest's score before her roll,
    what is left of it if her own dice kill her and she is saved (she leaves the quest and
    her dice with her).
    """

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§5.2"
    SHOWN: ClassVar[str] = "extra die"
    SAYS: ClassVar[str] = "the extra die of a 6"
    WORDS: ClassVar[tuple[str, ...]] = ("extra",)
    NODE: ClassVar[str] = CHANCE
    IN_TURN: ClassVar[bool] = False
    EXTRA_DICE: ClassVar[bool] = True
    #: The purpose of the roll whose 6s these are.
    purpose: Purpose
    #: The Vampire's quest roll: the quest's score before it (else 0).
    before: int
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, P_REROLLED), (-MAX_SCORE, MAX_SCORE))

    def problem(self, s: DorasureState, i: int) -> str | None:
        if self.before and (self.purpose != P_QUEST or s.rules.heroes[self.seat] != VAMPIRE):
            return "a score kept before a roll only for the Vampire's quest roll"
        return purpose_problem(s, self.purpose, self.seat) or read_later(s, i, self.purpose)

    def outcomes(self, s: DorasureState) -> tuple[tuple[Move, Fraction], ...]:
        return EXTRA_DIE

    def waits(self, w: Work) -> bool:
        """Waits while extra dice are owed."""
        if w.pending:
            return True
        w.todo.pop()
        if self.purpose == P_QUEST:
            _heroes.forget_others(w)  # the Vampire's quest roll read: no doll can take its damage
        return False

    def play(self, w: Work, mv: Move) -> None:
        """One extra die: -1 on a 1, else +1, and a 6 owes yet another."""
        assert isinstance(mv, ExtraDie)
        seat, result = self.seat, mv.result
        w.todo.append(self)
        w.pending -= 1
        w.score += EXTRA_SCORE[result]
        if self.purpose == P_QUEST:
            _heroes.count_for_others(w, seat, EXTRA_SCORE[result])
        if result == 0 and w.hero(seat) == VAMPIRE:
            _heroes.blood_magic(w, seat, 1)
        if result == 3:
            w.pending += 1
        seen = list(w.roll)
        # The roll is kept by what each die scored: an extra 2-3 scored +1, like a 4-5.
        seen[2 if result == 1 else result] += 1
        w.roll = tuple(seen)


class Spend(Task):
    """Resources for extra dice, then a roll of ``dice`` more for ``purpose``."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§6.1"
    SHOWN: ClassVar[str] = "spends resources for dice"
    SAYS: ClassVar[str] = "{hero} decides how many resources to spend on extra dice"
    WORDS: ClassVar[tuple[str, ...]] = ("spend",)
    UNIQUE: ClassVar[bool] = False
    NODE: ClassVar[str] = DECISION
    IN_TURN: ClassVar[bool] = False
    ROLLS: ClassVar[bool] = True
    PAYS: ClassVar[bool] = True

    def dice_to_come(self) -> int:
        return self.dice

    #: Purpose.ADVENTURE, Purpose.QUEST or Purpose.BATTLE.
    purpose: Purpose
    #: The dice rolled before any are bought.
    dice: int
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, P_BATTLE), (0, MAX_DICE))

    def problem(self, s: DorasureState, i: int) -> str | None:
        seat = self.seat
        most = self.dice + s.resource[seat] + s.gold[seat] + scan(s).added[i]
        if most > MAX_DICE:
            return f"a roll of more than {MAX_DICE} dice"
        return (
            purpose_problem(s, self.purpose, self.seat)
            or read_later(s, i, self.purpose)
            or once(s, i)
        )

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        seat = self.seat
        return _SPEND[: s.resource[seat] + s.gold[seat] + 1]

    def waits(self, w: Work) -> bool:
        """Offered only to a hero with resources; else the roll is made at once."""
        seat = self.seat
        if w.resource[seat] + w.gold[seat] > 0:
            return True
        w.todo[-1] = Roll(seat, self.dice, self.purpose)
        return False

    def play(self, w: Work, mv: Move) -> None:
        """Resources paid for extra dice, then the roll (Thirst for Blood read at the roll)."""
        assert isinstance(mv, SpendResources)
        seat, purpose = self.seat, self.purpose
        before = w.resource[seat]
        w.pay(seat, mv.resources)
        dice = self.dice + mv.resources - _heroes.thirst(w, seat, purpose, before)
        w.push(Roll(seat, dice, purpose))


class Reroll(Task):
    """The Ninja may reroll his ``dice`` battle dice (Oboro-Gasumi)."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§8.1"
    SHOWN: ClassVar[str] = "Oboro-Gasumi reroll?"
    SAYS: ClassVar[str] = "the Ninja decides on Oboro-Gasumi ('reroll' or 'no-reroll')"
    WORDS: ClassVar[tuple[str, ...]] = ("reroll", "no-reroll")
    NODE: ClassVar[str] = DECISION
    PHASES: ClassVar[tuple[int, ...]] = (BATTLE,)
    HERO: ClassVar[int] = NINJA
    #: The dice rerolled.
    dice: int
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, MAX_DICE),)

    def problem(self, s: DorasureState, i: int) -> str | None:
        return read_later(s, i, P_BATTLE)

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return _REROLL

    def play(self, w: Work, mv: Move) -> None:
        """Oboro-Gasumi: the Ninja throws his battle dice afresh."""
        assert isinstance(mv, UseReroll)
        if mv.yes:
            w.score = w.pending = 0
            w.push(Roll(self.seat, self.dice, P_REROLLED))


class Bullet(Task):
    """The Hunter may turn one die of his battle roll into a 6 (Poisoned Bullets)."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§8.2"
    SHOWN: ClassVar[str] = "Poisoned Bullets?"
    SAYS: ClassVar[str] = "the Hunter decides on a Poisoned Bullet"
    WORDS: ClassVar[tuple[str, ...]] = ("bullet", "no-bullet")
    NODE: ClassVar[str] = DECISION
    PHASES: ClassVar[tuple[int, ...]] = (BATTLE,)
    HERO: ClassVar[int] = HUNTER

    def problem(self, s: DorasureState, i: int) -> str | None:
        if s.spent >> self.seat & 1:
            return "the bullet is once per game"
        return read_later(s, i, P_BATTLE)

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return (*(_BULLETS[i] for i in range(3) if s.roll[i]), NO_BULLET)

    def play(self, w: Work, mv: Move) -> None:
        """Poisoned Bullets: one die of the roll (class ``mv.result``) becomes a 6."""
        if not isinstance(mv, PoisonBullet):
            return
        seat = self.seat
        w.spent |= 1 << seat
        w.score += (2, 1, 0)[mv.result]
        w.pending += 1
        # The roll's classes of dice are left as they are: the bullet was their only reader
        # (once per game), and the state clears them (``canonical_roll``).
        w.push(Extra(seat, P_BATTLE))


class MasterReroll(Task):
    """§9.9 once per game the Grand Master may reroll all ``dice`` dice of a roll for
    ``purpose``."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§9.9"
    SHOWN: ClassVar[str] = "reroll all his dice (once per game)?"
    SAYS: ClassVar[str] = "the Grand Master decides on his once-a-game reroll"
    WORDS: ClassVar[tuple[str, ...]] = ("reroll", "no-reroll")
    NODE: ClassVar[str] = DECISION
    HERO: ClassVar[int] = GRAND_MASTER
    IN_TURN: ClassVar[bool] = False
    #: The dice rerolled.
    dice: int
    #: Purpose.ADVENTURE, Purpose.QUEST or Purpose.BATTLE.
    purpose: Purpose
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, MAX_DICE), (0, P_BATTLE))

    def problem(self, s: DorasureState, i: int) -> str | None:
        if s.spent >> s.rules.seats & 1:
            return "the Grand Master's reroll is once per game"
        return purpose_problem(s, self.purpose, self.seat) or read_later(s, i, self.purpose)

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return _MASTER

    def play(self, w: Work, mv: Move) -> None:
        assert isinstance(mv, UseMasterReroll)
        if mv.yes:
            w.spent |= 1 << len(w.health)
            w.score = w.pending = 0
            w.push(Roll(self.seat, self.dice, self.purpose))
