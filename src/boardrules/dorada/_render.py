"""Old home of the text picture, kept so older imports work: see :mod:`._text`."""

from boardrules.dorada._text import LETTERS, draw_board, render

__all__ = ["LETTERS", "draw_board", "render"]
