"""One test per clause of the Parchís rulebook and per ruling of shared/rules/parchis.md,
each from a concrete position.  Square numbers are the printed ones; 2 players are yellow
(exit 5) and red (exit 39); 4 players yellow, blue (22), red (39), green (56)."""

from __future__ import annotations

import random

import pytest

import boardrules as br
from boardrules import parchis as P
from boardrules._fitted import win_chances
from boardrules.parchis._evaluation import WEIGHTS
from boardrules.parchis._features import CLASSES, FEATURES, features
from boardrules.parchis._tables import TABLE_2, WEIGHTS_2
from boardrules.parchis._tables4 import TABLE_4, WEIGHTS_4
from boardrules.testing import play, random_play


def moves(s: P.State) -> list[str]:
    return sorted(str(m) for m in P.legal_moves(s))


def squares(s: P.State) -> dict[str, list[str]]:
    """Each occupied square with its colours in order of arrival."""
    return P.encode(s)["squares"]  # type: ignore[no-any-return]


def nest(s: P.State, colour: str) -> int:
    seat = [P.BOARD.colours[c] for c in s.options.colours].index(colour)
    return s.pos[4 * seat : 4 * seat + 4].count(P.NEST)


def goal(s: P.State, colour: str) -> int:
    return P.encode(s)["goal"][colour]  # type: ignore[no-any-return]


# Antes de comenzar / board rulings -------------------------------------------------------


def test_all_pieces_start_in_the_nest() -> None:
    s = P.new_game(players=4)
    assert s.pos == (P.NEST,) * 16 and squares(s) == {}
    assert br.current_player(s) == br.CHANCE and s.colour == "yellow"


def test_first_player_is_an_option() -> None:
    assert P.new_game(players=3, first_player=2).colour == "red"
    with pytest.raises(br.InvalidOptionError, match="first_player"):
        P.new_game(players=2, first_player=2)


def test_default_colours_for_two_three_and_four_players() -> None:
    assert P.options_of(P.new_game(players=2))["colours"] == ["yellow", "red"]
    assert P.options_of(P.new_game(players=3))["colours"] == ["yellow", "blue", "red"]
    assert P.options_of(P.new_game())["colours"] == ["yellow", "blue", "red", "green"]
    s = P.new_game(players=2, colours=["blue", "green"])
    assert s.colour == "blue"
    assert P.new_game(players=2, colours=["Blue", "GREEN"]) == s
    assert P.new_game(colours=["yellow", "blue", "green"]).options.players == 3
    with pytest.raises(br.InvalidOptionError, match="2, 3 or 4 colours"):
        P.new_game(colours=["yellow"])
    with pytest.raises(br.InvalidOptionError, match="turn order"):
        P.new_game(players=2, colours=["red", "yellow"])


def test_turn_order_is_yellow_blue_red_green() -> None:
    s = P.new_game()
    seen = []
    for _ in range(4):
        seen.append(s.colour)
        s = play(s, "roll 3", "pass")
    assert seen == ["yellow", "blue", "red", "green"] and s.colour == "yellow"


def test_exits_and_safe_squares_are_as_ruled() -> None:
    assert P.BOARD.exits == (5, 22, 39, 56)
    assert sorted(P.BOARD.safe_squares) == [5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68]


def test_pieces_move_counter_clockwise_and_the_track_wraps_from_68_to_1() -> None:
    s = P.position({"blue": [66]}, turn="blue", roll=4)
    s = play(s, "66+4")
    assert squares(s) == {"2": ["blue"]}


def test_lane_follows_the_colours_last_track_square() -> None:
    yellow = play(P.position({"yellow": [68]}, roll=1), "68+1")
    assert squares(yellow) == {"yellow L1": ["yellow"]}
    blue = play(P.position({"blue": [15]}, turn="blue", roll=4), "15+4")
    assert squares(blue) == {"blue L2": ["blue"]}


def test_a_piece_needs_71_steps_from_its_exit_to_the_goal() -> None:
    # 63 along the track from the exit (5 -> 68), 7 in the lane, 1 into the goal.
    s = P.position({"yellow": [5, "goal", "goal", "goal"]}, roll=6, sixes=1)
    assert moves(s) == ["5+7"]
    s = P.position({"yellow": ["L7"]}, roll=1)
    assert goal(play(s, "L7+1"), "yellow") == 1


# Reglas básicas ------------------------------------------------------------------------


def test_player_must_move_when_a_move_exists() -> None:
    s = P.position({"yellow": [10]}, roll=3)
    assert moves(s) == ["10+3"]
    with pytest.raises(br.IllegalMoveError):
        P.parse_move(s, "pass")


