"""The registry of the agenda's tasks: every kind's class, in the order of its JSON code.

The JSON code of a kind of task is the index of its class here (the order of
``TASK_KINDS``, the JSON format's); the encoder writes a task as ``[code, seat, a, b]`` and
the decoder reads it back with :func:`task_from_row`, then checks where it stands with
:func:`task_problem`.

>>> from boardrules.dorasure.tasks._registry import task_from_row
>>> task_from_row([27, 1, 0, 0])
EndTurn(seat=1, again=0)
"""

from __future__ import annotations

from boardrules.dorasure._state import (
    STEP,
    TASK_COUNT,
    TASK_KINDS,
    DorasureState,
    Purpose,
    Task,
)
from boardrules.dorasure.tasks import (
    battle,
    damage,
    dragon,
    expansions,
    fang,
    heroes,
    moving,
    quests,
    rolls,
    turn,
)
from boardrules.dorasure.tasks._base import Automatic

__all__ = ["TASK_TYPES", "task_from_row", "task_problem"]

#: The task class of each code, in the order of the JSON codes (the names in ``TASK_KINDS``).
TASK_TYPES: tuple[type[Task], ...] = (
    moving.MoveRoll,
    dragon.Rampage,
    dragon.Pick,
    damage.Survival,
    rolls.Roll,
    rolls.Extra,
    quests.RevealQuest,
    quests.RevealReward,
    battle.Claw,
    moving.Faith,
    moving.Steps,
    moving.Act,
    quests.Ask,
    quests.Reply,
    damage.Absorb,
    rolls.Spend,
    rolls.Reroll,
    rolls.Bullet,
    battle.Shield,
    damage.Deaths,
    quests.QuestStart,
    quests.QuestRolls,
    quests.QuestEnd,
    quests.AfterQuest,
    turn.AdventureEnd,
    battle.BattleEnd,
    battle.ComboEnd,
    turn.EndTurn,
    battle.BattleStart,
    heroes.Gust,
    heroes.Doll,
    heroes.Tune,
    heroes.Lullaby,
    heroes.BigBang,
    heroes.Kiss,
    heroes.Gauntlets,
    rolls.MasterReroll,
    heroes.Elixir,
    expansions.Special,
    fang.Land,
    expansions.Replenish,
    turn.Hardened,
)
assert tuple(cls.__name__ for cls in TASK_TYPES) == TASK_KINDS
assert all(code == cls.CODE for code, cls in enumerate(TASK_TYPES))
# A reading reads the rolls of some purposes; the turn ends with the one task that ends it.
assert all(bool(cls.PURPOSES) == cls.READS for cls in TASK_TYPES)
assert [cls for cls in TASK_TYPES if cls.ENDS_TURN] == [turn.EndTurn]
# An automatic step never waits at the front: it runs as it gets there.
assert all(issubclass(cls, Automatic) for cls in TASK_TYPES if cls.NODE == STEP)


#: The kinds whose ``a`` (0) or ``b`` (1) is a roll's :class:`Purpose`, read as one.
_PURPOSE_AT = {cls: cls.FIELDS.index("purpose") for cls in TASK_TYPES if "purpose" in cls.FIELDS}


def task_from_row(row: list[int] | tuple[int, ...]) -> Task:
    """The task a JSON row ``[code, seat, a, b]`` stands for (ValueError if no kind has that
    code or it sets an argument its kind does not have); a purpose is read as its
    :class:`Purpose` (one out of range as it is, for :func:`task_problem` to refuse)."""
    code, seat, a, b = row
    if not 0 <= code < TASK_COUNT:
        raise ValueError(f"no task has the code {code}")
    cls = TASK_TYPES[code]
    if (a, b)[len(cls.FIELDS) :] != (0, 0)[len(cls.FIELDS) :]:
        raise ValueError(f"{cls.__name__} has no argument beyond {cls.FIELDS}")
    at = _PURPOSE_AT.get(cls)
    if at == 0 and a in _PURPOSES:
        a = Purpose(a)
    elif at == 1 and b in _PURPOSES:
        b = Purpose(b)
    return cls(seat, a, b)


_PURPOSES = frozenset(Purpose)


def task_problem(s: DorasureState, i: int) -> str | None:
    """Why the task at index ``i`` of ``s``'s agenda cannot be there (None: it can)."""
    task = s.agenda[i]
    cls = type(task)
    seat = task.seat
    rules = s.rules
    if not 0 <= seat < rules.seats:
        return "a task of a seat not in the game"
    for value, (low, high) in zip(task[2:], cls.RANGES, strict=False):
        if not low <= value <= high:
            return f"{cls.__name__}: an argument out of {low}..{high}"
    if s.phase not in cls.PHASES:
        return f"{cls.__name__} in the other phase"
    if cls.HERO >= 0 and rules.heroes[seat] != cls.HERO:
        return f"{cls.__name__}: an ability of another hero"
    if cls.IN_TURN and seat != s.turn:
        return f"{cls.__name__}: a task of a hero not in turn"
    if cls.FRONT and i:
        return f"{cls.__name__} is played as soon as it is due: only at the front"
    return task.problem(s, i)
