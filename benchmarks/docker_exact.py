"""Two-player Docker solved exactly: how well can ANY bot do against ``greedy``? (issue 33)

    nice python benchmarks/docker_exact.py   # about 18 minutes on a busy 2-core machine

Two-player Docker from the usual start is small enough to enumerate: every position that
some sequence of moves and rolls reaches from ``new_game("docker", players=2)``.  On that
graph (positions can repeat: it has cycles) value iteration gives, for each seat ``b``:

* ``best response``: the win chance of the best possible play against :class:`GreedyBot`
  (its choice at each of its decisions recomputed exactly as the bot computes it:
  ``boardrules.evaluate`` one decision deep, exact over up to three rolls in a row; moves
  it values equally are taken as the bot takes them, each with the same chance).  No bot,
  however strong, scores more against ``greedy`` from seat ``b``: this is an upper bound.
* ``optimal vs greedy``: the win chance against ``greedy`` of a player who plays the
  game-theoretically optimal move (best against a best opponent, not tuned to ``greedy``).
* ``greedy vs greedy``: the same for ``greedy`` itself (about 50% over both seats).

The mean over both seats is what a series with the seats alternated measures.  Iteration
starts from 0 (a game that never ends is nobody's win) and stops when no value moves by
more than 1e-12.  The script checks its copy of greedy's choice against the real bot on a
sample of positions.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

import numpy as np  # noqa: E402

import boardrules as br  # noqa: E402
from boardrules.bots import GreedyBot  # noqa: E402

TERMINAL, CHANCE, DECISION = 0, 1, 2
ROLLS = 3  # the rolls in a row greedy expands (``CHANCE_DEPTH``)
_TIE = 1e-12


class Graph:
    """Every reachable position, numbered, with its kind, player and children."""

    def __init__(self, root: Any) -> None:
        self.states: list[Any] = [root]
        index = {root: 0}
        self.kind: list[int] = []
        self.player: list[int] = []
        self.children: list[list[int]] = []
        self.probs: list[list[float]] = []
        i = 0
        while i < len(self.states):
            s = self.states[i]
            who = br.current_player(s)
            if who == br.TERMINAL:
                pairs: list[tuple[Any, float]] = []
                self.kind.append(TERMINAL)
            elif who == br.CHANCE:
                pairs = [(br.apply_move(s, m), float(p)) for m, p in br.chance_outcomes(s)]
                self.kind.append(CHANCE)
            else:
                pairs = [(br.apply_move(s, m), 1.0) for m in br.legal_moves(s)]
                self.kind.append(DECISION)
            self.player.append(who)
            kids = []
            for child, _ in pairs:
                j = index.get(child)
                if j is None:
                    j = index[child] = len(self.states)
                    self.states.append(child)
                kids.append(j)
            self.children.append(kids)
            self.probs.append([p for _, p in pairs])
            i += 1
        self.winner = [
            br.returns(s).index(1.0) if k == TERMINAL else -1
            for s, k in zip(self.states, self.kind, strict=True)
        ]


def greedy_weights(g: Graph) -> list[list[float]]:
    """At each decision, the chance that ``GreedyBot`` plays each move (ties shared)."""
    evaluated: dict[int, list[float]] = {}

    def value(i: int, rolls: int) -> list[float]:
        # Expectimax.value at depth 0, as the bot's search computes it (same order of sums).
        kind = g.kind[i]
        if kind == TERMINAL:
            return list(br.returns(g.states[i]))
        if kind == DECISION or rolls >= ROLLS:
            known = evaluated.get(i)
            if known is None:
                known = evaluated[i] = list(br.evaluate(g.states[i]))
            return known
        total = [0.0, 0.0]
        for j, p in zip(g.children[i], g.probs[i], strict=True):
            for k, v in enumerate(value(j, rolls + 1)):
                total[k] += p * v
        return total

    weights = []
    for i, kind in enumerate(g.kind):
        if kind != DECISION:
            weights.append([])
            continue
        me = g.player[i]
        values = [value(j, 0)[me] for j in g.children[i]]
        best = max(values)
        top = [v >= best - _TIE for v in values]
        weights.append([t / sum(top) for t in top])
    return weights


def check_greedy(g: Graph, weights: list[list[float]], sample: int, seed: int) -> int:
    """Positions of a random sample where the real bot's choice is not one the copy gives a
    positive chance (should be 0)."""
    rng = random.Random(seed)
    bot = GreedyBot()
    decisions = [i for i, k in enumerate(g.kind) if k == DECISION and len(g.children[i]) > 1]
    wrong = 0
    for i in rng.sample(decisions, min(sample, len(decisions))):
        s = g.states[i]
        move = bot.choose(s, rng)
        j = br.legal_moves(s).index(move)
        wrong += weights[i][j] == 0
    return wrong


class Arrays:
    """The graph as flat arrays for vectorised value iteration."""

    def __init__(self, g: Graph, greedy: list[list[float]]) -> None:
        n = len(g.kind)
        self.n = n
        self.kind = np.asarray(g.kind)
        self.player = np.asarray(g.player)
        live = [i for i in range(n) if g.kind[i] != TERMINAL]
        self.live = np.asarray(live)
        counts = [len(g.children[i]) for i in live]
        self.starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
        self.child = np.asarray([j for i in live for j in g.children[i]], dtype=np.int64)
        self.prob = np.asarray([p for i in live for p in g.probs[i]])
        self.greedy = np.asarray(
            [w for i in live for w in (greedy[i] if g.kind[i] == DECISION else g.probs[i])]
        )
        self.winner = np.asarray(g.winner)
        self.live_kind = self.kind[self.live]
        self.live_player = self.player[self.live]


def iterate(a: Arrays, seat: int, mine: str, others: str) -> tuple[np.ndarray, int]:
    """Win chances of ``seat`` when its decisions are ``mine`` and the other seat's are
    ``others`` ("max", "min" (the worst for ``seat``) or "greedy"), from every position."""
    v = (a.winner == seat).astype(float)
    chance = a.live_kind == CHANCE
    own = (a.live_kind == DECISION) & (a.live_player == seat)
    rule = {True: mine, False: others}
    for step in range(1, 100_000):
        vc = v[a.child]
        new = np.empty(len(a.live))
        new[chance] = np.add.reduceat(vc * a.prob, a.starts)[chance]
        for is_own in (True, False):
            where = (~chance) & (own if is_own else ~own)
            how = rule[is_own]
            if how == "max":
                new[where] = np.maximum.reduceat(vc, a.starts)[where]
            elif how == "min":
                new[where] = np.minimum.reduceat(vc, a.starts)[where]
            else:
                new[where] = np.add.reduceat(vc * a.greedy, a.starts)[where]
        change = float(np.abs(new - v[a.live]).max())
        v[a.live] = new
        if change < 1e-12:
            return v, step
    return v, -1


def policy_weights(a: Arrays, values: np.ndarray, seat: int) -> np.ndarray:
    """Per edge, the chance that a player maximising ``values`` (for ``seat``) takes it
    (ties shared)."""
    vc = values[a.child]
    best = np.maximum.reduceat(vc, a.starts)
    counts = np.diff(np.append(a.starts, len(a.child)))
    top = (vc >= np.repeat(best, counts) - _TIE).astype(float)
    share = np.add.reduceat(top, a.starts)
    return top / np.repeat(share, counts)


def against_greedy(a: Arrays, seat: int, weights: np.ndarray) -> np.ndarray:
    """Win chances of ``seat`` playing the fixed policy ``weights`` against greedy."""
    mixed = Arrays.__new__(Arrays)
    mixed.__dict__.update(a.__dict__)
    own = (a.live_kind == DECISION) & (a.live_player == seat)
    counts = np.diff(np.append(a.starts, len(a.child)))
    edge_own = np.repeat(own, counts)
    mixed.greedy = np.where(edge_own, weights, a.greedy)
    v, _ = iterate(mixed, seat, "greedy", "greedy")
    return v


def main() -> int:
    started = time.perf_counter()
    g = Graph(br.new_game("docker", players=2))
    kinds = [g.kind.count(k) for k in (TERMINAL, CHANCE, DECISION)]
    print(f"{len(g.kind)} positions ({kinds[2]} decisions, {kinds[1]} rolls, {kinds[0]} ends),"
          f" {time.perf_counter() - started:.0f} s", flush=True)  # fmt: skip
    greedy = greedy_weights(g)
    print(f"greedy's choices computed, {time.perf_counter() - started:.0f} s", flush=True)
    wrong = check_greedy(g, greedy, 2000, seed=33)
    print(f"check against GreedyBot on 2000 positions: {wrong} differ", flush=True)
    a = Arrays(g, greedy)
    rows = []
    for seat in (0, 1):
        best, steps = iterate(a, seat, "max", "greedy")
        game, steps2 = iterate(a, seat, "max", "min")
        optimal = against_greedy(a, seat, policy_weights(a, game, seat))
        mutual = against_greedy(a, seat, a.greedy)
        rows.append((best[0], optimal[0], mutual[0], game[0]))
        print(f"seat {seat}: best response {best[0]:.4f} ({steps} sweeps), optimal vs greedy "
              f"{optimal[0]:.4f}, greedy vs greedy {mutual[0]:.4f}, game value {game[0]:.4f} "
              f"({steps2} sweeps)", flush=True)  # fmt: skip
    mean = [sum(r[k] for r in rows) / 2 for k in range(4)]
    print(f"seats alternated: best response {mean[0]:.2%}, optimal vs greedy {mean[1]:.2%}, "
          f"greedy vs greedy {mean[2]:.2%}  ({time.perf_counter() - started:.0f} s)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
