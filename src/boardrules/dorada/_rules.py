"""Dorada's rules: whose turn it is, the legal moves, and what a move does.

The docs page maps each clause of the rulebook and each ruling to the function here that
implements it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from boardrules._fitted import win_shares
from boardrules._legal import find_legal, wrong_field_types
from boardrules._values import safe_repr
from boardrules.dorada._board import Board, Field
from boardrules.dorada._evaluation import WEIGHTS
from boardrules.dorada._features import features
from boardrules.dorada._points import POINTS, POINTS_BELOW, pieces_in_play, scores
from boardrules.dorada._state import (
    ADVANCES,
    COLOURS,
    NO_BRIDGE,
    PASS,
    PIECES,
    ROLL_OUTCOMES,
    ROLLS,
    Advance,
    Move,
    Pass,
    Roll,
    State,
)
from boardrules.errors import IllegalMoveError
from boardrules.game import CHANCE, TERMINAL

__all__ = [
    "POINTS",
    "POINTS_BELOW",
    "apply_move",
    "chance_outcomes",
    "current_player",
    "destination",
    "evaluate",
    "is_terminal",
    "legal_moves",
    "next_player",
    "num_players",
    "pieces_in_play",
    "returns",
    "scores",
    "why_illegal",
    "winners",
]

#: Points of the pieces in DORADA from the top (the last to arrive) down; every piece below
_PASS_ONLY: tuple[Move, ...] = (PASS,)
_MOVE_TYPES = (Roll, Advance, Pass)
_RUNNING, _STUMBLE, _JUMP = Field.RUNNING, Field.STUMBLE, Field.JUMP


def current_player(state: State) -> int:
    """The player to move, ``CHANCE`` while the die is to be rolled, ``TERMINAL`` at the end."""
    if state.roll or state.turn == TERMINAL:
        return state.turn
    return CHANCE


def num_players(state: State) -> int:
    """The number of players."""
    return state.options.players


def is_terminal(state: State) -> bool:
    """Whether the game is over: every piece is in DORADA or lost."""
    return state.turn == TERMINAL


def chance_outcomes(state: State) -> tuple[tuple[Roll, Fraction], ...]:
    """The six faces of the die, 1/6 each, at a chance node; ``()`` elsewhere.

    The player whose turn it is rolls the die once; a 6 gives no extra roll.
    """
    if state.roll or state.turn == TERMINAL:
        return ()
    return ROLL_OUTCOMES


def legal_moves(state: State) -> tuple[Move, ...]:
    """The rolls at a chance node; after the roll, one
    :class:`~boardrules.dorada._state.Advance` per free piece of the player (the start field's
    pieces are interchangeable, so they give one move), or the forced
    :data:`~boardrules.dorada.PASS` when every piece is blocked; ``()`` at the end.

    Only the top piece of a stack is free; moving is compulsory, even into a stumble field.
    """
    legal = state._legal
    if legal is None:
        legal = _free_pieces(state)
        object.__setattr__(state, "_legal", legal)
    return legal


def _free_pieces(state: State) -> tuple[Move, ...]:
    p = state.turn
    if p == TERMINAL:
        return ()
    if not state.roll:
        return ROLLS
    moves: list[Move] = [
        ADVANCES[f] for f, stack in enumerate(state.track) if stack and stack[-1] == p
    ]
    if state.start[p]:
        moves.insert(0, ADVANCES[0])
    return tuple(moves) if moves else _PASS_ONLY


def destination(
    board: Board, track: Sequence[tuple[int, ...]], bridges: Sequence[int], field: int
) -> int:
    """Where a piece that the die brings to position ``field`` comes to rest.

    ``track`` is the path without the moving piece.  The result is a field ``1..fields``
    where the piece is placed on top, ``board.dorada`` for the goal, ``0`` for its start field,
    or ``-f`` when it falls into the open stumble field ``f`` and is lost.

    Only the field where a move ends acts: an open stumble field takes the piece (one with a
    bridge is an ordinary field); a gold field or the last jump field sends it into DORADA; a
    jump field moves it on by its number of free fields (fields holding no piece), forward or
    back, and the field reached acts in turn.  Running out of fields forward reaches DORADA,
    backward the start field.  A chain that would jump from a field a second time stops there.
    """
    n = board.fields
    goal, kinds = n + 1, board.kinds
    jumped_from: set[int] = set()
    while field <= n:
        kind = kinds[field]
        if kind is _RUNNING:  # also the start field 0, where a jump backward may end
            return field
        if kind is _STUMBLE:
            return field if bridges[field] != NO_BRIDGE else -field
        if kind is not _JUMP:  # a gold field or the last jump field
            return goal
        if field in jumped_from:
            return field
        jumped_from.add(field)
        field = _jump(track, field, board.jump_by[field], n)
    return goal


def _jump(track: Sequence[tuple[int, ...]], field: int, count: int, n: int) -> int:
    """The field where a jump of ``count`` free fields from ``field`` ends (backward when
    ``count`` is negative): ``n + 1`` when it runs out of fields forward, ``0`` backward."""
    step = count // abs(count)
    while count:
        field += step
        if not 0 < field <= n:
            return field
        if not track[field]:
            count -= step
    return field


def next_player(
    players: int, bridges: tuple[int, ...], dorada: tuple[int, ...], player: int
) -> int:
    """The next player clockwise after ``player`` who still has a piece in play, or
    ``TERMINAL`` when no piece is left on a start field or the path.

    A player whose pieces are all lost is out; one whose pieces are all home has no more turns.
    """
    q = player
    for _ in range(players):
        q = (q + 1) % players
        if dorada.count(q) + bridges.count(q) < PIECES:
            return q
    return TERMINAL


# The transitions below build states positionally, in the order of State's fields: they run
# at every move (a documented hot path; keyword arguments make a state about 40% slower to build).


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; an illegal move raises :class:`~boardrules.IllegalMoveError`."""
    if not state.roll:
        # A chance node (or the end, where nothing is legal): only a roll of the die.
        roll = find_legal(move, ROLLS)  # the interned roll, or one strictly equal to it
        if roll is not None and state.turn != TERMINAL:
            return State(
                state.options,
                state.start,
                state.track,
                state.bridges,
                state.dorada,
                state.turn,
                roll.die,
            )
        raise IllegalMoveError(why_illegal(state, move))
    found = find_legal(move, legal_moves(state))
    if found is None:
        raise IllegalMoveError(why_illegal(state, move))
    if isinstance(found, Advance):
        return _advance(state, found.field)
    # The forced pass: only the turn moves on.
    opts, bridges, dorada = state.options, state.bridges, state.dorada
    turn = next_player(opts.players, bridges, dorada, state.turn)
    return State(opts, state.start, state.track, bridges, dorada, turn, 0)


