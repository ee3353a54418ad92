"""The Gymnasium vector environment over the batch engine, and the Gymnasium ids."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from extras import need

np = need("numpy", "batch")
gymnasium = need("gymnasium", "rl")

from gymnasium.utils.env_checker import check_env, data_equivalence  # noqa: E402

import boardrules as br  # noqa: E402
import boardrules.rl  # noqa: E402
from boardrules.batch import ParchisBatch  # noqa: E402
from boardrules.batch.vector import DockerVectorEnv, DoradaVectorEnv, ParchisVectorEnv  # noqa: E402
from boardrules.parchis import Kind, position  # noqa: E402
from boardrules.testing import random_play  # noqa: E402


def _random(obs: dict[str, Any], rng: Any) -> Any:
    return np.argmax(rng.random(obs["action_mask"].shape) * obs["action_mask"], axis=1)


@pytest.mark.parametrize("env_id", sorted(boardrules.rl.GYM_IDS))
def test_gymnasium_make_ids_pass_the_checker(env_id: str) -> None:
    env = gymnasium.make(env_id, players=2)
    check_env(env.unwrapped, skip_render_check=True)
    assert env.unwrapped.spec.id == env_id


@pytest.mark.parametrize(
    "env_id", ["boardrules/Parchis-v0", "boardrules/Dorada-v0", "boardrules/Docker-v0"]
)
def test_the_batched_env_has_the_spaces_of_gymnasiums_sync_vector_env(env_id: str) -> None:
    # a drop-in for the SyncVectorEnv over the single-agent env: the same spaces (Docker's
    # observation is channels x 3 x 3 there, not flat)
    batched = gymnasium.make_vec(env_id, num_envs=2, players=3)
    sync = gymnasium.make_vec(env_id, num_envs=2, players=3, vectorization_mode="sync")
    assert not isinstance(batched, gymnasium.vector.SyncVectorEnv)
    assert batched.single_observation_space == sync.single_observation_space
    assert batched.single_action_space == sync.single_action_space
    obs, _ = batched.reset(seed=0)
    assert sync.observation_space.contains(obs)


def test_the_module_prefix_registers_the_ids() -> None:
    env = gymnasium.make("boardrules.rl:boardrules/Docker-v0", players=2)
    assert isinstance(env.unwrapped, boardrules.rl.SingleAgentEnv)


def test_make_vec_builds_the_batched_env() -> None:
    env = gymnasium.make_vec("boardrules/Parchis-v0", num_envs=3, players=2)
    assert isinstance(env, ParchisVectorEnv)
    obs, info = env.reset(seed=0)
    assert env.observation_space.contains(obs) and info == {}


# How the opponents' moves are played: by the batch only (whole arrays, then parts of few
# games), by the batch with a part made as soon as one game is idle, or all with the scalar
# rules (each game alone); the default mixes them.  (_ALONE, _IDLE_PART)
WAYS = {"batch": (0, 0), "parts": (0, 1), "scalar": (10**6, 0)}


@pytest.mark.parametrize("way", sorted(WAYS))
def test_the_vector_env_shows_the_learners_view_of_the_scalar_state(way: str) -> None:
    env = ParchisVectorEnv(24, seat=1, players=3)
    env._ALONE, env._IDLE_PART = WAYS[way]
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(1)
    for _ in range(40):
        assert env.observation_space.contains(obs)
        for i in range(24):
            state = env.batch.state(i)
            expected = np.zeros(env.batch.observation_size, dtype=np.float32)
            br.observation_into(state, 1, expected)
            assert np.array_equal(obs["observation"][i], expected)
            if br.current_player(state) == 1:
                assert np.flatnonzero(obs["action_mask"][i]).tolist() == list(
                    br.legal_actions(state)
                )
            else:
                assert not obs["action_mask"][i].any()
        obs, *_ = env.step(_random(obs, rng))


def test_episodes_end_with_the_learners_returns_and_reset_next_step() -> None:
    env = ParchisVectorEnv(8, players=2)
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    checked = 0
    while checked < 8:
        obs, reward, terminated, truncated, _ = env.step(_random(obs, rng))
        assert not truncated.any()
        assert (reward[~terminated] == 0).all()
        for i in np.flatnonzero(terminated):
            state = env.batch.state(i)
            # The learner's place is known: playing the rest out cannot change its return.
            play = random.Random(int(i))
            while not br.is_terminal(state):
                moves = br.legal_moves(state)
                state = br.apply_move(state, play.choice(moves))
            assert br.returns(state)[0] == reward[i]
            checked += 1
        before = terminated
        obs, reward, terminated, _, _ = env.step(_random(obs, rng))
        assert (reward[before] == 0).all() and not terminated[before].any()


def test_four_player_episodes_end_when_the_learner_finishes() -> None:
    env = ParchisVectorEnv(16, players=4)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    rewards: set[float] = set()
    for _ in range(250):
        obs, reward, terminated, _, _ = env.step(_random(obs, rng))
        rewards |= set(reward[terminated].round(6).tolist())
    assert rewards <= {0.0, round(1 / 3, 6), round(2 / 3, 6), 1.0}
    assert 1.0 in rewards


def test_the_same_seed_plays_the_same_episodes() -> None:
    a, b = ParchisVectorEnv(4, players=2), ParchisVectorEnv(4, players=2)
    oa, _ = a.reset(seed=9)
    ob, _ = b.reset(seed=9)
    rng = np.random.default_rng(0)
    for _ in range(30):
        assert data_equivalence(oa, ob, exact=True)
        actions = _random(oa, rng)
        oa, *ra, _ = a.step(actions)
        ob, *rb, _ = b.step(actions)
        assert all(np.array_equal(x, y) for x, y in zip(ra, rb, strict=True))


def test_illegal_actions_end_the_episode_or_raise() -> None:
    env = ParchisVectorEnv(2, players=2)
    obs, _ = env.reset(seed=1)
    legal = obs["action_mask"].argmax(axis=1)
    wrong = np.array([(int(legal[0]) + 1) % 73, legal[1]])
    if obs["action_mask"][0, wrong[0]]:
        wrong[0] = 72 if not obs["action_mask"][0, 72] else 0
    _, reward, terminated, _, _ = env.step(wrong)
    assert reward[0] == -1.0 and terminated[0]
    strict = ParchisVectorEnv(2, illegal_reward=None, players=2)
    obs, _ = strict.reset(seed=1)
    with pytest.raises(br.IllegalMoveError, match=r"^action \d+ is not legal in env 0$"):
        strict.step(wrong)
    with pytest.raises(
        br.InvalidOptionError, match=r"^seat must be a seat of this 2-player game \(0\.\.1\)$"
    ):
        ParchisVectorEnv(2, seat=2, players=2)


def test_actions_outside_the_action_space_are_illegal() -> None:
    env = ParchisVectorEnv(4, players=2)
    env.reset(seed=3)
    _, reward, terminated, _, _ = env.step(np.array([-1, 73, 10**6, -(10**6)]))
    assert (reward == -1.0).all() and terminated.all()


def test_gymnasium_vector_wrappers_run_over_it() -> None:
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(ParchisVectorEnv(8, players=2))
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    episodes = 0
    for _ in range(300):
        obs, _, _, _, info = env.step(_random(obs, rng))
        if "episode" in info:
            episodes += int(info["_episode"].sum())
    assert episodes > 0


# ----------------------------------------------------------------- Dorada and Docker

GAME_ENVS = [("boardrules/Dorada-v0", DoradaVectorEnv), ("boardrules/Docker-v0", DockerVectorEnv)]


@pytest.mark.parametrize(("env_id", "kind"), GAME_ENVS)
def test_make_vec_builds_the_other_games_batched_envs(env_id: str, kind: Any) -> None:
    env = gymnasium.make_vec(env_id, num_envs=3, players=3)
    assert isinstance(env, kind)
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize(
    ("kind", "way"),
    # (Docker's opponents are played by the batch only: its _ALONE is 0)
    [(DoradaVectorEnv, "batch"), (DoradaVectorEnv, "scalar"), (DockerVectorEnv, "batch")],
)
def test_the_other_games_envs_show_the_scalar_state_and_end_with_its_returns(
    kind: Any, way: str
) -> None:
    env = kind(6 if way == "scalar" else 20, seat=1, players=3)
    env._ALONE = WAYS[way][0]
    obs, _ = env.reset(seed=4)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(60):
        assert env.observation_space.contains(obs)
        for i in range(env.num_envs):
            state = env.batch.state(i)
            expected = np.zeros(env.batch.observation_size, dtype=np.float32)
            br.observation_into(state, 1, expected)
            # (in the single-agent environment's shape: Docker's is channels x 3 x 3)
            assert np.array_equal(
                obs["observation"][i], expected.reshape(br.observation_shape(state))
            )
            legal = br.legal_actions(state) if br.current_player(state) == 1 else ()
            assert np.flatnonzero(obs["action_mask"][i]).tolist() == list(legal)
        obs, reward, terminated, truncated, _ = env.step(_random(obs, rng))
        assert not truncated.any() and (reward[~terminated] == 0).all()
        for i in np.flatnonzero(terminated):
            state = env.batch.state(i)
            play = random.Random(int(i))  # the learner's result cannot change any more
            while not br.is_terminal(state):
                state = br.apply_move(state, play.choice(br.legal_moves(state)))
            assert br.returns(state)[1] == reward[i]
            ended += 1
    assert ended >= 2


@pytest.mark.parametrize("kind", [ParchisVectorEnv, DoradaVectorEnv])
def test_games_played_on_alone_go_back_into_their_rows_with_their_counts(kind: Any) -> None:
    # The scalar rules play the opponents in three games; replaying the same draws of the
    # same generators with the public API must reach the states the batch now holds, with
    # as many rolls and moves as the batch has counted.
    env = kind(5, seat=0, players=4)
    env.reset(seed=6)
    batch, g = env.batch, np.array([0, 2, 3])
    for i in g:  # hand the die to the next seat: the opponents are to play
        batch.step(batch.random_actions(env._opponents, np.arange(5) == i), where=np.arange(5) == i)
    start = [batch.state(int(i)) for i in g]
    dice, choose = copy.deepcopy(batch.rng), copy.deepcopy(env._opponents)
    rolls, moves = batch.rolls, batch.moves
    env._play_alone(batch, g)
    played = rolled = 0
    for i, state in zip(g, start, strict=True):
        while not br.is_terminal(state):
            if br.is_chance(state):
                state = br.apply_move(state, br.sample_chance(state, dice))
                rolled += 1
                continue
            if br.current_player(state) == 0 or 0 in getattr(state, "finished", ()):
                break
            choices = br.legal_moves(state)
            move = choices[int(choose.random() * len(choices))]
            played += kind is DoradaVectorEnv or move.kind != Kind.PASS
            state = br.apply_move(state, move)
        assert batch.state(int(i)) == state
    assert (batch.rolls - rolls, batch.moves - moves) == (rolled, played)
    assert rolled > 0 and played > 0


@pytest.mark.parametrize("kind", [ParchisVectorEnv, DoradaVectorEnv, DockerVectorEnv])
def test_an_observation_kept_is_never_written_again(kind: Any) -> None:
    # (the env writes its next observations into the arrays of those nobody holds)
    env = kind(3, players=2)
    obs, _ = env.reset(seed=7)
    rng = np.random.default_rng(7)
    kept, seen, made = [], [], set()
    for k in range(12):
        if k % 4 == 1:
            kept.append(obs["observation"][1:])  # a view keeps its array
            seen.append(obs["observation"][1:].copy())
        obs, *_ = env.step(_random(obs, rng))
        made.add(id(obs["observation"]))
        for view, copied in zip(kept, seen, strict=True):
            assert np.array_equal(view, copied) and view.base is not obs["observation"]
    assert len(made) <= 3 + len(kept)  # the arrays nobody held were used again


def test_with_copy_false_the_observation_is_the_envs_own_array_rewritten_in_place() -> None:
    # The env's array is updated where the positions changed (pieces moved, the facts of
    # the turn, who opened, second arrivals, places): at every step it is still equal to
    # the scalar encoding, and it is the same array.
    env = ParchisVectorEnv(12, seat=3, players=4, copy=False)
    obs, _ = env.reset(seed=6)
    own, rng = obs["observation"], np.random.default_rng(6)
    # (steps with: a place known, a place gone (its game restarted), two colours on a square)
    rare, placed = np.zeros(3, dtype=np.int64), np.zeros(12, dtype=np.bool_)
    for step in range(90):
        assert obs["observation"] is own
        states = [env.batch.state(i) for i in range(12)]
        expected = np.zeros((12, env.batch.observation_size), dtype=np.float32)
        for i, state in enumerate(states):
            br.observation_into(state, 3, expected[i])
        assert np.array_equal(own, expected)
        now = np.array([bool(s.finished) for s in states])
        rare += [
            now.any(),
            (placed & ~now).any(),
            any(c >= 8 and c & 7 != c >> 3 for s in states for c in s.board),  # two colours
        ]
        placed = now
        if step == 3:  # (a reset goes on from the array as it stands)
            obs, _ = env.reset(seed=7)
        else:
            obs, *_ = env.step(_random(obs, rng))
    assert rare.all()


@pytest.mark.parametrize("kind", [DoradaVectorEnv, DockerVectorEnv])
def test_the_other_games_envs_with_copy_false_return_their_own_array(kind: Any) -> None:
    env = kind(3, players=2, copy=False)
    obs, _ = env.reset(seed=1)
    own, rng = obs["observation"], np.random.default_rng(1)
    for _ in range(5):
        obs, *_ = env.step(_random(obs, rng))
        assert obs["observation"] is own
        fresh = env.batch.observation(env._seats).reshape(own.shape)
        assert np.array_equal(own, fresh)


@pytest.mark.parametrize("kind", [ParchisVectorEnv, DoradaVectorEnv, DockerVectorEnv])
def test_a_learner_moving_first_finds_its_die_rolled_after_every_reset(kind: Any) -> None:
    # (seat 0 moves first: no opponent plays before the learner's first decision)
    env = kind(4, seat=0, players=2)
    for seed in (1, 2):
        obs, _ = env.reset(seed=seed)
        for i in range(4):
            state = env.batch.state(i)
            assert not br.is_chance(state) and br.current_player(state) == 0
            assert np.flatnonzero(obs["action_mask"][i]).tolist() == list(br.legal_actions(state))


@pytest.mark.parametrize("kind", [ParchisVectorEnv, DoradaVectorEnv, DockerVectorEnv])
def test_a_step_before_reset_is_refused(kind: Any) -> None:
    # Before reset, the games stand at seat 0's first decision: a learner in seat 1 would
    # have played seat 0's move.
    env = kind(2, seat=1, players=2)
    legal = env.batch.legal_mask().argmax(axis=1)
    with pytest.raises(br.BoardrulesError, match=r"^call reset\(\) before the first step$"):
        env.step(legal)
    env.reset(seed=1)
    env.step(env.batch.legal_mask().argmax(axis=1))  # (once reset, it plays)


@pytest.mark.parametrize(
    ("kind", "game"),
    [(ParchisVectorEnv, "parchis"), (DoradaVectorEnv, "dorada"), (DockerVectorEnv, "docker")],
)
def test_actions_that_are_no_whole_numbers_are_illegal_as_in_the_single_agent_env(
    kind: Any, game: str
) -> None:
    env = kind(3, players=2)
    obs, _ = env.reset(seed=1)
    legal = obs["action_mask"].argmax(axis=1)
    # 72.7 was cut to 72 and played; "72" and True were read as numbers.
    for actions in (legal + 0.7, legal.astype(float), legal.astype(str), [True] * 3):
        env.reset(seed=1)
        _, reward, terminated, _, _ = env.step(actions)
        assert reward.tolist() == [-1.0] * 3 and terminated.all()
    env.reset(seed=1)  # whole numbers out of int64's range: illegal, not an OverflowError
    _, reward, _, _, _ = env.step([2**70, *legal[1:].tolist()])
    assert reward.tolist() == [-1.0, 0.0, 0.0]
    env.reset(seed=1)  # a uint64 above int64's range does not wrap to a legal action
    _, reward, _, _, _ = env.step(legal.astype(np.uint64) + np.uint64(2**64 - 2**10))
    assert reward.tolist() == [-1.0] * 3
    env.reset(seed=1)
    _, reward, terminated, _, _ = env.step(np.array(legal.tolist(), dtype=object))
    assert reward.tolist() == [0.0] * 3 and not terminated.any()
    single = boardrules.rl.single_agent_env(game, players=2)
    obs1, _ = single.reset(seed=1)
    assert single.step(np.float64(obs1["action_mask"].argmax()))[1] == -1.0  # the same rule
    strict = kind(3, illegal_reward=None, players=2)
    obs, _ = strict.reset(seed=1)
    with pytest.raises(br.IllegalMoveError, match=rf"^action {legal[0]}\.5 is not legal in env 0$"):
        strict.step(obs["action_mask"].argmax(axis=1) + 0.5)
    for wrong in (legal[:2], legal[0], np.concatenate([legal, legal])):
        with pytest.raises(
            br.InvalidOptionError, match=r"^step takes one action per env \(3\), not an array"
        ):
            strict.step(wrong)


@pytest.mark.parametrize("kind", [ParchisVectorEnv, DoradaVectorEnv, DockerVectorEnv])
def test_bad_seeds_rewards_and_keywords_are_refused(kind: Any) -> None:
    env = kind(2, players=2)
    for seed in (-1, 2**64, 1.5, float("nan"), "7", True, [1, 2]):
        with pytest.raises(br.BoardrulesError, match=r"^a seed is None or a whole number from 0"):
            env.reset(seed=seed)
    env.reset(seed=2**64 - 1)
    for reward in ("x", float("nan"), float("inf"), True):
        with pytest.raises(
            br.InvalidOptionError, match=r"^illegal_reward must be None or a finite number"
        ):
            kind(2, illegal_reward=reward, players=2)
    for key, value in (("seed", 3), ("dice", [1, 2]), ("autoreset", True)):
        with pytest.raises(br.InvalidOptionError, match=rf"^'{key}' is not a keyword of a vector"):
            kind(2, players=2, **{key: value})
    for copy_ in (1, None, "no"):
        with pytest.raises(br.InvalidOptionError, match=r"^copy must be True or False$"):
            kind(2, copy=copy_, players=2)
    with pytest.raises(br.InvalidOptionError, match=r"^n, the number of games, .* 1 to 1048576"):
        kind(10**12, players=2)  # (refused before NumPy is asked for the memory)


@pytest.mark.parametrize(
    "make", [boardrules.rl.single_agent_env, boardrules.rl.env, boardrules.rl.parallel_env]
)
def test_the_scalar_envs_refuse_an_illegal_reward_that_is_no_finite_number(make: Any) -> None:
    for reward in ("x", float("nan"), -float("inf"), False):
        with pytest.raises(
            br.InvalidOptionError, match=r"^illegal_reward must be None or a finite number"
        ):
            make("docker", illegal_reward=reward, players=2)
    make("docker", illegal_reward=0, players=2)
    make("docker", illegal_reward=None, players=2)


# ----------------------------------------------------------------- Parchís played on alone


def _parchis_decisions(count: int, seed: int, **options: Any) -> list[Any]:
    """Decisions of random Parchís games (early and late, any seat), shuffled."""
    rng, found = random.Random(seed), list[Any]()
    while len(found) < count:
        game = random_play(br.new_game("parchis", **options), rng)
        found += [s for s, _ in game if not br.is_chance(s) and rng.random() < 0.05]
    rng.shuffle(found)
    return found[:count]


def _replay_parchis_alone(
    states: list[Any], g: Any, seat: int, dice_seed: int, choose_seed: int
) -> int:
    """Plays games ``g`` of a batch of ``states`` on as lists, and with the public API from
    the same draws of the same generators (one random() a roll, one a decision, game after
    game); asserts the same states (barriers too) and finishers' mask in every row, the
    same counts (rolls, and moves of pieces), the other rows untouched; returns the
    decisions with a choice."""
    from boardrules.batch._parchis_alone import play_alone

    batch = ParchisBatch.from_states(states, seed=dice_seed)
    others = np.setdiff1d(np.arange(batch.n), g)
    untouched = [batch.state(int(i)) for i in others]
    dice: Any = copy.deepcopy(batch.rng)  # (sample_chance calls its random())
    choose = np.random.default_rng(choose_seed)
    choices = copy.deepcopy(choose)
    batch.legal_mask()  # (worked out before: must be again after)
    rolls, moves = play_alone(batch, g, seat, choose)
    rolled = played = several = 0
    for i in g:
        state = states[i]
        while not br.is_terminal(state):
            if br.is_chance(state):
                state = br.apply_move(state, br.sample_chance(state, dice))
                rolled += 1
                continue
            if state.turn == seat or seat in state.finished:
                break
            legal = br.legal_moves(state)
            several += len(legal) > 1
            move = legal[int(choices.random() * len(legal))]
            played += move.kind != Kind.PASS
            state = br.apply_move(state, move)
        got = batch.state(int(i))
        assert got == state and got.barriers == state.barriers
        # (as the batch keeps it: those who finished, not the last one left)
        finishers = state.finished[: batch.players - 1]
        assert batch.donemask[i] == sum(1 << s for s in finishers)
        assert np.flatnonzero(batch.legal_mask()[i]).tolist() == list(br.legal_actions(state))
    assert [batch.state(int(i)) for i in others] == untouched
    assert (rolls, moves) == (rolled, played)
    assert rolled > 8 * len(g) + 32 or seat < batch.players  # (to the end: several blocks)
    return several


@pytest.mark.parametrize(
    ("seat", "options"),
    [  # (seat: no player's seat, the games are played to their end; each option)
        (4, {"players": 4}),
        (3, {"players": 3, "two_out_on_first_five": True, "exit_capture": False}),
        (2, {"players": 2, "third_six_back_to_lane_start": True}),
        (4, {"players": 4, "barriers_on_safe_only": True, "first_player": 2}),
        (3, {"players": 3, "colours": ["blue", "red", "green"], "first_player": 1}),
        (1, {"players": 3}),  # (up to the learner's turn, or its finish)
    ],
)
def test_parchis_games_played_on_alone_follow_the_public_api(seat: int, options: Any) -> None:
    states = [
        s
        for s in _parchis_decisions(60, seed=seat, **options)
        if s.turn != seat and seat not in s.finished
    ][:24]
    several = _replay_parchis_alone(states, np.arange(0, len(states), 2), seat, 5, 8)
    assert several >= 10  # (choices to make)


def _seed(first: Any) -> int:
    """The first seed whose generator's first random() satisfies ``first``."""
    return next(k for k in range(100) if first(np.random.default_rng(k).random()))


