"""Parchís for ``n`` games at once: the rules of :mod:`boardrules.parchis._rules` over arrays.

A step plays one decision in every game with whole-array operations (no loop over the games):
the pieces move, the cells they leave and reach change, and the turn passes, each written
with masks over all ``n`` games at once; what happens in few games at a time (a capture, a
piece reaching the goal, a player finishing, the third 6, the first 5 bringing out two) is
worked on those games only.  The functions keep the names of the scalar rules they mirror
(``_rolled``, ``_moved``, ``_after_move``, ``_turn_over``, ``_next_turn``, ``_third_six``,
``_steps``); the differential tests play both side by side and compare them at every step.

The arrays, one row per game: ``pos[g, seat, piece]`` relative positions (unsorted: pieces
of one colour are alike), ``board[g, cell]`` cell codes as the scalar state's (``first +
8 * second`` with seat numbers plus one) with one more, always empty, column for the goal
and the nest; ``turn``, ``phase``, ``roll``, ``count``, ``sixes``, ``last``, ``opened``
as the state's fields; ``done[g, place]`` the finishing order (``ndone`` long) and
``donemask`` its bit mask; ``bar0``/``bar1`` the cells holding a barrier as two 64-bit
words (cells 0-63, 64-96), so that whether a move crosses one is an ``and`` with the
precomputed cells of its path.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple, cast

import numpy as np
import numpy.typing as npt

import boardrules.parchis  # the public name of the states, for the docs' annotations
from boardrules.batch._base import (
    Actions,
    Bools,
    Dice,
    Floats,
    Ints,
    StepResult,
    _array,
    _Batch,
    _whole,
)
from boardrules.errors import IllegalMoveError, InvalidOptionError
from boardrules.game import TERMINAL
from boardrules.parchis._board import CELLS, GOAL, LANE_FIRST, NEST, TRACK_LAST, tables
from boardrules.parchis._observation import _COUNTS, _size, _views
from boardrules.parchis._rules import _ADD, _PAIR_OF_ONE_SEAT, _REMOVE
from boardrules.parchis._setup import make_options
from boardrules.parchis._state import (
    PHASE_BONUS,
    PHASE_MOVE,
    PHASE_OVER,
    PHASE_ROLL,
    Options,
    State,
    _make,
)

__all__ = ["ParchisBatch", "StepResult"]

Words = npt.NDArray[np.uint64]
Codes = npt.NDArray[np.int8]  # cell codes

ACTION_OUT = GOAL  # the numbers of boardrules.parchis._actions
ACTION_PASS = GOAL + 1
NUM_ACTIONS = GOAL + 2
CAPTURE_BONUS = 20
GOAL_BONUS = 10
OFF = CELLS  # the extra, always empty, column of ``board``: where the nest and goal are
WIDTH = CELLS + 1  # the columns of ``board``
SPAN = GOAL + 2  # path indices: the nest 0, positions 0..70 at 1..71, the goal 72
COUNTS = 21  # a move counts 0..20 squares
_FOUR = np.arange(4)[:, None]

_ADD_T = np.array(_ADD, dtype=np.int64)
_REMOVE_T = np.array(_REMOVE, dtype=np.int64)
_CODES = len(_ADD)
_ADD_FLAT = _ADD_T.T.ravel()  # [seat * _CODES + code]
_REMOVE_FLAT = _REMOVE_T.T.ravel()
#: ``[seat * _CODES + code]``: the cell holds one piece, of another seat (one to eat).
_LONE_OTHER = np.array(
    [0 < code < 8 and code != seat + 1 for seat in range(4) for code in range(_CODES)]
)
_PAIR_T = np.array(_PAIR_OF_ONE_SEAT, dtype=np.bool_)


def _eaten(from_nest: bool, seat: int, code: int) -> tuple[int, int]:
    """A piece of ``seat`` eats on a cell holding ``code`` (coming out of the nest onto
    its full exit, or else onto a lone piece): the seat eaten and the cell's code after."""
    me, first, second = seat + 1, code & 7, code >> 3
    if not from_nest:
        return code - 1, me
    # Onto a full exit: the last arrival of another colour goes.
    victim, stays = (second, first) if second != me else (first, second)
    return victim - 1, stays + 8 * me


#: The lowest bit set in each 4-bit mask (of 1, 2, 4 or 8: the one seat left).
_LOWEST_BIT = np.array([0, 0, 1, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0], dtype=np.int64)
_WORD = (1 << 64) - 1
#: ``[code]``: the seat code of the piece that arrived second where two colours share a
#: square, else 0.
_SECOND_OF_PAIR = np.array(
    [code >> 3 if code >= 8 and code & 7 != code >> 3 else 0 for code in range(_CODES)],
    dtype=np.int8,
)
#: The facts of the turn each game writes (see ``ParchisBatch._turn_entries``).
_TURN_FACTS = 6
#: The observations are written this many bytes of them at a time (within the caches).
_PART_BYTES = 1 << 19
# The reductions as plain ufunc calls (the array methods go through Python wrappers),
# along the first axis (the four pieces of ``[piece, game]`` arrays).
_any = np.logical_or.reduce
_all = np.logical_and.reduce
_sum = np.add.reduce


def _const(value: int, dtype: type = np.int64) -> npt.NDArray[Any]:
    """``value`` as a 0-d array.  At a few dozen games a step costs what numpy spends on each
    call, and a ufunc given a Python int spends about twice as long on it (numpy 2's
    promotion of Python scalars) as given an array; so the constants the steps compare and
    compute with are 0-d arrays.  (For the same reason the steps read columns with
    ``take(g, axis=1)``, ten times cheaper than ``x[:, g]``, and copy a row into a
    ``[4, n]`` array before an operation with one, cheaper than numpy's broadcasting.)"""
    return np.array(value, dtype=dtype)


