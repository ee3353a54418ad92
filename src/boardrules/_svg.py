"""A small SVG toolkit shared by the games' pictures; it knows no game.

A :class:`Drawing` collects elements in the order they are drawn and writes one standalone
SVG 1.1 document: ``xmlns``, ``viewBox``, ``width``/``height``, no scripts, no external
fonts or images, so a picture is safe to embed anywhere.  Numbers are written by
:func:`num` (at most two decimals, no trailing zeros), so the same state gives the same bytes
on every machine.

Players are told apart by colour *and* by a letter and a marker shape, so the pictures stay
readable for colour-blind players; :data:`PALETTE` is the Okabe-Ito palette, chosen for
that, and each colour has one shape of its own (red is a diamond in every game and with any
number of players).  No text is smaller than :data:`MIN_TEXT` at the default size.

Element classes (the games' pages document theirs): ``piece`` on every playing piece,
``hero`` on every hero, ``highlight`` on whatever marks the move passed as ``move=``,
``die`` on each die, ``status`` on the text that says whose turn it is.

>>> from boardrules._svg import Drawing
>>> d = Drawing(100, 50)
>>> d.rect(0, 0, 100, 50, fill="#ffffff", cls="board")
>>> d.text(50, 25, "a < b", size=12)
>>> print(d.document(200))  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 100 50" width="200"
height="100" font-family="DejaVu Sans, Verdana, Arial, sans-serif"><rect x="0" y="0"
width="100" height="50" fill="#ffffff" class="board"/><text x="50" y="25" font-size="12"
text-anchor="middle" dominant-baseline="central">a &lt; b</text></svg>
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Sequence
from typing import TypeVar

import attrs

from boardrules._legal import find_legal, forged_field, shown
from boardrules._values import safe_repr

M = TypeVar("M")

__all__ = [
    "INK",
    "MIN_TEXT",
    "PALETTE",
    "PAPER",
    "SIZE_RANGE",
    "Drawing",
    "Tint",
    "checked_move",
    "checked_seat",
    "checked_size",
    "escape",
    "num",
    "text_width",
]

#: The colour of lines and text.
INK = "#222222"
#: The background.
PAPER = "#fbf8ef"

#: The smallest font size of any text, in pixels at the default size of a picture.
MIN_TEXT = 11.0


@attrs.frozen
class Tint:
    """A player colour: ``fill`` for pieces, ``light`` for the board areas of that colour,
    ``text`` for letters drawn on ``fill`` (chosen for contrast), ``shape`` the outline of
    its markers (``circle``, ``square``, ``diamond``, ``triangle``, ``hexagon``, ``star``
    or ``pentagon``)."""

    name: str
    fill: str
    light: str
    text: str
    shape: str


#: Colours by name: the Okabe-Ito palette, which colour-blind readers tell apart.
PALETTE: dict[str, Tint] = {
    "yellow": Tint("yellow", "#f0e442", "#f8f2a8", "#222222", "circle"),
    "blue": Tint("blue", "#0072b2", "#a9cfe6", "#ffffff", "square"),
    "red": Tint("red", "#d55e00", "#f1bc94", "#ffffff", "diamond"),
    "green": Tint("green", "#009e73", "#a3dbc9", "#ffffff", "triangle"),
    "orange": Tint("orange", "#e69f00", "#f5d99a", "#222222", "hexagon"),
    "sky": Tint("sky", "#56b4e9", "#c4e4f6", "#222222", "star"),
    "purple": Tint("purple", "#cc79a7", "#ecc9dc", "#222222", "pentagon"),
    "grey": Tint("grey", "#888888", "#d6d6d6", "#ffffff", "circle"),
}


# What XML 1.0 cannot hold at all, not even as a character reference (the control
# characters but tab, newline and carriage return, lone surrogates, U+FFFE and U+FFFF),
# and the C1 controls U+007F..U+009F, which it holds but no reader should be handed.
_NOT_XML = re.compile("[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# What an attribute value would lose to XML's normalisation (each becomes a space).
_WHITESPACE = {"\t": "&#9;", "\n": "&#10;", "\r": "&#13;"}


def escape(text: str) -> str:
    r"""``text`` safe inside an SVG element or a double-quoted attribute, whatever it holds:
    markup characters become entities, tab, newline and carriage return character
    references, and every character that XML cannot hold (a control character, a lone
    surrogate, U+FFFE, U+FFFF) the replacement character U+FFFD, so every picture is a
    well-formed document that can be written as UTF-8.

    >>> from boardrules._svg import escape
    >>> escape('<a href="x">&</a>')
    '&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;'
    >>> escape("bell\x07, tab\t, lone \ud800") == "bell\ufffd, tab&#9;, lone \ufffd"
    True
    """
    text = (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )
    if not text.isprintable():  # every character that needs more is unprintable: one test
        text = _NOT_XML.sub("\ufffd", text)
        for char, reference in _WHITESPACE.items():
            text = text.replace(char, reference)
    return text


def num(value: float) -> str:
    """A coordinate as text: rounded to two decimals, without trailing zeros.

    >>> from boardrules._svg import num
    >>> num(3.0), num(2.5), num(1 / 3), num(-0.001)
    ('3', '2.5', '0.33', '0')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attributes(pairs: dict[str, str | float | None]) -> str:
    out = []
    for key, value in pairs.items():
        if value is None:
            continue
        shown = num(value) if isinstance(value, (int, float)) else escape(value)
        out.append(f' {key}="{shown}"')
    return "".join(out)


