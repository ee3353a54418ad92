"""The Docker pitch as data, and the exact search for routes over it.

The pitch is a frozen, validated description (:class:`Pitch`): a square grid, the entry
square of each side, and which sides the players take for each number of players.  Every
table that depends only on the pitch (square names, neighbours) is derived from it once, and
the route search keeps its results in a cache that lives on the pitch.  The search goes only
as far as the roll asks (a 1 looks at the neighbours and no further) and remembers how far it
went, so a larger roll in the same position searches again.

Squares are numbered ``y * size + x`` and named like chess squares: file ``a``.. for ``x``,
rank ``1``.. for ``y``.  On the standard pitch ``a1`` is the south-west corner, ``b2`` the
centre, and the entry squares are ``b1`` (south), ``a2`` (west), ``b3`` (north), ``c2`` (east).

>>> from boardrules.docker import PITCH
>>> PITCH.name_of(PITCH.entry_square("north"))
'b3'
>>> [PITCH.name_of(n) for n in PITCH.neighbours[PITCH.square("b2")]]
['b1', 'a2', 'c2', 'b3']
"""

from __future__ import annotations

import attrs

from boardrules._lru import LRU

__all__ = ["FACES", "PITCH", "Pitch", "entered_before"]

#: The faces of the die: a roll is 1..FACES, and no move costs more than a roll.
FACES = 6

#: What the route search found from one starting point: ``reach[0]`` is the highest cost
#: searched, and ``reach[cost]`` for each cost up to it has bit ``1 << square`` set for each
#: square where a route of exactly that cost ends.
Reach = tuple[int, ...]

# The sides in clockwise order seen from above; a seat's entry square faces its player.
_CLOCKWISE = ("south", "west", "north", "east")
#: The route results a pitch keeps (least recently used dropped first): one game meets few
#: shapes of towers, but a long run of games would otherwise keep every shape it ever met.
ROUTES_CACHE_SIZE = 100_000


