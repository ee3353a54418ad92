"""Dorasure: the rulings added after the first implementation, one test each (named for it).

Map: c2 plains (a Fang hex), c1 a forest, g0 the farthest mountain (f1 beside it), e4 a
village.  With ``LANDS`` the Mirage City covers c2.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import boardrules as br
from boardrules.dorasure import DorasureState, chance_outcomes, new_game, position
from boardrules.dorasure._state import T_MOVE_ROLL, T_ROLL
from boardrules.errors import InvalidOptionError, StateFormatError
from dorasure_helpers import FACE_UP, play, texts
from dorasure_helpers import where as space_of

LANDS = {"e0": "quicksand", "c2": "mirage", "e3": "meadow", "d4": "swamp", "g5": "caravan"}
WITH_D1 = {"g0": "inscriptions", "d1": "golem"}
SOLVED_FOUR = {"d1": "lair", "d3": "book", "g3": "weapons", "f5": "lair"}


def test_ruling_grand_master_rises_one_level_per_exp() -> None:
    for xp in range(9):
        s = position(("Grand Master",), quests=FACE_UP, xp={"Grand Master": xp})
        assert s.level(0) == min(6, xp + 1)
    # Other heroes keep the shared track: levels at EXP 0, 1, 3, 5, 6, 8.
    s = position(("Ninja", "Hunter"), quests=FACE_UP, xp={"Ninja": 2, "Hunter": 5})
    assert (s.level(0), s.level(1)) == (2, 4)


def test_ruling_grand_master_five_quests_reach_level_six_as_the_battle_starts() -> None:
    # His fifth quest (the Sphinx, Knowledge 1, alone) at EXP 4: EXP 5 starts the battle,
    # where his level-6 rule (4 or more: two wounds) and his level-6 Combat apply.
    s = position(
        ("Grand Master",),
        quests={"g0": "sphinx", **dict.fromkeys(SOLVED_FOUR, "golem")}
        | {"d3": "teleport", "g3": "labyrinth", "f5": "goblins"},
        solved=SOLVED_FOUR,
        xp={"Grand Master": 4},
        at={"Grand Master": "f1"},
        step="act",
        resource={"Grand Master": 0},
        rerolled=True,
    )
    s = play(s, "quest g0")
    s = play(s, *(["spend 0"] if texts(s)[0] == "spend 0" else []))
    s = play(s, "dice " + "0" * (_dice(s) - 1) + "+", "reward treasure")
    assert s.phase == 1 and s.xp == (5,) and s.level(0) == 6
    assert (s.rules.stats[0][6][3], s.rules.stats[0][5][3]) == (6, 5)  # Combat 6 at level 6


def _dice(s: DorasureState) -> int:
    return len(str(chance_outcomes(s)[0][0]).split()[1])


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


def test_ruling_mirage_city_no_healing_of_any_kind() -> None:
    # Strength of the Wild: the Werewolf in Lycan form (EXP 1) standing on the Mirage City.
    s = position(
        ("Ninja", "Werewolf"),
        fang=True,
        lands=LANDS,
        quests=FACE_UP,
        at={"Werewolf": "c2"},
        turn="Ninja",
        step="act",
        xp={"Werewolf": 1},
        health={"Werewolf": 4},
    )
    assert play(s, "pass").health[1] == 4, "no Strength of the Wild there"
    s = position(
        ("Ninja", "Werewolf"),
        fang=True,
        lands=LANDS,
        quests=FACE_UP,
        at={"Werewolf": "c1"},
        turn="Ninja",
        step="act",
        xp={"Werewolf": 1},
        health={"Werewolf": 4},
    )
    assert play(s, "pass").health[1] == 5, "elsewhere he heals"
    # Treasures: the Grand Master's Elixir is not offered there.
    s = position(
        ("Grand Master",),
        fang=True,
        lands=LANDS,
        quests=WITH_D1,
        solved={"d1": "treasure"},
        at={"Grand Master": "c2"},
        step="battle",
        health={"Grand Master": 3},
        resource={"Grand Master": 0},
    )
    assert "elixir" not in texts(s) and s.health == (3,)
    # Resting is not an action there.
    s = position(
        ("Ninja", "Gladiator"),
        fang=True,
        lands=LANDS,
        quests=FACE_UP,
        at={"Gladiator": "c2"},
        turn="Gladiator",
        step="act",
        health={"Gladiator": 2},
    )
    assert texts(s) == ["adventure"]


def test_ruling_mirage_city_no_mammoth_meat_and_no_kiss_there() -> None:
    # The battle begins by filling the meter: Mammoth Meat heals the Gladiator to full,
    # but not while she stands on the Mirage City.
    for where, healed in (("c2", False), ("c1", True)):
        s = position(
            ("Ninja", "Gladiator"),
            fang=True,
            lands=LANDS,
            quests=WITH_D1,
            solved={"d1": "treasure"},
            at={"Gladiator": where},
            meter=13,
            health={"Gladiator": 3},
            resource={"Ninja": 0},
        )
        s = play(s, "roll 1 2 3 6", "rampage 2", "highest Ninja", "rampage 2", "highest Ninja")
        assert s.phase == 1 and (s.health[1] == 8) == healed, where
    # Kiss of Death: a dead hero on the Mirage City cannot be revived.
    for where, offered in (("c2", False), ("c1", True)):
        s = position(
            ("Ninja", "Vampire"),
            fang=True,
            lands=LANDS,
            quests=WITH_D1,
            solved={"d1": "treasure"},
            at={"Ninja": where},
            step="battle",
            turn="Vampire",
            health={"Ninja": 0},
            resource={"Vampire": 0},
        )
        assert ("kiss Ninja" in texts(s)) == offered, where


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


def test_ruling_the_hero_who_starts_the_battle_begins_it_with_a_new_turn() -> None:
    # The Grand Master's Mana (+1 at the start of each of his turns) comes again when his
    # last quest starts the battle in his Adventure Phase turn.
    s = position(
        ("Grand Master",),
        quests={
            "g0": "sphinx",
            "d1": "golem",
            "d3": "teleport",
            "g3": "labyrinth",
            "f5": "goblins",
        },
        solved=SOLVED_FOUR,
        xp={"Grand Master": 4},
        at={"Grand Master": "f1"},
        step="act",
        resource={"Grand Master": 0},
        rerolled=True,
    )
    s = play(s, "quest g0")
    s = play(s, "dice " + "0" * (_dice(s) - 1) + "+", "reward treasure")
    assert s.phase == 1 and s.turn == 0 and s.resource == (1,), "Mana again"


def test_ruling_quest_replenishing_refills_in_reading_order_when_tiles_run_short() -> None:
    six = ("Ninja", "Gladiator", "Hunter", "Prince", "Paladin", "Samurai")
    # Five tiles on the board, two unused: of three solved mountains the first two in
    # reading order (d1, d3) get a new quest.
    s = position(
        six,
        quests={
            "g0": "inscriptions",
            "d1": "golem",
            "d3": "teleport",
            "g3": "labyrinth",
            "f5": "sphinx",
        },
        solved={"d1": "book", "d3": "lair", "g3": "weapons"},
        meter=8,
        resource={h: 0 for h in six if h != "Gladiator"},
        gold={"Prince": 0},
    )
    s = play(s, "roll 1 2 3 6", "special meter", "rampage 1")
    board = s.rules.board
    marks = [s.renewed[board.mountains.index(board.index[m])] for m in ("d1", "d3", "g3")]
    assert marks == [1, 1, 0] and len(s.retired) == 2


def test_ruling_team_combo_six_gives_plus_one_and_no_extra_die() -> None:
    s = position(("Ninja", "Gladiator"), quests=FACE_UP, step="battle")
    s = play(s, "dice ++", "dice 66")  # 2 + 1 + 1 = 4: attack from behind
    assert s.wounds == 1 and "extra" not in " ".join(texts(s))


def test_ruling_flags_stay_on_a_quest_until_it_is_solved() -> None:
    s = position(
        ("Ninja", "Gladiator"),
        quests={"g0": "goblins"},
        at={"Gladiator": "f1"},
        turn="Gladiator",
        step="act",
        resource={"Ninja": 0},
    )
    s = play(s, "quest g0", "dice 0++")  # 2 of 3: two flags, 1 damage
    assert s.flags[0] == 2
    s = play(s, "roll 1 1 1 1", "stop", "pass")  # the Ninja's turn: the flags stay
    assert s.flags[0] == 2 and s.turn == 1
    again = br.from_json(br.to_json(s))
    assert isinstance(again, DorasureState) and again.flags[0] == 2
    assert sum(p for _, p in chance_outcomes(s)) == Fraction(1)


# -- the rulings added for the points left open in December 2026 ----------------------------

#: The default map with its south-east mountain moved beside the City (c5 for f5): a hero
#: saved to the City is back beside the quest of c5.
CITY_BESIDE_C5 = (
    "V R P F P F M",
    "L R F M P F F",
    "P R P P F R P",
    "F R P M P R M",
    "C R P F V R F",
    "C C M P F R P",
)


def _same_after_json(s: DorasureState) -> DorasureState:
    again = br.from_json(br.to_json(s))
    assert isinstance(again, DorasureState) and again == s
    return s


def _vampire_assists(quest: str, *moves: str) -> DorasureState:
    """The Ninja quests on g0 with the Vampire (0 Blood, 1 health) assisting; the Ninja's
    two Combat dice, then the Vampire's one (3 - 2 at 0 Blood)."""
    s = position(
        ("Ninja", "Vampire"),
        quests={"g0": quest},
        at={"Ninja": "f1", "Vampire": "g1"},
        turn="Ninja",
        step="act",
        resource={"Ninja": 0, "Vampire": 0},
        health={"Vampire": 1},
    )
    s = play(s, "quest g0", "ask Vampire", "agree")
    for mv in moves:
        s = _same_after_json(play(s, mv))
    return s


