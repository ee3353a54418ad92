"""The Docker batch engine against the scalar rules: short differential samples (every
player count, ``return_to_start``, endings restarted and frozen), the rolls that settle a
turn without a decision (roll again, eliminated) and the route costs from concrete
positions, and the interface the Dorada and Docker batches share."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from extras import need

np = need("numpy", "batch")

import boardrules as br  # noqa: E402
from boardrules.batch import DockerBatch, DoradaBatch, ParchisBatch  # noqa: E402
from boardrules.batch._check import BatchMismatchError, compare_game  # noqa: E402
from boardrules.docker import position  # noqa: E402


def _late(seed: int, back: int, game: str = "docker", **options: Any) -> Any:
    """A random game's decision ``back`` decisions before its end."""
    rng = random.Random(seed)
    state, seen = br.new_game(game, **options), []
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
    compared = compare_game("docker", 4, 40, seed=players, rolls=24, players=players)
    assert compared.steps == 4 * 40 and compared.ended >= 1


def test_the_batch_plays_return_to_start_and_other_first_players() -> None:
    compare_game("docker", 4, 40, seed=7, rolls=24, players=3, return_to_start=True,
                 first_player=2)  # fmt: skip


def test_ended_games_restart_or_stay_over() -> None:
    starts = [_late(seed, 2, players=3) for seed in range(4)]
    assert compare_game("docker", 4, 12, seed=3, rolls=24, start=starts).ended >= 2
    frozen = compare_game("docker", 4, 12, seed=4, rolls=24, start=starts, autoreset=False)
    assert frozen.ended >= 2


def test_the_check_finds_a_difference() -> None:
    original = DockerBatch._eliminate
    DockerBatch._eliminate = lambda self, g: self._next_turn(g)  # type: ignore[method-assign]
    try:
        with pytest.raises(BatchMismatchError):
            compare_game("docker", 6, 60, seed=1, rolls=24, players=2)
    finally:
        DockerBatch._eliminate = original  # type: ignore[method-assign]


# ----------------------------------------------------------------- rules from positions


def _rolled(state: Any, dice: list[int]) -> Any:
    """The scalar state after rolling ``dice`` until a decision or the end."""
    for die in dice:
        if not br.is_chance(state):
            break
        state = br.apply_move(state, br.action_to_move(state, die - 1))
    return state


def test_an_unusable_roll_is_rolled_again_while_a_piece_may_enter() -> None:
    # Orange, with pieces to enter, cannot use a 1: its one piece on the pitch is buried
    # and its entry tower is 2 high (entering costs 3).
    state = position({"b3": "00", "b2": "10"}, players=2, turn=1)
    assert br.apply_move(state, br.action_to_move(state, 0)) == state  # the same turn again
    batch = DockerBatch.from_states([state], dice=[[1, 1, 3]])
    assert batch.rolled.tolist() == [3]
    assert batch.state(0) == _rolled(state, [1, 1, 3])
    assert batch.state(0).roll == 3
    short = DockerBatch.from_states([state] * 30, seed=4, dice=[[1]] * 30)  # then the generator
    assert (short.rolled >= 2).all() and short.rolls == short.rolled.sum()
    assert {short.state(i).roll for i in range(30)} <= {3, 4, 5, 6}  # the entry costs 3


def test_a_player_who_cannot_use_the_roll_nor_enter_is_eliminated() -> None:
    # Blue has all three pieces on the pitch, under orange's: it cannot move, so it is out
    # and orange, the last player left, wins.
    state = position({"b2": "001", "a1": "01"}, players=2, turn=0, eliminated=[])
    batch = DockerBatch.from_states([state], dice=[[6]], autoreset=False)
    expected = _rolled(state, [6])
    assert br.is_terminal(expected) and batch.state(0) == expected
    assert batch.over.tolist() == [True] and batch.returns().tolist() == [[0.0, 1.0]]
    assert batch.to_move().tolist() == [br.TERMINAL]


