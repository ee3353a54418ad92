"""boardrules in a web page: the games played in a browser, with the library itself running
there through Pyodide (CPython compiled to WebAssembly), with no server behind it and no
network once the page is loaded.

:func:`build_site` writes the static site (the page, the wheels of boardrules and attrs, and
the Pyodide runtime from the npm package ``pyodide``, version :data:`PYODIDE_VERSION`);
:func:`make_server` serves it on 127.0.0.1.  The command line offers both as ``boardrules
web build DIR`` and ``boardrules web serve DIR``.  Importing :mod:`boardrules` does not
import this module.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardrules.web._build import PYODIDE_VERSION, SiteError, build_site
    from boardrules.web._serve import MIME_TYPES, make_server

__all__ = ["MIME_TYPES", "PYODIDE_VERSION", "SiteError", "build_site", "make_server"]

# Where each name lives: imported when first used, so that the page's worker, which imports
# the page's module of this package, compiles none of the building and serving.
_HOMES = {
    "PYODIDE_VERSION": "_build",
    "SiteError": "_build",
    "build_site": "_build",
    "MIME_TYPES": "_serve",
    "make_server": "_serve",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'boardrules.web' has no attribute {name!r}")
    return getattr(importlib.import_module(f"boardrules.web.{home}"), name)
