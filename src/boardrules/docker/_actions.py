"""Docker's moves as action numbers, seen from the seat of the player who moves.

The pitch is turned so that the mover's side is south (its entry square is ``b1``): the
square called ``b1`` in an action is the mover's own entry square, whoever moves.  On the
3 × 3 pitch (``Q`` = 9 squares, numbered ``y * 3 + x`` in the turned pitch) the decisions are

* ``origin * Q + target`` (0-80): the top piece on ``origin`` moves and ends on ``target``;
* ``Q * Q + target`` (81-89): a new piece enters and ends on ``target``;

and the chance outcomes are ``value - 1`` for ``roll value`` (0-5).  Turning the pitch keeps
every route and its cost (steps are orthogonal and towers turn with the pitch), so an action
number means the same move in every position seen from the mover's side.

>>> from boardrules.docker import action_to_move, legal_actions
>>> import boardrules as br
>>> s = br.new_game("docker", players=2)
>>> legal_actions(s)
(0, 1, 2, 3, 4, 5)
>>> s = br.apply_move(s, action_to_move(s, 1))  # roll 2
>>> [(a, str(action_to_move(s, a))) for a in legal_actions(s)]
[(81, 'in-a1'), (83, 'in-c1'), (85, 'in-b2')]
"""

from __future__ import annotations

from functools import cache

import attrs

from boardrules._encoding import chance_actions, pick
from boardrules._legal import find_legal
from boardrules.docker._board import FACES, Pitch
from boardrules.docker._rules import legal_moves, why_illegal
from boardrules.docker._state import (
    ENTRIES,
    ROLLS,
    SHIFTS,
    Move,
    Options,
    Roll,
    State,
)
from boardrules.errors import IllegalMoveError

__all__ = [
    "Frame",
    "action_to_move",
    "frame",
    "legal_actions",
    "move_to_action",
    "num_actions",
    "num_chance_outcomes",
    "turned",
]

# The sides in clockwise order seen from above; turning the pitch a quarter turn
# anticlockwise brings each side to the one before it.
_CLOCKWISE = ("south", "west", "north", "east")


def turned(pitch: Pitch, quarters: int) -> tuple[int, ...]:
    """``turned[square]``: where each square goes when the pitch turns ``quarters`` quarter
    turns anticlockwise (seen from above), which brings side ``_CLOCKWISE[quarters]`` south.

    >>> from boardrules.docker._actions import turned
    >>> from boardrules.docker import PITCH
    >>> west = turned(PITCH, 1)
    >>> PITCH.name_of(west[PITCH.square("a2")])  # the west entry square turns to b1
    'b1'
    """
    size = pitch.size
    out = list(range(pitch.squares))
    for _ in range(quarters):
        out = [(size - 1 - s // size) + (s % size) * size for s in out]
    return tuple(out)


@attrs.frozen
class Frame:
    """A seat's view of the pitch: ``view[square]`` is the square in the turned pitch,
    ``moves[action]`` the move each decision number stands for, ``actions`` the inverse."""

    view: tuple[int, ...]
    moves: tuple[Move, ...]
    actions: dict[Move, int] = attrs.field(eq=False, repr=False)


@cache
def _frames(options: Options) -> tuple[Frame, ...]:
    return tuple(frame(options.pitch, side) for side in options.sides)


@cache
def frame(pitch: Pitch, side: str) -> Frame:
    """The frame of the player who sits at ``side``."""
    view = turned(pitch, _CLOCKWISE.index(side))
    squares = pitch.squares
    back = [0] * squares
    for square, seen in enumerate(view):
        back[seen] = square
    moves: list[Move] = [
        SHIFTS[back[a // squares]][back[a % squares]] for a in range(squares * squares)
    ]
    moves += [ENTRIES[back[t]] for t in range(squares)]
    return Frame(view, tuple(moves), {m: a for a, m in enumerate(moves)})


def num_actions(state: State) -> int:
    """The number of decision actions: ``Q * Q + Q`` for a pitch of ``Q`` squares (90)."""
    squares = state.options.pitch.squares
    return squares * squares + squares


def num_chance_outcomes(state: State) -> int:
    """The number of chance outcomes: the six faces of the die."""
    return FACES


_ROLL_ACTIONS = chance_actions(FACES)


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of :func:`legal_moves`, ascending: ``0..5`` before the roll, the
    mover's moves in the turned pitch after it, ``()`` at the end."""
    legal = state._legal
    if legal is None:
        legal = legal_moves(state)
    if not legal:
        return ()
    if state.roll == 0:
        return _ROLL_ACTIONS
    table = _frames(state.options)[state.turn].actions
    return tuple(sorted(map(table.__getitem__, legal)))


def move_to_action(state: State, move: Move) -> int:
    """The action number of the legal ``move``; an illegal move raises
    :class:`~boardrules.IllegalMoveError`."""
    # The check of apply_move: the legal object itself, or a strictly equal copy (no 5.0,
    # no numpy integer, no field left unset); its number is the legal object's.
    found = find_legal(move, legal_moves(state))
    if found is None:
        raise IllegalMoveError(why_illegal(state, move))
    move = found
    if isinstance(move, Roll):
        return move.value - 1
    return _frames(state.options)[state.turn].actions[move]


def action_to_move(state: State, action: int) -> Move:
    """The legal move numbered ``action``; an action that is not legal now raises
    :class:`~boardrules.IllegalMoveError`."""
    actions = legal_actions(state)
    if not actions:
        return pick((), (), action, "a game that is over")
    if state.roll == 0:
        return pick(ROLLS[1:], actions, action, "the roll of the die")
    moves = _frames(state.options)[state.turn].moves
    return pick([moves[a] for a in actions], actions, action, f"player {state.turn}")
