"""The figures and example outputs of README.md and the docs, made by this script, not typed.

Each one sits between two markers in its file, ``<!-- figure: NAME -->`` and
``<!-- /figure -->`` in Markdown, ``.. figure-block: NAME`` and ``.. /figure-block`` (rst
comments) in the docs, and is written by the function of that name below: example outputs by
running the example, timings from the measurements kept in ``benchmarks/docs-figures.json``
(each with the conditions it was taken under), stated as ranges.  Then::

    python benchmarks/docs_figures.py --check     # CI: regenerate every block and compare
    python benchmarks/docs_figures.py --write     # rewrite the blocks after a change
    python benchmarks/docs_figures.py --measure quick-run   # time a run into the record

``--check`` fails (exit 1) when a block differs from what the script makes now, when the
table of mutation scores in ``docs/contributing.rst`` differs from
``benchmarks/mutation-record.json`` (a module's score now and run time), when the
example's CPU time is far outside the range the docs state (more than twice the measured
range), or when a timing turns up in README.md or the docs outside every block and outside
the list of figures that other scripts own (``OWNED`` below, each with its script).
``--measure NAME`` times the run ``NAME`` once (nice'd, on whatever machine this is) and
adds the measurement to the record; ``--write`` then restates the ranges.

Run it from the repository's top folder; it puts the checkout's ``src/`` first on the path.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from boardrules.cli import main as boardrules_main  # noqa: E402

RECORD = ROOT / "benchmarks" / "docs-figures.json"

# The README's quick-start command (the lead's, copied exactly) and its example output.
SIMULATE = ["simulate", "parchis", "--players", "mcts,random,random,random", "--games", "20",
            "--seed", "1"]  # fmt: skip


def record() -> dict[str, list[dict[str, object]]]:
    loaded: dict[str, list[dict[str, object]]] = json.loads(RECORD.read_text(encoding="utf-8"))
    return loaded


def span(values: list[float], unit: str) -> str:
    """A range of measurements as the docs state it: ``9 to 12 s``, or ``9 s`` once."""
    low, high = f"{min(values):,.0f}", f"{max(values):,.0f}"
    return f"{low} {unit}" if low == high else f"{low} to {high} {unit}"


def measured(name: str, field: str) -> list[float]:
    return [float(str(run[field])) for run in record()[name]]


# ----------------------------------------------------------------------------- the example


def simulate_output() -> tuple[list[str], float]:
    """The example's output (its last line, the speed, with the figures left out: they are
    the machine's) and the CPU time it took."""
    out = io.StringIO()
    start = time.process_time()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = boardrules_main([*SIMULATE, "--quiet"])
    cpu = time.process_time() - start
    if code != 0:
        raise SystemExit(f"the example exited with {code}")
    lines = out.getvalue().splitlines()
    if not lines[-1].startswith("speed: "):
        raise SystemExit(f"the example's last line is not its speed: {lines[-1]!r}")
    return [*lines[:-1], "speed: ... games/s, ... moves/s (... s)"], cpu


@functools.cache
def example() -> tuple[list[str], float]:
    """The example, run once for all its blocks."""
    return simulate_output()


def example_timing() -> str:
    cpu = span(measured("simulate-example", "cpu_s"), "s")
    return (f"The speed line is the machine's: on the project's two-core machine, shared with "
            f"other work, the 20 games take {cpu} of CPU time (the wall-clock time in the line "
            f"grows with the load).")  # fmt: skip


def readme_simulate() -> str:
    # A ``text`` block, not ``console``: .ci/run runs every line of the README's console blocks.
    lines, _ = example()
    return "\n".join([
        "```text", f"$ python -m boardrules {' '.join(SIMULATE)}", *lines, "```", "",
        *wrap(example_timing()),
    ])  # fmt: skip


def guide_simulate() -> str:
    lines, _ = example()
    return "\n".join([
        "::", "", f"    $ boardrules {' '.join(SIMULATE)}", *(f"    {line}" for line in lines),
        "", *wrap(example_timing()),
    ])  # fmt: skip


