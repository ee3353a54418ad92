"""A small least-recently-used table, for Dorasure's caches that grow with the input.

Every cache of the package is bounded: :data:`boardrules.dorasure._setup.RULES_CACHE_SIZE`
rules objects (one per distinct set of options, and at most
:data:`~boardrules.dorasure._setup.RULES_CACHE_BYTES` characters of options among them), the
roll-offs of
:func:`boardrules.dorasure._dice.pick_roll` (:data:`~boardrules.dorasure._dice.PICK_CACHE_SIZE`
sets of living heroes) and the interned moves
(:data:`~boardrules.dorasure._state.MOVE_TABLE_SIZE`).  The other caches are keyed by
values the rules bound (dice counts up to a roll's most, subsets of the seven quest tiles).

>>> from boardrules.dorasure._lru import LRU
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
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["LRU"]

K = TypeVar("K")
V = TypeVar("V")


class LRU(Generic[K, V]):
    """At most ``size`` entries; putting one more drops the least recently used.  With
    ``weigh``, also at most ``budget`` for the sum of ``weigh(key)`` over the entries."""

    __slots__ = ("budget", "items", "size", "weigh", "weight", "weights")

    def __init__(
        self, size: int, budget: int | None = None, weigh: Callable[[K], int] | None = None
    ) -> None:
        self.size = size
        self.budget = budget
        self.weigh = weigh
        #: the sum of the entries' weights (0 without ``weigh``)
        self.weight = 0
        self.weights: dict[K, int] = {}
        #: the entries, least recently used first (a hot caller may read it directly)
        self.items: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The value stored for ``key`` (now the most recently used), or None."""
        items = self.items
        value = items.get(key)
        if value is not None:
            items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        """Store ``value`` for ``key``, dropping the least recently used entries if full."""
        items = self.items
        if self.weigh is not None:
            weight = self.weigh(key)
            if self.budget is not None and weight > self.budget:
                return
            self.weight += weight - self.weights.get(key, 0)
            self.weights[key] = weight
        items[key] = value
        items.move_to_end(key)
        while len(items) > self.size or (self.budget is not None and self.weight > self.budget):
            old, _ = items.popitem(last=False)
            self.weight -= self.weights.pop(old, 0)

    def __len__(self) -> int:
        return len(self.items)

    def clear(self) -> None:
        """Forget every entry."""
        self.items.clear()
        self.weights.clear()
        self.weight = 0
