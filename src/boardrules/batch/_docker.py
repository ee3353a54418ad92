"""Docker for ``n`` games at once: the rules of :mod:`boardrules.docker._rules` over arrays.

The arrays, one row per game: ``towers[g, square, h]`` the owner of the piece at height
``h`` of each tower (bottom 0; only ``h < height[g, square]`` is meaningful), ``reserve[g,
seat]`` the pieces off the pitch, ``turn`` and ``roll`` as the state's, ``out[g, k]`` the
players eliminated (``nout`` long, ``outmask`` their bits).

The route search (:meth:`DockerBatch._reach`) runs once per position and mover, for every
cost up to 6: ``ends[g, slot, cost, square]`` says that the mover's top piece on square
``slot`` (slot 9: a new piece entering) can end on ``square`` with exactly ``cost``.  The
legal moves are ``ends[g, :, roll]``; whether the player rolls again or is eliminated
after an unusable roll reads the other costs.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

import boardrules.docker  # the public name of the states, for the docs' annotations
from boardrules.batch._base import Actions, Bools, Dice, Floats, Ints, StepResult
from boardrules.batch._dice import _Dice
from boardrules.docker._actions import _frames
from boardrules.docker._board import FACES
from boardrules.docker._observation import _planes
from boardrules.docker._setup import rules_of
from boardrules.docker._state import PIECES, Options, State
from boardrules.game import TERMINAL

__all__ = ["DockerBatch"]

ENTRY = 9  # the slot of a new piece, after the nine squares' slots
SLOTS = 10
#: The rows of the route search's front, one column per route: ``k * q`` (where game
#: ``g[k]``'s heights begin), ``(k * SLOTS + slot) * (FACES + 1)`` (where its ends begin),
#: ``slot``, the square ``here``, its ``altitude``, the cost ``spent``, the squares
#: ``entered`` (bits; bit ``q`` always set), ``k * (FACES + 1)`` (where its costs begin).
_FRONT = ("at", "out", "slot", "here", "altitude", "spent", "entered", "costs")


class _Tables:
    """The pitch and the seats' frames as arrays."""

    def __init__(self, options: Options) -> None:
        pitch, p = options.pitch, options.players
        q = pitch.squares
        self.squares = q
        #: ``ahead[square]``: its neighbours, then ``q`` (no square) for the missing ones.
        self.ahead = np.full((q, 4), q)
        for s, near in enumerate(pitch.neighbours):
            self.ahead[s, : len(near)] = near
        self.entry = np.array(options.entries)
        self.view = np.array([f.view for f in _frames(options)])  # [seat, square]
        # code[seat, action]: the (slot * q + target) the action stands for (a bijection).
        self.code = np.zeros((p, q * q + q), dtype=np.int64)
        for seat in range(p):
            view = self.view[seat]
            for slot in range(SLOTS):
                for t in range(q):
                    a = (view[slot] * q if slot < ENTRY else q * q) + view[t]
                    self.code[seat, a] = slot * q + t
        #: ``next_seat[outmask * p + seat]``: who plays after ``seat`` (the winner once
        #: every other seat is out).
        self.next_seat = np.zeros((1 << p) * p, dtype=np.int64)
        for out in range(1 << p):
            for seat in range(p):
                nxt = (seat + 1) % p
                for _ in range(p - 1):
                    nxt = (nxt + 1) % p if out >> nxt & 1 else nxt
                self.next_seat[out * p + seat] = nxt