def test_no_legal_move_is_an_explicit_pass() -> None:
    s = play(P.new_game(), "roll 3")
    assert moves(s) == ["pass"] and br.current_player(s) == 0
    assert play(s, "pass") == P.position(turn="blue")  # the roll is lost


def test_six_gives_another_roll() -> None:
    s = play(P.position({"yellow": [10]}, roll=6), "10+6")
    assert br.current_player(s) == br.CHANCE and s.colour == "yellow" and s.sixes == 1


def test_turn_passes_to_the_next_player_after_any_other_roll() -> None:
    s = play(P.position({"yellow": [10]}, roll=3), "10+3")
    assert s.colour == "blue" and s.sixes == 0


def test_pieces_in_nest_and_goal_cannot_move() -> None:
    s = P.position({"yellow": ["goal", 10]}, roll=2)
    assert moves(s) == ["10+2"]


def test_no_piece_lands_on_a_square_with_two_pieces() -> None:
    s = P.position({"blue": [29], "red": [29], "yellow": [25, 20]}, roll=4)
    assert moves(s) == ["20+4"]
    # The full square stops the piece that would land there, not the pieces behind it.
    s = P.position({"blue": [12], "red": [12], "yellow": [8, 20]}, roll=4)
    assert moves(s) == ["20+4"]


def test_the_goal_holds_more_than_two_pieces() -> None:
    s = P.position({"yellow": ["goal", "goal", "L6", 10]}, roll=2)
    s = play(s, "L6+2")
    assert goal(s, "yellow") == 3


# Sobre el 5 ---------------------------------------------------------------------------


def test_five_must_bring_a_piece_out() -> None:
    s = P.position({"yellow": [10]}, roll=5)
    assert moves(s) == ["out"]
    s = play(s, "out")
    assert squares(s) == {"5": ["yellow"], "10": ["yellow"]} and nest(s, "yellow") == 2
    assert s.colour == "blue"


def test_five_moves_another_piece_when_the_nest_is_empty() -> None:
    s = P.position({"yellow": [10, 20, 30, 40]}, roll=5)
    assert moves(s) == ["10+5", "20+5", "30+5", "40+5"]


def test_five_moves_another_piece_when_the_exit_holds_two_own_pieces() -> None:
    s = P.position({"yellow": [5, 5]}, roll=5)
    assert moves(s) == ["5+5"]


def test_variant_first_five_brings_two_pieces_out() -> None:
    s = play(P.new_game(players=2, two_out_on_first_five=True), "roll 5", "out")
    assert squares(s) == {"5": ["yellow", "yellow"]} and nest(s, "yellow") == 2
    # Only the first bring-out of the game brings two.
    s = P.position({"yellow": [10]}, roll=5, players=2, two_out_on_first_five=True)
    assert squares(play(s, "out")) == {"5": ["yellow"], "10": ["yellow"]}
    plain = play(P.new_game(players=2), "roll 5", "out")
    assert squares(plain) == {"5": ["yellow"]}


def test_coming_out_onto_a_full_exit_eats_the_last_arrived_opponent() -> None:
    s = P.position({"blue": [5], "green": [5], "yellow": [40]}, roll=5)
    s = play(s, "out")
    assert squares(s)["5"] == ["blue", "yellow"] and nest(s, "green") == 4
    assert s.count == 20 and moves(s) == ["40+20", "5+20"]


def test_the_twenty_after_eating_on_the_exit_is_counted_not_spent_on_another_five() -> None:
    # The bonus keeps the 5 that earned it as its roll, and pieces are still in the nest
    # with the exit open to a capture: the bonus is still 20 squares for a piece, also in
    # the state read back from JSON (which lists its moves afresh).
    s = P.position({"blue": [5], "green": [5], "yellow": [40]}, roll=5)
    s = play(s, "out")
    again = br.from_json(br.to_json(s))
    assert again == s and again.roll == 5 and moves(again) == ["40+20", "5+20"]


def test_coming_out_eats_the_opponent_sharing_the_exit_with_an_own_piece() -> None:
    s = P.position({"blue": [5], "yellow": [5]}, roll=5)
    s = play(s, "out")
    assert squares(s)["5"] == ["yellow", "yellow"] and nest(s, "blue") == 4
    assert s.count == 20


def test_option_no_exit_capture_blocks_a_full_exit() -> None:
    s = P.position({"blue": [5], "green": [5], "yellow": [30]}, roll=5, exit_capture=False)
    assert moves(s) == ["30+5"]


# Sobre el 6 ---------------------------------------------------------------------------


def test_six_counts_seven_when_no_piece_at_home() -> None:
    s = P.position({"yellow": [10, 20, 30, 40]}, roll=6)
    assert s.count == 7 and moves(s) == ["10+7", "20+7", "30+7", "40+7"]


