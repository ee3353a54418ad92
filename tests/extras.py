"""Tests of optional extras: skip with a visible reason when the extra is missing, except in
CI (``BOARDRULES_CI=1``, set by ``.ci/run``), where a missing extra is a failure.

    np = need("numpy", "rl")   # at the top of a test module
"""

from __future__ import annotations

import importlib
import os
import shutil
from types import ModuleType

import pytest

__all__ = ["IN_CI", "need", "need_program"]

IN_CI = os.environ.get("BOARDRULES_CI") == "1"


def need(module: str, extra: str) -> ModuleType:
    """Import ``module`` or skip the whole test module (fail in CI) naming the extra."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        reason = f"{module} is not installed (pip install 'boardrules[{extra}]'): {e}"
        if IN_CI:
            pytest.fail(f"in CI every extra is installed, but {reason}", pytrace=False)
        pytest.skip(reason, allow_module_level=True)


def need_program(name: str, how: str) -> str:
    """The path of the program ``name`` or skip (fail in CI), saying how to install it."""
    path = shutil.which(name)
    if path is None:
        reason = f"the program {name!r} is not installed ({how})"
        if IN_CI:
            pytest.fail(f"in CI it should be: {reason}", pytrace=False)
        pytest.skip(reason, allow_module_level=True)
    return path