class DockerBatch(_Dice[Options, State]):
    """``n`` games of Docker with the same options, stepped together.

    Each game always stands at a decision (the die is rolled inside, again after an
    unusable roll while the player may still enter, and players are eliminated there) or,
    frozen, at its end.  ``dice`` (for the constructor and :meth:`step`) gives the rolls:
    ``dice[g, j]`` is the ``j``-th roll of game ``g`` (an array ``(n,)`` is one roll per
    game); a game that needs more rolls than given takes them from the generator seeded by
    ``seed``, and ``rolled`` says how many each game made.  ``autoreset`` restarts a game
    as soon as it ends, else it stays over.  The other keywords are the options of
    :func:`boardrules.docker.new_game`.

    >>> from boardrules.batch import DockerBatch
    >>> import boardrules as br
    >>> b = DockerBatch(2, seed=7, players=2, dice=[2, 1])
    >>> [br.legal_actions(b.state(i)) for i in range(2)]
    [(81, 83, 85), (82,)]
    """

    _GAME = "Docker"
    _STATE = State
    _ROWS = (
        "towers", "height", "reserve", "turn", "roll", "out", "nout", "outmask", "_ends", "rolled"
    )  # fmt: skip

    def _options(self, given: dict[str, Any]) -> Options:
        return rules_of(given)

    def _arrays(self) -> None:
        options, n, p = self.options, self.n, self.players
        self._tab = _Tables(options)
        q = self._tab.squares
        self.high: int = PIECES * p
        self.num_actions: int = q * q + q
        self.observation_size: int = _planes(p) * q
        self.towers: Ints = np.zeros((n, q, self.high), dtype=np.int64)
        self.height: Ints = np.zeros((n, q), dtype=np.int64)
        self.reserve: Ints = np.zeros((n, p), dtype=np.int64)
        self.turn: Ints = np.zeros(n, dtype=np.int64)
        self.roll: Ints = np.zeros(n, dtype=np.int64)
        self.out: Ints = np.zeros((n, p), dtype=np.int64)
        self.nout: Ints = np.zeros(n, dtype=np.int64)
        self.outmask: Ints = np.zeros(n, dtype=np.int64)
        self._ends: Bools = np.zeros((n, SLOTS, FACES + 1, q), dtype=np.bool_)
        #: The routes at the start (the same in every game) and their costs, searched once.
        self._opening: tuple[Bools, np.uint8] | None = None
        self._reindex()
        #: How many dice each game rolled in the last step (or the constructor).
        self.rolled: Ints = np.zeros(n, dtype=np.int64)
        #: Dice rolled so far (all games), and decisions played.
        self.rolls: int = 0
        self.moves: int = 0

    # ----------------------------------------------------------------- conversions

    def _reindex(self) -> None:
        #: The legal mask, worked out once between steps (see :meth:`_mask`).
        self._legal: Bools | None = None
        #: ``_usable[g]``: bit ``cost`` set if some route of the player in turn costs
        #: ``cost`` (written by :meth:`_search`, read by the :meth:`_roll` that follows).
        self._usable: npt.NDArray[np.uint8] = np.zeros(self.n, dtype=np.uint8)

    def _put_back(self, g: Ints, part: Any) -> None:
        super()._put_back(g, part)
        self._legal = None

    def _roll_loaded(self, dice: Ints | None) -> None:
        self._search(np.arange(self.n))  # the routes of the games at a decision
        super()._roll_loaded(dice)
        ended = np.flatnonzero(self.over)
        if self.autoreset and len(ended):  # a first roll that ended a game, as in step()
            self._restart(ended, dice, clear=False)

    def _load(self, i: int, s: boardrules.docker.State) -> None:
        self._legal = None
        for square, tower in enumerate(s.towers):
            self.towers[i, square, : len(tower)] = tower
            self.height[i, square] = len(tower)
        self.reserve[i] = s.reserve
        self.turn[i], self.roll[i] = s.turn, s.roll
        k = len(s.eliminated)
        self.out[i, :k] = s.eliminated
        self.nout[i] = k
        self.outmask[i] = sum(1 << seat for seat in s.eliminated)

    def state(self, i: int) -> boardrules.docker.State:
        """Game ``i`` as a scalar :class:`~boardrules.docker.State`."""
        self._check_game(i)
        height = self.height[i].tolist()
        towers = tuple(tuple(self.towers[i, s, :h].tolist()) for s, h in enumerate(height))
        return State(
            self.options,
            towers,
            tuple(self.reserve[i].tolist()),
            int(self.turn[i]),
            int(self.roll[i]),
            tuple(self.out[i, : self.nout[i]].tolist()),
        )

    # ----------------------------------------------------------------- what callers read

    @property
    def over(self) -> Bools:
        """Whether each game is over (only frozen games stay over)."""
        over: Bools = self.nout == self.players - 1
        return over

    def to_move(self) -> Ints:
        """The player to decide in each game, :data:`~boardrules.TERMINAL` once it is over."""
        return np.where(self.over, TERMINAL, self.turn)

    def legal_mask(self) -> Bools:
        """``mask[g, a]``: whether action ``a`` is legal in game ``g`` (all false once over);
        the same actions as :func:`boardrules.legal_actions` (the mover's turned pitch)."""
        mask: Bools = self._mask().copy()
        return mask

    def _mask(self) -> Bools:
        """:meth:`legal_mask`, worked out once between steps (not to be written)."""
        if self._legal is None:
            rows = np.arange(self.n)
            # A game over has roll 0, and no route costs 0: all false.
            legal = self._ends[rows, :, self.roll].reshape(-1)
            at = self._tab.code.take(self.turn, axis=0)
            at += (rows * (SLOTS * self._tab.squares))[:, None]
            self._legal = legal.take(at)
        return self._legal

    def returns(self) -> Floats:
        """Each game's :func:`boardrules.returns`: 1.0 for the winner at the end, zeros
        before."""
        out = np.zeros((self.n, self.players))
        over = np.flatnonzero(self.over)
        out[over, self.turn[over]] = 1.0
        return out

    def _default_observers(self) -> Ints:
        return self.turn

    def _write(self, o: Ints, out: Any) -> None:
        out[...] = 0.0
        self._write_towers(o, out)
        self._write_planes(o, out)

    def _write_towers(self, o: Ints, out: Any) -> None:
        p, q, high = self.players, self._tab.squares, self.high
        g, s, h = np.nonzero(np.arange(high)[None, None, :] < self.height[:, :, None])
        seen = self._tab.view[o[g], s]
        owner = (self.towers[g, s, h] - o[g]) % p
        out[g, (owner * high + h) * q + seen] = 1.0
        g, s = np.nonzero(self.height)
        seen = self._tab.view[o[g], s]
        top = (self.towers[g, s, self.height[g, s] - 1] - o[g]) % p
        tops = p * high * q
        out[g, tops + top * q + seen] = 1.0
        out[g, tops + p * q + seen] = self.height[g, s] / high

    def _write_planes(self, o: Ints, out: Any) -> None:
        """The entry squares and the planes filled with one value."""
        p, q, n = self.players, self._tab.squares, self.n
        rows = np.arange(n)[:, None, None]
        sq = np.arange(q)[None, None, :]
        seats = np.arange(p)[None, :]
        rel = ((seats - o[:, None]) % p)[:, :, None]  # [g, seat, 1]
        plane = (p * self.high + p + 1) * q
        seen = self._tab.view[o[:, None], self._tab.entry[None, :]][:, :, None]
        out[rows, plane + rel * q + seen] = 1.0
        plane += p * q
        out[rows, plane + rel * q + sq] = (self.reserve / PIECES)[:, :, None]
        plane += p * q
        gone = (self.outmask[:, None] >> seats & 1).astype(np.float32)
        out[rows, plane + rel * q + sq] = gone[:, :, None]
        plane += p * q
        live = np.flatnonzero(~self.over)
        mover = (self.turn[live] - o[live]) % p
        out[live[:, None], plane + mover[:, None] * q + sq[0]] = 1.0
        plane += p * q
        phase = np.where(self.over, 2, 1)  # a game not over stands at a decision
        out[rows[:, :, 0], plane + phase[:, None] * q + sq[0]] = 1.0
        rolled = np.flatnonzero(self.roll > 0)
        die = 2 + self.roll[rolled]
        out[rolled[:, None], plane + die[:, None] * q + sq[0]] = 1.0

    # ----------------------------------------------------------------- playing

    def step(
        self,
        actions: Actions,
        dice: Dice | None = None,
        where: npt.NDArray[np.bool_] | None = None,
    ) -> StepResult:
        """Play ``actions[g]`` in every game ``g`` that is not over (and, if ``where`` is
        given, where it is true: the other games do not move), then roll for the next
        player until a decision or the end (``dice``, if given, then the generator) and
        restart the games that ended if ``autoreset``.  An action that is not legal raises
        :class:`~boardrules.IllegalMoveError` before any game moves."""
        a, given, g = self._playing(actions, dice, where)
        self._legal = None
        self._moved(g, a[g])
        self.rolled[:] = 0
        self._roll(g, given)
        ended = np.zeros(self.n, dtype=np.bool_)
        ended[g] = self.over[g]
        returns = np.zeros((self.n, self.players))
        finished = np.flatnonzero(ended)
        if len(finished):
            returns[finished, self.turn[finished]] = 1.0
            if self.autoreset:
                self._restart(finished, given, clear=False)
        return StepResult(returns, ended)

    def _restart(self, g: Ints, dice: Ints | None, roll: bool = True, clear: bool = True) -> None:
        """Games ``g`` back to the start, then (with ``roll``) rolled to their first
        decision (``clear``: counting their dice from the first)."""
        self.towers[g] = 0
        self.height[g] = 0
        self.reserve[g] = PIECES
        self.turn[g] = self.options.first_player
        self.roll[g] = 0
        self.out[g] = 0
        self.nout[g] = self.outmask[g] = 0
        self._legal = None
        if roll:
            if clear:
                self.rolled[g] = 0
            if self._opening is None:  # searched once: the same in every game
                self._search(g)
                self._opening = self._ends[g[0]].copy(), self._usable[g[0]]
            else:
                self._ends[g], self._usable[g] = self._opening
            self._roll(g, dice, search=False)

    # The scalar rules, over index arrays.

    def _roll(self, g: Ints, dice: Ints | None, search: bool = True) -> None:
        """The players in turn in games ``g`` roll until one can move (rolling again after
        a roll they cannot use while they may still enter, else eliminated) or the game is
        over; their routes are searched first (``search``) or already known."""
        fresh = g if search else g[:0]
        while len(g):
            if len(fresh):
                self._search(fresh)
            die = self._draw(g, dice)
            usable = (self._usable[g] >> die & 1) == 1
            self.roll[g[usable]] = die[usable]
            rest = g[~usable]
            again = (self.reserve[rest, self.turn[rest]] > 0) & (self._usable[rest] != 0)
            out = rest[~again]
            g, fresh = rest[again], out[:0]
            if len(out):
                self._eliminate(out)
                fresh = out[~self.over[out]]
                g = np.concatenate([g, fresh])

    def _search(self, g: Ints) -> None:
        """The routes of the player in turn in games ``g``, and the costs they can use."""
        costs = np.zeros((len(g), FACES + 1), dtype=np.bool_)
        self._ends[g] = self._reach(g, costs.reshape(-1))
        self._usable[g] = np.packbits(costs, axis=1, bitorder="little")[:, 0]

    def _eliminate(self, g: Ints) -> None:
        seat = self.turn[g]
        self.out[g, self.nout[g]] = seat
        self.nout[g] += 1
        self.outmask[g] |= 1 << seat
        self._next_turn(g)

    def _next_turn(self, g: Ints) -> None:
        """The next player clockwise still in the game (the winner once it is over)."""
        self.turn[g] = self._tab.next_seat.take(self.outmask[g] * self.players + self.turn[g])
        self.roll[g] = 0

    def _moved(self, g: Ints, a: Ints) -> None:
        """The top piece moves, or a new piece enters, and ends on its target."""
        q = self._tab.squares
        seat = self.turn[g]
        code = self._tab.code[seat, a]
        slot, target = code // q, code % q
        shift = slot < ENTRY
        self.height[g[shift], slot[shift]] -= 1
        entry = ~shift
        self.reserve[g[entry], seat[entry]] -= 1
        self.towers[g, target, self.height[g, target]] = seat
        self.height[g, target] += 1
        self.moves += len(g)
        self._next_turn(g)

    # ----------------------------------------------------------------- the route search

    def _reach(self, g: Ints, costs: Bools) -> Bools:
        """``ends[k, slot, cost, square]`` for the player in turn in game ``g[k]``: every
        route, as the scalar search tries them (each step costs 1 plus the height
        difference, no square entered twice, the origin entered unless
        ``return_to_start``); ``costs[k * (FACES + 1) + cost]`` is set where some route
        costs ``cost``."""
        q = self._tab.squares
        ends = np.zeros((len(g), SLOTS, FACES + 1, q), dtype=np.bool_)
        front = self._starts(g, ends, costs)
        flat = ends.reshape(-1)
        heights = self.height[g].reshape(-1)
        while front.shape[1]:
            front = self._spread(heights, front, flat, costs)
        return ends

    def _starts(self, g: Ints, ends: Bools, costs: Bools) -> Ints:
        """The routes' first positions, one column each (see :data:`_FRONT`)."""
        q = self._tab.squares
        seat = self.turn[g]
        height = self.height[g]
        squares = np.arange(q)[None, :]
        tops = self.towers[g[:, None], squares, np.maximum(height - 1, 0)]
        kk, o = np.divmod(np.flatnonzero((height > 0) & (tops == seat[:, None])), q)
        ke = np.flatnonzero(self.reserve[g, seat] > 0)
        e = self._tab.entry[seat[ke]]
        alt = height[ke, e]
        spent = 1 + alt
        ok = spent <= FACES
        ends[ke[ok], ENTRY, spent[ok], e[ok]] = True
        costs[ke[ok] * (FACES + 1) + spent[ok]] = True
        go = spent < FACES
        ke, e, alt, spent = ke[go], e[go], alt[go], spent[go]
        front = np.empty((len(_FRONT), len(kk) + len(ke)), dtype=np.int64)
        k = np.concatenate([kk, ke])
        front[0] = k * q
        front[7] = k * (FACES + 1)
        front[2] = np.concatenate([o, np.full(len(ke), ENTRY)])
        front[1] = (k * SLOTS + front[2]) * (FACES + 1)
        front[3] = np.concatenate([o, e])
        front[4] = np.concatenate([height[kk, o] - 1, alt])
        front[5] = np.concatenate([np.zeros(len(kk), dtype=np.int64), spent])
        entered = np.where(self.options.return_to_start, 0, 1 << o)
        front[6] = np.concatenate([entered, 1 << e]) | 1 << q  # (bit q: no square)
        return front

    def _spread(self, heights: Ints, front: Ints, flat: Bools, costs: Bools) -> Ints:
        """One more step of every route: mark where each ends, keep those that can go on."""
        q = self._tab.squares
        near = self._tab.ahead[front[3]]  # [route, direction]: q where there is no square
        # (flat: numpy's nonzero of a 2-D array is several times slower)
        i = np.flatnonzero((front[6][:, None] >> near & 1) == 0)
        step = near.reshape(-1).take(i)
        front = front[:, i >> 2]
        height = heights.take(front[0] + step) - (step == front[2])  # the origin is one lower
        cost = front[5] + 1 + np.abs(front[4] - height)
        ok = cost <= FACES
        flat[((front[1] + cost) * q + step)[ok]] = True
        costs[(front[7] + cost)[ok]] = True
        front[3], front[4], front[5] = step, height, cost
        front[6] |= 1 << step
        go: Ints = front[:, cost < FACES]
        return go