def test_six_counts_six_with_a_piece_at_home() -> None:
    s = P.position({"yellow": [10]}, roll=6)
    assert moves(s) == ["10+6"]


def test_pieces_in_the_goal_do_not_stop_six_counting_seven() -> None:
    s = P.position({"yellow": [10, "goal", "goal", "goal"]}, roll=6)
    assert moves(s) == ["10+7"]


def test_third_six_sends_the_last_moved_piece_home() -> None:
    s = P.position({"yellow": [10, 20]}, sixes=2, last=20)
    s = play(s, "roll 6")
    assert squares(s) == {"10": ["yellow"]} and nest(s, "yellow") == 3


def test_third_six_is_lost_with_a_forced_pass_that_ends_the_turn() -> None:
    s = play(P.position({"yellow": [10, 20]}, sixes=2, last=20), "roll 6")
    assert br.current_player(s) == 0 and moves(s) == ["pass"]
    assert (s.roll, s.count, s.sixes, s.last) == (6, 0, 3, P.NEST)  # nothing left to count
    with pytest.raises(br.IllegalMoveError, match="third 6"):
        P.apply_move(s, P.Move(P._state.MOVE, 0, 5, 6))
    s = play(s, "pass")
    assert s.colour == "blue" and br.current_player(s) == br.CHANCE and s.sixes == 0


def test_third_six_spares_a_piece_in_its_lane_but_the_roll_is_lost() -> None:
    s = P.position({"yellow": [10, "L3"]}, sixes=2, last="L3")
    after = play(s, "roll 6", "pass")
    assert squares(after) == squares(s) and after.colour == "blue"


def test_third_six_with_no_piece_moved_does_nothing() -> None:
    s = P.position({"yellow": [10]}, sixes=2)
    after = play(s, "roll 6", "pass")
    assert squares(after) == squares(s) and after.colour == "blue"
    s = P.position({"yellow": [10, 20, 30, 40]}, sixes=2)  # no piece in the nest either
    after = play(s, "roll 6", "pass")
    assert P.pieces(after) == P.pieces(s) and after.colour == "blue"


def test_third_six_sends_a_piece_on_its_last_track_square_home() -> None:
    s = P.position({"yellow": [68, 10]}, sixes=2, last=68)  # 68: yellow's last before L1
    s = play(s, "roll 6")
    assert squares(s) == {"10": ["yellow"]} and nest(s, "yellow") == 3


def test_third_six_counts_bonus_moves_as_the_last_move() -> None:
    s = P.position({"yellow": ["L1", 10, 20, 30]}, roll=6, sixes=2)
    s = play(s, "L1+7")  # into the goal: count 10
    assert moves(s) == ["10+10", "20+10", "30+10"]
    s = play(s, "20+10", "roll 6")  # the third six punishes the bonus piece, now on 30
    assert squares(s) == {"10": ["yellow"], "30": ["yellow"]} and nest(s, "yellow") == 1


def test_variant_third_six_sends_a_lane_piece_to_the_lanes_first_square() -> None:
    s = P.position({"yellow": [10, "L3"]}, sixes=2, last="L3", third_six_back_to_lane_start=True)
    assert squares(play(s, "roll 6")) == {"10": ["yellow"], "yellow L1": ["yellow"]}
    # A piece on the lane's first square already, or in the goal, stays where it is.
    s = P.position({"yellow": [10, "L1"]}, sixes=2, last="L1", third_six_back_to_lane_start=True)
    assert squares(play(s, "roll 6")) == squares(s)
    s = P.position(
        {"yellow": [10, "goal"]}, sixes=2, last="goal", third_six_back_to_lane_start=True
    )
    after = play(s, "roll 6", "pass")
    assert squares(after) == squares(s) and goal(after, "yellow") == 1
    # With no piece moved this turn, nothing moves either.
    s = P.position({"yellow": [10, "L3"]}, sixes=2, third_six_back_to_lane_start=True)
    assert P.pieces(play(s, "roll 6")) == P.pieces(s)


# Sobre las barreras --------------------------------------------------------------------


def test_no_piece_passes_a_barrier() -> None:
    s = P.position({"red": [15, 15], "yellow": [12, 30]}, roll=4, players=2)
    assert moves(s) == ["30+4"]


def test_own_pieces_do_not_pass_their_own_barrier() -> None:
    s = P.position({"yellow": [15, 15, 12]}, roll=4)
    assert moves(s) == ["15+4"]


def test_no_piece_lands_on_a_barrier() -> None:
    s = P.position({"red": [16, 16], "yellow": [12]}, roll=4, players=2)
    assert moves(s) == ["pass"]


