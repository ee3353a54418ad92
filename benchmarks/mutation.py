"""Mutation testing of the rules: mutmut on one module at a time, against its own tests.

For each module named, mutmut (3.x, ``pip install 'mutmut>=3.8,<4'``) makes small changes to
it (a ``<`` for a ``<=``, a constant off by one, a dropped condition...) and runs the quick
tests of that module's game on each; a mutant the tests notice is *killed*.  The script
prints the score of each module (killed / total) and every surviving mutant, with mutmut's
name for it and a one-line diff::

    python benchmarks/mutation.py docker                 # src/boardrules/docker/_rules.py
    python benchmarks/mutation.py docker docker/_json parchis
    python benchmarks/mutation.py records --tests records,cli
    python benchmarks/mutation.py docker --again         # re-test the last run's survivors
    python benchmarks/mutation.py chance --record        # and write its score in the record
    python benchmarks/mutation.py --all --record --fail-under 95     # the release step
    python benchmarks/mutation.py --changed --budget 180 --max-children 2 --fail-under 95

A name is a module under ``src/boardrules`` (``docker/_json``, ``chance``); a game's name
alone means its ``_rules`` module.  Its tests are the files ``tests/test_*.py`` whose names
contain the game's name and the files of the folder ``tests/<game>/``, or for a module
outside the games the words of ``OWN_TESTS`` below (a whole name such as ``test_encoding``
is that file alone), or each word of ``--tests``; only the quick ones run
(``-m "not slow"``, the ``[tool.mutmut]`` section of ``pyproject.toml``), and not the
tests of time or memory listed in ``NOT_RULES``.  mutmut works in
the folder ``mutants/`` (ignored by git), which each run starts afresh; ``--again`` keeps
it and re-tests only the mutants that survived the last run of the same module with the
same tests (after adding tests for them).
``mutmut show NAME`` prints a mutant's whole diff, ``mutmut apply NAME`` writes it into the
source (undo with ``git checkout``).

The record, ``benchmarks/mutation-record.json``, keeps for each measured module its score,
its run time and, for each of its functions, a hash of the function's code with its own
score.  ``--record`` writes the modules just measured into it; ``--all`` measures every
module of the record (the release step).  ``--changed`` is the continuous integration's
run over the modules of the record: a function whose code differs from the record's, or
from its code at the commit ``--base`` (``HEAD^`` by default, the first parent: on main,
what the last merge brought), or is new, is *changed*.  A module with a changed function
is mutated whole when its recorded run time fits in what is left of ``--budget`` (seconds
of estimated mutant runs), else only its changed functions are, and if even those do not
fit, an evenly spread, fixed choice of their mutants (every second one, every third...).
A module's score is then this run's counts for what was mutated plus the record's for its
other functions.  Nothing changed, nothing runs; every recorded score is checked anyway.

``--max-children`` is the number of mutants tested at once (1 by default: a one-module run
takes minutes, see docs/contributing.rst).  ``--fail-under 95`` exits 1 when a module scores
below 95%.  Run it from the repository's top folder.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path("src/boardrules")
MUTANTS = Path("mutants")
MARKER = MUTANTS / "boardrules-module.json"  # which module and tests mutants/ was made for
LOG = MUTANTS / "mutmut.log"
RECORD = Path("benchmarks/mutation-record.json")
GAMES = ("parchis", "dorada", "docker", "dorasure")
# The tests of the modules outside the games (a game's module is tested by the files that
# name the game): the words of --tests that choose them by default.
OWN_TESTS: dict[str, tuple[str, ...]] = {
    "api": ("test_api", "test_contract", "hostile_input"),
    "_legal": ("test_legal", "hostile_input"),
    "chance": ("test_chance", "hostile_input"),
    "records": ("test_records",),
    # The batches: their own quick tests (not every Parchís test, which names the game too).
    "batch/_parchis": ("test_batch_parchis",),
    "batch/_dorada": ("test_batch_dorada", "test_batch_docker"),
    "batch/_dorada_alone": ("test_batch_vector",),
    "batch/_parchis_alone": ("test_batch_vector",),
    "batch/_docker": ("test_batch_docker",),
    "batch/_dice": ("test_batch_dorada", "test_batch_docker"),
    "batch/_base": ("test_batch_parchis", "test_batch_dorada", "test_batch_docker"),
    # The differential check: its own tests (which break a batch on purpose).
    "batch/_check": ("test_batch_check",),
}
# Quick tests left out of every mutation run: they measure time or memory, not a rule (under
# mutmut's trampolines they would measure mutmut), and they took a third of the seconds of
# Dorasure's quick tests, which a surviving mutant of the engine runs whole.  Node ids, or
# their beginnings (pytest's --deselect); the agenda at its limit of 200 tasks still runs.
NOT_RULES = (
    "tests/dorasure/test_game_api.py::test_the_rules_cache_is_bounded_by_size",
    "tests/dorasure/test_json.py::test_an_agenda_longer_than_its_limit_is_refused_before_its_"
    "tasks_are_read[100000]",
    "tests/dorasure/test_json.py::test_an_agenda_longer_than_its_limit_is_refused_before_its_"
    "tasks_are_read[200000]",
    "tests/dorasure/test_json.py::test_the_rules_of_the_tasks_take_linear_time",
)
# A mutant whose tests take this many times their CPU seconds (twice that, and a second: see
# mutmut's timeout_multiplier) loops: it is stopped and counted as killed.  mutmut's 15
# let a looping mutant of Dorasure's engine run ten minutes.
TIMEOUT_MULTIPLIER = 2.0
# The seconds of a mutmut run besides the mutants: three starts of pytest (the stats, the
# clean run, the forced failure), on top of running the module's tests twice.
STARTS = 6.0

# mutmut's exit codes of a mutant's test run (mutmut.stats.status_by_exit_code): a failed
# test run (1, 3) or one that ran out of time (an endless loop) notices the mutant.
KILLED = {1, 3, 36, -24, 24, 152, 255}
NOT_KILLED = {0: "survived", 5: "no tests", 33: "no tests", 34: "skipped"}

Codes = dict[str, int | None]


@dataclass(frozen=True)
class Target:
    """A module to mutate and the test files that belong to it."""

    name: str
    source: Path
    tests: tuple[Path, ...]

    @property
    def dotted(self) -> str:
        """The module's import name, which starts mutmut's names of its mutants."""
        return ".".join(self.source.with_suffix("").parts[1:])

    def marker(self) -> dict[str, object]:
        return {"source": str(self.source), "tests": [str(t) for t in self.tests]}


def target(name: str, words: list[str] | None) -> Target:
    """The module named ``name`` (``docker``, ``docker/_json``, ``chance``) and its tests."""
    parts = name.replace(".", "/").removesuffix("/py").strip("/").split("/")
    if parts[0] in GAMES and len(parts) == 1:
        parts.append("_rules")
    source = PACKAGE.joinpath(*parts).with_suffix(".py")
    if not source.is_file():
        raise SystemExit(f"mutation.py: no module {source}")
    default = (parts[0],) if parts[0] in GAMES else (parts[-1].lstrip("_"),)
    words = words or list(OWN_TESTS.get("/".join(parts), default))
    tests = tuple(
        path
        for path in sorted(Path("tests").glob("**/test_*.py"))
        if any(_chooses(word, path) for word in words)
    )
    if not tests:
        raise SystemExit(f"mutation.py: no test file tests/test_*.py names {' or '.join(words)}")
    return Target("/".join(parts), source, tests)


def _chooses(word: str, path: Path) -> bool:
    """Whether the test file ``path`` is chosen by ``word``: a whole name (``test_encoding``)
    chooses that file alone, another word every file of ``tests/`` whose name contains it and
    every file of the folder ``tests/<word>/`` (``tests/dorasure/``)."""
    if word.startswith("test_"):
        return path.stem == word
    return word in path.stem if path.parent.name == "tests" else path.parent.name == word


def results(t: Target) -> Codes:
    """mutmut's exit code of each mutant of ``t`` (``None``: not tested), by short name."""
    meta = MUTANTS / (str(t.source) + ".meta")
    if not meta.is_file():
        return {}
    codes: Codes = json.loads(meta.read_text())["exit_code_by_key"]
    return {name.removeprefix(t.dotted + "."): code for name, code in codes.items()}


