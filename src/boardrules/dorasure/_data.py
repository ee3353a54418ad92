"""Dorasure's printed and reconstructed data: hero sheets, tracks, quest and reward tiles.

Everything here is a frozen, validated value.  The rulebook prints the charts, the quest and
reward tiles and the heroes' abilities; the hero sheets, the XP and dragon tracks are partly
FOUND in public sources and partly PROPOSED (our reconstruction, see the docs page).  A user
with the printed values replaces them through the ``sheets`` and ``dragon`` options.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import attrs

from boardrules._values import safe_repr

__all__ = [
    "BASE_HEROES",
    "DEFAULT_SHEETS",
    "DEFAULT_TRACKS",
    "HERO_ORDER",
    "QUESTS",
    "REWARDS",
    "HeroSheet",
    "QuestTile",
    "Tracks",
    "quests_with",
    "sheets_with",
    "tracks_with",
]

#: Turn order of every hero in the rulebook (the topmost starts); seats follow it.
HERO_ORDER: tuple[str, ...] = (
    "Ninja",
    "Gladiator",
    "Samurai",
    "Hunter",
    "Werewolf",
    "Shaman",
    "Minstrel",
    "Magician",
    "Prince",
    "Paladin",
    "Vampire",
    "Grand Master",
)
#: The heroes of the base box, in turn order.
BASE_HEROES: tuple[str, ...] = ("Ninja", "Gladiator", "Hunter", "Prince", "Paladin")

#: Number of levels; level ``n`` of a ``(L1, L6)`` pair is ``L1 + (L6 - L1) * (n - 1) // 5``.
LEVELS = 6


@attrs.frozen
class HeroSheet:
    """One hero's sheet: each attribute as its (level 1, level 6) pair (PROPOSED values).

    ``resource_cap`` is the most resource the hero may hold (Prince: his servants, which are
    set to his level); a hero without resource has ``(0, 0)``.
    """

    name: str
    speed: tuple[int, int]
    danger_plains: tuple[int, int]
    danger_forest: tuple[int, int]
    combat: tuple[int, int]
    search: tuple[int, int]
    knowledge: tuple[int, int]
    health: int
    resource_start: int
    resource_cap: tuple[int, int]

    def at(self, attribute: str, level: int) -> int:
        """The value of ``attribute`` at ``level`` (1..6), by the linear rule of the sheets.

        >>> from boardrules.dorasure._data import DEFAULT_SHEETS
        >>> DEFAULT_SHEETS["Ninja"].at("speed", 1), DEFAULT_SHEETS["Ninja"].at("speed", 6)
        (4, 5)
        """
        low, high = getattr(self, attribute)
        return int(low + (high - low) * (level - 1) // (LEVELS - 1))


_PAIRS = ("speed", "danger_plains", "danger_forest", "combat", "search", "knowledge")


def _sheet(name: str, row: tuple[Any, ...]) -> HeroSheet:
    return HeroSheet(name, *row)


# name: speed, danger plains, danger forest, combat, search, knowledge, health, start, cap
_SHEET_ROWS: dict[str, tuple[Any, ...]] = {
    "Gladiator": ((2, 3), (3, 4), (2, 3), (3, 6), (1, 2), (1, 1), 8, 0, (0, 0)),
    "Ninja": ((4, 5), (2, 3), (2, 3), (2, 5), (2, 3), (1, 2), 5, 0, (2, 3)),
    "Hunter": ((3, 4), (3, 4), (2, 3), (2, 5), (2, 3), (1, 1), 5, 2, (2, 3)),
    "Paladin": ((2, 3), (2, 3), (1, 2), (3, 5), (1, 2), (2, 3), 7, 1, (2, 3)),
    "Prince": ((3, 3), (2, 3), (1, 2), (2, 4), (1, 2), (2, 3), 5, 1, (1, 6)),
    "Samurai": ((3, 4), (3, 4), (2, 3), (3, 5), (1, 2), (1, 2), 6, 0, (2, 3)),
    "Shaman": ((3, 3), (2, 3), (2, 3), (2, 4), (2, 3), (2, 3), 5, 1, (1, 2)),
    "Minstrel": ((3, 4), (2, 3), (1, 2), (2, 4), (2, 3), (2, 3), 5, 1, (2, 3)),
    "Magician": ((2, 3), (2, 3), (1, 2), (2, 4), (1, 2), (3, 4), 4, 1, (3, 5)),
    "Vampire": ((3, 4), (3, 4), (2, 3), (3, 5), (2, 3), (2, 3), 5, 2, (3, 4)),
    "Werewolf": ((3, 4), (3, 4), (2, 3), (2, 4), (2, 3), (2, 3), 6, 0, (0, 0)),
    "Grand Master": ((4, 5), (3, 4), (3, 4), (4, 6), (3, 4), (3, 4), 9, 1, (3, 5)),
}

#: The twelve hero sheets by name (PROPOSED; see the docs page).
DEFAULT_SHEETS: Mapping[str, HeroSheet] = MappingProxyType(
    {n: _sheet(n, r) for n, r in _SHEET_ROWS.items()}
)


def _check_sheet(sheet: HeroSheet) -> HeroSheet:
    for field in _PAIRS:
        pair = getattr(sheet, field)
        if not (
            isinstance(pair, tuple)
            and len(pair) == 2
            and all(type(v) is int and 1 <= v <= 12 for v in pair)
            and pair[0] <= pair[1]
        ):
            raise ValueError(f"{sheet.name} {field} must be [level 1, level 6], 1..12, rising")
    if sheet.speed[1] > 6:
        raise ValueError(f"{sheet.name} speed must be at most 6 dice")
    low, high = sheet.resource_cap
    if not (0 <= low <= high <= 12) or type(low) is not int or type(high) is not int:
        raise ValueError(f"{sheet.name} resource_cap must be [level 1, level 6], 0..12, rising")
    if type(sheet.health) is not int or not 1 <= sheet.health <= 20:
        raise ValueError(f"{sheet.name} health must be 1..20")
    if type(sheet.resource_start) is not int or not 0 <= sheet.resource_start <= low:
        raise ValueError(f"{sheet.name} resource_start must be 0..level 1 cap")
    return sheet


def sheets_with(overrides: Any) -> tuple[tuple[str, HeroSheet], ...]:
    """The hero sheets with ``overrides`` (``{hero: {field: value}}``) applied and checked.

    Pairs are given as two-element lists.  Raises :class:`ValueError` naming the bad field.

    >>> from boardrules.dorasure._data import sheets_with
    >>> dict(sheets_with({"Ninja": {"health": 6}}))["Ninja"].health
    6
    """
    if not isinstance(overrides, Mapping):
        raise ValueError("sheets must map hero names to {field: value} objects")
    out = dict(DEFAULT_SHEETS)
    fields = {a.name for a in attrs.fields(HeroSheet)} - {"name"}
    for hero, change in overrides.items():
        if hero not in out:
            raise ValueError(f"unknown hero {hero!r}; heroes are: {', '.join(HERO_ORDER)}")
        if not isinstance(change, Mapping) or not set(change) <= fields:
            raise ValueError(f"sheets[{hero!r}] must be an object of fields {sorted(fields)}")
        values: dict[str, Any] = {
            k: tuple(v) if isinstance(v, (list, tuple)) else v for k, v in change.items()
        }
        out[hero] = _check_sheet(attrs.evolve(out[hero], **values))
    return tuple((n, out[n]) for n in HERO_ORDER)


@attrs.frozen
class Tracks:
    """The XP track and the dragon's meter and health track.

    ``levels`` lists the XP at which each level 1..6 starts (FOUND: 0, 1, 3, 5, 6, 8 on a
    track 0..8); the meter runs 0..``meter_end`` (FOUND 14) with fire icons (PROPOSED 3, 6,
    9, 12); the dragon has ``health`` boxes (FOUND 9) with claw marks on the boxes filled by
    the listed damage counts (PROPOSED 3, 6, 8).  The Werewolf is in Lycan form while his
    XP is on one of ``werewolf_icons`` (FOUND 1, 3, 5, 6, 8).
    """

    xp_max: int = 8
    levels: tuple[int, ...] = (0, 1, 3, 5, 6, 8)
    meter_end: int = 14
    fire_icons: tuple[int, ...] = (3, 6, 9, 12)
    health: int = 9
    claws: tuple[int, ...] = (3, 6, 8)
    werewolf_icons: tuple[int, ...] = (1, 3, 5, 6, 8)

    def level(self, xp: int) -> int:
        """The level (1..6) of a hero with ``xp`` experience.

        >>> from boardrules.dorasure._data import DEFAULT_TRACKS
        >>> [DEFAULT_TRACKS.level(x) for x in range(9)]
        [1, 2, 2, 3, 3, 4, 5, 5, 6]
        """
        return sum(1 for t in self.levels if t <= xp)


#: The tracks as we reconstruct them.
DEFAULT_TRACKS = Tracks()


def _rising(values: Any, low: int, high: int, name: str) -> tuple[int, ...]:
    if not isinstance(values, (list, tuple)) or not all(type(v) is int for v in values):
        raise ValueError(f"{name} must be a list of integers")
    out = tuple(values)
    if list(out) != sorted(set(out)) or (out and (out[0] < low or out[-1] > high)):
        raise ValueError(f"{name} must rise strictly within {low}..{high}")
    return out


def tracks_with(overrides: Any) -> Tracks:
    """The tracks with ``overrides`` (``{field: value}``) applied and checked.

    >>> from boardrules.dorasure._data import tracks_with
    >>> tracks_with({"fire_icons": [4, 8, 12]}).fire_icons
    (4, 8, 12)
    """
    if not isinstance(overrides, Mapping):
        raise ValueError("dragon must be an object of track fields")
    fields = {a.name for a in attrs.fields(Tracks)}
    if not set(overrides) <= fields:
        raise ValueError(f"dragon fields are: {', '.join(sorted(fields))}")
    values: dict[str, Any] = {
        k: tuple(v) if isinstance(v, list) else v for k, v in overrides.items()
    }
    t = attrs.evolve(DEFAULT_TRACKS, **values)
    for name, low, high in (("xp_max", 1, 30), ("meter_end", 2, 40), ("health", 3, 30)):
        value = getattr(t, name)
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"dragon {name} must be {low}..{high}")
    levels = _rising(t.levels, 0, t.xp_max, "levels")
    if len(levels) != LEVELS or levels[0] != 0:
        raise ValueError("levels must give the XP of levels 1..6, starting at 0")
    _rising(t.fire_icons, 1, t.meter_end - 1, "fire_icons")
    _rising(t.claws, 1, t.health - 1, "claws")
    _rising(t.werewolf_icons, 0, t.xp_max, "werewolf_icons")
    return t


@attrs.frozen
class QuestTile:
    """One red quest tile as printed: the attribute rolled and the score to reach, the extra
    rule and the failure effect.

    ``failure`` is one of ``none``, ``damage`` (``failure_damage`` to the questing hero),
    ``teleport`` (back to the City) and ``stay`` (the hero stays and must retry).
    """

    slug: str
    name: str
    attribute: str
    target: int
    start_damage: int = 0
    alone: bool = False
    failure: str = "none"
    failure_damage: int = 0
    magical: bool = False


#: The seven quest tiles (printed), in the rulebook's order; ``magical`` is PROPOSED.
QUESTS: tuple[QuestTile, ...] = (
    QuestTile("inscriptions", "Mysterious inscriptions", "knowledge", 2, magical=True),
    QuestTile(
        "golem",
        "Golem Guardian",
        "combat",
        3,
        start_damage=1,
        failure="damage",
        failure_damage=1,
        magical=True,
    ),
    QuestTile("teleport", "Teleportation Trap", "search", 2, failure="teleport", magical=True),
    QuestTile("labyrinth", "Underground labyrinth", "search", 3, failure="stay"),
    QuestTile(
        "sphinx",
        "Riddle of the Sphinx",
        "knowledge",
        1,
        alone=True,
        failure="damage",
        failure_damage=2,
    ),
    QuestTile("goblins", "Horde of goblins", "combat", 3, failure="damage", failure_damage=1),
    QuestTile(
        "chimera",
        "Evil Chimera",
        "combat",
        2,
        start_damage=1,
        failure="damage",
        failure_damage=1,
    ),
)

_FAILURES = ("none", "damage", "teleport", "stay")

#: The longest quest tile name (the printed ones have at most 25 characters).
MAX_NAME = 40


def check_name(name: Any, what: str) -> str:
    """``name`` if it is a tile name: 1..:data:`MAX_NAME` printable characters (letters,
    digits, punctuation, symbols and spaces; no control, format or surrogate character,
    which no picture or terminal can show); else :class:`ValueError` saying so.

    >>> from boardrules.dorasure._data import check_name
    >>> check_name("Golem Guardian", "name")
    'Golem Guardian'
    >>> check_name("Golem" + chr(7), "name")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: name must be 1..40 printable characters (letters, digits, ...), not 'Golem...'
    """
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        shown = safe_repr(name) if not isinstance(name, str) else repr(name)
        if isinstance(name, str) and (len(name) > MAX_NAME or len(shown) > 2 * MAX_NAME):
            shown = f"a text of {len(name)} characters"  # a long text is never echoed back
        elif len(shown) > 2 * MAX_NAME:
            shown = f"a {type(name).__name__}"
        raise ValueError(
            f"{what} must be 1..{MAX_NAME} printable characters (letters, digits, "
            f"punctuation, symbols, spaces; no control characters), not {shown}"
        )
    return name


def quests_with(overrides: Any) -> tuple[QuestTile, ...]:
    """The quest tiles with ``overrides`` (``{slug: {field: value}}``) applied and checked.

    >>> from boardrules.dorasure._data import quests_with
    >>> quests_with({"golem": {"magical": False}})[1].magical
    False
    """
    if not isinstance(overrides, Mapping):
        raise ValueError("quests must map quest slugs to {field: value} objects")
    slugs = [q.slug for q in QUESTS]
    out = list(QUESTS)
    fields = {a.name for a in attrs.fields(QuestTile)} - {"slug"}
    for slug, change in overrides.items():
        if slug not in slugs:
            raise ValueError(f"unknown quest {slug!r}; quests are: {', '.join(slugs)}")
        if not isinstance(change, Mapping) or not set(change) <= fields:
            raise ValueError(f"quests[{slug!r}] must be an object of fields {sorted(fields)}")
        tile = attrs.evolve(out[slugs.index(slug)], **dict(change))
        for name in ("target", "start_damage", "failure_damage"):
            low = 1 if name == "target" else 0
            value = getattr(tile, name)
            if type(value) is not int or not low <= value <= 10:
                raise ValueError(f"quests[{slug!r}] {name} must be {low}..10")
        if tile.attribute not in ("combat", "search", "knowledge"):
            raise ValueError(f"quests[{slug!r}] attribute must be combat, search or knowledge")
        if tile.failure not in _FAILURES:
            raise ValueError(f"quests[{slug!r}] failure must be one of {', '.join(_FAILURES)}")
        if type(tile.alone) is not bool or type(tile.magical) is not bool:
            raise ValueError(f"quests[{slug!r}] alone and magical are true or false")
        check_name(tile.name, f"quests[{slug!r}] name")
        out[slugs.index(slug)] = tile
    return tuple(out)


#: The reward tiles (printed): two Dragon's Lairs, the Book of Dragons, the Anti-Dragon
#: Weapons and the Treasure, as ``(slug, copies)``.
REWARDS: tuple[tuple[str, int], ...] = (("lair", 2), ("book", 1), ("weapons", 1), ("treasure", 1))
