"""Dorasure §3 The movement roll and the dragon: the roll always made (§3.1), each 6 up the
Rampaging Meter (§3.2), the fire icons and the Roaming Dragon Chart with its roll-offs
(§3.3), the full meter's double rampage (§3.4).

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

from boardrules.dorasure import DorasureState, chance_outcomes, position
from boardrules.dorasure._dice import movement_roll, pick_roll
from boardrules.dorasure.tasks.rolls import Roll
from dorasure_helpers import (
    COMBAT,
    FACE_UP,
    GOLEM_UP,
    P_BATTLE,
    at,
    odds,
    play,
    probability,
    stat,
    texts,
    where,
)


def rampage(face: int, **kw: object) -> DorasureState:
    s = at(kw.pop("where", {}), step="roll", meter=2, **kw)  # type: ignore[arg-type]
    return play(s, "roll 2 3 4 6", f"rampage {face}")


def test_movement_roll_uses_the_movement_value_in_dice() -> None:
    s = at({}, step="roll")
    outcomes = chance_outcomes(s)
    assert len(outcomes) == 126  # sorted multisets of 4 dice: the Ninja's speed at level 1
    assert sum(p for _, p in outcomes) == 1
    assert probability(s, "roll 6 6 6 6") == Fraction(1, 6**4)


def test_movement_roll_is_made_even_if_the_hero_stays() -> None:
    s = play(at({}, step="roll", meter=0), "roll 1 2 2 6")
    assert s.meter == 1
    assert "stop" in texts(s)


def test_movement_roll_probabilities_match_brute_force() -> None:
    movement_roll.cache_clear()  # each table is built once: built afresh here
    s = position(("Ninja", "Gladiator"), quests=FACE_UP)  # the Ninja rolls 4 dice
    counts = Counter(
        "roll " + " ".join(map(str, sorted(f))) for f in itertools.product(range(1, 7), repeat=4)
    )
    assert odds(s) == {k: Fraction(v, 6**4) for k, v in counts.items()}
    assert chance_outcomes(s) is chance_outcomes(s)


def test_each_six_of_the_movement_roll_moves_the_dragon_token_up() -> None:
    s = play(at({}, step="roll", meter=0), "roll 2 2 6 6")
    assert s.meter == 2
    assert texts(s)[-1] == "stop"


def test_fire_icon_reached_triggers_a_rampage_before_moving() -> None:
    s = play(at({}, step="roll", meter=2), "roll 2 3 4 6")
    assert s.meter == 3
    assert texts(s) == [f"rampage {k}" for k in range(1, 7)]
    s = play(s, "rampage 3")
    assert s.health == (4, 7)
    assert "stop" in texts(s)


def test_meter_passing_two_fire_icons_in_one_roll_rampages_twice() -> None:
    s = play(at({}, step="roll", meter=2), "roll 6 6 6 6")
    assert s.meter == 6
    s = play(s, "rampage 3")
    assert texts(s)[0] == "rampage 1", "the second rampage follows"
    s = play(s, "rampage 3")
    assert s.health == (3, 6)
    assert "stop" in texts(s)


def test_rampage_1_razes_belk_which_hurts_heroes_on_it_and_becomes_a_road() -> None:
    s = rampage(1, where={"Gladiator": "a0"})
    assert s.razed and s.health == (5, 6)
    s = at({"Ninja": "a0"}, razed=True, step="act")
    assert "rest" not in texts(s)
    s = at({"Ninja": "b0", "Gladiator": "a0"}, razed=True, step="move", dice=[2])
    assert "step 2 a0" not in texts(s)
    s = at({"Ninja": "b0", "Gladiator": "a0"}, razed=True, step="move", dice=[2, 2])
    s = play(s, "step 2 a0")
    assert "stop" not in texts(s), "razed Belk is a road: no stopping on another hero"


def test_rampage_1_on_razed_belk_hurts_heroes_there_again() -> None:
    s = rampage(1, where={"Gladiator": "a0"}, razed=True)
    assert s.razed and s.health == (5, 6)


def test_rampage_2_highest_roll_is_forced_back_to_the_city() -> None:
    s = rampage(2, where={"Ninja": "c2", "Gladiator": "e4"})
    assert texts(s) == ["highest Ninja", "highest Gladiator", "highest Ninja+Gladiator"]
    s2 = play(s, "highest Gladiator")
    assert (where(s2, 0), where(s2, 1)) == ("c2", "city")
    s3 = play(s, "highest Ninja+Gladiator")
    assert (where(s3, 0), where(s3, 1)) == ("city", "city")


def test_rampage_3_every_hero_takes_one_damage() -> None:
    assert rampage(3).health == (4, 7)


def test_rampage_4_lowest_roll_takes_two_damage() -> None:
    s = play(rampage(4), "lowest Ninja")
    assert s.health == (3, 8)


def test_rampage_5_highest_roll_takes_two_damage() -> None:
    s = play(rampage(5), "highest Ninja+Gladiator")
    assert s.health == (3, 6)


def test_rampage_6_lowest_roll_loses_all_resources_but_not_the_princes_gold() -> None:
    s = at(
        {},
        heroes=("Ninja", "Prince"),
        step="roll",
        meter=2,
        resource={"Ninja": 2, "Prince": 1},
        gold={"Prince": 1},
    )
    s = play(s, "roll 2 3 4 6", "rampage 6", "lowest Ninja+Prince")
    assert s.resource == (0, 0) and s.gold == (0, 1)


def test_roll_off_ties_hit_every_tied_hero_with_exact_probabilities() -> None:
    pick_roll.cache_clear()  # each table is built once: built afresh here
    s = rampage(5)
    # alone highest: sum over v of 1/6 * (v-1)/6 = 15/36; a tie: 6/36
    assert probability(s, "highest Ninja") == Fraction(15, 36)
    assert probability(s, "highest Ninja+Gladiator") == Fraction(6, 36)


def test_roll_off_of_three_heroes_matches_brute_force() -> None:
    pick_roll.cache_clear()  # each table is built once: built afresh here
    heroes = ("Ninja", "Gladiator", "Hunter")
    s = position(heroes, quests=FACE_UP, meter=2, resource={"Hunter": 0})
    s = play(s, "roll 2 3 4 6", "rampage 4")  # All Heroes roll 1 die: lowest take 2
    assert texts(s) == [
        "lowest Ninja",
        "lowest Gladiator",
        "lowest Hunter",
        "lowest Ninja+Gladiator",
        "lowest Ninja+Hunter",
        "lowest Gladiator+Hunter",
        "lowest Ninja+Gladiator+Hunter",
    ], "one hero alone first, then two, then all three"
    counts: Counter[str] = Counter()
    for faces in itertools.product(range(1, 7), repeat=3):
        low = min(faces)
        counts["lowest " + "+".join(h for h, f in zip(heroes, faces, strict=True) if f == low)] += 1
    assert odds(s) == {k: Fraction(v, 216) for k, v in counts.items()}
    s = play(s, "lowest Ninja+Hunter")
    assert s.health == (3, 8, 3), "every tied hero takes 2"


def test_full_meter_rampages_twice_and_the_triggering_hero_fights_first() -> None:
    s = at({}, step="roll", meter=11, turn="Gladiator")
    s = play(s, "roll 6 6")  # 11 -> 13: passes the fire icon at 12
    assert s.meter == 13
    s = play(s, "rampage 3")
    assert s.phase == 0 and "stop" in texts(s)
    s = at({}, step="roll", meter=12, turn="Gladiator")
    s = play(s, "roll 6 6")  # reaches 14: the final rampage runs twice
    assert s.meter == 14
    s = play(s, "rampage 3", "rampage 3")
    assert s.phase == 1 and s.turn == 1
    assert s.health == (3, 6)
    assert texts(s)[0].startswith("dice ")  # the Gladiator's combat roll, 3 dice
    assert len(texts(s)) == 20


def test_meter_filled_exactly_from_thirteen_rampages_twice_then_the_roller_fights() -> None:
    s = position(["Ninja", "Gladiator"], meter=13, turn="Gladiator", quests=GOLEM_UP)
    s = play(s, "roll 2 6")
    assert s.meter == 14 and [t[0] for t in s.agenda[:3]] == [1, 1, 28]
    s = play(s, "rampage 3", "rampage 3")
    combat = stat("Gladiator", COMBAT, 0)
    assert s.phase == 1 and s.turn == 1 and s.health == (3, 6)
    assert s.agenda[0] == Roll(1, combat, P_BATTLE)  # no movement after the battle began


def test_meter_passing_a_fire_icon_and_filling_rampages_three_times_then_the_battle() -> None:
    s = position(
        ("Ninja", "Hunter"), quests=FACE_UP, meter=11, turn="Hunter", resource={"Hunter": 0}
    )
    s = play(s, "roll 6 6 6")  # 11 -> 14: the fire icon at 12, then the final rampage twice
    assert s.meter == 14
    s = play(s, "rampage 3", "rampage 3")
    assert s.phase == 0, "still the Adventure Phase before the last rampage"
    s = play(s, "rampage 3")
    assert s.phase == 1 and s.turn == 1 and s.health == (2, 2)


def test_meter_never_passes_its_end() -> None:
    s = play(at({}, step="roll", meter=13), "roll 6 6 6 6")
    assert s.meter == 14
