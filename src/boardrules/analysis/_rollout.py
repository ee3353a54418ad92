"""Monte-Carlo rollouts: the value of positions too large to solve, estimated by playing
them out many times with a policy, with 95% intervals.

Each position to compare (the positions after each move, or after each outcome of a roll) is
played out once per *round*, and round ``i`` draws its dice and the policy's random numbers
from generators seeded with ``(seed, i)`` alone: every position meets the same dice in the
same round (common random numbers).  Two moves are then compared rollout by rollout, so
the luck of the dice, which both meet alike, cancels from their difference: moves whose
marginal intervals overlap are still told apart when one is better in nearly every round.

A rollout stops at the end of the game (the returns) or after ``horizon`` plies (rolls
included), where the evaluation scores the position: far cheaper than playing to the end,
at the price of the evaluation's own error, which is the same for every move.

Variance reduction (as gnubg's rollouts do): at each roll of a rollout with at most
:data:`REDUCED_OUTCOMES` outcomes, the luck of the roll -- the value :func:`roll_value`
gives the outcome drawn minus the probability-weighted mean over all outcomes -- is taken
off the rollout's result.  The luck has mean 0 whatever the values are, so the estimate
stays unbiased, but most of the dice's noise is gone, and the results are no longer a few
fractions ``k/n`` that two moves could share.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import boardrules as br
from boardrules._search import CHANCE_DEPTH, Evaluation
from boardrules.bots import Bot, StrongBot, sample_outcome

__all__ = [
    "HORIZON",
    "REDUCED_OUTCOMES",
    "STRONG_ROUNDS",
    "Estimate",
    "QuickBot",
    "Rollouts",
    "StrongPolicy",
    "default_policy",
    "interval",
    "roll_value",
]

#: Plies (rolls included) a rollout plays before the evaluation scores its position.
HORIZON = 60
#: In a time budget the rollouts play :class:`StrongPolicy` by default only when its first
#: round shows that this many rounds fit the time left; else :class:`QuickBot` plays them
#: all (the strong policy costs 5-7 times as much per rollout: with fewer rollouts than
#: this, the width of the intervals would hide the differences between moves).
STRONG_ROUNDS = 100
#: Rolls with more outcomes than this keep their luck in the rollout (valuing every
#: outcome would cost more than the noise it removes).
REDUCED_OUTCOMES = 36

# The two-sided 95% quantile of the normal distribution.
Z95 = 1.959963984540054


def interval(samples: Sequence[float], spread: float = 1.0) -> tuple[float, float]:
    """The mean of ``samples`` and the half-width of its 95% interval (normal
    approximation; infinite for fewer than two samples).

    The variance counts one more sample of the largest variance values of range
    ``spread`` can have (``spread**2 / 4``): a few rollouts that all agree (all lost)
    give an honest interval, not a width of 0; it fades as the rollouts add up."""
    n = len(samples)
    mean = math.fsum(samples) / n
    if n < 2:
        return mean, math.inf
    squares = math.fsum((x - mean) ** 2 for x in samples) + spread * spread / 4
    return mean, Z95 * math.sqrt(squares / n / n)


class QuickBot:
    """Plays the move whose resulting position ``evaluation`` (default
    :func:`boardrules.evaluate`) likes best for the mover, without looking at the dice
    after it (the first such move when several are equal); rolls the dice at a chance
    node.  Cheap enough to play thousands of rollouts in a few seconds.

    >>> import random, boardrules as br
    >>> from boardrules.analysis import QuickBot
    >>> s = br.new_game("dorada", players=2)
    >>> s = br.apply_move(s, br.legal_moves(s)[0])
    >>> QuickBot().choose(s, random.Random(0)) in br.legal_moves(s)
    True
    """

    def __init__(self, evaluation: Evaluation | None = None) -> None:
        self.evaluation: Evaluation = br.evaluate if evaluation is None else evaluation

    def choose(self, state: Any, rng: random.Random) -> Any:
        """The evaluation's favourite move (a drawn outcome at a chance node)."""
        player = br.current_player(state)
        if player == br.CHANCE:
            return sample_outcome(state, rng)
        moves = br.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        apply, evaluation = br.apply_move, self.evaluation
        best, best_value = moves[0], -math.inf
        for move in moves:
            value = evaluation(apply(state, move))[player]
            if value > best_value:
                best, best_value = move, value
        return best

    def __repr__(self) -> str:
        return "QuickBot()"


