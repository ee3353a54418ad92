"""Dorasure as an SVG picture: the hex map, the heroes, the quests, the dragon and the sheets.

The map is drawn hex by hex in its terrain colour with the space's name at the top and its
terrain at the bottom (the City's three hexes are one space; razed Belk and the Fang land
tiles are shown as they are now).  Each mountain carries its quest tile: face down (``?``), face up
(the quest, its attribute and target, and the flags on it) or solved (the reward found).
The heroes stand side by side in the middle of their spaces (the City's share its three
hexes), each with its seat's colour, that colour's shape and the hero's initials.  Beside
the map: the dragon's rampaging meter (fire icons marked), its health with the claw boxes
and the swords in it, the dice and what happens next; below it, each hero's sheet.

Classes of the elements: ``hex`` (each hex, with the terrain name as a class too, e.g.
``hex forest``), ``quest`` (a quest tile, with ``face-down``, ``face-up`` or ``solved``),
``flag`` (the flags on a quest), ``hero`` (one group per hero on the map, ``dead`` as well
for a hero at 0 health), ``meter`` and ``meter-mark`` (the rampaging meter and its token),
``dragon-health``, ``wound`` (each sword token), ``claw`` (a claw box), ``sheet`` (a hero's
row of the sheets), ``label``, ``legend``, ``die``, ``status``, ``highlight`` (drawn under
the labels and heroes).
"""

from __future__ import annotations

import math

import attrs

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
from boardrules.dorasure._board import MOUNTAIN, TERRAIN_NAMES
from boardrules.dorasure._fang import LANDS
from boardrules.dorasure._heroes import attribute_of, lycan
from boardrules.dorasure._rules import legal_moves
from boardrules.dorasure._state import (
    CHANCE,
    COMBAT,
    KNOWLEDGE,
    LAND,
    PHASE_NAMES,
    PRINCE,
    REWARD_SLUGS,
    SEARCH,
    SPEED,
    WEREWOLF,
    WON,
    Adventure,
    Gather,
    Move,
    Quest,
    Rest,
    State,
    Step,
)
from boardrules.dorasure.tasks.moving import Steps
from boardrules.dorasure.tasks.rolls import Extra, Roll

__all__ = ["render_svg"]

_R = 46.0  # hex radius (centre to corner)
_HW = math.sqrt(3) * _R  # hex width
_MARGIN = 14.0
_PANEL = 350.0  # width of the dragon's panel
_ROW = 26.0  # a hero's sheet row
_HERO = 11.6  # a hero's radius: its two letters are the smallest text allowed
_APART = 27.0  # from one hero to the next in a space
_HIGHLIGHT = "#cc0077"

#: Terrain colours by terrain index (city, village, road, lake, plains, forest, mountain,
#: Fang land tile) with the colour of text on them.
TERRAIN_COLOURS: tuple[tuple[str, str], ...] = (
    ("#b9a8cf", INK),
    ("#e9c88e", INK),
    ("#d8cdb3", INK),
    ("#6fa8dc", INK),
    ("#cfe8a3", INK),
    ("#3f7f45", "#ffffff"),
    ("#8a7866", "#ffffff"),
    ("#c7a4dd", INK),
)
# Grey is left out: it marks a dead hero.
_TINT_NAMES = ("blue", "orange", "green", "purple", "sky", "yellow", "red")

Point = tuple[float, float]


def _tint(seat: int) -> Tint:
    return PALETTE[_TINT_NAMES[seat % len(_TINT_NAMES)]]


def _initials(name: str) -> str:
    words = name.split()
    return (words[0][0] + words[1][0]) if len(words) > 1 else name[:2]


def _hex_centre(col: int, row: int) -> Point:
    x = _MARGIN + _HW / 2 + _HW * (col + 0.5 * (row & 1))
    return x, _MARGIN + 30 + _R + 1.5 * _R * row


def _corners(cx: float, cy: float, r: float = _R) -> list[Point]:
    return [
        (cx + r * math.cos(math.radians(60 * k - 30)), cy + r * math.sin(math.radians(60 * k - 30)))
        for k in range(6)
    ]


