"""The library's one bounded cache, boardrules._lru: least recently used out first, bounded
in entries and, with weights, in their total weight."""

from __future__ import annotations

from types import FrameType
from typing import Any

import pytest

from boardrules._lru import LRU, cached_in


def test_the_least_recently_used_entry_goes_first() -> None:
    table: LRU[str, int] = LRU(3)
    for i, key in enumerate("abc"):
        table.put(key, i)
    assert table.get("a") == 0  # now the most recently used
    table.put("d", 3)
    assert list(table.items) == ["c", "a", "d"]
    assert table.get("b") is None and len(table) == 3


def test_putting_a_known_key_replaces_its_value_and_refreshes_it() -> None:
    table: LRU[str, int] = LRU(2)
    table.put("a", 1)
    table.put("b", 2)
    table.put("a", 10)
    table.put("c", 3)
    assert dict(table.items) == {"a": 10, "c": 3}


def test_a_miss_does_not_change_the_order() -> None:
    table: LRU[str, int] = LRU(2)
    table.put("a", 1)
    table.put("b", 2)
    assert table.get("z") is None
    assert list(table.items) == ["a", "b"]


def test_weights_bound_the_total_and_a_too_heavy_entry_is_not_kept() -> None:
    table: LRU[str, int] = LRU(10, budget=5, weigh=len)
    table.put("ab", 1)
    table.put("cd", 2)
    table.put("efg", 3)  # 2 + 2 + 3 > 5: the oldest goes
    assert list(table.items) == ["cd", "efg"] and table.weight == 5
    table.put("hijklm", 4)  # heavier than the whole budget
    assert list(table.items) == ["cd", "efg"] and table.weight == 5
    table.put("cd", 5)  # the same key again weighs once
    assert list(table.items) == ["efg", "cd"] and table.weight == 5 and table.get("cd") == 5


def test_the_count_bounds_a_weighed_table_too() -> None:
    table: LRU[str, int] = LRU(2, budget=100, weigh=len)
    for key in ("a", "b", "c"):
        table.put(key, 0)
    assert list(table.items) == ["b", "c"] and table.weight == 2


def test_clear_forgets_entries_and_weights() -> None:
    table: LRU[str, int] = LRU(4, budget=10, weigh=len)
    table.put("abc", 1)
    table.clear()
    assert len(table) == 0 and table.weight == 0 and table.weights == {}


def test_a_table_holds_at_least_one_entry() -> None:
    with pytest.raises(ValueError, match="at least one entry"):
        LRU(0)


def test_cached_in_keeps_results_by_arguments_within_the_table() -> None:
    calls: list[tuple[int, int]] = []
    table: LRU[object, int] = LRU(2)

    @cached_in(table)
    def add(a: int, b: int = 0) -> int:
        """Add."""
        calls.append((a, b))
        return a + b

    assert (add(1, 2), add(1, 2), add(1, b=2), add(1, b=2)) == (3, 3, 3, 3)
    assert calls == [(1, 2), (1, 2)]  # positional and keyword calls are kept apart
    add(5)
    assert len(table) == 2 and add(1, 2) == 3 and len(calls) == 4  # (1, 2) had gone
    assert add.__name__ == "add" and add.__doc__ == "Add."


def test_cached_in_does_not_keep_none() -> None:
    calls: list[int] = []
    table: LRU[object, None] = LRU(4)

    @cached_in(table)
    def nothing(a: int) -> None:
        calls.append(a)

    nothing(1)
    nothing(1)
    assert calls == [1, 1] and len(table) == 0


def test_the_caches_fed_by_callers_are_lru_tables() -> None:
    from boardrules import _search, api
    from boardrules.bots import _base
    from boardrules.docker import PITCH
    from boardrules.dorada import _board, _observation
    from boardrules.dorasure import _actions as dorasure_actions
    from boardrules.dorasure import _observation as dorasure_observation

    tables = {
        "sample_chance's draw tables": api._draw_tables,
        "the search's float outcomes": _search._floats,
        "Dorasure's action numberings": dorasure_actions._NUMBERINGS,
        "Dorasure's observation layouts": dorasure_observation._LAYOUTS,
        "bots' float outcomes": _base._float_outcomes,
        "Docker's routes": PITCH._routes,
        "Dorada's ranks": _board._RANKS,
        "Dorada's expected moves": _board._EXPECTED_MOVES,
        "Dorada's observation layouts": _observation._LAYOUTS,
    }
    assert all(isinstance(t, LRU) and 0 < t.size <= 100_000 for t in tables.values())


def test_the_bots_float_outcomes_stay_within_their_size(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    import boardrules as br
    from boardrules.bots import _base, sample_outcome

    table = _base._float_outcomes
    monkeypatch.setattr(table, "size", 3)
    table.clear()
    rng = random.Random(2)
    s = br.new_game("dorasure", players=2)  # a dozen different rolls in one game
    while not br.is_terminal(s):
        move = sample_outcome(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        s = br.apply_move(s, move)
        assert len(table) <= 3
    assert len(table) == 3


def test_threads_sharing_a_table_keep_it_whole() -> None:
    # Issue 36, class 2: threads creating Dorasure games got a KeyError from a cache: a
    # reader refreshed an entry that another thread had dropped since its look-up.  The
    # other thread runs here at the line of the refresh, as a thread switch can make it.
    import sys

    table: LRU[str, int] = LRU(4)
    table.put("key", 7)

    def other_thread_drops(frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code is LRU.get.__code__:
            if event == "line" and "move_to_end" in _line(frame):
                table.items.pop("key", None)
            return other_thread_drops
        return None

    sys.settrace(other_thread_drops)
    try:
        value = table.get("key")
    finally:
        sys.settrace(None)
    assert value == 7  # the value read is still right
    assert len(table) == 0


def _line(frame: FrameType) -> str:
    import linecache

    return linecache.getline(frame.f_code.co_filename, frame.f_lineno)


def test_threads_putting_into_a_weighed_table_keep_its_weight_true() -> None:
    # Issue 36, class 2: two writers dropping entries at once lost the sum of the weights
    # (a KeyError, or a table over its budget).
    import random
    import sys
    import threading

    table: LRU[str, int] = LRU(4, budget=12, weigh=len)
    errors: list[BaseException] = []

    def work(seed: int) -> None:
        rng = random.Random(seed)
        try:
            for _ in range(10_000):
                key = "k" * rng.randint(1, 5) + str(rng.randint(0, 6))
                if table.get(key) is None:
                    table.put(key, 1)
        except BaseException as e:
            errors.append(e)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    assert len(table) <= 4
    assert table.weight == sum(len(k) for k in table.items) <= 12
