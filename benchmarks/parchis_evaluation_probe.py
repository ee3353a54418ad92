"""Candidate Parchís evaluations for two players, refitted and played one move deep (issue 33).

    nice python benchmarks/parchis_evaluation_probe.py proxy                 # ~2 min
    nice python benchmarks/parchis_evaluation_probe.py outcomes --games 4000 # ~15 min
    nice python benchmarks/parchis_evaluation_probe.py searched --games 400 --seed 77
    nice python benchmarks/parchis_evaluation_probe.py strong --weights W1,...,W13 --seeds 33

(each a long run: under ``nice``, one at a time on a shared machine)

A cheap proxy for ``strong``'s strength against the user greedy (``user_greedy.py``): the
1-ply ``greedy`` bot playing with a candidate evaluation, in 2-player games played by
:func:`boardrules.simulate.tournament` as ``ladder.py``'s targets are (seats alternated,
``--per-seating`` games each, per seed of ``--seeds``), the win rate with its 95% Wilson
interval.  A candidate is a logistic model over the features of ``parchis/_features.py``
and a few more computed here (``EXTRA``): the log of the race's ratio, the exact chance that
an enemy's next roll lands on an exposed piece (its faces, barriers in the way), what the
player in turn can eat with the count it holds, enemy pieces held behind a barrier, pieces
in the last 12 squares of the track and exposed pieces.

* ``proxy``: the shipped evaluation played by greedy against the user greedy and against
  the previous greedy.
* ``outcomes``: ``--games`` 2-player self-play games of the pooled evaluation's greedy bot
  (a random move with probability 0.1), a position kept with probability 0.15, labelled
  with the game's result; every fifth game held out.  Several feature sets are fitted
  (logistic regression, as ``fit_evaluation.py``) and each is reported with its held-out log
  loss and played by greedy against the user greedy.
* ``searched``: the same, but positions kept with probability 0.1 and labelled with their
  depth-2 expectimax value under the pooled evaluation (also ``(value + result) / 2``).
* ``strong``: the real thing for a candidate of the shipped features: ``strong`` (default
  budget) against the user greedy as ``parchis_probe.py series strong`` plays it, with
  ``evaluate`` reading ``--weights`` (13, in the order of ``FEATURES``) instead of
  ``WEIGHTS`` (``--per-seating`` 100 unless given).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from math import exp, log
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

import numpy as np  # noqa: E402
import parchis_probe  # noqa: E402
import user_greedy as user  # noqa: E402
from _series import explored_move, first_bot_score  # noqa: E402
from previous_evaluation import previous  # noqa: E402

import boardrules as br  # noqa: E402
from boardrules._search import Expectimax, OutOfNodes  # noqa: E402
from boardrules.bots import GreedyBot  # noqa: E402
from boardrules.parchis import _evaluation, _features, _rules  # noqa: E402
from boardrules.parchis._board import GOAL, LANE_FIRST, NEST  # noqa: E402
from boardrules.parchis._state import PHASE_BONUS, PHASE_MOVE  # noqa: E402
from boardrules.simulate import tournament, wilson  # noqa: E402

_PIECE = 1 / (GOAL + 1)
_RACE = 4 * (GOAL + 1) + 1
EXTRA = ("race", "threat", "threat_in_turn", "hit_now", "held", "home_stretch", "exposed")
NAMES = (*_features.FEATURES, *EXTRA)
K = len(_features.FEATURES)
SETS = {
    "shipped 13": list(range(K)),
    "race for progress_sq": [0, K, *range(2, K)],
    "13 + race": list(range(K + 1)),
    "race + exact threat": [0, K, *range(2, 7), K + 1, K + 2, *range(9, K)],
    "all 20": list(range(K + 7)),
}


def _faces(pos: tuple[int, ...], o: int) -> tuple[int, ...]:
    nest = pos[4 * o] == NEST
    return (1, 2, 3, 4, 0 if nest else 5, 6 if nest else 7)


def _threat(state: Any, s: int, c: int, faces: list[tuple[int, ...]]) -> float:
    """The chance that some enemy's next roll can land on cell ``c`` (seat ``s``'s piece)."""
    tables, pos, barriers = state.options.tables, state.pos, state.barriers
    spared = 1.0
    for o in range(state.options.players):
        t = tables.rel[o][c]
        if o == s or t < 0:
            continue
        hit = 0
        for q in pos[4 * o : 4 * o + 4]:
            d = t - q
            clear = not barriers & (tables.reach[o][t] ^ tables.reach[o][q])
            if q != NEST and 0 < d <= 7 and d in faces[o] and clear:
                hit |= 1 << faces[o].index(d)
        spared *= 1 - bin(hit).count("1") / 6
    return 1 - spared


def _held(state: Any, s: int, c: int) -> int:
    """Enemy pieces 1-6 squares behind seat ``s``'s barrier on cell ``c``."""
    tables, pos = state.options.tables, state.pos
    held = 0
    for o in range(state.options.players):
        t = tables.rel[o][c]
        if o != s and t >= 0:
            held += sum(q != NEST and 0 < t - q <= 6 for q in pos[4 * o : 4 * o + 4])
    return held