def _space_centre(s: State, space: int) -> Point:
    cells = s.rules.board.cells[space]
    points = [_hex_centre(c, r) for c, r in cells]
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _map_size(s: State) -> Point:
    rows = s.rules.board.rows
    width = max(len(r.split()) for r in rows)
    return 2 * _MARGIN + _HW * (width + 0.5), _MARGIN + 30 + _R * (1.5 * len(rows) + 0.5)


def render_svg(
    s: State,
    *,
    size: float | None = None,
    move: Move | None = None,
    perspective: int | None = None,
) -> str:
    """The game as a standalone SVG document (see the module for its element classes).

    ``move`` (a legal move) is marked where it acts on the map: a step as an arrow to the
    space entered, a quest or gathering as an arrow to the mountain, an adventure or a rest
    on the hero's own space.  The map is not symmetric, so ``perspective`` (a seat) only
    puts that hero's sheet first.

    >>> from boardrules.dorasure import render_svg
    >>> from boardrules.dorasure import new_game
    >>> render_svg(new_game(players=3)).count('class="hero"')
    3
    """
    rules = s.rules
    if perspective is not None:
        perspective = checked_seat(perspective, rules.seats)
    move = checked_move(move, legal_moves(s))
    map_w, map_h = _map_size(s)
    top = max(map_h, 430.0) + 8
    d = Drawing(map_w + _PANEL, top + _ROW * (rules.seats + 1) + 10)
    d.rect(0, 0, d.width, d.height, fill=PAPER)
    d.text(_MARGIN, _MARGIN + 8, _headline(s), size=14, anchor="start", bold=True, cls="status")
    _draw_map(d, s)
    # The move goes under every label and hero: it never hides what it passes.
    if move is not None:
        _draw_move(d, s, move)
    _draw_labels(d, s)
    _draw_quests(d, s)
    _draw_heroes(d, s)
    _draw_dragon(d, s, map_w + 6)
    _draw_sheets(d, s, top, perspective)
    return d.document(size, _headline(s))


def _headline(s: State) -> str:
    phase = PHASE_NAMES[s.phase]
    if s.phase >= WON:
        return f"Dorasure: {phase} - the heroes have {phase}"
    return f"Dorasure: {phase} phase, {s.rules.hero_name(s.turn)}'s turn"


def _space_label(s: State, space: int) -> tuple[str, int]:
    """The text under a space's name, and the terrain drawn (LAND for a Fang hex)."""
    rules = s.rules
    board = rules.board
    terrain = rules.terrain[space]
    if terrain == LAND:
        k = rules.land_at[space]
        return (LANDS[s.lands[k]].name if s.lands[k] >= 0 else "land tile ?"), LAND
    if space == board.belk:
        return ("razed Belk" if s.razed else "Belk"), 2 if s.razed else terrain
    if space == board.lake:
        return "W. Lake", terrain
    return TERRAIN_NAMES[terrain], terrain


def _draw_map(d: Drawing, s: State) -> None:
    board = s.rules.board
    for space, cells in enumerate(board.cells):
        label, terrain = _space_label(s, space)
        fill = TERRAIN_COLOURS[terrain][0]
        kind = "land" if terrain == LAND else TERRAIN_NAMES[terrain]
        d.open(f"hex {kind}", f"{board.names[space]}: {label}")
        for col, row in cells:
            d.polygon(_corners(*_hex_centre(col, row)), fill=fill, stroke="#5c5346", width=1.2)
        d.close()


def _draw_labels(d: Drawing, s: State) -> None:
    """Each space's name at the top of its hex, its terrain at the bottom (a name too wide
    for one line on two), so that the middle is left for the heroes."""
    board = s.rules.board
    for space in range(len(board.cells)):
        label, terrain = _space_label(s, space)
        ink = TERRAIN_COLOURS[terrain][1]
        name = "City" if space == board.city else board.names[space]
        cx, cy = _hex_centre(*min(board.cells[space], key=lambda c: (c[1], c[0])))
        d.text(cx, cy - _R * 0.66, name, size=11, fill=ink, bold=True, cls="label")
        if terrain == MOUNTAIN:  # a mountain's quest tile says what is there
            continue
        if text_width(label, 11) > _HW - 24 and " " in label:
            first, rest = label.split(" ", 1)
            d.text(cx, cy + _R * 0.42, first, size=11, fill=ink, cls="label")
            d.text(cx, cy + _R * 0.66, rest, size=11, fill=ink, cls="label")
        else:
            d.text(cx, cy + _R * 0.6, label, size=11, fill=ink, cls="label")


