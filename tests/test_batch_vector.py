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
from boardrules.batch.vector import DockerVectorEnv, DoradaVectorEnv, ParchisVectorEnv  # noqa: E402
from boardrules.parchis import Kind  # noqa: E402


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
# games), or all with the scalar rules (each game alone); the default mixes the two.
WAYS = {"batch": 0, "scalar": 10**6}


@pytest.mark.parametrize("way", sorted(WAYS))
def test_the_vector_env_shows_the_learners_view_of_the_scalar_state(way: str) -> None:
    env = ParchisVectorEnv(24, seat=1, players=3)
    env._ALONE = WAYS[way]
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
    env._ALONE = WAYS[way]
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
            if br.current_player(state) == 0 or env._placed_state(state):
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
