"""Exact dice distributions for chance nodes.

The rules never draw random numbers; they list outcomes with exact probabilities.  These
helpers build such lists, with :class:`fractions.Fraction` probabilities that sum to 1.
Results are cached (the last :data:`CACHE_SIZE` distinct calls of each helper): the same call
returns the same tuple, so callers may cache by identity.

>>> from boardrules.chance import dice_sorted, dice_sum, die_faces
>>> die_faces(6)[0]
(1, Fraction(1, 6))
>>> dict(dice_sum(2, 6))[7]
Fraction(1, 6)
>>> len(dice_sorted(2, 6))
21
"""

from __future__ import annotations

import itertools
import numbers
from collections import Counter
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

from boardrules.errors import BoardrulesError

__all__ = ["CACHE_SIZE", "dice_sorted", "dice_sum", "die_faces"]

#: How many distinct calls each helper keeps (a game asks for a handful; the bound keeps a
#: caller that asks for ever new dice from growing the cache without end).
CACHE_SIZE = 64


# Each helper is a cached shell around its computation, which stays an undecorated function
# so that mutation testing (mutmut skips decorated functions) reaches it.


@lru_cache(maxsize=CACHE_SIZE)
def die_faces(sides: int = 6) -> tuple[tuple[int, Fraction], ...]:
    """Each face of one fair die with probability ``1/sides``."""
    return _die_faces(sides)


def _die_faces(sides: int) -> tuple[tuple[int, Fraction], ...]:
    p = Fraction(1, sides)
    return tuple((face, p) for face in range(1, sides + 1))


@lru_cache(maxsize=CACHE_SIZE)
def dice_sum(count: int, sides: int = 6) -> tuple[tuple[int, Fraction], ...]:
    """Each total of ``count`` fair dice with its exact probability, lowest total first."""
    return _dice_sum(count, sides)


def _dice_sum(count: int, sides: int) -> tuple[tuple[int, Fraction], ...]:
    totals = Counter(sum(r) for r in itertools.product(range(1, sides + 1), repeat=count))
    n = sides**count
    return tuple((t, Fraction(c, n)) for t, c in sorted(totals.items()))


@lru_cache(maxsize=CACHE_SIZE)
def dice_sorted(count: int, sides: int = 6) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Each multiset of ``count`` fair dice (as a sorted tuple) with its exact probability.

    Use it when the faces matter one by one (sixes, pairs) but their order does not.
    """
    return _dice_sorted(count, sides)


def _dice_sorted(count: int, sides: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    rolls = Counter(tuple(sorted(r)) for r in itertools.product(range(1, sides + 1), repeat=count))
    n = sides**count
    return tuple((r, Fraction(c, n)) for r, c in sorted(rolls.items()))


def checked_draw(x: object, rng: object) -> Any:
    """A draw ``x`` of ``rng.random()`` that failed the samplers' one test ``0.0 <= x < 1.0``
    (or their arithmetic), checked: a good generator pays that one comparison a roll, no
    more.  Returns ``x`` as a number if it is a real number in ``[0, 1)`` of another type
    (an int, a Fraction, a numpy float, a Decimal), else
    :class:`~boardrules.BoardrulesError` saying what a generator must return.

    >>> from boardrules.chance import checked_draw
    >>> checked_draw(0, None)
    0
    >>> checked_draw(float("nan"), None)
    Traceback (most recent call last):
    ...
    boardrules.errors.BoardrulesError: a chance draw needs rng.random() to return a number \
in [0, 1), as random.Random does; NoneType.random() returned nan
    """
    value: Any = x
    if isinstance(x, Decimal) and x.is_finite():
        value = Fraction(x)
    elif not isinstance(x, bool) and isinstance(x, numbers.Real):
        if not isinstance(x, numbers.Rational):
            value = float(x)  # a numpy float32, say: its exact value as a float
    else:
        value = None
    if value is not None and 0 <= value < 1:
        return value
    shown = repr(x) if isinstance(x, (int, float, numbers.Real)) else f"a {type(x).__name__}"
    raise BoardrulesError(
        "a chance draw needs rng.random() to return a number in [0, 1), as "
        f"random.Random does; {type(rng).__name__}.random() returned {shown[:40]}"
    )
