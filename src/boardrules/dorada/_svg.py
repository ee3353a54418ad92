"""Dorada as an SVG picture: the winding path, its special fields and the DORADA stack.

The path runs in rows of ten fields, turning at each end like the printed road, from the
players' start fields on the left to the last field, where the road goes down and along
under the path into the goal stack DORADA on the right.  Stumble fields are dark holes
labelled ``hole`` (a lost piece in one is a bridge), jump fields carry their number and an
arrow the way they jump, gold fields and the last jump field are golden and lead to DORADA;
a key under the path says what each mark means.  The pieces on a field are fanned as a pile
rising to the right, bottom first, so every letter shows and the free piece is the top
right one; a pile of more than four shows its top four and a badge with its height.  The
DORADA column shows its stack bottom to top with each piece's points now.

Classes of the elements: ``field`` (each field of the path, and ``stumble``, ``jump``,
``gold`` or ``last-jump`` by its kind), ``start`` (a player's start field), ``road``,
``dorada`` (the goal stack), ``stack`` (a pile on a field, the bridge under it included),
``count`` (the height of a tall pile), ``bridge`` (a lost piece filling a hole), ``piece``
(one group per piece: on a start field, on the path, as a bridge or in DORADA), ``key``
(what the marks mean), ``label``, ``legend`` (the players' markers in the panel), ``die``,
``status``, ``highlight``.
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
_CELL = 68.0  # the pitch of the fields
_SIDE = 62.0  # a field's side
_LEFT = 128.0  # the path starts after the start fields
_TOP = 34.0
_R = 10.0  # a piece's radius: its letter is the smallest text allowed
_RISE = 24.0  # from one piece to the next in DORADA
_FAN = 4  # the most pieces of a pile drawn apart; below them, a count
_GOLD = "#e8b923"
_HOLE = "#3a2f25"
_HIGHLIGHT = "#cc0077"
_LEGEND_LINE = 18.0
_PANEL = 80.0

Point = tuple[float, float]


def _field_centre(field: int) -> Point:
    row, k = divmod(field - 1, _COLUMNS)
    col = k if row % 2 == 0 else _COLUMNS - 1 - k
    return _LEFT + col * _CELL + _CELL / 2, _TOP + row * _CELL + _CELL / 2


def _rows(board: Board) -> int:
    return (board.fields + _COLUMNS - 1) // _COLUMNS


def _below_path(board: Board) -> float:
    """The height of the road that leads from the last field to DORADA."""
    return _TOP + _rows(board) * _CELL + 10


def _dorada_box(board: Board, players: int) -> tuple[float, float, float, float]:
    height = max(_below_path(board) + 24 - _TOP, players * PIECES * _RISE + 48)
    return _LEFT + _COLUMNS * _CELL + 16, _TOP, 124.0, height


def _start_centre(player: int) -> Point:
    return 58.0, _TOP + 30 + player * _CELL


def _legend_top(board: Board, players: int) -> float:
    return max(_below_path(board) + 26, _start_centre(players - 1)[1] + 48)


def _panel_top(board: Board, players: int) -> float:
    box = _dorada_box(board, players)
    return max(_legend_top(board, players) + 5 * _LEGEND_LINE, box[1] + box[3] + 12)


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
    box = _dorada_box(board, opts.players)
    legend = _legend_top(board, opts.players)
    height = _panel_top(board, opts.players) + _PANEL
    d = Drawing(box[0] + box[2] + 12, height)
    d.rect(0, 0, d.width, d.height, fill=PAPER)
    d.text(_LEFT, 16, f"Dorada, board {board.name}", size=13, anchor="start", bold=True)
    _draw_road(d, board, box)
    for f in range(1, board.dorada):
        _draw_field(d, board, f, state.bridges[f])
    _draw_starts(d, state)
    d.open("dorada", "DORADA, the goal stack (bottom to top)")
    d.rect(*box, fill=_GOLD, stroke=INK, radius=10)
    d.close()
    # The move goes under every label and piece: it never hides what it passes.
    if isinstance(move, Advance):
        _draw_move(d, state, move)
    for f in range(1, board.dorada):
        _field_labels(d, board, f, state.bridges[f])
    _draw_dorada(d, state, box)
    for f in range(1, board.dorada):
        _draw_pile(d, state, f)
    _draw_legend(d, legend)
    _draw_panel(d, state, height - _PANEL)
    return d.document(size, f"Dorada, board {board.name}: {_status(state, scores(state))}")


def _to_dorada(board: Board) -> list[Point]:
    """The road from the last field to DORADA: down out of the field, along under the
    path, into the side of the DORADA box."""
    x, y = _field_centre(board.fields)
    below = _below_path(board)
    box = _dorada_box(board, 4)
    return [(x, y), (x, below), (box[0] + 14, below)]


def _draw_road(d: Drawing, board: Board, box: tuple[float, float, float, float]) -> None:
    points = [_start_centre(0)] + [_field_centre(f) for f in range(1, board.dorada)]
    d.line(points, stroke="#c9b48a", width=14, cls="road")
    way = _to_dorada(board)
    d.line(way, stroke="#c9b48a", width=14, cls="road")
    end = way[-1]
    d.arrow_head((end[0] - 30, end[1]), end, 20, "#a8925f", cls="road")


_CLASSES = {
    Field.RUNNING: "field",
    Field.STUMBLE: "field stumble",
    Field.JUMP: "field jump",
    Field.GOLD: "field gold",
    Field.LAST_JUMP: "field last-jump",
}
_WORDS = {
    Field.RUNNING: "",
    Field.STUMBLE: ": stumble field",
    Field.JUMP: ": jump field",
    Field.GOLD: ": gold field, to DORADA",
    Field.LAST_JUMP: ": last jump field, to DORADA",
}


def _draw_field(d: Drawing, board: Board, f: int, bridge: int) -> None:
    kind = board.kinds[f]
    cx, cy = _field_centre(f)
    x, y = cx - _SIDE / 2, cy - _SIDE / 2
    golden = kind in (Field.GOLD, Field.LAST_JUMP)
    title = f"field {f}{_WORDS[kind]}"
    if kind is Field.STUMBLE and bridge != NO_BRIDGE:
        title += f", bridged by {COLOURS[bridge]}"
    d.open(_CLASSES[kind], title)
    d.rect(x, y, _SIDE, _SIDE, fill=_GOLD if golden else "#ffffff", stroke=INK, radius=6)
    if kind is Field.STUMBLE:
        d.circle(cx, cy + 4, 21, fill=_HOLE if bridge == NO_BRIDGE else "#b9a78c")
    elif kind is Field.JUMP:
        _jump_arrow(d, cx, cy + 21, board.jump_by[f], f)
    d.close()


def _jump_arrow(d: Drawing, cx: float, y: float, by: int, f: int) -> None:
    # The arrow points the way the piece goes: along the path's row for a jump forward,
    # against it for a jump back.
    row = (f - 1) // _COLUMNS
    forward = 1 if row % 2 == 0 else -1
    way = forward if by > 0 else -forward
    d.line([(cx - 20 * way, y), (cx + 14 * way, y)], width=3)
    d.arrow_head((cx - 20 * way, y), (cx + 22 * way, y), 10, INK)


def _field_labels(d: Drawing, board: Board, f: int, bridge: int) -> None:
    kind = board.kinds[f]
    cx, cy = _field_centre(f)
    x, y = cx - _SIDE / 2, cy - _SIDE / 2
    d.text(x + 5, y + 10, str(f), size=11, anchor="start", fill="#555555", cls="label")
    if kind is Field.JUMP:
        d.text(x + _SIDE - 6, y + 11, f"{board.jump_by[f]:+d}", size=15, anchor="end", bold=True)
    elif kind is Field.LAST_JUMP:
        d.text(cx, cy + 2, "DORADA", size=11, bold=True)
        d.text(cx, cy + 18, "\u25b6", size=12)
    elif kind is Field.GOLD:
        d.text(cx, cy + 4, "gold", size=13, bold=True)
    elif kind is Field.STUMBLE and bridge == NO_BRIDGE:
        d.text(cx, cy + 4, "hole", size=11, fill="#ffffff", bold=True)


def _draw_starts(d: Drawing, state: State) -> None:
    for p in range(state.options.players):
        cx, cy = _start_centre(p)
        d.open("start", f"start field of {COLOURS[p]}: {state.start[p]} pieces")
        d.rect(cx - 52, cy - 30, 104, 60, fill=TINTS[p].light, stroke=INK, radius=8)
        d.close()


def _start_pieces(d: Drawing, state: State) -> None:
    for p in range(state.options.players):
        cx, cy = _start_centre(p)
        d.text(cx, cy - 19, f"start {COLOURS[p]}", size=11, bold=True, cls="label")
        for k in range(state.start[p]):
            x, y = cx - 36 + 24 * k, cy + 9
            d.marker(x, y, _R, TINTS[p], LETTERS[p], title=f"{COLOURS[p]}, on the start field")


def _fan(n: int, cx: float, cy: float) -> list[Point]:
    """Where the pieces of a pile of ``n`` stand, bottom first: up and to the right, each
    far enough from the next that its letter shows; below the top ``_FAN`` the rest stand
    hidden under the lowest one drawn, counted by a badge."""
    shown = min(n, _FAN)
    places = [
        (cx + 14 * (k - (shown - 1) / 2), cy - 11 * (k - (shown - 1) / 2)) for k in range(shown)
    ]
    return [places[0]] * (n - shown) + places


def _draw_pile(d: Drawing, state: State, f: int) -> None:
    stack = state.track[f]
    bridge = state.bridges[f]
    if not stack and bridge == NO_BRIDGE:
        return
    cx, cy = _field_centre(f)
    # A bridge is the bottom of the pile standing on it.
    pile = ([bridge] if bridge != NO_BRIDGE else []) + list(stack)
    places = _fan(len(pile), cx, cy + 4)
    if stack:
        d.open("stack", f"field {f}, bottom to top: " + ", ".join(COLOURS[p] for p in stack))
    for level, p in enumerate(pile):
        x, y = places[level]
        if level == 0 and bridge != NO_BRIDGE:
            d.open("bridge", f"field {f}: bridge of {COLOURS[bridge]}")
            d.marker(x, y, _R, TINTS[p], LETTERS[p], title=f"{COLOURS[p]}, bridge in field {f}")
            d.close()
            continue
        free = level == len(pile) - 1
        height = level + (0 if bridge != NO_BRIDGE else 1)
        d.marker(
            x,
            y,
            _R,
            TINTS[p],
            LETTERS[p],
            title=f"{COLOURS[p]}, {height} from the bottom" + (" (the free piece)" if free else ""),
        )
    if len(pile) > _FAN:
        d.open("count", f"{len(pile)} pieces in this pile")
        d.circle(cx + 20, cy + 20, 10, fill="#ffffff", stroke=INK)
        d.text(cx + 20, cy + 20, str(len(pile)), size=11, bold=True)
        d.close()
    if stack:
        d.close()


def _draw_dorada(d: Drawing, state: State, box: tuple[float, float, float, float]) -> None:
    x, y, w, h = box
    d.text(x + w / 2, y + 16, "DORADA", size=15, bold=True)
    d.text(x + w / 2, y + 34, "points now", size=11)
    stack = state.dorada
    for level, p in enumerate(stack):
        depth = len(stack) - 1 - level
        points = POINTS[depth] if depth < len(POINTS) else POINTS_BELOW
        cy = y + h - 20 - level * _RISE
        d.marker(
            x + 36,
            cy,
            _R,
            TINTS[p],
            LETTERS[p],
            title=f"{COLOURS[p]}, {level + 1} from the bottom, {points} points",
        )
        d.text(x + 54, cy, str(points), size=11, anchor="start")
    _start_pieces(d, state)


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
    box = _dorada_box(board, state.options.players)
    into_dorada = (box[0] + box[2] / 2, box[1] + 52)
    points = [_start_centre(p) if f == 0 else _field_centre(f)]
    points += [_field_centre(g) for g in range(f + 1, min(counted, board.fields) + 1)]
    if counted > board.fields:
        points += _to_dorada(board)[1:]
    elif rest == board.dorada:
        points.append(into_dorada)
    elif rest > 0 and rest != counted:
        points.append(_field_centre(rest))
    elif rest == 0:
        points.append(_start_centre(p))
    d.open("highlight", f"move {move}: ends on {_where(board, rest)}")
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
            d.line([(cx - 14, cy - 10), (cx + 14, cy + 18)], stroke=_HIGHLIGHT, width=4)
            d.line([(cx - 14, cy + 18), (cx + 14, cy - 10)], stroke=_HIGHLIGHT, width=4)
    d.close()


def _where(board: Board, rest: int) -> str:
    if rest == board.dorada:
        return "DORADA"
    if rest == 0:
        return "the start field"
    return f"field {-rest}, lost in the hole" if rest < 0 else f"field {rest}"


def _draw_legend(d: Drawing, top: float) -> None:
    """What every mark on the path means."""
    d.open("key", "what the marks mean")
    rows = (
        ("hole", "hole (stumble field): a piece that stops here is lost and becomes a bridge"),
        ("bridge", "bridge: a lost piece filling a hole; pieces cross and stop on it"),
        ("jump", "jump field: on (+) or back (\u2212) by that many free fields"),
        ("gold", "gold field and last jump field (DORADA \u25b6): straight into DORADA"),
        ("pile", "a pile rises to the right: its top piece is free, a number counts a tall one"),
    )
    for k, (mark, words) in enumerate(rows):
        y = top + k * _LEGEND_LINE
        x = _LEFT + 16
        if mark == "hole":
            d.circle(x, y, 8, fill=_HOLE)
        elif mark == "bridge":
            d.circle(x, y, 8, fill="#b9a78c")
        elif mark == "jump":
            d.text(x, y, "+3", size=11, bold=True)
        elif mark == "pile":
            d.circle(x - 3, y + 2, 5, fill="#888888", stroke=INK)
            d.circle(x + 3, y - 2, 5, fill="#ffffff", stroke=INK)
        else:
            d.rect(x - 8, y - 7, 16, 14, fill=_GOLD, stroke=INK, radius=3)
        d.text(x + 16, y, words, size=11, anchor="start")
    d.close()


def _draw_panel(d: Drawing, state: State, top: float) -> None:
    d.rect(0, top, d.width, d.height - top, fill="#ffffff", stroke=INK)
    points = scores(state)
    d.text(10, top + 16, _status(state, points), size=13, anchor="start", bold=True, cls="status")
    if state.roll:
        d.die(d.width - 50, top + 10, 38, state.roll)
    for p in range(state.options.players):
        y = top + 40 + (p // 2) * 24
        x = 10 + (p % 2) * 470
        d.marker(x + 10, y, _R, TINTS[p], LETTERS[p], cls="legend")
        lost = state.bridges.count(p)
        d.text(
            x + 26,
            y,
            f"{COLOURS[p]}: {state.start[p]} on start, {lost} lost, "
            f"{state.dorada.count(p)} in DORADA, {points[p]} points",
            size=11,
            anchor="start",
        )