@pytest.mark.parametrize(
    ("pieces", "lane_start", "after"),
    [  # yellow moves its piece six squares (its second 6), then rolls a third 6
        (["65"], True, [-1, -1, -1, 64]),  # from its lane's third square back to the first
        (["65", "L1"], True, [-1, -1, 64, 64]),  # beside the other there: a barrier
        (["65"], False, [-1, -1, -1, 66]),  # without the option it stays in the lane
        (["62"], False, [-1, -1, -1, -1]),  # from its last track square: home
        (["L2"], True, [-1, -1, -1, 71]),  # into the goal (its 10 lost): it stays there
    ],
)
def test_parchis_third_sixes_played_on_alone_follow_the_public_api(
    pieces: list[Any], lane_start: bool, after: list[int]
) -> None:
    state = position({"yellow": pieces, "red": [40]}, turn="yellow", roll=6, sixes=2,
                     players=2, third_six_back_to_lane_start=lane_start)  # fmt: skip
    # (the dice: a 6 first; the choice: the first legal move, the piece on 65 or 62)
    _replay_parchis_alone(
        [state], np.array([0]), 1, _seed(lambda u: u >= 5 / 6), _seed(lambda u: u < 0.5)
    )
    final = ParchisBatch.from_states([state], seed=_seed(lambda u: u >= 5 / 6))
    from boardrules.batch._parchis_alone import play_alone

    play_alone(final, np.array([0]), 1, np.random.default_rng(_seed(lambda u: u < 0.5)))
    assert final.state(0).pos[:4] == tuple(after)
    assert bool(final.state(0).barriers) == (after[2] == 64)


