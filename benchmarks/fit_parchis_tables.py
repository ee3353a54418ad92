"""Per-piece tables for the 2- and 4-player Parchís evaluations, learnt by TD(lambda) (issue 33).

The shipped tables (``src/boardrules/parchis/_tables.py`` for 2 players, ``_tables4.py`` for
4) come from the weights files ``benchmarks/data/parchis-tables-r2.txt`` and
``parchis-tables-4p.txt``, which the seeded pipelines of ``reproduce`` make::

    python benchmarks/fit_parchis_tables.py write --check   # modules = weights files? (~1 s)
    python benchmarks/fit_parchis_tables.py write           # (re)write the modules from them
    nice python benchmarks/fit_parchis_tables.py reproduce  # both pipelines (~20 min)
    nice python benchmarks/fit_parchis_tables.py reproduce --players 4  # one (~8 min)
    python benchmarks/fit_parchis_tables.py speed --games 10 --seed 1  # us per evaluate call
    python benchmarks/fit_parchis_tables.py speed --games 3 --seed 1 --players 4

``reproduce`` runs ``data --games 2000 --seed 5 --data A``, ``fit --data A --lam 0.9 --save
W1 --no-proxy``, ``data --games 2000 --seed 6 --policy W1 --data B``, ``fit --data B --lam
0.9 --save W2`` (round 2 is on-policy: the games of round 1's greedy bot, as TD-Gammon
learnt from its own games), writes W2's weights rounded to 4 significant digits to
``--out`` and compares them with the committed weights file (exit 1 if they differ); then
for 4 players, one round: ``data --players 4 --games 2000 --seed 6 --data C``, ``fit
--data C --lam 0.9 --save W4 --no-proxy`` (a second, on-policy round was not tried),
compared with ``--weights-4``.  The parts, for experiments::

    nice python benchmarks/fit_parchis_tables.py data --games 2000 --seed 5      # ~2-4 min
    nice python benchmarks/fit_parchis_tables.py fit --lam 0.9 --save /tmp/w.npy # + proxy
    nice python benchmarks/fit_parchis_tables.py proxy --save /tmp/w.npy         # ~1-3 min
    nice python benchmarks/fit_parchis_tables.py strong --save /tmp/w.npy --seeds 33
    nice python benchmarks/fit_parchis_tables.py strong --previous --seeds 33    # progress only

(each a long run: under ``nice``, one at a time on a shared machine; ``--data`` is where
``data`` writes the self-play positions and ``fit`` reads them)

3-4 players (the shipped 4-player evaluation has its own tables; 3 players keep the 13
features): ``--players 4`` makes ``data`` play 4-player games (every seat's result kept);
``fit`` of such data fits every seat's row minus the mean of the others' rows
(``win_chances``'s model), and its ``proxy`` (also ``proxy --players 4``) is greedy with the
candidate in seat ``g % 4`` of game ``g`` against three greedy bots with the 13-feature
evaluation (``WEIGHTS``), its mean return (0.5: as strong) with a 95% interval::

    nice python benchmarks/fit_parchis_tables.py data --players 4 --games 500 --seed 5 --data A
    nice python benchmarks/fit_parchis_tables.py fit --data A --lam 0.9 --save W --no-proxy
    nice python benchmarks/fit_parchis_tables.py proxy --players 4 --save W --seeds 4000

A piece's value depends on where it stands and how exposed it is, not only on its progress.
The candidate evaluation here is the shipped 13 features (``parchis/_features.py``) plus, per
seat, the sum of a table's values, one per piece, looked up by the piece's *class*: nest,
goal, each lane square, or a bucket of 4 track squares times its status (in a barrier of
its owner, on a safe square, or exposed with no enemy 1-12 squares behind, enemies 7-12
behind only, one or two and more 1-6 behind, each split by whether its owner is in turn):
169 classes.  It is linear over a sparse one-hot encoding (a few lookups a seat) but not in
the pieces' places.

* ``data``: every position (rolls and decisions) of ``--games`` 2-player games of the
  greedy bot with the linear evaluation (``WEIGHTS``; with ``--policy``, a saved candidate),
  playing a random move with probability 0.1, dice and choices from ``--seed``.
* ``fit``: batch TD(lambda).  A logistic model of seat 0's result on seat 0's row minus
  seat 1's (both seats), L2 ``--l2``, Newton's method with step halving, fitted first to the
  games' results, then ``--iterations`` times to the lambda-returns (``--lam``) of the
  current model's values along each game.  Every fifth game is held out for the log loss.
  Then (unless ``--no-proxy``) the proxy below; ``--save`` keeps the weights.
* ``proxy``: greedy (one decision deep) with the candidate against the user's greedy bot
  (``user_greedy.py``) and against greedy with the shipped evaluation, in 2-player games
  played by :func:`boardrules.simulate.tournament` as ``ladder.py``'s targets are (seats
  alternated, ``--per-seating`` games each, per seed of ``--seeds``): the win rate with its
  95% Wilson interval (``fit`` plays the first only).
* ``strong``: the real thing: ``strong`` (default budget) with the candidate (or with
  ``--previous``, the progress-only evaluation of ``previous_evaluation.py``) against the
  user's greedy bot, as ``parchis_probe.py series strong`` plays it.

The candidate's weights are rounded to 4 significant digits, as a shipped module would hold
them.  numpy and scipy are needed here only (``pip install 'boardrules[fit]'``); the
library never imports them.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

try:
    import numpy as np
    from scipy import sparse
except ImportError as missing:  # pragma: no cover - depends on the environment
    sys.exit(f"{missing}: fit_parchis_tables.py needs pip install 'boardrules[fit]'")
import parchis_probe  # noqa: E402
import user_greedy as user  # noqa: E402
from _series import explored_move, first_bot_score  # noqa: E402
from previous_evaluation import previous  # noqa: E402

import boardrules as br  # noqa: E402
from boardrules._fitted import win_chances  # noqa: E402
from boardrules.bots import GreedyBot, StrongBot  # noqa: E402
from boardrules.parchis import _evaluation, _features  # noqa: E402
from boardrules.parchis._board import GOAL, LANE_FIRST, NEST  # noqa: E402
from boardrules.simulate import tournament, wilson  # noqa: E402

K = len(_features.FEATURES)
BUCKET = 4
STATUSES = 10  # barrier, safe, then exposed (4 kinds) x owner in turn or not
CLASSES = 2 + (GOAL - LANE_FIRST) + (LANE_FIRST // BUCKET) * STATUSES


def piece_classes(state: Any) -> list[list[int]]:
    """Per seat, the class of each of its four pieces."""
    n = state.options.players
    pos, tables, board = state.pos, state.options.tables, state._cells
    rows = []
    for s in range(n):
        turn = 4 if s == state.turn else 0
        row = []
        for r in pos[4 * s : 4 * s + 4]:
            if r == NEST:
                row.append(0)
            elif r == GOAL:
                row.append(1)
            elif r >= LANE_FIRST:
                row.append(2 + r - LANE_FIRST)
            else:
                c = tables.cell[s][r]
                code = board[c]
                if code >= 8 and code == (s + 1) * 9:
                    status = 0
                elif tables.safe[c]:
                    status = 1
                else:
                    near, far = _features._attackers(pos, tables.rel, c, s, n)
                    kind = 3 if near >= 2 else 2 if near == 1 else 1 if far else 0
                    status = 2 + turn + kind
                row.append(9 + (r // BUCKET) * STATUSES + status)
        rows.append(row)
    return rows


def class_names() -> list[str]:
    kinds = ("clear", "far only", "1 near", "2+ near")
    status = ["barrier", "safe"] + [f"{k}, {w}" for w in ("waiting", "in turn") for k in kinds]
    names = ["nest", "goal"] + [f"lane {i + 1}" for i in range(GOAL - LANE_FIRST)]
    for b in range(LANE_FIRST // BUCKET):
        names += [f"track {b * BUCKET}-{b * BUCKET + BUCKET - 1} {s}" for s in status]
    return names


def candidate(w: np.ndarray) -> Any:
    """The 2-player evaluation with weights ``w`` (13 features, then the table), rounded to
    4 significant digits: per seat the features' weighted sum plus its pieces' values."""
    rounded = [float(f"{v:.4g}") for v in w]
    weights, table = (*rounded[:K], 1.0), rounded[K:]

    def evaluate(state: Any) -> tuple[float, ...]:
        if br.is_terminal(state):
            return br.returns(state)
        rows = _features.features(state)
        for row, seat in zip(rows, piece_classes(state), strict=True):
            row.append(sum(table[k] for k in seat))
        return win_chances(rows, weights)

    return evaluate


def linear(state: Any) -> tuple[float, ...]:
    """The linear evaluation (``WEIGHTS`` of ``_evaluation.py``): the self-play policy."""
    if br.is_terminal(state):
        return br.returns(state)
    return win_chances(_features.features(state), _evaluation.WEIGHTS)


def shipped_w() -> np.ndarray:
    return np.concatenate([np.asarray(_evaluation.WEIGHTS), np.zeros(CLASSES)])


def selfplay(args: argparse.Namespace) -> None:
    """Every position of ``--games`` games of greedy (random move 0.1) playing with the
    linear evaluation, or with the weights saved in ``--policy``.  With 2 players ``Z`` is
    seat 0's result; with more, every seat's."""
    rng = random.Random(args.seed)
    policy = candidate(np.load(args.policy)) if args.policy else linear
    greedy = GreedyBot(evaluation=policy)
    F, C, G, Z = [], [], [], []
    for g in range(args.games):
        state = br.new_game("parchis", players=args.players)
        start = len(F)
        while not br.is_terminal(state):
            F.append(_features.features(state))
            C.append(piece_classes(state))
            G.append(g)
            move = explored_move(state, rng, greedy, 0.1)
            state = br.apply_move(state, move)
        result = br.returns(state)
        Z += [result[0] if args.players == 2 else result] * (len(F) - start)
    np.savez_compressed(args.data, F=np.asarray(F), C=np.asarray(C, dtype=np.int16),
                        G=np.asarray(G), Z=np.asarray(Z))  # fmt: skip
    print(f"{len(F)} positions of {args.games} games -> {args.data}")


def design(F: np.ndarray, C: np.ndarray) -> sparse.csr_matrix:
    """Seat 0's row minus seat 1's: the 13 features, then the table's counts."""
    n = len(F)
    rows = np.repeat(np.arange(n), 8)
    cols = K + C.reshape(-1).astype(np.int64)
    vals = np.tile([1.0] * 4 + [-1.0] * 4, n)
    table = sparse.csr_matrix((vals, (rows, cols)), shape=(n, K + CLASSES))
    return (sparse.csr_matrix(np.pad(F[:, 0] - F[:, 1], ((0, 0), (0, CLASSES)))) + table).tocsr()