def _vampire_quests(quest: str, *moves: str, alone: bool = False, xp: int = 8) -> DorasureState:
    """The Vampire (0 Blood, 1 health) quests on g0, the Ninja assisting unless ``alone``.
    At EXP 8 (level 6) she rolls 3 Combat dice and 1 Search die at 0 Blood; at EXP 6 (level
    5) 2 Combat dice."""
    s = position(
        ("Ninja", "Vampire"),
        quests={"g0": quest},
        at={"Ninja": "g1", "Vampire": "f1"},
        turn="Vampire",
        step="act",
        resource={"Ninja": 0, "Vampire": 0},
        health={"Vampire": 1},
        xp={"Vampire": xp},
    )
    s = play(s, "quest g0", *(["skip Ninja"] if alone else ["ask Ninja", "agree"]))
    for mv in moves:
        s = _same_after_json(play(s, mv))
    return s


def test_ruling_saved_during_a_quest_is_a_fresh_start_at_home_with_full_health() -> None:
    # Blood Magic on her own quest die: the Vampire back in the City with full health.
    s = _vampire_assists("goblins", "dice ++", "dice -")
    assert s.health == (5, 0) and texts(s) == ["survival saved", "survival lost"]
    s = _same_after_json(play(s, "survival saved"))
    assert s.health[1] == 5 and space_of(s, 1) == "city" and s.resource[1] == 0
    # The start-of-quest damage: the Shaman back in the Western Lake with full health.
    s = position(
        ("Ninja", "Shaman"),
        quests={"g0": "golem"},
        at={"Ninja": "f1", "Shaman": "g1"},
        turn="Ninja",
        step="act",
        resource={"Ninja": 0, "Shaman": 0},
        health={"Shaman": 1},
    )
    s = play(s, "quest g0", "ask Shaman", "agree", "survival saved")
    assert s.health == (4, 5) and space_of(s, 1) == "a1" and s.party == 1
    _same_after_json(s)


