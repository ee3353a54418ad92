"""Values and the order of moves by them, shared by the solver's and the search's results."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from boardrules.analysis._solve import Concept

__all__ = ["Value", "ranked"]

#: A value: a :class:`~fractions.Fraction` when solved exactly, else a float.
Value = Fraction | float


def ranked(
    player: int,
    concept: Concept,
    move_values: Mapping[Any, tuple[Value, ...]],
    seats: tuple[int, ...] = (),
) -> tuple[tuple[Any, tuple[Value, ...]], ...]:
    """The moves best first for ``player`` (ties in the order of the legal moves); at a
    chance node the outcomes in their own order.  In a zero-sum game the second of the
    two ``seats`` at stake (players 0 and 1 when not given) minimises the first's value."""
    pairs = tuple(move_values.items())
    if player < 0:
        return pairs
    first, second = seats if len(seats) == 2 else (0, 1)
    if concept == "zero-sum" and player == second:
        return tuple(sorted(pairs, key=lambda mv: mv[1][first]))
    return tuple(sorted(pairs, key=lambda mv: -mv[1][player]))
