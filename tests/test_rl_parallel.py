"""The PettingZoo parallel environment (boardrules.rl.parallel_env): PettingZoo's own parallel
checkers for every game, and the same game as the AEC environment for the same seed."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

from extras import need

np = need("numpy", "rl")
need("gymnasium", "rl")
need("pettingzoo", "rl")

from pettingzoo.test import parallel_api_test, parallel_seed_test  # noqa: E402

import boardrules as br  # noqa: E402
import boardrules.rl  # noqa: E402

GAMES = br.available_games()


def masked_random(obs: dict[str, Any], rng: random.Random) -> int:
    legal = np.flatnonzero(obs["action_mask"])
    return int(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_parallel_api_test(game: str) -> None:
    env = boardrules.rl.parallel_env(game, players=2)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(env, num_cycles=400)
    assert [str(w.message) for w in caught] == []


def test_pettingzoo_parallel_seed_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its own deprecation notes, not about the env
        parallel_seed_test(lambda: boardrules.rl.parallel_env("parchis", players=2))


def play_parallel(env: Any, seed: int) -> tuple[list[Any], dict[str, float]]:
    rng = random.Random(seed)
    obs, infos = env.reset(seed=seed)
    seen, totals = [], dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        state = env.boardrules_state
        seen.append(state)
        (mover,) = [a for a in env.agents if infos[a]["to_move"]]
        assert env.possible_agents.index(mover) == br.current_player(state)
        assert np.flatnonzero(obs[mover]["action_mask"]).tolist() == list(br.legal_actions(state))
        assert not any(obs[a]["action_mask"].any() for a in env.agents if a != mover)
        # The others' actions are ignored, even illegal ones.
        actions = dict.fromkeys(env.agents, env.action_space(mover).n - 1)
        actions[mover] = masked_random(obs[mover], rng)
        obs, rewards, terminations, truncations, infos = env.step(actions)
        for agent, reward in rewards.items():
            totals[agent] += reward
        assert not any(truncations.values())
        assert all(terminations.values()) == (not env.agents)
    return seen, totals


def play_aec(env: Any, seed: int) -> list[Any]:
    rng = random.Random(seed)
    env.reset(seed=seed)
    seen = []
    for _ in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seen.append(env.boardrules_state)
        env.step(masked_random(obs, rng))
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_a_parallel_game_is_the_aec_game_of_the_same_seed_and_pays_the_returns(
    game: str,
) -> None:
    parallel = boardrules.rl.parallel_env(game, players=2)
    seen, totals = play_parallel(parallel, 4)
    end = parallel.boardrules_state
    assert br.is_terminal(end) and list(totals.values()) == pytest.approx(br.returns(end))
    assert seen == play_aec(boardrules.rl.env(game, players=2), 4)


def test_parallel_refuses_a_missing_or_illegal_action_and_a_step_before_reset() -> None:
    env = boardrules.rl.parallel_env("docker", players=2)
    with pytest.raises(br.BoardrulesError, match="call reset"):
        env.step({"player_0": 0})
    obs, infos = env.reset(seed=0)
    mover = next(a for a in env.agents if infos[a]["to_move"])
    with pytest.raises(ValueError, match=f"no action for {mover}"):
        env.step({})
    illegal = int(np.flatnonzero(obs[mover]["action_mask"] == 0)[0])
    _, rewards, terminations, _, infos = env.step({mover: illegal})
    assert rewards[mover] == -1.0 and infos[mover]["illegal_action"]
    assert all(terminations.values()) and env.agents == []
    strict = boardrules.rl.parallel_env("docker", players=2, illegal_reward=None)
    _, infos = strict.reset(seed=0)
    with pytest.raises(br.IllegalMoveError, match="not legal now"):
        strict.step({mover: illegal})
