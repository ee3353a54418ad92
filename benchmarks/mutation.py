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

A name is a module under ``src/boardrules`` (``docker/_json``, ``chance``); a game's name
alone means its ``_rules`` module.  Its tests are the files ``tests/test_*.py`` whose names
contain the game's name (the module's name for a module outside the games), or each word
of ``--tests``; only the quick ones run (``-m "not slow"``, the ``[tool.mutmut]`` section of
``pyproject.toml``).  mutmut works in the folder ``mutants/`` (ignored by git), which each
run starts afresh; ``--again`` keeps it and re-tests only the mutants that survived the
last run of the same module with the same tests (after adding tests for them).
``mutmut show NAME`` prints a mutant's whole diff, ``mutmut apply NAME`` writes it into the
source (undo with ``git checkout``).

``--max-children`` is the number of mutants tested at once (1 by default: a one-module run
takes minutes, see docs/contributing.rst).  ``--fail-under 95`` exits 1 when a module scores
below 95%.  Run it from the repository's top folder.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path("src/boardrules")
MUTANTS = Path("mutants")
MARKER = MUTANTS / "boardrules-module.json"  # which module and tests mutants/ was made for
GAMES = ("parchis", "dorada", "docker", "dorasure")
# The tests of the modules outside the games (a game's module is tested by the files that
# name the game): the words of --tests that choose them by default.
OWN_TESTS: dict[str, tuple[str, ...]] = {
    "api": ("test_api", "test_contract", "test_names", "test_encoding", "hostile_input"),
    "_legal": ("test_legal", "hostile_input"),
    "chance": ("test_chance", "hostile_input"),
    "records": ("test_records",),
}

# mutmut's exit codes of a mutant's test run (mutmut.stats.status_by_exit_code): a failed
# test run (1, 3) or one that ran out of time (an endless loop) notices the mutant.
KILLED = {1, 3, 36, -24, 24, 152, 255}
NOT_KILLED = {0: "survived", 5: "no tests", 33: "no tests", 34: "skipped"}


@dataclass(frozen=True)
class Target:
    """A module to mutate and the test files that belong to it."""

    name: str
    source: Path
    tests: tuple[Path, ...]

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
        for path in sorted(Path("tests").glob("test_*.py"))
        if any(_names(word, path) for word in words)
    )
    if not tests:
        raise SystemExit(f"mutation.py: no test file tests/test_*.py names {' or '.join(words)}")
    return Target("/".join(parts), source, tests)


def _names(word: str, path: Path) -> bool:
    """Whether the test file ``path`` is chosen by ``word``: a whole name (``test_encoding``)
    chooses that file alone, another word every file whose name contains it."""
    return path.stem == word if word.startswith("test_") else word in path.stem


def results(t: Target) -> dict[str, int | None]:
    """mutmut's exit code of each mutant of ``t`` (``None``: not tested)."""
    meta = MUTANTS / (str(t.source) + ".meta")
    if not meta.is_file():
        return {}
    codes: dict[str, int | None] = json.loads(meta.read_text())["exit_code_by_key"]
    return codes


def survivors(codes: dict[str, int | None]) -> list[str]:
    return [name for name, code in codes.items() if code not in KILLED]


def run_mutmut(t: Target, names: list[str], children: int) -> int:
    """Run ``mutmut run`` on ``t`` in a process of its own; its exit code."""
    command = [sys.executable, __file__, "--mutmut", str(children), str(t.source)]
    command += [str(p) for p in t.tests] + ["--", *names]
    return subprocess.call(command)


def one_line(name: str, source: Path) -> str:
    """The lines ``name`` changes, as ``old  =>  new`` (mutmut's diff, in one line)."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    try:
        diff = get_diff_for_mutant(name, path=source)
    except (FileNotFoundError, OSError) as e:
        return f"(no diff: {e})"
    lines = diff.splitlines()[2:]  # after the --- and +++ headers
    old = " / ".join(x[1:].strip() for x in lines if x.startswith("-"))
    new = " / ".join(x[1:].strip() for x in lines if x.startswith("+"))
    return f"{old}  =>  {new}"


def report(t: Target, codes: dict[str, int | None], seconds: float) -> float:
    """Print the score of ``t`` and its survivors; the score in percent."""
    total = len(codes)
    killed = total - len(survivors(codes))
    score = 100.0 * killed / total if total else 0.0
    print(f"\n{t.source}: {killed} / {total} mutants killed ({score:.1f}%) in {seconds:.0f} s")
    print(f"  tests: {', '.join(p.name for p in t.tests)}")
    for name in survivors(codes):
        code = codes[name]
        status = "not tested" if code is None else NOT_KILLED.get(code, "suspicious")
        short = name.rpartition(".")[2]
        print(f"  {status}: {short}\n      {one_line(name, t.source)}")
    return score


def measure(t: Target, again: bool, children: int) -> tuple[dict[str, int | None], float]:
    """Mutate ``t``, print its report; the exit code of each mutant and the time it took."""
    names: list[str] = []
    if again and MARKER.is_file() and json.loads(MARKER.read_text()) == t.marker():
        names = survivors(results(t))
        if not names:
            print(f"{t.source}: no surviving mutant to re-test")
    elif MUTANTS.exists():
        shutil.rmtree(MUTANTS)
    start = time.monotonic()
    if names or not MARKER.is_file():
        MUTANTS.mkdir(exist_ok=True)
        MARKER.write_text(json.dumps(t.marker()))
        code = run_mutmut(t, names, children)
        if code != 0:
            raise SystemExit(f"mutation.py: mutmut failed on {t.source} (exit code {code})")
    seconds = time.monotonic() - start
    codes = results(t)
    report(t, codes, seconds)
    return codes, seconds


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
    cli.main(["run", "--max-children", children, *names], prog_name="mutmut")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--mutmut"]:
        mutmut_main(argv[1:])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="+", help="docker, docker/_json, chance...")
    parser.add_argument("--tests", help="comma-separated words: the test files naming one")
    parser.add_argument("--again", action="store_true", help="re-test the last survivors")
    parser.add_argument("--max-children", type=int, default=1, metavar="N")
    parser.add_argument("--fail-under", type=float, metavar="PERCENT")
    args = parser.parse_args(argv)
    words = args.tests.split(",") if args.tests else None
    targets = [target(name, words) for name in args.modules]
    if args.again and len(targets) > 1:
        parser.error("--again re-tests one module's survivors: name one module")
    table = [(t, *measure(t, args.again, args.max_children)) for t in targets]
    print("\nmodule                                   killed / total   score    time")
    failed = False
    for t, codes, seconds in table:
        killed = len(codes) - len(survivors(codes))
        score = 100.0 * killed / len(codes) if codes else 0.0
        print(f"{t.source!s:40} {killed:6} / {len(codes):<6} {score:5.1f}%  {seconds:5.0f} s")
        failed |= args.fail_under is not None and score < args.fail_under
    return 1 if failed else 0


if __name__ == "__main__":
    import os

    os.chdir(ROOT)
    sys.exit(main())
