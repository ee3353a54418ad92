"""Speed of boardrules.analysis: states per second building and solving a set of endgames.

    PYTHONPATH=src python benchmarks/solve.py            # the standard set
    PYTHONPATH=src python benchmarks/solve.py --quick    # the small ones only
    PYTHONPATH=src python benchmarks/solve.py --only parchis   # names containing "parchis"

For each endgame it prints the states and edges of the graph, the time to build it (states
per second), the time to solve it in floats and exactly (where the cycles are small enough
for exact solving), and the memory per state: the graph's int arrays, and the peak growth
of the process while building (the states themselves are held until the graph is done).
Each endgame is measured in a process of its own, so that its memory peak is its own.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import time
from collections.abc import Callable
from typing import Any

from boardrules import docker, dorada, parchis
from boardrules.analysis import SolveError
from boardrules.analysis._graph import build_graph
from boardrules.analysis._solve import solve_graph

G3 = ["goal"] * 3
G2 = ["goal"] * 2

ENDGAMES: dict[str, tuple[bool, Callable[[], Any]]] = {
    "parchis lanes, 1 piece each (pass cycle)": (
        True,
        lambda: parchis.position(
            {"yellow": ["L7", *G3], "red": ["L7", *G3]}, turn="yellow", players=2
        ),
    ),
    "parchis lanes, 2 pieces each": (
        True,
        lambda: parchis.position(
            {"yellow": ["L1", "L3", *G2], "red": ["L2", "L4", *G2]}, turn="yellow", players=2
        ),
    ),
    "parchis track 62 vs 28": (
        True,
        lambda: parchis.position({"yellow": [62, *G3], "red": [28, *G3]}, turn="red", players=2),
    ),
    "dorada 2 players near the end": (
        True,
        lambda: dorada.position(
            players=2, track={30: [0], 35: [1]}, start=[0, 0], dorada=[0, 0, 0, 1, 1, 1]
        ),
    ),
    "docker 2 free pieces on towers": (
        False,
        lambda: docker.position(
            {"a1": "02220", "c3": "13331", "b2": "01"}, players=4, eliminated=[2, 3], turn=1
        ),
    ),
    "parchis track 50 vs 40 (captures)": (
        False,
        lambda: parchis.position({"yellow": [50, *G3], "red": [40, *G3]}, turn="yellow", players=2),
    ),
    "parchis 60 + lane 1 vs 50 (1.2M states)": (
        False,
        lambda: parchis.position(
            {"yellow": [60, "L1", *G2], "red": [50, *G3]}, turn="yellow", players=2
        ),
    ),
    "docker 2 players, 3 pieces each (790k)": (
        False,
        lambda: docker.position({"a1": "011", "c3": "10", "b2": "0"}, players=2, turn=1),
    ),
}


def _peak_kib() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def measure(name: str, make: Callable[[], Any], exact: bool) -> None:
    state = make()
    before = _peak_kib()
    t = time.perf_counter()
    graph = build_graph(state, 5_000_000)
    built = time.perf_counter() - t
    grown = (_peak_kib() - before) * 1024
    n = graph.size
    t = time.perf_counter()
    solve_graph(graph, exact=False)
    floats = time.perf_counter() - t
    line = (
        f"{name:<42} {n:>9,} states {len(graph.target):>10,} edges  "
        f"build {n / built:>9,.0f}/s  float solve {n / floats:>9,.0f}/s  "
        f"(together {built + floats:6.1f} s)  "
    )
    if exact:
        t = time.perf_counter()
        try:
            solve_graph(graph, exact=True)
            line += f"exact solve {n / (time.perf_counter() - t):>8,.0f}/s  "
        except SolveError:
            line += "exact: cycle too large      "
    else:
        line += "exact: skipped               "
    line += f"arrays {graph.nbytes() / n:.0f} B/state, build peak +{grown / n:.0f} B/state"
    print(line, flush=True)


def _measure_alone(name: str, make: Callable[[], Any], exact: bool) -> None:
    child = multiprocessing.get_context("fork").Process(target=measure, args=(name, make, exact))
    child.start()
    child.join()
    if child.exitcode:
        raise SystemExit(f"{name}: the measurement failed (exit code {child.exitcode})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the small endgames")
    parser.add_argument("--only", default="", help="only the endgames whose name has this")
    args = parser.parse_args()
    for name, (small, make) in ENDGAMES.items():
        if (args.quick and not small) or args.only not in name:
            continue
        _measure_alone(name, make, exact=small)


if __name__ == "__main__":
    main()
