"""Dorada's options, state and moves: plain frozen values.

A state keeps the stacks of the shared path as tuples of player numbers, bottom piece first,
so the last entry of a stack is its only free piece.
"""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar, TypeAlias

import attrs

from boardrules._values import full_repr, move_repr
from boardrules.chance import die_faces
from boardrules.dorada._board import MAX_FIELDS, Board
from boardrules.game import TERMINAL, Game, pickled_without_memo

__all__ = [
    "ADVANCES",
    "COLOURS",
    "NO_BRIDGE",
    "PASS",
    "PIECES",
    "ROLLS",
    "ROLL_OUTCOMES",
    "TIE_BREAKS",
    "Advance",
    "DoradaMove",
    "DoradaOptions",
    "DoradaState",
    "Move",
    "Options",
    "Pass",
    "Roll",
    "State",
]

#: The colour of each player, by seat: the name of the player in every text and picture.
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")

#: Pieces per colour.
PIECES = 4
#: ``bridges[f]`` of a field without a lost piece in it.
NO_BRIDGE = -1
#: Values of the ``tie_break`` option: equal totals share the win, or the owner of the
#: highest piece in the DORADA stack wins.
TIE_BREAKS = ("share", "highest-piece")


@attrs.frozen(cache_hash=True)
class Options:
    """The options of one game, shared by all its states."""

    players: int
    first_player: int
    board: Board
    tie_break: str


@attrs.frozen(repr=False)
class DoradaMove:
    """Base class of the Dorada moves (:class:`Roll`, :class:`Advance`, :class:`Pass`);
    :data:`Move` is their union, the precise type.  ``str(move)`` is its notation."""

    def __repr__(self) -> str:
        return move_repr("dorada", self)


@attrs.frozen(repr=False)
class Roll(DoradaMove):
    """The chance outcome: the die shows ``die``."""

    die: int

    def __str__(self) -> str:
        return f"roll {self.die}"


@attrs.frozen(repr=False)
class Advance(DoradaMove):
    """Move the player's free piece on ``field`` (0: a piece from the start field) forward
    by the number rolled."""

    field: int

    def __str__(self) -> str:
        return "move start" if self.field == 0 else f"move {self.field}"


@attrs.frozen(repr=False)
class Pass(DoradaMove):
    """The forced pass of a player whose pieces are all blocked."""

    def __str__(self) -> str:
        return "pass"


#: The single pass move.
PASS = Pass()
#: ``ADVANCES[f]`` is the interned ``Advance(f)``.
ADVANCES: tuple[Advance, ...] = tuple(Advance(f) for f in range(MAX_FIELDS + 1))
#: Each face of the die with its probability, one tuple for every chance node.
ROLL_OUTCOMES: tuple[tuple[Roll, Fraction], ...] = tuple(
    (Roll(face), p) for face, p in die_faces(6)
)
#: The roll moves, in the order of :data:`ROLL_OUTCOMES`.
ROLLS: tuple[Roll, ...] = tuple(m for m, _ in ROLL_OUTCOMES)


@pickled_without_memo
@attrs.frozen
class State:
    """A Dorada position.

    ``start[p]`` counts player ``p``'s pieces on its start field; ``track[f]`` is the stack on
    field ``f`` (bottom first; ``track[0]`` is always empty); ``bridges[f]`` is the owner of
    the lost piece in stumble field ``f`` or ``NO_BRIDGE``; ``dorada`` is the goal stack in
    order of arrival; ``turn`` is the player whose turn it is (``TERMINAL`` at the end) and
    ``roll`` the number rolled, 0 while the die is still to be rolled.

    ``repr(state)`` is short (game, turn, phase); ``str(state)`` is :func:`render`'s picture
    and :meth:`full_repr` lists every field.
    """

    game: ClassVar[Game[State, Move]]

    options: Options
    start: tuple[int, ...]
    track: tuple[tuple[int, ...], ...]
    bridges: tuple[int, ...]
    dorada: tuple[int, ...]
    turn: int
    roll: int
    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    @property
    def to_move(self) -> int:
        """Deprecated name of ``turn``."""
        return self.turn

    @property
    def die(self) -> int:
        """Deprecated name of ``roll``."""
        return self.roll

    @property
    def phase(self) -> str:
        """Where the turn stands: ``"roll"`` (the die is to be rolled), ``"move"`` or
        ``"over"``."""
        if self.turn == TERMINAL:
            return "over"
        return "move" if self.roll else "roll"

    def __repr__(self) -> str:
        turn = "-" if self.turn == TERMINAL else str(self.turn)
        rolled = f" roll={self.roll}" if self.roll else ""
        return f"<dorada.State turn={turn} phase={self.phase}{rolled}>"

    def __str__(self) -> str:
        return self.game.render(self)

    def full_repr(self) -> str:
        """Every field of the state, as attrs writes them (``repr`` is short)."""
        return full_repr(self)


#: Deprecated name of :class:`State`.
DoradaState = State
#: Deprecated name of :class:`Options`.
DoradaOptions = Options
#: Any Dorada move.
Move: TypeAlias = Roll | Advance | Pass
