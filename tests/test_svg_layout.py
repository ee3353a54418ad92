"""The pictures' layout, measured on the SVG they draw: no text below 11 px at the default
size, no two pieces on top of each other unless the rules pile them up, no move's arrow or
outline over a number or a letter, one marker shape per colour whatever the number of
players, and Dorada's road and legend.

A piece's box is computed from the shapes of its group (``piece``, or ``hero`` in
Dorasure): circles, ellipses, rectangles, polygons and lines.  Pieces may overlap only
inside one ``stack`` (Dorada's piles) or ``tower`` (Docker's towers).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import boardrules as br
from boardrules import docker, dorada
from boardrules._svg import MIN_TEXT, text_width
from test_svg import SVG, classes, states

Box = tuple[float, float, float, float]
Segment = tuple[float, float, float, float]

#: Per game: the options of the seeded games measured (Dorasure: 2, 4 and 6 heroes).
PLAYERS: dict[str, list[dict[str, Any]]] = {
    "parchis": [{"players": 2}, {"players": 4}],
    "dorada": [{"players": 2}, {"players": 4}],
    "docker": [{"players": 2}, {"players": 4}],
    "dorasure": [{"players": 2}, {"players": 4}, {"players": 6}],
}
PILES = ("stack", "tower")


def positions(game: str, every: int = 9) -> Iterator[Any]:
    for k, options in enumerate(PLAYERS[game]):
        for seed in (1, 2):
            yield from states(game, options, seed=100 * seed + k, every=every)


def walk(root: ET.Element) -> Iterator[tuple[ET.Element, tuple[ET.Element, ...]]]:
    """Every element in document order with its ancestors, the nearest last."""
    todo: list[tuple[ET.Element, tuple[ET.Element, ...]]] = [(root, ())]
    while todo:
        element, above = todo.pop()
        yield element, above
        todo.extend((child, (*above, element)) for child in reversed(element))


def floats(element: ET.Element, *names: str) -> list[float]:
    return [float(element.get(n, "0")) for n in names]


def points(element: ET.Element) -> list[tuple[float, float]]:
    pairs = (p.split(",") for p in element.get("points", "").split())
    return [(float(x), float(y)) for x, y in pairs]


def shape_box(element: ET.Element) -> Box | None:
    tag = element.tag.removeprefix(SVG)
    if tag == "circle":
        x, y, r = floats(element, "cx", "cy", "r")
        return x - r, y - r, x + r, y + r
    if tag == "ellipse":
        x, y, rx, ry = floats(element, "cx", "cy", "rx", "ry")
        return x - rx, y - ry, x + rx, y + ry
    if tag == "rect":
        x, y, w, h = floats(element, "x", "y", "width", "height")
        return x, y, x + w, y + h
    if tag in ("polygon", "polyline"):
        xs, ys = zip(*points(element), strict=True)
        return min(xs), min(ys), max(xs), max(ys)
    return None


def union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))  # fmt: skip


def overlap(a: Box, b: Box, slack: float = 0.5) -> bool:
    across = a[0] < b[2] - slack and b[0] < a[2] - slack
    return across and a[1] < b[3] - slack and b[1] < a[3] - slack


def pieces(root: ET.Element) -> list[tuple[Box, ET.Element | None, str]]:
    """Each piece's box, the pile it belongs to (``None``: none) and its tooltip."""
    out = []
    for element, above in walk(root):
        if not {"piece", "hero"} & set(classes(element)):
            continue
        boxes = [b for e in element.iter() if (b := shape_box(e)) is not None]
        pile = next((a for a in reversed(above) if set(classes(a)) & set(PILES)), None)
        out.append((union(boxes), pile, element.findtext(f"{SVG}title") or ""))
    return out


def text_box(element: ET.Element) -> Box:
    x, y, size = floats(element, "x", "y", "font-size")
    width = text_width(element.text or "", size, bold=element.get("font-weight") == "bold")
    left = {"start": x, "middle": x - width / 2, "end": x - width}[element.get("text-anchor", "")]
    return left, y - size * 0.4, left + width, y + size * 0.4


def strokes(element: ET.Element) -> list[Segment | Box]:
    """What a highlight draws as segments (lines, outlines) and boxes (filled shapes)."""
    tag = element.tag.removeprefix(SVG)
    if tag == "polyline":
        p = points(element)
        return [(*p[k], *p[k + 1]) for k in range(len(p) - 1)]
    if element.get("fill", "none") != "none":
        box = shape_box(element)
        return [box] if box else []
    if tag == "rect":
        x0, y0, x1, y1 = shape_box(element) or (0, 0, 0, 0)
        return [(x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)]
    if tag == "circle":  # a ring: a polygon of 48 sides is close enough
        x, y, r = floats(element, "cx", "cy", "r")
        ring = [(x + r * math.cos(k * math.pi / 24), y + r * math.sin(k * math.pi / 24))
                for k in range(49)]  # fmt: skip
        return [(*ring[k], *ring[k + 1]) for k in range(48)]
    return []


