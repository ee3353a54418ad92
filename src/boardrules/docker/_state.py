"""Docker's options, moves and state: frozen values of tuples and ints.

A state is a chance node while ``roll`` is 0 (the player ``turn`` is about to roll) and
a decision node once ``roll`` holds the die.  Moves are interned: there is one object per
move, so the legality check is an identity test in the common case.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar, TypeAlias

import attrs

from boardrules._values import full_repr, move_repr
from boardrules.docker._board import FACES, PITCH, Pitch
from boardrules.game import Game

__all__ = [
    "COLOURS",
    "ENTRIES",
    "ENTRIES_TO",
    "PIECES",
    "ROLLS",
    "SHIFTS",
    "SHIFTS_TO",
    "DockerMove",
    "DockerState",
    "Entry",
    "Move",
    "Options",
    "Roll",
    "Rules",
    "Shift",
    "State",
    "rules_for",
]

#: The colour of each player's pieces, by seat: the name of the player in every text and
#: picture (the pieces themselves carry the seat number).
COLOURS: tuple[str, ...] = ("blue", "orange", "green", "purple")

#: The pieces of each player.
PIECES = 3


@attrs.frozen
class Options:
    """The options of one game, shared by all its states, with tables derived from them.

    Build it with ``rules_for``, which hands out one object per set of options.
    """

    players: int
    first_player: int
    return_to_start: bool
    pitch: Pitch = attrs.field(default=PITCH, eq=False, repr=False)
    #: The side each player sits at, in turn order.
    sides: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    #: The entry square of each player.
    entries: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    #: For each player, the next player in turn order (before eliminations are skipped).
    after: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        sides = self.pitch.sides_for(self.players)
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "entries", tuple(self.pitch.entry_square(s) for s in sides))
        object.__setattr__(
            self, "after", tuple((p + 1) % self.players for p in range(self.players))
        )

    def __reduce__(self) -> tuple[Any, tuple[int, int, bool]]:
        return rules_for, (self.players, self.first_player, self.return_to_start)


@cache
def rules_for(players: int, first_player: int, return_to_start: bool) -> Options:
    """The one :class:`Options` object for these (already checked) options."""
    return Rules(players, first_player, return_to_start)


def _name(square: int) -> str:
    """A square's name; a forged move's square off the pitch still prints (as ``?9``)."""
    if type(square) is int and 0 <= square < PITCH.squares:
        return PITCH.name_of(square)
    return f"?{square!r}"


class DockerMove:
    """Base class of Docker's moves: :class:`Roll`, :class:`Shift` and :class:`Entry`;
    :data:`Move` is their union, the precise type.  ``str(move)`` is its notation."""

    __slots__ = ()

    def __repr__(self) -> str:
        return move_repr("docker", self)


@attrs.frozen(repr=False)
class Roll(DockerMove):
    """The die shows ``value`` (a chance outcome), written ``roll 4``."""

    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@attrs.frozen(repr=False)
class Shift(DockerMove):
    """The top piece of square ``origin`` moves and ends on top of square ``target``.

    Written ``b1-c3``.  Every route with the full roll that ends on ``target`` is this one
    move: the route leaves nothing behind, so only where the piece ends matters.
    """

    origin: int
    target: int

    def __str__(self) -> str:
        return f"{_name(self.origin)}-{_name(self.target)}"


@attrs.frozen(repr=False)
class Entry(DockerMove):
    """A new piece enters on its player's entry square and ends on ``target``.

    Written ``in-c3`` (``in-b1`` when the south player's piece stops on its entry square).
    """

    target: int

    def __str__(self) -> str:
        return f"in-{_name(self.target)}"


#: ``ROLLS[v]`` is the move "roll v" (index 0 unused).
ROLLS: tuple[Roll, ...] = tuple(Roll(v) for v in range(FACES + 1))
#: ``SHIFTS[origin][target]``.
SHIFTS: tuple[tuple[Shift, ...], ...] = tuple(
    tuple(Shift(o, t) for t in range(PITCH.squares)) for o in range(PITCH.squares)
)
#: ``ENTRIES[target]``.
ENTRIES: tuple[Entry, ...] = tuple(Entry(t) for t in range(PITCH.squares))
#: ``SHIFTS_TO[origin][ends]``: the moves from ``origin`` to each square whose bit
#: (``1 << square``) is set in ``ends``, in square order.
SHIFTS_TO: tuple[tuple[tuple[Shift, ...], ...], ...] = tuple(
    tuple(tuple(SHIFTS[o][t] for t in PITCH.squares_in(ends)) for ends in range(1 << PITCH.squares))
    for o in range(PITCH.squares)
)
#: ``ENTRIES_TO[ends]``: the entries ending on each square whose bit is set in ``ends``.
ENTRIES_TO: tuple[tuple[Entry, ...], ...] = tuple(
    tuple(ENTRIES[t] for t in PITCH.squares_in(ends)) for ends in range(1 << PITCH.squares)
)


@attrs.frozen(getstate_setstate=False)
class State:
    """A Docker position: the towers, the pieces still off the pitch, and whose turn it is.

    ``options`` are the game's options; ``towers[square]`` lists the owners of the pieces on
    that square, bottom to top.  ``reserve[player]`` counts the player's pieces not yet
    entered.  ``turn`` is the player whose turn it is (the winner once the game is over);
    ``roll`` is 0 while that player is about to roll and the die's value once rolled.
    ``eliminated`` lists the eliminated players in the order they went out.

    ``repr(state)`` is short (game, turn, phase); ``str(state)`` is :func:`render`'s picture
    and :meth:`full_repr` lists every field.
    """

    game: ClassVar[Game[State, Move]]

    options: Options
    towers: tuple[tuple[int, ...], ...]
    reserve: tuple[int, ...]
    turn: int
    roll: int
    eliminated: tuple[int, ...]
    # The legal moves once computed; not part of the value.
    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return State, (
            self.options,
            self.towers,
            self.reserve,
            self.turn,
            self.roll,
            self.eliminated,
        )

    @property
    def rules(self) -> Options:
        """Deprecated name of ``options``."""
        return self.options

    @property
    def to_move(self) -> int:
        """Deprecated name of ``turn``."""
        return self.turn

    @property
    def phase(self) -> str:
        """Where the turn stands: ``"roll"`` (the die is to be rolled), ``"move"`` or
        ``"over"``."""
        if len(self.eliminated) == self.options.players - 1:
            return "over"
        return "move" if self.roll else "roll"

    def __repr__(self) -> str:
        rolled = f" roll={self.roll}" if self.roll else ""
        return f"<docker.State turn={self.turn} phase={self.phase}{rolled}>"

    def __str__(self) -> str:
        return self.game.render(self)

    def full_repr(self) -> str:
        """Every field of the state, as attrs writes them (``repr`` is short)."""
        return full_repr(self)


#: Deprecated name of :class:`State`.
DockerState = State
#: Deprecated name of :class:`Options`.
Rules = Options
#: Any Docker move.
Move: TypeAlias = Roll | Shift | Entry
