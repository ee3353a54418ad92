"""Dorasure §9.9 The Grand Master, alone: his EXP and levels, the reroll, level 6, Mana, the
Elixir and his survival roll; the solo game's level track.

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import boardrules as br
from boardrules.dorasure import DorasureState, chance_outcomes, new_game, position
from boardrules.dorasure._dice import score_roll
from boardrules.errors import InvalidOptionError, StateFormatError
from dorasure_helpers import FACE_UP, SOLVED_FOUR, TREASURE, _dice, play, rolls, texts


def gm(**kw: object) -> DorasureState:
    return position(("Grand Master",), **kw)  # type: ignore[arg-type]


SHIFTED_LEVELS = [0, 2, 4, 5, 6, 7]


def test_grand_master_plays_alone() -> None:
    s = new_game(players=1)
    assert s.rules.hero_name(0) == "Grand Master" and br.num_players(s) == 1
    for heroes in (["Grand Master", "Ninja"], ["Ninja"]):
        try:
            new_game(heroes=heroes)
        except br.InvalidOptionError:
            continue
        raise AssertionError(f"{heroes} must be refused")


def test_grand_master_adventuring_gives_no_exp() -> None:
    s = gm(quests=FACE_UP, at={"Grand Master": "c3"}, resource={"Grand Master": 0}, step="act")
    s = play(s, "adventure", "dice +++", "no-reroll")
    assert s.xp == (0,)


def test_grand_master_quest_gives_one_exp_and_magical_quests_add_one_die() -> None:
    s = gm(
        quests={"g0": "goblins", "d3": "inscriptions"},
        at={"Grand Master": "c3"},
        resource={"Grand Master": 0},
        step="act",
    )
    s = play(s, "quest d3")
    assert rolls(s) == 4, "Knowledge 3 + 1 for a magical quest"
    s = play(s, "dice ++++", "no-reroll", "reward book")
    assert s.xp == (2,), "1 EXP for the quest, 1 for the Book of Dragons"


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


def test_grand_master_rerolls_all_his_dice_once_per_game() -> None:
    s = gm(quests=FACE_UP, step="battle", resource={"Grand Master": 0})
    s = play(s, "spend 0", "dice ----")
    assert texts(s) == ["reroll", "no-reroll"]
    s = play(s, "reroll")
    assert rolls(s) == 4 and s.spent == 0b10
    s = play(s, "dice ++++")
    assert s.wounds == 1 and texts(s)[0] == "spend 0", "no second reroll, the next turn"
    assert rolls(play(s, "spend 0")) == 4


def test_grand_master_reroll_comes_after_the_whole_roll_and_throws_it_afresh() -> None:
    s = position(
        ("Grand Master",),
        quests=FACE_UP,
        at={"Grand Master": "c3"},
        step="act",
        resource={"Grand Master": 0},
    )
    s = play(s, "adventure", "dice -66")
    assert texts(s)[0].startswith("extra"), "the extra dice of the 6s are rolled first"
    s = play(s, "extra 6", "extra -", "extra +")
    assert s.score == 2 and texts(s) == ["reroll", "no-reroll"]
    s = play(s, "reroll")
    assert chance_outcomes(s) is score_roll(3), "the same 3 dice, the extra dice forgotten"
    assert s.score == 0 and s.pending == 0
    s = play(s, "dice ---")
    assert s.health == (8,) and s.xp == (0,) and s.turn == 0, "no second reroll: -3 hurts"


def test_grand_master_level_six_deals_two_on_four_or_more() -> None:
    s = gm(
        quests=FACE_UP,
        step="battle",
        xp={"Grand Master": 8},
        rerolled=True,
        resource={"Grand Master": 0},
    )
    s = play(s, "spend 0")
    assert rolls(s) == 6
    assert play(s, "dice 00++++").wounds == 2
    s = gm(
        quests=FACE_UP,
        step="battle",
        xp={"Grand Master": 4},
        rerolled=True,
        resource={"Grand Master": 0},
    )
    assert play(s, "spend 0", "dice 0++++").wounds == 1, "level 5 (EXP 4): a 4 deals 1"


def test_grand_master_level_six_head_on_strike_at_three_is_unchanged() -> None:
    s = position(
        ("Grand Master",),
        quests=FACE_UP,
        step="battle",
        xp={"Grand Master": 8},
        resource={"Grand Master": 0},
    )
    s = play(s, "spend 0")
    assert rolls(s) == 6, "Combat 6 at level 6 (his Mana kept)"
    hit = play(s, "dice 000+++", "no-reroll", "absorb 0")
    assert hit.wounds == 1 and hit.health[0] == 8, "3: head-on strike, 1 each"


def test_grand_master_elixir_restores_all_health_before_combat_once_per_game() -> None:
    s = gm(
        quests=FACE_UP,
        solved=TREASURE,
        step="battle",
        health={"Grand Master": 3},
        resource={"Grand Master": 0},
    )
    assert texts(s) == ["elixir", "no-elixir"]
    s = play(s, "elixir")
    assert s.health == (9,) and s.spent == 0b1
    s = gm(
        quests=FACE_UP,
        solved=TREASURE,
        step="battle",
        health={"Grand Master": 3},
        resource={"Grand Master": 0},
        spent=["Grand Master"],
    )
    assert "elixir" not in texts(s)


def test_grand_master_mana_regains_one_every_turn() -> None:
    s = gm(quests=FACE_UP, resource={"Grand Master": 0}, step="act")
    assert play(s, "pass").resource == (1,)


def test_grand_master_survival_roll_is_his_own_die() -> None:
    s = gm(
        quests=FACE_UP,
        at={"Grand Master": "c3"},
        health={"Grand Master": 1},
        resource={"Grand Master": 0},
        step="act",
    )
    s = play(s, "adventure", "dice ---", "no-reroll")
    assert dict((str(m), p) for m, p in chance_outcomes(s))["survival saved"] == Fraction(1, 6)
