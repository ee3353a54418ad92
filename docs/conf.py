"""Sphinx configuration of the boardrules documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html``; run the examples
with ``sphinx-build -W -b doctest docs docs/_build/doctest``.  The package is imported from
``../src``, so the docs build without installing boardrules.
"""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import boardrules  # noqa: E402

project = "boardrules"
author = "The boardrules developers"
copyright = "2026, The boardrules developers"  # noqa: A001
version = release = boardrules.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx_autodoc_typehints",
]

exclude_patterns = ["_build"]
nitpicky = False

# autodoc: document members in source order, with type hints in the descriptions.
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True}
autodoc_typehints = "description"
typehints_fully_qualified = False
always_document_param_types = False

# The docstrings' examples run under the doctest builder (the autodoc directives bring them
# in); the same flags as pytest's --doctest-modules in pyproject.toml.
doctest_default_flags = (
    doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE | doctest.DONT_ACCEPT_TRUE_FOR_1
)
doctest_test_doctest_blocks = "default"

html_theme = "furo"
html_title = f"boardrules {release}"

# The index lists game pages and guides by glob (docs/games/*, docs/guides/*), so pages land
# without editing it.  Sphinx warns about a glob that matches nothing, which -W makes an
# error; until the first page of a folder lands, its glob line is left out of the index.
_DOCS = Path(__file__).resolve().parent


def _drop_empty_globs(app: Any, docname: str, source: list[str]) -> None:
    if docname != "index":
        return
    kept = []
    for line in source[0].splitlines(keepends=True):
        folder = line.strip()
        if folder.endswith("/*") and not any((_DOCS / folder[:-2]).glob("*.rst")):
            continue
        kept.append(line)
    source[0] = "".join(kept)


def setup(app: Any) -> None:
    app.connect("source-read", _drop_empty_globs)
