"""Monte Carlo tree search with chance nodes."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any, TypeVar

import boardrules as br
from boardrules._values import safe_repr
from boardrules.bots._base import Evaluation, forced_move, sample_outcome
from boardrules.game import GameState

__all__ = ["MctsBot"]

S = TypeVar("S")
M = TypeVar("M")


class _Node:
    """A position in the search tree with the visit count and the sum of the values
    (one per player) of the playouts that went through it."""

    __slots__ = ("children", "player", "state", "totals", "untried", "visits")

    def __init__(self, state: Any, players: int) -> None:
        self.state = state
        self.player = br.current_player(state)
        self.visits = 0
        self.totals = [0.0] * players
        self.children: dict[Any, _Node] = {}
        self.untried: list[Any] = list(br.legal_moves(state)) if self.player >= 0 else []

    def mean(self, player: int) -> float:
        return self.totals[player] / self.visits


#: The most playouts a move: about ten minutes of a 2-player Parchís move here (0.6 ms a
#: playout to the end of the game); more is a move that never comes.
MAX_ITERATIONS = 1_000_000


class MctsBot:
    """Monte Carlo tree search (UCT) for any number of players, with dice.

    Each of ``iterations`` playouts walks down the tree: at a decision node it takes the
    child maximising ``mean + exploration * sqrt(ln N / n)`` for the player to move there;
    at a chance node it rolls the dice with ``rng`` (so outcomes are visited as often as
    they are likely).  It then adds one new node and finishes with a random playout of
    ``rollout_depth`` decisions (``None``: to the end of the game), scored with
    ``evaluation`` (default :func:`boardrules.evaluate`) or with the actual result if the
    game ended.  The value vector (one entry per player) is added to every node on the way.
    The move played is the most visited one.  A forced move is played without searching.
    """

    def __init__(
        self,
        iterations: int = 200,
        exploration: float = 1.0,
        rollout_depth: int | None = 4,
        evaluation: Evaluation | None = None,
    ) -> None:
        if type(iterations) is not int or not 1 <= iterations <= MAX_ITERATIONS:
            raise br.InvalidOptionError(
                f"mcts iterations must be a whole number from 1 to {MAX_ITERATIONS:,}, "
                f"not {safe_repr(iterations)}"
            )
        if (
            isinstance(exploration, bool)
            or not isinstance(exploration, int | float)
            or not 0 <= exploration < math.inf  # nan fails too
        ):
            raise br.InvalidOptionError(
                f"mcts exploration must be a finite number >= 0, not {safe_repr(exploration)}"
            )
        if rollout_depth is not None and (type(rollout_depth) is not int or rollout_depth < 0):
            raise br.InvalidOptionError(
                "mcts rollout depth must be None or a whole number >= 0, "
                f"not {safe_repr(rollout_depth)}"
            )
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.evaluation: Evaluation = br.evaluate if evaluation is None else evaluation

    def choose(self, state: GameState[S, M], rng: random.Random) -> M:
        """The most visited move after ``iterations`` playouts from ``state``."""
        forced = forced_move(state, rng)
        if forced is not None:
            return forced
        player = br.current_player(state)
        root = _Node(state, br.num_players(state))
        for _ in range(self.iterations):
            self._iterate(root, rng)
        best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].mean(player)))
        move: M = best[0]  # the tree's keys are the moves of ``state``'s game
        return move

    def _iterate(self, root: _Node, rng: random.Random) -> None:
        node = root
        path = [root]
        players = len(root.totals)
        while True:
            if node.player == br.TERMINAL:
                value: Sequence[float] = br.returns(node.state)
                break
            if node.player == br.CHANCE:
                outcome = sample_outcome(node.state, rng)
                child = node.children.get(outcome)
                if child is None:
                    child = _Node(br.apply_move(node.state, outcome), players)
                    node.children[outcome] = child
            elif node.untried:
                untried = node.untried
                i = rng.randrange(len(untried))
                untried[i], untried[-1] = untried[-1], untried[i]
                move = untried.pop()
                child = _Node(br.apply_move(node.state, move), players)
                node.children[move] = child
                path.append(child)
                value = self._rollout(child.state, rng)
                break
            else:
                child = self._select(node)
            node = child
            path.append(node)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for i, v in enumerate(value):
                totals[i] += v

    def _select(self, node: _Node) -> _Node:
        player = node.player
        c_log = self.exploration * self.exploration * math.log(node.visits)
        return max(
            node.children.values(),
            key=lambda child: child.totals[player] / child.visits + math.sqrt(c_log / child.visits),
        )

    def _rollout(self, state: Any, rng: random.Random) -> Sequence[float]:
        limit = self.rollout_depth
        decisions = 0
        while True:
            player = br.current_player(state)
            if player == br.TERMINAL:
                return br.returns(state)
            if player == br.CHANCE:
                state = br.apply_move(state, sample_outcome(state, rng))
                continue
            if limit is not None and decisions >= limit:
                return self.evaluation(state)
            moves = br.legal_moves(state)
            state = br.apply_move(state, moves[rng.randrange(len(moves))])
            decisions += 1

    def __repr__(self) -> str:
        return (
            f"MctsBot(iterations={self.iterations}, exploration={self.exploration}, "
            f"rollout_depth={self.rollout_depth})"
        )
