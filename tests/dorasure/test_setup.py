"""Dorasure §1 Heroes, seats and setup: where the heroes and the dragon start, the farthest
quest face up, the turn order.

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

from fractions import Fraction

import boardrules as br
from boardrules.dorasure import DorasureState, _setup, chance_outcomes, current_player, new_game
from dorasure_helpers import play, texts, where


def where_quests(s: DorasureState) -> dict[str, str]:
    board = s.rules.board
    return {
        board.names[board.mountains[m]]: s.rules.quests[q].slug
        for m, q in enumerate(s.quests)
        if q >= 0
    }


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


def test_setup_farthest_quest_is_turned_face_up_on_a_board_where_it_is_read_last() -> None:
    # The map upside down: the mountain farthest from the City, g5, is the last one read.
    # (A game's start is kept with its rules: made afresh here.)
    _setup._STARTS.clear()
    rows = ["V R P F P F M", "L R F M P F F", "P R P P F R P", "F R P M P R M", "C R P F V R F"]
    s = play(new_game(players=2, board=[*rows, "C C R P F M P"][::-1]), "quest-tile sphinx")
    assert where_quests(s) == {"g5": "sphinx"}


def test_turn_order_follows_the_rulebook_list() -> None:
    s = new_game(heroes=["Paladin", "Prince", "Ninja", "Hunter"])
    assert [s.rules.hero_name(p) for p in range(4)] == ["Ninja", "Hunter", "Prince", "Paladin"]


def test_default_heroes_are_the_first_base_heroes_in_turn_order() -> None:
    s = new_game(players=3)
    assert [s.rules.hero_name(p) for p in range(3)] == ["Ninja", "Gladiator", "Hunter"]
