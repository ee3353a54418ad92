"""Docker: one test per clause of the rulebook and per ruling, from concrete positions.

Squares are named a1..c3 (file = x, rank = y); a1 is south-west, b2 the centre.  Entry squares:
south b1, west a2, north b3, east c2.  Towers are written bottom to top as player numbers.
"""

from __future__ import annotations

import json
import math
import pickle
from fractions import Fraction
from typing import Any

import pytest

import boardrules as br
from boardrules import docker
from boardrules._fitted import win_shares
from boardrules.docker import (
    PITCH,
    DockerState,
    Entry,
    Pitch,
    Shift,
    apply_move,
    current_player,
    legal_moves,
    new_game,
    parse_move,
    position,
)
from boardrules.docker._evaluation import WEIGHTS
from boardrules.docker._features import FEATURES, features
from boardrules.testing import play


def names(state: DockerState) -> list[str]:
    return [str(m) for m in legal_moves(state)]


def sq(name: str) -> int:
    return PITCH.square(name)


# A position where player 0 (3 players) has one movable piece, on a1 at altitude 0, and all
# three pieces on the pitch: a2 = [0, 1], b2 = [1], c2 = [0, 2].  Costs from a1 (hand-counted):
# b1 1, c1 2 (via b1), a2 3 (up two), b2 3 (b1, then up one), nothing at all for 4.
CORRIDOR = {"a1": [0], "a2": [0, 1], "b2": [1], "c2": [0, 2]}


def corridor(roll: int, return_to_start: bool = False) -> DockerState:
    return position(CORRIDOR, players=3, roll=roll, return_to_start=return_to_start)


# --- The pitch ----------------------------------------------------------------------------


def test_pitch_is_three_by_three_with_the_centre_b2() -> None:
    assert PITCH.size == 3 and PITCH.squares == 9
    assert PITCH.square_at(1, 1) == sq("b2")
    assert [PITCH.name_of(n) for n in PITCH.neighbours[sq("b2")]] == ["b1", "a2", "c2", "b3"]
    assert [PITCH.name_of(n) for n in PITCH.neighbours[sq("a1")]] == ["b1", "a2"]


def test_entry_squares_are_the_middle_squares_of_the_sides() -> None:
    entries = {side: PITCH.name_of(PITCH.entry_square(side)) for side, _ in PITCH.entries}
    assert entries == {"south": "b1", "west": "a2", "north": "b3", "east": "c2"}


def test_seats_clockwise_south_west_north_east() -> None:
    assert new_game(players=2).rules.sides == ("south", "north")
    assert new_game(players=3).rules.sides == ("south", "west", "north")
    assert new_game(players=4).rules.sides == ("south", "west", "north", "east")
    # With two players the second sits north and enters on b3.
    assert names(play(new_game(players=2, first_player=1), "roll 1")) == ["in-b3"]


def test_pitch_description_is_validated() -> None:
    good = dict(PITCH.entries)
    with pytest.raises(ValueError, match="middle of that side"):
        Pitch(3, tuple({**good, "west": (0, 0)}.items()), PITCH.seatings)
    with pytest.raises(ValueError, match="one entry square on each side"):
        Pitch(3, tuple(good.items())[:3], PITCH.seatings)
    with pytest.raises(ValueError, match="clockwise"):
        Pitch(3, PITCH.entries, ((2, ("north", "south")),))
    with pytest.raises(ValueError, match="need a middle"):
        Pitch(4, PITCH.entries, PITCH.seatings)


def test_each_player_gets_three_pieces_and_the_game_starts_with_a_roll() -> None:
    s = new_game(players=4)
    assert s.reserve == (3, 3, 3, 3)
    assert all(t == () for t in s.towers)
    assert current_player(s) == br.CHANCE and s.to_move == 0


# --- Each move ----------------------------------------------------------------------------


def test_the_die_is_a_chance_node_with_six_equal_faces() -> None:
    s = new_game(players=2)
    outcomes = docker.chance_outcomes(s)
    assert [str(m) for m, _ in outcomes] == [f"roll {v}" for v in range(1, 7)]
    assert all(p == Fraction(1, 6) for _, p in outcomes)
    assert docker.chance_outcomes(s) is docker.chance_outcomes(new_game(players=3))
    assert tuple(m for m, _ in outcomes) == legal_moves(s)


# Player 0's only free piece is on a1; the two others are covered by player 1 on a3 and c3.
LONE = {"a1": [0], "a3": [0, 1], "c3": [0, 1]}


def test_full_roll_moved_by_a_single_piece() -> None:
    # Over flat squares the piece ends where a route of exactly `roll` steps ends.
    assert names(position(LONE, players=2, roll=2)) == ["a1-c1", "a1-b2"]
    # b1 is next door, but a 3 must be used in full: a1-a2-b2-b1 (a1-b1 alone is only 1).
    assert names(position(LONE, players=2, roll=3)) == ["a1-b1", "a1-a2", "a1-c2", "a1-b3"]