def test_a_start_whose_first_roll_ends_the_game_starts_again_with_autoreset() -> None:
    # Blue has no piece to enter and its two on c2 cannot use a 1 (a step costs at least
    # 2): it is out and orange wins on the roll.  With autoreset the game starts again at
    # once, as step() restarts a game that ends, and goes on with the game's next die.
    state = position({"a1": "101", "b1": "1", "c2": "00"}, players=2, turn=0)
    assert br.is_terminal(_rolled(state, [1]))
    batch = DockerBatch.from_states([state, state], autoreset=True, dice=[[1, 3], [2, 4]])
    assert batch.over.tolist() == [False, False] and batch.rolled.tolist() == [2, 1]
    assert batch.state(0) == _rolled(br.new_game("docker", players=2), [3])
    assert batch.state(1) == _rolled(state, [2])
    frozen = DockerBatch.from_states([state], autoreset=False, dice=[[1, 3]])
    assert frozen.over.tolist() == [True] and frozen.state(0) == _rolled(state, [1])


def test_each_game_rolls_again_or_is_eliminated_on_its_own() -> None:
    # Both blues cannot use a 1; the first may still enter (its entry tower is 2 high) and
    # rolls again, the second may not (6 high: entering costs 7) and is eliminated (then
    # orange too, whose pieces are all buried, and green wins).
    again = position({"b1": "12", "b2": "01"}, players=3, turn=0)
    out = position({"b1": "011122", "a1": "2"}, players=3, turn=0)
    batch = DockerBatch.from_states([again, out], dice=[[1, 3, 3], [1, 2, 2]])
    for i, state in enumerate((again, out)):
        assert batch.state(i) == _rolled(state, [[1, 3, 3], [1, 2, 2]][i])
    assert batch.state(0).eliminated == () and batch.state(1).eliminated == (0, 1)
    assert batch.rolled.tolist() == [2, 2]  # the second blue did not roll again


def test_route_costs_follow_the_heights_and_the_origin_may_be_entered_again() -> None:
    # Blue's piece on b2 (1 high): a step onto a1's tower of 2 costs 1 + 2, and b2 to b2
    # (a step out and back onto the lowered b2) costs 2 only with return_to_start.
    towers = {"b2": "0", "a1": "11", "c1": "1", "b3": "0"}
    for back in (False, True):
        state = position(towers, players=2, turn=0, roll=2, return_to_start=back)
        batch = DockerBatch.from_states([state])
        legal = np.flatnonzero(batch.legal_mask()[0]).tolist()
        assert legal == list(br.legal_actions(state))
        assert (4 * 9 + 4 in legal) == back
    corner = position({"a1": "0", "b1": "1"}, players=2, turn=0, roll=2, return_to_start=True)
    assert 0 in br.legal_actions(corner)  # a1-a2-a1 costs 2: action 0 (a1 to a1)
    again = DockerBatch.from_states([corner], dice=[1])
    again.step([0])
    assert again.state(0).towers[0] == (0,) and again.state(0).turn == 1
    state = position(towers, players=2, turn=0, roll=4)
    legal = np.flatnonzero(DockerBatch.from_states([state]).legal_mask()[0]).tolist()
    assert 4 * 9 + 0 in legal and legal == list(br.legal_actions(state))  # b2-b1-a1


# ----------------------------------------------------------------- interface, both games

BATCHES: list[tuple[Any, dict[str, Any]]] = [
    (DockerBatch, {"players": 3}),
    (DoradaBatch, {"players": 3}),
]


@pytest.mark.parametrize(("kind", "options"), BATCHES)
def test_imposed_dice_and_the_generator(kind: Any, options: dict[str, Any]) -> None:
    a, b = kind(6, seed=5, **options), kind(6, seed=5, **options)
    for _ in range(15):
        actions = a.random_actions()
        assert (actions == b.random_actions()).all()
        a.step(actions)
        b.step(actions)
    assert all(a.state(i) == b.state(i) for i in range(6))
    dice = kind(3, dice=[1, 5, 6], **options)
    assert [dice.state(i).roll for i in range(3)] == [1, 5, 6]
    drawn = kind(64, seed=3, **options)
    assert sorted({drawn.state(i).roll for i in range(64)}) == [1, 2, 3, 4, 5, 6]
    assert drawn.rolls == drawn.rolled.sum() >= 64


