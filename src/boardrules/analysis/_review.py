"""The review of a game record, as gnubg reviews a backgammon match: for every decision
the move played against the best one and the value lost (the error, flagged by size); for
every roll the luck; per player the totals and rates; and the win chances over the game.

Each decision with a real choice (more than one legal move) is analysed by
:func:`~boardrules.analysis.best_moves` in ``seconds_per_move`` (solved when the position
is small enough, else estimated by rollouts seeded from the review's seed and the ply).
A roll's luck is the value of the position after it for the player who moves next minus
that player's expected value over all the outcomes, both valued one decision deep with the
evaluation (:func:`~boardrules.analysis._rollout.roll_value`), as gnubg values luck with
its own evaluator: cheap, exact over the dice, and of mean 0 over the rolls by
construction.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import boardrules as br
from boardrules._search import Evaluation
from boardrules.analysis._budget import SOLVE_BELOW, Analysis, make_budget
from boardrules.analysis._budget import analyse as _analyse
from boardrules.analysis._rollout import HORIZON, roll_value
from boardrules.bots import Bot
from boardrules.records import GameRecord, replay

__all__ = [
    "BAD",
    "DOUBTFUL",
    "SECONDS_PER_MOVE",
    "VERY_BAD",
    "Decision",
    "PlayerReview",
    "Review",
    "Reviewer",
    "Roll",
    "flag",
    "review",
]

#: An error (a loss, as a fraction of a win) of at least this much is *doubtful*; gnubg's
#: thresholds in equity (0.04, 0.08, 0.16 of a point, equity being 2p - 1 in a single
#: game) are these in win chance.
DOUBTFUL = 0.02
#: An error of at least this much is *bad*.
BAD = 0.04
#: An error of at least this much is *very bad*.
VERY_BAD = 0.08
#: The default time to analyse one decision: a 300-ply Parchís game in under a minute.
SECONDS_PER_MOVE = 0.25

#: Without a clock (``seconds_per_move=None``), a position (or the position after a move)
#: is solved when it reaches at most this many states.
REVIEW_STATES = 500

#: ``progress(done, total)`` hears how many decisions have been analysed.
ReviewProgress = Callable[[int, int], None]


def flag(loss: float, told_apart: bool = True) -> str:
    """The flag of an error of ``loss`` (a fraction of a win): ``"very bad"``, ``"bad"``,
    ``"doubtful"`` or ``""``; never flagged when the move played is not told apart from the
    best one (its value within the noise of the estimate).

    >>> from boardrules.analysis import flag
    >>> flag(0.01), flag(0.03), flag(0.05), flag(0.2), flag(0.2, told_apart=False)
    ('', 'doubtful', 'bad', 'very bad', '')
    """
    if not told_apart:
        return ""
    for threshold, name in ((VERY_BAD, "very bad"), (BAD, "bad"), (DOUBTFUL, "doubtful")):
        if loss >= threshold:
            return name
    return ""


@attrs.frozen
class Decision:
    """One decision of the game: at ply ``ply`` (the number of moves before it, rolls
    included), seat ``player`` played ``played`` where ``best`` was the best move found;
    ``values`` is each move's value for the mover (``half`` the half-widths of their 95%
    intervals when estimated), ``estimated_loss`` the best value minus the value of the
    move played, ``told_apart`` whether the two differ beyond the noise of the estimate
    (their difference compared rollout by rollout), and ``loss`` -- the error -- is the
    estimated loss when told apart, else 0: the noise of an estimate is never counted as
    an error.  ``flag`` is the error's size in words (:func:`flag`).
    ``chances`` are every player's values after the move played; ``method`` how the
    position was analysed (:meth:`~boardrules.analysis.Analysis.describe`)."""

    ply: int
    player: int
    played: str
    best: str
    loss: float
    estimated_loss: float
    flag: str
    told_apart: bool
    values: dict[str, float]
    half: dict[str, float]
    chances: tuple[float, ...]
    method: str


@attrs.frozen
class Roll:
    """One roll of the dice at ply ``ply``: ``roll`` came, and ``luck`` is the value it
    gave ``player`` (the player who moves next) beyond the mean over all the outcomes."""

    ply: int
    player: int
    roll: str
    luck: float


@attrs.frozen
class PlayerReview:
    """One player's totals: errors summed over ``decisions`` real choices and luck over
    ``rolls`` rolls, with their rates per decision and per roll and the flags counted."""

    name: str
    label: str
    decisions: int
    error_total: float
    rolls: int
    luck_total: float
    doubtful: int
    bad: int
    very_bad: int

    @property
    def error_rate(self) -> float:
        """The mean error per decision (0 with no decision)."""
        return self.error_total / self.decisions if self.decisions else 0.0

    @property
    def luck_rate(self) -> float:
        """The mean luck per roll (0 with no roll)."""
        return self.luck_total / self.rolls if self.rolls else 0.0


@attrs.frozen
class Review:
    """The review of a game: its ``decisions``, ``rolls`` and ``players``; ``team`` when the
    players share every result (Dorasure), so that the chances are the team's.
    :meth:`better` and :meth:`luckier` name the players; :meth:`to_json` and :meth:`text`
    write it out."""

    game: str
    names: tuple[str, ...]
    plies: int
    decisions: tuple[Decision, ...]
    rolls: tuple[Roll, ...]
    players: tuple[PlayerReview, ...]
    team: bool
    result: tuple[float, ...] | None
    seconds_per_move: float | None
    seed: int
    seconds: float

    def better(self) -> str:
        """The player with the least error per decision (``"the team"`` in a cooperative
        game, ``""`` when nobody decided anything)."""
        if self.team:
            return "the team"
        deciders = [p for p in self.players if p.decisions]
        return min(deciders, key=lambda p: p.error_rate).name if deciders else ""

    def luckier(self) -> str:
        """The player with the most luck per roll (``"the team"`` in a cooperative game)."""
        if self.team:
            return "the team"
        rolled = [p for p in self.players if p.rolls]
        return max(rolled, key=lambda p: p.luck_rate).name if rolled else ""

    def to_dict(self) -> dict[str, Any]:
        """The review as plain data (what :meth:`to_json` writes)."""
        return {
            "format": "boardrules-review",
            "game": self.game,
            "plies": self.plies,
            "team": self.team,
            "result": None if self.result is None else list(self.result),
            "seconds_per_move": self.seconds_per_move,
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
            "thresholds": {"doubtful": DOUBTFUL, "bad": BAD, "very_bad": VERY_BAD},
            "better": self.better(),
            "luckier": self.luckier(),
            "players": [_player_dict(p) for p in self.players],
            "decisions": [_decision_dict(d, self.names) for d in self.decisions],
            "rolls": [_roll_dict(r, self.names) for r in self.rolls],
        }

    def to_json(self) -> str:
        """The review as a JSON document; values are fractions of a win."""
        return json.dumps(self.to_dict())

    def text(self) -> str:
        """The review in words: the flagged decisions, then each player's totals."""
        return "\n".join(_text_lines(self))