def test_a_barrier_in_the_lane_blocks_too() -> None:
    s = P.position({"yellow": ["L2", "L2", 66, "goal"]}, roll=4)
    assert moves(s) == ["L2+4"]


def test_barrier_on_an_exit_blocks_passing_pieces() -> None:
    s = P.position({"blue": [22, 22], "yellow": [20]}, roll=4)
    assert moves(s) == ["pass"]


def test_six_must_open_a_barrier() -> None:
    s = P.position({"yellow": [20, 20, 30, 40]}, roll=6)
    assert moves(s) == ["20+7"]
    s = play(s, "20+7")
    assert squares(s)["20"] == ["yellow"] and squares(s)["27"] == ["yellow"]


def test_six_must_open_a_barrier_when_it_counts_six_too() -> None:
    s = P.position({"yellow": [20, 20, 30]}, roll=6)
    assert moves(s) == ["20+6"]


def test_six_need_not_open_a_barrier_whose_pieces_cannot_move() -> None:
    s = P.position({"red": [23, 23], "yellow": [20, 20, 30]}, roll=6, players=2)
    assert moves(s) == ["30+6"]


def test_six_with_two_barriers_lets_the_player_choose() -> None:
    s = P.position({"yellow": [20, 20, 40, 40]}, roll=6)
    assert moves(s) == ["20+7", "40+7"]


def test_other_rolls_need_not_open_a_barrier() -> None:
    s = P.position({"yellow": [20, 20, 30]}, roll=3)
    assert moves(s) == ["20+3", "30+3"]


def test_variant_barriers_only_on_safe_squares() -> None:
    s = P.position({"red": [16, 16], "yellow": [12]}, roll=6, players=2, barriers_on_safe_only=True)
    assert moves(s) == ["12+6"]
    s = P.position({"red": [16, 16], "yellow": [12]}, roll=4, players=2, barriers_on_safe_only=True)
    assert moves(s) == ["pass"]  # still no third piece on a square
    s = P.position({"red": [17, 17], "yellow": [12]}, roll=6, players=2, barriers_on_safe_only=True)
    assert moves(s) == ["pass"]


# Sobre comer ---------------------------------------------------------------------------


def test_landing_on_a_lone_opponent_eats_it() -> None:
    s = play(P.position({"yellow": [10], "red": [14]}, roll=4, players=2), "10+4")
    assert squares(s) == {"14": ["yellow"]} and nest(s, "red") == 4


def test_eating_counts_twenty_at_once_before_the_repeat_roll() -> None:
    s = play(P.position({"yellow": [10], "red": [16]}, roll=6, players=2), "10+6")
    assert br.current_player(s) == 0 and s.count == 20 and moves(s) == ["16+20"]
    s = play(s, "16+20")
    assert squares(s) == {"36": ["yellow"]} and br.current_player(s) == br.CHANCE
    assert s.colour == "yellow"


def test_a_bonus_move_that_eats_earns_another_twenty() -> None:
    s = P.position({"yellow": [10, 40], "red": [14, 60]}, roll=4, players=2)
    s = play(s, "10+4")
    assert moves(s) == ["14+20", "40+20"]
    s = play(s, "40+20")
    assert nest(s, "red") == 4 and s.count == 20 and moves(s) == ["14+20"]


def test_no_capture_on_a_safe_square() -> None:
    s = play(P.position({"yellow": [8], "red": [12]}, roll=4, players=2), "8+4")
    assert squares(s) == {"12": ["red", "yellow"]} and s.colour == "red"


def test_no_capture_on_an_exit() -> None:
    s = play(P.position({"yellow": [35], "red": [39]}, roll=4, players=2), "35+4")
    assert squares(s) == {"39": ["red", "yellow"]}


def test_a_captured_piece_goes_to_its_own_nest() -> None:
    s = play(P.position({"yellow": [10], "green": [14, 60]}, roll=4), "10+4")
    assert nest(s, "green") == 3 and nest(s, "yellow") == 3


# Sobre la meta y el fin del juego --------------------------------------------------------


def test_the_goal_needs_an_exact_count() -> None:
    assert moves(P.position({"yellow": ["L5", "goal", "goal", "goal"]}, roll=4)) == ["pass"]
    assert moves(P.position({"yellow": ["L5", "goal", "goal", "goal"]}, roll=3)) == ["L5+3"]


def test_a_piece_that_would_pass_the_goal_cannot_move_but_another_can() -> None:
    s = P.position({"yellow": ["L5", 10]}, roll=4)
    assert moves(s) == ["10+4"]


