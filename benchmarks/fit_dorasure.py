"""Fit the weights of Dorasure's evaluation (``boardrules.dorasure._evaluation``).

Fitted value iteration on played games: each round plays seeded games with the greedy bot
(one decision deep, one roll expanded) on the current weights, records the features of the
positions met (``boardrules.dorasure._features``) with the game's outcome (1 won, 0 lost),
and fits one logistic regression per phase (Adventure, Climactic Battle) on every round's
positions so far, by Newton's method with a small ridge.  The first round starts from the
hand-set weights below (``START``); only the fitted ones are shipped.

    python benchmarks/fit_dorasure.py                 # print the fitted weights
    python benchmarks/fit_dorasure.py --write         # write them into _evaluation.py

The same seed gives the same games and the same weights (printed to 4 decimals).  numpy is
needed here only; ``import boardrules`` never imports it.  With the defaults (3 rounds of
240 games: 2, 4 and 6 heroes) it takes about 3 minutes on one core.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time
from typing import Any

import numpy as np

import boardrules as br
from boardrules.bots import GreedyBot, play_game
from boardrules.dorasure import _features

# The hand-set weights the first round plays with (in the order of the feature names).
START_ADVENTURE = (-4.0, -1.0, 0.5, 2.0, 0.5, 0.3, 2.0, 2.0, -1.5, -1.5, 0.5, 0.5, -0.5, 2.0, 1.0)
START_BATTLE = (-1.0, -4.0, 4.0, 2.0, 2.0, -2.0, 0.5, 0.0, 0.3)

# The sign each weight must have (0: free), from what the feature means in the game.
ADVENTURE_SIGNS = (0, -1, 0, 1, 1, 1, 1, 1, -1, -1, 1, 1, -1, 1, 1)
BATTLE_SIGNS = (0, -1, 1, 1, 1, -1, 1, 0, 1)

DATA = pathlib.Path(__file__).resolve().parents[1] / "src/boardrules/dorasure/_evaluation.py"


def model(adventure: tuple[float, ...], battle: tuple[float, ...]) -> Any:
    """An evaluation with these weights (what :func:`_features.evaluate` is with the shipped
    ones)."""

    def evaluate(s: Any) -> tuple[float, ...]:
        seats = len(s.health)
        if s.phase >= 2:
            return (1.0 if s.phase == 2 else 0.0,) * seats
        if s.phase == 1:
            v = _features._logistic(battle, _features.battle_features(s))
        else:
            v = _features._logistic(adventure, _features.adventure_features(s))
        return (v,) * seats

    return evaluate


def play(weights: tuple[tuple[float, ...], tuple[float, ...]], games: int, heroes: list[int],
         seed: int, every: int) -> tuple[list[Any], list[Any], float]:  # fmt: skip
    """Play ``games`` games (hero counts in turn); return per game its Adventure positions'
    features, its battle positions' features (the first one is where the battle began)
    and its outcome; and the share of games won."""
    bot = GreedyBot(evaluation=model(*weights), chance_depth=1)
    played: list[Any] = []
    won = 0
    for g in range(games):
        seen: list[Any] = []
        start = br.new_game("dorasure", players=heroes[g % len(heroes)])
        end, _ = play_game(start, [bot] * br.num_players(start), seed=seed * 100_003 + g,
                           on_move=lambda s, m, seen=seen: seen.append(s))  # fmt: skip
        result = 1.0 if end.phase == 2 else 0.0
        won += int(result)
        battle = [s for s in seen if s.phase == 1]
        adventure = [s for i, s in enumerate(seen) if s.phase == 0 and i % every == 0]
        played.append((
            [_features.adventure_features(s) for s in adventure],
            [_features.battle_features(s) for s in battle[:1] + battle[1::every]],
            result,
        ))  # fmt: skip
    return played, [], won / games


def fit(x: list[list[float]], y: list[float], ridge: float,
        signs: tuple[int, ...]) -> tuple[float, ...]:  # fmt: skip
    """Logistic regression (targets in [0, 1]) by Newton's method with an L2 penalty
    ``ridge`` (not on the bias), each weight held to the sign the game gives it (``signs``:
    +1, -1, or 0 for free): a weight fitted with the wrong sign is set to 0 and the rest
    fitted again."""
    X = np.asarray(x, dtype=np.float64)
    Y = np.asarray(y, dtype=np.float64)
    free = np.ones(X.shape[1], dtype=bool)
    while True:
        w = np.zeros(X.shape[1])
        w[free] = _newton(X[:, free], Y, ridge)
        wrong = free & (np.asarray(signs) * w < 0)
        if not wrong.any():
            return tuple(round(float(v), 4) + 0.0 for v in w)
        free &= ~wrong


def _newton(X: Any, Y: Any, ridge: float) -> Any:
    w = np.zeros(X.shape[1])
    penalty = np.full(X.shape[1], ridge)
    penalty[0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(X @ w, -40, 40)))
        grad = X.T @ (p - Y) + penalty * w
        hess = (X * (p * (1 - p))[:, None]).T @ X + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return w


def fit_both(played: list[Any], ridge: float) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The battle's weights fitted on its positions' outcomes; then the Adventure's, each
    position's target being the battle model's value where that game's battle began (0 for
    a game lost before it): far less noisy than the outcome, which the battle's dice decide."""
    bat_x = [x for _, battle, _ in played for x in battle]
    bat_y = [r for _, battle, r in played for _ in battle]
    battle_w = fit(bat_x, bat_y, ridge, BATTLE_SIGNS)
    adv_x: list[list[float]] = []
    adv_y: list[float] = []
    for adventure, battle, _ in played:
        target = _features._logistic(battle_w, battle[0]) if battle else 0.0
        adv_x.extend(adventure)
        adv_y.extend([target] * len(adventure))
    return fit(adv_x, adv_y, ridge, ADVENTURE_SIGNS), battle_w


