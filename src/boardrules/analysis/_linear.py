"""Sparse linear systems ``v = C v + b`` solved by elimination, exactly or in floats.

The systems come from fixing every player's strategy on a cycle of positions: each unknown
is the value of a chance node, ``C`` holds the probabilities of the outcomes that stay in
the cycle and ``b`` the weighted values of those that leave it.  Every unknown can leave the
cycle, so ``I - C`` is an invertible M-matrix and elimination needs no pivoting: the
diagonal stays positive.  Only the non-zero coefficients are stored, as dicts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["Row", "solve_system"]

#: One equation: the coefficients of the other unknowns and the constant vector (one entry
#: per player), ``v[x] = sum(c * v[y] for y, c in coefficients.items()) + constant``.
Row = tuple[dict[int, Any], list[Any]]


def solve_system(rows: dict[int, Row], order: Sequence[int], one: Any) -> dict[int, list[Any]]:
    """The solution of the system, unknown by unknown, eliminating them in ``order``.

    ``one`` is the number 1 of the arithmetic (``Fraction(1)`` or ``1.0``); every value in
    ``rows`` must be of that arithmetic.  ``rows`` is consumed.
    """
    users: dict[int, set[int]] = {x: set() for x in rows}  # the rows that mention x
    for x, (coefficients, _) in rows.items():
        for y in coefficients:
            users[y].add(x)
    for k in order:
        _eliminate(rows, users, k, one)
    solution: dict[int, list[Any]] = {}
    for k in reversed(order):
        coefficients, constant = rows[k]
        value = list(constant)
        for y, c in coefficients.items():
            known = solution[y]
            for i, v in enumerate(known):
                value[i] += c * v
        solution[k] = value
    return solution


def _eliminate(rows: dict[int, Row], users: dict[int, set[int]], k: int, one: Any) -> None:
    """Make row ``k`` free of ``k`` itself and substitute it into every row that uses ``k``."""
    coefficients, constant = rows[k]
    loop = coefficients.pop(k, None)
    if loop is not None:
        scale = one / (one - loop)
        for y in coefficients:
            coefficients[y] *= scale
        for i, v in enumerate(constant):
            constant[i] = v * scale
    for x in users.pop(k):
        if x == k:
            continue
        row, row_constant = rows[x]
        c = row.pop(k)
        for y, a in coefficients.items():
            row[y] = row.get(y, 0) + c * a
            users[y].add(x)
        for i, v in enumerate(constant):
            row_constant[i] += c * v
    for y in coefficients:
        users[y].discard(k)
