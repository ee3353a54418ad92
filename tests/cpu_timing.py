"""Timing a block in a test as ``timeit`` times it: with the garbage collector off.

    with collector_off():
        began = time.thread_time()
        ...
        spent = time.thread_time() - began

A test worker of ``pytest -n auto`` holds the garbage of the hundreds of tests before it,
and one full collection of that heap takes a tenth of a second or more: in the README's
test run one fell inside a Dorada decision of ``strong`` that takes a fifth of that, and a
CPU check of a tenth of a second would have counted it as the timed code's.  With the
collector off no collection can start in the block (the objects it frees by reference
counting are still freed); it is on again after it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_off() -> Iterator[None]:
    """The garbage collector off inside the block (as it was, after it)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