def test_no_square_entered_twice_in_one_move() -> None:
    # b1 is reachable with 3 only as a1-b1-c1-b1, which enters b1 twice.
    assert names(corridor(1)) == ["a1-b1"]
    assert names(corridor(3)) == ["a1-a2", "a1-b2"]


def test_pieces_cannot_move_diagonally() -> None:
    # From a1 the diagonal b2 is two orthogonal steps away, never one.
    s = position({"a1": [0]}, players=2, roll=1)
    assert names(s) == ["a1-b1", "a1-a2", "in-b1"]


def test_step_up_costs_one_plus_the_height_difference() -> None:
    assert "a1-a2" not in names(corridor(1)) + names(corridor(2))
    assert "a1-a2" in names(corridor(3))  # one to the side and two up


def test_step_down_costs_one_plus_the_height_difference() -> None:
    # Player 1's piece on top of a2 stands at altitude 1: down to a3 or a1 costs 2.
    s = position(CORRIDOR, players=3, turn=1, roll=2)
    assert {"a2-a3"} <= set(names(s))
    s1 = position(CORRIDOR, players=3, turn=1, roll=1)
    assert "a2-a3" not in names(s1) and "a2-b2" in names(s1)  # b2 is one high: level step


def test_piece_on_another_needs_a_two_to_step_onto_an_adjacent_empty_square() -> None:
    # Player 0 stands on b2 at altitude 1; its other pieces are covered.
    towers = {"b2": [1, 0], "a1": [0, 1], "c3": [0, 1]}
    assert names(position(towers, players=2, roll=2)) == ["b2-b1", "b2-a2", "b2-c2", "b2-b3"]
    # A 1 cannot take it anywhere (no neighbour is one high): with three pieces on the
    # pitch, player 0 is out.
    assert play(position(towers, players=2), "roll 1").eliminated == (0,)


def test_height_costs_add_up_along_a_route() -> None:
    # a1 -> b1 (1) -> b2 (up one: 2) ends on b2 with 3; b2 -> b3 (down one: 2) ends with 5.
    assert "a1-b2" in names(corridor(3))
    assert "a1-b3" in names(corridor(5)) and "a1-b3" not in names(corridor(6))
    # Every route costs 1, 2, 3, 5 or 6 here; none costs exactly 4.
    assert docker.usable_rolls(corridor(0), 0) == (1, 2, 3, 5, 6)


def test_crossing_a_tower_means_standing_on_top_of_it() -> None:
    # a1 -> a2 (up two: 3) -> a3 (down two: 3) = 6; crossing a2 costs the climb both ways.
    assert names(corridor(6)) == ["a1-a3", "a1-c3"]


def test_no_maximum_height_for_a_tower() -> None:
    tower = [1, 2, 3, 1, 2, 3, 0]  # seven high, player 0 on top at altitude 6
    s = position({"b2": tower, "b1": [1, 2, 3]}, players=4, roll=4)
    assert "b2-b1" in names(s)  # one to the side, three down
    after = play(s, "b2-b1")
    assert after.towers[sq("b1")] == (1, 2, 3, 0)
    assert after.towers[sq("b2")] == (1, 2, 3, 1, 2, 3)


def test_moving_piece_lands_on_top_of_the_tower_and_order_below_is_kept() -> None:
    s = position({"a1": [0], "b1": [2, 1]}, players=3, roll=3)
    after = play(s, "a1-b1")  # one to the side, two up
    assert after.towers[sq("b1")] == (2, 1, 0)
    assert after.towers[sq("a1")] == ()


def test_only_the_top_piece_moves() -> None:
    s = position({"b2": [0, 1], "a1": [0]}, players=2, roll=1)
    assert not any(m.startswith("b2-") for m in names(s))
    with pytest.raises(br.IllegalMoveError, match="only the top piece"):
        apply_move(s, Shift(sq("b2"), sq("b1")))
    other = position({"b2": [0, 1], "a1": [0]}, players=2, turn=1, roll=1)
    assert {m for m in names(other) if m.startswith("b2-")} == set()  # level neighbours: none
    other2 = position({"b2": [0, 1], "a1": [0]}, players=2, turn=1, roll=2)
    assert {m for m in names(other2) if m.startswith("b2-")} == {
        "b2-b1",
        "b2-a2",
        "b2-c2",
        "b2-b3",
    }


def test_covered_pieces_move_again_when_the_higher_pieces_have_left() -> None:
    s = position({"b2": [0, 1]}, players=2, turn=1, roll=2)
    after = play(s, "b2-b3", "roll 1")
    assert "b2-b1" in names(after)  # player 0's piece is on top again, at altitude 0


