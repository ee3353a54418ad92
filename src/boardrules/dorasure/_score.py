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
    GRAND_MASTER,
    P_QUEST,
    T_ADVENTURE_END,
    T_BATTLE_END,
    T_BULLET,
    T_COMBO_END,
    T_EXTRA,
    T_GUST,
    T_QUEST_END,
    T_ROLL,
    T_SPEND,
    T_TUNE,
    VAMPIRE,
)
from boardrules.dorasure.tasks._base import doll_may_take_quest_damage
from boardrules.dorasure.tasks.quests import QuestEnd
from boardrules.dorasure.tasks.rolls import Extra

if TYPE_CHECKING:
    from boardrules.dorasure._work import Work

__all__ = ["NO_ROLL", "canonical_roll", "top_line"]

#: The roll of a state where no Poisoned Bullet may change a die.
NO_ROLL = (0, 0, 0, 0)

#: The battle chart's top line (5 or more: 2 wounds); the Grand Master at level 6 reads 4.
_BATTLE_TOP, _MASTER_TOP = 5, 4


def top_line(w: Work, code: int, seat: int, mountain: int) -> int:
    """The least score that the reading ``code`` reads like every higher one."""
    if code == T_ADVENTURE_END:
        return 2  # 2 or higher: 1 EXP
    if code == T_QUEST_END:
        return w.rules.quests[w.quests[mountain]].target - w.flags[mountain]
    if w.hero(seat) == GRAND_MASTER and w.level(seat) == 6:
        return _MASTER_TOP
    return _BATTLE_TOP


_READINGS = frozenset((T_ADVENTURE_END, T_QUEST_END, T_BATTLE_END, T_COMBO_END))


def canonical_roll(w: Work) -> None:
    """Cap the running score, and clear what nothing reads any more (see the module)."""
    dice = w.pending
    payers = 0  # the heroes who may still buy dice for this reading with resources
    bullet = False
    extra = -1  # the roll's Extra task (the Vampire's quest roll keeps the score before it)
    todo = w.todo
    for i in range(len(todo) - 1, -1, -1):
        code, seat, a, b = todo[i]
        if code in _READINGS:
            for p in range(len(w.health)):
                if payers >> p & 1:
                    dice += w.resource[p] + w.gold[p]
            cap = top_line(w, code, seat, a) + dice
            if code == T_QUEST_END:
                _cap_quest(w, i, cap, extra)
            elif w.score > cap:
                w.score = cap
            break
        if code == T_EXTRA:
            extra = i
        elif code == T_ROLL:
            dice += a
        elif code == T_SPEND:
            dice += b
            payers |= 1 << seat
        elif code == T_TUNE:
            payers |= 1 << seat  # the Minstrel's resources buy dice for the ally
        elif code == T_GUST:
            dice += 1  # 1 Ki for 2 dice: one more than his Ki counts
        elif code == T_BULLET:
            bullet = True
    else:
        w.score = w.pending = 0
    if not bullet:
        w.roll = NO_ROLL
    elif w.roll[3] or max(w.roll) > 1:
        r = w.roll
        w.roll = (min(r[0], 1), min(r[1], 1), min(r[2], 1), 0)


def _cap_quest(w: Work, i: int, cap: int, extra: int) -> None:
    """A quest's score at most ``cap``, and the scores kept for heroes who may leave it: the
    score before the Vampire's roll being read (task ``extra``; read if she leaves, without
    her extra dice) and the score without the Shaman's and her dice (the reading ``i``; read
    if his doll takes her damage and he leaves)."""
    todo = w.todo
    _, questing, m, others = todo[i]
    kept = extra >= 0 and todo[extra][2] == P_QUEST and w.hero(todo[extra][1]) == VAMPIRE
    doll = doll_may_take_quest_damage(w.rules, w.party, w.rewards, todo[i + 1 :])
    if kept and doll:
        # Her roll while his doll may take its damage: the score is also read less his dice
        # (itself less the score before her roll, plus the others'), so it keeps that much
        # more; the scores kept are those of her roll's start.
        cap += max(0, todo[extra][3] - others)
    elif kept:
        _, vampire, purpose, before = todo[extra]
        if before > cap - w.pending:
            todo[extra] = Extra(vampire, purpose, cap - w.pending)
    elif doll and others > cap:
        todo[i] = QuestEnd(questing, m, cap)
    if w.score > cap:
        w.score = cap
