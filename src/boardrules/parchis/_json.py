"""Parchís states as JSON: the game's part of a :func:`boardrules.to_json` document.

Squares are named as printed (``"12"``; lane squares with their colour, ``"yellow L3"``),
pieces by colour, in order of arrival on shared squares; :func:`decode` rebuilds the state
through the same checks as :func:`~boardrules.parchis.position`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardrules.errors import InvalidOptionError, StateFormatError
from boardrules.parchis._board import BOARD, GOAL, NEST, cell_name
from boardrules.parchis._setup import PHASES, _build, _cell_of, _fail, _seat_of, make_options
from boardrules.parchis._state import Options, State

__all__ = ["decode", "encode"]


def encode(state: State) -> dict[str, Any]:
    """The JSON-ready body of ``state`` (see :func:`boardrules.to_json`)."""
    opts = state.options
    names = [BOARD.colours[c] for c in opts.colours]
    squares: dict[str, list[str]] = {}
    for c, code in enumerate(state.board):
        if code:
            seats = [code & 7] if code < 8 else [code & 7, code >> 3]
            squares[cell_name(c)] = [names[s - 1] for s in seats]
    last = state.last
    if last == NEST:
        last_name = None
    elif last == GOAL:
        last_name = "goal"
    else:
        last_name = cell_name(opts.tables.cell[state.turn][last])
    return {
        "squares": squares,
        "goal": {names[s]: state.pos[4 * s : 4 * s + 4].count(GOAL) for s in range(opts.players)},
        "turn": names[state.turn],
        "phase": PHASES[state.phase],
        "roll": state.roll,
        "count": state.count,
        "sixes": state.sixes,
        "last": last_name,
        "finished": [names[s] for s in state.finished],
        "opened": [names[s] for s in range(opts.players) if state.opened >> s & 1],
    }


def _int(body: Mapping[str, Any], key: str) -> int:
    value = body.get(key)
    if type(value) is not int:
        raise _fail(f"field {key!r} must be a whole number")
    return value


def _json_cell(name: object, where: str) -> int:
    """The cell of a square name in a JSON body, where lane squares carry their colour."""
    if not isinstance(name, str) or name.startswith("L"):
        raise _fail(f"{where}: {name!r} is not a square name ('12', 'yellow L3')")
    return _cell_of(name, -1, where)


_KEYS = ("squares", "goal", "turn", "phase", "roll", "count", "sixes", "last", "finished",
         "opened")  # fmt: skip


def _colour_seat(opts: Options, name: object, where: str) -> int:
    """The seat of a colour name; a JSON body names colours, never seat numbers."""
    if not isinstance(name, str):
        raise _fail(f"{where}: {name!r} is not a colour name")
    return _seat_of(opts, name, where)


def decode(options: dict[str, Any], body: dict[str, Any]) -> State:
    """The state of a JSON body written by :func:`encode`, checked in full."""
    try:
        opts = make_options(options)
    except InvalidOptionError as e:
        raise StateFormatError(str(e)) from None
    unknown = sorted(str(key) for key in body if key not in _KEYS)
    if unknown:
        raise _fail(f"unknown field {unknown[0]!r}; a Parchís state has: {', '.join(_KEYS)}")
    squares, goal_map = body.get("squares"), body.get("goal")
    if not isinstance(squares, dict) or not isinstance(goal_map, dict):
        raise _fail("fields 'squares' and 'goal' must be objects")
    cells = _json_squares(opts, squares)
    goal = _json_goal(opts, goal_map)
    turn = _colour_seat(opts, body.get("turn"), "turn")
    phase_name = body.get("phase")
    if phase_name not in PHASES:
        raise _fail(f"phase must be one of {', '.join(PHASES)}")
    last_rel = _json_last(opts, turn, body.get("last"))
    finished, opened = body.get("finished"), body.get("opened")
    if not isinstance(finished, list) or not isinstance(opened, list):
        raise _fail("fields 'finished' and 'opened' must be lists of colours")
    opened_mask = 0
    for who in opened:
        opened_mask |= 1 << _colour_seat(opts, who, "opened")
    return _build(
        opts, sorted(cells), goal, turn, PHASES.index(phase_name), _int(body, "roll"),
        _int(body, "count"), _int(body, "sixes"), last_rel,
        [_colour_seat(opts, who, "finished") for who in finished], opened_mask,
    )  # fmt: skip


def _json_squares(opts: Options, squares: Mapping[Any, Any]) -> list[tuple[int, list[int]]]:
    """Each square of the body's ``squares`` with the seats on it in order of arrival."""
    cells = []
    for name, colours in squares.items():
        if not isinstance(colours, list):
            raise _fail(f"square {name!r} must list colours")
        seats = [_colour_seat(opts, colour, f"square {name}") for colour in colours]
        cells.append((_json_cell(name, "squares"), seats))
    return cells


def _json_goal(opts: Options, goal_map: Mapping[Any, Any]) -> list[int]:
    """Each seat's pieces in the goal (0 for a colour the body leaves out)."""
    goal = [0] * opts.players
    for colour, k in goal_map.items():
        if type(k) is not int:
            raise _fail("goal counts must be whole numbers")
        goal[_colour_seat(opts, colour, "goal")] = k
    return goal


def _json_last(opts: Options, turn: int, last: object) -> int:
    """The relative position of the piece moved last, named as a square (or none, or goal)."""
    if last is None:
        return NEST
    if last == "goal":
        return GOAL
    last_rel = opts.tables.rel[turn][_json_cell(last, "last")]
    if last_rel < 0:
        raise _fail("last must be a square the player in turn can stand on")
    return last_rel