def test_reaching_the_goal_counts_ten_with_another_piece() -> None:
    s = play(P.position({"yellow": ["L5", 10]}, roll=3), "L5+3")
    assert s.count == 10 and moves(s) == ["10+10"]
    assert squares(play(s, "10+10")) == {"20": ["yellow"]}


def test_an_unusable_bonus_is_lost() -> None:
    s = play(P.position({"yellow": ["L5", "L6"]}, roll=3), "L5+3")
    assert s.colour == "blue" and br.current_player(s) == br.CHANCE


def test_a_bonus_of_twenty_can_enter_the_goal() -> None:
    s = play(P.position({"yellow": [10, 56], "red": [14]}, roll=4, players=2), "10+4")
    assert "56+20" in moves(s)
    assert goal(play(s, "56+20"), "yellow") == 1


def test_a_finished_player_no_longer_rolls() -> None:
    s = P.position({"yellow": ["L7", "goal", "goal", "goal"]}, roll=1, players=3)
    s = play(s, "L7+1")
    assert s.finished == (0,) and s.colour == "blue"
    assert s == P.position({"yellow": ["goal"] * 4}, turn="blue", finished=["yellow"], players=3)
    s = play(s, "roll 2", "pass", "roll 2", "pass")
    assert s.colour == "blue"


def test_finishing_on_a_six_passes_the_turn() -> None:
    s = P.position({"yellow": ["L1", "goal", "goal", "goal"]}, roll=6)
    s = play(s, "L1+7")
    assert s.finished == (0,) and s.colour == "blue" and s.sixes == 0


def test_the_game_ends_when_one_player_is_left_and_places_give_the_returns() -> None:
    s = P.position(
        {"yellow": ["goal"] * 4, "blue": ["L7", "goal", "goal", "goal"]},
        turn="blue",
        roll=1,
        finished=["yellow"],
        players=3,
    )
    s = play(s, "L7+1")
    assert br.is_terminal(s) and s.finished == (0, 1, 2)
    assert br.returns(s) == (1.0, 0.5, 0.0) and br.legal_moves(s) == ()
    # The state's barrier mask still matches its board (as a decoded copy's does).
    assert s.barriers == P.decode(P.options_of(s), P.encode(s)).barriers


def test_a_two_player_game_ends_when_the_first_player_finishes() -> None:
    s = P.position({"red": ["L7", "goal", "goal", "goal"]}, turn="red", roll=1, players=2)
    s = play(s, "L7+1")
    assert br.is_terminal(s) and br.returns(s) == (0.0, 1.0)


# Errors --------------------------------------------------------------------------------


def test_an_illegal_move_says_which_rule_forbids_it() -> None:
    s = P.position({"yellow": [10]}, roll=5)
    with pytest.raises(br.IllegalMoveError, match="a 5 must bring a piece out"):
        P.apply_move(s, P.Move(P._state.MOVE, 0, 5, 5))
    with pytest.raises(br.IllegalMoveError, match="must be rolled"):
        P.apply_move(P.new_game(), P.Move(P._state.PASS, 0, -1, 0))
    with pytest.raises(br.IllegalMoveError, match="not a Parchís move"):
        P.apply_move(s, "out")  # type: ignore[arg-type]


def test_a_roll_that_is_no_face_of_the_die_is_refused() -> None:
    # The rolls are the die's six faces: a roll built by hand with another count, or a
    # move without its fields, is no legal move, and no state is made with that roll.
    s = P.new_game()
    for steps in (0, 7, 100, -1, -7):
        with pytest.raises(br.IllegalMoveError):
            P.apply_move(s, P.Move(P.Kind.ROLL, -1, -1, steps))
    with pytest.raises(br.IllegalMoveError):
        P.apply_move(s, object.__new__(P.Move))


def test_a_move_equal_to_a_legal_move_is_that_move() -> None:
    # Moves built by hand, decoded or unpickled are equal to the legal ones, not the same
    # objects: they are played all the same.
    s = P.position({"yellow": [10, 30], "red": [14]}, players=2)
    rolled = P.apply_move(s, P.Move(P.Kind.ROLL, -1, -1, 4))
    assert rolled == play(s, "roll 4") and rolled.count == 4
    moved = P.apply_move(rolled, P.Move(P.Kind.MOVE, 0, 5, 4))  # 10+4 eats red on 14
    assert moved == play(rolled, "10+4") and moved.count == 20


def test_parse_move_tells_bad_notation_from_illegal_moves() -> None:
    s = P.position({"yellow": [10]}, roll=3)
    with pytest.raises(br.MoveSyntaxError):
        P.parse_move(s, "ten plus three")
    with pytest.raises(br.IllegalMoveError, match="legal moves: 10\\+3"):
        P.parse_move(s, "11+3")


