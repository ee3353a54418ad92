"""Dorasure §2 Phases, defeat and victory: the Adventure Phase's end and the hero who begins
the Climactic Battle (§2.2), death and the survival roll (§2.3), the battle's defeat and
victory (§2.4).

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

import json
from fractions import Fraction

import boardrules as br
from boardrules.dorasure import DorasureState, chance_outcomes, current_player, position
from boardrules.dorasure._dice import survival_roll
from dorasure_helpers import (
    FACE_UP,
    GOLEM_UP,
    SOLVED_FOUR,
    _dice,
    adventure,
    at,
    battle,
    document,
    odds,
    play,
    probability,
    texts,
    where,
    why_not,
)


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


def test_a_death_calls_one_survival_roll_of_every_hero() -> None:
    s = adventure("dice --", health=1)
    assert s.health[0] == 0 and current_player(s) == br.CHANCE
    assert probability(s, "survival lost") == Fraction(25, 36)


def test_survival_roll_counts_every_hero_dead_or_alive() -> None:
    survival_roll.cache_clear()  # each table is built once: built afresh here
    s = at(
        {"Ninja": "c1"}, heroes=("Ninja", "Gladiator", "Hunter"), step="act", health={"Ninja": 1}
    )
    s = play(s, "adventure", "dice --")
    assert probability(s, "survival lost") == Fraction(125, 216)
    assert probability(s, "survival saved") == Fraction(91, 216)


def test_survival_roll_of_four_heroes_is_one_minus_five_sixths_to_the_fourth() -> None:
    s = position(
        ("Ninja", "Gladiator", "Hunter", "Prince"),
        quests=FACE_UP,
        meter=2,
        health={"Ninja": 1, "Hunter": 1},
        resource={"Hunter": 0, "Prince": 0},
        gold={"Prince": 0},
    )
    s = play(s, "roll 2 3 4 6", "rampage 3")  # both the Ninja and the Hunter die of it
    assert odds(s) == {
        "survival saved": 1 - Fraction(625, 1296),
        "survival lost": Fraction(625, 1296),
    }
    saved = play(s, "survival saved")
    assert saved.health == (5, 7, 5, 4) and "stop" in texts(saved), "one roll saves both"
    assert br.is_terminal(play(s, "survival lost"))


def test_golem_start_damage_killing_two_participants_calls_one_survival_roll() -> None:
    s = position(
        ["Ninja", "Gladiator", "Hunter"],
        at={"Ninja": "f0", "Gladiator": "f1"},
        health={"Ninja": 1, "Gladiator": 1},
        turn="Ninja",
        step="act",
        quests=GOLEM_UP,
        resource={"Ninja": 0, "Hunter": 0},
    )
    s = play(s, "quest g0", "ask Gladiator", "agree")
    assert s.health == (0, 0, 5)
    assert {str(m): p for m, p in chance_outcomes(s)} == {
        "survival saved": 1 - Fraction(5, 6) ** 3,
        "survival lost": Fraction(5, 6) ** 3,
    }
    s = play(s, "survival saved")
    # Both saved to the City at full health; the quest is abandoned, the turn passes.
    assert s.health == (5, 8, 5) and s.turn == 1 and s.xp == (0, 0, 0)
    assert all(s.rules.board.names[p] == "city" for p in s.pos)


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


def test_a_hero_saved_on_his_own_turn_goes_on_from_the_city() -> None:
    s = at({"Ninja": "c1"}, step="roll", meter=2, health={"Ninja": 1})
    s = play(s, "roll 2 3 4 6", "rampage 3", "survival saved")
    assert s.turn == 0 and where(s, 0) == "city" and "step 2 b4" in texts(s)
    s = at({"Ninja": "c1"}, step="roll", meter=2, health={"Gladiator": 1})
    s = play(s, "roll 2 3 4 6", "rampage 3", "survival saved")
    assert s.turn == 0 and "stop" in texts(s) and where(s, 1) == "city"


def test_dead_heroes_are_skipped_in_the_battle() -> None:
    s = battle(("Ninja", "Gladiator", "Hunter"), health={"Gladiator": 0})
    s = play(s, "dice +6", "extra +")
    assert s.turn == 2


def test_battle_is_lost_only_when_every_hero_is_dead() -> None:
    s = play(battle(), "dice -+")
    assert s.health == (1, 8) and not br.is_terminal(s)
    s = play(battle(health={"Gladiator": 0}), "dice --")
    assert br.is_terminal(s) and br.returns(s) == (0.0, 0.0)


def test_dragon_slain_when_its_health_is_gone() -> None:
    s = play(battle(turn="Gladiator", wounds=8), "dice ++6", "extra +")
    assert br.is_terminal(s) and br.returns(s) == (1.0, 1.0)


def test_dragon_and_last_hero_dying_together_is_still_a_win() -> None:
    s = battle(turn="Gladiator", wounds=8, health={"Ninja": 0, "Gladiator": 1})
    s = play(s, "dice +++")  # head-on: the hero takes 1, the dragon its last
    assert br.is_terminal(s) and br.returns(s) == (1.0, 1.0)


def test_dragon_and_last_hero_in_a_head_on_strike_is_a_win() -> None:
    s = battle(
        ("Ninja", "Gladiator"), turn="Gladiator", health={"Ninja": 0, "Gladiator": 1}, wounds=8
    )
    s = play(s, "dice +++")  # 3: the dragon takes its last damage, the Gladiator 1
    assert br.is_terminal(s) and br.returns(s) == (1.0, 1.0)


def test_last_hero_slain_by_her_own_blood_magic_still_kills_the_dragon() -> None:
    s = battle(
        ("Ninja", "Vampire"),
        turn="Vampire",
        quests={"g0": "inscriptions", "d1": "golem"},
        solved={"d1": "weapons"},
        health={"Ninja": 0, "Vampire": 1},
        resource={"Vampire": 0},
        wounds=8,
    )
    s = play(s, "dice -6")
    assert s.health == (0, 0) and not br.is_terminal(s), "her 1 kills her; the roll goes on"
    assert br.from_json(br.to_json(s)) == s
    won = play(s, "extra 6", "extra 6", "extra +")  # -1 + 1 + 1 + 1 + 1 = 3: head-on strike
    assert br.is_terminal(won) and won.wounds == 9 and br.returns(won) == (1.0, 1.0)
    lost = play(s, "extra +")  # 1: a blast, the dragon lives
    assert br.is_terminal(lost) and br.returns(lost) == (0.0, 0.0)


def test_any_move_after_the_end_of_the_game_is_refused_saying_who_won() -> None:
    for phase, wounds, result in (("won", 9, "won"), ("lost", 0, "lost")):
        doc = document(position(["Ninja", "Prince"], quests=FACE_UP))
        doc["state"].update(phase=phase, wounds=wounds, agenda=[])
        s = br.from_json(json.dumps(doc))
        assert isinstance(s, DorasureState)
        assert why_not(s, "rest") == (
            f"the game is over: the heroes have {result} (Dorasure §2.3, §2.4)"
        )
