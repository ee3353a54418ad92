"""JSON encoding of Dorasure states, and the checks every decoded or built state passes.

>>> from boardrules.dorasure import new_game
>>> s = new_game(players=2)
>>> decode(options_of(s), encode(s)) == s
True
"""

from __future__ import annotations

from typing import Any

from boardrules.dorasure._board import MOUNTAIN, SHARED
from boardrules.dorasure._data import QUESTS, REWARDS
from boardrules.dorasure._engine import Work, effective_terrain, settle
from boardrules.dorasure._setup import options_of, rules_for
from boardrules.dorasure._state import (
    ADVENTURE,
    BATTLE,
    CAP,
    CHANCE_TASKS,
    DECISION_TASKS,
    PHASE_NAMES,
    PRINCE,
    REWARD_SLUGS,
    T_ABSORB,
    T_ASK,
    T_BATTLE_START,
    T_CLAW,
    T_DEATHS,
    T_EXTRA,
    T_MOVE,
    T_PICK,
    T_QUEST_END,
    T_QUEST_ROLLS,
    T_QUEST_START,
    T_REPLY,
    T_REROLL,
    T_REVEAL_QUEST,
    T_REVEAL_REWARD,
    T_ROLL,
    T_SHIELD,
    T_SPEND,
    T_SURVIVAL,
    TASK_COUNT,
    WON,
    DorasureState,
)
from boardrules.errors import BoardrulesError, StateFormatError

__all__ = ["check_state", "decode", "encode", "options_of"]

_MAX_DICE = 40
_SLUGS = tuple(q.slug for q in QUESTS)


def encode(s: DorasureState) -> dict[str, Any]:
    """The state as a JSON-ready object (spaces, quests and rewards by name)."""
    board = s.rules.board
    return {
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
        "agenda": [list(t) for t in s.agenda],
    }


def _int(body: dict[str, Any], key: str, low: int, high: int) -> int:
    value = body.get(key)
    if type(value) is not int or not low <= value <= high:
        raise StateFormatError(f"field {key!r} must be an integer in {low}..{high}")
    return value


def _ints(body: dict[str, Any], key: str, size: int | None, low: int, high: int) -> tuple[int, ...]:
    value = body.get(key)
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
    pos_names = body.get("pos")
    if not isinstance(pos_names, list) or len(pos_names) != n or not all(
        isinstance(p, str) and p in board.index for p in pos_names
    ):
        raise StateFormatError(f"field 'pos' must list {n} space names")
    agenda = body.get("agenda")
    if not isinstance(agenda, list) or not all(
        isinstance(t, list) and len(t) == 4 and all(type(v) is int for v in t) for t in agenda
    ):
        raise StateFormatError("field 'agenda' must be a list of [code, seat, a, b] lists")
    razed = body.get("razed")
    if type(razed) is not bool:
        raise StateFormatError("field 'razed' must be true or false")
    s = DorasureState(
        rules,
        PHASE_NAMES.index(phase),
        _int(body, "turn", 0, n - 1),
        tuple(board.index[p] for p in pos_names),
        _ints(body, "health", n, 0, 99),
        _ints(body, "resource", n, 0, 99),
        _ints(body, "gold", n, 0, 99),
        _ints(body, "xp", n, 0, rules.tracks.xp_max),
        _ints(body, "locked", n, -1, 4),
        _int(body, "spent", 0, (1 << n) - 1),
        _int(body, "meter", 0, rules.tracks.meter_end),
        _int(body, "wounds", 0, rules.tracks.health),
        razed,
        tuple(_names(body, "quests", _SLUGS, 5)),
        _ints(body, "flags", 5, 0, 99),
        tuple(_names(body, "rewards", REWARD_SLUGS, 5)),
        _ints(body, "dice", None, 1, 6),
        _int(body, "party", 0, (1 << n) - 1),
        _int(body, "score", -_MAX_DICE * 4, _MAX_DICE * 4),
        _int(body, "pending", 0, _MAX_DICE * 4),
        _ints(body, "roll", 4, 0, _MAX_DICE),
        tuple((t[0], t[1], t[2], t[3]) for t in agenda),
    )
    return check_state(s)


