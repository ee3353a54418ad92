"""The Parchís batch engine against the scalar rules: a short differential sample per
option set (``benchmarks/batch_audit.py`` plays the long one), the rules' corner cases from
concrete positions, and the batch's own interface."""

from __future__ import annotations

import random
from typing import Any

import pytest

from extras import need

np = need("numpy", "batch")

import boardrules as br  # noqa: E402
from batch_helpers import random_seats_after, scalar_views  # noqa: E402
from boardrules.batch import ParchisBatch  # noqa: E402
from boardrules.batch._base import _game_count  # noqa: E402
from boardrules.batch._check import BatchMismatchError, compare_parchis  # noqa: E402
from boardrules.batch._parchis import _PART_BYTES  # noqa: E402
from boardrules.parchis import Kind, position  # noqa: E402
from boardrules.parchis._board import GOAL  # noqa: E402


def _late(seed: int, back: int, **options: Any) -> Any:
    """A random game's decision ``back`` decisions before its end."""
    rng = random.Random(seed)
    state, seen = br.new_game("parchis", **options), []
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
    assert compare_parchis(6, 90, seed=players, players=players).steps == 6 * 90


@pytest.mark.parametrize(
    "option",
    ["two_out_on_first_five", "barriers_on_safe_only", "third_six_back_to_lane_start"],
)
def test_the_batch_plays_each_option_like_the_scalar_rules(option: str) -> None:
    options: dict[str, Any] = {option: True}
    compare_parchis(6, 90, seed=11, players=4, **options)


def test_the_batch_plays_without_exit_capture_like_the_scalar_rules() -> None:
    compare_parchis(6, 90, seed=12, players=4, exit_capture=False)


def test_the_batch_plays_other_colours_and_first_players() -> None:
    compare_parchis(4, 60, seed=13, players=3, colours=["blue", "red", "green"], first_player=2)
    compare_parchis(4, 60, seed=14, players=2, colours=["blue", "green"], first_player=1)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ended_games_restart_with_their_returns(players: int) -> None:
    starts = [_late(seed, 3, players=players) for seed in range(6)]
    compared = compare_parchis(6, 60, seed=3, start=starts)
    assert compared.ended >= 4


def test_ended_games_stay_over_when_frozen() -> None:
    starts = [_late(seed, 8, players=3) for seed in range(6)]
    compare_parchis(6, 40, seed=4, start=starts, autoreset=False)
    batch = ParchisBatch.from_states(starts, seed=1)
    for _ in range(200):
        batch.step(batch.random_actions())
    assert batch.over.all()
    assert batch.legal_mask().dtype == np.bool_ and not batch.legal_mask().any()
    assert not batch.choices()[1].any()  # no legal action at all
    restarted = ParchisBatch.from_states([batch.state(0)], autoreset=True, dice=[4])
    assert restarted.state(0).roll == 4 and not restarted.over.any()
    assert (batch.to_move() == br.TERMINAL).all()
    before = [batch.state(i) for i in range(6)]
    result = batch.step(np.zeros(6, dtype=np.int64))  # actions of games over are ignored
    assert result.ended.dtype == np.bool_ and not result.ended.any()
    batch.step(np.zeros(6, dtype=np.int64), where=np.ones(6, dtype=np.bool_))  # where too
    assert [batch.state(i) for i in range(6)] == before
    assert [tuple(r) for r in batch.returns()] == [br.returns(s) for s in before]


def test_the_check_finds_a_difference() -> None:
    # The check is only as good as its comparisons: a batch whose rules are broken fails it.
    original = ParchisBatch._eat
    ParchisBatch._eat = lambda self, *args: None  # type: ignore[method-assign]
    try:
        with pytest.raises(BatchMismatchError, match="states differ"):
            compare_parchis(8, 60, seed=1, players=2)
    finally:
        ParchisBatch._eat = original  # type: ignore[method-assign]


# ----------------------------------------------------------------- rules from positions


def _same(states: list[Any], dice: list[int], steps: int = 12) -> None:
    """The batch started from ``states`` plays like the scalar rules."""
    compare_parchis(len(states), steps, seed=sum(dice), start=states)


def test_third_six_from_a_position() -> None:
    # Third 6 in a row: the piece moved last goes home (track) or, with the option, back
    # to the lane's first square.
    on_track = position({"yellow": [20, 30], "red": [40]}, turn="yellow", sixes=2,
                        last=20, players=2)  # fmt: skip
    in_lane = position({"yellow": ["L4", 30], "red": [40]}, turn="yellow", sixes=2,
                       last="L4", players=2, third_six_back_to_lane_start=True)  # fmt: skip
    for state in (on_track, in_lane):
        batch = ParchisBatch.from_states([state], dice=[6])
        expected = br.apply_move(state, br.action_to_move(state, 5))
        assert batch.state(0) == expected
        assert np.flatnonzero(batch.legal_mask()[0]).tolist() == [72]


