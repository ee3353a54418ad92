"""The tasks of Dorasure's agenda, by their old module name (kept for imports made before
the tasks were filed by the section of the Rules in ``tasks/``).

A task is the tuple ``(code, seat, a, b)`` that the JSON stores (so it stays small,
hashable and equal to that row), but each kind is its own class naming ``a`` and ``b``
(``Roll(seat, dice, purpose)``: ``task.dice``).

>>> from boardrules.dorasure._tasks import P_QUEST, T_ROLL, Roll
>>> t = Roll(0, 3, P_QUEST)
>>> t, t.dice, t == (T_ROLL, 0, 3, P_QUEST)
(Roll(seat=0, dice=3, purpose=1), 3, True)
"""

from __future__ import annotations

from boardrules.dorasure._state import CHANCE, DECISION, P_QUEST, STEP, T_ROLL, Task
from boardrules.dorasure.tasks._base import (
    MAX_DICE,
    MAX_SCORE,
    Automatic,
    deaths_later,
    doll_may_take_quest_damage,
    next_task,
    purpose_problem,
    read_later,
)
from boardrules.dorasure.tasks.damage import Absorb, Deaths, Survival
from boardrules.dorasure.tasks.quests import (
    AfterQuest,
    Ask,
    QuestEnd,
    QuestRolls,
    QuestStart,
    Reply,
    RevealQuest,
    RevealReward,
)
from boardrules.dorasure.tasks.rolls import Bullet, Extra, Reroll, Roll, Spend
from boardrules.dorasure.tasks.turn import AdventureEnd, EndTurn, Hardened

__all__ = [
    "CHANCE",
    "DECISION",
    "MAX_DICE",
    "MAX_SCORE",
    "P_QUEST",
    "STEP",
    "T_ROLL",
    "Absorb",
    "AdventureEnd",
    "AfterQuest",
    "Ask",
    "Automatic",
    "Bullet",
    "Deaths",
    "EndTurn",
    "Extra",
    "Hardened",
    "QuestEnd",
    "QuestRolls",
    "QuestStart",
    "Reply",
    "Reroll",
    "RevealQuest",
    "RevealReward",
    "Roll",
    "Spend",
    "Survival",
    "Task",
    "deaths_later",
    "doll_may_take_quest_damage",
    "next_task",
    "purpose_problem",
    "read_later",
]