_ZERO, _ONE, _THREE, _FOUR_PIECES = _const(0), _const(1), _const(3), _const(4)
_FIVE, _SIX, _EIGHT = _const(5), _const(6), _const(8)
_IN_NEST, _IN_GOAL, _SPARE = _const(NEST), _const(GOAL), _const(OFF)
_TRACK_LAST = _const(TRACK_LAST)
_ROLLING, _MOVING, _OVER = _const(PHASE_ROLL), _const(PHASE_MOVE), _const(PHASE_OVER)
_ZERO_WORD = _const(0, np.uint64)
_PIECES_MOVE, _OUT, _PASS = _const(-1), _const(ACTION_OUT), _const(ACTION_PASS)
_PER_COUNT, _WIDTH, _CODES_C = _const(COUNTS), _const(WIDTH), _const(_CODES)
_GOAL_BONUS, _CAPTURE_BONUS = _const(GOAL_BONUS), _const(CAPTURE_BONUS)


def _words(masks: Sequence[int]) -> tuple[Words, Words]:
    """Python bit masks over the cells as two arrays of 64-bit words (cells 0-63, 64-)."""
    low = np.array([m & _WORD for m in masks], dtype=np.uint64)
    high = np.array([m >> 64 for m in masks], dtype=np.uint64)
    return low, high


class _Tables:
    """The options' tables as arrays: per seat, the cell of each path index (see
    :data:`SPAN`), the relative position of each cell, where a barrier may stand, which
    cells are safe, the cells a move crosses, and who plays next."""

    def __init__(self, options: Options) -> None:
        tab = options.tables
        n = options.players
        self.cell = np.full((n, SPAN), OFF)
        for seat in range(n):
            self.cell[seat, 1 : GOAL + 1] = tab.cell[seat]
        self.rel = np.array(tab.rel)  # [seat, cell]
        self.rel_flat = self.rel.ravel()
        self.cell_flat = self.cell.ravel()  # [seat * SPAN + r + 1]
        safe = np.zeros(WIDTH, dtype=np.bool_)
        safe[:CELLS] = tab.safe
        self.safe = safe
        barrier_ok = safe.copy() if options.barriers_on_safe_only else np.ones_like(safe)
        #: ``barrier[code, cell]``: whether cell ``cell`` holding ``code`` is a barrier (the
        #: spare column's code is always 0, no barrier).
        self.barrier = _PAIR_T[:, None] & barrier_ok[None, :]
        self.barrier_flat = self.barrier.ravel()  # [code * WIDTH + cell]
        #: The bit of each cell in its word (none for the spare column).
        self.bit0, self.bit1 = _words([1 << c for c in range(CELLS)] + [0])
        #: Indexed by ``(seat * SPAN + r + 1) * COUNTS + count``, a move of ``count``
        #: squares from ``r``: whether it stays within the goal (no move from the nest or
        #: the goal), the cell it reaches (the spare column for the goal) and the cells it
        #: crosses, the one it reaches included.
        self.within, self.reached, self.cross0, self.cross1 = _moves(options.colours)
        #: ``next_seat[donemask * 4 + seat]``: who plays after ``seat``, skipping those who
        #: have finished.
        self.next_seat = _next_seats(n)
        #: The place of the last player but one (when that one finishes, the game ends).
        self.last_place = _const(n - 1)
        #: Each seat's exit, and ``come_out[seat * _CODES + code]``: whether a piece may
        #: come out onto its exit holding ``code`` (not a barrier of its own, and a full
        #: exit only with ``exit_capture``).
        self.exit = self.cell[:, 1].copy()
        #: ``way[seat]``: where the seat's moves begin in :attr:`within`...
        self.way = (np.arange(n) * SPAN + 1) * COUNTS
        #: ``span[seat]``, ``codes[seat]``: where the seat's rows begin in ``cell_flat``
        #: (after the nest's column) and in the tables by code (``_ADD_FLAT``...).
        self.span = np.arange(n) * SPAN + 1
        self.codes = np.arange(n) * _CODES
        self.come_out = np.array(
            [
                code < 8 or (code != (seat + 1) * 9 and options.exit_capture)
                for seat in range(n)
                for code in range(_CODES)
            ]
        )
        #: ``[(from_nest * 4 + seat) * _CODES + code]``: what :func:`_eaten` says.
        eaten = [
            _eaten(f, s, code) for f in (False, True) for s in range(4) for code in range(_CODES)
        ]
        self.victim = np.array([victim for victim, _ in eaten])
        self.after_eating = np.array([after for _, after in eaten])


@cache
def _moves(colours: tuple[int, ...]) -> tuple[Bools, Ints, Words, Words]:
    tab = tables(colours)
    size = len(colours) * SPAN * COUNTS
    within = np.zeros(size, dtype=np.bool_)
    reached = np.full(size, OFF)
    crossed = [0] * size
    for seat, (cell, reach) in enumerate(zip(tab.cell, tab.reach, strict=True)):
        for r in range(GOAL):
            for count in range(COUNTS):
                t = r + count
                if t <= GOAL:
                    i = (seat * SPAN + r + 1) * COUNTS + count
                    within[i] = True
                    reached[i] = cell[t] if t < GOAL else OFF
                    crossed[i] = reach[t] ^ reach[r]  # the goal's reach is the lane's end
    return (within, reached, *_words(crossed))


def _next_seats(players: int) -> Ints:
    table = np.zeros(16 * 4, dtype=np.int64)
    for done in range(16):
        for seat in range(players):
            nxt = (seat + 1) % players
            for _ in range(players):
                if not done >> nxt & 1:
                    break
                nxt = (nxt + 1) % players
            table[done * 4 + seat] = nxt
    return table


