"""Dorada states as JSON: the body written by :func:`encode` and checked by :func:`decode`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardrules.dorada._setup import build_state, make_options
from boardrules.dorada._state import NO_BRIDGE, State
from boardrules.errors import InvalidOptionError, StateFormatError
from boardrules.game import TERMINAL

__all__ = ["decode", "encode"]

_PARTS = ("start", "track", "bridges", "dorada", "to_move", "die")


def encode(state: State) -> dict[str, Any]:
    """The JSON-ready body of ``state``: stacks and bridges keyed by field number.

    >>> from boardrules.dorada import encode
    >>> from boardrules.dorada import position
    >>> body = encode(position(players=2, track={7: [1, 0]}, bridges={9: 0}, turn=1))
    >>> body["start"], body["track"], body["bridges"], body["to_move"], body["die"]
    ([2, 3], {'7': [1, 0]}, {'9': 0}, 1, None)
    """
    return {
        "start": list(state.start),
        "track": {str(f): list(stack) for f, stack in enumerate(state.track) if stack},
        "bridges": {str(f): p for f, p in enumerate(state.bridges) if p != NO_BRIDGE},
        "dorada": list(state.dorada),
        "to_move": None if state.turn == TERMINAL else state.turn,
        "die": state.roll or None,
    }


def decode(options: dict[str, Any], body: dict[str, Any]) -> State:
    """The state of a JSON document's ``options`` and body, checked as strictly as
    :func:`~boardrules.dorada.position`; anything impossible raises
    :class:`~boardrules.StateFormatError` naming the broken field."""
    if not isinstance(options, Mapping):
        raise StateFormatError("options: expected a JSON object")
    try:
        opts = make_options(options)
    except InvalidOptionError as e:
        raise StateFormatError(f"options: {e}") from None
    if not isinstance(body, Mapping):
        raise StateFormatError("state: expected a JSON object")
    for key in body:
        if key not in _PARTS:
            raise StateFormatError(f"{key}: unknown; a Dorada state has {', '.join(_PARTS)}")
    for key in _PARTS:
        if key not in body:
            raise StateFormatError(f"{key}: missing")
    to_move = body["to_move"]
    state = build_state(
        opts, body["start"], body["track"], body["bridges"], body["dorada"], to_move, body["die"]
    )
    if to_move is None and state.turn != TERMINAL:
        raise StateFormatError("to_move: null only when the game is over")
    return state
