"""Dorasure §5.5-§5.8 Quests: score, flags and EXP (§5.5), assistance (§5.6), the quest tiles
(§5.7), the reward tiles (§5.8); the rulings on a hero saved during a quest.

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

from fractions import Fraction

import boardrules as br
from boardrules.dorasure import DorasureState, chance_outcomes, current_player, position
from boardrules.dorasure._dice import reward_draw
from boardrules.dorasure._state import Purpose
from boardrules.dorasure.tasks.heroes import Doll
from boardrules.dorasure.tasks.moving import MoveRoll
from boardrules.dorasure.tasks.quests import QuestEnd
from boardrules.dorasure.tasks.rolls import Extra, Roll
from dorasure_helpers import (
    FACE_UP,
    GOLEM_UP,
    _brute_scores,
    _engine_readings,
    _read_brute,
    at,
    odds,
    play,
    probability,
    quest,
    texts,
    where,
)
from dorasure_helpers import where as space_of


def _same_after_json(s: DorasureState) -> DorasureState:
    again = br.from_json(br.to_json(s))
    assert isinstance(again, DorasureState) and again == s
    return s


def _doll_quest(turn: str, hurt: str) -> DorasureState:
    """The Shaman and the Vampire (8 EXP), neither with resources, next to the goblins on g0
    with the Treasure found on d1 (his doll works): ``turn`` in turn on f1, the other on g1,
    ``hurt`` at 1 health."""
    other = "Vampire" if turn == "Shaman" else "Shaman"
    return position(
        ("Shaman", "Vampire"),
        quests={"g0": "goblins", "d1": "golem"},
        solved={"d1": "treasure"},
        at={turn: "f1", other: "g1"},
        turn=turn,
        step="act",
        resource={"Shaman": 0, "Vampire": 0},
        health={hurt: 1},
        xp={"Vampire": 8},
    )


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


def solved(reward: str, **kw: object) -> DorasureState:
    return play(quest("inscriptions", "dice 6", "extra +", **kw), f"reward {reward}")


def test_a_quest_needs_an_adjacent_revealed_quest() -> None:
    s = at({"Ninja": "d2"}, step="act", quests={"g0": "golem", "d3": "goblins"})
    assert "quest d3" in texts(s) and "gather d1" in texts(s) and "quest d1" not in texts(s)
    s = at({"Ninja": "f2"}, step="act")
    assert not any(t.startswith("quest") for t in texts(s))


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


def test_quest_extra_die_two_or_three_reaches_the_goblins_three() -> None:
    s = position(("Ninja", "Gladiator"), quests={"g0": "goblins"}, at={"Ninja": "f1"}, step="act")
    s = play(s, "quest g0", "dice +6", "extra 0")
    assert s.xp[0] == 2 and s.flags[0] == 0, "1 + 1 + 1 = 3 meets Combat 3"
    assert texts(s)[0].startswith("reward "), "the reward tile under it is turned up"


def test_extra_dice_are_always_rolled_even_after_the_quest_score_is_met() -> None:
    s = position(("Ninja", "Gladiator"), quests={"g0": "chimera"}, at={"Ninja": "f1"}, step="act")
    s = play(s, "quest g0", "dice +6")  # 2 already meets Combat 2 ...
    assert texts(s) == ["extra -", "extra 0", "extra +", "extra 6"], "... the 6 rolls again"
    failed = play(s, "extra -")
    assert failed.xp[0] == 0 and failed.flags[0] == 1 and failed.health[0] == 3, (
        "1 + 1 - 1 = 1: failure (start damage 1, failure damage 1), one flag"
    )


def test_quest_score_distribution_of_three_dice_matches_brute_force() -> None:
    s = position(
        ("Gladiator", "Ninja"),
        quests={"g0": "goblins"},
        at={"Gladiator": "f1"},
        turn="Gladiator",
        step="act",
    )
    s = play(s, "quest g0")  # Gladiator Combat 3, alone (the Ninja is in the City)
    got = _engine_readings(s, 2, lambda st: ("solved",) if st.xp[1] else ("flags", st.flags[0]))
    # Goblins: 3 successes; a failure leaves the positive score as flags.
    want = _read_brute(
        _brute_scores(3, limit=2), lambda v: ("solved",) if v >= 3 else ("flags", max(0, v))
    )
    assert got == want


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


def test_assisted_quest_adds_the_scores_and_a_failure_hurts_only_the_questing_hero() -> None:
    s = position(
        ("Ninja", "Hunter"),
        quests={"g0": "goblins"},
        at={"Ninja": "f1", "Hunter": "g1"},
        resource={"Hunter": 0},
        step="act",
    )
    s = play(s, "quest g0", "ask Hunter", "agree", "dice 0+", "dice -0")  # 1 + (-1) = 0
    assert s.flags[0] == 0 and s.health == (4, 5) and s.xp == (0, 0)
    s = position(
        ("Ninja", "Hunter"),
        quests={"g0": "goblins"},
        flags={"g0": 1},
        at={"Ninja": "f1", "Hunter": "g1"},
        resource={"Hunter": 0},
        step="act",
    )
    s = play(s, "quest g0", "ask Hunter", "agree", "dice 0+", "dice 0+")  # 1 + 1 + 1 flag
    assert s.xp == (1, 1), "success: every participant gains 1 EXP, the questing hero too"


def test_an_assistants_six_owes_an_extra_die_and_keeps_no_score_apart() -> None:
    # §5.2 and §5.6: the Hunter assists; his 6 adds to the quest's score (1 + 1) and owes
    # an extra die.  Only the Vampire's quest roll keeps the score before it (Blood Magic),
    # so the state after his roll is a document like any other.
    s = position(
        ("Ninja", "Hunter"),
        quests={"g0": "goblins"},
        at={"Ninja": "f1", "Hunter": "g1"},
        resource={"Hunter": 0},
        step="act",
    )
    s = play(s, "quest g0", "ask Hunter", "agree", "dice 0+", "dice 06")
    assert (s.score, s.pending) == (2, 1) and s.agenda[0] == Extra(1, Purpose.QUEST, 0)
    assert br.from_json(br.to_json(s)) == s


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


def test_a_quest_finished_alone_after_the_assistant_was_saved_away_gives_two_exp() -> None:
    # Interpretation: the Gladiator died to the golem as the quest began and was saved to
    # the City, so she never rolled; the Ninja solved it alone and gains the lone 2 EXP.
    s = position(
        ["Ninja", "Gladiator"],
        at={"Ninja": "f0", "Gladiator": "f1"},
        health={"Gladiator": 1},
        turn="Ninja",
        step="act",
        quests=GOLEM_UP,
        resource={"Ninja": 0},
    )
    s = play(s, "quest g0", "ask Gladiator", "agree", "survival saved")
    assert s.health == (4, 8) and s.rules.board.names[s.pos[1]] == "city"
    s = play(s, "dice +6", "extra +")  # 3: the golem is beaten
    assert s.xp == (2, 0) and texts(s)[0] == "reward lair"


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
    assert space_of(s, 1) == "city" and s.party == 1 and s.agenda[0][:3] == Roll(0, 2)[:3]
    s = _same_after_json(play(s, "dice +6", "extra +"))
    assert texts(s)[0] == "reward lair" and s.xp == (2, 0) and s.health == (4, 8)
    # Killed by the first of her quest dice, with two 6s: her extra dice are not rolled.
    s = _vampire_quests("goblins", "dice -66", alone=True)
    assert s.pending == 2 and texts(s) == ["survival saved", "survival lost"]
    s = _same_after_json(play(s, "survival saved"))
    assert s.pending == 0 and s.turn == 0 and s.flags[0] == 0, "her dice left with her"


def test_quest_with_the_doll_is_read_on_its_mountain_for_its_hero_after_the_vampires_roll() -> None:
    # §5.6-§5.7 and §9.4: the Gladiator (seat 0) quests on d3 (the goblins, 3) with the
    # Shaman and the Vampire assisting, the doll found.  While her roll is to come, the score
    # of the others' dice is kept apart (the Gladiator's 2); once it is read that score is
    # dropped, and the quest is read as ever: d3 fails with 2, the damage is the Gladiator's.
    s = position(
        ("Gladiator", "Shaman", "Vampire"),
        quests={"g0": "inscriptions", "d3": "goblins", "d1": "golem"},
        solved={"d1": "treasure"},
        at={"Gladiator": "c3", "Shaman": "e3", "Vampire": "e4"},
        turn="Gladiator",
        step="act",
        resource={"Gladiator": 0, "Shaman": 0, "Vampire": 0},
        xp={"Vampire": 8},
    )
    s = play(s, "quest d3", "ask Shaman", "agree", "ask Vampire", "agree", "dice 0++", "dice 00")
    assert s.agenda[1] == QuestEnd(0, 2, 2), "the Gladiator's 2 kept apart"
    s = _same_after_json(play(s, "dice 000"))
    assert s.flags == (0, 0, 2, 0, 0) and s.xp == (0, 0, 8)
    assert s.agenda[0] == Doll(1, 0, 1) and texts(s) == ["doll 0", "doll 1"]


def test_ruling_saved_ally_doll_victim_rolls_no_quest_die() -> None:
    # The Shaman takes the Vampire's Blood Magic damage with his doll and dies before his
    # own quest roll; saved to the Lake, he does not roll: the quest is read from hers.
    s = _doll_quest(turn="Vampire", hurt="Shaman")
    s = play(s, "quest g0", "ask Shaman", "agree", "dice -++", "doll 1")
    assert s.health == (0, 5) and texts(s) == ["survival saved", "survival lost"]
    s = _same_after_json(play(s, "survival saved"))
    assert space_of(s, 0) == "a1" and s.health == (5, 5) and s.party == 0, "no roll of his"
    # Her score of 1: one flag; the goblins' failure damage is hers (the doll may take it).
    assert s.flags[0] == 1 and texts(s) == ["doll 0", "doll 1"]
    s = _same_after_json(play(s, "doll 0"))
    assert s.health == (5, 4) and s.turn == 0


def test_ruling_saved_doll_victim_leaves_the_extra_die_of_her_six_to_come() -> None:
    # Her 1 + 6: the Shaman takes the 1's damage with his doll and dies before his roll;
    # saved, he leaves, and her extra die of the 6 is still rolled.
    s = _doll_quest(turn="Vampire", hurt="Shaman")
    s = _same_after_json(play(s, "quest g0", "ask Shaman", "agree", "dice -+6", "doll 1"))
    s = _same_after_json(play(s, "survival saved"))
    assert s.party == 0b10 and (s.score, s.pending) == (1, 1)
    assert texts(s) == ["extra -", "extra 0", "extra +", "extra 6"]


def test_ruling_saved_vampire_declining_the_doll_leaves_the_shamans_score_read() -> None:
    # The Shaman's 4 on the goblins (3), her 1 6 6: he lets her take the 1's damage and she
    # dies; saved, she leaves with her dice, and his 4 alone solves the quest.
    s = _doll_quest(turn="Shaman", hurt="Vampire")
    s = play(s, "quest g0", "ask Vampire", "agree", "dice 66", "extra +", "extra +", "dice -66")
    assert texts(s) == ["doll 0", "doll 1"]
    s = _same_after_json(play(s, "doll 0", "survival saved"))
    assert s.health == (5, 5) and space_of(s, 1) == "city" and s.xp == (2, 8)
    assert texts(s)[0] == "reward lair" and s.party == 0


def test_ruling_saved_vampire_leaves_the_minstrels_tune_for_the_shaman_offered() -> None:
    # The Vampire quests with the Shaman and the Minstrel (1 resource); her extra die's 1
    # kills her and the Shaman lets her take it.  Saved, she leaves; the Minstrel may still
    # add dice to the Shaman's roll.
    s = position(
        ("Vampire", "Shaman", "Minstrel"),
        quests={"g0": "goblins", "d1": "golem"},
        solved={"d1": "treasure"},
        at={"Vampire": "f1", "Shaman": "g1", "Minstrel": "f0"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 0, "Shaman": 0, "Minstrel": 1},
        health={"Vampire": 1},
        xp={"Vampire": 8},
    )
    s = play(s, "quest g0", "ask Shaman", "agree", "ask Minstrel", "agree", "tune 0")
    s = play(s, "dice 006", "extra -", "doll 0", "survival saved")
    assert s.party == 0b011 and texts(s) == ["tune 0", "tune 1"]


def test_ruling_saved_doll_victim_after_his_roll_leaves_with_his_dice() -> None:
    # The Shaman's 3 would beat the goblins; then he takes the assisting Vampire's Blood
    # Magic damage with his doll and dies.  Saved, he leaves the quest: read from her dice
    # alone (-1 0 0), it fails with no flags.
    s = _doll_quest(turn="Shaman", hurt="Shaman")
    s = play(s, "quest g0", "ask Vampire", "agree", "dice +6", "extra +", "dice -00")
    s = _same_after_json(play(s, "doll 1", "survival saved"))
    assert space_of(s, 0) == "a1" and s.health == (5, 5) and s.xp == (0, 8)
    assert s.flags[0] == 0


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
    assert s.agenda[0][:2] == Roll(0)[:2], "the assistant still rolls"
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
    # No die rolled by anyone, no flags, no failure damage, no EXP; the turn is over, and
    # nobody is on a quest any more.
    assert s.turn == 1 and isinstance(s.agenda[0], MoveRoll) and s.flags[0] == 0
    assert s.party == 0
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
    assert s.turn == 1 and isinstance(s.agenda[0], MoveRoll) and s.flags[4] == 0
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


def test_a_hero_held_in_the_labyrinth_still_rolls_and_its_sixes_move_the_meter() -> None:
    s = position(
        ["Ninja", "Gladiator"],
        at={"Ninja": "f0"},
        locked={"Ninja": "g0"},
        quests={"g0": "labyrinth"},
        flags={"g0": 1},
        turn="Ninja",
    )
    s = play(s, "roll 2 5 6 6")
    assert s.meter == 2 and texts(s) == ["stop"]
    assert texts(play(s, "stop")) == ["quest g0"]


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


def test_labyrinth_holds_only_a_hero_still_beside_it() -> None:
    # The Vampire at 0 Blood and 1 health tries the labyrinth alone: her quest die's 1
    # costs her last health (Blood Magic), the survival roll saves her, she is back in the
    # City at full health; the failed labyrinth cannot hold her there (a hero stays put
    # only at the labyrinth), and the state is one the decoder accepts.
    s = position(
        ("Ninja", "Vampire"),
        quests={"g0": "labyrinth"},
        at={"Vampire": "f1"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 0},
        health={"Vampire": 1},
        xp={"Vampire": 8},
    )
    s = play(s, "quest g0")
    assert list(odds(s)) == ["dice -", "dice 0", "dice +", "dice 6"], "one Search die"
    s = play(s, "dice -", "survival saved")
    assert s.health[1] == 5 and s.rules.board.names[s.pos[1]] == "city"
    assert s.locked == (-1, -1)
    assert br.from_json(br.to_json(s)) == s
    # Beside the labyrinth a failure still holds her: her next action is the retry.
    s = position(
        ("Ninja", "Vampire"),
        quests={"g0": "labyrinth"},
        at={"Vampire": "f1"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 2},
        xp={"Vampire": 8},
    )
    s = play(s, "quest g0", "spend 0", "dice 000")
    assert s.locked == (-1, 0) and br.from_json(br.to_json(s)) == s


def test_quest_riddle_of_the_sphinx_knowledge_1_alone_failure_two_damage() -> None:
    s = at({"Ninja": "f1", "Gladiator": "g1"}, step="act", quests={"g0": "sphinx"})
    s = play(s, "quest g0")
    assert texts(s) == ["dice -", "dice 0", "dice +", "dice 6"], "no assistance"
    assert play(s, "dice 0").health == (3, 8)
    assert play(s, "dice +").xp == (2, 0)


def test_quest_horde_of_goblins_combat_3_failure_one_damage() -> None:
    s = quest("goblins", "dice ++")  # 2 < 3
    assert s.health[0] == 4 and s.flags[0] == 2


def test_quest_failure_damage_of_zero_asks_no_payment() -> None:
    # §5.7 failure damage, §6.1 paying damage with resources: a tile changed to deal 0 on a
    # failure hurts nobody, so the Ninja (1 resource left) is not asked what to pay.
    s = quest("goblins", "spend 0", "dice ++", resource={"Ninja": 1})
    assert texts(s) == ["absorb 0", "absorb 1"], "1 damage: he may pay it"
    zero = {"goblins": {"failure_damage": 0}}
    s = quest("goblins", "spend 0", "dice ++", resource={"Ninja": 1}, quest_tiles=zero)
    assert s.health == (5, 8) and s.flags[0] == 2 and s.turn == 1
    assert isinstance(s.agenda[0], MoveRoll), "the Gladiator's turn begins"


def test_quest_evil_chimera_combat_2_start_damage_and_failure_damage() -> None:
    s = quest("chimera")
    assert s.health[0] == 4
    assert play(s, "dice ++").xp[0] == 2
    assert play(s, "dice -+").health[0] == 3


def test_reward_tiles_are_drawn_from_those_still_face_down() -> None:
    reward_draw.cache_clear()  # each table is built once: built afresh here
    s = quest(
        "inscriptions", "dice 6", "extra +", quests={"d1": "golem"}, solved={"d1": "lair"}, wounds=1
    )
    assert [(str(m), p) for m, p in chance_outcomes(s)] == [
        ("reward lair", Fraction(1, 4)),
        ("reward book", Fraction(1, 4)),
        ("reward weapons", Fraction(1, 4)),
        ("reward treasure", Fraction(1, 4)),
    ]
    # All five face down: the two Dragon's Lairs are two tiles of five.
    s = quest("inscriptions", "dice 6", "extra +")
    assert [(str(m), p) for m, p in chance_outcomes(s)] == [
        ("reward lair", Fraction(2, 5)),
        ("reward book", Fraction(1, 5)),
        ("reward weapons", Fraction(1, 5)),
        ("reward treasure", Fraction(1, 5)),
    ]
    # Both lairs turned up: no lair can be drawn.
    s = quest(
        "inscriptions",
        "dice 6",
        "extra +",
        quests={"d1": "golem", "d3": "goblins"},
        solved={"d1": "lair", "d3": "lair"},
        wounds=2,
    )
    assert texts(s) == ["reward book", "reward weapons", "reward treasure"]
    assert set(odds(s).values()) == {Fraction(1, 3)}


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


def test_dragons_lair_step_to_a_fire_icon_from_a_short_sequence() -> None:
    s = position(
        ("Ninja", "Gladiator"), quests={"g0": "chimera"}, at={"Ninja": "f1"}, meter=2, step="act"
    )
    s = play(s, "quest g0", "dice ++", "reward lair")
    assert s.wounds == 1 and s.meter == 3 and texts(s)[0] == "rampage 1"


def test_a_lair_that_fills_the_meter_starts_the_battle_with_the_solver() -> None:
    s = solved("lair", meter=13)
    assert s.meter == 14 and s.wounds == 1
    s = play(s, "rampage 1", "rampage 1")
    assert s.phase == 1 and s.turn == 0


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
