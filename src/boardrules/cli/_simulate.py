"""``boardrules simulate``: many seeded games between bots, over several processes."""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TextIO

import attrs

import boardrules as br
from boardrules.bots import game_seed, make_bot, play_game
from boardrules.cli._common import UsageError, start_and_players


@attrs.frozen
class _Task:
    game: str
    options: dict[str, Any]
    specs: tuple[str, ...]
    series_seed: int
    index: int
    shift: int  # seat s is played by specs[(s + shift) % n]
    keep_record: bool


@attrs.frozen
class _Outcome:
    shift: int
    result: tuple[float, ...]
    moves: int
    decisions: int
    record: str | None


def _simulate_one(task: _Task) -> _Outcome:
    """Play game ``task.index`` of a series; runs in a worker process.

    The bots are made afresh for each game, so that a bot that learns as it plays gives
    the same results however the games are spread over the workers.
    """
    seated = task.specs[task.shift :] + task.specs[: task.shift]
    bots = [make_bot(s) for s in seated]
    decisions = 0

    def count(state: Any, move: Any) -> None:
        nonlocal decisions
        decisions += br.current_player(state) >= 0

    seed = game_seed(task.series_seed, task.index)
    start = br.new_game(task.game, **task.options)
    end, record = play_game(start, bots, seed, seated, on_move=count)
    return _Outcome(
        task.shift,
        tuple(br.returns(end)),
        len(record.moves),
        decisions,
        record.to_json() if task.keep_record else None,
    )


def _ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group; only the parent decides what to do with it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Progress:
    """Progress and an estimate of the time left, on stderr."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled
        self.tty = sys.stderr.isatty()
        self.started = time.perf_counter()
        self.shown = 0.0
        self.next_tenth = 1

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        elapsed = now - self.started
        if self.tty:
            if now - self.shown < 0.2 and done < self.total:
                return
        elif done * 10 < self.next_tenth * self.total:
            return
        else:
            self.next_tenth = done * 10 // self.total + 1
        self.shown = now
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (self.total - done) / rate if rate > 0 else math.inf
        eta = "?" if math.isinf(left) else _duration(left)
        line = f"{done}/{self.total} games, {rate:.1f} games/s, about {eta} left"
        print(f"\r{line:<60}" if self.tty else line, end="" if self.tty else "\n", file=sys.stderr)
        sys.stderr.flush()

    def finish(self) -> None:
        if self.enabled and self.tty:
            print(file=sys.stderr)


def _duration(seconds: float) -> str:
    s = round(seconds)
    if s >= 3600:
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


def _run_series(tasks: Iterable[_Task], workers: int) -> Iterator[_Outcome]:
    """The outcomes in game order, computed in ``workers`` processes."""
    if workers == 1:
        yield from map(_simulate_one, tasks)
        return
    with multiprocessing.Pool(workers, initializer=_ignore_interrupts) as pool:
        yield from pool.imap(_simulate_one, tasks, chunksize=1)


def _wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _table(specs: Sequence[str], outcomes: Sequence[_Outcome], rotate: bool) -> str:
    """Per player: the share of wins with its Wilson interval, and the mean return with a
    normal-approximation interval; then the average length.

    A win is the best return of a game: shared when some players tie for it, whole for
    everyone when all players have the same positive return (a cooperative win), and nobody's
    when all have the same return of zero or less (a cooperative loss).
    """
    n = len(outcomes)
    seats = len(specs)
    width = max(6, *map(len, specs))
    first = "#" if rotate else "seat"
    lines = [f"{first:>4}  {'player':<{width}}  {'wins (95% CI)':<24}   mean return (95% CI)"]
    for player, spec in enumerate(specs):
        values = [o.result[(player - o.shift) % seats] for o in outcomes]
        wins = 0.0
        for o, value in zip(outcomes, values, strict=True):
            best = max(o.result)
            tied = sum(r == best for r in o.result)
            if value != best or (tied == seats and best <= 0):
                continue
            wins += 1 if tied == seats else 1 / tied
        low, high = _wilson(wins, n)
        mean = sum(values) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else math.nan
        half = 1.96 * sd / math.sqrt(n)
        lines.append(
            f"{player:>4}  {spec:<{width}}  {100 * wins / n:5.1f}%  [{100 * low:5.1f}%, "
            f"{100 * high:5.1f}%]   {mean:.3f} ± {half:.3f}"
        )
    moves = sum(o.moves for o in outcomes) / n
    decisions = sum(o.decisions for o in outcomes) / n
    lines.append(f"average length: {moves:.1f} moves ({decisions:.1f} decisions, the rest dice)")
    return "\n".join(lines)


def _cmd_simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.workers < 0:
        raise UsageError("--workers must be 0 (one per CPU) or more")
    start, specs = start_and_players(args, allow_human=False)
    game = br.game_of(start)
    options = game.options_of(start)
    workers = args.workers or os.cpu_count() or 1
    workers = min(workers, args.games)
    out: TextIO | None = None
    if args.out:
        try:
            out = open(args.out, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as e:
            raise UsageError(f"cannot write {args.out}: {e.strerror}") from None
    # A generator: the pool takes tasks as workers become free, so memory stays flat.
    tasks = (
        _Task(
            game.name,
            options,
            tuple(specs),
            args.seed,
            i,
            i % len(specs) if args.rotate else 0,
            out is not None,
        )
        for i in range(args.games)
    )
    print(
        f"{game.name}: {args.games} games, seed {args.seed}, {workers} worker(s); options "
        + json.dumps(options, sort_keys=True),
        flush=True,
    )
    progress = _Progress(args.games, not args.quiet)
    outcomes: list[_Outcome] = []
    began = time.perf_counter()
    interrupted = False
    try:
        for outcome in _run_series(tasks, workers):
            outcomes.append(outcome)
            if out is not None and outcome.record is not None:
                out.write(outcome.record + "\n")
            progress.update(len(outcomes))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        progress.finish()
        if out is not None:
            out.close()
    seconds = time.perf_counter() - began
    if interrupted:
        print(f"interrupted: {len(outcomes)} of {args.games} games were played")
    if not outcomes:
        return 130 if interrupted else 0
    if args.rotate:
        print("seats rotate: in game i (from 0), player # sits in seat (# - i) mod players")
    print(_table(specs, outcomes, args.rotate))
    moves = sum(o.moves for o in outcomes)
    print(
        f"speed: {len(outcomes) / seconds:.2f} games/s, {moves / seconds:.0f} moves/s "
        f"({seconds:.1f} s)"
    )
    if out is not None:
        print(f"{len(outcomes)} records written to {args.out}")
    return 130 if interrupted else 0
