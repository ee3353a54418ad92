"""Old home of the position set-up, kept so older imports work: see :mod:`._setup`."""

from boardrules.dorada._setup import build_state, new_game, position

__all__ = ["build_state", "new_game", "position"]
