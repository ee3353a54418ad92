"""Gymnasium ``VectorEnv`` s over the batch engines (needs the extras ``batch`` and ``rl``).

:class:`ParchisVectorEnv` is ``num_envs`` copies of the single-agent environment of
:func:`boardrules.rl.single_agent_env` for Parchís with random opponents, stepped together by
a :class:`~boardrules.batch.ParchisBatch`: the learner plays ``seat``, the other seats play
uniformly random legal moves inside :meth:`~ParchisVectorEnv.step`, the observation is the
same ``Dict`` of a float32 ``"observation"`` (:func:`boardrules.observation` from the
learner's seat) and an int8 ``"action_mask"``, and the reward is 0 until the end, then the
learner's :func:`boardrules.returns`.  An episode ends as soon as the learner's place is
known: when it brings its last piece into the goal, or the game ends (its reward is then
what :func:`boardrules.returns` gives it at the end: the other players' places do not
change it, so they are not played out).  An episode that ended is reset at the next step
(the ``NEXT_STEP`` autoreset of Gymnasium: that step's action is ignored, its reward is 0).

:class:`DoradaVectorEnv` and :class:`DockerVectorEnv` are the same over
:class:`~boardrules.batch.DoradaBatch` and :class:`~boardrules.batch.DockerBatch`: a Dorada
episode ends with the game (the points of the pieces still in play can change every
player's result), a Docker episode when the learner is eliminated (reward 0) or wins.

They are also ``gymnasium.make_vec("boardrules/Parchis-v0", num_envs=...)`` (and
``Dorada-v0``, ``Docker-v0``) once :mod:`boardrules.rl` is imported.

How a step plays the opponents: each batch step plays one decision in every game still
waiting for the learner, as whole arrays (the rolls of all of them at once, their random
choices drawn together); when at most half of the games are still waiting (Parchís: or at
most 85% of them while 512 games or more sit idle), those are copied into a batch of their
own and played on there, so that the long tail (a 6, a bonus, a learner whose pieces are
all home) costs steps over few games; the last few
games (Parchís: at most 128, so all of them at 64 games) are played on game by game as
plain lists (the scalar rules written over lists), read from and written back into their
rows all at once.
Observations are written for all games at once after that (with ``copy=False``, into the
environment's own array: see :class:`ParchisVectorEnv`).  (In Parchís the learner's
actions are checked once, against the legal actions of its last observation, and the
opponents' actions, drawn from the batch's own legal ones, are played without a check.)
The dice and the opponents' choices are drawn from the generators seeded by
:meth:`reset`, so a seed plays the same episodes.

>>> import numpy as np
>>> from boardrules.batch.vector import ParchisVectorEnv
>>> env = ParchisVectorEnv(4, players=2)
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape
((4, 395), (4, 73))
>>> actions = obs["action_mask"].argmax(axis=1)   # the first legal action of each game
>>> obs, reward, terminated, truncated, info = env.step(actions)
>>> env.observation_space.contains(obs)
True
"""

from __future__ import annotations

import sys
from typing import Any, cast

from boardrules._extras import require

require("gymnasium", "rl", "boardrules.batch.vector")  # one clear error, before the imports

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402
from gymnasium import spaces  # noqa: E402
from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402
from gymnasium.vector.utils import batch_space  # noqa: E402

from boardrules._values import check_illegal_reward, check_seed  # noqa: E402
from boardrules.api import observation_shape  # noqa: E402
from boardrules.batch._docker import DockerBatch  # noqa: E402
from boardrules.batch._dorada import DoradaBatch  # noqa: E402
from boardrules.batch._dorada_alone import play_alone  # noqa: E402
from boardrules.batch._parchis import _TURN_FACTS, NUM_ACTIONS, ParchisBatch  # noqa: E402
from boardrules.batch._parchis_alone import play_alone as play_parchis_alone  # noqa: E402
from boardrules.errors import BoardrulesError, IllegalMoveError, InvalidOptionError  # noqa: E402
from boardrules.parchis._state import PHASE_OVER  # noqa: E402

__all__ = ["DockerVectorEnv", "DoradaVectorEnv", "ParchisVectorEnv"]

