"""Who decides, what they may do, and what the dice may show, read off the agenda's front:
the bottom of the rules, which the checks (``_check``) and the explanations (``_why``) read
and :func:`~boardrules.dorasure.apply_move` (``_rules``) builds on.

>>> from boardrules.dorasure import new_game, legal_moves
>>> s = new_game(players=2)
>>> [str(m) for m in legal_moves(s)][:2]
['quest-tile inscriptions', 'quest-tile golem']
"""

from __future__ import annotations

from fractions import Fraction

from boardrules._lru import LRU
from boardrules.dorasure._state import CHANCE as CHANCE_NODE
from boardrules.dorasure._state import WON, DorasureState, Move
from boardrules.game import TERMINAL

__all__ = ["chance_outcomes", "current_player", "legal_moves"]

Outcomes = tuple[tuple[Move, Fraction], ...]
_NO_OUTCOMES: Outcomes = ()
_OUTCOME_MOVES: LRU[int, tuple[Outcomes, tuple[Move, ...]]] = LRU(1024)


def current_player(s: DorasureState) -> int:
    """The seat to decide, CHANCE at a roll or a face-down tile, TERMINAL at the end."""
    if s.phase >= WON:
        return TERMINAL
    return s.agenda[0].player


def chance_outcomes(s: DorasureState) -> Outcomes:
    """Each outcome of the roll or tile draw at the front, with its exact probability."""
    if s.phase >= WON:
        return _NO_OUTCOMES
    outcomes = s.agenda[0].outcomes(s)  # none at a decision
    if outcomes and s._legal is None:  # the roll is usually played next: its moves are ready
        _set_legal(s, _outcome_moves(outcomes))
    return outcomes


#: ``_set_legal(state, moves)`` fills in the memo of the legal moves (the slot's own setter:
#: faster than ``object.__setattr__``).
_set_legal = DorasureState.__dict__["_legal"].__set__


def legal_moves(s: DorasureState) -> tuple[Move, ...]:
    """The moves allowed now (chance outcomes at a chance node, ``()`` at the end)."""
    found = s._legal
    if found is None:
        found = _legal_moves(s)
        _set_legal(s, found)
    return found


def _legal_moves(s: DorasureState) -> tuple[Move, ...]:
    if s.phase >= WON:
        return ()
    task = s.agenda[0]
    if task.NODE == CHANCE_NODE:
        return _outcome_moves(task.outcomes(s))
    return task.moves(s)


def _outcome_moves(outcomes: Outcomes) -> tuple[Move, ...]:
    """The moves of an outcome table, made once per table."""
    # Keyed by the outcome table's identity, kept with it so that a table dropped from its
    # cache (and its id reused) is never mistaken for another.
    found = _OUTCOME_MOVES.items.get(id(outcomes))  # not refreshed: a hot path
    if found is None or found[0] is not outcomes:
        found = (outcomes, tuple(m for m, _ in outcomes))
        _OUTCOME_MOVES.put(id(outcomes), found)
    return found[1]
