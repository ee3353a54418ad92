"""A small least-recently-used table, for Dorasure's caches that grow with the input.

Every cache of the package is bounded: :data:`boardrules.dorasure._setup.RULES_CACHE_SIZE`
rules objects (one per distinct set of options), the roll-offs of
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
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

__all__ = ["LRU"]

K = TypeVar("K")
V = TypeVar("V")


class LRU(Generic[K, V]):
    """At most ``size`` entries; putting one more drops the least recently used."""

    __slots__ = ("items", "size")

    def __init__(self, size: int) -> None:
        self.size = size
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
        """Store ``value`` for ``key``, dropping the least recently used entry if full."""
        items = self.items
        items[key] = value
        items.move_to_end(key)
        if len(items) > self.size:
            items.popitem(last=False)

    def __len__(self) -> int:
        return len(self.items)

    def clear(self) -> None:
        """Forget every entry."""
        self.items.clear()
