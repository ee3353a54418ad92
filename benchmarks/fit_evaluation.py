"""Fit the weights of a game's evaluation and write them into the library (issue 33).

    nice python benchmarks/fit_evaluation.py parchis            # writes parchis/_evaluation.py
    nice python benchmarks/fit_evaluation.py parchis --check    # exit 1 if the shipped differ

Method (the same for every game that has a ``_features`` module):

1. Self-play: ``--games`` games per number of players, played by a greedy bot that plays a
   uniformly random move with probability ``--epsilon`` (for variety).  In the first round
   it plays with the *previous* evaluation (``previous_evaluation.py``, frozen, so the fit
   never depends on the evaluation it replaces); each further round (``--rounds``, default
   2) plays with the weights the round before fitted, on fresh games, so that the
   positions are those a good player meets.  Dice, policy and the positions kept come from
   ``random.Random(seed + round)``: the same seed gives the same positions everywhere.
2. Every position (rolls and decisions) is kept with probability ``--keep``; its label is
   the game's result for each seat (:func:`boardrules.returns` at the end).
3. The model (``boardrules/_fitted.py``) scores each seat ``w . f``, ``f`` the game's
   features (``FEATURES`` of its ``_features`` module).  In Parchís, whose return is linear
   in the finishing place, seat ``s`` is worth ``sigmoid(score_s - mean of the others')``,
   fitted by logistic regression with the returns as (soft) labels; in Dorada and Docker,
   which have one winner, the softmax of the scores of the seats still in the game, fitted
   as a conditional logit of who won.  No intercept (the seats are symmetric), L2 penalty
   ``--l2``, Newton's method to convergence.  A fifth of the games (every fifth) is held
   out to report the log loss of the fitted and of the previous evaluation.

The weights are rounded to 4 significant digits and written as a small data module,
``src/boardrules/GAME/_evaluation.py``, which ``GAME.evaluate`` reads.  numpy is needed
here only; the library never imports it.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

import numpy as np  # noqa: E402
from _series import explored_move  # noqa: E402
from previous_evaluation import previous  # noqa: E402

import boardrules as br  # noqa: E402
from boardrules._fitted import win_chances, win_shares  # noqa: E402
from boardrules.bots import GreedyBot  # noqa: E402

#: Per game: the numbers of players, games per number and round, the share of positions
#: kept, and the model (see above).
SETTINGS: dict[str, dict[str, Any]] = {
    "parchis": {"players": (2, 4), "games": 600, "keep": 0.15, "model": "places"},
    "dorada": {"players": (2, 4), "games": 1500, "keep": 0.5, "model": "win"},
    "docker": {"players": (2, 4), "games": 1500, "keep": 0.5, "model": "win"},
}

Data = dict[tuple[int, bool], dict[str, np.ndarray]]


def play(game: str, players: int, rng: random.Random, epsilon: float, keep: float,
         policy: Any) -> tuple[list[Any], tuple[float, ...]]:  # fmt: skip
    """One self-play game: the positions kept and the result."""
    greedy = GreedyBot(evaluation=policy)
    state: Any = br.new_game(game, players=players)
    kept = []
    while not br.is_terminal(state):
        if rng.random() < keep:
            kept.append(state)
        move = explored_move(state, rng, greedy, epsilon)
        state = br.apply_move(state, move)
    return kept, br.returns(state)


def fitted_policy(game: str, weights: list[float]) -> Any:
    """The evaluation with these weights (what the game ships, before it is shipped)."""
    features = importlib.import_module(f"boardrules.{game}._features").features

    def evaluation(state: Any) -> tuple[float, ...]:
        if br.is_terminal(state):
            return br.returns(state)
        if SETTINGS[game]["model"] == "places":
            return win_chances(features(state), weights)
        return win_shares(features(state), weights, getattr(state, "eliminated", ()))

    return evaluation


def dataset(game: str, seed: int, games: int, epsilon: float, keep: float,
            policy: Any) -> Data:  # fmt: skip
    """Per number of players and held out or not: the features (positions x seats x k), the
    results, the seats still in the game and the previous evaluation's values."""
    features = importlib.import_module(f"boardrules.{game}._features").features
    old = previous(game)
    rng = random.Random(seed)
    data = {}
    for players in SETTINGS[game]["players"]:
        parts: dict[bool, dict[str, list[Any]]] = {
            held: {"F": [], "y": [], "in": [], "old": []} for held in (False, True)
        }
        for i in range(games):
            kept, result = play(game, players, rng, epsilon, keep, policy)
            part = parts[i % 5 == 4]
            for state in kept:
                out = getattr(state, "eliminated", ())
                part["F"].append(features(state))
                part["y"].append(result)
                part["in"].append([p not in out for p in range(players)])
                part["old"].append(old(state))
        for held, part in parts.items():
            data[players, held] = {k: np.asarray(v, dtype=float) for k, v in part.items()}
    return data


def relative(f: np.ndarray) -> np.ndarray:
    """Each seat's features minus the mean of the other seats' (positions x seats x k)."""
    n = f.shape[1]
    return f - (f.sum(axis=1, keepdims=True) - f) / (n - 1)


def newton(gradient_and_hessian: Any, k: int) -> np.ndarray:
    """Minimise a convex loss from w = 0, given its gradient and Hessian."""
    w = np.zeros(k)
    for _ in range(100):
        grad, hess = gradient_and_hessian(w)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return w