def wrap(text: str, width: int = 92, indent: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` characters, the later ones indented."""
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = indent + word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line]


# ----------------------------------------------------------------------------- the suite


def test_count() -> int:
    """The number of tests as the README states it: kept while it is within 5% of what
    pytest collects (so that a few new tests do not make the README stale), else the
    collected number rounded to 50."""
    actual = collected()
    stated = re.search(r"about ([\d,]+) tests", (ROOT / "README.md").read_text(encoding="utf-8"))
    if stated is not None:
        number = int(stated.group(1).replace(",", ""))
        if abs(number - actual) <= 0.05 * actual:
            return number
    return round(actual / 50) * 50


def readme_test_runs() -> str:
    tests = test_count()
    quick_wall = span(measured("quick-run", "wall_s"), "s")
    quick_cpu = span(measured("quick-run", "cpu_s"), "s")
    ci = span([v / 60 for v in measured("ci", "wall_s")], "minutes")
    suite = (
        f"This is the whole suite (about {tests:,} tests: every rule clause, the contract, "
        f"properties, the fuzz suite's short sample, the doctests) in parallel on every CPU; "
        f"`bash .ci/run`, which runs it with every extra and the other checks, takes {ci} on "
        f"the project's two-core machine.  Tests of an optional extra that is not installed "
        f"are skipped, with one line per extra in the summary naming what to install (`pip "
        f"install -e '.[all]'` installs them all).  Other runs:"
    )
    quick = (
        f'- `python -m pytest -m "not slow"`: the quick run: everything but the tests that '
        f"take seconds each (bigger analyses, subprocesses, long random games); {quick_wall} "
        f"wall-clock ({quick_cpu} of CPU) on the project's two-core machine shared with other "
        f"work, nice'd."
    )
    return "\n".join([*wrap(suite), "", *wrap(quick, indent="  ")])


def guide_quick_run() -> str:
    wall = span(measured("quick-run", "wall_s"), "s")
    cpu = span(measured("quick-run", "cpu_s"), "s")
    return "\n".join(
        wrap(
            f"On the project's two-core machine, shared with other work and nice'd, the quick "
            f"run took {wall} wall-clock ({cpu} of CPU); ``python benchmarks/docs_figures.py "
            f"--measure quick-run`` times it again."
        )
    )


@functools.cache
def collected() -> int:
    """How many tests ``python -m pytest`` runs (its collection, without running them)."""
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n0", "-p", "no:cacheprovider"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    # "3084 tests collected", or "3084/3097 tests collected (13 deselected)"
    found = re.search(r"(\d+)(?:/\d+)? tests? collected", done.stdout)
    if found is None:
        raise SystemExit(f"pytest --collect-only said:\n{done.stdout[-2000:]}")
    return int(found.group(1))


BLOCKS: dict[str, Callable[[], str]] = {
    "simulate-example": readme_simulate,
    "simulate-example-guide": guide_simulate,
    "test-runs": readme_test_runs,
    "quick-run-guide": guide_quick_run,
}
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.rst"))]

# Figures that other scripts make and own, by file and the words around them: each is
# produced by the script named, whose output the figure repeats.
OWNED = {
    "docs/guides/exact-analysis.rst": "benchmarks/solve.py (its printed figures)",
    "docs/guides/browser.rst": "tests/test_web_browser.py and the page's own timing",
    "docs/guides/reinforcement-learning.rst": "examples/rl_train_docker.py (its printed time)",
    # The table of scores is checked against the record (mutation_table); the figures of
    # the prose around it are those of past benchmarks/mutation.py runs.
    "docs/contributing.rst": "benchmarks/mutation-record.json (benchmarks/mutation.py)",
    "docs/changelog.rst": "history: the figures of past releases",
    "docs/guides/simulation.rst": "benchmarks/simulate_scaling.py (its printed figures)",
    # Not yet a block: the claim of the example's training run, which prints its own time.
    "docs/guides/batch.rst": "examples/batch_reinforce.py (its printed training time)",
}
# Lines of other files whose figures another command made, by a piece of the line: they are
# not regenerated here yet (each names where it comes from).
OWNED_LINES = {
    "more than 59,970 states found in": "boardrules analyse --seconds 5 (its printed method line)",
    "40 s with the defaults on a loaded": "boardrules review (the analysis helper's timing)",
    "costs about 4 to 7 µs on a busy machine": "benchmarks/fit_dorasure.py (its timing)",
    "costs about 5 ms a decision on that busy": "benchmarks/dorasure_strength.py (its timing)",
}
_TIMING = re.compile(
    r"\b\d[\d,.]*(?:\s+(?:s|ms|µs)\b|\s*(?:seconds?|minutes?|hours?)\b"
    r"|\s*(?:games|moves|states|plies)/s\b)|\b(?:under|within) (?:half )?a minute\b"
    r"|\ba few seconds\b"
)


# ----------------------------------------------------------------------------- the blocks


def markers(path: Path) -> tuple[str, str]:
    if path.suffix == ".md":
        return r"<!-- figure: ([\w-]+) -->\n", r"<!-- /figure -->"
    return r"\.\. figure-block: ([\w-]+)\n", r"\.\. /figure-block"


def blocks(path: Path, text: str) -> list[tuple[str, int, int]]:
    """Each block of ``text``: its name and where its body starts and ends."""
    opening, closing = markers(path)
    found = []
    for m in re.finditer(opening + r"(.*?)" + closing, text, re.S):
        found.append((m.group(1), m.start(2), m.end(2)))
    return found


def outside_blocks(path: Path, text: str) -> str:
    for _, start, end in reversed(blocks(path, text)):
        text = text[:start] + text[end:]
    return text


