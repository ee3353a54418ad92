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

from typing import TYPE_CHECKING, Any

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
        self.values: list[Any] = []  # (floats, or faces)
        self.at = 0

    def refill(self) -> list[Any]:
        """A new block (the last one is used up)."""
        u = self._rng.random(self._block)
        if self._faces:
            m = (u * float(1 << _BITS)).astype(np.int64)  # (exact: u is a multiple of 2**-53)
            self.values = ((m * 6 >> _BITS) + 1).tolist()
        else:
            self.values = u.tolist()
        return self.values


def play_alone(
    batch: DoradaBatch, g: Ints, seat: int, choose: np.random.Generator
) -> tuple[int, int]:
    """The opponents play on in games ``g`` of ``batch`` (each at a decision of a seat not
    ``seat``) until ``seat`` is to decide, its die rolled, or the game is over; dice from
    ``batch.rng``, choices from ``choose``.  The rows are written back; returns the rolls
    and the decisions played."""
    f = batch.fields
    rows = (batch.pos[g].tolist(), batch.h[g].tolist(), batch.bridge[g].tolist())
    heights: list[list[int]] = batch.height[g, : f + 1].tolist()
    turns, rolls, homes = batch.turn[g].tolist(), batch.roll[g].tolist(), batch.home[g].tolist()
    # (about the decisions to come: a few numbers too many are lost; any size plays alike)
    block = 32 * len(g) + 64  # pragma: no mutate
    choices = _Draws(choose, block, False)  # pragma: no mutate (False or None alike)
    game = _Game(batch, _Draws(batch.rng, block, True), choices, seat)
    for k, (pos, h, bridges) in enumerate(zip(*rows, strict=True)):  # pragma: no mutate
        game.load(pos, h, heights[k])
        turns[k], rolls[k], homes[k] = game.play(pos, h, bridges, turns[k], rolls[k], homes[k])
        heights[k] = [len(stack) for stack in game.track]
    batch.pos[g], batch.h[g], batch.bridge[g] = rows
    batch.height[g, : f + 1] = heights
    batch.turn[g], batch.roll[g], batch.home[g] = turns, rolls, homes
    batch._reindex()  # (the legal mask is worked out again)
    return game.rolled, game.decided


class _Game:
    """One game at a time, as lists: ``pos``/``h``/``bridges`` the batch's rows (changed in
    place) and the stacks of the path, each a list of pieces ``seat * 4 + j`` from the
    bottom, and how many pieces each player has in play."""

    track: list[list[int]]  # (both set by load)
    in_play: list[int]

    def __init__(self, batch: DoradaBatch, dice: _Draws, choices: _Draws, seat: int) -> None:
        self.fields, self.players, self.seat = batch.fields, batch.players, seat
        self.kinds: list[int] = batch.kinds.tolist()
        self.jump_by: list[int] = batch.jump_by.tolist()
        self.dice, self.choices = dice, choices
        self.rolled = self.decided = 0

    def load(self, pos: list[list[int]], h: list[list[int]], heights: list[int]) -> None:
        """The stacks and the pieces in play of the game whose rows are ``pos``, ``h`` and
        ``heights`` (a piece's height is its place in its stack)."""
        f = self.fields
        track = [[0] * height for height in heights]  # pragma: no mutate (all written below)
        self.in_play = in_play = [0] * self.players
        for p, (mine, high) in enumerate(zip(pos, h, strict=True)):  # pragma: no mutate
            for j in range(PIECES):
                where = mine[j]
                if 0 < where <= f:
                    track[where][high[j]] = p * PIECES + j
                in_play[p] += 0 <= where <= f
        self.track = track

    def play(
        self,
        pos: list[list[int]],
        h: list[list[int]],
        bridges: list[int],
        turn: int,
        roll: int,
        home: int,
    ) -> tuple[int, int, int]:
        """Plays the loaded game from ``turn``'s decision with ``roll``; returns the turn,
        the roll and the pieces home where it stops."""
        f, players, seat, track, in_play = (
            self.fields, self.players, self.seat, self.track, self.in_play
        )  # fmt: skip
        kinds, dice, choices = self.kinds, self.dice, self.choices
        # (the draws and the counts as local variables: a few attribute reads fewer a move)
        rolls, die_at, us, u_at = dice.values, dice.at, choices.values, choices.at
        decided = rolled = 0
        while True:
            if u_at == len(us):
                us, u_at = choices.refill(), 0
            u = us[u_at]
            u_at += 1
            decided += 1
            mine, first = pos[turn], turn * PIECES
            # The legal moves in legal_moves' order: the start field, then the free pieces
            # (the top of their stacks) by field.
            # (the start field's pieces are alike: its last one moves)
            legal, start = [], PIECES
            for j in range(PIECES):
                where = mine[j]
                if 0 < where <= f:
                    if track[where][-1] == first + j:
                        legal.append(where)
                elif where == 0:
                    start = j
            if start < PIECES:
                legal.append(0)
            if legal:  # (else the forced pass)
                legal.sort()
                origin = legal[int(u * len(legal))]
                j = track[origin].pop() - first if origin else start
                to = origin + roll
                # (most moves end on a running field; the others, or all, take the long way)
                if to > f or kinds[to] != _RUNNING:  # pragma: no mutate
                    to = self._destination(to, bridges)
                mine[j] = to
                home = self._land(h[turn], bridges, first + j, to, home)
            # The next player clockwise with a piece in play; none: the game is over.
            for step in range(1, players + 1):  # pragma: no mutate (once round is enough)
                if in_play[(turn + step) % players]:
                    turn = (turn + step) % players
                    break
            else:
                turn, roll = TERMINAL, 0
                break
            if die_at == len(rolls):
                rolls, die_at = dice.refill(), 0
            roll = rolls[die_at]
            die_at += 1
            rolled += 1
            if turn == seat:
                break
        dice.values, dice.at, choices.values, choices.at = rolls, die_at, us, u_at
        self.decided += decided
        self.rolled += rolled
        return turn, roll, home

    def _land(self, high: list[int], bridges: list[int], piece: int, to: int, home: int) -> int:
        """Piece ``piece`` (``seat * 4 + j``) comes to rest on ``to`` (its height in
        ``high``); returns the pieces home after it."""
        p, j = divmod(piece, PIECES)
        if to > self.fields:
            high[j] = home
            self.in_play[p] -= 1
            return home + 1
        if to > 0:
            high[j] = len(self.track[to])
            self.track[to].append(piece)
            return home
        high[j] = 0  # back on the start field, or lost in a stumble field
        if to < 0:
            bridges[-to] = p
            self.in_play[p] -= 1
        return home

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
        step = 1 if count > 0 else -1  # pragma: no mutate (count is never 0)
        while count:
            field += step
            if not 0 < field <= f:
                return field
            if not track[field]:
                count -= step
        return field
