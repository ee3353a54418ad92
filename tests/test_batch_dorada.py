"""The Dorada batch engine against the scalar rules: short differential samples (every
player count, the tie-break, a board given as data, endings restarted and frozen) and each
clause of the rules from a concrete position (``benchmarks/batch_audit.py`` plays the long
differential run)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from extras import need

np = need("numpy", "batch")

import boardrules as br  # noqa: E402
from batch_helpers import random_seats_after, scalar_views  # noqa: E402
from boardrules.batch import DoradaBatch  # noqa: E402
from boardrules.batch._check import BatchMismatchError, compare_game  # noqa: E402
from boardrules.batch._dorada import _PART_BYTES  # noqa: E402
from boardrules.dorada import board_from_spec, position  # noqa: E402

#: A board with every kind of field, short games, and a jump back past the start.
SHORT = {
    "fields": 16,
    "stumble": [4, 11, 15],
    "gold": [9],
    "jumps": [[2, -5], [6, 3], [10, -2], [13, 1]],
    "last_jump": 13,
}


def _late(seed: int, back: int, **options: Any) -> Any:
    """A random game's decision ``back`` decisions before its end."""
    rng = random.Random(seed)
    state, seen = br.new_game("dorada", **options), []
    while not br.is_terminal(state):
        if br.is_chance(state):
            move = br.sample_chance(state, rng)
        else:
            seen.append(state)
            move = rng.choice(br.legal_moves(state))
        state = br.apply_move(state, move)
    return seen[-back]


# ----------------------------------------------------------------- differential samples


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_batch_plays_the_scalar_games_from_the_start(players: int) -> None:
    compared = compare_game("dorada", 4, 70, seed=players, players=players)
    assert compared.steps == 4 * 70


def test_the_batch_plays_a_board_given_as_data_and_the_tie_break() -> None:
    compared = compare_game(
        "dorada", 4, 60, seed=5, players=3, board=SHORT, tie_break="highest-piece",
        first_player=2,
    )  # fmt: skip
    assert compared.ended >= 3


def test_a_long_hostile_option_is_named_in_a_short_message() -> None:
    # The board's check repeated the name of an unknown field whole (100,000 characters).
    with pytest.raises(br.InvalidOptionError, match=r"^board field 'kkk+\.\.\.k+': unknown") as e:
        DoradaBatch(2, board={"k" * 100_000: 1})
    assert len(str(e.value)) == 300 and str(e.value).endswith("gold, last_jump")
    assert type(e.value.__cause__) is br.InvalidOptionError


def test_ended_games_restart_or_stay_over() -> None:
    starts = [_late(seed, 2, players=2) for seed in range(4)]
    assert compare_game("dorada", 4, 20, seed=3, start=starts).ended >= 4
    compare_game("dorada", 4, 10, seed=4, start=starts, autoreset=False)
    batch = DoradaBatch.from_states(starts, seed=1)
    for _ in range(40):
        batch.step(batch.random_actions())
    assert batch.over.all() and not batch.legal_mask().any()
    assert (batch.to_move() == br.TERMINAL).all()
    before = [batch.state(i) for i in range(4)]
    result = batch.step(np.zeros(4, dtype=np.int64))  # actions of games over are ignored
    assert not result.ended.any()
    assert [batch.state(i) for i in range(4)] == before
    assert [tuple(r) for r in batch.returns()] == [br.returns(s) for s in before]
    restarted = DoradaBatch.from_states(before[:1], autoreset=True, dice=[4])
    assert restarted.state(0).roll == 4 and not restarted.over.any()


def test_games_restarted_stand_at_their_first_decision_with_the_die_rolled() -> None:
    # (the vector environments restart games this way between episodes)
    batch = DoradaBatch(3, seed=2, players=2)
    batch.step(batch.random_actions())
    batch._restart(np.array([0, 2]), np.array([[2], [1], [3]]))
    fresh = br.new_game("dorada", players=2)
    rolled = [br.apply_move(fresh, br.legal_moves(fresh)[die - 1]) for die in (2, 3)]
    assert [batch.state(0), batch.state(2)] == rolled