def survivors(codes: Codes) -> list[str]:
    return [name for name, code in codes.items() if code not in KILLED]


def function_of(mutant: str) -> str:
    """The function a mutant's short name belongs to: ``x_decode``, ``xǁGameRecordǁof``."""
    return mutant.partition("__mutmut_")[0]


def function_hashes(t: Target) -> dict[str, str]:
    """A hash of each function of ``t`` (mutmut's: its syntax tree, without line numbers)."""
    from mutmut.mutation.file_mutation import compute_function_hashes

    hashes: dict[str, str] = compute_function_hashes(t.source.read_text(encoding="utf-8"))
    return hashes


def mutant_names(t: Target) -> list[str]:
    """The short names of every mutant mutmut makes of ``t`` (nothing is run)."""
    from mutmut.mutation.file_mutation import mutate_file_contents

    made = mutate_file_contents(str(t.source), t.source.read_text(encoding="utf-8"))
    return list(made.mutant_names)


def run_mutmut(t: Target, names: list[str], children: int) -> int:
    """Run ``mutmut run`` on ``t`` (all its mutants, or ``names``) in a process of its own;
    its output (a progress line redrawn for every mutant) goes to ``mutants/mutmut.log``."""
    command = [sys.executable, __file__, "--mutmut", str(children), str(t.source)]
    command += [str(p) for p in t.tests] + ["--"] + [f"{t.dotted}.{name}" for name in names]
    with LOG.open("w", encoding="utf-8") as log:
        code = subprocess.call(command, stdout=log, stderr=subprocess.STDOUT)
    if code != 0:
        print(LOG.read_text(encoding="utf-8", errors="replace")[-3000:])
    return code


