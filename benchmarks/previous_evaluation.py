"""Frozen copies of the evaluations that shipped before the fitted ones (issue 33).

They are fixed opponents for ``ladder.py`` (``GreedyBot(evaluation=previous("parchis"))``
is the *previous greedy*) and the fixed policy ``fit_evaluation.py`` plays its self-play
games with, so that the fit does not depend on the evaluation it replaces.  They read the
games' states through their documented fields and private helpers of this version; they
are not part of the library.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import boardrules as br


def parchis(state: Any) -> tuple[float, ...]:
    """Progress only: squares covered by the four pieces against the others', in [0, 1]."""
    if br.is_terminal(state):
        return br.returns(state)
    n = state.options.players
    pos = state.pos
    progress = [sum(r + 1 for r in pos[4 * s : 4 * s + 4]) / (4 * 72) for s in range(n)]
    total = sum(progress)
    return tuple(0.5 + 0.5 * (p - (total - p) / (n - 1)) for p in progress)


def dorada(state: Any) -> tuple[float, ...]:
    """Each player's share of the points expected at the end (arrivals 60%)."""
    from boardrules.dorada._points import pieces_in_play
    from boardrules.dorada._points import points_at as _points_at

    if br.is_terminal(state):
        return br.returns(state)
    arriving = 0.6
    n = state.options.players
    goal = state.options.board.dorada
    in_play = sum(pieces_in_play(state, p) for p in range(n))
    arrivals = max(1, round(in_play * arriving))
    worth = [0.0] * n
    for depth, owner in enumerate(reversed(state.dorada)):
        worth[owner] += _points_at(depth + arrivals)
    place = arriving * sum(_points_at(d) for d in range(arrivals)) / arrivals
    for p, count in enumerate(state.start):
        worth[p] += 0.5 * place * count
    for f, stack in enumerate(state.track):
        for p in stack:
            worth[p] += (0.5 + 0.5 * f / goal) * place
    total = sum(worth)
    return tuple(w / total for w in worth)


def docker(state: Any) -> tuple[float, ...]:
    """Each player's share of the expected turns survived (lives over the unusable rolls)."""
    from boardrules.docker._rules import _can_enter, _moving_values

    if br.is_terminal(state):
        return br.returns(state)
    scores = []
    for player in range(state.options.players):
        if player in state.eliminated:
            scores.append(0.0)
            continue
        moving = _moving_values(state, player)
        lives = 1
        if moving or _can_enter(state, player):
            lives += state.reserve[player]
        scores.append(lives / (1 - moving / 6 + 1 / 12))
    total = sum(scores)
    return tuple(s / total for s in scores)


PREVIOUS: dict[str, Callable[[Any], Sequence[float]]] = {
    "parchis": parchis,
    "dorada": dorada,
    "docker": docker,
}


def previous(game: str) -> Callable[[Any], Sequence[float]]:
    """The evaluation ``game`` shipped before the fitted one."""
    return PREVIOUS[game]
