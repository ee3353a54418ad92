"""The skips of a missing extra: one reason per extra, logged for CI, a failure in CI.

A tiny test module that needs an extra nobody has is run by a pytest of its own (in a
subprocess, so that this run's settings do not leak into it).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # each test runs a pytest of its own

TESTS = Path(__file__).resolve().parent

NEEDS_A_MISSING_EXTRA = """\
import sys
sys.path.insert(0, {tests!r})
from extras import need

need("no_such_module_of_boardrules", "demo")


def test_never_runs():
    raise AssertionError("the module should have been skipped")
"""

NEEDS_IT_IN_ONE_TEST = """\
import sys
sys.path.insert(0, {tests!r})
from extras import need


def test_needs_it():
    need("no_such_module_of_boardrules", "demo")


def test_runs():
    pass
"""


def run(tmp_path: Path, source: str, ci: bool) -> tuple[subprocess.CompletedProcess[str], str]:
    (tmp_path / "test_demo.py").write_text(source.format(tests=str(TESTS)), encoding="utf-8")
    log = tmp_path / "skipped.txt"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BOARDRULES_", "PYTEST_"))}
    env["BOARDRULES_SKIPPED_LOG"] = str(log)
    if ci:
        env["BOARDRULES_CI"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rs", "test_demo.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done, log.read_text(encoding="utf-8") if log.exists() else ""


REASON = "the extra 'demo' is not installed (pip install 'boardrules[demo]')"


@pytest.mark.parametrize("source", [NEEDS_A_MISSING_EXTRA, NEEDS_IT_IN_ONE_TEST])
def test_a_missing_extra_skips_with_its_name_and_is_logged(tmp_path: Path, source: str) -> None:
    done, log = run(tmp_path, source, ci=False)
    whole_module = source is NEEDS_A_MISSING_EXTRA
    assert done.returncode == (5 if whole_module else 0), done.stdout  # 5: no test ran
    skipped = [line for line in done.stdout.splitlines() if line.startswith("SKIPPED")]
    assert len(skipped) == 1 and skipped[0].endswith(REASON), done.stdout
    # What was left out: the module's file (absolute here, as it lies outside the checkout) or
    # the one test's id.
    expected = str(tmp_path / "test_demo.py") if whole_module else "test_demo.py::test_needs_it"
    assert log.split() == [expected]


@pytest.mark.parametrize("source", [NEEDS_A_MISSING_EXTRA, NEEDS_IT_IN_ONE_TEST])
def test_in_ci_a_missing_extra_is_a_failure(tmp_path: Path, source: str) -> None:
    done, _ = run(tmp_path, source, ci=True)
    # 2: an error while collecting the module; 1: a failed test.
    assert done.returncode == (2 if source is NEEDS_A_MISSING_EXTRA else 1), done.stdout
    assert "in CI everything is installed, but " + REASON in done.stdout


def test_no_test_skips_for_a_missing_package_but_through_need() -> None:
    # pytest.importorskip would skip silently in CI, and .ci/run would not run it again.
    offenders = [
        path.name
        for path in TESTS.rglob("*.py")
        if path.name != "test_extras_skips.py"
        and "importorskip(" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []
