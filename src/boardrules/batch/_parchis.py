"""Parchís for ``n`` games at once: the rules of :mod:`boardrules.parchis._rules` over arrays.

Every function here is the array form of a function of the scalar rules with the same name
(``_rolled``, ``_moved``, ``_came_out``, ``_after_move``, ``_turn_over``, ``_next_turn``,
``_third_six``, ``_steps``), applied to the games listed in an index array ``g``; the
differential tests play both side by side and compare them at every step.

The arrays, one row per game: ``pos[g, seat, piece]`` relative positions (unsorted: pieces
of one colour are alike), ``board[g, cell]`` cell codes as the scalar state's (``first +
8 * second`` with seat numbers plus one) with one more, always empty, column for the goal
and the nest; ``turn``, ``phase``, ``roll``, ``count``, ``sixes``, ``last``, ``opened``
as the state's fields; ``done[g, place]`` the finishing order (``ndone`` long) and
``donemask`` its bit mask.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

import boardrules.parchis  # the public name of the states, for the docs' annotations
from boardrules.errors import IllegalMoveError, InvalidOptionError
from boardrules.game import TERMINAL
from boardrules.parchis._board import CELLS, GOAL, LANE_FIRST, NEST, TRACK_LAST
from boardrules.parchis._observation import _size, _views
from boardrules.parchis._rules import _ADD, _PAIR_OF_ONE_SEAT, _REMOVE
from boardrules.parchis._setup import make_options
from boardrules.parchis._state import (
    PHASE_BONUS,
    PHASE_MOVE,
    PHASE_OVER,
    PHASE_ROLL,
    Options,
    State,
)

__all__ = ["ParchisBatch", "StepResult"]

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Floats = npt.NDArray[np.float64]

ACTION_OUT = GOAL  # the numbers of boardrules.parchis._actions
ACTION_PASS = GOAL + 1
NUM_ACTIONS = GOAL + 2
CAPTURE_BONUS = 20
GOAL_BONUS = 10
OFF = CELLS  # the extra, always empty, column of ``board``: where the nest and goal are

_ADD_T = np.array(_ADD, dtype=np.int64)
_REMOVE_T = np.array(_REMOVE, dtype=np.int64)
_PAIR_T = np.array(_PAIR_OF_ONE_SEAT, dtype=np.bool_)
#: The lowest bit set in each 4-bit mask (of 1, 2, 4 or 8: the one seat left).
_LOWEST_BIT = np.array([0, 0, 1, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0], dtype=np.int64)


def _whole(values: npt.NDArray[Any]) -> bool:
    """Whether an array holds whole numbers (of an integer type: not bools, not floats)."""
    return bool(np.issubdtype(values.dtype, np.integer))


@attrs.frozen
class StepResult:
    """What :meth:`ParchisBatch.step` reports: ``returns[g]`` the :func:`boardrules.returns`
    of game ``g`` if it ended in this step (zeros otherwise) and ``ended[g]`` whether it did.
    """

    returns: Floats
    ended: Bools


class _Tables:
    """The options' tables as arrays: per seat, the cell of each relative position (the nest
    at index 0, positions 0..70 at 1..71, the goal at 72), the relative position of each cell,
    where a barrier may stand, which cells are safe."""

    def __init__(self, options: Options) -> None:
        tab = options.tables
        n = options.players
        self.cell = np.full((n, GOAL + 2), OFF)
        self.rel = np.full((n, CELLS + 1), -2)
        for seat in range(n):
            self.cell[seat, 1 : GOAL + 1] = tab.cell[seat]
            self.rel[seat, :CELLS] = tab.rel[seat]
        safe = np.zeros(CELLS + 1, dtype=np.bool_)
        safe[:CELLS] = tab.safe
        self.safe = safe
        self.barrier_ok = safe.copy() if options.barriers_on_safe_only else np.ones_like(safe)
        self.barrier_ok[OFF] = False
        #: ``barrier[code, cell]``: whether cell ``cell`` holding ``code`` is a barrier.
        self.barrier = _PAIR_T[:, None] & self.barrier_ok[None, :]
        # Per seat, the cells of positions 0..70 then the goal: a move from r to t crosses
        # the path's cells r+1..t.
        self.path = self.cell[:, 1:]


class _Observer:
    """Where each fact lands in each observer's vector (from the scalar encoding's views)."""

    def __init__(self, options: Options) -> None:
        views = _views(options)
        n = options.players
        self.size = _size(n)
        self.where = np.zeros((n, n, GOAL + 2), dtype=np.int64)  # [observer, seat, r + 1]
        self.last = np.zeros((n, n, GOAL + 2), dtype=np.int64)
        self.second = np.full((n, CELLS + 1, n + 1), -1)
        self.places = np.zeros((n, n), dtype=np.int64)
        self.opened = np.zeros((n, n), dtype=np.int64)
        self.mover = np.zeros((n, n), dtype=np.int64)
        self.phase = np.zeros(n, dtype=np.int64)
        self.die = np.zeros(n, dtype=np.int64)
        self.count = np.zeros((n, 21), dtype=np.int64)
        self.sixes = np.zeros(n, dtype=np.int64)
        counts = (1, 2, 3, 4, 5, 6, 7, 10, 20)
        for o, view in enumerate(views):
            for seat in range(n):
                row = view.where[seat]
                self.where[o, seat, 0] = row[-1]  # the nest
                self.where[o, seat, 1:] = row[: GOAL + 1]
                self.last[o, seat, 1:] = view.last[seat][: GOAL + 1]
            for cell, marks in view.seconds:
                self.second[o, cell, :] = marks
            self.places[o] = view.places
            self.opened[o] = [view.opened[1 << s][0] for s in range(n)]
            self.mover[o] = view.mover
            self.phase[o] = view.phase
            self.die[o] = view.die
            self.count[o, list(counts)] = [view.count + i for i in range(len(counts))]
            self.sixes[o] = view.sixes
        weight = np.full(GOAL + 2, 0.5, dtype=np.float32)
        weight[0] = weight[GOAL + 1] = 0.25
        self.weight = weight


class ParchisBatch:
    """``n`` games of Parchís with the same options, stepped together.

    Each game always stands at a decision (the dice are rolled inside) or, frozen, at its
    end.  ``seed`` seeds the numpy generator that rolls the dice when :meth:`step` is not
    given them; ``autoreset`` restarts a game as soon as it ends (its returns are reported by
    the :meth:`step` that ended it), else it stays over and its actions are ignored.  The
    other keywords are the options of :func:`boardrules.parchis.new_game`.

    >>> from boardrules.batch import ParchisBatch
    >>> import boardrules as br
    >>> b = ParchisBatch(2, seed=7, players=2, dice=[5, 3])
    >>> [br.legal_actions(b.state(i)) for i in range(2)]
    [(71,), (72,)]
    """

    def __init__(
        self,
        n: int,
        *,
        seed: int | None = None,
        autoreset: bool = True,
        dice: Sequence[int] | npt.NDArray[np.integer[Any]] | None = None,
        **options: Any,
    ) -> None:
        if type(n) is not int or n < 1:
            raise InvalidOptionError(
                f"n, the number of games, must be a whole number >= 1, not {n!r}"
            )
        self._setup(make_options(options), n, seed, autoreset)
        self._restart(np.arange(n), self._checked_dice(dice))

    def _setup(self, options: Options, n: int, seed: int | None, autoreset: bool) -> None:
        self.options = options
        self.n = n
        p = options.players
        self.players: int = p
        self.autoreset = autoreset
        self.rng: np.random.Generator = np.random.default_rng(seed)
        self._tab = _Tables(options)
        self._obs = _Observer(options)
        self.observation_size: int = self._obs.size
        self._index = np.arange(GOAL + 2)
        self._cells = np.arange(CELLS)
        self.pos: Ints = np.full((n, p, 4), NEST)
        self.board: Ints = np.zeros((n, CELLS + 1), dtype=np.int64)
        # bar[g, seat, i + 1]: barriers on the seat's path positions 0..i (the goal, 71,
        # adds none); a move from r to t crosses bar[t + 1] - bar[r + 1] of them.
        self.bar: npt.NDArray[np.int8] = np.zeros((n, p, GOAL + 2), dtype=np.int8)
        self.turn: Ints = np.zeros(n, dtype=np.int64)
        self.phase: Ints = np.zeros(n, dtype=np.int64)
        self.roll: Ints = np.zeros(n, dtype=np.int64)
        self.count: Ints = np.zeros(n, dtype=np.int64)
        self.sixes: Ints = np.zeros(n, dtype=np.int64)
        self.last: Ints = np.full(n, NEST)
        self.opened: Ints = np.zeros(n, dtype=np.int64)
        self.done: Ints = np.zeros((n, p), dtype=np.int64)
        self.ndone: Ints = np.zeros(n, dtype=np.int64)
        self.donemask: Ints = np.zeros(n, dtype=np.int64)
        self._legal_now: _Legal | None = None
        self._legal_where: tuple[Bools, _Legal] | None = None
        #: Dice rolled so far (all games), and decisions played that moved a piece.
        self.rolls: int = 0
        self.moves: int = 0

    # ----------------------------------------------------------------- conversions

    @classmethod
    def from_states(
        cls,
        states: Sequence[boardrules.parchis.State],
        *,
        seed: int | None = None,
        autoreset: bool = False,
        dice: Sequence[int] | npt.NDArray[np.integer[Any]] | None = None,
    ) -> ParchisBatch:
        """A batch of the given Parchís states (same options); those before a roll are
        rolled at once, with ``dice`` (one per state) or the generator."""
        if not states:
            raise InvalidOptionError("from_states needs at least one state")
        options = states[0].options
        if any(type(s) is not State or s.options != options for s in states):
            raise InvalidOptionError("from_states takes Parchís states with the same options")
        self = cls.__new__(cls)
        self._setup(options, len(states), seed, autoreset)
        for i, s in enumerate(states):
            self._load(i, s)
        checked = self._checked_dice(dice)
        if autoreset:  # a game given over restarts at once
            self._restart(np.flatnonzero(self.phase == PHASE_OVER), None, roll=False)
        self._roll(np.flatnonzero(self.phase == PHASE_ROLL), checked)
        return self

    def _load(self, i: int, s: boardrules.parchis.State) -> None:
        """Game ``i`` of a batch just set up (its rows still zeros) becomes ``s``."""
        p = self.players
        self.pos[i] = np.reshape(s.pos, (p, 4))
        self.board[i, :CELLS] = s.board
        for c in np.flatnonzero(self._tab.barrier[self.board[i], np.arange(CELLS + 1)]):
            self._count_barrier(np.array([i]), np.array([c]), np.array([1]))
        self.turn[i], self.phase[i], self.roll[i] = s.turn, s.phase, s.roll
        self.count[i], self.sixes[i], self.last[i] = s.count, s.sixes, s.last
        self.opened[i] = s.opened
        k = len(s.finished)
        self.done[i, :k] = s.finished
        self.ndone[i] = k
        self.donemask[i] = sum(1 << seat for seat in s.finished)

    def state(self, i: int) -> boardrules.parchis.State:
        """Game ``i`` as a scalar :class:`~boardrules.parchis.State`."""
        row = self.board[i, :CELLS]
        barriers = 0
        for c in np.flatnonzero(self._tab.barrier[row, self._cells]).tolist():
            barriers |= 1 << c
        return State(
            options=self.options,
            pos=tuple(np.sort(self.pos[i]).ravel().tolist()),  # each seat's pieces sorted
            board=tuple(row.tolist()),
            turn=int(self.turn[i]),
            phase=int(self.phase[i]),
            roll=int(self.roll[i]),
            count=int(self.count[i]),
            sixes=int(self.sixes[i]),
            last=int(self.last[i]),
            finished=tuple(self.done[i, : self.ndone[i]].tolist()),
            opened=int(self.opened[i]),
            barriers=barriers,
        )

    # ----------------------------------------------------------------- what callers read

    @property
    def over(self) -> Bools:
        """Whether each game is over (only frozen games stay over)."""
        over: Bools = self.phase == PHASE_OVER
        return over

    def to_move(self) -> Ints:
        """The seat to move in each game, :data:`~boardrules.TERMINAL` once it is over (as
        :func:`boardrules.current_player` says at a decision)."""
        return np.where(self.phase == PHASE_OVER, TERMINAL, self.turn)

    def legal_mask(self) -> Bools:
        """``mask[g, a]``: whether action ``a`` is legal in game ``g`` (all false once over);
        the same actions as :func:`boardrules.legal_actions`."""
        choices = self.choices()[0]
        mask = np.zeros((self.n, NUM_ACTIONS + 1), dtype=np.bool_)
        mask[np.arange(self.n)[:, None], choices] = True  # -1 (no choice) marks the spare column
        return mask[:, :NUM_ACTIONS]

    def choices(self) -> tuple[Ints, Ints]:
        """The legal actions as ``choices[g, :nlegal[g]]`` (at most 4 in Parchís, padded
        with -1, in no particular order): what :meth:`legal_mask` marks, cheaper to read."""
        return self._legal_of().choices()

    def _legal_of(self, where: Bools | None = None) -> _Legal:
        """The legal actions of every game (``where``: of those games only, the others
        having none), worked out once between steps."""
        if where is None:
            if self._legal_now is None:
                self._legal_now = self._legal(np.flatnonzero(self.phase != PHASE_OVER))
            return self._legal_now
        if self._legal_where is None or self._legal_where[0] is not where:
            g = np.flatnonzero((self.phase != PHASE_OVER) & where)
            self._legal_where = (where, self._legal(g))
        return self._legal_where[1]

    def returns(self) -> Floats:
        """Each game's :func:`boardrules.returns`: by finishing place, 1.0 for the first to
        0.0 for the last, zeros before the end."""
        return self._returns(np.arange(self.n))

    def _returns(self, g: Ints) -> Floats:
        p = self.players
        out = np.zeros((len(g), p))
        over = self.phase[g] == PHASE_OVER
        rows = np.flatnonzero(over)
        for place in range(p):
            out[rows, self.done[g[rows], place]] = 1.0 - place / (p - 1)
        return out

    def observation(self, observers: Ints | None = None, out: Any = None) -> Any:
        """``out[g]`` = :func:`boardrules.observation_into` of game ``g`` from seat
        ``observers[g]`` (default: the seat in turn), as float32 of shape
        ``(n, observation_size)``; ``out``, if given, is overwritten."""
        n = self.n
        if out is None:
            out = np.zeros((n, self.observation_size), dtype=np.float32)
        else:
            out[...] = 0.0
        o = self.turn if observers is None else np.asarray(observers)
        if observers is not None and (
            o.shape != (n,) or not _whole(o) or ((o < 0) | (o >= self.players)).any()
        ):
            raise InvalidOptionError(
                f"observers must be one seat 0-{self.players - 1} per game: shape ({n},)"
            )
        self._write_seats(o.astype(np.int64), out)
        self._write_turn(o.astype(np.int64), out)
        return out

    def _write_seats(self, o: Ints, out: Any) -> None:
        ob, n, p = self._obs, self.n, self.players
        rows = np.arange(n)
        seats = np.arange(p)
        flat = out.reshape(-1)
        base = (rows * out.shape[1])[:, None]
        for j in range(4):
            r1 = self.pos[:, :, j] + 1
            idx = ob.where[o[:, None], seats[None, :], r1]
            flat[(base + idx).ravel()] += ob.weight[r1].ravel()
        board = self.board
        sec = ob.second[o[:, None], np.arange(CELLS + 1)[None, :], board >> 3]
        # Two colours on a safe square (a lone piece's "second" is seat 0, whose mark is -1).
        pair = ((board & 7) != (board >> 3)) & (sec >= 0)
        gg, cc = np.nonzero(pair)
        out[gg, sec[gg, cc]] = 1.0
        for place in range(p):
            gg = np.flatnonzero(self.ndone > place)
            out[gg, ob.places[o[gg], self.done[gg, place]] + place] = 1.0
        for seat in range(p):
            gg = np.flatnonzero(self.opened >> seat & 1)
            out[gg, ob.opened[o[gg], seat]] = 1.0

    def _write_turn(self, o: Ints, out: Any) -> None:
        ob = self._obs
        rows = np.arange(self.n)
        out[rows, ob.phase[o] + self.phase] = 1.0
        live = np.flatnonzero(self.phase != PHASE_OVER)
        lo = o[live]
        out[live, ob.mover[lo, self.turn[live]]] = 1.0
        rolled = live[self.roll[live] > 0]
        ro = o[rolled]
        out[rolled, ob.die[ro] + self.roll[rolled]] = 1.0
        counted = rolled[self.count[rolled] > 0]
        out[counted, ob.count[o[counted], self.count[counted]]] = 1.0
        sixed = rolled[self.sixes[rolled] > 0]
        out[sixed, ob.sixes[o[sixed]] + self.sixes[sixed]] = 1.0
        moved = live[self.last[live] != NEST]
        mo = o[moved]
        out[moved, ob.last[mo, self.turn[moved], self.last[moved] + 1]] = 1.0

    # ----------------------------------------------------------------- playing

    def random_actions(
        self, rng: np.random.Generator | None = None, where: Bools | None = None
    ) -> Ints:
        """A uniformly random legal action in each game (-1 in games that are over, and
        where ``where``, if given, is false), drawn with ``rng`` (default: the batch's
        generator)."""
        rng = self.rng if rng is None else rng
        return self._legal_of(where).random(rng)

    def step(
        self,
        actions: Sequence[int] | npt.NDArray[np.integer[Any]],
        dice: Sequence[int] | npt.NDArray[np.integer[Any]] | None = None,
        where: npt.NDArray[np.bool_] | None = None,
    ) -> StepResult:
        """Play ``actions[g]`` in every game ``g`` that is not over (and, if ``where`` is
        given, where it is true: the other games do not move), then roll the dice where a
        roll comes next (``dice[g]``, 1-6, if given, else the generator) and restart the
        games that ended if ``autoreset``.  An action that is not legal raises
        :class:`~boardrules.IllegalMoveError` before any game moves."""
        a = np.asarray(actions)
        if a.shape != (self.n,) or not _whole(a):
            raise InvalidOptionError(
                f"step takes one whole-number action per game: shape ({self.n},)"
            )
        a = a.astype(np.int64)
        dice = self._checked_dice(dice)
        legal_now = self._legal_of(where)
        playing = self.phase != PHASE_OVER
        if where is not None:
            playing &= where
        g = np.flatnonzero(playing)
        ag = a[g]
        legal = legal_now.allows(g, ag)
        if not legal.all():
            wrong = int(g[np.argmin(legal)])
            choices, nlegal = self.choices()
            allowed = sorted(int(x) for x in choices[wrong, : nlegal[wrong]])
            raise IllegalMoveError(
                f"action {int(a[wrong])} is not legal in game {wrong}; legal actions: "
                f"{', '.join(map(str, allowed))}"
            )
        self._decide(g, ag)
        ended = np.zeros(self.n, dtype=np.bool_)
        ended[g] = self.phase[g] == PHASE_OVER
        returns = np.zeros((self.n, self.players))
        finished = np.flatnonzero(ended)
        if len(finished):
            returns[finished] = self._returns(finished)
            if self.autoreset:
                self._restart(finished, None, roll=False)
        self._roll(g[self.phase[g] == PHASE_ROLL], dice)
        self._legal_now = self._legal_where = None
        return StepResult(returns, ended)

    def _restart(self, g: Ints, dice: Any, roll: bool = True) -> None:
        """Games ``g`` back to the start, then (with ``roll``) rolled to their first
        decision."""
        self.pos[g] = NEST
        self.board[g] = 0
        self.bar[g] = 0
        self.turn[g] = self.options.first_player
        self.phase[g] = PHASE_ROLL
        self.roll[g] = self.count[g] = self.sixes[g] = 0
        self.last[g] = NEST
        self.opened[g] = 0
        self.done[g] = 0
        self.ndone[g] = self.donemask[g] = 0
        self._legal_now = self._legal_where = None
        if roll:
            self._roll(g, dice)

    def _checked_dice(self, dice: Any) -> Ints | None:
        """``dice`` as an array of one die 1-6 per game (``None`` stays ``None``)."""
        if dice is None:
            return None
        die = np.asarray(dice)
        if die.shape != (self.n,) or not _whole(die) or ((die < 1) | (die > 6)).any():
            raise InvalidOptionError(
                f"dice must be one whole number 1-6 per game: shape ({self.n},)"
            )
        return die.astype(np.int64)

    def _roll(self, g: Ints, dice: Ints | None) -> None:
        if not len(g):
            return
        die = self.rng.integers(1, 7, size=len(g)) if dice is None else dice[g]
        self.rolls += len(g)
        self._rolled(g, die)

    # The scalar rules, over index arrays.

    def _rolled(self, g: Ints, die: Ints) -> None:
        six = die == 6
        sixes = np.where(six, self.sixes[g] + 1, 0)
        third = sixes == 3
        if third.any():
            self._third_six(g[third])
            keep = ~third
            g, die, six, sixes = g[keep], die[keep], six[keep], sixes[keep]
        seat = self.turn[g]
        nest_empty = self.pos[g, seat].min(axis=1) != NEST
        self.phase[g] = PHASE_MOVE
        self.roll[g] = die
        self.count[g] = np.where(six & nest_empty, 7, die)
        self.sixes[g] = sixes

    def _third_six(self, g: Ints) -> None:
        if not len(g):
            return
        tab = self._tab
        seat, last = self.turn[g], self.last[g]
        track = (last >= 0) & (last <= TRACK_LAST)  # on the track: back to the nest
        t = g[track]
        self._lift(t, tab.cell[seat[track], last[track] + 1], seat[track])
        self._relocate(t, seat[track], last[track], NEST)
        if self.options.third_six_back_to_lane_start:
            first = tab.cell[seat, LANE_FIRST + 1]
            lane = (last >= LANE_FIRST) & (last < GOAL) & (self.board[g, first] < 8)
            ln, s, f = g[lane], seat[lane], first[lane]
            self._lift(ln, tab.cell[s, last[lane] + 1], s)
            self._drop(ln, f, s)
            self._relocate(ln, s, last[lane], LANE_FIRST)
        self.phase[g] = PHASE_MOVE
        self.roll[g] = 6
        self.count[g] = 0
        self.sixes[g] = 3
        self.last[g] = NEST

    def _decide(self, g: Ints, a: Ints) -> None:
        move = a < ACTION_OUT
        out = a == ACTION_OUT
        passed = a == ACTION_PASS
        self.moves += int(move.sum() + out.sum())
        gp = g[passed]
        self._turn_over(gp, self.last[gp])
        gm = g[move]
        self._moved(gm, a[move], a[move] + self.count[gm])
        self._came_out(g[out])

    def _moved(self, g: Ints, src: Ints, dst: Ints) -> None:
        if not len(g):
            return
        tab = self._tab
        seat = self.turn[g]
        self._lift(g, tab.cell[seat, src + 1], seat)
        self._relocate(g, seat, src, dst)
        goal = dst == GOAL
        if goal.any():
            self._after_move(g[goal], dst[goal], GOAL_BONUS)
            on = ~goal
            g, seat, dst = g[on], seat[on], dst[on]
        c = tab.cell[seat, dst + 1]
        code = self.board[g, c]
        eat = (code > 0) & (code < 8) & (code != seat + 1) & ~tab.safe[c]
        if eat.any():
            ge, victim = g[eat], code[eat] - 1
            self._relocate(ge, victim, tab.rel[victim, c[eat]], NEST)
            self.board[ge, c[eat]] = seat[eat] + 1  # one piece for another: no barrier changes
            self._after_move(ge, dst[eat], CAPTURE_BONUS)
            stay = ~eat
            g, c, code, seat, dst = g[stay], c[stay], code[stay], seat[stay], dst[stay]
        self._put(g, c, code, _ADD_T[code, seat])
        self._turn_over(g, dst)

    def _came_out(self, g: Ints) -> None:
        if not len(g):
            return
        tab = self._tab
        seat = self.turn[g]
        c = tab.cell[seat, 1]
        code = self.board[g, c]
        eats = code >= 8
        if eats.any():
            ge, ce, se, co = g[eats], c[eats], seat[eats], code[eats]
            first, second = co & 7, co >> 3
            victim = np.where(second != se + 1, second, first)
            stays = np.where(second != se + 1, first, second)
            self._relocate(ge, victim - 1, tab.rel[victim - 1, ce], np.full(len(ge), NEST))
            self._put(ge, ce, co, stays + 8 * (se + 1))
        fresh = ~eats
        self._put(g[fresh], c[fresh], code[fresh], _ADD_T[code[fresh], seat[fresh]])
        nest = np.full(len(g), NEST)
        zero = np.zeros(len(g), dtype=np.int64)
        self._relocate(g, seat, nest, zero)
        if self.options.two_out_on_first_five:
            second_out = (
                (self.opened[g] >> seat & 1 == 0)
                & (code == 0)
                & (self.pos[g, seat].min(axis=1) == NEST)
            )
            g2, s2 = g[second_out], seat[second_out]
            self._drop(g2, c[second_out], s2)
            self._relocate(g2, s2, nest[second_out], zero[second_out])
        self.opened[g] |= 1 << seat
        self._after_move(g, zero, np.where(eats, CAPTURE_BONUS, 0))

    def _after_move(self, g: Ints, last: Ints, bonus: Any) -> None:
        """After a piece moved: finished, a bonus to count if some piece can, or the turn
        is over."""
        if not len(g):
            return
        bonus = np.broadcast_to(np.asarray(bonus, dtype=np.int64), g.shape)
        seat = self.turn[g]
        finished = (self.pos[g, seat] == GOAL).all(axis=1)
        if finished.any():
            self._finish(g[finished])
            rest = ~finished
            g, last, bonus = g[rest], last[rest], bonus[rest]
        has = bonus > 0
        if not has.any():
            self._turn_over(g, last)
            return
        gb = g[has]
        self.phase[gb] = PHASE_BONUS
        self.count[gb] = bonus[has]
        self.last[gb] = last[has]
        can = self._steps(gb)[0].any(axis=1)
        lost = np.concatenate([g[~has], gb[~can]])
        lost_last = np.concatenate([last[~has], last[has][~can]])
        self._turn_over(lost, lost_last)

    def _turn_over(self, g: Ints, last: Ints) -> None:
        if not len(g):
            return
        again = (self.roll[g] == 6) & (self.sixes[g] < 3)
        if again.any():
            ga = g[again]
            self.phase[ga] = PHASE_ROLL
            self.roll[ga] = self.count[ga] = 0
            self.last[ga] = last[again]
            g = g[~again]
        self._next_turn(g)

    def _next_turn(self, g: Ints) -> None:
        if not len(g):
            return
        p = self.players
        seat = (self.turn[g] + 1) % p
        done = self.donemask[g]
        if done.any():
            for _ in range(p - 1):  # skip the players who have finished
                seat = np.where(done >> seat & 1, (seat + 1) % p, seat)
        self.turn[g] = seat
        self.phase[g] = PHASE_ROLL
        self.roll[g] = self.count[g] = self.sixes[g] = 0
        self.last[g] = NEST

    def _finish(self, g: Ints) -> None:
        if not len(g):
            return
        p = self.players
        seat = self.turn[g]
        self.done[g, self.ndone[g]] = seat
        self.ndone[g] += 1
        self.donemask[g] |= 1 << seat
        over = self.ndone[g] >= p - 1
        go = g[over]
        # The one seat left: the only bit not set in the mask of those who finished.
        self.done[go, p - 1] = _LOWEST_BIT[((1 << p) - 1) ^ self.donemask[go]]
        self.ndone[go] = p
        self.phase[go] = PHASE_OVER
        self.roll[go] = self.count[go] = self.sixes[go] = 0
        self.last[go] = NEST
        self._next_turn(g[~over])

    # ----------------------------------------------------------------- pieces and cells

    def _relocate(self, g: Ints, seat: Ints, src: Ints, dst: Ints | int) -> None:
        """One piece of ``seat`` at ``src`` moves to ``dst`` in each game of ``g``."""
        if not len(g):
            return
        mine = self.pos[g, seat]
        j = np.argmax(mine == src[:, None], axis=1)
        self.pos[g, seat, j] = dst

    def _lift(self, g: Ints, c: Ints, seat: Ints) -> None:
        if not len(g):
            return
        code = self.board[g, c]
        self._put(g, c, code, _REMOVE_T[code, seat])

    def _drop(self, g: Ints, c: Ints, seat: Ints) -> None:
        if not len(g):
            return
        code = self.board[g, c]
        self._put(g, c, code, _ADD_T[code, seat])

    def _put(self, g: Ints, c: Ints, old: Ints, new: Ints) -> None:
        """Cell ``c`` of games ``g`` now holds ``new`` instead of ``old``: the barrier
        counts follow."""
        self.board[g, c] = new
        bar = self._tab.barrier
        delta = bar[new, c].astype(np.int8) - bar[old, c]
        changed = np.flatnonzero(delta)
        if len(changed):
            self._count_barrier(g[changed], c[changed], delta[changed])

    def _count_barrier(self, g: Ints, c: Ints, delta: Any) -> None:
        """A barrier forms (``delta`` 1) or opens (-1) on cell ``c`` of games ``g``: every
        seat's counts from that cell on follow."""
        at = self._tab.rel[:, c].T + 1  # [game, seat]; -1 where the seat never goes
        after = (self._index[None, None, :] >= at[:, :, None]) & (at[:, :, None] > 0)
        self.bar[g] += (after * delta[:, None, None]).astype(np.int8)

    # ----------------------------------------------------------------- legal moves

    def _steps(self, g: Ints) -> tuple[Bools, Ints, Bools]:
        """``ok[k, j]``: piece ``j`` of the mover of game ``g[k]`` can move ``count``
        squares (the goal takes the exact count, no barrier on the way or on the square, no
        square holds three pieces); also the pieces' positions and whether each stands on
        a barrier."""
        if not len(g):
            empty = np.zeros((0, 4), dtype=np.bool_)
            return empty, np.zeros((0, 4), dtype=np.int64), empty
        tab, board = self._tab, self.board
        seat = self.turn[g]
        r = self.pos[g, seat]
        t = r + self.count[g][:, None]
        ok = (r >= 0) & (t <= GOAL)
        rows = g[:, None]
        ok &= board[rows, tab.cell[seat[:, None], np.minimum(t, GOAL) + 1]] < 8
        # The barrier counts along the mover's path: at r, and r to t.
        line = ((g * self.players + seat) * (GOAL + 2))[:, None]
        bar = self.bar.reshape(-1)
        at_r = bar[line + r + 1]
        ok &= bar[line + np.minimum(t, GOAL) + 1] == at_r
        on_bar = (at_r != bar[line + r]) & (r >= 0)
        return ok, r, on_bar

    def _legal(self, g: Ints) -> _Legal:
        """The legal actions of the games ``g`` (see :class:`_Legal`); the others have
        none."""
        ok, r, on_bar = self._steps(g)
        # Two pieces on one square are one move: keep the first.
        for j in range(1, 4):
            for i in range(j):
                ok[:, j] &= r[:, j] != r[:, i]
        # On a 6 a barrier must be opened when a barrier piece can move.
        opening = ok & on_bar
        must_open = (self.phase[g] == PHASE_MOVE) & (self.roll[g] == 6) & opening.any(axis=1)
        if must_open.any():
            ok[must_open] = opening[must_open]
        # A 5 must bring a piece out when it can.
        seat = self.turn[g]
        exit_code = self.board[g, self._tab.cell[seat, 1]]
        can_out = (exit_code < 8) | ((exit_code != (seat + 1) * 9) & self.options.exit_capture)
        out = (self.roll[g] == 5) & (self.phase[g] == PHASE_MOVE) & (r.min(axis=1) == NEST)
        out &= can_out
        ok &= ~(out | (self.sixes[g] == 3))[:, None]
        only = np.full(self.n, -2)
        only[g] = np.where(out, ACTION_OUT, np.where(ok.any(axis=1), -1, ACTION_PASS))
        full_ok = np.zeros((self.n, 4), dtype=np.bool_)
        full_r = np.full((self.n, 4), NEST)
        full_ok[g] = ok
        full_r[g] = r
        return _Legal(full_ok, full_r, only)