def one_line(name: str, t: Target) -> str:
    """The lines ``name`` changes, as ``old  =>  new`` (mutmut's diff, in one line)."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    try:
        diff = get_diff_for_mutant(f"{t.dotted}.{name}", path=t.source)
    except (FileNotFoundError, OSError) as e:
        return f"(no diff: {e})"
    lines = diff.splitlines()[2:]  # after the --- and +++ headers
    old = " / ".join(x[1:].strip() for x in lines if x.startswith("-"))
    new = " / ".join(x[1:].strip() for x in lines if x.startswith("+"))
    return f"{old}  =>  {new}"


def report(t: Target, codes: Codes, seconds: float) -> None:
    """Print the score of the mutants of ``t`` in ``codes`` and its survivors."""
    killed, total = count(codes)
    score = percent(killed, total)
    print(f"\n{t.source}: {killed} / {total} mutants killed ({score:.1f}%) in {seconds:.0f} s")
    print(f"  tests: {', '.join(p.name for p in t.tests)}")
    for name in survivors(codes):
        code = codes[name]
        status = "not tested" if code is None else NOT_KILLED.get(code, "suspicious")
        print(f"  {status}: {name}\n      {one_line(name, t)}")


def percent(killed: int, total: int) -> float:
    return 100.0 * killed / total if total else 100.0


def count(codes: Codes) -> tuple[int, int]:
    """Killed and total of the mutants in ``codes``."""
    return len(codes) - len(survivors(codes)), len(codes)


def measure(t: Target, again: bool, children: int, names: list[str] | None = None) -> Measured:
    """Mutate ``t`` (only ``names`` if given), print its report and return the results."""
    todo = list(names or [])
    if again and MARKER.is_file() and json.loads(MARKER.read_text()) == t.marker():
        todo = survivors(results(t))
        if not todo:
            print(f"{t.source}: no surviving mutant to re-test")
    elif MUTANTS.exists():
        shutil.rmtree(MUTANTS)
    start = time.monotonic()
    if todo or not MARKER.is_file():
        MUTANTS.mkdir(exist_ok=True)
        MARKER.write_text(json.dumps(t.marker()))
        code = run_mutmut(t, todo, children)
        if code != 0:
            raise SystemExit(f"mutation.py: mutmut failed on {t.source} (exit code {code})")
    seconds = time.monotonic() - start
    codes = results(t)
    if names is not None:
        codes = {name: codes.get(name) for name in names}
    report(t, codes, seconds)
    return Measured(t, codes, seconds, tests_seconds())


@dataclass(frozen=True)
class Measured:
    """The exit code of each mutant tested and the time the run took."""

    target: Target
    codes: Codes
    seconds: float
    tests: float  # the seconds of one run of the module's tests (mutmut's stats)


# The record: what the last full measure of each module found.


def load_record() -> dict[str, Any]:
    if not RECORD.is_file():
        return {}
    record: dict[str, Any] = json.loads(RECORD.read_text(encoding="utf-8"))
    return record


def write_record(record: dict[str, Any], runs: list[Measured], children: int) -> None:
    """Write ``runs`` (whole modules) into the record file."""
    for run in runs:
        t, codes = run.target, run.codes
        functions = {}
        for key, digest in sorted(function_hashes(t).items()):
            own = {name: code for name, code in codes.items() if function_of(name) == key}
            killed, total = count(own)
            functions[key] = {"hash": digest, "killed": killed, "total": total}
        killed, total = count(codes)
        record[t.name] = {
            "source": str(t.source),
            "tests": [p.name for p in t.tests],
            "killed": killed,
            "total": total,
            "seconds": round(run.seconds),
            "tests_seconds": round(run.tests, 1),
            "children": children,
            "functions": functions,
        }
    text = json.dumps(dict(sorted(record.items())), indent=1, ensure_ascii=False)
    RECORD.write_text(text + "\n", encoding="utf-8")
    print(f"\nwrote {', '.join(run.target.name for run in runs)} into {RECORD}")


def tests_seconds() -> float:
    """The seconds mutmut's stats say one run of the last module's tests took."""
    stats = MUTANTS / "mutmut-stats.json"
    if not stats.is_file():
        return 0.0
    durations: dict[str, float] = json.loads(stats.read_text())["duration_by_test"]
    return sum(durations.values())


def estimate(entry: dict[str, Any], mutants: int) -> float:
    """The seconds that a run of ``mutants`` mutants of a recorded module should take, at
    most: the run's own cost (the module's tests twice and three starts of pytest) and the
    recorded seconds a mutant, as if one mutant were tested at a time (a second child
    makes it faster on an idle machine, not on a busy one)."""
    seconds, total = float(entry["seconds"]), max(int(entry["total"]), 1)
    overhead = min(2 * float(entry.get("tests_seconds", 0.0)) + STARTS, seconds)
    return overhead + (seconds - overhead) / total * mutants


def base_hashes(t: Target, base: str) -> dict[str, str]:
    """The function hashes of ``t`` at the commit ``base`` (none if git cannot tell)."""
    from mutmut.mutation.file_mutation import compute_function_hashes

    shown = subprocess.run(
        ["git", "show", f"{base}:{t.source}"], capture_output=True, text=True, check=False
    )
    if shown.returncode != 0:
        return {}
    hashes: dict[str, str] = compute_function_hashes(shown.stdout)
    return hashes


def changed_functions(t: Target, entry: dict[str, Any], base: str | None) -> list[str]:
    """The functions of ``t`` whose code is not the record's, or not that of ``base``."""
    known = entry["functions"]
    before = base_hashes(t, base) if base else {}
    return sorted(
        key
        for key, digest in function_hashes(t).items()
        if known.get(key, {}).get("hash") != digest or (base and before.get(key) != digest)
    )