@pytest.mark.parametrize(
    ("pieces", "last", "lane_start"),
    [
        (["5", 30], 5, False),  # on its exit (relative square 0): home
        (["68", 30], 68, False),  # on its last track square (63): home
        (["L4", 30], "L4", False),  # in its lane, without the option: it stays
        (["L1", 30], "L1", True),  # on the lane's first square already: it stays
        (["L6", "L1", "L1"], "L6", True),  # the lane's first square is full: it stays
        (["L6", "L1"], "L6", True),  # back to the lane's first square, beside the other
        (["goal", 30], "goal", True),  # in the goal: it stays
    ],
)
def test_the_third_six_sends_the_last_piece_where_the_scalar_rules_do(
    pieces: list[Any], last: Any, lane_start: bool
) -> None:
    state = position({"yellow": pieces, "red": [40]}, turn="yellow", sixes=2, last=last,
                     players=2, third_six_back_to_lane_start=lane_start)  # fmt: skip
    batch = ParchisBatch.from_states([state], dice=[6])
    assert batch.state(0) == br.apply_move(state, br.action_to_move(state, 5))


def test_a_piece_sent_back_to_its_lane_leaves_no_barrier_behind() -> None:
    # Yellow's third 6 sends its piece from L4 back to the empty first square of its lane
    # (the option); then red, on 66 with a 3, crosses square 1: nothing there blocks it.
    state = position({"yellow": ["L4", 30], "red": [66, 40]}, turn="yellow", sixes=2,
                     last="L4", players=2, third_six_back_to_lane_start=True)  # fmt: skip
    batch = ParchisBatch.from_states([state], dice=[6])
    state = br.apply_move(state, br.action_to_move(state, 5))
    state = br.apply_move(state, br.legal_moves(state)[0])  # yellow passes
    state = br.apply_move(state, br.action_to_move(state, 2))  # red rolls 3
    batch.step([72], dice=[3])
    assert batch.state(0) == state
    assert np.flatnonzero(batch.legal_mask()[0]).tolist() == list(br.legal_actions(state))
    assert len(br.legal_actions(state)) == 2  # 66 + 3 is a move


def test_a_restart_rolls_by_default() -> None:
    batch = ParchisBatch(2, seed=3, players=2)
    for _ in range(5):
        batch.step(batch.random_actions())
    batch._restart(np.arange(2), np.array([5, 3]))  # what the vector environment calls
    fresh = br.new_game("parchis", players=2)
    rolled = [br.apply_move(fresh, br.action_to_move(fresh, die - 1)) for die in (5, 3)]
    assert [batch.state(i) for i in range(2)] == rolled


def test_captures_bonuses_and_the_goal_from_positions() -> None:
    states = [
        # yellow eats red on 12+3 = 15 and counts 20
        position({"yellow": [12], "red": [15]}, turn="yellow", roll=3, players=2),
        # yellow enters the goal from L5 with a 3 and counts 10
        position({"yellow": ["L5", 30], "red": [40]}, turn="yellow", roll=3, players=2),
        # a 6 must open yellow's barrier on 20
        position({"yellow": [20, 20, 40], "red": [50]}, turn="yellow", roll=6, players=2),
        # a 5 brings a piece out onto a full exit and eats the last arrival
        position({"yellow": ["goal"], "red": [5, 5]}, turn="yellow", roll=5, players=2),
        # ... or the other colour's piece when the last arrival is the mover's own
        position({"red": [5], "yellow": [5]}, turn="yellow", roll=5, players=2),
    ]
    _same(states, [3, 3, 6, 5, 5])


def test_two_out_on_the_first_five_and_no_exit_capture() -> None:
    first = position(turn="yellow", roll=5, players=2, two_out_on_first_five=True)
    batch = ParchisBatch.from_states([first], dice=[3])
    batch.step([71], dice=[4])
    assert batch.moves == 1  # out is a move
    assert batch.legal_mask()[0].nonzero()[0].tolist() == [72]  # red, all in the nest, rolled 4
    batch.step([72], dice=[4])
    assert batch.moves == 1  # a pass is not a move
    assert sorted(batch.pos[0, 0].tolist()) == [-1, -1, 0, 0]
    blocked = position({"red": [5, 5]}, turn="yellow", roll=5, players=2, exit_capture=False)
    assert ParchisBatch.from_states([blocked]).legal_mask()[0].nonzero()[0].tolist() == [72]
    _same([first], [5])
    _same([blocked], [5])