MUTATION_RECORD = ROOT / "benchmarks" / "mutation-record.json"
# A row of the table of scores in docs/contributing.rst: the module, the first run, then the
# score now and the run time, which must be the record's.
_ROW = re.compile(
    r"^(``(?P<module>[\w/.]+)\.py``\s+.*?\s{2,})(?P<now>(?P<killed>\d+) / (?P<total>\d+) "
    r"\((?P<percent>[\d.]+)%\)(?P<pad>\s+)(?P<seconds>\d+) s)",
    re.M,
)


def percent(killed: int, total: int) -> str:
    value = 100 * killed / total
    return "100" if killed == total else f"{value:.1f}"


def mutation_table(text: str, problems: list[str]) -> str:
    """docs/contributing.rst with the table's scores and run times from the record; each
    row that differed is a problem, and a recorded module without a row too."""
    recorded = json.loads(MUTATION_RECORD.read_text(encoding="utf-8"))
    shown = set()

    def fix(m: re.Match[str]) -> str:
        module = m["module"]
        shown.add(module)
        entry = recorded.get(module)
        if entry is None:
            problems.append(f"docs/contributing.rst: {module} is not in the mutation record")
            return m[0]
        killed, total, seconds = entry["killed"], entry["total"], entry["seconds"]
        now = f"{killed} / {total} ({percent(killed, total)}%)"
        if (int(m["killed"]), int(m["total"]), int(m["seconds"])) != (killed, total, seconds):
            problems.append(
                f"docs/contributing.rst: {module}: the table says {m['now']}, the record "
                f"{now}, {seconds} s"
            )
        width = len(m["now"]) - len(f"{m['seconds']} s")
        return m[1] + f"{now:<{width}}{seconds} s"

    fixed = _ROW.sub(fix, text)
    for module in sorted(set(recorded) - shown):
        problems.append(f"docs/contributing.rst: no row for {module} of the mutation record")
    return fixed


def run(write: bool) -> int:
    problems = []
    made: dict[str, str] = {}
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        new = text
        for name, start, end in reversed(blocks(path, text)):
            if name not in BLOCKS:
                problems.append(f"{path.relative_to(ROOT)}: no script makes the block {name!r}")
                continue
            body = made.setdefault(name, BLOCKS[name]())
            if text[start:end].strip("\n") != body:
                problems.append(f"{path.relative_to(ROOT)}: the block {name!r} is stale")
                new = new[:start] + "\n" + body + "\n\n" + new[end:]
        if path.name == "contributing.rst":
            new = mutation_table(new, problems)
        if write and new != text:
            path.write_text(new, encoding="utf-8")
        relative = str(path.relative_to(ROOT))
        if relative not in OWNED:
            for line in outside_blocks(path, new).splitlines():
                if _TIMING.search(line) and not any(k in line for k in OWNED_LINES):
                    problems.append(f"{relative}: a timing typed by hand: {line.strip()}")
    if "simulate-example" in made:
        cpu = example()[1]
        low, high = (
            min(measured("simulate-example", "cpu_s")),
            max(measured("simulate-example", "cpu_s")),
        )
        stated = span(measured("simulate-example", "cpu_s"), "s")
        print(f"the example took {cpu:.1f} s of CPU (the docs say {stated})")
        if not low / 2 <= cpu <= high * 2:
            problems.append(
                f"the example took {cpu:.1f} s of CPU, far from the stated range: "
                "measure it again (--measure simulate-example) and --write"
            )
    for problem in problems:
        print(problem)
    if write:
        print("blocks rewritten" if problems else "every block is up to date")
        return 0
    print(f"{len(problems)} problem(s)" if problems else "every figure is up to date")
    return 1 if problems else 0


# ----------------------------------------------------------------------------- measuring


def measure(name: str) -> None:
    """Time the run ``name`` once and add it to the record."""
    if name == "simulate-example":
        _, cpu = simulate_output()
        entry: dict[str, object] = {"cpu_s": round(cpu, 1)}
    elif name == "quick-run":
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(["nice", "-n", "10", sys.executable, "-m", "pytest", "-m", "not slow",
                        "-q", "-p", "no:cacheprovider"], cwd=ROOT, check=True)  # fmt: skip
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        entry = {"wall_s": round(wall), "cpu_s": round(cpu)}
    else:
        raise SystemExit(f"nothing to measure under {name!r}: simulate-example, quick-run")
    entry["date"] = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    entry["conditions"] = (f"{os.cpu_count()} CPUs, load average "
                           f"{os.getloadavg()[0]:.1f} at the end, nice -n 10")  # fmt: skip
    data = record()
    data.setdefault(name, []).append(entry)
    RECORD.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(f"{name}: {entry}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--check", action="store_true", help="compare every block (CI)")
    group.add_argument("--write", action="store_true", help="rewrite the blocks")
    group.add_argument("--measure", metavar="NAME", help="time NAME once into the record")
    args = parser.parse_args()
    if args.measure:
        measure(args.measure)
        return 0
    return run(write=args.write)


if __name__ == "__main__":
    sys.exit(main())
