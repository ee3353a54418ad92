"""Search bots: one-ply greedy and depth-limited expectimax."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import boardrules as br
from boardrules.bots._base import Evaluation, expected, no_move_left, sample_outcome

__all__ = ["ExpectimaxBot", "GreedyBot"]

# Values closer than this are ties, broken with the caller's generator.
_TIE = 1e-12


def _pick(moves: Sequence[Any], values: Sequence[float], rng: random.Random) -> Any:
    """The move of highest value; equal best values are broken at random."""
    best = max(values)
    top = [m for m, v in zip(moves, values, strict=True) if v >= best - _TIE]
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


class ExpectimaxBot:
    """Looks ``depth`` decisions ahead.

    Every player is assumed to pick the move best for itself (the max-n rule, which is
    minimax in two-player zero-sum games); a chance node is worth the average of its outcomes
    weighted by their exact probabilities and costs no depth.  Positions at the horizon are
    scored with ``evaluation`` (default: :func:`boardrules.evaluate`), finished games with
    :func:`boardrules.returns`.  Equal best moves are broken at random with ``rng``.

    The work grows as (moves x outcomes) ** depth; depth 2 is practical for two-dice games.
    """

    def __init__(self, depth: int = 2, evaluation: Evaluation | None = None) -> None:
        if depth < 1:
            raise br.InvalidOptionError(f"expectimax depth must be at least 1, not {depth}")
        self.depth = depth
        self.evaluation: Evaluation = br.evaluate if evaluation is None else evaluation

    def choose(self, state: Any, rng: random.Random) -> Any:
        """The move of best expected value for the player to move."""
        player = br.current_player(state)
        if player == br.CHANCE:
            return sample_outcome(state, rng)
        if player == br.TERMINAL:
            raise no_move_left(state)
        moves = br.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        cache: dict[tuple[Any, int], Sequence[float]] = {}
        values = [
            self._value(br.apply_move(state, m), self.depth - 1, cache)[player] for m in moves
        ]
        return _pick(moves, values, rng)

    def value(self, state: Any) -> tuple[float, ...]:
        """The expectimax value of ``state`` for each player, searched ``depth`` decisions deep.

        Handy to check a position by hand; :meth:`choose` picks the move that maximises it.
        """
        return tuple(self._value(state, self.depth, {}))

    def _value(
        self, state: Any, depth: int, cache: dict[tuple[Any, int], Sequence[float]]
    ) -> Sequence[float]:
        key = (state, depth)
        known = cache.get(key)
        if known is not None:
            return known
        player = br.current_player(state)
        result: Sequence[float]
        if player == br.TERMINAL:
            result = br.returns(state)
        elif player == br.CHANCE:
            result = expected(state, lambda s: self._value(s, depth, cache))
        elif depth == 0:
            result = self.evaluation(state)
        else:
            children = (br.apply_move(state, m) for m in br.legal_moves(state))
            result = max(
                (self._value(child, depth - 1, cache) for child in children),
                key=lambda v: v[player],
            )
        cache[key] = result
        return result

    def __repr__(self) -> str:
        return f"ExpectimaxBot(depth={self.depth})"


class GreedyBot(ExpectimaxBot):
    """Plays the move whose resulting position ``evaluation`` likes best for the mover.

    One decision deep: when the move leads to a roll of the dice, the position is worth the
    exact expectation over the outcomes (this is :class:`ExpectimaxBot` with ``depth=1``).
    """

    def __init__(self, evaluation: Evaluation | None = None) -> None:
        super().__init__(1, evaluation)

    def __repr__(self) -> str:
        return "GreedyBot()"
