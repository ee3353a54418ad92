"""The PettingZoo parallel environment: every seat is an agent that acts in every step, the
one whose turn it is for real, the others with an action that is ignored."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import ParallelEnv

import boardrules as br
from boardrules._values import check_illegal_reward, safe_repr, shortened
from boardrules.rl._common import (
    Observation,
    Table,
    check_render_mode,
    rendered,
    roll,
)

__all__ = ["ParallelBoardEnv", "parallel_env"]


class ParallelBoardEnv(ParallelEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """A boardrules game as a PettingZoo parallel environment (made by
    :func:`parallel_env`), for the libraries that train on parallel environments.

    The agents ``player_0``, ``player_1``, ... are the seats.  The games are turn-based, so
    in each :meth:`step` one agent moves: the one whose ``action_mask`` has ones (its
    ``infos[agent]["to_move"]`` is true).  The actions of the others are ignored and may be
    left out; their masks are all zeros.  The dice roll inside, seeded by
    ``reset(seed=...)``, so every step ends at a decision node or at the end of the game.

    Rewards are 0 until the end, then :func:`boardrules.returns`; every agent terminates
    together and ``agents`` is then empty.  An illegal action of the agent to move ends the
    game with ``illegal_reward`` for it and 0 for the others (``illegal_reward=None``:
    :class:`~boardrules.IllegalMoveError`).  :attr:`boardrules_state` is the position.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's attribute, replaced per env)
        "render_modes": ["ansi", "rgb_array"],
        "name": "boardrules_parallel_v0",
        "render_fps": 2,
    }

    def __init__(
        self,
        name: str,
        render_mode: str | None = None,
        illegal_reward: float | None = -1.0,
        **options: Any,
    ) -> None:
        super().__init__()
        self._table = Table(name, options)
        modes = check_render_mode(self._table, render_mode)
        self.metadata = {
            **self.metadata, "render_modes": list(modes), "name": f"{name}_parallel_v0"
        }  # fmt: skip
        self.render_mode = render_mode
        self.illegal_reward: float | None = check_illegal_reward(illegal_reward)
        self.possible_agents: list[str] = [f"player_{i}" for i in range(self._table.players)]
        self.agents: list[str] = []
        self.action_spaces: dict[str, gymnasium.spaces.Space[Any]] = dict.fromkeys(
            self.possible_agents, self._table.action_space
        )
        self.observation_spaces: dict[str, gymnasium.spaces.Space[Any]] = dict.fromkeys(
            self.possible_agents, self._table.observation_space
        )
        self._dice: random.Random | None = None
        self._state: Any = self._table.start

    @property
    def boardrules_state(self) -> Any:
        """The position now (a decision node, or the end of the game)."""
        return self._state

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Dict(observation=Box(...), action_mask=Box(...))``, the same for every agent."""
        space: gymnasium.spaces.Space[Any] = self.observation_spaces[agent]
        return space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(num_actions)``: :func:`boardrules.legal_actions` numbers."""
        space: gymnasium.spaces.Space[Any] = self.action_spaces[agent]
        return space

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new game; ``seed`` seeds the dice (without one, the generator goes on).
        ``options`` is accepted and not used: a game's options are given to
        :func:`parallel_env`."""
        if seed is not None or self._dice is None:
            self._dice = random.Random(seed)
        self.agents = self.possible_agents[:]
        self._state = roll(self._table.start, self._dice)
        return self._observations(), self._infos()

    def step(self, actions: Mapping[str, int | np.integer[Any] | None]) -> tuple[
        dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool],
        dict[str, dict[str, Any]],
    ]:  # fmt: skip
        """Play the action of the agent to move (the others' are ignored): observations,
        rewards, terminations, truncations and infos of the agents that were live."""
        if self._dice is None or not self.agents:
            raise br.BoardrulesError("call reset() before step(), and again after the end")
        live = self.agents
        agent = self.possible_agents[br.current_player(self._state)]
        if not isinstance(actions, Mapping):
            raise br.InvalidOptionError(
                f"actions must map agents to actions ({{{agent!r}: 3}}), not {safe_repr(actions)}"
            )
        if agent not in actions:
            given = ", ".join(a if isinstance(a, str) else safe_repr(a) for a in actions)
            raise br.InvalidOptionError(
                f"no action for {agent}, whose turn it is (actions for: "
                f"{shortened(given) or 'nobody'})"
            )
        rewards = dict.fromkeys(live, 0.0)
        move = self._table.legal(self._state, actions[agent])
        if move is None:
            if self.illegal_reward is None:
                raise br.IllegalMoveError(
                    f"{agent} played action {safe_repr(actions[agent])}, which is not legal now; "
                    f"legal actions: {list(br.legal_actions(self._state))}"
                )
            rewards[agent] = self.illegal_reward
            over = True
        else:
            self._state = roll(br.apply_move(self._state, move), self._dice)
            over = br.is_terminal(self._state)
            if over:
                rewards = dict(zip(live, br.returns(self._state), strict=True))
        observations, infos = self._observations(), self._infos()
        if move is None:
            infos[agent]["illegal_action"] = True
        if over:
            self.agents = []
        return observations, rewards, dict.fromkeys(live, over), dict.fromkeys(live, False), infos

    def _observations(self) -> dict[str, Observation]:
        mover = br.current_player(self._state)
        return {
            agent: self._table.observe(self._state, seat, seat == mover)
            for seat, agent in enumerate(self.possible_agents)
        }

    def _infos(self) -> dict[str, dict[str, Any]]:
        mover = br.current_player(self._state)
        return {
            agent: {"to_move": seat == mover} for seat, agent in enumerate(self.possible_agents)
        }

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The board: text for ``"ansi"``, an RGB array for ``"rgb_array"``."""
        return rendered(self._state, self.render_mode)

    def close(self) -> None:
        """Nothing to release."""

    def state(self) -> npt.NDArray[np.float32]:
        """The whole position for a centralised critic: the observation from seat 0."""
        return self._table.observe(self._state, 0, False)["observation"]


def parallel_env(
    name: str,
    render_mode: str | None = None,
    illegal_reward: float | None = -1.0,
    **options: Any,
) -> ParallelBoardEnv:
    """The PettingZoo parallel environment of the game ``name`` with its ``options``.

    >>> import numpy as np
    >>> import boardrules.rl
    >>> e = boardrules.rl.parallel_env("docker", players=2)
    >>> obs, infos = e.reset(seed=1)
    >>> mover = next(agent for agent in e.agents if infos[agent]["to_move"])
    >>> legal = np.flatnonzero(obs[mover]["action_mask"])
    >>> obs, rewards, terminations, truncations, infos = e.step({mover: int(legal[0])})
    >>> rewards, terminations
    ({'player_0': 0.0, 'player_1': 0.0}, {'player_0': False, 'player_1': False})
    """
    return ParallelBoardEnv(name, render_mode, illegal_reward, **options)