def _player_dict(p: PlayerReview) -> dict[str, Any]:
    return {
        "name": p.name, "label": p.label, "decisions": p.decisions,
        "error_total": p.error_total, "error_rate": p.error_rate, "rolls": p.rolls,
        "luck_total": p.luck_total, "luck_rate": p.luck_rate, "doubtful": p.doubtful,
        "bad": p.bad, "very_bad": p.very_bad,
    }  # fmt: skip


def _roll_dict(r: Roll, names: Sequence[str]) -> dict[str, Any]:
    return {"ply": r.ply, "player": names[r.player], "seat": r.player, "roll": r.roll,
            "luck": r.luck}  # fmt: skip


def _decision_dict(d: Decision, names: Sequence[str]) -> dict[str, Any]:
    return {
        "ply": d.ply, "player": names[d.player], "seat": d.player, "played": d.played,
        "best": d.best, "loss": d.loss, "estimated_loss": d.estimated_loss, "flag": d.flag,
        "told_apart": d.told_apart,
        "values": d.values, "half": d.half, "chances": list(d.chances), "method": d.method,
    }  # fmt: skip


def _text_lines(r: Review) -> list[str]:
    lines = [
        f"{r.game}: {r.plies} plies, {len(r.decisions)} decisions with a choice, "
        f"{len(r.rolls)} rolls; reviewed in {r.seconds:.1f} s"
    ]
    flagged = [d for d in r.decisions if d.flag]
    lines.append(f"errors flagged ({len(flagged)}; doubtful >= {DOUBTFUL}, bad >= {BAD}, "
                 f"very bad >= {VERY_BAD} of a win):")  # fmt: skip
    for d in flagged:
        lines.append(f"  ply {d.ply:>4} {r.names[d.player]}: played {d.played}, best "
                     f"{d.best}, lost {d.loss:.4f} ({d.flag})")  # fmt: skip
    lines.append("players:")
    for p in r.players:
        label = f" ({p.label})" if p.label else ""
        lines.append(
            f"  {p.name}{label}: {p.decisions} decisions, error {p.error_total:.4f} "
            f"({p.error_rate:.4f} per decision; {p.doubtful} doubtful, {p.bad} bad, "
            f"{p.very_bad} very bad); {p.rolls} rolls, luck {p.luck_total:+.4f} "
            f"({p.luck_rate:+.4f} per roll)"
        )
    if r.team:
        lines.append("a cooperative game: the chances are the team's")
    else:
        lines.append(f"better player: {r.better()}; luckier: {r.luckier()}")
    return lines