def _advance(state: State, origin: int) -> State:
    """The state after the player's free piece on ``origin`` (0: its start field) moves on
    by the roll and comes to rest where :func:`destination` says."""
    opts, p = state.options, state.turn
    start, bridges, dorada = state.start, state.bridges, state.dorada
    track = list(state.track)
    if origin:
        track[origin] = track[origin][:-1]
    else:
        start = (*start[:p], start[p] - 1, *start[p + 1 :])
    board = opts.board
    to = destination(board, track, bridges, origin + state.roll)
    if to == board.dorada:
        dorada = (*dorada, p)
    elif to > 0:
        track[to] = (*track[to], p)
    elif to == 0:
        start = (*start[:p], start[p] + 1, *start[p + 1 :])
    else:
        bridges = (*bridges[:-to], p, *bridges[1 - to :])
    turn = next_player(opts.players, bridges, dorada, p)
    return State(opts, start, tuple(track), bridges, dorada, turn, 0)


def why_illegal(state: State, move: object) -> str:
    """The rule that forbids ``move`` in ``state`` (``move`` is known not to be legal), citing
    the clause of the Rules section of the Dorada page."""
    if not isinstance(move, _MOVE_TYPES) or type(move) not in _MOVE_TYPES:
        return (
            f"{safe_repr(move)} is not a Dorada move; the moves are 'roll N', 'move start', "
            "'move N' and 'pass'"
        )
    wrong = wrong_field_types(move)
    if wrong is not None:
        return f"this {type(move).__name__} is not a Dorada move: its {wrong}"
    if state.turn == TERMINAL:
        return "the game is over: every piece is in DORADA or lost (Dorada §4.4)"
    who = COLOURS[state.turn]
    if not state.roll:
        return _why_not_before_the_roll(who, move)
    return _why_not_after_the_roll(state, who, move)


