"""Playing one game of a series, and running a series on local worker processes.

A series is fixed by its :class:`Series` (game, options, players, seed, seating rule); game
``i`` depends on nothing else, so any backend and any number of workers give the same games.
"""

from __future__ import annotations

import copy
import json
import multiprocessing
import os
import pickle
import signal
import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any, cast

import attrs

import boardrules as br
from boardrules.bots import Bot, BotError, bot_name, game_seed, make_bot, play_game
from boardrules.simulate._result import FailedGame

if TYPE_CHECKING:
    from multiprocessing.context import ForkContext, SpawnContext

__all__ = [
    "Batches",
    "Outcome",
    "PlayerSpec",
    "Series",
    "in_flight",
    "play_batch",
    "play_one",
    "run_local",
]

#: A player of a series: a bot specification (``"mcts:iterations=200"``, a dotted import
#: path ``"package.module.Name"``) or a bot object.
PlayerSpec = str | Bot


@attrs.frozen
class Series:
    """Everything that decides the games of a series.

    ``seatings[k]`` lists, seat by seat, the index into ``players`` of who sits there in
    game ``k`` (they are used in turn: game ``i`` uses ``seatings[i % len(seatings)]``).
    """

    game: str
    options: Mapping[str, Any]
    players: tuple[PlayerSpec, ...]
    seed: int
    seatings: tuple[tuple[int, ...], ...]
    keep_records: bool

    def seating(self, index: int) -> tuple[int, ...]:
        return self.seatings[index % len(self.seatings)]


@attrs.frozen
class Outcome:
    """What a worker sends back for one game (small, so that the driver stays cheap)."""

    index: int
    seating: tuple[int, ...]
    returns: tuple[float, ...]
    plies: int
    decisions: int
    record: str | None
    failure: FailedGame | None = None
    #: the game's own statistics (``Game.statistics``) as (name, value) pairs, in its order
    statistics: tuple[tuple[str, float], ...] = ()


def label(player: PlayerSpec) -> str:
    """How a player is named in tables and records."""
    return bot_name(player)


def _bot(player: PlayerSpec) -> Bot:
    # A fresh bot for every game: a bot that learns as it plays then gives the same results
    # however the games are spread over the workers.
    return make_bot(player) if isinstance(player, str) else copy.deepcopy(player)


def play_one(series: Series, index: int) -> Outcome:
    """Play game ``index`` of ``series``."""
    seating = series.seating(index)
    seated = [series.players[p] for p in seating]
    decisions = 0
    moves: list[Any] = []

    def count(state: Any, move: Any) -> None:
        nonlocal decisions
        decisions += br.current_player(state) >= 0
        moves.append(move)

    start = br.new_game(series.game, **series.options)
    seed, names = game_seed(series.seed, index), [label(p) for p in seated]
    try:
        bots = [_bot(p) for p in seated]
        end, record = play_game(start, bots, seed, names, on_move=count)
    except BotError as error:  # the game failed: kept and reported with the others
        failed = error.in_series(index)
        failure = FailedGame(
            index, seed, seating, failed.bot, failed.seat, failed.reason, failed.position,
            failed.plies, str(failed),
            failed.record.to_json() if failed.record is not None and series.keep_records else None,
        )  # fmt: skip
        return Outcome(index, seating, (), failed.plies, decisions, None, failure)
    except Exception as error:
        # A bot's own error (or an illegal move it chose) goes up unchanged, with where it
        # happened, so that the game can be replayed alone (notes survive the worker pickle).
        note = getattr(error, "add_note", None)  # Python 3.11 and later
        if note is not None:
            note(
                f"in game {index} of the series ({series.game}, game seed {seed}, "
                f"seats: {', '.join(names)})"
            )
        raise
    hook = br.game_of(start).statistics
    numbers = () if hook is None else tuple(hook(end, tuple(moves)).items())
    text = None
    if series.keep_records:
        text = record.to_json()
        if numbers:  # the record's readers skip a field they do not know
            text = (
                text[:-1]
                + ',"statistics":'
                + json.dumps(dict(numbers), separators=(",", ":"))
                + "}"
            )
    return Outcome(
        index,
        seating,
        tuple(br.returns(end)),
        len(record.moves),
        decisions,
        text,
        statistics=numbers,
    )


def play_batch(series: Series, indices: Sequence[int]) -> tuple[list[Outcome], float]:
    """Play several games of ``series`` (one task of a worker): their outcomes, and the
    seconds of CPU they took, from which the next batches are sized: this thread's CPU
    time, not the process's (a Ray worker's own threads are not the games' time)."""
    clock = getattr(time, "thread_time", time.process_time)  # none per thread in Pyodide
    began = clock()
    outcomes = [play_one(series, i) for i in indices]
    return outcomes, clock() - began


