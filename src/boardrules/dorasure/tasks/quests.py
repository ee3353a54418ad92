"""§1.3 and §5.5-§5.8: the quests: a tile turned up, asking for assistance, the start damage,
the participants' rolls, success (the reward tile) or failure, and the battle once every
quest is solved.

A quest is three automatic steps on the agenda, in this order: ``QuestStart`` (the
start damage), ``QuestRolls`` (each participant spends and rolls) and
``QuestEnd`` (the reading)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from boardrules.dorasure import _heroes
from boardrules.dorasure._data import QUESTS, REWARDS
from boardrules.dorasure._dice import (
    quest_draw,
    reward_draw,
)
from boardrules.dorasure._state import (
    ADVENTURE,
    ATTRIBUTE,
    BOOK,
    CHANCE,
    DECISION,
    GRAND_MASTER,
    LAIR,
    P_QUEST,
    SAMURAI,
    Answer,
    AskHelp,
    Move,
    Purpose,
    QuestDraw,
    RewardDraw,
    Task,
    put,
)
from boardrules.dorasure.tasks._base import (
    MAX_SCORE,
    Automatic,
    QuestReading,
    doll_may_take_quest_damage,
    mountain_up,
    next_task,
)
from boardrules.dorasure.tasks.battle import BattleStart
from boardrules.dorasure.tasks.heroes import roll_tasks

if TYPE_CHECKING:
    from boardrules.dorasure._state import DorasureState, Work

__all__ = [
    "AfterQuest",
    "Ask",
    "QuestEnd",
    "QuestRolls",
    "QuestStart",
    "Reply",
    "RevealQuest",
    "RevealReward",
]

_REPLY = (Answer(True), Answer(False))


class _Reveal(Task):
    """A tile turned face up on ``mountain``: a quest tile or a reward tile."""

    __slots__ = ()
    #: The mountain (index in ``board.mountains``).
    mountain: int
    NODE: ClassVar[str] = CHANCE
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, 4),)
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)


class RevealQuest(_Reveal):
    """A face-down quest tile on ``mountain`` is turned up (setup: the farthest one)."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§1.3"
    SHOWN: ClassVar[str] = "quest tile"
    SAYS: ClassVar[str] = "a quest tile being turned face up"
    WORDS: ClassVar[tuple[str, ...]] = ("quest-tile",)

    def problem(self, s: DorasureState, i: int) -> str | None:
        m = self.mountain
        if s.quests[m] >= 0:
            return "only a face-down quest is revealed"
        board = s.rules.board
        far = board.farthest
        setup = s.quests[far] < 0 and s.renewed[far] != 1
        if m != far and (setup or m not in board.near_mountains[s.pos[self.seat]]):
            return "a quest is revealed at setup (the farthest) or next to the hero"
        return None

    def outcomes(self, s: DorasureState) -> tuple[tuple[Move, Fraction], ...]:
        """Uniform over the tiles neither on the board nor retired."""
        on_board = set(s.quests)
        return quest_draw(
            tuple(t for t in range(len(QUESTS)) if t not in on_board and t not in s.retired)
        )

    def play(self, w: Work, mv: Move) -> None:
        """A quest tile turned face up."""
        assert isinstance(mv, QuestDraw)
        w.quests = put(w.quests, self.mountain, mv.tile)


class RevealReward(_Reveal):
    """The reward tile under the quest just solved on ``mountain``."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§5.8"
    SHOWN: ClassVar[str] = "reward tile"
    SAYS: ClassVar[str] = "a reward tile being turned face up"
    WORDS: ClassVar[tuple[str, ...]] = ("reward",)
    FRONT: ClassVar[bool] = True

    def problem(self, s: DorasureState, i: int) -> str | None:
        m = self.mountain
        if s.quests[m] < 0 or s.rewards[m] >= 0:
            return "a reward is revealed under a solved quest"
        return None

    def outcomes(self, s: DorasureState) -> tuple[tuple[Move, Fraction], ...]:
        """By the reward tiles of each kind not claimed yet."""
        return reward_draw(tuple(n - s.rewards.count(k) for k, (_, n) in enumerate(REWARDS)))

    def play(self, w: Work, mv: Move) -> None:
        """Dragon's Lair: 1 damage, and the meter rises the first time only; Book of Dragons:
        1 XP for everyone; Weapons and Treasure take effect in phase two."""
        assert isinstance(mv, RewardDraw)
        seat, m, kind = self.seat, self.mountain, mv.reward
        first_lair = LAIR not in w.rewards
        w.rewards = put(w.rewards, m, kind)
        if kind == LAIR:
            w.wound_dragon(seat, 1)
            if first_lair:
                w.advance_meter(seat, 1)
        elif kind == BOOK:
            for p in range(len(w.xp)):
                w.gain_xp(p, 1)


class _Assistance(Task):
    """§5.6 A call for assistance as a quest begins: asked by the questing hero, answered by
    the hero asked."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§5.6"
    NODE: ClassVar[str] = DECISION
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)


