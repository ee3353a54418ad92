"""Deprecated: the old home of the position set-up, now in ``_setup``; use the names of
:mod:`boardrules.dorada`.  Each name still works here, with a :class:`DeprecationWarning`,
until a later release removes this module."""

from boardrules.dorada import _moved, _setup

__getattr__ = _moved(__name__, _setup, ("build_state", "new_game", "position"))