@pytest.mark.parametrize(
    ("pieces", "match"),
    [
        ({"yellow": [10, 10, 10]}, "one or two pieces"),
        ({"yellow": [10, 11, 12, 13, 14]}, "more than four"),
        ({"yellow": [10], "red": [10]}, "not a safe square"),
        ({"yellow": ["red L1"]}, "cannot stand"),
        ({"yellow": [69]}, "1-68"),
        ({"purple": [3]}, "not a colour in play"),
    ],
)
def test_position_refuses_impossible_positions(pieces: dict[str, list[object]], match: str) -> None:
    with pytest.raises(br.StateFormatError, match=match):
        P.position(pieces, players=2)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"roll": "6"}, "roll: a die 1-6, not '6'"),
        ({"roll": [6]}, "roll: a die 1-6, not [6]"),
        ({"roll": {"6": [1]}}, "roll: a die 1-6, not {'6': [1]}"),
        ({"roll": {"yellow": 6}}, "roll: a die 1-6, not {'yellow': 6}"),
        ({"roll": 6.0}, "roll: a die 1-6, not 6.0"),
        ({"roll": True}, "roll: a die 1-6, not True"),
        ({"roll": 6, "sixes": "1"}, "sixes: the sixes rolled in a row, 0-3, not '1'"),
        ({"roll": 6, "sixes": [1]}, "sixes: the sixes rolled in a row, 0-3, not [1]"),
        ({"roll": 6, "sixes": {"1": [1]}}, "sixes: the sixes rolled in a row, 0-3, not {'1': [1]}"),
        ({"roll": 6, "sixes": 1.0}, "sixes: the sixes rolled in a row, 0-3, not 1.0"),
        ({"roll": 6, "sixes": True}, "sixes: the sixes rolled in a row, 0-3, not True"),
    ],
)
def test_position_refuses_a_roll_or_sixes_that_is_not_a_whole_number(
    keywords: dict[str, object], message: str
) -> None:
    with pytest.raises(br.StateFormatError) as refused:
        P.position({"yellow": [10]}, players=2, **keywords)  # type: ignore[arg-type]
    assert str(refused.value) == "impossible Parchís position: " + message


@pytest.mark.parametrize("keyword", ["finished", "opened"])
@pytest.mark.parametrize("value", [3, 1.5, True, object()])
def test_position_refuses_finished_or_opened_that_is_not_a_list(
    keyword: str, value: object
) -> None:
    with pytest.raises(br.StateFormatError) as refused:
        P.position({"yellow": [10]}, players=2, **{keyword: value})  # type: ignore[arg-type]
    assert str(refused.value) == (
        f"impossible Parchís position: {keyword}: a list of colours in play (yellow, red), "
        f"not {value!r}"
    )


def test_pieces_lists_each_colours_places_as_position_takes_them() -> None:
    s = P.position({"blue": [66, "L2", "goal"], "green": [5]}, turn="green", roll=3)
    where = P.pieces(s)
    assert where["blue"] == ["nest", 66, "L2", "goal"] and where["green"][3] == 5
    assert P.position(where, turn="green", roll=3) == s


def test_json_keeps_the_order_of_arrival_on_a_square() -> None:
    s = P.position({"blue": [5], "green": [5], "yellow": [40]}, roll=5)
    copy = br.from_json(br.to_json(s))
    assert copy == s and squares(copy)["5"] == ["blue", "green"]
    assert squares(play(copy, "out"))["5"] == ["blue", "yellow"]


# The bots' evaluation ----------------------------------------------------------------------


