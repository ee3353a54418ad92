"""The helpers every kind of task shares: the rules of where a task may stand that read the
rest of the agenda (one scan of it), the purpose of a roll, and :class:`Automatic`, the
base of the tasks carried out as soon as they reach the agenda's front."""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardrules.dorasure._state import (
    BATTLE,
    MAX_DICE,
    P_BATTLE,
    P_COMBO,
    P_QUEST,
    P_REROLLED,
    SHAMAN,
    TREASURE,
    VAMPIRE,
    Task,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from boardrules.dorasure._state import DorasureState, Rules, Work

__all__ = [
    "MAX_DICE",
    "MAX_SCORE",
    "Automatic",
    "QuestReading",
    "deaths_later",
    "doll_may_take_quest_damage",
    "mountain_up",
    "next_task",
    "once",
    "purpose_problem",
    "read_later",
    "reading_battle_roll",
    "scan",
]

#: The largest running score a state may store, either way.
MAX_SCORE = MAX_DICE * 4


def next_task(s: DorasureState, i: int) -> Task:
    """The task after index ``i``.  The laws of the tasks are read once the agenda is known
    to end with the end of the turn, whose own law asks for no task after it."""
    return s.agenda[i + 1]


#: The purposes of a battle roll (a Team Combo's included).
_BATTLE_PURPOSES = frozenset((P_BATTLE, P_REROLLED, P_COMBO))


class _Scan:
    """What the rules of the tasks read about the rest of an agenda, found in one pass each
    way, so that checking a whole agenda takes time linear in its length: per index, the
    reading that comes next (None: an opener or the end comes first), whether a deaths check
    comes later, and the dice that the tasks before it add to that seat's roll (the
    Minstrel's Heroic Tune, the Samurai's Gust)."""

    __slots__ = ("added", "again", "deaths_after", "reading_after", "state")

    def __init__(self, s: DorasureState) -> None:
        agenda = s.agenda
        self.state = s  # kept, so that its id is not reused while the scan is
        # Backwards from the agenda's last task, the end of the turn (an opener, checked
        # before any task's rule): an entry for every task before it.
        self.reading_after: dict[int, Task | None] = {}
        self.deaths_after: dict[int, bool] = {}
        ends: dict[int, int] = {}  # where the reading (or opener) after each task stands
        reading: Task | None = None
        deaths, end = False, len(agenda) - 1
        for i in reversed(range(end)):
            self.reading_after[i], self.deaths_after[i], ends[i] = reading, deaths, end
            task = agenda[i]
            if task.READS:
                reading, end = task, i
            elif task.OPENS:
                reading, end = None, i
            deaths = deaths or task.CHECKS_DEATHS
        #: per task of a seat in the game, the dice the tasks before it add to that seat's roll
        self.added: dict[int, int] = {}
        #: per roll (or its spending), whether one of the same hero comes earlier for its reading
        self.again: dict[int, bool] = {}
        rolled: set[tuple[int, int]] = set()
        heroes = range(s.rules.seats)
        more = [0] * len(heroes)
        for i, task in enumerate(agenda):
            seat = task.seat
            if seat in heroes:  # a task of no seat is refused on its own
                if task.ROLLS:
                    self.again[i] = (ends[i], seat) in rolled
                    rolled.add((ends[i], seat))
                self.added[i] = more[seat]
                ally, dice = task.adds(s.resource)
                if ally in heroes:
                    more[ally] += dice


# The scan of the state whose agenda was last checked (its tasks are checked one after
# another; a state is immutable, so its scan holds as long as the state is the same object).


_LAST_SCAN: list[_Scan | None] = [None]


def scan(s: DorasureState) -> _Scan:
    found = _LAST_SCAN[0]
    if found is None or found.state is not s:
        found = _LAST_SCAN[0] = _Scan(s)
    return found


def read_later(s: DorasureState, i: int, purpose: int) -> str | None:
    """A roll (or its spending, extra dice, rerolls) is read by the next reading after it."""
    reading = scan(s).reading_after[i]
    if reading is None:
        return "a roll with no reading after it"
    return None if purpose in reading.PURPOSES else "a roll read by another chart"


def mountain_up(s: DorasureState, m: int) -> str | None:
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


class QuestReading(Automatic):
    """The reading of a quest's rolls, as the rules of damage and of the heroes read it (its
    one kind, ``tasks.quests.QuestEnd``, builds on those rules)."""

    __slots__ = ()
    #: The quest's mountain.
    mountain: int
    #: The score without the Shaman's and the Vampire's dice (see ``QuestEnd``), else 0.
    others: int


def once(s: DorasureState, i: int) -> str | None:
    """Each hero makes one roll for a reading (a reroll replaces it)."""
    return "two rolls of one hero for one reading" if scan(s).again[i] else None


def purpose_problem(s: DorasureState, purpose: int, seat: int) -> str | None:
    """A roll (its spending, extra dice, rerolls) of the phase, by the hero who makes it:
    the hero in turn adventures and fights, a hero of the party rolls in a quest, and in a
    Team Combo a hero of the team or the one in turn (for the team, when he is out of it)."""
    battle = purpose in _BATTLE_PURPOSES
    if battle != (s.phase == BATTLE):
        return "a roll of the other phase"
    if purpose == P_QUEST:
        return None if s.party >> seat & 1 else "a quest roll of a hero not in the quest"
    if purpose == P_COMBO and s.party >> seat & 1:
        return None
    return None if seat == s.turn else "a roll of a hero not in turn"


def deaths_later(s: DorasureState, i: int) -> str | None:
    """Damage is dealt by a cause whose deaths are checked once it is paid."""
    if scan(s).deaths_after[i]:
        return None
    return "damage with no check of the deaths after it"


def doll_may_take_quest_damage(
    rules: Rules, party: int, rewards: Sequence[int], ahead: Sequence[Task]
) -> bool:
    """Whether the Shaman's doll may still take damage of the Vampire's quest roll: both take
    part in the quest, the Treasure is found, and her roll is still to come or being read
    among the tasks ``ahead`` of the quest's reading."""
    heroes = rules.heroes
    if SHAMAN not in heroes or VAMPIRE not in heroes or TREASURE not in rewards:
        return False
    shaman, vampire = heroes.index(SHAMAN), heroes.index(VAMPIRE)
    if not (party >> shaman & 1 and party >> vampire & 1):
        return False
    return any(t.seat == vampire and (t.ROLLS or t.EXTRA_DICE) for t in ahead)


def reading_battle_roll(tasks: list[Task] | tuple[Task, ...]) -> bool:
    """Whether a battle roll is still to be read: a last hero killed by his own roll (the
    Vampire's Blood Magic) dies with it, so the dragon may still die at the same time."""
    return any(not _BATTLE_PURPOSES.isdisjoint(t.PURPOSES) for t in tasks)