def fit(X: sparse.csr_matrix, y: np.ndarray, w: np.ndarray, l2: float) -> np.ndarray:
    """Logistic regression with soft labels ``y`` (both seats: X, y and -X, 1 - y), by
    Newton's method with step halving."""

    def objective(w: np.ndarray) -> float:
        m = X @ w
        return float(np.mean(np.logaddexp(0, m) - y * m) + l2 / 2 * w @ w)

    w, current = w.copy(), objective(w)
    for _ in range(50):
        p = 1 / (1 + np.exp(-(X @ w)))
        grad = X.T @ (p - y) / len(y) + l2 * w
        d = p * (1 - p)
        hess = (X.T @ sparse.diags(d) @ X).toarray() / len(y) + l2 * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        for _ in range(30):
            trial = objective(w - step)
            if trial <= current:
                break
            step /= 2
        w, current = w - step, trial
        if np.abs(step).max() < 1e-7:
            break
    return w


def lambda_returns(v: np.ndarray, z: np.ndarray, g: np.ndarray, lam: float) -> np.ndarray:
    """Per position, the lambda-return of the values ``v`` along its game (result ``z``)."""
    out = np.empty_like(v)
    ret = 0.0
    for t in range(len(v) - 1, -1, -1):
        last = t == len(v) - 1 or g[t + 1] != g[t]  # then the next one is the result
        ret = z[t] if last else (1 - lam) * v[t + 1] + lam * ret
        out[t] = ret
    return out


