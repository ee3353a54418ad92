"""The laws of play that a Docker position set up by hand may break (see
:func:`boardrules.position_problems`).

The decoder and :func:`~boardrules.docker.position` refuse what no rule allows at all (a
fourth piece, a roll the player could not use...).  What they accept but play could not
have left behind is listed here, one line per broken law citing its clause of the Rules
section of the Docker page.
"""

from __future__ import annotations

from boardrules.docker._state import PIECES, State

__all__ = ["position_problems"]


def position_problems(state: State) -> tuple[str, ...]:
    """The laws of play ``state`` breaks, one line each; ``()`` if none.

    >>> from boardrules.docker import new_game, position, position_problems
    >>> position_problems(new_game(players=2))
    ()
    >>> position_problems(position({"b2": [0]}, players=3, turn=2))
    ('while a player still in the game has no piece on the pitch it is the first round: \
nobody is out, and each player from the first player, 0, up to the one in turn has exactly \
one piece on the pitch, the others none (Docker §1.1, §2.4, §3.2)',)
    """
    problems = []
    first_round = _first_round_problem(state)
    if first_round is not None:
        problems.append(first_round)
    return tuple(problems)


def _first_round_problem(state: State) -> str | None:
    """Pieces never leave the pitch, and a player's turn ends with a move or the player
    out; a player with no piece on the pitch can only enter, which the first round always
    allows (the entry square holds at most three pieces then).  So while a player still in
    the game has none on the pitch, it is the first round: nobody is out, and exactly the
    players before the one in turn (from the first player) have entered, one piece each."""
    rules = state.options
    n, first, turn = rules.players, rules.first_player, state.turn
    on_pitch = [PIECES - left for left in state.reserve]
    if not any(on_pitch[p] == 0 and p not in state.eliminated for p in range(n)):
        return None
    before = {(first + k) % n for k in range((turn - first) % n)}
    if state.eliminated or any(on_pitch[p] != (p in before) for p in range(n)):
        return (
            "while a player still in the game has no piece on the pitch it is the first "
            f"round: nobody is out, and each player from the first player, {first}, up to "
            "the one in turn has exactly one piece on the pitch, the others none "
            "(Docker §1.1, §2.4, §3.2)"
        )
    return None
