"""The interleaved CPU timing of the speed benchmarks (``readme_speed.py``,
``batch_speed.py``): engines measured in turn, in short slices, so that a busy moment of a
shared machine slows them all alike and their ratios hold."""

from __future__ import annotations

import time
from collections.abc import Callable

#: An engine does one unit of work a call (a game, a batch step) and returns what it counted.
Engine = Callable[[], int]


def measure(engines: dict[str, Engine], seconds: float, slice_: float) -> dict[str, float]:
    """One round: the engines take turns in slices of ``slice_`` CPU seconds until each has
    had ``seconds``; each one's count per CPU second."""
    done = dict.fromkeys(engines, 0)
    spent = dict.fromkeys(engines, 0.0)
    while min(spent.values()) < seconds:
        for name, engine in engines.items():
            start = time.process_time()
            while time.process_time() - start < slice_:
                done[name] += engine()
            spent[name] += time.process_time() - start
    return {name: done[name] / spent[name] for name in engines}
