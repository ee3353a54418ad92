"""Where a step of a Gymnasium vector environment spends its time, against the raw batch.

    nice -n 10 python benchmarks/vector_profile.py --game parchis --sizes 256 1024
    nice -n 10 python benchmarks/vector_profile.py --game dorada --sizes 1024 --steps 300

The environment is ``batch_speed.py``'s (4 players, a learner at seat 0 playing random legal
actions, seed 1).  For each size it prints the CPU time of an environment step, the parts of
it (the observation, the opponents played on alone, game by game, the copies of the
waiting games into batches of their own and back) and the *levels*: the batch steps played
one after another (the learner's, then the opponents' while games still wait), each timed
with the random actions drawn for it, grouped by the size of the batch they ran over, and a
least-squares fit of a level's time as ``fixed + per_game x n``.  A step of the raw batch
plays one level over all games; the environment needs as many levels as the longest chain
of opponents' decisions in any of its games, which is what its ``x batch`` speed in
``batch_speed.py --vector`` pays for.

``--ceiling`` measures how much the observation can matter at all: the same environment's
steps, in blocks taken in turn (as is, then with the batch's ``_write`` replaced by only
zeroing the array, then by writing nothing; the order reversed every other round), and
each variant's speed-up ``(step as is) / (step as the variant)`` with its 95% interval over
the rounds.  Times that by ``batch_speed.py --vector``'s ``x batch`` for the ceiling an
observation costing nothing (or only its zeroing) would reach.  The masks, the rules and the
random numbers are untouched, so every variant plays the same games.

The figures are CPU times of one process on a shared machine: compare them within a run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

import numpy as np  # noqa: E402
from batch_speed import interval, vector_engine  # noqa: E402

from boardrules.batch import DockerBatch, DoradaBatch, ParchisBatch  # noqa: E402
from boardrules.batch import vector as _vector  # noqa: E402

BATCHES: dict[str, Any] = {"parchis": ParchisBatch, "dorada": DoradaBatch, "docker": DockerBatch}
ENVS: dict[str, Any] = {
    "parchis": _vector.ParchisVectorEnv,
    "dorada": _vector.DoradaVectorEnv,
    "docker": _vector.DockerVectorEnv,
}


class Recorder:
    """Times methods of classes while installed (each call's CPU time, by label) and the
    environment's levels."""

    def __init__(self) -> None:
        self.parts: Counter[str] = Counter()
        self.levels: list[tuple[int, int, float]] = []  # (batch size, games playing, s)
        self._undo: list[tuple[Any, str, Any]] = []

    def time(self, cls: Any, name: str, label: str) -> None:
        method = getattr(cls, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return method(*args, **kwargs)
            finally:
                self.parts[label] += time.process_time() - start

        self._swap(cls, name, timed)

    def time_levels(self, env: Any) -> None:
        """Times the environment's levels: its learner's step, then each step of the
        opponents (with the random actions drawn for it)."""
        learner, play = env._step_learner, env._play

        def learned(this: Any, actions: Any, playing: Any) -> Any:
            start = time.process_time()
            try:
                return learner(this, actions, playing)
            finally:
                spent = time.process_time() - start
                self.levels.append((this.batch.n, int(np.count_nonzero(playing)), spent))

        def played(this: Any, batch: Any, waiting: Any) -> Any:
            start = time.process_time()
            try:
                return play(this, batch, waiting)
            finally:
                spent = time.process_time() - start
                self.levels.append((batch.n, int(np.count_nonzero(waiting)), spent))

        self._swap(env, "_step_learner", learned)
        self._swap(env, "_play", played)

    def clear(self) -> None:
        self.parts.clear()
        self.levels.clear()

    def remove(self) -> None:
        for cls, name, method in reversed(self._undo):
            setattr(cls, name, method)
        self._undo.clear()

    def _swap(self, cls: Any, name: str, new: Callable[..., Any]) -> None:
        self._undo.append((cls, name, getattr(cls, name)))
        setattr(cls, name, new)


def profile(game: str, n: int, steps: int) -> None:
    batch = BATCHES[game]
    rec = Recorder()
    env_class = _vector._BatchVectorEnv
    rec.time(env_class, "_observe", "observation and mask")
    rec.time(ENVS[game], "_play_alone", "opponents played on alone")
    rec.time(batch, "_part", "copies out (_part)")
    rec.time(batch, "_put_back", "copies back (_put_back)")
    rec.time_levels(ENVS[game])
    try:
        go = vector_engine(n, 1, game)
        for _ in range(20):  # (past the first steps, where every game starts together)
            go()
        rec.clear()
        start = time.process_time()
        for _ in range(steps):
            go()
        total = (time.process_time() - start) / steps
    finally:
        rec.remove()
    levels = np.array(rec.levels)
    print(f"{game} {n} games: {total * 1e3:.2f} ms a step, {len(levels) / steps:.2f} levels")
    for label, spent in rec.parts.most_common():
        print(f"  {label:34s} {spent / steps * 1e3:7.3f} ms")
    print(f"  {'levels (steps + random actions)':34s} {levels[:, 2].sum() / steps * 1e3:7.3f} ms")
    top = n
    for low in (n, n // 2, 64, 16, 1):  # (disjoint ranges of sizes, from the largest)
        if low > top:
            continue
        size = (levels[:, 0] >= low) & (levels[:, 0] <= top)
        if size.any():
            chosen = levels[size]
            print(
                f"    over {low}-{top} games: {size.sum() / steps:5.2f} levels a step, "
                f"{chosen[:, 2].mean() * 1e3:6.3f} ms each (mean size {chosen[:, 0].mean():.0f}, "
                f"playing {chosen[:, 1].mean():.0f})"
            )
        top = low - 1
    fit = np.c_[np.ones(len(levels)), levels[:, 0]]
    fixed, per_game = np.linalg.lstsq(fit, levels[:, 2], rcond=None)[0]
    print(
        f"    fit: a level costs {fixed * 1e3:.3f} ms + {per_game * 1e6:.3f} us a game; "
        f"the fixed part {fixed * len(levels) / steps * 1e3:.2f} ms a step"
    )


def _zeroed(self: Any, o: Any, out: Any) -> None:
    out.fill(0.0)


def _unwritten(self: Any, o: Any, out: Any) -> None:
    pass


def ceiling(game: str, n: int, rounds: int, steps: int) -> None:
    """The step's speed-up with the observation only zeroed, or not written (see the
    module's docstring)."""
    batch = BATCHES[game]
    variants: dict[str, Any] = {"as is": batch._write, "zeroed": _zeroed, "unwritten": _unwritten}
    spent: dict[str, list[float]] = {name: [] for name in variants}
    rec = Recorder()
    go = vector_engine(n, 1, game)
    for _ in range(20):
        go()
    try:
        for r in range(rounds):
            for name in list(variants)[:: 1 if r % 2 == 0 else -1]:
                rec.remove()
                rec._swap(batch, "_write", variants[name])
                start = time.process_time()
                for _ in range(steps):
                    go()
                spent[name].append((time.process_time() - start) / steps)
    finally:
        rec.remove()
    line = f"{game} {n} games: {np.mean(spent['as is']) * 1e3:.2f} ms a step as is; speed-up"
    for name in ("zeroed", "unwritten"):
        ratios = [a / b for a, b in zip(spent["as is"], spent[name], strict=True)]
        line += f", {name} {interval(ratios)}"
    print(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(BATCHES), default="parchis")
    parser.add_argument("--sizes", type=int, nargs="+", default=[256, 1024])
    parser.add_argument("--steps", type=int, default=0, help="env steps (default: by size)")
    parser.add_argument(
        "--ceiling",
        type=int,
        metavar="ROUNDS",
        default=0,
        help="the speed-up without the observation's write instead, over ROUNDS rounds",
    )
    args = parser.parse_args(argv)
    for n in args.sizes:
        if args.ceiling:
            ceiling(args.game, n, args.ceiling, args.steps or 50 + 200_000 // n)
            continue
        profile(args.game, n, args.steps or 50 + 200_000 // n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