def choose(t: Target, entry: dict[str, Any], changed: list[str], left: float) -> list[str] | None:
    """The mutants of ``t`` to test in ``left`` seconds: ``None`` for all of them when the
    record's run time says they fit, else those of the ``changed`` functions, evenly thinned
    out (every second, third... in mutmut's order) until they fit."""
    names = mutant_names(t)
    whole = estimate(entry, len(names))
    if whole <= left:
        print(f"  the whole module: {len(names)} mutants, about {whole:.0f} s")
        return None
    chosen = [n for n in names if function_of(n) in changed]
    fits = math.floor(
        (left - estimate(entry, 0)) / max(estimate(entry, 1) - estimate(entry, 0), 1e-9)
    )
    if len(chosen) > fits:
        step = math.ceil(len(chosen) / max(fits, 1))
        print(f"  {len(chosen)} mutants in the changed functions: one in {step} fits the budget")
        chosen = chosen[::step]
    seconds = estimate(entry, len(chosen))
    print(f"  the changed functions: {len(chosen)} mutants, about {seconds:.0f} s")
    return chosen


def changed_run(
    record: dict[str, Any], base: str | None, budget: float, children: int
) -> list[tuple[str, float]]:
    """Mutate what changed within ``budget`` seconds; the score of each module mutated."""
    scores = []
    left = budget
    if (
        base
        and subprocess.run(
            ["git", "rev-parse", "-q", "--verify", base], capture_output=True
        ).returncode
    ):
        print(f"no commit {base}: only what differs from {RECORD} counts as changed")
        base = None
    for name, entry in record.items():
        t = target(name, None)
        changed = changed_functions(t, entry, base)
        if not changed:
            continue
        print(f"\n{t.source}: changed: {', '.join(changed)}")
        if left <= 0:
            print(f"  left out: the budget is spent (the machine is slower than {RECORD} says)")
            continue
        chosen = choose(t, entry, changed, left)
        run = measure(t, False, children, chosen) if chosen != [] else Measured(t, {}, 0, 0)
        left -= run.seconds
        killed, total = count(run.codes)
        known = entry["functions"]
        mutated = {function_of(n) for n in run.codes} | set(changed)
        for key in function_hashes(t).keys() - mutated:
            if key in known:
                killed, total = killed + known[key]["killed"], total + known[key]["total"]
        score = percent(killed, total)
        print(f"  {t.name}: {killed} / {total} ({score:.1f}%) with the record's other functions")
        if changed_functions(t, entry, None):
            print(f"  the record is behind: python benchmarks/mutation.py {t.name} --record")
        scores.append((t.name, score))
    if not scores:
        print(f"\nno function of a module of {RECORD} changed")
    return scores