def _mover_after(states: Sequence[Any], index: int) -> int:
    """The seat that moves first after ply ``index`` (the roller of the dice), or -1."""
    for state in states[index + 1 :]:
        player = br.current_player(state)
        if player >= 0:
            return int(player)
        if player == br.TERMINAL:
            return -1
    return -1


def _luck(before: Any, after: Any, player: int, evaluation: Evaluation) -> float:
    """The luck of the roll from ``before`` to ``after`` for ``player``."""
    mean = math.fsum(
        float(p) * roll_value(br.apply_move(before, move), evaluation)[player]
        for move, p in br.chance_outcomes(before)
    )
    return float(roll_value(after, evaluation)[player]) - mean


def _decision(ply: int, state: Any, move: Any, found: Analysis) -> Decision:
    player = int(br.current_player(state))
    best = found.best_move
    values = {str(m): float(v[player]) for m, v in found.move_values.items()}
    half = {str(m): float(found.half[m][player]) for m in found.half}
    estimated = max(0.0, values[str(best)] - values[str(move)])
    apart = found.told_apart(move)
    loss = estimated if apart else 0.0
    chances = tuple(float(v) for v in found.move_values[move])
    return Decision(ply, player, str(move), str(best), loss, estimated, flag(loss), apart,
                    values, half, chances, found.describe())  # fmt: skip


def review(
    record: GameRecord[Any, Any],
    *,
    seconds_per_move: float | None = SECONDS_PER_MOVE,
    rollouts: int | None = None,
    seed: int = 0,
    policy: Bot | None = None,
    horizon: int = HORIZON,
    evaluation: Evaluation | None = None,
    progress: ReviewProgress | None = None,
) -> Review:
    """Review the game of ``record``: every decision's error and every roll's luck.

    Each decision with a choice is analysed by :func:`best_moves` in ``seconds_per_move``
    (``None``: no clock, ``rollouts`` rollouts per move, so the review is the same on every
    machine); ``seed`` seeds the rollouts (with the ply), ``policy``, ``horizon`` and
    ``evaluation`` are as there.  ``progress(done, total)`` hears the decisions analysed.
    Values are fractions of a win; :data:`DOUBTFUL`, :data:`BAD` and :data:`VERY_BAD` are
    the flags' thresholds.

    >>> import boardrules as br
    >>> from boardrules.analysis import review
    >>> from boardrules.bots import GreedyBot, RandomBot, play_game
    >>> _, record = play_game(br.new_game("dorada", players=2), [GreedyBot(), RandomBot()],
    ...                       seed=1)
    >>> r = review(record, seconds_per_move=None, rollouts=4)
    >>> [p.name for p in r.players], r.better()
    (['red', 'blue'], 'red')
    >>> r.players[1].error_rate > r.players[0].error_rate
    True
    """
    reviewer = Reviewer(
        record, seconds_per_move=seconds_per_move, rollouts=rollouts, seed=seed,
        policy=policy, horizon=horizon, evaluation=evaluation,
    )  # fmt: skip
    while reviewer.step():
        if progress is not None:
            progress(reviewer.done, reviewer.total)
    return reviewer.result()


