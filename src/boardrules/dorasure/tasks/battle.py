"""§7 and §8.5: the Climactic Battle: its start, the battle chart and Team Combo, the Dragon
Retaliation and the Paladin's Platinum Shield, and the order of battle turns.

Each task class holds its clause, where it stands, its outcomes or moves and what happens;
the functions below are their effects (and the end of a battle turn, which the engine's end
of turn calls).

>>> from boardrules.dorasure import chance_outcomes, position
>>> from boardrules.testing import play
>>> s = position(["Ninja", "Gladiator"], quests={"g0": "golem"}, step="battle", wounds=1,
...              dragon={"claws": [2, 4]})
>>> s = play(s, "dice +6", "extra 0")  # 2 wounds: the second claw box is reached
>>> s.agenda[0], [(str(m), str(p)) for m, p in chance_outcomes(s)]
(Claw(seat=0), [('claw miss', '1/6'), ('claw blast', '1/3'), ('claw slash', '1/2')])
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from boardrules.dorasure._dice import CLAW_ROLL
from boardrules.dorasure._state import (
    ADVENTURE,
    BATTLE,
    CHANCE,
    CLAW_BLAST,
    CLAW_MISS,
    DECISION,
    GLADIATOR,
    GRAND_MASTER,
    LOST,
    LOWEST,
    P_BATTLE,
    P_COMBO,
    P_REROLLED,
    PALADIN,
    PRINCE,
    VAMPIRE,
    WOUND_TWO,
    ClawRoll,
    DorasureState,
    Move,
    Purpose,
    Task,
    UseShield,
    put,
)
from boardrules.dorasure.tasks._base import Automatic
from boardrules.dorasure.tasks.damage import Deaths
from boardrules.dorasure.tasks.dragon import Pick
from boardrules.dorasure.tasks.rolls import Roll

if TYPE_CHECKING:
    from boardrules.dorasure._state import Work

__all__ = [
    "BattleEnd",
    "BattleStart",
    "Claw",
    "ComboEnd",
    "Shield",
    "battle_end",
    "battle_result",
    "battle_start",
    "claw",
    "combo_end",
    "lost_if_nobody_lives",
    "retaliate",
    "shield",
]


def battle_start(w: Work, task: Task) -> None:
    """Phase two: Mammoth Meat and True Wealth take effect, then ``seat`` fights first."""
    w.phase = BATTLE
    w.todo.clear()
    w.dice = ()
    w.party = 0
    w.locked = (-1,) * len(w.locked)
    if w.treasures():
        for p in w.living():
            if w.hero(p) == GLADIATOR:
                w.heal(p, w.max_health(p))  # Mammoth Meat (not on the Mirage City)
            elif w.hero(p) == PRINCE:
                w.gold = put(w.gold, p, w.gold[p] + 3)
    w.begin_battle_turn(task.seat)


def battle_top(w: Work, seat: int) -> int:
    """The battle chart's top line: 5 or more is 2 wounds; the Grand Master at level 6 reads
    4 like 5."""
    return 4 if w.hero(seat) == GRAND_MASTER and w.level(seat) == 6 else 5


def lost_if_nobody_lives(w: Work) -> None:
    """The battle is lost once every hero is dead."""
    if w.phase == BATTLE and not w.living():
        w.phase = LOST


def battle_end(w: Work, task: Task) -> None:
    """The battle chart, read for the roll's score."""
    battle_result(w, task.seat, w.score)
    lost_if_nobody_lives(w)


def battle_result(w: Work, seat: int, total: int) -> None:
    """The battle chart, read for ``total``."""
    if total <= -1:
        w.health[seat] = 0
        w.push(Deaths(seat))
    elif total == 0:
        w.hurt(seat, [(seat, 4)])
    elif total == 1:
        w.hurt(seat, [(t, 1) for t in w.blast_targets(seat)])
    elif total == 2:
        _team_combo(w, seat)
    elif total == 3:
        w.wound_dragon(seat, 1)
        if w.phase == BATTLE:
            w.hurt(seat, [(seat, 1)])
    elif total == 4 and not (w.hero(seat) == GRAND_MASTER and w.level(seat) == 6):
        w.wound_dragon(seat, 1)
    else:
        # 5+, or 4+ by the Grand Master at level 6.
        w.wound_dragon(seat, 2)


def _team_combo(w: Work, seat: int) -> None:
    """Team Combo: the hero and up to two living heroes on each side roll one die each,
    from 2; a dead hero in turn takes no part (and rolls no die)."""
    team = w.blast_targets(seat)
    w.party = sum(1 << t for t in team)
    w.score, w.pending = 2, 0
    vampire = w.rules.seat_of(VAMPIRE)
    if vampire in team:
        # Her own die is rolled apart: its 1 costs her Blood (Blood Magic).
        others = [t for t in team if t != vampire]
        w.push(
            Roll(others[0] if others else seat, len(others), P_COMBO),
            Roll(vampire, 1, P_COMBO),
            ComboEnd(seat),
        )
    else:
        # A hero in turn who died of his own attack (the Vampire's Blood Magic) is out of the
        # team: one of its living heroes rolls the dice, so none of them is read as hers.
        roller = seat if seat in team or not team else team[0]
        w.push(Roll(roller, len(team), P_COMBO), ComboEnd(seat))