# ----------------------------------------------------------------- Dorada played on alone

#: Boards with every kind of field: stumble fields, gold, jumps back past the start field,
#: chains of jumps, a jump past the last free field (as tests/test_batch_dorada.py's).
_SHORT = {
    "fields": 16,
    "stumble": [4, 11, 15],
    "gold": [9],
    "jumps": [[2, -5], [6, 3], [10, -2], [13, 1]],
    "last_jump": 13,
}
_NEAR_END = {"fields": 12, "jumps": [[8, 3], [4, -3], [6, 1], [11, 1]], "last_jump": 11}
_CHAIN = {"fields": 12, "jumps": [[3, 2], [6, -2], [10, 1]], "last_jump": 10}


def _waiting_states(seat: int, count: int, seed: int, **options: Any) -> list[Any]:
    """States at a decision of a seat other than ``seat``, from random games (early, late,
    with ``seat``'s pieces all home or lost, one or many of them a game)."""
    rng, found = random.Random(seed), list[Any]()
    while len(found) < count:
        state = br.new_game("dorada", **options)
        while not br.is_terminal(state):
            if br.is_chance(state):
                state = br.apply_move(state, br.sample_chance(state, rng))
                continue
            if br.current_player(state) != seat and rng.random() < 0.08:
                found.append(state)
            state = br.apply_move(state, rng.choice(br.legal_moves(state)))
    rng.shuffle(found)  # (one game's states apart)
    return found[:count]


