"""The laws of play that a Parchís position set up by hand may break (see
:func:`boardrules.position_problems`).

The decoder and :func:`~boardrules.parchis.position` refuse what no rule allows at all (five
pieces, two colours on a plain square, a bonus with no piece to count it...).  What they
accept but play could not have left behind is listed here, one line per broken law citing
its clause of the Rules section of the Parchís page.
"""

from __future__ import annotations

from boardrules.parchis._board import NEST
from boardrules.parchis._rules import CAPTURE_BONUS
from boardrules.parchis._state import PHASE_BONUS, State

__all__ = ["position_problems"]


def position_problems(state: State) -> tuple[str, ...]:
    """The laws of play ``state`` breaks, one line each; ``()`` if none.

    >>> from boardrules.parchis import position, position_problems
    >>> s = position({"yellow": [30], "red": [31, 40, 50, 60]}, roll=3, bonus=20, players=2)
    >>> position_problems(s)  # yellow has just eaten, but no red piece went back to the nest
    ('a bonus of 20 is earned by eating a piece, which went back to its nest, and nobody \
has a piece in the nest (Parchís §7.1, §7.3)',)
    """
    problems = []
    if state.phase == PHASE_BONUS and state.count == CAPTURE_BONUS:
        problems += _capture_problems(state)
    return tuple(problems)


def _capture_problems(state: State) -> list[str]:
    """A bonus of 20 follows a capture: the eaten piece is in its nest, and the piece that
    ate stands alone on a plain square, or on its own exit after the piece it left there."""
    seat, n = state.turn, state.options.players
    problems = []
    if not any(state.pos[4 * s] == NEST for s in range(n) if s != seat):
        problems.append(
            "a bonus of 20 is earned by eating a piece, which went back to its nest, and "
            "nobody has a piece in the nest (Parchís §7.1, §7.3)"
        )
    tab = state.options.tables
    c = tab.cell[seat][state.last]
    code = state.board[c]
    if state.last == 0:  # ate by coming out onto a full exit: it arrived second
        if not state.options.exit_capture or code >> 3 != seat + 1 or code & 7 == seat + 1:
            problems.append(
                f"a bonus of 20 on {state.colour}'s exit is earned by coming out onto it and "
                "eating the piece of another colour that arrived last, so the player's piece "
                "stands there second, beside another colour (Parchís §4.3)"
            )
    elif code != seat + 1 or tab.safe[c]:
        problems.append(
            "a bonus of 20 is earned by the piece that just ate, which stands alone where it "
            "ate, on a square that is not safe (Parchís §7.1, §7.2)"
        )
    return problems
