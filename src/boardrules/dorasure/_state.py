"""Dorasure's rules object, state and the agenda's task codes (the moves are in
``_move_classes``; their names are importable from here too).

The state is a set of tracks (per seat: space, health, resource, gold, XP) plus an
*agenda*: the tasks still to do in this turn, front first.  Each task is a :class:`Task`,
the tuple ``(code, seat, a, b)`` typed by kind (the kinds and their rules are in
``tasks/``); the front task decides whether the state is a decision (of ``seat``), a
chance node or an automatic step (resolved before the state is returned).
"""

from __future__ import annotations

import collections
import enum
import inspect
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

if TYPE_CHECKING:
    from fractions import Fraction

import attrs

from boardrules._values import full_repr
from boardrules.dorasure import _move_classes
from boardrules.dorasure._board import ENTRY, ROAD, SHARED, Board
from boardrules.dorasure._data import HERO_ORDER, HeroSheet, QuestTile, Tracks
from boardrules.dorasure._move_classes import *  # noqa: F403  (the moves, re-exported)
from boardrules.dorasure._move_classes import (
    ADVENTURE_MOVE,
    CLAW_WORDS,
    DIE_CLASSES,
    LAND_SLUGS,
    MAX_DICE,
    MOVE_TYPES,
    NO_BULLET,
    NO_KISS,
    PASS,
    QUEST_SLUGS,
    REST,
    REWARD_SLUGS,
    STOP,
    AskHelp,
    Gather,
    KissOfDeath,
    Move,
    Quest,
    Step,
)
from boardrules.game import CHANCE as CHANCE_PLAYER
from boardrules.game import Game, pickled_without_memo

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["DorasureState", "Options", "Rules", "State", "Work"]
# The moves live in _move_classes; their names and constants stay importable from here.
__all__ += [
    "ADVENTURE_MOVE",
    "CLAW_WORDS",
    "DIE_CLASSES",
    "LAND_SLUGS",
    "MAX_DICE",
    "MOVE_TYPES",
    "NO_BULLET",
    "NO_KISS",
    "PASS",
    "QUEST_SLUGS",
    "REST",
    "REWARD_SLUGS",
    "STOP",
]
__all__ += _move_classes.__all__

# Heroes by index in HERO_ORDER.
NINJA, GLADIATOR, SAMURAI, HUNTER, WEREWOLF, SHAMAN = 0, 1, 2, 3, 4, 5
MINSTREL, MAGICIAN, PRINCE, PALADIN, VAMPIRE, GRAND_MASTER = 6, 7, 8, 9, 10, 11

#: The terrain of a space covered by a Fang land tile (the tile says what it does).
LAND = 7
#: The Mirage City's index among the Fang land tiles (``_fang.LANDS``).
MIRAGE_LAND = 1

# Phases.
ADVENTURE, BATTLE, WON, LOST = 0, 1, 2, 3
PHASE_NAMES = ("adventure", "battle", "won", "lost")

# Reward tiles by index in REWARDS.
LAIR, BOOK, WEAPONS, TREASURE = 0, 1, 2, 3

# Stat columns of Options.stats[seat][level].
SPEED, DANGER_PLAINS, DANGER_FOREST, COMBAT, SEARCH, KNOWLEDGE, CAP = range(7)
_STAT_FIELDS = (
    "speed",
    "danger_plains",
    "danger_forest",
    "combat",
    "search",
    "knowledge",
    "resource_cap",
)
ATTRIBUTE = {"combat": COMBAT, "search": SEARCH, "knowledge": KNOWLEDGE}