def test_ruling_saved_during_a_quest_takes_no_further_part() -> None:
    # The City beside the quest: the Gladiator, killed by the golem as the quest begins and
    # saved to the City, stands beside it again but rolls no die; the Ninja rolls alone.
    s = position(
        ("Ninja", "Gladiator"),
        board=CITY_BESIDE_C5,
        quests={"g0": "inscriptions", "c5": "golem"},
        at={"Ninja": "d5"},
        turn="Ninja",
        step="act",
        resource={"Ninja": 0},
        health={"Gladiator": 1},
    )
    s = play(s, "quest c5", "ask Gladiator", "agree", "survival saved")
    assert space_of(s, 1) == "city" and s.party == 1 and s.agenda[0][:3] == (T_ROLL, 0, 2)
    s = _same_after_json(play(s, "dice +6", "extra +"))
    assert texts(s)[0] == "reward lair" and s.xp == (2, 0) and s.health == (4, 8)
    # Killed by the first of her quest dice, with two 6s: her extra dice are not rolled.
    s = _vampire_quests("goblins", "dice -66", alone=True)
    assert s.pending == 2 and texts(s) == ["survival saved", "survival lost"]
    s = _same_after_json(play(s, "survival saved"))
    assert s.pending == 0 and s.turn == 0 and s.flags[0] == 0, "her dice left with her"