@pytest.mark.parametrize(("kind", "options"), BATCHES)
def test_from_states_rolls_with_its_seed_or_the_dice_and_restarts_games_over(
    kind: Any, options: dict[str, Any]
) -> None:
    fresh = br.new_game("docker" if kind is DockerBatch else "dorada", **options)
    rolls = [[kind.from_states([fresh] * 40, seed=s).state(i).roll for i in range(40)]
             for s in (1, 1, 2)]  # fmt: skip
    assert rolls[0] == rolls[1] != rolls[2]
    over = kind(1, seed=3, autoreset=False, **options)
    while not over.over.all():
        over.step(over.random_actions())
    ended = [over.state(0)] * 6
    restarted = kind.from_states(ended, autoreset=True, dice=[1, 2, 3, 4, 5, 6])
    assert [restarted.state(i).roll for i in range(6)] == [1, 2, 3, 4, 5, 6]
    frozen = kind.from_states(ended)
    assert frozen.over.all()
    assert (frozen.random_actions() == -1).all() and not frozen.legal_mask().any()
    frozen.step(np.zeros(6, dtype=np.int64), where=np.ones(6, dtype=np.bool_))  # ignored
    assert [frozen.state(i) for i in range(6)] == ended


@pytest.mark.parametrize(("kind", "options"), BATCHES)
def test_the_legal_mask_is_the_callers_to_keep(kind: Any, options: dict[str, Any]) -> None:
    # The batch works its mask out once between steps; what a caller does with the copy it
    # gets changes neither the next one nor the actions drawn.
    batch = kind(4, seed=6, **options)
    mask = batch.legal_mask()
    kept = mask.copy()
    mask[:] = ~mask
    assert (batch.legal_mask() == kept).all()
    actions = batch.random_actions()
    assert kept[np.arange(4), actions].all()
    batch.step(actions)
    assert [tuple(np.flatnonzero(row)) for row in batch.legal_mask()] == [
        br.legal_actions(batch.state(i)) for i in range(4)
    ]


@pytest.mark.parametrize(("kind", "options"), BATCHES)
def test_games_restart_by_default_and_the_counts(kind: Any, options: dict[str, Any]) -> None:
    batch = kind(4, seed=1, players=2)
    steps = 0
    while True:
        result = batch.step(batch.random_actions())
        steps += 1
        assert result.ended.dtype == np.bool_ and result.ended.shape == (4,)
        if result.ended.any():
            break
    assert not batch.over.any()  # restarted at once
    assert batch.moves == 4 * steps  # one decision per game and step
    assert batch.observation().dtype == np.float32


@pytest.mark.parametrize(("kind", "options"), BATCHES)
def test_observations_from_other_seats_into_a_buffer(kind: Any, options: dict[str, Any]) -> None:
    batch = kind(3, seed=2, **options)
    for _ in range(9):
        batch.step(batch.random_actions())
    seats = np.array([2, 0, 1])
    out = np.ones((3, batch.observation_size), dtype=np.float32)
    assert batch.observation(seats, out=out) is out
    for i in range(3):
        expected = np.zeros(batch.observation_size, dtype=np.float32)
        br.observation_into(batch.state(i), int(seats[i]), expected)
        assert np.array_equal(out[i], expected)


