"""§5.1-§5.5: the action after moving (adventure, rest, gather information, quest, pass).

>>> from boardrules.dorasure import legal_moves, position
>>> s = position(["Ninja", "Hunter"], at={"Ninja": "f1"}, quests={"g0": "golem"}, step="act")
>>> [str(m) for m in legal_moves(s)]
['adventure', 'quest g0', 'pass']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from boardrules.dorasure._board import CITY, FOREST, PLAINS, VILLAGE
from boardrules.dorasure._fang import CARAVAN, MIRAGE, tile_at
from boardrules.dorasure._state import (
    ADVENTURE,
    CAP,
    DANGER_FOREST,
    DANGER_PLAINS,
    DECISION,
    GRAND_MASTER,
    HUNTER,
    LAND,
    P_ADVENTURE,
    SHAMAN,
    VAMPIRE,
    Adventure,
    DorasureState,
    Gather,
    Move,
    Pass,
    Quest,
    Rest,
    Task,
    effective_terrain,
)
from boardrules.dorasure._state import ADVENTURE_MOVE as _ADVENTURE
from boardrules.dorasure._state import PASS as _PASS
from boardrules.dorasure._state import REST as _REST
from boardrules.dorasure.tasks._base import next_task
from boardrules.dorasure.tasks.heroes import roll_tasks
from boardrules.dorasure.tasks.quests import Ask, QuestEnd, QuestRolls, QuestStart, RevealQuest
from boardrules.dorasure.tasks.turn import AdventureEnd, EndTurn, quick_end_of_turn

if TYPE_CHECKING:
    from collections.abc import Callable

    from boardrules.dorasure._work import Work

__all__ = ["Act", "actions"]


class Act(Task):
    """§5.1 The action after moving: adventure (plains, forest), rest (City, village), gather
    information or quest next to a mountain, or pass."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§5.1"
    SHOWN: ClassVar[str] = "chooses an action"
    SAYS: ClassVar[str] = "{hero} chooses the action after moving"
    WORDS: ClassVar[tuple[str, ...]] = ("adventure", "rest", "gather", "quest", "pass")
    NODE: ClassVar[str] = DECISION
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)
    OPENS: ClassVar[bool] = True

    def problem(self, s: DorasureState, i: int) -> str | None:
        return None if isinstance(next_task(s, i), EndTurn) else "the action ends the turn"

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return actions(s, self.seat)

    QUICK: ClassVar[bool] = True

    def quick(self, s: DorasureState, mv: Move) -> DorasureState | None:
        """A pass, the commonest action, ends the turn: made without a working copy when
        nothing is to do at the turn's end or the next one's start."""
        return quick_end_of_turn(s, self.seat) if mv is _PASS else None

    def play(self, w: Work, mv: Move) -> None:
        _ACTIONS[type(mv)](w, self.seat, mv)


def actions(s: DorasureState, seat: int) -> tuple[Move, ...]:
    """Adventure (plains, forest), rest (City, village), gather information or do a quest
    at an adjacent mountain, or pass; a hero caught in the labyrinth must retry it."""
    rules = s.rules
    here = s.pos[seat]
    lock = s.locked[seat]
    if lock >= 0:
        return (rules.quest_moves[lock],)
    terrain = effective_terrain(rules, s.razed, here)
    out: list[Move] = []
    hero = rules.heroes[seat]
    if terrain == LAND:
        tile = tile_at(s, here)
        if tile == MIRAGE:
            # A fake city: no healing; every hero but the Grand Master must adventure.
            if hero != GRAND_MASTER:
                return (_ADVENTURE,)
            out.append(_ADVENTURE)
        elif tile == CARAVAN:
            out.append(_REST)
    if terrain in (PLAINS, FOREST):
        out.append(_ADVENTURE)
    if terrain == VILLAGE or (terrain == CITY and hero != SHAMAN):  # Hatred for Humans
        out.append(_REST)
    _at_mountains(s, here, out)
    out.append(_PASS)
    return tuple(out)


def _at_mountains(s: DorasureState, here: int, out: list[Move]) -> None:
    """Gather information at each adjacent mountain whose quest is face down, or do its
    quest if it is face up (an open quest only)."""
    rules = s.rules
    for m in rules.board.near_mountains[here]:
        if not s.open_quest(m):
            continue
        out.append(rules.gathers[m] if s.quests[m] < 0 else rules.quest_moves[m])


def _adventure(w: Work, seat: int, mv: Move) -> None:
    terrain = w.rules.terrain[w.pos[seat]]  # razed Belk, a road, is no place to adventure
    w.score = w.pending = 0
    # The Mirage City (Fang) is adventured with the white (plains) Danger value.
    column = DANGER_FOREST if terrain == FOREST else DANGER_PLAINS
    w.push(*roll_tasks(w, seat, P_ADVENTURE, w.stat(seat, column)), AdventureEnd(seat))


def _rest(w: Work, seat: int, mv: Move) -> None:
    terrain = w.rules.terrain[w.pos[seat]]  # razed Belk, a road, is no place to rest
    w.heal(seat, 2 if terrain in (CITY, VILLAGE) else 1)  # the Caravan heals 1
    if w.hero(seat) == HUNTER and terrain in (CITY, VILLAGE):
        w.resource[seat] = w.stat(seat, CAP)
    elif w.hero(seat) == VAMPIRE and terrain in (CITY, VILLAGE):
        w.gain_resource(seat, 2 if terrain == CITY else 1)


def _gather(w: Work, seat: int, mv: Move) -> None:
    assert isinstance(mv, Gather)
    w.push(RevealQuest(seat, mv.mountain))


def _quest(w: Work, seat: int, mv: Move) -> None:
    assert isinstance(mv, Quest)
    m = mv.mountain
    w.party = 1 << seat
    tasks: list[Task] = []
    if not w.rules.quests[w.quests[m]].alone:
        near = w.rules.board.near_mountains
        tasks = [
            Ask(seat, p, m)
            for p in range(len(w.health))
            if p != seat and m in near[w.pos[p]]  # all live while one acts
        ]
    w.push(*tasks, QuestStart(seat, m), QuestRolls(seat, m), QuestEnd(seat, m))


def _pass(w: Work, seat: int, mv: Move) -> None:
    return


_ACTIONS: dict[type[Move], Callable[[Work, int, Move], None]] = {
    Adventure: _adventure,
    Rest: _rest,
    Gather: _gather,
    Quest: _quest,
    Pass: _pass,
}
