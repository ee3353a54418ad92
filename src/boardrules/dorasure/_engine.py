"""Dorasure's rules engine: :func:`advance` applies a move and :func:`settle` runs the
automatic tasks, both by tables indexed by the task at the agenda's front.

:func:`advance` thaws a state into a :class:`Work`, hands the move to the effect of the task
at the front (``_ON_MOVE``), then :func:`settle` resolves automatic tasks (``_SETTLE``) until
the front is a decision or a chance node again, and the result is frozen.  The effects
themselves live by phase: :mod:`._adventure` (moving, actions, quests, the Roaming Dragon
Chart), ``tasks.battle`` (the Climactic Battle), :mod:`._reading` (rolls read on the
Adventuring Chart, in both phases) and :mod:`._heroes` (the expansion heroes).
"""

from __future__ import annotations

from collections.abc import Callable

from boardrules.dorasure import _adventure as adv
from boardrules.dorasure import _heroes, _reading
from boardrules.dorasure._state import (
    ADVENTURE,
    LOST,
    M_ABSORB,
    M_STEP,
    M_STOP,
    P_QUEST,
    T_ABSORB,
    T_ADVENTURE_END,
    T_AFTER_QUEST,
    T_ASK,
    T_BULLET,
    T_DEATHS,
    T_END_TURN,
    T_EXTRA,
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
    TASK_COUNT,
    WON,
    DorasureMove,
    DorasureState,
)
from boardrules.dorasure._tasks import (
    BATTLE_READINGS,
    RevealQuest,
    Roll,
    Survival,
    Task,
)
from boardrules.dorasure._work import Work
from boardrules.dorasure.tasks import battle as bat
from boardrules.dorasure.tasks._registry import TASK_TYPES
from boardrules.dorasure.tasks.fang import Land
from boardrules.dorasure.tasks.moving import quick_step

__all__ = ["advance", "reading_battle_roll", "settle", "start"]

OnMove = Callable[[Work, Task, DorasureMove], None]
Automatic = Callable[[Work, Task], None]


def start(w: Work) -> DorasureState:
    """Setup: the Fang land tiles are drawn, the quest on the mountain farthest from the
    City is turned face up, then the first hero's turn."""
    w.begin_turn(0)
    w.push(*[Land(0, k) for k in range(len(w.rules.fang))], RevealQuest(0, w.rules.board.farthest))
    settle(w)
    return w.freeze()


def advance(s: DorasureState, mv: DorasureMove) -> DorasureState:
    """The state after the legal move ``mv`` (already checked)."""
    if mv.kind == M_STEP or mv.kind == M_STOP:
        quick = quick_step(s, mv)
        if quick is not None:
            return quick
    w = Work(s)
    task = w.todo.pop()
    _ON_MOVE[task[0]](w, task, mv)
    settle(w)
    return w.freeze()


def settle(w: Work) -> None:
    """Run automatic tasks until a decision or chance node is at the front (or the end)."""
    todo = w.todo
    while w.phase < WON:
        task = todo[-1]
        code = task[0]
        if code in _NODES or _SETTLE[code](w, task):  # a roll or decision waits at once
            return
    todo.clear()


# -- automatic tasks --------------------------------------------------------------------------


def _deaths(w: Work, task: Task) -> None:
    if w.phase == ADVENTURE:
        if 0 in w.health:
            w.push(Survival(task.seat))
    elif not w.living() and not reading_battle_roll(w.todo):
        w.phase = LOST


def reading_battle_roll(tasks: list[Task] | tuple[Task, ...]) -> bool:
    """Whether a battle roll is still to be read: a last hero killed by his own roll (the
    Vampire's Blood Magic) dies with it, so the dragon may still die at the same time."""
    return any(t[0] in BATTLE_READINGS for t in tasks)


def _end_turn(w: Work, task: Task) -> None:
    w.dice = ()
    w.party = 0
    if w.phase == ADVENTURE:
        adv.end_adventure_turn(w, task.seat)
    else:
        bat.end_battle_turn(w, task.seat, task[2])


