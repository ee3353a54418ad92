"""The README loop against the bare mutable floor and the speed harness's loop, in one run.

    nice -n 10 python benchmarks/readme_speed.py --seconds 1.5 --rounds 5
    python benchmarks/readme_speed.py --games      # also every game's README loop vs the floor
    python benchmarks/readme_speed.py --src ../other-checkout/src   # measure another checkout

Issue 35's point 1 in figures.  Unit: dice rolls per second for Parchís, 4 players (as
``../shared/bench/speed_parchis.py`` counts them), plies (rolls and decisions) per second for
the other games' loops of ``--games``.  Engines:

* ``floor``: ``../shared/bench/limit_parchis.py``'s ``play_game``, the bare mutable playout;
* ``harness``: ``speed_parchis.py``'s library loop (``current_player``, ``chance_outcomes``
  with float cumulative weights cached by the outcome tuple, ``rng.randrange``);
* ``readme``: the README's loop (``benchmarks/playouts.py``);
* with ``--games``, ``<game> plies``: each game's README loop, 4 players (Dorasure 2).

Each round gives every engine slices of :data:`SLICE` seconds of CPU in turn until each has
had ``--seconds``, so that a busy moment of the machine slows them all alike.  Printed: each
round's ratios, then per ratio the median and a 95% interval of the mean over the rounds
(Student's t).  ``--src`` puts another checkout's ``src`` first on the path: a before/after
figure is two runs, one with each, alternated, each compared through its own floor.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from _timing import Engine, floor_argument, interval, measure  # benchmarks/_timing.py

HERE = Path(__file__).resolve().parent
SLICE = 0.1


def floor_engine(seed: int) -> Engine:
    import limit_parchis  # ../shared/bench

    rng = random.Random(seed)
    return lambda: int(limit_parchis.play_game(rng)[0])


def harness_engine(seed: int) -> Engine:
    """speed_parchis.py's lib_rate loop, one whole game per call (its rolls)."""
    import boardrules as br

    rng = random.Random(seed)
    legal_moves, apply_move, current_player = br.legal_moves, br.apply_move, br.current_player
    chance_outcomes, CHANCE, TERMINAL = br.chance_outcomes, br.CHANCE, br.TERMINAL
    cumulative: dict[int, tuple[object, list[float], list[object]]] = {}

    def game() -> int:
        rolls = 0
        s = br.new_game("parchis", players=4)
        while True:
            p = current_player(s)
            if p == TERMINAL:
                return rolls
            if p == CHANCE:
                outs = chance_outcomes(s)
                entry = cumulative.get(id(outs))
                if entry is None or entry[0] is not outs:
                    acc, cum = 0.0, []
                    for _, q in outs:
                        acc += float(q)
                        cum.append(acc)
                    entry = (outs, cum, [o for o, _ in outs])
                    cumulative[id(outs)] = entry
                _, cum, moves = entry
                x = rng.random() * cum[-1]
                i = 0
                while cum[i] <= x:
                    i += 1
                m = moves[i]
                rolls += 1
            else:
                ms = legal_moves(s)
                m = ms[rng.randrange(len(ms))]
            s = apply_move(s, m)

    return game


def readme_engine(game: str, options: dict[str, Any], seed: int, plies: bool) -> Engine:
    import playouts

    played: Iterator[tuple[int, int]] = playouts.games(game, options, seed)
    if plies:
        return lambda: sum(next(played))
    return lambda: next(played)[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="CPU s per engine and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", action="store_true", help="every game's README loop too")
    parser.add_argument("--src", type=Path, default=HERE.parent / "src", help="boardrules' src")
    floor_argument(parser, HERE.parent)
    args = parser.parse_args(argv)
    sys.path[:0] = [str(args.src.resolve()), str(HERE), str(args.floor)]
    import boardrules

    engines: dict[str, Engine] = {
        "floor": floor_engine(args.seed),
        "harness": harness_engine(args.seed),
        "readme": readme_engine("parchis", {"players": 4}, args.seed, plies=False),
    }
    if args.games:
        for game in ("parchis", "dorada", "docker", "dorasure"):
            options = {"players": 2 if game == "dorasure" else 4}
            engines[f"{game} plies"] = readme_engine(game, options, args.seed, plies=True)
    print(f"boardrules from {Path(boardrules.__file__).parent}")
    print(f"{args.rounds} rounds of {args.seconds:g} CPU s per engine; rolls (plies) per CPU s")
    pairs = [("readme", "floor"), ("harness", "floor"), ("readme", "harness")]
    pairs += [(name, "floor") for name in engines if name.endswith("plies")]
    ratios: dict[tuple[str, str], list[float]] = {pair: [] for pair in pairs}
    best = dict.fromkeys(engines, 0.0)
    for k in range(args.rounds):
        rates = measure(engines, args.seconds, SLICE)
        for name, rate in rates.items():
            best[name] = max(best[name], rate)
        for a, b in pairs:
            ratios[a, b].append(rates[a] / rates[b])
        shown = "  ".join(f"{a}/{b} {rates[a] / rates[b]:.3f}" for a, b in pairs[:3])
        print(f"round {k + 1}: {shown}", flush=True)
    for name, rate in best.items():
        print(f"{name:16s} {rate:12,.0f} /s (best round)")
    for (a, b), values in ratios.items():
        low, high = interval(values)
        print(
            f"{a + ' / ' + b:26s} median {statistics.median(values):.3f}"
            f"  mean 95% [{low:.3f}, {high:.3f}]"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