def roll_value(state: Any, evaluation: Evaluation) -> Sequence[float]:
    """The value of the position after a roll, one decision deep: the evaluation of the
    position after the mover's best move by ``evaluation`` (the returns at the end; the
    evaluation itself where nobody chooses)."""
    player = br.current_player(state)
    if player == br.TERMINAL:
        return br.returns(state)
    if player == br.CHANCE:
        return evaluation(state)
    best: Sequence[float] = ()
    for move in br.legal_moves(state):
        value = evaluation(br.apply_move(state, move))
        if not best or value[player] > best[player]:
            best = value
    return best


class StrongPolicy:
    """The strong bot's policy for rollouts: :class:`~boardrules.bots.StrongBot` cut at its
    first round, one decision deep -- every move scored over the exact roll that follows
    (at most the game's ``Game.chance_depth`` rolls in a row, else the search's default)
    with ``evaluation`` (default :func:`boardrules.evaluate`, the game's fitted one).  Its
    clock is set far beyond what one decision needs, so that only the position and
    ``rng`` (which breaks ties) choose the move: rollouts stay the same for a seed.

    >>> import random, boardrules as br
    >>> from boardrules.analysis import StrongPolicy
    >>> s = br.new_game("dorada", players=2)
    >>> s = br.apply_move(s, br.legal_moves(s)[0])
    >>> StrongPolicy().choose(s, random.Random(0)) in br.legal_moves(s)
    True
    """

    def __init__(self, evaluation: Evaluation | None = None) -> None:
        self.evaluation: Evaluation | None = evaluation
        self._bots: dict[int, StrongBot] = {}

    def choose(self, state: Any, rng: random.Random) -> Any:
        """The strong bot's move one decision deep (a drawn outcome at a chance node)."""
        rolls = br.game_of(state).chance_depth
        depth = CHANCE_DEPTH if rolls is None else rolls
        bot = self._bots.get(depth)
        if bot is None:
            bot = StrongBot(seconds=3600, depth=1, chance_depth=depth,
                            evaluation=self.evaluation)  # fmt: skip
            self._bots[depth] = bot
        return bot.choose(state, rng)

    def __repr__(self) -> str:
        return "StrongPolicy()"


def default_policy(seconds: float | None = None) -> Bot:
    """The policy rollouts begin with unless told otherwise: :class:`StrongPolicy` (the
    strong bot one decision deep) in a time budget of ``seconds`` -- kept only if its first
    round shows that :data:`STRONG_ROUNDS` rounds fit the time left, else :class:`QuickBot`
    plays every round -- and the 5-7 times cheaper :class:`QuickBot` without a clock
    (``None``), where a number of rollouts, not the time, bounds the work.
    :meth:`Analysis.describe <boardrules.analysis.Analysis.describe>` names the policy
    that played.

    >>> from boardrules.analysis import default_policy
    >>> default_policy(5.0), default_policy(None)
    (StrongPolicy(), QuickBot())
    """
    return QuickBot() if seconds is None else StrongPolicy()


@attrs.frozen
class Estimate:
    """The rollouts of one position: ``values`` the mean result per player, ``half`` the
    half-width of each 95% interval, ``rollouts`` how many were played."""

    values: tuple[float, ...]
    half: tuple[float, ...]
    rollouts: int

    def interval(self, player: int) -> tuple[float, float]:
        """The 95% interval of ``player``'s value."""
        return self.values[player] - self.half[player], self.values[player] + self.half[player]


