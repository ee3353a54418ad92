"""Parchís as an SVG picture: the printed cross-shaped board with every piece.

The board is drawn as it is printed: four arms of three columns round the goal in the
centre, the outer columns carry the 68 track squares (numbered, safe squares shaded with
the number in a ring, each exit in its colour), the middle column of each arm is that
colour's lane (L1 to L7), and the nests fill the four corners.  A square's number stands in
its middle and a piece at either end, so two pieces on one square stand side by side, as a
barrier looks, and no piece hides a number.  Yellow's arm is at the bottom unless
``perspective`` names another seat; squares are numbered anticlockwise as the pieces move.

Classes of the elements: ``square`` (each track square, ``safe`` as well on safe squares),
``lane`` (each lane square), ``nest``, ``goal``, ``piece`` (one group per piece, wherever
it stands: on the board, in a nest or in the goal), ``label`` (numbers and names),
``legend``, ``die``, ``status``, ``highlight`` (drawn under the numbers and pieces).
"""

from __future__ import annotations

from functools import cache

import attrs

from boardrules._svg import INK, PALETTE, PAPER, Drawing, Tint, checked_move, checked_seat
from boardrules.parchis._board import BOARD, GOAL, LANE_FIRST, NEST, cell_name, lane_cell
from boardrules.parchis._rules import legal_moves
from boardrules.parchis._state import MOVE, OUT, Move, State
from boardrules.parchis._text import _status

__all__ = ["render_svg"]

# Geometry: column width, square depth, arm length, centre side, board side, panel height.
_W, _D = 68.0, 28.0
_L = 8 * _D
_C = 3 * _W
_S = 2 * _L + _C
_PANEL = 70.0
_R = 10.0  # piece radius: its letter is the smallest text allowed
_SLOT = 13.0  # from a square's end to the middle of a piece standing there
_HIGHLIGHT = "#cc0077"

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Point = tuple[float, float]


@attrs.frozen
class _Cell:
    """Where one cell is drawn: its box, its label's middle and the two places for pieces
    (one at each end, the label between them, so no piece hides it)."""

    box: Box
    label: Point
    slots: tuple[Point, Point]


def _turn(p: Point, quarter_turns: int) -> Point:
    # Anticlockwise on the screen (y grows downwards): the bottom goes to the right.
    x, y = p[0] - _S / 2, p[1] - _S / 2
    for _ in range(quarter_turns % 4):
        x, y = y, -x
    return x + _S / 2, y + _S / 2


def _turn_box(box: Box, quarter_turns: int) -> Box:
    (ax, ay), (bx, by) = _turn(box[:2], quarter_turns), _turn(box[2:], quarter_turns)
    return min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)


def _arm_cells(colour: int) -> dict[int, Box]:
    """The cells of one colour's arm as drawn at the bottom (before turning)."""
    last = BOARD.last_squares[colour] - 1  # cell index of the colour's last track square
    out: dict[int, Box] = {}
    for i in range(8):  # i = 0 next to the goal, 7 at the edge of the board
        y0, y1 = _L + _C + i * _D, _L + _C + (i + 1) * _D
        out[(last + 8 - i) % BOARD.squares] = (_L + 2 * _W, y0, _L + 3 * _W, y1)
        out[(last - 8 + i) % BOARD.squares] = (_L, y0, _L + _W, y1)
        middle = (_L + _W, y0, _L + 2 * _W, y1)
        out[last if i == 7 else lane_cell(colour, 7 - i)] = middle
    return out


def _cell(box: Box, turns: int) -> _Cell:
    x0, y0, x1, y1 = box
    cy = (y0 + y1) / 2
    slots = (_turn((x0 + _SLOT, cy), turns), _turn((x1 - _SLOT, cy), turns))
    return _Cell(_turn_box(box, turns), _turn(((x0 + x1) / 2, cy), turns), slots)


@cache
def _layout(
    view: int,
) -> tuple[
    dict[int, _Cell], tuple[Box, ...], tuple[tuple[Point, ...], ...], tuple[tuple[Point, ...], ...]
]:
    """Per ``view`` (quarter turns of the whole board): every cell, each colour's nest box,
    and each colour's goal triangle and goal slots."""
    cells: dict[int, _Cell] = {}
    nests, triangles, slots = [], [], []
    for colour in range(len(BOARD.colours)):
        turns = colour + view
        for cell, box in _arm_cells(colour).items():
            cells[cell] = _cell(box, turns)
        nests.append(_turn_box((_L + _C, _L + _C, _S, _S), turns))
        base = _L + _C
        triangles.append(
            tuple(_turn(p, turns) for p in ((_L, base), (base, base), (_S / 2, _S / 2)))
        )
        slots.append(tuple(_turn((_S / 2 + dx, base - 15), turns) for dx in (-39, -13, 13, 39)))
    return cells, tuple(nests), tuple(triangles), tuple(slots)


