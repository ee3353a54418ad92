"""Dorasure §9.3-§9.8 The expansion heroes: Samurai, Shaman, Minstrel, Magician, Vampire,
Werewolf, and when their treasures work.

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

from functools import partial

import attrs

from boardrules.dorasure import DorasureState, new_game, position
from boardrules.dorasure._state import TREASURE as TREASURE_REWARD
from boardrules.dorasure._state import Purpose
from boardrules.dorasure.tasks._base import doll_may_take_quest_damage
from boardrules.dorasure.tasks.battle import Claw
from boardrules.dorasure.tasks.damage import Absorb, Deaths
from boardrules.dorasure.tasks.dragon import Rampage
from boardrules.dorasure.tasks.quests import QuestEnd
from boardrules.dorasure.tasks.rolls import Extra, Roll, Spend
from dorasure_helpers import FACE_UP, TREASURE, battle, gust_turn, play, rolls, texts, where


def at(heroes: tuple[str, ...], **kw: object) -> DorasureState:
    kw.setdefault("quests", FACE_UP)
    return position(heroes, **kw)  # type: ignore[arg-type]


def vampire_adventure(**kw: object) -> DorasureState:
    s = at(("Ninja", "Vampire"), at={"Vampire": "c3"}, turn="Vampire", step="act", **kw)
    s = play(s, "adventure")
    return play(s, "spend 0") if texts(s)[0] == "spend 0" else s


def test_samurai_never_targets_the_weak_adventure_score_one_does_nothing() -> None:
    s = at(("Ninja", "Samurai"), at={"Samurai": "c3"}, turn="Samurai", step="act")
    s = play(s, "adventure")
    assert rolls(s) == 3, "Danger on plains 3"
    after = play(s, "dice 00+")
    assert after.xp[1] == 0 and after.health[1] == 6, "score 1: no EXP, no damage"
    after = play(s, "dice 0++")
    assert after.xp[1] == 1 and after.health[1] == 6


def test_samurai_godspeed_immune_to_start_of_quest_damage() -> None:
    s = at(
        ("Ninja", "Samurai"),
        quests={"g0": "inscriptions", "d3": "golem"},
        at={"Samurai": "c3", "Ninja": "e4"},
        turn="Samurai",
        step="act",
    )
    s = play(s, "quest d3", "ask Ninja", "agree")
    assert s.health == (4, 6), "the Ninja takes the golem's 1, the Samurai nothing"


def test_samurai_training_regains_one_when_attempting_or_assisting_a_quest() -> None:
    s = at(
        ("Ninja", "Samurai"),
        quests={"g0": "inscriptions", "d3": "goblins"},
        at={"Samurai": "c3", "Ninja": "e4"},
        turn="Samurai",
        step="act",
    )
    s = play(s, "quest d3", "skip Ninja")
    assert s.resource[1] == 1 and texts(s) == ["spend 0", "spend 1"]
    s = at(
        ("Ninja", "Samurai"),
        quests={"g0": "inscriptions", "d3": "goblins"},
        at={"Samurai": "c3", "Ninja": "e4"},
        turn="Ninja",
        step="act",
    )
    s = play(s, "quest d3", "ask Samurai", "agree", "dice 00")
    assert s.resource[1] == 1 and texts(s) == ["spend 0", "spend 1"], "assisting counts"


def test_samurai_final_move_gust_one_resource_adds_two_combat_dice() -> None:
    s = gust_turn()
    assert texts(s) == ["gust", "no-gust"]
    s = play(s, "gust")
    assert s.resource[1] == 1 and s.agenda[0] == Spend(1, Purpose.BATTLE, 5)
    s = play(s, "spend 0")
    assert rolls(s) == 5, "combat 3 + 2 dice of the Gust"
    s = position(
        ("Ninja", "Samurai"), quests=FACE_UP, step="battle", turn="Samurai", resource={"Samurai": 2}
    )
    assert texts(s)[0] == "spend 0", "no Gust without the Treasure"


def test_shaman_doll_may_take_the_vampires_quest_damage_only_while_her_roll_is_to_come() -> None:
    # Both in the quest, the Treasure found, her roll (or its extra die) still ahead.
    solo_pair = position(("Shaman", "Vampire"), quests=FACE_UP).rules  # Shaman 0, Vampire 1
    trio = position(("Ninja", "Shaman", "Vampire"), quests=FACE_UP).rules  # 0, 1, 2
    treasure = (TREASURE_REWARD, -1, -1, -1, -1)
    for rules, shaman, vampire in ((solo_pair, 0, 1), (trio, 1, 2)):
        both = 1 << shaman | 1 << vampire
        may = partial(doll_may_take_quest_damage, rules)
        her_roll = (Roll(vampire, 2, Purpose.QUEST), QuestEnd(vampire, 0))
        assert may(both, treasure, her_roll)
        assert may(both, treasure, (Extra(vampire, Purpose.QUEST), QuestEnd(vampire, 0)))
        assert not may(both, (-1,) * 5, her_roll), "no Treasure"
        assert not may(1 << vampire, treasure, her_roll), "the Shaman is not in the quest"
        assert not may(1 << shaman, treasure, her_roll), "the Vampire is not in the quest"
        his_roll = (Roll(shaman, 2, Purpose.QUEST), QuestEnd(vampire, 0))
        assert not may(both, treasure, his_roll)
        assert not may(both, treasure, (Absorb(vampire, 1), Deaths(vampire))), "no roll of hers"
    # Without one of the two, never (and no seat -1 is read).
    for heroes in (("Ninja", "Shaman"), ("Ninja", "Vampire")):
        rules = position(heroes, quests=FACE_UP).rules
        assert not doll_may_take_quest_damage(rules, 0b11, treasure, (Roll(1, 2, Purpose.QUEST),))


def test_shaman_guardian_of_nature_starts_in_the_western_lake() -> None:
    s = new_game(heroes=["Ninja", "Shaman"])
    assert [where(s, p) for p in range(2)] == ["city", "a1"]


def test_shaman_is_sent_back_to_the_western_lake_when_saved() -> None:
    s = at(
        ("Ninja", "Shaman"),
        at={"Shaman": "c3"},
        health={"Shaman": 1},
        resource={"Shaman": 0},
        turn="Shaman",
        step="act",
    )
    s = play(s, "adventure", "dice --", "survival saved")
    assert where(s, 1) == "a1" and s.health[1] == 5


def test_shaman_is_sent_back_to_the_western_lake_even_as_the_maps_first_space() -> None:
    # The Lake at a0 and Belk at a1: the Lake is the map's first space in reading order.
    rows = ["L R P F P F M", "V R F M P F F", "P R P P F R P", "F R P M P R M",
            "C R P F V R F", "C C R P F M P"]  # fmt: skip
    s = at(
        ("Ninja", "Shaman"),
        board=rows,
        at={"Shaman": "c3"},
        health={"Shaman": 1},
        resource={"Shaman": 0},
        turn="Shaman",
        step="act",
    )
    assert s.rules.board.lake == 0
    s = play(s, "adventure", "dice --", "survival saved")
    assert where(s, 1) == "a0" and s.health[1] == 5


def test_shaman_teleportation_trap_sends_him_to_the_western_lake() -> None:
    s = at(
        ("Ninja", "Shaman"),
        quests={"g0": "inscriptions", "d3": "teleport"},
        at={"Shaman": "c3"},
        resource={"Shaman": 0},
        turn="Shaman",
        step="act",
    )
    s = play(s, "quest d3", "dice -0")
    assert where(s, 1) == "a1"


def test_rampage_2_sends_the_shaman_back_to_the_western_lake() -> None:
    s = at(("Ninja", "Shaman"), at={"Shaman": "c3", "Ninja": "e4"}, meter=2)
    s = play(s, "roll 1 2 3 6", "rampage 2", "highest Ninja+Shaman")
    assert (where(s, 0), where(s, 1)) == ("city", "a1")


def test_shaman_hatred_for_humans_never_rests_in_the_city() -> None:
    s = at(("Ninja", "Shaman"), at={"Shaman": "city"}, turn="Shaman", step="act")
    assert "rest" not in texts(s)
    s = at(("Ninja", "Shaman"), at={"Shaman": "e4"}, turn="Shaman", step="act")
    assert "rest" in texts(s), "a village is fine"


def test_shaman_body_swapping_doll_takes_an_allys_damage() -> None:
    s = at(("Ninja", "Shaman"), solved=TREASURE, at={"Ninja": "c3"}, step="act")
    s = play(s, "adventure", "dice --")
    assert texts(s) == ["doll 0", "doll 1"], "phase one: the Shaman's treasure works"
    s = play(s, "doll 1")
    assert texts(s) == ["absorb 0", "absorb 1"], "the Shaman may pay with his resources"
    s = play(s, "absorb 0")
    assert s.health == (5, 4)
    s = at(("Ninja", "Shaman"), solved=TREASURE, at={"Ninja": "c3"}, step="act")
    s = play(s, "adventure", "dice --", "doll 0")
    assert s.health == (4, 5)


def test_shaman_body_swapping_doll_takes_nothing_for_a_dead_ally() -> None:
    # §9.4 and §7.2: the Vampire in turn dies of Blood Magic on her own attack (the Shaman's
    # doll takes none of it); her roll, still read, scores 2: Team Combo.  Its 0 is the
    # claws on her, the hero in turn: dead, she is dealt nothing, so the doll is not offered.
    s = battle(
        ("Ninja", "Shaman", "Vampire"),
        turn="Vampire",
        solved=TREASURE,
        xp={"Vampire": 8},
        resource={"Ninja": 0, "Shaman": 0, "Vampire": 0},
        health={"Vampire": 1},
    )
    s = play(s, "dice -+6")
    assert texts(s) == ["doll 0", "doll 1"], "her Blood Magic damage, while she lives"
    s = play(s, "doll 0", "extra +")  # -1 + 1 + 1 + 1 = 2: the two living heroes' dice
    assert s.health == (5, 5, 0)
    s = play(s, "dice --")  # 2 - 2 = 0: the claws
    assert s.health == (5, 5, 0) and s.turn == 0 and "doll 0" not in texts(s)


def test_shaman_body_swapping_doll_needs_the_treasure() -> None:
    s = at(("Ninja", "Shaman"), at={"Ninja": "c3"}, step="act")
    s = play(s, "adventure", "dice --")
    assert s.health == (4, 5)


def test_shaman_body_swapping_doll_damage_a_dead_shaman_takes_is_not_paid() -> None:
    # Rampage 4, the lowest take 2: the Ninja and the Shaman (2 health, 1 Voodoo).  His doll
    # takes the Ninja's 2 too; he pays none of the first 2 and dies: the second is not
    # offered to pay, as a dead hero takes damage no more.
    s = position(
        ("Ninja", "Shaman"),
        quests={"g0": "inscriptions", "d1": "golem"},
        solved={"d1": "treasure"},
        meter=2,
        health={"Shaman": 2},
        resource={"Ninja": 0, "Shaman": 1},
        step="roll",
    )
    s = play(s, "roll 2 3 4 6", "rampage 4", "lowest Ninja+Shaman", "doll 2")
    assert texts(s) == ["absorb 0", "absorb 1"]
    s = play(s, "absorb 0")
    assert s.health == (5, 0) and s.resource == (0, 1)
    assert texts(s) == ["survival saved", "survival lost"]


def test_shaman_body_swapping_doll_of_a_shaman_killed_first_takes_nothing() -> None:
    # Rampage 4 on both: the Shaman (seat 0, 2 health) takes his own 2 first and dies; his
    # doll then takes none of the Prince's 2.
    s = position(
        ("Shaman", "Prince"),
        quests={"g0": "inscriptions", "d1": "golem"},
        solved={"d1": "treasure"},
        meter=2,
        health={"Shaman": 2},
        resource={"Shaman": 0, "Prince": 0},
        gold={"Prince": 0},
        step="roll",
    )
    s = play(s, "roll 2 4 6", "rampage 4", "lowest Shaman+Prince")
    assert s.health == (0, 3) and texts(s) == ["survival saved", "survival lost"]


def test_shaman_body_swapping_doll_takes_part_of_the_damage_the_ally_the_rest() -> None:
    s = position(
        ("Ninja", "Shaman"),
        quests={"g0": "inscriptions", "d1": "golem"},
        solved={"d1": "treasure"},
        meter=2,
        resource={"Shaman": 0, "Ninja": 0},
        step="roll",
    )
    s = play(s, "roll 2 3 4 6", "rampage 4", "lowest Ninja", "doll 1")
    assert s.health == (4, 4), "1 of the 2 each"


def test_minstrel_heroic_tune_is_not_offered_by_a_dead_minstrel() -> None:
    s = position(
        ("Ninja", "Minstrel"),
        quests=FACE_UP,
        step="battle",
        resource={"Minstrel": 1},
        health={"Minstrel": 0},
    )
    assert texts(s)[0] == "dice --" and len(texts(s)) == 10, "the Ninja's 2 dice at once"


def test_shaman_voodoo_regains_one_at_turn_start_when_hurt() -> None:
    s = at(("Ninja", "Shaman"), health={"Shaman": 3}, resource={"Shaman": 0}, step="act")
    assert play(s, "pass").resource[1] == 1
    s = at(("Ninja", "Shaman"), resource={"Shaman": 0}, step="act")
    assert play(s, "pass").resource[1] == 0, "at full health: nothing"
    s = at(
        ("Ninja", "Shaman"),
        health={"Shaman": 3},
        resource={"Shaman": 0},
        xp={"Shaman": 8},
        step="act",
    )
    assert play(s, "pass").resource[1] == 1, "one at level 6 (EXP 8) too, though he may hold two"


def test_minstrel_heroic_tune_adds_dice_to_an_allys_adventure_roll() -> None:
    s = at(("Ninja", "Minstrel"), at={"Ninja": "c3"}, resource={"Minstrel": 2}, step="act")
    s = play(s, "adventure")
    assert texts(s) == ["tune 0", "tune 1", "tune 2"]
    s = play(s, "tune 2")
    assert s.resource[1] == 0 and rolls(s) == 4, "Danger 2 + 2 dice of the tune"


def test_minstrel_heroic_tune_adds_dice_to_an_allys_quest_roll() -> None:
    s = at(
        ("Ninja", "Minstrel"),
        quests={"g0": "inscriptions", "d3": "goblins"},
        at={"Ninja": "c3"},
        resource={"Minstrel": 1},
        step="act",
    )
    s = play(s, "quest d3", "tune 1")
    assert rolls(s) == 3, "Combat 2 + 1"


def test_minstrel_heroic_tune_in_phase_two_adds_to_an_allys_combat_roll() -> None:
    s = position(("Ninja", "Minstrel"), quests=FACE_UP, step="battle", resource={"Minstrel": 1})
    assert texts(s) == ["tune 0", "tune 1"]
    assert rolls(play(s, "tune 1")) == 3


def test_minstrel_lullaby_keeps_the_dragon_token_once_per_game() -> None:
    s = at(("Ninja", "Minstrel"), solved=TREASURE, turn="Minstrel", meter=2)
    s = play(s, "roll 2 6 6")
    assert texts(s) == ["lullaby", "no-lullaby"]
    kept = play(s, "lullaby")
    assert kept.meter == 2 and kept.spent == 0b10
    assert play(s, "no-lullaby").meter == 4
    again = at(("Ninja", "Minstrel"), solved=TREASURE, turn="Minstrel", meter=2, spent=["Minstrel"])
    assert play(again, "roll 2 3 6").meter == 3, "once per game"
    # The Minstrel in seat 0, the Paladin's shield used: both once-per-game marks stay; the
    # token moved anyway reaches the fire icon at 3 and rampages, his turn.
    s = at(("Paladin", "Minstrel"), solved=TREASURE, turn="Minstrel", meter=2, spent=["Paladin"])
    s = play(s, "roll 2 6 6")
    assert play(s, "lullaby").spent == 0b11
    assert play(s, "no-lullaby").agenda[0] == Rampage(0)


def test_minstrel_heros_song_regains_one_ending_a_turn_beside_an_ally() -> None:
    s = at(
        ("Ninja", "Minstrel"),
        at={"Minstrel": "e4", "Ninja": "e3"},
        resource={"Minstrel": 0},
        turn="Minstrel",
        step="act",
    )
    assert play(s, "pass").resource[1] == 1
    s = at(
        ("Ninja", "Minstrel"),
        at={"Minstrel": "e4", "Ninja": "c3"},
        resource={"Minstrel": 0},
        turn="Minstrel",
        step="act",
    )
    assert play(s, "pass").resource[1] == 0, "no ally beside him"


def test_magician_magic_mastery_plus_two_search_knowledge_in_magical_quests() -> None:
    quests = {"g0": "goblins", "d3": "inscriptions"}
    s = at(
        ("Ninja", "Magician"),
        quests=quests,
        at={"Magician": "c3"},
        resource={"Magician": 0},
        turn="Magician",
        step="act",
    )
    assert rolls(play(s, "quest d3")) == 5, "Knowledge 3 + 2"
    quests = {"g0": "goblins", "d3": "sphinx"}
    s = at(
        ("Ninja", "Magician"),
        quests=quests,
        at={"Magician": "c3"},
        resource={"Magician": 0},
        turn="Magician",
        step="act",
    )
    assert rolls(play(s, "quest d3")) == 3, "the Sphinx is not magical"


def test_magician_big_bang_five_resources_two_damage_instead_of_rolling() -> None:
    s = position(
        ("Ninja", "Magician"),
        quests=FACE_UP,
        solved=TREASURE,
        step="battle",
        turn="Magician",
        xp={"Magician": 8},
        resource={"Magician": 5},
    )
    assert texts(s) == ["big-bang", "no-big-bang"]
    before = s
    s = play(s, "big-bang")
    assert s.wounds == 2 and s.resource[1] == 0 and s.turn == 0
    assert s.health == before.health, "no roll, so no chart read"
    # From 1 wound to 3, the claw box: the Retaliation answers her.
    s = play(attrs.evolve(before, wounds=1), "big-bang")
    assert s.wounds == 3 and s.agenda[0] == Claw(1)


def test_big_bang_obeys_final_breath_and_fills_a_claw_box() -> None:
    s = position(
        ("Ninja", "Magician"),
        quests=FACE_UP,
        solved=TREASURE,
        step="battle",
        turn="Magician",
        xp={"Magician": 8},
        resource={"Magician": 5},
        wounds=7,
    )
    s = play(s, "big-bang")
    assert s.wounds == 8, "2 health left: only 1 damage (Final Breath)"
    assert all(t.startswith("claw ") for t in texts(s)), "the box at 8 retaliates"


def test_magician_magic_regains_at_turn_start_more_at_higher_levels() -> None:
    s = at(("Ninja", "Magician"), resource={"Magician": 0}, step="act")
    assert play(s, "pass").resource[1] == 1
    s = at(("Ninja", "Magician"), resource={"Magician": 0}, xp={"Magician": 5}, step="act")
    assert play(s, "pass").resource[1] == 2, "level 4: 2 (PROPOSED)"


def test_vampire_blood_magic_each_one_costs_blood() -> None:
    s = play(vampire_adventure(), "dice -0+")
    assert s.resource[1] == 1 and s.health[1] == 5


def test_vampire_blood_magic_without_blood_costs_health() -> None:
    s = play(vampire_adventure(resource={"Vampire": 1}), "dice ---")
    assert s.resource[1] == 0 and s.health[1] == 2, (
        "1 Blood and 2 health for the three 1s, 1 health for the chart's -3"
    )


def test_vampire_blood_magic_counts_extra_dice() -> None:
    s = play(vampire_adventure(), "dice 0+6", "extra -")
    assert s.resource[1] == 1


def test_vampire_blood_magic_counts_her_team_combo_die() -> None:
    s = position(("Ninja", "Vampire"), quests=FACE_UP, step="battle", resource={"Vampire": 1})
    s = play(s, "dice ++")
    assert texts(s) == ["dice -", "dice 0", "dice +", "dice 6"], "Team Combo: the Ninja's die"
    s = play(s, "dice 0", "dice -")
    assert s.resource[1] == 0, "her own 1 costs her Blood"


def test_ruling_blood_magic_counts_quest_adventure_and_battle_dice_only() -> None:
    # Adventuring (extra dice included), her battle attack and her Team Combo die: a 1 costs
    # 1 Blood.
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        at={"Vampire": "c1"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 2},
    )
    s = play(s, "adventure", "spend 0", "dice 06", "extra -")
    assert s.resource[1] == 1, "the extra die's 1"
    s = position(
        ("Ninja", "Vampire"), quests=FACE_UP, step="battle", turn="Vampire", resource={"Vampire": 2}
    )
    assert play(s, "spend 0", "dice -++").resource[1] == 1, "her attack's 1"
    s = position(("Ninja", "Vampire"), quests=FACE_UP, step="battle", resource={"Vampire": 1})
    assert play(s, "dice ++", "dice 0", "dice -").resource[1] == 0, "her Team Combo die"
    s = position(
        ("Vampire", "Ninja"),
        quests={"g0": "golem"},
        at={"Vampire": "f1"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 2},
    )
    s = play(s, "quest g0", "absorb 0", "spend 0", "dice ---")  # the Golem's start damage
    assert s.resource[1] == 0, "her quest's 1s"


def test_ruling_blood_magic_not_on_roll_offs_survival_retaliation_or_movement() -> None:
    # A movement roll of 1s, a roll-off she loses, a Retaliation: no Blood is paid.
    s = position(("Ninja", "Vampire"), quests=FACE_UP, turn="Vampire", resource={"Vampire": 2})
    assert play(s, "roll 1 1 1").resource[1] == 2, "movement dice"
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        step="battle",
        turn="Vampire",
        resource={"Vampire": 2},
        wounds=2,
    )
    # 3: 1 damage to her (paid with health), then the claw box at 3 strikes.
    s = play(s, "spend 0", "dice +++", "absorb 0", "claw slash")
    assert texts(s)[0].startswith("lowest") and s.resource[1] == 2
    s = play(s, "lowest Vampire", "absorb 0")
    assert s.resource[1] == 2 and s.health[1] == 2, "the roll-off's 2 damage, no Blood"
    # The survival roll: every hero's die (the Vampire's too) is only a saving throw.
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        at={"Vampire": "c1"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 0},
        health={"Vampire": 1},
    )
    s = play(s, "adventure", "dice -0")  # her 1 costs health at 0 Blood; -1: 1 damage
    assert texts(s) == ["survival saved", "survival lost"]
    assert play(s, "survival saved").health[1] == 4, "saved to full 5; then the -1 is read"


def test_vampire_thirst_for_blood_minus_two_at_zero_blood() -> None:
    s = position(
        ("Ninja", "Vampire"), quests=FACE_UP, step="battle", turn="Vampire", resource={"Vampire": 0}
    )
    assert rolls(s) == 1, "Combat 3 - 2"
    s = position(
        ("Ninja", "Vampire"), quests=FACE_UP, step="battle", turn="Vampire", resource={"Vampire": 1}
    )
    assert rolls(play(s, "spend 0")) == 3


def test_thirst_for_blood_spending_the_last_blood_on_a_battle_roll_costs_two_combat() -> None:
    # Combat 3; "at '0' Blood resource, her Combat ... reduced by 2": spending her last Blood
    # for a die leaves her at 0 Blood as she rolls, so 3 - 2 + 1 dice, not 3 + 1.
    s = position(
        ("Ninja", "Vampire"), quests=FACE_UP, step="battle", turn="Vampire", resource={"Vampire": 1}
    )
    assert rolls(play(s, "spend 1")) == 2
    assert rolls(play(s, "spend 0")) == 3
    s = position(
        ("Ninja", "Vampire"), quests=FACE_UP, step="battle", turn="Vampire", resource={"Vampire": 3}
    )
    assert rolls(play(s, "spend 2")) == 5, "1 Blood kept: Combat 3 + 2"
    assert rolls(play(s, "spend 3")) == 4, "0 Blood: Combat 1 + 3"


def test_thirst_for_blood_spending_the_last_blood_on_a_quest_costs_two_knowledge() -> None:
    s = position(
        ("Ninja", "Vampire"),
        quests={"g0": "inscriptions", "d3": "sphinx"},
        at={"Vampire": "c3"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 1},
    )
    s = play(s, "quest d3")
    assert texts(s) == ["spend 0", "spend 1"]
    assert rolls(play(s, "spend 0")) == 2, "Knowledge 2"
    assert rolls(play(s, "spend 1")) == 1, "Knowledge 2 - 2 + 1"


def test_thirst_for_blood_does_not_touch_the_danger_of_an_adventure() -> None:
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        at={"Vampire": "c3"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 1},
    )
    s = play(s, "adventure")
    assert rolls(play(s, "spend 1")) == 4, "Danger 3 on plains + 1"


def test_thirst_for_blood_keeps_the_minstrels_heroic_tune_dice() -> None:
    # The Minstrel's dice are his, not her Combat: only her attribute drops.
    s = position(
        ("Minstrel", "Vampire"),
        quests=FACE_UP,
        step="battle",
        turn="Vampire",
        resource={"Vampire": 1, "Minstrel": 2},
    )
    s = play(s, "tune 2")
    assert rolls(play(s, "spend 1")) == 4, "Combat 1 at 0 Blood + 1 + 2 tuned"


def test_vampire_kiss_of_death_keeps_the_other_once_per_game_marks() -> None:
    # The Paladin (seat 0) dead, his shield used: kissed, both marks are kept.
    s = position(
        ("Paladin", "Vampire"),
        quests=FACE_UP,
        solved=TREASURE,
        step="battle",
        turn="Vampire",
        health={"Paladin": 0},
        spent=["Paladin"],
    )
    assert texts(s) == ["kiss Paladin", "no-kiss"]
    assert play(s, "kiss Paladin").spent == 0b11


def test_vampire_kiss_of_death_revives_a_dead_hero_with_two_health() -> None:
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        solved=TREASURE,
        step="battle",
        turn="Vampire",
        health={"Ninja": 0},
    )
    assert texts(s) == ["kiss Ninja", "no-kiss"]
    s = play(s, "kiss Ninja")
    assert s.health[0] == 2 and s.spent == 0b10
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        solved=TREASURE,
        step="battle",
        turn="Vampire",
        health={"Ninja": 0},
        spent=["Vampire"],
    )
    assert "no-kiss" not in texts(s), "once per game"


def test_vampire_blood_regains_two_resting_in_city_one_in_village() -> None:
    for space, blood in (("city", 2), ("e4", 1)):
        s = at(
            ("Ninja", "Vampire"),
            at={"Vampire": space},
            resource={"Vampire": 0},
            turn="Vampire",
            step="act",
        )
        assert play(s, "rest").resource[1] == blood


def test_werewolf_lycanthropy_on_an_icon_combat_plus_three_search_knowledge_minus_two() -> None:
    s = position(
        ("Ninja", "Werewolf"), quests=FACE_UP, step="battle", turn="Werewolf", xp={"Werewolf": 1}
    )
    assert rolls(s) == 5, "Combat 2 + 3 in Lycan form"
    s = position(
        ("Ninja", "Werewolf"), quests=FACE_UP, step="battle", turn="Werewolf", xp={"Werewolf": 2}
    )
    assert rolls(s) == 2, "XP 2 is no icon"
    quests = {"g0": "goblins", "d3": "inscriptions"}
    s = at(
        ("Ninja", "Werewolf"),
        quests=quests,
        at={"Werewolf": "c3"},
        xp={"Werewolf": 1},
        turn="Werewolf",
        step="act",
    )
    s = play(s, "quest d3")
    assert s.flags == (0,) * 5 and s.turn == 0, "Knowledge 2 - 2: no dice, a failure"
    s = at(
        ("Ninja", "Werewolf"),
        quests=quests,
        at={"Werewolf": "c3"},
        xp={"Werewolf": 8},
        resource={"Werewolf": 0},
        turn="Werewolf",
        step="act",
    )
    assert rolls(play(s, "quest d3")) == 1, "EXP 8: level 6, on an icon: Knowledge 3 - 2"


def test_werewolf_gauntlets_need_him_alive_at_the_end_of_his_turn() -> None:
    # In Lycan form (EXP 1: 5 Combat dice), 1 health: a 4 wounds the dragon and he may
    # take his second turn; a 0 (4 damage to himself) kills him, and the Ninja fights next.
    s = position(
        ("Ninja", "Werewolf"),
        quests=FACE_UP,
        solved=TREASURE,
        step="battle",
        turn="Werewolf",
        xp={"Werewolf": 1},
        health={"Werewolf": 1},
    )
    assert texts(play(s, "dice 0++++")) == ["gauntlets", "no-gauntlets"]
    dead = play(s, "dice 00000")
    assert dead.health == (5, 0) and dead.turn == 0 and texts(dead)[0] == "dice --"


def test_werewolf_gauntlets_two_turns_in_a_row() -> None:
    s = position(
        ("Ninja", "Werewolf"), quests=FACE_UP, solved=TREASURE, step="battle", turn="Werewolf"
    )
    s = play(s, "dice 0+")
    assert texts(s) == ["gauntlets", "no-gauntlets"]
    twice = play(s, "gauntlets")
    assert twice.turn == 1 and rolls(twice) == 2
    assert play(twice, "dice 0+").turn == 0, "two turns, not three"
    assert play(s, "no-gauntlets").turn == 0


def test_werewolf_strength_of_the_wild_heals_one_at_turn_start_in_lycan_form() -> None:
    s = at(("Ninja", "Werewolf"), health={"Werewolf": 4}, xp={"Werewolf": 3}, step="act")
    assert play(s, "pass").health[1] == 5
    s = at(("Ninja", "Werewolf"), health={"Werewolf": 4}, xp={"Werewolf": 4}, step="act")
    assert play(s, "pass").health[1] == 4


def test_expansion_treasures_only_in_phase_two_but_shaman_and_minstrel_in_both() -> None:
    s = at(
        ("Werewolf", "Vampire"),
        solved=TREASURE,
        at={"Werewolf": "c3"},
        step="act",
        health={"Vampire": 4},
    )
    s = play(s, "adventure", "dice 000")
    assert s.turn == 1 and "gauntlets" not in texts(s), "the gauntlets wait for phase two"
