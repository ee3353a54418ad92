"""The bots of the "Writing a bot" guide, written with the public API of boardrules only.

Each bot has a method ``choose(state, rng)`` that returns one of
``boardrules.legal_moves(state)`` and takes its random numbers from ``rng``.  Pit them
against each other or against the built-in bots from the command line (run it from this
directory, or put it on ``PYTHONPATH``)::

    python -m boardrules simulate parchis --players bot_tutorial.TinyMcts,random --games 50

or from Python with :func:`boardrules.bots.play_game`.

Needs nothing but boardrules itself (``pip install boardrules``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import boardrules as br

Values = Sequence[float]


class RandomMover:
    """Step 1: any legal move will do."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        if br.is_chance(state):  # asked to roll: roll fairly
            return br.sample_chance(state, rng)
        return rng.choice(br.legal_moves(state))


def expectation(state: Any, value: Callable[[Any], Values]) -> list[float]:
    """Step 2: the average of ``value`` over the outcomes of a roll, weighted exactly."""
    total = [0.0] * br.num_players(state)
    for outcome, probability in br.chance_outcomes(state):
        for player, v in enumerate(value(br.apply_move(state, outcome))):
            total[player] += float(probability) * v
    return total


class OnePly:
    """Step 3: the move after which the evaluation, averaged over the next roll, is best."""

    def __init__(self, evaluation: Callable[[Any], Values] = br.evaluate) -> None:
        self.evaluation = evaluation

    def value(self, state: Any) -> Values:
        if br.is_chance(state):
            return expectation(state, self.value)
        return self.evaluation(state)  # equals br.returns(state) once the game is over

    def choose(self, state: Any, rng: random.Random) -> Any:
        me = br.current_player(state)
        moves = br.legal_moves(state)
        return max(moves, key=lambda move: self.value(br.apply_move(state, move))[me])


class Lookahead:
    """Step 4: expectimax, ``depth`` decisions deep; every player maximises its own value."""

    def __init__(self, depth: int = 2) -> None:
        self.depth = depth

    def value(self, state: Any, depth: int) -> Values:
        player = br.current_player(state)
        if player == br.TERMINAL:
            return br.returns(state)
        if player == br.CHANCE:
            return expectation(state, lambda s: self.value(s, depth))
        if depth == 0:
            return br.evaluate(state)
        children = [self.value(br.apply_move(state, m), depth - 1) for m in br.legal_moves(state)]
        return max(children, key=lambda values: values[player])

    def choose(self, state: Any, rng: random.Random) -> Any:
        me = br.current_player(state)
        moves = br.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        return max(moves, key=lambda m: self.value(br.apply_move(state, m), self.depth - 1)[me])


class Node:
    """A position of the MCTS tree: visits, and the sum of each player's playout values."""

    def __init__(self, state: Any) -> None:
        self.state = state
        self.player = br.current_player(state)
        self.visits = 0
        self.totals = [0.0] * br.num_players(state)
        self.children: dict[Any, Node] = {}
        self.untried = list(br.legal_moves(state)) if self.player >= 0 else []


class TinyMcts:
    """Step 5: Monte Carlo tree search with dice, in a page.

    Down the tree, a decision node takes the child with the best upper confidence bound for
    the player to move there, and a chance node rolls the dice; a new node is added and the
    game is played on at random for a few decisions, then scored with ``br.evaluate``.
    """

    def __init__(self, iterations: int = 100, rollout: int = 4, c: float = 1.0) -> None:
        self.iterations, self.rollout, self.c = iterations, rollout, c

    def choose(self, state: Any, rng: random.Random) -> Any:
        moves = br.legal_moves(state)
        if br.is_chance(state) or len(moves) == 1:
            return br.sample_chance(state, rng) if br.is_chance(state) else moves[0]
        root = Node(state)
        for _ in range(self.iterations):
            self.playout(root, rng)
        return max(root.children, key=lambda move: root.children[move].visits)

    def playout(self, node: Node, rng: random.Random) -> None:
        path = [node]
        while node.player != br.TERMINAL:
            if node.player == br.CHANCE:
                outcome = br.sample_chance(node.state, rng)
                if outcome not in node.children:
                    node.children[outcome] = Node(br.apply_move(node.state, outcome))
                node = node.children[outcome]
            elif node.untried:  # add one new node, then leave the tree
                move = node.untried.pop(rng.randrange(len(node.untried)))
                child = Node(br.apply_move(node.state, move))
                node.children[move] = child
                path.append(child)
                node = child
                break
            else:
                node = max(node.children.values(), key=lambda child: self.ucb(node, child))
            path.append(node)
        values = self.score(node.state, rng)
        for visited in path:
            visited.visits += 1
            for player, v in enumerate(values):
                visited.totals[player] += v

    def ucb(self, parent: Node, child: Node) -> float:
        mean = child.totals[parent.player] / child.visits
        return mean + self.c * math.sqrt(math.log(parent.visits) / child.visits)

    def score(self, state: Any, rng: random.Random) -> Values:
        decisions = 0
        while not br.is_terminal(state) and decisions < self.rollout:
            if br.is_chance(state):
                state = br.apply_move(state, br.sample_chance(state, rng))
            else:
                state = br.apply_move(state, rng.choice(br.legal_moves(state)))
                decisions += 1
        return br.evaluate(state)


if __name__ == "__main__":
    from boardrules.bots import play_game

    wins = 0.0
    for seed in range(10):
        end, _ = play_game(br.new_game("parchis", players=2), [TinyMcts(), RandomMover()], seed)
        wins += br.returns(end)[0]
    print(f"TinyMcts won {wins:g} of 10 games against RandomMover")
