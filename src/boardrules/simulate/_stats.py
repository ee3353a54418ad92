"""The statistics of a series: intervals of proportions and means, and Bradley–Terry ratings.

Pure Python: a tournament has a handful of bots, so the matrices are tiny.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["bradley_terry", "mean_interval", "wilson"]

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion of ``successes`` out of ``n`` (95 %).

    Unlike the normal interval it stays inside [0, 1] and is sensible at 0 or n successes.

    >>> from boardrules.simulate import wilson
    >>> low, high = wilson(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    >>> wilson(0, 10)[0]
    0.0
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal-approximation 95 % interval (low, high).

    >>> from boardrules.simulate import mean_interval
    >>> [round(x, 4) for x in mean_interval([0.0, 1.0, 0.0, 1.0])]
    [0.5, -0.0658, 1.0658]
    >>> mean_interval([1.0])
    (1.0, 1.0, 1.0)
    """
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return mean, mean - half, mean + half


#: Elo points per unit of natural-log strength: a rating difference of 400 means odds of 10:1.
ELO_SCALE = 400 / math.log(10)


def bradley_terry(
    wins: Sequence[Sequence[float]], prior: float = 0.5, iterations: int = 10_000
) -> tuple[list[float], list[float]]:
    """Bradley–Terry ratings on the Elo scale (mean 0) and their standard errors.

    ``wins[i][j]`` is how often ``i`` beat ``j`` (a tie counts half to each).  Each pair
    that met gets ``prior`` virtual wins each way, which keeps the fit finite when one bot
    won every game (a common regularisation).  The fit is Hunter's MM iteration; the
    standard errors come from the inverse of the Fisher information under the mean-zero
    constraint.

    >>> from boardrules.simulate import bradley_terry
    >>> ratings, errors = bradley_terry([[0, 30], [10, 0]])
    >>> round(ratings[0] - ratings[1])  # 30.5:10.5 with the prior: odds of about 2.9:1
    185
    >>> errors[0] == errors[1] > 0
    True
    """
    n = len(wins)
    games = [[wins[i][j] + wins[j][i] for j in range(n)] for i in range(n)]
    w = [[wins[i][j] + (prior if games[i][j] > 0 else 0.0) for j in range(n)] for i in range(n)]
    met = [
        [games[i][j] + (2 * prior if games[i][j] > 0 else 0.0) for j in range(n)] for i in range(n)
    ]
    strength = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            denominator = sum(met[i][j] / (strength[i] + strength[j]) for j in range(n) if j != i)
            total = sum(w[i])
            new.append(total / denominator if denominator > 0 else strength[i])
        scale = math.exp(sum(math.log(s) for s in new) / n)
        new = [s / scale for s in new]
        done = max(abs(a - b) for a, b in zip(new, strength, strict=True)) < 1e-12
        strength = new
        if done:
            break
    theta = [math.log(s) for s in strength]
    errors = _standard_errors(strength, met)
    return [ELO_SCALE * t for t in theta], [ELO_SCALE * e for e in errors]


def _standard_errors(strength: Sequence[float], met: Sequence[Sequence[float]]) -> list[float]:
    """Standard errors of the log-strengths from the Fisher information, a graph Laplacian
    whose pseudo-inverse is ``(L + J/n)^-1 - J/n`` for a connected tournament."""
    n = len(strength)
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and met[i][j] > 0:
                p = strength[i] * strength[j] / (strength[i] + strength[j]) ** 2
                info[i][j] -= met[i][j] * p
                info[i][i] += met[i][j] * p
    shifted = [[info[i][j] + 1 / n for j in range(n)] for i in range(n)]
    inverse = _invert(shifted)
    if inverse is None:
        return [math.inf] * n
    return [math.sqrt(max(0.0, inverse[i][i] - 1 / n)) for i in range(n)]


def _invert(matrix: Sequence[Sequence[float]]) -> list[list[float]] | None:
    """The inverse by Gauss–Jordan elimination with partial pivoting (None if singular)."""
    n = len(matrix)
    rows = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [x / head for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col] != 0.0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [row[n:] for row in rows]
