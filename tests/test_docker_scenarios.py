"""Docker: an independent audit, one scenario per clause of the rulebook and the rulings.

Every expectation here was counted by hand from the rulebook (``shared/seeds/docker.txt``)
and the rulings (``shared/rules/docker.md``); the comment above each assertion gives the
count.  The last test compares whole turns with a small reference model written from the
rulings alone (:func:`reference_moves`), over random positions.

Squares: file a-c is x (west to east), rank 1-3 is y (south to north); entry squares b1
(south), a2 (west), b3 (north), c2 (east).  Towers are written bottom to top as player
numbers; a step from altitude a onto a tower h high costs 1 + |a - h|.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules as br
from boardrules import docker
from boardrules.docker import DockerState, position
from boardrules.testing import play

# --- helpers ------------------------------------------------------------------------------


def moves(state: DockerState) -> set[str]:
    return {str(m) for m in docker.legal_moves(state)}


def rolled(towers: dict[str, str], roll: int, **options: Any) -> set[str]:
    """The moves of player ``to_move`` (default 0) after rolling ``roll``, which must be
    usable (the roll then leaves a decision for that player)."""
    s = position(towers, **options)
    after = play(s, f"roll {roll}")
    assert docker.current_player(after) == s.to_move, f"roll {roll} is not usable"
    return moves(after)


def whose_roll(state: DockerState) -> int:
    """The player about to roll at a chance node."""
    assert docker.current_player(state) == br.CHANCE
    return state.to_move


def out_after(state: DockerState, roll: int) -> DockerState:
    """The state after ``roll``, which must eliminate the player to move."""
    after = play(state, f"roll {roll}")
    assert docker.elimination_order(after)[-1:] == (state.to_move,)
    assert after.towers == state.towers  # the pieces stay on the pitch
    return after


# --- No points can be forfeited: the full roll, by a single piece ---------------------------


def test_full_roll_must_be_used_stopping_short_is_no_move() -> None:
    # Player 0 (2 players): a1 free at altitude 0, its other two pieces covered under
    # player 1 on b1 and a2 (both 2 high).  a1 -> b1 or a2: 1 + 2 = 3; from there (altitude
    # 2) every other neighbour is empty: 3 more.  Only a 3 and a 6 can be used.
    towers = {"a1": "0", "b1": "01", "a2": "01"}
    assert rolled(towers, 3, players=2) == {"a1-b1", "a1-a2"}
    assert rolled(towers, 6, players=2) == {"a1-c1", "a1-b2", "a1-a3"}
    for roll in (1, 2, 4, 5):
        # Stopping after 3 of a 4 or 5 forfeits points: no move, three pieces on the pitch,
        # no reroll: out, and with two players the game is over.
        after = out_after(position(towers, players=2), roll)
        assert docker.is_terminal(after) and docker.returns(after) == (0.0, 1.0)


def test_whole_roll_is_moved_by_one_piece_and_never_split() -> None:
    # Player 0 on a1 and c3 (flat pitch), one piece still off.  A 2 is two steps of one
    # piece: a1 -> c1, b2 (via b1 or a2), a3; c3 -> c1, b2, a3.  Entering b1 (1) and one
    # step: c1 or b2 (1); a1 is one high (2).  One step of each piece is not a move.
    s = play(position({"a1": "0", "c3": "0"}, players=2), "roll 2")
    assert moves(s) == {"a1-c1", "a1-b2", "a1-a3", "c3-c1", "c3-b2", "c3-a3", "in-c1", "in-b2"}


# --- Height costs, up and down ----------------------------------------------------------------


def test_step_up_costs_one_plus_each_level_climbed() -> None:
    # a1 (altitude 0) next to b1 three high: 1 + 3 = 4; next to a2 one high: 1 + 1 = 2.
    # Player 0's other pieces on c3 and b3 keep every roll usable.
    towers = {"a1": "0", "b1": "111", "a2": "2", "c3": "0", "b3": "0"}
    assert "a1-b1" in rolled(towers, 4, players=3)
    assert "a1-b1" not in rolled(towers, 3, players=3)
    assert "a1-a2" in rolled(towers, 2, players=3)
    assert "a1-a2" not in rolled(towers, 1, players=3)


def test_step_down_costs_one_plus_each_level_descended() -> None:
    # Player 0 on top of b2 = [1, 2, 0] (altitude 2), its neighbours empty; player 0's other
    # pieces covered on c3 = [0, 1] and a1 = [0, 2] (two high each).
    # Down to a neighbour: 1 + 2 = 3.  Then flat to c1 or a3: 4.  Climbing a1 or c3 from an
    # edge square: 1 + 2 = 3 more: 6.  No 5 ends anywhere but the edge squares again.
    towers = {"b2": "120", "c3": "01", "a1": "02"}
    assert rolled(towers, 3, players=3) == {"b2-b1", "b2-a2", "b2-c2", "b2-b3"}
    assert rolled(towers, 4, players=3) == {"b2-c1", "b2-a3"}
    assert rolled(towers, 6, players=3) == {"b2-a1", "b2-c3"}
    for roll in (1, 2):
        assert not docker.is_terminal(out_after(position(towers, players=3), roll))


def test_piece_on_another_needs_a_two_to_step_onto_an_adjacent_empty_square() -> None:
    # The rulebook's example: one step aside and one down.  Player 0 on b2 = [1, 0], other
    # pieces covered on a1 and c3.
    towers = {"b2": "10", "a1": "02", "c3": "01"}
    assert rolled(towers, 2, players=3) == {"b2-b1", "b2-a2", "b2-c2", "b2-b3"}
    out_after(position(towers, players=3), 1)


def test_step_between_towers_of_equal_height_costs_one() -> None:
    # From altitude 2 on a1 = [1, 1, 0] onto b1 = [2, 2]: 1 + 0.  Down to a2: 1 + 2.
    towers = {"a1": "110", "b1": "22", "c3": "0", "a3": "0"}
    with_one = rolled(towers, 1, players=3)
    assert "a1-b1" in with_one and "a1-a2" not in with_one


def test_heights_count_without_the_moving_piece_once_it_has_left() -> None:
    # Player 0 on top of a1 = [1, 0] (altitude 1), return_to_start on.  Down to b1: 2.  Back
    # onto a1, which is one high once the piece left: 1 + 1 = 2, so a 4 ends on a1.  A 5
    # cannot: the only other way back, round b1 b2 a2, costs 2 + 1 + 1 + 2 = 6.
    towers = {"a1": "10", "c3": "02", "b3": "02"}
    assert "a1-a1" in rolled(towers, 4, players=3, return_to_start=True)
    assert "a1-a1" not in rolled(towers, 5, players=3, return_to_start=True)


def test_crossing_a_tower_means_climbing_it_and_coming_down() -> None:
    # Player 0 on b1 (altitude 0); b2 two high; a3 and c3 two high (player 0 covered in
    # both).  b3's neighbours a3, b2, c3 are all two high, so b3 is only reached over one
    # of them: b1 -> b2 (3) -> b3 (3) = 6; round by a1 a2 a3 b3 = 1 + 1 + 3 + 3 = 8.
    towers = {"b1": "0", "b2": "11", "a3": "01", "c3": "02"}
    assert "b1-b2" in rolled(towers, 3, players=3)
    assert "b1-b3" in rolled(towers, 6, players=3)
    # A 5 climbs a tower after two flat steps (b2, a3, c3) but cannot come down again.
    assert rolled(towers, 5, players=3) == {"b1-b2", "b1-a3", "b1-c3"}
    # A 4: two flat steps lead to a2 or c2, walled in by towers (3 to climb): no move.
    out_after(position(towers, players=3), 4)


# --- Towers: no maximum height, only the top piece moves ---------------------------------------


def test_only_the_top_piece_moves_the_pieces_below_are_blocked() -> None:
    # Player 0: one piece under player 1 on b2, two on c1.  Only the top of c1 moves
    # (altitude 1: down to b1 or c2 costs 2); all three are on the pitch, so no entry.
    s = play(position({"b2": "01", "c1": "00"}, players=2), "roll 2")
    assert moves(s) == {"c1-b1", "c1-c2"}
    s = play(s, "c1-b1")
    # Player 1 (b2 top, altitude 1; two to enter): a 1 enters on b3.
    s = play(s, "roll 1", "in-b3")
    # The piece left alone on c1 moves again: c2 (1); from b1: a1 (1).  b2 (two high, 2)
    # and b1/c1 (one high, 2) are out of reach of a 1; the piece under b2 stays.
    s = play(s, "roll 1")
    assert moves(s) == {"c1-c2", "b1-a1"}


def test_covered_piece_moves_again_when_every_higher_piece_has_left() -> None:
    # c1 = [0, 1, 1]: player 0's piece under two of player 1's.
    s = position({"c1": "011", "a3": "0", "c3": "0"}, players=2, turn=1)
    s = play(s, "roll 3", "c1-c2")  # top of c1 (altitude 2) down to c2: 3
    s = play(s, "roll 1", "a3-a2")
    s = play(s, "roll 2", "c1-b1")  # the next one (altitude 1) down to b1: 2
    # c1 now holds player 0's piece alone (altitude 0); b1 and c2 are one high: 2 each.
    s = play(s, "roll 1")
    assert not any(m.startswith("c1-") for m in moves(s))
    s = play(s, "a2-a1", "roll 1", "in-b3")
    s = play(s, "roll 2")
    assert {"c1-b1", "c1-c2"} <= moves(s)


def test_no_maximum_height_for_a_tower() -> None:
    # Two towers six high, 4 players, all twelve pieces: player 0 on top of both.  From
    # altitude 5 onto the other tower (six high): 1 + 1 = 2; down to an empty square 6.
    s = position({"b2": "111220", "b1": "233300"}, players=4)
    assert moves(play(s, "roll 2")) == {"b1-b2", "b2-b1"}
    assert play(s, "roll 2", "b2-b1").towers[1] == (2, 3, 3, 3, 0, 0, 0)
    assert moves(play(s, "roll 6")) == {"b1-a1", "b1-c1", "b2-a2", "b2-c2", "b2-b3"}
    # All twelve in one tower is a legal position; its top piece needs 1 + 11 to step down.
    tower = position({"b2": "111222333000"}, players=4)
    assert len(tower.towers[4]) == 12
    out_after(tower, 6)


# --- Entering ----------------------------------------------------------------------------------


def test_entering_the_entry_square_counts_as_the_first_step() -> None:
    # Empty pitch, 4 players, player 2 (north, b3): a 1 enters and stays; a 2 enters and
    # makes one more step.
    s = position({}, players=4, turn=2)
    assert moves(play(s, "roll 1")) == {"in-b3"}
    assert moves(play(s, "roll 2")) == {"in-a3", "in-c3", "in-b2"}


def test_entering_onto_a_stack_costs_one_plus_its_height() -> None:
    # Player 0 has no piece on the pitch; b1 is two high: entering costs 3, and from
    # altitude 2 every neighbour (empty) costs 3 more.
    s = position({"b1": "11", "b3": "1"}, players=2)
    assert moves(play(s, "roll 3")) == {"in-b1"}
    assert moves(play(s, "roll 6")) == {"in-a1", "in-c1", "in-b2"}
    for roll in (1, 2, 4, 5):
        # Fewer than three on the pitch and a 3 or 6 would do: roll again.
        assert play(s, f"roll {roll}") == s


def test_entering_piece_lands_on_top_of_the_entry_tower() -> None:
    s = play(position({"b1": "1"}, players=2), "roll 2", "in-b1")
    assert s.towers[1] == (1, 0) and s.reserve == (2, 2)


def test_entering_piece_spends_the_rest_and_never_comes_back_to_its_entry_square() -> None:
    # Empty pitch, player 0 (b1), a 3: enter (1) and two steps that do not re-enter b1:
    # a2 (via a1 or b2), c2 (via c1 or b2), b3 (via b2).  b1 -> a1 -> b1 would be b1
    # twice, with the start option too.
    for option in (False, True):
        s = position({}, players=2, return_to_start=option)
        assert moves(play(s, "roll 3")) == {"in-a2", "in-c2", "in-b3"}


def test_entering_piece_pays_for_climbing_on_its_way() -> None:
    # Player 1 (north, b3) and player 0's piece on b2: enter b3 (1), climb b2 (1 + 1).
    s = position({"b2": "0"}, players=2, turn=1)
    assert "in-b2" in moves(play(s, "roll 3"))
    assert "in-b2" not in moves(play(s, "roll 2"))


def test_fewer_than_three_on_the_pitch_choose_between_entering_and_moving() -> None:
    s = play(position({"a1": "0", "c3": "0"}, players=2), "roll 1")
    assert moves(s) == {"a1-b1", "a1-a2", "c3-c2", "c3-b3", "in-b1"}


def test_three_on_the_pitch_no_entry() -> None:
    s = play(position({"a1": "0", "c3": "0", "a3": "0"}, players=2), "roll 1")
    assert moves(s) == {"a1-b1", "a1-a2", "c3-c2", "c3-b3", "a3-a2", "a3-b3"}


# --- No square entered twice; the start square -------------------------------------------------


def test_no_square_entered_twice_even_where_it_would_fit_the_roll() -> None:
    # Player 0 on a1, b2 four high (player 0's others inside).  With a 3, b1 could only be
    # reached by a1 -> b1 -> c1 -> b1 (b1 twice) and a2 by a1 -> a2 -> a3 -> a2; the loops
    # through b2 cost 5 or more.  So a 3 ends on c2 or b3 only, never b1, a2 or a1.
    towers = {"a1": "0", "b2": "0011"}
    assert rolled(towers, 3, players=2) == {"a1-c2", "a1-b3"}


def test_start_square_counts_as_entered_unless_the_option_says_otherwise() -> None:
    # A lone piece on b2; player 0's others under player 1 on a1 and c3 (two high).
    # A 2 without the option: c1 (via b1 or c2), a3 (via a2 or b3); a1 and c3 cost 3 to
    # climb.  With return_to_start also b2 itself (b2 -> b1 -> b2: 1 + 1).
    towers = {"b2": "0", "a1": "01", "c3": "01"}
    assert rolled(towers, 2, players=2) == {"b2-c1", "b2-a3"}
    assert rolled(towers, 2, players=2, return_to_start=True) == {"b2-c1", "b2-a3", "b2-b2"}


def test_return_to_start_enters_the_start_square_once_only() -> None:
    # Option on.  Player 0 on a1, the others covered on c3 (three high).  Flat b2: a 2
    # (a1 b1 a1) and a 4 (a1 b1 b2 a2 a1) end on a1.
    flat = {"a1": "0", "c3": "001"}
    assert "a1-a1" in rolled(flat, 2, players=2, return_to_start=True)
    assert "a1-a1" in rolled(flat, 4, players=2, return_to_start=True)
    # With b2 three high instead, the only 4 back to a1 is a1 b1 a1 a2 a1: a1 twice.
    walled = {"a1": "0", "b2": "001"}
    assert "a1-a1" in rolled(walled, 2, players=2, return_to_start=True)
    assert "a1-a1" not in rolled(walled, 4, players=2, return_to_start=True)
    assert "a1-a1" not in rolled(walled, 2, players=2)


# --- Reroll while fewer than three on the pitch; its guard ------------------------------------


def test_reroll_keeps_the_same_player_and_position() -> None:
    # 3 players, player 1 (west, a2) has no piece on the pitch; a2 = [0, 2] two high:
    # entering costs 3.  A 1 or a 2 is rolled again by player 1.
    s = position({"a2": "02"}, players=3, turn=1)
    for roll in (1, 2):
        again = play(s, f"roll {roll}")
        assert again == s and whose_roll(again) == 1
        assert docker.elimination_order(again) == ()
    assert moves(play(s, "roll 3")) == {"in-a2"}


def test_reroll_when_pieces_on_the_pitch_are_stuck_and_the_entry_needs_more() -> None:
    # Player 0: one piece covered on c3; entry b1 two high (3 to enter).
    s = position({"c3": "01", "b1": "11"}, players=2)
    assert play(s, "roll 1") == s
    assert moves(play(s, "roll 3")) == {"in-b1"}


def test_guard_no_value_usable_eliminates_at_once_instead_of_rerolling() -> None:
    # 4 players; b1 six high: entering costs 7; player 0 has nothing on the pitch.  No
    # value 1-6 works, so whatever the die shows player 0 is out and player 1 rolls.
    s = position({"b1": "123123"}, players=4)
    for roll in range(1, 7):
        after = out_after(s, roll)
        assert docker.elimination_order(after) == (0,) and whose_roll(after) == 1


def test_guard_five_high_entry_still_lets_a_six_enter() -> None:
    # Five high: entering costs exactly 6, so 1-5 are rolled again and a 6 enters on top.
    s = position({"b1": "12312"}, players=4)
    for roll in range(1, 6):
        assert play(s, f"roll {roll}") == s
    assert play(s, "roll 6", "in-b1").towers[1] == (1, 2, 3, 1, 2, 0)


# --- Elimination --------------------------------------------------------------------------------


def test_a_one_eliminates_with_three_on_the_pitch() -> None:
    # Player 0 on a1, b2, c3 (altitude 0); every neighbour of each is one or two high:
    # b1 [1], a2 [1, 2], c2 [2], b3 [1, 2].  A 1 can do nothing, no reroll: out, and
    # player 1 rolls.  A 2 climbs b1 or c2.
    towers = {"a1": "0", "b2": "0", "c3": "0", "b1": "1", "a2": "12", "c2": "2", "b3": "12"}
    s = position(towers, players=3)
    after = out_after(s, 1)
    assert whose_roll(after) == 1 and not docker.is_terminal(after)
    assert rolled(towers, 2, players=3) == {"a1-b1", "b2-b1", "b2-c2", "c3-c2"}


def test_eliminated_pieces_stay_can_be_climbed_and_never_move() -> None:
    # 3 players, player 1 is out: its pieces on top of b2 (over player 0's) and on c3.
    s = position({"b2": "01", "b3": "0", "c3": "1"}, players=3, eliminated=[1])
    s = play(s, "roll 2")
    # b3 -> c3 climbs player 1's piece (1 + 1); nothing of player 1 or under it moves.
    assert "b3-c3" in moves(s)
    assert not any(m.startswith(("b2-", "c3-")) for m in moves(s))
    s = play(s, "b3-c3")
    assert whose_roll(s) == 2  # player 1 is skipped
    s = play(s, "roll 1", "in-b3")
    assert whose_roll(s) == 0
    assert s.towers[4] == (0, 1) and s.towers[8] == (1, 0)


def test_turn_order_after_eliminations_skips_the_players_who_are_out() -> None:
    # 4 players, players 2 and 1 are out (in that order): 0, then 3, then 0.
    s = position({}, players=4, eliminated=[2, 1], turn=0)
    s = play(s, "roll 1", "in-b1")
    assert whose_roll(s) == 3
    s = play(s, "roll 1", "in-c2")
    assert whose_roll(s) == 0
    assert docker.elimination_order(s) == (2, 1)


def test_elimination_passes_the_die_clockwise_past_players_already_out() -> None:
    # 4 players, player 3 is out; player 2's pieces are all under player 0's on b3.
    s = position({"b3": "2220"}, players=4, eliminated=[3], turn=2)
    after = out_after(s, 4)
    assert docker.elimination_order(after) == (3, 2) and whose_roll(after) == 0


def test_last_player_standing_wins_and_the_order_of_elimination_is_kept() -> None:
    # 3 players; players 1 and 2 are all covered under player 0's two pieces on a1 (eight
    # high: the top needs 1 + 7 to step down); player 0's third piece is free on c3.
    s = position({"a1": "11122200", "c3": "0"}, players=3)
    s = play(s, "roll 1")
    assert moves(s) == {"c3-c2", "c3-b3"}
    s = out_after(play(s, "c3-b3"), 5)
    assert docker.elimination_order(s) == (1,) and whose_roll(s) == 2
    assert docker.returns(s) == (0.0, 0.0, 0.0)
    s = out_after(s, 2)
    assert docker.is_terminal(s) and docker.current_player(s) == br.TERMINAL
    assert docker.elimination_order(s) == (1, 2) and docker.winner(s) == 0
    assert docker.returns(s) == (1.0, 0.0, 0.0) == docker.evaluate(s)
    assert docker.legal_moves(s) == () and docker.chance_outcomes(s) == ()
    with pytest.raises(br.IllegalMoveError):
        docker.parse_move(s, "roll 1")


def test_two_players_the_first_elimination_ends_the_game() -> None:
    s = position({"b2": "0001", "a1": "11"}, players=2)
    after = out_after(s, 3)
    assert docker.is_terminal(after) and docker.winner(after) == 1
    assert docker.returns(after) == (0.0, 1.0)


# --- Whole sequences from the start ------------------------------------------------------------


def test_opening_sequence_from_new_game() -> None:
    s = docker.new_game(players=2)
    assert whose_roll(s) == 0
    assert docker.chance_outcomes(s) == tuple((docker.Roll(v), Fraction(1, 6)) for v in range(1, 7))
    s = play(s, "roll 1")
    assert moves(s) == {"in-b1"}
    s = play(s, "in-b1", "roll 1")
    assert moves(s) == {"in-b3"}  # player 1 sits north
    # Player 0, a 2: b1 two flat steps to a2 or c2 (b3 is one high: b2 -> b3 costs 2);
    # or a new piece onto b1 (one high): 1 + 1.
    s = play(s, "in-b3", "roll 2")
    assert moves(s) == {"b1-a2", "b1-c2", "in-b1"}
    # Player 1, a 3: three flat steps from b3 end on a1, c1, a3, c3 or b2; b1 (two high)
    # costs 3 to climb; entering onto b3 (2) leaves 1, and every step from there costs 2.
    s = play(s, "in-b1", "roll 3")
    assert moves(s) == {"b3-a1", "b3-c1", "b3-a3", "b3-c3", "b3-b2"}
    # Player 0, a 1: the top of b1 (altitude 1) onto b2 (one high): 1.  a1, c1: 2;
    # entering onto b1 (two high): 3.
    s = play(s, "b3-b2", "roll 1")
    assert moves(s) == {"b1-b2"}
    s = play(s, "b1-b2")
    assert s.towers[4] == (1, 0) and s.towers[1] == (0,)
    # Player 1's only piece on the pitch is covered; entering b3 (empty again) with a 1.
    assert moves(play(s, "roll 1")) == {"in-b3"}


def test_sequence_to_a_win_from_new_game() -> None:
    s = docker.new_game(players=2, first_player=1)
    assert whose_roll(s) == 1
    s = play(s, "roll 1", "in-b3", "roll 1", "in-b1")
    s = play(s, "roll 2", "in-b3", "roll 2", "in-b1")  # entering onto one piece: 1 + 1
    s = play(s, "roll 3", "in-b3", "roll 3", "in-b1")  # onto two: 1 + 2
    assert s.towers[1] == (0, 0, 0) and s.towers[7] == (1, 1, 1) and s.reserve == (0, 0)
    # Player 1's top piece (altitude 2) needs 3 to step off; a 1 is no move, three on the
    # pitch: out, and player 0 wins.
    s = play(s, "roll 1")
    assert docker.is_terminal(s) and docker.winner(s) == 0
    assert docker.elimination_order(s) == (1,) and br.returns(s) == (1.0, 0.0)


# --- JSON, options ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "state",
    [
        docker.new_game(),
        position({"b2": "0123", "a1": "3"}, players=4, turn=3, eliminated=[1]),
        position({"b1": "11"}, players=2, roll=3),
        position({"a1": "11122200", "c3": "0"}, players=3, eliminated=[1, 2]),
        position({}, players=3, first_player=2, return_to_start=True, turn=2),
    ],
    ids=["start", "eliminated", "rolled", "over", "options"],
)
def test_json_round_trip_keeps_everything(state: DockerState) -> None:
    text = br.to_json(state)
    back = br.from_json(text)
    assert back == state and br.to_json(back) == text
    assert docker.legal_moves(back) == docker.legal_moves(state)
    assert docker.options_of(back) == docker.options_of(state)
    assert json.loads(text)["game"] == "docker"


def test_json_refuses_a_fourth_piece_and_a_game_over_roll() -> None:
    doc = json.loads(br.to_json(position({"b2": "000"}, players=2)))
    doc["state"]["towers"]["a1"] = [0]
    with pytest.raises(br.StateFormatError, match="towers"):
        br.from_json(json.dumps(doc))
    doc = json.loads(br.to_json(position({}, players=2, eliminated=[1])))
    doc["state"]["roll"] = 2
    with pytest.raises(br.StateFormatError, match="roll"):
        br.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 5},
        {"players": "3"},
        {"players": True},
        {"first_player": 2, "players": 2},
        {"first_player": -1},
        {"return_to_start": "yes"},
        {"return_to_start": 1},
        {"colour": "red"},
    ],
)
def test_options_are_checked(options: dict[str, object]) -> None:
    with pytest.raises(br.InvalidOptionError):
        docker.new_game(**options)


def test_options_defaults_and_round_trip() -> None:
    assert docker.options_of(docker.new_game()) == {
        "players": 4,
        "first_player": 0,
        "return_to_start": False,
    }
    opts = {"players": 3, "first_player": 2, "return_to_start": True}
    s = br.new_game("docker", **opts)
    assert docker.options_of(s) == opts and whose_roll(s) == 2


@pytest.mark.parametrize(
    "towers",
    [
        {"b2": "²"},  # a digit, but not a player number
        {"b2": "0", (1, 1): "1"},  # the same square twice
        ["b2"],  # not a mapping of squares
    ],
)
def test_position_refuses_bad_towers_with_a_state_format_error(towers: object) -> None:
    with pytest.raises(br.StateFormatError, match="towers"):
        position(towers, players=2)  # type: ignore[arg-type]


def test_position_refuses_bad_eliminated_with_a_state_format_error() -> None:
    with pytest.raises(br.StateFormatError, match="eliminated"):
        position({}, players=2, eliminated=None)  # type: ignore[arg-type]


# --- A reference model of one turn, written from the rulings alone ---------------------------

SIDE_ENTRY = {"south": (1, 0), "west": (0, 1), "north": (1, 2), "east": (2, 1)}
SEATS = {2: ("south", "north"), 3: ("south", "west", "north"), 4: tuple(SIDE_ENTRY)}


def reference_ends(
    heights: dict[tuple[int, int], int],
    start: tuple[int, int],
    altitude: int,
    spent: int,
    entered: frozenset[tuple[int, int]],
    roll: int,
) -> set[tuple[int, int]]:
    """Squares where a route of exact cost ``roll`` ends (the piece is off its old square)."""
    if spent == roll:
        return {start}
    ends: set[tuple[int, int]] = set()
    x, y = start
    for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if nxt in heights and nxt not in entered:
            cost = 1 + abs(altitude - heights[nxt])
            if spent + cost <= roll:
                ends |= reference_ends(
                    heights, nxt, heights[nxt], spent + cost, entered | {nxt}, roll
                )
    return ends


def reference_moves(state: DockerState, player: int, roll: int) -> set[str]:
    board = {(i % 3, i // 3): list(t) for i, t in enumerate(state.towers)}
    name = {sq: "abc"[sq[0]] + str(sq[1] + 1) for sq in board}
    found: set[str] = set()
    for sq, tower in board.items():
        if tower and tower[-1] == player:
            heights = {s: len(t) for s, t in board.items()}
            heights[sq] -= 1
            entered = frozenset() if state.rules.return_to_start else frozenset({sq})
            for end in reference_ends(heights, sq, heights[sq], 0, entered, roll):
                found.add(f"{name[sq]}-{name[end]}")
    on_pitch = sum(t.count(player) for t in board.values())
    if on_pitch < 3:
        entry = SIDE_ENTRY[SEATS[state.rules.players][player]]
        heights = {s: len(t) for s, t in board.items()}
        cost = 1 + heights[entry]
        if cost <= roll:
            for end in reference_ends(
                heights, entry, heights[entry], cost, frozenset({entry}), roll
            ):
                found.add(f"in-{name[end]}")
    return found


@st.composite
def rolling_positions(draw: st.DrawFn) -> DockerState:
    players = draw(st.integers(2, 4))
    pieces = [p for p in range(players) for _ in range(draw(st.integers(0, 3)))]
    pieces = draw(st.permutations(pieces))
    towers: dict[str, list[int]] = {}
    for owner in pieces:
        square = draw(st.sampled_from([f"{f}{r}" for f in "abc" for r in "123"]))
        towers.setdefault(square, []).append(owner)
    eliminated = draw(st.lists(st.integers(0, players - 1), unique=True, max_size=players - 2))
    left = [p for p in range(players) if p not in eliminated]
    return position(
        towers,
        players=players,
        eliminated=eliminated,
        turn=draw(st.sampled_from(left)),
        return_to_start=draw(st.booleans()),
    )


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(rolling_positions(), st.integers(1, 6))
def test_every_turn_agrees_with_a_reference_model_of_the_rulings(
    state: DockerState, roll: int
) -> None:
    players = state.rules.players
    me = whose_roll(state)
    expected = reference_moves(state, me, roll)
    after = play(state, f"roll {roll}")
    if expected:
        assert docker.current_player(after) == me and moves(after) == expected
        return
    on_pitch = sum(t.count(me) for t in state.towers)
    any_value = any(reference_moves(state, me, v) for v in range(1, 7))
    if on_pitch < 3 and any_value:
        assert after == state  # roll again
        return
    out = (*state.eliminated, me)
    assert docker.elimination_order(after) == out
    assert after.towers == state.towers
    left = [p for p in range(players) if p not in out]
    if len(left) == 1:
        assert docker.is_terminal(after) and docker.winner(after) == left[0]
        assert docker.returns(after) == tuple(float(p == left[0]) for p in range(players))
    else:
        nxt = next(p % players for p in range(me + 1, me + players) if p % players in left)
        assert whose_roll(after) == nxt


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("return_to_start", [False, True])
def test_random_games_from_new_game_agree_with_the_reference_model(
    players: int, return_to_start: bool
) -> None:
    rng = random.Random(players * 2 + return_to_start)
    for _ in range(20):
        s = docker.new_game(players=players, return_to_start=return_to_start)
        while not docker.is_terminal(s):
            me, roll = whose_roll(s), rng.randint(1, 6)
            after = play(s, f"roll {roll}")
            expected = reference_moves(s, me, roll)
            if expected:
                assert moves(after) == expected
                after = docker.apply_move(after, rng.choice(docker.legal_moves(after)))
            elif sum(t.count(me) for t in s.towers) < 3 and any(
                reference_moves(s, me, v) for v in range(1, 7)
            ):
                assert after == s
            else:
                assert docker.elimination_order(after) == (*s.eliminated, me)
            s = after
        assert len(docker.elimination_order(s)) == players - 1
        assert docker.returns(s).count(1.0) == 1