Observation = dict[str, npt.NDArray[Any]]
#: The waiting games are copied into a batch of their own once they are at most this share
#: of their batch's games (measured: 0.3-0.85 are within a few percent, 0.5 the best), and
#: if they are at least :data:`_SMALLEST_PART` (below, a step over the whole batch costs
#: about what the copies would).
_PART_SHARE = 0.5
_SMALLEST_PART = 8
#: Or (Parchís, see ``ParchisVectorEnv._IDLE_PART``) when at most this share, if enough games
#: of the batch are idle: the three opponents' first decisions are three steps over all the
#: games, where a sixth of them wait for nothing (their learner rolled a 6).
_PART_MOST = 0.85
#: The observation arrays kept for use again (see ``_BatchVectorEnv._buffer``), and the
#: reference count of one in the list and nowhere else, as ``_buffer`` reads it.
_BUFFERS = 3
_probe = [np.empty(0)]
_UNSHARED = sys.getrefcount(_probe[0])
del _probe
#: Any of the batches.
Batch = ParchisBatch | DoradaBatch | DockerBatch
# (0-d arrays: numpy compares an array with them faster than with Python ints)
_SEATS, _OVER = np.array(4), np.array(PHASE_OVER)


def _game_options(options: dict[str, Any]) -> dict[str, Any]:
    """``options``, which must be the game's: the batch's own keywords are the env's to set."""
    for key in ("seed", "dice", "autoreset"):
        if key in options:
            raise InvalidOptionError(
                f"{key!r} is not a keyword of a vector env: reset(seed=...) seeds its dice and "
                f"opponents, and its episodes restart by themselves; the others are the "
                f"game's options"
            )
    return options