class Batches:
    """The game indices of a series cut into tasks that grow to about :data:`TARGET`
    seconds of play each.

    A task costs the driver and the worker a fixed overhead (pickling, a pipe or Ray's
    scheduler), so quick games go in batches; slow games (a strong bot's) go one by one,
    so that the first results, the progress and Ctrl-C stay prompt.  The first tasks are
    single games, until their times are known; ``fixed`` sets every batch's size instead.
    """

    #: Seconds of play a batch aims at: far above a task's overhead (about 0.1 ms locally,
    #: 1 ms with Ray), far below what delays progress or Ctrl-C.
    TARGET = 0.05
    #: No batch holds more games than this.
    LARGEST = 256

    def __init__(self, indices: Sequence[int], fixed: int | None = None) -> None:
        self.indices, self.fixed = indices, fixed
        self.given = 0
        self.games, self.seconds = 0, 0.0

    def next(self) -> Sequence[int] | None:
        """The next batch, or ``None`` when every game has been given out."""
        if self.given >= len(self.indices):
            return None
        size = self.fixed or self._size()
        batch = self.indices[self.given : self.given + size]
        self.given += len(batch)
        return batch

    def played(self, games: int, seconds: float) -> None:
        """A batch of ``games`` games took ``seconds``."""
        self.games += games
        self.seconds += seconds

    def _size(self) -> int:
        if self.games == 0:
            return 1
        per_game = self.seconds / self.games
        if per_game <= 0:
            return self.LARGEST
        return max(1, min(self.LARGEST, int(self.TARGET / per_game)))


def in_flight(
    batches: Batches,
    window: int,
    submit: Callable[[Sequence[int]], Any],
    wait: Callable[[Any], tuple[list[Outcome], float]],
    pending: deque[Any],
) -> Iterator[Outcome]:
    """The outcomes of every batch in order, keeping ``window`` batches in flight:
    ``submit(batch)`` starts one and returns its handle, ``wait(handle)`` blocks for its
    result.  The handles not yet waited for stay in ``pending`` for the caller to cancel
    when it stops early."""
    while True:
        while len(pending) < window:
            batch = batches.next()
            if batch is None:
                break
            pending.append((len(batch), submit(batch)))
        if not pending:
            return
        games, handle = pending[0]
        outcomes, seconds = wait(handle)
        pending.popleft()
        batches.played(games, seconds)
        yield from outcomes


def check_picklable(series: Series) -> None:
    """Bots travel to worker processes by pickle: say which one cannot, before starting."""
    for player in series.players:
        if isinstance(player, str):
            continue
        try:
            pickle.dumps(player)
        except Exception as e:
            raise br.InvalidOptionError(
                f"the bot {player!r} cannot be sent to worker processes ({type(e).__name__}: "
                f"{e}); use workers=1, or a bot specification string"
            ) from None


def _serve(series: Series, link: Connection) -> None:
    """A worker process: play each batch that comes down ``link`` and send back its
    result, or the exception that stopped it, until the link closes."""
    # Ctrl-C reaches the whole process group; only the parent decides what to do with it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            indices = link.recv()
        except EOFError:
            return
        try:
            answer: tuple[str, Any] = ("done", play_batch(series, indices))
        except Exception as e:
            answer = ("error", e)
        try:
            link.send(answer)
        except Exception as e:  # an exception that pickle cannot carry travels as text
            link.send(("error", RuntimeError(f"{answer[1]!r} (not sent whole: {e})")))


class _Workers:
    """Worker processes, each with a pipe of its own.  A batch goes to the worker with the
    fewest batches in hand, and a worker answers its batches in the order it got them, so
    waiting for the batches in the order they were sent reads each pipe in turn.

    Not :class:`multiprocessing.pool.Pool`: its ``terminate`` can deadlock when a task
    fails while others are queued (CPython issues 73945 and 96995); here stopping is
    killing the processes, with no thread or lock shared with them.
    """

    def __init__(self, series: Series, workers: int) -> None:
        context: ForkContext | SpawnContext = (
            multiprocessing.get_context("fork")
            if os.name == "posix"
            else multiprocessing.get_context("spawn")
        )
        self.links: list[Connection] = []
        self.processes: list[BaseProcess] = []
        self.load = [0] * workers
        for _ in range(workers):
            ours, theirs = context.Pipe()
            process = context.Process(target=_serve, args=(series, theirs), daemon=True)
            process.start()
            theirs.close()
            self.links.append(ours)
            self.processes.append(process)

    def submit(self, batch: Sequence[int]) -> int:
        worker = min(range(len(self.load)), key=self.load.__getitem__)
        try:
            self.links[worker].send(list(batch))
        except OSError:  # a broken pipe: the worker is gone
            raise self._lost(worker) from None
        self.load[worker] += 1
        return worker

    def wait(self, worker: int) -> tuple[list[Outcome], float]:
        try:
            kind, value = self.links[worker].recv()
        except (EOFError, OSError):  # the pipe closed or reset: the worker is gone
            raise self._lost(worker) from None
        self.load[worker] -= 1
        if kind == "error":
            raise value
        return cast("tuple[list[Outcome], float]", value)

    def _lost(self, worker: int) -> RuntimeError:
        self.processes[worker].join(1)
        code = self.processes[worker].exitcode
        return RuntimeError(f"a worker process stopped unexpectedly (exit code {code})")

    def stop(self) -> None:
        for process in self.processes:
            process.kill()
        for process in self.processes:
            process.join()
        for link in self.links:
            link.close()


def run_local(series: Series, indices: Sequence[int], workers: int) -> Iterator[Outcome]:
    """The outcomes of games ``indices`` in order, played in ``workers`` processes (in
    this process when ``workers`` is 1), in :class:`Batches` of growing size, two per
    worker in flight."""
    if workers == 1:
        for i in indices:
            yield play_one(series, i)
        return
    check_picklable(series)
    pool = _Workers(series, workers)
    try:
        yield from in_flight(Batches(indices), 2 * workers, pool.submit, pool.wait, deque())
    finally:
        # Also on an error, on Ctrl-C or when the caller stops early: no worker is left.
        pool.stop()
