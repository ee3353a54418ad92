"""Dorada as an SVG picture: the winding path, its special fields and the DORADA stack.

The path runs in rows of ten fields, turning at each end like the printed road, from the
players' start fields on the left to the goal stack DORADA on the right.  Stumble fields
are holes (a lost piece in one is a bridge), jump fields carry their number and an arrow
the way they jump, gold fields and the last jump field are golden and lead to DORADA.
Pieces on a field are drawn as a pile, bottom first: the top one is the free piece.  The
DORADA column shows its stack bottom to top with each piece's points now.

Classes of the elements: ``field`` (each field of the path, and ``stumble``, ``jump``,
``gold`` or ``last-jump`` by its kind), ``start`` (a player's start field), ``dorada``
(the goal stack), ``stack`` (a pile on a field), ``bridge`` (a lost piece filling a hole),
``piece`` (one group per piece: on a start field, on the path, as a bridge or in DORADA),
``die``, ``status``, ``highlight``.
"""

from __future__ import annotations

from boardrules._svg import INK, PALETTE, PAPER, Drawing, Tint, checked_move, checked_seat
from boardrules.dorada._board import Board, Field
from boardrules.dorada._rules import POINTS, POINTS_BELOW, destination, legal_moves, scores
from boardrules.dorada._state import NO_BRIDGE, PIECES, Advance, Move, State
from boardrules.dorada._text import COLOURS, LETTERS, _status

__all__ = ["TINTS", "render_svg"]

#: The colour of each player, by number (the letters R, B, G, Y: its initial).
TINTS: tuple[Tint, ...] = tuple(PALETTE[c] for c in COLOURS)
_COLUMNS = 10
_CELL = 58.0  # the pitch of the fields
_SIDE = 50.0  # a field's side
_LEFT = 104.0  # the path starts after the start fields
_TOP = 34.0
_GOLD = "#e8b923"
_HIGHLIGHT = "#cc0077"

Point = tuple[float, float]


def _field_centre(field: int) -> Point:
    row, k = divmod(field - 1, _COLUMNS)
    col = k if row % 2 == 0 else _COLUMNS - 1 - k
    return _LEFT + col * _CELL + _CELL / 2, _TOP + row * _CELL + _CELL / 2


def _rows(board: Board) -> int:
    return (board.fields + _COLUMNS - 1) // _COLUMNS


def _dorada_box(board: Board) -> tuple[float, float, float, float]:
    height = max(_rows(board) * _CELL, 22.0 * 4 * PIECES / 2 + 40)
    return _LEFT + _COLUMNS * _CELL + 16, _TOP, 110.0, height


def _start_centre(player: int) -> Point:
    return 50.0, _TOP + 30 + player * 64


def render_svg(
    state: State,
    *,
    size: float | None = None,
    move: Move | None = None,
    perspective: int | None = None,
) -> str:
    """The board as a standalone SVG document (see the module for its element classes).

    ``move`` (a legal move) is drawn along the fields the die counts, then on to where the
    piece comes to rest (a jump, DORADA, or the hole that takes it).  The path has no sides,
    so ``perspective`` changes nothing but is accepted like every game's.

    >>> from boardrules.dorada import render_svg
    >>> from boardrules.dorada import position
    >>> svg = render_svg(position(players=2, track={3: [1, 0]}, bridges={9: 1}, dorada=[0]))
    >>> svg.count('class="piece"')
    8
    """
    opts = state.options
    board = opts.board
    if perspective is not None:
        checked_seat(perspective, opts.players)
    move = checked_move(move, legal_moves(state))
    box = _dorada_box(board)
    height = max(box[1] + box[3], _start_centre(opts.players - 1)[1] + 40) + 96
    d = Drawing(box[0] + box[2] + 12, height)
    d.rect(0, 0, d.width, d.height, fill=PAPER)
    d.text(_LEFT, 16, f"Dorada, board {board.name}", size=13, anchor="start", bold=True)
    _draw_road(d, board)
    for f in range(1, board.dorada):
        _draw_field(d, board, f, state.bridges[f])
    _draw_starts(d, state)
    _draw_dorada(d, state, box)
    for f in range(1, board.dorada):
        _draw_stack(d, state.track[f], f)
    if isinstance(move, Advance):
        _draw_move(d, state, move)
    _draw_panel(d, state, height - 86)
    return d.document(size, f"Dorada, board {board.name}: {_status(state, scores(state))}")