def fit_places(data: Data, l2: float) -> np.ndarray:
    """Logistic regression of each seat's return on its relative features."""
    X = np.concatenate([relative(d["F"]).reshape(-1, d["F"].shape[2])
                        for (_, held), d in data.items() if not held])  # fmt: skip
    y = np.concatenate([d["y"].ravel() for (_, held), d in data.items() if not held])

    def derivatives(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        p = 1 / (1 + np.exp(-X @ w))
        grad = X.T @ (p - y) / len(y) + l2 * w
        hess = (X * (p * (1 - p))[:, None]).T @ X / len(y) + l2 * np.eye(len(w))
        return grad, hess

    return newton(derivatives, X.shape[1])


def softmax(F: np.ndarray, active: np.ndarray, w: np.ndarray) -> np.ndarray:
    z = np.where(active > 0, F @ w, -np.inf)
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def won(d: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The positions of games somebody won, and the results as shares of the win."""
    total = d["y"].sum(axis=1)
    keep = total > 0
    return keep, d["y"][keep] / total[keep, None]


def fit_win(data: Data, l2: float) -> np.ndarray:
    """Conditional logit of who wins: the softmax of the scores over the seats in the game."""
    groups = []
    for (_, held), d in data.items():
        if not held:
            keep, y = won(d)
            groups.append((d["F"][keep], d["in"][keep], y))
    count = sum(len(y) for _, _, y in groups)
    k = groups[0][0].shape[2]

    def derivatives(w: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        grad, hess = l2 * w, l2 * np.eye(k)
        for F, active, y in groups:
            p = softmax(F, active, w)
            grad = grad + np.einsum("ns,nsk->k", p - y, F) / count
            pf = np.einsum("ns,nsk->nk", p, F)
            hess = hess + (np.einsum("ns,nsk,nsl->kl", p, F, F) - pf.T @ pf) / count
        return grad, hess

    return newton(derivatives, k)


def held_out_loss(game: str, data: Data, w: np.ndarray) -> tuple[float, float]:
    """The held-out log loss of the fitted and of the previous evaluation: per seat (binary)
    for a game of places, per position (who wins) for a game with one winner."""
    fitted = before = 0.0
    count = 0
    for (_, held), d in data.items():
        if not held:
            continue
        if SETTINGS[game]["model"] == "places":
            y = d["y"]
            for q, is_fitted in (
                (1 / (1 + np.exp(-relative(d["F"]) @ w)), True),
                (d["old"], False),
            ):
                q = np.clip(q, 1e-6, 1 - 1e-6)
                loss = -float(np.sum(y * np.log(q) + (1 - y) * np.log(1 - q)))
                fitted, before = (fitted + loss, before) if is_fitted else (fitted, before + loss)
            count += y.size
        else:
            keep, y = won(d)
            p = softmax(d["F"][keep], d["in"][keep], w)
            old = d["old"][keep] / d["old"][keep].sum(axis=1, keepdims=True)
            fitted -= float(np.sum(y * np.log(np.clip(p, 1e-9, 1))))
            before -= float(np.sum(y * np.log(np.clip(old, 1e-9, 1))))
            count += len(y)
    return fitted / count, before / count


def module_text(game: str, names: tuple[str, ...], weights: list[float], command: str,
                report: str) -> str:  # fmt: skip
    lines = [
        f'"""The fitted weights of :func:`boardrules.{game}.evaluate`: generated, do not edit.',
        "",
        f"Made by ``{command}`` (see that script for the method).",
        report,
        '"""',
        "",
        "#: One weight per feature of ``_features.FEATURES``, in that order.",
        "WEIGHTS = (",
    ]
    for name, w in zip(names, weights, strict=True):
        lines.append(f"    {w!r},  # {name}")
    lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(SETTINGS))
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--keep", type=float, default=None)
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument("--rounds", type=int, default=2, help="self-play rounds (see above)")
    parser.add_argument("--check", action="store_true", help="compare with the shipped weights")
    args = parser.parse_args(argv)
    game = args.game
    games = args.games or SETTINGS[game]["games"]
    keep = args.keep or SETTINGS[game]["keep"]
    started = time.perf_counter()
    policy = previous(game)
    for round_ in range(args.rounds):
        data = dataset(game, args.seed + round_, games, args.epsilon, keep, policy)
        places = SETTINGS[game]["model"] == "places"
        w = fit_places(data, args.l2) if places else fit_win(data, args.l2)
        weights = [float(f"{v:.4g}") for v in w]
        policy = fitted_policy(game, weights)
        positions = sum(len(d["y"]) for d in data.values())
        print(f"round {round_ + 1}: {positions} positions", flush=True)
    held, before = held_out_loss(game, data, np.asarray(weights))
    names = importlib.import_module(f"boardrules.{game}._features").FEATURES
    report = (
        f"{positions} positions in the last round, a fifth held out; held-out log loss "
        f"{held:.4f}\n(the previous evaluation: {before:.4f})."
    )
    print(report, f"{time.perf_counter() - started:.0f} s")
    for name, v in zip(names, weights, strict=True):
        print(f"  {name:>14} {v:+.4g}")
    defaults = (args.seed, args.games, args.epsilon, args.keep, args.l2, args.rounds) == (
        33, None, 0.1, None, 1e-4, 2)  # fmt: skip
    command = f"python benchmarks/fit_evaluation.py {game}" + ("" if defaults else " ...")
    target = HERE.parent / "src" / "boardrules" / game / "_evaluation.py"
    if args.check:
        shipped = importlib.import_module(f"boardrules.{game}._evaluation").WEIGHTS
        same = list(shipped) == weights
        print("the shipped weights are reproduced" if same else f"DIFFERENT: shipped {shipped}")
        return 0 if same else 1
    target.write_text(module_text(game, names, weights, command, report))
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