def combo_end(w: Work, task: Task) -> None:
    """Team Combo: still 2 hurts every participant; any other total is read again."""
    team = w.party
    w.party = 0
    if w.score == 2:
        w.hurt(task.seat, [(t, 1) for t in range(len(w.health)) if team >> t & 1])
    else:
        battle_result(w, task.seat, w.score)
    lost_if_nobody_lives(w)


def claw(w: Work, task: Task, mv: Move) -> None:
    """A Retaliation roll; the Paladin may stop it with his Platinum Shield (once)."""
    assert isinstance(mv, ClawRoll)
    result = mv.result
    if result == CLAW_MISS:
        return
    paladin = w.rules.seat_of(PALADIN)
    if paladin >= 0 and w.health[paladin] > 0 and w.treasures() and not w.spent >> paladin & 1:
        w.push(Shield(paladin, result))
    else:
        retaliate(w, task.seat, result)


def shield(w: Work, task: Task, mv: Move) -> None:
    """Platinum Shield: used (once per game), or the Retaliation strikes."""
    assert isinstance(mv, UseShield) and isinstance(task, Shield)
    if mv.yes:
        w.spent |= 1 << task.seat
    else:
        retaliate(w, w.turn, task.result)


def retaliate(w: Work, seat: int, result: int) -> None:
    """The Retaliation Chart: 2-3 blast five heroes, 4-6 the lowest of a roll take 2."""
    if result == CLAW_BLAST:
        w.hurt(seat, [(t, 1) for t in w.blast_targets(seat)])
    else:
        w.push(Pick(seat, LOWEST, WOUND_TWO))


# -- the tasks --------------------------------------------------------------------------------


class BattleStart(Automatic):
    """§2.2 The Climactic Battle begins with this hero (Mammoth Meat and True Wealth first)."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§2.2"
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)
    OPENS: ClassVar[bool] = True

    def run(self, w: Work) -> None:
        battle_start(w, self)


class BattleEnd(Automatic):
    """§7.1 The battle chart's result of the hero's Combat roll."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§7.1"
    PHASES: ClassVar[tuple[int, ...]] = (BATTLE,)
    READS: ClassVar[bool] = True
    PURPOSES: ClassVar[tuple[Purpose, ...]] = (P_BATTLE, P_REROLLED)

    def top_line(self, w: Work) -> int:
        return battle_top(w, self.seat)

    def run(self, w: Work) -> None:
        battle_end(w, self)


class ComboEnd(Automatic):
    """§7.2 The Team Combo's result."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§7.2"
    PHASES: ClassVar[tuple[int, ...]] = (BATTLE,)
    READS: ClassVar[bool] = True
    PURPOSES: ClassVar[tuple[Purpose, ...]] = (P_COMBO,)

    def top_line(self, w: Work) -> int:
        return battle_top(w, self.seat)

    def run(self, w: Work) -> None:
        combo_end(w, self)


class Claw(Task):
    """§7.3 The Dragon Retaliation roll."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§7.3"
    SHOWN: ClassVar[str] = "Retaliation roll"
    SAYS: ClassVar[str] = "the Retaliation roll"
    WORDS: ClassVar[tuple[str, ...]] = ("claw",)
    UNIQUE: ClassVar[bool] = False
    NODE: ClassVar[str] = CHANCE
    PHASES: ClassVar[tuple[int, ...]] = (BATTLE,)

    def outcomes(self, s: DorasureState) -> tuple[tuple[Move, Fraction], ...]:
        return CLAW_ROLL

    def play(self, w: Work, mv: Move) -> None:
        claw(w, self, mv)


class Shield(Task):
    """§8.5 Platinum Shield: once per game the Paladin may stop a Retaliation ``result``
    (blast or slash)."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§8.5"
    SHOWN: ClassVar[str] = "Platinum Shield?"
    SAYS: ClassVar[str] = "the Paladin decides on the Platinum Shield"
    WORDS: ClassVar[tuple[str, ...]] = ("shield", "no-shield")
    FRONT: ClassVar[bool] = True
    NODE: ClassVar[str] = DECISION
    PHASES: ClassVar[tuple[int, ...]] = (BATTLE,)
    HERO: ClassVar[int] = PALADIN
    IN_TURN: ClassVar[bool] = False
    #: CLAW_BLAST or CLAW_SLASH.
    result: int
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((1, 2),)
    _CHOICES = (UseShield(True), UseShield(False))

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return self._CHOICES

    def play(self, w: Work, mv: Move) -> None:
        shield(w, self, mv)
