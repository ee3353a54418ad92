"""Parchís games of a batch played on one by one with the scalar rules: what
:class:`~boardrules.batch.vector.ParchisVectorEnv` does with the last games still waiting for
its learner (the long tail of 6s and bonuses).

A step of the batch costs about 0.2 ms of numpy calls however few its games are; the scalar
rules (:mod:`boardrules.parchis._rules`, called directly, not through the public API's
dispatch) a few microseconds a decision.  The games' rows are read into scalar states all at
once and written back all at once (through the public API, one game at a time, the two
conversions cost more than the decisions played).  The draws are the public API's: one
``random()`` of the dice generator a roll (the face as :func:`boardrules.sample_chance` finds
it), one of the opponents' a decision (the move ``legal_moves(s)[int(u * len(legal_moves(s)))]``,
the pass too), so the states are those of the public API fed the same numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from boardrules.batch._dorada_alone import _Draws
from boardrules.parchis._rules import apply_move, legal_moves
from boardrules.parchis._state import PASS, PHASE_OVER, PHASE_ROLL, ROLLS

if TYPE_CHECKING:
    from boardrules.batch._base import Ints
    from boardrules.batch._parchis import ParchisBatch

__all__ = ["play_alone"]


def play_alone(
    batch: ParchisBatch, g: Ints, seat: int, choose: np.random.Generator
) -> tuple[int, int]:
    """The opponents play on in games ``g`` of ``batch`` (each at a decision of a seat not
    ``seat``, ``seat`` not finished) until ``seat`` is to decide, has finished, or the game
    is over; dice from ``batch.rng``, choices from ``choose``.  The rows are written back;
    returns the rolls and the moves of pieces played (the batch's counts)."""
    states = batch._states(g)
    # (about the decisions to come: a few numbers too many are lost; any size plays alike)
    block = 8 * len(g) + 32  # pragma: no mutate
    dice = _Draws(batch.rng, block, True)
    choices = _Draws(choose, block, False)  # pragma: no mutate (False or None alike)
    faces, die_at, us, u_at = dice.values, dice.at, choices.values, choices.at
    rolled = moved = 0
    for k, s in enumerate(states):
        while True:
            if s.phase == PHASE_ROLL:
                if die_at == len(faces):
                    faces, die_at = dice.refill(), 0
                s = apply_move(s, ROLLS[faces[die_at] - 1])
                die_at += 1
                rolled += 1
                continue
            if s.phase == PHASE_OVER or s.turn == seat or seat in s.finished:
                break
            legal = legal_moves(s)
            if u_at == len(us):
                us, u_at = choices.refill(), 0
            move = legal[int(us[u_at] * len(legal))]
            u_at += 1
            moved += move.kind != PASS
            s = apply_move(s, move)
        states[k] = s
    batch._store_states(g, states)
    return rolled, moved
