"""Dorasure §6 Resources, health and experience: resources as dice and as payment (§6.1), the
XP track and levels (§6.2).

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

import pytest

import boardrules as br
from boardrules.dorasure import chance_outcomes, current_player, position
from dorasure_helpers import FACE_UP, at, play, quest, texts


def test_resources_add_one_die_each_spent_before_the_roll() -> None:
    s = at({"Ninja": "c1"}, step="act", resource={"Ninja": 2})
    s = play(s, "adventure")
    assert texts(s) == ["spend 0", "spend 1", "spend 2"]
    s = play(s, "spend 2")
    assert s.resource[0] == 0 and len(texts(s)) == 35  # 4 dice


def test_resources_pay_for_damage_one_for_one() -> None:
    s = at({}, step="roll", meter=2, resource={"Ninja": 2})
    s = play(s, "roll 2 3 4 6", "rampage 5", "highest Ninja")
    assert texts(s) == ["absorb 0", "absorb 1", "absorb 2"] and current_player(s) == 0
    s = play(s, "absorb 1")
    assert s.health[0] == 4 and s.resource[0] == 1


def test_levels_follow_the_exp_track() -> None:
    levels = [at({}, xp={"Ninja": x}).level(0) for x in range(9)]
    assert levels == [1, 2, 2, 3, 3, 4, 5, 5, 6]


def test_a_higher_level_raises_the_attributes() -> None:
    s = at({}, step="roll", xp={"Ninja": 8})
    assert len(chance_outcomes(s)) == 252, "speed 5 at level 6"


def test_exp_stops_at_the_end_of_the_track() -> None:
    s = play(quest("inscriptions", "dice +", xp={"Ninja": 7}, flags={"g0": 1}), "reward book")
    assert s.xp[0] == 8


@pytest.mark.parametrize("xp", [9, 20, -1])
def test_position_refuses_exp_off_the_track_at_a_battle_turn_too(xp: int) -> None:
    # §6.2: EXP lies on the track (0..8 by default); a battle turn, which reads the level
    # of the hero's EXP as it begins, refuses it with the same message instead of crashing.
    with pytest.raises(br.StateFormatError, match=r"xp: 0\.\.8"):
        position(quests=FACE_UP, step="battle", xp={"Ninja": xp})
