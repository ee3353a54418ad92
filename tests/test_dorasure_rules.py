"""Dorasure, Adventure Phase: one test per rulebook clause and ruling, from concrete positions.

Map (PROPOSED, odd rows shifted right)::

    row 0:  V  R  P  F  P  F  M        a0 is Belk, g0 the farthest mountain
    row 1:    L  R  F  M  P  F  F      a1 the Western Lake, d1 a mountain
    row 2:  P  R  P  P  F  R  P
    row 3:    F  R  P  M  P  R  M      d3 and g3 mountains
    row 4:  C  R  P  F  V  R  F        City = a4, a5, b5; e4 a village
    row 5:    C  C  R  P  F  M  P      f5 a mountain
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import boardrules as br
from boardrules.dorasure import (
    DorasureState,
    chance_outcomes,
    current_player,
    new_game,
    position,
)
from dorasure_helpers import FACE_UP, play, texts, where


def at(hero_spaces: dict[str, str], **kw: object) -> DorasureState:
    """Ninja (seat 0) and Gladiator (seat 1) unless ``heroes`` is given."""
    kw.setdefault("quests", FACE_UP)
    heroes = kw.pop("heroes", ("Ninja", "Gladiator"))
    return position(heroes, at=hero_spaces, **kw)  # type: ignore[arg-type]


def probability(s: DorasureState, text: str) -> Fraction:
    return dict((str(m), p) for m, p in chance_outcomes(s))[text]


# -- setup -----------------------------------------------------------------------------------


def test_setup_heroes_start_in_city_and_dragon_at_start_of_meter() -> None:
    s = new_game(players=4)
    assert [where(s, p) for p in range(4)] == ["city"] * 4
    assert s.meter == 0 and s.wounds == 0
    assert s.health == (5, 8, 5, 5)


def test_setup_farthest_quest_is_turned_face_up_by_chance() -> None:
    s = new_game(players=2)
    assert current_player(s) == br.CHANCE
    outcomes = chance_outcomes(s)
    assert len(outcomes) == 7 and all(p == Fraction(1, 7) for _, p in outcomes)
    s = play(s, "quest-tile sphinx")
    g0 = s.rules.board.mountains.index(s.rules.board.index["g0"])
    assert s.quests[g0] == 4 and sum(q >= 0 for q in s.quests) == 1
    assert texts(s)[0].startswith("roll ")


def test_turn_order_follows_the_rulebook_list() -> None:
    s = new_game(heroes=["Paladin", "Prince", "Ninja", "Hunter"])
    assert [s.rules.hero_name(p) for p in range(4)] == ["Ninja", "Hunter", "Prince", "Paladin"]


def test_default_heroes_are_the_first_base_heroes_in_turn_order() -> None:
    s = new_game(players=3)
    assert [s.rules.hero_name(p) for p in range(3)] == ["Ninja", "Gladiator", "Hunter"]


# -- movement roll, meter and rampages --------------------------------------------------------


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


def test_meter_never_passes_its_end() -> None:
    s = play(at({}, step="roll", meter=13), "roll 6 6 6 6")
    assert s.meter == 14


# -- Roaming Dragon Chart ---------------------------------------------------------------------


def rampage(face: int, **kw: object) -> DorasureState:
    s = at(kw.pop("where", {}), step="roll", meter=2, **kw)  # type: ignore[arg-type]
    return play(s, "roll 2 3 4 6", f"rampage {face}")


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
    s = rampage(5)
    # alone highest: sum over v of 1/6 * (v-1)/6 = 15/36; a tie: 6/36
    assert probability(s, "highest Ninja") == Fraction(15, 36)
    assert probability(s, "highest Ninja+Gladiator") == Fraction(6, 36)


# -- movement ---------------------------------------------------------------------------------


def steps(s: DorasureState) -> set[str]:
    return {t for t in texts(s) if t.startswith("step")}


def test_roads_villages_and_city_take_any_die_but_a_one() -> None:
    s = at({"Ninja": "c2"}, step="move", dice=[1, 2])
    assert steps(s) == {"step 2 b1", "step 2 b2", "step 2 b3"}


def test_plains_need_a_three_or_more() -> None:
    s = at({"Ninja": "c2"}, step="move", dice=[3])
    assert steps(s) == {"step 3 b1", "step 3 b2", "step 3 b3", "step 3 d2", "step 3 c3"}


def test_forests_need_a_five_or_more_including_a_six_that_moved_the_meter() -> None:
    s = at({"Ninja": "c2"}, step="move", dice=[5])
    assert "step 5 c1" in steps(s)
    s = play(at({"Ninja": "c2"}, step="roll"), "roll 1 1 1 6")
    assert s.meter == 1 and "step 6 c1" in steps(s)
    s = at({"Ninja": "c2"}, step="move", dice=[4])
    assert "step 4 c1" not in steps(s)


def test_a_one_is_void_for_moving() -> None:
    s = at({"Ninja": "c2"}, step="move", dice=[1, 1])
    assert texts(s) == ["stop"]


def test_mountains_can_never_be_entered() -> None:
    s = at({"Ninja": "d2"}, step="move", dice=[6])
    assert not any(t.endswith(("d1", "d3")) for t in texts(s))


def test_each_step_uses_one_die_and_dice_need_not_all_be_used() -> None:
    s = at({}, step="move", dice=[2, 3])
    s = play(s, "step 3 c4")
    assert s.dice == (2,) and where(s, 0) == "c4"
    assert "stop" in texts(s) and "step 2 b4" in texts(s) and "step 3 d4" not in texts(s)
    s = play(s, "stop")
    assert texts(s) == ["adventure", "pass"]


def test_a_hero_may_pass_through_but_never_stop_on_another_hero() -> None:
    s = at({"Ninja": "city", "Gladiator": "c4"}, step="move", dice=[3])
    assert "step 3 c4" not in texts(s), "the last die cannot end on the Gladiator"
    s = at({"Ninja": "city", "Gladiator": "c4"}, step="move", dice=[3, 3])
    s = play(s, "step 3 c4")
    assert "stop" not in texts(s)
    s = play(s, "step 3 d4" if "step 3 d4" in texts(s) else "step 3 c3")
    assert "stop" in texts(s)


def test_heroes_may_stop_together_in_the_city_and_villages() -> None:
    s = at({"Ninja": "e3", "Gladiator": "e4"}, step="move", dice=[2])
    s = play(s, "step 2 e4")
    assert "stop" in texts(s)
    assert "rest" in texts(play(s, "stop"))


# -- actions ----------------------------------------------------------------------------------


def test_adventuring_only_on_plains_and_forest() -> None:
    assert "adventure" in texts(at({"Ninja": "c2"}, step="act"))
    assert "adventure" in texts(at({"Ninja": "c1"}, step="act"))
    for space in ("city", "b2", "e4", "a1"):
        assert "adventure" not in texts(at({"Ninja": space}, step="act")), space


def test_adventure_rolls_danger_dice_white_on_plains_green_in_forest() -> None:
    # Gladiator level 1: danger 3 on plains, 2 in forest
    s = play(at({"Gladiator": "c2"}, turn="Gladiator", step="act"), "adventure")
    assert len(texts(s)) == 20 and texts(s)[0] == "dice ---"
    s = play(at({"Gladiator": "c1"}, turn="Gladiator", step="act"), "adventure")
    assert len(texts(s)) == 10 and texts(s)[0] == "dice --"


def adventure(*rolls: str, health: int = 5) -> DorasureState:
    s = at({"Ninja": "c1"}, step="act", health={"Ninja": health})
    return play(s, "adventure", *rolls)


def test_adventure_fumble_minus_one_or_lower_takes_one_damage() -> None:
    s = adventure("dice -0")
    assert s.health[0] == 4 and s.xp[0] == 0
    assert s.turn == 1, "the turn passed to the Gladiator"


def test_adventure_score_zero_nothing_happens() -> None:
    s = adventure("dice -+")
    assert s.health[0] == 5 and s.xp[0] == 0


def test_adventure_score_one_gains_one_exp_and_takes_one_damage() -> None:
    s = adventure("dice 0+")
    assert s.health[0] == 4 and s.xp[0] == 1


def test_adventure_score_two_or_higher_gains_one_exp() -> None:
    s = adventure("dice ++")
    assert s.health[0] == 5 and s.xp[0] == 1


def test_adventure_six_rolls_again_without_limit_and_a_one_gives_minus_one() -> None:
    s = adventure("dice 06")
    assert s.score == 1 and texts(s) == ["extra -", "extra 0", "extra +", "extra 6"]
    s = play(s, "extra 6", "extra 6", "extra 6")
    # 4 so far; with one die to come, 3 or more reads "2 or higher" whatever it shows.
    assert s.score == 3 and s.pending == 1
    s = play(s, "extra -")
    assert s.xp[0] == 1 and s.health[0] == 5  # score 3
    s = adventure("dice 06", "extra -")  # 0 +1 -1: nothing
    assert s.xp[0] == 0 and s.health[0] == 5


def test_rest_in_a_village_or_the_city_regains_two_health() -> None:
    s = play(at({"Ninja": "e4"}, step="act", health={"Ninja": 2}), "rest")
    assert s.health[0] == 4
    s = play(at({"Ninja": "city"}, step="act", health={"Ninja": 4}), "rest")
    assert s.health[0] == 5
    assert "rest" not in texts(at({"Ninja": "c2"}, step="act"))


def test_gather_information_turns_the_adjacent_quest_up_and_ends_the_turn() -> None:
    s = at({"Ninja": "d2"}, step="act")
    assert texts(s) == ["adventure", "gather d1", "gather d3", "pass"]
    s = play(s, "gather d1")
    assert len(chance_outcomes(s)) == 6, "any tile not yet on the board"
    assert probability(s, "quest-tile golem") == Fraction(1, 6)
    s = play(s, "quest-tile golem")
    d1 = s.rules.board.mountains.index(s.rules.board.index["d1"])
    assert s.quests[d1] == 1 and s.turn == 1


def test_a_quest_needs_an_adjacent_revealed_quest() -> None:
    s = at({"Ninja": "d2"}, step="act", quests={"g0": "golem", "d3": "goblins"})
    assert "quest d3" in texts(s) and "gather d1" in texts(s) and "quest d1" not in texts(s)
    s = at({"Ninja": "f2"}, step="act")
    assert not any(t.startswith("quest") for t in texts(s))


def quest(tile: str, *moves: str, **kw: object) -> DorasureState:
    where_ = kw.pop("where", {"Ninja": "f1"})
    quests = {**kw.pop("quests", {}), "g0": tile}  # type: ignore[dict-item]
    s = at(where_, step="act", quests=quests, **kw)  # type: ignore[arg-type]
    return play(s, "quest g0", *moves)


def test_quest_success_gives_two_exp_and_the_reward_under_it() -> None:
    s = quest("inscriptions", "dice 6", "extra +")  # knowledge 1 die: a 6 and an extra +
    assert s.xp[0] == 2 and s.turn == 0
    assert texts(s) == ["reward lair", "reward book", "reward weapons", "reward treasure"]
    s = play(s, "reward book")
    assert s.rewards[0] == 1 and s.turn == 1
    assert "quest g0" not in texts(at({"Ninja": "f1"}, step="act", solved={"g0": "book"}))


def test_quest_fails_below_the_score_and_leaves_a_flag_per_point_above_zero() -> None:
    s = quest("inscriptions", "dice +")
    assert s.flags[0] == 1 and s.xp[0] == 0 and s.turn == 1
    s = quest("inscriptions", "dice -")
    assert s.flags[0] == 0


def test_flags_count_as_successes_already_rolled() -> None:
    s = quest("inscriptions", "dice +", flags={"g0": 1})
    assert s.xp[0] == 2
    assert texts(s) == ["reward lair", "reward book", "reward weapons", "reward treasure"]
    assert probability(s, "reward lair") == Fraction(2, 5)


def test_assistance_is_asked_before_the_roll_and_every_participant_gains_one_exp() -> None:
    s = at(
        {"Ninja": "f1", "Hunter": "g1"},
        heroes=("Ninja", "Hunter"),
        step="act",
        quests={"g0": "inscriptions"},
    )
    s = play(s, "quest g0")
    assert texts(s) == ["ask Hunter", "skip Hunter"] and current_player(s) == 0
    s = play(s, "ask Hunter")
    assert texts(s) == ["agree", "refuse"] and current_player(s) == 1
    s = play(s, "agree", "dice +")  # the Ninja's knowledge die
    assert texts(s)[:3] == ["spend 0", "spend 1", "spend 2"] and current_player(s) == 1
    s = play(s, "spend 0", "dice +")  # the Hunter's knowledge die: 1 + 1 = 2
    assert s.xp == (1, 1)


def test_an_asked_hero_may_refuse_to_assist() -> None:
    s = at(
        {"Ninja": "f1", "Hunter": "g1"},
        heroes=("Ninja", "Hunter"),
        step="act",
        quests={"g0": "inscriptions"},
    )
    s = play(s, "quest g0", "ask Hunter", "refuse", "dice +")
    assert s.flags[0] == 1 and s.xp == (0, 0)


# -- the quest tiles --------------------------------------------------------------------------


def test_quest_mysterious_inscriptions_knowledge_2_failure_no_effect() -> None:
    s = quest("inscriptions", "dice 0")
    assert s.health[0] == 5 and where(s, 0) == "f1"
    assert quest("inscriptions", "dice 6", "extra +").xp[0] == 2


def test_quest_golem_guardian_combat_3_start_damage_and_failure_damage() -> None:
    s = at({"Ninja": "f1", "Gladiator": "g1"}, step="act", quests={"g0": "golem"})
    s = play(s, "quest g0", "ask Gladiator", "agree")
    assert s.health == (4, 7), "every participant takes 1 as the quest begins"
    s = play(s, "dice ++", "dice 000")  # 2 < 3
    assert s.health == (3, 7) and s.flags[0] == 2


def test_quest_teleportation_trap_search_2_failure_teleports_to_the_city() -> None:
    s = quest("teleport", "dice 0+")
    assert where(s, 0) == "city" and s.flags[0] == 1
    assert quest("teleport", "dice ++").xp[0] == 2


def test_quest_underground_labyrinth_search_3_failure_holds_the_hero_until_success() -> None:
    s = quest("labyrinth", "dice ++")
    assert s.locked[0] == 0 and s.flags[0] == 2
    s = play(s, "roll 2 2", "stop", "pass")  # the Gladiator's turn, then the Ninja's
    s = play(s, "roll 3 4 5 6")
    assert s.meter == 1, "the held hero still rolls for movement"
    assert texts(s) == ["stop"]
    s = play(s, "stop")
    assert texts(s) == ["quest g0"]
    s = play(s, "quest g0", "dice 0+")
    assert s.locked[0] == -1 and s.xp[0] == 2


def test_quest_riddle_of_the_sphinx_knowledge_1_alone_failure_two_damage() -> None:
    s = at({"Ninja": "f1", "Gladiator": "g1"}, step="act", quests={"g0": "sphinx"})
    s = play(s, "quest g0")
    assert texts(s) == ["dice -", "dice 0", "dice +", "dice 6"], "no assistance"
    assert play(s, "dice 0").health == (3, 8)
    assert play(s, "dice +").xp == (2, 0)


def test_quest_horde_of_goblins_combat_3_failure_one_damage() -> None:
    s = quest("goblins", "dice ++")  # 2 < 3
    assert s.health[0] == 4 and s.flags[0] == 2


def test_quest_evil_chimera_combat_2_start_damage_and_failure_damage() -> None:
    s = quest("chimera")
    assert s.health[0] == 4
    assert play(s, "dice ++").xp[0] == 2
    assert play(s, "dice -+").health[0] == 3


# -- rewards ----------------------------------------------------------------------------------


def solved(reward: str, **kw: object) -> DorasureState:
    return play(quest("inscriptions", "dice 6", "extra +", **kw), f"reward {reward}")


def test_reward_dragons_lair_wounds_the_dragon_and_raises_the_meter() -> None:
    s = solved("lair", meter=4)
    assert s.wounds == 1 and s.meter == 5


def test_reward_second_dragons_lair_does_not_raise_the_meter() -> None:
    s = solved(
        "lair",
        meter=4,
        quests={"g0": "inscriptions", "d1": "golem"},
        solved={"d1": "lair"},
        wounds=1,
    )
    assert s.wounds == 2 and s.meter == 4


def test_reward_dragons_lair_meter_step_onto_a_fire_icon_rampages() -> None:
    s = solved("lair", meter=2)
    assert s.meter == 3 and texts(s)[0] == "rampage 1"


def test_reward_book_of_dragons_every_hero_gains_one_exp() -> None:
    s = solved("book")
    assert s.xp == (3, 1)


def test_reward_anti_dragon_weapons_add_one_combat_die_in_phase_two() -> None:
    s = position(quests=FACE_UP, solved={"g0": "weapons"}, step="battle")
    assert len(texts(s)) == 20, "Ninja combat 2 + 1 = 3 dice"


def test_reward_treasure_lets_heroes_use_their_treasures_in_phase_two() -> None:
    s = position(
        ["Ninja", "Hunter"], quests=FACE_UP, solved={"g0": "treasure"}, step="battle", turn="Hunter"
    )
    assert texts(play(s, "spend 0", "dice -0")) == ["bullet -", "bullet 0", "no-bullet"]
    s = position(["Ninja", "Hunter"], quests=FACE_UP, step="battle", turn="Hunter")
    assert play(s, "spend 0", "dice -0").turn == 0, "no treasure: no bullet"


def test_all_five_quests_solved_starts_the_battle_with_the_solver() -> None:
    s = at(
        {"Ninja": "f1"},
        step="act",
        quests={
            "g0": "inscriptions",
            "d1": "golem",
            "d3": "teleport",
            "g3": "goblins",
            "f5": "sphinx",
        },
        solved={"d1": "lair", "d3": "book", "g3": "weapons", "f5": "lair"},
        wounds=2,
    )
    s = play(s, "quest g0", "dice 6", "extra +")
    assert texts(s) == ["reward treasure"]
    s = play(s, "reward treasure")
    assert s.phase == 1 and s.turn == 0
    assert len(texts(s)) == 20, "Ninja fights first: combat 2 + weapons"


# -- resources --------------------------------------------------------------------------------


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


# -- death and survival -----------------------------------------------------------------------


def test_a_death_calls_one_survival_roll_of_every_hero() -> None:
    s = adventure("dice --", health=1)
    assert s.health[0] == 0 and current_player(s) == br.CHANCE
    assert probability(s, "survival lost") == Fraction(25, 36)


def test_survival_without_a_six_loses_the_game() -> None:
    s = play(adventure("dice --", health=1), "survival lost")
    assert br.is_terminal(s) and br.returns(s) == (0.0, 0.0)


def test_survival_with_a_six_saves_the_dying_to_the_city_at_full_health_resources_zero() -> None:
    s = at(
        {"Ninja": "c1", "Gladiator": "e3"},
        step="roll",
        meter=2,
        health={"Ninja": 1, "Gladiator": 1},
        resource={"Ninja": 2},
    )
    s = play(s, "roll 2 3 4 6", "rampage 3", "absorb 0")
    assert s.health == (0, 0)
    assert texts(s) == ["survival saved", "survival lost"], "one roll for one cause"
    s = play(s, "survival saved")
    assert s.health == (5, 8) and s.resource == (0, 0)
    assert (where(s, 0), where(s, 1)) == ("city", "city")


def test_a_hero_saved_on_his_own_turn_goes_on_from_the_city() -> None:
    s = at({"Ninja": "c1"}, step="roll", meter=2, health={"Ninja": 1})
    s = play(s, "roll 2 3 4 6", "rampage 3", "survival saved")
    assert s.turn == 0 and where(s, 0) == "city" and "step 2 b4" in texts(s)
    s = at({"Ninja": "c1"}, step="roll", meter=2, health={"Gladiator": 1})
    s = play(s, "roll 2 3 4 6", "rampage 3", "survival saved")
    assert s.turn == 0 and "stop" in texts(s) and where(s, 1) == "city"


# -- XP and levels ----------------------------------------------------------------------------


def test_levels_follow_the_exp_track() -> None:
    levels = [at({}, xp={"Ninja": x}).level(0) for x in range(9)]
    assert levels == [1, 2, 2, 3, 3, 4, 5, 5, 6]


def test_a_higher_level_raises_the_attributes() -> None:
    s = at({}, step="roll", xp={"Ninja": 8})
    assert len(chance_outcomes(s)) == 252, "speed 5 at level 6"


def test_exp_stops_at_the_end_of_the_track() -> None:
    s = play(quest("inscriptions", "dice +", xp={"Ninja": 7}, flags={"g0": 1}), "reward book")
    assert s.xp[0] == 8


@pytest.mark.parametrize(
    "bad",
    [
        {"at": {"Ninja": "d1"}},
        {"health": {"Ninja": 9}},
        {"xp": {"Ninja": 9}},
        {"resource": {"Ninja": 3}},
    ],
)
def test_position_refuses_impossible_values(bad: dict[str, object]) -> None:
    with pytest.raises(br.StateFormatError):
        position(quests=FACE_UP, **bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("xp", [9, 20, -1])
def test_position_refuses_exp_off_the_track_at_a_battle_turn_too(xp: int) -> None:
    # §6.2: EXP lies on the track (0..8 by default); a battle turn, which reads the level
    # of the hero's EXP as it begins, refuses it with the same message instead of crashing.
    with pytest.raises(br.StateFormatError, match=r"xp: 0\.\.8"):
        position(quests=FACE_UP, step="battle", xp={"Ninja": xp})


def test_survival_roll_counts_every_hero_dead_or_alive() -> None:
    s = at(
        {"Ninja": "c1"}, heroes=("Ninja", "Gladiator", "Hunter"), step="act", health={"Ninja": 1}
    )
    s = play(s, "adventure", "dice --")
    assert probability(s, "survival lost") == Fraction(125, 216)
    assert probability(s, "survival saved") == Fraction(91, 216)


def test_a_saved_prince_loses_servants_and_gold() -> None:
    s = at(
        {"Prince": "c1"},
        heroes=("Ninja", "Prince"),
        step="roll",
        meter=2,
        health={"Prince": 1},
        resource={"Prince": 1},
        gold={"Prince": 1},
    )
    s = play(s, "roll 2 3 4 6", "rampage 3", "absorb 0", "survival saved")
    assert s.health[1] == 5 and s.resource[1] == 0 and s.gold[1] == 0


def test_an_assistant_killed_as_the_quest_begins_is_saved_and_leaves_the_quest() -> None:
    s = at(
        {"Ninja": "f1", "Gladiator": "g1"},
        step="act",
        quests={"g0": "golem"},
        health={"Gladiator": 1},
    )
    s = play(s, "quest g0", "ask Gladiator", "agree", "survival saved")
    assert where(s, 1) == "city" and s.health == (4, 8)
    assert len(texts(s)) == 10, "the Ninja rolls his 2 combat dice alone"
    s = play(s, "dice ++")
    assert s.flags[0] == 2 and s.health == (3, 8)


def test_a_hero_killed_as_his_quest_begins_is_saved_and_his_turn_ends() -> None:
    s = at({"Ninja": "f1"}, step="act", quests={"g0": "chimera"}, health={"Ninja": 1})
    s = play(s, "quest g0", "survival saved")
    assert where(s, 0) == "city" and s.turn == 1 and s.flags[0] == 0


def test_reward_tiles_are_drawn_from_those_still_face_down() -> None:
    s = quest(
        "inscriptions", "dice 6", "extra +", quests={"d1": "golem"}, solved={"d1": "lair"}, wounds=1
    )
    assert [(str(m), p) for m, p in chance_outcomes(s)] == [
        ("reward lair", Fraction(1, 4)),
        ("reward book", Fraction(1, 4)),
        ("reward weapons", Fraction(1, 4)),
        ("reward treasure", Fraction(1, 4)),
    ]


def test_no_rest_at_the_lake_or_on_roads() -> None:
    for space in ("a1", "b2"):
        assert "rest" not in texts(at({"Ninja": space}, step="act"))


def test_rampage_1_on_razed_belk_hurts_heroes_there_again() -> None:
    s = rampage(1, where={"Gladiator": "a0"}, razed=True)
    assert s.razed and s.health == (5, 6)


def test_a_held_hero_is_released_when_another_hero_solves_the_labyrinth() -> None:
    s = at(
        {"Ninja": "f1", "Gladiator": "g1"},
        step="act",
        turn="Gladiator",
        quests={"g0": "labyrinth"},
        locked={"Ninja": "g0"},
        flags={"g0": 2},
    )
    s = play(s, "quest g0", "skip Ninja", "dice +")
    assert s.locked == (-1, -1) and s.xp == (0, 2)


def test_a_held_hero_sent_back_to_the_city_is_released() -> None:
    s = at(
        {"Ninja": "f1"}, step="roll", meter=2, quests={"g0": "labyrinth"}, locked={"Ninja": "g0"}
    )
    s = play(s, "roll 2 3 4 6", "rampage 2", "highest Ninja")
    assert s.locked[0] == -1 and where(s, 0) == "city" and "step 2 b4" in texts(s)


def test_a_lair_that_fills_the_meter_starts_the_battle_with_the_solver() -> None:
    s = solved("lair", meter=13)
    assert s.meter == 14 and s.wounds == 1
    s = play(s, "rampage 1", "rampage 1")
    assert s.phase == 1 and s.turn == 0
