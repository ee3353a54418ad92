"""Playing one game of a series, and running a series on local worker processes.

A series is fixed by its :class:`Series` (game, options, players, seed, seating rule); game
``i`` depends on nothing else, so any backend and any number of workers give the same games.
"""

from __future__ import annotations

import copy
import multiprocessing
import os
import pickle
import signal
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs

import boardrules as br
from boardrules.bots import Bot, game_seed, make_bot, play_game

__all__ = ["Outcome", "PlayerSpec", "Series", "play_one", "run_local"]

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


def label(player: PlayerSpec) -> str:
    """How a player is named in tables and records."""
    return player if isinstance(player, str) else repr(player)


def _bot(player: PlayerSpec) -> Bot:
    # A fresh bot for every game: a bot that learns as it plays then gives the same results
    # however the games are spread over the workers.
    return make_bot(player) if isinstance(player, str) else copy.deepcopy(player)


def play_one(series: Series, index: int) -> Outcome:
    """Play game ``index`` of ``series``."""
    seating = series.seating(index)
    seated = [series.players[p] for p in seating]
    bots = [_bot(p) for p in seated]
    decisions = 0

    def count(state: Any, move: Any) -> None:
        nonlocal decisions
        decisions += br.current_player(state) >= 0

    start = br.new_game(series.game, **series.options)
    seed, names = game_seed(series.seed, index), [label(p) for p in seated]
    try:
        end, record = play_game(start, bots, seed, names, on_move=count)
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
    return Outcome(
        index,
        seating,
        tuple(br.returns(end)),
        len(record.moves),
        decisions,
        record.to_json() if series.keep_records else None,
    )


def play_batch(series: Series, indices: Sequence[int]) -> list[Outcome]:
    """Play several games of ``series`` (one task of a remote backend)."""
    return [play_one(series, i) for i in indices]


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


# The series of the current worker process, set once by the pool's initializer so that each
# task is a bare game index.
_worker_series: Series | None = None


def _start_worker(series: Series) -> None:
    global _worker_series
    _worker_series = series
    # Ctrl-C reaches the whole process group; only the parent decides what to do with it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_worker(index: int) -> Outcome:
    assert _worker_series is not None, "the pool initializer sets the series"
    return play_one(_worker_series, index)


def run_local(series: Series, indices: Sequence[int], workers: int) -> Iterator[Outcome]:
    """The outcomes of games ``indices`` in order, played in ``workers`` processes (in
    this process when ``workers`` is 1).

    Games go to the workers one at a time: passing a task costs far less than a game (about
    0.1 ms against 3 ms for the quickest, a random 4-player Parchís game), and the first
    results, the progress and Ctrl-C stay prompt even for slow bots."""
    if workers == 1:
        for i in indices:
            yield play_one(series, i)
        return
    check_picklable(series)
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    pool = context.Pool(workers, initializer=_start_worker, initargs=(series,))
    try:
        yield from pool.imap(_play_in_worker, indices, chunksize=1)
    finally:
        # Also on Ctrl-C or when the caller stops early: no worker is left running.
        pool.terminate()
        pool.join()