def check_state(s: DorasureState) -> DorasureState:
    """``s`` itself if it is a possible Dorasure state, else StateFormatError naming the
    broken field."""
    rules = s.rules
    n = rules.seats
    board = rules.board
    tracks = rules.tracks
    for p in range(n):
        sheet = rules.sheets[p]
        if not 0 <= s.xp[p] <= tracks.xp_max:
            raise StateFormatError(f"xp: 0..{tracks.xp_max}")
        level = s.level(p)
        if board.terrain[s.pos[p]] == MOUNTAIN:
            raise StateFormatError(f"pos: {rules.hero_name(p)} stands on a mountain")
        if not 0 <= s.health[p] <= sheet.health:
            raise StateFormatError(f"health: {rules.hero_name(p)} has 0..{sheet.health}")
        if not 0 <= s.resource[p] <= rules.stats[p][level][CAP]:
            raise StateFormatError(f"resource: {rules.hero_name(p)} holds at most "
                                   f"{rules.stats[p][level][CAP]} at level {level}")
        if not 0 <= s.gold[p] <= (4 if rules.heroes[p] == PRINCE else 0):
            raise StateFormatError("gold: only the Prince has gold, at most 4")
        lock = s.locked[p]
        if lock >= 0 and (
            not 0 <= lock < 5
            or s.quests[lock] < 0
            or QUESTS[s.quests[lock]].failure != "stay"
            or s.rewards[lock] >= 0
            or lock not in board.near_mountains[s.pos[p]]
        ):
            raise StateFormatError("locked: a hero is held only next to an unsolved labyrinth")
    on_board = [q for q in s.quests if q >= 0]
    if len(set(on_board)) != len(on_board) or any(not 0 <= q < len(QUESTS) for q in on_board):
        raise StateFormatError("quests: each quest tile is on at most one mountain")
    if s.quests[board.farthest] < 0 and (len(s.agenda) < 1 or s.agenda[0][0] != T_REVEAL_QUEST):
        raise StateFormatError("quests: the farthest mountain's quest is face up from setup")
    for m in range(5):
        if s.quests[m] < 0 and (s.flags[m] or s.rewards[m] >= 0):
            raise StateFormatError("flags/rewards: only on a face-up quest")
        if s.quests[m] >= 0 and s.flags[m] >= QUESTS[s.quests[m]].target:
            raise StateFormatError("flags: fewer than the quest's target")
    for k, (slug, copies) in enumerate(REWARDS):
        if s.rewards.count(k) > copies:
            raise StateFormatError(f"rewards: only {copies} {slug} tile(s)")
    if len(s.dice) > 6 or list(s.dice) != sorted(s.dice):
        raise StateFormatError("dice: at most 6 movement dice, in rising order")
    if s.wounds >= tracks.health and s.phase != WON:
        raise StateFormatError("wounds: the dragon is slain only when the heroes have won")
    if s.phase >= WON:
        if s.agenda:
            raise StateFormatError("agenda: empty once the game is over")
        return s
    _check_agenda(s)
    if s.phase == ADVENTURE and s.meter >= tracks.meter_end and not any(
        t[0] == T_BATTLE_START for t in s.agenda
    ):
        raise StateFormatError("meter: a full meter ends the Adventure Phase")
    if s.phase == BATTLE:
        if any(lock >= 0 for lock in s.locked) or not any(s.health):
            raise StateFormatError("locked/health: no labyrinth in the battle, someone alive")
    elif 0 in s.health and not any(t[0] in (T_SURVIVAL, T_DEATHS) for t in s.agenda):
        raise StateFormatError("health: a hero at 0 in the Adventure Phase awaits the survival "
                               "roll")
    living = [p for p in range(n) if s.health[p] > 0]
    for p in living:
        for q in living:
            if p < q and s.pos[p] == s.pos[q] and effective_terrain(
                rules, s.razed, s.pos[p]
            ) not in SHARED and not (s.agenda[0][0] == T_MOVE and s.turn in (p, q)):
                raise StateFormatError("pos: two heroes stop on one space only in the City, "
                                       "a village or the Lake")
    w = Work(s)
    settle(w)
    if w.freeze() != s:
        raise StateFormatError("agenda: the front task would be resolved automatically")
    try:
        from boardrules.dorasure._rules import chance_outcomes, legal_moves

        moves = legal_moves(s)
        chance_outcomes(s)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, AssertionError):
        raise StateFormatError("agenda: the front task cannot be played here") from None
    if not moves:
        raise StateFormatError("agenda: the front task offers no move")
    return s


def _check_agenda(s: DorasureState) -> None:
    rules = s.rules
    n = rules.seats
    if not s.agenda:
        raise StateFormatError("agenda: a game in progress has tasks to do")
    if s.agenda[0][0] not in CHANCE_TASKS | DECISION_TASKS:
        raise StateFormatError("agenda: the front task is a decision or a roll")
    for code, seat, a, b in s.agenda:
        if not 0 <= code < TASK_COUNT or not 0 <= seat < n:
            raise StateFormatError("agenda: task code or seat out of range")
        if not -1 <= a <= _MAX_DICE or not -1 <= b <= _MAX_DICE:
            raise StateFormatError("agenda: task argument out of range")
        if code in (T_QUEST_START, T_QUEST_ROLLS, T_QUEST_END) and (
            not 0 <= a < 5 or s.quests[a] < 0
        ):
            raise StateFormatError("agenda: a quest task needs a face-up quest")
        if code == T_REVEAL_QUEST and (not 0 <= a < 5 or s.quests[a] >= 0):
            raise StateFormatError("agenda: only a face-down quest is revealed")
        if code == T_REVEAL_REWARD and (
            not 0 <= a < 5 or s.quests[a] < 0 or s.rewards[a] >= 0
        ):
            raise StateFormatError("agenda: a reward is revealed under a solved quest")
        if code in (T_ASK, T_REPLY) and (not 0 <= b < 5 or s.quests[b] < 0):
            raise StateFormatError("agenda: assistance is asked for a face-up quest")
        if code == T_ASK and not 0 <= a < n:
            raise StateFormatError("agenda: assistance is asked of a hero in the game")
        if code == T_PICK and not (0 <= a <= 1 and 0 <= b <= 2):
            raise StateFormatError("agenda: a roll-off is for the highest or lowest")
        if code == T_SHIELD and a not in (1, 2):
            raise StateFormatError("agenda: the shield stops a blast or a slash")
        if code in (T_ROLL, T_SPEND, T_REROLL, T_EXTRA, T_ABSORB, T_CLAW) and (
            a < 0 or b < 0
        ):
            raise StateFormatError("agenda: counts are not negative")