def test_ruling_saved_ally_doll_victim_rolls_no_quest_die() -> None:
    # The Shaman takes the Vampire's Blood Magic damage with his doll and dies before his
    # own quest roll; saved to the Lake, he does not roll: the quest is read from hers.
    s = position(
        ("Shaman", "Vampire"),
        quests={"g0": "goblins", "d1": "golem"},
        solved={"d1": "treasure"},
        at={"Shaman": "g1", "Vampire": "f1"},
        turn="Vampire",
        step="act",
        resource={"Shaman": 0, "Vampire": 0},
        health={"Shaman": 1},
        xp={"Vampire": 8},
    )
    s = play(s, "quest g0", "ask Shaman", "agree", "dice -++", "doll 1")
    assert s.health == (0, 5) and texts(s) == ["survival saved", "survival lost"]
    s = _same_after_json(play(s, "survival saved"))
    assert space_of(s, 0) == "a1" and s.health == (5, 5) and s.party == 0, "no roll of his"
    # Her score of 1: one flag; the goblins' failure damage is hers (the doll may take it).
    assert s.flags[0] == 1 and texts(s) == ["doll 0", "doll 1"]
    s = _same_after_json(play(s, "doll 0"))
    assert s.health == (5, 4) and s.turn == 0


def test_ruling_saved_doll_victim_after_his_roll_leaves_with_his_dice() -> None:
    # The Shaman's 3 would beat the goblins; then he takes the assisting Vampire's Blood
    # Magic damage with his doll and dies.  Saved, he leaves the quest: read from her dice
    # alone (-1 0 0), it fails with no flags.
    s = position(
        ("Shaman", "Vampire"),
        quests={"g0": "goblins", "d1": "golem"},
        solved={"d1": "treasure"},
        at={"Shaman": "f1", "Vampire": "g1"},
        turn="Shaman",
        step="act",
        resource={"Shaman": 0, "Vampire": 0},
        health={"Shaman": 1},
        xp={"Vampire": 8},
    )
    s = play(s, "quest g0", "ask Vampire", "agree", "dice +6", "extra +", "dice -00")
    s = _same_after_json(play(s, "doll 1", "survival saved"))
    assert space_of(s, 0) == "a1" and s.health == (5, 5) and s.xp == (0, 8)
    assert s.flags[0] == 0


def _three_on_the_goblins(*moves: str, vampire_health: int = 5) -> DorasureState:
    """The Ninja quests on the goblins (3) with the Shaman (1 health, his doll found) and
    the Vampire (0 Blood, 3 Combat dice at level 6) assisting, all at 0 resources."""
    s = position(
        ("Ninja", "Shaman", "Vampire"),
        quests={"g0": "goblins", "d1": "golem"},
        solved={"d1": "treasure"},
        at={"Ninja": "f1", "Shaman": "g1", "Vampire": "f0"},
        turn="Ninja",
        step="act",
        resource={"Ninja": 0, "Shaman": 0, "Vampire": 0},
        health={"Shaman": 1, "Vampire": vampire_health},
        xp={"Vampire": 8},
    )
    s = play(s, "quest g0", "ask Shaman", "agree", "ask Vampire", "agree")
    for mv in moves:
        s = _same_after_json(play(s, mv))
    return s


