"""The shared part of the strength benchmarks (``ladder.py``, ``strength_probe.py``,
``parchis_probe.py``): the score of the first bot of a 2-player series."""

from __future__ import annotations

from boardrules.simulate import TournamentResult


def first_bot_score(t: TournamentResult) -> float:
    """The first bot's points over the games of ``t`` (2 players): 1 a win, 0.5 a tie."""
    score = 0.0
    for g in t.games:
        mine, theirs = (g.returns[g.seating.index(i)] for i in (0, 1))
        score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return score
