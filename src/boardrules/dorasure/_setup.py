"""Options, the rules object they build, the starting position and :func:`position`.

>>> from boardrules.dorasure import new_game
>>> s = new_game(players=3)
>>> [s.rules.hero_name(p) for p in range(3)]
['Ninja', 'Gladiator', 'Hunter']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, overload

import attrs

from boardrules._lru import LRU
from boardrules._typing import deprecated
from boardrules._values import cut_refusals, safe_repr
from boardrules.dorasure._board import (
    CITY,
    DEFAULT_ROWS,
    LAKE,
    MOUNTAIN,
    VILLAGE,
    Board,
    board_from_rows,
)
from boardrules.dorasure._check import check_state
from boardrules.dorasure._data import (
    BASE_HEROES,
    DEFAULT_SHEETS,
    DEFAULT_TRACKS,
    HERO_ORDER,
    QUESTS,
    quests_with,
    sheets_with,
    tracks_with,
)
from boardrules.dorasure._engine import settle, start
from boardrules.dorasure._fang import FANG_SPACES, LAND_SLUGS
from boardrules.dorasure._state import (
    ADVENTURE,
    BATTLE,
    PALADIN,
    PRINCE,
    REWARD_SLUGS,
    SHAMAN,
    DorasureState,
    Rules,
    Task,
)
from boardrules.dorasure._work import Thawed
from boardrules.dorasure.tasks.moving import Act, Faith, MoveRoll, Steps
from boardrules.dorasure.tasks.turn import EndTurn
from boardrules.errors import InvalidOptionError, StateFormatError
from boardrules.game import Option, flag, resolve_options

__all__ = [
    "OPTIONS",
    "RULES_CACHE_BYTES",
    "RULES_CACHE_SIZE",
    "FrozenMapping",
    "frozen",
    "new_game",
    "options_of",
    "position",
    "rules_for",
]


SOLO = "Grand Master"
#: The heroes who join the base heroes, in turn order, when more than five play.
EXPANSION_HEROES: tuple[str, ...] = tuple(
    h for h in HERO_ORDER if h not in BASE_HEROES and h != SOLO
)


def _players(value: Any) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not 1 <= value <= len(HERO_ORDER) - 1:
        raise ValueError(
            "players must be 1..11 heroes (1: the Grand Master alone; 2..5: base heroes; "
            "6..11: the base heroes and expansion heroes)"
        )
    return value


# Hero names are read as a player would write them: any case, "_" or "-" for a space.
_HERO_BY_KEY = {name.casefold(): name for name in HERO_ORDER}


def _hero_name(name: Any) -> str:
    key = name.replace("_", " ").replace("-", " ").casefold() if isinstance(name, str) else None
    if key not in _HERO_BY_KEY:
        raise ValueError(f"{safe_repr(name)} is not a hero; choose from {', '.join(HERO_ORDER)}")
    return _HERO_BY_KEY[key]


def _heroes(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ValueError("heroes must be a list of hero names")
    names = tuple(_hero_name(name) for name in value)
    if SOLO in names and len(names) != 1:
        raise ValueError("the Grand Master plays alone: no other hero may join him")
    if len(set(names)) != len(names) or not 1 <= len(names) <= 11:
        raise ValueError("heroes must be 1..11 different heroes")
    if len(names) == 1 and names[0] != SOLO:
        raise ValueError("a solo game is the Grand Master's; otherwise 2..11 heroes play")
    return tuple(sorted(names, key=HERO_ORDER.index))


def default_heroes(players: int) -> tuple[str, ...]:
    """The heroes of a game of ``players`` without ``heroes``: the Grand Master alone, the
    first base heroes in turn order, or all five with the first expansion heroes.

    >>> from boardrules.dorasure._setup import default_heroes
    >>> default_heroes(1), default_heroes(3)
    (('Grand Master',), ('Ninja', 'Gladiator', 'Hunter'))
    >>> default_heroes(7)
    ('Ninja', 'Gladiator', 'Samurai', 'Hunter', 'Werewolf', 'Prince', 'Paladin')
    """
    if players == 1:
        return (SOLO,)
    if players <= len(BASE_HEROES):
        return BASE_HEROES[:players]
    chosen = BASE_HEROES + EXPANSION_HEROES[: players - len(BASE_HEROES)]
    return tuple(sorted(chosen, key=HERO_ORDER.index))


def _rows(value: Any) -> tuple[str, ...]:
    # Checked once per map: every new game checks its options, and building a board to
    # check it costs more than the rest of a new game.
    key = tuple(value) if isinstance(value, (list, tuple)) else None
    if key is None or not all(type(row) is str for row in key):
        return board_from_rows(value).rows
    rows = _CHECKED_ROWS.get(key)
    if rows is None:
        rows = board_from_rows(value).rows
        _CHECKED_ROWS.put(key, rows)
    return rows


#: The maps already checked (at most 64 of at most 4 kilobytes each, by their rows).
_CHECKED_ROWS: LRU[tuple[str, ...], tuple[str, ...]] = LRU(
    64, budget=1 << 18, weigh=lambda rows: sum(map(len, rows))
)


def _unechoed(name: str, check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``check`` for the option ``name``, whose message names the option but does not
    repeat its value: an override may hold any amount of text."""
    return _Unechoed(name, check)