def design_n(F: np.ndarray, C: np.ndarray) -> list[sparse.csr_matrix]:
    """With ``p`` players, per seat: its row minus the mean of the others' rows (the 13
    features, then the table's counts), the model of ``win_chances``."""
    n, p = F.shape[0], F.shape[1]
    rows = np.repeat(np.arange(n), 4)
    counts = [
        sparse.csr_matrix((np.ones(4 * n), (rows, C[:, s].reshape(-1).astype(np.int64))),
                          shape=(n, CLASSES))
        for s in range(p)
    ]  # fmt: skip
    total_f, total_c = F.sum(axis=1), sum(counts[1:], counts[0])
    out = []
    for s in range(p):
        dense = F[:, s] - (total_f - F[:, s]) / (p - 1)
        table = counts[s] - (total_c - counts[s]) / (p - 1)
        out.append(sparse.hstack([sparse.csr_matrix(dense), table]).tocsr())
    return out


def learn_n(args: argparse.Namespace) -> np.ndarray:
    """``learn`` with 3-4 players: every seat's row is a sample, its result (or
    lambda-return of its value along the game) the label."""
    d = np.load(args.data)
    Xs, Z, G = design_n(d["F"], d["C"]), d["Z"].astype(float), d["G"]
    held, train = G % 5 == 4, G % 5 != 4
    Xt = sparse.vstack([X[train] for X in Xs]).tocsr()
    Xh = sparse.vstack([X[held] for X in Xs]).tocsr()
    Zh = np.concatenate([Z[held, s] for s in range(len(Xs))])

    def logloss(w: np.ndarray) -> float:
        q = np.clip(1 / (1 + np.exp(-(Xh @ w))), 1e-6, 1 - 1e-6)
        return float(-np.mean(Zh * np.log(q) + (1 - Zh) * np.log(1 - q)))

    print(f"{Z.shape[0]} positions of {Z.shape[1]} players; held-out log loss (every seat), "
          f"shipped: {logloss(shipped_w()):.4f}")  # fmt: skip
    w = fit(Xt, np.concatenate([Z[train, s] for s in range(len(Xs))]), shipped_w(), args.l2)
    print(f"results: held-out log loss {logloss(w):.4f}", flush=True)
    for i in range(args.iterations if args.lam < 1 else 0):
        ys = []
        for s, X in enumerate(Xs):
            v = 1 / (1 + np.exp(-(X @ w)))
            ys.append(lambda_returns(v, Z[:, s], G, args.lam)[train])
        w = fit(Xt, np.concatenate(ys), w, args.l2)
        print(f"TD({args.lam}) round {i + 1}: held-out log loss {logloss(w):.4f}", flush=True)
    return w