# ----------------------------------------------------------------- the interface


def test_imposed_dice_and_the_generator() -> None:
    a = ParchisBatch(8, seed=5, players=2)
    b = ParchisBatch(8, seed=5, players=2)
    for _ in range(20):
        acts = a.random_actions()
        assert (acts == b.random_actions()).all()
        a.step(acts)
        b.step(acts)
    assert all(a.state(i) == b.state(i) for i in range(8))
    assert ParchisBatch(1, players=2).n == 1
    drawn = ParchisBatch(64, seed=3, players=2)
    assert len({drawn.state(i).roll for i in range(64)}) == 6  # a die of its own per game
    rolls = []
    for _ in range(20):
        rolls += [drawn.state(i).roll for i in range(64)]
        drawn.step(drawn.random_actions())
    assert sorted(set(rolls)) == [1, 2, 3, 4, 5, 6]  # the generator's dice are the die's faces
    dice = ParchisBatch(3, players=2, dice=[1, 5, 6])
    assert [s.roll for s in map(dice.state, range(3))] == [1, 5, 6]


def test_observers_other_than_the_mover() -> None:
    batch = ParchisBatch(5, seed=2, players=3)
    for _ in range(30):
        batch.step(batch.random_actions())
    seats = np.array([0, 1, 2, 1, 0])
    seen = batch.observation(seats)
    assert seen.dtype == np.float32 and seen.shape == (5, 3 * (146 + 3) + 3 + 97)
    out = np.ones_like(seen)
    assert batch.observation(seats, out=out) is out
    for i in range(5):
        expected = np.zeros(batch.observation_size, dtype=np.float32)
        br.observation_into(batch.state(i), int(seats[i]), expected)
        assert np.array_equal(seen[i], expected)
        assert np.array_equal(out[i], expected)


def test_observations_into_views_of_other_arrays() -> None:
    batch = ParchisBatch(4, seed=5, players=2)
    for _ in range(25):
        batch.step(batch.random_actions())
    seats = np.array([1, 0, 0, 1])
    expected = scalar_views(batch, seats)
    wide = np.full((4, batch.observation_size + 3), 7.0, dtype=np.float32)
    batch.observation(seats, out=wide[:, 1:-2])
    assert np.array_equal(wide[:, 1:-2], expected)
    assert (wide[:, [0, -2, -1]] == 7.0).all()  # nothing written beside the view
    fortran = np.ones((4, batch.observation_size), dtype=np.float32, order="F")
    assert batch.observation(seats, out=fortran) is fortran
    assert np.array_equal(fortran, expected)


def test_observations_of_many_games_are_written_a_part_at_a_time() -> None:
    # 4 players: 701 values, so the 300 games are written in two parts
    batch = ParchisBatch(300, seed=8, players=4)
    assert batch.observation_size * 4 * 300 > _PART_BYTES
    rng = np.random.default_rng(8)
    for _ in range(3):
        seats = random_seats_after(batch, 40, rng)
        assert np.array_equal(batch.observation(seats), scalar_views(batch, seats))


def test_the_piece_moved_last_into_the_goal_is_the_last_value() -> None:
    # (as the scalar encoding writes it: "last moved" has no goal square)
    rng, state = random.Random(0), br.new_game("parchis", players=2)
    while br.is_chance(state) or state.last != GOAL:  # (a piece in, its bonus to count)
        moves = br.legal_moves(state)
        state = br.apply_move(
            state, br.sample_chance(state, rng) if br.is_chance(state) else rng.choice(moves)
        )
    batch = ParchisBatch.from_states([state, state])
    seen = batch.observation(np.array([0, 1]))
    assert np.array_equal(seen, scalar_views(batch, [0, 1]))
    assert (seen[:, -1] == 1.0).all()


def test_the_rows_hold_whole_numbers() -> None:
    # (they are read as indices and seats: ``Ints``, the board's codes ``int8``)
    batch = ParchisBatch(3, seed=1, players=2)
    for _ in range(5):
        batch.step(batch.random_actions())
    assert all(getattr(batch, name).dtype.kind in "iu" for name in ParchisBatch._ROWS)


