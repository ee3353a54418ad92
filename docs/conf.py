"""Sphinx configuration of the boardrules documentation.

Build with ``sphinx-build -W --keep-going -b html docs docs/_build/html``; run the examples
with ``sphinx-build -W -b doctest docs docs/_build/doctest``.  The package is imported from
``../src``, so the docs build without installing boardrules.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import os
import re
import sys
import warnings
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from sphinx.util import logging

import boardrules

logger = logging.getLogger(__name__)

# sphinx-autodoc-typehints calls an API that Sphinx 9 deprecates; that is no problem of ours.
warnings.filterwarnings("ignore", message=r".*set_application' is deprecated")

project = "boardrules"
author = "The boardrules developers"
copyright = "2026, The boardrules developers"
version = release = boardrules.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "sphinx_autodoc_typehints",
]

exclude_patterns = ["_build"]
# Every cross-reference must resolve, so a renamed function or class breaks the build.  The
# standard library's names are left out: the build runs offline, without intersphinx
# inventories to resolve them against.  So are the type variables of generic classes.
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(typing|collections\.abc|fractions|random|types|enum|pathlib|io|os)\..*"),
    (r"py:.*", r"http\.server\..*"),
    (r"py:.*", r"Ellipsis|None|int|str|float|bool|bytes|object|type|tuple|list|dict|Fraction"),
    # A name imported only for type checking cannot be resolved by the type-hints extension.
    (r"py:class", r"Task"),
    (r"py:class", r"boardrules\.testing\.AnyState"),  # a TypeVar
    (r"py:class", r"boardrules\.[\w.]*\._?[A-Z]_?(co|contra)?"),
    # The optional extras' own names (no inventories offline either).
    (r"py:.*", r"(numpy|np|npt|gymnasium|pettingzoo|pyspiel|open_spiel)(\..*)?"),
    # boardrules.batch's array types (numpy arrays), unresolved while numpy is mocked.
    (r"py:class", r"Ints|Bools|Dice|Words|Codes|Actions|StateT"),
    # Internal names are documented with :no-index: (on the contributors' page only), so a
    # type hint or a docstring naming one shows it as plain text, without a link.
    (r"py:.*", r"boardrules(\.\w+)*\._[A-Za-z]\w*(\.\w+)*"),
    (r"py:.*", r"_\w+|Work|front|freeze"),
]
suppress_warnings = ["sphinx_autodoc_typehints.forward_reference"]

# The optional extras' packages: with only ``.[docs]`` installed, autodoc mocks the missing
# ones, so that the API pages of boardrules.rl and boardrules.openspiel build all the same.
# Installed ones are imported for real (the doctest build runs their examples).
_EXTRA_MODULES = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "ray", "cairosvg")
autodoc_mock_imports = [m for m in _EXTRA_MODULES if importlib.util.find_spec(m) is None]

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
# docs/_static/boardrules.css: the clause tables of the game pages keep their column widths
# and wrap long test names instead of cutting them off.
html_static_path = ["_static"]
html_css_files = ["boardrules.css"]

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


# Every public name (``__all__``) of these modules must be documented somewhere, under its
# own name or under the module that defines it; a missing one is a warning, so -W fails.
_DOCUMENTED_MODULES = (
    "boardrules",
    "boardrules.game",
    "boardrules.chance",
    "boardrules.testing",
    "boardrules.errors",
    "boardrules.parchis",
    "boardrules.dorada",
    "boardrules.docker",
    "boardrules.records",
    "boardrules.dorasure",
    "boardrules.bots",
    "boardrules.analysis",
    "boardrules.simulate",
    "boardrules.pictures",
    "boardrules.rl",
    "boardrules.openspiel",
    "boardrules.batch",
    "boardrules.batch.vector",
)


def _check_all_documented(app: Any, env: Any) -> None:
    from sphinx.ext.autodoc.mock import mock

    documented = env.get_domain("py").objects
    for modname in _DOCUMENTED_MODULES:
        with mock(app.config.autodoc_mock_imports):  # as autodoc imported it
            module = importlib.import_module(modname)
        for name in module.__all__:
            obj = getattr(module, name)
            home = f"{getattr(obj, '__module__', '')}.{getattr(obj, '__qualname__', '')}"
            if f"{modname}.{name}" not in documented and home not in documented:
                logger.warning("%s.%s is public but not documented", modname, name)


# The game pages name the tests that check each rule (``test_...``); a renamed or removed
# test must not leave the page pointing at nothing.
_TEST_NAME = re.compile(r"``(test_\w+)``")


def _check_test_names(app: Any, env: Any) -> None:
    tests = _DOCS.parent / "tests"
    if not tests.is_dir():  # documentation built outside a checkout
        return
    defined = {
        m.group(1)
        for path in tests.rglob("test_*.py")
        for m in re.finditer(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    }
    for page in sorted(_DOCS.rglob("*.rst")):
        if "_build" in page.parts:
            continue
        for name in sorted(set(_TEST_NAME.findall(page.read_text(encoding="utf-8")))):
            if name not in defined:
                location = str(page.relative_to(_DOCS))
                logger.warning("%s names %s, which no test defines", location, name)


# The user pages (all but the contributors' page) name no private module, no private member
# and no path of the test suite: internals are for contributors, and a user cannot import
# them or find the tests in an installed package.  Checked on every page's resolved doctree,
# in its text and its links; the ``[source]`` links of viewcode are left alone (they show the
# code of public names, wherever it lives).  A private module or object entered in the
# indexes (py-modindex, genindex) is refused on every page, the contributors' page included:
# it documents internals with ``:no-index:``.
_CONTRIBUTORS_PAGES = ("contributing", "changelog")  # the changelog is CHANGELOG.md as it is
_PRIVATE_NAME = re.compile(
    r"\bboardrules(?:\.\w+)*\._\w+"  # boardrules.parchis._rules, boardrules.x.Y._z
    r"|(?<![\w.])_[a-z]\w*\.[A-Za-z_]\w*"  # a private module's member: _data.Tracks
    r"|\b[A-Z]\w*\._[a-z]\w*[a-z0-9]\b"  # a private member of a class: Pitch._search
    r"|(?<![\w./])tests/[\w./]*"  # a path of the test suite: tests/test_x.py
)


def _private(name: str) -> bool:
    return any(part.startswith("_") and not part.endswith("_") for part in name.split("."))


def _check_private_names(app: Any, doctree: Any, docname: str) -> None:
    from docutils import nodes

    if docname in _CONTRIBUTORS_PAGES:
        return
    found: dict[str, int] = {}
    for node in doctree.findall(nodes.Text):
        for m in _PRIVATE_NAME.finditer(node.astext()):
            found[m.group(0)] = found.get(m.group(0), 0) + 1
    for node in doctree.findall(nodes.reference):
        uri = node.get("refuri", "") or ""
        if "_modules/" in uri:  # viewcode's [source] links
            continue
        target = uri.rpartition("#")[2] or node.get("refid", "")
        if target.startswith("module-"):
            target = target[len("module-") :]
        if target.startswith("boardrules.") and _private(target):
            found[f"link to {target}"] = found.get(f"link to {target}", 0) + 1
    for name, count in sorted(found.items()):
        times = f" ({count} times)" if count > 1 else ""
        logger.warning("%s is a user page but names %s%s", docname, name, times)


def _check_private_refs(app: Any, doctree: Any) -> None:
    """A role in a user page's own text that names a private target, resolved or not (an
    internal one has no entry to link to, so it would show as plain text unnoticed)."""
    from sphinx import addnodes

    if app.env.docname in _CONTRIBUTORS_PAGES:
        return
    for node in doctree.findall(addnodes.pending_xref):
        target = node.get("reftarget", "")
        if node.get("refdomain") != "py" or not target.startswith("boardrules."):
            continue
        # The type hints of autodoc's entries (inside a desc node) name the classes where
        # they are defined; they link to the public names, checked in _check_private_names.
        parent, source, in_entry = node, None, False
        while parent is not None:
            source = source or parent.source
            in_entry = in_entry or isinstance(parent, addnodes.desc)
            parent = parent.parent
        if _private(target) and not in_entry and (source or "").endswith(".rst"):
            logger.warning(
                "%s is a user page but refers to %s", app.env.docname, target, location=node
            )


def _public_titles(app: Any, doctree: Any, docname: str) -> None:
    """A link to a public name defined in a private module (the type hints' links) shows
    the public name on hover, not the module that defines it."""
    from docutils import nodes

    for node in doctree.findall(nodes.reference):
        title = node.get("reftitle", "")
        anchor = (node.get("refuri", "") or "").rpartition("#")[2] or node.get("refid", "")
        if _private(title) and anchor.startswith("boardrules.") and not _private(anchor):
            node["reftitle"] = anchor


def _check_private_index(app: Any, env: Any) -> None:
    domain = env.get_domain("py")
    for name, entry in sorted(domain.modules.items()):
        if _private(name):
            logger.warning(
                "%s documents the private module %s in the module index", entry.docname, name
            )
    for name, entry in sorted(domain.objects.items()):
        if _private(name) and not entry.aliased:
            logger.warning(
                "%s documents the private %s in the index (use :no-index:)", entry.docname, name
            )


# ``.. public-names:: boardrules.parchis`` on the API page: a table of the module's public
# functions and classes (``__all__``), with their signatures and summaries, linking to their
# entries on the game's page, then its constants and other names (type unions, older
# aliases); read from the module, so a new name lands on the API page by itself.
_PUBLIC_NAMES = re.compile(r"^\.\. public-names:: ([\w.]+)\n", re.M)


def _public_names(app: Any, docname: str, source: list[str]) -> None:
    import inspect

    from sphinx.ext.autodoc.mock import mock

    def table(m: re.Match[str]) -> str:
        modname = m.group(1)
        with mock(app.config.autodoc_mock_imports):
            module = importlib.import_module(modname)
        rows, others = [], []
        for name in module.__all__:
            obj = getattr(module, name)
            own = getattr(obj, "__name__", None) == name
            if own and (inspect.isfunction(obj) or inspect.isclass(obj)):
                rows.append(f"   {name}\n")
            elif inspect.isclass(obj):
                others.append(f":class:`{name}` (another name of :class:`{obj.__name__}`)")
            else:
                others.append(f":data:`{name}`")
        return (
            f".. currentmodule:: {modname}\n\n.. autosummary::\n\n{''.join(rows)}\n"
            f"Constants and other names: {', '.join(others)}.\n"
        )

    source[0] = _PUBLIC_NAMES.sub(table, source[0])


# In the clause tables a long name wraps after an underscore (``test_six_gives_<wbr>another_...``)
# rather than at any letter; docs/_static/boardrules.css still breaks a name with no
# underscore left where the cell ends.
_CLAUSE_TABLE = re.compile(r'<table class="[^"]*\bclause-table\b.*?</table>', re.S)
_PRE = re.compile(r'(<span class="pre">)([^<]*)(</span>)')
_INNER_UNDERSCORE = re.compile(r"(?<=[A-Za-z0-9])_(?=[A-Za-z0-9])")


def _break_after_underscores(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "clause-table" not in text:
            continue
        new = _CLAUSE_TABLE.sub(
            lambda t: _PRE.sub(
                lambda m: m.group(1) + _INNER_UNDERSCORE.sub("_<wbr>", m.group(2)) + m.group(3),
                t.group(0),
            ),
            text,
        )
        if new != text:
            page.write_text(new, encoding="utf-8")


def _build_the_web_page(app: Any, exception: Exception | None) -> None:
    """With ``BOARDRULES_DOCS_WEB`` set (``npm``, or the path of the npm package pyodide's
    tarball or folder), the web page is built into the HTML output as ``web/``, and the
    page "Play in your browser" shows it.  Unset (as in CI), nothing is fetched."""
    runtime = os.environ.get("BOARDRULES_DOCS_WEB")
    if exception is not None or app.builder.format != "html" or not runtime:
        return
    from boardrules.web import build_site

    build_site(Path(app.outdir) / "web", pyodide=None if runtime == "npm" else runtime)


def setup(app: Any) -> None:
    import _pictures  # docs/_pictures.py: the board directive and the example replay page

    _pictures.setup(app)
    app.connect("source-read", _drop_empty_globs)
    app.connect("source-read", _public_names)
    app.connect("env-check-consistency", _check_all_documented)
    app.connect("env-check-consistency", _check_test_names)
    app.connect("env-check-consistency", _check_private_index)
    app.connect("doctree-read", _check_private_refs)
    app.connect("doctree-resolved", _public_titles)
    app.connect("doctree-resolved", _check_private_names)
    app.connect("build-finished", _break_after_underscores)
    app.connect("build-finished", _build_the_web_page)
