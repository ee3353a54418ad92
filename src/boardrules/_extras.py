"""Optional extras: import a third-party package only when a feature needs it.

``import boardrules`` imports nothing but attrs; a feature that needs numpy, gymnasium,
PettingZoo, OpenSpiel, Ray or cairosvg asks for it here and gets a clear message naming the
extra to install when it is missing.
"""

from __future__ import annotations

import importlib
from types import ModuleType

__all__ = ["MissingExtraError", "require"]


class MissingExtraError(ImportError):
    """An optional dependency is not installed; the message names the extra to install.

    ``extra`` is the extra's name (``"rl"``, ``"pictures"``...), for tools that act on it.
    """

    def __init__(self, message: str, extra: str = "") -> None:
        super().__init__(message)
        self.extra = extra


def require(module: str, extra: str, feature: str) -> ModuleType:
    """Import ``module`` for ``feature``, or raise :class:`MissingExtraError` naming
    ``pip install 'boardrules[extra]'``.

    >>> from boardrules._extras import MissingExtraError, require
    >>> require("json", "none", "reading JSON").__name__
    'json'
    >>> try:
    ...     require("no_such_module_here", "pictures", "PNG output")
    ... except MissingExtraError as e:
    ...     print(e)
    PNG output needs no_such_module_here, which is not installed: pip install 'boardrules[pictures]'
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingExtraError(
            f"{feature} needs {module.split('.')[0]}, which is not installed: "
            f"pip install 'boardrules[{extra}]'",
            extra,
        ) from None