def _draw_road(d: Drawing, board: Board) -> None:
    points = [_start_centre(0)] + [_field_centre(f) for f in range(1, board.dorada)]
    box = _dorada_box(board)
    points.append((box[0] + box[2] / 2, box[1] + box[3] - 20))
    d.line(points, stroke="#c9b48a", width=14, cls="road")


def _draw_field(d: Drawing, board: Board, f: int, bridge: int) -> None:
    kind = board.kinds[f]
    cx, cy = _field_centre(f)
    x, y = cx - _SIDE / 2, cy - _SIDE / 2
    names = {
        Field.RUNNING: "",
        Field.STUMBLE: " stumble",
        Field.JUMP: " jump",
        Field.GOLD: " gold",
        Field.LAST_JUMP: " last-jump",
    }
    words = {
        Field.RUNNING: "",
        Field.STUMBLE: ": stumble field",
        Field.JUMP: ": jump field",
        Field.GOLD: ": gold field",
        Field.LAST_JUMP: ": last jump field, to DORADA",
    }
    golden = kind in (Field.GOLD, Field.LAST_JUMP)
    d.open("field" + names[kind], f"field {f}{words[kind]}")
    d.rect(x, y, _SIDE, _SIDE, fill=_GOLD if golden else "#ffffff", stroke=INK, radius=6)
    d.text(x + 4, y + 8, str(f), size=9, anchor="start", fill="#555555")
    if kind is Field.STUMBLE:
        d.circle(cx, cy + 3, 17, fill="#3a2f25" if bridge == NO_BRIDGE else "#7a6a55")
    elif kind is Field.JUMP:
        _jump_mark(d, cx, cy, board.jump_by[f], f)
    elif kind is Field.LAST_JUMP:
        d.text(cx, cy + 17, "DORADA", size=8, bold=True)
        d.arrow_head((cx - 10, cy + 5), (cx + 14, cy + 5), 10, INK)
    elif golden:
        d.text(cx, cy + 17, "gold", size=9, bold=True)
    d.close()
    if kind is Field.STUMBLE and bridge != NO_BRIDGE:
        d.open("bridge", f"field {f}: bridge of {COLOURS[bridge]}")
        d.marker(
            cx,
            cy + 3,
            13,
            bridge,
            TINTS[bridge],
            LETTERS[bridge],
            title=f"{COLOURS[bridge]}, bridge in field {f}",
        )
        d.close()


def _jump_mark(d: Drawing, cx: float, cy: float, by: int, f: int) -> None:
    # The arrow points the way the piece goes: along the path's row for a jump forward,
    # against it for a jump back.
    row = (f - 1) // _COLUMNS
    forward = 1 if row % 2 == 0 else -1
    way = forward if by > 0 else -forward
    d.text(cx, cy - 8, f"{by:+d}", size=14, bold=True)
    d.line([(cx - 12 * way, cy + 12), (cx + 12 * way, cy + 12)], width=3)
    d.arrow_head((cx - 12 * way, cy + 12), (cx + 16 * way, cy + 12), 9, INK)


def _draw_starts(d: Drawing, state: State) -> None:
    for p in range(state.options.players):
        cx, cy = _start_centre(p)
        d.open("start", f"start field of {COLOURS[p]}: {state.start[p]} pieces")
        d.rect(cx - 40, cy - 28, 80, 56, fill=TINTS[p].light, stroke=INK, radius=8)
        d.text(cx, cy - 20, f"start {COLOURS[p]}", size=9, bold=True)
        for k in range(state.start[p]):
            x, y = cx - 27 + 18 * k, cy + 6
            d.marker(x, y, 8, p, TINTS[p], LETTERS[p], title=f"{COLOURS[p]}, on the start field")
        d.close()