def score(
    weights: tuple[tuple[float, ...], tuple[float, ...]], seeds: list[int], heroes: int
) -> float:
    """How well the greedy bot plays with ``weights``: over the games of ``seeds``, the share
    won plus a fifth of the dragon's wounds over its health (a denser signal than the wins
    alone, which separates two bots that both lose)."""
    bot = GreedyBot(evaluation=model(*weights), chance_depth=1)
    total = 0.0
    for seed in seeds:
        start = br.new_game("dorasure", players=heroes)
        end, _ = play_game(start, [bot] * heroes, seed=seed)
        total += (end.phase == 2) + 0.2 * end.wounds / end.rules.tracks.health
    return total / len(seeds)


def search(start: tuple[float, ...], battle: tuple[float, ...], rng: random.Random,
           generations: int, population: int, games: int, heroes: int
           ) -> tuple[float, ...]:  # fmt: skip
    """The cross-entropy method on the Adventure weights: each generation samples
    ``population`` weight vectors around the mean (the signs held), scores each on the same
    ``games`` seeded games (common random numbers), and moves the mean and spread to the
    best quarter.  Returns the best mean."""
    mean = np.asarray(start, dtype=np.float64)
    spread = np.maximum(0.5, np.abs(mean) * 0.5)
    signs = np.asarray(ADVENTURE_SIGNS)
    for g in range(generations):
        seeds = [rng.randrange(2**62) for _ in range(games)]
        t0 = time.time()
        noise = np.asarray([[rng.gauss(0.0, 1.0) for _ in mean] for _ in range(population)])
        candidates = [mean] + [mean + spread * n for n in noise[1:]]
        candidates = [np.where(signs * c < 0, 0.0, c) for c in candidates]
        scored = sorted(
            ((score((tuple(float(v) for v in c), battle), seeds, heroes), i)
             for i, c in enumerate(candidates)),
            reverse=True,
        )  # fmt: skip
        elite = np.asarray([candidates[i] for _, i in scored[: max(2, population // 4)]])
        mean = elite.mean(axis=0)
        spread = np.maximum(0.1, elite.std(axis=0))
        own = next(s for s, i in scored if i == 0)
        log(f"generation {g}: best {scored[0][0]:.3f}, the mean's {own:.3f}", t0)
    return tuple(round(float(v), 4) + 0.0 for v in mean)


def calibrate(weights: tuple[float, ...], played: list[Any], ridge: float) -> tuple[float, ...]:
    """``weights`` scaled and shifted (``a * z + b``) so that the model's value matches the
    targets of :func:`fit_both` on the positions of ``played``: the same order of positions,
    so the same greedy play, but a value that estimates the chance of winning."""
    w = np.asarray(weights)
    z = []
    y = []
    bat_x = [x for _, battle, _ in played for x in battle]
    bat_y = [r for _, battle, r in played for _ in battle]
    battle_w = fit(bat_x, bat_y, ridge, BATTLE_SIGNS)
    for adventure, battle, _ in played:
        target = _features._logistic(battle_w, battle[0]) if battle else 0.0
        for x in adventure:
            z.append([1.0, float(np.dot(w, x))])
            y.append(target)
    b, a = _newton(np.asarray(z), np.asarray(y), 0.0)
    out = w * a
    out[0] += b
    return tuple(round(float(v), 4) + 0.0 for v in out)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=160, help="games per regression round")
    ap.add_argument("--heroes", default="2,4,4,6", help="hero counts played in turn")
    ap.add_argument("--every", type=int, default=3, help="keep one position in EVERY")
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--generations", type=int, default=4)
    ap.add_argument("--population", type=int, default=8)
    ap.add_argument("--search-games", type=int, default=40, help="games per candidate")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--write", action="store_true", help="write the weights into the data")
    args = ap.parse_args(argv)
    heroes = [int(h) for h in args.heroes.split(",")]
    rng = random.Random(args.seed)
    t0 = time.time()
    played, _, rate = play((START_ADVENTURE, START_BATTLE), args.games, heroes,
                           rng.randrange(2**31), args.every)  # fmt: skip
    _, battle = fit_both(played, args.ridge)
    log(f"start weights: won {rate:.3f} of {args.games} games", t0)
    adventure = search(START_ADVENTURE, battle, rng, args.generations, args.population,
                       args.search_games, 4)  # fmt: skip
    t0 = time.time()
    more, _, rate = play((adventure, battle), args.games, heroes, rng.randrange(2**31),
                         args.every)  # fmt: skip
    played += more
    _, battle = fit_both(played, args.ridge)
    adventure = calibrate(adventure, played, args.ridge)
    log(f"searched weights: won {rate:.3f} of {args.games} games", t0)
    text = render(adventure, battle)
    if args.write:
        DATA.write_text(text)
        print(f"wrote {DATA}", file=sys.stderr)
    print(text)


def log(text: str, since: float) -> None:
    print(f"{text} ({time.time() - since:.0f} s)", file=sys.stderr)


def render(adventure: tuple[float, ...], battle: tuple[float, ...]) -> str:
    """The data module with these weights."""

    def rows(names: tuple[str, ...], ws: tuple[float, ...]) -> str:
        return "".join(f"    {w!r},  # {n}\n" for n, w in zip(names, ws, strict=True))

    return (
        '"""The fitted weights of Dorasure\'s evaluation (data), written by\n'
        "``benchmarks/fit_dorasure.py --write``, which reproduces them from its seed; see\n"
        '``_features`` for what each feature is."""\n\n'
        "from __future__ import annotations\n\n"
        '__all__ = ["ADVENTURE_WEIGHTS", "BATTLE_WEIGHTS"]\n\n'
        "#: One weight per name of ``_features.ADVENTURE_FEATURES``.\n"
        "ADVENTURE_WEIGHTS: tuple[float, ...] = (\n"
        + rows(_features.ADVENTURE_FEATURES, adventure)
        + ")\n#: One weight per name of ``_features.BATTLE_FEATURES``.\n"
        "BATTLE_WEIGHTS: tuple[float, ...] = (\n" + rows(_features.BATTLE_FEATURES, battle) + ")\n"
    )


if __name__ == "__main__":
    main()
