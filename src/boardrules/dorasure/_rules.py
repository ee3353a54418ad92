"""What a move does: :func:`apply_move` (an illegal move explained by ``_why``; in the debug
mode every result checked by ``_check``), the returns and the evaluation.  Who decides and
what they may do are read off the agenda's front by ``_moves``, below the checks and the
explanations, and are the same functions here.

>>> from boardrules.dorasure import new_game, legal_moves
>>> s = new_game(players=2)
>>> [str(m) for m in legal_moves(s)][:2]
['quest-tile inscriptions', 'quest-tile golem']
"""

from __future__ import annotations

import os

from boardrules._legal import find_legal, unset_field
from boardrules.dorasure._check import breaks_a_law, check_state
from boardrules.dorasure._engine import advance
from boardrules.dorasure._features import evaluate
from boardrules.dorasure._move_classes import field_problem
from boardrules.dorasure._moves import (
    chance_outcomes,
    current_player,
    legal_moves,
)
from boardrules.dorasure._state import (
    BATTLE,
    MOVE_TYPES,
    WON,
    DorasureMove,
    DorasureState,
    Move,
    MovementRoll,
)
from boardrules.dorasure._why import legal_now, why_illegal
from boardrules.errors import IllegalMoveError, StateFormatError

__all__ = [
    "apply_move",
    "chance_outcomes",
    "current_player",
    "evaluate",
    "legal_moves",
    "returns",
    "statistics",
]


def apply_move(s: DorasureState, mv: object) -> DorasureState:
    """The state after ``mv``; an illegal move raises IllegalMoveError saying why."""
    # The interned move itself, or a copy strictly equal to it (a field set to 1.0 or True
    # behind the class's back equals 1 but is no move); the legal object is played.  The
    # memo and the identity test are read here, without a call: this runs at every move.
    legal = s._legal
    if legal is None:
        legal = legal_moves(s)
    for known in legal:
        if known is mv:
            break
    else:
        found = find_legal(mv, legal)
        if found is None:
            raise IllegalMoveError(_why_illegal(s, mv))
        known = found
    if CHECK_RESULTS:
        return _checked(advance(s, known), s, known)
    return advance(s, known)


#: Whether :func:`apply_move` checks every state it returns with the decoder's own checks
#: (``_check.check_state``): a debug mode for tests, off unless the environment variable
#: ``BOARDRULES_CHECK_STATES`` is set to ``1`` (the property tests switch it on).
CHECK_RESULTS = os.environ.get("BOARDRULES_CHECK_STATES", "") == "1"


def _checked(after: DorasureState, before: DorasureState, mv: Move) -> DorasureState:
    """``after`` if the decoder accepts it as it is; AssertionError otherwise: the engine
    built a state that the rules say cannot be reached."""
    try:
        again = check_state(after)
    except StateFormatError as e:
        raise AssertionError(f"{mv} in {before!r} gives a state the decoder refuses: {e}") from None
    assert again == after, f"{mv} gives a state whose decoding differs"
    if breaks_a_law(before) is None:
        broken = breaks_a_law(after)
        assert broken is None, f"{mv} in {before!r} breaks a law of play: {broken}"
    return after


def _forged(mv: DorasureMove) -> str | None:
    """Why ``mv``, of a move class, is no move: a field never set (``object.__new__``), of
    the wrong type or out of range (set behind the class's back); None when its fields are
    good."""
    unset = unset_field(mv)
    problem = field_problem(mv) if unset is None else f"its {unset}"
    return None if problem is None else f"a forged {type(mv).__name__} ({problem})"


def _why_illegal(s: DorasureState, mv: object) -> str:
    if s.phase >= WON:
        return "the game is over: the heroes have " + ("won" if s.phase == WON else "lost")
    if type(mv) not in MOVE_TYPES or not isinstance(mv, DorasureMove):
        return f"a {type(mv).__name__} is not a Dorasure move"
    forged = _forged(mv)
    if forged is not None:
        return f"{forged} is not a legal move; legal now: {legal_now(s)}"
    return f"{mv} is illegal: {why_illegal(s, mv)}; legal now: {legal_now(s)}"


def returns(s: DorasureState) -> tuple[float, ...]:
    """1.0 for every seat when the dragon is slain, 0.0 on a defeat or before the end."""
    value = 1.0 if s.phase == WON else 0.0
    return (value,) * len(s.health)


def statistics(s: DorasureState, moves: tuple[Move, ...]) -> dict[str, float]:
    """What the heroes achieved in a game that ended in ``s`` after ``moves``: the dragon's
    wounds, the quests solved (a replenished quest solved again counts again), the meter
    reached, the Adventure Phase turns played (one movement roll each) and whether the
    Climactic Battle was reached (1 or 0).  :func:`boardrules.simulate.simulate` averages
    them over a series.

    >>> import random
    >>> import boardrules as br
    >>> from boardrules.dorasure import statistics
    >>> from boardrules.bots import RandomBot, play_game
    >>> end, record = play_game(br.new_game("dorasure", players=2), [RandomBot()] * 2, seed=1)
    >>> sorted(statistics(end, ()))
    ['adventure turns', 'battle reached', "dragon's wounds", 'meter reached', 'quests solved']
    """
    solved = sum(1 for r in s.rewards if r >= 0) + sum(1 for r in s.renewed if r == 2)
    # The battle is lost only when every hero is dead; a defeat with a hero standing, or
    # before the meter filled or the last quest was solved, came in the Adventure Phase.
    ready = s.meter == s.rules.tracks.meter_end or solved >= len(s.rewards)
    reached = s.phase in (BATTLE, WON) or (ready and not any(h > 0 for h in s.health))
    return {
        "dragon's wounds": float(s.wounds),
        "quests solved": float(solved),
        "meter reached": float(s.meter),
        "adventure turns": float(sum(1 for m in moves if type(m) is MovementRoll)),
        "battle reached": float(reached),
    }
