"""The agenda's task classes as the engine uses them: each names its clause, is filed by
the section of the Rules, and the engine's questions (does it wait, does it read a roll,
what dice are still to come) are answered by the class itself."""

from __future__ import annotations

import re

from boardrules.dorasure._state import CHANCE, DECISION, STEP
from boardrules.dorasure.tasks._base import Automatic
from boardrules.dorasure.tasks._registry import TASK_TYPES
from boardrules.dorasure.tasks.battle import BattleEnd, ComboEnd
from boardrules.dorasure.tasks.heroes import Gust, Tune
from boardrules.dorasure.tasks.quests import QuestEnd
from boardrules.dorasure.tasks.rolls import Roll, Spend
from boardrules.dorasure.tasks.turn import AdventureEnd


def test_every_task_names_a_clause_of_the_rules_and_is_filed_in_tasks() -> None:
    for cls in TASK_TYPES:
        assert re.fullmatch(r"§\d+\.\d+", cls.CLAUSE), cls.__name__
        assert cls.__module__.startswith("boardrules.dorasure.tasks."), cls.__name__


def test_an_automatic_step_runs_and_a_node_waits() -> None:
    for cls in TASK_TYPES:
        assert cls.NODE in (CHANCE, DECISION, STEP)
        assert issubclass(cls, Automatic) == (cls.NODE == STEP), cls.__name__


def test_the_readings_of_a_roll_are_the_four_charts() -> None:
    readings = {cls for cls in TASK_TYPES if cls.READS}
    assert readings == {AdventureEnd, QuestEnd, BattleEnd, ComboEnd}


def test_dice_still_to_come_by_the_task_that_adds_them() -> None:
    assert Roll(0, 3, 1).dice_to_come() == 3
    assert Spend(0, 1, 4).dice_to_come() == 4
    assert Gust(0).dice_to_come() == 1  # 1 Ki buys 2 dice: one more than the Ki counts
    assert AdventureEnd(0).dice_to_come() == 0
    assert {cls for cls in TASK_TYPES if cls.PAYS} == {Spend, Tune}
