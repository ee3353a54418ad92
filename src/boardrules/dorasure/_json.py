"""JSON encoding of Dorasure states, and the checks every decoded or built state passes.

>>> from boardrules.dorasure import encode
>>> from boardrules.dorasure import options_of
>>> from boardrules.dorasure import decode
>>> from boardrules.dorasure import new_game
>>> s = new_game(players=2)
>>> decode(options_of(s), encode(s)) == s
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardrules.dorasure._check import MAX_AGENDA, MAX_DICE, check_state
from boardrules.dorasure._data import QUESTS
from boardrules.dorasure._fang import LAND_SLUGS
from boardrules.dorasure._setup import options_of, rules_for
from boardrules.dorasure._state import (
    PHASE_NAMES,
    REWARD_SLUGS,
    DorasureState,
    Rules,
    Task,
)
from boardrules.dorasure.tasks._registry import task_from_row
from boardrules.errors import BoardrulesError, StateFormatError

__all__ = ["check_state", "decode", "encode", "options_of"]

_SLUGS = tuple(q.slug for q in QUESTS)


def encode(s: DorasureState) -> dict[str, Any]:
    """The state as a JSON-ready object (spaces, quests and rewards by name)."""
    board = s.rules.board
    body = {
        "phase": PHASE_NAMES[s.phase],
        "turn": s.turn,
        "pos": [board.names[p] for p in s.pos],
        "health": list(s.health),
        "resource": list(s.resource),
        "gold": list(s.gold),
        "xp": list(s.xp),
        "locked": list(s.locked),
        "spent": s.spent,
        "meter": s.meter,
        "wounds": s.wounds,
        "razed": s.razed,
        "quests": [_SLUGS[q] if q >= 0 else None for q in s.quests],
        "flags": list(s.flags),
        "rewards": [REWARD_SLUGS[r] if r >= 0 else None for r in s.rewards],
        "dice": list(s.dice),
        "party": s.party,
        "score": s.score,
        "pending": s.pending,
        "roll": list(s.roll),
        "agenda": [[int(v) for v in t] for t in s.agenda],  # a Purpose as its number
    }
    if s.rules.fang:
        body["lands"] = [LAND_SLUGS[t] if t >= 0 else None for t in s.lands]
    if s.rules.crowd:
        body["renewed"] = list(s.renewed)
        body["retired"] = [_SLUGS[q] for q in s.retired]
    return body


def _int(body: dict[str, Any], key: str, low: int, high: int) -> int:
    value = body.get(key)
    if type(value) is not int or not low <= value <= high:
        raise StateFormatError(f"field {key!r} must be an integer in {low}..{high}")
    return value


def _ints(
    body: dict[str, Any], key: str, size: int | None, low: int, high: int, most: int = 0
) -> tuple[int, ...]:
    value = body.get(key)
    if isinstance(value, list) and most and len(value) > most:
        raise StateFormatError(f"field {key!r} must be a list of at most {most} integers")
    if (
        not isinstance(value, list)
        or (size is not None and len(value) != size)
        or not all(type(v) is int and low <= v <= high for v in value)
    ):
        length = f"{size} " if size is not None else ""
        raise StateFormatError(f"field {key!r} must be a list of {length}integers in {low}..{high}")
    return tuple(value)


def _names(body: dict[str, Any], key: str, choices: tuple[str, ...], size: int) -> list[int]:
    value = body.get(key)
    if not isinstance(value, list) or len(value) != size:
        raise StateFormatError(f"field {key!r} must be a list of {size} names or nulls")
    out = []
    for v in value:
        if v is None:
            out.append(-1)
        elif isinstance(v, str) and v in choices:
            out.append(choices.index(v))
        else:
            raise StateFormatError(f"field {key!r}: {v!r} is not one of {', '.join(choices)}")
    return out


def decode(options: dict[str, Any], body: dict[str, Any]) -> DorasureState:
    """The state described by ``encode``'s object, checked field by field."""
    try:
        rules = rules_for(**options)
    except BoardrulesError as e:
        raise StateFormatError(f"options: {e}") from None
    if not isinstance(body, dict):
        raise StateFormatError("the state must be a JSON object")
    n = rules.seats
    board = rules.board
    phase = body.get("phase")
    if phase not in PHASE_NAMES:
        raise StateFormatError(f"field 'phase' must be one of {', '.join(PHASE_NAMES)}")
    pos_names = _pos(body, n, board.index)
    agenda_tasks = _agenda(body)
    lands, renewed, retired = _expansions(body, rules)
    razed = body.get("razed")
    if type(razed) is not bool:
        raise StateFormatError("field 'razed' must be true or false")
    s = DorasureState(
        rules=rules,
        phase=PHASE_NAMES.index(phase),
        turn=_int(body, "turn", 0, n - 1),
        pos=tuple(board.index[p] for p in pos_names),
        health=_ints(body, "health", n, 0, 99),
        resource=_ints(body, "resource", n, 0, 99),
        gold=_ints(body, "gold", n, 0, 99),
        xp=_ints(body, "xp", n, 0, rules.tracks.xp_max),
        locked=_ints(body, "locked", n, -1, 4),
        spent=_int(body, "spent", 0, (1 << (n + 1)) - 1),
        meter=_int(body, "meter", 0, rules.tracks.meter_end),
        wounds=_int(body, "wounds", 0, rules.tracks.health),
        razed=razed,
        quests=tuple(_names(body, "quests", _SLUGS, 5)),
        flags=_ints(body, "flags", 5, 0, 99),
        rewards=tuple(_names(body, "rewards", REWARD_SLUGS, 5)),
        dice=_ints(body, "dice", None, 1, 6, most=6),
        party=_int(body, "party", 0, (1 << n) - 1),
        score=_int(body, "score", -MAX_DICE * 4, MAX_DICE * 4),
        pending=_int(body, "pending", 0, MAX_DICE + 1),  # a 6 each, and a Poisoned Bullet
        roll=_ints(body, "roll", 4, 0, MAX_DICE),
        agenda=agenda_tasks,
        lands=lands,
        renewed=renewed,
        retired=retired,
    )
    return check_state(s)