def _draw_quests(d: Drawing, s: State) -> None:
    rules = s.rules
    board = rules.board
    for i, space in enumerate(board.mountains):
        cx, cy = _hex_centre(*board.cells[space][0])
        cy -= 6  # the tile stands high on the mountain: the heroes stand under it
        q = s.quests[i]
        solved = not s.open_quest(i)
        state = "solved" if solved else "face-up" if q >= 0 else "face-down"
        fill = "#4f9d69" if solved else "#f4e3c1" if q >= 0 else "#8e2b2b"
        d.open(f"quest {state}", _quest_title(s, i))
        d.rect(cx - 37, cy - 16, 74, 32, fill=fill, stroke=INK, radius=4)
        if solved:
            d.text(cx, cy - 7, "solved", size=11, fill="#ffffff", bold=True)
            reward = s.rewards[i]
            d.text(cx, cy + 7, REWARD_SLUGS[reward] if reward >= 0 else "", size=11, fill="#ffffff")
        elif q >= 0:
            tile = rules.quests[q]
            bold = text_width(tile.slug, 11, bold=True) <= 68
            d.text(cx, cy - 7, tile.slug, size=11, bold=bold)
            d.text(cx, cy + 7, f"{tile.attribute[:4]}. {tile.target}", size=11)
        else:
            d.text(cx, cy, "?", size=18, fill="#ffffff", bold=True)
        d.close()
        if s.flags[i]:
            d.open("flag", f"{s.flags[i]} flag(s)")
            d.line([(cx + 22, cy - 26), (cx + 22, cy - 16)], width=1.5)
            d.rect(cx + 22, cy - 33, 15, 14, fill="#d55e00", stroke=INK, width=0.8, radius=2)
            d.text(cx + 29.5, cy - 26, str(s.flags[i]), size=11, bold=True, fill="#ffffff")
            d.close()


def _quest_title(s: State, i: int) -> str:
    name = s.rules.board.names[s.rules.board.mountains[i]]
    q = s.quests[i]
    if not s.open_quest(i):
        return f"mountain {name}: quest solved, reward {REWARD_SLUGS[s.rewards[i]]}"
    if q < 0:
        return f"mountain {name}: quest tile face down"
    tile = s.rules.quests[q]
    return f"mountain {name}: {tile.name} ({tile.attribute} {tile.target}), {s.flags[i]} flag(s)"


def _hero_places(n: int, cx: float, cy: float) -> list[Point]:
    """Where ``n`` heroes in one hex stand, side by side: in rows of up to three (two by two
    for four), the rows centred on ``(cx, cy)``."""
    across = 2 if n == 4 else 3
    rows = [min(across, n - k) for k in range(0, n, across)]
    out = []
    for r, count in enumerate(rows):
        y = cy + _APART * (r - (len(rows) - 1) / 2)
        out += [(cx + _APART * (k - (count - 1) / 2), y) for k in range(count)]
    return out