def crosses(segment: Segment, box: Box, width: float) -> bool:
    """Whether a line ``width`` wide along ``segment`` touches ``box``."""
    x0, y0, x1, y1 = segment
    grown = (box[0] - width / 2, box[1] - width / 2, box[2] + width / 2, box[3] + width / 2)
    steps = max(1, int(math.dist((x0, y0), (x1, y1)) / 1.0))
    return any(
        grown[0] <= x0 + (x1 - x0) * k / steps <= grown[2]
        and grown[1] <= y0 + (y1 - y0) * k / steps <= grown[3]
        for k in range(steps + 1)
    )


@pytest.mark.parametrize("game", list(PLAYERS))
def test_no_text_is_smaller_than_11_px_at_the_default_size(game: str) -> None:
    sizes: set[float] = set()
    for s in positions(game, every=15):
        moves = [] if br.is_chance(s) or br.is_terminal(s) else br.legal_moves(s)[:1]
        for move in [None, *moves]:
            root = ET.fromstring(br.render_svg(s, move=move))
            assert root.get("width") == root.get("viewBox", "").split()[2]  # 1 unit, 1 pixel
            sizes |= {float(e.get("font-size", "0")) for e in root.iter(f"{SVG}text")}
    assert min(sizes) >= MIN_TEXT == 11


@pytest.mark.parametrize("game", list(PLAYERS))
def test_no_two_pieces_overlap_unless_the_rules_pile_them(game: str) -> None:
    piled = 0
    for s in positions(game):
        found = pieces(ET.fromstring(br.render_svg(s)))
        assert len(found) == len({t for _, _, t in found}) or game != "dorasure"
        for i, (a, pile_a, title_a) in enumerate(found):
            for b, pile_b, title_b in found[i + 1 :]:
                if pile_a is not None and pile_a is pile_b:
                    piled += overlap(a, b)
                    continue
                assert not overlap(a, b), f"{title_a} {a} and {title_b} {b}\n{br.render(s)}"
    if game in ("dorada", "docker"):
        assert piled > 0, "no pile was met: the test would not see one drawn wrong"


@pytest.mark.parametrize("game", list(PLAYERS))
def test_a_moves_arrow_and_outline_never_cover_a_number_or_a_letter(game: str) -> None:
    shown = 0
    for s in positions(game, every=13):
        if br.is_chance(s) or br.is_terminal(s):
            continue
        for move in br.legal_moves(s)[:3]:
            root = ET.fromstring(br.render_svg(s, move=move))
            order = {e: k for k, (e, _) in enumerate(walk(root))}
            marks = [(order[e], e) for e, above in walk(root)
                     if any("highlight" in classes(a) for a in above)]  # fmt: skip
            texts = [(order[e], text_box(e)) for e in root.iter(f"{SVG}text")]
            for k, mark in marks:
                width = float(mark.get("stroke-width", "1"))
                for shape in strokes(mark):
                    for j, box in texts:
                        touched = (
                            overlap(shape, box, 0) if mark.get("fill", "none") != "none"
                            else crosses(shape, box, width)
                        )  # fmt: skip
                        assert not touched or j > k, f"move {move} covers a text\n{br.render(s)}"
                        shown += touched
    assert shown > 0, "no arrow ever passed a text: the test would not see one on top"


def shapes_by_colour(svg: str) -> dict[str, set[tuple[str, int, float]]]:
    out: dict[str, set[tuple[str, int, float]]] = {}
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        if not {"piece", "hero", "legend"} & set(classes(group)) or "dead" in classes(group):
            continue  # a dead hero is grey, in its own colour's shape
        outline = group[1] if group[0].tag == f"{SVG}title" else group[0]
        if outline.tag not in (f"{SVG}circle", f"{SVG}polygon"):
            continue  # a Docker piece in a tower is a disc, in every colour
        corners = points(outline)
        turn = 0.0
        if corners:  # a square and a diamond have four corners, turned apart
            cx = sum(x for x, _ in corners) / len(corners)
            cy = sum(y for _, y in corners) / len(corners)
            turn = round(math.degrees(math.atan2(corners[0][1] - cy, corners[0][0] - cx)))
        kind = (outline.tag.removeprefix(SVG), len(corners), turn)
        out.setdefault(outline.get("fill", ""), set()).add(kind)
    return out


