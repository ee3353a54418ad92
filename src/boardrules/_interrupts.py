"""Ctrl-C held back while a step that must be done whole runs (a game of a series, a record
written after a move): shared by the command line's ``play`` and :mod:`boardrules.simulate`.
Knows no game."""

from __future__ import annotations

import _thread
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

__all__ = [
    "AGAIN_AFTER",
    "HeldInterrupt",
    "interrupt",
    "interrupts_held",
    "send_sigint",
    "sent_again",
]

#: Seconds after which a Ctrl-C that came inside the import system is sent again.
AGAIN_AFTER = 0.001


def interrupt(signum: int, frame: FrameType | None) -> None:
    """The command line's handler of SIGINT: KeyboardInterrupt, as Python's own handler
    raises, but never inside the import system (:func:`sent_again`)."""
    if not sent_again(frame):
        raise KeyboardInterrupt


def sent_again(frame: FrameType | None) -> bool:
    """Whether SIGINT came inside the import system, and is sent again a moment later.

    Python runs a weakref callback there when a module's import lock goes (the ``cb`` of
    ``importlib._bootstrap._get_module_lock``), and an exception raised in a callback is
    printed as "Exception ignored", with a traceback, and dropped: a Ctrl-C raised then
    would be lost, and the command would run on.  The signal is sent again from another
    thread, once the handler has returned; should it come before (a busy machine), the
    frame the handler interrupted is the one read.
    """
    while frame is not None and frame.f_code in _HANDLERS:
        frame = frame.f_back
    if frame is None or not frame.f_code.co_filename.startswith("<frozen importlib"):
        return False
    _thread.start_new_thread(send_sigint, (_thread.get_ident(), AGAIN_AFTER))
    return True


def send_sigint(thread: int, after: float) -> None:
    """Send SIGINT to ``thread`` in ``after`` seconds: a real signal, which also ends a
    wait (for input, for a worker) as Ctrl-C does."""
    time.sleep(after)
    if hasattr(signal, "pthread_kill"):
        signal.pthread_kill(thread, signal.SIGINT)
    else:  # Windows
        _thread.interrupt_main()


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

    def handle(self, signum: int, frame: FrameType | None) -> None:
        if self.holding:
            self.pending = True
        else:
            interrupt(signum, frame)


_HANDLERS = {interrupt.__code__, sent_again.__code__, HeldInterrupt.handle.__code__}


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