def _replay_alone(batch: Any, g: Any, seat: int, choose: Any) -> set[bool]:
    """Plays games ``g`` on with _dorada_alone and with the public API from the same states
    and the same draws of the same generators (one random() a roll, one a decision, game
    after game); asserts the same states in every row, the same counts, the other rows
    untouched; returns whether the games ended (or stopped at ``seat``'s turn)."""
    from boardrules.batch._dorada_alone import play_alone

    others = np.setdiff1d(np.arange(batch.n), g)
    untouched = [batch.state(int(i)) for i in others]
    start = [batch.state(int(i)) for i in g]
    dice: Any = copy.deepcopy(batch.rng)  # (sample_chance calls its random())
    choices = copy.deepcopy(choose)
    batch.legal_mask()  # (worked out before: must be again after)
    rolls, moves = play_alone(batch, g, seat, choose)
    rolled = played = 0
    ends = set()
    for i, state in zip(g, start, strict=True):
        while not br.is_terminal(state):
            if br.is_chance(state):
                state = br.apply_move(state, br.sample_chance(state, dice))
                rolled += 1
                continue
            if br.current_player(state) == seat:
                break
            legal = br.legal_moves(state)
            state = br.apply_move(state, legal[int(choices.random() * len(legal))])
            played += 1
        ends.add(br.is_terminal(state))
        assert batch.state(int(i)) == state
        assert np.flatnonzero(batch.legal_mask()[i]).tolist() == list(br.legal_actions(state))
    assert [batch.state(int(i)) for i in others] == untouched
    assert (rolls, moves) == (rolled, played)
    assert not batch.h[batch.pos <= 0].any()  # (heights 0 off the stacks, as the batch keeps)
    assert (batch.height[:, 0] == 0).all()  # (no stack on the start field)
    return ends