class _Observer:
    """Where each fact lands in each observer's vector (from the scalar encoding's views),
    by observer (the first index of each table)."""

    def __init__(self, options: Options) -> None:
        views = _views(options)
        n = options.players
        self.size = _size(n)
        #: ``where[observer, seat, r + 1]`` (the nest at 0; the views put it last) and
        #: ``last[observer, seat, r]`` (where the scalar encoding writes a piece moved last
        #: into the goal, at -1: the vector's last value).
        self.where = np.array([[(row[-1], *row[: GOAL + 1]) for row in v.where] for v in views])
        self.last = np.array([v.last for v in views])
        self.last %= self.size
        #: The safe squares (where two colours may share a square, the same for every
        #: observer) and ``second[observer, k, code]``, the mark of who arrived second on
        #: the ``k``-th of them, by the code of that seat (-1: none).
        for view in views:
            self.marked = np.array([cell for cell, _ in view.seconds])
        self.second = np.array([[marks for _, marks in view.seconds] for view in views])
        self.places = np.array([view.places for view in views])
        self.opened = np.array([[view.opened[1 << s][0] for s in range(n)] for view in views])
        self.mover = np.array([view.mover for view in views])
        self.phase = np.array([view.phase for view in views])
        self.die = np.array([view.die for view in views])
        self.count = np.array(
            [[view.count + _COUNTS[c] if c in _COUNTS else view.count for c in range(COUNTS)]
             for view in views]
        )  # fmt: skip
        self.sixes = np.array([view.sixes for view in views])
        #: ``where`` flat, ``[observer * view_span + seat * SPAN + r + 1]``, the weight a
        #: piece adds there (half a square, a quarter of the nest or the goal), and each
        #: piece's ``seat * SPAN + 1`` (``pos[g]`` flat: seat after seat).
        weight = np.full(SPAN, 0.5)
        weight[0] = weight[GOAL + 1] = 0.25
        self.where_flat = self.where.ravel()
        #: The same tables flat: ``mover_flat[observer * players + seat]``,
        #: ``count_flat[observer * COUNTS + count]``, ``last_flat[(observer * players +
        #: seat) * last_span + r]``, ``second_flat[(observer * marked + k) * codes + code]``
        #: (``codes``: the seat codes 0-players);
        #: and ``opened_bits[opened, seat]``, whether ``seat``'s bit is set in ``opened``.
        self.mover_flat = self.mover.ravel()
        self.count_flat = self.count.ravel()
        self.last_span = self.last.shape[2]
        self.last_flat = self.last.ravel()
        self.second_flat = self.second.ravel()
        self.codes = n + 1
        self.opened_bits = np.array(
            [[mask >> seat & 1 for seat in range(n)] for mask in range(1 << n)], dtype=np.float32
        )
        self.view_span = n * SPAN
        self.weight_flat = np.tile(weight, n * n)
        self.slot_at = np.repeat(np.arange(n) * SPAN + 1, 4)
        self.seats = np.arange(n)


class _Work:
    """Arrays of shape ``[4, n]`` that every step reuses (``out=`` of numpy's functions):
    large temporaries, allocated anew, would cost page faults whenever the allocator has
    handed their memory back to the system in between."""

    def __init__(self, n: int, players: int) -> None:
        shape = (4, n)
        self.at, self.r, self.legal_r, self.running = (np.empty(shape, np.int64) for _ in range(4))
        self.a, self.b, self.c, self.spread = (np.empty(shape, np.int64) for _ in range(4))
        self.u, self.v = (np.empty(shape, np.uint64) for _ in range(2))
        self.spare = _Spare(self.a, self.b, self.u, self.v)
        #: Each game's first column in ``board``, and its first piece in ``pos`` plus
        #: ``j`` in row ``j``: for the four pieces of the player in turn.
        self.board_row = np.empty(shape, np.int64)
        self.board_row[:] = np.arange(n) * WIDTH
        self.pos_row = np.arange(n) * (players * 4) + _FOUR


class _Seen:
    """Where :meth:`ParchisBatch._write` gathers each game's ``(index, value)`` entries
    (``idx``, ``val``: the pieces, who has opened, then from ``turn`` on the facts of the
    turn), kept between observations."""

    def __init__(self, n: int, players: int, dtype: Any) -> None:
        self.slots = 4 * players
        self.turn = self.slots + players
        self.width = self.turn + _TURN_FACTS
        self.idx = np.empty((n, self.width), dtype=np.int64)
        self.val = np.empty((n, self.width), dtype=dtype)
        self.at = np.empty((n, self.slots), dtype=np.int64)
        self.first = np.empty(n, dtype=np.int64)
        self.rows = np.empty(n, dtype=np.int64)


class _Spare(NamedTuple):
    """Where :meth:`ParchisBatch._steps` writes its temporaries (``None``: new arrays)."""

    a: Ints | None
    b: Ints | None
    u: Words | None
    v: Words | None


_NEW = _Spare(None, None, None, None)


