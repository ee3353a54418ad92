"""The points of the DORADA stack, and the pieces still in play: read by the rules and by
the evaluation's features alike (so neither imports the other)."""

from __future__ import annotations

from boardrules.dorada._state import PIECES, State

__all__ = ["POINTS", "POINTS_BELOW", "pieces_in_play", "points_at", "scores"]

#: Points of the pieces in DORADA from the top (the last to arrive) down; every piece below
#: these gets :data:`POINTS_BELOW`.
POINTS = (100, 80, 60, 50, 40, 30, 20)
#: Points of each piece lying below the first ``len(POINTS)`` from the top.
POINTS_BELOW = 10


def pieces_in_play(state: State, player: int) -> int:
    """How many of ``player``'s pieces are on its start field or on the path."""
    return PIECES - state.dorada.count(player) - state.bridges.count(player)


def scores(state: State) -> tuple[int, ...]:
    """The points of each player from the DORADA stack, at any time: from the top (the last
    to arrive) 100, 80, 60, 50, 40, 30, 20, then 10 for every piece further down."""
    points = [0] * state.options.players
    for depth, owner in enumerate(reversed(state.dorada)):
        points[owner] += points_at(depth)
    return tuple(points)


def points_at(depth: int) -> int:
    """The points of the piece ``depth`` pieces below the top of the DORADA stack."""
    return POINTS[depth] if depth < len(POINTS) else POINTS_BELOW