@pytest.mark.parametrize(("kind", "options"), BATCHES)
def test_where_plays_only_some_games(kind: Any, options: dict[str, Any]) -> None:
    batch = kind(4, seed=6, **options)
    for _ in range(6):  # past the first moves (a Dorada game's first action is always 0)
        batch.step(batch.random_actions())
    where = np.array([True, False, True, False])
    before = [batch.state(i) for i in range(4)]
    actions = batch.random_actions(np.random.default_rng(5), where=where)
    assert (actions[~where] == -1).all()
    everywhere = batch.random_actions(np.random.default_rng(5))  # the same draws
    assert (actions[where] == everywhere[where]).all() and everywhere[where].any()
    batch.step(actions, dice=[[2] * 30] * 4, where=where)
    for i in range(4):
        if where[i]:
            state = br.apply_move(before[i], br.action_to_move(before[i], int(actions[i])))
            assert batch.state(i) == _rolled(state, [2] * 30)
        else:
            assert batch.state(i) == before[i]


@pytest.mark.parametrize(("kind", "options"), BATCHES)
def test_random_actions_are_uniform_among_the_legal_ones(
    kind: Any, options: dict[str, Any]
) -> None:
    batch = kind(1, seed=2, **options)
    while len(np.flatnonzero(batch.legal_mask()[0])) < 2:
        batch.step(batch.random_actions())
    state = batch.state(0)
    legal = list(br.legal_actions(state))
    many = kind.from_states([state] * 3000, seed=8)
    counts = np.bincount(many.random_actions(), minlength=many.num_actions)
    assert np.flatnonzero(counts).tolist() == legal
    share = 3000 / len(legal)
    assert (abs(counts[legal] - share) < 5 * np.sqrt(share)).all()
    same = [x.random_actions(np.random.default_rng(7)) for x in (many, many)]
    assert (same[0] == same[1]).all()


@pytest.mark.parametrize(("kind", "options"), BATCHES)
def test_bad_input_is_refused(kind: Any, options: dict[str, Any]) -> None:
    batch = kind(2, seed=1, **options)
    before = [batch.state(i) for i in range(2)]
    illegal = int(np.argmin(batch.legal_mask()[0]))
    with pytest.raises(br.IllegalMoveError, match=rf"^action {illegal} is not legal in game 0; "):
        batch.step([illegal, batch.random_actions()[1]])
    with pytest.raises(br.IllegalMoveError, match=r"^action -1 is not legal in game 0; "):
        batch.step([-1, -1])
    beyond = batch.num_actions  # the first number past the action space
    assert beyond == batch.legal_mask().shape[1]
    with pytest.raises(br.IllegalMoveError, match=rf"^action {beyond} is not legal in game 0; "):
        batch.step([beyond, beyond])
    shape = r"one whole-number action per game: shape \(2,\)$"
    for wrong in ([0], np.array([1.0, 1.0]), np.array([True, True])):
        with pytest.raises(br.InvalidOptionError, match=shape):
            batch.step(wrong)
    dice = r"^dice must be whole numbers 1-6, one row per game: shape \(2,\) or \(2, k\)$"
    for wrong in (np.array([0, 7]), np.array([3, 7]), np.array([3]), np.array([3.0, 3.0]),
                  np.zeros((2, 0))):  # fmt: skip
        with pytest.raises(br.InvalidOptionError, match=dice):
            batch.step(batch.random_actions(), dice=wrong)
    assert [batch.state(i) for i in range(2)] == before  # refused before anything moved
    while batch.legal_mask()[1].sum() < 2:  # a message listing two actions or more
        batch.step(batch.random_actions())
    legal = [np.flatnonzero(batch.legal_mask()[i]).tolist() for i in range(2)]
    wrong = int(np.argmin(batch.legal_mask()[1]))
    allowed = ", ".join(map(str, legal[1]))
    with pytest.raises(br.IllegalMoveError, match=rf"^action {wrong} is not legal in game 1; "
                       rf"legal actions: {allowed}$"):  # fmt: skip
        batch.step([legal[0][0], wrong])
    seats = r"^observers must be one seat 0-2 per game: shape \(2,\)$"
    for wrong in (np.array([0, 3]), np.array([0]), np.array([0.0, 1.0])):
        with pytest.raises(br.InvalidOptionError, match=seats):
            batch.observation(wrong)
    with pytest.raises(br.InvalidOptionError, match=r"^n, the number of games, .* not 0$"):
        kind(0)
    with pytest.raises(br.InvalidOptionError, match="option"):
        kind(2, players=5)
    name = type(before[0]).__module__.split(".")[1].capitalize()
    same = r"^from_states takes " + name + r" states with the same options$"
    with pytest.raises(br.InvalidOptionError, match=same):
        kind.from_states([before[0], br.new_game("parchis")])
    with pytest.raises(br.InvalidOptionError, match=same):  # its options, but not a state
        kind.from_states([before[0], SimpleNamespace(options=before[0].options)])
    with pytest.raises(br.InvalidOptionError, match=r"^from_states needs at least one state$"):
        kind.from_states([])


