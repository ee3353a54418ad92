"""The one bounded cache of the library: a small least-recently-used table.

Every cache whose keys come from the caller (options, boards, positions, the identity of a
game's outcome tuple) is bounded, so that a long run or hostile input cannot make it grow
without end; they all use :class:`LRU`.  A cache keyed only by values the rules themselves
bound (a game's few sets of options, its seats) may stay an unbounded ``functools.cache``.

>>> from boardrules._lru import LRU
>>> table: LRU[str, int] = LRU(2)
>>> table.put("a", 1); table.put("b", 2); table.get("a"); table.put("c", 3)
1
>>> table.get("b") is None, len(table)
(True, 2)

A table may also be bounded by the sum of its entries' weights (``weigh(key)``, such as the
length of a key that holds text): putting one more drops the least recently used until
the sum is within ``budget``, and an entry heavier than the whole budget is not kept.

>>> texts: LRU[str, int] = LRU(10, budget=6, weigh=len)
>>> texts.put("abc", 1); texts.put("de", 2); texts.put("fgh", 3)
>>> list(texts.items), texts.weight
(['de', 'fgh'], 5)
>>> texts.put("x" * 7, 4); list(texts.items)
['de', 'fgh']

A function of hashable arguments keeps its results in a table with :func:`cached_in`, and
the table stays in reach of the tests that check its bound:

>>> from boardrules._lru import cached_in
>>> SQUARES: LRU[tuple[int], int] = LRU(2)
>>> @cached_in(SQUARES)
... def square(n: int) -> int:
...     return n * n
>>> square(3), square(4), square(5), list(SQUARES.items)
(9, 16, 25, [(4,), (5,)])
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, ParamSpec, TypeVar

__all__ = ["LRU", "cached_in"]

K = TypeVar("K")
V = TypeVar("V")
P = ParamSpec("P")


class LRU(Generic[K, V]):
    """At most ``size`` entries; putting one more drops the least recently used.  With
    ``weigh``, also at most ``budget`` for the sum of ``weigh(key)`` over the entries.

    ``None`` is not stored as a value: :meth:`get` returns it for a missing key.  A caller
    on a hot path may read :attr:`items` directly (``items.get(key)``, then
    ``items.move_to_end(key)`` on a hit, or not: :meth:`get` hashes the key twice, which
    costs when the key is large, and an entry not refreshed only leaves in the order it
    came), and writes through :meth:`put`.

    Threads may share a table: writes hold :attr:`lock`, and a reader that refreshes an
    entry itself must allow for another thread having dropped it since (``move_to_end``
    then raises :class:`KeyError`, which the reader ignores).
    """

    __slots__ = ("budget", "items", "lock", "size", "weigh", "weight", "weights")

    def __init__(
        self, size: int, budget: int | None = None, weigh: Callable[[K], int] | None = None
    ) -> None:
        if size < 1:
            raise ValueError(f"an LRU table holds at least one entry, not {size}")
        self.size = size
        self.budget = budget
        self.weigh = weigh
        #: the sum of the entries' weights (0 without ``weigh``)
        self.weight = 0
        self.weights: dict[K, int] = {}
        #: the entries, least recently used first
        self.items: OrderedDict[K, V] = OrderedDict()
        #: held by every write, so that threads sharing the table keep its bound and its
        #: weights true (a read takes no lock: see :meth:`get`)
        self.lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The value stored for ``key`` (now the most recently used), or None."""
        items = self.items
        value = items.get(key)
        if value is not None:
            try:  # noqa: SIM105 (suppress() would cost a call on a hot path)
                items.move_to_end(key)
            except KeyError:  # another thread dropped it since: the value is still right
                pass
        return value

    def put(self, key: K, value: V) -> None:
        """Store ``value`` for ``key``, dropping the least recently used entries if full."""
        if self.weigh is not None:
            weight = self.weigh(key)
            with self.lock:
                self._put_weighed(key, value, weight)
            return
        # Without weights (the common case, on hot paths) one entry at most is dropped.
        items = self.items
        with self.lock:
            items[key] = value
            items.move_to_end(key)
            if len(items) > self.size:
                items.popitem(last=False)

    def _put_weighed(self, key: K, value: V, weight: int) -> None:
        budget = self.budget
        if budget is not None and weight > budget:
            return
        self.weight += weight - self.weights.get(key, 0)
        self.weights[key] = weight
        items = self.items
        items[key] = value
        items.move_to_end(key)
        while len(items) > self.size or (budget is not None and self.weight > budget):
            old, _ = items.popitem(last=False)
            self.weight -= self.weights.pop(old)

    def __len__(self) -> int:
        return len(self.items)

    def clear(self) -> None:
        """Forget every entry."""
        with self.lock:
            self.items.clear()
            self.weights.clear()
            self.weight = 0


def cached_in(table: LRU[Any, V]) -> Callable[[Callable[P, V]], Callable[P, V]]:
    """A decorator: the function keeps its results in ``table``, keyed by its positional
    arguments (and its keyword arguments, if any), which must be hashable.  A result of
    ``None`` is not kept."""

    def decorate(function: Callable[P, V]) -> Callable[P, V]:
        @functools.wraps(function)
        def remembering(*args: P.args, **kwargs: P.kwargs) -> V:
            key = (args, frozenset(kwargs.items())) if kwargs else args
            found = table.get(key)
            if found is None:
                found = function(*args, **kwargs)
                if found is not None:  # get() could not tell it from a miss
                    table.put(key, found)
            return found

        return remembering

    return decorate


def kept_in(table: LRU[K, V], make: Callable[[K], V]) -> Callable[[K], V]:
    """``make(key)``, kept in ``table`` by ``key``: for a hot path, it reads the table itself
    and does not refresh an entry it finds (so the oldest made goes first), unlike
    :func:`cached_in`.

    >>> from boardrules._lru import LRU, kept_in
    >>> CUBES: LRU[int, int] = LRU(2)
    >>> cube = kept_in(CUBES, lambda n: n**3)
    >>> cube(2), cube(3), cube(2), cube(4), list(CUBES.items)
    (8, 27, 8, 64, [3, 4])
    """
    items, put = table.items, table.put

    def kept(key: K) -> V:
        found = items.get(key)
        if found is None:
            found = make(key)
            put(key, found)
        return found

    return kept
