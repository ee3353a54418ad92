"""Dorasure §10 The Fang land tiles: the draw at setup (§10.1) and each tile's entry and effect
(§10.2).

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

import boardrules as br
from boardrules.dorasure import DorasureState, apply_move, chance_outcomes, new_game, position
from boardrules.dorasure._fang import land_draw
from boardrules.dorasure.tasks.fang import Land
from dorasure_helpers import FACE_UP, check_message, odds, play, texts, where

LANDS_A = {"e0": "quicksand", "c2": "mirage", "e3": "meadow", "d4": "swamp", "g5": "caravan"}


def fang(
    heroes: tuple[str, ...] = ("Ninja", "Gladiator"), lands: dict[str, str] = LANDS_A, **kw: object
) -> DorasureState:
    kw.setdefault("quests", FACE_UP)
    return position(heroes, fang=True, lands=lands, **kw)  # type: ignore[arg-type]


LANDS_B = {"e0": "winter", "c2": "sea", "e3": "tree", "d4": "quicksand", "g5": "mirage"}


LANDS = {"e0": "quicksand", "c2": "mirage", "e3": "meadow", "d4": "swamp", "g5": "caravan"}


WITH_D1 = {"g0": "inscriptions", "d1": "golem"}


def test_fang_draws_five_of_the_eight_land_tiles_with_exact_probabilities() -> None:
    land_draw.cache_clear()  # each table is built once: built afresh here
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


def test_fang_draw_marginals_match_the_shuffle_of_eight_tiles() -> None:
    """Every tile lies on a given hex with probability 1/8 and on the board with 5/8, as a
    brute-force count over the 8!/3! ordered deals says."""
    engine: Counter[tuple[int, ...]] = Counter()

    def walk(t: DorasureState, p: Fraction) -> None:
        if not isinstance(t.agenda[0], Land):
            engine[t.lands] += p  # type: ignore[assignment]
            return
        for m, q in chance_outcomes(t):
            walk(apply_move(t, m), p * q)

    walk(new_game(fang=True), Fraction(1))
    deals = list(permutations(range(8), 5))
    assert len(deals) == 6720
    assert engine == Counter({d: Fraction(1, 6720) for d in deals})
    on_board = sum((p for lands, p in engine.items() if 1 in lands), Fraction(0))
    assert on_board == Fraction(5, 8), "the Mirage City is in play in 5 games of 8"


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


def test_a_land_tile_replaces_the_forest_it_covers() -> None:
    s = fang(lands=LANDS_B, at={"Ninja": "e4"}, resource={"Ninja": 0}, step="move", dice=[5])
    s = play(s, "step 5 d4")
    assert s.resource[0] == 0, "Quick Sand on d4 is no forest: no Ninjutsu"
    assert texts(s) == ["stop"]


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


def test_land_mirage_city_a_one_carries_a_hero_on_through_another_heros_space() -> None:
    # §4.1 passing through a hero, §10 the Mirage City entered with a 1: the Ninja (a1) may
    # step with his 3 onto the Gladiator's road b1, as his 1 then carries him on to c2.
    s = fang(at={"Ninja": "a1", "Gladiator": "b1"}, step="move", dice=[1, 3])
    assert "step 3 b1" in texts(s)
    assert texts(play(s, "step 3 b1")) == ["step 1 c2"], "he may not stop there"
    s = fang(lands=LANDS_B, at={"Ninja": "a1", "Gladiator": "b1"}, step="move", dice=[1, 3])
    assert "step 3 b1" not in texts(s), "the Sea of Trees on c2: the 1 enters nothing"


def test_land_mirage_city_grand_master_is_exempt_from_adventuring() -> None:
    s = fang(("Grand Master",), at={"Grand Master": "c2"}, step="act")
    assert texts(s) == ["adventure", "pass"]


def test_mirage_city_forces_the_adventure_even_next_to_a_mountain() -> None:
    # g5 lies next to mountain f5; on the Mirage City only the Grand Master may quest there.
    s = position(
        ("Ninja", "Gladiator"),
        quests={"g0": "inscriptions", "f5": "goblins"},
        fang=True,
        lands=LANDS_B,
        at={"Ninja": "g5"},
        step="act",
    )
    assert texts(s) == ["adventure"]
    gm = position(
        ("Grand Master",),
        quests={"g0": "inscriptions", "f5": "goblins"},
        fang=True,
        lands=LANDS_B,
        at={"Grand Master": "g5"},
        step="act",
    )
    assert texts(gm) == ["adventure", "quest f5", "pass"]


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
    for where, healed in (("c2", False), ("c1", True)):  # noqa: F402 (the helper is not needed here)
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


def test_sea_of_trees_and_tree_of_truth_read_the_vampires_thirst() -> None:
    # Search 2 / Knowledge 2 with Blood; 0 each at 0 Blood (Thirst for Blood).
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        fang=True,
        lands=LANDS_B,
        at={"Vampire": "b2"},
        turn="Vampire",
        step="move",
        dice=[5, 6],
        resource={"Vampire": 0},
    )
    assert [t for t in texts(s) if t.endswith(" c2")] == ["step 6 c2"], "Search 0: a 6"
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        fang=True,
        lands=LANDS_B,
        at={"Vampire": "f3"},
        turn="Vampire",
        step="move",
        dice=[5],
        resource={"Vampire": 0},
    )
    assert play(s, "step 5 e3").resource[1] == 0, "Knowledge 0: no resource"
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        fang=True,
        lands=LANDS_B,
        at={"Vampire": "f3"},
        turn="Vampire",
        step="move",
        dice=[5],
        resource={"Vampire": 1},
    )
    assert play(s, "step 5 e3").resource[1] == 2, "Knowledge 2: 1 Blood more"


def test_sea_of_trees_reads_the_werewolfs_lycan_form() -> None:
    lycan = position(
        ("Ninja", "Werewolf"),
        quests=FACE_UP,
        fang=True,
        lands=LANDS_B,
        at={"Werewolf": "b2"},
        turn="Werewolf",
        step="move",
        dice=[5, 6],
        xp={"Werewolf": 1},
    )
    assert [t for t in texts(lycan) if t.endswith(" c2")] == ["step 6 c2"], "Search 0"
    human = position(
        ("Ninja", "Werewolf"),
        quests=FACE_UP,
        fang=True,
        lands=LANDS_B,
        at={"Werewolf": "b2"},
        turn="Werewolf",
        step="move",
        dice=[5, 6],
        xp={"Werewolf": 2},
    )
    assert [t for t in texts(human) if t.endswith(" c2")] == ["step 5 c2", "step 6 c2"]


def test_quick_sand_ends_the_movement_only_on_its_own_hex() -> None:
    # Quick Sand on g5: the Ninja may step onto the Gladiator's b4 (no stopping there) with
    # one 2, since his other 2 carries him on; b4 is no land tile and holds him not.
    lands = {"e0": "winter", "c2": "mirage", "e3": "meadow", "d4": "swamp", "g5": "quicksand"}
    s = position(
        ("Ninja", "Gladiator"),
        fang=True,
        lands=lands,
        quests=FACE_UP,
        at={"Gladiator": "b4"},
        step="move",
        dice=[2, 2],
    )
    assert texts(s) == ["step 2 b4", "step 2 c5", "stop"]
    assert texts(play(s, "step 2 b4")) == ["step 2 b3", "step 2 city"], "on, not stop"


def test_10_1_land_tiles_are_drawn_at_setup_in_order_before_the_farthest_quest() -> None:
    start = new_game(players=2, fang=True)
    lands = start.agenda[:5]
    assert lands == tuple(Land(0, k) for k in range(5)) and start.lands == (-1,) * 5
    assert check_message(start) is None
    at_setup = "agenda: a land tile is drawn onto a Fang hex at setup"
    # Not in a game without Fang, not in a later turn, not once the movement dice are rolled.
    plain = new_game(players=2)
    assert check_message(plain, agenda=(Land(0, 0), *plain.agenda)) == at_setup
    later = tuple(type(t)(1, *t[2:]) for t in start.agenda)  # every task the second hero's
    assert check_message(start, turn=1, agenda=later) == at_setup
    assert check_message(start, dice=(3,)) == at_setup
    # In order: the first tile still to draw is at the front; tile 0 counts as drawn.
    in_order = "agenda: the land tiles are drawn onto the Fang hexes in order"
    drawn = (-1, 0, -1, -1, -1)
    agenda = (Land(0, 0), Land(0, 2), Land(0, 3), Land(0, 4), *start.agenda[5:])
    assert check_message(start, lands=drawn, agenda=agenda) == in_order
    assert check_message(start, agenda=(lands[1], lands[0], *start.agenda[2:])) == in_order
    # All before the farthest quest is turned up, and right before it.
    before = "agenda: the land tiles are drawn before the farthest quest is revealed"
    assert check_message(start, agenda=(*lands, *start.agenda[6:])) == before
