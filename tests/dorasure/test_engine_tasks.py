"""The agenda's task classes as the engine uses them: each names its clause, is filed by
the section of the Rules, and the engine's questions (does it wait, does it read a roll,
what dice are still to come) are answered by the class itself."""

from __future__ import annotations

import re

import pytest

from boardrules.dorasure import DorasureState, apply_move, position
from boardrules.dorasure._data import HERO_ORDER
from boardrules.dorasure._engine import settle
from boardrules.dorasure._state import CHANCE, DECISION, PASS, STEP
from boardrules.dorasure._work import Thawed
from boardrules.dorasure.tasks._base import Automatic
from boardrules.dorasure.tasks._registry import TASK_TYPES
from boardrules.dorasure.tasks.battle import BattleEnd, ComboEnd
from boardrules.dorasure.tasks.heroes import Gust, Tune
from boardrules.dorasure.tasks.moving import MoveRoll
from boardrules.dorasure.tasks.quests import QuestEnd
from boardrules.dorasure.tasks.rolls import Roll, Spend
from boardrules.dorasure.tasks.turn import AdventureEnd
from dorasure_helpers import FACE_UP


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


def _slow_pass(s: DorasureState) -> DorasureState:
    """The state after a pass by the working copy and the tasks' own rules (no quick path)."""
    w = Thawed(s)
    w.todo.pop().play(w, PASS)
    settle(w)
    return w.freeze()


# The heroes who do something when their own Adventure Phase turn ends (Hero's Song) or
# starts (the Prince's servants, Strength of the Wild, Voodoo, Magic, Mana).
_AT_TURN_END = {"Minstrel"}
_AT_TURN_START = {"Prince", "Werewolf", "Shaman", "Magician", "Grand Master"}


@pytest.mark.parametrize("ending", [h for h in HERO_ORDER if h != "Grand Master"])
def test_a_pass_ends_the_turn_as_the_full_rules_do_without_the_working_copy(ending: str) -> None:
    # Act's quick path makes the next turn at once unless a hero acts at the turn's end or
    # the next one's start; each pair of heroes, hurt, beside each other, the Werewolf in
    # Lycan form (EXP 3), the Prince with no servants.
    for nxt in HERO_ORDER:
        if nxt in (ending, "Grand Master"):
            continue
        s = position(
            (ending, nxt),
            quests=FACE_UP,
            at={ending: "c3", nxt: "c4"},
            health={ending: 1, nxt: 1},
            resource={ending: 0, nxt: 0},
            xp={ending: 3, nxt: 3},
            turn=ending,
            step="act",
        )
        quick = s.agenda[0].quick(s, PASS)
        assert (quick is None) == (ending in _AT_TURN_END or nxt in _AT_TURN_START), nxt
        after = apply_move(s, PASS)
        other = 1 - s.turn
        assert after == _slow_pass(s) and after.agenda[0] == MoveRoll(other) == MoveRoll(after.turn)
        assert quick is None or quick == after, nxt


def test_a_pass_of_the_solo_grand_master_starts_his_next_turn_with_mana() -> None:
    s = position(("Grand Master",), quests=FACE_UP, resource={"Grand Master": 0}, step="act")
    assert s.agenda[0].quick(s, PASS) is None
    after = apply_move(s, PASS)
    assert after == _slow_pass(s) and after.resource == (1,) and after.turn == 0