@attrs.frozen
class Pitch:
    """The playing area: a ``size`` x ``size`` grid of squares, each holding one tower.

    ``entries`` gives each side's entry square as ``(x, y)``; ``seatings`` gives, for each
    number of players, the sides they sit at in turn order.  The constructor checks that the
    data describes a real Docker pitch (entries in the middle of the side they face, seatings
    clockwise, no side twice) and raises :class:`ValueError` otherwise.
    """

    size: int
    entries: tuple[tuple[str, tuple[int, int]], ...]
    seatings: tuple[tuple[int, tuple[str, ...]], ...]
    #: The name of each square, by number (``"a1"``, ``"b1"``, ...).
    names: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    #: The orthogonal neighbours of each square, by number.
    neighbours: tuple[tuple[int, ...], ...] = attrs.field(init=False, eq=False, repr=False)
    _numbers: dict[str, int] = attrs.field(init=False, eq=False, repr=False)
    # Each square's neighbours with their bits, for the route search.
    _steps: tuple[tuple[tuple[int, int], ...], ...] = attrs.field(init=False, eq=False, repr=False)
    _routes: LRU[tuple[tuple[int, ...], int, bool], Reach] = attrs.field(
        init=False, eq=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        size = self.size
        if size not in (3, 5, 7, 9):
            raise ValueError(f"a pitch is 3, 5, 7 or 9 squares wide (sides need a middle): {size}")
        names = tuple(f"{'abcdefghi'[i % size]}{i // size + 1}" for i in range(size * size))
        neighbours = tuple(self._neighbours_of(i) for i in range(size * size))
        middle, last = size // 2, size - 1
        facing = {
            "south": (middle, 0),
            "west": (0, middle),
            "north": (middle, last),
            "east": (last, middle),
        }
        sides = [side for side, _ in self.entries]
        if sorted(sides) != sorted(facing):
            raise ValueError(f"a pitch has one entry square on each side, not {sides}")
        for side, where in self.entries:
            if where != facing[side]:
                raise ValueError(f"the {side} entry square is the middle of that side")
        for players, seated in self.seatings:
            if len(seated) != players or len(set(seated)) != players:
                raise ValueError(f"{players} players take {players} different sides")
            order = [_CLOCKWISE.index(side) for side in seated if side in _CLOCKWISE]
            if len(order) != players or order != sorted(order):
                raise ValueError(f"the sides of {players} players go clockwise: {seated}")
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "neighbours", neighbours)
        object.__setattr__(self, "_numbers", {n: i for i, n in enumerate(names)})
        object.__setattr__(
            self, "_steps", tuple(tuple((n, 1 << n) for n in near) for near in neighbours)
        )
        object.__setattr__(self, "_routes", LRU(ROUTES_CACHE_SIZE))

    def _neighbours_of(self, square: int) -> tuple[int, ...]:
        size = self.size
        x, y = square % size, square // size
        near = ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1))
        return tuple(b * size + a for a, b in near if 0 <= a < size and 0 <= b < size)

    @property
    def squares(self) -> int:
        """The number of squares."""
        return self.size * self.size

    def square(self, name: str) -> int:
        """The number of the square called ``name``; :class:`KeyError` if there is none."""
        return self._numbers[name]

    def name_of(self, square: int) -> str:
        """The name of square number ``square``."""
        return self.names[square]

    def square_at(self, x: int, y: int) -> int:
        """The number of the square at ``(x, y)``; :class:`ValueError` off the pitch."""
        if not (0 <= x < self.size and 0 <= y < self.size):
            raise ValueError(f"({x}, {y}) is not on the {self.size}x{self.size} pitch")
        return y * self.size + x

    def entry_square(self, side: str) -> int:
        """The number of the entry square of ``side`` (``"south"``, ``"west"``, ...)."""
        for name, (x, y) in self.entries:
            if name == side:
                return self.square_at(x, y)
        raise ValueError(f"no side {side!r}; the sides are {', '.join(_CLOCKWISE)}")

    def sides_for(self, players: int) -> tuple[str, ...]:
        """The sides that ``players`` players take, in turn order."""
        for count, seated in self.seatings:
            if count == players:
                return seated
        raise ValueError(f"the pitch seats {', '.join(str(c) for c, _ in self.seatings)} players")

    def ends_from(
        self, heights: tuple[int, ...], origin: int, return_to_start: bool, roll: int
    ) -> int:
        """The squares where the top piece of ``origin`` can end a move costing exactly
        ``roll``, as bits (``1 << square``; see :meth:`squares_in`).

        ``heights`` are the tower heights with the piece still on ``origin``.  The piece
        leaves ``origin`` (so that tower is one lower) and steps orthogonally; a step onto a
        tower ``h`` high from altitude ``a`` costs ``1 + |a - h|`` and leaves the piece at
        altitude ``h``.  No square is entered twice; ``origin`` counts as entered unless
        ``return_to_start``.  Every route is tried, so the result is exact.

        >>> from boardrules.docker import PITCH
        >>> flat = (0,) * 4 + (1,) + (0,) * 4
        >>> ends = PITCH.ends_from(flat, PITCH.square("b2"), False, 2)
        >>> [PITCH.name_of(s) for s in PITCH.squares_in(ends)]
        ['a1', 'c1', 'a3', 'c3']
        """
        key = (heights, origin, return_to_start)
        routes = self._routes.items  # read directly, as LRU allows: this is the hot path
        found = routes.get(key)
        if found is None or found[0] < roll:
            lowered = list(heights)
            lowered[origin] -= 1
            entered = entered_before(origin, return_to_start)
            found = self._search(lowered, origin, lowered[origin], 0, entered, roll)
            self._routes.put(key, found)
        else:
            try:  # noqa: SIM105 (suppress() would cost a call on a hot path)
                routes.move_to_end(key)
            except KeyError:  # another thread dropped it since (LRU)
                pass
        return found[roll]

    def ends_entering(self, heights: tuple[int, ...], entry: int, roll: int) -> int:
        """The squares where a new piece entering on square ``entry`` can end with exactly
        ``roll``, as bits.

        Entering is the first step, from altitude 0 (off the pitch) onto the entry tower,
        so it costs ``1 + h``; the rest of the roll is spent moving on from there as in
        :meth:`ends_from`, and the entry square counts as entered.

        >>> from boardrules.docker import PITCH
        >>> PITCH.squares_in(PITCH.ends_entering((0,) * 9, PITCH.square("b1"), 1))
        (1,)
        """
        key = (heights, -1 - entry, False)
        routes = self._routes.items
        found = routes.get(key)
        if found is None or found[0] < roll:
            height = heights[entry]
            found = self._search(list(heights), entry, height, 1 + height, 1 << entry, roll)
            self._routes.put(key, found)
        else:
            try:  # noqa: SIM105 (suppress() would cost a call on a hot path)
                routes.move_to_end(key)
            except KeyError:  # another thread dropped it since (LRU)
                pass
        return found[roll]

    def squares_in(self, ends: int) -> tuple[int, ...]:
        """The squares of a set of squares written as bits (``1 << square``), in order."""
        return tuple(s for s in range(self.squares) if ends >> s & 1)

    def _search(
        self, heights: list[int], here: int, altitude: int, spent: int, entered: int, limit: int
    ) -> Reach:
        """Every square reachable from ``here`` (already paid ``spent``) for each exact cost
        up to ``limit``.

        Depth first over all routes; a route stops as soon as it costs more than ``limit``,
        and every step costs at least 1, so no route is longer than ``limit`` steps.
        """
        ends = [0] * (FACES + 1)
        ends[0] = limit
        if 0 < spent <= limit:
            ends[spent] = 1 << here
        steps = self._steps
        routes = [(here, altitude, spent, entered)] if spent < limit else []
        more, pop = routes.append, routes.pop
        while routes:
            here, altitude, spent, entered = pop()
            for step, bit in steps[here]:
                if entered & bit:
                    continue
                height = heights[step]
                cost = spent + 1 + (altitude - height if altitude > height else height - altitude)
                if cost < limit:
                    ends[cost] |= bit
                    more((step, height, cost, entered | bit))
                elif cost == limit:
                    ends[cost] |= bit
        return tuple(ends)


def entered_before(origin: int, return_to_start: bool) -> int:
    """The squares a piece leaving ``origin`` counts as entered before its first step, as
    bits: its starting square, unless ``return_to_start`` lets it enter that square once.

    No square may be entered twice in one move, so a move never ends where it began
    (Docker §2.2) unless the option allows it.

    >>> from boardrules.docker import PITCH
    >>> from boardrules.docker._board import entered_before
    >>> entered_before(PITCH.square("b2"), False) == 1 << PITCH.square("b2")
    True
    >>> entered_before(PITCH.square("b2"), True)
    0
    """
    return 0 if return_to_start else 1 << origin


def _standard() -> Pitch:
    return Pitch(
        size=3,
        entries=(("south", (1, 0)), ("west", (0, 1)), ("north", (1, 2)), ("east", (2, 1))),
        seatings=(
            (2, ("south", "north")),
            (3, ("south", "west", "north")),
            (4, ("south", "west", "north", "east")),
        ),
    )


#: The standard Docker pitch: 3 x 3 squares, an entry square in the middle of each side.
PITCH: Pitch = _standard()