def test_a_move_is_piece_and_destination_and_routes_with_the_same_end_are_one_move() -> None:
    # With 2, a1 reaches b2 via b1 and via a2: one move "a1-b2".
    s = position(LONE, players=2, roll=2)
    assert names(s).count("a1-b2") == 1
    # Entering with 3 reaches a2 via a1 and via b2: one move.
    assert names(play(new_game(players=2), "roll 3")) == ["in-a2", "in-c2", "in-b3"]


# --- Entering (first rounds) --------------------------------------------------------------


def test_entering_the_entry_square_counts_as_the_first_step() -> None:
    s = new_game(players=2)
    assert names(play(s, "roll 1")) == ["in-b1"]
    assert names(play(s, "roll 2")) == ["in-a1", "in-c1", "in-b2"]


def test_each_player_enters_on_the_entry_square_facing_them() -> None:
    s = new_game(players=4)
    firsts = []
    for player in range(4):
        s = play(s, "roll 1")
        firsts.append(names(s))
        s = apply_move(s, legal_moves(s)[0])
        assert current_player(s) == br.CHANCE and s.to_move == (player + 1) % 4
    assert firsts == [["in-b1"], ["in-a2"], ["in-b3"], ["in-c2"]]


def test_entering_onto_a_stack_costs_one_plus_its_height() -> None:
    towers = {"b1": [1, 1]}
    assert names(position(towers, players=2, roll=3)) == ["in-b1"]
    after = play(position(towers, players=2, roll=3), "in-b1")
    assert after.towers[sq("b1")] == (1, 1, 0) and after.reserve == (2, 1)
    # With a 4, entering (3) leaves one step: only onto a neighbour two high.  There is none.
    with pytest.raises(br.StateFormatError, match="cannot use a 4"):
        position(towers, players=2, roll=4)


def test_entering_piece_spends_the_rest_of_the_roll_moving_on() -> None:
    # Entering b1 (one high) costs 2 and leaves the piece at altitude 1.
    s = position({"b1": [1], "a1": [1]}, players=2, roll=3)
    assert names(s) == ["in-a1"]  # one more step, level onto a1; b2/c1 would cost 2
    # With 4, two steps down from b1 (c1, b2); via a1 then down to a2 would cost 5.
    s4 = position({"b1": [1], "a1": [1]}, players=2, roll=4)
    assert names(s4) == ["in-c1", "in-b2"]


def test_entering_piece_cannot_come_back_to_its_entry_square() -> None:
    # b1 -> a1 -> b1 would enter b1 twice.
    assert "in-b1" not in names(play(new_game(players=2), "roll 3"))


def test_fewer_than_three_on_the_pitch_choose_between_entering_and_moving() -> None:
    s = position({"a1": [0], "c3": [0]}, players=2, roll=1)
    assert names(s) == ["a1-b1", "a1-a2", "c3-c2", "c3-b3", "in-b1"]
    after = play(s, "in-b1")
    assert after.reserve == (0, 3)


def test_three_on_the_pitch_cannot_enter_a_piece() -> None:
    s = position({"a1": [0], "c3": [0], "a3": [0]}, players=2, roll=1)
    assert not any(isinstance(m, Entry) for m in legal_moves(s))
    with pytest.raises(br.IllegalMoveError, match="all 3 pieces on the pitch"):
        apply_move(s, Entry(sq("b1")))


# --- Reroll and its guard -----------------------------------------------------------------


def test_reroll_while_fewer_than_three_on_the_pitch_and_the_roll_cannot_be_used() -> None:
    # b1 is one high: entering needs 2 at least, and player 0 has nothing else.
    s = position({"b1": [1]}, players=2)
    rerolled = play(s, "roll 1")
    assert rerolled == s and current_player(rerolled) == br.CHANCE
    assert rerolled.to_move == 0 and rerolled.eliminated == ()
    assert names(play(rerolled, "roll 2")) == ["in-b1"]


def test_reroll_only_when_the_roll_cannot_be_used() -> None:
    s = position({"b1": [1]}, players=2)
    assert current_player(play(s, "roll 2")) == 0


def test_reroll_is_for_entering_too_when_pieces_on_the_pitch_are_stuck() -> None:
    # Player 0's piece on a1 sits under player 1; one piece is on the pitch, entering b1
    # (two high) needs 3: rolls 1 and 2 are rolled again.
    s = position({"a1": [0, 1], "b1": [1, 1]}, players=2)
    assert play(s, "roll 2") == s
    assert names(play(s, "roll 3")) == ["in-b1"]


def test_guard_eliminates_at_once_when_no_value_could_be_used() -> None:
    # Six pieces on b1: entering costs 7; player 0 has no piece on the pitch.  Whatever the
    # roll, no value 1-6 would help: eliminated instead of rolling for ever.
    towers = {"b1": [1, 2, 3, 1, 2, 3]}
    for roll in range(1, 7):
        after = play(position(towers, players=4), f"roll {roll}")
        assert after.eliminated == (0,)
        assert after.to_move == 1 and current_player(after) == br.CHANCE


