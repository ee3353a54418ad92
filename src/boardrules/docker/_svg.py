"""Docker as an SVG picture: the pitch seen from above with its towers.

Each square shows its tower as a pile of discs, bottom piece lowest, each with its owner's
number, the height in a badge and the square's name in a corner; a tower taller than six
keeps its top five discs whole and squeezes the rest into one band that lists their owners,
bottom first, left to right.  Outside each side sits the player who enters
there: an arrow into the entry square and the pieces still in hand.  The panel below lists
each player's side, pieces and elimination.  South is at the bottom unless ``perspective``
names another seat.

Classes of the elements: ``square`` (each square, ``entry`` as well on entry squares),
``tower`` (the pile on a square), ``height`` (its badge), ``piece`` (one group per piece,
on the pitch or in hand), ``hand`` (a player's pieces not yet entered), ``eliminated``
(the marks of an eliminated player), ``label``, ``legend``, ``die``, ``status``,
``highlight`` (drawn under the names and towers, so it hides none of them).
"""

from __future__ import annotations

import math

from boardrules._svg import (
    INK,
    PALETTE,
    PAPER,
    Drawing,
    Tint,
    checked_move,
    checked_seat,
    text_width,
)
from boardrules.docker._rules import legal_moves
from boardrules.docker._state import Entry, Move, Shift, State
from boardrules.docker._text import COLOURS, status

__all__ = ["render_svg"]

#: The colour of each player, by number.
TINTS: tuple[Tint, ...] = tuple(PALETTE[c] for c in COLOURS)
_CELL = 120.0
_MARGIN = 64.0
# The sides anticlockwise on the screen, from the bottom.
_SIDES = ("south", "east", "north", "west")
_PANEL_LINE = 22.0
_BAND = 14.0  # the side of a piece in a tower: room for its letter
_SHOWN = 5  # the most pieces of a tower drawn whole when it is too tall for its square

Point = tuple[float, float]


class _Frame:
    """Where things go: square ``(x, y)`` of the pitch, turned by ``view`` quarter turns."""

    def __init__(self, size: int, view: int) -> None:
        self.size = size
        self.view = view
        self.side = size * _CELL + 2 * _MARGIN

    def turn(self, p: Point, extra: int = 0) -> Point:
        half = self.side / 2
        x, y = p[0] - half, p[1] - half
        for _ in range((self.view + extra) % 4):
            x, y = y, -x  # anticlockwise on the screen: the bottom goes to the right
        return x + half, y + half

    def square_box(self, square: int) -> tuple[float, float]:
        """The top-left corner of a square's cell."""
        x, y = square % self.size, square // self.size
        top = (_MARGIN + x * _CELL, _MARGIN + (self.size - 1 - y) * _CELL)
        a = self.turn(top)
        b = self.turn((top[0] + _CELL, top[1] + _CELL))
        return min(a[0], b[0]), min(a[1], b[1])

    def centre(self, square: int) -> Point:
        x, y = self.square_box(square)
        return x + _CELL / 2, y + _CELL / 2

    def outside(self, side: str, along: float, out: float) -> Point:
        """A point beyond the edge of ``side``: ``along`` from its middle, ``out`` off it."""
        edge = _MARGIN + self.size * _CELL
        bottom = (self.side / 2 + along, edge + out)
        return self.turn(bottom, _SIDES.index(side))