_AUTOMATIC: dict[int, Automatic] = {
    T_DEATHS: _deaths,
    T_QUEST_START: adv.quest_start,
    T_QUEST_ROLLS: adv.quest_rolls,
    T_QUEST_END: adv.quest_end,
    T_AFTER_QUEST: adv.after_quest,
    T_ADVENTURE_END: adv.adventure_end,
    T_END_TURN: _end_turn,
    T_HARDENED: adv.battle_hardened,
}


# -- what settle does with the task at the front: True if it waits for a move -----------------


def _waits(w: Work, task: Task) -> bool:
    return True


def _extra_owed(w: Work, task: Task) -> bool:
    if w.pending:
        return True
    w.todo.pop()
    if task[2] == P_QUEST:
        _heroes.forget_others(w)  # the Vampire's quest roll read: no doll can take its damage
    return False


def _absorb_offered(w: Work, task: Task) -> bool:
    """Damage waits for the choice of how much to pay only if the hero can pay some."""
    seat = task.seat
    if w.health[seat] > 0 and w.resource[seat] + w.gold[seat] > 0:
        return True
    w.todo.pop()
    w.health[seat] = max(0, w.health[seat] - task[2])
    return False


def _spend_offered(w: Work, task: Task) -> bool:
    seat = task.seat
    if w.resource[seat] + w.gold[seat] > 0:
        return True
    w.todo[-1] = Roll(seat, task[3], task[2])
    return False


def _dice_to_roll(w: Work, task: Task) -> bool:
    if task[2] > 0:
        return True
    w.todo.pop()
    if task[3] == P_QUEST:
        _heroes.forget_others(w)  # no dice: the Vampire's quest roll is read at once
    return False


def _task_waits(w: Work, task: Task) -> bool:
    return task.waits(w)


def _automatic(effect: Automatic) -> Callable[[Work, Task], bool]:
    def run(w: Work, task: Task) -> bool:
        w.todo.pop()
        effect(w, task)
        return False

    return run


_SPECIAL_SETTLE: dict[int, Callable[[Work, Task], bool]] = {
    T_EXTRA: _extra_owed,
    T_ABSORB: _absorb_offered,
    T_SPEND: _spend_offered,
    T_ROLL: _dice_to_roll,
    **{code: _automatic(effect) for code, effect in _AUTOMATIC.items()},
}
_SETTLE: tuple[Callable[[Work, Task], bool], ...] = tuple(
    _SPECIAL_SETTLE.get(code, _waits if cls.waits is Task.waits else _task_waits)
    for code, cls in enumerate(TASK_TYPES)
)
#: The tasks that always wait for a move at the front (the common case, tested first).
_NODES = frozenset(code for code in range(TASK_COUNT) if _SETTLE[code] is _waits)


# -- the effect of a move at each kind of task ------------------------------------------------


def _absorbed(w: Work, task: Task, mv: DorasureMove) -> None:
    """The hero pays ``mv.a`` of the damage with resources and takes the rest."""
    if mv.kind == M_ABSORB:
        seat = task.seat
        w.pay(seat, mv.a)
        w.health[seat] = max(0, w.health[seat] - (task[2] - mv.a))


_BASE_MOVES: dict[int, OnMove] = {
    T_SURVIVAL: adv.survival,
    T_ROLL: _reading.rolled,
    T_EXTRA: _reading.extra_die,
    T_REVEAL_QUEST: adv.revealed,
    T_REVEAL_REWARD: adv.reward,
    T_ASK: adv.asked,
    T_REPLY: adv.replied,
    T_ABSORB: _absorbed,
    T_SPEND: _reading.spent,
    T_REROLL: _reading.rerolled,
    T_BULLET: _reading.bullet,
}


def _task_plays(w: Work, task: Task, mv: DorasureMove) -> None:
    task.play(w, mv)


_ON_MOVE: tuple[OnMove, ...] = tuple(
    _BASE_MOVES.get(code, _task_plays) for code in range(TASK_COUNT)
)
