"""Old home of the options, kept so older imports work: see :mod:`._setup`."""

from boardrules.dorada._setup import OPTIONS, make_options, options_of

__all__ = ["OPTIONS", "make_options", "options_of"]
