"""The tasks of Dorasure's agenda: one small typed value per kind, with its validity rule.

A task is still the tuple ``(code, seat, a, b)`` that the JSON stores (so it stays small,
hashable and equal to that row), but each kind is its own class naming ``a`` and ``b``
(``Roll(seat, dice, purpose)``: ``task.dice``), saying what node it makes (a roll, a
decision or an automatic step), in which phase and for which hero it may stand on the
agenda, and which other tasks must surround it.  ``tasks._registry.task_problem`` applies
those rules to a decoded agenda, so decoding accepts only agendas the engine can build.

The tasks of the sections already filed by the Rules are in ``tasks/`` (with their part in
play); the others are here, their play still in the engine's tables.

>>> from boardrules.dorasure._tasks import P_QUEST, T_ROLL, Roll
>>> t = Roll(0, 3, P_QUEST)
>>> t, t.dice, t == (T_ROLL, 0, 3, P_QUEST)
(Roll(seat=0, dice=3, purpose=1), 3, True)
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from boardrules.dorasure._data import QUESTS, REWARDS
from boardrules.dorasure._dice import (
    CLASSES,
    EXTRA_DIE,
    quest_draw,
    reward_draw,
    score_roll,
    survival_roll,
)
from boardrules.dorasure._state import (
    ADVENTURE,
    BATTLE,
    CHANCE,
    DECISION,
    GLADIATOR,
    HUNTER,
    M_ABSORB,
    M_ASK,
    M_BULLET,
    M_REPLY,
    M_REROLL,
    M_SPEND,
    NINJA,
    P_ADVENTURE,
    P_BATTLE,
    P_COMBO,
    P_QUEST,
    P_REROLLED,
    SHAMAN,
    STEP,
    T_ABSORB,
    T_ACT,
    T_ADVENTURE_END,
    T_AFTER_QUEST,
    T_ASK,
    T_BATTLE_END,
    T_BATTLE_START,
    T_BULLET,
    T_COMBO_END,
    T_DEATHS,
    T_END_TURN,
    T_EXTRA,
    T_GUST,
    T_HARDENED,
    T_QUEST_END,
    T_QUEST_ROLLS,
    T_QUEST_START,
    T_REPLY,
    T_REROLL,
    T_REVEAL_QUEST,
    T_REVEAL_REWARD,
    T_ROLL,
    T_SPEND,
    T_SURVIVAL,
    T_TUNE,
    TREASURE,
    VAMPIRE,
    WEREWOLF,
    DorasureMove,
    Task,
    hero_token,
    move,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from boardrules.dorasure._state import DorasureState, Rules
    from boardrules.dorasure._work import Work

__all__ = [
    "BATTLE_READINGS",
    "CHANCE",
    "DECISION",
    "MAX_DICE",
    "MAX_SCORE",
    "STEP",
    "Automatic",
    "Task",
    "deaths_later",
    "doll_may_take_quest_damage",
    "next_task",
    "purpose_problem",
    "read_later",
]

_REPLY = (move(M_REPLY, 1, 0, "agree"), move(M_REPLY, 0, 0, "refuse"))
_REROLL = (move(M_REROLL, 1, 0, "reroll"), move(M_REROLL, 0, 0, "no-reroll"))
_NO_BULLET = move(M_BULLET, -1, 0, "no-bullet")
_BULLETS = tuple(move(M_BULLET, i, 0, f"bullet {CLASSES[i]}") for i in range(3))
_ABSORB = tuple(move(M_ABSORB, k, 0, f"absorb {k}") for k in range(64))
_SPEND = tuple(move(M_SPEND, k, 0, f"spend {k}") for k in range(64))

#: The most dice a stored roll may name.
MAX_DICE = 40
#: The largest running score a state may store, either way.
MAX_SCORE = MAX_DICE * 4


def next_task(s: DorasureState, i: int) -> tuple[int, ...]:
    return s.agenda[i + 1] if i + 1 < len(s.agenda) else (-1, -1, -1, -1)


_READING = {
    P_ADVENTURE: T_ADVENTURE_END,
    P_QUEST: T_QUEST_END,
    P_BATTLE: T_BATTLE_END,
    P_REROLLED: T_BATTLE_END,
    P_COMBO: T_COMBO_END,
}
_READINGS = frozenset(_READING.values())
#: The readings of a battle roll (a Team Combo's included).
BATTLE_READINGS = frozenset((T_BATTLE_END, T_COMBO_END))
#: Tasks that begin a new reading: no roll of an older one may wait behind them.
_OPENERS = frozenset((T_QUEST_START, T_QUEST_ROLLS, T_END_TURN, T_BATTLE_START, T_ACT))


class _Scan:
    """What the rules of the tasks read about the rest of an agenda, found in one pass each
    way, so that checking a whole agenda takes time linear in its length: per index, the
    reading that comes next (-1: an opener or the end comes first), whether a deaths check
    comes later, and the dice that the tasks before it add to that seat's roll (the
    Minstrel's Heroic Tune, the Samurai's Gust)."""

    __slots__ = ("added", "again", "deaths_after", "reading_after", "state")

    def __init__(self, s: DorasureState) -> None:
        agenda = s.agenda
        n = len(agenda)
        self.state = s  # kept, so that its id is not reused while the scan is
        self.reading_after = [-1] * n
        self.deaths_after = [False] * n
        ends = [n] * n  # where the reading (or opener) after each task stands
        reading, deaths, end = -1, False, n
        for i in range(n - 1, -1, -1):
            self.reading_after[i], self.deaths_after[i], ends[i] = reading, deaths, end
            code = agenda[i][0]
            if code in _READINGS:
                reading, end = code, i
            elif code in _OPENERS:
                reading, end = -1, i
            deaths = deaths or code == T_DEATHS
        self.added = [0] * n
        #: whether a roll (or its spending) of the same hero comes earlier for one reading
        self.again = [False] * n
        rolled: set[tuple[int, int]] = set()
        seats = s.rules.seats
        more = [0] * seats
        for i, (code, seat, a, _) in enumerate(agenda):
            if not 0 <= seat < seats:
                continue  # a task of no seat: refused on its own
            if code in (T_ROLL, T_SPEND):
                self.again[i] = (ends[i], seat) in rolled
                rolled.add((ends[i], seat))
            self.added[i] = more[seat]
            if code == T_TUNE and 0 <= a < seats:
                more[a] += s.resource[seat]  # the Minstrel's Heroic Tune
            elif code == T_GUST:
                more[seat] += 2


# The scan of the state whose agenda was last checked (its tasks are checked one after
# another; a state is immutable, so its scan holds as long as the state is the same object).
_LAST_SCAN: list[_Scan | None] = [None]


def _scan(s: DorasureState) -> _Scan:
    found = _LAST_SCAN[0]
    if found is None or found.state is not s:
        found = _LAST_SCAN[0] = _Scan(s)
    return found


def read_later(s: DorasureState, i: int, purpose: int) -> str | None:
    """A roll (or its spending, extra dice, rerolls) is read by the next reading after it."""
    reading = _scan(s).reading_after[i]
    if reading < 0:
        return "a roll with no reading after it"
    return None if reading == _READING.get(purpose) else "a roll read by another chart"


def _mountain_up(s: DorasureState, m: int) -> str | None:
    return None if s.quests[m] >= 0 else "a quest task needs a face-up quest"


class Automatic(Task):
    """A task the rules carry out as soon as it reaches the agenda's front (:meth:`run`)."""

    __slots__ = ()

    def waits(self, w: Work) -> bool:
        w.todo.pop()
        self.run(w)
        return False

    def run(self, w: Work) -> None:
        """What the task does, taken off the agenda."""
        raise NotImplementedError  # pragma: no cover


