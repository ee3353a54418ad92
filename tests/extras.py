"""Tests of optional extras: skip with a visible reason when the extra is missing, except in
CI (``BOARDRULES_CI=1``, set by ``.ci/run``), where a missing extra is a failure.

    np = need("numpy", "rl")   # at the top of a test module, or inside a test

Every such skip has one reason per extra, raised from one place, so pytest's summary folds
them into one line per extra (``SKIPPED [12] tests/extras.py:..: the extra 'rl' is not
installed ...``).  When ``BOARDRULES_SKIPPED_LOG`` names a file, each skip also appends what
it skipped (a test file, a source module of the doctests, or one test's id) to it, one per
line: ``.ci/run`` runs the README's test command first without the extras, then exactly the
skipped part again with every extra installed, so nothing is run twice and nothing is lost.
"""

from __future__ import annotations

import importlib
import inspect
import os
import shutil
from pathlib import Path
from types import ModuleType
from typing import NoReturn

import pytest

__all__ = ["IN_CI", "need", "need_program", "skip_missing"]

IN_CI = os.environ.get("BOARDRULES_CI") == "1"
ROOT = Path(__file__).resolve().parent.parent


def skip_missing(reason: str, where: str) -> NoReturn:
    """Skip (fail in CI) because of ``reason``; ``where`` (a path or a test id relative to the
    checkout) is what the skip leaves out, logged for ``.ci/run``."""
    log = os.environ.get("BOARDRULES_SKIPPED_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as f:  # one short line: atomic in append mode
            f.write(where + "\n")
    if IN_CI:
        pytest.fail(f"in CI everything is installed, but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def _where(depth: int = 2) -> str:
    """The running test's id, or else the file of the caller ``depth`` frames up."""
    current = os.environ.get("PYTEST_CURRENT_TEST")
    if current:
        return current.rsplit(" ", 1)[0]
    frame = inspect.stack()[depth]
    path = Path(frame.filename).resolve()
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def extra_reason(extra: str) -> str:
    """The skip reason for a missing extra: the same words for every test that needs it."""
    return f"the extra {extra!r} is not installed (pip install 'boardrules[{extra}]')"


def need(module: str, extra: str) -> ModuleType:
    """Import ``module`` or skip the test or the whole test module (fail in CI) naming the
    extra."""
    try:
        return importlib.import_module(module)
    except ImportError:
        skip_missing(extra_reason(extra), _where())


def need_program(name: str, how: str) -> str:
    """The path of the program ``name`` or skip (fail in CI), saying how to install it."""
    path = shutil.which(name)
    if path is None:
        skip_missing(f"the program {name!r} is not installed ({how})", _where())
    return path
