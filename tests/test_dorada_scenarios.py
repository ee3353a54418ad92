"""Dorada: an independent audit.  Scenarios named after the clause of the rulebook
(``seeds/dorada.txt``) or the ruling (``rules/dorada.md``) they check, each from a concrete
position or a whole sequence from ``new_game`` in move notation, plus a differential test
against a reference model of the rules written from the documents alone.

classic-40: stumble fields 9 18 23 29 36-40; jumps 5(+3) 14(+2) 20(-3) 24(+4) 33(+8, last);
gold 12 27; the last running field is 35; DORADA 41.  Players 0 (A), 1 (B), 2 (C), 3 (D).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import boardrules as br
from boardrules import dorada
from boardrules.dorada import Field, position, scores, winners
from boardrules.testing import play

State = dorada.DoradaState


def moves(state: State) -> list[str]:
    return [str(m) for m in dorada.legal_moves(state)]


def stacks(state: State) -> dict[int, tuple[int, ...]]:
    return {f: s for f, s in enumerate(state.track) if s}


def lost(state: State) -> dict[int, int]:
    return {f: p for f, p in enumerate(state.bridges) if p != -1}


# A board with a jump loop that only pieces can close: 2 (+2) and 5 (-2); 8 is the last jump.
LOOP = {
    "name": "loop",
    "fields": 10,
    "stumble": [7],
    "jumps": [[2, 2], [5, -2], [8, 1]],
    "gold": [],
    "last_jump": 8,
}
# A board where -3 can run out behind: 3 (-3), 6 (+2, chains into 9 gold), 10 last jump.
BACK = {
    "name": "back",
    "fields": 12,
    "stumble": [4],
    "jumps": [[3, -3], [6, 3], [10, 2]],
    "gold": [9],
    "last_jump": 10,
}


# --- Preparation, turn order ------------------------------------------------------------------


def test_preparation_four_pieces_stacked_on_each_start_field_and_nothing_else() -> None:
    for n in (2, 3, 4):
        s = dorada.new_game(players=n)
        assert s.start == (4,) * n
        assert stacks(s) == {} and lost(s) == {} and s.dorada == ()
        assert br.current_player(s) == br.CHANCE
        assert moves(s) == [f"roll {k}" for k in range(1, 7)]


def test_the_youngest_begins_then_clockwise_from_new_game() -> None:
    s = dorada.new_game(players=3, first_player=2)
    s = play(s, "roll 1")
    assert dorada.current_player(s) == 2
    s = play(s, "move start", "roll 2")
    assert dorada.current_player(s) == 0
    s = play(s, "move start", "roll 3")
    assert dorada.current_player(s) == 1


def test_roll_once_move_one_piece_and_no_extra_roll_after_a_six() -> None:
    s = play(dorada.new_game(players=2), "roll 6", "move start")
    assert stacks(s) == {6: (0,)} and s.start == (3, 4)
    assert dorada.current_player(s) == br.CHANCE and s.to_move == 1


# --- Counting fields, stacks and blocked pieces -----------------------------------------------


def test_each_field_is_one_pip_occupied_and_special_fields_passed_are_counted() -> None:
    # 2 + 6 = 8: the pieces on 3 and 4 and the jump field 5 are passed and counted.
    s = position(players=2, track={2: [0], 3: [1], 4: [1, 1]}, turn=0, roll=6)
    assert stacks(play(s, "move 2")) == {3: (1,), 4: (1, 1), 8: (0,)}
    # 8 + 5 = 13: passing the hole 9 and the gold field 12 does nothing.
    s = position(players=2, track={8: [0]}, turn=0, roll=5)
    assert stacks(play(s, "move 8")) == {13: (0,)}


def test_landing_on_an_occupied_field_goes_on_top_and_blocks_those_below() -> None:
    s = position(players=2, track={4: [0], 7: [1]}, start=[3, 3], turn=0, roll=3)
    s = play(s, "move 4")
    assert stacks(s) == {7: (1, 0)}
    s = play(s, "roll 2")
    assert moves(s) == ["move start"]  # the B piece under A on 7 is blocked
    s = play(s, "move start", "roll 1")
    assert moves(s) == ["move start", "move 7"]
    s = play(s, "move 7")
    assert stacks(s) == {2: (1,), 7: (1,), 8: (0,)}
    s = play(s, "roll 1")
    assert moves(s) == ["move start", "move 2", "move 7"]  # the B piece on 7 is free again


def test_landing_on_ones_own_piece_stacks_and_only_the_top_one_is_free() -> None:
    s = position(players=2, track={3: [0], 6: [0]}, turn=0, roll=3)
    s = play(s, "move 3")
    assert stacks(s) == {6: (0, 0)}
    s = play(s, "roll 4", "move start", "roll 1")  # B enters on 4, then A rolls 1
    assert moves(s) == ["move start", "move 6"]
    assert stacks(play(s, "move 6")) == {4: (1,), 6: (0,), 7: (0,)}


def test_a_player_whose_pieces_are_all_blocked_must_pass_after_rolling() -> None:
    s = position(players=2, track={4: [0, 1], 10: [0, 0, 1]}, dorada=[0], turn=0)
    for k in range(1, 7):
        after = play(s, f"roll {k}")
        assert moves(after) == ["pass"]
        assert play(after, "pass").to_move == 1
        with pytest.raises(br.IllegalMoveError):
            play(after, "move 4")


def test_a_player_with_a_free_piece_may_not_pass() -> None:
    s = position(players=2, track={4: [0, 1]}, start=[3, 3], turn=0, roll=2)
    assert moves(s) == ["move start"]
    with pytest.raises(br.IllegalMoveError, match="skipping"):
        play(s, "pass")


def test_start_pieces_are_one_move_and_opponents_never_land_on_the_start_field() -> None:
    s = position(players=2, track={1: [1]}, start=[4, 3], turn=0, roll=1)
    assert moves(s) == ["move start"]
    s = play(s, "move start")
    assert stacks(s) == {1: (1, 0)} and s.start == (3, 3)


# --- Stumble fields and bridges ---------------------------------------------------------------


def test_forced_move_into_an_open_hole_loses_the_piece_as_a_bridge() -> None:
    s = position(players=2, track={6: [0]}, dorada=[0, 0, 0], turn=0, roll=3)
    assert moves(s) == ["move 6"]
    after = play(s, "move 6")
    assert lost(after) == {9: 0} and stacks(after) == {}
    assert dorada.current_player(after) == br.CHANCE and after.to_move == 1


def test_the_player_may_choose_another_piece_instead_of_the_hole() -> None:
    s = position(players=2, track={6: [0]}, turn=0, roll=3)
    assert moves(s) == ["move start", "move 6"]
    assert stacks(play(s, "move start")) == {3: (0,), 6: (0,)}


def test_a_bridge_is_a_normal_field_pieces_stack_on_it_and_count_it() -> None:
    s = position(players=2, track={7: [0], 8: [1]}, bridges={9: 1}, turn=0, roll=2)
    s = play(s, "move 7")
    assert stacks(s) == {8: (1,), 9: (0,)} and lost(s) == {9: 1}
    s = play(s, "roll 1", "move 8")
    assert stacks(s) == {9: (0, 1)}
    s = play(s, "roll 3")
    assert moves(s) == ["move start"]  # A under B on the bridge is blocked


def test_the_last_hole_before_the_goal_takes_a_piece_from_35_with_less_than_six() -> None:
    for die, hole in ((1, 36), (2, 37), (3, 38), (4, 39), (5, 40)):
        s = position(players=2, track={35: [0]}, dorada=[0, 0, 0], turn=0, roll=die)
        after = play(s, "move 35")
        assert lost(after) == {hole: 0} and after.dorada == (0, 0, 0)
    s = position(players=2, track={35: [0]}, dorada=[0, 0, 0], turn=0, roll=6)
    assert play(s, "move 35").dorada == (0, 0, 0, 0)


def test_bridges_in_front_of_the_goal_carry_pieces_towards_dorada() -> None:
    bridges = {36: 1, 37: 1, 38: 1, 39: 1}
    s = position(players=2, track={35: [0]}, bridges=bridges, turn=0, roll=4)
    s = play(s, "move 35")
    assert stacks(s) == {39: (0,)}
    s = position(players=2, track={39: [0]}, bridges=bridges, turn=0, roll=1)
    after = play(s, "move 39")
    assert lost(after) == {**bridges, 40: 0}  # 40 is still open
    s = position(players=2, track={39: [0]}, bridges=bridges, turn=0, roll=2)
    assert play(s, "move 39").dorada == (0,)


# --- Jump fields ------------------------------------------------------------------------------


def test_plus_three_counts_three_free_fields_on_an_empty_path() -> None:
    s = play(dorada.new_game(players=2), "roll 5", "move start")
    assert stacks(s) == {8: (0,)}


def test_plus_three_skips_occupied_fields_and_counts_the_hole_as_free() -> None:
    # 5 (+3): 6 and 7 taken, 8 (1), 9 open hole (2), 10 (3).
    s = position(players=2, track={6: [1], 7: [1, 1]}, turn=0, roll=5)
    assert stacks(play(s, "move start")) == {6: (1,), 7: (1, 1), 10: (0,)}


def test_a_jump_ending_on_an_open_hole_is_lost_and_on_a_bridge_stands() -> None:
    # +3 from 5 with 6 and 7 taken: 8 (1), 9 (2), 10 (3): the hole is passed, not the end.
    s = position(players=2, track={6: [1], 7: [1]}, turn=0, roll=5)
    assert stacks(play(s, "move start"))[10] == (0,)
    # +2 from 14 with 15 and 16 taken: 17 (1), 18 (2): the open hole takes the piece.
    s = position(players=2, track={11: [0], 15: [1], 16: [1]}, turn=0, roll=3)
    after = play(s, "move 11")
    assert lost(after) == {18: 0} and stacks(after) == {15: (1,), 16: (1,)}
    # The same with a bridge in 18: the piece stands on the bridge.
    s = position(players=2, track={11: [0], 15: [1], 16: [1]}, bridges={18: 1}, turn=0, roll=3)
    assert stacks(play(s, "move 11")) == {15: (1,), 16: (1,), 18: (0,)}


def test_a_bridge_holding_pieces_is_skipped_by_a_jump() -> None:
    # +3 from 5: 6, 7, 8 taken, 9 a bridge with a piece on it, 10 (1), 11 (2), 12 gold (3).
    track = {6: [1], 7: [1], 8: [1], 9: [1]}
    s = position(players=2, track=track, bridges={9: 0}, turn=0, roll=5)
    after = play(s, "move start")
    assert after.dorada == (0,) and stacks(after) == {f: (1,) for f in track}


def test_a_jump_onto_gold_goes_to_dorada_and_a_jump_over_gold_does_not() -> None:
    # +3 from 5 with 6, 7, 8, 10 taken: 9 (1), 11 (2), 12 gold (3) -> DORADA.
    s = position(players=3, track={6: [1], 7: [1], 8: [2], 10: [2]}, turn=0, roll=5)
    assert play(s, "move start").dorada == (0,)
    # +4 from 24 on an empty path: 25, 26, 27 gold (passed), 28.
    s = position(players=2, track={21: [0]}, turn=0, roll=3)
    assert stacks(play(s, "move 21")) == {28: (0,)}


def test_a_jump_chain_plus_three_onto_plus_two() -> None:
    # +3 from 5 with 6 7 8 10 11 13 taken: 9 (1), 12 (2), 14 (3); +2 from 14: 15, 16.
    taken = {6: [1], 7: [1], 8: [1], 10: [2], 11: [2], 13: [2]}
    s = position(players=3, track=taken, turn=0, roll=5)
    after = play(s, "move start")
    assert stacks(after) == {**{f: tuple(p) for f, p in taken.items()}, 16: (0,)}


def test_a_jump_onto_the_last_jump_field_goes_to_dorada() -> None:
    # +4 from 24: 25 (1), 26 (2), 27 gold (3); 28 to 32 taken (29 a bridge with a piece on
    # it); 33, the last jump field (4) -> DORADA.
    taken = {28: [1], 29: [2], 30: [1], 31: [1], 32: [2]}
    s = position(players=3, track={22: [0], **taken}, bridges={29: 0}, turn=0, roll=2)
    after = play(s, "move 22")
    assert after.dorada == (0,) and stacks(after) == {f: tuple(p) for f, p in taken.items()}


def test_minus_three_counts_back_free_fields_skipping_pieces() -> None:
    s = position(players=2, track={15: [0]}, turn=0, roll=5)
    assert stacks(play(s, "move 15")) == {17: (0,)}
    # 19 and 17 taken: 18 hole (1), 16 (2), 15 (3).
    s = position(players=2, track={16: [0], 17: [1], 19: [1]}, turn=0, roll=4)
    assert stacks(play(s, "move 16")) == {15: (0,), 17: (1,), 19: (1,)}


def test_minus_three_onto_a_gold_field_goes_to_dorada() -> None:
    # A stands on its own bridge in 18 and rolls 2: 20 (-3) with 19 17 16 15 13 taken:
    # 18, now a bare bridge (1), 14 jump field (2), 12 gold (3) -> DORADA.
    taken = {19: [1], 17: [1], 16: [1], 15: [2], 13: [2]}
    s = position(players=3, track={18: [0], **taken}, bridges={18: 0}, turn=0, roll=2)
    after = play(s, "move 18")
    assert after.dorada == (0,) and lost(after) == {18: 0}
    assert stacks(after) == {f: tuple(p) for f, p in taken.items()}


def test_minus_three_back_to_the_start_field_if_necessary() -> None:
    # Board BACK: 3 (-3): 2 (1), 1 (2), then the start field.
    s = position(players=2, board=BACK, turn=0, roll=3)
    after = play(s, "move start")
    assert after.start == (4, 4) and stacks(after) == {}
    # With 2 taken it still runs out: 1 (1), then the start field.
    s = position(players=2, board=BACK, track={2: [1]}, turn=0, roll=3)
    after = play(s, "move start")
    assert after.start == (4, 3) and stacks(after) == {2: (1,)}
    # A piece coming from the path goes back to its own start field.
    s = position(players=2, board=BACK, track={1: [1]}, start=[4, 3], turn=1, roll=2)
    after = play(s, "move 1")
    assert after.start == (4, 4) and stacks(after) == {}


def test_a_jump_running_out_forward_reaches_dorada() -> None:
    # Board BACK: 6 (+3) with 7 8 11 12 taken: 9 gold (1), 10 last jump (2), then past 12.
    s = position(players=3, board=BACK, track={7: [1], 8: [1], 11: [2], 12: [2]}, turn=0, roll=6)
    assert play(s, "move start").dorada == (0,)


def test_a_jump_chain_that_would_repeat_a_jump_stops_on_the_field_just_reached() -> None:
    # Board LOOP: 2 (+2) with 3 taken: 4 (1), 5 (2); 5 (-2): 4 (1), 3 taken, 2 (2); jumping
    # from 2 forward again would repeat the chain, so the piece stays on 2.
    s = position(players=2, board=LOOP, track={3: [1]}, turn=0, roll=2)
    after = play(s, "move start")
    assert stacks(after) == {2: (0,), 3: (1,)}
    # The piece stopped there is free and moves on like any other (B first enters on 3).
    s = play(after, "roll 3", "move start", "roll 4")
    assert moves(s) == ["move start", "move 2"]
    assert stacks(play(s, "move 2")) == {3: (1, 1), 6: (0,)}


def test_a_jump_counts_gold_fields_and_open_holes_as_free_on_its_way() -> None:
    # +4 from 24 with 25 26 28 30 31 taken: 27 gold (1), 29 open hole (2), 32 (3), 33 (4),
    # the last jump field -> DORADA; neither the gold field nor the hole acted.
    taken = {25: [1], 26: [1], 28: [1], 30: [2], 31: [2]}
    s = position(players=3, track={21: [0], **taken}, turn=0, roll=3)
    after = play(s, "move 21")
    assert after.dorada == (0,) and lost(after) == {}


# --- Gold, last jump field, goal ---------------------------------------------------------------


def test_gold_fields_by_the_die_go_straight_into_dorada() -> None:
    for origin, die in ((8, 4), (10, 2), (21, 6), (25, 2)):
        s = position(players=2, track={origin: [0]}, turn=0, roll=die)
        after = play(s, f"move {origin}")
        assert after.dorada == (0,) and stacks(after) == {}


def test_the_last_jump_field_by_the_die_lands_safely_in_dorada() -> None:
    for origin in (28, 30, 32):
        s = position(players=2, track={origin: [0]}, dorada=[1], turn=0, roll=33 - origin)
        assert play(s, f"move {origin}").dorada == (1, 0)


def test_the_goal_needs_no_exact_roll_surplus_lapses() -> None:
    s = position(players=2, track={38: [0]}, bridges={38: 1, 39: 1}, turn=0, roll=6)
    assert play(s, "move 38").dorada == (0,)
    s = position(players=2, track={38: [0]}, bridges={38: 1, 40: 1}, turn=0, roll=3)
    assert play(s, "move 38").dorada == (0,)


def test_dorada_stacks_arrivals_in_order_the_last_on_top() -> None:
    s = position(players=3, track={10: [0], 11: [1], 30: [2]}, turn=0, roll=2)
    s = play(s, "move 10", "roll 1", "move 11", "roll 3", "move 30")
    assert s.dorada == (0, 1, 2)
    assert scores(s) == (60, 80, 100)


# --- Elimination, turn order, end -------------------------------------------------------------


def test_a_player_who_loses_the_last_piece_is_out_and_skipped() -> None:
    s = position(
        players=3,
        track={6: [1], 2: [0], 3: [2]},
        bridges={18: 1, 23: 1, 29: 1},
        start=[3, 0, 3],
        turn=1,
        roll=3,
    )
    s = play(s, "move 6")
    assert lost(s)[9] == 1 and s.to_move == 2
    s = play(s, "roll 1", "move 3", "roll 1", "move 2", "roll 1")
    assert s.to_move == 2  # player 1 is skipped for good


def test_players_with_nothing_in_play_are_skipped_in_turn_order() -> None:
    # D has all pieces home, B all lost: after A comes C, after C comes A.
    s = position(
        players=4,
        track={2: [0], 3: [2]},
        bridges={9: 1, 18: 1, 23: 1, 29: 1},
        dorada=[3, 3, 3, 3],
        start=[3, 0, 3, 0],
        turn=0,
        roll=2,
    )
    s = play(s, "move 2")
    assert s.to_move == 2
    s = play(s, "roll 1", "move 3")
    assert s.to_move == 0


def test_the_last_player_in_play_keeps_taking_turns() -> None:
    s = position(
        players=2,
        track={30: [0]},
        bridges={9: 1, 18: 1, 23: 1, 29: 1},
        dorada=[0, 0],
        start=[1, 0],
        turn=0,
        roll=1,
    )
    s = play(s, "move 30")
    assert s.to_move == 0 and dorada.current_player(s) == br.CHANCE


def test_the_game_ends_when_every_piece_is_home_or_lost() -> None:
    s = position(
        players=2,
        track={32: [1]},
        bridges={9: 0, 18: 0, 23: 1},
        dorada=[0, 1, 0, 1],
        start=[0, 0],
        turn=1,
        roll=1,
    )
    end = play(s, "move 32")
    assert dorada.is_terminal(end) and dorada.legal_moves(end) == ()
    assert dorada.current_player(end) == br.TERMINAL and dorada.chance_outcomes(end) == ()
    assert end.dorada == (0, 1, 0, 1, 1)
    # Last arrival on top: B 100 + 80 + 50, A 60 + 40.
    assert scores(end) == (100, 230)
    assert dorada.returns(end) == (0.0, 1.0)
    assert dorada.evaluate(end) == dorada.returns(end)


def test_the_game_also_ends_when_the_last_piece_falls_into_a_hole() -> None:
    s = position(
        players=2,
        track={6: [1]},
        bridges={18: 0, 23: 1},
        dorada=[0, 1, 0, 1, 0],
        start=[0, 0],
        turn=1,
        roll=3,
    )
    end = play(s, "move 6")
    assert dorada.is_terminal(end) and lost(end)[9] == 1
    assert scores(end) == (100 + 60 + 40, 80 + 50)


# --- Scoring and winners ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stack", "points"),
    [
        ([0], (100, 0)),
        ([0, 1], (80, 100)),
        ([1, 1, 1, 0, 0, 0, 0], (100 + 80 + 60 + 50, 40 + 30 + 20)),
        ([0] * 4 + [1] * 4, (40 + 30 + 20 + 10, 100 + 80 + 60 + 50)),
    ],
)
def test_the_scoring_table_from_the_top_of_the_stack(
    stack: list[int], points: tuple[int, int]
) -> None:
    # Pieces not in DORADA are lost in the first holes.
    holes = iter(dorada.CLASSIC_40.stumble)
    bridges = {next(holes): p for p in (0, 1) for _ in range(4 - stack.count(p))}
    s = position(players=2, dorada=stack, bridges=bridges)
    assert dorada.is_terminal(s)
    assert scores(s) == points


def test_the_scoring_table_below_the_seventh_piece_is_ten_each() -> None:
    stack = [p for p in range(4) for _ in range(4)]  # A at the bottom, D on top
    s = position(players=4, dorada=stack)
    assert dorada.is_terminal(s)
    # From the top: D 100 80 60 50, C 40 30 20 10, B 10 x4, A 10 x4.
    assert scores(s) == (40, 40, 100, 290)


# Bottom first; from the top C 100, B 80, A 60, B 50, A 40, A 30: A 130, B 130, C 100.
TIED: dict[str, Any] = {
    "players": 3,
    "dorada": [0, 0, 1, 0, 1, 2],
    "bridges": {9: 0, 18: 1, 23: 1, 29: 2, 36: 2, 37: 2},
}


def test_a_tie_shares_the_win() -> None:
    s = position(**TIED)
    assert dorada.is_terminal(s) and scores(s) == (130, 130, 100)
    assert winners(s) == (0, 1)
    assert dorada.returns(s) == (1.0, 1.0, 0.0)


def test_the_tie_break_option_the_highest_piece_among_the_tied_wins() -> None:
    # C owns the top piece but is not tied; among A and B, B's piece lies higher.
    s = position(**TIED, tie_break="highest-piece")
    assert winners(s) == (1,)
    assert dorada.returns(s) == (0.0, 1.0, 0.0)


def test_returns_are_zero_before_the_end_while_scores_are_running() -> None:
    s = position(players=2, track={30: [0]}, dorada=[1], turn=0, roll=1)
    assert scores(s) == (0, 100)
    assert dorada.returns(s) == (0.0, 0.0)
    assert all(0.0 <= v <= 1.0 for v in dorada.evaluate(s))


def test_everybody_out_nobody_wins() -> None:
    # Interpretation (both documents silent): with every piece lost nobody scores; a player
    # who is out does not win, so returns are all 0.0.
    board = {
        "name": "tiny",
        "fields": 10,
        "stumble": [1, 2, 3, 4, 6, 7, 8, 9],
        "jumps": [[5, 1]],
        "gold": [],
        "last_jump": 5,
    }
    s = position(players=2, board=board, bridges={1: 0, 2: 0, 3: 0, 4: 0, 6: 1, 7: 1, 8: 1, 9: 1})
    assert dorada.is_terminal(s) and scores(s) == (0, 0)
    assert winners(s) == () and dorada.returns(s) == (0.0, 0.0)


# --- A whole game fragment from new_game in notation -------------------------------------------


def test_a_sequence_from_new_game_in_notation() -> None:
    s = dorada.new_game(players=2)
    s = play(s, "roll 5", "move start")  # A: 5 (+3) -> 8
    s = play(s, "roll 3", "move start")  # B: 3
    s = play(s, "roll 1")  # A may enter or fall into 9
    assert moves(s) == ["move start", "move 8"]
    s = play(s, "move 8")  # A lost in 9: bridge
    assert lost(s) == {9: 0}
    s = play(s, "roll 6", "move 3")  # B onto the bridge 9
    assert stacks(s) == {9: (1,)}
    s = play(s, "roll 4", "move start")  # A: 4
    s = play(s, "roll 3", "move 9")  # B: 12 gold -> DORADA
    assert s.dorada == (1,) and stacks(s) == {4: (0,)}
    s = play(s, "roll 5", "move 4")  # A: 9 the bridge, free again
    assert stacks(s) == {9: (0,)}
    s = play(s, "roll 2", "move start")  # B: 2
    s = play(s, "roll 5", "move 9")  # A: 14 (+2) -> 15, 16
    assert stacks(s) == {2: (1,), 16: (0,)}
    s = play(s, "roll 3", "move 2")  # B: 5 (+3): 6, 7, 8
    s = play(s, "roll 4", "move 16")  # A: 20 (-3): 19, 18 (hole, free), 17
    assert stacks(s) == {8: (1,), 17: (0,)}
    s = play(s, "roll 1", "move 8")  # B: into the bridge 9 as a normal field
    s = play(s, "roll 1", "move 17")  # A: 18 open hole -> lost
    assert lost(s) == {9: 0, 18: 0} and stacks(s) == {9: (1,)}
    assert s.start == (2, 2) and scores(s) == (0, 100)
    copy = br.from_json(br.to_json(s))
    assert copy == s and hash(copy) == hash(s)
    assert dorada.legal_moves(copy) == dorada.legal_moves(s)


# --- Options, JSON, user boards ---------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 5},
        {"players": True},
        {"players": "4"},
        {"first_player": 2, "players": 2},
        {"first_player": -1},
        {"tie_break": "coin"},
        {"board": "classic-41"},
        {"colour": "red"},
        {"board": {"fields": 10, "last_jump": 4}},
    ],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(br.InvalidOptionError):
        dorada.new_game(**options)


def test_options_round_trip_through_options_of() -> None:
    s = dorada.new_game(players=3, first_player=1, tie_break="highest-piece", board=LOOP)
    opts = dorada.options_of(s)
    assert json.loads(json.dumps(opts)) == opts
    assert dorada.new_game(**opts) == s


def test_json_round_trip_of_a_rich_position_and_a_terminal_one() -> None:
    s = position(
        players=3,
        first_player=2,
        track={7: [1, 0], 9: [2, 2], 30: [0]},
        bridges={9: 1, 18: 0},
        dorada=[2, 1],
        turn=2,
        roll=4,
    )
    copy = br.from_json(br.to_json(s))
    assert copy == s and dorada.legal_moves(copy) == dorada.legal_moves(s)
    end = position(players=2, bridges={9: 0, 18: 1}, dorada=[0, 0, 1, 0, 1, 1])
    assert br.from_json(br.to_json(end)) == end


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda b: b.update(start=[4, 4, 4]), "start"),
        (lambda b: b["track"].update({"9": [0]}), "track"),  # open hole
        (lambda b: b["track"].update({"12": [0]}), "track"),  # gold field
        (lambda b: b["track"].update({"33": [0]}), "track"),  # last jump field
        (lambda b: b["bridges"].update({"10": 0}), "bridges"),  # not a hole
        (lambda b: b.update(die=7), "die"),
        (lambda b: b.update(to_move=2), "to_move"),
        (lambda b: b.update(dorada=[0, 0, 0, 0, 0]), "start"),
    ],
)
def test_impossible_documents_are_refused_naming_the_field(change: Any, field: str) -> None:
    doc = json.loads(br.to_json(position(players=2, track={3: [0]}, turn=0, roll=2)))
    change(doc["state"])
    with pytest.raises(br.StateFormatError, match=field):
        br.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    "spec",
    [
        {"fields": 10, "jumps": [[4, 2]], "last_jump": 5},  # not a jump field
        {"fields": 10, "jumps": [[4, 2]], "stumble": [4], "last_jump": 4},  # two kinds
        {"fields": 10, "jumps": [[3, 2], [5, -2], [8, 1]], "last_jump": 8},  # 3 <-> 5 loop
        {"fields": 10, "jumps": [[4, 2]], "gold": [11], "last_jump": 4},  # out of range
        {"fields": 10, "jumps": [[4, 2]]},  # no last jump
    ],
)
def test_invalid_user_boards_are_refused(spec: dict[str, Any]) -> None:
    with pytest.raises(br.InvalidOptionError, match="board field"):
        dorada.new_game(players=2, board=spec)


# --- Differential test against a reference model written from the documents ------------------


def reference_after(state: State, origin: int) -> dict[str, Any]:
    """What the documents say a move of the piece on ``origin`` (0: start) leads to."""
    board = state.options.board
    n, p = board.fields, state.to_move
    track = {f: list(s) for f, s in enumerate(state.track) if s}
    start = list(state.start)
    bridges = {f: o for f, o in enumerate(state.bridges) if o != -1}
    goal = list(state.dorada)
    if origin:
        assert track[origin][-1] == p
        track[origin].pop()
        if not track[origin]:
            del track[origin]
    else:
        start[p] -= 1
    at = origin + state.die
    seen: set[tuple[int, int]] = set()
    while True:
        if at > n:
            goal.append(p)
            break
        if at <= 0:
            start[p] += 1
            break
        kind = board.kind(at)
        if kind in (Field.GOLD, Field.LAST_JUMP):
            goal.append(p)
            break
        if kind is Field.STUMBLE and at not in bridges:
            bridges[at] = p
            break
        if kind is Field.JUMP:
            step = 1 if board.jump_by[at] > 0 else -1
            if (at, step) in seen:
                track.setdefault(at, []).append(p)
                break
            seen.add((at, step))
            left = abs(board.jump_by[at])
            while left and 0 < at <= n:
                at += step
                if 0 < at <= n and at not in track:
                    left -= 1
            continue
        track.setdefault(at, []).append(p)
        break
    players = state.options.players
    in_play = [q for q in range(players) if goal.count(q) + list(bridges.values()).count(q) < 4]
    following = [(p + k) % players for k in range(1, players + 1)]
    to_move = next((q for q in following if q in in_play), br.TERMINAL)
    return {
        "start": tuple(start),
        "track": {f: tuple(s) for f, s in track.items()},
        "bridges": bridges,
        "dorada": tuple(goal),
        "to_move": to_move,
    }


def reference_moves(state: State) -> list[str]:
    p = state.to_move
    found = ["move start"] if state.start[p] else []
    found += [f"move {f}" for f, s in enumerate(state.track) if s and s[-1] == p]
    return found or ["pass"]


@pytest.mark.parametrize(
    ("board", "players", "seed"),
    [("classic-40", 4, 1), ("classic-40", 2, 2), ("classic-40", 3, 3), (LOOP, 4, 4), (BACK, 3, 5)],
)
def test_every_move_of_random_games_matches_the_reference_model(
    board: Any, players: int, seed: int
) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        s = dorada.new_game(players=players, board=board)
        while not dorada.is_terminal(s):
            s = dorada.apply_move(s, rng.choice(dorada.legal_moves(s)))
            assert moves(s) == reference_moves(s)
            for move in dorada.legal_moves(s):
                after = dorada.apply_move(s, move)
                if not isinstance(move, dorada.Advance):
                    continue
                got = {
                    "start": after.start,
                    "track": stacks(after),
                    "bridges": lost(after),
                    "dorada": after.dorada,
                    "to_move": after.to_move,
                }
                assert got == reference_after(s, move.field), (dorada.render(s), str(move))
            s = dorada.apply_move(s, rng.choice(dorada.legal_moves(s)))


def random_board(rng: random.Random) -> dict[str, Any] | None:
    """Random board data (dense in special fields), or None when the board is invalid."""
    fields = rng.randint(6, 20)
    kinds = [rng.choice("..sjjg") for _ in range(fields)]
    spec: dict[str, Any] = {
        "name": "random",
        "fields": fields,
        "stumble": [f + 1 for f, k in enumerate(kinds) if k == "s"],
        "gold": [f + 1 for f, k in enumerate(kinds) if k == "g"],
        "jumps": [
            [f + 1, rng.choice([-4, -3, -2, -1, 1, 2, 3, 4])]
            for f, k in enumerate(kinds)
            if k == "j"
        ],
    }
    if not spec["jumps"]:
        return None
    spec["last_jump"] = rng.choice(spec["jumps"])[0]
    try:
        dorada.board_from_spec(spec)
    except br.InvalidOptionError:
        return None
    return spec


def test_every_move_on_random_user_boards_matches_the_reference_model() -> None:
    rng = random.Random(7)
    checked = 0
    while checked < 80:
        board = random_board(rng)
        if board is None:
            continue
        checked += 1
        for _ in range(5):
            s = dorada.new_game(players=rng.randint(2, 4), board=board)
            while not dorada.is_terminal(s):
                s = dorada.apply_move(s, rng.choice(dorada.legal_moves(s)))
                assert moves(s) == reference_moves(s)
                for move in dorada.legal_moves(s):
                    if isinstance(move, dorada.Advance):
                        after = dorada.apply_move(s, move)
                        got = {
                            "start": after.start,
                            "track": stacks(after),
                            "bridges": lost(after),
                            "dorada": after.dorada,
                            "to_move": after.to_move,
                        }
                        assert got == reference_after(s, move.field), (board, dorada.render(s))
                s = dorada.apply_move(s, rng.choice(dorada.legal_moves(s)))
