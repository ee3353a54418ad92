"""Dorasure §8 The base heroes: Ninja (§8.1), Hunter (§8.2), Gladiator (§8.3), Prince (§8.4),
Paladin (§8.5) and when treasures work (§8.6).

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

import boardrules as br
from boardrules.dorasure import current_player, new_game, position
from boardrules.dorasure._dice import score_roll
from boardrules.dorasure.tasks.turn import Hardened
from dorasure_helpers import FACE_UP, battle, play, texts


def test_ninja_ninjutsu_regains_one_each_time_he_enters_a_forest() -> None:
    s = position(quests=FACE_UP, at={"Ninja": "c2"}, step="move", dice=[5, 5, 5])
    s = play(s, "step 5 c1")
    assert s.resource[0] == 1
    s = play(s, "step 5 d0", "step 5 c1")
    assert s.resource[0] == 2, "up to the level 1 cap of 2"


def test_ninja_oboro_gasumi_rerolls_all_his_dice_once_per_battle_turn() -> None:
    s = play(battle(solved={"g0": "treasure"}), "dice --")
    assert texts(s) == ["reroll", "no-reroll"]
    s = play(s, "reroll")
    assert len(texts(s)) == 10 and s.score == 0
    s = play(s, "dice -+")
    assert s.health == (1, 8), "no second reroll: score 0, claws"
    assert play(battle(solved={"g0": "treasure"}), "dice --", "no-reroll").health == (0, 8)


def test_hunter_magical_ammo_regains_all_when_resting_in_a_village_or_the_city() -> None:
    s = position(
        ["Ninja", "Hunter"],
        quests=FACE_UP,
        at={"Hunter": "e4"},
        turn="Hunter",
        step="act",
        resource={"Hunter": 0},
    )
    assert play(s, "rest").resource[1] == 2


def test_hunter_poisoned_bullets_turn_one_combat_die_to_six_once_per_game() -> None:
    s = battle(
        ("Ninja", "Hunter"), turn="Hunter", solved={"g0": "treasure"}, resource={"Hunter": 0}
    )
    s = play(s, "dice -0", "bullet -")
    assert s.score == 1 and s.pending == 1, "the 1 became a 6: +1 and an extra die"
    s = play(s, "extra -")  # score 0: claws on the Hunter
    assert s.health == (5, 1) and s.spent == 2
    s = battle(
        ("Ninja", "Hunter"),
        turn="Hunter",
        solved={"g0": "treasure"},
        spent=["Hunter"],
        resource={"Hunter": 0},
    )
    assert play(s, "dice -0").health == (5, 0), "used: no bullet, -1 is instant death"


def test_hunter_poisoned_bullet_may_turn_a_two_or_three_of_a_freshly_built_roll() -> None:
    # The table of a roll is built once per number of dice and cached: built afresh here,
    # the roll still tells which classes of dice the Hunter may turn into a 6.
    score_roll.cache_clear()
    s = battle(
        ("Ninja", "Hunter"), turn="Hunter", solved={"g0": "treasure"}, resource={"Hunter": 0}
    )
    assert texts(play(s, "dice -0")) == ["bullet -", "bullet 0", "no-bullet"]
    assert texts(play(s, "dice 0+")) == ["bullet 0", "bullet +", "no-bullet"]


def test_hunter_roll_keeps_only_which_classes_of_dice_a_poisoned_bullet_may_turn() -> None:
    # The state keeps of the Hunter's roll only whether a 1, a 2-3 or a 4-5 is there to be
    # turned into a 6 (ones, 2-3s, 4-5s, 6s): two 2-3s read like one.
    s = battle(
        ("Ninja", "Hunter"), turn="Hunter", solved={"g0": "treasure"}, resource={"Hunter": 0}
    )
    assert play(s, "dice 00").roll == (0, 1, 0, 0)
    assert play(s, "dice --").roll == (1, 0, 0, 0)
    assert play(s, "dice ++").roll == (0, 0, 1, 0)
    assert play(s, "dice -0").roll == (1, 1, 0, 0)
    assert play(s, "dice +6").roll == (0, 0, 1, 0), "a 6 is never turned into a 6"
    assert play(s, "dice -0", "no-bullet").roll == (0, 0, 0, 0), "nothing reads it any more"


def test_poisoned_bullet_on_an_extra_two_or_three_adds_only_an_extra_die() -> None:
    s = battle(
        ("Ninja", "Hunter"), turn="Hunter", solved={"g0": "treasure"}, resource={"Hunter": 0}
    )
    s = play(s, "dice +6", "extra 0")
    assert s.score == 3 and texts(s) == ["bullet +", "no-bullet"], "no 2-3 that scored 0"
    s = play(s, "bullet +")
    assert s.score == 3 and s.pending == 1, "it already scored +1; the new 6 rolls again"
    s = play(s, "extra +")
    assert s.wounds == 1, "4: attack from behind"


def test_poisoned_bullet_on_a_two_or_three_adds_one_and_an_extra_die() -> None:
    # §8.2: the 2-3 scored 0; as a 6 it scores +1 and rolls an extra die.  The bullet spends
    # only the Hunter's once-per-game bit (seat 0): the Minstrel's (seat 1) stays spent.
    s = battle(
        ("Hunter", "Minstrel"),
        turn="Hunter",
        solved={"g0": "treasure"},
        spent=["Minstrel"],
        resource={"Hunter": 0, "Minstrel": 0},
    )
    assert s.spent == 0b10
    s = play(s, "dice -0", "bullet 0")
    assert (s.score, s.pending, s.spent) == (0, 1, 0b11), "-1 + 1, the extra die owed"


def test_poisoned_bullet_may_turn_an_extra_two_or_three_like_a_four_or_five() -> None:
    # §8.2 and §5.2: the extra die's 2-3 scored +1, as a 4-5 does, so the Hunter may turn
    # it (+0, an extra die); his first roll's 2-3 (0) and 6 are offered as they are.
    s = battle(
        ("Ninja", "Hunter"), turn="Hunter", solved={"g0": "treasure"}, resource={"Hunter": 0}
    )
    s = play(s, "dice 06", "extra 0")
    assert s.score == 2 and texts(s) == ["bullet 0", "bullet +", "no-bullet"]


def test_battle_treasures_are_offered_after_the_extra_dice() -> None:
    s = play(battle(solved={"g0": "treasure"}), "dice -6")
    assert texts(s)[0] == "extra -", "the extra die comes first"
    s = play(s, "extra -")
    assert texts(s) == ["reroll", "no-reroll"] and s.score == -1
    s = battle(
        ("Ninja", "Hunter"), turn="Hunter", solved={"g0": "treasure"}, resource={"Hunter": 0}
    )
    s = play(s, "dice +6", "extra -")
    assert texts(s) == ["bullet -", "bullet +", "no-bullet"], "the extra die's 1 too"
    s = play(s, "bullet -", "extra +")
    # + and 6 and the extra 1 turned to a 6 make 3, its own extra die + makes 4
    assert s.wounds == 1 and s.health == (5, 5), "attack from behind"


def test_gladiator_battle_hardened_regains_one_health_adventuring_on_plains() -> None:
    s = position(
        quests=FACE_UP,
        at={"Gladiator": "c2"},
        turn="Gladiator",
        step="act",
        health={"Gladiator": 5},
    )
    s = play(s, "adventure")
    assert s.health[1] == 5, "not before the roll: after its result"
    assert play(s, "dice ---").health[1] == 5, "-3: 1 damage, then 1 health back"
    assert play(s, "dice +++").health[1] == 6, "regardless of the outcome"
    s = position(
        quests=FACE_UP,
        at={"Gladiator": "c1"},
        turn="Gladiator",
        step="act",
        health={"Gladiator": 5},
    )
    assert play(s, "adventure", "dice ++").health[1] == 5, "not in a forest"


def test_gladiator_battle_hardened_heals_her_back_from_one_health() -> None:
    s = position(
        ("Ninja", "Gladiator"),
        quests=FACE_UP,
        at={"Gladiator": "c2"},
        turn="Gladiator",
        step="act",
        health={"Gladiator": 2},
    )
    assert play(s, "adventure", "dice ---").health[1] == 2, "2, 1 damage, then 1 back"
    # Waiting behind the Shaman's choice for the damage, it is saved and read back.
    s = position(
        ("Gladiator", "Shaman"),
        quests={"g0": "inscriptions", "d1": "golem"},
        solved={"d1": "treasure"},
        at={"Gladiator": "c2"},
        turn="Gladiator",
        step="act",
    )
    s = play(s, "adventure", "dice ---")
    assert s.agenda[2] == Hardened(0) and texts(s) == ["doll 0", "doll 1"]
    assert br.from_json(br.to_json(s)) == s


def test_ruling_battle_hardened_after_the_result() -> None:
    s = position(
        ("Ninja", "Gladiator"),
        quests=FACE_UP,
        at={"Gladiator": "c2"},
        turn="Gladiator",
        step="act",
        health={"Gladiator": 8},
    )
    s = play(s, "adventure", "dice 00+")
    assert s.health[1] == 8 and s.xp[1] == 1, "1: 1 damage, then 1 health back"
    s = position(
        ("Ninja", "Gladiator"),
        quests=FACE_UP,
        at={"Gladiator": "c2"},
        turn="Gladiator",
        step="act",
        health={"Gladiator": 1},
    )
    s = play(s, "adventure", "dice -00")
    assert s.health[1] == 0 and texts(s) == ["survival saved", "survival lost"], (
        "a result that kills her kills her: no heal first"
    )


def test_gladiator_mammoth_meat_full_health_at_the_start_of_phase_two() -> None:
    s = position(
        ["Gladiator", "Prince"],
        quests=FACE_UP,
        solved={"g0": "treasure"},
        meter=13,
        health={"Gladiator": 3},
    )
    s = play(s, "roll 2 6", "rampage 3", "absorb 0", "rampage 3", "absorb 0")
    assert s.phase == 1 and s.health == (8, 3)
    assert s.gold[1] == 4, "True Wealth: 1 + 3 gold"


def test_prince_begins_with_one_gold() -> None:
    s = new_game(heroes=["Prince", "Ninja"])
    assert s.gold == (0, 1) and s.resource[1] == 1


def test_prince_servants_are_set_to_his_level_at_the_start_of_his_turn() -> None:
    s = position(
        ["Ninja", "Prince"], quests=FACE_UP, step="act", xp={"Prince": 3}, resource={"Prince": 0}
    )
    s = play(s, "pass")
    assert s.turn == 1 and s.resource[1] == 3


def test_prince_servants_do_not_replenish_in_the_final_battle() -> None:
    s = battle(("Ninja", "Prince"), turn="Prince", xp={"Prince": 3}, resource={"Prince": 0})
    assert texts(s) == ["spend 0", "spend 1"], "only his gold"


def test_prince_spends_servants_before_gold() -> None:
    s = battle(("Ninja", "Prince"), turn="Prince", resource={"Prince": 1})
    s = play(s, "spend 1")
    assert s.resource[1] == 0 and s.gold[1] == 1


def test_prince_true_wealth_needs_the_treasure() -> None:
    s = position(["Gladiator", "Prince"], quests=FACE_UP, meter=13)
    s = play(s, "roll 2 6", "rampage 1", "rampage 1")
    assert s.phase == 1 and s.gold[1] == 1 and s.health[0] == 8


def test_paladin_faith_drops_the_highest_movement_die_for_one_resource() -> None:
    s = position(["Ninja", "Paladin"], quests=FACE_UP, turn="Paladin", resource={"Paladin": 0})
    s = play(s, "roll 3 5")
    assert texts(s) == ["faith", "no-faith"] and current_player(s) == 1
    s = play(s, "faith")
    assert s.dice == (3,) and s.resource[1] == 1


def test_paladin_faith_a_dropped_six_still_moved_the_meter() -> None:
    s = position(["Ninja", "Paladin"], quests=FACE_UP, turn="Paladin")
    s = play(s, "roll 3 6", "faith")
    assert s.dice == (3,) and s.meter == 1


def test_paladin_platinum_shield_is_offered_from_the_first_seat_while_he_lives() -> None:
    # The Paladin in seat 0 (before the Vampire), 1 health: the Vampire's 3 reaches the claw
    # box at 3, and he may stop its blast.  Dead, he is not asked: the blast strikes her.
    s = battle(
        ("Paladin", "Vampire"),
        turn="Vampire",
        wounds=2,
        solved={"g0": "treasure"},
        health={"Paladin": 1},
        resource={"Paladin": 0},
    )
    s = play(s, "spend 0", "dice +++", "absorb 0", "claw blast")
    assert texts(s) == ["shield", "no-shield"] and current_player(s) == 0
    s = battle(
        ("Paladin", "Vampire"),
        turn="Vampire",
        wounds=2,
        solved={"g0": "treasure"},
        health={"Paladin": 0},
        resource={"Paladin": 0},
    )
    s = play(s, "no-kiss", "spend 0", "dice +++", "absorb 0", "claw blast")
    assert texts(s) == ["absorb 0", "absorb 1"] and current_player(s) == 1


def test_paladin_platinum_shield_protects_the_party_from_one_retaliation() -> None:
    s = battle(
        ("Ninja", "Paladin"),
        turn="Paladin",
        wounds=2,
        solved={"g0": "treasure"},
        resource={"Paladin": 0},
    )
    s = play(s, "dice ++6", "extra +", "claw blast")
    assert texts(s) == ["shield", "no-shield"] and current_player(s) == 1
    shielded = play(s, "shield")
    assert shielded.health == (5, 7) and shielded.spent == 2
    assert play(s, "no-shield").health == (4, 6)
    s = battle(
        ("Ninja", "Paladin"),
        turn="Paladin",
        wounds=2,
        solved={"g0": "treasure"},
        spent=["Paladin"],
        resource={"Paladin": 0},
    )
    assert play(s, "dice ++6", "extra +", "claw blast").health == (4, 6), "once per game"


def test_paladin_platinum_shield_also_stops_a_critical_slash() -> None:
    s = battle(
        ("Ninja", "Paladin"),
        turn="Paladin",
        wounds=2,
        solved={"g0": "treasure"},
        resource={"Paladin": 0},
    )
    s = play(s, "dice ++6", "extra +", "claw slash", "shield")
    assert s.health == (5, 7) and s.turn == 0
    s = battle(
        ("Ninja", "Paladin"),
        turn="Paladin",
        wounds=2,
        solved={"g0": "treasure"},
        resource={"Paladin": 0},
    )
    assert play(s, "dice ++6", "extra +", "claw miss").turn == 0, "a miss needs no shield"


def test_treasures_work_only_in_phase_two() -> None:
    s = position(
        ["Ninja", "Hunter"],
        quests={"g0": "goblins", "d1": "golem"},
        solved={"d1": "treasure"},
        at={"Hunter": "g1"},
        turn="Hunter",
        step="act",
        resource={"Hunter": 0},
    )
    s = play(s, "quest g0", "dice -0")
    assert s.health[1] == 4 and s.turn == 0, "no Poisoned Bullets while questing"
