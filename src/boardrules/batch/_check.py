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
from boardrules import docker, dorada, parchis
from boardrules.batch._docker import DockerBatch
from boardrules.batch._dorada import DoradaBatch
from boardrules.batch._parchis import ParchisBatch

__all__ = ["BatchMismatchError", "Compared", "compare_game", "compare_parchis"]


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
    (``n`` scalar states with the same options, which ``options`` then must not name; with
    ``autoreset``, one given over starts again) or from the beginning.  The dice are drawn
    by ``numpy.random.default_rng(seed)``, the choices by the batch's generator, seeded
    ``seed + 1``.

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
        options = parchis.options_of(start[0])
        fresh = br.new_game("parchis", **options)  # for a game given over, with autoreset
        given = [fresh if autoreset and br.is_terminal(s) else s for s in start]
        games = [_rolled(s, int(d)) for s, d in zip(given, dice, strict=True)]
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


def _compare(batch: Any, games: list[Any], step: int, other_seats: bool = False) -> None:
    """Compare every game; with ``other_seats``, also the observations from the seat
    ``step % players`` places after the player in turn."""
    mask = batch.legal_mask()
    returns = batch.returns().tolist()
    to_move = batch.to_move().tolist()
    seats = np.maximum(batch.turn, 0) + step % batch.players
    seats %= batch.players
    for i, s in enumerate(games):
        mine = batch.state(i)
        # Parchís' barriers are derived, not compared by ==.
        if mine != s or getattr(mine, "barriers", 0) != getattr(s, "barriers", 0):
            _fail(step, i, f"states differ:\n{mine.full_repr()}\n{s.full_repr()}")
        legal = br.legal_actions(s)  # () once the game is over
        if tuple(np.flatnonzero(mask[i]).tolist()) != legal:
            _fail(step, i, f"legal actions differ from {legal}")
        if tuple(returns[i]) != br.returns(s):
            _fail(step, i, "returns differ")
        if to_move[i] != br.current_player(s):
            _fail(step, i, "the player to move differs")
    _observed(batch, games, [max(s.turn, 0) for s in games], None, step)
    if other_seats:
        _observed(batch, games, seats.tolist(), seats, step)


def _observed(batch: Any, games: list[Any], seats: list[int], given: Any, step: int) -> None:
    """The batch's observations (from ``given`` seats, or its default ones) against the
    scalar encoding from ``seats``."""
    seen = batch.observation(given)
    expected = np.zeros_like(seen)
    for i, s in enumerate(games):
        br.observation_into(s, seats[i], expected[i])
    if not np.array_equal(expected, seen):
        i = int(np.argmax((expected != seen).any(axis=1)))
        _fail(step, i, f"observations from seat {seats[i]} differ")


def _check(ok: bool, step: int, game: int, what: str) -> None:
    if not ok:
        _fail(step, game, what)


def _fail(step: int, game: int, what: str) -> None:
    raise BatchMismatchError(f"step {step}, game {game}: {what}")


def compare_game(
    game: str,
    n: int,
    steps: int,
    seed: int = 0,
    *,
    autoreset: bool = True,
    start: Sequence[Any] | None = None,
    rolls: int = 1,
    **options: Any,
) -> Compared:
    """:func:`compare_parchis` for Dorada or Docker (``game``): ``rolls`` dice per game and
    step are given (Docker may roll several times before a decision; a game that needs more
    takes them from the batch's generator, which the check reads back from the state).

    >>> from boardrules.batch._check import compare_game
    >>> compare_game("docker", 2, 5, seed=1, rolls=4, players=2)
    Compared(steps=10, ended=0)
    """
    rng = np.random.default_rng(seed)
    kind: Any = {"docker": DockerBatch, "dorada": DoradaBatch}[game]
    dice = rng.integers(1, 7, size=(n, rolls))
    if start is None:
        batch = kind(n, seed=seed + 1, autoreset=autoreset, dice=dice, **options)
        start = [br.new_game(game, **options)] * n
    else:
        batch = kind.from_states(start, seed=seed + 1, autoreset=autoreset, dice=dice)
    fresh = br.new_game(game, **_options_of(start[0]))
    games = [_replayed(s, dice[i], batch, i, fresh, autoreset) for i, s in enumerate(start)]
    compared = ended = 0
    for step in range(steps):
        _compare(batch, games, step, other_seats=True)
        compared += sum(not br.is_terminal(s) for s in games)
        actions = batch.random_actions()
        dice = rng.integers(1, 7, size=(n, rolls))
        result = batch.step(actions, dice)
        for i, s in enumerate(games):
            if br.is_terminal(s):
                continue
            s = br.apply_move(s, br.action_to_move(s, int(actions[i])))
            s, over = _rolled_out(s, dice[i], batch, i, fresh, autoreset)
            _check(bool(result.ended[i]) == (over is not None), step, i, "ended")
            if over is not None:
                ended += 1
                _check(tuple(result.returns[i]) == br.returns(over), step, i, "final returns")
            else:
                _check(not result.returns[i].any(), step, i, "returns before the end")
            games[i] = s
    return Compared(compared, ended)


def _options_of(state: Any) -> dict[str, Any]:
    module = dorada if isinstance(state, dorada.State) else docker
    return dict(module.options_of(state))


def _replayed(state: Any, row: Any, batch: Any, i: int, fresh: Any, autoreset: bool) -> Any:
    """The scalar game ``i`` after the batch's first rolls (it restarts a game given over)."""
    if br.is_terminal(state) and autoreset:
        state = fresh
    return _rolled_out(state, row, batch, i, fresh, autoreset)[0]


def _rolled_out(
    state: Any, row: Any, batch: Any, i: int, fresh: Any, autoreset: bool
) -> tuple[Any, Any]:
    """The scalar game rolled as the batch rolled game ``i`` (its dice ``row`` in order);
    also the state at the end if it ended there."""
    used, over = 0, None
    if br.is_terminal(state):  # the move ended it
        over = state
        state = fresh if autoreset else state
    while br.is_chance(state):
        if used == len(row):
            raise BatchMismatchError(f"game {i} needs more than {len(row)} dice: give more")
        state = br.apply_move(state, br.action_to_move(state, int(row[used]) - 1))
        used += 1
        if br.is_terminal(state):
            over = state
            if autoreset:
                state = fresh
    _check(used == int(batch.rolled[i]), -1, i, f"dice rolled: {used} != {batch.rolled[i]}")
    return state, over
