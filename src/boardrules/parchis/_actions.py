"""Parchís moves as action numbers, relative to the player who moves.

A decision always moves the count the position asks for (the die, 7 for a 6 with no piece
in the nest, or a bonus of 10 or 20: see ``State.count``), so a move is fixed by the square
its piece stands on.  Squares are counted from the mover's own exit, as the pieces' positions
are, which makes an action number mean the same for every colour:

=============  ===========================================================================
action         decision
=============  ===========================================================================
0-63           the mover's piece that stands ``n`` squares along the track from its exit
               (0 is the exit itself, 63 the colour's last track square) moves the count
64-70          the mover's piece on square ``n - 63`` of its lane (L1-L7) moves the count
71             ``out``: a 5 brings a piece from the nest onto the exit
72             ``pass``: nothing can move, the roll is lost (also the lost third 6)
=============  ===========================================================================

Two of the player's pieces on one square are one move.  At a chance node the outcome
``roll d`` is the chance action ``d - 1``.

>>> from boardrules.parchis import action_to_move, legal_actions
>>> import boardrules as br
>>> s = br.new_game("parchis", players=2)
>>> s = br.apply_move(s, action_to_move(s, 4))  # roll 5
>>> legal_actions(s), str(action_to_move(s, 71))
((71,), 'out')
"""

from __future__ import annotations

from boardrules._encoding import chance_actions, pick
from boardrules._legal import find_legal
from boardrules.errors import IllegalMoveError
from boardrules.parchis._board import GOAL
from boardrules.parchis._rules import _why_illegal, legal_moves
from boardrules.parchis._state import (
    OUTS,
    PASSES,
    PHASE_ROLL,
    ROLLS,
    STEPS,
    Move,
    State,
)

__all__ = [
    "ACTION_OUT",
    "ACTION_PASS",
    "action_to_move",
    "legal_actions",
    "move_to_action",
    "num_actions",
    "num_chance_outcomes",
]

#: The action ``out``: a 5 brings a piece out of the nest.
ACTION_OUT = GOAL
#: The action ``pass``: nothing can move.
ACTION_PASS = GOAL + 1
_DECISIONS = GOAL + 2
_FACES = len(ROLLS)

# Every move the rules can list, interned, with its action number: the key is the move
# itself (moves hash by value, and a lookup of an interned move stops at the identity test).
_ACTION: dict[Move, int] = {m: m.steps - 1 for m in ROLLS}
_ACTION.update({m: src for row in STEPS for src, by_count in enumerate(row) for m in by_count})
_ACTION.update({m: ACTION_OUT for m in OUTS})
_ACTION.update({m: ACTION_PASS for m in PASSES})
_action_of = _ACTION.__getitem__
_ROLL_ACTIONS = chance_actions(_FACES)


def num_actions(state: State) -> int:
    """The number of decision actions: 73 (71 squares, ``out`` and ``pass``)."""
    return _DECISIONS


def num_chance_outcomes(state: State) -> int:
    """The number of chance outcomes: the six faces of the die."""
    return _FACES


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of :func:`legal_moves`, ascending (``0..5`` before a roll)."""
    if state.phase == PHASE_ROLL:
        return _ROLL_ACTIONS
    legal = state._legal
    if legal is None:
        legal = legal_moves(state)
    # The rules list moves by their piece's position, ascending: the actions come sorted.
    return tuple(map(_action_of, legal))


def move_to_action(state: State, move: Move) -> int:
    """The action number of the legal ``move``; an illegal move raises
    :class:`~boardrules.IllegalMoveError`."""
    # The check of apply_move: the legal object itself, or a strictly equal copy (no 5.0,
    # no numpy integer, no field left unset); its number is the legal object's.
    found = find_legal(move, legal_moves(state))
    if found is None:
        raise IllegalMoveError(_why_illegal(state, move))
    move = found
    return _ACTION[move]


def action_to_move(state: State, action: int) -> Move:
    """The legal move numbered ``action``; an action that is not legal now raises
    :class:`~boardrules.IllegalMoveError`."""
    if state.phase == PHASE_ROLL:
        if type(action) is int and 0 <= action < _FACES:
            return ROLLS[action]  # every face is legal before a roll
        return pick(ROLLS, _ROLL_ACTIONS, action, "the roll of the die")
    legal = state._legal
    if legal is None:
        legal = legal_moves(state)
    if type(action) is int:
        for move in legal:  # a few moves at most: one lookup each
            if _action_of(move) == action:
                return move
    what = f"seat {state.turn}" if legal else "a game that is over"
    return pick(legal, legal_actions(state), action, what)