class Drawing:
    """The elements of one picture, in drawing order, on a ``width`` x ``height`` canvas.

    Every method takes ``cls`` (the element's ``class``) and ``title`` (a tooltip, written
    as a ``<title>`` child) where they make sense; colours are ``#rrggbb`` text.
    """

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self._parts: list[str] = []

    def element(self, tag: str, attributes: dict[str, str | float | None], body: str = "") -> None:
        """Add ``<tag ...>body</tag>``; ``body`` is markup (already escaped)."""
        if body:
            self._parts.append(f"<{tag}{_attributes(attributes)}>{body}</{tag}>")
        else:
            self._parts.append(f"<{tag}{_attributes(attributes)}/>")

    def open(self, cls: str | None = None, title: str | None = None) -> None:
        """Start a group ``<g>`` of class ``cls`` with a tooltip ``title``; close it with
        :meth:`close`."""
        self._parts.append(f"<g{_attributes({'class': cls})}>")
        if title:
            self._parts.append(f"<title>{escape(title)}</title>")

    def close(self) -> None:
        """End the group opened last."""
        self._parts.append("</g>")

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        width: float | None = None,
        radius: float | None = None,
        cls: str | None = None,
        dash: str | None = None,
    ) -> None:
        """A rectangle, corners rounded by ``radius``."""
        self.element(
            "rect",
            {
                "x": x,
                "y": y,
                "width": w,
                "height": h,
                "rx": radius,
                "fill": fill,
                "stroke": stroke,
                "stroke-width": width,
                "stroke-dasharray": dash,
                "class": cls,
            },
        )

    def circle(
        self,
        x: float,
        y: float,
        r: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        width: float | None = None,
        cls: str | None = None,
    ) -> None:
        """A circle."""
        self.element(
            "circle",
            {
                "cx": x,
                "cy": y,
                "r": r,
                "fill": fill,
                "stroke": stroke,
                "stroke-width": width,
                "class": cls,
            },
        )

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        *,
        fill: str = "none",
        stroke: str | None = None,
        width: float | None = None,
        cls: str | None = None,
    ) -> None:
        """A closed polygon through ``points``."""
        self.element(
            "polygon",
            {
                "points": " ".join(f"{num(x)},{num(y)}" for x, y in points),
                "fill": fill,
                "stroke": stroke,
                "stroke-width": width,
                "class": cls,
            },
        )

    def line(
        self,
        points: Sequence[tuple[float, float]],
        *,
        stroke: str = INK,
        width: float = 1,
        cls: str | None = None,
        dash: str | None = None,
        arrow: bool = False,
    ) -> None:
        """An open polyline through ``points``; ``arrow`` puts a head on its last point."""
        self.element(
            "polyline",
            {
                "points": " ".join(f"{num(x)},{num(y)}" for x, y in points),
                "fill": "none",
                "stroke": stroke,
                "stroke-width": width,
                "stroke-dasharray": dash,
                "stroke-linecap": "round",
                "stroke-linejoin": "round",
                "class": cls,
            },
        )
        if arrow and len(points) >= 2:
            self.arrow_head(points[-2], points[-1], 3 * width + 4, stroke, cls)

    def arrow_head(
        self,
        tail: tuple[float, float],
        tip: tuple[float, float],
        length: float,
        fill: str,
        cls: str | None = None,
    ) -> None:
        """A filled triangle at ``tip`` pointing away from ``tail``."""
        angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
        back = [
            (tip[0] - length * math.cos(angle + s), tip[1] - length * math.sin(angle + s))
            for s in (0.45, -0.45)
        ]
        self.polygon([tip, *back], fill=fill, cls=cls)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 10,
        fill: str = INK,
        anchor: str = "middle",
        bold: bool = False,
        cls: str | None = None,
    ) -> None:
        """One line of text centred vertically on ``y``; ``anchor`` is ``start``,
        ``middle`` or ``end``."""
        self.element(
            "text",
            {
                "x": x,
                "y": y,
                "font-size": size,
                "fill": None if fill == INK else fill,
                "text-anchor": anchor,
                "dominant-baseline": "central",
                "font-weight": "bold" if bold else None,
                "class": cls,
            },
            escape(text),
        )

    def marker(
        self,
        x: float,
        y: float,
        r: float,
        tint: Tint,
        letter: str,
        *,
        cls: str = "piece",
        title: str | None = None,
    ) -> None:
        """A player's token: its colour's shape (:attr:`Tint.shape`) in that colour with a
        letter (one or two), as one group of class ``cls``.  The letter is :data:`MIN_TEXT`
        or larger from ``r`` = 10 (one letter) or 11.6 (two) up."""
        self.open(cls, title)
        edge = max(1.0, r / 8)
        if tint.shape == "circle":
            self.circle(x, y, r, fill=tint.fill, stroke=INK, width=edge)
        else:
            points = _shape_points(tint.shape, x, y, r)
            self.polygon(points, fill=tint.fill, stroke=INK, width=edge)
        lift = r * 0.2 if tint.shape == "triangle" else r * 0.05  # a triangle's middle is low
        size = r * (1.1 if len(letter) < 2 else 0.95)
        self.text(x, y + lift, letter, size=size, fill=tint.text, bold=True)
        self.close()

    def die(self, x: float, y: float, side: float, value: int, *, cls: str = "die") -> None:
        """A die face showing ``value`` (1-6 as pips, any other number as a figure)."""
        self.open(cls, f"die: {value}")
        self.rect(
            x, y, side, side, fill="#ffffff", stroke=INK, width=max(1.0, side / 20), radius=side / 6
        )
        pips = _PIPS.get(value)
        if pips is None:
            self.text(x + side / 2, y + side / 2, str(value), size=side * 0.55, bold=True)
        for px, py in pips or ():
            self.circle(x + side * px / 4, y + side * py / 4, side / 11, fill=INK)
        self.close()

    def document(self, size: float | None = None, title: str | None = None) -> str:
        """The SVG document, ``size`` pixels wide (default: the canvas width); ``title``
        names the picture for screen readers and as the tooltip of its background."""
        width = self.width if size is None else checked_size(size)
        height = width * self.height / self.width
        head = (
            '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'viewBox="0 0 {num(self.width)} {num(self.height)}" width="{num(width)}" '
            f'height="{num(height)}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">'
        )
        named = f"<title>{escape(title)}</title>" if title else ""
        return head + named + "".join(self._parts) + "</svg>"


