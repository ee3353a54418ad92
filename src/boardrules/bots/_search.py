"""Search bots: one-ply greedy and depth-limited expectimax."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

import boardrules as br
from boardrules._search import CHANCE_DEPTH as CHANCE_DEPTH  # bots import it from here
from boardrules._search import Expectimax, OutOfNodes, check_depths, search_moves
from boardrules._values import safe_repr
from boardrules.bots._base import Evaluation, forced_move
from boardrules.game import GameState

__all__ = ["ExpectimaxBot", "GreedyBot"]

# Values closer than this are ties, broken with the caller's generator.
_TIE = 1e-12

# Default max_nodes: Parchís needs at most about 1 200 positions at depth 2, far below it; in
# Dorasure 20 000 positions take about a quarter of a second.
MAX_NODES = 20_000

S = TypeVar("S")
M = TypeVar("M")


def _pick(moves: Sequence[M], values: Sequence[float], rng: random.Random) -> M:
    """The move of highest value; equal best values are broken at random."""
    best = max(values)
    top = [m for m, v in zip(moves, values, strict=True) if v >= best - _TIE]
    return top[0] if len(top) == 1 else top[rng.randrange(len(top))]


class ExpectimaxBot:
    """Looks ``depth`` decisions ahead, with the search of
    :func:`boardrules.analysis.expectimax`.

    Every player is assumed to pick the move best for itself (the max-n rule, which is
    minimax in two-player zero-sum games); a chance node is worth the average of its outcomes
    weighted by their exact probabilities and costs no depth.  Positions at the horizon are
    scored with ``evaluation`` (default: :func:`boardrules.evaluate`), finished games with
    :func:`boardrules.returns`.  Equal best moves are broken at random with ``rng``.

    Two bounds keep the search finite in every game, whatever its dice do:

    * ``chance_depth``: after a decision, at most this many rolls in a row are expanded
      exactly (default: the game's ``Game.chance_depth``, else
      :data:`~boardrules.analysis.CHANCE_DEPTH`); a roll that comes after them (a six
      that gives another die, again and again) is not rolled but scored with
      ``evaluation``.  Games whose chains of rolls are no
      longer than this (Parchís: two) are searched exactly.
    * ``max_nodes``: if the search at ``depth`` would visit more positions than this, it
      is dropped and done again one decision shallower (each attempt with a fresh allowance),
      down to scoring the position after each move with ``evaluation`` alone.  A move
      therefore costs at most about ``depth * max_nodes`` positions, and the choice depends
      only on the position and ``rng``, never on the clock.

    The search recurses at most ``depth * (chance_depth + 1) + chance_depth`` positions
    deep: ``depth`` is 1 to :data:`~boardrules.analysis.MAX_DEPTH` and ``chance_depth`` 0
    to :data:`~boardrules.analysis.MAX_CHANCE_DEPTH`, else
    :class:`~boardrules.InvalidOptionError` when the bot is made.

    The work grows as (moves x outcomes) ** depth; depth 2 is practical for two-dice games.
    """

    def __init__(
        self,
        depth: int = 2,
        evaluation: Evaluation | None = None,
        chance_depth: int | None = None,
        max_nodes: int = MAX_NODES,
    ) -> None:
        depth, checked = check_depths(depth, CHANCE_DEPTH if chance_depth is None else chance_depth,
                                      least=1)  # fmt: skip
        if type(max_nodes) is not int or max_nodes < 1:  # (1.5 or NaN never runs out)
            raise br.InvalidOptionError(
                "expectimax max_nodes must be at least 1 (a whole number), "
                f"not {safe_repr(max_nodes)}"
            )
        self.depth = depth
        self.evaluation: Evaluation = br.evaluate if evaluation is None else evaluation
        #: ``None``: the game's own (see :meth:`rolls`)
        self.chance_depth: int | None = None if chance_depth is None else checked
        self.max_nodes = max_nodes

    def rolls(self, state: GameState[Any, Any]) -> int:
        """The rolls in a row searched exactly after a decision in ``state``'s game."""
        if self.chance_depth is not None:
            return self.chance_depth
        own = br.game_of(state).chance_depth
        return CHANCE_DEPTH if own is None else own

    def choose(self, state: GameState[S, M], rng: random.Random) -> M:
        """The move of best expected value for the player to move."""
        forced = forced_move(state, rng)
        if forced is not None:
            return forced
        player = br.current_player(state)
        _, values = search_moves(
            state, self.depth, self.evaluation, self.rolls(state), self.max_nodes
        )
        return _pick(br.legal_moves(state), [v[player] for v in values], rng)

    def value(self, state: GameState[Any, Any]) -> tuple[float, ...]:
        """The expectimax value of ``state`` for each player, searched ``depth`` decisions deep
        (or less, as :meth:`choose` does, when that needs more than ``max_nodes`` positions).

        Handy to check a position by hand; :meth:`choose` picks the move that maximises it.
        """
        for depth in range(self.depth, -1, -1):
            search = Expectimax(self.evaluation, self.rolls(state), self.max_nodes)
            try:
                return tuple(search.value(state, depth))
            except OutOfNodes:
                continue
        return tuple(self.evaluation(state))

    def __repr__(self) -> str:
        return f"ExpectimaxBot({', '.join([f'depth={self.depth}', *self._bounds()])})"

    def _bounds(self) -> list[str]:
        """The bounds that differ from the defaults, as ``name=value`` for :func:`repr`."""
        shown = []
        if self.chance_depth is not None:
            shown.append(f"chance_depth={self.chance_depth}")
        if self.max_nodes != MAX_NODES:
            shown.append(f"max_nodes={self.max_nodes}")
        return shown


class GreedyBot(ExpectimaxBot):
    """Plays the move whose resulting position ``evaluation`` likes best for the mover.

    One decision deep: when the move leads to a roll of the dice, the position is worth the
    exact expectation over the outcomes (this is :class:`ExpectimaxBot` with ``depth=1``,
    with the same bounds ``chance_depth`` and ``max_nodes`` on the rolls it expands).
    """

    def __init__(
        self,
        evaluation: Evaluation | None = None,
        chance_depth: int | None = None,
        max_nodes: int = MAX_NODES,
    ) -> None:
        super().__init__(1, evaluation, chance_depth, max_nodes)

    def __repr__(self) -> str:
        return f"GreedyBot({', '.join(self._bounds())})"