def test_where_plays_only_some_games() -> None:
    batch = ParchisBatch(6, seed=6, players=3)
    for _ in range(20):
        batch.step(batch.random_actions())
    where = np.array([True, False, True, False, True, False])
    before = [batch.state(i) for i in range(6)]
    actions = batch.random_actions(where=where)
    assert (actions[~where] == -1).all()
    dice = np.array([2, 3, 4, 5, 6, 1])
    batch.step(actions, dice=dice, where=where)
    for i in range(6):
        if not where[i]:
            assert batch.state(i) == before[i]
            continue
        state = br.apply_move(before[i], br.action_to_move(before[i], int(actions[i])))
        if br.is_chance(state):
            state = br.apply_move(state, br.action_to_move(state, int(dice[i]) - 1))
        assert batch.state(i) == state


def test_play_steps_like_step_where_without_its_checks() -> None:
    # (the vector environments' way, their actions being legal): the same games, dice and
    # counts as step(random_actions(rng, where), where=where), games ending on the way
    a, b = (ParchisBatch(40, seed=3, players=3, autoreset=False) for _ in range(2))
    ra, rb, choose = (np.random.default_rng(k) for k in (4, 4, 5))
    for _ in range(440):
        where = (choose.random(40) < 0.7) & ~a.over
        a.step(a.random_actions(ra, where), where=where)
        b._play(where, b._legal_of().random(rb))
        for name in ParchisBatch._ROWS:
            assert np.array_equal(getattr(a, name), getattr(b, name)), name
        assert (a.rolls, a.moves) == (b.rolls, b.moves)
        assert np.array_equal(a.legal_mask(), b.legal_mask())
    assert 0 < np.count_nonzero(a.over) < 40


def test_the_vector_envs_masks_are_zeros_and_ones_of_the_games_chosen() -> None:
    batch = ParchisBatch(30, seed=6, players=4)
    single, seen = 0, set()  # (single: masks of one action, out or pass)
    for _ in range(30):
        batch.step(batch.random_actions())
        mine = batch.turn == 2
        mask = batch._marked(batch._legal_of(mine), np.int8)
        assert mask.dtype == np.int8 and mask.flags.c_contiguous
        assert np.array_equal(mask, (batch.legal_mask() & mine[:, None]).astype(np.int8))
        seen |= set(np.unique(mask).tolist())
        single += np.count_nonzero(mask[:, GOAL:].any(axis=1))
    assert seen == {0, 1} and single > 0


def test_observations_into_arrays_of_another_float_type() -> None:
    batch = ParchisBatch(6, seed=4, players=4)
    for _ in range(40):
        batch.step(batch.random_actions())
    seats = np.array([0, 1, 2, 3, 2, 1])
    expected = scalar_views(batch, seats)
    wide = batch.observation(seats, out=np.full((6, batch.observation_size), 3.0))
    assert wide.dtype == np.float64 and np.array_equal(wide, expected)
    assert np.array_equal(batch.observation(seats), expected)  # (float32 again)


def test_few_games_stepped_with_where_play_like_the_scalar_rules() -> None:
    # A where that picks at most half of the games steps them as a batch of their own
    # (the vector envs' opponents' turns): states, legal actions, endings and returns as
    # the scalar rules say, the other games untouched, over games that end and restart.
    starts = [_late(seed, 6, players=3) for seed in range(8)]
    batch = ParchisBatch.from_states(starts, seed=2, autoreset=True, dice=[3] * 8)
    games = [batch.state(i) for i in range(8)]
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(40):
        where = rng.random(8) < 0.4
        actions = batch.random_actions(where=where)
        dice = rng.integers(1, 7, size=8)
        rolls, moves = batch.rolls, batch.moves
        result = batch.step(actions, dice=dice, where=where)
        assert result.ended.dtype == np.bool_ and result.returns.dtype == np.float64
        for i in np.flatnonzero(where):
            move = br.action_to_move(games[i], int(actions[i]))
            moves += move.kind != Kind.PASS  # a pass is no move
            s = br.apply_move(games[i], move)
            assert bool(result.ended[i]) == br.is_terminal(s)
            if br.is_terminal(s):
                ended += 1
                assert tuple(result.returns[i]) == br.returns(s)
                s = br.new_game("parchis", players=3)
            if br.is_chance(s):
                s = br.apply_move(s, br.action_to_move(s, int(dice[i]) - 1))
                rolls += 1
            games[i] = s
        assert (batch.rolls, batch.moves) == (rolls, moves)
        assert not result.ended[~where].any() and not result.returns[~where].any()
        mask = batch.legal_mask()
        for i in range(8):
            assert batch.state(i) == games[i]
            assert tuple(np.flatnonzero(mask[i])) == br.legal_actions(games[i])
    assert ended >= 2


