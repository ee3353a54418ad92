"""The shared parts of the speed benchmarks (``readme_speed.py``, ``batch_speed.py``):
engines timed in turn, in short slices of CPU time, so that a busy moment of a shared machine
slows them all alike and their ratios hold; a 95% interval of the mean over the rounds; the
folder of the bare Parchís floor."""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Callable
from pathlib import Path

#: An engine does one unit of work a call (a game, a batch step) and returns what it counted.
Engine = Callable[[], int]

#: Student's t, 97.5% quantile, by degrees of freedom (1..10; beyond, the value at 10).
T975 = (12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26, 2.23)


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


def interval(values: list[float]) -> tuple[float, float]:
    """A 95% interval of the mean of ``values`` (Student's t); the mean twice for one value."""
    n = len(values)
    mean = statistics.fmean(values)
    if n < 2:
        return mean, mean
    half = T975[min(n - 1, len(T975)) - 1] * statistics.stdev(values) / math.sqrt(n)
    return mean - half, mean + half


def floor_argument(parser: argparse.ArgumentParser, checkout: Path) -> None:
    """``--floor``: the folder of ``limit_parchis.py`` (``../shared/bench`` beside
    ``checkout``)."""
    parser.add_argument(
        "--floor",
        type=Path,
        default=checkout.parent / "shared" / "bench",
        help="the folder of limit_parchis.py (default: ../shared/bench beside the checkout)",
    )
