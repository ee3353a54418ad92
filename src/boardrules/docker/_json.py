"""Docker states as JSON: the body written by :func:`encode` and checked by :func:`decode`.

The keys are a file format and keep their names (``to_move`` is the state's ``turn``).
"""

from __future__ import annotations

from typing import Any

from boardrules.docker._board import PITCH
from boardrules.docker._setup import build, rules_of
from boardrules.docker._state import State
from boardrules.errors import StateFormatError

__all__ = ["decode", "encode"]


def encode(state: State) -> dict[str, Any]:
    """The JSON-ready body of ``state``: towers by square name, bottom to top."""
    return {
        "towers": {PITCH.name_of(i): list(t) for i, t in enumerate(state.towers)},
        "to_move": state.turn,
        "roll": state.roll,
        "eliminated": list(state.eliminated),
    }


_FIELDS = ("towers", "to_move", "roll", "eliminated")


def decode(options: dict[str, Any], body: dict[str, Any]) -> State:
    """The state that ``encode`` wrote, every field checked."""
    rules = rules_of(options)
    if not isinstance(body, dict) or set(body) != set(_FIELDS):
        raise StateFormatError(f"state: exactly the fields {', '.join(_FIELDS)}")
    towers = body["towers"]
    if not isinstance(towers, dict) or set(towers) != set(PITCH.names):
        raise StateFormatError(f"towers: an object with every square {', '.join(PITCH.names)}")
    board: list[tuple[int, ...]] = []
    for name in PITCH.names:
        pieces = towers[name]
        if not isinstance(pieces, list):
            raise StateFormatError(f"towers: {name} holds a list of owners, bottom to top")
        board.append(tuple(pieces))
    return build(rules, board, body["to_move"], body["roll"], body["eliminated"])