def check_record(record: dict[str, Any], fail_under: float | None) -> bool:
    """Print the record's scores; whether one is below ``fail_under``."""
    print(f"\n{RECORD}: module, killed / total, run time")
    low = False
    for name, entry in record.items():
        score = percent(entry["killed"], entry["total"])
        killed, total, seconds = entry["killed"], entry["total"], entry["seconds"]
        print(f"  {name:20} {killed:5} / {total:<5} {score:5.1f}%  {seconds:4} s")
        low |= fail_under is not None and score < fail_under
    return low


def mutmut_main(argv: list[str]) -> None:
    """The child process: ``mutmut run`` with this run's module and test files."""
    from mutmut.__main__ import cli
    from mutmut.configuration import config

    children, source, *rest = argv
    split = rest.index("--")
    tests, names = rest[:split], rest[split + 1 :]
    cfg = config()  # [tool.mutmut] of pyproject.toml, then this run's module and tests
    cfg.only_mutate = [source]
    cfg.pytest_add_cli_args_test_selection = tests
    cfg.pytest_add_cli_args = [*cfg.pytest_add_cli_args, *(f"--deselect={n}" for n in NOT_RULES)]
    cfg.timeout_multiplier = TIMEOUT_MULTIPLIER
    cli.main(["run", "--max-children", children, *names], prog_name="mutmut")


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="docker, docker/_json, chance...")
    parser.add_argument("--tests", help="comma-separated words: the test files naming one")
    parser.add_argument("--again", action="store_true", help="re-test the last survivors")
    parser.add_argument("--max-children", type=int, default=1, metavar="N")
    parser.add_argument("--fail-under", type=float, metavar="PERCENT")
    parser.add_argument("--record", action="store_true", help=f"write the scores into {RECORD}")
    parser.add_argument("--all", action="store_true", help=f"every module of {RECORD}")
    parser.add_argument("--changed", action="store_true", help="what changed since the record")
    parser.add_argument("--budget", type=float, default=180, metavar="SECONDS")
    parser.add_argument("--base", default="HEAD^", help="with --changed: the commit before")
    args = parser.parse_args(argv)
    if args.changed and (args.modules or args.all or args.record or args.again):
        parser.error("--changed takes no module, --all, --record or --again")
    if not (args.modules or args.all or args.changed):
        parser.error("name a module, or --all, or --changed")
    if args.again and (len(args.modules) != 1 or args.all or args.record):
        parser.error("--again re-tests one module's survivors: name one module")
    return args


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--mutmut"]:
        mutmut_main(argv[1:])
        return 0
    args = arguments(argv)
    record = load_record()
    if args.changed:
        start = time.monotonic()
        scores = changed_run(record, args.base or None, args.budget, args.max_children)
        low = check_record(record, args.fail_under)
        print(f"\n--changed took {time.monotonic() - start:.0f} s (budget {args.budget:.0f} s)")
        below = [name for name, score in scores if score < (args.fail_under or 0)]
        return 1 if below or low else 0
    words = args.tests.split(",") if args.tests else None
    names = list(record) if args.all else args.modules
    targets = [target(name, None if args.all else words) for name in names]
    runs = [measure(t, args.again, args.max_children) for t in targets]
    print("\nmodule                                   killed / total   score    time")
    failed = False
    for run in runs:
        killed, total = count(run.codes)
        score = percent(killed, total)
        print(
            f"{run.target.source!s:40} {killed:6} / {total:<6} {score:5.1f}%  {run.seconds:5.0f} s"
        )
        failed |= args.fail_under is not None and score < args.fail_under
    if args.record:
        write_record(record, runs, args.max_children)
    return 1 if failed else 0


if __name__ == "__main__":
    import os

    os.chdir(ROOT)
    sys.exit(main())