# -- chance -----------------------------------------------------------------------------------


class Survival(Task):
    """The shared survival roll after a death in the Adventure Phase."""

    __slots__ = ()
    CLAUSE, SHOWN = "§2.3", "survival roll"
    SAYS = "the survival roll"
    WORDS = ("survival",)
    FRONT = True
    CODE, NODE, PHASES, IN_TURN = T_SURVIVAL, CHANCE, (ADVENTURE,), False

    def problem(self, s: DorasureState, i: int) -> str | None:
        return None if 0 in s.health else "a survival roll with nobody dying"

    def outcomes(self, s: DorasureState) -> tuple[tuple[DorasureMove, Fraction], ...]:
        return survival_roll(len(s.health))


class Roll(Task):
    """``dice`` dice read on the Adventuring Chart for ``purpose``."""

    __slots__ = ()
    CLAUSE, SHOWN = "§5.2", "roll"
    SAYS = "a roll read on the Adventuring Chart"
    WORDS = ("dice",)
    UNIQUE = False
    CODE, NODE, IN_TURN = T_ROLL, CHANCE, False
    FIELDS, RANGES = ("dice", "purpose"), ((0, MAX_DICE), (0, P_COMBO))

    @property
    def dice(self) -> int:
        """The dice rolled."""
        return self[2]

    @property
    def purpose(self) -> int:
        """P_ADVENTURE, P_QUEST, P_BATTLE, P_REROLLED or P_COMBO."""
        return self[3]

    def problem(self, s: DorasureState, i: int) -> str | None:
        return purpose_problem(s, self[3], self[1]) or read_later(s, i, self[3]) or _once(s, i)

    def outcomes(self, s: DorasureState) -> tuple[tuple[DorasureMove, Fraction], ...]:
        return score_roll(self[2])


