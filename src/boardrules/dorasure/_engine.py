"""Dorasure's rules engine: :func:`advance` applies a move and :func:`settle` runs the
automatic tasks, each by asking the task at the agenda's front.

:func:`advance` thaws a state into a working copy
(:class:`~boardrules.dorasure._work.Thawed`), hands the move to the task at the front
(:meth:`~boardrules.dorasure._state.Task.play`), then :func:`settle` asks the task at the
front whether it waits for a move or a roll (:meth:`~boardrules.dorasure._state.Task.waits`;
an automatic task runs and leaves) until one does, and the result is frozen.  The tasks are
filed by the section of the Rules they implement, in ``tasks/``.
"""

from __future__ import annotations

from boardrules.dorasure._state import WON, DorasureState, Move, Task
from boardrules.dorasure._work import Thawed
from boardrules.dorasure.tasks._base import reading_battle_roll
from boardrules.dorasure.tasks._registry import TASK_TYPES
from boardrules.dorasure.tasks.fang import Land
from boardrules.dorasure.tasks.quests import RevealQuest

__all__ = ["advance", "reading_battle_roll", "settle", "start"]

#: The kinds of task that always wait for a move at the front (the common case, tested
#: first, without a call).
_WAITING = frozenset(cls for cls in TASK_TYPES if cls.waits is Task.waits)


def start(w: Thawed) -> DorasureState:
    """Setup: the Fang land tiles are drawn, the quest on the mountain farthest from the
    City is turned face up, then the first hero's turn."""
    w.begin_turn(0)
    w.push(*[Land(0, k) for k in range(len(w.rules.fang))], RevealQuest(0, w.rules.board.farthest))
    settle(w)
    return w.freeze()


def advance(s: DorasureState, mv: Move) -> DorasureState:
    """The state after the legal move ``mv`` (already checked)."""
    task = s.agenda[0]
    if task.QUICK:
        quick = task.quick(s, mv)
        if quick is not None:
            return quick
    w = Thawed(s)
    w.todo.pop().play(w, mv)
    settle(w)
    return w.freeze()


def settle(w: Thawed) -> None:
    """Run automatic tasks until a decision or chance node is at the front (or the end)."""
    todo = w.todo
    while w.phase < WON:
        task = todo[-1]
        if type(task) in _WAITING or task.waits(w):  # a roll or decision waits at once
            return
    todo.clear()
