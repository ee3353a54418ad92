"""Speed of the batch engines against the floor and the README loop, in one run.

    nice -n 10 python benchmarks/batch_speed.py --seconds 2 --rounds 3
    python benchmarks/batch_speed.py --sizes 64 256 --vector     # with the Gymnasium VectorEnv
    python benchmarks/batch_speed.py --sizes 1024 --vector --no-copy   # the VectorEnv, copy=False
    nice -n 10 python benchmarks/batch_speed.py --sizes 64 256 --also dorada docker  # one run
    nice -n 10 python benchmarks/batch_speed.py --game dorada    # or docker (vs the README loop)
    nice -n 10 python benchmarks/batch_speed.py --game dorada --vector   # and its VectorEnv

For Dorada and Docker (``--game``), there is no floor: the unit is decisions per second (a
batch step is one decision in each game; Docker's rolls again after an unusable roll are
not decisions), against the README loop's decisions, 4 players.

Unit: dice rolls per second, as ``../shared/bench/speed_parchis.py`` counts them (every
engine plays one roll after another under the same rules, so a roll is the same work in all
of them).  4 players, uniformly random choices.  Engines:

* ``floor``: ``../shared/bench/limit_parchis.py``'s ``play_game``, the bare mutable playout;
* ``readme``: the README's loop through the public API (``benchmarks/playouts.py``);
* ``batch N``: :class:`boardrules.batch.ParchisBatch` of ``N`` games, ``step(random_actions())``;
* ``vector N`` (with ``--vector``): the Gymnasium ``VectorEnv`` over it, a learner at seat 0
  playing random legal actions, the other seats random (the env plays them); its ``x batch``
  column is its speed over the raw batch's of the same size (the issue's target: 0.5).

Each round gives every engine slices of :data:`SLICE` seconds taken in turn until each has
had ``--seconds``, so that a busy moment of the machine slows them all alike; the time is the
process's CPU time (the machine is shared).  Printed: each engine's rolls/s (best round) and
its ratios to the floor and to the README loop: the mean of the rounds' ratios and its 95%
interval (Student's t over the rounds: give ``--rounds`` 5 or more for a useful one).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

import _timing  # noqa: E402  (benchmarks/_timing.py)
import numpy as np  # noqa: E402
import playouts  # noqa: E402

from boardrules.batch import DockerBatch, DoradaBatch, ParchisBatch  # noqa: E402

SLICE = 0.2

#: An engine: each call plays some rolls and returns how many.
Engine = Callable[[], int]


def floor_engine(seed: int) -> Engine:
    import limit_parchis  # ../shared/bench, beside the checkout

    rng = random.Random(seed)
    return lambda: int(limit_parchis.play_game(rng)[0])


def readme_engine(seed: int) -> Engine:
    played: Iterator[tuple[int, int]] = playouts.games("parchis", {"players": 4}, seed)
    return lambda: next(played)[0]


def readme_decisions(game: str, seed: int) -> Engine:
    played: Iterator[tuple[int, int]] = playouts.games(game, {"players": 4}, seed)
    return lambda: next(played)[1]


def game_batch_engine(game: str, n: int, seed: int) -> Engine:
    kind = DoradaBatch if game == "dorada" else DockerBatch
    batch = kind(n, seed=seed, players=4)

    def go() -> int:
        before = batch.moves
        batch.step(batch.random_actions())
        return batch.moves - before

    return go


def batch_engine(n: int, seed: int) -> Engine:
    batch = ParchisBatch(n, seed=seed, players=4)

    def go() -> int:
        before = batch.rolls
        batch.step(batch.random_actions())
        return batch.rolls - before

    return go


def vector_engine(n: int, seed: int, game: str = "parchis", copy: bool = True) -> Engine:
    """The Gymnasium vector env of ``game``: a learner at seat 0 playing random legal
    actions, the env playing the other seats; counted as the batch counts (Parchís: rolls,
    Dorada and Docker: decisions), whichever engine plays them.  ``copy``: the env's
    keyword (False: its observations are its own array, not a copy)."""
    from boardrules.batch import vector

    kind = {
        "parchis": vector.ParchisVectorEnv,
        "dorada": vector.DoradaVectorEnv,
        "docker": vector.DockerVectorEnv,
    }[game]
    env = kind(n, players=4, copy=copy)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    batch = env.batch

    def count() -> int:
        return batch.rolls if game == "parchis" else batch.moves

    def go() -> int:
        nonlocal obs
        before = count()
        actions = _random_masked(obs["action_mask"], rng)
        obs, *_ = env.step(actions)
        return count() - before

    return go


def _random_masked(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action of each game (0 where none is legal): the learner's
    choice, kept cheap (one random number a game) so that the figure is the env's."""
    n, width = mask.shape
    legal = np.flatnonzero(mask.view(np.bool_))  # (the env's masks are int8 0/1)
    count = np.bincount(legal // width, minlength=n)
    pick = (rng.random(n) * count).astype(np.int64)
    first = np.cumsum(count) - count  # each game's first legal action in ``legal``
    chosen = legal[np.minimum(first + pick, max(len(legal) - 1, 0))] % width if len(legal) else 0
    return np.where(count > 0, chosen, 0)


def interval(values: list[float]) -> str:
    """``mean [low, high]``: the mean of ``values`` (one per round) and its 95% interval."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return f"{mean:5.2f} [   -,    -]"
    low, high = _timing.interval(values)
    return f"{mean:5.2f} [{low:4.2f}, {high:4.2f}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU s per engine and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="+", default=[64, 256, 1024, 4096, 16384])
    parser.add_argument("--vector", action="store_true", help="also the Gymnasium VectorEnv")
    parser.add_argument(
        "--no-copy",
        action="store_true",
        help="the VectorEnv with copy=False (its observations are its own array, not a copy)",
    )
    parser.add_argument("--game", choices=["parchis", "dorada", "docker"], default="parchis")
    parser.add_argument(
        "--also",
        nargs="+",
        choices=["dorada", "docker"],
        default=[],
        help="with the Parchís run: these games' README loops and batches, same rounds",
    )
    parser.add_argument("--also-sizes", type=int, nargs="+", default=[64])
    parser.add_argument("--seed", type=int, default=1)
    _timing.floor_argument(parser, HERE.parent)
    args = parser.parse_args(argv)
    if args.game != "parchis":
        return _other_game(args)
    sys.path.insert(0, str(args.floor))
    engines: dict[str, Engine] = {
        "floor": floor_engine(args.seed),
        "readme": readme_engine(args.seed),
    }
    for n in args.sizes:
        engines[f"batch {n}"] = batch_engine(n, args.seed)
        if args.vector:
            engines[f"vector {n}"] = vector_engine(n, args.seed, copy=not args.no_copy)
    for game in args.also:
        engines[f"{game} readme"] = readme_decisions(game, args.seed)
        for n in args.also_sizes:
            engines[f"{game} batch {n}"] = game_batch_engine(game, n, args.seed)
    rounds = [_timing.measure(engines, args.seconds, SLICE) for _ in range(args.rounds)]
    print(f"4 players, {args.rounds} rounds of {args.seconds:g} CPU s; ratios: mean of the rounds'")
    print("[95% interval]; Parchís: rolls per second; Dorada, Docker: decisions per second")
    head = f"{'engine':18s} {'per s':>10s} {'x floor':>18s} {'x readme':>18s}"
    print(head + f" {'x batch':>18s}")
    for name in engines:
        best = max(r[name] for r in rounds)
        readme = name.split()[0] + " readme" if name.split()[0] in args.also else "readme"
        line = f"{name:18s} {best:10,.0f} "
        if readme == "readme":
            line += interval([r[name] / r["floor"] for r in rounds])
        else:
            line += f"{'':18s}"
        line += " " + interval([r[name] / r[readme] for r in rounds])
        if name.startswith("vector"):
            raw = "batch" + name[len("vector") :]
            line += " " + interval([r[name] / r[raw] for r in rounds])
        print(line)
    return 0


def _other_game(args: argparse.Namespace) -> int:
    """Dorada or Docker: the batch at each size against the README loop (decisions/s)."""
    game = args.game
    engines: dict[str, Engine] = {"readme": readme_decisions(game, args.seed)}
    for n in args.sizes:
        engines[f"batch {n}"] = game_batch_engine(game, n, args.seed)
        if args.vector:
            engines[f"vector {n}"] = vector_engine(n, args.seed, game, not args.no_copy)
    rounds = [_timing.measure(engines, args.seconds, SLICE) for _ in range(args.rounds)]
    title = game.capitalize()
    print(
        f"{title}, 4 players: decisions per CPU second, {args.rounds} rounds of {args.seconds:g} s"
    )
    print(f"{'engine':14s} {'decisions/s':>12s} {'x readme':>18s} {'x batch':>18s}")
    for name in engines:
        best = max(r[name] for r in rounds)
        line = f"{name:14s} {best:12,.0f} " + interval([r[name] / r["readme"] for r in rounds])
        if name.startswith("vector"):
            raw = "batch" + name[len("vector") :]
            line += " " + interval([r[name] / r[raw] for r in rounds])
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