def test_the_check_finds_a_difference() -> None:
    original = DoradaBatch._jump
    DoradaBatch._jump = lambda self, g, field, count: field + count  # type: ignore[method-assign]
    try:
        with pytest.raises(BatchMismatchError, match="states differ"):
            compare_game("dorada", 6, 60, seed=1, players=2)
    finally:
        DoradaBatch._jump = original  # type: ignore[method-assign]


# ----------------------------------------------------------------- rules from positions


def _after(state: Any, action: int) -> tuple[Any, Any]:
    """The batch's and the scalar rules' state after ``action`` (before the next roll)."""
    batch = DoradaBatch.from_states([state], autoreset=False)
    legal = br.legal_actions(state)
    assert np.flatnonzero(batch.legal_mask()[0]).tolist() == list(legal)
    batch.step([action], dice=[1])
    expected = br.apply_move(state, br.action_to_move(state, action))
    if br.is_chance(expected):
        expected = br.apply_move(expected, br.action_to_move(expected, 0))
    return batch.state(0), expected


def _check(state: Any, action: int) -> Any:
    mine, expected = _after(state, action)
    assert mine == expected
    return expected


def test_a_jump_counts_only_free_fields() -> None:
    # Field 5 jumps 3 free fields: 6, (7 holds a piece), 8, 9, an open stumble field.
    state = position(players=2, track={7: [1]}, turn=0, roll=5)
    after = _check(state, 0)
    assert after.bridges[9] == 0  # lost in the stumble field: it is a bridge now


def test_a_jump_back_counts_free_fields_and_the_start_field_ends_it() -> None:
    # Field 20 jumps back 3 free fields: 19 holds a piece, so 18, 17 (just left), 16.
    state = position(players=2, track={17: [0], 19: [1]}, turn=0, roll=3)
    assert _check(state, 17).track[16] == (0,)
    short = position(players=2, board=SHORT, turn=0, roll=2)  # 2 jumps back past field 1
    assert _check(short, 0).start == (4, 4)


def test_a_chain_of_jumps_stops_where_it_would_jump_a_second_time() -> None:
    board = board_from_spec({"fields": 12, "jumps": [[3, 2], [6, -2], [10, 1]], "last_jump": 10})
    # 3 jumps 2 free fields (4 holds a piece): 5, 6; 6 jumps back 2: 5, 3; 3 again: stop.
    state = position(players=2, board=board, track={4: [1]}, turn=0, roll=3)
    assert _check(state, 0).track[3] == (0,)


def test_gold_the_last_jump_and_running_out_of_fields_reach_dorada() -> None:
    for field, roll in ((10, 2), (30, 3), (35, 6)):  # gold 12, last jump 33, past 40
        state = position(players=2, track={field: [1]}, turn=1, roll=roll)
        assert _check(state, field).dorada == (1,)


def test_a_bridged_stumble_field_is_an_ordinary_field() -> None:
    state = position(players=2, track={6: [0]}, bridges={9: 1}, turn=0, roll=3)
    assert _check(state, 6).track[9] == (0,)


def test_pieces_stack_and_only_the_top_piece_moves() -> None:
    state = position(players=2, track={3: [0], 4: [1, 0]}, turn=1, roll=1)
    assert br.legal_actions(state) == (0,)  # its piece on 4 is buried, 3 is not its own
    assert _check(state, 0).track[1] == (1,)
    onto = position(players=2, track={3: [0], 4: [1]}, turn=0, roll=1)
    assert _check(onto, 3).track[4] == (1, 0)


def test_a_player_whose_pieces_are_all_buried_passes() -> None:
    state = position(players=2, start=[0, 2], track={3: [0, 0, 0, 1], 4: [0, 1]}, turn=0, roll=2)
    assert br.legal_actions(state) == (41,)
    assert _check(state, 41).turn == 1


def test_a_piece_home_is_no_free_piece() -> None:
    # Red's piece in DORADA arrived first (height 0) and field 40 holds one piece (height 0
    # is its top): the piece home still does not move, and red, buried, must pass.
    state = position(players=2, dorada=[0], bridges={40: 1}, track={3: [0, 0, 0, 1], 40: [1]},
                     turn=0, roll=2)  # fmt: skip
    assert br.legal_actions(state) == (41,)
    assert _check(state, 41).turn == 1