def test_random_actions_are_uniform_among_the_legal_ones() -> None:
    # Yellow's pieces on 10, 20, 30 and 40 can all move 3: four legal actions.
    state = position({"yellow": [10, 20, 30, 40], "red": [60]}, turn="yellow", roll=3,
                     players=2)  # fmt: skip
    batch = ParchisBatch.from_states([state] * 4000, seed=8)
    counts = np.bincount(batch.random_actions(), minlength=73)
    legal = list(br.legal_actions(state))
    assert np.flatnonzero(counts).tolist() == legal
    assert (abs(counts[legal] - 1000) < 150).all()  # 1000 each; 150 is over 5 sigma


def test_choices_are_the_mask() -> None:
    batch = ParchisBatch(16, seed=3, players=4)
    for _ in range(25):
        choices, nlegal = batch.choices()
        mask = batch.legal_mask()
        for i in range(16):
            assert sorted(choices[i, : nlegal[i]].tolist()) == np.flatnonzero(mask[i]).tolist()
        batch.step(batch.random_actions())


def test_a_blocked_piece_is_no_legal_action() -> None:
    # Yellow's piece on 10 cannot count 3 past red's barrier on 12; the one on 30 can.
    state = position({"yellow": [10, 30], "red": [12, 12]}, turn="yellow", roll=3, players=2)
    batch = ParchisBatch.from_states([state])
    assert br.legal_actions(state) == (25,)
    with pytest.raises(br.IllegalMoveError, match=r"^action 5 is not legal in game 0"):
        batch.step([5])


def test_each_game_is_checked_on_its_own_and_the_message_lists_its_actions() -> None:
    # Action 25 (the piece on 30) is legal in game 0; in game 1 yellow has no piece there.
    two = position({"yellow": [10, 30], "red": [50]}, turn="yellow", roll=3, players=2)
    other = position({"yellow": [10, 40], "red": [50]}, turn="yellow", roll=3, players=2)
    batch = ParchisBatch.from_states([two, other])
    assert batch.rolls == 0  # given at a decision: nothing to roll
    with pytest.raises(br.IllegalMoveError, match=r"^action 25 is not legal in game 1; "
                       r"legal actions: 5, 35$"):  # fmt: skip
        batch.step([25, 25])
    batch.step([25, 35], dice=[1, 2])
    assert batch.rolls == 2  # one roll in each game after its move
    batch.step(batch.random_actions(), dice=[3, 4])
    assert batch.rolls == 4


def test_random_actions_take_the_callers_generator() -> None:
    state = position({"yellow": [10, 20, 30, 40], "red": [60]}, turn="yellow", roll=3,
                     players=2)  # fmt: skip
    a = ParchisBatch.from_states([state] * 50, seed=1)
    b = ParchisBatch.from_states([state] * 50, seed=2)
    same = [x.random_actions(np.random.default_rng(7)) for x in (a, b)]
    assert (same[0] == same[1]).all()
    assert (a.random_actions() != b.random_actions()).any()  # their own generators differ


def test_bad_input_is_refused() -> None:
    batch = ParchisBatch(2, seed=1, players=2, dice=[3, 3])
    legal = batch.random_actions()
    with pytest.raises(
        br.IllegalMoveError, match=r"^action 71 is not legal in game 0; legal actions: 72$"
    ):
        batch.step([71, legal[1]])
    with pytest.raises(
        br.InvalidOptionError, match=r"^step takes one whole-number action per game: shape \(2,\)$"
    ):
        batch.step([72])
    for wrong in (np.array([72.0, 72.0]), np.array([True, True])):
        with pytest.raises(
            br.InvalidOptionError,
            match=r"^step takes one whole-number action per game: shape \(2,\)$",
        ):
            batch.step(wrong)
    before = [batch.state(i) for i in range(2)]
    for dice in (np.array([0, 7]), np.array([3, 7]), np.array([3]), np.array([3.0, 3.0])):
        with pytest.raises(
            br.InvalidOptionError,
            match=r"^dice must be one whole number 1-6 per game: shape \(2,\)$",
        ):
            batch.step(legal, dice=dice)
    assert [batch.state(i) for i in range(2)] == before  # refused before anything moved
    with pytest.raises(
        br.InvalidOptionError, match=r"^observers must be one seat 0-1 per game: shape \(2,\)$"
    ):
        batch.observation(np.array([0, 2]))
    with pytest.raises(
        br.InvalidOptionError, match=r"^observers must be one seat 0-1 per game: shape \(2,\)$"
    ):
        batch.observation(np.array([0]))
    most = r"^n, the number of games, must be a whole number from 1 to 1048576, not "
    for n in (0, 2**20 + 1, 10**12):  # (not NumPy's MemoryError for a huge one)
        with pytest.raises(br.InvalidOptionError, match=most + str(n) + "$"):
            ParchisBatch(n)
    assert _game_count(2**20) == 2**20  # (the most: not made here, about 1 GB)
    with pytest.raises(br.InvalidOptionError, match="parchis option"):
        ParchisBatch(2, players=5)
    with pytest.raises(
        br.InvalidOptionError, match=r"^from_states takes Parchís states with the same options$"
    ):
        ParchisBatch.from_states([br.new_game("parchis"), br.new_game("parchis", players=2)])
    with pytest.raises(br.InvalidOptionError, match=r"^from_states needs at least one state$"):
        ParchisBatch.from_states([])