def _pos(body: dict[str, Any], n: int, index: Mapping[str, int]) -> list[str]:
    pos_names = body.get("pos")
    if (
        not isinstance(pos_names, list)
        or len(pos_names) != n
        or not all(isinstance(p, str) and p in index for p in pos_names)
    ):
        raise StateFormatError(f"field 'pos' must list {n} space names")
    return pos_names


def _agenda(body: dict[str, Any]) -> tuple[Task, ...]:
    agenda = body.get("agenda")
    if isinstance(agenda, list) and len(agenda) > MAX_AGENDA:
        # Refused by its length alone, before any task is read.
        raise StateFormatError(f"field 'agenda' must list at most {MAX_AGENDA} tasks")
    if not isinstance(agenda, list) or not all(
        isinstance(t, list) and len(t) == 4 and all(type(v) is int for v in t) for t in agenda
    ):
        raise StateFormatError("field 'agenda' must be a list of [code, seat, a, b] lists")
    try:
        return tuple(task_from_row(t) for t in agenda)
    except ValueError as e:
        raise StateFormatError(f"field 'agenda': {e}") from None


def _expansions(
    body: dict[str, Any], rules: Rules
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """``lands`` (Fang), ``renewed`` and ``retired`` (6-11 heroes), each only in its game."""
    lands: tuple[int, ...] = ()
    if rules.fang:
        lands = tuple(_names(body, "lands", LAND_SLUGS, len(rules.fang)))
    elif "lands" in body:
        raise StateFormatError("field 'lands' only with fang=True")
    renewed: tuple[int, ...] = (0,) * 5
    retired: tuple[int, ...] = ()
    if rules.crowd:
        renewed = _ints(body, "renewed", 5, 0, 2)
        listed = body.get("retired")
        if not isinstance(listed, list) or not all(q in _SLUGS for q in listed):
            raise StateFormatError("field 'retired' must list quest slugs")
        retired = tuple(_SLUGS.index(q) for q in listed)
    elif "renewed" in body or "retired" in body:
        raise StateFormatError("fields 'renewed'/'retired' only with 6 or more heroes")
    return lands, renewed, retired