def test_the_game_ends_with_the_last_piece_and_the_tie_break() -> None:
    for tie_break, won in (("share", (1.0, 1.0)), ("highest-piece", (1.0, 0.0))):
        # Red's piece goes home on gold: from the top red 100, blue 80 and 60, red 50,
        # blue 40, red 30: 180 each.
        state = position(players=2, tie_break=tie_break, dorada=[0, 1, 0, 1, 1],
                         bridges={36: 1, 37: 0}, track={10: [0]}, turn=0, roll=2)  # fmt: skip
        batch = DoradaBatch.from_states([state], autoreset=False)
        result = batch.step([10])
        assert result.ended.tolist() == [True]
        assert tuple(result.returns[0]) == won == br.returns(batch.state(0))


def test_nobody_wins_without_points() -> None:
    state = position(players=2, bridges={9: 0, 18: 0, 23: 0, 29: 0, 36: 1, 37: 1, 38: 1},
                     track={35: [1]}, turn=1, roll=4)  # fmt: skip
    batch = DoradaBatch.from_states([state], autoreset=False)
    assert batch.step([35]).returns.tolist() == [[0.0, 0.0]]
    assert br.returns(batch.state(0)) == (0.0, 0.0)


# ----------------------------------------------------------------- interface


def test_observations_from_every_seat_and_into_a_buffer() -> None:
    batch = DoradaBatch(3, seed=2, players=3, board=SHORT)
    for _ in range(12):
        batch.step(batch.random_actions())
    seats = np.array([0, 2, 1])
    out = np.ones((3, batch.observation_size), dtype=np.float32)
    assert batch.observation(seats, out=out) is out and out.dtype == np.float32
    for i in range(3):
        expected = np.zeros(batch.observation_size, dtype=np.float32)
        br.observation_into(batch.state(i), int(seats[i]), expected)
        assert np.array_equal(out[i], expected)
    assert batch.scores().tolist() == [list(br.dorada.scores(batch.state(i))) for i in range(3)]
    assert batch.num_actions == batch.legal_mask().shape[1] == 16 + 2  # start, 16 fields, pass


def test_observations_into_views_of_other_arrays_and_a_part_at_a_time() -> None:
    # 4 players on SHORT: 1249 values, so the 110 games are written in two parts
    batch = DoradaBatch(110, seed=4, players=4, board=SHORT)
    assert batch.observation_size * 4 * 110 > _PART_BYTES
    rng = np.random.default_rng(4)
    for _ in range(2):
        seats = random_seats_after(batch, 25, rng)
        expected = scalar_views(batch, seats)
        assert np.array_equal(batch.observation(seats), expected)
        wide = np.full((110, batch.observation_size + 2), 7.0, dtype=np.float32)
        batch.observation(seats, out=wide[:, 1:-1])
        assert np.array_equal(wide[:, 1:-1], expected) and (wide[:, [0, -1]] == 7.0).all()
        fortran = np.ones((110, batch.observation_size), dtype=np.float32, order="F")
        assert batch.observation(seats, out=fortran) is fortran
        assert np.array_equal(fortran, expected)
    one = DoradaBatch.from_states([batch.state(5)])
    assert np.array_equal(one.observation(seats[5:6]), scalar_views(one, seats[5:6]))


# A board with jumps forward near its end, back onto field 1, and of one field.
NEAR_END = {"fields": 12, "jumps": [[8, 3], [4, -3], [6, 1], [11, 1]], "last_jump": 11}


def test_a_jump_past_the_last_free_field_reaches_dorada() -> None:
    # 5 + 3 lands on 8, which jumps 3 free fields: only 11 is free after it (9, 10 and 12
    # hold pieces), so the piece runs out of fields.
    board = board_from_spec(NEAR_END)
    state = position(players=2, board=board, track={5: [0], 9: [1], 10: [1], 12: [1]},
                     turn=0, roll=3)  # fmt: skip
    assert _check(state, 5).dorada == (0,)
    # With 10 free too, the jump ends on the last free field, 12.
    state = position(players=2, board=board, track={5: [0], 9: [1]}, turn=0, roll=3)
    assert _check(state, 5).track[12] == (0,)
    # On a board whose field before the last is an ordinary one: DORADA all the same.
    other = board_from_spec({"fields": 12, "jumps": [[8, 3], [10, 1]], "last_jump": 10})
    state = position(players=2, board=other, track={5: [0], 9: [1], 11: [1], 12: [1]},
                     turn=0, roll=3)  # fmt: skip
    assert _check(state, 5).dorada == (0,)