@pytest.mark.parametrize(("kind", "options"), BATCHES)
def test_a_part_of_the_games_plays_on_its_own_and_goes_back(
    kind: Any, options: dict[str, Any]
) -> None:
    # _part(g) copies games g into a batch of their own (what a caller stepping few games
    # uses); played there several steps, over endings and restarts, and put back, they are
    # the scalar games, the other games untouched, the counts summed.
    game = "docker" if kind is DockerBatch else "dorada"
    starts = [_late(seed, 3, game, **options) for seed in range(6)]
    batch = kind.from_states(starts, seed=3, autoreset=True)
    assert [batch.state(i) for i in range(6)] == starts
    batch.step(batch.random_actions())
    games = [batch.state(i) for i in range(6)]
    assert batch.rolls >= batch.moves == 6
    legal = [tuple(np.flatnonzero(row)) for row in batch.legal_mask()]  # (worked out now)
    assert legal == [br.legal_actions(s) for s in games]
    g = np.array([1, 2, 4])
    part = batch._part(g)
    assert part.n == 3 and part.rolls == part.moves == 0
    assert [part.state(k) for k in range(3)] == [games[i] for i in g]
    fresh = br.new_game(game, **options)
    rng, rolls, moves, ended = np.random.default_rng(4), batch.rolls, 6, 0
    for _ in range(12):
        actions = part.random_actions(rng)
        dice = rng.integers(1, 7, size=(3, 40))
        result = part.step(actions, dice)
        for k, i in enumerate(g):
            s = br.apply_move(games[i], br.action_to_move(games[i], int(actions[k])))
            over = br.is_terminal(s)
            s = fresh if over else s
            for die in dice[k]:
                if not br.is_chance(s):
                    break
                s = br.apply_move(s, br.action_to_move(s, int(die) - 1))
                rolls += 1
                if br.is_terminal(s):
                    over, s = True, fresh
            ended += over
            assert bool(result.ended[k]) == over
            games[i] = s
        moves += 3
    assert ended >= 2  # endings and restarts in the part
    batch._put_back(g, part)
    assert [batch.state(i) for i in range(6)] == games
    assert (batch.rolls, batch.moves) == (rolls, moves)
    mask = batch.legal_mask()
    assert [tuple(np.flatnonzero(mask[i])) for i in range(6)] == [
        br.legal_actions(s) for s in games
    ]


def test_a_restart_counts_its_dice_from_the_first() -> None:
    # _restart (what the vector environments' reset calls) after games have rolled: the
    # restarted games read their rows of dice from the first again.
    batch = DockerBatch(3, seed=1, players=2)
    for _ in range(4):
        batch.step(batch.random_actions(), dice=[[6, 6, 6, 6]] * 3)
    batch._restart(np.arange(3), batch._checked_dice([[2, 5], [1, 5], [3, 5]]))
    fresh = br.new_game("docker", players=2)
    expected = [_rolled(fresh, [d, 5]) for d in (2, 1, 3)]
    assert [batch.state(i) for i in range(3)] == expected
    assert [batch.state(i).full_repr() for i in range(3)] == [s.full_repr() for s in expected]
    assert batch.rolled.tolist() == [1, 1, 1]


