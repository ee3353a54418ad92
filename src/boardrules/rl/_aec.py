"""The PettingZoo AEC environment: every seat is an agent, the dice roll inside."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv

import boardrules as br
from boardrules._values import check_illegal_reward, check_seed, safe_repr
from boardrules.rl._common import (
    Observation,
    Table,
    check_render_mode,
    rendered,
    roll,
)

__all__ = ["BoardEnv", "env"]


class BoardEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """A boardrules game as a PettingZoo AEC environment (made by :func:`env`).

    The agents ``player_0``, ``player_1``, ... are the seats of the game.  Only decision
    nodes are shown to agents: after :meth:`reset` and after each :meth:`step` the
    environment rolls the dice itself until a player has to decide or the game ends.  The
    rolls are drawn with exact probabilities from a generator seeded by ``reset(seed=...)``
    (a ``reset()`` without a seed continues that generator, so it plays a new game).

    Rewards are 0 until the end of the game, where each agent's reward is its
    :func:`boardrules.returns`.  An action that is not legal (its ``action_mask`` entry is 0)
    ends the game at once with ``illegal_reward`` for the agent who played it and 0 for the
    others, as in PettingZoo's classic games; with ``illegal_reward=None`` it raises
    :class:`~boardrules.IllegalMoveError` instead.

    The position is :attr:`boardrules_state`, so any function of :mod:`boardrules` or any bot
    of :mod:`boardrules.bots` can look at it.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's attribute, replaced per env)
        "render_modes": ["ansi", "rgb_array"],
        "name": "boardrules_v0",
        "is_parallelizable": False,
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
        # Per instance: the render modes depend on the game.
        self.metadata = {**self.metadata, "render_modes": list(modes), "name": f"{name}_v0"}
        self.render_mode = render_mode
        self.illegal_reward: float | None = check_illegal_reward(illegal_reward)
        self.possible_agents: list[str] = [f"player_{i}" for i in range(self._table.players)]
        self.agents: list[str] = []
        self.action_spaces: dict[str, gymnasium.spaces.Space[Any]] = dict.fromkeys(
            self.possible_agents, self._table.action_space
        )
        self.observation_spaces: dict[str, gymnasium.spaces.Space[Observation]] = dict.fromkeys(
            self.possible_agents, self._table.observation_space
        )
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._dice: random.Random | None = None
        self._state: Any = self._table.start

    @property
    def boardrules_state(self) -> Any:
        """The position now (a decision node or the end of the game after :meth:`reset`)."""
        return self._state

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Dict(observation=Box(0, 1, observation_shape, float32), action_mask=Box(0, 1,
        (num_actions,), int8))``, the same for every agent."""
        space: gymnasium.spaces.Space[Any] = self.observation_spaces[agent]
        return space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(num_actions)``: :func:`boardrules.legal_actions` numbers."""
        space: gymnasium.spaces.Space[Any] = self.action_spaces[agent]
        return space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` seeds the dice.  ``options`` is accepted (PettingZoo
        passes it) and not used: a game's options are given to :func:`env`.  A seed that
        is not ``None`` or a whole number from 0 to 2**64 - 1 raises :class:`ValueError`, as
        in :class:`~boardrules.rl.SingleAgentEnv`."""
        check_seed(seed)
        if seed is not None or self._dice is None:
            self._dice = random.Random(seed)
        self.agents = self.possible_agents[:]
        self._skip_agent_selection = None  # PettingZoo's bookkeeping of agents leaving
        self.rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.truncations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance(self._table.start)

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now: :func:`boardrules.observation` from its seat, and its
        legal actions as a mask (all zeros when it is not to move)."""
        seat = self._seat[agent]
        to_move = br.current_player(self._state) == seat
        return self._table.observe(self._state, seat, to_move)

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play ``action`` for ``agent_selection``; an agent whose game has ended steps
        with ``None``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if self._dice is None:
            raise br.BoardrulesError("call reset() before step()")
        self._cumulative_rewards[agent] = 0.0
        # The rewards are all 0 before the end, so only the last step has any to add.
        move = self._table.legal(self._state, action)
        if move is None:
            self._illegal(agent, action)
        else:
            self._advance(br.apply_move(self._state, move))
        if self.terminations[agent]:
            self._accumulate_rewards()

    def _advance(self, state: Any) -> None:
        """Roll the dice after ``state`` and hand the turn to whoever decides next."""
        assert self._dice is not None
        self._state = state = roll(state, self._dice)
        player = br.current_player(state)
        if player == br.TERMINAL:
            for agent, value in zip(self.possible_agents, br.returns(state), strict=True):
                self.rewards[agent] = value
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection: str = self.possible_agents[player]

    def _illegal(self, agent: str, action: object) -> None:
        if self.illegal_reward is None:
            raise br.IllegalMoveError(
                f"{agent} played action {safe_repr(action)}, which is not legal now; "
                f"legal actions: {list(br.legal_actions(self._state))}"
            )
        self.rewards[agent] = self.illegal_reward
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = {"illegal_action": True}

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The board: text for ``render_mode="ansi"`` (:func:`boardrules.render`), an RGB
        array for ``"rgb_array"`` (:func:`boardrules.render_svg`, drawn with cairosvg)."""
        return rendered(self._state, self.render_mode)

    def close(self) -> None:
        """Nothing to release (PettingZoo asks for it next to :meth:`render`)."""

    def __str__(self) -> str:
        return str(self.metadata["name"])


def env(
    name: str,
    render_mode: str | None = None,
    illegal_reward: float | None = -1.0,
    **options: Any,
) -> BoardEnv:
    """The PettingZoo AEC environment of the game ``name`` with its ``options``.

    >>> import numpy as np
    >>> import boardrules.rl
    >>> e = boardrules.rl.env("docker", players=2)
    >>> e.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> e.agent_selection, reward, terminated
    ('player_0', 0.0, False)
    >>> legal = np.flatnonzero(obs["action_mask"])
    >>> e.step(int(legal[0]))
    """
    return BoardEnv(name, render_mode, illegal_reward, **options)
