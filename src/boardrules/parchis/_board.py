"""The Parchís board as data, and the tables derived from it once per seating.

The board is the standard four-colour board of the rulings (docs: Parchís, §1): a shared track
of 68 squares numbered 1-68, travelled in increasing order, twelve safe squares, and for each
colour an exit, a last track square, a private lane of 7 squares and the goal.

A piece's position is *relative* to its owner: :data:`~boardrules.parchis.NEST` (-1), 0-63 along the
track from the owner's exit, 64-70 in the owner's lane, :data:`~boardrules.parchis.GOAL` (71).  The
board itself is a tuple of *cells*: index 0-67 for track squares 1-68, then 7 lane cells per colour.
"""

from __future__ import annotations

from functools import cache

import attrs

__all__ = ["BOARD", "GOAL", "LANE_FIRST", "NEST", "TRACK_LAST", "Board", "Tables"]

NEST = -1
TRACK_LAST = 63
LANE_FIRST = 64
GOAL = 71


@attrs.frozen
class Board:
    """The fixed geometry of a Parchís board (all numbers are printed square numbers)."""

    colours: tuple[str, ...]
    squares: int
    lane_length: int
    exits: tuple[int, ...]
    last_squares: tuple[int, ...]
    safe_squares: frozenset[int]


#: The standard board, in turn order yellow → blue → red → green.
BOARD = Board(
    colours=("yellow", "blue", "red", "green"),
    squares=68,
    lane_length=7,
    exits=(5, 22, 39, 56),
    last_squares=(68, 17, 34, 51),
    safe_squares=frozenset({5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68}),
)

CELLS = BOARD.squares + len(BOARD.colours) * BOARD.lane_length


def _check_board(board: Board) -> None:
    # The relative numbering (63 track steps, then the lane) rests on these facts.
    for exit_, last in zip(board.exits, board.last_squares, strict=True):
        assert (exit_ - 1 + TRACK_LAST) % board.squares + 1 == last
    assert board.lane_length == GOAL - LANE_FIRST


_check_board(BOARD)


def lane_cell(colour: int, step: int) -> int:
    """The cell index of lane square ``step`` (1-7) of colour index ``colour``."""
    return BOARD.squares + colour * BOARD.lane_length + step - 1


def cell_name(cell: int) -> str:
    """The printed name of a cell: ``"12"`` for a track square, ``"yellow L3"`` in a lane."""
    if cell < BOARD.squares:
        return str(cell + 1)
    colour, step = divmod(cell - BOARD.squares, BOARD.lane_length)
    return f"{BOARD.colours[colour]} L{step + 1}"


@attrs.frozen
class Tables:
    """Per-seat lookup tables for one seating (which colour each seat plays).

    ``cell[s][r]`` is the cell of seat ``s``'s relative position ``r`` (0-70); ``rel[s][c]`` is
    the relative position of cell ``c`` for seat ``s`` (-2 where the seat never goes);
    ``reach[s][r]`` is a bit mask of the cells of positions 0..r, so that the cells a move
    from ``r`` to ``t`` crosses are ``reach[s][t] ^ reach[s][r]``.
    """

    colours: tuple[int, ...]
    cell: tuple[tuple[int, ...], ...]
    rel: tuple[tuple[int, ...], ...]
    reach: tuple[tuple[int, ...], ...]
    safe: tuple[bool, ...]


@cache
def tables(colours: tuple[int, ...]) -> Tables:
    """The tables of a seating, built once and shared by every state of such games."""
    cells, rels, reaches = [], [], []
    for c in colours:
        start = BOARD.exits[c] - 1
        row = [(start + r) % BOARD.squares for r in range(TRACK_LAST + 1)]
        row += [lane_cell(c, step) for step in range(1, BOARD.lane_length + 1)]
        rel = [-2] * CELLS
        for r, cell in enumerate(row):
            rel[cell] = r
        reach, acc = [], 0
        for cell in row:
            acc |= 1 << cell
            reach.append(acc)
        reach.append(acc)  # the goal is no cell: reaching it crosses nothing more
        cells.append(tuple(row))
        rels.append(tuple(rel))
        reaches.append(tuple(reach))
    safe = tuple(c < BOARD.squares and c + 1 in BOARD.safe_squares for c in range(CELLS))
    return Tables(colours, tuple(cells), tuple(rels), tuple(reaches), safe)