def xfeatures(state: Any) -> list[list[float]]:
    """Per seat, ``_features.features`` and the values of :data:`EXTRA`."""
    rows = _features.features(state)
    tables, pos, board = state.options.tables, state.pos, state._cells
    faces = [_faces(pos, o) for o in range(state.options.players)]
    for s, row in enumerate(rows):
        mine = pos[4 * s : 4 * s + 4]
        threat = held = stretch = exposed = 0.0
        for r in mine:
            if r == NEST or r >= LANE_FIRST:
                continue
            stretch += r >= 52
            c = tables.cell[s][r]
            code = board[c]
            if code >= 8:
                held += _held(state, s, c) if code == (s + 1) * 9 else 0
            elif not tables.safe[c]:
                exposed += 1
                threat += (r + 1) * _threat(state, s, c, faces)
        race = log(_RACE / (_RACE - sum(r + 1 for r in mine)))
        row += [race, threat * _PIECE, 0.0, 0.0, held / 2, stretch, exposed]
    row = rows[state.turn]
    row[K + 1], row[K + 2] = 0.0, row[K + 1]
    if state.phase in (PHASE_MOVE, PHASE_BONUS):
        _hit_now(state, rows)
    return rows


def _hit_now(state: Any, rows: list[list[float]]) -> None:
    """The progress of each seat's best piece that the player in turn can eat now."""
    t, tables, pos, board = state.turn, state.options.tables, state.pos, state._cells
    for r in pos[4 * t : 4 * t + 4]:
        q = r + state.count
        if r == NEST or q >= LANE_FIRST:
            continue
        c = tables.cell[t][q]
        code = board[c]
        clear = not state.barriers & (tables.reach[t][q] ^ tables.reach[t][r])
        if 0 < code < 8 and code != t + 1 and not tables.safe[c] and clear:
            v = code - 1
            rows[v][K + 3] = max(rows[v][K + 3], (tables.rel[v][c] + 1) * _PIECE)


def evaluation(weights: list[float], cols: list[int]) -> Any:
    """A 2-player evaluation: the logistic model ``weights`` over columns ``cols``."""
    pairs = list(zip(cols, weights, strict=True))

    def evaluate(state: Any) -> tuple[float, ...]:
        if br.is_terminal(state):
            return br.returns(state)
        rows = xfeatures(state)
        a = sum(w * rows[0][c] for c, w in pairs)
        b = sum(w * rows[1][c] for c, w in pairs)
        return 1 / (1 + exp(min(700.0, b - a))), 1 / (1 + exp(min(700.0, a - b)))

    return evaluate


def pooled(state: Any) -> tuple[float, ...]:
    """The shipped ``WEIGHTS`` (the same values as ``evaluate``, in this script's sums)."""
    return evaluation(list(_evaluation.WEIGHTS), SETS["shipped 13"])(state)


class Greedy(GreedyBot):
    def __init__(self, evaluate: Any, name: str) -> None:
        super().__init__(evaluation=evaluate)
        self.name = name

    def __repr__(self) -> str:
        return self.name


def proxy(evaluate: Any, opponent: Any, args: argparse.Namespace) -> str:
    total = count = 0.0
    for seed in map(int, args.seeds.split(",")):
        t = tournament("parchis", [Greedy(evaluate, "candidate"), opponent],
                       games_per_pairing=args.per_seating, seed=seed,
                       options={"players": 2})  # fmt: skip
        total, count = total + first_bot_score(t), count + len(t.games)
    low, high = wilson(total, int(count))
    return f"{total / count:.1%} [{low:.1%}, {high:.1%}] of {count:.0f}"