def proxy_n(evaluate: Any, args: argparse.Namespace) -> str:
    """With 3-4 players: greedy with ``evaluate`` in seat ``g % players`` of game ``g``
    against greedy with the 13-feature evaluation (``WEIGHTS``) in the others
    (``--per-seating`` games a seat, per seed of ``--seeds``; dice and choices of game
    ``g`` from ``seed + g``, as ``parchis_probe.py four``): its mean return (0.5: as
    strong) with a 95% interval."""
    import statistics

    from boardrules.bots import sample_outcome

    probed, others, p = GreedyBot(evaluation=evaluate), GreedyBot(evaluation=linear), args.players
    results = []
    for seed in map(int, args.seeds.split(",")):
        for g in range(p * args.per_seating):
            rng, seat = random.Random(seed + g), g % p
            state = br.new_game("parchis", players=p)
            while not br.is_terminal(state):
                if br.is_chance(state):
                    move = sample_outcome(state, rng)
                else:
                    mover = probed if br.current_player(state) == seat else others
                    move = mover.choose(state, rng)
                state = br.apply_move(state, move)
            results.append(br.returns(state)[seat])
    mean = statistics.mean(results)
    half = 1.96 * statistics.stdev(results) / len(results) ** 0.5
    return f"{mean:.3f} [{mean - half:.3f}, {mean + half:.3f}] of {len(results)}"


