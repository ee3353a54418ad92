"""Parchís options, moves and states: small frozen values."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import ClassVar

import attrs

from boardrules._values import full_repr, move_repr
from boardrules.game import CHANCE, TERMINAL, Game
from boardrules.parchis._board import BOARD, GOAL, LANE_FIRST, NEST, Tables, tables

__all__ = ["MOVE", "OUT", "PASS", "ROLL", "Kind", "Move", "Options", "State"]


class Kind(enum.IntEnum):
    """The kinds of Parchís move (an ``int`` enum, so older code comparing with 0-3 works)."""

    #: a roll of the die (a chance outcome)
    ROLL = 0
    #: a piece moves ``steps`` squares (a die, 10 or 20)
    MOVE = 1
    #: a 5 brings a piece from the nest onto the exit
    OUT = 2
    #: nothing can move: the roll is lost
    PASS = 3


ROLL = Kind.ROLL  #: a roll of the die (a chance outcome)
MOVE = Kind.MOVE  #: a piece moves ``steps`` squares (a die, 10 or 20)
OUT = Kind.OUT  #: a 5 brings a piece from the nest onto the exit
PASS = Kind.PASS  #: nothing can move: the roll is lost

# Phases of a state.
PHASE_ROLL = 0  # chance: the player in turn rolls
PHASE_MOVE = 1  # the player moves the die roll
PHASE_BONUS = 2  # the player counts 10 or 20
PHASE_OVER = 3  # the game has ended
#: The name of each phase, as JSON documents write it.
PHASES = ("roll", "move", "bonus", "over")


@attrs.frozen
class Options:
    """The options of one Parchís game (see :func:`boardrules.parchis.new_game`)."""

    players: int
    colours: tuple[int, ...]
    first_player: int = 0
    two_out_on_first_five: bool = False
    exit_capture: bool = True
    barriers_on_safe_only: bool = False
    third_six_back_to_lane_start: bool = False
    tables: Tables = attrs.field(eq=False, repr=False, init=False)
    #: Per seat, what the move generator reads: the seat's cell of each relative position,
    #: its reach masks (see :class:`~boardrules.parchis._board.Tables`) and its interned moves
    #: ``[src][steps]``.
    seat_tables: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[Move, ...], ...]],
                       ...] = attrs.field(eq=False, repr=False, init=False)  # fmt: skip

    def __attrs_post_init__(self) -> None:
        tab = tables(self.colours)
        object.__setattr__(self, "tables", tab)
        per_seat = tuple(
            (tab.cell[seat], tab.reach[seat], STEPS[colour])
            for seat, colour in enumerate(self.colours)
        )
        object.__setattr__(self, "seat_tables", per_seat)

    def __reduce__(
        self,
    ) -> tuple[type[Options], tuple[int, tuple[int, ...], int, bool, bool, bool, bool]]:
        # The tables are derived from the colours (and shared): pickles carry the options only,
        # some 200 bytes instead of 160 KB of tables.
        return (
            Options,
            (
                self.players, self.colours, self.first_player, self.two_out_on_first_five,
                self.exit_capture, self.barriers_on_safe_only, self.third_six_back_to_lane_start,
            ),
        )  # fmt: skip


@attrs.frozen(cache_hash=True, repr=False)
class Move:
    """A Parchís move: a roll, a piece moving, a piece coming out, or a pass.

    ``str(move)`` is its notation: ``roll 5``, ``out``, ``pass``, or *where the piece stands*
    ``+`` *squares*, e.g. ``12+6`` (the piece on track square 12 moves 6), ``L3+4`` (the piece
    on square 3 of the player's lane moves 4, into the goal), ``30+20`` (a bonus of 20).
    ``kind`` is a :class:`Kind`, ``colour`` the mover's colour index on the board and ``src``
    the piece's position relative to that colour's exit.

    >>> from boardrules.parchis import Kind, Move
    >>> m = Move(Kind.MOVE, 0, 7, 6)
    >>> str(m), m
    ('12+6', <parchis.Move 12+6>)
    """

    kind: int  # a Kind; typed int so that older code building moves from ints type-checks
    colour: int
    src: int
    steps: int

    def __str__(self) -> str:
        kind = self.kind
        if kind == MOVE:
            if self.src >= LANE_FIRST:
                return f"L{self.src - LANE_FIRST + 1}+{self.steps}"
            square = (BOARD.exits[self.colour] - 1 + self.src) % BOARD.squares + 1
            return f"{square}+{self.steps}"
        if kind == ROLL:
            return f"roll {self.steps}"
        return "out" if kind == OUT else "pass"

    def __repr__(self) -> str:
        return move_repr("parchis", self)


#: The six outcomes of the die, interned.
ROLLS = tuple(Move(ROLL, -1, -1, d) for d in range(1, 7))

# Interned moves, so that legal_moves allocates nothing: STEPS[colour][src][steps].
STEPS = tuple(
    tuple(tuple(Move(MOVE, c, src, k) for k in range(21)) for src in range(GOAL))
    for c in range(len(BOARD.colours))
)
OUTS = tuple(Move(OUT, c, NEST, 5) for c in range(len(BOARD.colours)))
PASSES = tuple(Move(PASS, c, NEST, 0) for c in range(len(BOARD.colours)))


@attrs.frozen
class State:
    """A Parchís position: pieces, whose turn, and where in the turn the game stands.

    ``pos`` holds four relative positions per seat in ascending order (pieces of one colour
    are alike); ``board`` holds each cell's pieces in order of arrival, coded as
    ``first + 8 * second`` with seat numbers plus one (0 is an empty cell); ``barriers``
    is a bit mask of the cells that hold a barrier, derived from ``board`` and kept for speed.
    (The rules keep the board as the ``bytes`` of the same codes, which a move copies some
    eight times faster than a tuple; ``board``, the tuple, is made from them on first use.)

    ``repr(state)`` is short (game, turn, phase); ``str(state)`` is :func:`render`'s picture
    and :meth:`full_repr` lists every field.
    """

    game: ClassVar[Game[State, Move]]

    options: Options
    pos: tuple[int, ...]
    board: tuple[int, ...]
    turn: int
    phase: int
    roll: int = 0  #: the die of the current roll (0 when none)
    count: int = 0  #: squares the pending move must cover (die, 7, 10 or 20)
    sixes: int = 0  #: sixes rolled in a row this turn
    last: int = NEST  #: relative position of the piece moved last this turn
    finished: tuple[int, ...] = ()  #: seats in the order they finished
    opened: int = 0  #: bit mask of seats that have brought a piece out
    barriers: int = attrs.field(default=0, eq=False, repr=False)
    #: :func:`~boardrules.current_player`'s value, derived from ``phase`` and ``turn`` and kept
    #: so that the game-independent API reads it as an attribute (see :class:`~boardrules.Game`).
    _to_move: int = attrs.field(init=False, eq=False, repr=False)
    _legal: tuple[Move, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    #: ``board`` as the rules keep it: the same codes as ``bytes`` (see :func:`_cells_of`).
    _cells: bytes = attrs.field(init=False, eq=False, repr=False)
    #: ``board``'s own slot: the tuple, made from ``_cells`` on first use by a rules-made
    #: state (the class's ``board`` is a property over this slot, set below).
    _board: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_to_move", _to_move(self.phase, self.turn))

    @property
    def colour(self) -> str:
        """The colour of the player in turn."""
        return BOARD.colours[self.options.colours[self.turn]]

    def __repr__(self) -> str:
        rolled = f" roll={self.roll}" if self.roll else ""
        return (
            f"<parchis.State turn={self.turn} ({self.colour}) phase={PHASES[self.phase]}{rolled}>"
        )

    def __str__(self) -> str:
        return self.game.render(self)

    def full_repr(self) -> str:
        """Every field of the state, as attrs writes them (``repr`` is short)."""
        return full_repr(self)


class _Made(State):
    """A Parchís state as the rules make it (:func:`_make`), about three times faster than
    ``State(...)``: while it is made it has plain slot stores (``object.__setattr__``, which
    the interpreter runs fast), then it turns into a frozen :class:`State` like any other
    (same slots, so the class can be swapped).  Only the rules' own transitions use it: their
    values are checked already."""

    __slots__ = ()
    # Both, or the interpreter keeps dispatching stores through attrs' frozen methods.
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


_new = object.__new__


def _make(
    options: Options, pos: tuple[int, ...], cells: bytes, turn: int, phase: int, roll: int,
    count: int, sixes: int, last: int, finished: tuple[int, ...], opened: int, barriers: int,
) -> State:  # fmt: skip
    # A function, not _Made's __init__: the class call would pack the arguments into a
    # tuple and look the method up each time.
    self = _new(_Made)
    self.options = options  # type: ignore[misc]
    self.pos = pos  # type: ignore[misc]
    self.turn = turn  # type: ignore[misc]
    self.phase = phase  # type: ignore[misc]
    self.roll = roll  # type: ignore[misc]
    self.count = count  # type: ignore[misc]
    self.sixes = sixes  # type: ignore[misc]
    self.last = last  # type: ignore[misc]
    self.finished = finished  # type: ignore[misc]
    self.opened = opened  # type: ignore[misc]
    self.barriers = barriers  # type: ignore[misc]
    self._cells = cells  # type: ignore[misc]  # the tuple (_board) is made when read
    # _to_move(phase, turn), inline: most states are made here.
    to_move = turn if 0 < phase < PHASE_OVER else CHANCE if phase == PHASE_ROLL else TERMINAL
    self._to_move = to_move  # type: ignore[misc]
    self._legal = None  # type: ignore[misc]
    self.__class__ = State  # type: ignore[assignment]
    return self


def new_roll_state(
    options: Options, pos: tuple[int, ...], cells: bytes, turn: int, sixes: int, last: int,
    finished: tuple[int, ...], opened: int, barriers: int,
) -> State:  # fmt: skip
    """``new_state(options, pos, cells, turn, PHASE_ROLL, 0, 0, sixes, last, finished, opened,
    barriers)``, the state before a roll, as :func:`_make` makes it but with the constant
    fields written in (the commonest state: one call with fewer arguments and no test)."""
    self = _new(_Made)
    self.options = options  # type: ignore[misc]
    self.pos = pos  # type: ignore[misc]
    self.turn = turn  # type: ignore[misc]
    self.phase = PHASE_ROLL  # type: ignore[misc]
    self.roll = 0  # type: ignore[misc]
    self.count = 0  # type: ignore[misc]
    self.sixes = sixes  # type: ignore[misc]
    self.last = last  # type: ignore[misc]
    self.finished = finished  # type: ignore[misc]
    self.opened = opened  # type: ignore[misc]
    self.barriers = barriers  # type: ignore[misc]
    self._cells = cells  # type: ignore[misc]
    self._to_move = CHANCE  # type: ignore[misc]
    self._legal = None  # type: ignore[misc]
    self.__class__ = State  # type: ignore[assignment]
    return self


def _to_move(phase: int, turn: int) -> int:
    """The player to move in ``phase``: :data:`CHANCE` before a roll, :data:`TERMINAL` once the
    game is over, else the seat in turn."""
    if phase == PHASE_ROLL:
        return CHANCE
    return TERMINAL if phase == PHASE_OVER else turn


# The fields _make sets are exactly the state's but for board (_board), in this order.
assert tuple(a.name for a in attrs.fields(State)) == (
    "options", "pos", "board", "turn", "phase", "roll", "count", "sixes", "last", "finished",
    "opened", "barriers", "_to_move", "_legal", "_cells", "_board",
)  # fmt: skip

_get_board = State.__dict__["_board"].__get__
_set_board = State.__dict__["_board"].__set__
_set_cells = State.__dict__["_cells"].__set__


def _board_of(state: State) -> tuple[int, ...]:
    try:
        return _get_board(state)  # type: ignore[no-any-return]
    except AttributeError:  # a state the rules made: its tuple is made once, when first read
        board = tuple(state._cells)
        _set_board(state, board)
        return board


def _store_board(state: State, board: tuple[int, ...]) -> None:
    """``State(...)`` (through attrs), ``attrs.evolve`` and unpickling set ``board``: the tuple
    is kept as given and the rules' bytes made from it."""
    _set_board(state, board)
    _set_cells(state, _cells_of(board))


def _cells_of(board: tuple[int, ...]) -> bytes:
    """The bytes of ``board``'s cell codes; for a board that is no sequence of small whole
    numbers (which no maker of states builds, and :func:`~boardrules.position_problems`
    reports), the tuple itself, which the rules index alike."""
    try:
        return bytes(board)
    except (TypeError, ValueError):
        return board  # type: ignore[return-value]


# board, a field of the class (its constructor, eq, hash, repr, evolve and fields() see it as
# before), is read and set through this property, which keeps the tuple in _board.
State.board = property(_board_of, _store_board)  # type: ignore[assignment]

_PICKLED = tuple(
    a.name for a in attrs.fields(State) if a.name not in ("_legal", "_cells", "_board")
)


def _getstate(self: State) -> tuple[object, ...]:
    # The same pickle as before the rules kept bytes: the fields, board as its tuple.
    return tuple(getattr(self, name) for name in _PICKLED)


def _setstate(self: State, values: tuple[object, ...]) -> None:
    for name, value in zip(_PICKLED, values, strict=True):
        object.__setattr__(self, name, value)
    object.__setattr__(self, "_legal", None)


setattr(State, "__getstate__", _getstate)  # noqa: B010 (mypy forbids assigning methods)
setattr(State, "__setstate__", _setstate)  # noqa: B010

#: ``new_state(options, pos, cells, turn, phase, roll, count, sixes, last, finished, opened,
#: barriers)``: the :class:`State` with these fields (``cells`` the board's bytes), made fast
#: (see :class:`_Made`).
new_state: Callable[
    [Options, tuple[int, ...], bytes, int, int, int, int, int, int, tuple[int, ...], int, int],
    State,
] = _make  # fmt: skip
#: ``set_legal(state, moves)`` fills in the memo of the legal moves (faster than
#: ``object.__setattr__``).
set_legal = State.__dict__["_legal"].__set__
