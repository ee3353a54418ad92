"""Doctests of ``src/boardrules`` (``--doctest-modules``): run as a reader would run them.

Each docstring's examples run in an empty namespace, not in their module's: an example that
uses a name of its module without importing it would fail for a reader who pastes it, and in
the Sphinx doctest build, which runs the docstrings the docs pages show.

``--doctest-modules`` imports every module under ``src/boardrules``; a module of an extra
(``boardrules.rl``, ``boardrules.openspiel``...) raises :class:`MissingExtraError` when its
extra is not installed.  Such a module's doctests are skipped with the same one-line reason as
the tests of that extra (``tests/extras.py``), and fail in CI where every extra is installed.
Any other import error still fails the collection.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Generator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
SOURCE = ROOT / "src"
sys.path.insert(0, str(ROOT / "tests"))

from boardrules._extras import MissingExtraError  # noqa: E402
from extras import extra_reason, skip_missing  # noqa: E402


class ExtraMissing(pytest.File):
    """A source module whose extra is missing: collecting it skips it (fails in CI)."""

    extra: str

    def collect(self) -> list[pytest.Item]:
        skip_missing(extra_reason(self.extra), str(self.path.relative_to(ROOT)))


def _module_name(path: Path) -> str | None:
    if path.suffix != ".py" or not path.is_relative_to(SOURCE):
        return None
    parts = list(path.relative_to(SOURCE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if isinstance(item, pytest.DoctestItem) and item.dtest is not None:
            item.dtest.globs.clear()  # pytest adds getfixture and doctest_namespace back


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(
    file_path: Path, parent: pytest.Collector
) -> Generator[None, list[pytest.Collector], list[pytest.Collector]]:
    collectors = yield
    name = _module_name(file_path)
    if name is None or not collectors:
        return collectors
    try:
        importlib.import_module(name)
    except MissingExtraError as e:
        missing = ExtraMissing.from_parent(parent, path=file_path)
        missing.extra = e.extra
        return [missing]
    return collectors