def _centre(box: Box) -> Point:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _occupants(code: int) -> tuple[int, ...]:
    """The seats on a cell in order of arrival (``board`` codes ``first + 8 * second``)."""
    if code >= 8:
        return code & 7, code >> 3
    return (code,) if code else ()


def _tint(colour: int) -> Tint:
    return PALETTE[BOARD.colours[colour]]


def _letter(colour: int) -> str:
    return BOARD.colours[colour][0].upper()


def render_svg(
    state: State,
    *,
    size: float | None = None,
    move: Move | None = None,
    perspective: int | None = None,
) -> str:
    """The board as a standalone SVG document (see the module for its element classes).

    ``move`` (a legal move) is outlined from its square to where it ends, with the squares
    it crosses; ``perspective`` puts that seat's arm at the bottom.

    >>> from boardrules.parchis import render_svg
    >>> from boardrules.parchis import position
    >>> svg = render_svg(position({"yellow": [5, "L3"], "red": [5]}, players=2))
    >>> svg.startswith("<svg") and svg.count('class="piece"')
    8
    """
    opts = state.options
    view = 0
    if perspective is not None:
        seat = checked_seat(perspective, opts.players)
        view = (len(BOARD.colours) - opts.colours[seat]) % len(BOARD.colours)
    move = checked_move(move, legal_moves(state))
    cells, nests, triangles, slots = _layout(view)
    d = Drawing(_S, _S + _PANEL)
    d.rect(0, 0, _S, _S + _PANEL, fill=PAPER)
    _draw_board(d, cells, nests, triangles)
    # The move goes under every number and piece: it never hides what it passes.
    if move is not None:
        _draw_move(d, state, move, cells, nests)
    _draw_labels(d, cells, nests)
    _draw_pieces(d, state, cells, nests, slots)
    _draw_panel(d, state)
    return d.document(size, f"Parchís, {opts.players} players: {_status(state)}")


def _exits() -> dict[int, int]:
    return {e - 1: c for c, e in enumerate(BOARD.exits)}


def _draw_board(
    d: Drawing,
    cells: dict[int, _Cell],
    nests: tuple[Box, ...],
    triangles: tuple[tuple[Point, ...], ...],
) -> None:
    exits = _exits()
    for colour, box in enumerate(nests):
        tint = _tint(colour)
        d.open("nest", f"{BOARD.colours[colour]} nest")
        d.rect(box[0], box[1], box[2] - box[0], box[3] - box[1], fill=tint.fill, stroke=INK)
        cx, cy = _centre(box)
        d.circle(cx, cy, (box[2] - box[0]) * 0.36, fill=tint.light, stroke=INK)
        d.close()
    for cell, where in sorted(cells.items()):
        box = where.box
        x, y, w, h = box[0], box[1], box[2] - box[0], box[3] - box[1]
        if cell >= BOARD.squares:
            colour = (cell - BOARD.squares) // BOARD.lane_length
            d.open("lane", cell_name(cell))
            d.rect(x, y, w, h, fill=_tint(colour).light, stroke=INK, width=0.8)
            d.close()
            continue
        safe = cell + 1 in BOARD.safe_squares
        d.open(
            "square safe" if safe else "square", f"square {cell + 1}" + (" (safe)" if safe else "")
        )
        d.rect(x, y, w, h, fill=_square_fill(cell, exits), stroke=INK, width=0.8)
        d.close()
    d.open("goal", "goal")
    for colour, points in enumerate(triangles):
        d.polygon(points, fill=_tint(colour).fill, stroke=INK)
    d.close()


def _square_fill(cell: int, exits: dict[int, int]) -> str:
    if cell in exits:
        return _tint(exits[cell]).fill
    return "#d9d9d9" if cell + 1 in BOARD.safe_squares else "#ffffff"


def _draw_labels(d: Drawing, cells: dict[int, _Cell], nests: tuple[Box, ...]) -> None:
    """Every square's number (lane squares: L1..L7) on a plate of the square's colour, so a
    move's arrow passes under it; a safe square's number in a ring."""
    exits = _exits()
    for colour, box in enumerate(nests):
        cx, cy = _centre(box)
        name = BOARD.colours[colour]
        d.text(cx, cy - 66, name, size=14, bold=True, fill=_tint(colour).text, cls="label")
    for cell, where in sorted(cells.items()):
        x, y = where.label
        if cell >= BOARD.squares:
            colour = (cell - BOARD.squares) // BOARD.lane_length
            d.text(x, y, cell_name(cell).split()[-1], size=11, fill="#555555", cls="label")
            continue
        fill = _square_fill(cell, exits)
        ink = _tint(exits[cell]).text if cell in exits else "#444444"
        if cell + 1 in BOARD.safe_squares:
            d.circle(x, y, 10, fill=fill, stroke=ink, width=1)
        else:
            d.rect(x - 9, y - 7, 18, 14, fill=fill)
        d.text(x, y, str(cell + 1), size=11, fill=ink, cls="label")