def proxy(evaluate: Any, opponent: Any, args: argparse.Namespace) -> str:
    total = count = 0.0
    for seed in map(int, args.seeds.split(",")):
        bot = GreedyBot(evaluation=evaluate)
        t = tournament("parchis", [bot, opponent], games_per_pairing=args.per_seating,
                       seed=seed, options={"players": 2})  # fmt: skip
        total, count = total + first_bot_score(t), count + len(t.games)
    low, high = wilson(total, int(count))
    return f"{total / count:.1%} [{low:.1%}, {high:.1%}] of {count:.0f}"


def learn(args: argparse.Namespace) -> np.ndarray:
    d = np.load(args.data)
    X, Z, G = design(d["F"], d["C"]), d["Z"].astype(float), d["G"]
    held, train = G % 5 == 4, G % 5 != 4
    Xt = sparse.vstack([X[train], -X[train]]).tocsr()

    def logloss(w: np.ndarray) -> float:
        q = np.clip(1 / (1 + np.exp(-(X[held] @ w))), 1e-6, 1 - 1e-6)
        return float(-np.mean(Z[held] * np.log(q) + (1 - Z[held]) * np.log(1 - q)))

    print(f"{X.shape[0]} positions; held-out log loss, shipped: {logloss(shipped_w()):.4f}")
    w = fit(Xt, np.concatenate([Z[train], 1 - Z[train]]), shipped_w(), args.l2)
    print(f"results: held-out log loss {logloss(w):.4f}", flush=True)
    for i in range(args.iterations if args.lam < 1 else 0):
        v = 1 / (1 + np.exp(-(X @ w)))
        y = lambda_returns(v, Z, G, args.lam)[train]
        w = fit(Xt, np.concatenate([y, 1 - y]), w, args.l2)
        print(f"TD({args.lam}) round {i + 1}: held-out log loss {logloss(w):.4f}", flush=True)
    return w


def strong(evaluation: Any, args: argparse.Namespace) -> None:
    """``strong`` (default budget) with ``evaluation`` against the user greedy, as
    ``parchis_probe.py series strong`` plays it (``--per-seating`` games per seating)."""
    total = count = 0.0
    for seed in map(int, args.seeds.split(",")):
        parchis_probe.SPENT[:] = [0.0, 0]
        probed = parchis_probe.Timed(StrongBot(evaluation=evaluation))
        t = tournament("parchis", [probed, user.UserGreedy()], games_per_pairing=args.per_seating,
                       seed=seed, options={"players": 2})  # fmt: skip
        score = first_bot_score(t)
        parchis_probe.report(f"seed {seed}", score, len(t.games))
        spent = parchis_probe.SPENT
        print(f"  {1000 * spent[0] / max(1, spent[1]):.2f} CPU ms per decision", flush=True)
        total, count = total + score, count + len(t.games)
    parchis_probe.report("strong vs user greedy", total, int(count))


WEIGHTS_FILE = HERE / "data" / "parchis-tables-r2.txt"
MODULE = HERE.parent / "src" / "boardrules" / "parchis" / "_tables.py"
WEIGHTS_FILE_4 = HERE / "data" / "parchis-tables-4p.txt"
MODULE_4 = HERE.parent / "src" / "boardrules" / "parchis" / "_tables4.py"
WRITE = "python benchmarks/fit_parchis_tables.py write"


def rounded(w: np.ndarray) -> list[float]:
    return [float(f"{v:.4g}") for v in w]


def weights_text(w: np.ndarray, players: int = 2) -> str:
    """The weights file: 13 features then 169 classes, one weight a line, with its name."""
    names = [*_features.FEATURES, *class_names()]
    fitted = "round-2 TD(0.9)" if players == 2 else "4-player TD(0.9)"
    lines = [
        f"# {fitted} weights (rounded 4 sig.), 13 features then 169 classes"
        " (fit_parchis_tables.py class order)"
    ]
    lines += [f"{v!r}  # {name}" for v, name in zip(rounded(w), names, strict=True)]
    return "\n".join(lines) + "\n"