#: The one registry of the JSON codes of the agenda's tasks: the code of a kind of task is
#: the index of its class's name here (``tasks._registry.TASK_TYPES`` holds the classes in
#: this order).  The order is the JSON format's (version 1), so it never changes: a new kind
#: goes at the end.  No rule depends on it: each class says what node it makes (``NODE``).
TASK_KINDS: tuple[str, ...] = (
    "MoveRoll",  # (seat): the movement roll
    "Rampage",  # (seat): one die on the Roaming Dragon Chart
    "Pick",  # (seat, HIGHEST/LOWEST, effect): every living hero rolls one die
    "Survival",  # (seat): the shared survival roll
    "Roll",  # (seat, count, purpose): a roll read on the Adventuring Chart
    "Extra",  # (seat, purpose, before): the extra die of a 6, while some are pending
    "RevealQuest",  # (seat, mountain): a quest tile is turned face up
    "RevealReward",  # (seat, mountain): the reward tile under a solved quest
    "Claw",  # (seat): the Dragon Retaliation roll
    "Faith",  # (Paladin): drop the highest movement die for 1 resource
    "Steps",  # (seat): one movement step or stop
    "Act",  # (seat): the action after moving
    "Ask",  # (seat, candidate, mountain): ask a hero to assist
    "Reply",  # (candidate, mountain): agree to assist or not
    "Absorb",  # (seat, damage): pay some damage with resources
    "Spend",  # (seat, purpose, dice): resources for extra dice, then roll
    "Reroll",  # (Ninja, count): Oboro-Gasumi
    "Bullet",  # (Hunter): Poisoned Bullets
    "Shield",  # (Paladin, effect): Platinum Shield
    "Deaths",  # (seat): check deaths after one cause
    "QuestStart",  # (seat, mountain): start-of-quest damage
    "QuestRolls",  # (seat, mountain): each participant spends and rolls
    "QuestEnd",  # (seat, mountain, others): success or failure
    "AfterQuest",  # (seat): the battle starts when every quest is solved
    "AdventureEnd",  # (seat): the Adventuring Chart result
    "BattleEnd",  # (seat): the battle chart result
    "ComboEnd",  # (seat): the Team Combo result
    "EndTurn",  # (seat)
    "BattleStart",  # (seat): the Climactic Battle begins with this hero
    "Gust",  # (Samurai): Final Move: Gust before the Combat roll
    "Doll",  # (Shaman, ally, damage): Body-Swapping Doll, take some of the ally's damage
    "Tune",  # (Minstrel, ally): Heroic Tune, dice for the ally's roll about to be made
    "Lullaby",  # (Minstrel, sixes): Lullaby, the dragon token stays
    "BigBang",  # (Magician): Big Bang instead of the Combat roll
    "Kiss",  # (Vampire): Kiss of Death, revive a dead hero
    "Gauntlets",  # (Werewolf): Werewolf Lord's Gauntlets, a second turn in a row
    "MasterReroll",  # (Grand Master, count, purpose): reroll all his dice, once per game
    "Elixir",  # (Grand Master): Elixir before the Combat roll
    "Special",  # (seat): Special Chance for one 6 of a movement roll (6-11 heroes)
    "Land",  # (0, hex): a Fang land tile drawn onto the k-th Fang hex
    "Replenish",  # (seat): Quest Replenishing at the third rampage (6-11 heroes)
    "Hardened",  # (Gladiator): Battle Hardened, once an adventure on the plains is read
)
TASK_COUNT = len(TASK_KINDS)


# Pick kinds and effects; claw results.
HIGHEST, LOWEST = 0, 1
TO_CITY, WOUND_TWO, DRAIN = 0, 1, 2
CLAW_MISS, CLAW_BLAST, CLAW_SLASH = 0, 1, 2


class Purpose(enum.IntEnum):
    """What a roll is made for, so which chart reads it: an adventure, a quest, the battle
    (a Ninja's reroll of his battle dice too) or a Team Combo.  A task's ``purpose`` field,
    its JSON number the value."""

    ADVENTURE = 0
    QUEST = 1
    BATTLE = 2
    #: battle dice rerolled (Oboro-Gasumi): read like the battle's, no second reroll
    REROLLED = 3
    COMBO = 4


#: The purposes under the names the rules read them by.  The same values; module constants
#: because an enum's attribute is read several times slower than a global (Python 3.11's
#: ``EnumType.__getattr__`` keeps the interpreter from caching it), and a roll's purpose is
#: read at most of the chart rolls, a node in five.
P_ADVENTURE, P_QUEST, P_BATTLE = Purpose.ADVENTURE, Purpose.QUEST, Purpose.BATTLE
P_REROLLED, P_COMBO = Purpose.REROLLED, Purpose.COMBO


