"""Dorada's moves as action numbers: the field the moving piece stands on.

All players share one path, so a field means the same for everyone and an action number
names the field the mover's free piece leaves.  On a board of ``F`` running fields
(``F = 40`` on ``classic-40``):

===========  ===========================================================================
action       decision
===========  ===========================================================================
0            ``move start``: a piece leaves the mover's start field
1 .. F       ``move f``: the mover's free piece on field ``f`` moves the die
F + 1        ``pass``: every piece of the mover is blocked
===========  ===========================================================================

At a chance node the outcome ``roll d`` is the chance action ``d - 1``.

>>> from boardrules.dorada import action_to_move, legal_actions, num_actions
>>> import boardrules as br
>>> s = br.new_game("dorada", players=2)
>>> s = br.apply_move(s, action_to_move(s, 4))  # roll 5
>>> [(a, str(action_to_move(s, a))) for a in legal_actions(s)]
[(0, 'move start')]
>>> num_actions(s)
42
"""

from __future__ import annotations

from boardrules._encoding import chance_actions, pick
from boardrules._legal import find_legal
from boardrules.dorada._rules import legal_moves, why_illegal
from boardrules.dorada._state import PASS, ROLLS, Advance, Move, Roll, State
from boardrules.errors import IllegalMoveError
from boardrules.game import TERMINAL

__all__ = [
    "action_to_move",
    "legal_actions",
    "move_to_action",
    "num_actions",
    "num_chance_outcomes",
]

_ROLL_ACTIONS = chance_actions(len(ROLLS))


def num_actions(state: State) -> int:
    """The number of decision actions: the start field, each running field, and ``pass``."""
    return state.options.board.fields + 2


def num_chance_outcomes(state: State) -> int:
    """The number of chance outcomes: the six faces of the die."""
    return len(ROLLS)


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of :func:`legal_moves`, ascending (``0..5`` before the roll)."""
    if state.turn == TERMINAL:
        return ()
    if not state.roll:
        return _ROLL_ACTIONS
    legal = state._legal
    if legal is None:
        legal = legal_moves(state)
    if legal[0] is PASS:
        return (state.options.board.fields + 1,)
    # The rules list the start field first, then the fields in order: already ascending.
    return tuple(m.field for m in legal if isinstance(m, Advance))


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
        return move.die - 1
    if isinstance(move, Advance):
        return move.field
    return state.options.board.fields + 1


def action_to_move(state: State, action: int) -> Move:
    """The legal move numbered ``action``; an action that is not legal now raises
    :class:`~boardrules.IllegalMoveError`."""
    moves = legal_moves(state)
    if state.turn == TERMINAL:
        what = "a game that is over"
    else:
        what = f"player {state.turn}" if state.roll else "the roll of the die"
    return pick(moves, legal_actions(state), action, what)