def _draw_pieces(
    d: Drawing,
    state: State,
    cells: dict[int, _Cell],
    nests: tuple[Box, ...],
    slots: tuple[tuple[Point, ...], ...],
) -> None:
    opts = state.options
    for cell, code in enumerate(state.board):
        # Side by side, one at each end of the square, as a barrier stands.
        for k, seat in enumerate(_occupants(code)):
            _piece(d, opts.colours, seat - 1, *cells[cell].slots[k], cell_name(cell))
    for seat, colour in enumerate(opts.colours):
        mine = state.pos[4 * seat : 4 * seat + 4]
        cx, cy = _centre(nests[colour])
        nest_slots = [(cx + dx, cy + dy) for dy in (-19, 19) for dx in (-19, 19)]
        for k in range(mine.count(NEST)):
            _piece(d, opts.colours, seat, *nest_slots[k], "nest", radius=13)
        for k in range(mine.count(GOAL)):
            _piece(d, opts.colours, seat, *slots[colour][k], "goal")


def _piece(
    d: Drawing,
    colours: tuple[int, ...],
    seat: int,
    x: float,
    y: float,
    where: str,
    radius: float = _R,
) -> None:
    colour = colours[seat]
    d.marker(
        x,
        y,
        radius,
        _tint(colour),
        _letter(colour),
        title=f"{BOARD.colours[colour]} piece ({where})",
    )


def _cells_of(state: State, move: Move) -> list[int | None]:
    """The cells a move goes through, first its start, last where it ends (``None``: the
    nest before an exit, or the goal)."""
    if move.kind not in (OUT, MOVE):
        return []
    row = state.options.tables.cell[state.options.colours.index(move.colour)]
    if move.kind == OUT:
        return [None, row[0]]
    end = min(move.src + move.steps, GOAL)
    out: list[int | None] = [row[r] for r in range(move.src, min(end, GOAL - 1) + 1)]
    if end == GOAL:
        out.append(None)
    return out


def _draw_move(
    d: Drawing, state: State, move: Move, cells: dict[int, _Cell], nests: tuple[Box, ...]
) -> None:
    route = _cells_of(state, move)
    if not route:
        return
    goal_point = (_S / 2, _S / 2)
    nest_point = _centre(nests[move.colour])
    # Along the first place of each square: the numbers stand in the middle.  The head ends
    # on the place the piece takes, the second one where a piece already stands.
    points = [
        cells[c].slots[0] if c is not None else (nest_point if i == 0 else goal_point)
        for i, c in enumerate(route)
    ]
    end = route[-1]
    if end is not None and len(route) > 1 and state.board[end]:
        points[-1] = cells[end].slots[1]
    d.open("highlight", f"move {move}")
    for c in (route[0], route[-1]):
        if c is not None:
            box = cells[c].box
            d.rect(
                box[0] + 1.5,
                box[1] + 1.5,
                box[2] - box[0] - 3,
                box[3] - box[1] - 3,
                stroke=_HIGHLIGHT,
                width=3,
            )
    d.line(points, stroke=_HIGHLIGHT, width=3, dash="6 3", arrow=True)
    d.close()


def _draw_panel(d: Drawing, state: State) -> None:
    opts = state.options
    top = _S
    d.rect(0, top, _S, _PANEL, fill="#ffffff", stroke=INK)
    d.text(10, top + 16, _status(state), size=13, anchor="start", bold=True, cls="status")
    if state.roll:
        d.die(_S - 48, top + 12, 38, state.roll)
    for seat, colour in enumerate(opts.colours):
        # Two players a line, each named by colour, so that no line runs into the next.
        x, y = 10.0 + (seat % 2) * 290, top + 36 + (seat // 2) * 22
        mine = state.pos[4 * seat : 4 * seat + 4]
        d.marker(x + 10, y, 10, _tint(colour), _letter(colour), cls="legend")
        lane = sum(1 for r in mine if LANE_FIRST <= r < GOAL)
        d.text(
            x + 26,
            y,
            f"{BOARD.colours[colour]}: nest {mine.count(NEST)}, lane {lane}, "
            f"goal {mine.count(GOAL)}",
            size=11,
            anchor="start",
        )
