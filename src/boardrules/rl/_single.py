"""The Gymnasium environment: one learner against bots of :mod:`boardrules.bots`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

import boardrules as br
from boardrules._values import check_illegal_reward, check_seed, safe_repr
from boardrules.bots import Bot, make_bot
from boardrules.rl._common import (
    Observation,
    Table,
    check_render_mode,
    rendered,
    roll,
)

__all__ = ["SingleAgentEnv", "single_agent_env"]


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """A boardrules game as a Gymnasium environment: the learner plays seat ``seat``, bots
    play the other seats (made by :func:`single_agent_env`).

    :meth:`step` plays the learner's action, then the dice and the opponents' moves until the
    learner has to decide again or the game ends.  The observation and the action mask are
    those of :func:`boardrules.rl.env` for the learner's seat.  The reward is 0 until the
    end, then the learner's :func:`boardrules.returns`; the episode is never truncated.
    If the learner is knocked out, the others play on to the end of the game within the same
    :meth:`step`.  An action that is not legal ends the episode with ``illegal_reward`` (with
    ``illegal_reward=None`` it raises :class:`~boardrules.IllegalMoveError`).

    ``reset(seed=...)`` seeds the dice and the bots; a game that would end before the
    learner's first decision is replaced by the next one.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 2}  # noqa: RUF012

    def __init__(
        self,
        name: str,
        opponents: str | Bot | Sequence[str | Bot] = "random",
        seat: int = 0,
        render_mode: str | None = None,
        illegal_reward: float | None = -1.0,
        **options: Any,
    ) -> None:
        self._table = table = Table(name, options)
        modes = check_render_mode(table, render_mode)
        self.metadata = {**self.metadata, "render_modes": list(modes)}
        self.render_mode = render_mode
        if type(seat) is not int or not 0 <= seat < table.players:
            raise br.InvalidOptionError(
                f"seat must be a seat of this {table.players}-player game (0..{table.players - 1})"
            )
        self.seat = seat
        self.illegal_reward: float | None = check_illegal_reward(illegal_reward)
        self.opponents: tuple[Bot, ...] = _bots(opponents, table.players - 1)
        self.action_space: gymnasium.spaces.Space[np.int64] = table.action_space
        self.observation_space: gymnasium.spaces.Space[Observation] = table.observation_space
        self._state: Any = table.start
        self._dice = random.Random(0)
        self._bot_rng = random.Random(0)
        self._ended = True

    @property
    def boardrules_state(self) -> Any:
        """The position now: the learner's decision node, or the end of the game."""
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game, up to the learner's first decision; ``options`` is not used.  A seed
        that is not ``None`` or a whole number from 0 to 2**64 - 1 raises
        :class:`ValueError`, as in :class:`~boardrules.rl.BoardEnv`."""
        check_seed(seed)
        super().reset(seed=seed)
        draw = self.np_random.integers
        self._dice = random.Random(int(draw(2**63)))
        self._bot_rng = random.Random(int(draw(2**63)))
        while True:
            self._state = self._play_others(self._table.start)
            if br.current_player(self._state) == self.seat:
                self._ended = False
                return self._observe(), {}

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's ``action`` and everything that follows, up to its next decision."""
        if self._ended or br.current_player(self._state) != self.seat:
            raise br.BoardrulesError("the episode has ended (or not begun): call reset()")
        move = self._table.legal(self._state, action)
        if move is None:
            if self.illegal_reward is None:
                raise br.IllegalMoveError(
                    f"action {safe_repr(action)} is not legal now; legal actions: "
                    f"{list(br.legal_actions(self._state))}"
                )
            self._ended = True  # the position stays as it was; the episode is over
            obs = self._table.observe(self._state, self.seat, False)
            return obs, self.illegal_reward, True, False, {"illegal_action": True}
        self._state = self._play_others(br.apply_move(self._state, move))
        if br.current_player(self._state) == br.TERMINAL:
            reward = br.returns(self._state)[self.seat]
            return self._observe(), reward, True, False, {}
        return self._observe(), 0.0, False, False, {}

    def _play_others(self, state: Any) -> Any:
        """``state`` after the dice and the bots, up to the learner's turn or the end."""
        while True:
            state = roll(state, self._dice)
            player = br.current_player(state)
            if player in (self.seat, br.TERMINAL):
                return state
            bot = self.opponents[player if player < self.seat else player - 1]
            state = br.apply_move(state, bot.choose(state, self._bot_rng))

    def _observe(self) -> Observation:
        to_move = br.current_player(self._state) == self.seat
        return self._table.observe(self._state, self.seat, to_move)

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The board as text (``render_mode="ansi"``) or an RGB array (``"rgb_array"``)."""
        return rendered(self._state, self.render_mode)


def _bots(opponents: str | Bot | Sequence[str | Bot], count: int) -> tuple[Bot, ...]:
    """One bot for each of the ``count`` other seats: one opponent is used for all of them."""
    given: Sequence[str | Bot] = (
        [opponents] * count if isinstance(opponents, str | Bot) else opponents
    )
    if not isinstance(given, Sequence) or not all(isinstance(o, str | Bot) for o in given):
        raise br.InvalidOptionError(
            "opponents must be a bot or a bot's name (as make_bot takes it), or a list of "
            f"them, one for each other seat, not {safe_repr(opponents)}"
        )
    if len(given) != count:
        raise br.InvalidOptionError(
            f"this game has {count} other seats, but {len(given)} opponents were given"
        )
    return tuple(make_bot(o) if isinstance(o, str) else o for o in given)


def single_agent_env(
    name: str,
    opponents: str | Bot | Sequence[str | Bot] = "random",
    seat: int = 0,
    render_mode: str | None = None,
    illegal_reward: float | None = -1.0,
    **options: Any,
) -> SingleAgentEnv:
    """The Gymnasium environment of the game ``name`` (with its ``options``) where the
    learner plays ``seat`` against ``opponents``: one bot or specification for every other
    seat, or one per other seat in seat order.

    >>> import boardrules.rl
    >>> e = boardrules.rl.single_agent_env("docker", opponents="greedy", players=2)
    >>> obs, info = e.reset(seed=3)
    >>> action = int(obs["action_mask"].argmax())   # the first legal action
    >>> obs, reward, terminated, truncated, info = e.step(action)
    >>> e.observation_space.contains(obs)
    True
    """
    return SingleAgentEnv(name, opponents, seat, render_mode, illegal_reward, **options)
