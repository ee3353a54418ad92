"""Dorada's options: players, first player, board and tie-break."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardrules.dorada._board import CLASSIC_40, board_option, board_to_option
from boardrules.dorada._state import TIE_BREAKS, DoradaOptions, DoradaState
from boardrules.errors import InvalidOptionError
from boardrules.game import Option, resolve_options, whole_number

__all__ = ["OPTIONS", "make_options", "options_of"]


_players = whole_number(2, 4, "Dorada is played by 2, 3 or 4 players")
_first_player = whole_number(0, 3, "the first player is a seat number 0..players-1")


def _tie_break(value: Any) -> str:
    if value not in TIE_BREAKS:
        raise ValueError(f"allowed: {', '.join(map(repr, TIE_BREAKS))}")
    return str(value)


#: The options of Dorada.
OPTIONS: tuple[Option, ...] = (
    Option("players", 4, "number of players, 2 to 4", _players),
    Option(
        "first_player", 0,
        "the seat that begins (the rulebook: the youngest player); play goes clockwise, "
        "in increasing seat order", _first_player,
    ),
    Option(
        "board", CLASSIC_40.name,
        "a built-in board's name ('classic-40') or a board as data (see board_from_spec)",
        board_option,
    ),
    Option(
        "tie_break", "share",
        "'share': equal totals share the win; 'highest-piece': the owner of the highest "
        "piece in DORADA among them wins", _tie_break,
    ),
)


def make_options(given: Mapping[str, Any]) -> DoradaOptions:
    """Check the options of a new game; a bad one raises :class:`~boardrules.InvalidOptionError`."""
    values = resolve_options("dorada", OPTIONS, given)
    if values["first_player"] >= values["players"]:
        raise InvalidOptionError(
            f"dorada option first_player={values['first_player']!r}: the first player is a "
            f"seat number 0..{values['players'] - 1}"
        )
    return DoradaOptions(**values)


def options_of(state: DoradaState) -> dict[str, Any]:
    """The options of ``state``'s game as JSON-ready values that ``new_game`` accepts again
    (a built-in board by its name, a user board as its data)."""
    options = state.options
    return {
        "players": options.players,
        "first_player": options.first_player,
        "board": board_to_option(options.board),
        "tie_break": options.tie_break,
    }