def test_guard_counts_moves_on_the_pitch_too() -> None:
    # Entering is impossible (b1 six high) but player 0's piece on top of c3 can step down
    # with a 2: a 1 is rolled again, not fatal.
    towers = {"b1": [1, 2, 3, 1, 2, 3], "c3": [1, 0]}
    s = position(towers, players=4)
    assert play(s, "roll 1") == s
    assert names(play(s, "roll 2")) == ["c3-c2", "c3-b3"]


def test_no_reroll_with_three_pieces_on_the_pitch() -> None:
    s = corridor(0)
    assert s.reserve[0] == 0
    after = play(s, "roll 4")
    assert after.eliminated == (0,) and after.to_move == 1


# --- Elimination and the end --------------------------------------------------------------


def test_player_who_cannot_use_the_roll_is_eliminated_and_pieces_stay() -> None:
    s = corridor(0)
    after = play(s, "roll 4")
    assert after.towers == s.towers
    assert docker.elimination_order(after) == (0,)
    assert "0 blue, south" in docker.render(after) and "eliminated 1st" in docker.render(after)


def test_player_with_all_three_pieces_blocked_is_eliminated() -> None:
    # Every piece of player 0 is covered and none is left to enter: no roll can be used.
    towers = {"a1": [0, 1], "b2": [0, 1], "c3": [0, 2]}
    for roll in range(1, 7):
        after = play(position(towers, players=3), f"roll {roll}")
        assert after.eliminated == (0,) and after.towers == position(towers, players=3).towers


def test_a_one_that_eliminates() -> None:
    # Player 0's only free piece is on top of a1 at altitude 1: a 1 only reaches towers one
    # high, and a1's neighbours are empty.  The other two are covered.
    s = position({"a1": [1, 0], "c3": [0, 1], "b2": [0, 2]}, players=3)
    assert 1 not in docker.usable_rolls(s, 0)
    after = play(s, "roll 1")
    assert after.eliminated == (0,) and after.to_move == 1
    assert names(play(s, "roll 2")) == ["a1-b1", "a1-a2"]


def test_eliminated_pieces_stay_and_can_be_climbed_on() -> None:
    s = play(corridor(0), "roll 4")  # player 0 out; a1 keeps its piece
    s = play(s, "roll 1")
    assert "a2-a1" in names(s)  # player 1 steps down from a2 onto player 0's piece
    after = play(s, "a2-a1")
    assert after.towers[sq("a1")] == (0, 1)


def test_eliminated_player_never_moves_again_and_is_skipped() -> None:
    s = play(corridor(0), "roll 4")
    s = play(s, "roll 1", "b2-b1")  # player 1
    assert s.to_move == 2
    s = play(s, "roll 1")
    s = apply_move(s, legal_moves(s)[0])  # player 2
    assert s.to_move == 1, "player 0 is skipped"


# Player 0 stands on a1 at altitude 1 next to empty squares; its other pieces are covered.
ALL_COVERED_BUT_A1 = {"a1": [1, 0], "c3": [0, 1], "b2": [0, 1]}


def test_last_player_standing_wins() -> None:
    s = position(ALL_COVERED_BUT_A1, players=2)
    assert docker.returns(s) == (0.0, 0.0)
    end = play(s, "roll 1")
    assert docker.is_terminal(end) and current_player(end) == br.TERMINAL
    assert docker.returns(end) == (0.0, 1.0) and docker.winner(end) == 1
    assert legal_moves(end) == () and docker.chance_outcomes(end) == ()
    assert "game over: orange wins" in docker.render(end)
    with pytest.raises(br.IllegalMoveError, match="game is over"):
        apply_move(end, docker.Roll(1))


def test_order_of_elimination_is_kept() -> None:
    # Three players.  Players 0 and 1 each stand at altitude 1 beside empty squares with all
    # pieces on the pitch, so a 1 puts them out; player 2 has a free piece on c3.
    towers = {"a1": [1, 0], "c1": [0, 1], "a3": [0, 1], "c3": [2]}
    s = position(towers, players=3, turn=1)
    s = play(s, "roll 1")
    assert docker.elimination_order(s) == (1,) and s.to_move == 2
    s = play(s, "roll 1", "in-b3")
    assert s.to_move == 0
    s = play(s, "roll 1")
    assert docker.elimination_order(s) == (1, 0)
    assert docker.winner(s) == 2 and docker.returns(s) == (0.0, 0.0, 1.0)
    assert "eliminated 2nd" in docker.render(s)


def test_returns_all_zero_and_no_winner_before_the_end() -> None:
    assert docker.returns(new_game(players=3)) == (0.0, 0.0, 0.0)
    assert docker.winner(new_game(players=3)) is None


# --- Options ------------------------------------------------------------------------------


def test_players_option_two_to_four() -> None:
    assert docker.num_players(new_game(players=2)) == 2
    assert docker.num_players(new_game()) == 4
    for bad in (1, 5, "3", True):
        with pytest.raises(br.InvalidOptionError):
            new_game(players=bad)


