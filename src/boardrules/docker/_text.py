"""Docker as text: the board picture and the move notation.

Notation: ``roll 4`` (a chance outcome), ``b1-c3`` (the top piece of b1 ends its move on
c3, whatever route it takes), ``in-c3`` (a new piece enters on its player's entry square and
ends on c3).
"""

from __future__ import annotations

import re

from boardrules._values import safe_repr
from boardrules.docker._board import PITCH
from boardrules.docker._rules import is_over, legal_moves, why_illegal
from boardrules.docker._state import COLOURS, ENTRIES, ROLLS, SHIFTS, Move, State
from boardrules.errors import IllegalMoveError, MoveSyntaxError

__all__ = ["COLOURS", "parse_move", "pieces", "player_name", "render"]


def player_name(state: State, seat: int) -> str:
    """The name of ``seat``: the colour of its pieces.

    >>> from boardrules.docker import new_game, player_name
    >>> [player_name(new_game(players=3), seat) for seat in range(3)]
    ['blue', 'orange', 'green']
    """
    return COLOURS[seat]


def pieces(state: State) -> dict[str, list[str]]:
    """Where each colour's pieces are: the square of each piece on the pitch (a square
    twice for two pieces in its tower; the piece moves only while it tops the tower:
    ``state.towers[square][-1]``), then ``"hand"`` for each piece still to enter.

    >>> from boardrules.docker import pieces, position
    >>> pieces(position({"b2": "01", "b1": [0]}, players=2, turn=1))
    {'blue': ['b1', 'b2', 'hand'], 'orange': ['b2', 'hand', 'hand']}
    """
    places: list[list[str]] = [[] for _ in state.reserve]
    for square, tower in enumerate(state.towers):
        for owner in tower:
            places[owner].append(PITCH.name_of(square))
    return {COLOURS[p]: [*places[p], *["hand"] * n] for p, n in enumerate(state.reserve)}


_NOTATION = re.compile(r"roll ([1-6])|([a-c][1-3])-([a-c][1-3])|in-([a-c][1-3])")


def parse_move(state: State, text: str) -> Move:
    """The legal move written ``text`` (``roll 4``, ``b1-c3`` or ``in-c3``).

    >>> from boardrules.docker import parse_move
    >>> from boardrules.docker import new_game
    >>> parse_move(new_game(), "roll 4")
    <docker.Roll roll 4>
    """
    found = _NOTATION.fullmatch(text.strip().lower()) if isinstance(text, str) else None
    if found is None:
        raise MoveSyntaxError(
            f"{safe_repr(text)} is not a Docker move; write 'roll 4', 'b1-c3' (the top piece of b1 "
            "ends on c3) or 'in-c3' (a new piece enters and ends on c3)"
        )
    value, origin, target, entered = found.groups()
    move: Move
    if value is not None:
        move = ROLLS[int(value)]
    elif entered is not None:
        move = ENTRIES[PITCH.square(entered)]
    else:
        move = SHIFTS[PITCH.square(origin)][PITCH.square(target)]
    if move not in legal_moves(state):
        raise IllegalMoveError(f"{text.strip()}: {why_illegal(state, move)}")
    return move


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def status(state: State) -> str:
    """Whose turn it is, or who won, by colour."""
    who = COLOURS[state.turn]
    if is_over(state):
        return f"game over: {who} wins"
    if state.roll:
        return f"{who} rolled {state.roll} and moves"
    return f"{who} to roll"


def render(state: State) -> str:
    """The pitch, north at the top, with each tower as ``height:owners`` (bottom to top, each
    piece by its seat number), then each player (seat number and colour) with its pieces,
    and the status.

    >>> from boardrules.docker import render
    >>> from boardrules.docker import position
    >>> print(render(position({"b2": "01", "b1": [0]}, players=2, turn=1)))
         a     b     c
      3  .     .     .
      2  .     2:01  .
      1  .     1:0   .
    0 blue, south, enters b1: 2 on the pitch, 1 to enter
    1 orange, north, enters b3: 1 on the pitch, 2 to enter
    orange to roll
    """
    rules, size = state.options, PITCH.size
    cells = [f"{len(t)}:{''.join(map(str, t))}" if t else "." for t in state.towers]
    width = max(5, *map(len, cells)) + 1
    lines = ["     " + "".join(PITCH.name_of(x)[0].ljust(width) for x in range(size)).rstrip()]
    for y in reversed(range(size)):
        row = "".join(cells[y * size + x].ljust(width) for x in range(size))
        lines.append(f"  {y + 1}  {row}".rstrip())
    for player, side in enumerate(rules.sides):
        on_pitch = sum(t.count(player) for t in state.towers)
        line = (
            f"{player} {COLOURS[player]}, {side}, enters {PITCH.name_of(rules.entries[player])}: "
            f"{on_pitch} on the pitch, {state.reserve[player]} to enter"
        )
        if player in state.eliminated:
            line += f"; eliminated {_ordinal(state.eliminated.index(player) + 1)}"
        lines.append(line)
    lines.append(status(state))
    return "\n".join(lines)
