"""Parchís as text: the board picture and the move notation."""

from __future__ import annotations

import re

from boardrules._values import safe_repr
from boardrules.errors import IllegalMoveError, MoveSyntaxError
from boardrules.parchis._board import BOARD, GOAL, LANE_FIRST, NEST, lane_cell
from boardrules.parchis._rules import _why_illegal, legal_moves
from boardrules.parchis._state import (
    OUTS,
    PASSES,
    PHASE_BONUS,
    PHASE_MOVE,
    PHASE_OVER,
    ROLLS,
    STEPS,
    Move,
    State,
)

__all__ = ["parse_move", "pieces", "player_name", "render"]

_NOTATION = re.compile(
    r"roll [1-6]|out|pass|(?:[1-9]|[1-5][0-9]|6[0-8]|L[1-7])\+(?:[1-9]|1[0-9]|20)"
)


def parse_move(state: State, text: str) -> Move:
    """The legal move written ``text`` (see :class:`Move` for the notation).

    >>> from boardrules.parchis import parse_move
    >>> from boardrules.parchis import new_game
    >>> parse_move(new_game(), "roll 5")
    <parchis.Move roll 5>
    """
    if not isinstance(text, str) or not _NOTATION.fullmatch(text.strip()):
        raise MoveSyntaxError(
            f"{safe_repr(text)} is not Parchís notation: 'roll N', 'out', 'pass', or SQUARE+N "
            "with SQUARE a track square 1-68 or L1-L7 in the player's lane"
        )
    text = text.strip()
    moves = legal_moves(state)
    for move in moves:
        if str(move) == text:
            return move
    raise IllegalMoveError(f"{text} is not legal now: {_why_not(state, text)}")


def _why_not(state: State, text: str) -> str:
    """The rule that forbids the well-formed move ``text``, read as a move of the player in
    turn (the notation names squares, so it means a move only for a given colour)."""
    if state.phase == PHASE_OVER:
        return _why_illegal(state, ROLLS[0])
    colour = state.options.colours[state.turn]
    if text.startswith("roll"):
        return _why_illegal(state, ROLLS[int(text[5:]) - 1])
    if text == "out":
        return _why_illegal(state, OUTS[colour])
    if text == "pass":
        return _why_illegal(state, PASSES[colour])
    where, steps = text.split("+")
    if where.startswith("L"):
        src = LANE_FIRST + int(where[1:]) - 1
    else:
        src = (int(where) - BOARD.exits[colour]) % BOARD.squares
        if src >= LANE_FIRST:
            legal = ", ".join(str(m) for m in legal_moves(state))
            return (
                f"square {where} is not on {state.colour}'s way from its exit to its lane "
                f"(Parchís §1.2); legal moves: {legal}"
            )
    return _why_illegal(state, STEPS[colour][src][int(steps)])


_LETTER = {name: name[0].upper() for name in BOARD.colours}
_ORDINALS = ("1st", "2nd", "3rd", "4th")


def pieces(state: State) -> dict[str, list[int | str]]:
    """Where each colour's pieces stand, as :func:`~boardrules.parchis.position` takes them:
    ``"nest"``, track squares 1-68, ``"L1"``-``"L7"`` in the colour's lane, ``"goal"``.

    >>> from boardrules.parchis import pieces
    >>> from boardrules.parchis import position
    >>> pieces(position({"yellow": [12, "L3", "goal"]}, players=2))
    {'yellow': ['nest', 12, 'L3', 'goal'], 'red': ['nest', 'nest', 'nest', 'nest']}
    """
    opts = state.options
    out: dict[str, list[int | str]] = {}
    for seat, c in enumerate(opts.colours):
        places: list[int | str] = []
        for r in state.pos[4 * seat : 4 * seat + 4]:
            if r == NEST:
                places.append("nest")
            elif r == GOAL:
                places.append("goal")
            elif r >= LANE_FIRST:
                places.append(f"L{r - LANE_FIRST + 1}")
            else:
                places.append(opts.tables.cell[seat][r] + 1)
        out[BOARD.colours[c]] = places
    return out


def player_name(state: State, seat: int) -> str:
    """The name of ``seat``: its colour, whose initial marks its pieces.

    >>> from boardrules.parchis import new_game, player_name
    >>> player_name(new_game(players=2, colours=["blue", "green"]), 0)
    'blue'
    """
    return BOARD.colours[state.options.colours[seat]]


def render(state: State) -> str:
    """The board as text: the track in four rows of 17 squares (``*`` marks a safe square,
    letters the pieces in order of arrival), then each colour's nest, lane and goal.

    >>> from boardrules.parchis import render
    >>> from boardrules.parchis import position
    >>> print(render(position({"yellow": [5, 12, "L2"], "red": [12]}, players=2)))
    ... # doctest: +ELLIPSIS
    Parchís, 2 players: yellow to roll
    ...
      5*Y   6 .   7 .   8 .   9 .  10 .  11 .  12*YR 13 .  14 .  ...
    ...
    yellow  nest 1  lane . Y . . . . .  goal 0
    red     nest 3  lane . . . . . . .  goal 0
    """
    opts = state.options
    names = [BOARD.colours[c] for c in opts.colours]
    lines = [f"Parchís, {opts.players} players: {_status(state)}"]
    board = state.board
    for row in range(4):
        cells = []
        for sq in range(row * 17 + 1, row * 17 + 18):
            code = board[sq - 1]
            seats = (code & 7, code >> 3) if code >= 8 else (code,)
            who = "".join(_LETTER[names[s - 1]] for s in seats if s)
            mark = "*" if sq in BOARD.safe_squares else " "
            cells.append(f"{sq:3d}{mark}{who or '.':<2}")
        lines.append("".join(cells).rstrip())
    for seat, name in enumerate(names):
        mine = state.pos[4 * seat : 4 * seat + 4]
        lane = []
        for step in range(1, BOARD.lane_length + 1):
            code = board[lane_cell(opts.colours[seat], step)]
            lane.append(_LETTER[name] * (1 if code < 8 else 2) if code else ".")
        lines.append(
            f"{name:<7} nest {mine.count(NEST)}  lane {' '.join(lane)}  goal {mine.count(GOAL)}"
        )
    return "\n".join(lines)


def _status(state: State) -> str:
    names = [BOARD.colours[c] for c in state.options.colours]
    if state.phase == PHASE_OVER:
        return "game over: " + ", ".join(
            f"{_ORDINALS[i]} {names[s]}" for i, s in enumerate(state.finished)
        )
    who = names[state.turn]
    sixes = f" ({state.sixes} six{'es' if state.sixes > 1 else ''} in a row)" if state.sixes else ""
    if state.phase == PHASE_MOVE:
        return f"{who} rolled {state.roll}, moves {state.count}{sixes}"
    if state.phase == PHASE_BONUS:
        return f"{who} counts {state.count}{sixes}"
    return f"{who} to roll{sixes}"
