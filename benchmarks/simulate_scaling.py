"""Throughput of a series: 1 and 2 local workers and Ray, on this machine, in one run.

Plays the same seeded series (4 random players of Parchís by default) with
``boardrules.simulate.simulate`` on each backend and prints games/s, the speed-up over one
worker, and the driver's cost of handling one result (which bounds the games/s of any
number of workers)::

    python benchmarks/simulate_scaling.py                  # 2000 games, best of 3 runs
    python benchmarks/simulate_scaling.py --game docker --players random,random --no-ray

The results of every run are checked to be identical (same seed, same games).  Each
figure is the best of ``--repeat`` runs, as timings on a shared machine only ever come out
slower than the machine can go.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from boardrules.simulate import Backend, SeriesResult, simulate
from boardrules.simulate._result import GameResult
from boardrules.simulate._series import Outcome


def _driver_cost(players: int, n: int = 20_000) -> float:
    """Seconds the driver spends per game on a result alone (building the GameResult and
    its statistics), measured on canned outcomes."""
    outcomes = [
        Outcome(i, tuple(range(players)), (1.0,) + (0.0,) * (players - 1), 900, 450, None)
        for i in range(n)
    ]
    began = time.perf_counter()
    games = tuple(
        GameResult(o.index, o.index, o.seating, o.returns, o.plies, o.decisions) for o in outcomes
    )
    SeriesResult(
        game="g",
        options={},
        players=tuple(f"p{i}" for i in range(players)),
        seed=0,
        rotate=False,
        cooperative=False,
        requested=n,
        games=games,
        seconds=1.0,
        workers=1,
        backend="local",
        interrupted=False,
    )
    return (time.perf_counter() - began) / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="parchis")
    parser.add_argument("--players", default="random,random,random,random")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3, help="runs per setup; the best counts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray backend")
    args = parser.parse_args()
    players = args.players.split(",")
    runs: list[tuple[str, SeriesResult]] = []
    setups: list[tuple[str, Backend, int]] = [
        ("local, 1 worker", "local", 1),
        ("local, 2 workers", "local", 2),
    ]
    if not args.no_ray:
        setups.append(("ray, 2 CPUs", "ray", 2))
    for label, backend, workers in setups:
        if backend == "ray":
            _start_ray()
            # Ray starts its worker processes on the first tasks: not part of the figure.
            simulate(args.game, players, games=8, seed=0, batch_size=1, backend="ray")
        tries = [
            simulate(
                args.game, players, games=args.games, seed=args.seed, backend=backend,
                workers=workers,
            )
            for _ in range(args.repeat)
        ]  # fmt: skip
        result = min(tries, key=lambda r: r.seconds)
        runs.append((label, result))
        if result.games != runs[0][1].games:
            raise SystemExit(f"{label}: the games differ from {runs[0][0]}'s")
    base = runs[0][1].games_per_second
    print(f"{args.game}, players {args.players}, {args.games} games, seed {args.seed}")
    for label, result in runs:
        print(
            f"  {label:<18} {result.games_per_second:8.1f} games/s   "
            f"x{result.games_per_second / base:.2f}   ({result.seconds:.1f} s)"
        )
    cost = _driver_cost(len(players))
    print(
        f"  driver: {cost * 1e6:.1f} us per result, a limit of ~{1 / cost:,.0f} games/s "
        "however many workers"
    )


def _start_ray() -> None:
    import ray

    from boardrules.simulate._ray import local_runtime_env

    if not ray.is_initialized():
        ray.init(
            num_cpus=2,
            include_dashboard=False,
            log_to_driver=False,
            runtime_env=local_runtime_env(),
        )


if __name__ == "__main__":
    main()
