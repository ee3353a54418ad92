"""Ctrl-C held back while a step that must be done whole runs (a game of a series, a record
written after a move): shared by the command line's ``play`` and :mod:`boardrules.simulate`.
Knows no game."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["HeldInterrupt", "interrupts_held"]


class HeldInterrupt:
    """Ctrl-C held back inside ``with held:`` and raised as the block ends, so that what
    the block does is done whole or not at all.  :func:`interrupts_held` installs
    :meth:`handle` as the handler of SIGINT."""

    def __init__(self) -> None:
        self.holding = self.pending = False

    def __enter__(self) -> None:
        self.holding = True

    def __exit__(self, *exc: object) -> None:
        self.holding = False
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt

    def handle(self, signum: int, frame: object) -> None:
        if self.holding:
            self.pending = True
        else:
            raise KeyboardInterrupt


@contextmanager
def interrupts_held() -> Iterator[HeldInterrupt]:
    """A :class:`HeldInterrupt` handling SIGINT while a series or a game runs (signals reach
    only the main thread; elsewhere Ctrl-C is left as it is)."""
    held = HeldInterrupt()
    if threading.current_thread() is not threading.main_thread():
        yield held
        return
    previous = signal.signal(signal.SIGINT, held.handle)
    try:
        yield held
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
