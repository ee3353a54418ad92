"""The differential check: a batch and the scalar engine played side by side.

:func:`compare_parchis` plays ``n`` games in a :class:`~boardrules.batch.ParchisBatch` and
the same ``n`` games with the scalar rules (:func:`boardrules.apply_move`), with the same
dice and the same choices, and compares at every step each game's state (through
:meth:`~boardrules.batch.ParchisBatch.state`), legal actions, observation and returns.  The
tests run a short sample of it, ``benchmarks/batch_audit.py`` a long one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

import boardrules as br
from boardrules import parchis
from boardrules.batch._parchis import ParchisBatch

__all__ = ["BatchMismatchError", "Compared", "compare_parchis"]


class Compared(NamedTuple):
    """What :func:`compare_parchis` compared: game steps (decisions) and games ended."""

    steps: int
    ended: int


class BatchMismatchError(AssertionError):
    """The batch and the scalar engine disagree; the message says where and how."""


def compare_parchis(
    n: int,
    steps: int,
    seed: int = 0,
    *,
    autoreset: bool = True,
    start: Sequence[Any] | None = None,
    **options: Any,
) -> Compared:
    """Play ``steps`` steps of ``n`` Parchís games both ways and compare everything at every
    step; return the game steps compared and the games ended (raise
    :class:`BatchMismatchError` at the first difference).  The games start from ``start``
    (``n`` scalar states with the same options, which ``options`` then must not name) or
    from the beginning.

    >>> from boardrules.batch._check import compare_parchis
    >>> compare_parchis(2, 5, seed=1, players=2)
    Compared(steps=10, ended=0)
    """
    rng = np.random.default_rng(seed)
    dice = rng.integers(1, 7, size=n)
    if start is None:
        batch = ParchisBatch(n, seed=seed + 1, autoreset=autoreset, dice=dice, **options)
        games = [_rolled(br.new_game("parchis", **options), int(d)) for d in dice]
    else:
        batch = ParchisBatch.from_states(start, seed=seed + 1, autoreset=autoreset, dice=dice)
        games = [_rolled(s, int(d)) for s, d in zip(start, dice, strict=True)]
        options = parchis.options_of(start[0])
    compared = ended = 0
    for step in range(steps):
        _compare(batch, games, step)
        compared += sum(not br.is_terminal(s) for s in games)
        actions = batch.random_actions()
        dice = rng.integers(1, 7, size=n)
        result = batch.step(actions, dice)
        for i, s in enumerate(games):
            if br.is_terminal(s):
                continue
            s = br.apply_move(s, br.action_to_move(s, int(actions[i])))
            _check(bool(result.ended[i]) == br.is_terminal(s), step, i, "ended")
            if br.is_terminal(s):
                ended += 1
                _check(tuple(result.returns[i]) == br.returns(s), step, i, "returns at the end")
                if autoreset:
                    s = br.new_game("parchis", **options)
            else:
                _check(not result.returns[i].any(), step, i, "returns before the end")
            games[i] = _rolled(s, int(dice[i]))
    return Compared(compared, ended)


def _rolled(state: Any, die: int) -> Any:
    if br.is_chance(state):
        return br.apply_move(state, br.action_to_move(state, die - 1))
    return state


def _compare(batch: ParchisBatch, games: list[Any], step: int) -> None:
    mask = batch.legal_mask()
    seen = batch.observation()
    returns = batch.returns().tolist()
    to_move = batch.to_move().tolist()
    size = batch.observation_size
    expected = np.zeros(size, dtype=np.float32)
    for i, s in enumerate(games):
        mine = batch.state(i)
        if mine != s or mine.barriers != s.barriers:  # barriers: derived, not compared by ==
            _fail(step, i, f"states differ:\n{mine.full_repr()}\n{s.full_repr()}")
        legal = () if br.is_terminal(s) else br.legal_actions(s)
        if tuple(np.flatnonzero(mask[i]).tolist()) != legal:
            _fail(step, i, f"legal actions differ from {legal}")
        expected[:] = 0.0
        br.observation_into(s, s.turn, expected)
        if not np.array_equal(expected, seen[i]):
            _fail(step, i, "observations differ")
        if tuple(returns[i]) != br.returns(s):
            _fail(step, i, "returns differ")
        if to_move[i] != br.current_player(s):
            _fail(step, i, "the player to move differs")


def _check(ok: bool, step: int, game: int, what: str) -> None:
    if not ok:
        _fail(step, game, what)


def _fail(step: int, game: int, what: str) -> None:
    raise BatchMismatchError(f"step {step}, game {game}: {what}")