# Advance widths of DejaVu Sans in ems, coarsely by kind of character (the fonts that stand
# in for it are narrower): enough to lay text out so that it fits where it is drawn.
_NARROW = frozenset("iljtfrI.,:;'!|() ")


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """About how wide ``text`` is drawn at font ``size`` (in DejaVu Sans, the widest of the
    fonts a picture names), for laying text out.

    >>> from boardrules._svg import text_width
    >>> 30 < text_width("forest", 11) < 40
    True
    """
    ems = sum(
        0.35 if c in _NARROW else 0.95 if c in "mwMW" else 0.72 if c.isupper() else 0.62
        for c in text
    )
    return ems * size * (1.1 if bold else 1.0)


#: The widths a picture may be drawn at, in pixels: below one pixel the numbers round to
#: zero, and far above it a width times the board's proportions can overflow to ``inf``.
SIZE_RANGE = (1.0, 100_000.0)


def checked_size(size: object) -> float:
    """``size`` as a width in pixels, or :class:`ValueError` saying what is allowed.

    >>> from boardrules._svg import checked_size
    >>> checked_size(640)
    640.0
    >>> checked_size(True)
    Traceback (most recent call last):
    ...
    ValueError: size must be a number of pixels from 1 to 100000, not True
    """
    low, high = SIZE_RANGE
    width = -1.0
    # A bool is an int to Python but never a width; an int too large for a float is refused
    # like any other width out of range rather than raising OverflowError.
    if isinstance(size, (int, float)) and not isinstance(size, bool):
        width = float(size) if abs(size) <= high else -1.0
    if not low <= width <= high:  # also refuses nan
        raise ValueError(
            f"size must be a number of pixels from {low:g} to {high:g}, not {safe_repr(size)}"
        )
    return width


