"""The batched vector environments are drop-in for Gymnasium's own SyncVectorEnv of the
single-agent environment: the same spaces, whichever ``vectorization_mode`` builds them."""

from __future__ import annotations

import pytest

from extras import need

np = need("numpy", "batch")
gymnasium = need("gymnasium", "rl")

import boardrules.rl  # noqa: E402
from boardrules.batch.vector import DockerVectorEnv, DoradaVectorEnv, ParchisVectorEnv  # noqa: E402

BATCHED = {
    "boardrules/Parchis-v0": ParchisVectorEnv,
    "boardrules/Dorada-v0": DoradaVectorEnv,
    "boardrules/Docker-v0": DockerVectorEnv,
}


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("env_id", sorted(BATCHED))
def test_the_batched_env_has_the_spaces_of_the_sync_vector_env(env_id: str, players: int) -> None:
    batched = gymnasium.make_vec(env_id, num_envs=2, players=players)
    sync = gymnasium.make_vec(env_id, num_envs=2, players=players, vectorization_mode="sync")
    assert isinstance(batched, BATCHED[env_id])
    assert batched.single_observation_space == sync.single_observation_space
    assert batched.single_action_space == sync.single_action_space
    obs, _ = batched.reset(seed=0)
    assert sync.observation_space.contains(obs)
