"""Series and tournaments between bots, on this machine's processes or on a Ray cluster.

:func:`simulate` plays a seeded series and returns a :class:`SeriesResult` (per-player wins
with 95 % intervals, mean returns, lengths, speed, and every game); :func:`tournament` plays
every seating of every combination of bots and ranks them by a Bradley–Terry rating.  The
results depend only on the inputs (the seed above all): the same for any number of workers
and for either backend.  The command line's ``simulate`` and ``tournament`` are thin layers
over these.

>>> from boardrules.simulate import simulate
>>> result = simulate("docker", ["greedy", "random"], games=6, seed=3, rotate=True)
>>> [row.label for row in result.standings]
['greedy', 'random']
>>> print(result)  # doctest: +ELLIPSIS
   #  player  wins (95% CI)              mean return (95% CI)
   0  greedy  ...
"""

from __future__ import annotations

from boardrules.simulate._result import (
    FailedGame,
    GameResult,
    PlayerStats,
    SeriesResult,
    Statistic,
    TeamStats,
)
from boardrules.simulate._run import Backend, Progress, simulate
from boardrules.simulate._series import PlayerSpec
from boardrules.simulate._stats import bradley_terry, mean_interval, wilson
from boardrules.simulate._tournament import RankingEntry, TournamentResult, seatings, tournament

__all__ = [
    "Backend",
    "FailedGame",
    "GameResult",
    "PlayerSpec",
    "PlayerStats",
    "Progress",
    "RankingEntry",
    "SeriesResult",
    "Statistic",
    "TeamStats",
    "TournamentResult",
    "bradley_terry",
    "mean_interval",
    "seatings",
    "simulate",
    "tournament",
    "wilson",
]
