"""``simulate``: a seeded series between bots, on local processes or on Ray."""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any, Literal

import attrs

import boardrules as br
from boardrules._interrupts import interrupts_held
from boardrules._values import safe_repr
from boardrules.bots import Bot, game_seed, make_bot
from boardrules.errors import InvalidOptionError
from boardrules.simulate._result import FailedGame, GameResult, SeriesResult
from boardrules.simulate._series import Outcome, PlayerSpec, Series, label, run_local

__all__ = [
    "Backend",
    "Placement",
    "Progress",
    "resolve_players",
    "run_series",
    "simulate",
    "whole",
    "worker_count",
]

#: Where the games run: ``"local"`` (this machine's processes) or ``"ray"`` (a Ray cluster).
Backend = Literal["local", "ray"]
#: ``progress`` of :func:`simulate`: ``True`` for a line on stderr, or a function called
#: with (games done, games in all) after every game.
Progress = bool | Callable[[int, int], None] | None


def resolve_players(players: Sequence[PlayerSpec]) -> tuple[PlayerSpec, ...]:
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise InvalidOptionError("players must be a list of bot specifications or bot objects")
    out: list[PlayerSpec] = []
    for p in players:
        if isinstance(p, str):
            make_bot(p)  # a bad specification fails here, before any game starts
        elif not isinstance(p, Bot):
            raise InvalidOptionError(f"{safe_repr(p)} is neither a bot specification nor a bot")
        out.append(p)
    return tuple(out)


def whole(name: str, value: object, low: int) -> int:
    if type(value) is not int or value < low:
        raise InvalidOptionError(
            f"{name} must be a whole number of at least {low}, not {safe_repr(value)}"
        )
    return value


def check_settings(
    options: object, rotate: object, batch_size: object, progress: object, record: object
) -> None:
    """Refuse a mistyped setting of :func:`simulate` before any game is played (a string
    ``rotate`` would be true, a number ``record`` would fail only after the first game)."""
    if options is not None and not isinstance(options, Mapping):
        raise InvalidOptionError(
            f"options must be a mapping of option names to values, not {safe_repr(options)}"
        )
    if type(rotate) is not bool:
        raise InvalidOptionError(f"rotate must be True or False, not {safe_repr(rotate)}")
    if batch_size is not None:
        whole("batch_size", batch_size, 1)
    if not (progress is None or type(progress) is bool or callable(progress)):
        raise InvalidOptionError(
            "progress must be True, False, None or a function of (done, total), "
            f"not {safe_repr(progress)}"
        )
    if not (record is None or isinstance(record, (str, os.PathLike)) or hasattr(record, "write")):
        raise InvalidOptionError(
            f"record must be a path or an open text file, not {safe_repr(record)}"
        )


#: At most this many local worker processes per CPU: more only adds processes that wait.
MAX_WORKERS_PER_CPU = 4


def worker_count(workers: int, backend: str) -> int:
    whole("workers", workers, 0)
    if backend == "local":
        cpus = os.cpu_count() or 1
        if workers > MAX_WORKERS_PER_CPU * cpus:
            raise InvalidOptionError(
                f"workers={workers} on {cpus} CPU(s): at most {MAX_WORKERS_PER_CPU * cpus} "
                "local workers (0: one per CPU)"
            )
        return workers or cpus
    return workers


class _Reporter:
    """Progress on stderr (the command line's format) or through the caller's function."""

    def __init__(self, total: int, progress: Progress) -> None:
        self.total, self.progress = total, progress
        self.tty = progress is True and sys.stderr.isatty()
        self.started = time.perf_counter()
        self.shown, self.next_tenth = 0.0, 1

    def update(self, done: int) -> None:
        if callable(self.progress):
            self.progress(done, self.total)
        elif self.progress:
            self._print(done)

    def _print(self, done: int) -> None:
        now = time.perf_counter()
        if self.tty:
            if now - self.shown < 0.2 and done < self.total:
                return
        elif done * 10 < self.next_tenth * self.total:
            return
        else:
            self.next_tenth = done * 10 // self.total + 1
        self.shown = now
        elapsed = now - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (self.total - done) / rate if rate > 0 else math.inf
        eta = "?" if math.isinf(left) else _duration(left)
        line = f"{done}/{self.total} games, {rate:.1f} games/s, about {eta} left"
        print(f"\r{line:<60}" if self.tty else line, end="" if self.tty else "\n", file=sys.stderr)
        sys.stderr.flush()

    def finish(self) -> None:
        if self.tty:
            print(file=sys.stderr)


def _duration(seconds: float) -> str:
    s = round(seconds)
    if s >= 3600:
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


@attrs.frozen
class Placement:
    """Where the games of a series run: the backend, its workers, the Ray cluster's address
    and the games per Ray task."""

    backend: str
    workers: int
    address: str | None = None
    batch_size: int | None = None

    def outcomes(self, series: Series, games: int) -> Iterator[Outcome]:
        indices = range(games)
        if self.backend == "local":
            if self.address is not None:
                raise InvalidOptionError("address= is for backend='ray'")
            return run_local(series, indices, min(self.workers, games))
        if self.backend == "ray":
            from boardrules.simulate._ray import run_ray

            return run_ray(series, indices, self.workers or None, self.address, self.batch_size)
        raise InvalidOptionError(
            f"unknown backend {safe_repr(self.backend)}; backends: 'local', 'ray'"
        )