def test_first_player_option() -> None:
    s = new_game(players=3, first_player=2)
    assert s.to_move == 2 and names(play(s, "roll 1")) == ["in-b3"]
    with pytest.raises(br.InvalidOptionError, match="0 to 1"):
        new_game(players=2, first_player=2)


def test_start_square_counts_as_entered_so_a_move_never_ends_where_it_began() -> None:
    assert "a1-a1" not in names(corridor(2))
    assert names(corridor(2)) == ["a1-c1"]
    with pytest.raises(br.IllegalMoveError, match="where it began"):
        apply_move(corridor(2), Shift(sq("a1"), sq("a1")))


def test_return_to_start_option_allows_entering_the_starting_square_once() -> None:
    assert names(corridor(2, return_to_start=True)) == ["a1-a1", "a1-c1"]
    assert names(corridor(6, return_to_start=True)) == ["a1-a1", "a1-a3", "a1-c3"]
    # Still once only: a1 -> b1 -> a1 -> b1 would enter b1 twice, so no 3 for a1-b1.
    assert names(corridor(3, return_to_start=True)) == ["a1-a2", "a1-b2"]
    same = play(corridor(2, return_to_start=True), "a1-a1")
    assert same.towers == corridor(2).towers and same.to_move == 1


def test_return_to_start_option_does_not_bring_an_entering_piece_back_to_its_entry() -> None:
    s = new_game(players=2, return_to_start=True)
    assert names(play(s, "roll 3")) == ["in-a2", "in-c2", "in-b3"]


# --- Notation, JSON, render, positions ----------------------------------------------------


def test_position_takes_square_names_or_coordinates_and_digit_strings() -> None:
    by_name = position({"b2": "01", "a1": [1]}, players=2)
    assert position({(1, 1): [0, 1], (0, 0): "1"}, players=2) == by_name
    assert by_name.reserve == (2, 1)
    for bad in ({"d4": [0]}, {(3, 0): [0]}, {"b2": "0x"}, {"b2": 0}):
        with pytest.raises(br.StateFormatError, match="towers"):
            position(bad, players=2)  # type: ignore[arg-type]


def test_legal_moves_are_found_once_per_state() -> None:
    # Two sources of moves (the piece on a1 and an entry): a second call gives the same tuple.
    s = position({"a1": [0]}, players=2, roll=1)
    assert legal_moves(s) is legal_moves(s)


def test_the_moves_found_for_a_roll_are_the_legal_moves_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The roll looks for the player's moves (to know whether they can use it); the state it
    # gives keeps them, so listing them does not search the pitch again.
    from boardrules.docker import _rules

    calls: list[int] = []
    moves_for = _rules.moves_for

    def counted(*args: Any) -> tuple[docker.Move, ...]:
        calls.append(args[-1])
        return moves_for(*args)

    monkeypatch.setattr(_rules, "moves_for", counted)
    rolled = play(position({"a1": [0]}, players=2), "roll 1")
    assert names(rolled) == ["a1-b1", "a1-a2", "in-b1"] and calls == [1]


def test_pickles_leave_out_the_legal_move_memo() -> None:
    s = corridor(3)
    before = pickle.dumps(s)
    legal_moves(s)
    assert pickle.dumps(s) == before and pickle.loads(before) == s


def test_move_notation_says_piece_and_destination() -> None:
    s = corridor(3)
    assert parse_move(s, "a1-b2") == Shift(sq("a1"), sq("b2"))
    assert parse_move(s, " A1-B2 ") is parse_move(s, "a1-b2")  # case and spaces do not matter
    assert str(Entry(sq("c3"))) == "in-c3" and str(docker.Roll(4)) == "roll 4"
    with pytest.raises(br.MoveSyntaxError):
        parse_move(s, "a1 to b2")
    with pytest.raises(br.MoveSyntaxError):
        parse_move(s, "roll 7")
    with pytest.raises(br.IllegalMoveError, match="no route from a1 to c1 costs exactly 3"):
        parse_move(s, "a1-c1")


def test_illegal_moves_say_which_rule_forbids_them() -> None:
    s = new_game(players=2)
    with pytest.raises(br.IllegalMoveError, match="must roll"):
        apply_move(s, Entry(sq("b1")))
    with pytest.raises(br.IllegalMoveError, match="not a Docker move"):
        apply_move(s, None)  # type: ignore[arg-type]
    rolled = play(s, "roll 1")
    with pytest.raises(br.IllegalMoveError, match="already rolled"):
        apply_move(rolled, docker.Roll(1))
    with pytest.raises(br.IllegalMoveError, match="no entry on b1 ending on b2"):
        apply_move(rolled, Entry(sq("b2")))
    with pytest.raises(br.IllegalMoveError, match="no piece on c3"):
        apply_move(rolled, Shift(sq("c3"), sq("b3")))