class Rollouts:
    """Rollouts of the positions ``starts``, round after round (see the module); a start
    whose exact values ``known`` gives (by index) counts them as every rollout's result."""

    def __init__(
        self,
        starts: Sequence[Any],
        players: int,
        policy: Bot,
        evaluation: Evaluation,
        horizon: int = HORIZON,
        seed: int = 0,
        reduce: bool = False,
        known: dict[int, Sequence[float]] | None = None,
    ) -> None:
        self.reduce = reduce
        self.known = {} if known is None else known
        self.starts = list(starts)
        self.players = players
        self.policy = policy
        self.evaluation = evaluation
        self.horizon = horizon
        self.seed = seed
        # results[c][p]: player p's result of every rollout of start c, round by round.
        self.results: list[list[list[float]]] = [[[] for _ in range(players)] for _ in self.starts]
        self.rounds = 0

    def play(
        self, state: Any, dice: random.Random, rng: random.Random, deadline: float | None = None
    ) -> list[float] | None:
        """One rollout from ``state``: the returns at the end, or the evaluation after
        ``horizon`` plies, less the luck of its rolls (with ``reduce``); ``None`` when
        ``time.perf_counter()`` passes ``deadline`` before it ends (a slow policy)."""
        current, apply, choose = br.current_player, br.apply_move, self.policy.choose
        clock = time.perf_counter
        luck = [0.0] * self.players
        for _ in range(self.horizon):
            if deadline is not None and clock() > deadline:
                return None
            player = current(state)
            if player == br.TERMINAL:
                break
            if player == br.CHANCE:
                move = sample_outcome(state, dice)
                if self.reduce:
                    self._luck(state, move, luck)
            else:
                move = choose(state, rng)
            state = apply(state, move)
        end = br.returns(state) if current(state) == br.TERMINAL else self.evaluation(state)
        return [v - x for v, x in zip(end, luck, strict=True)]

    def _luck(self, state: Any, drawn: Any, luck: list[float]) -> None:
        """Add the luck of ``drawn`` at the roll ``state`` to ``luck``, player by player."""
        outcomes = br.chance_outcomes(state)
        if len(outcomes) > REDUCED_OUTCOMES or len(outcomes) < 2:
            return
        mean = [0.0] * self.players
        mine: Sequence[float] = ()
        for move, p in outcomes:
            value = roll_value(br.apply_move(state, move), self.evaluation)
            weight = float(p)
            for i, v in enumerate(value):
                mean[i] += weight * v
            if move == drawn:
                mine = value
        for i, v in enumerate(mine):
            luck[i] += v - mean[i]

    def round(self, deadline: float | None = None) -> bool:
        """One more rollout of every start, all with the dice of this round; ``False``
        (and the round dropped, so that every start keeps as many rollouts) when
        ``time.perf_counter()`` passes ``deadline`` before it is complete."""
        tag = f"{self.seed}:{self.rounds}"
        for index, (start, results) in enumerate(zip(self.starts, self.results, strict=True)):
            exact = self.known.get(index)
            if exact is None and (deadline is None or time.perf_counter() <= deadline):
                dice, rng = random.Random(f"dice:{tag}"), random.Random(f"policy:{tag}")
                exact = self.play(start, dice, rng, deadline)
            if exact is None:  # past the deadline: the round is dropped whole
                for columns in self.results[:index]:
                    for column in columns:
                        del column[self.rounds :]
                return False
            for player, value in enumerate(exact):
                results[player].append(float(value))
        self.rounds += 1
        return True

    def run(
        self,
        rounds: int | None,
        deadline: float | None,
        least: int = 2,
        progress: Callable[[int], None] | None = None,
    ) -> None:
        """Play rounds until ``rounds`` are done (``None``: no limit) or until the next one
        would end after ``deadline`` (a ``time.perf_counter()`` value; ``None``: no limit),
        but at least ``least`` (so that every estimate has an interval).  A round that
        passes the deadline half-way is dropped.  ``progress`` hears the number of rounds
        after each."""
        began, first = time.perf_counter(), self.rounds
        while rounds is None or self.rounds < rounds:
            late = None
            if deadline is not None and self.rounds >= least:
                spent = (time.perf_counter() - began) / max(self.rounds - first, 1)
                if time.perf_counter() + spent > deadline:
                    break
                late = deadline
            if not self.round(late):
                break
            if progress is not None:
                progress(self.rounds)

    def estimate(self, index: int) -> Estimate:
        """What the rollouts of start ``index`` found."""
        pairs = [interval(samples) for samples in self.results[index]]
        if index in self.known:  # solved: no interval
            pairs = [(m, 0.0) for m, _ in pairs]
        return Estimate(tuple(m for m, _ in pairs), tuple(h for _, h in pairs), self.rounds)

    def mixture(self, weights: Sequence[float], player: int) -> tuple[float, float]:
        """``player``'s value of the starts mixed with ``weights`` (the outcomes of a roll),
        and the half-width of its 95% interval (the starts are paired round by round)."""
        columns = self.results
        mixed = [
            math.fsum(w * columns[c][player][i] for c, w in enumerate(weights))
            for i in range(self.rounds)
        ]
        return interval(mixed)

    def difference(self, a: int, b: int, player: int) -> tuple[float, float]:
        """``player``'s value of start ``a`` minus that of start ``b``, paired round by
        round, and the half-width of its 95% interval."""
        xs, ys = self.results[a][player], self.results[b][player]
        if a in self.known and b in self.known:  # both solved: an exact difference
            return xs[0] - ys[0], 0.0
        return interval([x - y for x, y in zip(xs, ys, strict=True)])