@attrs.frozen
class _Legal:
    """The legal actions of each game: the pieces ``ok`` (distinct squares) at positions
    ``r`` move, unless ``only`` names the one legal action (``out`` or ``pass``); ``only``
    is -1 when pieces move, -2 in a game that is over."""

    ok: Bools
    r: Ints
    only: Ints

    def choices(self) -> tuple[Ints, Ints]:
        n = len(self.only)
        counts = self.ok.sum(axis=1)
        order = np.argsort(~self.ok, kind="stable")  # along each row
        k = np.arange(n)[:, None]
        choices = np.where(self.ok[k, order], self.r[k, order], -1)
        single = self.only >= 0
        choices[single, 0] = self.only[single]
        nlegal = np.where(single, 1, np.where(self.only == -1, counts, 0))
        return choices, nlegal

    def random(self, rng: np.random.Generator) -> Ints:
        ok = self.ok
        pick = (rng.random(len(ok)) * ok.sum(axis=1)).astype(np.int64)
        j = np.argmax(ok & (np.cumsum(ok, axis=1) == pick[:, None] + 1), axis=1)
        moved = self.r[np.arange(len(ok)), j]
        return np.where(self.only == -1, moved, np.where(self.only >= 0, self.only, -1))

    def allows(self, g: Ints, a: Ints) -> Bools:
        only = self.only[g]
        piece = (self.ok[g] & (self.r[g] == a[:, None])).any(axis=1) & (only == -1)
        allowed: Bools = piece | ((a == only) & (only >= 0))
        return allowed