class Impostor(Shift):
    """A user's subclass of Shift: not one of Docker's moves, whatever its fields."""


# Player 0 (3 players) has rolled a 3 in CORRIDOR; squares are 0..8, a1 = 0, c3 = 8.
@pytest.mark.parametrize(
    ("state", "move", "message"),
    [
        (
            play(position(ALL_COVERED_BUT_A1, players=2), "roll 1"),
            Entry(sq("b1")),
            "the game is over: only one player is left (Docker §3.3)",
        ),
        (corridor(3), Impostor(sq("a1"), sq("b2")), "<docker.Impostor a1-b2> is not a Docker move"),
        (
            corridor(3),
            Shift(sq("a1"), 1.0),  # type: ignore[arg-type]
            "this Shift is not a Docker move: its field target is 1.0, not a whole number",
        ),
        (
            corridor(3),
            Entry(True),
            "this Entry is not a Docker move: its field target is True, not a whole number",
        ),
        (corridor(3), Shift(sq("a1"), 9), "Shift names square 9, which is not on the pitch (0..8)"),
        (corridor(3), Shift(-1, 0), "Shift names square -1, which is not on the pitch (0..8)"),
        (corridor(3), Entry(9), "Entry names square 9, which is not on the pitch (0..8)"),
        (
            position(CORRIDOR, players=3, turn=1),
            Entry(sq("a2")),
            "orange must roll the die first (roll 1 .. roll 6) (Docker §2.1)",
        ),
        (
            corridor(3),
            docker.Roll(3),
            "the die is already rolled (3); blue must move (Docker §2.1)",
        ),
        (
            corridor(3),
            Entry(sq("b1")),
            "blue has all 3 pieces on the pitch; "
            "only a player with fewer than three there may enter one (Docker §2.5)",
        ),
        (
            position({"a1": [0]}, players=2, roll=1),
            Entry(sq("b2")),
            "no entry on b1 ending on b2 uses exactly 1: entering costs 1 plus the entry "
            "tower's height, each further step 1 plus the height difference, and no square "
            "may be entered twice (Docker §2.4, §2.2)",
        ),
        (corridor(3), Shift(sq("c3"), sq("b3")), "there is no piece on c3 (Docker §2.1)"),
        (
            corridor(3),
            Shift(sq("a2"), sq("a3")),
            "only the top piece of a tower moves, and the top piece of a2 belongs to orange (1), "
            "not blue (Docker §1.3)",
        ),
        (
            corridor(3),
            Shift(sq("a1"), sq("a1")),
            "a piece may not end its move where it began (a1): "
            "its starting square counts as entered (Docker §2.2)",
        ),
        (
            corridor(3),
            Shift(sq("a1"), sq("c1")),
            "no route from a1 to c1 costs exactly 3: each step costs 1 plus the height "
            "difference, and no square may be entered twice (Docker §2.3, §2.2)",
        ),
        (
            position({"b2": [0]}, players=2, roll=1),
            Shift(sq("b2"), sq("b2")),
            "a piece may not end its move where it began (b2): "
            "its starting square counts as entered (Docker §2.2)",
        ),
        (  # with return_to_start the start may be entered once: only the cost forbids it
            corridor(3, return_to_start=True),
            Shift(sq("a1"), sq("a1")),
            "no route from a1 to a1 costs exactly 3: each step costs 1 plus the height "
            "difference, and no square may be entered twice (Docker §2.3, §2.2)",
        ),
    ],
)
def test_an_illegal_move_is_refused_with_the_rule_that_forbids_it(
    state: DockerState, move: docker.Move, message: str
) -> None:
    with pytest.raises(br.IllegalMoveError) as refused:
        apply_move(state, move)
    assert str(refused.value) == message


def test_json_round_trip_keeps_towers_order_and_elimination_order() -> None:
    s = play(corridor(0), "roll 4")
    text = br.to_json(s)
    assert br.from_json(text) == s
    body = json.loads(text)["state"]
    assert body["towers"]["c2"] == [0, 2] and body["eliminated"] == [0]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("towers", {"a1": [0, 0, 0, 0]}, "6 pieces on the pitch; each has 3"),
        ("towers", {"a1": [5]}, "belongs to a player"),
        ("to_move", 0, "eliminated"),
        ("roll", 7, "roll"),
        ("eliminated", [1, 1], "at most once"),
        ("eliminated", [0, 1, 2], "at most once"),
    ],
)
def test_decode_refuses_impossible_states(field: str, value: object, message: str) -> None:
    doc = json.loads(br.to_json(play(corridor(0), "roll 4")))
    if field == "towers":
        assert isinstance(value, dict)
        doc["state"]["towers"].update(value)
    else:
        doc["state"][field] = value
    with pytest.raises(br.StateFormatError, match=message):
        br.from_json(json.dumps(doc))