def test_a_missing_numpy_names_the_extra() -> None:
    import os
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "try:\n    import boardrules.batch\n"
        "except ImportError as e:\n    print(type(e).__name__, e)"
    )
    src = os.path.join(os.path.dirname(__file__), "..", "src")
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": src},
    ).stdout
    assert out.startswith("MissingExtraError")
    assert "pip install 'boardrules[batch]'" in out


@pytest.mark.parametrize("cached", [True, False])
def test_a_part_of_the_games_plays_on_its_own_and_goes_back(cached: bool) -> None:
    # _part(g) copies games g into a batch of their own; played there several steps, over
    # endings and restarts, and put back, they are the scalar games, and the legal actions
    # the batch kept (cached) or works out now are those of every game.
    starts = [_late(seed, 3, players=2) for seed in range(6)]
    batch = ParchisBatch.from_states(starts, seed=3, autoreset=True)
    batch.step(batch.random_actions(), dice=[5, 6, 1, 2, 3, 4])
    games = [batch.state(i) for i in range(6)]
    rolls, moves = batch.rolls, batch.moves
    assert rolls == 6 and moves >= 1
    if cached:
        batch.legal_mask()
    g = np.array([0, 3, 5])
    part = batch._part(g)
    assert part.n == 3 and part.rolls == part.moves == 0
    assert [part.state(k) for k in range(3)] == [games[i] for i in g]
    rng, ended = np.random.default_rng(4), 0
    for _ in range(15):
        actions = part.random_actions(rng)
        dice = rng.integers(1, 7, size=3)
        result = part.step(actions, dice)
        for k, i in enumerate(g):
            move = br.action_to_move(games[i], int(actions[k]))
            moves += move.kind != Kind.PASS
            s = br.apply_move(games[i], move)
            assert bool(result.ended[k]) == br.is_terminal(s)
            if br.is_terminal(s):
                ended += 1
                s = br.new_game("parchis", players=2)
            if br.is_chance(s):
                s = br.apply_move(s, br.action_to_move(s, int(dice[k]) - 1))
                rolls += 1
            games[i] = s
    assert ended >= 2
    batch._put_back(g, part)
    assert [batch.state(i) for i in range(6)] == games
    assert (batch.rolls, batch.moves) == (rolls, moves)
    mask = batch.legal_mask()
    assert [tuple(np.flatnonzero(mask[i])) for i in range(6)] == list(map(br.legal_actions, games))
    choices, nlegal = batch.choices()
    assert [sorted(choices[i, : nlegal[i]].tolist()) for i in range(6)] == [
        list(br.legal_actions(s)) for s in games
    ]


def test_two_out_on_the_first_five_forms_a_barrier_on_the_exit() -> None:
    # Yellow's first 5 brings two pieces out onto its exit (5): a barrier there, which
    # red's piece on 2 cannot pass with a 4; its piece on 30 moves.
    first = position({"red": [2, 30]}, turn="yellow", roll=5, players=2,
                     two_out_on_first_five=True)  # fmt: skip
    batch = ParchisBatch.from_states([first])
    batch.step([71], dice=[4])
    expected = br.apply_move(first, br.action_to_move(first, 71))
    expected = br.apply_move(expected, br.action_to_move(expected, 3))
    assert batch.state(0) == expected and batch.state(0).barriers == expected.barriers != 0
    assert br.legal_actions(expected) == (59,)  # red's 30, 59 squares from its exit (39)
    assert np.flatnonzero(batch.legal_mask()[0]).tolist() == [59]