class Reviewer:
    """A review done a decision at a time (what :func:`review` does in one go): for a
    page that shows a progress bar between the steps.  The arguments are :func:`review`'s.

    >>> import boardrules as br
    >>> from boardrules.analysis import Reviewer
    >>> from boardrules.bots import RandomBot, play_game
    >>> _, record = play_game(br.new_game("docker", players=2), [RandomBot()] * 2, seed=3)
    >>> r = Reviewer(record, seconds_per_move=None, rollouts=2)
    >>> r.step(), r.done, r.total > 1
    (True, 1, True)
    """

    def __init__(
        self,
        record: GameRecord[Any, Any],
        *,
        seconds_per_move: float | None = SECONDS_PER_MOVE,
        rollouts: int | None = None,
        seed: int = 0,
        policy: Bot | None = None,
        horizon: int = HORIZON,
        evaluation: Evaluation | None = None,
    ) -> None:
        self.began: float = time.perf_counter()
        self.record = record
        self.start: Any = record.first_state()
        self.moves: list[tuple[Any, Any, Any]] = list(replay(record))
        self.states: list[Any] = [b for b, _, _ in self.moves]
        self.states.append(self.moves[-1][2] if self.moves else self.start)
        self.seconds_per_move: float | None = seconds_per_move
        self.seed: int = seed
        self.budget: tuple[int | None, Bot | None, int, Evaluation | None] = (
            rollouts,
            policy,
            horizon,
            evaluation,
        )
        make_budget(seconds_per_move, rollouts, 1, False, None, 1, seed, policy, horizon,
                    evaluation, None)  # the arguments checked before any work  # fmt: skip
        value = br.evaluate if evaluation is None else evaluation
        self.rolls: list[Roll | None] = [self._roll(ply, value) for ply in range(len(self.moves))]
        self.choices: list[int] = [ply for ply, (before, _, _) in enumerate(self.moves)
                        if br.current_player(before) >= 0
                        and len(br.legal_moves(before)) > 1]  # fmt: skip
        self.decisions: list[Decision] = []

    @property
    def total(self) -> int:
        """The number of decisions to analyse."""
        return len(self.choices)

    @property
    def done(self) -> int:
        """The number of decisions analysed so far."""
        return len(self.decisions)

    def _roll(self, ply: int, value: Evaluation) -> Roll | None:
        before, move, after = self.moves[ply]
        if br.current_player(before) != br.CHANCE or len(br.chance_outcomes(before)) < 2:
            return None
        roller = _mover_after(self.states, ply)
        return None if roller < 0 else Roll(ply, roller, str(move),
                                            _luck(before, after, roller, value))  # fmt: skip

    def step(self) -> bool:
        """Analyse the next decision; ``False`` when every one has been."""
        if self.done >= self.total:
            return False
        ply = self.choices[self.done]
        before, move, _ = self.moves[ply]
        rollouts, policy, horizon, evaluation = self.budget
        clockless = self.seconds_per_move is None
        budget = make_budget(
            self.seconds_per_move, rollouts, REVIEW_STATES if clockless else 1_000_000, False,
            None, 200_000, self.seed * 100_003 + ply, policy, horizon, evaluation, None,
            REVIEW_STATES if clockless else SOLVE_BELOW,
        )  # fmt: skip
        self.decisions.append(_decision(ply, before, move, _analyse(before, budget, moves=True)))
        return True

    def result(self) -> Review:
        """The review (of the decisions analysed so far)."""
        start, end = self.start, self.states[-1]
        names = tuple(br.player_names(start))
        rolls = [r for r in self.rolls if r is not None]
        return Review(
            br.game_of(start).name, names, len(self.moves), tuple(self.decisions),
            tuple(rolls), _players(names, self.record.players, self.decisions, rolls),
            _is_team(start), tuple(br.returns(end)) if br.is_terminal(end) else None,
            self.seconds_per_move, self.seed, time.perf_counter() - self.began,
        )  # fmt: skip


def _is_team(state: Any) -> bool:
    return br.game_of(state).name == "dorasure"


def _players(
    names: Sequence[str],
    labels: Sequence[str],
    decisions: Sequence[Decision],
    rolls: Sequence[Roll],
) -> tuple[PlayerReview, ...]:
    out = []
    for seat, name in enumerate(names):
        mine = [d for d in decisions if d.player == seat]
        luck = [r.luck for r in rolls if r.player == seat]
        out.append(PlayerReview(
            name, labels[seat] if seat < len(labels) else "", len(mine),
            math.fsum(d.loss for d in mine), len(luck), math.fsum(luck),
            sum(d.flag == "doubtful" for d in mine), sum(d.flag == "bad" for d in mine),
            sum(d.flag == "very bad" for d in mine),
        ))  # fmt: skip
    return tuple(out)