def test_ruling_saved_doll_victim_leaves_the_others_dice_counted() -> None:
    # Ninja 2, Shaman 2, then the Vampire's 1 (her 1 costs 1 health) that the Shaman takes
    # with his doll: he dies and leaves with his 2.  Her roll goes on: 2 + her 1 so far, and
    # her extra die of a 6 still to come.
    s = _three_on_the_goblins("dice ++", "dice ++", "dice -+6", "doll 1", "survival saved")
    assert s.score == 3 and s.pending == 1 and s.party == 0b101
    s = _same_after_json(play(s, "extra +"))
    assert texts(s)[0] == "reward lair" and s.xp == (1, 0, 8), "4: solved, his EXP none"
    # Her two 1s cost 2 health: the doll takes 1 of them, and both die of that one cause.
    # Both leave the quest with their dice: the Ninja's 2 alone, two flags.
    s = _three_on_the_goblins("dice ++", "dice ++", "dice --+", "doll 1", vampire_health=1)
    assert s.health == (5, 0, 0) and texts(s) == ["survival saved", "survival lost"]
    s = _same_after_json(play(s, "survival saved"))
    assert s.flags[0] == 2 and s.xp == (0, 0, 8) and s.party == 0
    assert texts(s) == ["doll 0", "doll 1"], "the failure damage is the Ninja's"


def test_ruling_saved_during_a_quest_suffers_no_failure_effect() -> None:
    # Goblins' failure damage: not to the Vampire saved from her own die.
    s = _vampire_quests("goblins", "dice -++", "survival saved", alone=True)
    assert s.health == (5, 5) and s.flags[0] == 0 and s.turn == 0
    # The Teleportation Trap: she stays where the survival roll put her, nothing else.
    s = _vampire_quests("teleport", "dice -", "survival saved", alone=True)
    assert space_of(s, 1) == "city" and s.health == (5, 5) and s.locked == (-1, -1)
    # The labyrinth beside the City: saved back beside it, she is not held.
    s = position(
        ("Ninja", "Vampire"),
        board=CITY_BESIDE_C5,
        quests={"g0": "inscriptions", "c5": "labyrinth"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 0},
        health={"Vampire": 1},
        xp={"Vampire": 8},
    )
    s = play(s, "quest c5", "skip Ninja", "dice -", "survival saved")
    assert space_of(s, 1) == "city" and s.locked == (-1, -1) and s.turn == 0
    _same_after_json(s)


def test_ruling_saved_during_a_quest_gains_no_exp() -> None:
    # The Ninja's 3 beats the goblins after the Vampire left: he gains the lone 2 EXP.
    s = _vampire_assists("goblins", "dice +6", "extra +", "dice -", "survival saved")
    assert s.xp == (2, 0) and texts(s)[0] == "reward lair"
    # The Book of Dragons is a reward, not the quest's EXP: every hero gains 1 from it.
    s = _same_after_json(play(s, "reward book"))
    assert s.xp == (3, 1)


def test_ruling_quest_read_from_the_dice_of_those_still_taking_part_places_flags() -> None:
    # The Ninja's 2, then the Vampire's 1 kills her: 2 flags (not 1), and the failure
    # damage hits the Ninja, the questing hero still taking part.
    s = _vampire_assists("goblins", "dice ++", "dice -", "survival saved")
    assert s.flags[0] == 2 and s.health == (4, 5) and s.xp == (0, 0)
    # The questing Vampire killed by her own die: the Ninja's dice are read, 2 flags; the
    # failure effect is not hers.
    s = _vampire_quests("goblins", "dice -+", "survival saved", xp=6)
    assert s.agenda[0][:2] == (T_ROLL, 0), "the assistant still rolls"
    s = _same_after_json(play(s, "dice ++"))
    assert s.flags[0] == 2 and s.health == (5, 5) and s.xp == (0, 6) and s.turn == 0


def test_ruling_quest_read_from_the_dice_of_those_still_taking_part_claims_the_reward() -> None:
    # The questing Vampire saved from her own die; the assisting Ninja's 3 solves it: the
    # reward is claimed and he gains an assistant's 1 EXP, she none.
    s = _vampire_quests("goblins", "dice -+", "survival saved", "dice +6", "extra +", xp=6)
    assert texts(s)[0] == "reward lair" and s.xp == (1, 6)
    s = _same_after_json(play(s, "reward weapons"))
    assert s.rewards[0] >= 0 and s.flags[0] == 0 and s.xp == (1, 6)