def selfplay(args: argparse.Namespace, keep: float, depth: int | None) -> dict[str, np.ndarray]:
    """Features, results, search values (if ``depth``) and game numbers of kept positions."""
    rng = random.Random(args.seed)
    greedy = GreedyBot(evaluation=pooled)
    F, Y, S, G = [], [], [], []
    for g in range(args.games):
        state, kept = br.new_game("parchis", players=2), []
        while not br.is_terminal(state):
            if rng.random() < keep:
                kept.append(state)
            move = explored_move(state, rng, greedy, 0.1)
            state = br.apply_move(state, move)
        for s in kept:
            F.append(xfeatures(s))
            Y.append(br.returns(state))
            S.append(searched_value(s, depth) if depth else (0.0, 0.0))
            G.append(g)
    return {k: np.asarray(v) for k, v in (("F", F), ("Y", Y), ("S", S), ("G", G))}


def searched_value(state: Any, depth: int) -> tuple[float, ...]:
    for d in range(depth, -1, -1):
        try:
            return tuple(Expectimax(pooled, 3, 20_000).value(state, d))
        except OutOfNodes:
            continue
    raise AssertionError("depth 0 visits one position")


def fit(F: np.ndarray, y: np.ndarray, cols: list[int], l2: float = 1e-4) -> list[float]:
    """Logistic regression of seat 0's label on its features minus seat 1's (both seats)."""
    X = F[:, 0, cols] - F[:, 1, cols]
    X, y = np.concatenate([X, -X]), np.concatenate([y[:, 0], y[:, 1]])
    w = np.zeros(len(cols))
    for _ in range(100):
        p = 1 / (1 + np.exp(-X @ w))
        grad = X.T @ (p - y) / len(y) + l2 * w
        hess = (X * (p * (1 - p))[:, None]).T @ X / len(y) + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return [float(f"{v:.4g}") for v in w]


def loss(F: np.ndarray, y: np.ndarray, cols: list[int], w: list[float]) -> float:
    q = 1 / (1 + np.exp(-(F[:, 0, cols] - F[:, 1, cols]) @ np.asarray(w)))
    q = np.clip(q, 1e-6, 1 - 1e-6)
    return float(-np.mean(y[:, 0] * np.log(q) + (1 - y[:, 0]) * np.log(1 - q)))


def refits(args: argparse.Namespace, data: dict[str, np.ndarray],
           labels: dict[str, np.ndarray], sets: list[str]) -> None:  # fmt: skip
    F, Y, G = data["F"], data["Y"], data["G"]
    train, held = G % 5 != 4, G % 5 == 4
    base = loss(F[held], Y[held], SETS["shipped 13"], list(_evaluation.WEIGHTS))
    print(f"{len(G)} positions of {args.games} games; held-out log loss of WEIGHTS {base:.4f}")
    for label, y in labels.items():
        for name in sets:
            cols = SETS[name]
            w = fit(F[train], y[train], cols)
            print(f"{label} labels, {name}: held-out log loss "
                  f"{loss(F[held], Y[held], cols, w):.4f}", flush=True)  # fmt: skip
            print("   ", ", ".join(f"{NAMES[c]} {v:+.4g}" for c, v in zip(cols, w, strict=True)))
            print("    greedy vs user greedy:", proxy(evaluation(w, cols), user.UserGreedy(), args))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("proxy", "outcomes", "searched", "strong"))
    parser.add_argument("--seeds", default="33,1000")
    parser.add_argument("--per-seating", type=int, default=None, help="250 (strong: 100)")
    parser.add_argument("--weights", default=None, help="strong: 13 weights, commas")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=33)
    args = parser.parse_args(argv)
    args.per_seating = args.per_seating or (100 if args.part == "strong" else 250)
    started = time.perf_counter()
    if args.part == "proxy":
        previous_greedy = Greedy(previous("parchis"), "previous greedy")
        print("evaluate vs user greedy:", proxy(br.evaluate, user.UserGreedy(), args), flush=True)
        print("evaluate vs previous greedy:", proxy(br.evaluate, previous_greedy, args))
    elif args.part == "strong":
        weights = tuple(float(w) for w in args.weights.split(","))
        assert len(weights) == K, f"{K} weights, one per feature of FEATURES"
        _rules.WEIGHTS = weights  # what evaluate reads (every game here has 2 players)
        parchis_probe.series(
            argparse.Namespace(
                bot="strong",
                opponent="user",
                seeds=args.seeds,
                per_seating=args.per_seating,
                roll_horizon=False,
            )
        )
    elif args.part == "outcomes":
        data = selfplay(args, 0.15, None)
        refits(args, data, {"result": data["Y"]}, list(SETS))
    else:
        data = selfplay(args, 0.1, 2)
        labels = {"search": data["S"], "(search + result) / 2": (data["S"] + data["Y"]) / 2}
        refits(args, data, labels, ["shipped 13", "race + exact threat"])
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
