"""§5.1-§5.5: the actions after moving (adventure, rest, gather information, quest, pass):
which a hero may choose (:func:`actions`) and what each does (``ACTIONS``); the choice
itself is the task ``Act`` of ``moving``, the turn's steps.

>>> from boardrules.dorasure import legal_moves, position
>>> s = position(["Ninja", "Hunter"], at={"Ninja": "f1"}, quests={"g0": "golem"}, step="act")
>>> [str(m) for m in legal_moves(s)]
['adventure', 'quest g0', 'pass']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardrules.dorasure._board import CITY, FOREST, PLAINS, VILLAGE
from boardrules.dorasure._fang import CARAVAN, MIRAGE, tile_at
from boardrules.dorasure._state import ADVENTURE_MOVE as _ADVENTURE
from boardrules.dorasure._state import (
    CAP,
    DANGER_FOREST,
    DANGER_PLAINS,
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
from boardrules.dorasure._state import PASS as _PASS
from boardrules.dorasure._state import REST as _REST
from boardrules.dorasure.tasks.heroes import roll_tasks
from boardrules.dorasure.tasks.quests import Ask, QuestEnd, QuestRolls, QuestStart, RevealQuest
from boardrules.dorasure.tasks.turn import AdventureEnd

if TYPE_CHECKING:
    from collections.abc import Callable

    from boardrules.dorasure._state import Work

__all__ = ["ACTIONS", "actions"]


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


#: What each action does, by its move's class (``moving.Act`` plays it).
ACTIONS: dict[type[Move], Callable[[Work, int, Move], None]] = {
    Adventure: _adventure,
    Rest: _rest,
    Gather: _gather,
    Quest: _quest,
    Pass: _pass,
}