def _space_places(s: State, space: int, n: int) -> list[Point]:
    """Where ``n`` heroes in a space stand: a space of several hexes (the City) shares
    them out between its hexes, the lowest first; its names stand in the top one."""
    cells = sorted(s.rules.board.cells[space], key=lambda c: (-c[1], c[0]))
    if len(cells) == 1:
        cx, cy = _hex_centre(*cells[0])
        return _hero_places(n, cx, cy - 2)
    share = -(-n // len(cells))
    out: list[Point] = []
    for k, cell in enumerate(cells):
        cx, cy = _hex_centre(*cell)
        out += _hero_places(max(0, min(share, n - k * share)), cx, cy - 2)
    return out


def _draw_heroes(d: Drawing, s: State) -> None:
    rules = s.rules
    by_space: dict[int, list[int]] = {}
    for seat, space in enumerate(s.pos):
        by_space.setdefault(space, []).append(seat)
    for space, seats in by_space.items():
        for (x, y), seat in zip(_space_places(s, space, len(seats)), seats, strict=True):
            dead = s.health[seat] == 0
            name = rules.hero_name(seat)
            tint = _tint(seat)
            if dead:
                tint = attrs.evolve(PALETTE["grey"], shape=tint.shape)
            d.marker(
                x,
                y,
                _HERO,
                tint,
                _initials(name),
                cls="hero dead" if dead else "hero",
                title=f"{name} (seat {seat})" + (", dead" if dead else ""),
            )


def _draw_move(d: Drawing, s: State, move: Move) -> None:
    seat = s.agenda[0].seat if s.agenda else s.turn
    here = _space_centre(s, s.pos[seat])
    board = s.rules.board
    if isinstance(move, Step):
        target = _space_centre(s, move.space)
    elif isinstance(move, (Gather, Quest)):
        target = _hex_centre(*board.cells[board.mountains[move.mountain]][0])
    elif isinstance(move, (Adventure, Rest)):
        target = here
    else:
        return
    d.open("highlight", f"move {move}")
    d.circle(*target, _R * 0.8, stroke=_HIGHLIGHT, width=4)
    if target != here:
        # To the ring round the space, not into it: the arrow stops short of what is there.
        length = math.dist(here, target)
        stop = 1 - _R * 0.8 / length
        tip = (here[0] + (target[0] - here[0]) * stop, here[1] + (target[1] - here[1]) * stop)
        d.line([here, tip], stroke=_HIGHLIGHT, width=4, dash="8 4", arrow=True)
    d.close()


def _track_box(
    d: Drawing, x: float, y: float, side: float, fill: str, width: float, cls: str | None = None
) -> None:
    """One box of a dragon track (the meter's or the health's), ``side`` wide."""
    d.rect(x, y, side, side, fill=fill, stroke=INK, width=width, cls=cls)


def _draw_dragon(d: Drawing, s: State, left: float) -> None:
    tracks = s.rules.tracks
    y = _MARGIN + 40
    d.text(
        left,
        y,
        f"Dragon meter {s.meter}/{tracks.meter_end} (orange: fire icons)",
        size=12,
        anchor="start",
        bold=True,
    )
    box = min(21.0, (_PANEL - 16) / (tracks.meter_end + 1))
    d.open("meter", "rampaging meter (fire icons marked)")
    for k in range(tracks.meter_end + 1):
        x = left + k * box
        fire = k in tracks.fire_icons
        _track_box(d, x, y + 12, box - 2, "#f6c28b" if fire else "#ffffff", 0.8)
        d.text(
            x + box / 2 - 1,
            y + 12 + box / 2 - 1,
            str(k),
            size=11,
            fill="#9a3b00" if fire else "#777777",
            bold=fire,
        )
    d.close()
    mark_x = left + s.meter * box + box / 2 - 1
    d.open("meter-mark", f"the dragon token: meter {s.meter}")
    d.polygon(
        [(mark_x, y + 14 + box), (mark_x - 6, y + 24 + box), (mark_x + 6, y + 24 + box)],
        fill="#8e2b2b",
        stroke=INK,
    )
    d.close()
    y += 56
    left_health = tracks.health - s.wounds
    d.text(
        left,
        y,
        f"Dragon health {left_health}/{tracks.health} (claws, swords)",
        size=12,
        anchor="start",
        bold=True,
    )
    side = min(30.0, (_PANEL - 16) / tracks.health)
    d.open("dragon-health", f"dragon health {left_health}/{tracks.health}")
    for k in range(1, tracks.health + 1):
        x = left + (k - 1) * side
        claw = k in tracks.claws
        fill, width = ("#fde0dd", 1.5) if claw else ("#ffffff", 0.8)
        _track_box(d, x, y + 12, side - 3, fill, width, "claw" if claw else None)
        if claw:
            for j in (-5, 0, 5):
                d.line(
                    [
                        (x + side / 2 - 1.5 + j - 3, y + 16),
                        (x + side / 2 - 1.5 + j + 2, y + 9 + side - 3),
                    ],
                    stroke="#b01c1c",
                    width=1.2,
                )
        if k <= s.wounds:
            cx = x + side / 2 - 1.5
            d.open("wound", f"sword {k}")
            d.line([(cx - 8, y + 14 + side - 8), (cx + 8, y + 16)], stroke=INK, width=3)
            d.line([(cx - 5, y + 20), (cx - 1, y + 24)], stroke=INK, width=2)
            d.close()
    d.close()
    _draw_dice(d, s, left, y + side + 26)


def _draw_dice(d: Drawing, s: State, left: float, y: float) -> None:
    if s.phase < WON and s.agenda:
        task = s.agenda[0]
        who = "chance" if task.NODE == CHANCE else s.rules.hero_name(task.seat)
        d.text(
            left,
            y,
            f"Next: {who} - {task.SHOWN}",
            size=11,
            anchor="start",
            bold=True,
        )
        if isinstance(task, (Roll, Extra)):
            ones, low, mid, six = s.roll
            d.text(left, y + 18, f"roll so far: score {s.score}", size=11, anchor="start")
            d.text(
                left,
                y + 34,
                f"{ones} ones, {low} twos/threes, {mid} fours/fives, {six} sixes",
                size=11,
                anchor="start",
            )
        if isinstance(task, Steps) and s.dice:
            d.text(left, y + 18, "movement dice left:", size=11, anchor="start")
    for k, value in enumerate(s.dice):
        d.die(left + 8 + k * 40, y + 44, 32, value)
    y += 94
    d.text(left, y, "Quests", size=12, anchor="start", bold=True)
    for i in range(len(s.quests)):
        d.text(
            left,
            y + 18 + 16 * i,
            _quest_title(s, i).replace("mountain ", ""),
            size=11,
            anchor="start",
        )


def _draw_sheets(d: Drawing, s: State, top: float, first: int | None) -> None:
    rules = s.rules
    d.rect(0, top, d.width, d.height - top, fill="#ffffff", stroke=INK)
    heads = (
        "hero",
        "space",
        "health",
        "XP (level)",
        "resource",
        "speed / combat / search / knowledge",
        "",
    )
    columns = (12.0, 140.0, 190.0, 345.0, 430.0, 520.0, 760.0)
    for x, head in zip(columns, heads, strict=True):
        d.text(x, top + 12, head, size=11, anchor="start", bold=True)
    order = list(range(rules.seats))
    if first is not None:
        order = order[first:] + order[:first]
    for row, seat in enumerate(order):
        y = top + 12 + _ROW * (row + 1)
        _sheet_row(d, s, seat, y, columns)


def _sheet_row(d: Drawing, s: State, seat: int, y: float, columns: tuple[float, ...]) -> None:
    rules = s.rules
    name = rules.hero_name(seat)
    level = s.level(seat)
    d.open("sheet", f"{name}'s sheet")
    d.marker(columns[0] + 12, y, _HERO, _tint(seat), _initials(name), cls="legend")
    notes = []
    if s.locked[seat] >= 0:
        notes.append("in the labyrinth")
    if rules.heroes[seat] == WEREWOLF and lycan(rules, s.xp[seat]):
        notes.append("Lycan form")
    if s.health[seat] == 0:
        notes.append("dead")
    d.text(columns[0] + 28, y, name, size=11, anchor="start")
    if notes:
        d.text(columns[6], y, ", ".join(notes), size=11, anchor="start", bold=True)
    d.text(columns[1], y, rules.board.names[s.pos[seat]], size=11, anchor="start")
    most = rules.sheets[seat].health
    box = min(14.0, 140 / max(1, most))
    for k in range(most):
        d.rect(
            columns[2] + k * box,
            y - 5,
            box - 2,
            10,
            fill="#d55e00" if k < s.health[seat] else "#ffffff",
            stroke=INK,
            width=0.6,
        )
    d.text(columns[3], y, f"{s.xp[seat]}/{rules.tracks.xp_max} ({level})", size=11, anchor="start")
    gold = f", gold {s.gold[seat]}" if rules.heroes[seat] == PRINCE else ""
    d.text(columns[4], y, f"{s.resource[seat]}{gold}", size=11, anchor="start")
    stats = rules.stats[seat][level]
    values = [stats[SPEED]] + [
        attribute_of(rules, seat, c, s.xp[seat], s.resource[seat])
        for c in (COMBAT, SEARCH, KNOWLEDGE)
    ]
    d.text(columns[5], y, " / ".join(map(str, values)), size=11, anchor="start")
    d.close()