def _once(s: DorasureState, i: int) -> str | None:
    """Each hero makes one roll for a reading (a reroll replaces it)."""
    return "two rolls of one hero for one reading" if _scan(s).again[i] else None


def purpose_problem(s: DorasureState, purpose: int, seat: int) -> str | None:
    """A roll (its spending, extra dice, rerolls) of the phase, by the hero who makes it:
    the hero in turn adventures and fights, a hero of the party rolls in a quest, and in a
    Team Combo a hero of the team or the one in turn (for the team, when he is out of it)."""
    battle = purpose in (P_BATTLE, P_REROLLED, P_COMBO)
    if battle != (s.phase == BATTLE):
        return "a roll of the other phase"
    if purpose == P_QUEST:
        return None if s.party >> seat & 1 else "a quest roll of a hero not in the quest"
    if purpose == P_COMBO and s.party >> seat & 1:
        return None
    return None if seat == s.turn else "a roll of a hero not in turn"


class Extra(Task):
    """The extra dice owed for 6s (``pending``), one at a time.

    ``before`` is kept for the Vampire's quest roll only: the quest's score before her roll,
    what is left of it if her own dice kill her and she is saved (she leaves the quest and
    her dice with her).
    """

    __slots__ = ()
    CLAUSE, SHOWN = "§5.2", "extra die"
    SAYS = "the extra die of a 6"
    WORDS = ("extra",)
    CODE, NODE, IN_TURN = T_EXTRA, CHANCE, False
    FIELDS, RANGES = ("purpose", "before"), ((0, P_REROLLED), (-MAX_SCORE, MAX_SCORE))

    @property
    def purpose(self) -> int:
        """The purpose of the roll whose 6s these are."""
        return self[2]

    @property
    def before(self) -> int:
        """The Vampire's quest roll: the quest's score before it (else 0)."""
        return self[3]

    def problem(self, s: DorasureState, i: int) -> str | None:
        if self[3] and (self[2] != P_QUEST or s.rules.heroes[self[1]] != VAMPIRE):
            return "a score kept before a roll only for the Vampire's quest roll"
        return purpose_problem(s, self[2], self[1]) or read_later(s, i, self[2])

    def outcomes(self, s: DorasureState) -> tuple[tuple[DorasureMove, Fraction], ...]:
        return EXTRA_DIE


class RevealQuest(Task):
    """A face-down quest tile on ``mountain`` is turned up (setup: the farthest one)."""

    __slots__ = ()
    CLAUSE, SHOWN = "§1.3", "quest tile"
    SAYS = "a quest tile being turned face up"
    WORDS = ("quest-tile",)
    CODE, NODE, FIELDS, RANGES = T_REVEAL_QUEST, CHANCE, ("mountain",), ((0, 4),)
    PHASES = (ADVENTURE,)

    @property
    def mountain(self) -> int:
        """The mountain (index in ``board.mountains``)."""
        return self[2]

    def problem(self, s: DorasureState, i: int) -> str | None:
        m = self[2]
        if s.quests[m] >= 0:
            return "only a face-down quest is revealed"
        board = s.rules.board
        far = board.farthest
        setup = s.quests[far] < 0 and s.renewed[far] != 1
        if m != far and (setup or m not in board.near_mountains[s.pos[self[1]]]):
            return "a quest is revealed at setup (the farthest) or next to the hero"
        return None

    def outcomes(self, s: DorasureState) -> tuple[tuple[DorasureMove, Fraction], ...]:
        """Uniform over the tiles neither on the board nor retired."""
        on_board = set(s.quests)
        return quest_draw(
            tuple(t for t in range(len(QUESTS)) if t not in on_board and t not in s.retired)
        )


