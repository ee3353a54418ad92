"""Old home of the move notation, kept so older imports work: see :mod:`._text`."""

from boardrules.dorada._text import parse_move

__all__ = ["parse_move"]
