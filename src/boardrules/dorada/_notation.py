"""Deprecated: the old home of the move notation, now in ``_text``; use the names of
:mod:`boardrules.dorada`.  Each name still works here, with a :class:`DeprecationWarning`,
until a later release removes this module."""

from boardrules.dorada import _moved, _text

__getattr__ = _moved(__name__, _text, ("parse_move",))
