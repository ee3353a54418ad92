"""What :func:`~boardrules.dorada.evaluate` reads of a position: a few numbers per seat.

The weights that turn them into a win chance are fitted by
``benchmarks/fit_evaluation.py dorada`` (logistic regression on the outcomes of self-play
games) and shipped in :mod:`boardrules.dorada._evaluation`.
"""

from __future__ import annotations

from math import log

from boardrules.dorada._board import Field
from boardrules.dorada._points import pieces_in_play, points_at, scores
from boardrules.dorada._state import NO_BRIDGE, PIECES, State
from boardrules.game import TERMINAL

__all__ = ["FEATURES", "features"]

_RUNNING, _STUMBLE, _JUMP = Field.RUNNING, Field.STUMBLE, Field.JUMP

#: The names of the features, in the order :func:`features` lists them.
FEATURES = (
    "start",  # pieces on the start field
    "advance",  # fields covered by the pieces on the path, over the path's length
    "free",  # pieces on the path that top their stack (free to move)
    "buried",  # pieces under an opponent's piece
    "covering",  # opponents' pieces under the player's top pieces
    "lost",  # pieces lost in stumble fields
    "home",  # pieces in DORADA
    "points",  # the points the player would score if the game ended now, over 100
    "stumble",  # die values (of six) that would bring a free piece onto an open stumble field
    "jump",  # die values that would bring a free piece onto a gold or forward jump field
    "share",  # log of the share of the points expected at the end (arrivals 60%)
    "to_move",  # the player is in turn
)


def features(state: State) -> list[list[float]]:
    """Per seat, the values of :data:`FEATURES` in ``state``."""
    n = state.options.players
    board = state.options.board
    goal = board.dorada
    track, bridges = state.track, state.bridges
    rows = [[state.start[p] / PIECES] + [0.0] * (len(FEATURES) - 1) for p in range(n)]
    for f, stack in enumerate(track):
        if not stack:
            continue
        top = stack[-1]
        for p in stack:
            rows[p][1] += f / goal
        rows[top][2] += 1
        for p in stack[:-1]:
            if p != top:
                rows[p][3] += 1
                rows[top][4] += 1
    points = scores(state)
    share = _share(state)
    for p, row in enumerate(rows):
        row[5] = bridges.count(p)
        row[6] = state.dorada.count(p)
        row[7] = points[p] / 100
        row[10] = log(max(share[p], 0.001))
    _reach(state, rows)
    if state.turn != TERMINAL:
        rows[state.turn][11] = 1.0
    return rows


def _reach(state: State, rows: list[list[float]]) -> None:
    """Count, per player, the die values that would bring a free piece straight onto an
    open stumble field (lost) or onto a gold or forward jump field (home, or on at once)."""
    board = state.options.board
    kinds, bridges, jump_by = board.kinds, state.bridges, board.jump_by
    last = board.fields
    origins = [(f, stack[-1]) for f, stack in enumerate(state.track) if stack]
    origins += [(0, p) for p, count in enumerate(state.start) if count]
    for origin, p in origins:
        row = rows[p]
        for field in range(origin + 1, min(origin + 6, last) + 1):
            kind = kinds[field]
            if kind is _STUMBLE:
                if bridges[field] == NO_BRIDGE:
                    row[8] += 1 / 6
            elif kind is not _RUNNING and (kind is not _JUMP or jump_by[field] > 0):
                row[9] += 1 / 6


def _share(state: State) -> list[float]:
    """Each player's share of the points expected at the end: the pieces in play (60% of
    them) are expected to arrive on top of DORADA, so a piece there is valued at the depth it
    will end at; a piece in play is worth the mean points of the places to come, times its
    chance to arrive, which grows as it advances."""
    n = state.options.players
    goal = state.options.board.dorada
    in_play = sum(pieces_in_play(state, p) for p in range(n))
    arrivals = max(1, round(in_play * 0.6))
    worth = [0.0] * n
    for depth, owner in enumerate(reversed(state.dorada)):
        worth[owner] += points_at(depth + arrivals)
    place = 0.6 * sum(points_at(d) for d in range(arrivals)) / arrivals
    for p, count in enumerate(state.start):
        worth[p] += 0.5 * place * count
    for f, stack in enumerate(state.track):
        for p in stack:
            worth[p] += (0.5 + 0.5 * f / goal) * place
    total = sum(worth) or 1.0
    return [w / total for w in worth]