def run_series(
    series: Series,
    games: int,
    placement: Placement,
    progress: Progress,
    record: str | os.PathLike[str] | IO[str] | None,
    failed: list[FailedGame] | None = None,
) -> tuple[list[GameResult], float, bool]:
    """Play the series and return its games in order, the seconds it took, and whether it
    was interrupted (Ctrl-C keeps the games finished before it).  The games a bot stopped
    go to ``failed`` (and their lines to ``record``) instead."""
    reporter = _Reporter(games, progress)
    results: list[GameResult] = []
    failures: list[FailedGame] = [] if failed is None else failed
    began = time.perf_counter()
    interrupted = False
    with ExitStack() as stack:
        out: IO[str] | None = None
        if isinstance(record, (str, os.PathLike)):
            out = stack.enter_context(Path(record).open("w", encoding="utf-8"))
        elif record is not None:
            out = record
        held = stack.enter_context(interrupts_held())
        try:
            for o in placement.outcomes(series, games):
                if o.failure is not None:
                    with held:
                        failures.append(o.failure)
                        if out is not None:
                            out.write(o.failure.to_json() + "\n")
                    reporter.update(len(results) + len(failures))
                    continue
                result = GameResult(
                    o.index, game_seed(series.seed, o.index), o.seating, o.returns, o.plies,
                    o.decisions, o.statistics,
                )  # fmt: skip
                with held:  # a game's result and its record are kept together or not at all
                    results.append(result)
                    if out is not None and o.record is not None:
                        out.write(o.record + "\n")
                reporter.update(len(results) + len(failures))
        except KeyboardInterrupt:
            interrupted = True
        finally:
            reporter.finish()
    return results, time.perf_counter() - began, interrupted


def _rotations(seats: int, rotate: bool) -> tuple[tuple[int, ...], ...]:
    if not rotate:
        return (tuple(range(seats)),)
    # Game i: seat s is played by player (s + i) mod seats, so each player takes every seat.
    return tuple(tuple((s + k) % seats for s in range(seats)) for k in range(seats))


def simulate(
    game: str,
    players: Sequence[PlayerSpec],
    *,
    games: int = 100,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    rotate: bool = False,
    workers: int = 1,
    backend: Backend = "local",
    address: str | None = None,
    batch_size: int | None = None,
    progress: Progress = None,
    record: str | os.PathLike[str] | IO[str] | None = None,
) -> SeriesResult:
    """Play ``games`` seeded games of ``game`` between ``players`` (one per seat: bot
    specifications such as ``"mcts:iterations=200"``, dotted import paths of your own bots,
    or bot objects, which are copied afresh for every game).

    Game ``i`` is seeded with :func:`~boardrules.bots.game_seed` ``(seed, i)``, so the
    results depend only on the inputs: the same for any ``workers`` and any ``backend``.
    ``rotate`` moves the players round the seats from game to game (player ``p`` sits in
    seat ``(p - i) mod n`` of game ``i``) to cancel seat advantages.  ``workers`` is the
    number of processes (0: one per CPU; with Ray: the CPUs to keep busy, 0 for all of the
    cluster's); ``backend="ray"`` runs the games as Ray tasks on the cluster at
    ``address`` (a local Ray runtime when ``None``).  Games travel to the workers in
    batches that grow to about 0.05 s of play each (``batch_size`` fixes the size of a
    Ray batch instead).  ``record`` (a path or an
    open text file) receives every game record as JSON Lines, in game order.  A bot that
    raises, returns something that is no move or chooses an illegal move stops its game
    only: the game is kept in ``failed`` (a :class:`FailedGame` naming the bot, its seat,
    the game's number and seed, and the position; in ``record``, the record up to there
    with a ``failure`` object) and the others go on.  Ctrl-C stops
    the series and returns what was played (``interrupted`` is then true).

    >>> from boardrules.simulate import simulate
    >>> result = simulate("parchis", ["greedy", "random"], games=4, seed=1)
    >>> len(result.games), round(sum(s.win_rate for s in result.standings), 6)
    (4, 1.0)
    >>> result.games == simulate("parchis", ["greedy", "random"], games=4, seed=1).games
    True
    """
    check_settings(options, rotate, batch_size, progress, record)
    opts = dict(options or {})
    seated = resolve_players(players)
    opts.setdefault("players", len(seated))
    start = br.new_game(game, **opts)
    seats = br.num_players(start)
    if seats != len(seated):
        raise InvalidOptionError(f"{game} has {seats} seats here but {len(seated)} players")
    record_games = record is not None
    if type(seed) is not int:
        raise InvalidOptionError(f"seed must be a whole number, not {safe_repr(seed)}")
    series = Series(
        game,
        br.game_of(start).options_of(start),
        seated,
        seed,
        _rotations(seats, rotate),
        record_games,
    )
    n = whole("games", games, 1)
    count = worker_count(workers, backend)
    placement = Placement(backend, count, address, batch_size)
    failed: list[FailedGame] = []
    results, seconds, interrupted = run_series(series, n, placement, progress, record, failed)
    return SeriesResult(
        game=br.game_of(start).name,
        options=series.options,
        players=tuple(label(p) for p in seated),
        seed=seed,
        rotate=rotate,
        cooperative=br.game_of(start).cooperative,
        requested=n,
        games=tuple(results),
        seconds=seconds,
        workers=count,
        backend=backend,
        interrupted=interrupted,
        failed=tuple(failed),
    )