def test_position_refuses_a_roll_the_player_cannot_use() -> None:
    with pytest.raises(br.StateFormatError, match="cannot use a 4"):
        corridor(4)


def test_render_shows_tower_heights_and_owners() -> None:
    text = docker.render(corridor(3))
    assert "2:01" in text and "2:02" in text and "1:1" in text
    assert "blue rolled 3 and moves" in text
    assert "2 green, north, enters b3: 1 on the pitch, 2 to enter" in text


def test_evaluate_is_a_share_of_the_win_and_the_result_at_the_end() -> None:
    s = corridor(0)
    values = docker.evaluate(s)
    assert all(0.0 <= v <= 1.0 for v in values) and sum(values) == pytest.approx(1.0)
    assert values == win_shares(features(s), WEIGHTS, s.eliminated)
    # Player 0 can use 5 of 6 values with nothing to enter: the least safe.
    assert values[0] < values[1] and values[0] < values[2]
    end = play(position(ALL_COVERED_BUT_A1, players=2), "roll 1")
    assert docker.evaluate(end) == docker.returns(end)


# --- The evaluation (bots at the horizon, hint, analyse --depth) ---------------------------


def turns(s: docker.State) -> list[float]:
    """The turns each player would survive if the pitch stayed as it is (the feature
    ``survival`` is its logarithm)."""
    assert FEATURES[7] == "survival"
    return [math.exp(row[7]) for row in features(s)]


def test_evaluate_features_are_counted_from_the_position() -> None:
    # Player 0 (in turn, about to roll): pieces on a1 and c3 and one under player 1's on b2,
    # nothing to enter; player 1 tops b2 and c3's neighbour... see the towers.
    s = position({"a1": [0], "b2": [0, 1], "c3": [0], "a3": [1]}, players=2)
    usable = [len(docker.usable_rolls(s, p)) for p in (0, 1)]
    rows = features(s)
    # usable, risk, risk in turn, to enter, tops, buried, covering, (survival), to move
    assert rows[0][:7] == pytest.approx([usable[0] / 6, 0, (6 - usable[0]) / 6, 0, 2, 1, 0])
    assert rows[1][:7] == pytest.approx([usable[1] / 6, 0, 0, 1, 2, 0, 1])
    assert (rows[0][8], rows[1][8]) == (1.0, 0.0)
    # Player 1 still has a piece to enter: a roll it cannot use is rolled again, no risk.
    assert usable[1] > 0


def test_evaluate_prefers_the_player_who_can_use_more_die_values() -> None:
    # All six pieces on the pitch, no reserve.  In the second position player 1's three
    # pieces stand in one tower on b3: only the top one moves, and from altitude 2 the
    # cheapest step (onto c3, one piece high) costs 2, so a 1 eliminates player 1.
    spread = position({"a1": [0], "c1": [0], "c3": [0], "a3": [1], "b3": [1], "c2": [1]},
                      players=2)  # fmt: skip
    stacked = position({"a1": [0], "c1": [0], "c3": [0], "b3": [1, 1, 1]}, players=2)
    assert turns(spread) == pytest.approx([12, 12])  # six values each
    assert docker.usable_rolls(stacked, 0) == (1, 2, 3, 4, 5, 6)
    assert docker.usable_rolls(stacked, 1) == (2, 3, 4, 5, 6)
    # A life lasts 1 / (1 - 6/6 + 1/12) = 12 turns for player 0, 1 / (1 - 5/6 + 1/12) = 4
    # for player 1, whose next roll eliminates it with a chance of 1/6.
    assert turns(stacked) == pytest.approx([12, 4])
    assert features(stacked)[1][1] == pytest.approx(1 / 6)
    assert docker.evaluate(stacked)[0] > docker.evaluate(spread)[0]


def test_evaluate_counts_each_piece_still_to_enter_as_a_life() -> None:
    # Player 2 is out.  Player 0 has a free piece on b2 and 0, 1 or 2 pieces still to enter;
    # the tower on a1 has the same height each time (player 0's other pieces, or player 2's,
    # under player 1's), so every player can use the same die values.
    ratios = []
    for under in ([0, 0], [0, 2], [2, 2]):
        s = position({"b2": [0], "a1": [*under, 1], "a3": [1], "c3": [1]}, players=3,
                     eliminated=[2])  # fmt: skip
        values = docker.evaluate(s)
        assert values[2] == 0.0 and sum(values) == pytest.approx(1.0)
        ratios.append(turns(s)[0] / turns(s)[1])
    # 1, 2 and 3 lives of the same length.
    assert ratios[1] == pytest.approx(2 * ratios[0]) and ratios[2] == pytest.approx(3 * ratios[0])


