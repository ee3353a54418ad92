"""The laws of play that a Dorada position set up by hand may break (see
:func:`boardrules.position_problems`).

The decoder and :func:`~boardrules.dorada.position` refuse what no rule allows at all (a
fifth piece, a piece on an open stumble field...).  What they accept but play could not
have left behind is listed here, one line per broken law citing its clause of the Rules
section of the Dorada page.
"""

from __future__ import annotations

from boardrules.dorada._state import PIECES, State
from boardrules.game import TERMINAL

__all__ = ["position_problems"]


def position_problems(state: State) -> tuple[str, ...]:
    """The laws of play ``state`` breaks, one line each; ``()`` if none.

    >>> from boardrules.dorada import new_game, position, position_problems
    >>> position_problems(new_game(players=3))
    ()
    >>> position_problems(position(players=3, turn=2))  # nobody moved, yet player 2 is in turn
    ('while a player still has all four pieces on the start field it is the first round: \
each player from the first player, 0, up to the one in turn has taken exactly one piece off \
the start field, the others none (Dorada §1.1, §1.3, §2.5)',)
    """
    problems = []
    first_round = _first_round_problem(state)
    if first_round is not None:
        problems.append(first_round)
    return tuple(problems)


def _first_round_problem(state: State) -> str | None:
    """Pieces on the start field are always free and moving is compulsory, so each turn of a
    player with all four there takes one off: while some player still has all four, it is
    the first round, and exactly the players before the one in turn (from the first player)
    have moved, one piece each."""
    n, first, turn = state.options.players, state.options.first_player, state.turn
    if turn == TERMINAL or PIECES not in state.start:
        return None
    before = {(first + k) % n for k in range((turn - first) % n)}
    if any(state.start[p] != (PIECES - 1 if p in before else PIECES) for p in range(n)):
        return (
            "while a player still has all four pieces on the start field it is the first "
            f"round: each player from the first player, {first}, up to the one in turn has "
            "taken exactly one piece off the start field, the others none (Dorada §1.1, §1.3, "
            "§2.5)"
        )
    return None