def read_weights(path: Path) -> list[float]:
    lines = path.read_text().splitlines()
    values = [float(line.split("#")[0]) for line in lines if not line.startswith("#")]
    if len(values) != K + CLASSES:
        raise SystemExit(f"{path}: {len(values)} weights, expected {K} + {CLASSES}")
    return values


#: What the docstring of each generated module says of its weights file and its fit.
_FITTED = {
    2: (
        "parchis-tables-r2.txt",
        "reproduce",
        "TD(lambda = 0.9) on 2,000 self-play games (seed 5), then again on 2,000 games (seed 6) "
        "of\nthe greedy bot with those weights; rounded to 4 significant digits.  The method is\n"
        "described in that script.",
    ),
    4: (
        "parchis-tables-4p.txt",
        "reproduce --players 4",
        "TD(lambda = 0.9) on 2,000 4-player self-play games (seed 6) of the greedy bot with the\n"
        "13 features' weights, every seat's row against the mean of the others'; rounded to 4\n"
        "significant digits.  The method is described in that script.",
    ),
}


def module_text(weights: list[float], players: int = 2) -> str:
    """``parchis/_tables.py`` (2 players: ``WEIGHTS_2``, the features', and ``TABLE_2``, the
    classes') or ``parchis/_tables4.py`` (4 players: ``WEIGHTS_4`` and ``TABLE_4``)."""
    data, command, fit = _FITTED[players]
    p = players
    head = f'''"""The {p}-player Parchís evaluation: weights and piece table, generated, do not \
edit.

Written by ``{WRITE}`` from
``benchmarks/data/{data}``, the weights that
``python benchmarks/fit_parchis_tables.py {command}`` fits (seeded): batch
{fit}
"""

#: One weight per feature of ``_features.FEATURES``, in that order ({p} players).
WEIGHTS_{p} = (
'''
    lines = [head.rstrip("\n")]
    lines += [f"    {v!r},  # {n}" for v, n in zip(weights[:K], _features.FEATURES, strict=True)]
    lines += [")", "", "#: A value per class of piece of ``_features.CLASSES``, in that order"
              f" ({p} players).", f"TABLE_{p} = ("]  # fmt: skip
    lines += [f"    {v!r},  # {n}" for v, n in zip(weights[K:], _features.CLASSES, strict=True)]
    lines.append(")")
    return "\n".join(lines) + "\n"


def write(args: argparse.Namespace) -> int:
    """Write ``parchis/_tables.py`` from ``--weights`` and ``parchis/_tables4.py`` from
    ``--weights-4``; with ``--check``, exit 1 if a committed module differs from what would
    be written."""
    code = 0
    for module, weights, players in ((MODULE, args.weights, 2), (MODULE_4, args.weights_4, 4)):
        text = module_text(read_weights(Path(weights)), players)
        if not args.check:
            module.write_text(text)
            print(f"wrote {module}")
        elif module.read_text() == text:
            print(f"{module.name} matches {weights}")
        else:
            print(f"{module} differs from {weights}: run {WRITE}")
            code = 1
    return code


def reproduce(args: argparse.Namespace) -> int:
    """The whole seeded pipelines of the shipped weights (2 players, then 4; ``--players``:
    only those), each compared with its weights file."""
    code = 0
    if args.players in (None, 2):
        code |= reproduce_2(args)
    if args.players in (None, 4):
        code |= reproduce_4(args)
    return code


def reproduce_2(args: argparse.Namespace) -> int:
    """The seeded pipeline of the 2-player weights, compared with ``--weights``."""
    steps = [
        ["data", "--games", "2000", "--seed", "5", "--data", f"{args.scratch}-A.npz"],
        ["fit", "--data", f"{args.scratch}-A.npz", "--lam", "0.9", "--save",
         f"{args.scratch}-W1.npy", "--no-proxy"],
        ["data", "--games", "2000", "--seed", "6", "--policy", f"{args.scratch}-W1.npy",
         "--data", f"{args.scratch}-B.npz"],
        ["fit", "--data", f"{args.scratch}-B.npz", "--lam", "0.9", "--save",
         f"{args.scratch}-W2.npy", "--no-proxy"],
    ]  # fmt: skip
    return compared(steps, f"{args.scratch}-W2.npy", args.out, args.weights, 2)


