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

``--overheads ROUNDS`` (Parchís) sets the environment against the raw batch of the same
size, in blocks taken in turn: the step's time and rolls, the raw batch's time for as many
rolls (so the step's most for half the raw speed: twice that), and what the step spends
beyond it: its levels over all games (and the share of their games that sit idle: the
fit's cost a game times the idle games), its levels over parts, the levels it plays beyond
the raw batch's for the same rolls (times the fit's fixed cost of a level), the copies
into and out of parts, the lists (and the raw batch's time for their rolls), the
observation's write, the mask, and the rest (the step's own work, and the timers': the
parts are timed in blocks of their own, "the step with these timers", beside the blocks of
the step as is).  Each with its 95% interval over the rounds.

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
from batch_speed import batch_engine, interval, vector_engine  # noqa: E402

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


def overheads(n: int, rounds: int, steps: int) -> None:
    """Parchís: the environment's step against the raw batch's time for the same rolls, and
    what the step spends beyond it (see the module's docstring)."""
    rec = Recorder()
    env, raw = vector_engine(n, 1), batch_engine(n, 1)
    alone, lists_rolls = _vector.ParchisVectorEnv._alone, [0]

    def counted(this: Any, batch: Any, g: Any) -> tuple[int, int]:
        played: tuple[int, int] = alone(this, batch, g)
        lists_rolls[0] += played[0]
        return played

    def install() -> None:
        rec.time(_vector._BatchVectorEnv, "_observe", "observe")
        rec.time(ParchisBatch, "_write", "write")
        rec.time(ParchisBatch, "_marked", "mask")
        rec.time(_vector.ParchisVectorEnv, "_play_alone", "lists")
        rec.time(ParchisBatch, "_part", "copies")
        rec.time(ParchisBatch, "_put_back", "copies")
        rec.time_levels(_vector.ParchisVectorEnv)
        rec._swap(_vector.ParchisVectorEnv, "_alone", counted)

    rows: dict[str, list[float]] = {}
    try:
        for _ in range(20):
            env()
            raw()
        for r in range(rounds):
            # (the environment timed part by part, as is, and the raw batch, in turn)
            for name in ("timed", "env", "raw")[:: 1 if r % 2 == 0 else -1]:
                if name == "timed":
                    install()
                rec.clear()
                lists_rolls[0] = 0
                # (a raw step plays about a quarter of an environment step's rolls)
                taken = 4 * steps if name == "raw" else steps
                engine = raw if name == "raw" else env
                start, rolls = time.process_time(), 0
                for _ in range(taken):
                    rolls += engine()
                spent = time.process_time() - start
                rec.remove()
                if name == "raw":
                    rows.setdefault("raw us a roll", []).append(spent / rolls * 1e6)
                    rows.setdefault("raw rolls a step", []).append(rolls / taken)
                elif name == "env":
                    rows.setdefault("step", []).append(spent / steps * 1e3)
                    rows.setdefault("rolls a step", []).append(rolls / steps)
                else:
                    for label, value in _overheads_row(rec, n, spent, steps).items():
                        rows.setdefault(label, []).append(value)
                    rows.setdefault("lists rolls", []).append(lists_rolls[0] / steps)
    finally:
        rec.remove()
    _print_overheads(n, rounds, rows)


def _overheads_row(rec: Recorder, n: int, spent: float, steps: int) -> dict[str, float]:
    """One round of the environment: its figures, in ms a step (levels a step)."""
    levels = np.array(rec.levels)
    full = levels[:, 0] == n
    fit = np.c_[np.ones(len(levels)), levels[:, 0]]
    fixed, per_game = np.linalg.lstsq(fit, levels[:, 2], rcond=None)[0]
    parts = rec.parts
    return {
        "timed step": spent / steps * 1e3,
        "levels over all games": levels[full, 2].sum() / steps * 1e3,
        "full levels": full.sum() / steps,
        "idle games in them": (levels[full, 0] - levels[full, 1]).sum() * per_game / steps * 1e3,
        "levels over parts": levels[~full, 2].sum() / steps * 1e3,
        "part levels": (~full).sum() / steps,
        "level fixed": fixed * 1e3,
        "level per game us": per_game * 1e6,
        "copies": parts["copies"] / steps * 1e3,
        "lists": parts["lists"] / steps * 1e3,
        "observation write": parts["write"] / steps * 1e3,
        "mask": parts["mask"] / steps * 1e3,
        "observe": parts["observe"] / steps * 1e3,
    }


def _print_overheads(n: int, rounds: int, rows: dict[str, list[float]]) -> None:
    def mean(label: str) -> float:
        return float(np.mean(rows[label]))

    def show(label: str, values: list[float]) -> str:
        return f"{label:44s} {interval(values)}"

    raw_us = rows["raw us a roll"]
    same = [a * b / 1e3 for a, b in zip(raw_us, rows["rolls a step"], strict=True)]
    ratio = [b / a for a, b in zip(rows["step"], same, strict=True)]
    raw_levels = [
        a / b for a, b in zip(rows["rolls a step"], rows["raw rolls a step"], strict=True)
    ]
    levels = [a + b for a, b in zip(rows["full levels"], rows["part levels"], strict=True)]
    extra = [(a - b) * f for a, b, f in zip(levels, raw_levels, rows["level fixed"], strict=True)]
    lists_raw = [a * b / 1e3 for a, b in zip(raw_us, rows["lists rolls"], strict=True)]
    rest = [
        step - lv - lp - c - li - ob
        for step, lv, lp, c, li, ob in zip(
            rows["timed step"], rows["levels over all games"], rows["levels over parts"],
            rows["copies"], rows["lists"], rows["observe"], strict=True,
        )
    ]  # fmt: skip
    mask_legal = [
        o - w - m
        for o, w, m in zip(rows["observe"], rows["observation write"], rows["mask"], strict=True)
    ]
    print(f"parchis {n} games, {rounds} rounds (ms a step, mean [95% interval]):")
    for line in (
        show("step", rows["step"]),
        show("rolls a step", rows["rolls a step"]),
        show("raw batch, the same rolls", same),
        show("vector / raw", ratio),
        show("levels over all games", rows["levels over all games"]),
        show("  levels a step", rows["full levels"]),
        show("  their idle games (x the fit's cost a game)", rows["idle games in them"]),
        show("levels over parts", rows["levels over parts"]),
        show("  levels a step", rows["part levels"]),
        show("levels beyond the raw batch's (x fixed cost)", extra),
        show("  raw batch's levels for the same rolls", raw_levels),
        show("  a level's fixed cost", rows["level fixed"]),
        show("  a level's cost a game (us)", rows["level per game us"]),
        show("copies into and out of parts", rows["copies"]),
        show("lists", rows["lists"]),
        show("  their rolls a step", rows["lists rolls"]),
        show("  the raw batch's time for them", lists_raw),
        show("observation write", rows["observation write"]),
        show("mask", rows["mask"]),
        show("the mask's legal actions (and observe's own)", mask_legal),
        show("the rest (the step's own work, and the timers)", rest),
        show("(the step with these timers)", rows["timed step"]),
    ):
        print("  " + line)
    print(f"  half the raw speed needs a step of at most {2 * np.mean(same):.2f} ms")


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
    parser.add_argument(
        "--overheads",
        type=int,
        metavar="ROUNDS",
        default=0,
        help="Parchís: the step against the raw batch's time for its rolls, over ROUNDS rounds",
    )
    args = parser.parse_args(argv)
    for n in args.sizes:
        if args.overheads:
            overheads(n, args.overheads, args.steps or 10 + 40_000 // n)
            continue
        if args.ceiling:
            ceiling(args.game, n, args.ceiling, args.steps or 50 + 200_000 // n)
            continue
        profile(args.game, n, args.steps or 50 + 200_000 // n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
