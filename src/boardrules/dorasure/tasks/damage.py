"""§2.3 and §6.1: damage, paying it with resources, the deaths it causes and the survival roll.

One cause of damage pushes an ``Absorb`` per hero hurt (``Work.hurt``) and one
``Deaths`` check after them; in the Adventure Phase a death calls for the shared
``Survival`` roll, which saves every dying hero on a 6."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, cast

from boardrules.dorasure import _heroes
from boardrules.dorasure._dice import (
    survival_roll,
)
from boardrules.dorasure._state import (
    ADVENTURE,
    CHANCE,
    DECISION,
    LOST,
    P_QUEST,
    SHAMAN,
    VAMPIRE,
    AbsorbDamage,
    Move,
    SurvivalRoll,
    Task,
    put,
)
from boardrules.dorasure.tasks._base import (
    Automatic,
    QuestReading,
    deaths_later,
    reading_battle_roll,
)
from boardrules.dorasure.tasks.rolls import Extra, Roll, Spend

if TYPE_CHECKING:
    from boardrules.dorasure._state import DorasureState, Work

__all__ = ["Absorb", "Deaths", "Survival"]

_ABSORB = tuple(AbsorbDamage(k) for k in range(64))


class Survival(Task):
    """The shared survival roll after a death in the Adventure Phase."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§2.3"
    SHOWN: ClassVar[str] = "survival roll"
    SAYS: ClassVar[str] = "the survival roll"
    WORDS: ClassVar[tuple[str, ...]] = ("survival",)
    FRONT: ClassVar[bool] = True
    NODE: ClassVar[str] = CHANCE
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)
    IN_TURN: ClassVar[bool] = False

    def problem(self, s: DorasureState, i: int) -> str | None:
        return None if 0 in s.health else "a survival roll with nobody dying"

    def outcomes(self, s: DorasureState) -> tuple[tuple[Move, Fraction], ...]:
        return survival_roll(len(s.health))

    def play(self, w: Work, mv: Move) -> None:
        """All dying heroes are saved by a 6: home at full health, their resources at 0, and
        out of the quest they were taking part in.  No 6: the game is lost."""
        assert isinstance(mv, SurvivalRoll)
        if not mv.saved:
            w.phase = LOST
            return
        for p, h in enumerate(w.health):
            if h == 0:
                w.send_home(p)
                w.health[p] = w.max_health(p)
                w.resource[p] = 0
                w.gold = put(w.gold, p, 0)
                if w.party >> p & 1:
                    _leave_quest(w, p)


def _leave_quest(w: Work, p: int) -> None:
    """A hero saved during a quest is a fresh start: he takes no further part in it.  He
    rolls no more dice (a roll of his being read leaves with its dice, the score going back
    to what it was before it; his extra dice are not rolled), gains no EXP from it and its
    failure effect does not touch him."""
    kept = _heroes.doll_reading(w)
    if kept >= 0 and w.hero(p) == SHAMAN:
        _without_the_shaman(w, kept)
    w.party &= ~(1 << p)
    todo = w.todo
    for i in range(len(todo) - 1, -1, -1):
        task = todo[i]
        if P_QUEST in task.PURPOSES:  # the quest's reading
            break
        if isinstance(task, Extra) and task.seat == p:
            w.score, w.pending = task.before, 0
            del todo[i]
        elif (isinstance(task, (Spend, Roll)) and task.seat == p) or task.adds(w.resource)[0] == p:
            del todo[i]
    _heroes.forget_others(w)


def _without_the_shaman(w: Work, kept: int) -> None:
    """The Shaman died of the Vampire's quest damage taken with his doll: the score goes
    back to the dice of the others (kept by the quest's reading), plus hers so far."""
    todo = w.todo
    reading = cast("QuestReading", todo[kept])  # pragma: no mutate (the cast informs mypy only)
    others = reading.others
    for i in range(len(todo) - 1, kept, -1):
        task = todo[i]
        if isinstance(task, Extra) and w.hero(task.seat) == VAMPIRE:
            seat, purpose, before = task.seat, task.purpose, task.before
            w.score += others - before
            todo[i] = Extra(seat, purpose, others)  # what is left if she leaves too
            return
    w.score = others


class Absorb(Task):
    """The hero in ``seat`` may pay some of ``damage`` with resources."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§6.1"
    SHOWN: ClassVar[str] = "pays damage with resources?"
    SAYS: ClassVar[str] = "{hero} decides how much damage to pay with resources"
    WORDS: ClassVar[tuple[str, ...]] = ("absorb",)
    UNIQUE: ClassVar[bool] = False
    NODE: ClassVar[str] = DECISION
    IN_TURN: ClassVar[bool] = False
    #: The damage dealt.
    damage: int
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((1, 99),)

    def problem(self, s: DorasureState, i: int) -> str | None:
        return deaths_later(s, i)

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        seat = self.seat
        return _ABSORB[: min(self.damage, s.resource[seat] + s.gold[seat]) + 1]

    def waits(self, w: Work) -> bool:
        """Damage waits for the choice of how much to pay only if the hero can pay some."""
        seat = self.seat
        if w.health[seat] > 0 and w.resource[seat] + w.gold[seat] > 0:
            return True
        w.todo.pop()
        w.health[seat] = max(0, w.health[seat] - self.damage)
        return False

    def play(self, w: Work, mv: Move) -> None:
        """The hero pays ``mv.resources`` of the damage with resources and takes the rest."""
        assert isinstance(mv, AbsorbDamage)
        seat = self.seat
        w.pay(seat, mv.resources)
        w.health[seat] = max(0, w.health[seat] - (self.damage - mv.resources))


class Deaths(Automatic):
    """Deaths are checked once after one cause of damage."""

    __slots__ = ()
    UNIQUE: ClassVar[bool] = False
    CLAUSE: ClassVar[str] = "§2.3"
    IN_TURN: ClassVar[bool] = False
    CHECKS_DEATHS: ClassVar[bool] = True

    def run(self, w: Work) -> None:
        """A death in the Adventure Phase calls for the survival roll; in the battle, the
        battle is lost when nobody lives (unless a battle roll is still to be read)."""
        if w.phase == ADVENTURE:
            if 0 in w.health:
                w.push(Survival(self.seat))
        elif not w.living() and not reading_battle_roll(w.todo):
            w.phase = LOST
