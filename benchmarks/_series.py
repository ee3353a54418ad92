"""The shared part of the strength benchmarks (``ladder.py``, ``strength_probe.py``,
``parchis_probe.py``, the fitting scripts): the score of the first bot of a 2-player series,
and the moves of the self-play games the evaluations are fitted on."""

from __future__ import annotations

import random
from typing import Any

import boardrules as br
from boardrules.bots import GreedyBot, RandomBot, sample_outcome
from boardrules.simulate import TournamentResult

_RANDOMLY = RandomBot()


def explored_move(state: Any, rng: random.Random, greedy: GreedyBot, epsilon: float) -> Any:
    """The next move of a self-play game: the dice's outcome at a roll, else a uniformly
    random move with chance ``epsilon`` (so that the games explore), else ``greedy``'s."""
    if br.is_chance(state):
        return sample_outcome(state, rng)
    if rng.random() < epsilon:
        return _RANDOMLY.choose(state, rng)
    return greedy.choose(state, rng)


def first_bot_score(t: TournamentResult) -> float:
    """The first bot's points over the games of ``t`` (2 players): 1 a win, 0.5 a tie."""
    score = 0.0
    for g in t.games:
        mine, theirs = (g.returns[g.seating.index(i)] for i in (0, 1))
        score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return score