class RevealReward(Task):
    """The reward tile under the quest just solved on ``mountain``."""

    __slots__ = ()
    CLAUSE, SHOWN = "§5.8", "reward tile"
    SAYS = "a reward tile being turned face up"
    WORDS = ("reward",)
    FRONT = True
    CODE, NODE, FIELDS, RANGES = T_REVEAL_REWARD, CHANCE, ("mountain",), ((0, 4),)
    PHASES = (ADVENTURE,)

    @property
    def mountain(self) -> int:
        """The mountain (index in ``board.mountains``)."""
        return self[2]

    def problem(self, s: DorasureState, i: int) -> str | None:
        m = self[2]
        if s.quests[m] < 0 or s.rewards[m] >= 0:
            return "a reward is revealed under a solved quest"
        return None

    def outcomes(self, s: DorasureState) -> tuple[tuple[DorasureMove, Fraction], ...]:
        """By the reward tiles of each kind not claimed yet."""
        return reward_draw(tuple(n - s.rewards.count(k) for k, (_, n) in enumerate(REWARDS)))


# -- decisions --------------------------------------------------------------------------------


class Ask(Task):
    """The questing hero may ask ``candidate`` to assist on ``mountain``."""

    __slots__ = ()
    CLAUSE, SHOWN = "§5.6", "asks for assistance"
    SAYS = "{hero} asks the heroes next to the quest to assist, or not"
    WORDS = ("ask", "skip")
    UNIQUE = False
    CODE, NODE, PHASES = T_ASK, DECISION, (ADVENTURE,)
    FIELDS, RANGES = ("candidate", "mountain"), ((0, 10), (0, 4))

    @property
    def candidate(self) -> int:
        """The seat of the hero asked."""
        return self[2]

    @property
    def mountain(self) -> int:
        """The quest's mountain."""
        return self[3]

    def problem(self, s: DorasureState, i: int) -> str | None:
        candidate, m = self[2], self[3]
        if candidate >= s.rules.seats or candidate == self[1] or not s.health[candidate]:
            return "assistance is asked of another living hero"
        return _mountain_up(s, m) or _quest_follows(s, i, m)

    def moves(self, s: DorasureState) -> tuple[DorasureMove, ...]:
        a = self[2]
        name = hero_token(s.rules.hero_name(a))
        return (move(M_ASK, a, 1, f"ask {name}"), move(M_ASK, a, 0, f"skip {name}"))


def _quest_follows(s: DorasureState, i: int, m: int) -> str | None:
    after = next_task(s, i)
    if after[0] not in (T_ASK, T_REPLY, T_QUEST_START) or (after[0] == T_REPLY and after[3] != m):
        return "assistance is asked as a quest begins"
    return None


class Reply(Task):
    """The hero in ``seat`` agrees to assist on ``mountain``, or refuses."""

    __slots__ = ()
    CLAUSE, SHOWN = "§5.6", "answers a call for assistance"
    SAYS = "a hero answers the call to assist ('agree' or 'refuse')"
    WORDS = ("agree", "refuse")
    FRONT = True
    CODE, NODE, PHASES, IN_TURN = T_REPLY, DECISION, (ADVENTURE,), False
    FIELDS, RANGES = ("mountain",), ((0, 4),)

    @property
    def mountain(self) -> int:
        """The quest's mountain."""
        return self[2]

    def problem(self, s: DorasureState, i: int) -> str | None:
        if self[1] == s.turn or not s.health[self[1]]:
            return "a living hero other than the questing one answers"
        return _mountain_up(s, self[2]) or _quest_follows(s, i, self[2])

    def moves(self, s: DorasureState) -> tuple[DorasureMove, ...]:
        return _REPLY


