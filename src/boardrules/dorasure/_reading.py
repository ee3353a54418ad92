"""Rolls read on the Adventuring Chart, in both phases: spending resources for dice, the
roll itself, the extra dice of 6s, and the offers made once the whole roll is seen (the
Ninja's and the Grand Master's rerolls, the Hunter's Poisoned Bullets).

Each function here is the effect of one move at a task of the agenda (see
:mod:`boardrules.dorasure._engine`, which dispatches to them).
"""

from __future__ import annotations

from boardrules.dorasure import _heroes
from boardrules.dorasure._dice import EXTRA_SCORE, decode_counts
from boardrules.dorasure._state import (
    GRAND_MASTER,
    HUNTER,
    NINJA,
    P_BATTLE,
    P_COMBO,
    P_QUEST,
    P_REROLLED,
    VAMPIRE,
    DorasureMove,
)
from boardrules.dorasure._tasks import Bullet, Extra, Reroll, Roll, Spend, Task
from boardrules.dorasure._work import Work
from boardrules.dorasure.tasks.heroes import MasterReroll

__all__ = ["bullet", "extra_die", "rerolled", "rolled", "spent"]


def rolled(w: Work, task: Task, mv: DorasureMove) -> None:
    """A roll's dice by class: its score, the extra dice owed for its 6s, Blood Magic."""
    assert isinstance(task, Roll)
    seat, purpose = task.seat, task.purpose
    counts = decode_counts(mv.a)
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
        _offers(w, seat, purpose, task.dice, hero, before)
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


def extra_die(w: Work, task: Task, mv: DorasureMove) -> None:
    """One extra die: -1 on a 1, else +1, and a 6 owes yet another."""
    w.todo.append(task)
    w.pending -= 1
    w.score += EXTRA_SCORE[mv.a]
    if task[2] == P_QUEST:
        _heroes.count_for_others(w, task.seat, EXTRA_SCORE[mv.a])
    if mv.a == 0 and w.hero(task.seat) == VAMPIRE:
        _heroes.blood_magic(w, task.seat, 1)
    if mv.a == 3:
        w.pending += 1
    seen = list(w.roll)
    # The roll is kept by what each die scored: an extra 2-3 scored +1, like a 4-5.
    seen[2 if mv.a == 1 else mv.a] += 1
    w.roll = tuple(seen)


def spent(w: Work, task: Task, mv: DorasureMove) -> None:
    """Resources paid for extra dice, then the roll (Thirst for Blood read at the roll)."""
    assert isinstance(task, Spend)
    seat = task.seat
    before = w.resource[seat]
    w.pay(seat, mv.a)
    dice = task.dice + mv.a - _heroes.thirst(w, seat, task.purpose, before)
    w.push(Roll(seat, dice, task.purpose))


def rerolled(w: Work, task: Task, mv: DorasureMove) -> None:
    """Oboro-Gasumi: the Ninja throws his battle dice afresh."""
    if mv.a:
        w.score = w.pending = 0
        w.push(Roll(task.seat, task[2], P_REROLLED))


def bullet(w: Work, task: Task, mv: DorasureMove) -> None:
    """Poisoned Bullets: one die of the roll (class ``mv.a``) becomes a 6."""
    if mv.a < 0:
        return
    w.spent |= 1 << task.seat
    w.score += (2, 1, 0)[mv.a]
    w.pending += 1
    changed = list(w.roll)
    changed[mv.a] -= 1
    changed[3] += 1
    w.roll = tuple(changed)
    w.push(Extra(task.seat, P_BATTLE))
