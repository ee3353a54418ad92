"""What :func:`~boardrules.parchis.evaluate` reads of a position: a few numbers per seat.

The weights that turn them into a win chance are fitted, not guessed, by
``benchmarks/fit_evaluation.py parchis`` (logistic regression on the outcomes of self-play
games) and shipped in :mod:`boardrules.parchis._evaluation`; with two players, together
with a value per class of piece (:data:`CLASSES`), by ``benchmarks/fit_parchis_tables.py``
(TD(lambda) on self-play games) and shipped in :mod:`boardrules.parchis._tables`.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardrules.parchis._board import GOAL, LANE_FIRST, NEST, Tables
from boardrules.parchis._state import PHASE_BONUS, PHASE_MOVE, State

__all__ = ["CLASSES", "FEATURES", "features"]

#: The names of the features, in the order :func:`features` lists them.
FEATURES = (
    "progress",  # squares covered by the four pieces, the goal counting 72, over 288
    "progress_sq",  # its square: a lead counts more as the race nears its end
    "nest",  # pieces in the nest
    "goal",  # pieces in the goal
    "lane",  # pieces in the lane (where nobody can capture them)
    "safe",  # pieces on a safe square of the track
    "barriers",  # the player's barriers
    "danger",  # the progress of exposed pieces times the enemies 1-6 squares behind them,
    # when an enemy moves first (the player is not in turn)
    "danger_in_turn",  # the same when the player is in turn (and may move them away)
    "danger_far",  # exposed progress times the enemies 7-12 squares behind (a 6 and a die)
    "to_move",  # the player is in turn (has the die or is about to roll)
    "pending",  # the die still to move, over 6
    "bonus",  # a bonus of 10 or 20 still to count, over 20
)

_PIECE = 1 / (GOAL + 1)

#: The classes of a piece, one value each in a table of :func:`features`: in the nest, in
#: the goal, on each square of the lane, then for each bucket of four track squares (0-3,
#: 4-7, ... from the exit) ten: in a barrier of ours, on a safe square, or exposed with no
#: enemy 1-12 squares behind, enemies only 7-12 behind, one 1-6 behind, two or more 1-6
#: behind: those four when an enemy moves first, then the same four when its owner is in turn.
CLASSES = (
    "nest",
    "goal",
    *(f"lane {i}" for i in range(1, GOAL - LANE_FIRST + 1)),
    *(
        f"track {b}-{b + 3} {status}"
        for b in range(0, LANE_FIRST, 4)
        for status in (
            "barrier",
            "safe",
            *(
                f"{k}, {t}"
                for t in ("waiting", "in turn")
                for k in ("clear", "far", "1 near", "2 near")
            ),
        )
    ),
)
_TRACK = 2 + GOAL - LANE_FIRST  # the first class of the track
_STATUSES = 10
_FIRST = tuple(_TRACK + (r >> 2) * _STATUSES for r in range(LANE_FIRST))


def features(state: State, table: Sequence[float] = ()) -> list[list[float]]:
    """Per seat, the values of :data:`FEATURES` in ``state``; given a ``table`` (a value per
    class of piece, see :data:`CLASSES`), one more: the sum of the values of its pieces."""
    if table:
        return _classed(state, table)
    # Without a table (3-4 players), the counts alone: a fifth faster than _seat's classes.
    options = state.options
    n = options.players
    pos = state.pos
    tables = options.tables
    cell, rel, safe = tables.cell, tables.rel, tables.safe
    board = state._cells  # the rules' bytes: reading ``board`` would build its tuple
    rows = []
    for s in range(n):
        mine = pos[4 * s : 4 * s + 4]
        cells = cell[s]
        progress = nest = goal = lane = on_safe = danger = far = 0.0
        barriers = 0
        for r in mine:
            progress += r + 1
            if r == NEST:
                nest += 1
            elif r == GOAL:
                goal += 1
            elif r >= LANE_FIRST:
                lane += 1
            else:
                c = cells[r]
                code = board[c]
                if code >= 8:  # a pair: nobody may land there (a barrier if both are ours)
                    barriers += code == (s + 1) * 9
                if safe[c]:
                    on_safe += 1
                elif code < 8:
                    near, beyond = _attackers(pos, rel, c, s, n)
                    danger += (r + 1) * near
                    far += (r + 1) * beyond
        progress *= _PIECE / 4
        rows.append([progress, progress * progress, nest, goal, lane, on_safe, barriers / 2,
                     danger * _PIECE, 0.0, far * _PIECE, 0.0, 0.0, 0.0])  # fmt: skip
    _turn(state, rows)
    return rows


def _classed(state: State, table: Sequence[float]) -> list[list[float]]:
    options = state.options
    n, pos, tables = options.players, state.pos, options.tables
    board = state._cells  # the rules' bytes: reading ``board`` would build its tuple
    rows = [_seat(pos, board, tables, s, n, s == state.turn, table) for s in range(n)]
    _turn(state, rows)
    return rows


def _seat(
    pos: tuple[int, ...],
    board: bytes,
    tables: Tables,
    s: int,
    n: int,
    in_turn: bool,
    table: Sequence[float],
) -> list[float]:
    """Seat ``s``'s row of :func:`features`, with the sum of its pieces' values in ``table``."""
    cells, rel, safe = tables.cell[s], tables.rel, tables.safe
    exposed = 6 if in_turn else 2  # the class of an exposed piece in the bucket
    own = (s + 1) * 9  # the code of a cell holding a barrier of ours
    progress = nest = goal = lane = on_safe = danger = far = value = 0.0
    barriers = 0
    first = _FIRST  # the first class of each track square's bucket
    for r in pos[4 * s : 4 * s + 4]:
        progress += r + 1
        if r == NEST:
            nest += 1
            k = 0
        elif r == GOAL:
            goal += 1
            k = 1
        elif r >= LANE_FIRST:
            lane += 1
            k = r - LANE_FIRST + 2
        else:
            c = cells[r]
            code = board[c]
            k = first[r]
            if code == own:  # a pair of ours: nobody may land there
                barriers += 1
            else:
                k += 1
            if safe[c]:
                on_safe += 1
            elif code < 8:  # alone (only a pair of ours shares an open square)
                near, beyond = _attackers(pos, rel, c, s, n)
                danger += (r + 1) * near
                far += (r + 1) * beyond
                k += exposed - 1 + ((3 if near > 1 else 2) if near else beyond > 0)
        value += table[k]
    progress *= _PIECE / 4
    return [progress, progress * progress, nest, goal, lane, on_safe, barriers / 2,
            danger * _PIECE, 0.0, far * _PIECE, 0.0, 0.0, 0.0, value]  # fmt: skip


def _attackers(
    pos: tuple[int, ...], rel: tuple[tuple[int, ...], ...], c: int, s: int, n: int
) -> tuple[int, int]:
    """How many enemy pieces stand 1-6 and 7-12 squares behind cell ``c`` on their way."""
    near = beyond = 0
    for o in range(n):
        if o == s:
            continue
        target = rel[o][c]
        if target < 0:
            continue
        for r in pos[4 * o : 4 * o + 4]:
            d = target - r
            if r != NEST and 0 < d <= 12:
                if d <= 6:
                    near += 1
                else:
                    beyond += 1
    return near, beyond


def _turn(state: State, rows: list[list[float]]) -> None:
    """Fill in the player in turn and what it still has to count."""
    row = rows[state.turn]
    row[7], row[8] = 0.0, row[7]
    row[10] = 1.0
    if state.phase == PHASE_MOVE:
        row[11] = state.count / 6
    elif state.phase == PHASE_BONUS:
        row[12] = state.count / 20