@pytest.mark.parametrize(
    ("seat", "options"),
    [
        (0, {"players": 4}),
        (1, {"players": 2, "board": _SHORT}),
        (2, {"players": 3, "board": _NEAR_END, "first_player": 1}),
        (0, {"players": 4, "board": _CHAIN, "tie_break": "highest-piece"}),
    ],
)
def test_dorada_games_played_on_alone_follow_the_public_api(seat: int, options: Any) -> None:
    from boardrules.batch import DoradaBatch

    states = _waiting_states(seat, 40, seed=seat + len(options), **options)
    batch = DoradaBatch.from_states(states, seed=5)
    ends = _replay_alone(batch, np.arange(0, 40, 2), seat, np.random.default_rng(8))
    assert ends == {True, False}  # games played to their end, and up to the seat's turn


#: Positions of the rules' clauses (as tests/test_batch_dorada.py's), each played on alone
#: up to the other player's turn: jumps forward and back, past the last field and back
#: onto the start field, chains, bridges, stacks, gold, the forced pass, the end.
_CLAUSES: list[dict[str, Any]] = [
    {"track": {17: [0], 19: [1]}, "turn": 0, "roll": 3},
    {"board": _SHORT, "turn": 0, "roll": 2},
    {"board": _CHAIN, "track": {4: [1]}, "turn": 0, "roll": 3},
    {"track": {10: [1]}, "turn": 1, "roll": 2},
    {"track": {30: [1]}, "turn": 1, "roll": 3},
    {"track": {35: [1]}, "turn": 1, "roll": 6},
    {"board": _NEAR_END, "track": {5: [0], 9: [1], 10: [1], 12: [1]}, "turn": 0, "roll": 3},
    {"board": _NEAR_END, "track": {5: [0], 9: [1]}, "turn": 0, "roll": 3},
    {"board": _NEAR_END, "track": {5: [0], 6: [1]}, "turn": 0, "roll": 1},
    {"board": _NEAR_END, "track": {2: [0]}, "turn": 0, "roll": 2},
    {"track": {6: [0]}, "bridges": {9: 1}, "turn": 0, "roll": 3},
    {"track": {3: [0], 4: [1, 0]}, "turn": 1, "roll": 1},
    {"track": {3: [0], 4: [1]}, "turn": 0, "roll": 1},
    {"start": [0, 2], "track": {3: [0, 0, 0, 1], 4: [0, 1]}, "turn": 0, "roll": 2},
    {"dorada": [0], "bridges": {40: 1}, "track": {3: [0, 0, 0, 1], 40: [1]}, "turn": 0, "roll": 2},
    {
        "dorada": [0, 1, 0, 1, 1],
        "bridges": {36: 1, 37: 0},
        "track": {10: [0]},
        "turn": 0,
        "roll": 2,
    },
]