@pytest.mark.parametrize(("kind", "options"), BATCHES)
def test_rolls_beyond_the_given_row_come_from_the_generator(
    kind: Any, options: dict[str, Any]
) -> None:
    # A game that rolls more often in a step than its row of dice says takes the next
    # rolls from the batch's generator, one die per game, as a copy of it draws them.
    import copy

    batch = kind(16, seed=9, **options)
    every = np.arange(16)
    given = batch._checked_dice(np.arange(16) % 6 + 1)  # one die per game
    batch.rolled[:] = 0
    reference = copy.deepcopy(batch.rng)
    assert batch._draw(every, given).tolist() == (np.arange(16) % 6 + 1).tolist()
    drawn = batch._draw(every, given)
    assert drawn.tolist() == reference.integers(1, 7, size=16).tolist()
    assert batch.rolled.tolist() == [2] * 16


@pytest.mark.parametrize(("kind", "options"), [(ParchisBatch, {"players": 3}), *BATCHES])
def test_hostile_arguments_of_every_batch_are_refused_before_anything_moves(
    kind: Any, options: dict[str, Any]
) -> None:
    for seed, shown in ((-1, "-1"), (1.5, "1.5"), ("7", "a str"), (True, "True"),
                        (-(10**50), "-1" + "0" * 38)):  # fmt: skip
        # (NumPy's own ValueError and TypeError before)
        with pytest.raises(br.InvalidOptionError) as refused:
            kind(2, seed=seed, **options)
        assert str(refused.value) == f"seed must be None or a whole number >= 0, not {shown}"
    for autoreset, named in (("no", "'no'"), (0, "0"), (None, "None")):
        # ("no" restarted the games that ended)
        with pytest.raises(br.InvalidOptionError) as refused:
            kind(2, autoreset=autoreset, **options)
        assert str(refused.value) == f"autoreset must be True or False, not {named}"
    batch = kind(2, seed=np.int64(1), autoreset=np.True_, **options)
    assert batch.autoreset is True
    before = [batch.state(i) for i in range(2)]
    legal = batch.random_actions()
    shape = r"^step takes one whole-number action per game: shape \(2,\)$"
    for ragged in ([[1], [2, 3]], [legal[0], "x"]):
        with pytest.raises(br.InvalidOptionError, match=shape):
            batch.step(ragged)
    big = legal.astype(np.uint64) + np.uint64(2**63)  # (int64 wrapped it to a negative action)
    with pytest.raises(br.InvalidOptionError, match=r"^actions must be below 2\*\*63, not "):
        batch.step(big)
    with pytest.raises(br.IllegalMoveError, match=r"^action 9223372036854775807 is not legal"):
        batch.step(np.full(2, 2**63 - 1, dtype=np.uint64))  # the largest whole number taken
    width = batch.observation_size
    out = rf"^out must be a float array of shape \(2, {width}\)$"
    for wrong in (np.zeros((2, width), np.int64), np.zeros((3, width), np.float32),
                  np.zeros((2, 5), np.float32), np.zeros((2, width)).tolist()):  # fmt: skip
        with pytest.raises(br.InvalidOptionError, match=out):  # (ints cut 0.25 to 0)
            batch.observation(out=wrong)
    wide = np.zeros((2, width))
    assert batch.observation(out=wide) is wide
    assert (wide.astype(np.float32) == batch.observation()).all()
    with pytest.raises(br.InvalidOptionError, match=r"^observers must be one seat 0-2 per game"):
        batch.observation([[0], [1, 2]])
    assert [batch.state(i) for i in range(2)] == before
    batch.step(legal.astype(np.uint8))  # (unsigned actions are whole numbers too)
    assert [batch.state(i) for i in range(2)] != before
    same = r"^from_states takes " + kind._GAME + r" states with the same options$"
    for wrong in ([1, 2], [None], "ab", before[0]):  # (AttributeError, TypeError before)
        with pytest.raises(br.InvalidOptionError, match=same):
            kind.from_states(wrong)
    assert kind.from_states(iter(before), seed=1).state(1) == before[1]