def test_a_jump_of_one_from_a_field_holding_a_piece_counts_the_next_free_field() -> None:
    # 5 + 1 lands on 6, which holds a piece and jumps 1 free field: 7.
    board = board_from_spec(NEAR_END)
    state = position(players=2, board=board, track={5: [0], 6: [1]}, turn=0, roll=1)
    assert _check(state, 5).track[7] == (0,)


def test_a_jump_back_may_end_on_the_first_field() -> None:
    # 2 + 2 lands on 4, which jumps back 3 free fields: 3, 2 (just left), 1.
    board = board_from_spec(NEAR_END)
    state = position(players=2, board=board, track={2: [0]}, turn=0, roll=2)
    assert _check(state, 2).track[1] == (0,)


def test_a_piece_landing_on_the_last_field_goes_on_top() -> None:
    board = board_from_spec(NEAR_END)
    state = position(players=2, board=board, track={9: [0], 12: [1]}, turn=0, roll=3)
    assert _check(state, 9).track[12] == (1, 0)


def test_the_highest_piece_wins_alone_and_nobody_wins_without_points() -> None:
    # Blue's piece goes home as the only one there (100 points); then, in another game,
    # blue's last piece is lost and nobody has any points: nobody wins.
    lost = {9: 0, 18: 0, 23: 0, 29: 0, 36: 1, 37: 1, 38: 1}
    for roll, won in ((6, [0.0, 1.0]), (4, [0.0, 0.0])):
        state = position(players=2, tie_break="highest-piece", bridges=lost, track={35: [1]},
                         turn=1, roll=roll)  # fmt: skip
        batch = DoradaBatch.from_states([state], autoreset=False)
        assert batch.step([35]).returns.tolist() == [won]
        assert list(br.returns(batch.state(0))) == won


def test_every_piece_home_scores_down_to_the_last() -> None:
    # Blue's last piece goes home: all eight pieces are in DORADA, the first to arrive, at
    # the bottom, scores the points of the eighth place.
    state = position(players=2, dorada=[0, 1, 0, 1, 0, 1, 0], track={35: [1]}, turn=1, roll=6)
    batch = DoradaBatch.from_states([state], autoreset=False)
    result = batch.step([35])
    expected = br.apply_move(state, br.action_to_move(state, 35))
    assert batch.state(0) == expected and len(expected.dorada) == 8
    assert batch.scores().tolist() == [list(br.dorada.scores(expected))]
    assert tuple(result.returns[0]) == br.returns(expected)


def test_observations_of_full_stacks_and_a_full_dorada() -> None:
    # Every piece in one stack (16 deep with 4 players: the deepest index of the view) or
    # in DORADA at the end, seen from every seat; and stacks on the first and last fields.
    full = position(players=4, track={7: [0, 1, 2, 3] * 4}, turn=2, roll=3)
    home = position(players=4, dorada=[0, 1, 2, 3] * 4)
    ends = position(players=2, track={1: [0, 1, 1], 40: [0, 1, 0]}, bridges={40: 1},
                    start=[1, 0], turn=0, roll=1)  # fmt: skip
    for state in (full, home, ends):
        batch = DoradaBatch.from_states([state] * state.options.players)
        seats = np.arange(state.options.players)
        assert np.array_equal(batch.observation(seats), scalar_views(batch, seats))


def test_play_steps_like_step_where_without_its_checks() -> None:
    # (the vector environments' way, their actions being legal): the same games, dice and
    # counts as step(random_actions(rng, where), where=where), games ending on the way
    a, b = (DoradaBatch(40, seed=3, players=3, autoreset=False) for _ in range(2))
    ra, rb, choose = (np.random.default_rng(k) for k in (4, 4, 5))
    for _ in range(150):
        where = (choose.random(40) < 0.7) & ~a.over
        a.step(a.random_actions(ra, where), where=where)
        g = np.flatnonzero(where)
        b._play(g, b.random_actions(rb, where)[g])
        for name in DoradaBatch._ROWS:
            assert np.array_equal(getattr(a, name), getattr(b, name)), name
        assert (a.rolls, a.moves) == (b.rolls, b.moves)
        assert np.array_equal(a.legal_mask(), b.legal_mask())
    assert 0 < np.count_nonzero(a.over) < 40
