"""Type-check the user-style files ``tests/typing/user_*.py`` and the core API's examples with
mypy and pyright, both strict, and compare the lines with errors with the lines marked
``# expect-error``.

    python tests/typing/check.py

Each file uses ``typing.assert_type`` for the types it relies on (a wrong type is an error
on an unmarked line) and marks each deliberate mistake with ``# expect-error`` (both
checkers must report it) or ``# expect-error: mypy`` / ``# expect-error: pyright`` (only
that one).  A missing error or an extra one fails the run (exit 1).  mypy runs with
``--enable-error-code deprecated``: a misspelt option of ``new_game`` is reported as a
call of a deprecated overload.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CHECKERS = ("mypy", "pyright")
_MARK = re.compile(r"#\s*expect-error(?::\s*(?P<only>[\w, ]+))?\s*$")

Errors = set[tuple[str, int]]

# The examples of the core API are a user's code too: they must check without a single error.
# (The examples of the optional extras call libraries without type information.)
EXAMPLES = ("bot_tutorial.py", "random_bot.py")


def expected(files: list[Path]) -> dict[str, Errors]:
    """The marked lines of ``files``, by checker."""
    out: dict[str, Errors] = {checker: set() for checker in CHECKERS}
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            mark = _MARK.search(line)
            if mark is None:
                continue
            only = mark.group("only")
            for checker in CHECKERS if only is None else re.split(r"[, ]+", only.strip()):
                out[checker].add((path.name, number))
    return out


def mypy_errors(files: list[Path]) -> Errors:
    """The lines where ``mypy --strict`` reports an error."""
    env = {**os.environ, "MYPYPATH": str(ROOT / "src")}
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--python-version", "3.11",
         "--enable-error-code", "deprecated", "--no-incremental", "--hide-error-context",
         "--no-error-summary", "--show-column-numbers", *map(str, files)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    found: Errors = set()
    for line in run.stdout.splitlines():
        m = re.match(r"(?P<file>[^:]+):(?P<line>\d+):(?:\d+:)? error:", line)
        if m:
            found.add((Path(m.group("file")).name, int(m.group("line"))))
        elif ": error:" in line or run.returncode not in (0, 1):
            raise SystemExit(f"mypy failed to run:\n{run.stdout}{run.stderr}")
    print(run.stdout, end="")
    return found


def pyright_errors(files: list[Path]) -> Errors:
    """The lines where ``pyright`` in strict mode (``pyrightconfig.json``) reports an error."""
    run = subprocess.run(
        ["pyright", "--outputjson", "-p", str(HERE / "pyrightconfig.json"), *map(str, files)],
        cwd=HERE, capture_output=True, text=True, check=False,
    )  # fmt: skip
    try:
        report = json.loads(run.stdout)
    except ValueError:
        raise SystemExit(f"pyright failed to run:\n{run.stdout}{run.stderr}") from None
    found: Errors = set()
    for diagnostic in report["generalDiagnostics"]:
        if diagnostic["severity"] != "error":
            continue
        line = diagnostic["range"]["start"]["line"] + 1
        name = Path(diagnostic["file"]).name
        print(f"{name}:{line}: {diagnostic['message'].splitlines()[0]}")
        found.add((name, line))
    return found


def main() -> int:
    files = sorted(HERE.glob("user_*.py")) + [ROOT / "examples" / name for name in EXAMPLES]
    if not files:
        print("no user_*.py files to check", file=sys.stderr)
        return 1
    want = expected(files)
    got = {"mypy": mypy_errors(files), "pyright": pyright_errors(files)}
    failed = False
    for checker in CHECKERS:
        for name, line in sorted(want[checker] - got[checker]):
            print(f"MISSING {checker} error at {name}:{line}")
            failed = True
        for name, line in sorted(got[checker] - want[checker]):
            print(f"UNEXPECTED {checker} error at {name}:{line}")
            failed = True
    count = sum(len(w) for w in want.values())
    print(f"{'FAILED' if failed else 'OK'}: {len(files)} files, {count} expected errors")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
