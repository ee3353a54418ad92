"""The hex map (PROPOSED): terrain letters in "odd-r" offset rows, parsed into spaces.

Each hex is a space named by its column letter and row number (``a0`` is the top-left
hex), except that the City's three hexes form one space called ``city``.  Mountains can
never be entered; each carries a quest tile.

>>> from boardrules.dorasure._board import DEFAULT_BOARD
>>> b = DEFAULT_BOARD
>>> b.names[b.belk], b.names[b.lake], b.names[b.mountains[b.farthest]]
('a0', 'a1', 'g0')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

__all__ = [
    "CITY",
    "DEFAULT_BOARD",
    "DEFAULT_ROWS",
    "ENTRY",
    "FOREST",
    "LAKE",
    "MOUNTAIN",
    "PLAINS",
    "ROAD",
    "VILLAGE",
    "Board",
    "board_from_rows",
]

CITY, VILLAGE, ROAD, LAKE, PLAINS, FOREST, MOUNTAIN = range(7)
_LETTERS = "CVRLPFM"
TERRAIN_NAMES = ("city", "village", "road", "lake", "plains", "forest", "mountain")
#: The least die value that enters each terrain (a 1 is void for moving); mountains never.
ENTRY: tuple[int, ...] = (2, 2, 2, 2, 3, 5, 7)
#: Terrains where several heroes may stop together.
SHARED = frozenset({CITY, VILLAGE, LAKE})

#: The map of our reconstruction, row 0 at the top; odd rows are shifted right.
DEFAULT_ROWS: tuple[str, ...] = (
    "V R P F P F M",
    "L R F M P F F",
    "P R P P F R P",
    "F R P M P R M",
    "C R P F V R F",
    "C C R P F M P",
)


@attrs.frozen
class Board:
    """The parsed map: per space its name, terrain and neighbours, and the special places.

    ``mountains`` lists the mountain spaces in reading order; ``farthest`` is the index (in
    that list) of the one farthest from the City, whose quest starts face up.  ``index``
    (space name to space) is read-only: a board is shared by every game on its map.

    >>> from boardrules.dorasure._board import DEFAULT_BOARD
    >>> DEFAULT_BOARD.index["city"] == DEFAULT_BOARD.city
    True
    >>> DEFAULT_BOARD.index["zz"] = 0
    Traceback (most recent call last):
    ...
    TypeError: 'mappingproxy' object does not support item assignment
    """

    rows: tuple[str, ...]
    names: tuple[str, ...]
    terrain: tuple[int, ...]
    cells: tuple[tuple[tuple[int, int], ...], ...]
    neighbours: tuple[tuple[int, ...], ...]
    city: int
    lake: int
    belk: int
    mountains: tuple[int, ...]
    farthest: int
    #: per space, the indices of the mountains next to it
    near_mountains: tuple[tuple[int, ...], ...]
    index: Mapping[str, int] = attrs.field(eq=False, hash=False, repr=False)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # A read-only mapping does not pickle: the index is rebuilt from the names.
        return _unpickled, tuple(getattr(self, f.name) for f in attrs.fields(Board)[:-1])


def _index(names: tuple[str, ...]) -> Mapping[str, int]:
    return MappingProxyType({n: i for i, n in enumerate(names)})


def _unpickled(*values: Any) -> Board:
    named = dict(zip((f.name for f in attrs.fields(Board)), values, strict=False))
    return Board(**named, index=_index(values[1]))


def _neighbour_cells(col: int, row: int) -> tuple[tuple[int, int], ...]:
    shift = row & 1
    return (
        (col - 1, row),
        (col + 1, row),
        (col - 1 + shift, row - 1),
        (col + shift, row - 1),
        (col - 1 + shift, row + 1),
        (col + shift, row + 1),
    )


def _cube(col: int, row: int) -> tuple[int, int, int]:
    x = col - (row - (row & 1)) // 2
    return x, row, -x - row


def _distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    p, q = _cube(*a), _cube(*b)
    return max(abs(p[i] - q[i]) for i in range(3))


def board_from_rows(rows: Any) -> Board:
    """Parse and check a map given as rows of terrain letters ``C V R L P F M``.

    The map needs one connected City, at least one village (the first in reading order is
    Belk), exactly five mountains, at most 26 columns and 10 rows.  A Western Lake is
    optional.  Raises :class:`ValueError` saying what is wrong.
    """
    grid = _grid(rows)
    cell_space, names, terrain, cells, city = _spaces(grid)
    neighbours: list[tuple[int, ...]] = []
    for s, own in enumerate(cells):
        near = {cell_space[n] for cell in own for n in _neighbour_cells(*cell) if n in cell_space}
        near.discard(s)
        neighbours.append(tuple(sorted(near)))
    mountains = tuple(s for s, t in enumerate(terrain) if t == MOUNTAIN)
    villages = [s for s, t in enumerate(terrain) if t == VILLAGE]
    lakes = [s for s, t in enumerate(terrain) if t == LAKE]
    if len(mountains) != 5:
        raise ValueError("board needs exactly five mountains (M)")
    if not villages:
        raise ValueError("board needs a village (V) for Belk")
    city_cells = cells[city]
    if len(city_cells) > 1 and not _connected(city_cells):
        raise ValueError("the City's hexes must touch each other")
    reach = _reachable(city, neighbours, terrain)
    if any(t != MOUNTAIN and s not in reach for s, t in enumerate(terrain)):
        raise ValueError("every space but the mountains must be reachable from the City")
    spans = [min(_distance(cells[m][0], c) for c in city_cells) for m in mountains]
    farthest = spans.index(max(spans))
    near_mountains = tuple(
        tuple(i for i, m in enumerate(mountains) if m in neighbours[s]) for s in range(len(names))
    )
    return Board(
        rows=tuple(" ".join(_LETTERS[t] for t in line) for line in grid),
        names=tuple(names),
        terrain=tuple(terrain),
        cells=tuple(tuple(c) for c in cells),
        neighbours=tuple(neighbours),
        city=city,
        lake=lakes[0] if lakes else -1,
        belk=villages[0],
        mountains=mountains,
        farthest=farthest,
        near_mountains=near_mountains,
        index=_index(tuple(names)),
    )


def _grid(rows: Any) -> list[list[int]]:
    """The terrain of each hex, row by row (ValueError if ``rows`` are not 2..10 strings of
    1..26 terrain letters)."""
    if not isinstance(rows, (list, tuple)) or not 2 <= len(rows) <= 10:
        raise ValueError("board must be a list of 2..10 rows of terrain letters")
    grid: list[list[int]] = []
    for r, text in enumerate(rows):
        if not isinstance(text, str):
            raise ValueError(f"board row {r} must be a string")
        letters = text.split()
        if not letters or len(letters) > 26 or any(c not in _LETTERS for c in letters):
            raise ValueError(f"board row {r}: 1..26 letters from {' '.join(_LETTERS)}")
        grid.append([_LETTERS.index(c) for c in letters])
    return grid


def _spaces(
    grid: list[list[int]],
) -> tuple[dict[tuple[int, int], int], list[str], list[int], list[list[tuple[int, int]]], int]:
    """The spaces of a grid: each hex's space, the spaces' names, terrain and hexes, and the
    City (all its hexes are one space; ValueError if there is none)."""
    cell_space: dict[tuple[int, int], int] = {}
    names: list[str] = []
    terrain: list[int] = []
    cells: list[list[tuple[int, int]]] = []
    city = -1
    for r, line in enumerate(grid):
        for c, t in enumerate(line):
            if t == CITY and city >= 0:
                cell_space[(c, r)] = city
                cells[city].append((c, r))
                continue
            cell_space[(c, r)] = len(names)
            if t == CITY:
                city = len(names)
                names.append("city")
            else:
                names.append(f"{chr(ord('a') + c)}{r}")
            terrain.append(t)
            cells.append([(c, r)])
    if city < 0:
        raise ValueError("board needs a City (C)")
    return cell_space, names, terrain, cells, city


def _connected(cells: list[tuple[int, int]]) -> bool:
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        cell = todo.pop()
        for n in _neighbour_cells(*cell):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def _reachable(start: int, neighbours: list[tuple[int, ...]], terrain: list[int]) -> set[int]:
    seen = {start}
    todo = [start]
    while todo:
        s = todo.pop()
        for n in neighbours[s]:
            if n not in seen and terrain[n] != MOUNTAIN:
                seen.add(n)
                todo.append(n)
    return seen


#: The map of our reconstruction, parsed.
DEFAULT_BOARD: Board = board_from_rows(DEFAULT_ROWS)