def test_ruling_saved_from_start_of_quest_damage_ends_the_attempt_before_any_die() -> None:
    s = position(
        ("Ninja", "Gladiator"),
        quests={"g0": "chimera"},
        at={"Ninja": "f1", "Gladiator": "g1"},
        turn="Ninja",
        step="act",
        resource={"Ninja": 0},
        health={"Ninja": 1},
    )
    s = play(s, "quest g0", "ask Gladiator", "agree", "survival saved")
    # No die rolled by anyone, no flags, no failure damage, no EXP; the turn is over.
    assert s.turn == 1 and s.agenda[0][0] == T_MOVE_ROLL and s.flags[0] == 0
    assert s.health == (5, 7) and s.xp == (0, 0) and space_of(s, 0) == "city"
    _same_after_json(s)
    # Also when he is saved back beside the quest (the City beside c5).
    s = position(
        ("Ninja", "Gladiator"),
        board=CITY_BESIDE_C5,
        quests={"g0": "inscriptions", "c5": "chimera"},
        turn="Ninja",
        step="act",
        resource={"Ninja": 0},
        health={"Ninja": 1},
    )
    s = play(s, "quest c5", "ask Gladiator", "agree", "survival saved")
    assert s.turn == 1 and s.agenda[0][0] == T_MOVE_ROLL and s.flags[4] == 0
    assert s.health == (5, 7) and s.xp == (0, 0)


def test_ruling_survival_roll_failing_during_a_quest_loses_the_game() -> None:
    # The Ninja's 3 would have beaten the goblins: the game is lost all the same.
    s = _vampire_assists("goblins", "dice +6", "extra +", "dice -", "survival lost")
    assert br.is_terminal(s) and br.returns(s) == (0.0, 0.0) and not s.agenda
    # Nothing else applies: no reward, no flags, no EXP, nobody sent home or healed.
    assert s.rewards[0] < 0 and s.flags[0] == 0 and s.xp == (0, 0)
    assert s.health == (5, 0) and space_of(s, 1) == "g1"
    # Killed by the start-of-quest damage: lost before any die.
    s = position(
        ("Ninja", "Gladiator"),
        quests={"g0": "chimera"},
        at={"Ninja": "f1"},
        turn="Ninja",
        step="act",
        resource={"Ninja": 0},
        health={"Ninja": 1},
    )
    s = _same_after_json(play(s, "quest g0", "survival lost"))
    assert br.is_terminal(s) and br.returns(s) == (0.0, 0.0) and s.flags[0] == 0


SHIFTED_LEVELS = [0, 2, 4, 5, 6, 7]


def test_ruling_solo_grand_master_level_is_exp_plus_one_whatever_the_track() -> None:
    # A longer XP track and other track overrides: still EXP plus one, at most 6.
    s = new_game(players=1, dragon={"xp_max": 12, "meter_end": 16, "werewolf_icons": [2]})
    assert s.rules.level_of == tuple(min(6, xp + 1) for xp in range(13))
    # The shared track written out as it is does not change it, so it is accepted.
    s = new_game(players=1, dragon={"levels": [0, 1, 3, 5, 6, 8]})
    assert s.rules.level_of == (1, 2, 3, 4, 5, 6, 6, 6, 6)


def test_ruling_solo_refuses_a_level_track_override() -> None:
    refused = r"solo game.*Grand Master's level"
    shifted = {"levels": SHIFTED_LEVELS}
    with pytest.raises(InvalidOptionError, match=refused):
        new_game(players=1, dragon=shifted)
    with pytest.raises(InvalidOptionError, match=refused):
        new_game(heroes=["Grand Master"], dragon=shifted)
    with pytest.raises(InvalidOptionError, match=refused):
        br.new_game("dorasure", players=1, dragon=shifted)
    with pytest.raises(InvalidOptionError, match=refused):
        position(("Grand Master",), quests=FACE_UP, dragon=shifted)
    # Other games take the new track.
    s = new_game(players=2, dragon={"levels": SHIFTED_LEVELS})
    assert s.rules.level_of == (1, 1, 2, 2, 3, 4, 5, 6, 6)
    # A document of a solo game with such a track is refused as well.
    track = '"dragon":{"levels":[0,2,4,5,6,7]}'
    text = br.to_json(new_game(players=1)).replace('"dragon":{}', track)
    with pytest.raises(StateFormatError, match="solo game"):
        br.from_json(text)