def render_svg(
    state: State,
    *,
    size: float | None = None,
    move: Move | None = None,
    perspective: int | None = None,
) -> str:
    """The pitch as a standalone SVG document (see the module for its element classes).

    ``move`` (a legal move) is drawn as an arrow from where the piece starts (its tower, or
    its player's side for an entry) to the square where it ends; ``perspective`` puts that
    player's side at the bottom.

    >>> from boardrules.docker import render_svg
    >>> from boardrules.docker import position
    >>> svg = render_svg(position({"b2": "01", "b1": [0]}, players=2, turn=1))
    >>> svg.count('class="piece"')
    6
    """
    rules = state.options
    view = 0
    if perspective is not None:
        seat = checked_seat(perspective, rules.players)
        view = (4 - _SIDES.index(rules.sides[seat])) % 4
    move = checked_move(move, legal_moves(state))
    frame = _Frame(rules.pitch.size, view)
    lines = rules.players + 1
    d = Drawing(frame.side, frame.side + lines * _PANEL_LINE + 16)
    d.rect(0, 0, d.width, d.height, fill=PAPER)
    _draw_pitch(d, state, frame)
    # The move goes under every name and tower: it never hides what it passes.
    if move is not None:
        _draw_move(d, state, move, frame)
    for square in range(rules.pitch.squares):
        x, y = frame.square_box(square)
        name = rules.pitch.name_of(square)
        d.text(x + 8, y + _CELL - 10, name, size=11, anchor="start", fill="#6b5a3a", cls="label")
        _draw_tower(d, state.towers[square], x, y, name)
    _draw_sides(d, state, frame)
    _draw_panel(d, state, frame.side)
    return d.document(size, f"Docker, {rules.players} players: {_status(state)}")


def _draw_pitch(d: Drawing, state: State, frame: _Frame) -> None:
    pitch = state.options.pitch
    entries = {e: p for p, e in enumerate(state.options.entries)}
    for square in range(pitch.squares):
        x, y = frame.square_box(square)
        name = pitch.name_of(square)
        player = entries.get(square)
        d.open(
            "square entry" if player is not None else "square",
            f"{name}" + (f", entry square of {COLOURS[player]}" if player is not None else ""),
        )
        d.rect(x, y, _CELL, _CELL, fill="#e9dcc0" if (square % 2) else "#f3ead6", stroke=INK)
        if player is not None:
            d.rect(
                x + 4, y + 4, _CELL - 8, _CELL - 8, stroke=TINTS[player].fill, width=4, dash="10 5"
            )
        d.close()


def _draw_tower(d: Drawing, tower: tuple[int, ...], x: float, y: float, name: str) -> None:
    if not tower:
        return
    d.open("tower", f"tower on {name}, bottom to top: " + " ".join(map(str, tower)))
    # Each piece is a short cylinder seen from the side, its owner written on the band that
    # the piece above leaves visible.  A tower too tall for the square keeps its top
    # _SHOWN pieces whole and squeezes the rest into one band that lists their owners,
    # bottom first, left to right.
    cx, base = x + _CELL / 2, y + _CELL - 16
    squeezed = len(tower) - _SHOWN if len(tower) > _SHOWN + 1 else 0
    top = base
    for level, owner in enumerate(tower):
        thick = _BAND / squeezed if level < squeezed else _BAND
        top -= thick
        title = f"{COLOURS[owner]} ({owner}), {level + 1} from the bottom"
        if level < squeezed:
            d.open("piece", title)
            d.rect(cx - 30, top, 60, thick, fill=TINTS[owner].fill)
            d.close()
        else:
            _disc(d, cx, top, thick, owner, title)
    if squeezed:
        owners = "".join(map(str, tower[:squeezed]))
        width = text_width(owners, 11, bold=True) + 8
        d.rect(cx - width / 2, base - _BAND / 2 - 6, width, 13, fill="#ffffff", radius=3)
        d.text(cx, base - _BAND / 2 + 0.5, owners, size=11, bold=True, cls="label")
    d.close()
    d.open("height", f"height {len(tower)}")
    d.circle(x + _CELL - 16, y + 16, 11, fill="#ffffff", stroke=INK)
    d.text(x + _CELL - 16, y + 16, str(len(tower)), size=12, bold=True)
    d.close()


def _disc(d: Drawing, cx: float, top: float, thick: float, owner: int, title: str) -> None:
    tint = TINTS[owner]
    d.open("piece", title)
    ellipse: dict[str, str | float | None] = {
        "cx": cx,
        "rx": 30,
        "ry": 6,
        "stroke": INK,
        "stroke-width": 1,
    }
    d.element("ellipse", {**ellipse, "cy": top + thick, "fill": tint.fill})
    d.rect(cx - 30, top, 60, thick, fill=tint.fill)
    d.line([(cx - 30, top), (cx - 30, top + thick)], width=1)
    d.line([(cx + 30, top), (cx + 30, top + thick)], width=1)
    d.element("ellipse", {**ellipse, "cy": top, "fill": tint.light})
    d.text(cx, top + 6 + (thick - 6) / 2 + 0.5, str(owner), size=11, fill=tint.text, bold=True)
    d.close()