def _whole_actions(
    given: npt.NDArray[Any],
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """The actions as int64 (-1 where there is none) and whether each is a whole number (an
    integer, not a bool: what :func:`boardrules.action_to_move` takes)."""
    kind, n = given.dtype.kind, len(given)
    if kind == "i":
        return given.astype(np.int64, copy=False), np.ones(n, dtype=np.bool_)
    if kind == "u":  # (above int64's range: no action, and illegal below)
        values = given.astype(np.int64)
        values[given > np.iinfo(np.int64).max] = -1
        return values, np.ones(n, dtype=np.bool_)
    whole = np.array(
        [
            kind == "O" and isinstance(x, int | np.integer) and not isinstance(x, bool)
            for x in given
        ],
        dtype=np.bool_,
    )
    numbers = [
        int(x) if w and -(2**63) <= x < 2**63 else -1 for x, w in zip(given, whole, strict=True)
    ]
    return np.array(numbers, dtype=np.int64), whole


class _Kept:
    """What :meth:`ParchisVectorEnv._write_changes` wrote last: each piece's position and
    entry ``(index, value)`` (``idx``, ``val``), who had opened, the facts of the turn's
    entries, the rare facts' indices, all as the batch's encoding makes them."""

    def __init__(self, batch: ParchisBatch, o: npt.NDArray[np.int64], size: int) -> None:
        n, slots = batch.n, 4 * batch.players
        self.slots = slots
        self.rows = batch._games * size
        self.pos = batch.pos.reshape(n, slots).copy()
        idx, val = self._pieces(batch, o, np.arange(n * slots))
        self.idx, self.val = idx.reshape(n, slots), val.reshape(n, slots)
        self.opened = np.full(n, -1, dtype=batch.opened.dtype)  # (none yet written)
        self.turn_idx = np.empty((n, _TURN_FACTS), dtype=np.int64)
        self.turn_val = np.empty((n, _TURN_FACTS), dtype=np.float32)
        batch._turn_entries(o, self.turn_idx, self.turn_val, self.rows)
        self.rare: list[npt.NDArray[np.int64]] = []  # (the indices of the rare facts)

    def _pieces(
        self, batch: ParchisBatch, o: npt.NDArray[np.int64], k: npt.NDArray[np.int64]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """The entries of pieces ``k`` (game * slots + slot), at their places now."""
        ob = batch._obs
        g, slot = np.divmod(k, self.slots)
        at = o.take(g) * ob.view_span + batch.pos.reshape(-1).take(k) + ob.slot_at.take(slot)
        idx: npt.NDArray[np.int64] = ob.where_flat.take(at) + self.rows.take(g)
        # (float32, the array's: add.at's fast loop needs it)
        val: npt.NDArray[np.float32] = ob.weight_flat.take(at).astype(np.float32)
        return idx, val

    def changes(
        self, batch: ParchisBatch, o: npt.NDArray[np.int64]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """The entries to add (the values of the last taken away, the new ones), kept as
        the last from now: the pieces that moved and the facts of the turn that changed."""
        pos, was = batch.pos.reshape(-1), self.pos.reshape(-1)
        moved = np.flatnonzero(pos != was)
        idx, val = self.idx.reshape(-1), self.val.reshape(-1)
        new_idx, new_val = self._pieces(batch, o, moved)
        gone_idx, gone_val = idx.take(moved), val.take(moved)
        idx[moved], val[moved], was[moved] = new_idx, new_val, pos.take(moved)
        t_idx, t_val = self.turn_idx, self.turn_val
        now_idx, now_val = np.empty_like(t_idx), np.empty_like(t_val)
        batch._turn_entries(o, now_idx, now_val, self.rows)
        other = np.flatnonzero((now_idx != t_idx) | (now_val != t_val))
        t_gone_idx, t_gone_val = t_idx.reshape(-1).take(other), t_val.reshape(-1).take(other)
        self.turn_idx, self.turn_val = now_idx, now_val
        # (not sorted by game, which would fetch each game's row once: the sort cost more
        # than it saved, a step 1.02 against 1.08 times copy=True's at 4096 games)
        at = np.concatenate((gone_idx, t_gone_idx, new_idx, now_idx.reshape(-1).take(other)))
        value = np.concatenate((-gone_val, -t_gone_val, new_val, now_val.reshape(-1).take(other)))
        return at, value

    def open(
        self, batch: ParchisBatch, o: npt.NDArray[np.int64], flat: npt.NDArray[np.float32]
    ) -> None:
        """Who has opened, in the games where it changed (its places are its own)."""
        ob = batch._obs
        g = np.flatnonzero(batch.opened != self.opened)
        if len(g):
            opened = batch.opened.take(g)
            flat[ob.opened.take(o.take(g), axis=0) + self.rows.take(g)[:, None]] = (
                ob.opened_bits.take(opened, axis=0)
            )
            self.opened[g] = opened


class _BatchVectorEnv(VectorEnv[Observation, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of one batch where a learner plays ``seat`` against random players.

    ``illegal_reward``: an action that is not legal ends that episode with this reward (as in
    :func:`boardrules.rl.single_agent_env`); ``None`` raises
    :class:`~boardrules.IllegalMoveError` instead.  ``copy`` as Gymnasium's own vector
    environments: see :class:`ParchisVectorEnv`.  Other keywords are the game's options.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012
    batch: Batch
    #: At most this many waiting games are played on as plain lists (see :meth:`_advance`;
    #: each game's class sets it).
    _ALONE = 0
    #: The waiting games are copied out (at most :data:`_PART_MOST` of their batch) when at
    #: least this many of its games are idle (0: only at most :data:`_PART_SHARE`).
    _IDLE_PART = 0

    def __init__(
        self,
        batch: Batch,
        num_actions: int,
        seat: int = 0,
        illegal_reward: float | None = -1.0,
        copy: bool = True,
    ) -> None:
        num_envs = batch.n
        self.batch = batch
        if type(seat) is not int or not 0 <= seat < self.batch.players:
            raise InvalidOptionError(
                f"seat must be a seat of this {self.batch.players}-player game "
                f"(0..{self.batch.players - 1})"
            )
        self.num_envs = num_envs
        self.seat = seat
        self.illegal_reward: float | None = check_illegal_reward(illegal_reward)
        if type(copy) is not bool:
            raise InvalidOptionError("copy must be True or False")
        #: Whether :meth:`reset` and :meth:`step` return a copy of the observations (else
        #: the env's own array, overwritten by the next step or reset).
        self.copy: bool = copy
        # The single-agent environment's shape (Docker's is channels x 3 x 3): the batch's
        # rows are the same values, row-major.
        self._shape = observation_shape(self.batch.state(0))
        self.single_observation_space: spaces.Space[Observation] = cast(
            "spaces.Space[Observation]",
            spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, self._shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
                }
            ),
        )
        self.single_action_space: spaces.Space[Any] = spaces.Discrete(num_actions)
        self.observation_space: spaces.Space[Any] = batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space: spaces.Space[Any] = batch_space(self.single_action_space, num_envs)
        self._opponents = np.random.default_rng()
        self._reset_next = np.zeros(num_envs, dtype=np.bool_)
        self._seats = np.full(num_envs, seat, dtype=np.int64)
        self._legal: npt.NDArray[np.bool_] | None = None  # the legal mask of the last observation
        self._buffers: list[npt.NDArray[np.float32]] = []  # (see _buffer)
        self._own: npt.NDArray[np.float32] | None = None  # (copy=False: see _observation)
        #: Whether :meth:`reset` was called: the batch's games stand at seat 0's first
        #: decision until then, which is not the learner's unless it plays seat 0.
        self._begun = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """New games up to the learner's first decision; ``seed`` seeds the dice and the
        opponents (``options`` is not used).  A seed that is not ``None`` or a whole number
        from 0 to 2**64 - 1 raises :class:`ValueError`, as in the single-agent environment."""
        check_seed(seed)
        if seed is not None:
            root = np.random.SeedSequence(seed)
            dice, opponents = root.spawn(2)
            self.batch.rng = np.random.default_rng(dice)
            self._opponents = np.random.default_rng(opponents)
        self.batch._restart(np.arange(self.num_envs), None)
        self._advance(self.batch)
        self._reset_next[:] = False
        self._begun = True
        return self._observe(), {}

    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> tuple[Observation, npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any], dict[str, Any]]:
        """Play the learner's actions, then the dice and the opponents up to the learner's
        next decision or the end, in every game.  An action that is no whole number (a
        float, a bool, a string) is not legal, as in the single-agent environment."""
        if not self._begun:
            raise BoardrulesError("call reset() before the first step")
        batch = self.batch
        given = np.asarray(actions)
        if given.size != self.num_envs:
            raise InvalidOptionError(
                f"step takes one action per env ({self.num_envs}), not an array of shape "
                f"{given.shape}"
            )
        given = given.reshape(self.num_envs)
        actions, whole = _whole_actions(given)
        rewards = np.zeros(self.num_envs)
        restart = np.flatnonzero(self._reset_next)
        playing = ~self._reset_next
        allowed = self._allowed(actions) & whole
        illegal = playing & ~allowed
        if illegal.any():
            if self.illegal_reward is None:
                wrong = int(np.argmax(illegal))
                shown = given[wrong]
                shown = shown.item() if isinstance(shown, np.generic) else shown
                raise IllegalMoveError(f"action {shown!r} is not legal in env {wrong}")
            rewards[illegal] = self.illegal_reward
            playing &= allowed
        self._play_learner(actions, playing, restart)
        # The opponents of the games just stepped and of those just restarted, at once.
        self._advance(batch)
        ended = self._placed(batch) & playing
        terminated = ended | illegal
        rewards[ended] = self._reward(np.flatnonzero(ended))
        self._reset_next = terminated
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return self._observe(), rewards, terminated, truncated, {}

    def _play_learner(
        self,
        actions: npt.NDArray[np.int64],
        playing: npt.NDArray[np.bool_],
        restart: npt.NDArray[np.int64],
    ) -> None:
        """The learner plays its legal ``actions`` where ``playing`` is true, and games
        ``restart`` start again, rolled to their first decision."""
        self._step_learner(actions, playing)
        if len(restart):  # (they took no part in this step: their action is ignored; restarted
            # after it, the legal actions worked out for the observation served its check)
            self.batch._restart(restart, None)

    def _step_learner(self, actions: npt.NDArray[np.int64], playing: npt.NDArray[np.bool_]) -> None:
        """The learner plays its legal ``actions`` where ``playing`` is true."""
        self.batch.step(actions, where=playing)

    def _allowed(self, actions: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        """Whether each game's action is legal (in the games that end or restart now, it is
        not looked at)."""
        mask = self._legal if self._legal is not None else self.batch.legal_mask()
        inside = (actions >= 0) & (actions < mask.shape[1])
        rows = np.arange(self.num_envs)
        allowed: npt.NDArray[np.bool_] = inside & mask[rows, np.where(inside, actions, 0)]
        return allowed

    def _waiting(self, batch: Batch) -> npt.NDArray[np.bool_]:
        """Whether each game waits for the opponents: not the learner's turn, its result
        not known."""
        waiting: npt.NDArray[np.bool_] = (batch.turn != self.seat) & ~self._placed(batch)
        return waiting

    def _placed(self, batch: Batch) -> npt.NDArray[np.bool_]:
        """Whether the learner's result is known in each game (at the latest: it is over)."""
        over: npt.NDArray[np.bool_] = batch.over
        return over

    def _reward(self, g: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """The learner's returns in games ``g``, where its result is known."""
        reward: npt.NDArray[np.float64] = self.batch.returns()[g, self.seat]
        return reward

    def _advance(self, batch: Batch) -> None:
        """The opponents move (and the dice roll) in every game until the learner decides
        or its result is known.

        Each step plays one decision in all the games still waiting, as whole arrays; once
        at most half of them are left (or at most :data:`_PART_MOST`, with at least
        :attr:`_IDLE_PART` games idle), those are copied into a batch of their own (the
        batch's ``_part``), played on there the same way (so compacted again as they
        dwindle) and copied back: the long tail of games where the opponents play on costs
        steps over a few games, not over all of them.  The last few games (at most
        :attr:`_ALONE`) are played on one by one as plain lists (the scalar rules written
        over lists): a step of a batch costs a few hundred numpy calls however few its
        games are, a decision as lists a few microseconds.
        """
        while True:
            waiting = self._waiting(batch)
            k = int(np.count_nonzero(waiting))
            if not k:
                return
            if k <= self._ALONE:
                self._play_alone(batch, waiting.nonzero()[0])
                return
            n = batch.n
            idle = self._IDLE_PART and n - k >= self._IDLE_PART and k <= _PART_MOST * n
            if k >= _SMALLEST_PART and (k <= _PART_SHARE * n or idle):
                g = waiting.nonzero()[0]
                part = batch._part(g)
                self._advance(part)
                batch._put_back(g, cast(Any, part))  # (part is batch's own class)
                return
            self._play(batch, waiting)

    def _play(self, batch: Batch, waiting: npt.NDArray[np.bool_]) -> None:
        """One random legal decision in each game where ``waiting`` is true."""
        batch.step(batch.random_actions(self._opponents, waiting), where=waiting)

    def _play_alone(self, batch: Batch, g: npt.NDArray[np.int64]) -> None:
        """The opponents play on in games ``g`` of ``batch``, one game after another, as
        plain lists (the same rules, uniform choices and dice as the batch's, drawn from
        the same generators), and each game goes back into its row; the batch counts the
        rolls and moves played."""
        rolls, moves = self._alone(batch, g)
        batch.rolls += rolls
        batch.moves += moves

    def _alone(self, batch: Batch, g: npt.NDArray[np.int64]) -> tuple[int, int]:
        """Each game's list engine for :meth:`_play_alone`: the rolls and moves it played."""
        raise NotImplementedError

    def _buffer(self) -> npt.NDArray[np.float32]:
        """An array for the next observation: one of those made before that nobody else
        holds any more (its last observation is out of every caller's reach, so writing
        it again is unseen), else a new one (the last few are kept)."""
        buffers = self._buffers
        for k in range(len(buffers)):
            if sys.getrefcount(buffers[k]) == _UNSHARED:
                return buffers[k]
        made = np.empty((self.num_envs, *self._shape), dtype=np.float32)
        buffers.append(made)
        del buffers[:-_BUFFERS]
        return made

    def _observe(self) -> Observation:
        return {"observation": self._observation(), "action_mask": self._action_mask()}

    def _observation(self) -> npt.NDArray[np.float32]:
        """The learner's observations: a new array (one nobody holds any more, see
        :meth:`_buffer`), or with ``copy=False`` the env's own, written again."""
        if self.copy:
            obs = self._buffer()
        else:
            if self._own is None:
                self._own = np.empty((self.num_envs, *self._shape), dtype=np.float32)
            obs = self._own
        self.batch.observation(self._seats, out=obs.reshape(self.num_envs, -1))  # a view of it
        return obs

    def _action_mask(self) -> npt.NDArray[np.int8]:
        """The learner's legal actions (none where it is not to move), a new array."""
        # (kept for the next step's check of the actions: the caller may write into the
        # mask it is given)
        self._legal = self.batch.legal_mask()
        mine = self.batch.turn == self.seat
        mask: npt.NDArray[np.int8] = (self._legal & mine[:, None]).view(np.int8)
        return mask


class ParchisVectorEnv(_BatchVectorEnv):
    """``num_envs`` Parchís games where a learner plays ``seat`` against random players.

    ``illegal_reward``: an action that is not legal ends that episode with this reward (as in
    :func:`boardrules.rl.single_agent_env`); ``None`` raises
    :class:`~boardrules.IllegalMoveError` instead.  Other keywords are Parchís options.

    ``copy`` (as in Gymnasium's ``SyncVectorEnv``): with ``True``, the default, each
    ``reset`` and ``step`` returns observations of its own, never written again
    while the caller holds them.  With ``False``, ``obs["observation"]`` is the
    environment's own array, the same at every step: it is valid until the next
    ``step`` or ``reset``, which overwrite it; copy it to keep it, and never write
    into it (the environment updates it in place, only where the positions changed: the
    pieces that moved, the facts of the turn; a value written into it would stay wrong).
    The action mask is a new array either way.  ``copy=False`` spares the writing of the
    whole array at every step (701 values a game, four players): a step is a few percent
    faster (see the batch guide).

    >>> from boardrules.batch.vector import ParchisVectorEnv
    >>> env = ParchisVectorEnv(4, players=2, copy=False)
    >>> obs, info = env.reset(seed=1)
    >>> first = obs["observation"]
    >>> obs, *_ = env.step(obs["action_mask"].argmax(axis=1))
    >>> obs["observation"] is first
    True
    """

    batch: ParchisBatch

    def __init__(
        self,
        num_envs: int,
        seat: int = 0,
        illegal_reward: float | None = -1.0,
        copy: bool = True,
        **options: Any,
    ) -> None:
        batch = ParchisBatch(num_envs, autoreset=False, **_game_options(options))
        super().__init__(batch, NUM_ACTIONS, seat, illegal_reward, copy)
        #: What was written last into the env's own array (see :meth:`_observation`).
        self._kept: _Kept | None = None
        #: ``_others[donemask * 4 + turn]``: another seat's turn, the learner not finished.
        self._others = np.array(
            [turn != seat and not done >> seat & 1 for done in range(16) for turn in range(4)]
        )

    def _placed(self, batch: Batch) -> npt.NDArray[np.bool_]:
        """Whether the learner's place is known in each game: it has finished, or the game
        is over."""
        assert isinstance(batch, ParchisBatch)
        finished = batch.donemask >> self.seat & 1 == 1
        placed: npt.NDArray[np.bool_] = finished | batch.over
        return placed

    def _waiting(self, batch: Batch) -> npt.NDArray[np.bool_]:
        # (one lookup for the turn and the finished players: this runs at every level)
        assert isinstance(batch, ParchisBatch)
        waiting: npt.NDArray[np.bool_] = self._others.take(batch.donemask * _SEATS + batch.turn)
        waiting &= batch.phase != _OVER
        return waiting

    #: The games played on as lists cost about 3 us a roll with the conversions; a batch
    #: step about 0.25 ms plus 0.15 us a game (``vector_profile.py``): at 64 games the lists
    #: play all the opponents' moves, at 256 the tail after the full steps (a sweep of
    #: 32-256 in one run, vector / raw: 64 games 0.65 / 0.86 / 0.81 / 0.84, 256 games 0.50 /
    #: 0.50 / 0.50 / 0.38, 1024 games 0.45 / 0.46 / 0.46 / 0.43; the step at 256 games 2.14
    #: ms with 128, 2.43 with 64).
    _ALONE = 128
    #: From about 4096 games the opponents' first decisions are played over a part: the
    #: copies cost less than the steps' work on the games left idle (a sixth of them, where
    #: the learner rolled a 6).  Measured with the restarts' roll below, each game's step
    #: against the step before both (in one process, blocks taken in turn, 12 rounds):
    #: 1.03 [1.00, 1.06] at 4096 games, 1.07 [1.05, 1.10] at 16384; 1.01 at 1024 and 256,
    #: where fewer than 512 games are idle (the restarts' roll alone).
    _IDLE_PART = 512

    def _play_learner(
        self,
        actions: npt.NDArray[np.int64],
        playing: npt.NDArray[np.bool_],
        restart: npt.NDArray[np.int64],
    ) -> None:
        # The games to restart are set up first and rolled with the others' next rolls (one
        # roll over all the games, not two).
        if len(restart):
            self.batch._restart(restart, None, roll=False)
        self._step_learner(actions, playing)

    # The learner's actions checked (see _allowed), the opponents' the batch's own legal
    # ones: the batch plays them without checking them again, and without returns.

    def _step_learner(self, actions: npt.NDArray[np.int64], playing: npt.NDArray[np.bool_]) -> None:
        self.batch._play(playing, actions)

    def _play(self, batch: Batch, waiting: npt.NDArray[np.bool_]) -> None:
        assert isinstance(batch, ParchisBatch)
        batch._play(waiting, batch._legal_of().random(self._opponents))

    def _observation(self) -> npt.NDArray[np.float32]:
        """As the base class's, but the env's own array is written incrementally: only the
        entries that changed since the last observation (about 14 a game, four players,
        of its 701 values), not the whole array zeroed and written again."""
        if self.copy:  # (written afresh: a copy of the env's own array was slower)
            return super()._observation()
        own = self._own
        if own is None:
            own = self._own = np.zeros((self.num_envs, *self._shape), dtype=np.float32)
        self._write_changes(own.reshape(self.num_envs, -1))
        return own

    def _write_changes(self, out: npt.NDArray[np.float32]) -> None:
        """What changed since the last call goes into ``out`` (which holds the last
        observation, or zeros): each changed entry ``(index, value)`` is taken away (its
        value subtracted: the values are multiples of 0.25, so exactly) and the new one
        added: the pieces that moved, the facts of the turn that changed; the seats that
        opened are set, and the rare facts' last indices set to 0, their new ones to 1."""
        batch, o, kept = self.batch, self._seats, self._kept
        flat = out.reshape(-1)
        if kept is None:
            kept = self._kept = _Kept(batch, o, out.shape[1])
            np.add.at(flat, kept.idx.reshape(-1), kept.val.reshape(-1))
            np.add.at(flat, kept.turn_idx.reshape(-1), kept.turn_val.reshape(-1))
        else:
            for at in kept.rare:
                flat[at] = 0.0
            at, value = kept.changes(batch, o)
            np.add.at(flat, at, value)
        kept.open(batch, o, flat)
        kept.rare = batch._rare_at(o, kept.rows)
        for at in kept.rare:
            flat[at] = 1.0

    def _action_mask(self) -> npt.NDArray[np.int8]:
        batch = self.batch
        mask: npt.NDArray[np.int8] = batch._marked(
            batch._legal_of(batch.turn == self.seat), np.int8
        )
        return mask

    def _allowed(self, actions: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        # (the batch's legal actions, worked out for the last observation, are still its own)
        allowed: npt.NDArray[np.bool_] = self.batch._legal_of().allows_all(actions)
        return allowed

    def _alone(self, batch: Batch, g: npt.NDArray[np.int64]) -> tuple[int, int]:
        """As the batch's games (the same rules, dice and choices), as plain lists: see
        ``boardrules/batch/_parchis_alone.py``."""
        assert isinstance(batch, ParchisBatch)
        return play_parchis_alone(batch, g, self.seat, self._opponents)

    def _reward(self, g: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """The learner's returns in games ``g``, where its place is known."""
        batch = self.batch
        place = np.argmax(batch.done[g] == self.seat, axis=1)
        place = np.where(batch.ndone[g] > place, place, batch.players - 1)
        reward: npt.NDArray[np.float64] = 1.0 - place / (batch.players - 1)
        return reward


class DoradaVectorEnv(_BatchVectorEnv):
    """``num_envs`` Dorada games (any board) where a learner plays ``seat`` against random
    players; an episode ends with its game.  Keywords as :class:`ParchisVectorEnv`'s, the
    others are Dorada options (``copy=False`` returns the environment's own array, written
    whole at every step).

    A learner whose pieces are all home has no more turns, but its points change until the
    end (later arrivals bury its pieces): its game is played out in the same step.  The last
    games still waiting (at most ``max(32, num_envs // 16)``) are played on game by game as
    plain lists (the scalar rules, with the same dice and choices as the public API's, a
    few microseconds a decision).

    >>> from boardrules.batch.vector import DoradaVectorEnv
    >>> env = DoradaVectorEnv(4, players=3)
    >>> obs, info = env.reset(seed=1)
    >>> obs["observation"].shape, obs["action_mask"].shape
    ((4, 1811), (4, 42))
    """

    batch: DoradaBatch

    def __init__(
        self,
        num_envs: int,
        seat: int = 0,
        illegal_reward: float | None = -1.0,
        copy: bool = True,
        **options: Any,
    ) -> None:
        batch = DoradaBatch(num_envs, autoreset=False, **_game_options(options))
        super().__init__(batch, batch.num_actions, seat, illegal_reward, copy)
        # A learner whose pieces are all home waits for the end of its game (about 30
        # decisions): those games are played on alone, in plain lists, at a few
        # microseconds a decision, once at most this many games still wait (measured,
        # 4 players: at 1024 games 32 to 256 alike, at 4096 256 the best, 15% faster than
        # 32; ``vector_profile.py`` shows the share of a step they take).
        self._ALONE = max(32, self.num_envs // 16)

    # The learner's actions checked (see _allowed), the opponents' the batch's own legal
    # ones: both are played as step() plays them, less its checks and its returns.

    def _step_learner(self, actions: npt.NDArray[np.int64], playing: npt.NDArray[np.bool_]) -> None:
        g = np.flatnonzero(playing)
        self.batch._play(g, actions[g])

    def _play(self, batch: Batch, waiting: npt.NDArray[np.bool_]) -> None:
        assert isinstance(batch, DoradaBatch)
        g = np.flatnonzero(waiting)
        batch._play(g, batch.random_actions(self._opponents, waiting)[g])

    def _alone(self, batch: Batch, g: npt.NDArray[np.int64]) -> tuple[int, int]:
        """As the other games' (the same rules, dice and choices), as plain lists: see
        ``boardrules/batch/_dorada_alone.py``."""
        assert isinstance(batch, DoradaBatch)
        return play_alone(batch, g, self.seat, self._opponents)


class DockerVectorEnv(_BatchVectorEnv):
    """``num_envs`` Docker games where a learner plays ``seat`` against random players; an
    episode ends when the learner is eliminated or wins.  Keywords as
    :class:`ParchisVectorEnv`'s, the others are Docker options (``copy=False`` returns the
    environment's own array, written whole at every step).

    >>> from boardrules.batch.vector import DockerVectorEnv
    >>> env = DockerVectorEnv(4, players=3)
    >>> obs, info = env.reset(seed=1)
    >>> obs["observation"].shape, obs["action_mask"].shape
    ((4, 52, 3, 3), (4, 90))
    """

    batch: DockerBatch

    def __init__(
        self,
        num_envs: int,
        seat: int = 0,
        illegal_reward: float | None = -1.0,
        copy: bool = True,
        **options: Any,
    ) -> None:
        batch = DockerBatch(num_envs, autoreset=False, **_game_options(options))
        super().__init__(batch, batch.num_actions, seat, illegal_reward, copy)

    #: Docker's batch keeps each game's routes beside its row: no game goes back into it
    #: from a scalar state but through :meth:`~boardrules.batch.DockerBatch.from_states`.
    _ALONE = 0

    def _placed(self, batch: Batch) -> npt.NDArray[np.bool_]:
        """Whether the learner is out or the game is over."""
        assert isinstance(batch, DockerBatch)
        out = batch.outmask >> self.seat & 1 == 1
        placed: npt.NDArray[np.bool_] = out | batch.over
        return placed
