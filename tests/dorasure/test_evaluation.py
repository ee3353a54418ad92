"""Dorasure's evaluation: the battle chart's exact odds, the features it reads from concrete
positions, the direction each of them pulls the fitted value, and the game's statistics of a
finished game (what ``simulate`` averages).

The weights are fitted by ``benchmarks/fit_dorasure.py``; these tests check what any fit
must keep (a value in [0, 1], the same for every hero, the game's own returns at the end,
more health or wounds better...), not the fitted numbers themselves.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs
import pytest

import boardrules as br
from boardrules.bots import GreedyBot
from boardrules.dorasure import DorasureState, new_game, position, statistics
from boardrules.dorasure._evaluation import ADVENTURE_WEIGHTS, BATTLE_WEIGHTS
from boardrules.dorasure._features import (
    ADVENTURE_FEATURES,
    BATTLE_FEATURES,
    adventure_features,
    battle_features,
    battle_odds,
    chart_chances,
    evaluate,
)
from boardrules.dorasure._state import BATTLE, LOST, WON
from dorasure_helpers import FACE_UP


def _brute_chart(dice: int, chain: int = 6) -> list[Fraction]:
    """The chart's lines for ``dice`` dice by enumerating every sequence of faces (extra
    dice for 6s followed ``chain`` deep, the rest of the chance dropped)."""
    lines = [Fraction(0)] * 7

    def extra(score: int, left: int, p: Fraction, depth: int) -> None:
        for face in range(1, 7):
            q = p / 6
            if face == 1:
                roll(score - 1, left, q)
            elif face < 6:
                roll(score + 1, left, q)
            elif depth < chain:
                extra(score + 1, left, q, depth + 1)

    def roll(score: int, left: int, p: Fraction) -> None:
        if left == 0:
            lines[min(max(score, -1), 5) + 1] += p
            return
        for face in range(1, 7):
            q = p / 6
            if face == 1:
                roll(score - 1, left - 1, q)
            elif face <= 3:
                roll(score, left - 1, q)
            elif face <= 5:
                roll(score + 1, left - 1, q)
            else:
                extra(score + 1, left - 1, q, 1)

    roll(0, dice, Fraction(1))
    return lines


@pytest.mark.parametrize("dice", [0, 1, 2, 3])
def test_battle_chart_odds_match_an_enumeration_of_the_dice(dice: int) -> None:
    exact = _brute_chart(dice)
    assert chart_chances(dice) == pytest.approx([float(p) for p in exact], abs=3e-5)
    assert sum(chart_chances(dice)) == pytest.approx(1.0, abs=1e-8)


def test_a_chart_roll_of_one_die_reads_its_faces_and_its_chain_of_sixes() -> None:
    # 1: -1; 2-3, or 6 then 1: 0; 4-5, or 6, 6, 1: 1; 6 then 2-5, or 6, 6, 6, 1: 2.
    low, zero, one, two, *_ = chart_chances(1)
    assert (low, zero, one, two) == pytest.approx(
        (1 / 6, 2 / 6 + 1 / 36, 2 / 6 + 1 / 216, 4 / 36 + 1 / 1296), abs=1e-9
    )


def test_battle_odds_count_the_living_heroes_combat_and_the_weapons() -> None:
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, step="battle")
    wounds, deaths = battle_odds(s)
    # Level 1: the Ninja rolls 2 Combat dice, the Gladiator 3; 9 health left.
    two, three = chart_chances(2), chart_chances(3)
    expected = sum(p[4] + p[5] + 2 * p[6] + p[3] / 2 for p in (two, three)) / 9
    assert wounds == pytest.approx(expected)
    # Each dies at once on -1; the Ninja (5 health) and the Gladiator (8) survive a 0.
    assert deaths == pytest.approx(two[0] + three[0])
    armed = position(["Ninja", "Gladiator"], quests={"g0": "inscriptions", "d1": "golem"},
                     solved={"d1": "weapons"}, step="battle")  # fmt: skip
    assert battle_odds(armed)[0] > wounds
    fallen = position(["Ninja", "Gladiator"], quests=FACE_UP, health={"Ninja": 0}, step="battle")
    assert battle_odds(fallen)[0] == pytest.approx(
        (three[4] + three[5] + 2 * three[6] + three[3] / 2) / 9
    )
    # A hero at 4 health or less also dies of the claws (a score of 0: 4 damage).
    weak = position(["Ninja", "Gladiator"], quests=FACE_UP, health={"Ninja": 4}, step="battle")
    assert battle_odds(weak)[1] == pytest.approx(two[0] + two[1] + three[0])


def test_adventure_features_of_the_opening_position() -> None:
    s = new_game(players=2)
    f = dict(zip(ADVENTURE_FEATURES, adventure_features(s), strict=True))
    assert f["bias"] == 1.0
    assert f["meter"] == f["solved"] == f["xp"] == f["wounds"] == 0.0
    assert f["rampages_left"] == 1.0 and f["health"] == 1.0
    assert f["in_danger"] == f["near_death"] == f["quest_reach"] == 0.0
    # Both heroes in the City, 2 steps from the sides of the mountain d3 (its quest face
    # down: open, to gather first); over 6 steps.
    assert f["quest_distance"] == pytest.approx(2 / 6)


def test_quest_features_see_an_open_quest_next_to_a_hero() -> None:
    # f0 is next to the mountain g0, whose quest is face up; the Gladiator is in the City.
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, at={"Ninja": "f0"})
    f = dict(zip(ADVENTURE_FEATURES, adventure_features(s), strict=True))
    assert f["quest_reach"] == 1 / 5
    # The Ninja: 0 steps; the Gladiator: 2 (to d3's sides); over 6 per hero.
    assert f["quest_distance"] == pytest.approx((0 + 2) / 12)
    solved = position(["Ninja", "Gladiator"], quests=FACE_UP, solved={"g0": "book"},
                      at={"Ninja": "f0"})  # fmt: skip
    g = dict(zip(ADVENTURE_FEATURES, adventure_features(solved), strict=True))
    assert g["quest_reach"] == 0.0 and g["solved"] == 1 / 5


def test_battle_features_of_a_battle_position() -> None:
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, step="battle", wounds=3,
                 health={"Ninja": 0, "Gladiator": 6})  # fmt: skip
    f = dict(zip(BATTLE_FEATURES, battle_features(s), strict=True))
    assert f["left"] == pytest.approx(6 / 9)
    assert f["alive"] == 0.5
    assert f["health"] == pytest.approx(6 / 13)
    assert f["claws_left"] == pytest.approx(2 / 3)  # the claw box at 3 is passed


def test_the_weights_match_the_features() -> None:
    assert len(ADVENTURE_WEIGHTS) == len(ADVENTURE_FEATURES)
    assert len(BATTLE_WEIGHTS) == len(BATTLE_FEATURES)


def test_evaluate_is_one_chance_for_the_team_and_the_returns_at_the_end() -> None:
    s = new_game(players=4)
    value = evaluate(s)
    assert len(set(value)) == 1 and 0.0 < value[0] < 1.0
    assert br.evaluate(s) == value
    won = position(["Ninja", "Gladiator"], quests=FACE_UP, step="battle", wounds=8)
    assert 0.0 < evaluate(won)[0] < 1.0


@pytest.mark.parametrize(
    ("worse", "better"),
    [
        ({"health": {"Ninja": 1}}, {}),  # a hero a rampage may kill
        ({}, {"solved": {"d1": "book"}, "quests": {"g0": "inscriptions", "d1": "golem"}}),
        ({}, {"xp": {"Ninja": 3, "Gladiator": 3}}),
        ({"meter": 10}, {"meter": 2}),
    ],
)
def test_the_adventure_value_pulls_the_way_of_the_game(
    worse: dict[str, Any], better: dict[str, Any]
) -> None:
    a = position(["Ninja", "Gladiator"], **{"quests": FACE_UP, **worse})
    b = position(["Ninja", "Gladiator"], **{"quests": FACE_UP, **better})
    assert evaluate(a)[0] < evaluate(b)[0]


@pytest.mark.parametrize(
    ("worse", "better"),
    [
        ({"wounds": 2}, {"wounds": 6}),
        ({"health": {"Ninja": 0}}, {}),
        ({"health": {"Gladiator": 2}}, {}),
    ],
)
def test_the_battle_value_pulls_the_way_of_the_game(
    worse: dict[str, Any], better: dict[str, Any]
) -> None:
    a = position(["Ninja", "Gladiator"], quests=FACE_UP, step="battle", **worse)
    b = position(["Ninja", "Gladiator"], quests=FACE_UP, step="battle", **better)
    assert evaluate(a)[0] < evaluate(b)[0]


def test_statistics_of_a_finished_game() -> None:
    s = position(["Ninja", "Gladiator"], quests={"g0": "inscriptions", "d1": "golem"},
                 solved={"d1": "book"}, meter=14, wounds=4, step="battle",
                 health={"Ninja": 0, "Gladiator": 0})  # fmt: skip
    numbers = statistics(s, ())
    assert numbers == {
        "dragon's wounds": 4.0,
        "quests solved": 1.0,
        "meter reached": 14.0,
        "adventure turns": 0.0,
        "battle reached": 1.0,
    }
    early = position(["Ninja", "Gladiator"], quests=FACE_UP, meter=5)
    assert statistics(early, ())["battle reached"] == 0.0


def test_statistics_count_the_movement_rolls_as_adventure_turns() -> None:
    s = new_game(players=2)
    moves = [br.legal_moves(s)[0]]  # the quest turned face up at setup
    s = br.apply_move(s, moves[0])
    for _ in range(3):  # three turns: all 1s (no step, no 6), stop, pass
        for text in ("roll 1", "stop", "pass"):
            move = next(m for m in br.legal_moves(s) if str(m).startswith(text))
            moves.append(move)
            s = br.apply_move(s, move)
    assert statistics(s, tuple(moves))["adventure turns"] == 3.0


def test_the_searches_expand_one_roll_in_dorasure_unless_told() -> None:
    dorasure, parchis = new_game(players=2), br.new_game("parchis", players=2)
    assert GreedyBot().rolls(dorasure) == 1
    assert GreedyBot().rolls(parchis) == 3
    assert GreedyBot(chance_depth=2).rolls(dorasure) == 2
    assert repr(GreedyBot()) == "GreedyBot()"
    assert repr(GreedyBot(chance_depth=3)) == "GreedyBot(chance_depth=3)"


def _ended(phase: int, **fields: Any) -> DorasureState:
    """A last position with these fields (made directly: the statistics read the fields)."""
    s = position(["Ninja", "Gladiator"], quests=FACE_UP)
    return attrs.evolve(s, phase=phase, **fields)


@pytest.mark.parametrize(
    ("end", "solved", "battle"),
    [
        (_ended(LOST, meter=14, health=(0, 0)), 0, 1.0),  # killed in the battle
        (_ended(LOST, meter=14, health=(0, 3)), 0, 0.0),  # the final rampages killed one
        (_ended(LOST, meter=14, health=(1, 0)), 0, 0.0),  # one standing on his last health
        (_ended(LOST, meter=13, health=(0, 0)), 0, 0.0),  # a rampage before the end
        (_ended(LOST, meter=3, health=(0, 0), rewards=(0, 1, 2, 3, 0)), 5, 1.0),  # quests
        (_ended(LOST, meter=3, health=(0, 0), rewards=(0, 1, 2, 3, -1)), 4, 0.0),
        (_ended(WON, meter=9, wounds=9, rewards=(0, -1, -1, -1, -1)), 1, 1.0),
        (_ended(BATTLE, meter=14, rewards=(-1, 0, -1, -1, -1), renewed=(0, 2, 0, 0, 1)), 2, 1.0),
    ],
)
def test_statistics_count_the_quests_and_whether_the_battle_was_reached(
    end: DorasureState, solved: int, battle: float
) -> None:
    numbers = statistics(end, ())
    assert numbers["quests solved"] == solved
    assert numbers["battle reached"] == battle
    assert numbers["meter reached"] == end.meter
    assert numbers["dragon's wounds"] == end.wounds


def test_the_odds_read_thirst_for_blood_and_lycan_form() -> None:
    # The Vampire rolls 3 Combat dice at level 1, 1 at 0 Blood; the Werewolf 2, 5 in Lycan
    # form (EXP 1: an icon of his track, level 2 keeps 2 Combat).
    heroes = ["Vampire", "Werewolf"]
    full = position(heroes, resource={"Vampire": 2}, quests=FACE_UP, step="battle")
    thirsty = position(heroes, resource={"Vampire": 0}, quests=FACE_UP, step="battle")
    lycan = position(heroes, resource={"Vampire": 2}, xp={"Werewolf": 1}, quests=FACE_UP,
                     step="battle")  # fmt: skip
    w = [t[4] + t[5] + 2 * t[6] + t[3] / 2 for t in map(chart_chances, range(6))]
    assert battle_odds(full)[0] == pytest.approx((w[3] + w[2]) / 9)
    assert battle_odds(thirsty)[0] == pytest.approx((w[1] + w[2]) / 9)
    assert battle_odds(lycan)[0] == pytest.approx((w[3] + w[5]) / 9)
    # The Adventure Phase's odds feature is the same number.
    adventure = position(["Vampire", "Werewolf"], resource={"Vampire": 0}, quests=FACE_UP)
    odds = adventure_features(adventure)[ADVENTURE_FEATURES.index("odds")]
    assert odds == pytest.approx((w[1] + w[2]) / 9)


def test_evaluate_is_the_logistic_of_the_weighted_features() -> None:
    import math

    for s in (
        new_game(players=4),
        position(["Ninja", "Gladiator"], quests=FACE_UP, step="battle", wounds=5),
    ):
        rows = (
            (BATTLE_WEIGHTS, battle_features(s))
            if s.phase == BATTLE
            else (ADVENTURE_WEIGHTS, adventure_features(s))
        )
        z = sum(w * x for w, x in zip(*rows, strict=True))
        assert evaluate(s)[0] == pytest.approx(1 / (1 + math.exp(-z)), rel=1e-12)
