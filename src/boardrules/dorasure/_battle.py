"""The Climactic Battle: its start, the battle chart and Team Combo, the Dragon Retaliation
and the Paladin's Platinum Shield, and the order of battle turns.

Each function is the effect of one move or one automatic task of the agenda (dispatched by
:mod:`boardrules.dorasure._engine`).
"""

from __future__ import annotations

from boardrules.dorasure._state import (
    BATTLE,
    CLAW_BLAST,
    CLAW_MISS,
    GLADIATOR,
    GRAND_MASTER,
    LOST,
    LOWEST,
    P_COMBO,
    PALADIN,
    PRINCE,
    VAMPIRE,
    WEREWOLF,
    WOUND_TWO,
    DorasureMove,
)
from boardrules.dorasure._tasks import (
    ComboEnd,
    Deaths,
    EndTurn,
    Pick,
    Roll,
    Shield,
    Task,
)
from boardrules.dorasure._work import Work
from boardrules.dorasure.tasks.heroes import Gauntlets

__all__ = [
    "battle_end",
    "battle_result",
    "battle_start",
    "claw",
    "combo_end",
    "end_battle_turn",
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
    w.locked = [-1] * len(w.locked)
    if w.treasures():
        for p in w.living():
            if w.hero(p) == GLADIATOR:
                w.heal(p, w.max_health(p))  # Mammoth Meat (not on the Mirage City)
            elif w.hero(p) == PRINCE:
                w.gold[p] += 3
    w.begin_battle_turn(task.seat)


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
    """Team Combo: the hero and up to two on each side roll one die each, from 2."""
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
        w.push(Roll(seat, len(team), P_COMBO), ComboEnd(seat))


def combo_end(w: Work, task: Task) -> None:
    """Team Combo: still 2 hurts every participant; any other total is read again."""
    team = w.party
    w.party = 0
    if w.score == 2:
        w.hurt(task.seat, [(t, 1) for t in range(len(w.health)) if team >> t & 1])
    else:
        battle_result(w, task.seat, w.score)
    lost_if_nobody_lives(w)


def claw(w: Work, task: Task, mv: DorasureMove) -> None:
    """A Retaliation roll; the Paladin may stop it with his Platinum Shield (once)."""
    result = mv.a
    if result == CLAW_MISS:
        return
    paladin = w.rules.seat_of(PALADIN)
    if paladin >= 0 and w.health[paladin] > 0 and w.treasures() and not w.spent >> paladin & 1:
        w.push(Shield(paladin, result))
    else:
        retaliate(w, task.seat, result)


def shield(w: Work, task: Task, mv: DorasureMove) -> None:
    """Platinum Shield: used (once per game), or the Retaliation strikes."""
    if mv.a:
        w.spent |= 1 << task.seat
    else:
        retaliate(w, w.turn, task[2])


def retaliate(w: Work, seat: int, result: int) -> None:
    """The Retaliation Chart: 2-3 blast five heroes, 4-6 the lowest of a roll take 2."""
    if result == CLAW_BLAST:
        w.hurt(seat, [(t, 1) for t in w.blast_targets(seat)])
    else:
        w.push(Pick(seat, LOWEST, WOUND_TWO))


def end_battle_turn(w: Work, seat: int, again: int) -> None:
    """The Werewolf Lord's Gauntlets may give a second turn in a row; else the next living
    hero fights."""
    if again == 0 and w.hero(seat) == WEREWOLF and w.health[seat] > 0 and w.treasures():
        w.push(Gauntlets(seat), EndTurn(seat, 1))
        return
    n = len(w.health)
    nxt = next((seat + k) % n for k in range(1, n + 1) if w.health[(seat + k) % n] > 0)
    w.begin_battle_turn(nxt)
