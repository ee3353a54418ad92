"""Dorasure expansion rules: 6-11 heroes (Special Chance, Quest Replenishing, turn order) and
the Fang land tiles, one test per rule and tile from concrete positions, plus the contract
over random games with 1, 6 and 11 heroes and with Fang.

Fang hexes on the default map: e0, c2, e3, d4, g5.  Neighbours used: e1 (plains) and d0
next to e0; b2 (road) next to c2; f3 (road) and e4 (village) next to e3; e4 next to d4; g4
(forest) next to g5, which lies next to mountain f5.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules as br
from boardrules.dorasure import (
    HERO_ORDER,
    DorasureState,
    chance_outcomes,
    new_game,
    parse_move,
    position,
)
from boardrules.testing import check_random_play
from dorasure_helpers import FACE_UP, odds, play, texts, where

SIX = ("Ninja", "Gladiator", "Samurai", "Hunter", "Prince", "Paladin")
LANDS_A = {"e0": "quicksand", "c2": "mirage", "e3": "meadow", "d4": "swamp", "g5": "caravan"}
LANDS_B = {"e0": "winter", "c2": "sea", "e3": "tree", "d4": "quicksand", "g5": "mirage"}


# -- 6-11 heroes -----------------------------------------------------------------------------


def test_six_to_eleven_heroes_turn_order_over_all_eleven() -> None:
    s = new_game(players=11)
    assert [s.rules.hero_name(p) for p in range(11)] == list(HERO_ORDER[:11])
    s = new_game(players=6)
    assert [s.rules.hero_name(p) for p in range(6)] == list(SIX)
    s = new_game(heroes=["Vampire", "Shaman", "Ninja", "Minstrel", "Werewolf", "Magician"])
    assert [s.rules.hero_name(p) for p in range(6)] == [
        "Ninja",
        "Werewolf",
        "Shaman",
        "Minstrel",
        "Magician",
        "Vampire",
    ]
    s = play(position(SIX, quests=FACE_UP, turn="Paladin", step="act"), "pass")
    assert s.turn == 0, "after the last seat the first again"


def test_special_chance_a_six_rolls_again_one_to_three_moves_the_meter() -> None:
    s = position(SIX, quests=FACE_UP, meter=1)
    s = play(s, "roll 1 2 3 6")
    assert s.meter == 1 and odds(s) == {
        "special meter": Fraction(1, 2),
        "special hurt": Fraction(1, 2),
    }
    s = play(s, "special meter")
    assert s.meter == 2 and s.health[0] == 5


def test_special_chance_four_to_six_hurts_the_current_hero_instead() -> None:
    s = play(position(SIX, quests=FACE_UP, meter=1), "roll 1 2 6 6", "special hurt")
    assert s.meter == 1 and s.health[0] == 4
    s = play(s, "special meter")
    assert s.meter == 2 and texts(s)[0].startswith("step")


def test_special_chance_only_with_six_or_more_heroes() -> None:
    s = play(position(SIX[:5], quests=FACE_UP, meter=1), "roll 1 2 3 6")
    assert s.meter == 2


def test_quest_replenishing_at_the_third_rampage_draws_from_the_unused_quests() -> None:
    s = position(SIX, quests={"g0": "inscriptions", "d1": "golem"}, solved={"d1": "book"}, meter=8)
    s = play(s, "roll 1 2 3 6", "special meter", "rampage 1")
    d1 = s.rules.board.mountains.index(s.rules.board.index["d1"])
    assert s.renewed[d1] == 1 and s.retired == (1,), "the golem leaves the game"
    assert s.quests[d1] == -1 and s.rewards[d1] == 1, "a new quest, face down"
    assert texts(s)[0].startswith("step")
    s = position(
        SIX,
        quests={"g0": "inscriptions"},
        solved={"d1": "book"},
        renewed=["d1"],
        retired=["golem"],
        meter=9,
        at={"Ninja": "c1"},
        step="act",
    )
    assert "gather d1" in texts(s)
    s = play(s, "gather d1")
    assert odds(s) == {
        f"quest-tile {q}": Fraction(1, 5)
        for q in ("teleport", "labyrinth", "sphinx", "goblins", "chimera")
    }
    s = play(s, "quest-tile sphinx")
    assert s.quests[d1] == 4 and s.flags[d1] == 0 and s.turn == 1


def test_quest_replenishing_not_at_other_rampages_nor_with_five_heroes() -> None:
    s = position(SIX, quests={"g0": "inscriptions", "d1": "golem"}, solved={"d1": "book"}, meter=5)
    s = play(s, "roll 1 2 3 6", "special meter", "rampage 1")
    assert s.renewed == (0,) * 5
    s = position(
        SIX[:5], quests={"g0": "inscriptions", "d1": "golem"}, solved={"d1": "book"}, meter=8
    )
    s = play(s, "roll 1 2 3 6", "rampage 1")
    assert s.renewed == (0,) * 5 and s.meter == 9


def test_replenished_quest_solved_removes_a_scale_without_its_effect() -> None:
    s = position(
        SIX,
        quests={"g0": "inscriptions", "d1": "sphinx", "d3": "teleport", "g3": "goblins"},
        solved={"d1": "book", "d3": "lair", "g3": "lair"},  # two wounds
        renewed=["d1"],
        retired=["golem"],
        meter=10,
        at={"Ninja": "c1"},
        step="act",
    )
    s = play(s, "quest d1", "dice +")
    d1 = s.rules.board.mountains.index(s.rules.board.index["d1"])
    # 1 EXP from the Book of Dragons, 2 for the quest solved alone.
    assert s.wounds == 3 and s.renewed[d1] == 2 and s.xp[0] == 3
    assert s.rewards[d1] == 1, "no new reward tile"
    assert texts(s)[0].startswith("roll"), "the claw box at 3 does not retaliate"


def test_all_mountains_solved_again_start_the_battle() -> None:
    solved = {"g0": "lair", "d1": "book", "d3": "weapons", "g3": "treasure", "f5": "lair"}
    quests = {
        "g0": "inscriptions",
        "d1": "sphinx",
        "d3": "golem",
        "g3": "teleport",
        "f5": "labyrinth",
    }
    s = position(
        SIX,
        quests=quests,
        solved=solved,
        renewed=["d1"],
        retired=["goblins"],
        meter=10,
        wounds=2,
        at={"Ninja": "c1"},
        step="act",
    )
    assert br.current_player(s) == 0
    s = play(s, "quest d1", "dice +")
    assert s.phase == 1 and s.turn == 0


def test_heroes_together_in_belk_when_it_is_razed_is_a_valid_position() -> None:
    s = position(
        ("Ninja", "Gladiator"),
        quests=FACE_UP,
        at={"Ninja": "a0", "Gladiator": "a0"},
        meter=2,
        resource={"Ninja": 1},
    )
    s = play(s, "roll 1 2 3 6", "rampage 1")
    assert s.razed and where(s, 0) == where(s, 1) == "a0"
    assert br.from_json(br.to_json(s)) == s


def test_assistance_is_answered_while_the_farthest_mountain_is_replenished_face_down() -> None:
    s = position(
        SIX,
        quests={"d3": "goblins"},
        solved={"g0": "book"},
        renewed=["g0"],
        retired=["inscriptions"],
        meter=9,
        at={"Ninja": "c3", "Gladiator": "e4"},
        step="act",
    )
    s = play(s, "quest d3", "ask Gladiator")
    assert texts(s) == ["agree", "refuse"]
    assert br.from_json(br.to_json(s)) == s


# -- Fang ------------------------------------------------------------------------------------


def test_fang_draws_five_of_the_eight_land_tiles_with_exact_probabilities() -> None:
    s = new_game(fang=True)
    total = Fraction(1)
    for left in (8, 7, 6, 5, 4):
        probabilities = odds(s)
        assert len(probabilities) == left and set(probabilities.values()) == {Fraction(1, left)}
        first = next(iter(probabilities))
        total *= probabilities[first]
        s = play(s, first)
    assert total == Fraction(1, 8 * 7 * 6 * 5 * 4)
    assert s.lands == (0, 1, 2, 3, 4) and texts(s)[0].startswith("quest-tile")
    assert "land e0: Quick Sand" in br.render(s)


def fang(
    heroes: tuple[str, ...] = ("Ninja", "Gladiator"), lands: dict[str, str] = LANDS_A, **kw: object
) -> DorasureState:
    kw.setdefault("quests", FACE_UP)
    return position(heroes, fang=True, lands=lands, **kw)  # type: ignore[arg-type]


def test_land_quick_sand_needs_four_and_ends_the_movement() -> None:
    s = fang(at={"Ninja": "e1"}, step="move", dice=[3, 4, 5])
    steps = [t for t in texts(s) if t.endswith(" e0")]
    assert steps == ["step 4 e0", "step 5 e0"]
    s = play(s, "step 4 e0")
    assert texts(s) == ["stop"] and s.dice == ()


def test_land_quick_sand_cannot_be_entered_onto_another_hero() -> None:
    s = fang(at={"Ninja": "e1", "Gladiator": "e0"}, step="move", dice=[4, 5, 6])
    assert not [t for t in texts(s) if t.endswith(" e0")]


def test_land_mirage_city_enters_with_a_one_cannot_heal_and_forces_adventure() -> None:
    s = fang(at={"Gladiator": "b2"}, turn="Gladiator", step="move", dice=[1])
    assert texts(s) == ["step 1 c2", "stop"]
    s = play(s, "step 1 c2", "stop")
    assert texts(s) == ["adventure"]
    s = play(s, "adventure")
    assert len(chance_outcomes(s)) == 20, "3 dice: the Gladiator's white (plains) Danger"


def test_land_mirage_city_grand_master_is_exempt_from_adventuring() -> None:
    s = fang(("Grand Master",), at={"Grand Master": "c2"}, step="act")
    assert texts(s) == ["adventure", "pass"]


def test_land_herbal_meadow_needs_three_and_a_six_heals_one() -> None:
    s = fang(at={"Ninja": "f3"}, health={"Ninja": 3}, step="move", dice=[2, 3, 6])
    assert [t for t in texts(s) if t.endswith(" e3")] == ["step 3 e3", "step 6 e3"]
    assert play(s, "step 6 e3").health[0] == 4
    assert play(s, "step 3 e3").health[0] == 3


def test_land_thousand_year_winter_needs_five() -> None:
    s = fang(lands=LANDS_B, at={"Ninja": "e1"}, step="move", dice=[4, 5])
    assert [t for t in texts(s) if t.endswith(" e0")] == ["step 5 e0"]


def test_land_poisonous_swamp_needs_four_and_deals_one_damage_on_entering() -> None:
    s = fang(at={"Ninja": "e4"}, step="move", dice=[3, 4])
    assert [t for t in texts(s) if t.endswith(" d4")] == ["step 4 d4"]
    s = play(s, "step 4 d4")
    assert s.health[0] == 4


def test_land_poisonous_swamp_passed_through_onto_another_hero() -> None:
    s = fang(at={"Ninja": "e4", "Gladiator": "d4"}, resource={"Ninja": 1}, step="move", dice=[4, 5])
    s = play(s, "step 4 d4")
    assert texts(s) == ["absorb 0", "absorb 1"] and where(s, 0) == where(s, 1) == "d4"
    assert br.from_json(br.to_json(s)) == s, "a hero paying mid-move is a valid position"
    s = play(s, "absorb 0")
    assert s.health[0] == 4 and "stop" not in texts(s), "he must move on"


def test_land_caravan_needs_three_and_resting_there_regains_one() -> None:
    s = fang(at={"Ninja": "g4"}, step="move", dice=[2, 3])
    assert [t for t in texts(s) if t.endswith(" g5")] == ["step 3 g5"]
    s = play(s, "step 3 g5", "stop")
    assert texts(s) == ["rest", "gather f5", "pass"]
    s = fang(at={"Ninja": "g5"}, health={"Ninja": 2}, step="act")
    assert play(s, "rest").health[0] == 3


def test_land_sea_of_trees_needs_six_or_five_with_search_two() -> None:
    s = fang(lands=LANDS_B, at={"Ninja": "b2"}, step="move", dice=[4, 5, 6])
    assert [t for t in texts(s) if t.endswith(" c2")] == ["step 5 c2", "step 6 c2"]
    s = fang(lands=LANDS_B, at={"Gladiator": "b2"}, turn="Gladiator", step="move", dice=[4, 5, 6])
    assert [t for t in texts(s) if t.endswith(" c2")] == ["step 6 c2"], "Search 1"


def test_land_tree_of_truth_needs_five_and_knowledge_two_regains_one_resource() -> None:
    s = fang(
        ("Ninja", "Paladin"),
        lands=LANDS_B,
        at={"Paladin": "f3"},
        turn="Paladin",
        step="move",
        dice=[4, 5],
    )
    assert [t for t in texts(s) if t.endswith(" e3")] == ["step 5 e3"]
    assert play(s, "step 5 e3").resource[1] == 2, "Knowledge 2"
    s = fang(
        ("Ninja", "Paladin"),
        lands=LANDS_B,
        at={"Ninja": "f3"},
        step="move",
        dice=[5],
        resource={"Ninja": 0},
    )
    assert play(s, "step 5 e3").resource[0] == 0, "the Ninja's Knowledge is 1"


def test_a_land_tile_replaces_the_forest_it_covers() -> None:
    s = fang(lands=LANDS_B, at={"Ninja": "e4"}, resource={"Ninja": 0}, step="move", dice=[5])
    s = play(s, "step 5 d4")
    assert s.resource[0] == 0, "Quick Sand on d4 is no forest: no Ninjutsu"
    assert texts(s) == ["stop"]


def test_fang_option_and_positions_are_checked() -> None:
    with pytest.raises(br.InvalidOptionError):
        new_game(fang="yes")
    with pytest.raises(br.InvalidOptionError):
        new_game(fang=True, board=["V R P M", "C R F M", "R P M P", "F M P M", "M R R R"])
    with pytest.raises(br.StateFormatError):
        fang(lands={"e0": "quicksand"})
    with pytest.raises(br.StateFormatError):
        position(("Ninja", "Gladiator"), quests=FACE_UP, lands=LANDS_A)
    s = fang()
    assert br.from_json(br.to_json(s)) == s


def test_expansion_states_round_trip_and_damaged_fields_are_refused() -> None:
    s = position(
        SIX,
        quests={"g0": "inscriptions", "d1": "sphinx"},
        solved={"d1": "book"},
        renewed=["d1"],
        retired=["golem"],
        meter=10,
    )
    assert br.from_json(br.to_json(s)) == s
    game = br.get_game("dorasure")
    body = game.encode(s)
    options = game.options_of(s)
    for field, value in (
        ("renewed", [0, 0, 0, 0, 0]),
        ("retired", ["nothing"]),
        ("renewed", [3, 0, 0, 0, 0]),
        ("lands", ["mirage"]),
    ):
        with pytest.raises(br.StateFormatError):
            game.decode(options, {**body, field: value})
    with pytest.raises(br.StateFormatError):
        game.decode(options, {**body, "retired": ["golem", "goblins"]})


# -- contract ------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 6},
        {"players": 11},
        {"fang": True},
        {"players": 11, "fang": True},
        {"heroes": ["Samurai", "Shaman", "Minstrel", "Magician", "Vampire", "Werewolf"]},
    ],
    ids=["grand-master", "six", "eleven", "fang", "eleven-fang", "expansion-heroes"],
)
def test_contract_random_play_with_the_expansions(options: dict[str, object]) -> None:
    check_random_play("dorasure", seed=7, games=2, **options)


# -- properties ----------------------------------------------------------------------------

PARTY = [h for h in HERO_ORDER if h != "Grand Master"]


@pytest.mark.slow
@given(
    seed=st.integers(0, 10**9),
    heroes=st.one_of(
        st.just(["Grand Master"]),
        st.lists(st.sampled_from(PARTY), min_size=2, max_size=11, unique=True),
    ),
    with_fang=st.booleans(),
)
@settings(max_examples=40, deadline=None)
def test_expansion_games_end_and_keep_every_track_within_bounds(
    seed: int, heroes: list[str], with_fang: bool
) -> None:
    rng = random.Random(seed)
    s = new_game(heroes=heroes, fang=with_fang)
    for _ in range(5_000):
        if br.is_terminal(s):
            break
        move = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        nxt = br.apply_move(s, move)
        rules = nxt.rules
        for p in range(len(heroes)):
            assert 0 <= nxt.health[p] <= rules.sheets[p].health
            assert 0 <= nxt.resource[p] <= rules.stats[p][nxt.level(p)][6]
            assert nxt.xp[p] >= s.xp[p]
        assert s.meter <= nxt.meter <= rules.tracks.meter_end
        assert s.wounds <= nxt.wounds <= rules.tracks.health
        s = nxt
    else:
        raise AssertionError("the game did not end")
    assert br.returns(s) in ((0.0,) * len(heroes), (1.0,) * len(heroes))


def test_expansion_move_notation_parses_and_malformed_text_is_refused() -> None:
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        solved={"g0": "treasure"},
        step="battle",
        turn="Vampire",
        health={"Ninja": 0},
    )
    assert str(parse_move(s, "kiss Ninja")) == "kiss Ninja"
    with pytest.raises(br.MoveSyntaxError):
        parse_move(s, "kiss")
    with pytest.raises(br.IllegalMoveError):
        parse_move(s, "elixir")
