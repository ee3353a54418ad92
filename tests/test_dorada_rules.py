"""Dorada: one test per clause of the rulebook and per ruling of our rules page, each on a
concrete position of the default board ``classic-40`` unless the clause needs another board.

classic-40: stumble fields 9 18 23 29 36-40; jumps 5(+3) 14(+2) 20(-3) 24(+4) 33(+8, last);
gold 12 27; DORADA 41.  Players are 0 (A), 1 (B), 2 (C), 3 (D).
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

import boardrules as br
from boardrules import dorada
from boardrules._fitted import win_shares
from boardrules.dorada import (
    CLASSIC_40,
    PASS,
    Advance,
    Field,
    Roll,
    board_from_spec,
    position,
    scores,
    winners,
)
from boardrules.dorada._board import MAX_EXPECTED_MOVES, MAX_FIELDS
from boardrules.dorada._evaluation import WEIGHTS
from boardrules.dorada._features import FEATURES, features
from boardrules.dorada._rules import destination
from boardrules.testing import check_game, check_random_play, play


def moves(state: dorada.DoradaState) -> list[str]:
    return [str(m) for m in dorada.legal_moves(state)]


def lost(state: dorada.DoradaState) -> dict[int, int]:
    return {f: p for f, p in enumerate(state.bridges) if p != -1}


def occupied(state: dorada.DoradaState) -> dict[int, tuple[int, ...]]:
    return {f: s for f, s in enumerate(state.track) if s}


# A board whose jumps can run off both ends: 4 (-3) and 6 (+4); 10 is the last jump field.
SHORT = {
    "name": "short",
    "fields": 12,
    "stumble": [8],
    "jumps": [[4, -3], [6, 4], [10, 2]],
    "gold": [],
    "last_jump": 10,
}


# --- Preparation and turn order ---------------------------------------------------------


def test_each_player_stacks_four_pieces_on_their_start_field() -> None:
    s = dorada.new_game(players=3)
    assert s.start == (4, 4, 4)
    assert occupied(s) == {} and lost(s) == {} and s.dorada == ()
    assert dorada.current_player(s) == br.CHANCE


def test_the_youngest_player_begins_as_the_first_player_option() -> None:
    s = play(dorada.new_game(players=3, first_player=2), "roll 1")
    assert dorada.current_player(s) == 2
    assert dorada.current_player(play(dorada.new_game(players=3), "roll 1")) == 0
    with pytest.raises(br.InvalidOptionError, match="first_player"):
        dorada.new_game(players=3, first_player=3)


def test_play_continues_clockwise() -> None:
    s = dorada.new_game(players=3, first_player=1)
    seen = []
    for _ in range(4):
        s = play(s, "roll 2")
        seen.append(dorada.current_player(s))
        s = play(s, "move start")
    assert seen == [1, 2, 0, 1]


def test_players_are_two_to_four() -> None:
    for n in (2, 3, 4):
        assert dorada.num_players(dorada.new_game(players=n)) == n
    for bad in (1, 5, "2", True):
        with pytest.raises(br.InvalidOptionError, match="players"):
            dorada.new_game(players=bad)


# --- Moving --------------------------------------------------------------------------------


def test_roll_once_and_move_one_piece_forward_by_the_number_rolled() -> None:
    s = position(players=2, track={3: [0]}, turn=0, roll=4)
    assert moves(s) == ["move start", "move 3"]
    after = play(s, "move 3")
    assert occupied(after) == {7: (0,)}
    assert after.start == (3, 4)


def test_every_field_counts_one_pip_including_special_fields() -> None:
    # From 3 a 3 passes the jump field 5 and lands on 6; from 8 a 2 passes the open
    # stumble field 9; from 10 a 3 passes the gold field 12: passing does nothing.
    s = position(players=2, track={3: [0], 8: [0], 10: [0]}, turn=0, roll=3)
    assert occupied(play(s, "move 3")) == {6: (0,), 8: (0,), 10: (0,)}
    assert occupied(play(s, "move 10")) == {3: (0,), 8: (0,), 13: (0,)}
    s2 = position(players=2, track={8: [0]}, turn=0, roll=2)
    assert occupied(play(s2, "move 8")) == {10: (0,)}
    assert lost(play(s2, "move 8")) == {}


def test_landing_on_an_occupied_field_goes_on_top() -> None:
    s = position(players=2, track={3: [0], 7: [1, 1]}, turn=0, roll=4)
    assert occupied(play(s, "move 3")) == {7: (1, 1, 0)}


def test_landing_on_a_field_of_ones_own_colour_goes_on_top() -> None:
    s = position(players=2, track={3: [0], 7: [1, 0]}, turn=0, roll=4)
    assert occupied(play(s, "move 3")) == {7: (1, 0, 0)}


def test_pieces_underneath_are_blocked_until_those_on_top_move_on() -> None:
    # A's only pieces in play lie under B's: A must pass; once B leaves 7, A's piece is free.
    s = position(players=2, track={7: [0, 1], 10: [0, 1]}, dorada=[0, 0], turn=0, roll=3)
    assert dorada.legal_moves(s) == (PASS,)
    with pytest.raises(br.IllegalMoveError, match="blocked"):
        play(s, "move 7")
    s = play(s, "pass", "roll 1", "move 7", "roll 2")
    assert occupied(s) == {7: (0,), 8: (1,), 10: (0, 1)}
    assert moves(s) == ["move 7"]


def test_a_player_whose_pieces_are_all_blocked_passes_and_moves_again_when_one_is_free() -> None:
    s = position(players=2, track={4: [0, 1]}, dorada=[0, 0, 0], turn=0, roll=5)
    assert moves(s) == ["pass"]
    s = play(s, "pass")
    assert s.to_move == 1 and occupied(s) == {4: (0, 1)}
    s = play(s, "roll 2", "move 4", "roll 2")
    assert moves(s) == ["move 4"]


def test_occupied_fields_are_jumped_over_but_counted() -> None:
    s = position(players=2, track={1: [0], 2: [1], 3: [1, 1]}, turn=0, roll=3)
    assert occupied(play(s, "move 1")) == {2: (1,), 3: (1, 1), 4: (0,)}


def test_the_player_chooses_anew_any_free_piece_and_may_leave_pieces_on_start() -> None:
    s = position(players=2, track={2: [0], 6: [1, 0]}, turn=0, roll=1)
    assert moves(s) == ["move start", "move 2", "move 6"]
    after = play(s, "move 6")
    assert after.start == (2, 3) and occupied(after) == {2: (0,), 6: (1,), 7: (0,)}


def test_start_pieces_are_interchangeable_and_all_free() -> None:
    s = play(dorada.new_game(players=2), "roll 3")
    assert dorada.legal_moves(s) == (Advance(0),)
    s = play(s, "move start", "roll 2", "move start", "roll 1")
    assert moves(s) == ["move start", "move 3"]


def test_skipping_the_roll_and_move_voluntarily_is_not_allowed() -> None:
    s = position(players=2, track={3: [0]}, turn=0, roll=4)
    with pytest.raises(br.IllegalMoveError, match="voluntarily"):
        play(s, "pass")
    with pytest.raises(br.IllegalMoveError, match="roll the die first"):
        play(position(players=2, turn=0), "move start")


def test_after_a_six_the_player_does_not_roll_again() -> None:
    s = play(position(players=2, turn=0), "roll 6")
    with pytest.raises(br.IllegalMoveError, match="even after a 6"):
        play(s, "roll 6")
    s = play(s, "move start")
    assert s.to_move == 1 and dorada.current_player(s) == br.CHANCE


def test_a_free_piece_must_move_even_into_a_stumble_field() -> None:
    s = position(players=2, track={6: [0]}, dorada=[0, 0, 0], turn=0, roll=3)
    assert moves(s) == ["move 6"]
    after = play(s, "move 6")
    assert lost(after) == {9: 0} and occupied(after) == {}


class Impostor(Advance):
    """A user's subclass of Advance: not one of Dorada's moves, whatever its field."""


# Red (0) has rolled a 6: its piece on 10 is free, the one on 7 lies under blue's, and its
# other two pieces are in DORADA, so its start field is empty.
ROLLED = position(players=2, track={7: [0, 1], 10: [0]}, dorada=[0, 0], turn=0, roll=6)
NOT_A_MOVE = "is not a Dorada move; the moves are 'roll N', 'move start', 'move N' and 'pass'"


@pytest.mark.parametrize(
    ("state", "move", "message"),
    [
        (
            position(players=2, start=[0, 0], dorada=[0, 0, 0, 0, 1, 1, 1, 1]),
            Roll(1),
            "the game is over: every piece is in DORADA or lost (Dorada §4.4)",
        ),
        (ROLLED, None, f"None {NOT_A_MOVE}"),
        (ROLLED, Impostor(10), f"<dorada.Impostor move 10> {NOT_A_MOVE}"),
        (
            ROLLED,
            Advance(10.0),  # type: ignore[arg-type]
            "this Advance is not a Dorada move: its field field is 10.0, not a whole number",
        ),
        (position(players=2, turn=1), Roll(7), "a die shows 1 to 6, not 7 (Dorada §2.1)"),
        (position(players=2, turn=1), Advance(0), "blue must roll the die first (Dorada §2.1)"),
        (
            ROLLED,
            Roll(6),
            "red has rolled 6 and must now move; the die is rolled once per turn "
            "(even after a 6) (Dorada §2.1)",
        ),
        (
            ROLLED,
            PASS,
            "red has a free piece and must move it: voluntarily skipping the move is not "
            "allowed (Dorada §2.5)",
        ),
        (ROLLED, Advance(0), "red has no piece on its start field (Dorada §1.3)"),
        (ROLLED, Advance(1), "red has no piece on field 1 (Dorada §2.1)"),
        (
            ROLLED,
            Advance(7),
            "red's piece on field 7 is blocked: only the top piece of a stack may move "
            "(Dorada §2.3)",
        ),
        (ROLLED, Advance(41), "field 41 is not a running field of this board (Dorada §1.2)"),
        (ROLLED, Advance(-1), "field -1 is not a running field of this board (Dorada §1.2)"),
    ],
)
def test_an_illegal_move_is_refused_with_the_rule_that_forbids_it(
    state: dorada.State, move: dorada.Move, message: str
) -> None:
    with pytest.raises(br.IllegalMoveError) as refused:
        dorada.apply_move(state, move)
    assert str(refused.value) == message


def test_legal_moves_are_found_once_per_state() -> None:
    # Users ask for the moves of one state many times: the second call gives the same tuple.
    s = position(players=2, track={7: [0, 1], 10: [0]}, dorada=[0, 0], turn=0, roll=6)
    assert dorada.legal_moves(s) is dorada.legal_moves(s)


# --- Stumble fields and bridges --------------------------------------------------------------


def test_a_piece_landing_on_an_open_stumble_field_is_lost_as_a_bridge() -> None:
    s = position(players=2, track={6: [0], 8: [1]}, turn=0, roll=3)
    after = play(s, "move 6")
    assert lost(after) == {9: 0}
    assert occupied(after) == {8: (1,)}
    assert after.start == (3, 3)


def test_a_bridge_is_entered_by_every_following_piece_like_a_normal_field() -> None:
    s = position(players=2, track={8: [1]}, bridges={9: 0}, turn=1, roll=1)
    after = play(s, "move 8")
    assert occupied(after) == {9: (1,)} and lost(after) == {9: 0}
    after = play(after, "roll 1", "move start", "roll 4")
    assert moves(after) == ["move start", "move 9"]


def test_a_bridge_without_pieces_is_an_unoccupied_field() -> None:
    # For a jump from 5 (+3), 6 and 7 hold pieces; the bridge in 9 counts as free like 8.
    s = position(players=2, track={3: [0], 6: [1], 7: [1]}, bridges={9: 1}, turn=0, roll=2)
    assert occupied(play(s, "move 3")) == {6: (1,), 7: (1,), 10: (0,)}


def test_a_piece_is_lost_in_an_open_stumble_field_reached_by_a_jump() -> None:
    # 24 (+4): 25 holds a piece, so 26, 27 (gold), 28 and the open stumble field 29 are counted.
    s = position(players=2, track={22: [0], 25: [1]}, turn=0, roll=2)
    after = play(s, "move 22")
    assert lost(after) == {29: 0} and occupied(after) == {25: (1,)}


# --- Jump fields ----------------------------------------------------------------------------


def test_a_positive_jump_field_moves_on_by_its_number_of_free_fields() -> None:
    s = position(players=2, track={1: [0]}, turn=0, roll=4)
    assert occupied(play(s, "move 1")) == {8: (0,)}


def test_a_jump_skips_fields_that_hold_pieces_and_never_lands_on_one() -> None:
    s = position(players=2, track={2: [0], 6: [1], 8: [1, 1]}, turn=0, roll=3)
    # 6 and 8 hold pieces: the free fields are 7, 9 (open stumble) and 10.
    assert occupied(play(s, "move 2")) == {6: (1,), 8: (1, 1), 10: (0,)}


def test_an_empty_stumble_field_counts_as_a_free_field_for_a_jump() -> None:
    s = position(players=2, track={2: [0], 6: [1], 7: [1], 8: [1]}, turn=0, roll=3)
    # 9 (open stumble) is the first free field, 10 and 11 follow.
    assert occupied(play(s, "move 2")) == {6: (1,), 7: (1,), 8: (1,), 11: (0,)}


def test_jump_and_gold_fields_count_as_free_fields_and_only_the_last_one_acts() -> None:
    s = position(players=2, track={22: [0]}, turn=0, roll=2)
    # 24 (+4): 25, 26, 27 (gold, passed) and 28.
    after = play(s, "move 22")
    assert occupied(after) == {28: (0,)} and after.dorada == ()


def test_a_jump_landing_on_another_jump_field_jumps_again() -> None:
    # 20 (-3) back over 19 (piece), 18, 17 (piece), 16 (just left), 15 (piece) to 14 (+2),
    # which moves on over 15 (piece), 16, 17 (piece) to the open stumble field 18: lost.
    s = position(players=2, track={16: [0], 15: [1], 17: [1], 19: [1]}, turn=0, roll=4)
    after = play(s, "move 16")
    assert lost(after) == {18: 0}
    assert occupied(after) == {15: (1,), 17: (1,), 19: (1,)}


def test_a_jump_landing_on_a_bridge_stands_on_it_and_on_an_open_stumble_field_is_lost() -> None:
    # 5 (+3): 6 holds a piece, so 7, 8 and 9 are counted.
    s = position(players=2, track={2: [0], 6: [1]}, bridges={9: 1}, turn=0, roll=3)
    assert occupied(play(s, "move 2")) == {6: (1,), 9: (0,)}
    s = position(players=2, track={2: [0], 6: [1]}, turn=0, roll=3)
    assert lost(play(s, "move 2")) == {9: 0}


def test_a_jump_landing_on_the_last_jump_field_goes_to_dorada() -> None:
    # 24 (+4): 25, 26, 28, 29 (over a bridge) and 30 hold pieces; 27 (gold), 31, 32 and 33
    # are the four free fields, and 33 is the last jump field.
    track = {25: [1], 26: [1], 28: [1], 29: [2], 30: [2]}
    s = position(players=3, track={22: [0], **track}, bridges={29: 2}, turn=0, roll=2)
    after = play(s, "move 22")
    assert after.dorada == (0,)
    assert occupied(after) == {f: tuple(v) for f, v in track.items()}


def test_a_jump_landing_on_gold_goes_to_dorada() -> None:
    # 5 (+3): 6, 7, 8 and 10 hold pieces; 9 (open stumble), 11 and the gold field 12 are free.
    s = position(players=2, track={6: [1], 7: [1], 8: [1], 10: [1]}, turn=0, roll=5)
    after = play(s, "move start")
    assert after.dorada == (0,) and after.start == (3, 0)


def test_the_minus_three_field_moves_back_three_free_fields() -> None:
    # From 20 back: 19, the empty stumble field 18, then 17 holds a piece, so 16 is third.
    s = position(players=2, track={15: [0], 17: [1]}, turn=0, roll=5)
    assert occupied(play(s, "move 15")) == {16: (0,), 17: (1,)}
    s = position(players=2, track={15: [0]}, turn=0, roll=5)
    assert occupied(play(s, "move 15")) == {17: (0,)}


def test_the_minus_three_field_sends_a_piece_back_to_its_start_field_if_necessary() -> None:
    # Board SHORT: 4 (-3); field 2 holds a piece, so only 3 and 1 are free behind it.
    s = position(players=2, board=SHORT, track={2: [0], 3: [1]}, turn=1, roll=1)
    after = play(s, "move 3")
    assert after.start == (3, 4) and occupied(after) == {2: (0,)}


def test_opponents_never_land_on_a_start_field() -> None:
    # A's piece sent back by 4 (-3) over 3, 2 (B's piece) and 1 (just left) returns to A's
    # own start field, not to B's.
    s = position(players=2, board=SHORT, track={1: [0], 2: [1]}, turn=0, roll=3)
    after = play(s, "move 1")
    assert after.start == (4, 3)
    assert occupied(after) == {2: (1,)}


def test_a_jump_running_out_of_fields_forward_reaches_dorada() -> None:
    # Board SHORT: 6 (+4) with 9, 11 and 12 taken: 7, 8 (stumble) and 10 (last jump) are
    # free and the fourth free field would lie beyond 12.
    s = position(players=2, board=SHORT, track={9: [1], 11: [1], 12: [1]}, turn=0, roll=6)
    assert play(s, "move start").dorada == (0,)


def test_a_jump_chain_that_would_revisit_a_field_stops_on_that_field() -> None:
    # Every field from 6 to 19 except the gold field 12 and the jump field 14 holds a piece
    # (9 and 18 over bridges).  5 (+3) counts 12, 14, 20; 20 (-3) counts 14, 12, 5; jumping
    # from 5 again would loop, so the piece stays on 5.
    full = [6, 7, 8, 9, 10, 11, 13, 15, 16, 17, 18, 19]
    owners = [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
    stacks = {f: (p,) for f, p in zip(full, owners, strict=True)}
    s = position(track=stacks, bridges={9: 0, 18: 0}, turn=0, roll=5)
    after = play(s, "move start")
    assert occupied(after) == {5: (0,), **stacks}
    assert after.start == (1, 0, 0, 0)


def test_a_piece_landing_on_a_jump_field_that_holds_a_piece_still_jumps() -> None:
    # Interpretation: the field acts whoever stands on it (only a jump loop leaves a piece there).
    s = position(players=2, track={5: [1], 2: [0]}, turn=0, roll=3)
    assert occupied(play(s, "move 2")) == {5: (1,), 8: (0,)}


# --- Gold, goal and DORADA -------------------------------------------------------------------


def test_a_piece_landing_on_a_gold_field_goes_directly_into_dorada() -> None:
    s = position(players=2, track={10: [0]}, dorada=[1], turn=0, roll=2)
    after = play(s, "move 10")
    assert after.dorada == (1, 0) and occupied(after) == {}
    assert occupied(play(position(players=2, track={24: [0]}, turn=0, roll=3), "move 24")) == {}


def test_a_piece_landing_on_the_last_jump_field_lands_safely_in_dorada() -> None:
    s = position(players=2, track={30: [0]}, turn=0, roll=3)
    assert play(s, "move 30").dorada == (0,)


def test_the_last_jump_field_is_a_flag_of_the_field_not_its_number() -> None:
    board = {"name": "flag", "fields": 20, "jumps": [[5, 1]], "last_jump": 5}
    s = position(players=2, board=board, turn=0, roll=5)
    assert board_from_spec(board).kind(5) is Field.LAST_JUMP
    assert play(s, "move start").dorada == (0,)


def test_from_the_last_running_field_only_a_six_reaches_dorada() -> None:
    for die in range(1, 6):
        s = position(players=2, track={35: [0]}, turn=0, roll=die)
        assert lost(play(s, "move 35")) == {35 + die: 0}
    s = position(players=2, track={35: [0]}, turn=0, roll=6)
    assert play(s, "move 35").dorada == (0,)


def test_bridges_in_front_of_the_goal_let_smaller_rolls_reach_dorada() -> None:
    bridges = {36: 1, 37: 1, 38: 1}
    s = position(players=2, track={35: [0]}, bridges=bridges, turn=0, roll=3)
    after = play(s, "move 35")
    assert occupied(after) == {38: (0,)}
    s = position(players=2, track={38: [0]}, bridges=bridges, turn=0, roll=3)
    assert play(s, "move 38").dorada == (0,)


def test_dorada_needs_no_exact_roll_and_surplus_points_lapse() -> None:
    s = position(players=2, track={38: [0]}, bridges={38: 1}, turn=0, roll=6)
    assert play(s, "move 38").dorada == (0,)


def test_each_following_piece_is_stacked_on_top_in_dorada() -> None:
    s = position(players=2, track={10: [1]}, dorada=[1, 0], turn=1, roll=2)
    assert play(s, "move 10").dorada == (1, 0, 1)


# --- Elimination and the end -----------------------------------------------------------------


def test_a_player_who_loses_all_four_pieces_is_eliminated() -> None:
    s = position(
        players=3, track={6: [1], 2: [0], 3: [2]}, bridges={18: 1, 23: 1, 29: 1}, turn=1, roll=3
    )
    s = play(s, "move 6")
    assert lost(s) == {9: 1, 18: 1, 23: 1, 29: 1}
    assert s.to_move == 2
    s = play(s, "roll 1", "move 3", "roll 1", "move 2")
    assert s.to_move == 2, "player 1 is out and is skipped"
    assert "blue 0 (out)" in dorada.render(s)


def test_a_player_with_every_piece_home_takes_no_more_turns() -> None:
    s = position(players=3, track={10: [0], 2: [1], 3: [2]}, dorada=[0, 0, 0], turn=0, roll=2)
    s = play(s, "move 10")
    assert s.to_move == 1
    s = play(s, "roll 2", "move 2", "roll 1", "move 3")
    assert s.to_move == 1, "player 0 has no piece left in play and is skipped"
    assert occupied(s) == {4: (1, 2)}


def test_the_game_ends_when_no_piece_is_left_on_a_start_or_running_field() -> None:
    s = position(
        players=2,
        track={30: [0]},
        bridges={9: 0, 18: 1, 23: 1},
        dorada=[1, 0, 1, 0],
        turn=0,
        roll=3,
    )
    end = play(s, "move 30")
    assert dorada.is_terminal(end)
    assert dorada.current_player(end) == br.TERMINAL
    assert dorada.legal_moves(end) == () and dorada.chance_outcomes(end) == ()
    with pytest.raises(br.IllegalMoveError, match="game is over"):
        dorada.apply_move(end, Advance(30))


# --- Scoring ---------------------------------------------------------------------------------


def test_scoring_counts_100_80_60_50_40_30_20_then_10_from_the_top() -> None:
    # Bottom to top: A B C A B C A B C.  From the top: C 100, B 80, A 60, C 50, B 40, A 30,
    # C 20, B 10, A 10.
    s = position(players=3, dorada=[0, 1, 2, 0, 1, 2, 0, 1, 2], turn=1)
    assert scores(s) == (60 + 30 + 10, 80 + 40 + 10, 100 + 50 + 20)
    # Four players, each colour arriving together: D on top scores 100 80 60 50, C 40 30 20
    # 10, and the eight pieces below them 10 each.
    full = position(players=4, dorada=[p for p in range(4) for _ in range(4)])
    assert scores(full) == (40, 40, 100, 290)


def test_scores_are_available_at_any_time() -> None:
    s = position(players=3, track={4: [2]}, dorada=[1, 2], turn=2, roll=1)
    assert scores(s) == (0, 80, 100)
    assert dorada.returns(s) == (0.0, 0.0, 0.0)


def test_the_player_with_the_most_points_wins() -> None:
    s = position(players=2, bridges={9: 0, 18: 1}, dorada=[0, 0, 1, 0, 1, 1])
    assert dorada.is_terminal(s)
    assert scores(s) == (60 + 40 + 30, 100 + 80 + 50)
    assert dorada.returns(s) == (0.0, 1.0)
    assert "game over: blue wins with 230 points" in dorada.render(s)


def test_equal_totals_share_the_win() -> None:
    # From the top A 100, B 80, B 60, A 50, B 40, A 30: 180 each.
    s = position(players=2, bridges={9: 0, 18: 1}, dorada=[0, 1, 0, 1, 1, 0])
    assert scores(s) == (180, 180)
    assert winners(s) == (0, 1)
    assert dorada.returns(s) == (1.0, 1.0)


def test_the_tie_break_option_gives_the_win_to_the_owner_of_the_highest_piece() -> None:
    s = position(
        players=2, tie_break="highest-piece", bridges={9: 0, 18: 1}, dorada=[1, 0, 1, 0, 0, 1]
    )
    assert scores(s) == (180, 180)
    assert dorada.returns(s) == (0.0, 1.0)
    with pytest.raises(br.InvalidOptionError, match="tie_break"):
        dorada.new_game(tie_break="coin")


def test_a_player_who_is_out_never_wins() -> None:
    # Interpretation: when every piece is lost nobody scored and nobody wins.
    bridges = dict(zip([9, 18, 23, 29, 36, 37, 38, 39], [0, 1] * 4, strict=True))
    s = position(players=2, bridges=bridges)
    assert dorada.is_terminal(s)
    assert dorada.returns(s) == (0.0, 0.0)
    s = position(players=3, bridges={9: 2, 18: 2, 23: 2, 29: 2}, dorada=[0, 1, 0, 1, 0, 1, 0, 1])
    assert 2 not in winners(s)


def test_evaluate_is_in_range_and_equals_returns_at_the_end() -> None:
    s = position(players=2, track={30: [0, 1]}, dorada=[1], turn=0, roll=1)
    assert all(0.0 <= v <= 1.0 for v in dorada.evaluate(s))
    end = position(players=2, bridges={9: 0, 18: 1}, dorada=[0, 0, 1, 0, 1, 1])
    assert dorada.evaluate(end) == dorada.returns(end)


# A board of nine running fields, so that DORADA is 10 and a piece on field f has come f/10
# of the way; 9 is the last jump field.
NINE = {"name": "nine", "fields": 9, "jumps": [[9, 1]], "last_jump": 9}


def test_evaluate_share_is_each_players_share_of_the_points_expected_at_the_end() -> None:
    # The feature "share" (its logarithm).  3 players; red (0) has a piece on 4 and one on
    # its start field, blue (1) one on 6 and one on its start field, green (2) three on its
    # start field: 7 pieces in play, of which round(7 * 0.6) = 4 are expected to arrive on
    # top of DORADA.  So the pieces there are valued 4 places deeper: from the top blue 40,
    # red 30, green 20, blue 10, red 10.  A place to come is worth
    # 0.6 * (100 + 80 + 60 + 50) / 4 = 43.5; a piece on its start field half of it (21.75),
    # a piece on field f (0.5 + 0.5 * f / 10) of it: 30.45 on 4, 34.8 on 6.
    # Red 30 + 10 + 30.45 + 21.75 = 92.2, blue 40 + 10 + 34.8 + 21.75 = 106.55,
    # green 20 + 3 * 21.75 = 85.25, of 284 in all.
    s = position(players=3, board=NINE, track={4: [0], 6: [1]}, dorada=[0, 1, 2, 0, 1], turn=0)
    assert s.start == (1, 1, 3)
    assert FEATURES[10] == "share"
    shares = [math.exp(row[10]) for row in features(s)]
    assert shares == pytest.approx([92.2 / 284, 106.55 / 284, 85.25 / 284])


def test_evaluate_share_expects_at_least_one_more_piece_to_arrive() -> None:
    # Blue's last piece, on field 5, is the only one in play: round(1 * 0.6) = 1 arrival, so
    # the seven pieces in DORADA are valued one place deeper (red 80 + 60 + 40 + 20 = 200,
    # blue 50 + 30 + 10 = 90) and blue's piece (0.5 + 0.5 * 5 / 10) * 0.6 * 100 = 45.
    s = position(players=2, board=NINE, track={5: [1]}, dorada=[1, 0, 1, 0, 1, 0, 0], turn=1)
    shares = [math.exp(row[10]) for row in features(s)]
    assert shares == pytest.approx([200 / 335, 135 / 335])


def test_evaluate_features_are_counted_from_the_position() -> None:
    # Red (0) tops 15 and 17 (where it covers blue's piece) and has two on its start field;
    # blue has three there.  From 15 a die reaches 16-21, from 17 18-23 and from the start
    # 1-6: the open stumble fields 18 (twice) and 23, and the forward jump on 5 (the jump
    # back on 20 does not count).
    s = position(players=2, track={15: [0], 17: [1, 0]}, turn=0)
    rows = features(s)
    # start, advance, free, buried, covering, lost, home, points, stumble, jump, -, to move
    assert rows[0][:10] == pytest.approx([2 / 4, 32 / 41, 2, 0, 1, 0, 0, 0, 3 / 6, 1 / 6])
    assert rows[1][:10] == pytest.approx([3 / 4, 17 / 41, 0, 1, 0, 0, 0, 0, 0, 1 / 6])
    assert (rows[0][11], rows[1][11]) == (1.0, 0.0)
    # A bridge closes stumble field 18; blue lost that piece; red has one in DORADA.
    s = position(players=2, track={15: [0]}, bridges={18: 1}, dorada=[0], turn=1)
    rows = features(s)
    # 100 points now, no open hole in reach, the jump on 5 from the start field
    assert rows[0][5:10] == pytest.approx([0, 1, 1.0, 0, 1 / 6])
    assert rows[1][5] == 1 and rows[1][11] == 1.0


def test_evaluate_is_the_fitted_model_of_the_features() -> None:
    s = position(players=3, track={15: [0], 17: [1, 2]}, dorada=[1], turn=2)
    values = dorada.evaluate(s)
    assert values == win_shares(features(s), WEIGHTS)
    assert sum(values) == pytest.approx(1.0)


# --- Boards as data --------------------------------------------------------------------------


def test_classic_40_is_the_default_board_with_the_reconstructed_layout() -> None:
    s = dorada.new_game()
    assert s.options.board is CLASSIC_40 and dorada.num_players(s) == 4
    kinds = {f: CLASSIC_40.kind(f) for f in range(1, 41) if CLASSIC_40.kind(f) is not Field.RUNNING}
    assert kinds == {
        **{f: Field.STUMBLE for f in (9, 18, 23, 29, 36, 37, 38, 39, 40)},
        **{f: Field.JUMP for f in (5, 14, 20, 24)},
        33: Field.LAST_JUMP,
        12: Field.GOLD,
        27: Field.GOLD,
    }
    assert {f: CLASSIC_40.jump_by[f] for f in (5, 14, 20, 24, 33)} == {
        5: 3,
        14: 2,
        20: -3,
        24: 4,
        33: 8,
    }
    assert CLASSIC_40.dorada == 41
    assert dorada.options_of(s)["board"] == "classic-40"


def test_a_user_board_travels_with_the_options_and_the_json() -> None:
    s = dorada.new_game(players=2, board=SHORT)
    assert dorada.options_of(s)["board"] == board_from_spec(SHORT).spec()
    assert dorada.new_game(**dorada.options_of(s)) == s
    s = play(s, "roll 6")
    copy = br.from_json(br.to_json(s))
    assert copy == s and copy.options.board.name == "short"
    assert dorada.legal_moves(copy) == (Advance(0),)
    # 6 (+4) counts 7, 8 (stumble), 9 and 10, the last jump field: straight into DORADA.
    assert play(copy, "move start").dorada == (0,)
    doc = json.loads(br.to_json(s))
    doc["options"]["board"]["gold"] = [4]
    with pytest.raises(br.StateFormatError, match="options: board field 'gold'"):
        br.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"stumble": [13]}, "stumble"),
        ({"gold": [0]}, "gold"),
        ({"jumps": [[10, 2], [13, 1]]}, "jumps"),
        ({"jumps": [[10, 13]], "last_jump": 10}, "jumps"),
        ({"fields": 0}, "fields"),
        ({"fields": 10**9}, "fields"),
        ({"last_jump": 13}, "last_jump"),
    ],
)
def test_a_board_with_a_position_out_of_range_is_refused(
    change: dict[str, object], field: str
) -> None:
    with pytest.raises(br.InvalidOptionError, match=f"board field '{field}'"):
        board_from_spec({**SHORT, **change})


def test_a_board_field_with_two_kinds_is_refused() -> None:
    with pytest.raises(br.InvalidOptionError, match="field 4 is already a jump field"):
        board_from_spec({**SHORT, "gold": [4]})
    with pytest.raises(br.InvalidOptionError, match="'stumble': field 8 is already"):
        board_from_spec({**SHORT, "stumble": [8, 8]})


def test_a_board_without_its_last_jump_field_is_refused() -> None:
    with pytest.raises(br.InvalidOptionError, match="'last_jump': missing"):
        board_from_spec({k: v for k, v in SHORT.items() if k != "last_jump"})
    with pytest.raises(br.InvalidOptionError, match="'last_jump': 7 is not one of the jump"):
        board_from_spec({**SHORT, "last_jump": 7})


def test_a_board_whose_jumps_loop_on_an_empty_board_is_refused() -> None:
    looping = {**SHORT, "jumps": [[3, 3], [6, -3], [10, 2]]}
    with pytest.raises(br.InvalidOptionError, match="jumps loop: 3 -> 6 -> 3"):
        board_from_spec(looping)
    with pytest.raises(br.InvalidOptionError, match="unknown board 'nope'"):
        dorada.new_game(board="nope")


def sixfold(fields: int) -> dict[str, object]:
    """A board of backward jumps with an ordinary field every sixth one: only a 6 from there
    gets a piece on, every other roll sends it back to the start field, so each six fields
    multiply the expected length by about six."""
    jumps = [[f, -f] for f in range(1, fields) if f % 6] + [[fields, 1]]
    return {"fields": fields, "jumps": jumps, "last_jump": fields}


def lone_piece_moves(spec: dict[str, object]) -> float:
    """The expected moves of a piece alone on the board, every stumble field bridged, by
    value iteration over the rules' own destination() (independent of the board's check)."""
    board = board_from_spec(spec)
    n = board.fields
    empty: list[tuple[int, ...]] = [()] * (n + 1)
    bridged = [0 if board.kinds[f] is Field.STUMBLE else -1 for f in range(n + 1)]
    after = [
        [min(destination(board, empty, bridged, f + d), n + 1) for d in range(1, 7)]
        for f in range(n + 1)
    ]
    value = [0.0] * (n + 2)
    while True:
        new = [1 + sum(value[g] for g in after[f]) / 6 for f in range(n + 1)] + [0.0]
        if max(abs(a - b) for a, b in zip(new, value, strict=True)) < 1e-11:
            return new[0]
        value = new


@pytest.mark.parametrize("fields", [25, 31, 120, 395])
def test_a_board_whose_games_take_practically_for_ever_is_refused(fields: int) -> None:
    # Every game on it ends (the progress check passes), but not in a lifetime.
    spec = sixfold(fields)
    with pytest.raises(br.InvalidOptionError, match="board field 'jumps'") as refused:
        board_from_spec(spec)
    assert isinstance(refused.value, ValueError)
    assert "moves on average to come from its start field to DORADA" in str(refused.value)
    assert f"at most {MAX_EXPECTED_MOVES:,} are allowed" in str(refused.value)
    with pytest.raises(br.InvalidOptionError, match="practically for ever"):
        dorada.new_game(players=2, board=spec)
    doc = json.loads(br.to_json(dorada.new_game(players=2)))
    doc["options"]["board"] = spec
    with pytest.raises(br.StateFormatError, match="options: board field 'jumps'"):
        br.from_json(json.dumps(doc))


def test_the_expected_length_grows_sixfold_per_six_fields_and_is_checked_exactly() -> None:
    moves = [board_from_spec(sixfold(n)).expected_moves for n in (7, 13, 19)]
    assert moves == pytest.approx([7, 43, 259])  # 6 + 1, 6 * 7 + 1, 6 * 43 + 1
    assert board_from_spec(sixfold(22)).expected_moves == pytest.approx(518)
    # 1,555 moves on 25 fields: just above the limit.
    with pytest.raises(br.InvalidOptionError, match="needs 1,555 moves on average"):
        board_from_spec(sixfold(25))


@pytest.mark.parametrize(
    "spec",
    [
        CLASSIC_40.spec(),
        SHORT,
        sixfold(13),
        {"fields": 30, "stumble": [7, 8, 21], "gold": [25], "last_jump": 28,
         "jumps": [[4, -3], [11, -10], [15, 5], [19, -30], [28, 2]]},
    ],
    ids=["classic-40", "short", "sixfold-13", "mixed"],
)  # fmt: skip
def test_the_expected_moves_of_a_lone_piece_follow_the_rules(spec: dict[str, object]) -> None:
    board = board_from_spec(spec)
    assert board.expected_moves == pytest.approx(lone_piece_moves(spec), rel=1e-9)


def test_the_default_board_and_long_realistic_boards_are_quick_enough() -> None:
    assert CLASSIC_40.expected_moves == pytest.approx(8.02, abs=0.005)
    plain = board_from_spec({"fields": MAX_FIELDS, "jumps": [[MAX_FIELDS, 1]],
                             "last_jump": MAX_FIELDS})  # fmt: skip
    assert plain.expected_moves == pytest.approx(114.76, abs=0.005)
    # 100 fields with a snake of -8 every ten fields and two ladders; 400 with one every 7.
    snakes = [[f, -8] for f in range(10, 100, 10) if f not in (40, 70)]
    hundred = board_from_spec({"fields": 100, "stumble": [13, 57, 88], "gold": [95],
                               "jumps": [*snakes, [40, 6], [70, 4], [99, 2]],
                               "last_jump": 99})  # fmt: skip
    assert 30 < hundred.expected_moves < 60
    long = board_from_spec({"fields": 400, "jumps": [*([f, -8] for f in range(7, 400, 7)),
                                                    [400, 1]], "last_jump": 400})  # fmt: skip
    assert long.expected_moves < 2 * MAX_EXPECTED_MOVES / 10


def test_the_generic_contract_holds_for_dorada() -> None:
    check_game("dorada", games=2)
    check_random_play("dorada", seed=5, games=2, players=2, board=SHORT)


# --- Notation, JSON and the picture ----------------------------------------------------------


def test_move_notation_parses_and_refuses_clearly() -> None:
    s = position(players=2, track={3: [1, 0]}, turn=0, roll=4)
    assert [dorada.parse_move(s, str(m)) for m in dorada.legal_moves(s)] == list(
        dorada.legal_moves(s)
    )
    for text in ("", "move", "jump 3", "move -1", "roll"):
        with pytest.raises(br.MoveSyntaxError):
            dorada.parse_move(s, text)
    with pytest.raises(br.IllegalMoveError, match="no piece on field 7"):
        dorada.parse_move(s, "move 7")
    with pytest.raises(br.IllegalMoveError, match="not a running field"):
        dorada.parse_move(s, "move 99")
    with pytest.raises(br.IllegalMoveError, match="not a Dorada move"):
        dorada.apply_move(s, "move 3")  # type: ignore[arg-type]
    parchis = br.new_game("parchis", players=2)
    parchis_roll = br.legal_moves(parchis)[0]
    with pytest.raises(br.IllegalMoveError, match="not a Dorada move"):
        br.apply_move(position(players=2, turn=0), parchis_roll)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("part", "value", "message"),
    [
        ("start", [4, 4], "start: player 0 has 4 pieces"),
        ("track", {"9": [0]}, "track: field 9 is an open stumble field"),
        ("track", {"12": [0]}, "track: a piece on field 12"),
        ("track", {"5": [0, 1]}, "track: a piece landing on jump field 5"),
        ("bridges", {"10": 0}, "bridges: field 10 is not a stumble field"),
        ("to_move", 2, "to_move: expected a player"),
        ("die", 7, "die: a die shows 1 to 6"),
        ("dorada", [0, 5], "dorada: expected a player"),
    ],
)
def test_a_json_document_of_an_impossible_position_is_refused_naming_the_field(
    part: str, value: object, message: str
) -> None:
    s = position(players=2, track={3: [0]}, turn=0, roll=2)
    doc = json.loads(br.to_json(s))
    doc["state"][part] = value
    with pytest.raises(br.StateFormatError, match=message):
        br.from_json(json.dumps(doc))


BODY = dorada.encode(ROLLED)
OPTIONS = dorada.options_of(ROLLED)


@pytest.mark.parametrize(
    ("options", "body", "message"),
    [
        ([], BODY, "options: expected a JSON object"),
        ({**OPTIONS, "players": 5}, BODY, "options: dorada option players=5: Dorada is played "
         "by 2, 3 or 4 players"),
        (OPTIONS, [], "state: expected a JSON object"),
        (
            OPTIONS,
            {**BODY, "roll": 6},
            "roll: unknown; a Dorada state has start, track, bridges, dorada, to_move, die",
        ),
        (OPTIONS, {k: v for k, v in BODY.items() if k != "die"}, "die: missing"),
        (OPTIONS, {**BODY, "to_move": None}, "to_move: null only when the game is over"),
    ],
)  # fmt: skip
def test_decode_names_the_broken_part_of_a_state_body(
    options: Any, body: Any, message: str
) -> None:
    with pytest.raises(br.StateFormatError) as refused:
        dorada.decode(options, body)
    assert str(refused.value) == message


def test_render_shows_stacks_bottom_to_top_bridges_and_the_turn() -> None:
    s = position(players=2, track={7: [1, 0], 9: [1]}, bridges={9: 0}, dorada=[1], turn=0, roll=4)
    picture = dorada.render(s)
    assert "  7 BR  " in picture and "  9 r:B " in picture
    assert "DORADA (bottom to top): B" in picture
    assert "red rolled 4 and moves a free piece" in picture
