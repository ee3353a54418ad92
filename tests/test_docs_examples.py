"""Every example in a docstring runs on its own visible imports.

``pytest --doctest-modules`` runs a docstring's examples in its module's namespace, so an
example may use a name of that module without importing it, which fails for a reader who
pastes it (and in the Sphinx doctest build, which runs the docstrings the docs pages show).
Here each docstring's examples run in an empty namespace instead.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import boardrules
from boardrules._extras import MissingExtraError

_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _modules() -> list[ModuleType]:
    found = [boardrules]
    for info in pkgutil.walk_packages(boardrules.__path__, "boardrules."):
        try:
            found.append(importlib.import_module(info.name))
        except (ImportError, MissingExtraError):  # an optional extra that is not installed
            continue
    return found


def _examples() -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests = []
    for module in _modules():
        for test in finder.find(module, module.__name__, globs={}):
            if test.name.startswith(module.__name__) and test.examples:
                tests.append(test)
    return tests


@pytest.mark.parametrize("test", _examples(), ids=lambda t: t.name)
def test_docstring_example_runs_on_its_own_imports(test: doctest.DocTest) -> None:
    test.globs = {}
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=_FLAGS)
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)