def _draw_stack(d: Drawing, stack: tuple[int, ...], f: int) -> None:
    if not stack:
        return
    cx, cy = _field_centre(f)
    step = min(12.0, 30.0 / len(stack))
    d.open("stack", f"field {f}, bottom to top: " + ", ".join(COLOURS[p] for p in stack))
    for level, p in enumerate(stack):
        y = cy + 12 - level * step
        free = level == len(stack) - 1
        d.marker(
            cx,
            y,
            10,
            p,
            TINTS[p],
            LETTERS[p],
            title=f"{COLOURS[p]}, {level + 1} from the bottom"
            + (" (the free piece)" if free else ""),
        )
    d.close()


def _draw_dorada(d: Drawing, state: State, box: tuple[float, float, float, float]) -> None:
    x, y, w, h = box
    d.open("dorada", "DORADA, the goal stack (bottom to top)")
    d.rect(x, y, w, h, fill=_GOLD, stroke=INK, radius=10)
    d.text(x + w / 2, y + 14, "DORADA", size=14, bold=True)
    stack = state.dorada
    step = min(22.0, (h - 60) / max(1, len(stack)))
    for level, p in enumerate(stack):
        depth = len(stack) - 1 - level
        points = POINTS[depth] if depth < len(POINTS) else POINTS_BELOW
        cy = y + h - 24 - level * step
        d.marker(
            x + 30,
            cy,
            min(9.0, step / 2),
            p,
            TINTS[p],
            LETTERS[p],
            title=f"{COLOURS[p]}, {level + 1} from the bottom, {points} points",
        )
        d.text(x + 48, cy, f"{level + 1}. {points}", size=9, anchor="start")
    d.close()


def _draw_move(d: Drawing, state: State, move: Advance) -> None:
    board = state.options.board
    p, f, die = state.turn, move.field, state.roll
    if die <= 0:
        return
    track = list(state.track)
    if f:
        track[f] = track[f][:-1]
    counted = f + die
    rest = destination(board, track, state.bridges, counted)
    box = _dorada_box(board)
    into_dorada = (box[0] + box[2] / 2, box[1] + 40)
    points = [_start_centre(p) if f == 0 else _field_centre(f)]
    points += [_field_centre(g) for g in range(f + 1, min(counted, board.fields) + 1)]
    if counted > board.fields or rest == board.dorada:
        points.append(into_dorada)
    elif rest > 0 and rest != counted:
        points.append(_field_centre(rest))
    elif rest == 0:
        points.append(_start_centre(p))
    d.open(
        "highlight",
        f"move {move}: ends on "
        + (
            "DORADA"
            if rest == board.dorada
            else "the start field"
            if rest == 0
            else f"field {-rest}, lost in the hole"
            if rest < 0
            else f"field {rest}"
        ),
    )
    d.line(points, stroke=_HIGHLIGHT, width=4, dash="8 4", arrow=True)
    if 0 < abs(rest) <= board.fields:
        cx, cy = _field_centre(abs(rest))
        d.rect(
            cx - _SIDE / 2 - 2,
            cy - _SIDE / 2 - 2,
            _SIDE + 4,
            _SIDE + 4,
            stroke=_HIGHLIGHT,
            width=4,
            radius=8,
        )
        if rest < 0:
            d.line([(cx - 14, cy - 14), (cx + 14, cy + 14)], stroke=_HIGHLIGHT, width=4)
            d.line([(cx - 14, cy + 14), (cx + 14, cy - 14)], stroke=_HIGHLIGHT, width=4)
    d.close()


def _draw_panel(d: Drawing, state: State, top: float) -> None:
    d.rect(0, top, d.width, d.height - top, fill="#ffffff", stroke=INK)
    points = scores(state)
    d.text(10, top + 16, _status(state, points), size=13, anchor="start", bold=True, cls="status")
    if state.roll:
        d.die(d.width - 50, top + 10, 38, state.roll)
    for p in range(state.options.players):
        y = top + 40 + (p // 2) * 20
        x = 10 + (p % 2) * 410
        d.marker(x + 8, y, 7, p, TINTS[p], LETTERS[p], cls="legend")
        lost = state.bridges.count(p)
        d.text(
            x + 20,
            y,
            f"{COLOURS[p]}: {state.start[p]} on start, {lost} lost as bridges, "
            f"{state.dorada.count(p)} in DORADA: {points[p]} points",
            size=10,
            anchor="start",
        )