def reproduce_4(args: argparse.Namespace) -> int:
    """The seeded pipeline of the 4-player weights (one round: TD(0.9) on 2,000 games of
    the 13 features' greedy bot, seed 6), compared with ``--weights-4``."""
    steps = [
        ["data", "--players", "4", "--games", "2000", "--seed", "6", "--data",
         f"{args.scratch}-4A.npz"],
        ["fit", "--data", f"{args.scratch}-4A.npz", "--lam", "0.9", "--save",
         f"{args.scratch}-4W.npy", "--no-proxy"],
    ]  # fmt: skip
    out = str(Path(args.out).with_suffix(".4p.txt"))
    return compared(steps, f"{args.scratch}-4W.npy", out, args.weights_4, 4)


def compared(steps: list[list[str]], saved: str, out: str, weights: str, players: int) -> int:
    """Run ``steps``, write the weights they ``saved`` to ``out`` and compare them with the
    committed ``weights`` file (1 if they differ)."""
    for step in steps:
        print("fit_parchis_tables.py", " ".join(step), flush=True)
        main(step)
    w = np.load(saved)
    Path(out).write_text(weights_text(w, players))
    fitted, committed = rounded(w), read_weights(Path(weights))
    diff = max(abs(a - b) for a, b in zip(fitted, committed, strict=True))
    same = fitted == committed
    print(f"wrote {out}; against {weights}: "
          + ("exactly equal" if same else f"max abs difference {diff:.3g}"))  # fmt: skip
    return 0 if same else 1


