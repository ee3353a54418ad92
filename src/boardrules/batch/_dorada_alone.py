"""Dorada games of a batch played on one by one in plain Python: what
:class:`~boardrules.batch.vector.DoradaVectorEnv` does with the last few games still waiting
for its learner.

A learner whose pieces are all home has no more turns, but its points change until the end
(later arrivals bury its pieces), so its episode plays the game out: about thirty decisions
in a few percent of the games each step.  A step of the batch over so few games costs a few
hundred microseconds, the public API about 13 a decision and 19 a conversion; here the games
are lists read from and written back to the batch's rows all at once, and a decision costs a
few microseconds.  The rules are :mod:`boardrules.dorada._rules`' (and the batch's), the
draws the same as the public API's: one ``random()`` of the dice generator per roll (the face
as :func:`boardrules.sample_chance` finds it), one of the opponents' per decision (the move
``legal_moves(s)[int(u * len(legal_moves(s)))]``, the pass too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from boardrules.dorada._board import Field
from boardrules.dorada._state import NO_BRIDGE, PIECES
from boardrules.game import TERMINAL

if TYPE_CHECKING:
    from boardrules.batch._base import Ints
    from boardrules.batch._dorada import DoradaBatch

__all__ = ["play_alone"]

_RUNNING, _STUMBLE, _JUMP = int(Field.RUNNING), int(Field.STUMBLE), int(Field.JUMP)
#: Uniform draws ``m / 2**53`` (numpy's doubles): the die is the first face ``k`` with
#: ``k / 6 > m / 2**53``, exactly as :func:`boardrules.sample_chance` compares.
_BITS = 53


class _Draws:
    """A numpy generator's ``random()`` numbers, drawn a block at a time and handed out in
    the generator's order (``random(k)`` gives the numbers of ``k`` calls of ``random()``);
    as dice faces 1-6 with ``faces``."""

    __slots__ = ("_block", "_faces", "_rng", "at", "values")

    def __init__(self, rng: np.random.Generator, block: int, faces: bool) -> None:
        self._rng, self._block, self._faces = rng, block, faces
        self.values: list[float] | list[int] = []
        self.at = 0

    def refill(self) -> None:
        u = self._rng.random(self._block)
        if self._faces:
            m = (u * float(1 << _BITS)).astype(np.int64)  # (exact: u is a multiple of 2**-53)
            self.values = ((m * 6 >> _BITS) + 1).tolist()
        else:
            self.values = u.tolist()
        self.at = 0


def play_alone(
    batch: DoradaBatch, g: Ints, seat: int, choose: np.random.Generator
) -> tuple[int, int]:
    """The opponents play on in games ``g`` of ``batch`` (each at a decision of a seat not
    ``seat``) until ``seat`` is to decide, its die rolled, or the game is over; dice from
    ``batch.rng``, choices from ``choose``.  The rows are written back; returns the rolls
    and the decisions played."""
    f = batch.fields
    rows = (batch.pos[g].tolist(), batch.h[g].tolist(), batch.bridge[g].tolist())
    turns, rolls, homes = batch.turn[g].tolist(), batch.roll[g].tolist(), batch.home[g].tolist()
    block = 32 * len(g) + 64  # (about the decisions to come: a few numbers too many are lost)
    game = _Game(batch, _Draws(batch.rng, block, True), _Draws(choose, block, False), seat)
    heights = []
    for k, (pos, h, bridges) in enumerate(zip(*rows, strict=True)):
        turns[k], rolls[k], homes[k] = game.play(pos, h, bridges, turns[k], rolls[k], homes[k])
        heights.append(game.heights())
    batch.pos[g], batch.h[g], batch.bridge[g] = rows
    batch.height[g, : f + 1] = heights
    batch.turn[g], batch.roll[g], batch.home[g] = turns, rolls, homes
    batch._reindex()  # (the legal mask is worked out again)
    return game.rolled, game.decided


class _Game:
    """One game at a time, as lists: ``pos``/``h``/``bridges`` the batch's rows (changed in
    place) and the stacks of the path, each a list of pieces ``seat * 4 + j`` from the
    bottom."""

    def __init__(self, batch: DoradaBatch, dice: _Draws, choices: _Draws, seat: int) -> None:
        self.fields, self.players, self.seat = batch.fields, batch.players, seat
        self.kinds: list[int] = batch.kinds.tolist()
        self.jump_by: list[int] = batch.jump_by.tolist()
        self.dice, self.choices = dice, choices
        self.track: list[list[int]] = []
        self.rolled = self.decided = 0

    def heights(self) -> list[int]:
        return [len(stack) for stack in self.track]

    def play(
        self,
        pos: list[list[int]],
        h: list[list[int]],
        bridges: list[int],
        turn: int,
        roll: int,
        home: int,
    ) -> tuple[int, int, int]:
        """Plays the game from ``turn``'s decision with ``roll``; returns the turn, the roll
        and the pieces home where it stops."""
        f, players, seat = self.fields, self.players, self.seat
        track: list[list[int]] = [[] for _ in range(f + 1)]
        on_path = sorted(
            (h[p][j], p * PIECES + j, where)
            for p in range(players)
            for j, where in enumerate(pos[p])
            if 0 < where <= f
        )
        for _, piece, where in on_path:
            track[where].append(piece)
        self.track = track
        in_play = [sum(0 <= where <= f for where in pos[p]) for p in range(players)]
        dice, choices = self.dice, self.choices
        while True:
            if choices.at == len(choices.values):
                choices.refill()
            u = choices.values[choices.at]
            choices.at += 1
            self.decided += 1
            moved = self._move(pos[turn], h[turn], bridges, turn, roll, home, u)
            if moved >= 0:  # it left the path: home (moved 1) or lost
                in_play[turn] -= 1
                home += moved
            turn = _next_player(in_play, turn, players)
            if turn == TERMINAL:
                return turn, 0, home
            if dice.at == len(dice.values):
                dice.refill()
            roll = int(dice.values[dice.at])
            dice.at += 1
            self.rolled += 1
            if turn == seat:
                return turn, roll, home

    def _move(
        self,
        mine: list[int],
        high: list[int],
        bridges: list[int],
        p: int,
        roll: int,
        home: int,
        u: float,
    ) -> int:
        """Player ``p`` moves its free piece chosen by ``u`` (or passes); returns 1 if it
        came home, 0 if it was lost, -1 otherwise."""
        f, track = self.fields, self.track
        legal, start = [], -1
        for j, where in enumerate(mine):
            if where == 0:
                if start < 0:
                    start = j
            elif 0 < where <= f and track[where][-1] == p * PIECES + j:
                legal.append(where)
        legal.sort()
        if start >= 0:
            legal.insert(0, 0)
        if not legal:
            return -1  # the forced pass
        origin = legal[int(u * len(legal))]
        j = track[origin].pop() - p * PIECES if origin else start
        to = self._destination(origin + roll, bridges)
        mine[j] = to
        if to > f:
            high[j] = home
            return 1
        if to > 0:
            high[j] = len(track[to])
            track[to].append(p * PIECES + j)
            return -1
        high[j] = 0
        if to < 0:
            bridges[-to] = p
            return 0
        return -1

    def _destination(self, field: int, bridges: list[int]) -> int:
        """:func:`boardrules.dorada.destination` over the stacks (``F + 1`` DORADA, ``-f``
        lost in the stumble field ``f``, 0 the start field)."""
        f, kinds = self.fields, self.kinds
        jumped: list[int] = []
        while field <= f:
            kind = kinds[field]
            if kind == _RUNNING:
                return field
            if kind == _STUMBLE:
                return field if bridges[field] != NO_BRIDGE else -field
            if kind != _JUMP or field in jumped:  # a gold field or the last jump field
                return f + 1 if kind != _JUMP else field
            jumped.append(field)
            field = self._jump(field, self.jump_by[field])
        return f + 1

    def _jump(self, field: int, count: int) -> int:
        """Where a jump of ``count`` free fields from ``field`` ends (backward if negative):
        ``F + 1`` past the last field, 0 back past the first."""
        f, track = self.fields, self.track
        step = 1 if count > 0 else -1
        while count:
            field += step
            if not 0 < field <= f:
                return field
            if not track[field]:
                count -= step
        return field


def _next_player(in_play: list[int], turn: int, players: int) -> int:
    """The next player clockwise with a piece in play (``TERMINAL`` when none is left)."""
    for step in range(1, players + 1):
        q = (turn + step) % players
        if in_play[q]:
            return q
    return TERMINAL