class Ask(_Assistance):
    """The questing hero may ask ``candidate`` to assist on ``mountain``."""

    __slots__ = ()
    SHOWN: ClassVar[str] = "asks for assistance"
    SAYS: ClassVar[str] = "{hero} asks the heroes next to the quest to assist, or not"
    WORDS: ClassVar[tuple[str, ...]] = ("ask", "skip")
    UNIQUE: ClassVar[bool] = False
    #: The seat of the hero asked.
    candidate: int
    #: The quest's mountain.
    mountain: int
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, 10), (0, 4))

    def problem(self, s: DorasureState, i: int) -> str | None:
        candidate, m = self.candidate, self.mountain
        if candidate >= s.rules.seats or candidate == self.seat or not s.health[candidate]:
            return "assistance is asked of another living hero"
        return mountain_up(s, m) or _quest_follows(s, i, m)

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return s.rules.asks[self.candidate]

    def play(self, w: Work, mv: Move) -> None:
        """The questing hero asks a hero to assist (who then answers)."""
        assert isinstance(mv, AskHelp)
        if mv.asked:
            w.push(Reply(self.candidate, self.mountain))


def _quest_follows(s: DorasureState, i: int, m: int) -> str | None:
    # The calls, their answers and the quest's start are all pushed for one mountain.
    after = next_task(s, i)
    if not isinstance(after, (Ask, Reply, QuestStart)) or after.mountain != m:
        return "assistance is asked as a quest begins"
    return None


class Reply(_Assistance):
    """The hero in ``seat`` agrees to assist on ``mountain``, or refuses."""

    __slots__ = ()
    SHOWN: ClassVar[str] = "answers a call for assistance"
    SAYS: ClassVar[str] = "a hero answers the call to assist ('agree' or 'refuse')"
    WORDS: ClassVar[tuple[str, ...]] = ("agree", "refuse")
    FRONT: ClassVar[bool] = True
    IN_TURN: ClassVar[bool] = False
    #: The quest's mountain.
    mountain: int
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, 4),)

    def problem(self, s: DorasureState, i: int) -> str | None:
        if self.seat == s.turn or not s.health[self.seat]:
            return "a living hero other than the questing one answers"
        return mountain_up(s, self.mountain) or _quest_follows(s, i, self.mountain)

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return _REPLY

    def play(self, w: Work, mv: Move) -> None:
        """The hero asked agrees (joins the party) or refuses."""
        assert isinstance(mv, Answer)
        if mv.agree:
            w.party |= 1 << self.seat


class _QuestStep(Automatic):
    __slots__ = ()
    #: The quest's mountain.
    mountain: int
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, 4),)
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)

    def problem(self, s: DorasureState, i: int) -> str | None:
        follows = _FOLLOWS.get(type(self))
        if follows is not None and next_task(s, i) != follows(self.seat, self.mountain):
            return "a quest starts, rolls and ends in this order"
        if s.score or s.pending:
            return "a quest's rolls begin with a score of 0"
        return mountain_up(s, self.mountain)


class QuestStart(_QuestStep):
    """The start-of-quest damage."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§5.7"
    OPENS: ClassVar[bool] = True

    def run(self, w: Work) -> None:
        """The quest's start damage to every participant (Godspeed: not the Samurai)."""
        damage = w.rules.quests[w.quests[self.mountain]].start_damage
        if damage:
            members = [p for p in range(len(w.health)) if w.party >> p & 1 and w.hero(p) != SAMURAI]
            w.hurt(self.seat, [(p, damage) for p in members])


