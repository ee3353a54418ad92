"""The Gymnasium ids of the boardrules environments (registered when :mod:`boardrules.rl` is
imported)."""

from __future__ import annotations

import functools

import gymnasium

from boardrules.rl._single import single_agent_env

__all__ = ["GYM_IDS", "register"]

#: Each registered id and its game: ``gymnasium.make(id, **keywords)`` is
#: ``single_agent_env(game, **keywords)``.
GYM_IDS = {
    "boardrules/Parchis-v0": "parchis",
    "boardrules/Dorada-v0": "dorada",
    "boardrules/Docker-v0": "docker",
    "boardrules/Dorasure-v0": "dorasure",
}

#: The games that have a batched vector environment (``gymnasium.make_vec``).
_VECTOR = {
    "parchis": "boardrules.batch.vector:ParchisVectorEnv",
    "dorada": "boardrules.batch.vector:DoradaVectorEnv",
    "docker": "boardrules.batch.vector:DockerVectorEnv",
}


def register() -> None:
    """Register :data:`GYM_IDS` with Gymnasium (again is harmless)."""
    for env_id, game in GYM_IDS.items():
        if env_id in gymnasium.registry:
            continue
        gymnasium.register(
            id=env_id,
            entry_point=functools.partial(single_agent_env, game),
            vector_entry_point=_VECTOR.get(game),
            disable_env_checker=False,
        )