def _why_not_before_the_roll(who: str, move: Move) -> str:
    if isinstance(move, Roll):
        return f"a die shows 1 to 6, not {safe_repr(move.die)} (Dorada §2.1)"
    return f"{who} must roll the die first (Dorada §2.1)"


def _why_not_after_the_roll(state: State, who: str, move: Move) -> str:
    if isinstance(move, Roll):
        return (
            f"{who} has rolled {state.roll} and must now move; the die is rolled once "
            "per turn (even after a 6) (Dorada §2.1)"
        )
    if isinstance(move, Pass):
        return (
            f"{who} has a free piece and must move it: voluntarily skipping the move "
            "is not allowed (Dorada §2.5)"
        )
    return _why_not_free(state, who, move.field)


def _why_not_free(state: State, who: str, field: int) -> str:
    # Only the player's free pieces move (legal_moves): the start field's pieces when there
    # are any, and the top piece of each stack.  So a piece that may not move is missing or
    # lies under another one; where it would end never makes a move illegal.
    if not 0 <= field < len(state.track):
        return f"field {safe_repr(field)} is not a running field of this board (Dorada §1.2)"
    if field == 0:
        return f"{who} has no piece on its start field (Dorada §1.3)"
    if state.turn in state.track[field]:
        return (
            f"{who}'s piece on field {field} is blocked: only the top piece of a stack "
            "may move (Dorada §2.3)"
        )
    return f"{who} has no piece on field {field} (Dorada §2.1)"


def winners(state: State) -> tuple[int, ...]:
    """The players with the most points (at the end of the game: the winners).

    Equal totals share the win, unless the ``tie_break`` option is ``"highest-piece"``: then
    the owner of the highest piece in DORADA among them wins.  A player without points (all
    four pieces lost) is out and never wins, so when nobody scored nobody wins.
    """
    points = scores(state)
    best = max(points)
    if best == 0:
        return ()
    tied = tuple(p for p, v in enumerate(points) if v == best)
    if state.options.tie_break == "highest-piece":  # a lone best player owns the highest too
        return next((owner,) for owner in reversed(state.dorada) if owner in tied)
    return tied


def returns(state: State) -> tuple[float, ...]:
    """1.0 for each winner and 0.0 for the others at the end; all 0.0 before it."""
    n = state.options.players
    if state.turn != TERMINAL:
        return (0.0,) * n
    won = winners(state)
    return tuple(1.0 if p in won else 0.0 for p in range(n))


def evaluate(state: State) -> tuple[float, ...]:
    """The default heuristic for bots: each player's chance to win, estimated from its pieces
    on the start field, on the path (how far, free, buried or covering others), lost and in
    DORADA, its points now, the die values that would take a free piece into a stumble field
    or straight home, and its expected share of the points; the result at the end.

    The weights are fitted to the outcomes of self-play games by
    ``benchmarks/fit_evaluation.py dorada`` (the softmax of a linear score, described there).
    """
    if state.turn == TERMINAL:
        return returns(state)
    return win_shares(features(state), WEIGHTS)
