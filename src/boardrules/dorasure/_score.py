"""The running score of a roll, kept canonical so that Dorasure's state graphs are finite.

A roll read on the Adventuring Chart (or the battle chart) keeps its score so far in the
state while extra dice are owed.  The extra dice of 6s chain without limit, so without a
bound a run of 6s would give a new state at every die.  But the chart is read only up to a
top line (2 for an adventure, the quest's score still missing, 5 in the battle, 4 for the
Grand Master at level 6), and the score can still fall by at most one per die to come:
each pending extra die (a chain of 6s ends in -1 at worst) and each die of a roll still to
be made in the same reading (the later participants of a quest, dice bought with
resources, a Team Combo die).  So every score at or above ``top + dice still to come``
reads the same whatever the dice do, and the state stores that cap instead: two states no
rule can tell apart are equal.

The Vampire's quest roll also keeps the score before it (in its ``Extra`` task): if her
own dice kill her and she is saved, she leaves the quest with them, and that score is read
instead, with the dice still to come but hers; it is capped the same way.  While the
Shaman's doll may take the damage of her quest roll, the quest's ``QuestEnd`` task keeps the
score without his dice and hers (read if he dies of it and leaves), capped like the score;
during her roll the score then keeps room for being read less his dice.

Likewise a score, pending count or roll that nothing will read any more is 0, and the roll's
class counts matter only while a Poisoned Bullet may still turn one of its dice into a 6
(and then only whether each class occurs).

>>> from boardrules.dorasure import position, apply_move, legal_moves
>>> s = position(["Ninja", "Gladiator"], quests={"g0": "golem"}, at={"Ninja": "c1"},
...              step="act")
>>> def play(s, text):
...     return apply_move(s, next(m for m in legal_moves(s) if str(m) == text))
>>> s = play(play(s, "adventure"), "dice 66")
>>> s.score, s.pending
(2, 2)
>>> for _ in range(50):
...     s = play(s, "extra 6")
>>> s.score, s.pending  # at or above 2 + 2 the adventure reads the same
(4, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardrules.dorasure._state import (
    VAMPIRE,
)
from boardrules.dorasure.tasks._base import doll_may_take_quest_damage
from boardrules.dorasure.tasks.quests import QuestEnd
from boardrules.dorasure.tasks.rolls import Bullet, Extra

if TYPE_CHECKING:
    from boardrules.dorasure._state import Work

__all__ = ["NO_ROLL", "canonical_roll"]

#: The roll of a state where no Poisoned Bullet may change a die.
NO_ROLL = (0, 0, 0, 0)


def canonical_roll(w: Work) -> None:
    """Cap the running score, and clear what nothing reads any more (see the module)."""
    i, dice, payers, bullet, extra = _to_come(w)
    if i is None:
        w.score = w.pending = 0
    else:
        reading = w.todo[i]
        for p in range(len(w.health)):
            if payers >> p & 1:
                dice += w.resource[p] + w.gold[p]
        cap = reading.top_line(w) + dice
        if type(reading) is QuestEnd:
            _cap_quest(w, i, cap, extra)
        else:
            w.score = min(w.score, cap)
    if bullet:
        r = w.roll
        w.roll = (min(r[0], 1), min(r[1], 1), min(r[2], 1), 0)
    else:
        w.roll = NO_ROLL


def _to_come(w: Work) -> tuple[int | None, int, int, bool, int | None]:
    """Before the reading of the roll being made: the reading's index in ``w.todo`` (None:
    none), the dice still to come (extra dice owed included), the heroes who may still buy
    dice with resources (bits by seat), whether a Poisoned Bullet may still change a die,
    and the index of the roll's ``Extra`` task (None: none)."""
    dice = w.pending
    payers = 0
    bullet = False
    extra = None
    todo = w.todo
    for i in range(len(todo) - 1, -1, -1):
        task = todo[i]
        kind = type(task)
        if kind.READS:
            return i, dice, payers, bullet, extra
        if kind is Extra:
            extra = i
        elif kind is Bullet:
            bullet = True
        else:
            dice += task.dice_to_come()
            if kind.PAYS:
                payers |= 1 << task.seat
    return None, dice, payers, bullet, extra


def _cap_quest(w: Work, i: int, cap: int, extra: int | None) -> None:
    """A quest's score at most ``cap``, and the scores kept for heroes who may leave it: the
    score before the Vampire's roll being read (task ``extra``; read if she leaves, without
    her extra dice) and the score without the Shaman's and her dice (the reading ``i``; read
    if his doll takes her damage and he leaves)."""
    todo = w.todo
    reading = todo[i]
    assert isinstance(reading, QuestEnd)
    doll = doll_may_take_quest_damage(w.rules, w.party, w.rewards, todo[i + 1 :])
    # An extra die above a quest's reading is of a quest roll (the laws of the agenda); only
    # the Vampire's roll keeps the score before it.
    roll = None if extra is None else todo[extra]
    if isinstance(roll, Extra) and w.hero(roll.seat) == VAMPIRE:
        if doll:
            # Her roll while his doll may take its damage: the score is also read less his
            # dice (itself less the score before her roll, plus the others'), so it keeps
            # that much more; the scores kept are those of her roll's start.
            cap += max(0, roll.before - reading.others)
        else:
            assert extra is not None  # the index of ``roll``
            todo[extra] = Extra(roll.seat, roll.purpose, min(roll.before, cap - w.pending))
    elif doll:
        todo[i] = QuestEnd(reading.seat, reading.mountain, min(reading.others, cap))
    w.score = min(w.score, cap)