class ParchisBatch(_Batch[Options, State]):
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

    observation_size: int
    _GAME = "Parchís"
    _STATE = State
    _ROWS = (
        "pos", "board", "bar0", "bar1", "turn", "phase", "roll", "count", "sixes", "last",
        "opened", "done", "ndone", "donemask",
    )  # fmt: skip

    def _options(self, given: dict[str, Any]) -> Options:
        return make_options(given)

    def _arrays(self) -> None:
        options, n, p = self.options, self.n, self.players
        self._tab = _Tables(options)
        self._obs = _Observer(options)
        self.observation_size = self._obs.size
        self.pos: Ints = np.full((n, p, 4), NEST)
        # Small codes in small cells: the rules read cells all over the boards.
        self.board: Codes = np.zeros((n, WIDTH), dtype=np.int8)
        self.bar0: Words = np.zeros(n, dtype=np.uint64)
        self.bar1: Words = np.zeros(n, dtype=np.uint64)
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
        self._index()

    def _reindex(self) -> None:
        self._index()

    def _index(self) -> None:
        """The flat views of the arrays, each game's first index in them (for one-call
        gathers), the work arrays; no step played yet."""
        n, p = self.n, self.players
        self._pos_flat = self.pos.reshape(-1)
        self._board_flat = self.board.reshape(-1)
        self._pos_row = np.arange(n) * (p * 4)
        self._board_row = np.arange(n) * WIDTH
        self._games = np.arange(n)
        self._work = _Work(n, p)
        self._seen: _Seen | None = None  # (made by the first observation)
        self._legal_now: _Legal | None = None
        self._legal_where: tuple[Bools, _Legal] | None = None
        #: Whether ``_work.legal_r`` holds the pieces of the player in turn in every game
        #: (the roll reads them; the legal actions then need not read them again).
        self._movers = False
        #: Dice rolled so far (all games), and decisions played that moved a piece.
        self.rolls: int = 0
        self.moves: int = 0

    def _put_back(self, g: Ints, part: _Batch[Options, State]) -> None:
        super()._put_back(g, part)
        self._movers = False
        self._legal_where = None
        if self._legal_now is not None:  # only games g changed: their legal actions anew
            legal, fresh = self._legal_now, cast(ParchisBatch, part)._legal()
            legal.ok[:, g] = fresh.ok
            legal.r[:, g] = fresh.r
            legal.only[g] = fresh.only

    # ----------------------------------------------------------------- conversions

    def _roll_loaded(self, dice: Ints | None) -> None:
        self._roll(self.phase == PHASE_ROLL, dice)

    def _load(self, i: int, s: boardrules.parchis.State) -> None:
        """Game ``i`` of a batch just set up (its rows still zeros) becomes ``s``."""
        p = self.players
        self.pos[i] = np.reshape(s.pos, (p, 4))
        self.board[i, :CELLS] = s.board
        g = np.array([i])
        for c in np.flatnonzero(self._tab.barrier[self.board[i], np.arange(WIDTH)]):
            self._mark(g, np.array([c]), np.array([True]))
        self.turn[i], self.phase[i], self.roll[i] = s.turn, s.phase, s.roll
        self.count[i], self.sixes[i], self.last[i] = s.count, s.sixes, s.last
        self.opened[i] = s.opened
        k = len(s.finished)
        self.done[i, :k] = s.finished
        self.ndone[i] = k
        self.donemask[i] = sum(1 << seat for seat in s.finished)

    def state(self, i: int) -> boardrules.parchis.State:
        """Game ``i`` as a scalar :class:`~boardrules.parchis.State`."""
        self._check_game(i)
        # (made as the rules make theirs; the barriers are the batch's words, which its legal
        # moves read)
        return _make(
            self.options,
            tuple(np.sort(self.pos[i]).ravel().tolist()),  # each seat's pieces sorted
            self.board[i, :CELLS].tobytes(),  # the rules' board: the codes as bytes
            int(self.turn[i]),
            int(self.phase[i]),
            int(self.roll[i]),
            int(self.count[i]),
            int(self.sixes[i]),
            int(self.last[i]),
            tuple(self.done[i, : self.ndone[i]].tolist()),
            int(self.opened[i]),
            int(self.bar0[i]) | int(self.bar1[i]) << 64,
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
        mask: Bools = self._marked(self._legal_of(), np.bool_)
        return mask

    def _marked(self, legal: _Legal, dtype: type) -> npt.NDArray[Any]:
        """``legal``'s actions as a mask ``[game, action]`` of ``dtype`` (the vector
        environments' masks are int8)."""
        n, width = self.n, NUM_ACTIONS
        spare = n * width  # one value past the games' rows takes the pieces that cannot move
        mask: npt.NDArray[Any] = np.zeros(spare + 1, dtype=dtype)
        row = self._games * width
        mask[np.where(legal.ok, row + legal.r, spare)] = 1
        mask[np.where(legal.only >= 0, row + legal.only, spare)] = 1
        return mask[:spare].reshape(n, width)

    def choices(self) -> tuple[Ints, Ints]:
        """The legal actions as ``choices[g, :nlegal[g]]`` (at most 4 in Parchís, padded
        with -1, in no particular order): what :meth:`legal_mask` marks, cheaper to read."""
        return self._legal_of().choices()

    def _legal_of(self, where: Bools | None = None) -> _Legal:
        """The legal actions of every game (``where``: of those games only, the others
        having none), worked out once between steps."""
        if self._legal_now is None:
            self._legal_now = self._legal()
        if where is None:
            return self._legal_now
        if self._legal_where is None or self._legal_where[0] is not where:
            every, chosen = self._legal_now, np.asarray(where, dtype=np.bool_)
            only = np.where(chosen, every.only, -2)
            legal = _Legal(every.ok & chosen, every.r, only, every.running, every.rows, every.spare)
            self._legal_where = (where, legal)
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

    def _default_observers(self) -> Ints:
        return self.turn

    def _write(self, o: Ints, out: Any) -> None:
        # The array is larger than the caches: it is zeroed and written a part of the games
        # at a time, one pass per part (not one per kind of fact, each fetching every
        # game's row again): the same number of ``(index, value)`` entries per game, value
        # 0 where a fact is absent, added by ``add.at`` (two pieces on a square add up).
        # The entries go into arrays kept between calls (new ones this large would be new
        # pages of memory for the system to map at every call).
        work = self._seen
        if work is None or work.val.dtype != out.dtype:
            # (out's dtype: add.at's fast loop needs it, another is exact but 5 times slower)
            work = self._seen = _Seen(self.n, self.players, out.dtype)  # pragma: no mutate
        rows = np.multiply(self._games, out.shape[1], out=work.rows)
        self._seat_entries(o, work, rows)
        self._turn_entries(o, work.idx[:, work.turn :], work.val[:, work.turn :], rows)
        flat, at, value, width = out.ravel(), work.idx.ravel(), work.val.ravel(), work.width
        # (the size of a part changes nothing but the speed)
        part = max(1, _PART_BYTES // out[0].nbytes)  # pragma: no mutate
        for first in range(0, self.n, part):  # pragma: no mutate
            out[first : first + part] = 0.0
            entries = slice(first * width, (first + part) * width)  # pragma: no mutate
            np.add.at(flat, at[entries], value[entries])
        self._write_rare(o, flat, rows)

    def _seat_entries(self, o: Ints, work: _Seen, rows: Ints) -> None:
        """Every piece's index and weight in its observer's view, then each seat's
        "opened" and whether it has."""
        ob, at, slots, turn = self._obs, work.at, work.slots, work.turn
        np.multiply(o, ob.view_span, out=work.first)
        np.add(self.pos.reshape(self.n, slots), work.first[:, None], out=at)
        at += ob.slot_at
        idx, val = work.idx, work.val
        np.add(ob.where_flat.take(at), rows[:, None], out=idx[:, :slots])
        val[:, :slots] = ob.weight_flat.take(at)
        np.add(ob.opened.take(o, axis=0), rows[:, None], out=idx[:, slots:turn])
        val[:, slots:turn] = ob.opened_bits.take(self.opened, axis=0)

    def _turn_entries(self, o: Ints, idx: Ints, val: npt.NDArray[np.float32], rows: Ints) -> None:
        """The phase, who moves, the die, the count, the sixes and the piece moved last
        (absent facts point at an index of their own kind, with 0; once a game is over,
        its die, count, sixes and piece moved last are none)."""
        ob, roll, count, sixes, last = self._obs, self.roll, self.count, self.sixes, self.last
        seat = o * self.players + self.turn  # the mover's, by observer
        idx[:, 0] = ob.phase.take(o) + self.phase
        val[:, 0] = 1.0
        idx[:, 1] = ob.mover_flat.take(seat)
        val[:, 1] = self.phase != _OVER
        idx[:, 2] = ob.die.take(o) + roll
        val[:, 2] = roll > _ZERO
        idx[:, 3] = ob.count_flat.take(o * _PER_COUNT + count)
        val[:, 3] = count > _ZERO
        idx[:, 4] = ob.sixes.take(o) + sixes
        val[:, 4] = sixes > _ZERO
        idx[:, 5] = ob.last_flat.take(seat * ob.last_span + np.maximum(last, _ZERO))
        val[:, 5] = last != _IN_NEST
        idx += rows[:, None]

    def _write_rare(self, o: Ints, flat: npt.NDArray[np.float32], rows: Ints) -> None:
        """Who arrived second where two colours share a (safe) square, and the places of
        the players who have finished: each a 1 at the indices of :meth:`_rare_at`."""
        for at in self._rare_at(o, rows):
            flat[at] = 1.0

    def _rare_at(self, o: Ints, rows: Ints) -> list[Ints]:
        """The flat indices of the rare facts set (to 1) in the observation from seats
        ``o`` whose rows start at ``rows``: the second arrivals, then the places."""
        ob = self._obs
        marked = len(ob.marked)
        found: list[Ints] = []
        cells = self.board.take(ob.marked, axis=1).ravel()
        at = np.flatnonzero(cells >= 8)  # two pieces there (then: of two colours?)
        second = _SECOND_OF_PAIR.take(cells.take(at))
        two = np.flatnonzero(second)
        if len(two):
            gg, kk = np.divmod(at.take(two), marked)
            mark = (o.take(gg) * marked + kk) * ob.codes + second.take(two)
            found.append(rows.take(gg) + ob.second_flat.take(mark))
        fin = np.flatnonzero(self.ndone)
        if len(fin):
            gg, place = np.nonzero(ob.seats < self.ndone[fin, None])
            gg = fin[gg]
            found.append(rows[gg] + ob.places[o[gg], self.done[gg, place]] + place)
        return found

    # ----------------------------------------------------------------- playing

    def random_actions(
        self, rng: np.random.Generator | None = None, where: Bools | None = None
    ) -> Ints:
        """A uniformly random legal action in each game (-1 in games that are over, and
        where ``where``, if given, is false), drawn with ``rng`` (default: the batch's
        generator)."""
        rng = self._checked_rng(rng)
        return self._legal_of(None if where is None else self._checked_where(where)).random(rng)

    def step(
        self,
        actions: Actions,
        dice: Dice | None = None,
        where: npt.NDArray[np.bool_] | None = None,
    ) -> StepResult:
        """Play ``actions[g]`` in every game ``g`` that is not over (and, if ``where`` is
        given, where it is true: the other games do not move), then roll the dice where a
        roll comes next (``dice[g]``, 1-6, if given, else the generator) and restart the
        games that ended if ``autoreset``.  An action that is not legal raises
        :class:`~boardrules.IllegalMoveError` before any game moves."""
        a = self._checked_actions(actions)
        given = self._checked_dice(dice)
        playing = self.phase != _OVER
        if where is not None:
            where = self._checked_where(where)
            playing &= where
        wrong = playing & ~self._legal_of(where).allows_all(a)
        if _any(wrong):
            bad = int(np.argmax(wrong))
            choices, nlegal = self.choices()
            allowed = sorted(int(x) for x in choices[bad, : nlegal[bad]])
            raise IllegalMoveError(
                f"action {int(a[bad])} is not legal in game {bad}; legal actions: "
                f"{', '.join(map(str, allowed))}"
            )
        if where is not None and 2 * np.count_nonzero(playing) <= self.n:
            return self._step_part(playing.nonzero()[0], a, given)
        self._decide(playing, a)
        ended = playing & (self.phase == _OVER)
        returns = np.zeros((self.n, self.players))
        finished = ended.nonzero()[0]
        if len(finished):
            returns[finished] = self._returns(finished)
            if self.autoreset:
                self._restart(finished, None, roll=False)
        self._roll(self.phase == _ROLLING, given)
        self._legal_now = self._legal_where = None
        return StepResult(returns, ended)

    def _play(self, where: Bools, a: Ints) -> None:
        """``step(a, where=where)`` in a batch without ``autoreset``, where ``a`` is legal
        in the games where ``where`` is true (none over), less what a caller's actions
        need there: the check that they are legal, the returns.  The vector environments
        play so (their learner's actions are checked, their opponents' are the batch's:
        ``self._legal_of().random(rng)`` draws what ``random_actions(rng, where)`` does)."""
        self._decide(where, a)
        self._roll(self.phase == _ROLLING, None)
        self._legal_now = self._legal_where = None

    def _step_part(self, g: Ints, a: Ints, dice: Ints | None) -> StepResult:
        """:meth:`step` when only the games ``g``, at most half, play (a ``where`` that
        picks few, as the vector environments' opponents' turns do): they are stepped as a
        batch of their own, then copied back, and only their legal actions are worked out
        again (the dice are drawn in the same order as by the whole batch)."""
        part = self._part(g)
        played = np.ones(len(g), dtype=np.bool_)
        part._decide(played, a[g])
        ended = np.zeros(self.n, dtype=np.bool_)
        returns = np.zeros((self.n, self.players))
        finished = (part.phase == PHASE_OVER).nonzero()[0]
        if len(finished):
            ended[g[finished]] = True
            returns[g[finished]] = part._returns(finished)
            if self.autoreset:
                part._restart(finished, None, roll=False)
        part._roll(part.phase == PHASE_ROLL, None if dice is None else dice[g])
        self._put_back(g, part)
        return StepResult(returns, ended)

    def _restart(self, g: Ints, dice: Any, roll: bool = True) -> None:
        """Games ``g`` back to the start, then (with ``roll``) rolled to their first
        decision."""
        self.pos[g] = NEST
        self.board[g] = 0
        self.bar0[g] = self.bar1[g] = 0
        self.turn[g] = self.options.first_player
        self.phase[g] = PHASE_ROLL
        self.roll[g] = self.count[g] = self.sixes[g] = 0
        self.last[g] = NEST
        self.opened[g] = 0
        self.done[g] = 0
        self.ndone[g] = self.donemask[g] = 0
        self._legal_now = self._legal_where = None
        self._movers = False
        if roll:
            chosen = np.zeros(self.n, dtype=np.bool_)
            chosen[g] = True
            self._roll(chosen, dice)

    def _checked_dice(self, dice: Any) -> Ints | None:
        """``dice`` as an array of one die 1-6 per game (``None`` stays ``None``)."""
        if dice is None:
            return None
        wrong = f"dice must be one whole number 1-6 per game: shape ({self.n},)"
        die = _array(dice, wrong)
        if die.shape != (self.n,) or not _whole(die) or ((die < 1) | (die > 6)).any():
            raise InvalidOptionError(wrong)
        return die.astype(np.int64)

    def _roll(self, rolling: Bools, dice: Ints | None) -> None:
        """The games where ``rolling`` is true roll the die (``dice``, else the generator,
        which draws one die per rolling game in the order of the games)."""
        k = int(np.count_nonzero(rolling))
        if not k:
            return
        self.rolls += k
        if dice is None:
            dice = np.zeros(self.n, dtype=np.int64)
            dice[rolling] = self.rng.integers(1, 7, size=k)
        self._rolled(rolling, dice)

    def _mine(self, g: Ints | None = None, out: Ints | None = None) -> tuple[Ints, Ints]:
        """The flat indices in ``pos`` of the pieces of the player in turn, and where they
        stand, in every game (or in games ``g``): ``[piece, game]``, one row per piece so
        that each operation runs along the games.  For every game, the arrays are the
        reused ones of :class:`_Work` (``out``, if given, for the positions)."""
        work = self._work
        if g is not None:
            at = np.empty((4, len(g)), dtype=np.int64)
            at[:] = self.turn.take(g) * _FOUR_PIECES
            at += work.pos_row.take(g, axis=1)
            return at, self._pos_flat.take(at)
        at = work.at
        at[:] = self.turn * _FOUR_PIECES
        at += work.pos_row
        r = self._pos_flat.take(at, out=work.r if out is None else out, mode="clip")
        return at, r

    # The scalar rules, over all games at once (masks) or over index arrays ``g``.

    def _rolled(self, rolling: Bools, die: Ints) -> None:
        six = die == _SIX
        sixes = (self.sixes + _ONE) * six  # a 6 counts one more, else none
        third = rolling & (sixes == _THREE)
        plain = rolling & ~third
        nest_empty = _all(self._mine(out=self._work.legal_r)[1] != _IN_NEST)
        self._movers = True
        np.copyto(self.phase, _MOVING, where=plain)
        np.copyto(self.roll, die, where=plain)
        np.copyto(self.count, die + (six & nest_empty), where=plain)  # 7 on a 6 with none home
        np.copyto(self.sixes, sixes, where=plain)
        if _any(third):
            self._third_six(third.nonzero()[0])

    def _third_six(self, g: Ints) -> None:
        tab = self._tab
        seat, last = self.turn.take(g), self.last.take(g)
        track = (last >= _ZERO) & (last <= _TRACK_LAST)  # on the track: back to the nest
        t, st, lt = g[track], seat[track], last[track]
        self._lift(t, tab.cell_flat.take(tab.span.take(st) + lt), st)
        self._relocate(t, st, lt, NEST)
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
        if self._movers:  # their pieces moved: the movers' positions follow
            self._work.legal_r[:, g] = self._mine(g)[1]

    def _decide(self, playing: Bools, a: Ints) -> None:
        """Each game where ``playing`` is true plays its action ``a``: a piece moves, comes
        out, or the player passes."""
        self._movers = False
        move = playing & (a < _OUT)
        out = playing & (a == _OUT)
        moved = move | out
        self.moves += int(np.count_nonzero(moved))
        dst = np.where(move, a + self.count, out - _ONE)  # out: 0 (the exit), else the nest
        bonus, finished = self._moved(move, out, np.where(move, a, _IN_NEST), dst)
        self._after_move(playing, moved, dst, bonus, finished)

    def _moved(self, move: Bools, out: Bools, src: Ints, dst: Ints) -> tuple[Ints, Bools]:
        """The pieces leave ``src`` (the nest where one comes ``out``) for ``dst``: a lone
        piece of another colour there is eaten (off the safe squares), and one comes out
        onto a full exit by eating the last arrival of another colour."""
        tab, board = self._tab, self._board_flat
        seat = self.turn
        span, codes = tab.span.take(seat), tab.codes.take(seat)
        # The square left: a barrier there opens (its cell's bit clears either way).
        left = tab.cell_flat.take(span + src)  # the spare column where none moves
        at = self._board_row + left
        board[at] = _REMOVE_FLAT.take(codes + board.take(at))
        self.bar0 &= ~tab.bit0.take(left)
        self.bar1 &= ~tab.bit1.take(left)
        moved = move | out
        mine_at, mine = self._mine()
        found = self._work.c
        found[:] = src
        piece = _first(mine_at, mine == found)
        self._pos_flat[piece] = np.where(moved, dst, self._pos_flat.take(piece))
        # The square reached (none in the goal).
        goal = move & (dst == _IN_GOAL)
        lands = moved & ~goal
        reached = np.where(lands, tab.cell_flat.take(span + dst), _SPARE)
        at = self._board_row + reached
        code = board.take(at)
        new = _ADD_FLAT.take(codes + code)
        eat = move & _LONE_OTHER.take(codes + code) & ~tab.safe.take(reached)
        eat |= out & (code >= _EIGHT)
        if _any(eat):
            self._eat(eat.nonzero()[0], out, code, reached, new)
        board[at] = np.where(lands, new, code)
        # A barrier forms where two pieces of one colour now stand (no piece lands on a
        # barrier, and one eaten on the exit is cleared by _eat: no bit to clear here).
        formed = tab.barrier_flat.take(new * _WIDTH + reached) & lands
        if _any(formed):
            gf = formed.nonzero()[0]
            self._mark(gf, reached[gf], True)
        if self.options.two_out_on_first_five:
            self._second_out(out, code, reached)
        self.opened |= np.left_shift(out, seat)
        bonus = goal * _GOAL_BONUS + eat * _CAPTURE_BONUS  # (never both)
        finished = np.zeros(self.n, dtype=np.bool_)
        if _any(goal):  # finished: every piece in the goal
            gg = goal.nonzero()[0]
            finished[gg] = _all(self._mine(gg)[1] == _IN_GOAL)
        return bonus, finished

    def _eat(self, g: Ints, out: Bools, code: Codes, reached: Ints, new: Ints) -> None:
        """In games ``g`` the piece arriving on ``reached`` eats one there: ``new`` becomes
        the cell's code after it."""
        c = reached.take(g)
        at = (out.take(g) * _FOUR_PIECES + self.turn.take(g)) * _CODES_C + code.take(g)
        victim = self._tab.victim.take(at)
        new[g] = self._tab.after_eating.take(at)
        self._mark(g, c, False)  # a barrier there is broken
        self._relocate(g, victim, self._tab.rel_flat.take(victim * CELLS + c), NEST)

    def _second_out(self, out: Bools, code: Codes, exit_cell: Ints) -> None:
        """With the option, a player's first 5 onto an empty exit brings out two pieces
        (when two are in the nest)."""
        g = np.flatnonzero(out & (self.opened >> self.turn & 1 == 0) & (code == 0))
        g = g[(self._mine(g)[1] == NEST).any(axis=0)]
        if len(g):
            seat = self.turn[g]
            self._drop(g, exit_cell[g], seat)
            self._relocate(g, seat, np.full(len(g), NEST), np.zeros(len(g), dtype=np.int64))

    def _after_move(
        self, playing: Bools, moved: Bools, dst: Ints, bonus: Ints, finished: Bools
    ) -> None:
        """After a piece moved: finished, a bonus to count if some piece can, or the turn
        is over (as after a pass)."""
        last = np.where(moved, dst, self.last)
        counting = np.zeros(self.n, dtype=np.bool_)
        has = (bonus != _ZERO) & ~finished
        if _any(has):
            gb = has.nonzero()[0]
            self.count[gb] = bonus[gb]
            r = self._mine(gb)[1]
            can = _any(self._steps(gb, r))
            gc = gb[can]
            counting[gc] = True
            self.phase[gc] = PHASE_BONUS
            self.last[gc] = dst[gc]
        if _any(finished):
            self._finish(finished.nonzero()[0])
        self._turn_over(playing & ~finished & ~counting, last)

    def _turn_over(self, over: Bools, last: Ints) -> None:
        """The roll is played out in the games where ``over`` is true: after a 6 the same
        player rolls again (not after the third), else the next one."""
        again = over & (self.roll == _SIX) & (self.sixes < _THREE)
        np.copyto(self.last, last, where=again)
        self._next_turn(over & ~again)
        # (the roll, which follows in the same step, sets the die and the count)
        np.copyto(self.phase, _ROLLING, where=over)

    def _next_turn(self, passing: Bools) -> None:
        """The die passes to the next player who has not finished (where ``passing``)."""
        nxt = self._tab.next_seat.take(self.donemask * _FOUR_PIECES + self.turn)
        np.copyto(self.turn, nxt, where=passing)
        np.copyto(self.sixes, _ZERO, where=passing)
        np.copyto(self.last, _IN_NEST, where=passing)

    def _finish(self, g: Ints) -> None:
        p = self.players
        seat = self.turn.take(g)
        self.done[g, self.ndone[g]] = seat
        self.ndone[g] += 1
        self.donemask[g] |= np.left_shift(_ONE, seat)
        over = self.ndone.take(g) >= self._tab.last_place
        go = g[over]
        # The one seat left: the only bit not set in the mask of those who finished.
        self.done[go, p - 1] = _LOWEST_BIT[((1 << p) - 1) ^ self.donemask[go]]
        self.ndone[go] = p
        self.phase[go] = PHASE_OVER
        self.roll[go] = self.count[go] = self.sixes[go] = 0
        self.last[go] = NEST
        # The others pass the die at once (no second roll after a 6 that finished).
        rest = np.zeros(self.n, dtype=np.bool_)
        rest[g[~over]] = True
        self._next_turn(rest)
        np.copyto(self.phase, PHASE_ROLL, where=rest)  # (the roll that follows sets roll, count)

    # ----------------------------------------------------------------- pieces and cells

    def _relocate(self, g: Ints, seat: Ints, src: Ints, dst: Ints | int) -> None:
        """One piece of ``seat`` at ``src`` moves to ``dst`` in each game of ``g``."""
        if not len(g):
            return
        at = self._pos_row.take(g) + seat * _FOUR_PIECES  # the seat's first piece
        # (along the first axis: numpy's reductions along a short last one are slow)
        j = np.argmax(self._pos_flat.take(at + _FOUR) == src, axis=0)
        self._pos_flat[at + j] = dst

    def _lift(self, g: Ints, c: Ints, seat: Ints) -> None:
        """A piece of ``seat`` leaves cell ``c`` of games ``g`` (one piece is left there at
        most: no barrier)."""
        if len(g):
            at = self._board_row.take(g) + c
            board = self._board_flat
            board[at] = _REMOVE_FLAT.take(self._tab.codes.take(seat) + board.take(at))
            self._mark(g, c, False)

    def _drop(self, g: Ints, c: Ints, seat: Ints) -> None:
        if len(g):
            self._put(g, c, _ADD_T[self.board[g, c], seat])

    def _put(self, g: Ints, c: Ints, new: Ints) -> None:
        """Cell ``c`` of games ``g`` now holds ``new``: its barrier bit follows."""
        self.board[g, c] = new
        self._mark(g, c, self._tab.barrier[new, c])

    def _mark(self, g: Ints, c: Ints, barrier: Bools | bool) -> None:
        """Cell ``c`` of games ``g`` holds a barrier where ``barrier`` is true, else not."""
        tab = self._tab
        for words, bits in ((self.bar0, tab.bit0), (self.bar1, tab.bit1)):
            bit = bits.take(c)
            if barrier is True:  # formed in every game g
                words[g] |= bit
            elif barrier is False:  # broken in every game g
                words[g] &= ~bit
            else:
                words[g] = (words[g] & ~bit) | np.where(barrier, bit, np.uint64(0))

    # ----------------------------------------------------------------- legal moves

    def _steps(self, g: Ints | None, r: Ints) -> Bools:
        """``ok[j, k]``: piece ``j`` (at ``r[j, k]``) of the mover of game ``g[k]`` (of
        every game if ``g`` is None) can move ``count`` squares: the goal takes the exact
        count, no barrier on the way or on the square, no square holds three pieces."""
        tab = self._tab
        if g is None:
            seat, count, row = self.turn, self.count, self._work.board_row
            bar0, bar1, work = self.bar0, self.bar1, self._work.spare
        else:
            seat, count, row = self.turn[g], self.count[g], self._work.board_row.take(g, axis=1)
            bar0, bar1, work = self.bar0[g], self.bar1[g], _NEW
        way = np.multiply(r, _PER_COUNT, out=work.a)
        way += tab.way.take(seat) + count
        ok: Bools = tab.within.take(way, mode="clip")
        reached = tab.reached.take(way, out=work.b, mode="clip")
        reached += row
        ok &= self._board_flat.take(reached, mode="clip") < _EIGHT
        crossed = tab.cross0.take(way, out=work.u, mode="clip")
        crossed &= bar0
        more = tab.cross1.take(way, out=work.v, mode="clip")
        more &= bar1
        crossed |= more
        ok &= crossed == _ZERO_WORD
        return ok

    def _legal(self) -> _Legal:
        """The legal actions of every game (see :class:`_Legal`)."""
        tab = self._tab
        seat = self.turn
        r = self._work.legal_r if self._movers else self._mine(out=self._work.legal_r)[1]
        self._movers = False  # legal_r is the legal actions' now
        ok = self._steps(None, r)
        # Two pieces on one square are one move: keep the first.
        r0, r1, r2, r3 = r
        ok[1] &= r1 != r0
        ok[2] &= (r2 != r0) & (r2 != r1)
        ok[3] &= (r3 != r0) & (r3 != r1) & (r3 != r2)
        moving = self.phase == _MOVING
        # On a 6 a barrier must be opened when a barrier piece can move.
        six = (moving & (self.roll == _SIX)).nonzero()[0]
        if len(six):
            c = tab.cell_flat.take(r.take(six, axis=1) + tab.span.take(seat.take(six)))
            on = tab.bit0.take(c) & self.bar0.take(six)
            on |= tab.bit1.take(c) & self.bar1.take(six)
            opening = ok.take(six, axis=1) & (on != _ZERO_WORD)
            must = _any(opening)
            ok[:, six[must]] = opening.compress(must, axis=1)
        # A 5 must bring a piece out when it can.
        out = np.zeros(self.n, dtype=np.bool_)
        five = (moving & (self.roll == _FIVE)).nonzero()[0]
        if len(five):
            mover = seat.take(five)
            code = self._board_flat.take(self._board_row.take(five) + tab.exit.take(mover))
            nest = _any(r.take(five, axis=1) == _IN_NEST)
            out[five] = tab.come_out.take(tab.codes.take(mover) + code) & nest
        over = self.phase == _OVER
        ok &= ~(out | (self.sixes == _THREE) | over)
        only = np.where(out, _OUT, np.where(_any(ok), _PIECES_MOVE, _PASS))
        only[over] = -2
        return _Legal(ok, r, only, self._work.running, self._games, self._work.spread)


def _first(at: Ints, found: Bools) -> Ints:
    """``at[j, k]`` for the first ``j`` where ``found[j, k]`` (the last row if none)."""
    first: Ints = np.where(
        found[0], at[0], np.where(found[1], at[1], np.where(found[2], at[2], at[3]))
    )
    return first


def _running(ok: Bools, total: Ints) -> Ints:
    """``np.cumsum(ok, axis=0)`` of four rows into ``total``, written out (numpy's runs
    along each column one game at a time)."""
    np.copyto(total[0], ok[0])
    for j in (1, 2, 3):
        np.add(total[j - 1], ok[j], out=total[j])
    return total


class _Legal(NamedTuple):
    """The legal actions of each game: the pieces ``ok[j, g]`` (distinct squares) at
    positions ``r[j, g]`` move, unless ``only[g]`` names the one legal action (``out`` or
    ``pass``); ``only`` is -1 when pieces move, -2 in a game that is over.  (A named
    tuple: made at every step, cheaper than an attrs class.)"""

    ok: Bools
    r: Ints
    only: Ints
    running: Ints  # space for _running's counts
    rows: Ints  # 0..n-1
    spare: Ints  # space for a row copied to the four pieces

    def choices(self) -> tuple[Ints, Ints]:
        ok, n = self.ok, len(self.only)
        # The legal pieces first, in order: each one's place among them.
        place = np.where(ok, _running(ok, self.running) - 1, 4)
        choices = np.full(n * 5, -1)
        choices[np.arange(n) * 5 + place] = self.r
        choices = choices.reshape(n, 5)[:, :4]
        single = self.only >= 0
        choices[single, 0] = self.only[single]
        nlegal = np.where(single, 1, np.where(self.only == -1, ok.sum(axis=0), 0))
        return choices, nlegal

    def random(self, rng: np.random.Generator) -> Ints:
        ok = self.ok
        n = len(self.only)
        pick = (rng.random(n) * _sum(ok)).astype(np.int64)
        spread = self.spare
        spread[:] = pick
        j = _sum(_running(ok, self.running) <= spread)  # the (pick+1)-th legal one
        moved = self.r.reshape(-1).take(j * n + self.rows, mode="clip")  # (4 if none: unused)
        only = self.only
        chosen: Ints = np.where(only == _PIECES_MOVE, moved, np.maximum(only, _PIECES_MOVE))
        return chosen

    def allows_all(self, a: Ints) -> Bools:
        """Whether ``a[g]`` is legal in each game ``g``."""
        only, spread = self.only, self.spare
        spread[:] = a
        piece = _any(self.ok & (self.r == spread)) & (only == _PIECES_MOVE)
        allowed: Bools = piece | ((a == only) & (only >= _ZERO))
        return allowed