def test_evaluate_gives_least_to_a_player_who_cannot_use_any_value() -> None:
    # Every piece of player 0 is covered by player 1: whatever the roll, player 0 is out.
    s = position({"b2": [0, 0, 0, 1], "b3": [1], "a3": [1]}, players=2)
    assert docker.usable_rolls(s, 0) == ()
    assert turns(s) == pytest.approx([12 / 13, 12])  # 12/13 of a turn to 12
    assert features(s)[0][2] == 1.0  # in turn, and out whatever it rolls
    # With a piece to enter the same player is safe for now: entering uses every value.
    covered = position({"b2": [0, 0, 1], "b3": [1], "a3": [1]}, players=2)
    assert docker.evaluate(covered)[0] > docker.evaluate(s)[0]


def test_evaluate_counts_a_piece_to_enter_only_while_the_entry_tower_lets_it_in() -> None:
    # Entering costs 1 plus the entry tower's height (§2.4).  Player 0's one piece on the
    # pitch is at the bottom of b1, player 1's three pieces are all in that tower: neither
    # can move a piece.  Five high, a 6 enters a piece of player 0 on b1: with two to enter,
    # three lives to player 1's one.  Six high, no value at all is usable: player 0 is out at
    # the next roll, one life like player 1.
    open_entry = position({"b1": [0, 1, 1, 1, 2]}, players=3)
    assert docker.usable_rolls(open_entry, 0) == (6,) and open_entry.reserve[0] == 2
    assert turns(open_entry)[0] == pytest.approx(3 * turns(open_entry)[1])
    closed = position({"b1": [0, 1, 1, 1, 2, 2]}, players=3)
    assert docker.usable_rolls(closed, 0) == () and closed.reserve[0] == 2
    assert turns(closed)[0] == pytest.approx(turns(closed)[1])


def test_evaluate_counts_pieces_to_enter_as_lives_while_the_pitch_uses_some_values() -> None:
    # b1 six high: player 0 cannot enter, but the piece on top of c3 uses 2 to 6, so a 1 is
    # rolled again (§3.2): three lives of 1 / (1 - 5/6 + 1/12) = 4 turns, 12 in all.  Player
    # 1 (all three pieces covered) has one life of 1 / (1 + 1/12) = 12/13 of a turn.
    s = position({"b1": [1, 2, 3, 1, 2, 3], "c3": [1, 0]}, players=4)
    assert docker.usable_rolls(s, 0) == (2, 3, 4, 5, 6) and s.reserve[0] == 2
    assert turns(s)[0] == pytest.approx(13 * turns(s)[1])
    assert features(s)[0][1:3] == [0.0, 0.0]  # a roll it cannot use is rolled again


def test_evaluate_counts_the_moves_back_to_the_start_with_return_to_start() -> None:
    # Each player has three single pieces on a flat pitch.  Player 0's pieces use 1 to 5,
    # player 1's every value: 4 turns a life against 12.  With return_to_start a 6 is usable
    # too (b1-b1 among others): 12 turns each.
    towers = {"a2": [0], "b1": [0], "c2": [0], "a3": [1], "b3": [1], "c1": [1]}
    assert turns(position(towers, players=2)) == pytest.approx([4, 12])
    back = position(towers, players=2, return_to_start=True)
    assert docker.usable_rolls(back, 0) == (1, 2, 3, 4, 5, 6)
    assert turns(back) == pytest.approx([12, 12])
    assert docker.evaluate(back)[0] > docker.evaluate(position(towers, players=2))[0]


def test_evaluate_gives_nothing_to_the_eliminated_and_shares_the_rest() -> None:
    s = position({"a1": [0], "c1": [0], "c3": [0], "a3": [1], "b3": [1], "c2": [1]},
                 players=3, eliminated=[2])  # fmt: skip
    values = docker.evaluate(s)
    assert values[2] == 0.0 and sum(values) == pytest.approx(1.0)
    assert features(s)[2] == [0.0] * len(FEATURES)


def test_evaluate_tells_the_first_moves_of_a_game_apart() -> None:
    # The start is even by symmetry but for the player in turn.  After south enters, south's
    # piece moves with any roll and two more wait to enter, while the others keep three to
    # enter (three lives: the fitted weights value a piece kept in hand more than one on the
    # pitch), and the values spread.
    s = docker.new_game(players=4)
    assert docker.evaluate(s)[1:] == (docker.evaluate(s)[1],) * 3
    rolled = apply_move(s, parse_move(s, "roll 2"))
    entered = apply_move(rolled, parse_move(rolled, "in-b2"))
    south, _, north, east = docker.evaluate(entered)
    assert south != pytest.approx(north) and north == pytest.approx(east)
    assert features(entered)[0][3:5] == [2, 1] and features(entered)[2][3:5] == [3, 0]
    # A bot looking one decision ahead now prefers some moves to others.
    from boardrules.analysis import best_moves

    mid = play(position({"a1": [0], "b2": [1, 0], "c3": [1]}, players=2), "roll 3")
    found = best_moves(mid, depth=1, max_states=1)
    assert len({values for _, values in found.ranked()}) > 1


def test_contract() -> None:
    from boardrules.testing import check_game

    check_game("docker", games=2)