@attrs.frozen(cache_hash=True)
class Options:
    """The fixed setup of one game: the heroes by seat, the map, their sheets, the tracks and
    the quest tiles (``options`` holds the options as given to ``new_game``).

    Shared by every state of a game (built once per set of options); ``stats[seat][level]``
    holds the hero's speed, danger (plains, forest), combat, search, knowledge and resource
    cap at that level, and ``level_of[xp]`` the level at that EXP (the shared track, or for
    the Grand Master one level per EXP).
    """

    heroes: tuple[int, ...]
    board: Board
    sheets: tuple[HeroSheet, ...]
    tracks: Tracks
    quests: tuple[QuestTile, ...]
    options: tuple[tuple[str, Any], ...] = attrs.field(eq=False, hash=False, repr=False)
    #: the spaces covered by Fang land tiles, in the order of the rulings (empty: no Fang)
    fang: tuple[int, ...] = ()
    stats: tuple[tuple[tuple[int, ...], ...], ...] = attrs.field(
        init=False, eq=False, hash=False, repr=False
    )
    level_of: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: per space: the index of its Fang hex, or -1
    land_at: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: per space: its terrain, LAND on a Fang hex
    terrain: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: per space: the least die that enters it (land tiles: see ``_fang``)
    entry: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: ``holds_one[razed][space]``: whether a hero standing on ``space`` keeps the others
    #: from stopping there (every space but the City, villages and the Lake; razed Belk is
    #: a road)
    holds_one: tuple[tuple[bool, ...], tuple[bool, ...]] = attrs.field(
        init=False, eq=False, hash=False, repr=False
    )
    #: whether the 6-11 hero rules apply (Special Chance, Quest Replenishing)
    crowd: bool = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: ``steps[value][space]``: the move of a step with a die of ``value`` onto ``space``
    #: (made once per map: stepping is the commonest decision)
    steps: tuple[tuple[Step, ...], ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: ``reach[space][value]``: ``(there, step)`` for each neighbour of ``space`` a die of
    #: ``value`` enters, in the board's order (without land tiles)
    reach: tuple[tuple[tuple[tuple[int, Step], ...], ...], ...] = attrs.field(
        init=False, eq=False, hash=False, repr=False
    )
    #: per mountain: its ``gather`` and its ``quest`` move
    gathers: tuple[Gather, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    quest_moves: tuple[Quest, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: per seat: ``ask`` and ``skip`` that hero (a quest's call for assistance), and the
    #: Vampire's ``kiss`` reviving him
    asks: tuple[tuple[AskHelp, AskHelp], ...] = attrs.field(
        init=False, eq=False, hash=False, repr=False
    )
    kisses: tuple[KissOfDeath, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        stats = tuple(
            tuple(
                tuple(sheet.at(f, level) if level else 0 for f in _STAT_FIELDS)
                for level in range(7)
            )
            for sheet in self.sheets
        )
        object.__setattr__(self, "stats", stats)
        if self.heroes == (GRAND_MASTER,):
            # The Grand Master, whose only EXP is 1 per quest, rises a level per EXP.
            levels = tuple(min(6, x + 1) for x in range(self.tracks.xp_max + 1))
        else:
            levels = tuple(self.tracks.level(x) for x in range(self.tracks.xp_max + 1))
        object.__setattr__(self, "level_of", levels)
        spaces = len(self.board.names)
        object.__setattr__(
            self,
            "land_at",
            tuple(self.fang.index(s) if s in self.fang else -1 for s in range(spaces)),
        )
        terrain = tuple(LAND if s in self.fang else t for s, t in enumerate(self.board.terrain))
        object.__setattr__(self, "terrain", terrain)
        object.__setattr__(self, "entry", tuple(ENTRY[t] if t != LAND else 7 for t in terrain))
        holds_one = tuple(t not in SHARED for t in terrain)
        belk = self.board.belk
        razed = (*holds_one[:belk], True, *holds_one[belk + 1 :])
        object.__setattr__(self, "holds_one", (holds_one, razed))
        object.__setattr__(self, "crowd", len(self.heroes) >= 6)
        names = self.board.names
        steps = tuple(
            tuple(Step(value, there, names[there]) for there in range(spaces)) for value in range(7)
        )
        object.__setattr__(self, "steps", steps)
        entry = self.entry
        reach = tuple(
            tuple(
                tuple((there, steps[value][there]) for there in near if entry[there] <= value)
                for value in range(7)
            )
            for near in self.board.neighbours
        )
        object.__setattr__(self, "reach", reach)
        mountains = [names[space] for space in self.board.mountains]
        object.__setattr__(self, "gathers", tuple(Gather(m, n) for m, n in enumerate(mountains)))
        object.__setattr__(self, "quest_moves", tuple(Quest(m, n) for m, n in enumerate(mountains)))
        tokens = [hero_token(HERO_ORDER[hero]) for hero in self.heroes]
        asks = tuple((AskHelp(p, True, t), AskHelp(p, False, t)) for p, t in enumerate(tokens))
        object.__setattr__(self, "asks", asks)
        object.__setattr__(self, "kisses", tuple(KissOfDeath(p, t) for p, t in enumerate(tokens)))

    @property
    def seats(self) -> int:
        """The number of heroes (seats)."""
        return len(self.heroes)

    def hero_name(self, seat: int) -> str:
        """The hero of ``seat`` as named in the rulebook."""
        return HERO_ORDER[self.heroes[seat]]

    def seat_of(self, hero: int) -> int:
        """The seat of ``hero`` (an index in HERO_ORDER), or -1 if it is not in the game."""
        return self.heroes.index(hero) if hero in self.heroes else -1


#: What a task at the agenda's front makes: a chance node, a decision, an automatic step.
CHANCE, DECISION, STEP = "chance", "decision", "step"
BOTH = (ADVENTURE, BATTLE)


def _field_reader(index: int, doc: str) -> Any:
    """A read-only attribute reading item ``index`` of a task: the reader namedtuple fields
    use (written in C) where the interpreter has it, else a property."""
    reader = getattr(collections, "_tuplegetter", None)
    if reader is None:  # pragma: no cover (another Python)
        return property(itemgetter(index), doc=doc)
    return reader(index, doc)


class _Row(NamedTuple):
    code: int
    seat: int
    a: int
    b: int


_SEAT_READER = _field_reader(1, "The seat of the hero who decides.")


class Task(_Row):
    """One task; subclasses fix ``code`` and name ``a`` and ``b`` (``FIELDS``)."""

    __slots__ = ()
    #: the kind's JSON code: its place in ``TASK_KINDS`` (-1: no kind of task)
    CODE: ClassVar[int] = -1
    #: the names of ``a`` and ``b`` for this kind (empty: unused, always 0), made from the
    #: fields its class annotates (``dice: int``), each read by name (``task.dice``)
    FIELDS: ClassVar[tuple[str, ...]] = ()
    #: the inclusive range of ``a`` and ``b``
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ()
    NODE: ClassVar[str] = STEP
    PHASES: ClassVar[tuple[int, ...]] = BOTH
    #: the hero whose ability this is (-1: any hero)
    HERO: ClassVar[int] = -1
    #: whether ``seat`` is always the hero in turn
    IN_TURN: ClassVar[bool] = True
    #: whether the agenda holds at most one task of this kind
    UNIQUE: ClassVar[bool] = True
    #: whether a task of this kind stands only at the front (it is played as it is pushed)
    FRONT: ClassVar[bool] = False
    #: the clause of the Rules section (on the Dorasure page) that makes this task
    CLAUSE: ClassVar[str] = "§2"
    #: what the picture of a state says the front task is waiting for
    SHOWN: ClassVar[str] = ""
    #: what is decided or rolled at this task, as an error names it (``{hero}``: the hero's
    #: name); empty for an automatic task, which never waits at the front
    SAYS: ClassVar[str] = ""
    #: the first words of the notation of this task's moves
    WORDS: ClassVar[tuple[str, ...]] = ()
    #: whether this task reads the roll being made on a chart (see ``top_line``)
    READS: ClassVar[bool] = False
    #: whether the hero in ``seat`` may still buy dice with resources for the roll being read
    PAYS: ClassVar[bool] = False
    #: whether this task ends the turn (the last task of every agenda)
    ENDS_TURN: ClassVar[bool] = False
    #: the purposes (``P_*``) of the rolls this task reads on its chart (empty: it reads none)
    PURPOSES: ClassVar[tuple[Purpose, ...]] = ()
    #: whether this task begins a new reading: no roll of an older one may wait behind it
    OPENS: ClassVar[bool] = False
    #: whether this task is a hero's roll for a reading or his spending on it (one of each
    #: per hero and reading)
    ROLLS: ClassVar[bool] = False
    #: whether this task rolls the extra dice owed for the 6s of a roll
    EXTRA_DICE: ClassVar[bool] = False
    #: whether this task checks who died of the damage dealt before it
    CHECKS_DEATHS: ClassVar[bool] = False
    #: whether ``quick`` may make the state after a move (asked first, for the commonest
    #: moves)
    QUICK: ClassVar[bool] = False
    #: who moves while this task is at the front: its ``seat``, or
    #: :data:`boardrules.CHANCE` for a roll or a draw
    player: int

    def __init_subclass__(cls) -> None:
        # A kind's code is its place in TASK_KINDS, the JSON format's order of the kinds.
        super().__init_subclass__()
        if cls.__name__ in TASK_KINDS:
            cls.CODE = TASK_KINDS.index(cls.__name__)
        # The kind's fields are its annotated names (``dice: int``) after those of the kind
        # it builds on; each reads its place of the tuple (``a``, then ``b``).
        own = [
            name
            for name, kind in inspect.get_annotations(cls).items()
            if not str(kind).startswith("ClassVar") and name not in cls.FIELDS
        ]
        cls.FIELDS = (*cls.FIELDS, *own)
        assert len(cls.FIELDS) <= 2, f"{cls.__name__}: a task has two fields at most"
        for i, name in enumerate(own, start=len(cls.FIELDS) - len(own)):
            setattr(cls, name, _field_reader(2 + i, f"The task's ``{name}``."))
        # Read at every node (``current_player``): a constant for a roll, else the seat.
        cls.player = CHANCE_PLAYER if cls.NODE == CHANCE else _SEAT_READER

    def __new__(cls, seat: int, a: int = 0, b: int = 0) -> Task:
        return tuple.__new__(cls, (cls.CODE, seat, a, b))

    def __getnewargs__(self) -> tuple[int, int, int]:
        return self[1], self[2], self[3]

    def __repr__(self) -> str:
        named = "".join(f", {name}={self[2 + i]}" for i, name in enumerate(self.FIELDS))
        return f"{type(self).__name__}(seat={self[1]}{named})"

    def problem(self, s: DorasureState, i: int) -> str | None:
        """Why this task cannot stand at index ``i`` of ``s``'s agenda (None: it can)."""
        return None

    # The task's part in play: the classes filed in ``tasks/`` define these.

    def adds(self, resource: Sequence[int]) -> tuple[int, int]:
        """The seat whose coming roll this task adds dice to, and how many, given each
        seat's resources ((-1, 0): none)."""
        return -1, 0

    def dice_to_come(self) -> int:
        """The dice this task still adds to the roll being read (not counting dice bought
        with resources)."""
        return 0

    def top_line(self, w: Work) -> int:
        """A reading's least score that reads like every higher one."""
        raise AssertionError(f"{self!r} reads no roll")  # pragma: no cover

    def waits(self, w: Work) -> bool:
        """At the agenda's front: True if this task waits there for its move or roll;
        False if it no longer applies, and then it is dropped or replaced in ``w.todo``."""
        return True

    def outcomes(self, s: DorasureState) -> tuple[tuple[Move, Fraction], ...]:
        """The outcomes of this chance task at the front of ``s``, with their exact
        probabilities (none for a decision)."""
        return ()

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        """The legal moves of this decision task at the front of ``s``."""
        raise AssertionError(f"{self!r} has no moves of its own")  # pragma: no cover

    def quick(self, s: DorasureState, mv: Move) -> DorasureState | None:
        """The state after the legal move ``mv`` made without a working copy, when the move
        changes only a few fields and leaves a task that waits at the front; None when
        ``play`` has more to do.  Asked only of the kinds whose ``QUICK`` is set."""
        return None  # pragma: no cover

    def play(self, w: Work, mv: Move) -> None:
        """What the legal move ``mv`` does, this task taken off the agenda."""
        raise AssertionError(f"{self!r} is resolved automatically, not by a move")


@pickled_without_memo
@attrs.frozen
class State:
    """A Dorasure position (immutable).

    Per seat: ``pos`` (space index), ``health``, ``resource`` (Prince: servants), ``gold``
    (Prince only), ``xp`` and ``locked`` (the mountain whose labyrinth the hero must retry, or
    -1).  ``spent`` has bit ``seat`` set once that hero's once-per-game treasure is used.
    The dragon: ``meter`` (rampaging meter) and ``wounds`` (sword tokens).  Per mountain:
    ``quests`` (quest tile index, -1 face down), ``flags`` and ``rewards`` (the reward tile
    claimed, -1 while the quest is unsolved).  ``dice`` are the unused movement dice,
    ``party`` the heroes in the current quest or Team Combo, ``score``/``pending``/``roll``
    the roll being read (score so far, extra dice owed for 6s, and the counts of its dice
    so far that scored ``(-1, 0, +1, +1 as a 6)``: 1s, 2-3s, 4-5s and extra 2-3s, 6s) and
    ``agenda`` the tasks still to do.

    Expansions: ``lands`` is the Fang land tile on each Fang hex (-1 not drawn yet; empty
    without Fang); ``renewed`` per mountain is 1 while its quest is a replenished one
    (6-11 heroes), 2 once that one is solved too; ``retired`` lists the solved quest tiles
    taken off the board by Quest Replenishing.  Bit ``seats`` of ``spent`` is the Grand
    Master's once-per-game reroll.

    ``rules`` (also reachable as ``options``, the name every game uses) is the fixed setup
    shared by all states of the game.  ``repr(state)`` is short (game, turn, phase);
    ``str(state)`` is :func:`render`'s picture and :meth:`full_repr` lists every field.
    """

    game: ClassVar[Game[State, Move]]

    rules: Options
    phase: int
    turn: int
    pos: tuple[int, ...]
    health: tuple[int, ...]
    resource: tuple[int, ...]
    gold: tuple[int, ...]
    xp: tuple[int, ...]
    locked: tuple[int, ...]
    spent: int
    meter: int
    wounds: int
    razed: bool
    quests: tuple[int, ...]
    flags: tuple[int, ...]
    rewards: tuple[int, ...]
    dice: tuple[int, ...]
    party: int
    score: int
    pending: int
    roll: tuple[int, ...]
    agenda: tuple[Task, ...]
    lands: tuple[int, ...] = ()
    renewed: tuple[int, ...] = (0, 0, 0, 0, 0)
    retired: tuple[int, ...] = ()
    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )

    def level(self, seat: int) -> int:
        """The level (1..6) of the hero in ``seat``."""
        return self.rules.level_of[self.xp[seat]]

    def open_quest(self, m: int) -> bool:
        """Whether mountain ``m`` holds a quest still to solve (face down or up)."""
        return self.rewards[m] < 0 or self.renewed[m] == 1

    def found(self, reward: int) -> bool:
        """Whether a reward tile of this kind (LAIR, BOOK, WEAPONS, TREASURE) is claimed."""
        return reward in self.rewards

    @property
    def options(self) -> Options:
        """The game's fixed setup, ``rules`` under the name every game uses."""
        return self.rules

    def __repr__(self) -> str:
        rules = self.rules
        turn = rules.hero_name(self.turn) if 0 <= self.turn < rules.seats else str(self.turn)
        return f"<dorasure.State turn={self.turn} ({turn}) phase={PHASE_NAMES[self.phase]}>"

    def __str__(self) -> str:
        return str(self.game.render(self))

    def full_repr(self) -> str:
        """Every field of the state, as attrs writes them (``repr`` is short)."""
        return full_repr(self)


class _Made(State):
    """A Dorasure state as the rules make it, about three times faster than ``State(...)``:
    while it is made it has plain slot stores (``object.__setattr__``, which the interpreter
    runs fast), then it turns into a frozen :class:`State` like any other (same slots, so
    the class can be swapped).  Only the engine's own transitions use it (:data:`new_state`):
    their values are checked already."""

    __slots__ = ()
    # Both, or the interpreter keeps dispatching stores through attrs' frozen methods.
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__


def _maker() -> Callable[..., State]:
    """``_Made.__init__`` for every init field of the state, in their order, written out once
    as straight-line code (a new state field is set too)."""
    names = [f.name for f in attrs.fields(State) if f.init]
    stores = "".join(f"    self.{name} = {name}\n" for name in names)
    source = (
        f"def __init__(self, {', '.join(names)}):\n{stores}"
        "    self._legal = None\n    self.__class__ = State\n"
    )
    scope: dict[str, object] = {"State": State}
    exec(source, scope)
    setattr(_Made, "__init__", scope["__init__"])  # noqa: B010 (mypy forbids assigning methods)
    return _Made


#: ``new_state(rules, phase, turn, ...)``, every init field of :class:`State` in its order:
#: the state with these values, made fast (see :class:`_Made`); for the engine's own
#: transitions, whose values are checked already.
new_state = _maker()


def _replacer(*changed: str) -> Callable[..., State]:
    """A function ``(s, *values)`` that returns ``s`` with the fields ``changed`` replaced,
    written out once as straight-line code (for the commonest moves)."""
    names = [f.name for f in attrs.fields(State) if f.init]
    fields = ", ".join(name if name in changed else f"s.{name}" for name in names)
    source = f"def replaced(s, {', '.join(changed)}):\n    return State({fields})\n"
    scope: dict[str, object] = {"State": new_state}
    exec(source, scope)
    replaced: Callable[..., State] = scope["replaced"]  # type: ignore[assignment]
    return replaced


#: ``s`` with new ``pos`` and ``dice``, and ``s`` with a new ``agenda``: the states after a
#: plain step and after the stop, built without a working copy (a documented hot path:
#: stepping is about two decisions in five; see ``Task.quick``).
with_pos_and_dice = _replacer("pos", "dice")
with_agenda = _replacer("agenda")
#: ``s`` with new ``dice`` and ``agenda``: the state after a movement roll without a 6.
with_dice_and_agenda = _replacer("dice", "agenda")
#: ``s`` with a new ``turn``, ``dice``, ``party`` and ``agenda``: the state after a turn
#: that ends with a pass (see ``tasks.turn.quick_end_of_turn``).
with_turn = _replacer("turn", "dice", "party", "agenda")


#: Deprecated name of :class:`State`.
DorasureState = State
#: Deprecated name of :class:`Options`.
Rules = Options


def put(values: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """``values`` with item ``i`` replaced by ``value`` (how the engine changes a field it
    keeps as a tuple while a move settles)."""
    return (*values[:i], value, *values[i + 1 :])


def on_mirage(rules: Options, lands: tuple[int, ...], space: int) -> bool:
    """Whether ``space`` is covered by the Mirage City, where no hero regains health."""
    k = rules.land_at[space]
    return k >= 0 and lands[k] == MIRAGE_LAND


def effective_terrain(rules: Rules, razed: bool, space: int) -> int:
    """A space's terrain; razed Belk is a road."""
    return ROAD if razed and space == rules.board.belk else rules.terrain[space]


def hero_token(name: str) -> str:
    """A hero's name as one word of the move notation (``Grand Master`` -> ``Grand-Master``)."""
    return name.replace(" ", "-")


# -- the working copy ---------------------------------------------------------------------------


def lycan(rules: Rules, xp: int) -> bool:
    """Whether a Werewolf with ``xp`` is in Lycan form (his XP on a Werewolf icon)."""
    return xp in rules.tracks.werewolf_icons


def attribute_of(rules: Rules, seat: int, column: int, xp: int, resource: int) -> int:
    """The hero's Combat, Search or Knowledge (``column``) as rolled now.

    Vampire (Thirst for Blood): -2 to all three at 0 Blood.  Werewolf (Lycanthropy), in
    Lycan form: Combat +3, Search and Knowledge -2.  Never below 0 dice.
    """
    value = rules.stats[seat][rules.level_of[xp]][column]
    hero = rules.heroes[seat]
    if hero == VAMPIRE and resource == 0:
        value -= 2
    elif hero == WEREWOLF and lycan(rules, xp):
        value += 3 if column == COMBAT else -2
    return max(0, value)


#: The state's fields that the working copy holds as lists (changed in place): those that
#: most moves change.  Every other field is copied as it is (a tuple that a rule changing it
#: replaces, with :func:`put`: copied only then), and the agenda becomes ``todo`` (front
#: last).
THAWED = frozenset(("pos", "health", "resource"))


if TYPE_CHECKING:  # to mypy, a class of its own: its fields are typed as the rules use them
    _Slots = object
else:  # a subclass, so that as_state() may turn it into a State (see _copier)
    _Slots = State


class Work(_Slots):
    """A mutable copy of a state's fields; ``todo`` is the agenda with its front last.

    The fields are those of :class:`~boardrules.dorasure.State` (``__init__`` and
    ``as_state`` are built from ``attrs.fields`` below, so a new state field is copied
    both ways).  Here are what the tasks read and the small changes every rule makes; the
    effects that push tasks of their own (``hurt``, ``wound_dragon``, ``advance_meter``,
    ``begin_turn``, ``begin_battle_turn``) build on the tasks, so the working copy the engine
    makes, ``_work.Thawed``, defines them (and ``freeze``, which makes the state): the tasks
    call them through the copy they are given, and this module knows no task.
    """

    rules: Rules
    phase: int
    turn: int
    pos: list[int]
    health: list[int]
    resource: list[int]
    gold: tuple[int, ...]
    xp: tuple[int, ...]
    locked: tuple[int, ...]
    spent: int
    meter: int
    wounds: int
    razed: bool
    quests: tuple[int, ...]
    flags: tuple[int, ...]
    rewards: tuple[int, ...]
    dice: tuple[int, ...]
    party: int
    score: int
    pending: int
    roll: tuple[int, ...]
    todo: list[Task]
    lands: tuple[int, ...]
    renewed: tuple[int, ...]
    retired: tuple[int, ...]

    if not TYPE_CHECKING:  # to type checkers, a class of its own (see _Slots above)
        # The state's own slots (``todo`` is its ``agenda`` slot, set below), so that
        # :func:`as_state` can turn the working copy into the state in place; plain stores
        # (the state's own methods refuse them).
        __slots__ = ()
        __setattr__ = object.__setattr__
        __delattr__ = object.__delattr__

    if TYPE_CHECKING:  # the working copy is made by ``_thaw`` (set as ``__init__`` below)

        def __init__(self, s: State) -> None: ...

    # -- reading --------------------------------------------------------------------------

    def level(self, seat: int) -> int:
        """The level of the hero in ``seat``."""
        return self.rules.level_of[self.xp[seat]]

    def stat(self, seat: int, column: int) -> int:
        """One column of the hero's sheet at the hero's level."""
        return self.rules.stats[seat][self.level(seat)][column]

    def attribute(self, seat: int, column: int) -> int:
        """Combat, Search or Knowledge as rolled now (Thirst for Blood, Lycanthropy)."""
        return attribute_of(self.rules, seat, column, self.xp[seat], self.resource[seat])

    def hero(self, seat: int) -> int:
        """The hero (index in HERO_ORDER) in ``seat``."""
        return self.rules.heroes[seat]

    def living(self) -> list[int]:
        """The seats of the heroes with health left."""
        return [s for s, h in enumerate(self.health) if h > 0]

    def home(self, seat: int) -> int:
        """Where a hero is sent back to: the City, or the Western Lake for the Shaman."""
        board = self.rules.board
        return board.lake if self.hero(seat) == SHAMAN and board.lake >= 0 else board.city

    def max_health(self, seat: int) -> int:
        """The hero's full health."""
        return self.rules.sheets[seat].health

    def treasures(self) -> bool:
        """Treasure abilities work once the Treasure is found, and only in phase two."""
        return self.phase == BATTLE and TREASURE in self.rewards

    # -- agenda ---------------------------------------------------------------------------

    def push(self, *tasks: Task) -> None:
        """Put ``tasks`` at the front of the agenda, the first of them first."""
        self.todo += tasks[::-1]

    # -- tracks ---------------------------------------------------------------------------

    def gain_resource(self, seat: int, amount: int) -> None:
        """Regain resources, up to the cap of the hero's level."""
        self.resource[seat] = min(self.stat(seat, CAP), self.resource[seat] + amount)

    def gain_xp(self, seat: int, amount: int) -> None:
        """Gain EXP, up to the end of the track."""
        self.xp = put(self.xp, seat, min(self.rules.tracks.xp_max, self.xp[seat] + amount))

    def can_heal(self, seat: int) -> bool:
        """No hero standing on the Mirage City regains health, by any means."""
        return not (self.lands and on_mirage(self.rules, self.lands, self.pos[seat]))

    def heal(self, seat: int, amount: int) -> None:
        """Regain health, up to full health (not on the Mirage City)."""
        if self.can_heal(seat):
            self.health[seat] = min(self.max_health(seat), self.health[seat] + amount)

    def pay(self, seat: int, amount: int) -> None:
        """Spend resources: the Prince's servants go before his gold."""
        use = min(amount, self.resource[seat])
        self.resource[seat] -= use
        self.gold = put(self.gold, seat, self.gold[seat] - (amount - use))

    def send_home(self, seat: int) -> None:
        """Back to the City (Shaman: the Lake); a hero held in the labyrinth is released."""
        self.pos[seat] = self.home(seat)
        self.locked = put(self.locked, seat, -1)

    def blast_targets(self, seat: int) -> list[int]:
        """The current hero and up to two living heroes on each side, nobody twice."""
        n = len(self.health)
        out = [seat] if self.health[seat] > 0 else []
        for direction in (1, -1):
            found = 0
            for step in range(1, n):
                other = (seat + direction * step) % n
                if found == 2:
                    break
                if self.health[other] > 0 and other not in out:
                    out.append(other)
                    found += 1
        return sorted(out)

    # -- the effects that push tasks: defined by the engine's working copy (see above) -----

    def hurt(self, seat: int, targets: list[tuple[int, int]]) -> None:
        """One cause deals damage to living heroes (``Thawed.hurt``)."""
        raise NotImplementedError  # pragma: no cover

    def wound_dragon(self, seat: int, amount: int) -> None:
        """Sword tokens on the dragon's health (``Thawed.wound_dragon``)."""
        raise NotImplementedError  # pragma: no cover

    def advance_meter(self, seat: int, steps: int) -> None:
        """The dragon token climbs (``Thawed.advance_meter``)."""
        raise NotImplementedError  # pragma: no cover

    def begin_turn(self, seat: int) -> None:
        """An Adventure Phase turn begins (``Thawed.begin_turn``)."""
        raise NotImplementedError  # pragma: no cover

    def begin_battle_turn(self, seat: int, again: int = 0) -> None:
        """A Climactic Battle turn begins (``Thawed.begin_battle_turn``)."""
        raise NotImplementedError  # pragma: no cover


def _copier() -> tuple[Callable[[Work, State], None], Callable[[Work], State]]:
    """``Work.__init__``'s copy of every init field of the state, and ``as_state``,
    written out once as straight-line code (they run at every move that is not a quick one).

    The working copy has the state's slots, so ``as_state`` makes no second copy: it turns
    the lists back into tuples and the working copy itself into the state (``__class__``
    assignment, allowed between classes of the same slots), about twice as fast as
    building a new one.  The working copy is not used after it."""
    names = [f.name for f in attrs.fields(State) if f.init]
    thaw, freeze = [], []
    for name in names:
        if name == "agenda":
            # Slices, not reversed(): about twice as fast on agendas this short.
            thaw.append("    w.agenda = list(s.agenda[::-1])")
            freeze.append("    w.agenda = tuple(w.agenda[::-1])")
        elif name in THAWED:
            thaw.append(f"    w.{name} = list(s.{name})")
            freeze.append(f"    w.{name} = tuple(w.{name})")
        else:
            thaw.append(f"    w.{name} = s.{name}")
    source = (
        "def thaw(w, s):\n"
        + "\n".join(thaw)
        + "\n    w._legal = None\ndef freeze(w):\n"
        + "\n".join(freeze)
        + "\n    w.__class__ = State\n    return w\n"
    )
    scope: dict[str, object] = {"State": State}
    exec(source, scope)
    return scope["thaw"], scope["freeze"]  # type: ignore[return-value]


#: ``as_state(w)``: the working copy turned into the state with its values, in place (the
#: running score as it is: ``Thawed.freeze`` makes it canonical first).
_thaw, as_state = _copier()
setattr(Work, "__init__", _thaw)  # noqa: B010 (mypy forbids assigning methods)
#: ``todo``, the agenda with its front last, is the state's ``agenda`` slot.
setattr(Work, "todo", State.__dict__["agenda"])  # noqa: B010