class QuestRolls(_QuestStep):
    """Each participant spends resources and rolls."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§5.5"
    OPENS: ClassVar[bool] = True

    def run(self, w: Work) -> None:
        """Each participant next to the mountain spends resources and rolls, the questing hero
        first."""
        seat, m = self.seat, self.mountain
        tile = w.rules.quests[w.quests[m]]
        near = w.rules.board.near_mountains
        order = [seat] + [p for p in range(len(w.health)) if p != seat]
        # A hero saved from the start damage has left the party (see survival); one not
        # saved has lost the game, so every member is alive.
        members = [p for p in order if w.party >> p & 1 and m in near[w.pos[p]]]
        if seat not in members:
            # The questing hero died as the quest began and was saved: the attempt ends before
            # any die is rolled (no flags; the rest of his turn is over, as the action is spent:
            # the quest's end goes, and the end of the turn, next, clears the party).
            w.todo.pop()
            return
        w.party = sum(1 << p for p in members)
        w.score = w.pending = 0
        column = ATTRIBUTE[tile.attribute]
        tasks = []
        for p in members:
            if w.hero(p) == SAMURAI:
                w.gain_resource(p, 1)  # Training: attempting or assisting a quest
            dice = _heroes.quest_dice(w, p, column, tile.magical)
            tasks += roll_tasks(w, p, P_QUEST, dice)
        w.push(*tasks)


class QuestEnd(QuestReading):
    """Success or failure.

    ``others`` is kept only while the Shaman's doll may still take the damage of the
    Vampire's quest roll (``doll_may_take_quest_damage``): the quest's score without
    the Shaman's dice and the Vampire's, what is read if the Shaman dies of that damage and
    is saved (he leaves the quest and his dice with him).
    """

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§5.5"
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, 4), (-MAX_SCORE, MAX_SCORE))
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)
    READS: ClassVar[bool] = True
    PURPOSES: ClassVar[tuple[Purpose, ...]] = (P_QUEST,)

    def top_line(self, w: Work) -> int:
        """The score still missing (flags count as successes)."""
        m = self.mountain
        return w.rules.quests[w.quests[m]].target - w.flags[m]

    def problem(self, s: DorasureState, i: int) -> str | None:
        if self.others and not doll_may_take_quest_damage(
            s.rules, s.party, s.rewards, s.agenda[:i]
        ):
            return "a score without the Shaman's dice is kept only while his doll may take damage"
        return mountain_up(s, self.mountain)

    def run(self, w: Work) -> None:
        """Reach the tile's score (flags count as successes) or suffer its failure effect."""
        seat, m = self.seat, self.mountain
        tile = w.rules.quests[w.quests[m]]
        # The heroes still taking part: one saved during the quest has left it (survival).
        members = [p for p in range(len(w.health)) if w.party >> p & 1]
        w.party = 0
        if w.score + w.flags[m] >= tile.target:
            _quest_solved(w, seat, m, members)
            return
        w.flags = put(w.flags, m, w.flags[m] + max(0, w.score))
        if seat not in members:
            # The questing hero died of her own quest die (Blood Magic) and was saved: the
            # failure effect does not touch her (no damage, no teleport, no labyrinth hold).
            return
        if tile.failure == "damage":
            w.hurt(seat, [(seat, tile.failure_damage)])
        elif tile.failure == "teleport":
            w.send_home(seat)
        elif tile.failure == "stay":
            w.locked = put(w.locked, seat, m)


def _quest_solved(w: Work, seat: int, m: int, members: list[int]) -> None:
    if members == [seat]:
        # The Grand Master gains only 1 EXP for a quest.
        w.gain_xp(seat, 1 if w.hero(seat) == GRAND_MASTER else 2)
    else:
        for p in members:
            w.gain_xp(p, 1)
    for p, lock in enumerate(w.locked):
        if lock == m:
            w.locked = put(w.locked, p, -1)
    if w.renewed[m] == 1:
        # Quest Replenishing: a replenished quest removes one scale, no claw effect.
        w.renewed = put(w.renewed, m, 2)
        w.wound_dragon(seat, 1)
        w.push(AfterQuest(seat))
    else:
        w.push(RevealReward(seat, m), AfterQuest(seat))


# The step each step of a quest is followed by (its end is followed by what comes next).
_FOLLOWS: dict[type[_QuestStep], type[Task]] = {QuestStart: QuestRolls, QuestRolls: QuestEnd}


class AfterQuest(Automatic):
    """The battle starts when every quest is solved."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§2.2"
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)

    def run(self, w: Work) -> None:
        """The battle starts when every quest is solved."""
        if w.phase == ADVENTURE and -1 not in w.rewards and 1 not in w.renewed:
            w.push(BattleStart(self.seat))
