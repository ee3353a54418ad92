"""Dorasure's rules object, state, moves and the agenda's task codes.

The state is a set of tracks (per seat: space, health, resource, gold, XP) plus an
*agenda*: the tasks still to do in this turn, front first.  Each task is a :class:`Task`,
the tuple ``(code, seat, a, b)`` typed by kind (the kinds and their rules are in
``_tasks``); the front task decides whether the state is a decision (of ``seat``), a
chance node or an automatic step (resolved before the state is returned).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

if TYPE_CHECKING:
    from fractions import Fraction

import attrs

from boardrules._lru import LRU
from boardrules._values import full_repr, move_repr
from boardrules.dorasure._board import ENTRY, ROAD, Board
from boardrules.dorasure._data import HERO_ORDER, QUESTS, REWARDS, HeroSheet, QuestTile, Tracks
from boardrules.game import Game, pickled_without_memo

if TYPE_CHECKING:
    from collections.abc import Sequence

    from boardrules.dorasure._work import Work

__all__ = ["DorasureMove", "DorasureState", "Move", "Options", "Rules", "State"]

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
REWARD_SLUGS = tuple(slug for slug, _ in REWARDS)

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
#: the index of its class's name here (``_tasks.TASK_TYPES`` holds the classes in this order).
#: The order is the JSON format's (version 1), so it never changes: a new kind goes at the end.
#: No rule depends on it; the kinds of node are the named sets below.
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


def _code(name: str) -> int:
    return TASK_KINDS.index(name)


# The codes by name, kept for the tests and the picture of a state (the task classes take
# theirs from TASK_KINDS, see Task; nothing else compares codes).
T_MOVE_ROLL = _code("MoveRoll")
T_RAMPAGE = _code("Rampage")
T_PICK = _code("Pick")
T_SURVIVAL = _code("Survival")
T_ROLL = _code("Roll")
T_EXTRA = _code("Extra")
T_REVEAL_QUEST = _code("RevealQuest")
T_REVEAL_REWARD = _code("RevealReward")
T_CLAW = _code("Claw")
T_FAITH = _code("Faith")
T_MOVE = _code("Steps")
T_ACT = _code("Act")
T_ASK = _code("Ask")
T_REPLY = _code("Reply")
T_ABSORB = _code("Absorb")
T_SPEND = _code("Spend")
T_REROLL = _code("Reroll")
T_BULLET = _code("Bullet")
T_SHIELD = _code("Shield")
T_DEATHS = _code("Deaths")
T_QUEST_START = _code("QuestStart")
T_QUEST_ROLLS = _code("QuestRolls")
T_QUEST_END = _code("QuestEnd")
T_AFTER_QUEST = _code("AfterQuest")
T_ADVENTURE_END = _code("AdventureEnd")
T_BATTLE_END = _code("BattleEnd")
T_COMBO_END = _code("ComboEnd")
T_END_TURN = _code("EndTurn")
T_BATTLE_START = _code("BattleStart")
T_GUST = _code("Gust")
T_DOLL = _code("Doll")
T_TUNE = _code("Tune")
T_LULLABY = _code("Lullaby")
T_BIG_BANG = _code("BigBang")
T_KISS = _code("Kiss")
T_GAUNTLETS = _code("Gauntlets")
T_MASTER_REROLL = _code("MasterReroll")
T_ELIXIR = _code("Elixir")
T_SPECIAL = _code("Special")
T_LAND = _code("Land")
T_REPLENISH = _code("Replenish")
T_HARDENED = _code("Hardened")
#: The tasks that make a chance node (a roll or a tile drawn).
CHANCE_TASKS = frozenset(
    map(
        _code,
        (
            "MoveRoll",
            "Rampage",
            "Pick",
            "Survival",
            "Roll",
            "Extra",
            "RevealQuest",
            "RevealReward",
            "Claw",
            "Special",
            "Land",
        ),
    )
)
#: The tasks that make a decision.
DECISION_TASKS = frozenset(
    map(
        _code,
        (
            "Faith",
            "Steps",
            "Act",
            "Ask",
            "Reply",
            "Absorb",
            "Spend",
            "Reroll",
            "Bullet",
            "Shield",
            "Gust",
            "Doll",
            "Tune",
            "Lullaby",
            "BigBang",
            "Kiss",
            "Gauntlets",
            "MasterReroll",
            "Elixir",
        ),
    )
)

# T_PICK kinds and effects; roll purposes; claw results.
HIGHEST, LOWEST = 0, 1
TO_CITY, WOUND_TWO, DRAIN = 0, 1, 2
P_ADVENTURE, P_QUEST, P_BATTLE, P_REROLLED, P_COMBO = 0, 1, 2, 3, 4
CLAW_MISS, CLAW_BLAST, CLAW_SLASH = 0, 1, 2


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
    #: whether the 6-11 hero rules apply (Special Chance, Quest Replenishing)
    crowd: bool = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: ``steps[value][space]``: the move of a step with a die of ``value`` onto ``space``
    #: (made once per map: stepping is the commonest decision)
    steps: tuple[tuple[Move, ...], ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    #: ``reach[space][value]``: ``(there, step)`` for each neighbour of ``space`` a die of
    #: ``value`` enters, in the board's order (without land tiles)
    reach: tuple[tuple[tuple[tuple[int, Move], ...], ...], ...] = attrs.field(
        init=False, eq=False, hash=False, repr=False
    )

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
        object.__setattr__(self, "crowd", len(self.heroes) >= 6)
        names = self.board.names
        steps = tuple(
            tuple(
                move(M_STEP, value, there, f"step {value} {names[there]}")
                for there in range(spaces)
            )
            for value in range(7)
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


class _Row(NamedTuple):
    code: int
    seat: int
    a: int
    b: int


class Task(_Row):
    """One task; subclasses fix ``code`` and name ``a`` and ``b`` (``FIELDS``)."""

    __slots__ = ()
    #: the kind's JSON code: its place in ``TASK_KINDS`` (-1: no kind of task)
    CODE: ClassVar[int] = -1
    #: the names of ``a`` and ``b`` for this kind (empty: unused, always 0)
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
    PURPOSES: ClassVar[tuple[int, ...]] = ()
    #: whether this task begins a new reading: no roll of an older one may wait behind it
    OPENS: ClassVar[bool] = False
    #: whether this task is a hero's roll for a reading or his spending on it (one of each
    #: per hero and reading)
    ROLLS: ClassVar[bool] = False
    #: whether this task rolls the extra dice owed for the 6s of a roll
    EXTRA_DICE: ClassVar[bool] = False
    #: whether this task checks who died of the damage dealt before it
    CHECKS_DEATHS: ClassVar[bool] = False
    #: whether :meth:`quick` may make the state after a move (asked first, for the commonest
    #: moves)
    QUICK: ClassVar[bool] = False

    def __init_subclass__(cls) -> None:
        # A kind's code is its place in TASK_KINDS, the JSON format's order of the kinds.
        super().__init_subclass__()
        if cls.__name__ in TASK_KINDS:
            cls.CODE = TASK_KINDS.index(cls.__name__)

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

    def outcomes(self, s: DorasureState) -> tuple[tuple[DorasureMove, Fraction], ...]:
        """The outcomes of this chance task at the front of ``s``, with their exact
        probabilities (none for a decision)."""
        return ()

    def moves(self, s: DorasureState) -> tuple[DorasureMove, ...]:
        """The legal moves of this decision task at the front of ``s``."""
        raise AssertionError(f"{self!r} has no moves of its own")  # pragma: no cover

    def quick(self, s: DorasureState, mv: DorasureMove) -> DorasureState | None:
        """The state after the legal move ``mv`` made without a working copy, when the move
        changes only a few fields and leaves a task that waits at the front; None when
        :meth:`play` has more to do.  Asked only of the kinds whose ``QUICK`` is set."""
        return None  # pragma: no cover

    def play(self, w: Work, mv: DorasureMove) -> None:
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


@attrs.frozen(repr=False)
class Move:
    """A move or chance outcome; ``str(move)`` is its notation (see the docs page) and
    ``repr(move)`` shows it too.

    ``kind`` is one of the ``M_*`` codes and ``a``/``b`` its arguments.  The fields are
    checked on construction: ``5.0`` or ``True`` equal ``5`` and ``1`` but are not moves.

    >>> from boardrules.dorasure import Move
    >>> Move(11, True, 0, "stop")  # 11: M_STOP
    Traceback (most recent call last):
    ...
    TypeError: a Dorasure move's kind, a and b are ints and its text a str, not True
    """

    kind: int
    a: int
    b: int
    text: str

    def __attrs_post_init__(self) -> None:
        for value in (self.kind, self.a, self.b):
            if type(value) is not int:
                raise TypeError(
                    f"a Dorasure move's kind, a and b are ints and its text a str, not {value!r}"
                )
        if type(self.text) is not str:
            raise TypeError(
                f"a Dorasure move's kind, a and b are ints and its text a str, not {self.text!r}"
            )

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return move_repr("dorasure", self)


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


#: Deprecated name of :class:`State`.
DorasureState = State
#: Deprecated name of :class:`Move`.
DorasureMove = Move
#: Deprecated name of :class:`Options`.
Rules = Options


# Move kinds.
M_ROLL, M_DICE, M_EXTRA, M_RAMPAGE, M_PICK, M_SURVIVAL, M_CLAW, M_QUEST_TILE = range(8)
M_REWARD, M_FAITH, M_STEP, M_STOP, M_ADVENTURE, M_REST, M_GATHER, M_QUEST = range(8, 16)
M_PASS, M_ASK, M_REPLY, M_ABSORB, M_SPEND, M_REROLL, M_BULLET, M_SHIELD = range(16, 24)
M_GUST, M_DOLL, M_TUNE, M_LULLABY, M_BIG_BANG, M_KISS, M_GAUNTLETS = range(24, 31)
M_MASTER_REROLL, M_ELIXIR, M_SPECIAL, M_LAND = range(31, 35)

#: The most moves kept interned (moves are looked up by value when one was dropped).
MOVE_TABLE_SIZE = 20_000
_MOVES: LRU[tuple[int, int, int, str], Move] = LRU(MOVE_TABLE_SIZE)


def move(kind: int, a: int, b: int, text: str) -> Move:
    """The interned move with these fields (one object per move while it is in use)."""
    key = (kind, a, b, text)
    items = _MOVES.items  # the LRU's table, used directly: this runs at every step offered
    found = items.get(key)
    if found is None:
        found = Move(kind, a, b, text)
        _MOVES.put(key, found)
    else:
        items.move_to_end(key)
    return found


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


QUEST_SLUGS = tuple(q.slug for q in QUESTS)
