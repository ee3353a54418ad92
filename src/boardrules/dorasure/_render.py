"""Old home of the text picture, kept so older imports work: see :mod:`._text`."""

from boardrules.dorasure._text import render

__all__ = ["render"]