def test_a_player_finishing_leaves_another_games_bonus_alone() -> None:
    # In one step, yellow's last piece reaches the goal in game 0 (three players: the game
    # goes on, the die passes) while yellow eats in game 1 and counts 20 with its roll kept.
    finishing = position({"yellow": ["goal", "goal", "goal", "L5"], "red": [40], "blue": [50]},
                         turn="yellow", roll=3, players=3)  # fmt: skip
    eating = position({"yellow": [12, 30], "red": [15], "blue": [50]}, turn="yellow", roll=3,
                      players=3)  # fmt: skip
    batch = ParchisBatch.from_states([finishing, eating])
    actions = [br.legal_actions(s)[0] for s in (finishing, eating)]
    batch.step(actions, dice=[2, 2])
    expected = [
        br.apply_move(s, br.action_to_move(s, a))
        for s, a in zip((finishing, eating), actions, strict=True)
    ]
    expected[0] = br.apply_move(expected[0], br.action_to_move(expected[0], 1))
    assert [batch.state(i) for i in range(2)] == expected
    assert expected[1].count == 20 and expected[1].roll == 3 and expected[0].finished == (0,)


def test_choices_are_padded_with_minus_one_and_count_none_in_games_over() -> None:
    state = position({"yellow": [10, 20], "red": [60]}, turn="yellow", roll=3, players=2)
    over = _late(1, 1, players=2)
    batch = ParchisBatch.from_states([state, over], dice=[3, 3])
    batch.step(batch.random_actions(np.random.default_rng(1)), dice=[3, 3])
    ended = batch.over.nonzero()[0].tolist()
    choices, nlegal = batch.choices()
    assert choices.shape == (2, 4) and choices.dtype.kind == "i" and nlegal.dtype.kind == "i"
    assert ended == [1] and nlegal[1] == 0 and (choices[1] == -1).all()
    assert (choices[0, nlegal[0] :] == -1).all() and nlegal[0] == len(
        br.legal_actions(batch.state(0))
    )


def test_after_a_third_six_the_next_player_counts_his_sixes_from_none() -> None:
    # Yellow's third 6 sends its piece home and passes the die; red then rolls a 6: its
    # first (a count left at 3 would make it a fourth, or a second after a finish).
    state = position({"yellow": [20, 30], "red": [40]}, turn="yellow", sixes=2, last=20,
                     players=2)  # fmt: skip
    batch = ParchisBatch.from_states([state], dice=[6])
    batch.step([72], dice=[6])
    expected = br.apply_move(state, br.action_to_move(state, 5))
    expected = br.apply_move(expected, br.action_to_move(expected, 72))
    expected = br.apply_move(expected, br.action_to_move(expected, 5))
    assert batch.state(0) == expected and expected.sixes == 1 and expected.turn == 1


def test_a_bonus_with_no_roll_in_the_step_moves_the_pieces_as_they_now_stand() -> None:
    # Yellow eats on 15 and counts 20: no game of the batch rolls in this step, so the
    # bonus's moves are worked out from the pieces after the move (15 and 30).
    state = position({"yellow": [12, 30], "red": [15, 60]}, turn="yellow", roll=3, players=2)
    batch = ParchisBatch.from_states([state])
    rolls = batch.rolls
    batch.step([7])
    expected = br.apply_move(state, br.action_to_move(state, 7))
    assert batch.rolls == rolls and expected.count == 20
    assert batch.state(0) == expected
    assert tuple(np.flatnonzero(batch.legal_mask()[0])) == br.legal_actions(expected)


def test_random_actions_follow_each_where_they_are_given() -> None:
    # Two masks in turn, in one position: each call picks in its own games only.
    batch = ParchisBatch.from_states([br.new_game("parchis", players=2)] * 6, seed=4)
    first = np.array([True, True, True, False, False, False])
    assert (batch.random_actions(where=first)[~first] == -1).all()
    assert (batch.random_actions(where=~first)[first] == -1).all()
    assert (batch.random_actions(where=~first)[~first] >= 0).all()


def test_a_barrier_on_the_first_square_stays_when_a_piece_comes_out() -> None:
    # Red's barrier on square 1 (the board's first cell) still stops red's piece on 66 after
    # yellow brings a piece out (a move from the nest leaves no square).
    state = position({"yellow": [20], "red": [1, 1, 66]}, turn="yellow", roll=5, players=2)
    batch = ParchisBatch.from_states([state])
    batch.step([71], dice=[4])
    expected = br.apply_move(state, br.action_to_move(state, 71))
    expected = br.apply_move(expected, br.action_to_move(expected, 3))
    assert batch.state(0) == expected and br.legal_actions(expected) == (30,)
    assert np.flatnonzero(batch.legal_mask()[0]).tolist() == [30]