@attrs.frozen
class _Unechoed:
    """What :func:`_unechoed` gives: a value, not a closure, so that the option pickles."""

    name: str
    check: Callable[[Any], Any]

    def __call__(self, value: Any) -> Any:
        try:
            return self.check(value)
        except (ValueError, TypeError) as e:
            raise InvalidOptionError(f"dorasure option {self.name}: {e}") from None


def _sheets(value: Any) -> dict[str, Any]:
    sheets_with(value)
    return {h: dict(v) for h, v in value.items()}


def _dragon(value: Any) -> dict[str, Any]:
    tracks_with(value)
    return dict(value)


def _quests(value: Any) -> dict[str, Any]:
    quests_with(value)
    return {q: dict(v) for q, v in value.items()}


#: The options of Dorasure.
OPTIONS: tuple[Option, ...] = (
    Option(
        "players",
        None,
        "number of heroes, 1..11 (default 4, or the length of heroes); "
        "1 is the Grand Master's solo game, 6..11 add the 6-11 hero rules",
        _players,
    ),
    Option("heroes", None, "the heroes in play; seats follow the turn order", _heroes, HERO_ORDER),
    Option("board", DEFAULT_ROWS, "the map as rows of terrain letters C V R L P F M", _rows),
    Option(
        "sheets", {}, "hero sheet overrides: {hero: {field: value}}", _unechoed("sheets", _sheets)
    ),
    Option(
        "dragon",
        {},
        "track overrides: xp_max, levels (not in a solo game), meter_end, fire_icons, health, "
        "claws, werewolf_icons",
        _unechoed("dragon", _dragon),
    ),
    Option(
        "quest_tiles",
        {},
        "quest tile overrides: {slug: {field: value}}",
        _unechoed("quest_tiles", _quests),
    ),
    Option("fang", False, "the Fang expansion: 5 of the 8 land tiles on the Fang hexes", flag),
)

#: The most rules objects kept (one per distinct set of options, e.g. per decoded document
#: with its own quest tiles); an older one is rebuilt when needed again.
RULES_CACHE_SIZE = 64
#: The most characters of options (their normalised JSON, which holds every text a rules
#: object keeps) that the kept rules objects hold together.  Options are small (a quest
#: tile name has at most 40 characters, a map at most 10 rows of 26 letters): a few
#: kilobytes at most, so this bounds the cache by size too, whatever the documents read.
RULES_CACHE_BYTES = 1 << 20
_RULES: LRU[str, Rules] = LRU(RULES_CACHE_SIZE, budget=RULES_CACHE_BYTES, weigh=len)


