"""Independent audit scenarios for Parchís: edge cases of the rulebook clauses and rulings
that tests/test_parchis_rules.py does not reach, each named after the clause it checks.

Square numbers are the printed ones.  Yellow's exit is 5, blue's 22, red's 39, green's 56;
yellow leaves the track after 68, blue after 17, red after 34, green after 51.  Two players
are yellow and red, three yellow, blue and red.  Expected positions are worked out by hand
from the rulebook and the rulings, never copied from the library's output.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import boardrules as br
from boardrules import parchis as P
from boardrules.testing import play
from test_parchis_rules import goal, moves, nest, squares


def to_roll(s: P.State) -> str:
    """The colour about to roll (the state must be a chance node)."""
    assert br.current_player(s) == br.CHANCE
    return s.colour


# Bonuses (count 10 / count 20) and their chains ----------------------------------------


def test_bonus_chain_capture_then_twenty_into_the_goal_then_ten() -> None:
    s = P.position({"yellow": [20, 56], "red": [23, 43]}, roll=3, players=2)
    assert moves(s) == ["20+3", "56+3"]
    s = play(s, "20+3")  # 23 is a plain square: red's piece is eaten
    assert nest(s, "red") == 3 and s.count == 20
    # 23+20 lands on red's lone piece on 43; 56 is yellow's 51st step: +20 is the goal.
    assert moves(s) == ["23+20", "56+20"]
    s = play(s, "56+20")
    assert goal(s, "yellow") == 1 and s.count == 10 and moves(s) == ["23+10"]
    s = play(s, "23+10")
    assert squares(s) == {"33": ["yellow"], "43": ["red"]}
    assert to_roll(s) == "red"  # the die was a 3: no repeat


def test_bonus_chain_capture_capture_goal_then_ten() -> None:
    s = P.position({"yellow": [20, 56], "red": [23, 43]}, roll=3, players=2)
    s = play(s, "20+3", "23+20")  # the bonus move eats again: another 20
    assert nest(s, "red") == 4 and s.count == 20 and moves(s) == ["43+20", "56+20"]
    s = play(s, "56+20", "43+10")
    assert squares(s) == {"53": ["yellow"]} and goal(s, "yellow") == 1
    assert to_roll(s) == "red"


def test_twenty_into_the_goal_earns_ten_and_the_six_still_rolls_again() -> None:
    # No yellow piece in the nest: the 6 counts 7.  11+7 = 18 eats red.
    s = P.position({"yellow": [11, 56, "goal", "goal"], "red": [18]}, roll=6, players=2)
    assert s.count == 7 and moves(s) == ["11+7", "56+7"]
    s = play(s, "11+7")
    assert moves(s) == ["18+20", "56+20"]
    s = play(s, "56+20")
    assert goal(s, "yellow") == 3 and moves(s) == ["18+10"]
    s = play(s, "18+10")
    assert squares(s) == {"28": ["yellow"]} and to_roll(s) == "yellow" and s.sixes == 1


def test_ten_bonus_can_finish_the_player_and_ends_the_turn_despite_the_six() -> None:
    s = P.position({"yellow": ["L1", 66, "goal", "goal"]}, roll=6, players=3)
    s = play(s, "L1+7")  # L1 is step 64: +7 is the goal
    assert s.count == 10 and moves(s) == ["66+10"]  # 66 is step 61
    s = play(s, "66+10")
    assert goal(s, "yellow") == 4 and s.finished == (0,)
    assert to_roll(s) == "blue" and s.sixes == 0


def test_bonus_is_lost_when_only_a_piece_past_the_goal_could_count_it() -> None:
    # L7 + 10 overshoots; pieces in the nest never count a bonus.
    s = play(P.position({"yellow": ["L4", "L7"]}, roll=4), "L4+4")
    assert goal(s, "yellow") == 1 and to_roll(s) == "blue"


def test_bonus_lost_after_a_six_still_gives_the_repeat_roll() -> None:
    s = P.position({"yellow": ["L1", "L7", "goal", "goal"]}, roll=6)
    s = play(s, "L1+7")
    assert to_roll(s) == "yellow" and s.sixes == 1 and goal(s, "yellow") == 3


def test_bonus_moves_need_not_open_a_barrier() -> None:
    s = P.position({"yellow": [30, 30, 40, 40], "red": [47]}, roll=6, players=2)
    assert moves(s) == ["30+7", "40+7"]  # the 6 must open a barrier
    s = play(s, "40+7")
    # The 20 is no 6: any piece may count it, the barrier on 30 may stay.
    assert s.count == 20 and moves(s) == ["30+20", "40+20", "47+20"]


def test_bonus_move_may_not_pass_a_barrier() -> None:
    s = P.position({"yellow": [10, 40], "red": [14, 30, 30]}, roll=4, players=2)
    s = play(s, "10+4")
    assert moves(s) == ["40+20"]  # 14+20 would pass red's barrier on 30


def test_exit_capture_bonus_is_counted_before_the_turn_passes() -> None:
    s = P.position({"red": [5, 5], "yellow": [50]}, roll=5, players=2)
    s = play(s, "out")  # red's barrier on yellow's exit does not keep yellow in
    assert squares(s)["5"] == ["red", "yellow"] and nest(s, "red") == 3
    assert s.count == 20 and moves(s) == ["5+20", "50+20"]
    # The piece that came out earned the bonus: it is the last moved, on the exit.
    assert (
        s == P.position({"red": [5], "yellow": [5, 50]}, roll=5, bonus=20, last=5, players=2)
        and P.encode(s)["last"] == "5"
    )
    s = play(s, "50+20")  # 50 is step 45: +20 is step 65, yellow's L2
    assert squares(s)["yellow L2"] == ["yellow"] and to_roll(s) == "red"


# The 5 and the exit ----------------------------------------------------------------------


def test_five_with_own_barrier_on_the_exit_moves_five_with_any_piece() -> None:
    s = P.position({"yellow": [5, 5, 30]}, roll=5)
    assert moves(s) == ["30+5", "5+5"]


def test_five_with_own_exit_barrier_blocked_ahead_moves_the_other_piece() -> None:
    s = P.position({"yellow": [5, 5, 30], "red": [8, 8]}, roll=5, players=2)
    assert moves(s) == ["30+5"]


def test_five_with_no_way_out_and_no_five_to_move_is_a_pass() -> None:
    s = P.position({"yellow": [5, 5], "red": [8, 8]}, roll=5, players=2)
    assert moves(s) == ["pass"]
    assert to_roll(play(s, "pass")) == "red"


def test_five_must_bring_a_piece_out_even_when_a_five_would_eat() -> None:
    s = P.position({"yellow": [10], "red": [15]}, roll=5, players=2)
    assert moves(s) == ["out"]


def test_coming_out_beside_an_own_piece_makes_a_barrier_on_the_exit() -> None:
    s = play(P.position({"yellow": [5], "blue": [3]}, roll=5), "out")
    assert squares(s)["5"] == ["yellow", "yellow"]
    s = play(s, "roll 4")  # blue's 3+4 would pass yellow's barrier on 5
    assert moves(s) == ["pass"]


def test_coming_out_onto_an_exit_with_one_opponent_shares_it() -> None:
    s = play(P.position({"red": [5]}, roll=5, players=2), "out")
    assert squares(s) == {"5": ["red", "yellow"]} and nest(s, "red") == 3
    assert to_roll(s) == "red"


def test_no_exit_capture_option_blocks_an_exit_held_by_own_and_opponent() -> None:
    s = P.position({"blue": [5], "yellow": [5, 30]}, roll=5, exit_capture=False)
    assert moves(s) == ["30+5", "5+5"]
    s = P.position({"blue": [5], "yellow": [5]}, roll=5, exit_capture=True)
    assert moves(s) == ["out"]


# The 6 ---------------------------------------------------------------------------------


def test_six_counts_seven_just_after_the_last_piece_came_out() -> None:
    s = P.position({"yellow": [10, 20, 30], "red": [50]}, players=2)
    s = play(s, "roll 5", "out", "roll 1", "50+1", "roll 6")
    assert s.count == 7 and moves(s) == ["10+7", "20+7", "30+7", "5+7"]


def test_six_counts_six_again_once_a_piece_is_eaten() -> None:
    s = P.position({"yellow": [10, 20, 30, 45], "red": [41]}, turn="red", roll=4, players=2)
    s = play(s, "41+4", "45+20", "roll 6")
    assert nest(s, "yellow") == 1 and s.count == 6
    assert moves(s) == ["10+6", "20+6", "30+6"]


def test_six_with_no_move_is_a_pass_and_the_player_rolls_again() -> None:
    s = P.position({"yellow": [10], "red": [12, 12]}, players=2)
    s = play(s, "roll 6")  # 10+6 would pass red's barrier on 12
    assert moves(s) == ["pass"]
    s = play(s, "pass")
    assert to_roll(s) == "yellow" and s.sixes == 1
    s = play(s, "roll 2")  # 10+2 would land on the barrier
    assert moves(s) == ["pass"]
    s = play(s, "pass")
    assert to_roll(s) == "red" and s.sixes == 0


def test_third_six_after_a_pass_sends_the_last_moved_piece_home() -> None:
    s = P.position({"yellow": [10], "red": [20, 20]}, players=2)
    s = play(s, "roll 6", "10+6", "roll 6")
    assert moves(s) == ["pass"]  # 16+6 would pass red's barrier on 20
    s = play(s, "pass", "roll 6", "pass")
    assert nest(s, "yellow") == 4 and squares(s) == {"20": ["red", "red"]}
    assert to_roll(s) == "red" and s.sixes == 0


def test_third_six_after_a_bonus_and_a_pass_punishes_the_bonus_piece() -> None:
    s = P.position({"yellow": [17, 40], "red": [23, 25, 25], "blue": [62, 62]}, roll=6)
    assert moves(s) == ["17+6", "40+6"]
    s = play(s, "17+6")  # eats red on 23; 23+20 would pass red's barrier on 25
    assert moves(s) == ["40+20"]
    s = play(s, "40+20", "roll 6")
    assert moves(s) == ["pass"]  # 23 is behind 25, 60 behind blue's barrier on 62
    s = play(s, "pass", "roll 6", "pass")
    assert squares(s) == {"23": ["yellow"], "25": ["red", "red"], "62": ["blue", "blue"]}
    assert nest(s, "yellow") == 3 and to_roll(s) == "blue"


def test_third_six_sending_a_barrier_piece_home_opens_the_barrier() -> None:
    s = P.position({"yellow": [16, 16], "red": [14]}, sixes=2, last=16, players=2)
    s = play(s, "roll 6", "pass")
    assert squares(s) == {"14": ["red"], "16": ["yellow"]} and nest(s, "yellow") == 3
    s = play(s, "roll 4")
    assert moves(s) == ["14+4"]  # red may now pass 16


def test_third_six_with_the_last_piece_in_the_goal_only_loses_the_roll() -> None:
    s = P.position({"yellow": [10, "goal"]}, sixes=2, last="goal")
    after = play(s, "roll 6", "pass")
    assert squares(after) == squares(s) and goal(after, "yellow") == 1
    assert to_roll(after) == "blue"


def test_three_sixes_from_the_start_of_a_game() -> None:
    s = play(P.new_game(players=2), "roll 5", "out", "roll 5", "out", "roll 6")
    assert s.count == 6 and moves(s) == ["5+6"]
    s = play(s, "5+6", "roll 6", "11+6", "roll 6", "pass")
    assert squares(s) == {"39": ["red"]} and nest(s, "yellow") == 4
    assert to_roll(s) == "red"


# Turn order and the end ------------------------------------------------------------------


def test_three_players_skip_a_finished_player() -> None:
    s = P.position(
        {"yellow": [10], "blue": ["goal"] * 4, "red": [40]}, finished=["blue"], players=3
    )
    s = play(s, "roll 1", "10+1")
    assert to_roll(s) == "red"
    after: dict[str, list[int | str]] = {"yellow": [11], "blue": ["goal"] * 4, "red": [40]}
    assert s == P.position(after, turn="red", finished=["blue"], players=3)
    assert to_roll(play(s, "roll 1", "40+1")) == "yellow"


def test_first_player_option_starts_and_the_order_wraps() -> None:
    s = P.new_game(players=3, first_player=2)
    assert to_roll(s) == "red"
    s = play(s, "roll 1", "pass")
    assert to_roll(s) == "yellow"
    assert to_roll(play(s, "roll 1", "pass")) == "blue"


def test_two_players_with_chosen_colours_use_their_own_exits() -> None:
    s = P.new_game(players=2, colours=["blue", "green"], first_player=1)
    assert to_roll(s) == "green"
    s = play(s, "roll 5", "out")
    assert squares(s) == {"56": ["green"]} and to_roll(s) == "blue"
    s = play(s, "roll 5", "out")
    assert squares(s) == {"22": ["blue"], "56": ["green"]} and to_roll(s) == "green"


def test_four_players_with_two_finished_alternate() -> None:
    s = P.position(
        {"yellow": ["goal"] * 4, "red": ["goal"] * 4, "blue": [30], "green": [60]},
        turn="blue",
        finished=["red", "yellow"],
    )
    s = play(s, "roll 1", "30+1")
    assert to_roll(s) == "green"
    assert to_roll(play(s, "roll 1", "60+1")) == "blue"


def test_the_last_seat_finishing_passes_the_die_to_the_first_seat() -> None:
    s = P.position({"green": ["L7", "goal", "goal", "goal"]}, turn="green", roll=1)
    s = play(s, "L7+1")
    assert s.finished == (3,) and to_roll(s) == "yellow"


def test_three_player_game_ends_when_two_have_finished() -> None:
    s = P.position(
        {"blue": ["goal"] * 4, "red": ["L6", "goal", "goal", "goal"], "yellow": [10]},
        turn="red",
        roll=2,
        finished=["blue"],
        players=3,
    )
    s = play(s, "L6+2")
    assert br.is_terminal(s) and s.finished == (1, 2, 0)
    assert br.returns(s) == (0.0, 1.0, 0.5) and br.evaluate(s) == br.returns(s)
    assert br.legal_moves(s) == () and br.chance_outcomes(s) == ()
    with pytest.raises(br.IllegalMoveError, match="over"):
        br.apply_move(s, P.legal_moves(P.position({"yellow": [10]}, roll=1))[0])


def test_four_player_returns_follow_the_finishing_places() -> None:
    s = P.position(
        {
            "green": ["goal"] * 4,
            "yellow": ["goal"] * 4,
            "red": ["L7", "goal", "goal", "goal"],
            "blue": [30],
        },
        turn="red",
        roll=1,
        finished=["green", "yellow"],
    )
    assert br.returns(s) == (0.0, 0.0, 0.0, 0.0)
    s = play(s, "L7+1")
    assert s.finished == (3, 0, 2, 1)
    assert br.returns(s) == pytest.approx((2 / 3, 0.0, 1 / 3, 1.0))


# Exits of colours not in play ------------------------------------------------------------


def test_exit_of_an_absent_colour_is_still_a_safe_square() -> None:
    s = play(P.position({"yellow": [18], "red": [22]}, roll=4, players=2), "18+4")
    assert squares(s) == {"22": ["red", "yellow"]} and nest(s, "red") == 3
    s = play(P.position({"yellow": [52], "blue": [56]}, roll=4, players=3), "52+4")
    assert squares(s) == {"56": ["blue", "yellow"]} and nest(s, "blue") == 3


def test_absent_colours_have_no_pieces_and_no_lane() -> None:
    with pytest.raises(br.StateFormatError, match="not a colour in play"):
        P.position({"blue": [3]}, players=2)
    with pytest.raises(br.StateFormatError, match="cannot stand"):
        P.position({"yellow": ["blue L1"]}, players=2)


# Variants and how they combine -----------------------------------------------------------


def test_two_out_variant_brings_one_piece_onto_an_exit_holding_an_opponent() -> None:
    s = P.position({"red": [5]}, roll=5, players=2, two_out_on_first_five=True)
    s = play(s, "out")  # a third piece would overfill the exit
    assert squares(s) == {"5": ["red", "yellow"]} and nest(s, "yellow") == 3
    assert nest(s, "red") == 3 and to_roll(s) == "red"


def test_two_out_variant_onto_a_full_exit_eats_and_brings_one() -> None:
    s = P.position({"red": [5, 5]}, roll=5, players=2, two_out_on_first_five=True)
    s = play(s, "out")
    assert squares(s) == {"5": ["red", "yellow"]} and nest(s, "yellow") == 3
    assert s.count == 20 and moves(s) == ["5+20"]


def test_two_out_variant_from_the_start_then_a_six_opens_the_exit_barrier() -> None:
    s = P.new_game(players=2, two_out_on_first_five=True)
    s = play(s, "roll 5", "out", "roll 5", "out")
    assert squares(s) == {"5": ["yellow", "yellow"], "39": ["red", "red"]}
    s = play(s, "roll 6", "5+6", "roll 5", "out")  # the second bring-out brings one
    assert squares(s)["5"] == ["yellow", "yellow"] and nest(s, "yellow") == 1
    assert to_roll(s) == "red"


def test_safe_only_barriers_a_plain_pair_need_not_open_and_may_be_passed() -> None:
    s = P.position({"yellow": [15, 20, 20]}, roll=6, barriers_on_safe_only=True)
    assert moves(s) == ["15+6", "20+6"]
    s = P.position({"yellow": [15, 20, 20]}, roll=6)
    assert moves(s) == ["20+6"]


def test_safe_only_barriers_a_pair_on_an_exit_still_blocks() -> None:
    s = P.position({"blue": [22, 22], "yellow": [20]}, roll=4, barriers_on_safe_only=True)
    assert moves(s) == ["pass"]


def test_safe_only_barriers_lane_pairs_do_not_block() -> None:
    pieces: dict[str, list[Any]] = {"yellow": ["L2", "L2", 66, "goal"]}
    assert moves(P.position(pieces, roll=5, barriers_on_safe_only=True)) == ["66+5", "L2+5"]
    assert moves(P.position(pieces, roll=5)) == ["L2+5"]


def test_lane_start_variant_still_sends_a_track_piece_to_the_nest() -> None:
    s = P.position({"yellow": [10, 20]}, sixes=2, last=20, third_six_back_to_lane_start=True)
    s = play(s, "roll 6")
    assert squares(s) == {"10": ["yellow"]} and nest(s, "yellow") == 3


def test_lane_start_variant_leaves_a_piece_when_the_first_lane_square_is_full() -> None:
    s = P.position(
        {"yellow": ["L1", "L1", "L4"]}, sixes=2, last="L4", third_six_back_to_lane_start=True
    )
    after = play(s, "roll 6", "pass")
    assert squares(after) == squares(s) and to_roll(after) == "blue"


# JSON round trips of unusual positions ----------------------------------------------------


def _game_over() -> P.State:
    s = P.position(
        {"blue": ["goal"] * 4, "red": ["L6", "goal", "goal", "goal"], "yellow": [10]},
        turn="red",
        roll=2,
        finished=["blue"],
        players=3,
    )
    return play(s, "L6+2")


ODD_POSITIONS: dict[str, Callable[[], P.State]] = {
    "bonus after an exit capture": lambda: P.position(
        {"blue": [5], "yellow": [5, 40]}, roll=5, bonus=20
    ),
    "third six pending, last piece in the lane": lambda: P.position(
        {"yellow": ["L3", 10]}, sixes=2, last="L3"
    ),
    "a six after a pass, no piece moved": lambda: P.position(
        {"yellow": [10], "red": [12, 12]}, sixes=1, players=2
    ),
    "a lane barrier on a six": lambda: P.position({"yellow": ["L2", "L2", 66]}, roll=6),
    "chosen colours with a finished player": lambda: P.position(
        {"blue": ["goal"] * 4, "green": [30, 30]},
        players=3,
        colours=["yellow", "blue", "green"],
        finished=["blue"],
        turn="green",
    ),
    "game over": _game_over,
    "variants on, not opened yet": lambda: P.position(
        {"red": [5], "blue": [5]},
        opened=["red", "blue"],  # yellow (in turn) and green have not brought a piece out
        two_out_on_first_five=True,
        exit_capture=False,
        barriers_on_safe_only=True,
        third_six_back_to_lane_start=True,
        first_player=3,
    ),
    "bonus of ten, count pending": lambda: P.position(
        {"yellow": ["goal", 10, 10]}, roll=6, sixes=2, bonus=10, last="goal"
    ),
}


@pytest.mark.parametrize("name", sorted(ODD_POSITIONS))
def test_json_round_trip_of_unusual_positions(name: str) -> None:
    s = ODD_POSITIONS[name]()
    again = br.from_json(br.to_json(s))
    assert again == s and hash(again) == hash(s)
    assert P.encode(again) == P.encode(s) and P.options_of(again) == P.options_of(s)
    assert [str(m) for m in br.legal_moves(again)] == [str(m) for m in br.legal_moves(s)]
    assert br.current_player(again) == br.current_player(s)


# Option checks -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 5},
        {"players": True},
        {"players": "4"},
        {"players": 4.0},
        {"players": 2, "colours": ["yellow"]},
        {"players": 2, "colours": ["yellow", "yellow"]},
        {"players": 2, "colours": ["yellow", "purple"]},
        {"players": 2, "colours": "yellow,red"},
        {"players": 2, "colours": ["red", "yellow"]},
        {"players": 2, "first_player": 2},
        {"first_player": -1},
        {"first_player": True},
        {"two_out_on_first_five": 1},
        {"exit_capture": "no"},
        {"barriers_on_safe_only": None},
        {"third_six_back_to_lane_start": 0},
        {"dice": 2},
    ],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(br.InvalidOptionError):
        P.new_game(**options)
    with pytest.raises(br.InvalidOptionError):
        br.new_game("parchis", **options)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"players": 3},
        {"players": 2, "colours": ["blue", "green"], "first_player": 1},
        {"two_out_on_first_five": True, "exit_capture": False},
        {"barriers_on_safe_only": True, "third_six_back_to_lane_start": True},
    ],
)
def test_options_of_gives_back_options_new_game_accepts(options: dict[str, Any]) -> None:
    s = P.new_game(**options)
    assert P.new_game(**P.options_of(s)) == s
    assert {k: v for k, v in P.options_of(s).items() if k in options} == options


def test_json_lane_squares_carry_their_colour_in_last_too() -> None:
    s = P.position({"yellow": [64, "L3"]}, sixes=1, last="L3")
    doc = json.loads(br.to_json(s))
    assert doc["state"]["last"] == "yellow L3"
    doc["state"]["last"] = "L3"  # once read as track square 64, where a yellow piece stands
    with pytest.raises(br.StateFormatError, match="last"):
        br.from_json(json.dumps(doc))


def test_decode_refuses_square_names_that_are_not_text() -> None:
    s = P.position({"yellow": [5]})
    body = P.encode(s)
    body["squares"] = {5: ["yellow"]}
    with pytest.raises(br.StateFormatError, match="not a square name"):
        P.decode(P.options_of(s), body)


_WHY_NOT = "impossible Parchís position: "
_NOT_IN_PLAY = "is not a colour in play (yellow, red)"
_BAD_BODIES: dict[str, tuple[dict[str, Any], str]] = {
    "unknown fields, the first in order": (
        {"foo": 1, "bar": 2},
        "unknown field 'bar'; a Parchís state has: squares, goal, turn, phase, roll, count, "
        "sixes, last, finished, opened",
    ),
    "squares not an object": ({"squares": []}, "fields 'squares' and 'goal' must be objects"),
    "goal not an object": ({"goal": []}, "fields 'squares' and 'goal' must be objects"),
    "square without a list": ({"squares": {"12": "yellow"}}, "square '12' must list colours"),
    "seat number for a colour": ({"squares": {"12": [0]}}, "square 12: 0 is not a colour name"),
    "colour not in play on a square": (
        {"squares": {"12": ["green"]}},
        f"square 12: 'green' {_NOT_IN_PLAY}",
    ),
    "square off the track": (
        {"squares": {"69": ["yellow"]}},
        "squares: track squares are numbered 1-68",
    ),
    "goal count not a number": ({"goal": {"yellow": "1"}}, "goal counts must be whole numbers"),
    "goal of a colour not in play": ({"goal": {"green": 0}}, f"goal: 'green' {_NOT_IN_PLAY}"),
    "turn of a colour not in play": ({"turn": "green"}, f"turn: 'green' {_NOT_IN_PLAY}"),
    "unknown phase": ({"phase": "dance"}, "phase must be one of roll, move, bonus, over"),
    "roll not a number": ({"roll": "3"}, "field 'roll' must be a whole number"),
    "last off the track": ({"last": "69"}, "last: track squares are numbered 1-68"),
    "last in another colour's lane": (
        {"last": "red L1"},
        "last must be a square the player in turn can stand on",
    ),
    "finished not a list": (
        {"finished": "red"},
        "fields 'finished' and 'opened' must be lists of colours",
    ),
    "opened not a list": (
        {"opened": "red"},
        "fields 'finished' and 'opened' must be lists of colours",
    ),
    "opened colour not in play": (
        {"opened": ["yellow", "green"]},
        f"opened: 'green' {_NOT_IN_PLAY}",
    ),
    "finished colour not in play": ({"finished": ["green"]}, f"finished: 'green' {_NOT_IN_PLAY}"),
}


@pytest.mark.parametrize("case", sorted(_BAD_BODIES))
def test_decode_says_what_is_wrong_in_a_json_body(case: str) -> None:
    s = P.position({"yellow": [12, "L3"], "red": [40]}, roll=3, players=2)
    change, message = _BAD_BODIES[case]
    body = {**P.encode(s), **change}
    with pytest.raises(br.StateFormatError) as caught:
        P.decode(P.options_of(s), body)
    assert str(caught.value) == _WHY_NOT + message


def test_decode_refuses_bad_options_as_a_bad_document() -> None:
    s = P.position({"yellow": [12]}, players=2)
    with pytest.raises(br.StateFormatError) as caught:
        P.decode({"players": 5}, P.encode(s))
    assert str(caught.value) == "parchis option players=5: players must be 2, 3 or 4"


def test_json_goal_counts_left_out_are_zero() -> None:
    s = P.position({"yellow": [12, "L3"], "red": [40]}, roll=3, players=2)
    assert P.decode(P.options_of(s), {**P.encode(s), "goal": {}}) == s
    s = P.position({"yellow": [12, "goal"], "red": [40]}, roll=3, players=2)
    assert P.decode(P.options_of(s), {**P.encode(s), "goal": {"yellow": 1}}) == s


# Error messages name the rule --------------------------------------------------------------

OUT, PASS, MOVE, ROLL = P.Kind.OUT, P.Kind.PASS, P.Kind.MOVE, P.Kind.ROLL
_Case = tuple[dict[str, Any], tuple[int, int, int, int], str, str]

# Each row: a position, a move that is not legal there, the rule the player reads and the
# legal moves listed after it.  Yellow's relative squares: 10 is 5, 20 is 15, 30 is 25,
# L5 is 68; blue's: 30 is 8, 40 is 18.
_ILLEGAL: dict[str, _Case] = {
    "§3.1 roll first": (
        {"pieces": {"yellow": [10]}, "players": 2},
        (PASS, 0, -1, 0),
        "the die must be rolled first (Parchís §3.1)",
        "roll 1, roll 2, roll 3, roll 4, roll 5, roll 6",
    ),
    "§3.1 one roll a turn": (
        {"pieces": {"yellow": [10, 30]}, "roll": 3, "players": 2},
        (ROLL, -1, -1, 3),
        "the die was already rolled: one roll a turn (Parchís §3.1)",
        "10+3, 30+3",
    ),
    "§1.4 whose turn": (
        {"pieces": {"yellow": [10, 30]}, "roll": 3, "players": 2},
        (MOVE, 2, 5, 3),
        "it is yellow's turn (Parchís §1.4)",
        "10+3, 30+3",
    ),
    "§5.3 third six": (
        {"pieces": {"yellow": [10, 20]}, "roll": 6, "sixes": 3},
        (MOVE, 0, 5, 6),
        "the third 6 in a row is lost: the turn ends (Parchís §5.3)",
        "pass",
    ),
    "§4.1 a 5 brings a piece out": (
        {"pieces": {"yellow": [10]}, "roll": 5},
        (MOVE, 0, 5, 5),
        "a 5 must bring a piece out of the nest (Parchís §4.1)",
        "out",
    ),
    "§3.2 no pass": (
        {"pieces": {"yellow": [10, 30]}, "roll": 3},
        (PASS, 0, -1, 0),
        "a piece can move, so the player may not pass (Parchís §3.2)",
        "10+3, 30+3",
    ),
    "§4.2 exit blocked": (
        {"pieces": {"yellow": [5, 5, 30]}, "roll": 5},
        (OUT, 0, -1, 5),
        "no piece can come out: the nest is empty or the exit is blocked (Parchís §4.2, §4.3)",
        "5+5, 30+5",
    ),
    "§4.1 only a 5": (
        {"pieces": {"yellow": [10, 30]}, "roll": 3},
        (OUT, 0, -1, 5),
        "only a 5 brings a piece out of the nest (Parchís §4.1)",
        "10+3, 30+3",
    ),
    "§3.3 the die's count": (
        {"pieces": {"yellow": [10, 30]}, "roll": 3},
        (MOVE, 0, 5, 4),
        "the move must count 3 (Parchís §3.3)",
        "10+3, 30+3",
    ),
    "§5.1 a 6 counts 7": (
        {"pieces": {"yellow": [10, 20, 30, 40]}, "roll": 6},
        (MOVE, 0, 5, 6),
        "the move must count 7 (Parchís §5.1)",
        "10+7, 20+7, 30+7, 40+7",
    ),
    "§7.3 the bonus's count": (
        {"pieces": {"yellow": [14, 30]}, "roll": 4, "bonus": 20, "last": 14, "players": 2},
        (MOVE, 0, 25, 10),
        "the move must count 20 (Parchís §7.3)",
        "14+20, 30+20",
    ),
    "§3.3 another colour's piece": (
        {"pieces": {"blue": [30], "yellow": [40]}, "turn": "blue", "roll": 3},
        (MOVE, 1, 18, 3),
        "no piece of blue can move from there (Parchís §3.3)",
        "30+3",
    ),
    "§3.3 a piece in the goal": (
        {"pieces": {"blue": [30, "goal"]}, "turn": "blue", "roll": 3},
        (MOVE, 1, 71, 3),
        "no piece of blue can move from there (Parchís §3.3)",
        "30+3",
    ),
    "§3.3 a piece in the nest": (
        {"pieces": {"blue": [30, "goal"]}, "turn": "blue", "roll": 3},
        (MOVE, 1, -1, 3),
        "no piece of blue can move from there (Parchís §3.3)",
        "30+3",
    ),
    "§6.3 open the barrier": (
        {"pieces": {"yellow": [20, 20, 30]}, "roll": 6},
        (MOVE, 0, 25, 6),
        "on a 6 a barrier must be opened when it can (Parchís §6.3)",
        "20+6",
    ),
    "§8.1 exact count": (
        {"pieces": {"yellow": ["L5", 10]}, "roll": 4},
        (MOVE, 0, 68, 4),
        "L5+4 would pass the goal, which takes the exact count only (Parchís §8.1)",
        "10+4",
    ),
    "§8.1 exact count, one step from the goal": (
        {"pieces": {"yellow": ["L7", 10]}, "roll": 3},
        (MOVE, 0, 70, 3),
        "L7+3 would pass the goal, which takes the exact count only (Parchís §8.1)",
        "10+3",
    ),
    "§6.2 barrier across the track's end": (
        {"pieces": {"blue": [68, 10], "red": [2, 2]}, "turn": "blue", "roll": 3},
        (MOVE, 1, 46, 3),
        "68+3 is blocked by a barrier on the way or on the square (Parchís §6.2)",
        "10+3",
    ),
    "§6.2 barrier": (
        {"pieces": {"yellow": [20, 30], "red": [22, 22]}, "roll": 3, "players": 2},
        (MOVE, 0, 15, 3),
        "20+3 is blocked by a barrier on the way or on the square (Parchís §6.2)",
        "30+3",
    ),
    "§6.1 full square": (
        {"pieces": {"blue": [12], "red": [12], "yellow": [8, 20]}, "roll": 4},
        (MOVE, 0, 3, 4),
        "8+4 is blocked: the square already holds two pieces (Parchís §6.1)",
        "20+4",
    ),
}


@pytest.mark.parametrize("case", sorted(_ILLEGAL))
def test_illegal_moves_name_the_rule_that_forbids_them(case: str) -> None:
    position, move, rule, legal = _ILLEGAL[case]
    s = P.position(**position)
    with pytest.raises(br.IllegalMoveError) as caught:
        P.apply_move(s, P.Move(*move))
    assert str(caught.value) == f"{rule}; legal moves: {legal}"


def test_a_move_that_is_no_parchis_move_is_refused_as_such() -> None:
    s = P.position({"yellow": [10]}, roll=3)
    with pytest.raises(br.IllegalMoveError) as caught:
        P.apply_move(s, P.Move(MOVE, 0, 5.0, 3))  # type: ignore[arg-type]
    assert str(caught.value) == (
        "this Move is not a Parchís move: its field src is 5.0, not a whole number; "
        "legal moves: 10+3"
    )


def test_after_the_end_no_move_is_legal() -> None:
    s = _game_over()
    with pytest.raises(br.IllegalMoveError) as caught:
        P.apply_move(s, P.Move(MOVE, 0, 5, 3))
    assert str(caught.value) == "the game is over: no move is legal (Parchís §8.3)"
    with pytest.raises(br.IllegalMoveError) as caught:
        P.apply_move(s, "out")  # type: ignore[arg-type]
    assert str(caught.value) == "'out' is not a Parchís move; legal moves: none: the game is over"


# An independent, literal model of the rules ------------------------------------------------
#
# A second reading of the two documents, written for this audit without the library's code:
# plain dicts in the JSON form of P.encode, square names instead of relative positions, no
# speed tricks.  The library must agree with it on every legal move and every successor.

_EXIT = {"yellow": 5, "blue": 22, "red": 39, "green": 56}
_SAFE = {5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68}
_Body = dict[str, Any]


def _square(colour: str, steps: int) -> str:
    """The square a piece of ``colour`` reaches ``steps`` squares after its exit (< 71)."""
    if steps <= 63:
        return str((_EXIT[colour] - 1 + steps) % 68 + 1)
    return f"{colour} L{steps - 63}"


def _steps_of(colour: str, square: str) -> int:
    if " L" in square:
        return 63 + int(square.split(" L")[1])
    return (int(square) - _EXIT[colour]) % 68


def _is_barrier(opts: _Body, square: str, pieces: list[str]) -> bool:
    if len(pieces) != 2 or pieces[0] != pieces[1]:
        return False
    safe = " L" not in square and int(square) in _SAFE
    return safe or not opts["barriers_on_safe_only"]


def _in_nest(body: _Body, colour: str) -> int:
    out: int = sum(p.count(colour) for p in body["squares"].values())
    return 4 - out - int(body["goal"][colour])


def _can_count(body: _Body, opts: _Body, colour: str, count: int) -> list[int]:
    """The places (steps from the exit) of the pieces that can move ``count`` squares."""
    places = sorted({_steps_of(colour, sq) for sq, p in body["squares"].items() if colour in p})
    able = []
    for start in places:
        end = start + count
        if end > 71:
            continue  # the goal needs an exact count
        crossed = [_square(colour, k) for k in range(start + 1, min(end, 70) + 1)]
        pieces = [body["squares"].get(sq, []) for sq in crossed]
        if any(_is_barrier(opts, sq, p) for sq, p in zip(crossed, pieces, strict=True)):
            continue  # no piece passes or lands on a barrier
        if end < 71 and len(pieces[-1]) == 2:
            continue  # no square but the nest and the goal holds three
        able.append(start)
    return able


def _model_moves(body: _Body, opts: _Body) -> list[str]:
    phase, me = body["phase"], body["turn"]
    if phase == "over":
        return []
    if phase == "roll":
        return [f"roll {d}" for d in range(1, 7)]
    if body["sixes"] == 3:
        return ["pass"]  # the third 6 is lost
    if phase == "move" and body["roll"] == 5 and _in_nest(body, me):
        on_exit = body["squares"].get(str(_EXIT[me]), [])
        if len(on_exit) < 2 or (on_exit != [me, me] and opts["exit_capture"]):
            return ["out"]
    able = _can_count(body, opts, me, body["count"])
    if phase == "move" and body["roll"] == 6:
        opening = [
            s for s in able if _is_barrier(opts, _square(me, s), body["squares"][_square(me, s)])
        ]
        able = opening or able
    named = [f"L{s - 63}" if s > 63 else _square(me, s) for s in able]
    return [f"{sq}+{body['count']}" for sq in named] or ["pass"]


def _next_player(b: _Body, opts: _Body) -> _Body:
    seats = opts["colours"]
    b.update(roll=0, count=0, sixes=0, last=None)
    if len(b["finished"]) >= len(seats) - 1:
        b["finished"] += [c for c in seats if c not in b["finished"]]
        b["phase"] = "over"
        return b
    i = seats.index(b["turn"])
    i = (i + 1) % len(seats)
    while seats[i] in b["finished"]:
        i = (i + 1) % len(seats)
    b.update(turn=seats[i], phase="roll")
    return b


def _roll_over(b: _Body, opts: _Body) -> _Body:
    if b["roll"] == 6 and b["sixes"] < 3:
        b.update(phase="roll", roll=0, count=0)
        return b
    return _next_player(b, opts)


def _take(b: _Body, square: str, colour: str) -> None:
    b["squares"][square].remove(colour)
    if not b["squares"][square]:
        del b["squares"][square]


def _model_apply(body: _Body, opts: _Body, move: str) -> _Body:
    b: _Body = json.loads(json.dumps(body))
    me = b["turn"]
    if move.startswith("roll"):
        die = int(move[5:])
        sixes = b["sixes"] + 1 if die == 6 else 0
        if sixes < 3:
            count = 7 if die == 6 and not _in_nest(b, me) else die
            b.update(phase="move", roll=die, count=count, sixes=sixes)
            return b
        last = b["last"]
        if last is not None and last != "goal" and " L" not in last:
            _take(b, last, me)  # back to the nest
        elif last is not None and " L" in last and opts["third_six_back_to_lane_start"]:
            first = f"{me} L1"
            if last != first and len(b["squares"].get(first, [])) < 2:
                _take(b, last, me)
                b["squares"].setdefault(first, []).append(me)
        b.update(phase="move", roll=6, count=0, sixes=3, last=None)
        return b
    if move == "pass":
        return _roll_over(b, opts)
    bonus = 0
    if move == "out":
        exit_ = str(_EXIT[me])
        here = b["squares"].setdefault(exit_, [])
        first_out = me not in b["opened"]
        if len(here) == 2:  # eat the last to arrive of another colour
            here.pop(1 if here[1] != me else 0)
            bonus = 20
        elif not here and first_out and opts["two_out_on_first_five"] and _in_nest(b, me) > 1:
            here.append(me)
        here.append(me)
        b["opened"] = [c for c in opts["colours"] if c in b["opened"] or c == me]
        b["last"] = exit_
    else:
        where, steps = move.split("+")
        where = f"{me} {where}" if where.startswith("L") else where
        end = _steps_of(me, where) + int(steps)
        _take(b, where, me)
        if end == 71:
            b["goal"][me] += 1
            bonus, b["last"] = 10, "goal"
        else:
            to = _square(me, end)
            here = b["squares"].setdefault(to, [])
            if len(here) == 1 and here[0] != me and " L" not in to and int(to) not in _SAFE:
                here[0] = me
                bonus = 20
            else:
                here.append(me)
            b["last"] = to
    if b["goal"][me] == 4:
        b["finished"].append(me)
        return _next_player(b, opts)
    if bonus and _can_count(b, opts, me, bonus):
        b.update(phase="bonus", count=bonus)
        return b
    return _roll_over(b, opts)


def _agrees_with_the_model(s: P.State) -> None:
    body, opts = P.encode(s), P.options_of(s)
    got = [str(m) for m in P.legal_moves(s)]
    assert sorted(got) == sorted(_model_moves(body, opts)), body
    for move in got:
        after = P.encode(P.apply_move(s, P.parse_move(s, move)))
        assert after == _model_apply(body, opts, move), (body, move)


_MODEL_OPTIONS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 2},
    {"players": 3, "colours": ["blue", "red", "green"], "first_player": 2},
    {"two_out_on_first_five": True},
    {"exit_capture": False},
    {"barriers_on_safe_only": True},
    {"third_six_back_to_lane_start": True},
    {
        "players": 3,
        "two_out_on_first_five": True,
        "exit_capture": False,
        "barriers_on_safe_only": True,
        "third_six_back_to_lane_start": True,
    },
]


@pytest.mark.slow
@pytest.mark.parametrize("options", _MODEL_OPTIONS)
def test_engine_agrees_with_a_literal_model_along_games(options: dict[str, Any]) -> None:
    rng = random.Random(repr(options))
    for _ in range(2):
        s = P.new_game(**options)
        while not br.is_terminal(s):
            _agrees_with_the_model(s)
            moves_now = [str(m) for m in P.legal_moves(s)]
            if br.current_player(s) == br.CHANCE:
                moves_now += ["roll 5", "roll 6", "roll 6"]  # more 5s and 6s, more rules
            s = play(s, rng.choice(moves_now))


def _random_position(rng: random.Random) -> P.State | None:
    options = rng.choice(_MODEL_OPTIONS)
    colours = [P.BOARD.colours[c] for c in P.new_game(**options).options.colours]
    crowded = [5, 8, 10, 12, 17, 20, 22, 23, 25, 30, 34, 39, 51, 56, 60, 64, 68]
    pieces: dict[str, list[int | str]] = {}
    for colour in colours:
        mine: list[int | str] = []
        for _ in range(rng.choice([0, 1, 2, 3, 4, 4])):
            x = rng.random()
            if x < 0.1:
                mine.append("goal")
            elif x < 0.3:
                mine.append(f"L{rng.randint(1, 7)}")
            elif x < 0.45:
                mine.append(_EXIT[colour])
            else:
                mine.append(rng.choice(crowded) if x < 0.75 else rng.randint(1, 68))
        pieces[colour] = mine
    turn = rng.choice(colours)
    kw: dict[str, Any] = {"sixes": rng.choice([0, 1, 2, 2])}
    if rng.random() < 0.6:
        kw["roll"] = rng.choice([1, 3, 4, 5, 5, 6, 6])
        kw["sixes"] = rng.choice([1, 2]) if kw["roll"] == 6 else 0
        if rng.random() < 0.3:
            kw["bonus"] = rng.choice([10, 20])
    if pieces[turn] and (kw["sixes"] or "bonus" in kw or "roll" in kw) and rng.random() < 0.8:
        kw["last"] = rng.choice(pieces[turn])
    kw["opened"] = [c for c in colours if pieces[c] or rng.random() < 0.5]
    try:
        return P.position(pieces, turn=turn, **kw, **options)
    except br.StateFormatError:
        return None  # an impossible position: try another


@pytest.mark.slow
def test_engine_agrees_with_a_literal_model_on_random_positions() -> None:
    # Each position also round-trips through JSON, renders, and evaluates within [0, 1].
    rng = random.Random(2026)
    checked = 0
    while checked < 1500:
        s = _random_position(rng)
        if s is not None:
            _agrees_with_the_model(s)
            assert br.from_json(br.to_json(s)) == s
            assert all(0.0 <= v <= 1.0 for v in br.evaluate(s))
            assert br.returns(s) == (0.0,) * br.num_players(s)
            assert P.render(s).startswith("Parchís")
            checked += 1


@pytest.mark.parametrize("text", ["69+3", "0+3", "99+1", "L8+1", "L0+1", "5+0", "5+21"])
def test_notation_names_only_squares_that_exist(text: str) -> None:
    s = P.position({"yellow": [5]}, roll=3)
    with pytest.raises(br.MoveSyntaxError):
        P.parse_move(s, text)


def test_notation_reaches_track_square_68() -> None:
    s = P.position({"yellow": [68]}, roll=3)
    assert P.parse_move(s, "68+3") == P.legal_moves(s)[0]