def test_evaluate_features_are_counted_from_the_position() -> None:
    # Yellow's piece on 20 has come 16 squares from its exit (5); red's on 16 has come 46
    # from 39, and stands 4 squares behind it: within one die.  Red's piece is behind no
    # yellow piece.  The other six pieces are in their nests.
    s = P.position({"yellow": [20], "red": [16]}, turn="yellow", players=2)
    yellow, red = 16 / 288, 46 / 288
    assert FEATURES[7:9] == ("danger", "danger_in_turn")
    # progress, its square, nest, goal, lane, safe, barriers, danger, danger in turn,
    # danger 7-12 behind, to move, die, bonus
    rows = features(s)
    assert rows[0] == pytest.approx([yellow, yellow**2, 3, 0, 0, 0, 0, 0, 16 / 72, 0, 1, 0, 0])
    assert rows[1] == pytest.approx([red, red**2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    # Red in turn: the danger is to yellow's piece before yellow moves again.
    s = P.position({"yellow": [20], "red": [16]}, turn="red", players=2)
    assert features(s)[0][7:11] == pytest.approx([16 / 72, 0, 0, 0])
    assert features(s)[1][10] == 1


def test_evaluate_features_count_safe_squares_barriers_the_lane_and_far_enemies() -> None:
    # Yellow: a barrier on 30 (two pieces, 26 squares each), one piece on the safe 29, one
    # in the lane.  Red's piece on 20 is 10 squares behind yellow's barrier, 9 behind the
    # piece on 29: a barrier cannot be captured and a safe square neither, so no danger.
    s = P.position({"yellow": [30, 30, 29, "L2"], "red": [20]}, turn="yellow", players=2)
    row = features(s)[0]
    assert row[2:7] == [0, 0, 1, 1, 1.0]  # nest, goal, lane, safe, barriers
    assert row[7:10] == [0, 0, 0]
    # Alone on 30 the piece is exposed to red's, 10 squares behind: 7-12, beyond one die.
    s = P.position({"yellow": [30], "red": [20]}, turn="red", players=2)
    assert features(s)[0][7:10] == pytest.approx([0, 0, 26 / 72])


def test_evaluate_counts_the_move_or_the_bonus_still_to_make() -> None:
    s = play(P.position({"yellow": [20], "red": [16]}, turn="yellow", players=2), "roll 3")
    assert features(s)[0][11:] == pytest.approx([3 / 6, 0])
    s = play(P.position({"yellow": [12], "red": [16]}, turn="yellow", players=2), "roll 4")
    s = play(s, "12+4")  # captures red: a bonus of 20 to count
    assert features(s)[0][11:] == pytest.approx([0, 1])


def test_evaluate_is_the_fitted_model_of_the_features_in_0_1() -> None:
    s = P.position({"yellow": [20, 30], "red": [16, "L3"]}, turn="red", players=2)
    # Two players: the 2-player weights, and the pieces' values of the table.
    assert P.evaluate(s) == win_chances(features(s, TABLE_2), (*WEIGHTS_2, 1.0))
    assert sum(P.evaluate(s)) == pytest.approx(1.0)  # two players: a chance to win each
    assert P.evaluate(P.new_game(players=2))[0] > 0.0
    # Four players: the 4-player weights and table; three: the features alone.
    four = P.position({"yellow": [20], "blue": ["goal"], "red": [16, 50]}, players=4)
    assert P.evaluate(four) == win_chances(features(four, TABLE_4), (*WEIGHTS_4, 1.0))
    assert P.evaluate(four) != win_chances(features(four), WEIGHTS)
    assert all(0.0 < v < 1.0 for v in P.evaluate(four))
    three = P.position({"yellow": [20], "blue": ["goal"], "red": [16, 50]}, players=3)
    assert P.evaluate(three) == win_chances(features(three), WEIGHTS)
    assert len(TABLE_4) == len(CLASSES) and len(WEIGHTS_4) == len(FEATURES)


def test_evaluate_with_two_players_is_a_win_chance_each_summing_to_1_in_a_random_game() -> None:
    values = [P.evaluate(s) for s, _ in random_play(P.new_game(players=2), random.Random(3))]
    assert len(values) > 100
    assert all(0.0 <= v <= 1.0 for pair in values for v in pair)
    assert all(sum(pair) == pytest.approx(1.0) for pair in values)


# Each class's number as its value: a seat's last column is the sum of its pieces' classes.
NUMBERED = tuple(float(k) for k in range(len(CLASSES)))


def classes(s: P.State) -> list[float]:
    return [row[-1] for row in features(s, NUMBERED)]


def test_evaluate_tables_have_a_value_per_class_and_a_weight_per_feature() -> None:
    s = P.new_game(players=2)
    assert len(TABLE_2) == len(CLASSES) == 169 and len(WEIGHTS_2) == len(FEATURES)
    assert [len(row) for row in features(s, TABLE_2)] == [len(FEATURES) + 1] * 2
    assert [len(row) for row in features(s)] == [len(FEATURES)] * 2  # no table, no column
    assert CLASSES[:3] == ("nest", "goal", "lane 1") and CLASSES[9] == "track 0-3 barrier"
    assert CLASSES[-1] == "track 60-63 2 near, in turn"


# Yellow leaves the nest on 5 (its track square 0 is 5, its 63rd 68) and red on 39; the
# safe squares here are 5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63 and 68.
@pytest.mark.parametrize(
    ("pieces", "turn", "yellow", "red"),
    [
        ({"yellow": ["goal", "L2", "L7"], "red": []}, "yellow",
         ["goal", "lane 2", "lane 7", "nest"], ["nest"] * 4),
        ({"yellow": ["L1", "L3", "L4", "L5"], "red": ["L6"]}, "red",
         ["lane 1", "lane 3", "lane 4", "lane 5"], ["lane 6", "nest", "nest", "nest"]),
        # 8 and 9: track squares 3 and 4, either side of a bucket's edge; 67: the 62nd.
        ({"yellow": [8, 9, 67], "red": []}, "red",
         ["track 0-3 clear, waiting", "track 4-7 clear, waiting",
          "track 60-63 clear, waiting", "nest"], ["nest"] * 4),
        # A barrier on the safe exit is a barrier; 68, the last track square, is safe.
        ({"yellow": [5, 5, 68], "red": []}, "yellow",
         ["track 0-3 barrier", "track 0-3 barrier", "track 60-63 safe", "nest"],
         ["nest"] * 4),
        # Two colours on the safe 22 (yellow's 17th square, red's 51st): safe, no barrier.
        ({"yellow": [22], "red": [22]}, "red",
         ["track 16-19 safe", *["nest"] * 3], ["track 48-51 safe", *["nest"] * 3]),
        # Red on 16, 4 squares behind yellow's 20 (its 15th), yellow not behind red (45th).
        ({"yellow": [20], "red": [16]}, "red",
         ["track 12-15 1 near, waiting", *["nest"] * 3],
         ["track 44-47 clear, in turn", *["nest"] * 3]),
        ({"yellow": [20], "red": [16]}, "yellow",
         ["track 12-15 1 near, in turn", *["nest"] * 3],
         ["track 44-47 clear, waiting", *["nest"] * 3]),
        ({"yellow": [20], "red": [16, 18]}, "red",
         ["track 12-15 2 near, waiting", *["nest"] * 3],
         ["track 44-47 clear, in turn", "track 44-47 clear, in turn", "nest", "nest"]),
        ({"yellow": [20], "red": [16, 18]}, "yellow",
         ["track 12-15 2 near, in turn", *["nest"] * 3],
         ["track 44-47 clear, waiting", "track 44-47 clear, waiting", "nest", "nest"]),
        # Red on 10: 10 squares behind (7-12), and red's own piece (39th) has yellow ahead.
        ({"yellow": [20], "red": [10]}, "red",
         ["track 12-15 far, waiting", *["nest"] * 3],
         ["track 36-39 clear, in turn", *["nest"] * 3]),
        ({"yellow": [20], "red": [10]}, "yellow",
         ["track 12-15 far, in turn", *["nest"] * 3],
         ["track 36-39 clear, waiting", *["nest"] * 3]),
    ],
)  # fmt: skip
def test_evaluate_values_each_piece_by_its_class(
    pieces: dict[str, list[int | str]], turn: str, yellow: list[str], red: list[str]
) -> None:
    s = P.position(pieces, turn=turn, players=2)
    index = CLASSES.index
    assert classes(s) == [sum(map(index, yellow)), sum(map(index, red))]
    # The shipped table's values of those classes, summed per seat.
    values = [row[-1] for row in features(s, TABLE_2)]
    assert values == [pytest.approx(sum(TABLE_2[index(n)] for n in seat)) for seat in (yellow, red)]


# Four players: yellow's piece on 20 has red's (on 16) and green's (on 18) 1-6 squares
# behind it; green's (its 31st square) has red's 2 behind; red's (its 46th) none.
@pytest.mark.parametrize(
    ("turn", "yellow", "green"),
    [
        ("blue", "track 12-15 2 near, waiting", "track 28-31 1 near, waiting"),
        ("yellow", "track 12-15 2 near, in turn", "track 28-31 1 near, waiting"),
        ("green", "track 12-15 2 near, waiting", "track 28-31 1 near, in turn"),
    ],
)
def test_evaluate_with_four_players_counts_enemies_of_every_colour(
    turn: str, yellow: str, green: str
) -> None:
    s = P.position({"yellow": [20], "red": [16], "green": [18]}, turn=turn, players=4)
    index = CLASSES.index
    assert classes(s) == [index(yellow), 0, index("track 44-47 clear, waiting"), index(green)]
    values = [row[-1] for row in features(s, TABLE_4)]
    assert values[0] == pytest.approx(TABLE_4[index(yellow)] + 3 * TABLE_4[0])
    assert values[1] == pytest.approx(4 * TABLE_4[index("nest")])


def test_evaluate_prefers_a_safe_square_to_one_step_more_within_reach_of_an_enemy() -> None:
    # Red's piece on 14 is 3 and 4 squares behind 17 (a safe square) and 18 (an open one).
    safe = P.position({"yellow": [17], "red": [14]}, turn="red", players=2)
    exposed = P.position({"yellow": [18], "red": [14]}, turn="red", players=2)
    assert P.evaluate(safe)[0] > P.evaluate(exposed)[0]