def test_two_pieces_on_one_square_are_one_choice_whatever_their_order() -> None:
    # A 6 counts 7 with no piece in the nest: the piece on 10 joins the one on 17, so that
    # two pieces of one square stand apart in the batch's (unsorted) rows; then a 2.
    states = [
        position({"yellow": pos, "red": [60]}, turn="yellow", roll=6, players=2)
        for pos in ([15, 18, 22, 45], [15, 18, 20, 22], [13, 15, 20, 22])
    ]
    batch = ParchisBatch.from_states(states)
    batch.step([10, 10, 10], dice=[2, 2, 2])
    expected = [br.apply_move(s, br.action_to_move(s, 10)) for s in states]
    expected = [br.apply_move(s, br.action_to_move(s, 1)) for s in expected]
    choices, nlegal = batch.choices()
    mask = batch.legal_mask()
    for i, s in enumerate(expected):
        assert batch.state(i) == s
        legal = list(br.legal_actions(s))
        assert sorted(choices[i, : nlegal[i]].tolist()) == legal == np.flatnonzero(mask[i]).tolist()


def test_a_where_that_picks_at_most_half_the_games_steps_them_on_their_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The sparse path (_step_part) is taken for a where of at most half the games, not for
    # more, nor without a where (even with most games over).
    taken: list[int] = []
    original = ParchisBatch._step_part

    def spy(self: ParchisBatch, g: Any, a: Any, dice: Any) -> Any:
        taken.append(len(g))
        return original(self, g, a, dice)

    monkeypatch.setattr(ParchisBatch, "_step_part", spy)
    batch = ParchisBatch(6, seed=2, players=2)
    for picks in (3, 4, 2):
        where = np.arange(6) < picks
        batch.step(batch.random_actions(where=where), where=where)
    assert taken == [3, 2]
    starts = [_late(seed, 1, players=2) for seed in range(3)] + [_late(seed, 9, players=2)
                                                                  for seed in range(3)]  # fmt: skip
    frozen = ParchisBatch.from_states(starts)
    frozen.step(frozen.random_actions())  # the first three end: two thirds over
    assert frozen.over.sum() >= 3
    frozen.step(frozen.random_actions())
    assert taken == [3, 2]


def test_a_where_rng_dice_or_game_number_of_the_wrong_kind_is_refused() -> None:
    batch = ParchisBatch(3, seed=2, players=2)
    before = [batch.state(i) for i in range(3)]
    legal = batch.random_actions()
    mask = "where must be one bool per game: shape (3,)"
    # [True] and "abc" stepped every game; floats, None, 2 were cast to bools.
    wrong_masks: list[Any] = [[True], np.ones(4, bool), [[True], [False], [True]], "abc",
                              [1.0, 0.0, 1.0], [None] * 3, [2, 0, 1],
                              [[1], [0, 1], [1]]]  # fmt: skip
    for where in wrong_masks:
        with pytest.raises(br.InvalidOptionError) as refused:
            batch.step(legal, where=where)
        assert str(refused.value) == mask
        with pytest.raises(br.InvalidOptionError) as refused:
            batch.random_actions(where=where)
        assert str(refused.value) == mask
    with pytest.raises(br.InvalidOptionError) as refused:  # (NumPy's ValueError before)
        batch.step(legal, dice=[[1], [2, 3], [4]])
    assert str(refused.value) == "dice must be one whole number 1-6 per game: shape (3,)"
    not_a_generator: Any = 5
    with pytest.raises(br.InvalidOptionError, match=r"^rng must be a NumPy generator .* a int$"):
        batch.random_actions(not_a_generator)  # (AttributeError before)
    assert [batch.state(i) for i in range(3)] == before
    with pytest.raises(br.InvalidOptionError) as refused:  # (IndexError before)
        batch.state(3)
    assert str(refused.value) == "a game of this batch is a whole number from 0 to 2, not 3"
    picked = batch.random_actions(np.random.default_rng(0), where=np.array([1, 0, 1]))
    assert picked[1] == -1 and (picked[[0, 2]] >= 0).all()
    batch.step(legal, where=np.array([0, 1, 0]))  # 0 and 1 are bools too
    after = [batch.state(i) for i in range(3)]
    assert after[0] == before[0] and after[2] == before[2] and after[1] != before[1]