class Absorb(Task):
    """The hero in ``seat`` may pay some of ``damage`` with resources."""

    __slots__ = ()
    CLAUSE, SHOWN = "§6.1", "pays damage with resources?"
    SAYS = "{hero} decides how much damage to pay with resources"
    WORDS = ("absorb",)
    UNIQUE = False
    CODE, NODE, IN_TURN = T_ABSORB, DECISION, False
    FIELDS, RANGES = ("damage",), ((1, 99),)

    @property
    def damage(self) -> int:
        """The damage dealt."""
        return self[2]

    def problem(self, s: DorasureState, i: int) -> str | None:
        return deaths_later(s, i)

    def moves(self, s: DorasureState) -> tuple[DorasureMove, ...]:
        seat = self[1]
        return _ABSORB[: min(self[2], s.resource[seat] + s.gold[seat]) + 1]


def deaths_later(s: DorasureState, i: int) -> str | None:
    """Damage is dealt by a cause whose deaths are checked once it is paid."""
    if _scan(s).deaths_after[i]:
        return None
    return "damage with no check of the deaths after it"


class Spend(Task):
    """Resources for extra dice, then a roll of ``dice`` more for ``purpose``."""

    __slots__ = ()
    CLAUSE, SHOWN = "§6.1", "spends resources for dice"
    SAYS = "{hero} decides how many resources to spend on extra dice"
    WORDS = ("spend",)
    UNIQUE = False
    CODE, NODE, IN_TURN = T_SPEND, DECISION, False
    FIELDS, RANGES = ("purpose", "dice"), ((0, P_BATTLE), (0, MAX_DICE))

    @property
    def purpose(self) -> int:
        """P_ADVENTURE, P_QUEST or P_BATTLE."""
        return self[2]

    @property
    def dice(self) -> int:
        """The dice rolled before any are bought."""
        return self[3]

    def problem(self, s: DorasureState, i: int) -> str | None:
        seat = self[1]
        most = self[3] + s.resource[seat] + s.gold[seat] + _scan(s).added[i]
        if most > MAX_DICE:
            return f"a roll of more than {MAX_DICE} dice"
        return purpose_problem(s, self[2], self[1]) or read_later(s, i, self[2]) or _once(s, i)

    def moves(self, s: DorasureState) -> tuple[DorasureMove, ...]:
        seat = self[1]
        return _SPEND[: s.resource[seat] + s.gold[seat] + 1]


class Reroll(Task):
    """The Ninja may reroll his ``dice`` battle dice (Oboro-Gasumi)."""

    __slots__ = ()
    CLAUSE, SHOWN = "§8.1", "Oboro-Gasumi reroll?"
    SAYS = "the Ninja decides on Oboro-Gasumi ('reroll' or 'no-reroll')"
    WORDS = ("reroll", "no-reroll")
    CODE, NODE, PHASES, HERO = T_REROLL, DECISION, (BATTLE,), NINJA
    FIELDS, RANGES = ("dice",), ((0, MAX_DICE),)

    @property
    def dice(self) -> int:
        """The dice rerolled."""
        return self[2]

    def problem(self, s: DorasureState, i: int) -> str | None:
        return read_later(s, i, P_BATTLE)

    def moves(self, s: DorasureState) -> tuple[DorasureMove, ...]:
        return _REROLL


class Bullet(Task):
    """The Hunter may turn one die of his battle roll into a 6 (Poisoned Bullets)."""

    __slots__ = ()
    CLAUSE, SHOWN = "§8.2", "Poisoned Bullets?"
    SAYS = "the Hunter decides on a Poisoned Bullet"
    WORDS = ("bullet", "no-bullet")
    CODE, NODE, PHASES, HERO = T_BULLET, DECISION, (BATTLE,), HUNTER

    def problem(self, s: DorasureState, i: int) -> str | None:
        if s.spent >> self[1] & 1:
            return "the bullet is once per game"
        return read_later(s, i, P_BATTLE)

    def moves(self, s: DorasureState) -> tuple[DorasureMove, ...]:
        return (*(_BULLETS[i] for i in range(3) if s.roll[i]), _NO_BULLET)


# -- automatic steps --------------------------------------------------------------------------


class Deaths(Task):
    """Deaths are checked once after one cause of damage."""

    __slots__ = ()
    UNIQUE = False
    CODE, IN_TURN = T_DEATHS, False