@pytest.mark.parametrize(("kind", "options"), BATCHES)
def test_a_where_or_rng_that_is_no_mask_or_generator_is_refused(
    kind: Any, options: dict[str, Any]
) -> None:
    batch = kind(3, seed=2, **options)
    before = [batch.state(i) for i in range(3)]
    legal = batch.random_actions()
    mask = r"^where must be one bool per game: shape \(3,\)$"
    # [True] stepped every game; floats, strings and None raised NumPy's TypeError.
    for where in ([True], np.ones(4, bool), [[True], [False], [True]], [1.0, 0.0, 1.0],
                  "abc", [None] * 3, [2, 0, 1]):  # fmt: skip
        with pytest.raises(br.InvalidOptionError, match=mask):
            batch.step(legal, where=where)
        with pytest.raises(br.InvalidOptionError, match=mask):
            batch.random_actions(where=where)
    assert [batch.state(i) for i in range(3)] == before
    picked = batch.random_actions(np.random.default_rng(0), where=[1, 0, 1])
    assert picked[1] == -1 and (picked[[0, 2]] >= 0).all()
    batch.step(legal, where=[0, 1, 0])  # 0 and 1 are bools too
    assert [batch.state(i) for i in (0, 2)] == [before[0], before[2]]
    assert batch.state(1) != before[1]
    for rng, shown in ((5, "int"), ("x", "str"), (random.Random(1), "Random")):
        with pytest.raises(br.InvalidOptionError) as refused:
            batch.random_actions(rng)
        assert str(refused.value) == (
            f"rng must be a NumPy generator (numpy.random.default_rng(seed)), not a {shown}"
        )
    with pytest.raises(br.InvalidOptionError) as refused:  # (NumPy's ValueError before)
        batch.step(legal, where=[[True], [False, True], [True]])
    assert str(refused.value) == "where must be one bool per game: shape (3,)"
    with pytest.raises(br.InvalidOptionError) as refused:
        batch.step(legal, dice=[[1], [2, 3], [4]])
    assert str(refused.value).startswith("dice must be whole numbers 1-6, one row per game")


@pytest.mark.parametrize("kind", [DockerBatch, DoradaBatch])
def test_a_game_number_that_is_no_game_of_the_batch_is_refused(kind: Any) -> None:
    batch = kind(3, seed=4, players=2)
    first, last = batch.state(0), batch.state(2)
    assert batch.state(np.int64(2)) == batch.state(-1) == last and batch.state(-3) == first
    # (IndexError for 3 and -4 before; True and None read as masks or slices)
    wrong: list[tuple[Any, str]] = [(3, "3"), (-4, "-4"), (True, "True"), (None, "a NoneType"),
                                    ("0", "a str"),
                                    (1.0, "1.0"), (np.uint64(2**64 - 1), "a uint64"),
                                    (-(10**50), "-1" + "0" * 38)]  # fmt: skip
    for i, shown in wrong:
        with pytest.raises(br.InvalidOptionError) as refused:
            batch.state(i)
        assert (
            str(refused.value) == f"a game of this batch is a whole number from 0 to 2, not {shown}"
        )


@pytest.mark.parametrize(("kind", "options"), [(ParchisBatch, {"players": 2}), *BATCHES])
def test_a_number_of_games_too_long_to_write_is_named_by_its_size(
    kind: Any, options: dict[str, Any]
) -> None:
    # n = 10**5000: writing the refusal raised Python's "Exceeds the limit (4300 digits)".
    most = "n, the number of games, must be a whole number from 1 to 1048576, not "
    with pytest.raises(br.InvalidOptionError) as refused:
        kind(10**5000, **options)
    assert str(refused.value) == most + "an int of 16610 bits"
    with pytest.raises(br.InvalidOptionError) as refused:
        kind("x" * 100, **options)
    assert str(refused.value) == most + "'" + "x" * 36 + "..."