@pytest.mark.parametrize("game", list(PLAYERS))
def test_each_colour_has_one_marker_shape_whatever_the_number_of_players(game: str) -> None:
    seen: dict[str, set[tuple[str, int, float]]] = {}
    for options in PLAYERS[game]:
        for s in states(game, options, seed=7, every=50):
            for fill, kinds in shapes_by_colour(br.render_svg(s)).items():
                seen.setdefault(fill, set()).update(kinds)
    assert len(seen) >= 4
    assert all(len(kinds) == 1 for kinds in seen.values()), seen
    assert len({next(iter(k)) for k in seen.values()}) == len(seen), "two colours share a shape"


def test_red_is_a_diamond_in_a_two_and_a_four_player_parchis_game() -> None:
    for players in (2, 4):
        svg = br.render_svg(br.new_game("parchis", players=players))
        reds = [g for g in ET.fromstring(svg).iter(f"{SVG}g")
                if (g.findtext(f"{SVG}title") or "").startswith("red piece")]  # fmt: skip
        assert len(reds) == 4
        assert all(len(points(g[1])) == 4 for g in reds)


def test_dorada_road_leads_from_the_last_field_into_dorada() -> None:
    root = ET.fromstring(br.render_svg(br.new_game("dorada", players=4)))
    fields = {
        (g.findtext(f"{SVG}title") or "").split(":")[0]: shape_box(g[1])
        for g in root.iter(f"{SVG}g")
        if "field" in classes(g)
    }
    dorada = next(shape_box(g[1]) for g in root.iter(f"{SVG}g") if "dorada" in classes(g))
    assert dorada is not None
    roads = [points(e) for e in root.iter(f"{SVG}polyline") if "road" in classes(e)]
    into = [r for r in roads if dorada[0] <= r[-1][0] <= dorada[2] or r[-1][0] >= dorada[0]]
    assert len(into) == 1
    first, last = into[0][0], into[0][-1]
    box = fields["field 40"]
    assert box is not None and box[0] < first[0] < box[2] and box[1] < first[1] < box[3]
    assert dorada[1] <= last[1] <= dorada[3] and abs(last[0] - dorada[0]) < 20
    # Nothing else of the road reaches DORADA: the rows end where the path turns.
    assert all(max(x for x, _ in r) < dorada[0] for r in roads if r is not into[0])


def test_dorada_legend_explains_every_mark() -> None:
    root = ET.fromstring(br.render_svg(br.new_game("dorada", players=2)))
    legend = next(g for g in root.iter(f"{SVG}g") if "key" in classes(g))
    words = " ".join(e.text or "" for e in legend.iter(f"{SVG}text"))
    for mark in ("stumble field", "bridge", "jump field", "gold field", "last jump field",
                 "pile", "free"):  # fmt: skip
        assert mark in words
    holes = [e for e in root.iter(f"{SVG}text") if e.text == "hole"]
    stumble = [g for g in root.iter(f"{SVG}g") if "stumble" in classes(g)]
    assert len(holes) == len(stumble) == 9  # every open stumble field says what it is


@pytest.mark.parametrize("height", [1, 4, 6, 7, 12])
def test_a_docker_tower_of_any_height_names_every_owner(height: int) -> None:
    owners = "0123" * 3
    tower = owners[:height]
    s = docker.position({"a1": tower}, players=4, turn=0)
    root = ET.fromstring(br.render_svg(s))
    group = next(g for g in root.iter(f"{SVG}g") if "tower" in classes(g))
    texts = [e.text or "" for e in group.iter(f"{SVG}text")]
    # Bottom to top: a tall tower's lowest pieces in one band, written last, then the rest.
    shown = texts[-1] + "".join(texts[:-1]) if height > 6 else "".join(texts)
    assert shown == tower
    assert all(float(e.get("font-size", "0")) >= MIN_TEXT for e in group.iter(f"{SVG}text"))


def test_dorada_piles_are_fanned_and_counted() -> None:
    s = dorada.position(players=4, track={3: [1, 0, 2], 6: [0, 1, 2, 3, 0]}, dorada=[3, 3])
    root = ET.fromstring(br.render_svg(s))
    stacks = [g for g in root.iter(f"{SVG}g") if "stack" in classes(g)]
    assert len(stacks) == 2
    for g, height in zip(stacks, (3, 5), strict=True):
        boxes = [shape_box(p[1]) for p in g if "piece" in classes(p)]
        xs = [(b[0] + b[2]) / 2 for b in boxes if b]
        assert len(xs) == height
        # Up to four apart, left to right from the bottom; any below them under the lowest.
        shown = xs[-4:]
        assert shown == sorted(shown) and len(set(shown)) == len(shown)
        assert set(xs[:-4]) <= {shown[0]}
        counts = [c for c in g if "count" in classes(c)]
        assert [c.findtext(f"{SVG}text") for c in counts] == ([] if height <= 4 else ["5"])
