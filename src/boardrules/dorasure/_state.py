"""Dorasure's rules object, state, moves and the agenda's task codes.

The state is a set of tracks (per seat: space, health, resource, gold, XP) plus an
*agenda*: the tasks still to do in this turn, front first.  Each task is a :class:`Task`,
the tuple ``(code, seat, a, b)`` typed by kind (the kinds and their rules are in
``_tasks``); the front task decides whether the state is a decision (of ``seat``), a
chance node or an automatic step (resolved before the state is returned).
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple

import attrs

from boardrules._values import full_repr, move_repr
from boardrules.dorasure._board import ENTRY, Board
from boardrules.dorasure._data import HERO_ORDER, QUESTS, REWARDS, HeroSheet, QuestTile, Tracks
from boardrules.dorasure._lru import LRU
from boardrules.game import Game, pickled_without_memo

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

# Task codes.  Chance tasks:
T_MOVE_ROLL = 0  # (seat): the movement roll
T_RAMPAGE = 1  # (seat): one die on the Roaming Dragon Chart
T_PICK = 2  # (seat, HIGHEST/LOWEST, effect): every living hero rolls one die
T_SURVIVAL = 3  # (seat): the shared survival roll
T_ROLL = 4  # (seat, count, purpose): a roll read on the Adventuring Chart
T_EXTRA = 5  # (seat, purpose, before): the extra die of a 6, while some are pending
T_REVEAL_QUEST = 6  # (seat, mountain): a quest tile is turned face up
T_REVEAL_REWARD = 7  # (seat, mountain): the reward tile under a solved quest
T_CLAW = 8  # (seat): the Dragon Retaliation roll
# Decision tasks:
T_FAITH = 9  # (Paladin): drop the highest movement die for 1 resource
T_MOVE = 10  # (seat): one movement step or stop
T_ACT = 11  # (seat): the action after moving
T_ASK = 12  # (seat, candidate, mountain): ask a hero to assist
T_REPLY = 13  # (candidate, mountain): agree to assist or not
T_ABSORB = 14  # (seat, damage): pay some damage with resources
T_SPEND = 15  # (seat, purpose, dice): resources for extra dice, then roll
T_REROLL = 16  # (Ninja, count): Oboro-Gasumi
T_BULLET = 17  # (Hunter): Poisoned Bullets
T_SHIELD = 18  # (Paladin, effect): Platinum Shield
# Automatic tasks:
T_DEATHS = 19  # (seat): check deaths after one cause
T_QUEST_START = 20  # (seat, mountain): start-of-quest damage
T_QUEST_ROLLS = 21  # (seat, mountain): each participant spends and rolls
T_QUEST_END = 22  # (seat, mountain, others): success or failure
T_AFTER_QUEST = 23  # (seat): the battle starts when every quest is solved
T_ADVENTURE_END = 24  # (seat): the Adventuring Chart result
T_BATTLE_END = 25  # (seat): the battle chart result
T_COMBO_END = 26  # (seat): the Team Combo result
T_END_TURN = 27  # (seat)
T_BATTLE_START = 28  # (seat): the Climactic Battle begins with this hero
# Expansion decisions (heroes of the expansions, the Grand Master):
T_GUST = 29  # (Samurai): Final Move: Gust before the Combat roll
T_DOLL = 30  # (Shaman, ally, damage): Body-Swapping Doll, take some of the ally's damage
T_TUNE = 31  # (Minstrel, ally): Heroic Tune, dice for the ally's roll about to be made
T_LULLABY = 32  # (Minstrel, sixes): Lullaby, the dragon token stays
T_BIG_BANG = 33  # (Magician): Big Bang instead of the Combat roll
T_KISS = 34  # (Vampire): Kiss of Death, revive a dead hero
T_GAUNTLETS = 35  # (Werewolf): Werewolf Lord's Gauntlets, a second turn in a row
T_MASTER_REROLL = 36  # (Grand Master, count, purpose): reroll all his dice, once per game
T_ELIXIR = 37  # (Grand Master): Elixir before the Combat roll
# Expansion chance tasks:
T_SPECIAL = 38  # (seat): Special Chance for one 6 of a movement roll (6-11 heroes)
T_LAND = 39  # (0, hex): a Fang land tile drawn onto the k-th Fang hex
# Expansion automatic task:
T_REPLENISH = 40  # (seat): Quest Replenishing at the third rampage (6-11 heroes)
T_HARDENED = 41  # (Gladiator): Battle Hardened, once an adventure on the plains is read
TASK_COUNT = 42
CHANCE_TASKS = frozenset((*range(T_MOVE_ROLL, T_CLAW + 1), T_SPECIAL, T_LAND))
DECISION_TASKS = frozenset((*range(T_FAITH, T_SHIELD + 1), *range(T_GUST, T_ELIXIR + 1)))

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


def hero_token(name: str) -> str:
    """A hero's name as one word of the move notation (``Grand Master`` -> ``Grand-Master``)."""
    return name.replace(" ", "-")


QUEST_SLUGS = tuple(q.slug for q in QUESTS)
