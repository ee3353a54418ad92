"""Does ``strong``'s clock count only its own thinking?  Its deadline is the CPU time of the
thread that calls ``choose`` (``time.thread_time()``) without the garbage collector's full
collections; before, it was the process's CPU time (``time.process_time()``), which counts
every thread of the process and every pause of the collector.

    nice python benchmarks/strong_clock.py busy --seed 1 --decisions 40
    nice python benchmarks/strong_clock.py speed --seed 1 --decisions 40 --rounds 5

Both modes take ``--decisions`` positions of each game (2 players; reached by seeded random
play from ``--seed``, decisions with a choice only) and let ``strong`` (its default budget)
choose in each with two clocks: ``thread``, the shipped one, and ``process``, the one before
(``time.process_time()``, full collections counted: the module's clock swapped for the
run).

* ``busy``: while ``strong`` decides, ``--threads`` other threads of the process hash a
  buffer (``hashlib``, which lets go of the interpreter lock: a server, a learner's NumPy
  step in another thread), and wait while it does not.  Per game and clock: the decisions
  the clock ended (``StrongBot.timeouts``), and the moves that differ from the move of the
  same search without a clock, each with a 95% interval (Wilson).  On a machine with a free
  core for each thread, the process's clock runs ``threads + 1`` times as fast as the
  search's.
* ``speed``: no other thread; the two clocks take turns decision by decision (the first
  alternating) over the same positions, their CPU time (``time.thread_time()`` around
  ``choose``) summed in each round, and the ratio thread/process, its mean over the rounds
  with a 95% interval (Student's t): what the new clock costs.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

from _timing import interval  # noqa: E402

import boardrules as br  # noqa: E402
from boardrules.bots import StrongBot, _strong  # noqa: E402
from boardrules.simulate import wilson  # noqa: E402

CLOCKS = ("thread", "process")


def positions(game: str, seed: int, count: int) -> list[Any]:
    """``count`` decisions with a choice, from seeded random games of 2 players."""
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = br.new_game(game, players=2)
        while not br.is_terminal(state) and len(found) < count:
            if br.is_chance(state):
                move = br.sample_chance(state, rng)
            else:
                moves = br.legal_moves(state)
                if len(moves) > 1:
                    found.append(state)
                move = rng.choice(moves)
            state = br.apply_move(state, move)
    return found


@contextmanager
def clock(name: str) -> Iterator[None]:
    """``strong``'s clock for a while: the shipped one, or the process's with the
    collector's full collections counted (no callback is ever registered)."""
    if name == "thread":
        yield
        return
    shipped = {"time": vars(_strong)["time"], "gc": vars(_strong)["gc"]}
    setattr(_strong, "time", SimpleNamespace(thread_time=time.process_time))  # noqa: B010
    setattr(_strong, "gc", SimpleNamespace(callbacks=[]))  # noqa: B010
    try:
        yield
    finally:
        for module_name, module in shipped.items():
            setattr(_strong, module_name, module)


class Busy:
    """``threads`` threads that hash a buffer while :attr:`working` is set."""

    def __init__(self, threads: int) -> None:
        self.working, self.stopped = threading.Event(), False
        self.data = bytes(1 << 22)
        self.threads = [threading.Thread(target=self.work, daemon=True) for _ in range(threads)]
        for t in self.threads:
            t.start()

    def work(self) -> None:
        while not self.stopped:
            if self.working.wait(0.1):
                hashlib.sha256(self.data).digest()

    def stop(self) -> None:
        self.stopped = True
        for t in self.threads:
            t.join()


def busy(args: argparse.Namespace) -> None:
    workers = Busy(args.threads)
    try:
        for game in args.games:
            states = positions(game, args.seed, args.decisions)
            expected = [
                StrongBot(seconds=3600, nodes=StrongBot().budget(state)).choose(
                    state, random.Random(i)
                )
                for i, state in enumerate(states)
            ]
            for name in CLOCKS:
                bot, differ, own, process = StrongBot(), 0, [], []
                with clock(name):
                    for i, state in enumerate(states):
                        workers.working.set()
                        began = time.thread_time(), time.process_time()
                        move = bot.choose(state, random.Random(i))
                        own.append(time.thread_time() - began[0])
                        process.append(time.process_time() - began[1])
                        workers.working.clear()
                        differ += move != expected[i]
                report(game, name, args.threads, bot.timeouts, differ, own, process)
    finally:
        workers.stop()


def report(game: str, name: str, threads: int, ended: int, differ: int, own: list[float],
           process: list[float]) -> None:  # fmt: skip
    n = len(own)
    (a, b), (c, d) = wilson(ended, n), wilson(differ, n)
    print(f"{game:8} {name:7} clock, {threads} busy thread(s): ended by the clock {ended}/{n} "
          f"[{100 * a:.1f}%, {100 * b:.1f}%], another move {differ}/{n} [{100 * c:.1f}%, "
          f"{100 * d:.1f}%]; CPU ms a decision, its thread mean {1000 * statistics.fmean(own):.1f} "
          f"most {1000 * max(own):.1f}, the process mean {1000 * statistics.fmean(process):.1f} "
          f"most {1000 * max(process):.1f}")  # fmt: skip


def speed(args: argparse.Namespace) -> None:
    for game in args.games:
        states = positions(game, args.seed, args.decisions)
        ratios = []
        for r in range(args.rounds):
            spent = dict.fromkeys(CLOCKS, 0.0)
            for i, state in enumerate(states):  # the clocks in turn, decision by decision
                for name in CLOCKS if (r + i) % 2 == 0 else CLOCKS[::-1]:
                    with clock(name):
                        began = time.thread_time()
                        StrongBot().choose(state, random.Random(i))
                        spent[name] += time.thread_time() - began
            ratios.append(spent["thread"] / spent["process"])
        low, high = interval(ratios)
        print(f"{game:8} CPU time thread/process clock over {len(states)} decisions, "
              f"{args.rounds} rounds: {statistics.fmean(ratios):.3f} "
              f"[{low:.3f}, {high:.3f}]")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("busy", "speed"))
    parser.add_argument("--games", nargs="+", default=br.available_games())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=40, help="positions a game")
    parser.add_argument("--threads", type=int, default=4, help="busy: other threads at work")
    parser.add_argument("--rounds", type=int, default=5, help="speed: interleaved rounds")
    args = parser.parse_args()
    if args.mode == "busy":
        busy(args)
    else:
        speed(args)
    print(f"(load average {' '.join(f'{x:.1f}' for x in os.getloadavg())})")


if __name__ == "__main__":
    main()