def _draw_sides(d: Drawing, state: State, frame: _Frame) -> None:
    rules = state.options
    for player, side in enumerate(rules.sides):
        tint = TINTS[player]
        out = player in state.eliminated
        colour = "#999999" if out else tint.fill
        tip, tail = frame.outside(side, 0, 4), frame.outside(side, 0, 44)
        d.line([tail, tip], stroke=colour, width=4, arrow=True, cls="entry-arrow")
        d.open("hand", f"{COLOURS[player]}: {state.reserve[player]} in hand")
        for k in range(state.reserve[player]):
            x, y = frame.outside(side, 36 + 26 * k, 28)
            d.marker(x, y, 10, tint, str(player), title=f"{COLOURS[player]}, in hand")
        d.close()
        if out:
            x, y = frame.outside(side, -44, 28)
            d.open("eliminated", f"{COLOURS[player]} is eliminated")
            d.line([(x - 9, y - 9), (x + 9, y + 9)], stroke=INK, width=3)
            d.line([(x - 9, y + 9), (x + 9, y - 9)], stroke=INK, width=3)
            d.close()


def _draw_move(d: Drawing, state: State, move: Move, frame: _Frame) -> None:
    if isinstance(move, Shift):
        # From the top of the tower the piece leaves.
        x, y = frame.square_box(move.origin)
        discs = min(len(state.towers[move.origin]), _SHOWN + 1)
        top = (x + _CELL / 2, y + _CELL - 16 - discs * _BAND)
        points = [top, frame.centre(move.target)]
        ends = [move.origin, move.target]
    elif isinstance(move, Entry):
        side = state.options.sides[state.turn]
        entry = state.options.entries[state.turn]
        points = [frame.outside(side, 0, 24), frame.centre(entry), frame.centre(move.target)]
        ends = [move.target]
    else:
        return
    d.open("highlight", f"move {move}")
    for square in ends:
        x, y = frame.square_box(square)
        d.rect(x + 3, y + 3, _CELL - 6, _CELL - 6, stroke="#cc0077", width=4)
    # The head stops beside the tower it points at, where no disc hides it.
    if points[-1] == points[-2]:  # the piece ends where it started: a loop round it
        cx, cy = points[-1]
        points[-1:] = [(cx + 46, cy - 40), (cx + 46, cy + 10), (cx + 36, cy + 10)]
    else:
        (ax, ay), (bx, by) = points[-2], points[-1]
        keep = max(0.0, 1 - 38 / math.dist((ax, ay), (bx, by)))
        points[-1] = (ax + (bx - ax) * keep, ay + (by - ay) * keep)
    d.line(
        [p for k, p in enumerate(points) if k == 0 or p != points[k - 1]],
        stroke="#cc0077",
        width=4,
        dash="8 4",
        arrow=True,
    )
    d.close()


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _status(state: State) -> str:
    return status(state)


def _draw_panel(d: Drawing, state: State, top: float) -> None:
    rules = state.options
    d.rect(0, top, d.width, d.height - top, fill="#ffffff", stroke=INK)
    d.text(10, top + 14, _status(state), size=13, anchor="start", bold=True, cls="status")
    if state.roll:
        d.die(d.width - 46, top + 6, 36, state.roll)
    for player, side in enumerate(rules.sides):
        y = top + 14 + (player + 1) * _PANEL_LINE
        d.marker(20, y, 10, TINTS[player], str(player), cls="legend")
        on_pitch = sum(t.count(player) for t in state.towers)
        text = (
            f"{COLOURS[player]}, {side}, enters {rules.pitch.name_of(rules.entries[player])}: "
            f"{on_pitch} on the pitch, {state.reserve[player]} in hand"
        )
        if player in state.eliminated:
            text += f"; eliminated {_ordinal(state.eliminated.index(player) + 1)}"
        d.text(36, y, text, size=11, anchor="start")
