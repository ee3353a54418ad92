"""Dorada for ``n`` games at once: the rules of :mod:`boardrules.dorada._rules` over arrays,
on any board (the board is data: its kinds of fields and jump numbers become tables).

The arrays, one row per game, by piece: ``pos[g, seat, j]`` where piece ``j`` of ``seat``
is (0 its start field, ``1..F`` a field of the path, ``F + 1`` DORADA, ``-f`` lost in the
stumble field ``f``), ``h[g, seat, j]`` its height in its stack (0 at the bottom; in DORADA
its place in the order of arrival); by field: ``height[g, f]`` the stack heights and
``bridge[g, f]`` the owner of the piece lost in a stumble field (-1: open); ``turn``
(:data:`~boardrules.TERMINAL` once over) and ``roll`` as the state's, ``home[g]`` the
pieces in DORADA.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

import boardrules.dorada  # the public name of the states, for the docs' annotations
from boardrules.batch._base import Actions, Bools, Dice, Floats, Ints, StepResult
from boardrules.batch._dice import _Dice
from boardrules.dorada._board import Field
from boardrules.dorada._observation import _Layout, _layout
from boardrules.dorada._points import POINTS, POINTS_BELOW
from boardrules.dorada._setup import make_options
from boardrules.dorada._state import NO_BRIDGE, PIECES, Options, State
from boardrules.game import TERMINAL

#: The observations are written this many bytes of them at a time (within the caches).
_PART_BYTES = 1 << 19

__all__ = ["DoradaBatch"]

_RUNNING, _STUMBLE, _JUMP = int(Field.RUNNING), int(Field.STUMBLE), int(Field.JUMP)
#: A player's pieces' flags (one byte each) read as one word.
_WORD = np.dtype(f"u{PIECES}")


def _any_piece(flags: Bools) -> Bools:
    """``flags.any(axis=-1)`` over the last axis, a player's pieces, of a C-contiguous array
    of flags: their bytes read as one word (numpy's reduction along so short an axis costs
    dozens of times as much)."""
    word = flags.view(_WORD)
    anyone: Bools = word[..., 0] != 0
    return anyone


def _entry_table(lay: _Layout) -> Ints:
    """``table[(k * (2F + 2) + x + F) * D + d]``: the index in an observation of a piece of
    seat ``k`` (relative to the observer) at position ``x`` (``-F..F + 1``, the batch's)
    with ``d`` pieces above it in its stack or in DORADA (``0..D - 1``; on the start field
    and in a stumble field, ``d`` changes nothing)."""
    p, f, depth = lay.players, lay.fields, lay.depth
    k = np.arange(p)[:, None, None]
    x = np.arange(-f, f + 2)[None, :, None]
    d = np.arange(depth)[None, None, :]
    on_path = (k * depth + d) * f + x - 1
    bridge = lay.bridges + k * f - x - 1
    home = lay.dorada + d * p + k
    start = lay.start + k
    table = np.where(x > f, home, np.where(x > 0, on_path, np.where(x < 0, bridge, start)))
    flat: Ints = table.ravel()
    return flat


class DoradaBatch(_Dice[Options, State]):
    """``n`` games of Dorada with the same options (any board), stepped together.

    Each game always stands at a decision (the die is rolled inside) or, frozen, at its
    end.  ``dice`` (for the constructor and :meth:`step`) gives the rolls, one per game
    (an array ``(n,)``; ``(n, k)`` is read as for :class:`DockerBatch`, a Dorada game
    rolls at most once a step), else the generator seeded by ``seed`` rolls them;
    ``autoreset`` restarts a game as soon as it ends, else it stays over.  The other
    keywords are the options of :func:`boardrules.dorada.new_game`.

    >>> from boardrules.batch import DoradaBatch
    >>> import boardrules as br
    >>> b = DoradaBatch(2, seed=7, players=2, dice=[5, 3])
    >>> [br.legal_actions(b.state(i)) for i in range(2)]
    [(0,), (0,)]
    >>> b.num_actions
    42
    """

    _GAME = "Dorada"
    _STATE = State
    _ROWS = ("pos", "h", "height", "bridge", "home", "turn", "roll", "rolled")

    def _options(self, given: dict[str, Any]) -> Options:
        return make_options(given)

    def _arrays(self) -> None:
        options, n, p = self.options, self.n, self.players
        board = options.board
        self.fields: int = board.fields
        f = self.fields
        self.kinds: Ints = np.array([int(k) for k in board.kinds])
        self.jump_by: Ints = np.array(board.jump_by)
        depth = PIECES * p
        self._points = np.array(
            [POINTS[d] if d < len(POINTS) else POINTS_BELOW for d in range(depth)]
        )
        self._layout = _layout(p, board)
        self._entries = _entry_table(self._layout)
        self.num_actions: int = f + 2
        self.observation_size: int = self._layout.size
        self.pos: Ints = np.zeros((n, p, PIECES), dtype=np.int64)
        self.h: Ints = np.zeros((n, p, PIECES), dtype=np.int64)
        self.height: Ints = np.zeros((n, f + 2), dtype=np.int64)
        self.bridge: Ints = np.full((n, f + 1), NO_BRIDGE)
        self.home: Ints = np.zeros(n, dtype=np.int64)
        self.turn: Ints = np.zeros(n, dtype=np.int64)
        self.roll: Ints = np.zeros(n, dtype=np.int64)
        #: How many dice each game rolled in the last step (or the constructor).
        self.rolled: Ints = np.zeros(n, dtype=np.int64)
        #: Dice rolled so far (all games), and decisions played.
        self.rolls: int = 0
        self.moves: int = 0
        self._reindex()

    def _reindex(self) -> None:
        #: The legal mask, worked out once between moves (see :meth:`_mask`; the die
        #: changes nothing in it).
        self._legal: Bools | None = None

    def _put_back(self, g: Ints, part: Any) -> None:
        super()._put_back(g, part)
        self._legal = None

    # ----------------------------------------------------------------- conversions

    def _load(self, i: int, s: boardrules.dorada.State) -> None:
        """Game ``i`` becomes ``s``: every value of its row is written (from lists, a few
        numpy writes: the vector environments put games back one at a time)."""
        self._legal = None
        # (a piece off the stacks, on its start field or a bridge, has height 0)
        pos = [[0] * pieces for pieces in s.start]
        h = [[0] * pieces for pieces in s.start]
        for f, stack in enumerate(s.track):
            for height, owner in enumerate(stack):
                pos[owner].append(f)
                h[owner].append(height)
        for f, owner in enumerate(s.bridges):
            if owner != NO_BRIDGE:
                pos[owner].append(-f)
                h[owner].append(0)
        for height, owner in enumerate(s.dorada):
            pos[owner].append(self.fields + 1)
            h[owner].append(height)
        self.pos[i] = pos
        self.h[i] = h
        self.height[i, : self.fields + 1] = [len(stack) for stack in s.track]
        self.bridge[i] = s.bridges
        self.home[i] = len(s.dorada)
        self.turn[i], self.roll[i] = s.turn, s.roll

    def state(self, i: int) -> boardrules.dorada.State:
        """Game ``i`` as a scalar :class:`~boardrules.dorada.State`."""
        self._check_game(i)
        f = self.fields
        pos, h = self.pos[i].tolist(), self.h[i].tolist()
        stacks: dict[int, list[tuple[int, int]]] = {}
        for seat in range(self.players):
            for where, height in zip(pos[seat], h[seat], strict=True):
                if where > 0:  # on the path or home (f + 1)
                    stacks.setdefault(where, []).append((height, seat))
        track: list[tuple[int, ...]] = [()] * (f + 2)
        for where, stack in stacks.items():
            stack.sort()
            track[where] = tuple(seat for _, seat in stack)
        return State(
            self.options,
            tuple(pos_row.count(0) for pos_row in pos),
            tuple(track[: f + 1]),
            tuple(self.bridge[i].tolist()),
            track[f + 1],
            int(self.turn[i]),
            int(self.roll[i]),
        )

    # ----------------------------------------------------------------- what callers read

    @property
    def over(self) -> Bools:
        """Whether each game is over (only frozen games stay over)."""
        over: Bools = self.turn == TERMINAL
        return over

    def to_move(self) -> Ints:
        """The player to decide in each game, :data:`~boardrules.TERMINAL` once it is
        over."""
        turn: Ints = self.turn.copy()
        return turn

    def legal_mask(self) -> Bools:
        """``mask[g, a]``: whether action ``a`` is legal in game ``g`` (all false once over);
        the same actions as :func:`boardrules.legal_actions`: 0 the start field, ``f`` the
        free piece on field ``f``, ``F + 1`` the pass."""
        mask: Bools = self._mask().copy()
        return mask

    def _mask(self) -> Bools:
        """:meth:`legal_mask`, worked out once between moves (not to be written: a step
        checks the actions against the mask its actions were drawn from)."""
        if self._legal is None:
            self._legal = self._legal_now()
        return self._legal

    def _legal_now(self) -> Bools:
        n, f = self.n, self.fields
        every = np.arange(n)
        rows = every[:, None]
        seat = np.maximum(self.turn, 0)
        mine, high = self.pos[every, seat], self.h[every, seat]
        on_path = (mine >= 1) & (mine <= f)
        # (every position, -F lost to F + 1 home, indexes a column of height: read on the path)
        top = on_path & (high == self.height[rows, mine] - 1)
        free = top | (mine == 0)
        mask = np.zeros((n, f + 3), dtype=np.bool_)
        mask[rows, np.where(free, mine, f + 2)] = True
        mask[:, f + 1] = ~_any_piece(free)
        mask[self.over] = False
        legal: Bools = mask[:, : f + 2]
        return legal

    def returns(self) -> Floats:
        """Each game's :func:`boardrules.returns`: 1.0 for each winner at the end, zeros
        before."""
        return self._returns(np.arange(self.n))

    def _returns(self, g: Ints) -> Floats:
        out = np.zeros((len(g), self.players))
        over = np.flatnonzero(self.over[g])
        if not len(over):
            return out
        won = self._winners(g[over])
        out[over] = won
        return out

    def scores(self) -> Ints:
        """Each player's points in each game, as :func:`boardrules.dorada.scores`."""
        return self._scores(np.arange(self.n))

    def _scores(self, g: Ints) -> Ints:
        """:meth:`scores` of games ``g`` (those that end in a step: not every game's)."""
        home = self.pos[g] == self.fields + 1
        depth = np.clip(self.home[g, None, None] - 1 - self.h[g], 0, len(self._points) - 1)
        points: Ints = np.where(home, self._points[depth], 0).sum(axis=2)
        return points

    def _winners(self, g: Ints) -> Floats:
        points = self._scores(g)
        best = points.max(axis=1, keepdims=True)
        won = (points == best) & (best > 0)
        if self.options.tie_break == "highest-piece":
            home = self.pos[g] == self.fields + 1
            rank = np.where(home & won[:, :, None], self.h[g], -1).reshape(len(g), -1)
            owner = np.argmax(rank, axis=1) // PIECES
            won = (np.arange(self.players)[None, :] == owner[:, None]) & (best > 0)
        shares: Floats = won.astype(np.float64)
        return shares

    def _default_observers(self) -> Ints:
        seats: Ints = np.maximum(self.turn, 0)
        return seats

    def _write(self, o: Ints, out: Any) -> None:
        # As Parchís's (the array is larger than the caches): every game's entries first,
        # then a part of the games at a time, the rows zeroed, the board written (the same
        # in every game: a few columns) and the entries added (value 0 where a fact is
        # absent).  (Zeroing is the fastest write of a large array: twice as fast as
        # copying the board's row into every row, at 4096 games.)
        lay, pieces = self._layout, self.players * PIECES
        idx = np.empty((self.n, pieces + 3), dtype=np.int64)
        # (out's dtype: add.at's fast loop needs it, another is exact but 5 times slower)
        val = np.empty(idx.shape, dtype=out.dtype)  # pragma: no mutate
        self._piece_entries(o, idx[:, :pieces], val[:, :pieces])
        self._turn_entries(o, idx[:, pieces:], val[:, pieces:])
        idx += (np.arange(self.n) * out.shape[1])[:, None]
        board, values = list(lay.board), lay.board_values
        flat, at, value = out.ravel(), idx.ravel(), val.ravel()
        width = idx.shape[1]
        # (the size of a part changes nothing but the speed)
        part = max(1, _PART_BYTES // out[0].nbytes)  # pragma: no mutate
        for first in range(0, self.n, part):  # pragma: no mutate
            rows = out[first : first + part]
            rows[...] = 0
            rows[:, board] = values
            entries = slice(first * width, (first + part) * width)  # pragma: no mutate
            np.add.at(flat, at[entries], value[entries])

    def _piece_entries(self, o: Ints, idx: Ints, val: Any) -> None:
        """Every piece's index in its observer's view: in its stack on the path, a bridge,
        on its start field (a quarter each), or in the DORADA stack: the table
        :func:`_entry_table`'s entry for its seat seen from the observer, its position and
        the pieces above it (in its stack or in DORADA)."""
        p, f, n = self.players, self.fields, self.n
        pos, h = self.pos, self.h
        rel = ((np.arange(p)[None, :] - o[:, None]) % p)[:, :, None]  # [game, seat, 1]
        # The height of each piece's stack: on the path, the field's; in DORADA, its count
        # (read for every piece, used for those two: the table ignores it for the others,
        # whatever it reads, a column of their row or of another, and for -1 below).
        rows = (np.arange(n) * (f + 2))[:, None, None]
        stack = np.where(pos > f, self.home[:, None, None], self.height.ravel().take(rows + pos))
        above = np.maximum(stack - 1 - h, 0)
        key = ((rel * (2 * f + 2) + pos + f) * self._layout.depth + above).reshape(idx.shape)
        idx[...] = self._entries.take(key)
        val[...] = np.where(pos == 0, 1 / PIECES, 1.0).reshape(val.shape)

    def _turn_entries(self, o: Ints, idx: Ints, val: Any) -> None:
        """The phase, who moves and the die (a game not over stands at a decision, its die
        rolled; once over, who moves and the die are none: value 0)."""
        lay, over = self._layout, self.over
        idx[:, 0] = lay.phase + 1 + over
        val[:, 0] = 1.0
        idx[:, 1] = lay.mover + (self.turn - o) % self.players
        val[:, 1] = ~over
        idx[:, 2] = lay.die + self.roll
        val[:, 2] = ~over

    # ----------------------------------------------------------------- playing

    def step(
        self,
        actions: Actions,
        dice: Dice | None = None,
        where: npt.NDArray[np.bool_] | None = None,
    ) -> StepResult:
        """Play ``actions[g]`` in every game ``g`` that is not over (and, if ``where`` is
        given, where it is true: the other games do not move), then roll for the next
        player (``dice[g]``, 1-6, if given, else the generator) and restart the games that
        ended if ``autoreset``.  An action that is not legal raises
        :class:`~boardrules.IllegalMoveError` before any game moves."""
        a, given, g = self._playing(actions, dice, where)
        self._decide(g, a[g])
        ended = np.zeros(self.n, dtype=np.bool_)
        ended[g] = self.over[g]
        returns = np.zeros((self.n, self.players))
        finished = np.flatnonzero(ended)
        if len(finished):
            returns[finished] = self._returns(finished)
            if self.autoreset:
                self._restart(finished, None, roll=False)
        self.rolled[:] = 0
        self._roll(g[~self.over[g]], given)
        return StepResult(returns, ended)

    def _play(self, g: Ints, a: Ints) -> None:
        """``step`` of the actions ``a`` in the games ``g`` (none over; ``a[k]`` legal in
        game ``g[k]``) of a batch without ``autoreset``, less what a caller's actions need
        there: the check that they are legal, the returns.  The vector environments play
        so (their learner's actions are checked, their opponents' are the batch's own
        random legal ones), as :meth:`ParchisBatch._play`."""
        self._decide(g, a)
        self.rolled[:] = 0
        self._roll(g[~self.over[g]], None)

    def _restart(self, g: Ints, dice: Ints | None, roll: bool = True) -> None:
        """Games ``g`` back to the start, then (with ``roll``) rolled to their first
        decision."""
        self._legal = None
        self.pos[g] = 0
        self.h[g] = 0
        self.height[g] = 0
        self.bridge[g] = NO_BRIDGE
        self.home[g] = 0
        self.turn[g] = self.options.first_player
        self.roll[g] = 0
        if roll:
            self.rolled[g] = 0
            self._roll(g, dice)

    def _roll(self, g: Ints, dice: Ints | None) -> None:
        if len(g):
            self.roll[g] = self._draw(g, dice)

    # The scalar rules, over index arrays.

    def _decide(self, g: Ints, a: Ints) -> None:
        self._legal = None
        move = a <= self.fields
        self.moves += len(g)
        self._advance(g[move], a[move])
        self._next_player(g)  # (after a move or a pass alike: one call for all the games)

    def _advance(self, g: Ints, origin: Ints) -> None:
        """The player's free piece on ``origin`` (0: its start field) moves on by the roll
        and comes to rest where :meth:`_destination` says (the turn passes in
        :meth:`_decide`)."""
        if not len(g):
            return
        seat = self.turn[g]
        mine = self.pos[g, seat]
        at_top = self.h[g, seat] == self.height[g, origin][:, None] - 1
        j = np.argmax((mine == origin[:, None]) & (at_top | (origin == 0)[:, None]), axis=1)
        self.height[g, origin] -= origin > 0
        to = self._destination(g, origin + self.roll[g])
        self._place(g, seat, j, to)

    def _place(self, g: Ints, seat: Ints, j: Ints, to: Ints) -> None:
        f = self.fields
        goal = to == f + 1
        on_path = (to >= 1) & (to <= f)
        height = np.where(goal, self.home[g], np.where(on_path, self.height[g, to % (f + 1)], 0))
        self.pos[g, seat, j] = to
        self.h[g, seat, j] = height
        self.home[g[goal]] += 1
        self.height[g[on_path], to[on_path]] += 1
        lost = to < 0
        self.bridge[g[lost], -to[lost]] = seat[lost]

    def _destination(self, g: Ints, field: Ints) -> Ints:
        """Where a piece that the die brings to ``field`` comes to rest (the scalar
        :func:`~boardrules.dorada.destination`: ``F + 1`` DORADA, ``-f`` lost)."""
        f = self.fields
        rest = np.zeros(len(g), dtype=np.int64)
        todo = np.arange(len(g))
        jumped = np.zeros((len(g), f + 1), dtype=np.bool_)
        field = field.copy()
        while len(todo):
            at = field[todo]
            kind = self.kinds[np.minimum(at, f)]
            beyond = at > f
            stumble = ~beyond & (kind == _STUMBLE)
            bridged = self.bridge[g[todo], np.minimum(at, f)] != NO_BRIDGE
            rest[todo] = np.where(
                beyond | (kind > _JUMP),
                f + 1,
                np.where(stumble & ~bridged, -at, at),
            )
            jumps = ~beyond & (kind == _JUMP) & ~jumped[todo, np.minimum(at, f)]
            todo, at = todo[jumps], at[jumps]
            jumped[todo, at] = True
            field[todo] = self._jump(g[todo], at, self.jump_by[at])
        return rest

    def _jump(self, g: Ints, field: Ints, count: Ints) -> Ints:
        """Where a jump of ``count`` free fields (fields holding no piece) from ``field``
        ends: ``F + 1`` past the last field, 0 back past the first."""
        f = self.fields
        empty = self.height[g, : f + 1] == 0
        empty[:, 0] = False
        free = np.cumsum(empty, axis=1)  # free[k, x]: free fields among 1..x
        rows = np.arange(len(g))
        # The rank, among all free fields, of the one where the jump ends.
        rank = np.where(count > 0, free[rows, field] + count, free[rows, field - 1] + count + 1)
        # (a rank <= 0 finds field 0, the start: free[:, 0] is 0)
        found = np.argmax(free >= rank[:, None], axis=1)
        return np.where(rank > free[:, f], f + 1, found)

    def _next_player(self, g: Ints) -> None:
        """The next player clockwise with a piece in play (none left: the game is over)."""
        if not len(g):
            return
        p, f = self.players, self.fields
        pos = self.pos[g]
        playing = _any_piece((pos >= 0) & (pos <= f))
        after = (self.turn[g][:, None] + np.arange(1, p + 1)[None, :]) % p
        ok = playing[np.arange(len(g))[:, None], after]
        nxt = after[np.arange(len(g)), np.argmax(ok, axis=1)]
        self.turn[g] = np.where(ok.any(axis=1), nxt, TERMINAL)
        self.roll[g] = 0
