"""Parchís games of a batch played on one by one as plain lists: what
:class:`~boardrules.batch.vector.ParchisVectorEnv` does with the last games still waiting for
its learner (the long tail of 6s and bonuses).

A step of the batch costs about 0.25 ms of numpy calls however few its games are; the scalar
rules about 4.5 microseconds a roll (their immutable states, called directly), the public
API more.  Here each game's row is read into lists (the pieces of each seat sorted, as the
scalar state keeps them, so that the legal moves come in the same order), played by the
rules of :mod:`boardrules.parchis._rules` written over those lists, and written back: about
3 microseconds a roll, the conversions included.  The draws are the public API's: one
``random()`` of the dice generator a roll (the face as :func:`boardrules.sample_chance` finds
it), one of the opponents' a decision (the move ``legal_moves(s)[int(u * len(legal_moves(s)))]``,
the pass too), so the games reach the states the public API reaches with the same numbers
(the differential tests play both).  This is a third statement of Parchís's rules (after
the scalar rules and the batch's arrays), for speed: its tests replay it against the public
API with every option, and it has its own mutation record.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

import numpy as np

from boardrules.batch._dorada_alone import _Draws
from boardrules.parchis._board import CELLS, GOAL, LANE_FIRST, NEST, TRACK_LAST
from boardrules.parchis._rules import _ADD, _PAIR_OF_ONE_SEAT, _REMOVE
from boardrules.parchis._state import PHASE_BONUS, PHASE_MOVE, PHASE_OVER, PHASE_ROLL

if TYPE_CHECKING:
    from boardrules.batch._base import Ints
    from boardrules.batch._parchis import ParchisBatch

__all__ = ["play_alone"]

_OUT, _PASS = -2, -3  # the two actions that are no piece's position
_WORD = (1 << 64) - 1


def play_alone(
    batch: ParchisBatch, g: Ints, seat: int, choose: np.random.Generator
) -> tuple[int, int]:
    """The opponents play on in games ``g`` of ``batch`` until ``seat`` is to decide, has
    finished, or the game is over; dice from ``batch.rng``, choices from ``choose``."""
    k, p = len(g), batch.players
    pos = np.sort(batch.pos.take(g, axis=0)).tolist()
    boards = batch.board.take(g, axis=0)[:, :CELLS].tobytes()
    turn, phase, roll, count, sixes, last, opened, ndone, bar0, bar1 = (
        row.take(g).tolist()
        for row in (
            batch.turn, batch.phase, batch.roll, batch.count, batch.sixes, batch.last,
            batch.opened, batch.ndone, batch.bar0, batch.bar1,
        )
    )  # fmt: skip
    done, masks = batch.done.take(g, axis=0).tolist(), batch.donemask.take(g).tolist()
    block = 8 * k + 32  # pragma: no mutate
    dice = _Draws(batch.rng, block, True)
    choices = _Draws(choose, block, False)  # pragma: no mutate (False or None alike)
    game = _Game(batch, dice, choices, seat)
    cells = []
    for j in range(k):
        game.pos, game.board = pos[j], bytearray(boards[j * CELLS : (j + 1) * CELLS])
        game.barriers = bar0[j] | bar1[j] << 64
        game.turn, game.phase, game.roll, game.count = turn[j], phase[j], roll[j], count[j]
        game.sixes, game.last, game.opened = sixes[j], last[j], opened[j]
        game.finished, game.donemask = done[j][: ndone[j]], masks[j]
        game.play()
        cells.append(bytes(game.board))
        b = game.barriers
        bar0[j], bar1[j] = b & _WORD, b >> 64
        turn[j], phase[j], roll[j], count[j] = game.turn, game.phase, game.roll, game.count
        sixes[j], last[j], opened[j] = game.sixes, game.last, game.opened
        f = game.finished
        ndone[j], masks[j] = len(f), game.donemask
        done[j] = f + [0] * (p - len(f))  # pragma: no mutate (only ndone places are read)
    batch.pos[g] = np.array(list(chain.from_iterable(chain.from_iterable(pos)))).reshape(k, p, 4)
    board = np.frombuffer(b"".join(cells), dtype=np.int8)
    batch.board[g, :CELLS] = board.reshape(k, CELLS)
    batch.bar0[g], batch.bar1[g] = bar0, bar1
    batch.turn[g], batch.phase[g], batch.roll[g], batch.count[g] = turn, phase, roll, count
    batch.sixes[g], batch.last[g], batch.opened[g] = sixes, last, opened
    batch.done[g], batch.ndone[g], batch.donemask[g] = done, ndone, masks
    batch._legal_now = batch._legal_where = None
    batch._movers = False
    return game.rolled, game.moved


class _Game:
    """One game at a time: the batch's row as lists (``pos[seat]`` sorted as the scalar
    state's), played by the rules of :mod:`boardrules.parchis._rules`."""

    __slots__ = (
        "barriers", "board", "cell", "choices", "count", "dice", "donemask", "exit_capture",
        "finished", "lane_start", "last", "moved", "opened", "phase", "players", "pos",
        "reach", "rel", "roll", "rolled", "safe", "safe_only", "seat", "sixes", "turn",
        "two_out",
    )  # fmt: skip
    pos: list[list[int]]
    board: bytearray
    barriers: int
    turn: int
    phase: int
    roll: int
    count: int
    sixes: int
    last: int
    opened: int
    finished: list[int]
    donemask: int  # (as the batch's: the players who finished, not the last one left)

    def __init__(self, batch: ParchisBatch, dice: _Draws, choices: _Draws, seat: int) -> None:
        options = batch.options
        tab = options.tables
        self.players, self.seat = options.players, seat
        self.cell, self.reach, self.rel, self.safe = tab.cell, tab.reach, tab.rel, tab.safe
        self.safe_only = options.barriers_on_safe_only
        self.exit_capture = options.exit_capture
        self.two_out = options.two_out_on_first_five
        self.lane_start = options.third_six_back_to_lane_start
        self.dice, self.choices = dice, choices
        self.rolled = self.moved = 0

    def play(self) -> None:
        """From a decision (or the end), until ``seat`` decides, has finished or the game
        is over."""
        dice, choices, seat = self.dice, self.choices, self.seat
        # (the draws and the counts as local variables: a few attribute reads fewer a move)
        faces, die_at, us, u_at = dice.values, dice.at, choices.values, choices.at
        rolled = moved = 0
        while True:
            if self.phase == PHASE_ROLL:
                if die_at == len(faces):
                    faces, die_at = dice.refill(), 0
                die = faces[die_at]
                die_at += 1
                rolled += 1
                if die == 6:
                    self._rolled_six()
                else:  # (the common case, inline)
                    self.phase, self.roll, self.count, self.sixes = PHASE_MOVE, die, die, 0
                continue
            if self.phase == PHASE_OVER or self.turn == seat or seat in self.finished:
                break
            legal = self._legal()
            if u_at == len(us):
                us, u_at = choices.refill(), 0
            action = legal[int(us[u_at] * len(legal))]
            u_at += 1
            if action >= 0:
                moved += 1
                self._moved(action, action + self.count)
            elif action == _OUT:
                moved += 1
                self._came_out()
            else:
                self._turn_over(self.last)
        dice.values, dice.at, choices.values, choices.at = faces, die_at, us, u_at
        self.rolled += rolled
        self.moved += moved

    # ----------------------------------------------------------------- the rules

    def _legal(self) -> list[int]:
        seat = self.turn
        if self.sixes == 3:
            return [_PASS]
        rolled = self.phase == PHASE_MOVE  # (else a bonus to count: no die)
        if rolled and self.roll == 5 and self.pos[seat][0] == NEST and self._can_come_out(seat):
            return [_OUT]
        moves = self._steps(seat, self.count)
        barriers = self.barriers
        if rolled and self.roll == 6 and barriers:
            cell = self.cell[seat]
            opening = [r for r in moves if barriers >> cell[r] & 1]
            if opening:
                return opening
        return moves or [_PASS]

    def _can_come_out(self, seat: int) -> bool:
        code = self.board[self.cell[seat][0]]
        if code < 8:
            return True
        if code == (seat + 1) * 9:
            return False
        return self.exit_capture

    def _steps(self, seat: int, count: int) -> list[int]:
        cell, reach = self.cell[seat], self.reach[seat]
        board, barriers = self.board, self.barriers
        moves = []
        prev = NEST
        for r in self.pos[seat]:
            if r == prev:
                continue
            prev = r
            t = r + count
            if t > GOAL:
                break
            if barriers and barriers & (reach[t] ^ reach[r]):
                continue
            if t < GOAL and board[cell[t]] >= 8:
                continue
            moves.append(r)
        return moves

    def _rolled_six(self) -> None:
        self.phase, self.roll = PHASE_MOVE, 6
        self.sixes += 1
        if self.sixes == 3:
            self._third_six()
            return
        self.count = 7 if self.pos[self.turn][0] != NEST else 6

    def _third_six(self) -> None:
        seat, last = self.turn, self.last
        cell = self.cell[seat]
        if NEST < last <= TRACK_LAST:
            self._lift(cell[last], seat)
            self._relocate(seat, last, NEST)
        elif self.lane_start and NEST < last < GOAL and self.board[cell[LANE_FIRST]] < 8:
            self._lift(cell[last], seat)
            self._drop(cell[LANE_FIRST], seat)
            self._relocate(seat, last, LANE_FIRST)
        # (the player's one move is the pass, which ends the turn: the count and the piece
        # moved last are not read again, and the lists never stop at an opponent's decision)

    def _moved(self, src: int, dst: int) -> None:
        seat = self.turn
        cell, board = self.cell[seat], self.board
        c = cell[src]
        board[c] = _REMOVE[board[c]][seat]
        if self.barriers >> c & 1:
            self.barriers ^= 1 << c
        self._relocate(seat, src, dst)
        if dst == GOAL:
            self._after_move(dst, 10)
            return
        c = cell[dst]
        code = board[c]
        if code and code < 8 and code != seat + 1 and not self.safe[c]:
            victim = code - 1
            self._relocate(victim, self.rel[victim][c], NEST)
            board[c] = seat + 1
            self._after_move(dst, 20)
            return
        code = board[c] = _ADD[code][seat]
        if _PAIR_OF_ONE_SEAT[code] and (not self.safe_only or self.safe[c]):
            self.barriers |= 1 << c
        if self.roll != 6 and not self.finished:  # (the common case, inline)
            self.turn = (seat + 1) % self.players
            self.phase, self.sixes, self.last = PHASE_ROLL, 0, NEST
            return
        self._turn_over(dst)

    def _came_out(self) -> None:
        seat = self.turn
        c = self.cell[seat][0]
        code = self.board[c]
        eats = code >= 8
        if eats:
            first, second = code & 7, code >> 3
            victim, stays = (second, first) if second != seat + 1 else (first, second)
            self._relocate(victim - 1, self.rel[victim - 1][c], NEST)
            self._put(c, stays + 8 * (seat + 1))
        else:
            self._drop(c, seat)
        self._relocate(seat, NEST, 0)
        if self.two_out and not self.opened >> seat & 1 and code == 0 and self.pos[seat][0] == NEST:
            self._drop(c, seat)
            self._relocate(seat, NEST, 0)
        self.opened |= 1 << seat
        self._after_move(0, 20 if eats else 0)

    def _after_move(self, last: int, bonus: int) -> None:
        seat = self.turn
        if self.pos[seat][0] == GOAL:
            self.finished.append(seat)
            self.donemask |= 1 << seat
            self._next_turn()
            return
        if bonus and self._steps(seat, bonus):
            self.phase, self.count, self.last = PHASE_BONUS, bonus, last
            return
        self._turn_over(last)

    def _turn_over(self, last: int) -> None:
        # (before a roll the die and the count are not read: the roll sets them)
        if self.roll == 6 and self.sixes < 3:
            self.phase, self.last = PHASE_ROLL, last
            return
        self._next_turn()

    def _next_turn(self) -> None:
        n, finished = self.players, self.finished
        self.sixes, self.last = 0, NEST
        if len(finished) >= n - 1:
            finished += [s for s in range(n) if s not in finished]
            self.phase, self.roll, self.count = PHASE_OVER, 0, 0
            return
        self.phase = PHASE_ROLL
        seat = (self.turn + 1) % n
        while seat in finished:
            seat = (seat + 1) % n
        self.turn = seat

    # ----------------------------------------------------------------- pieces and cells

    def _relocate(self, seat: int, src: int, dst: int) -> None:
        mine = self.pos[seat]
        mine[mine.index(src)] = dst
        mine.sort()

    def _lift(self, c: int, seat: int) -> None:
        self._put(c, _REMOVE[self.board[c]][seat])

    def _drop(self, c: int, seat: int) -> None:
        self._put(c, _ADD[self.board[c]][seat])

    def _put(self, c: int, code: int) -> None:
        self.board[c] = code
        if _PAIR_OF_ONE_SEAT[code] and (not self.safe_only or self.safe[c]):
            self.barriers |= 1 << c
        else:
            self.barriers &= ~(1 << c)
