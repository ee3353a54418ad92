"""The shapes of the fitted evaluations: logistic models over per-seat features.

A game's evaluation lists some features ``f`` per seat and scores each seat ``w . f``.
In a game of places (Parchís, whose return is linear in the finishing place) seat ``s`` is
worth ``sigmoid(score_s - mean of the other seats' scores)`` (:func:`win_chances`), an
estimate of its return; in a game with one winner, the softmax of the scores
(:func:`win_shares`), its chance to win.  With two players both are the same logistic
model.  The weights ``w`` are fitted by ``benchmarks/fit_evaluation.py`` and shipped as data
in each game's ``_evaluation`` module.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp
from operator import mul

__all__ = ["win_chances", "win_shares"]


def win_chances(rows: Sequence[Sequence[float]], weights: Sequence[float]) -> tuple[float, ...]:
    """Each seat's value under the fitted model, from its ``rows`` of features.

    >>> from boardrules._fitted import win_chances
    >>> win_chances([[1.0], [1.0]], [2.0])
    (0.5, 0.5)
    >>> [round(v, 3) for v in win_chances([[1.0], [0.0], [0.0]], [2.0])]
    [0.881, 0.269, 0.269]
    """
    if len(rows) == 2:  # the same sums as below, spelled out: a search's hot path
        a, b = sum(map(mul, weights, rows[0])), sum(map(mul, weights, rows[1]))
        total = a + b
        return (1 / (1 + exp(min(700.0, (total - a) - a))),
                1 / (1 + exp(min(700.0, (total - b) - b))))  # fmt: skip
    scores = [sum(map(mul, weights, row)) for row in rows]
    others = len(scores) - 1
    total = sum(scores)
    return tuple(1 / (1 + exp(min(700.0, (total - z) / others - z))) for z in scores)


def win_shares(
    rows: Sequence[Sequence[float]], weights: Sequence[float], out: Sequence[int] = ()
) -> tuple[float, ...]:
    """Each seat's chance to win under the fitted model of a game with one winner: the
    softmax of the seats' scores ``w . f`` (seats in ``out``, players out of the game, get
    0).  In a two-player game it is the same as :func:`win_chances`.

    >>> from boardrules._fitted import win_shares
    >>> [round(v, 3) for v in win_shares([[1.0], [0.0], [0.0]], [2.0])]
    [0.787, 0.107, 0.107]
    >>> win_shares([[1.0], [0.0], [5.0]], [2.0], out=(2,))[2]
    0.0
    """
    scores = [sum(map(mul, weights, row)) for row in rows]
    top = max(z for p, z in enumerate(scores) if p not in out)
    powers = [0.0 if p in out else exp(z - top) for p, z in enumerate(scores)]
    total = sum(powers)
    return tuple(v / total for v in powers)
