"""``tournament``: every seating of every combination of bots, scored and rated.

The rating is Bradley–Terry, fitted to the pairwise results inside each game (whoever has
the higher return beat the other; equal returns are a tie), on the Elo scale.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Mapping, Sequence
from typing import IO, Any

import attrs

import boardrules as br
from boardrules._values import safe_repr
from boardrules.errors import InvalidOptionError
from boardrules.simulate._result import FailedGame, GameResult
from boardrules.simulate._run import (
    Backend,
    Placement,
    Progress,
    check_settings,
    resolve_players,
    run_series,
    whole,
    worker_count,
)
from boardrules.simulate._series import PlayerSpec, Series, label
from boardrules.simulate._stats import Z95, bradley_terry

__all__ = ["RankingEntry", "TournamentResult", "seatings", "tournament"]


#: The most seatings a tournament plays (each ``games_per_pairing`` times): 1,000 bots in 2
#: seats, 33 in 4.
MAX_SEATINGS = 1_000_000


def seatings(bots: int, seats: int) -> tuple[tuple[int, ...], ...]:
    """Every seating of every combination of ``bots`` bots into ``seats`` seats.

    With at least as many bots as seats, each set of ``seats`` different bots in every
    order; with fewer bots, every assignment of bots to seats in which at least two
    different bots play (a bot then fills several seats).

    >>> from boardrules.simulate import seatings
    >>> seatings(3, 2)
    ((0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1))
    >>> len(seatings(2, 4))  # 2**4 assignments less the two with a single bot
    14

    More than 1,000,000 raise :class:`~boardrules.InvalidOptionError` (40 bots
    in 4 seats make 2,193,360 seatings: a tournament of 21 million games at 10 a seating).
    """
    count = math.perm(bots, seats) if bots >= seats else bots**seats - bots
    if count > MAX_SEATINGS:
        raise InvalidOptionError(
            f"{bots} bots in {seats} seats make {count:,} seatings; a tournament plays at most "
            f"{MAX_SEATINGS:,}: give fewer bots"
        )
    if bots >= seats:
        return tuple(
            order
            for combo in itertools.combinations(range(bots), seats)
            for order in itertools.permutations(combo)
        )
    return tuple(s for s in itertools.product(range(bots), repeat=seats) if len(set(s)) > 1)


@attrs.frozen
class RankingEntry:
    """One bot of a tournament: ``score`` is its mean return per game played (ties as the
    game gives them), ``rating`` its Bradley–Terry rating on the Elo scale (mean 0) with a
    95 % interval."""

    bot: str
    games: int
    score: float
    rating: float
    rating_interval: tuple[float, float]


@attrs.frozen(eq=False)
class TournamentResult:
    """The result of :func:`tournament`: the ranking (best first; ``str()`` is the table)
    and every game with the seating it was played in."""

    game: str
    bots: tuple[str, ...]
    ranking: tuple[RankingEntry, ...]
    games: tuple[GameResult, ...]
    seconds: float
    interrupted: bool
    #: the games a bot stopped (see :func:`~boardrules.simulate.simulate`): in no statistic
    failed: tuple[FailedGame, ...] = attrs.field(default=(), kw_only=True)

    def table(self) -> str:
        width = max(3, *map(len, self.bots))
        lines = [f"rank  {'bot':<{width}}  games   score   rating (95% CI)"]
        for rank, e in enumerate(self.ranking, 1):
            low, high = e.rating_interval
            lines.append(
                f"{rank:>4}  {e.bot:<{width}}  {e.games:>5}  {e.score:6.3f}   "
                f"{e.rating:+7.1f} [{low:+.1f}, {high:+.1f}]"
            )
        lines += [f"failed: {f.message}" for f in self.failed]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _pairwise(games: Sequence[GameResult], bots: int) -> list[list[float]]:
    wins = [[0.0] * bots for _ in range(bots)]
    for g in games:
        for a, b in itertools.combinations(range(len(g.seating)), 2):
            i, j = g.seating[a], g.seating[b]
            if i == j:
                continue
            ra, rb = g.returns[a], g.returns[b]
            wins[i][j] += 1.0 if ra > rb else 0.5 if ra == rb else 0.0
            wins[j][i] += 1.0 if rb > ra else 0.5 if ra == rb else 0.0
    return wins


def _ranking(names: Sequence[str], games: Sequence[GameResult]) -> tuple[RankingEntry, ...]:
    ratings, errors = bradley_terry(_pairwise(games, len(names)))
    entries = []
    for i, name in enumerate(names):
        played = [g for g in games if i in g.seating]
        points = [g.returns[s] for g in played for s, p in enumerate(g.seating) if p == i]
        score = sum(points) / len(points) if points else 0.0
        half = Z95 * errors[i]
        entries.append(
            RankingEntry(
                name, len(played), score, ratings[i], (ratings[i] - half, ratings[i] + half)
            )
        )
    return tuple(sorted(entries, key=lambda e: (-e.rating, -e.score, e.bot)))


def _distinct(names: tuple[str, ...]) -> tuple[str, ...]:
    """The bots' names, numbered where the same bot takes part more than once.

    >>> from boardrules.simulate._tournament import _distinct
    >>> _distinct(("random", "greedy", "random"))
    ('random #1', 'greedy', 'random #2')
    """
    seen: dict[str, int] = {}
    out = []
    for name in names:
        if names.count(name) > 1:
            seen[name] = seen.get(name, 0) + 1
            name = f"{name} #{seen[name]}"
        out.append(name)
    return tuple(out)


def tournament(
    game: str,
    bots: Sequence[PlayerSpec],
    *,
    games_per_pairing: int = 10,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    backend: Backend = "local",
    address: str | None = None,
    progress: Progress = None,
    record: str | os.PathLike[str] | IO[str] | None = None,
) -> TournamentResult:
    """Play ``games_per_pairing`` seeded games for every seating of every combination of
    ``bots`` (see :func:`seatings`) at the game's player count (``options["players"]`` or
    the game's default), and rank the bots by Bradley–Terry rating.

    >>> from boardrules.simulate import tournament
    >>> t = tournament("docker", ["greedy", "random"], games_per_pairing=3, seed=2,
    ...                options={"players": 2})
    >>> [e.bot for e in t.ranking], len(t.games)
    (['greedy', 'random'], 6)
    """
    check_settings(options, False, None, progress, record)
    entrants = resolve_players(bots)
    if len(entrants) < 2:
        raise InvalidOptionError("a tournament needs at least two bots")
    start = br.new_game(game, **dict(options or {}))
    seats = br.num_players(start)
    orders = seatings(len(entrants), seats)
    per = whole("games_per_pairing", games_per_pairing, 1)
    if type(seed) is not int:
        raise InvalidOptionError(f"seed must be a whole number, not {safe_repr(seed)}")
    # Game i is played in seating orders[i % len(orders)]: every seating gets `per` games.
    series = Series(
        br.game_of(start).name,
        br.game_of(start).options_of(start),
        entrants,
        seed,
        orders,
        record is not None,
    )
    placement = Placement(backend, worker_count(workers, backend), address)
    failed: list[FailedGame] = []
    results, seconds, interrupted = run_series(
        series, per * len(orders), placement, progress, record, failed
    )
    names = _distinct(tuple(label(b) for b in entrants))
    return TournamentResult(
        series.game, names, _ranking(names, results), tuple(results), seconds, interrupted,
        failed=tuple(failed),
    )  # fmt: skip