class FrozenMapping(Mapping[str, Any]):
    """A read-only mapping (picklable, unlike ``types.MappingProxyType``): an option value
    such as ``sheets`` as a state holds it.

    >>> from collections.abc import Mapping
    >>> from boardrules.dorasure._setup import frozen
    >>> m = frozen({"Ninja": {"combat": [3, 6]}})
    >>> m["Ninja"]["combat"], isinstance(m, Mapping)
    ((3, 6), True)
    """

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, Any]) -> None:
        self._items = dict(items)

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"FrozenMapping({self._items!r})"

    def __reduce__(self) -> tuple[type[FrozenMapping], tuple[dict[str, Any]]]:
        return FrozenMapping, (self._items,)


def frozen(value: Any) -> Any:
    """``value`` with every list made a tuple and every dict a read-only mapping, all the
    way down: the options inside a state cannot be changed through it."""
    if isinstance(value, Mapping):
        return FrozenMapping({k: frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(frozen(v) for v in value)
    return value


def _thawed(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    return value


#: The rules of the plain option sets (numbers, flags and names: what a series of games
#: asks for again and again), by the values and types the caller gave, so that each new
#: game does not normalise them again.
_PLAIN: LRU[tuple[object, ...], Rules] = LRU(RULES_CACHE_SIZE)
_PLAIN_TYPES = frozenset((int, bool, str, type(None)))
_PLAIN_MOST = 16  # names in a list (more heroes or rows are refused or rare)


def _plain_key(options: Mapping[str, Any]) -> tuple[object, ...] | None:
    """The options as a key of exact types (``True`` is not ``1``), or None when a value is
    not a number, flag, name or list of names."""
    key: list[object] = []
    for name in sorted(options):
        value = options[name]
        kind = type(value)
        if kind is list or kind is tuple:
            if len(value) > _PLAIN_MOST or any(type(v) is not str for v in value):
                return None
            value = tuple(value)
        elif kind not in _PLAIN_TYPES:
            return None
        key += (name, kind, value)
    return tuple(key)


def rules_for(**options: Any) -> Rules:
    """The (shared) rules object for these options, checked.

    The options it keeps (``options_of``) are normalised from the rules they build, so
    that equal rules keep the same options: an override that restates the default value,
    or changes the sheet of a hero not in play, is dropped.

    >>> from boardrules.dorasure._setup import rules_for
    >>> restated = rules_for(players=2, sheets={"Ninja": {"health": 5}, "Prince": {"health": 9}})
    >>> restated == rules_for(players=2), dict(restated.options)["sheets"]
    (True, FrozenMapping({}))
    """
    plain = _plain_key(options)
    if plain is not None:
        found = _PLAIN.get(plain)
        if found is None:
            found = _rules_for(options)
            _PLAIN.put(plain, found)
        return found
    return _rules_for(options)


def _rules_for(options: Mapping[str, Any]) -> Rules:
    given = resolve_options("dorasure", OPTIONS, options)
    players, heroes = given["players"], given["heroes"]
    if heroes is None:
        heroes = default_heroes(players if players is not None else 4)
    elif players is not None and players != len(heroes):
        raise InvalidOptionError(
            f"dorasure option players={players} does not match the {len(heroes)} heroes given"
        )
    sheets = dict(sheets_with(given["sheets"])) if given["sheets"] else DEFAULT_SHEETS
    tracks = tracks_with(given["dragon"]) if given["dragon"] else DEFAULT_TRACKS
    quests = quests_with(given["quest_tiles"]) if given["quest_tiles"] else QUESTS
    sheet_changes = {h: _changes(sheets[h], DEFAULT_SHEETS[h]) for h in heroes}
    tile_changes = {q.slug: _changes(q, d) for q, d in zip(quests, QUESTS, strict=True)}
    clean: dict[str, Any] = {
        "players": len(heroes),
        "heroes": list(heroes),
        "board": list(given["board"]),
        "sheets": {h: change for h, change in sheet_changes.items() if change},
        "dragon": _changes(tracks, DEFAULT_TRACKS),
        "quest_tiles": {q: change for q, change in tile_changes.items() if change},
    }
    if given["fang"]:
        clean["fang"] = True
    key = json.dumps(clean, sort_keys=True)
    rules = _RULES.get(key)
    if rules is None:
        board = board_from_rows(clean["board"])
        if tuple(heroes) == (SOLO,) and tracks.levels != DEFAULT_TRACKS.levels:
            raise InvalidOptionError(
                f"dorasure option dragon: levels={list(tracks.levels)} cannot apply in a solo "
                "game: the Grand Master's level is his EXP plus one (at most 6), whatever "
                "the level track; change the levels only in a game of 2..11 heroes"
            )
        rules = Rules(
            heroes=tuple(HERO_ORDER.index(h) for h in heroes),
            board=board,
            sheets=tuple(sheets[h] for h in heroes),
            tracks=tracks,
            quests=quests,
            options=tuple((k, frozen(v)) for k, v in clean.items()),
            fang=_fang_spaces(board) if given["fang"] else (),
        )
        _RULES.put(key, rules)
    return rules


def _changes(value: Any, default: Any) -> dict[str, Any]:
    """The fields of the attrs value ``value`` that differ from ``default``'s, as JSON
    values (pairs and lists as lists)."""
    return {
        f.name: list(new) if isinstance(new, tuple) else new
        for f in attrs.fields(type(value))
        if (new := getattr(value, f.name)) != getattr(default, f.name)
    }


def _fang_spaces(board: Board) -> tuple[int, ...]:
    spaces = []
    for name in FANG_SPACES:
        space = board.index.get(name, -1)
        if space < 0 or board.terrain[space] in (CITY, MOUNTAIN, VILLAGE, LAKE):
            raise InvalidOptionError(
                f"dorasure option fang needs the hexes {', '.join(FANG_SPACES)} on the map, "
                "none of them a City, village, Lake or mountain"
            )
        spaces.append(space)
    return tuple(spaces)


def options_of(s: DorasureState) -> dict[str, Any]:
    """The options of the game ``s`` belongs to, as JSON-ready values."""
    return {k: _thawed(v) for k, v in s.rules.options}


def _blank(rules: Rules) -> DorasureState:
    n = rules.seats
    board = rules.board
    pos = tuple(board.lake if h == SHAMAN and board.lake >= 0 else board.city for h in rules.heroes)
    return DorasureState(
        rules=rules,
        phase=ADVENTURE,
        turn=0,
        pos=pos,
        health=tuple(sh.health for sh in rules.sheets),
        resource=tuple(sh.resource_start for sh in rules.sheets),
        gold=tuple(1 if h == PRINCE else 0 for h in rules.heroes),
        xp=(0,) * n,
        locked=(-1,) * n,
        spent=0,
        meter=0,
        wounds=0,
        razed=False,
        quests=(-1,) * 5,
        flags=(0,) * 5,
        rewards=(-1,) * 5,
        dice=(),
        party=0,
        score=0,
        pending=0,
        roll=(0, 0, 0, 0),
        agenda=(),
        lands=(-1,) * len(rules.fang),
    )


# The options for a type checker (the same list as OPTIONS; tests/test_types.py compares
# them); any other keyword, or a value of another type, is reported as deprecated.
@overload
def new_game(
    *,
    players: int | None = None,
    heroes: Sequence[str] | None = None,
    board: Sequence[str] = ...,
    sheets: Mapping[str, Mapping[str, Any]] = ...,
    dragon: Mapping[str, Any] = ...,
    quest_tiles: Mapping[str, Mapping[str, Any]] = ...,
    fang: bool = False,
) -> DorasureState: ...
@overload
@deprecated("not an option of Dorasure, or a value of the wrong type")
def new_game(**options: object) -> DorasureState: ...
def new_game(**options: Any) -> DorasureState:
    """The starting position: every hero in the City (the Shaman at the Western Lake), the
    dragon at the start of its meter, and first the farthest quest turned face up.

    Options: ``players`` (1..11, default 4) or ``heroes`` (names), ``fang`` (the land
    tiles, drawn first), and the data overrides ``board``, ``sheets``, ``dragon`` and
    ``quest_tiles`` (see the docs page).
    """
    rules = rules_for(**options)
    # A game's start is the same for the same rules (states are immutable): kept with them.
    found = _STARTS.get(rules)
    if found is None:
        found = start(Thawed(_blank(rules)))
        _STARTS.put(rules, found)
    return found


#: The starting position of the rules objects kept (as many as there are of those).
_STARTS: LRU[Rules, DorasureState] = LRU(RULES_CACHE_SIZE)


_STEPS = ("roll", "faith", "move", "act", "battle")


def position(
    heroes: Sequence[str] = ("Ninja", "Gladiator"),
    *,
    at: Mapping[str, str] | None = None,
    health: Mapping[str, int] | None = None,
    resource: Mapping[str, int] | None = None,
    gold: Mapping[str, int] | None = None,
    xp: Mapping[str, int] | None = None,
    locked: Mapping[str, str] | None = None,
    spent: Sequence[str] = (),
    meter: int = 0,
    wounds: int = 0,
    razed: bool = False,
    quests: Mapping[str, str] | None = None,
    flags: Mapping[str, int] | None = None,
    solved: Mapping[str, str] | None = None,
    turn: str | None = None,
    step: str = "roll",
    dice: Sequence[int] = (),
    lands: Mapping[str, str] | None = None,
    renewed: Sequence[str] = (),
    retired: Sequence[str] = (),
    rerolled: bool = False,
    **options: Any,
) -> DorasureState:
    """A position for tests and analysis, by name, checked like a decoded state.

    Heroes are named as in the rulebook, spaces and mountains by their map names (``city``,
    ``d2``, ``g0``), quests and rewards by slug (``golem``, ``lair``).  Unnamed values
    are those of the starting position; a quest not listed is face down.  ``step`` says
    where in ``turn``'s turn the position is: ``roll`` (before the movement roll),
    ``faith`` (the Paladin's choice), ``move`` (stepping with ``dice``), ``act`` (choosing
    the action) or ``battle`` (a Climactic Battle turn as it begins: the turn-start regains
    of Voodoo, Magic and Mana are made, then the treasure offers and the spending).

    Expansions: ``lands`` names the land tile on each Fang hex (``{"e0": "mirage", ...}``,
    all five with ``fang=True``); ``renewed`` lists the mountains holding a replenished
    quest (their ``solved`` reward stays), ``retired`` the quest tiles replenishing took
    off the board; ``rerolled`` says the Grand Master's once-per-game reroll is used.

    >>> from boardrules.dorasure import position
    >>> s = position(["Ninja", "Hunter"], quests={"g0": "golem"}, at={"Ninja": "c2"},
    ...              step="move", dice=[3, 5])
    >>> s.rules.board.names[s.pos[0]], s.dice
    ('c2', (3, 5))
    """
    with cut_refusals():  # a hostile value may be repeated whole
        if isinstance(heroes, str) or not isinstance(heroes, Sequence):
            raise InvalidOptionError(f"heroes: a list of heroes' names, not {safe_repr(heroes)}")
        rules = rules_for(heroes=list(heroes), **options)
        s = _blank(rules)
        names = _Names(rules)
        slugs = [q.slug for q in QUESTS]
        _listed(retired, "retired", "quest tiles", slugs)
        for slug in retired:
            if slug not in slugs:
                raise StateFormatError(f"retired: unknown quest {safe_repr(slug)}")
        t = names.in_turn(turn)
        s = DorasureState(
            rules=rules,
            phase=BATTLE if step == "battle" else ADVENTURE,
            turn=t,
            pos=names.per_seat(at, s.pos, "at", names.space),
            health=names.per_seat(health, s.health, "health"),
            resource=names.per_seat(resource, s.resource, "resource"),
            gold=names.per_seat(gold, s.gold, "gold"),
            xp=names.per_seat(xp, s.xp, "xp"),
            locked=names.per_seat(locked, s.locked, "locked", names.mountain),
            spent=names.spent(spent) | (_flag(rerolled, "rerolled") << rules.seats),
            meter=_meter(meter, rules.tracks.meter_end),
            wounds=_natural(wounds, "wounds"),
            razed=_razed(razed),
            quests=names.by_mountain(
                quests, -1, lambda slug: _index(slugs, slug, "quest"), "quests"
            ),
            flags=names.by_mountain(flags, 0, lambda count: _natural(count, "flags"), "flags"),
            rewards=names.by_mountain(
                solved, -1, lambda slug: _index(REWARD_SLUGS, slug, "reward"), "solved"
            ),
            dice=tuple(sorted(_listed(dice, "dice", "dice", ["1-6"], _is_die))),
            party=0,
            score=0,
            pending=0,
            roll=(0, 0, 0, 0),
            agenda=_agenda_at(rules, step, t),
            lands=_land_tiles(rules, lands),
            renewed=names.by_mountain(names.renewed(renewed), 0, int, "renewed"),
            retired=tuple(sorted(slugs.index(q) for q in retired)),
        )
        top = rules.tracks.xp_max
        if not all(0 <= x <= top for x in s.xp):
            # Checked before the battle turn begins, which reads the level of each XP.
            raise StateFormatError(f"xp: 0..{top}")
        w = Thawed(s)
        if step == "battle":
            w.begin_battle_turn(t)
        settle(w)
        # The form only: a setup may leave out the history behind it (see the docs page).
        return check_state(w.freeze())


class _Names:
    """The heroes, spaces and mountains of a game, read by name for :func:`position`."""

    def __init__(self, rules: Rules) -> None:
        self.board = rules.board
        self.seat = {rules.hero_name(p): p for p in range(rules.seats)}

    def in_turn(self, turn: str | None) -> int:
        """The seat of the hero named ``turn`` (by default the first)."""
        if turn is None:
            return 0
        try:
            return self.seat[turn]
        except KeyError:
            raise StateFormatError(f"turn: {safe_repr(turn)} is not in this game") from None
        except TypeError:  # unhashable, as a list or a mapping: the name of no hero
            heroes = ", ".join(self.seat)
            raise StateFormatError(
                f"turn: a hero's name ({heroes}), not {safe_repr(turn)}"
            ) from None

    def per_seat(
        self,
        values: Mapping[str, Any] | None,
        base: tuple[int, ...],
        what: str,
        convert: Callable[[Any], int] | None = None,
    ) -> tuple[int, ...]:
        out = list(base)
        _mapping(values, what, "heroes' names", list(self.seat))
        for hero, value in (values or {}).items():
            if hero not in self.seat:
                raise StateFormatError(f"{what}: {safe_repr(hero)} is not in this game")
            out[self.seat[hero]] = convert(value) if convert else _count(value, f"{what} of {hero}")
        return tuple(out)

    def spent(self, heroes: Sequence[str]) -> int:
        """The heroes who have spent their once-per-game power, as bits by seat (a name not
        in this game is passed over)."""
        names = _listed(heroes, "spent", "heroes' names", list(self.seat), _is_text)
        return sum(1 << self.seat[h] for h in names if h in self.seat)

    def renewed(self, mountains: Sequence[str]) -> dict[str, int]:
        """The mountains holding a replenished quest, marked 1."""
        names = _listed(mountains, "renewed", "mountains", self.mountain_names(), _hashable)
        return dict.fromkeys(names, 1)

    def mountain_names(self) -> list[str]:
        return [self.board.names[m] for m in self.board.mountains]

    def space(self, name: str) -> int:
        if not _hashable(name) or name not in self.board.index:
            raise StateFormatError(f"no space called {safe_repr(name)}")
        return self.board.index[name]

    def mountain(self, name: str) -> int:
        m = self.space(name)
        if m not in self.board.mountains:
            raise StateFormatError(f"{safe_repr(name)} is not a mountain")
        return self.board.mountains.index(m)

    def by_mountain(
        self,
        values: Mapping[str, Any] | None,
        blank: int,
        convert: Callable[[Any], int],
        what: str,
    ) -> tuple[int, ...]:
        out = [blank] * 5
        _mapping(values, what, "mountains", self.mountain_names())
        for name, value in (values or {}).items():
            out[self.mountain(name)] = convert(value)
        return tuple(out)


def _mapping(values: object, what: str, keys: str, names: Sequence[str]) -> None:
    """Refuses a keyword that should map names to values but is not a mapping."""
    if values is not None and not isinstance(values, Mapping):
        raise StateFormatError(
            f"{what}: a mapping keyed by {keys} ({', '.join(names)}), not {safe_repr(values)}"
        )


def _listed(
    values: object,
    what: str,
    items: str,
    names: Sequence[str],
    each: Callable[[Any], bool] | None = None,
) -> list[Any]:
    """The items of ``values`` read once (a list of ``items``: ``names``, each passing
    ``each`` if given), or the refusal."""
    listed = list(values) if isinstance(values, Iterable) else None
    if listed is None or (each is not None and not all(each(v) for v in listed)):
        raise StateFormatError(
            f"{what}: a list of {items} ({', '.join(names)}), not {safe_repr(values)}"
        )
    return listed


def _is_text(value: object) -> bool:
    return isinstance(value, str)


def _is_die(value: object) -> bool:
    """A whole number 1-6 (a 0, True or a NumPy integer made a state whose JSON could not
    be read back or written)."""
    return type(value) is int and 1 <= value <= 6


def _count(value: Any, what: str) -> int:
    """A keyword (or a value of one) that counts something: a whole number (not True or
    False, which the state's JSON would not read back)."""
    if type(value) is not int:
        raise StateFormatError(f"{what}: a whole number, not {safe_repr(value)}")
    return value


def _natural(value: Any, what: str) -> int:
    """A count whose upper bound the state's check knows but not its lower one: 0 or more."""
    if type(value) is not int or value < 0:
        raise StateFormatError(f"{what}: a whole number from 0, not {safe_repr(value)}")
    return value


def _meter(value: Any, end: int) -> int:
    """The meter: a count from 0 up to the end of its track (past it, a battle's state was
    made that its JSON could not read back)."""
    meter = _natural(value, "meter")
    if meter > end:
        raise StateFormatError(f"meter: a whole number from 0 to {end}, not {meter}")
    return meter


def _hashable(value: object) -> bool:
    """Whether ``value`` can be a key (a list or a mapping names nothing here)."""
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _razed(value: object) -> bool:
    """Whether Belk is razed: True or False (1 and 0 pass as those)."""
    if not isinstance(value, int) or value not in (0, 1):
        raise StateFormatError(f"razed: True or False, not {safe_repr(value)}")
    return bool(value)


def _flag(value: object, what: str) -> int:
    """A keyword that is true or false, as 1 or 0 (a whole number passes as it was)."""
    if not isinstance(value, int):
        raise StateFormatError(f"{what}: True or False, not {safe_repr(value)}")
    return value


def _index(names: Sequence[str], slug: str, what: str) -> int:
    if slug not in names:
        raise StateFormatError(f"unknown {what} {safe_repr(slug)}; {what}s are: {', '.join(names)}")
    return list(names).index(slug)


def _land_tiles(rules: Rules, lands: Mapping[str, str] | None) -> tuple[int, ...]:
    if not rules.fang:
        if lands:
            raise StateFormatError("lands: only with fang=True")
        return ()
    try:
        given = dict(lands or {})
    except (TypeError, ValueError):  # neither a mapping nor pairs
        raise StateFormatError(
            f"lands: a mapping of each of {', '.join(FANG_SPACES)} to its land tile, "
            f"not {safe_repr(lands)}"
        ) from None
    if sorted(given) != sorted(FANG_SPACES):
        raise StateFormatError(f"lands: name the tile on each of {', '.join(FANG_SPACES)}")
    return tuple(_index(LAND_SLUGS, given[name], "land tile") for name in FANG_SPACES)


def _agenda_at(rules: Rules, step: str, t: int) -> tuple[Task, ...]:
    """The agenda of ``t``'s turn at ``step`` (a battle turn is begun by the engine)."""
    if step not in _STEPS:
        raise StateFormatError(f"step must be one of {', '.join(_STEPS)}")
    if step == "faith" and rules.heroes[t] != PALADIN:
        raise StateFormatError("step 'faith' is the Paladin's")
    return {
        "roll": (MoveRoll(t), EndTurn(t)),
        "faith": (Faith(t), Steps(t), Act(t), EndTurn(t)),
        "move": (Steps(t), Act(t), EndTurn(t)),
        "act": (Act(t), EndTurn(t)),
        "battle": (),
    }[step]