def checked_seat(perspective: object, seats: int) -> int:
    """``perspective`` as a seat number ``0..seats - 1`` (numpy integers accepted), or
    :class:`ValueError` saying what is allowed.

    >>> from boardrules._svg import checked_seat
    >>> checked_seat(1, 4)
    1
    >>> checked_seat("1", 4)
    Traceback (most recent call last):
    ...
    ValueError: perspective must be a seat number 0 to 3, not '1'
    """
    seat = -1
    if not isinstance(perspective, bool) and hasattr(perspective, "__index__"):
        seat = operator.index(perspective)
    if not 0 <= seat < seats:
        raise ValueError(
            f"perspective must be a seat number 0 to {seats - 1}, not {safe_repr(perspective)}"
        )
    return seat


def checked_move(move: M | None, legal: Sequence[M]) -> M | None:
    """For ``move=``: ``None``, or the legal object that ``move`` is or strictly equals (the
    check of ``apply_move``: no float or numpy field, no field left unset); anything else
    raises :class:`~boardrules.IllegalMoveError` (a :class:`ValueError`).

    >>> from boardrules._svg import checked_move
    >>> checked_move("b", ("a", "b"))
    'b'
    >>> checked_move("c", ("a", "b"))
    Traceback (most recent call last):
    ...
    boardrules.errors.IllegalMoveError: move= must be a legal move; 'c' is not legal now
    """
    if move is None:
        return None
    found = find_legal(move, legal)
    if found is None:
        from boardrules.errors import IllegalMoveError

        why = forged_field(move, legal)
        text = shown(move) if why is None else f"{shown(move)} (its {why})"
        raise IllegalMoveError(f"move= must be a legal move; {text} is not legal now")
    return found


# Pip positions on a 4 x 4 grid of the face.
_PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((2, 2),),
    2: ((1, 1), (3, 3)),
    3: ((1, 1), (2, 2), (3, 3)),
    4: ((1, 1), (3, 1), (1, 3), (3, 3)),
    5: ((1, 1), (3, 1), (2, 2), (1, 3), (3, 3)),
    6: ((1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)),
}


def _shape_points(shape: str, x: float, y: float, r: float) -> list[tuple[float, float]]:
    if shape == "square":
        s = r * 0.88
        return [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]
    corners = {"diamond": 4, "triangle": 3, "hexagon": 6, "star": 10, "pentagon": 5}[shape]
    grow = {"diamond": 1.1, "triangle": 1.3, "hexagon": 1.05, "star": 1.15, "pentagon": 1.1}[shape]
    points = []
    for k in range(corners):
        angle = -math.pi / 2 + 2 * math.pi * k / corners
        radius = r * grow * (0.6 if shape == "star" and k % 2 else 1)
        points.append(
            (
                x + radius * math.cos(angle),
                y + radius * math.sin(angle) + (r * 0.2 if shape == "triangle" else 0),
            )
        )
    return points