def speed(args: argparse.Namespace) -> int:
    """Microseconds per call of the shipped evaluation with the tables (of ``--players``, 2
    or 4) and of the 13-feature model without them (``WEIGHTS``, the evaluation before the
    tables, and the 3 players' still), over every position of ``--games`` random games of
    ``--players`` and ``--seed``; with ``--before``, also of a copy of an older
    ``_features.py`` (e.g. ``git show 45a2211:src/boardrules/parchis/_features.py``).  The
    evaluations take turns in slices of CPU time (``_timing.measure``), ``--rounds`` times:
    the ratios hold on a busy machine; 95% intervals over the rounds."""
    import importlib.util

    from _timing import interval, measure

    from boardrules.parchis._tables import TABLE_2, WEIGHTS_2
    from boardrules.parchis._tables4 import TABLE_4, WEIGHTS_4
    from boardrules.testing import random_play

    if args.players not in (2, 4):
        raise SystemExit("speed: --players 2 or 4 (3 players have no tables)")
    table, w = (TABLE_2, WEIGHTS_2) if args.players == 2 else (TABLE_4, WEIGHTS_4)
    weights = (*w, 1.0)  # as parchis.evaluate has them, without the API's dispatch
    rng = random.Random(args.seed)
    start = br.new_game("parchis", players=args.players)
    states = [s for _ in range(args.games) for s, _ in random_play(start, rng)]
    models = {
        "tables (shipped)": lambda s: win_chances(_features.features(s, table), weights),
        "13 features": lambda s: win_chances(_features.features(s), _evaluation.WEIGHTS),
    }
    if args.before:
        spec = importlib.util.spec_from_file_location("before_features", args.before)
        assert spec and spec.loader
        before = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(before)
        models["before"] = lambda s: win_chances(before.features(s), _evaluation.WEIGHTS)

    def engine(f: Any) -> Any:
        def run() -> int:
            for s in states:
                f(s)
            return len(states)

        return run

    engines = {name: engine(f) for name, f in models.items()}
    rounds = [measure(engines, 1.0, 0.05) for _ in range(args.rounds)]
    print(f"{len(states)} positions of {args.games} random {args.players}-player games "
          f"(seed {args.seed}), {args.rounds} rounds:")  # fmt: skip
    base = "13 features"
    for name in models:
        us = [1e6 / r[name] for r in rounds]
        ratio = [r[base] / r[name] for r in rounds]
        (lo, hi), (rlo, rhi) = interval(us), interval(ratio)
        mean, r = sum(us) / len(us), sum(ratio) / len(ratio)
        print(f"  {name:>17}: {mean:.2f} us per call [{lo:.2f}, {hi:.2f}]; "
              f"time / 13 features' {r:.3f} [{rlo:.3f}, {rhi:.3f}]")  # fmt: skip
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "part", choices=("data", "fit", "proxy", "strong", "write", "reproduce", "speed")
    )
    parser.add_argument("--data", default="/tmp/pstrength-tables.npz")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=None, choices=(2, 3, 4),
                        help="data, proxy, speed: 2 unless given (fit: the data's; "
                             "reproduce: both 2 and 4 unless given)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--l2", type=float, default=1e-5)
    parser.add_argument("--iterations", type=int, default=4)
    parser.add_argument("--seeds", default="33,1000")
    parser.add_argument("--per-seating", type=int, default=None, help="250 (strong: 100)")
    parser.add_argument("--no-proxy", action="store_true")
    parser.add_argument("--save", default=None)
    parser.add_argument("--previous", action="store_true", help="strong: progress only")
    parser.add_argument("--policy", default=None, help="data: weights (.npy) of self-play")
    parser.add_argument("--weights", default=str(WEIGHTS_FILE), help="write, reproduce")
    parser.add_argument("--weights-4", default=str(WEIGHTS_FILE_4), help="write, reproduce")
    parser.add_argument("--check", action="store_true", help="write: compare, do not write")
    parser.add_argument("--out", default="/tmp/parchis-tables-reproduced.txt", help="reproduce")
    parser.add_argument("--scratch", default="/tmp/parchis-tables", help="reproduce: files")
    parser.add_argument("--rounds", type=int, default=5, help="speed: interleaved rounds")
    parser.add_argument("--before", default=None, help="speed: an older _features.py")
    args = parser.parse_args(argv)
    args.per_seating = args.per_seating or (100 if args.part == "strong" else 250)
    if args.part != "reproduce":
        args.players = args.players or 2
    if args.part == "write":
        return write(args)
    if args.part == "speed":
        return speed(args)
    started = time.perf_counter()
    code = 0
    if args.part == "reproduce":
        code = reproduce(args)
    elif args.part == "data":
        selfplay(args)
    elif args.part == "strong":
        strong(previous("parchis") if args.previous else candidate(np.load(args.save)), args)
    elif args.part == "proxy" and args.players > 2:
        w = np.load(args.save)
        print(f"greedy vs {args.players - 1} x the 13 features' greedy (mean return):",
              proxy_n(candidate(w), args), flush=True)  # fmt: skip
    elif args.part == "proxy":
        w = np.load(args.save)
        print("greedy vs user greedy:", proxy(candidate(w), user.UserGreedy(), args), flush=True)
        shipped = GreedyBot(evaluation=linear)
        print("greedy vs the shipped greedy:", proxy(candidate(w), shipped, args), flush=True)
    else:
        args.players = int(np.load(args.data)["F"].shape[1])
        w = learn(args) if args.players == 2 else learn_n(args)
        if args.save:
            np.save(args.save, w)
        names = list(_features.FEATURES)
        print(" ".join(f"{n}={v:+.3g}" for n, v in zip(names, w[:K], strict=True)))
        if not args.no_proxy and args.players > 2:
            print(f"greedy vs {args.players - 1} x the 13 features' greedy (mean return):",
                  proxy_n(candidate(w), args), flush=True)  # fmt: skip
        elif not args.no_proxy:
            print(
                "greedy vs user greedy:", proxy(candidate(w), user.UserGreedy(), args), flush=True
            )
    print(f"({time.perf_counter() - started:.0f} s)")
    return code


if __name__ == "__main__":
    sys.exit(main())