class _QuestStep(Task):
    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ("mountain",)
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, 4),)
    PHASES = (ADVENTURE,)

    @property
    def mountain(self) -> int:
        """The quest's mountain."""
        return self[2]

    def problem(self, s: DorasureState, i: int) -> str | None:
        follows = {T_QUEST_START: T_QUEST_ROLLS, T_QUEST_ROLLS: T_QUEST_END}.get(self[0])
        if follows is not None and next_task(s, i) != (follows, self[1], self[2], 0):
            return "a quest starts, rolls and ends in this order"
        if self[0] != T_QUEST_END and (s.score or s.pending):
            return "a quest's rolls begin with a score of 0"
        return _mountain_up(s, self[2])


class QuestStart(_QuestStep):
    """The start-of-quest damage."""

    __slots__ = ()
    CODE = T_QUEST_START


class QuestRolls(_QuestStep):
    """Each participant spends resources and rolls."""

    __slots__ = ()
    CODE = T_QUEST_ROLLS


class QuestEnd(_QuestStep):
    """Success or failure.

    ``others`` is kept only while the Shaman's doll may still take the damage of the
    Vampire's quest roll (:func:`doll_may_take_quest_damage`): the quest's score without
    the Shaman's dice and the Vampire's, what is read if the Shaman dies of that damage and
    is saved (he leaves the quest and his dice with him).
    """

    __slots__ = ()
    CODE = T_QUEST_END
    FIELDS, RANGES = ("mountain", "others"), ((0, 4), (-MAX_SCORE, MAX_SCORE))

    @property
    def others(self) -> int:
        """The score without the Shaman's and the Vampire's dice (see above), else 0."""
        return self[3]

    def problem(self, s: DorasureState, i: int) -> str | None:
        if self[3] and not doll_may_take_quest_damage(s.rules, s.party, s.rewards, s.agenda[:i]):
            return "a score without the Shaman's dice is kept only while his doll may take damage"
        return super().problem(s, i)


def doll_may_take_quest_damage(
    rules: Rules, party: int, rewards: Sequence[int], ahead: Sequence[Task]
) -> bool:
    """Whether the Shaman's doll may still take damage of the Vampire's quest roll: both take
    part in the quest, the Treasure is found, and her roll is still to come or being read
    among the tasks ``ahead`` of the quest's reading."""
    shaman, vampire = rules.seat_of(SHAMAN), rules.seat_of(VAMPIRE)
    if shaman < 0 or vampire < 0 or TREASURE not in rewards:
        return False
    if not (party >> shaman & 1 and party >> vampire & 1):
        return False
    return any(t[1] == vampire and t[0] in (T_SPEND, T_ROLL, T_EXTRA) for t in ahead)


class AfterQuest(Task):
    """The battle starts when every quest is solved."""

    __slots__ = ()
    CODE, PHASES = T_AFTER_QUEST, (ADVENTURE,)


class AdventureEnd(Task):
    """The Adventuring Chart's result."""

    __slots__ = ()
    CODE, PHASES = T_ADVENTURE_END, (ADVENTURE,)


class EndTurn(Task):
    """The end of the turn; ``again`` marks the Werewolf's second battle turn."""

    __slots__ = ()
    CODE, FIELDS, RANGES = T_END_TURN, ("again",), ((0, 1),)

    @property
    def again(self) -> int:
        """1 in the Werewolf's second turn in a row."""
        return self[2]

    def problem(self, s: DorasureState, i: int) -> str | None:
        if i != len(s.agenda) - 1:
            return "the end of the turn is the agenda's last task"
        if self[2] and (s.phase != BATTLE or s.rules.heroes[self[1]] != WEREWOLF):
            return "only the Werewolf takes a second battle turn"
        return None


class Hardened(Task):
    """Battle Hardened: the Gladiator regains 1 health once her adventure on the plains has
    been read (and its damage dealt)."""

    __slots__ = ()
    CODE, PHASES, HERO = T_HARDENED, (ADVENTURE,), GLADIATOR

    def problem(self, s: DorasureState, i: int) -> str | None:
        return None if next_task(s, i)[0] == T_END_TURN else "Battle Hardened ends her adventure"
