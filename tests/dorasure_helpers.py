"""Helpers shared by the Dorasure tests: play moves by notation, list and weigh moves."""

from __future__ import annotations

from fractions import Fraction

from boardrules.dorasure import (
    DorasureState,
    chance_outcomes,
    legal_moves,
)
from boardrules.dorasure._dice import score_roll
from boardrules.testing import play as play  # the Dorasure tests import it from here

#: The farthest mountain's quest, face up from setup as the rulebook says.
FACE_UP = {"g0": "inscriptions"}


def texts(s: DorasureState) -> list[str]:
    return [str(m) for m in legal_moves(s)]


def where(s: DorasureState, seat: int) -> str:
    return s.rules.board.names[s.pos[seat]]


def odds(s: DorasureState) -> dict[str, Fraction]:
    return {str(m): p for m, p in chance_outcomes(s)}


def rolls(s: DorasureState) -> int:
    """How many dice the roll at the front throws (its outcome list is score_roll(n))."""
    outcomes = chance_outcomes(s)
    return next(n for n in range(0, 30) if score_roll(n) is outcomes)
