"""Dorada as text: the move notation (``roll N``, ``move start``, ``move N``, ``pass``) and a
picture of a position."""

from __future__ import annotations

import re

from boardrules._values import safe_repr
from boardrules.dorada import _rules
from boardrules.dorada._board import Board, Field
from boardrules.dorada._rules import legal_moves, pieces_in_play, scores, winners
from boardrules.dorada._state import (
    ADVANCES,
    COLOURS,
    NO_BRIDGE,
    PASS,
    ROLLS,
    Advance,
    Move,
    Roll,
    State,
)
from boardrules.errors import IllegalMoveError, MoveSyntaxError
from boardrules.game import TERMINAL

__all__ = ["COLOURS", "LETTERS", "draw_board", "parse_move", "pieces", "player_name", "render"]

#: The letter of each player's pieces in texts and pictures: the initial of its colour.
LETTERS = "RBGY"
_COLUMNS = 10
_LEGEND = (
    "fields: . running  * stumble (r/b/g/y: a bridge of that colour)  +n/-n jump  $ gold  "
    "! last jump (to DORADA)\nstacks bottom to top: the last letter is the free piece"
)


def _marker(board: Board, f: int, bridge: int) -> str:
    kind = board.kinds[f]
    if kind is Field.STUMBLE:
        return "*" if bridge == NO_BRIDGE else LETTERS[bridge].lower()
    if kind is Field.JUMP:
        return f"{board.jump_by[f]:+d}"
    return {Field.GOLD: "$", Field.LAST_JUMP: "!"}.get(kind, "")


def _rows(cells: list[str]) -> list[str]:
    return ["".join(cells[i : i + _COLUMNS]).rstrip() for i in range(0, len(cells), _COLUMNS)]


def draw_board(board: Board) -> str:
    """The path of ``board`` as text, ten fields a row.

    >>> from boardrules.dorada import draw_board
    >>> from boardrules.dorada import CLASSIC_40
    >>> print(draw_board(CLASSIC_40).splitlines()[0])
      1 .     2 .     3 .     4 .     5 +3    6 .     7 .     8 .     9 *    10 .
    """
    cells = [f"{f:>3} {_marker(board, f, NO_BRIDGE) or '.':<4}" for f in range(1, board.dorada)]
    return "\n".join([*_rows(cells), f"{board.dorada:>3} DORADA"])


def player_name(state: State, seat: int) -> str:
    """The name of ``seat``: its colour (red, blue, green, yellow), whose initial marks its
    pieces.

    >>> from boardrules.dorada import new_game, player_name
    >>> player_name(new_game(players=2), 1)
    'blue'
    """
    return COLOURS[seat]


def pieces(state: State) -> dict[str, list[int | str]]:
    """Where each colour's pieces are, as :func:`~boardrules.dorada.position` takes them:
    ``"start"``, a field number of the track (the piece is free when it tops its stack:
    ``state.track[field][-1]``), ``"bridge N"`` (lost in the stumble field ``N``) or
    ``"dorada"``.

    >>> from boardrules.dorada import pieces, position
    >>> s = position(players=2, track={16: [0, 1]}, bridges={18: 0}, dorada=[1])
    >>> pieces(s)
    {'red': ['start', 'start', 16, 'bridge 18'], 'blue': ['start', 'start', 16, 'dorada']}
    """
    places: list[list[int | str]] = [["start"] * n for n in state.start]
    for field, stack in enumerate(state.track):
        for owner in stack:
            places[owner].append(field)
    for field, owner in enumerate(state.bridges):
        if owner != NO_BRIDGE:
            places[owner].append(f"bridge {field}")
    for owner in state.dorada:
        places[owner].append("dorada")
    return {COLOURS[p]: places[p] for p in range(state.options.players)}


def render(state: State) -> str:
    """The board with its stacks, the start fields, DORADA, the points and whose turn it is."""
    opts = state.options
    board, n = opts.board, opts.players
    cells = []
    for f in range(1, board.dorada):
        marker = _marker(board, f, state.bridges[f])
        stack = "".join(LETTERS[p] for p in state.track[f])
        text = f"{marker}:{stack}" if marker and stack else (marker or stack or ".")
        cells.append(f"{f:>3} {text:<4}")
    points = scores(state)
    lines = [
        f"Dorada on board {board.name}, {n} players",
        "start: " + "  ".join(f"{COLOURS[p]} {state.start[p]}" for p in range(n)),
        *_rows(cells),
        "DORADA (bottom to top): " + (" ".join(LETTERS[p] for p in state.dorada) or "-"),
        "points: "
        + "  ".join(
            f"{COLOURS[p]} {points[p]}"
            + ("" if points[p] or pieces_in_play(state, p) else " (out)")
            for p in range(n)
        ),
        _LEGEND,
        _status(state, points),
    ]
    return "\n".join(lines)


def _status(state: State, points: tuple[int, ...]) -> str:
    p = state.turn
    if p == TERMINAL:
        won = winners(state)
        if not won:
            return "game over: every piece is lost, nobody wins"
        names = " and ".join(COLOURS[w] for w in won)
        verb = "wins" if len(won) == 1 else "share the win"
        return f"game over: {names} {verb} with {points[won[0]]} points"
    if not state.roll:
        return f"{COLOURS[p]} to roll"
    if legal_moves(state) == (PASS,):
        return f"{COLOURS[p]} rolled {state.roll}; every piece is blocked: pass"
    return f"{COLOURS[p]} rolled {state.roll} and moves a free piece"


_NOTATION = re.compile(r"(pass)|roll ([0-9]{1,3})|move (start|[0-9]{1,3})")


def parse_move(state: State, text: str) -> Move:
    """The legal move written ``text``: ``roll N``, ``move start``, ``move N`` (the free piece
    on field N) or ``pass``.

    >>> from boardrules.dorada import parse_move, position
    >>> s = position(players=2, track={3: [1, 0]}, turn=0, roll=4)
    >>> parse_move(s, "move 3")
    <dorada.Advance move 3>
    >>> parse_move(s, "move 4")
    Traceback (most recent call last):
    ...
    boardrules.errors.IllegalMoveError: red has no piece on field 4 (Dorada §2.1)
    """
    match = _NOTATION.fullmatch(text.strip().lower()) if isinstance(text, str) else None
    if match is None:
        raise MoveSyntaxError(
            f"{safe_repr(text)} is not a Dorada move; write 'roll N', 'move start', "
            "'move N' or 'pass'"
        )
    passing, die, field = match.groups()
    move: Move
    if passing:
        move = PASS
    elif die is not None:
        move = ROLLS[int(die) - 1] if 1 <= int(die) <= 6 else Roll(int(die))
    else:
        f = 0 if field == "start" else int(field)
        move = ADVANCES[f] if f < len(ADVANCES) else Advance(f)
    if move in _rules.legal_moves(state):
        return move
    raise IllegalMoveError(_rules.why_illegal(state, move))