@pytest.mark.parametrize("clause", range(len(_CLAUSES)))
def test_dorada_clauses_played_on_alone_follow_the_public_api(clause: int) -> None:
    from boardrules.batch import DoradaBatch
    from boardrules.dorada import position

    state = position(players=2, **_CLAUSES[clause])
    for seed in range(3):  # (a few dice and choices after the first move)
        batch = DoradaBatch.from_states([state, state], seed=seed)
        _replay_alone(batch, np.array([1]), 1 - state.turn, np.random.default_rng(seed))


@pytest.mark.parametrize("alone", [0, 32])
def test_dorada_env_plays_as_the_batchs_checked_step_does(alone: int) -> None:
    # The environment plays its learner's (checked) and its opponents' (the batch's own)
    # actions without step()'s checks and returns: a twin whose levels go through step()
    # (which refuses an action that is not legal) plays the same episodes.
    from boardrules.batch.vector import _BatchVectorEnv

    fast, checked = (DoradaVectorEnv(24, seat=2, players=3, board=_SHORT) for _ in range(2))
    checked._step_learner = _BatchVectorEnv._step_learner.__get__(checked)  # type: ignore[method-assign]
    checked._play = _BatchVectorEnv._play.__get__(checked)  # type: ignore[method-assign]
    fast._ALONE = checked._ALONE = alone
    a, _ = fast.reset(seed=3)
    b, _ = checked.reset(seed=3)
    rng, ended = np.random.default_rng(3), 0
    for _ in range(40):
        assert data_equivalence(a, b, exact=True)
        actions = _random(a, rng)
        a, ra, ta, _, _ = fast.step(actions)
        b, rb, tb, _, _ = checked.step(actions)
        assert np.array_equal(ra, rb) and np.array_equal(ta, tb)
        assert np.array_equal(fast.batch.rolled, checked.batch.rolled)  # (the last level's)
        ended += int(ta.sum())
    assert ended >= 5
    assert (fast.batch.moves, fast.batch.rolls) == (checked.batch.moves, checked.batch.rolls)
