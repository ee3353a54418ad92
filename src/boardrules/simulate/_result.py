"""The results of a series: per game, per player, and the table the command line prints."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from boardrules.simulate._stats import mean_interval, wilson

__all__ = [
    "FailedGame",
    "GameResult",
    "PlayerStats",
    "SeriesResult",
    "Statistic",
    "TeamStats",
    "summarise",
    "win_shares",
]


@attrs.frozen
class GameResult:
    """One game of a series.

    ``seating[s]`` is the index (into the series' players) of who sat in seat ``s``;
    ``returns[s]`` is that seat's return; ``seed`` is the game's own seed (the dice and the
    bots' choices), so ``play_game`` with it replays the game.  ``statistics`` are the
    game's own named numbers (``Game.statistics``; empty for a game
    without them), in the game's order.
    """

    index: int
    seed: int
    seating: tuple[int, ...]
    returns: tuple[float, ...]
    plies: int
    decisions: int
    statistics: tuple[tuple[str, float], ...] = ()

    def player_returns(self) -> tuple[float, ...]:
        """The returns by player (in the order of the series' players), not by seat.

        >>> from boardrules.simulate import GameResult
        >>> GameResult(0, 1, (1, 0), (1.0, 0.0), 9, 4).player_returns()
        (0.0, 1.0)
        """
        out = [0.0] * len(self.seating)
        for seat, player in enumerate(self.seating):
            out[player] = self.returns[seat]
        return tuple(out)


@attrs.frozen
class FailedGame:
    """A game of a series that a bot stopped: it raised, returned something that is no move,
    or chose an illegal move (a :class:`~boardrules.bots.BotError`).

    ``message`` says it all in one line (the bot, its seat, the game's number and seed, the
    position); ``bot`` and ``seat`` name the bot, ``seed`` replays the game with
    ``play_game``, ``position`` is the position (a :func:`~boardrules.to_json` document)
    and ``record`` the game's record up to there, as JSON.
    """

    index: int
    seed: int
    seating: tuple[int, ...]
    bot: str
    seat: int
    reason: str
    position: str
    plies: int
    message: str
    record: str | None = None

    def to_json(self) -> str:
        """The line of ``simulate --out``: the record up to the failure (an unfinished game,
        which ``replay`` reads) with a ``failure`` object that says who and where."""
        doc: dict[str, Any] = json.loads(self.record) if self.record is not None else {}
        doc["failure"] = {
            "game": self.index,
            "seed": self.seed,
            "bot": self.bot,
            "seat": self.seat,
            "reason": self.reason,
            "plies": self.plies,
            "position": json.loads(self.position),
        }
        return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)


def win_shares(returns: Sequence[float]) -> tuple[float, ...]:
    """Each seat's share of the win of one game.

    A win is the best return: shared when some seats tie for it, whole for everyone when all
    have the same positive return (a cooperative win), nobody's when all have the same
    return of zero or less (a cooperative loss).

    >>> from boardrules.simulate._result import win_shares
    >>> win_shares((1.0, 0.0, 1.0))
    (0.5, 0.0, 0.5)
    >>> win_shares((1.0, 1.0)), win_shares((0.0, 0.0))
    ((1.0, 1.0), (0.0, 0.0))
    """
    best = max(returns)
    tied = sum(r == best for r in returns)
    if tied == len(returns):
        return tuple(1.0 if best > 0 else 0.0 for _ in returns)
    return tuple(1 / tied if r == best else 0.0 for r in returns)


@attrs.frozen
class PlayerStats:
    """One player's results over a series: wins (ties shared) with the Wilson 95 % interval
    of the win rate, and the mean return with its normal 95 % interval."""

    player: int
    label: str
    wins: float
    win_rate: float
    win_interval: tuple[float, float]
    mean_return: float
    return_interval: tuple[float, float]


@attrs.frozen
class TeamStats:
    """The team's results in a cooperative game: every seat wins or loses together."""

    wins: int
    win_rate: float
    win_interval: tuple[float, float]


@attrs.frozen
class Statistic:
    """One of the game's statistics over a series: its mean per game and the normal 95 %
    interval of the mean (over the games that gave it)."""

    name: str
    mean: float
    interval: tuple[float, float]
    games: int


def summarise(games: Sequence[GameResult]) -> tuple[Statistic, ...]:
    """The mean and interval of each statistic the games give, in the order of the first
    game that gives it.

    >>> from boardrules.simulate._result import GameResult, summarise
    >>> games = [GameResult(i, i, (0,), (0.0,), 9, 4, (("wounds", float(i)),)) for i in (2, 4)]
    >>> summarise(games)[0].mean
    3.0
    """
    values: dict[str, list[float]] = {}
    for g in games:
        for name, value in g.statistics:
            values.setdefault(name, []).append(value)
    out = []
    for name, xs in values.items():
        mean, low, high = mean_interval(xs)
        out.append(Statistic(name, mean, (low, high), len(xs)))
    return tuple(out)


@attrs.frozen(eq=False)
class SeriesResult:
    """The result of :func:`~boardrules.simulate.simulate`: the games in order and the
    statistics the command line prints (``str(result)`` is that table).

    ``interrupted`` is true when the series was stopped early (Ctrl-C); ``games`` then holds
    the games played before that, and every statistic is over those.  ``failed`` holds the
    games that a bot stopped (:class:`FailedGame`): they count in no statistic, and the
    table names each.
    """

    game: str
    options: Mapping[str, Any]
    players: tuple[str, ...]
    seed: int
    rotate: bool
    cooperative: bool
    requested: int
    games: tuple[GameResult, ...]
    seconds: float
    workers: int
    backend: str
    interrupted: bool
    failed: tuple[FailedGame, ...] = attrs.field(default=(), kw_only=True)
    standings: tuple[PlayerStats, ...] = attrs.field(init=False)
    team: TeamStats | None = attrs.field(init=False)
    #: the game's own statistics (Dorasure: the dragon's wounds, quests solved...) averaged
    #: over the games, with 95 % intervals; empty for a game without them
    statistics: tuple[Statistic, ...] = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "standings", self._standings())
        object.__setattr__(self, "team", self._team() if self.cooperative else None)
        object.__setattr__(self, "statistics", summarise(self.games))

    def _standings(self) -> tuple[PlayerStats, ...]:
        n = len(self.games)
        rows = []
        for player, name in enumerate(self.players):
            values, wins = [], 0.0
            for g in self.games:
                seat = g.seating.index(player)
                values.append(g.returns[seat])
                wins += win_shares(g.returns)[seat]
            mean, low, high = mean_interval(values) if n else (0.0, 0.0, 0.0)
            rate = wins / n if n else 0.0
            rows.append(PlayerStats(player, name, wins, rate, wilson(wins, n), mean, (low, high)))
        return tuple(rows)

    def _team(self) -> TeamStats:
        n = len(self.games)
        wins = sum(1 for g in self.games if win_shares(g.returns)[0] == 1.0)
        return TeamStats(wins, wins / n if n else 0.0, wilson(wins, n))

    @property
    def average_plies(self) -> float:
        """Moves per game, rolls of the dice included."""
        return sum(g.plies for g in self.games) / len(self.games) if self.games else 0.0

    @property
    def average_decisions(self) -> float:
        """Decisions per game (moves that a player chose)."""
        return sum(g.decisions for g in self.games) / len(self.games) if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        return len(self.games) / self.seconds if self.seconds > 0 else 0.0

    @property
    def plies_per_second(self) -> float:
        return sum(g.plies for g in self.games) / self.seconds if self.seconds > 0 else 0.0

    def table(self) -> str:
        """The results as a text table (what ``str()`` gives)."""
        failures = [f"failed: {f.message}" for f in self.failed]
        if not self.games:
            return "\n".join(["no game was played", *failures])
        lines = self._team_lines() if self.team is not None else self._player_lines()
        lines += self._statistic_lines()
        lines.append(
            f"average length: {self.average_plies:.1f} moves "
            f"({self.average_decisions:.1f} decisions, the rest dice)"
        )
        if failures:
            lines.append(f"{len(failures)} game(s) failed, counted in no statistic:")
        return "\n".join(lines + failures)

    def _seat_names(self) -> tuple[str, ...]:
        """The seats by name (the players' colours or heroes), or by number when the seats
        rotate or the game cannot be set up here."""
        numbers = tuple(str(p) for p in range(len(self.players)))
        if self.rotate:
            return numbers
        from boardrules import api  # the package imports this module

        try:
            names = api.player_names(api.new_game(self.game, **dict(self.options)))
        except Exception:  # a game not registered in this process: its seats by number
            return numbers
        return names if len(names) == len(numbers) else numbers

    def _player_lines(self) -> list[str]:
        width = max(6, *map(len, self.players))
        seats = self._seat_names()
        first = "#" if self.rotate else "seat"
        left = max(4, *map(len, seats))
        align = ">" if self.rotate else "<"  # numbers to the right, names to the left
        lines = [
            f"{first:{align}{left}}  {'player':<{width}}  {'wins (95% CI)':<24}   "
            "mean return (95% CI)"
        ]
        for row in self.standings:
            low, high = row.win_interval
            half = (row.return_interval[1] - row.return_interval[0]) / 2
            lines.append(
                f"{seats[row.player]:{align}{left}}  {row.label:<{width}}  "
                f"{100 * row.win_rate:5.1f}%  "
                f"[{100 * low:5.1f}%, {100 * high:5.1f}%]   {row.mean_return:.3f} ± {half:.3f}"
            )
        return lines

    def _statistic_lines(self) -> list[str]:
        if not self.statistics:
            return []
        width = max(len(s.name) for s in self.statistics)
        lines = ["per game, mean (95% CI):"]
        for s in self.statistics:
            low, high = s.interval
            lines.append(f"  {s.name:<{width}}  {s.mean:6.2f}  [{low:6.2f}, {high:6.2f}]")
        return lines

    def _team_lines(self) -> list[str]:
        assert self.team is not None
        low, high = self.team.win_interval
        seats = self._seat_names()
        if seats == tuple(str(p) for p in range(len(self.players))):  # no names to give
            team = ", ".join(self.players)
        else:
            team = ", ".join(f"{s}: {p}" for s, p in zip(seats, self.players, strict=True))
        return [
            f"team ({team}): {self.team.wins}/{len(self.games)} won, "
            f"{100 * self.team.win_rate:.1f}% [{100 * low:.1f}%, {100 * high:.1f}%] "
            "(cooperative: the heroes win or lose together)"
        ]

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        state = ", interrupted" if self.interrupted else ""
        failed = f", {len(self.failed)} failed" if self.failed else ""
        return (
            f"<SeriesResult {self.game}: {len(self.games)}/{self.requested} games{failed}, "
            f"seed {self.seed}{state}>"
        )
