"""The rules of Parchís, top to bottom as in the rulebook: the roll, the 5, the 6, barriers,
captures, the goal and the bonuses, the end.

Cells hold seat codes ``seat + 1`` in order of arrival: ``first + 8 * second``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from boardrules._fitted import win_chances
from boardrules._legal import find_legal, wrong_field_types
from boardrules._values import safe_repr
from boardrules.errors import IllegalMoveError
from boardrules.parchis._board import CELLS, GOAL, LANE_FIRST, NEST, TRACK_LAST
from boardrules.parchis._evaluation import WEIGHTS
from boardrules.parchis._features import features
from boardrules.parchis._state import (
    MOVE,
    OUT,
    OUTS,
    PASS,
    PASSES,
    PHASE_BONUS,
    PHASE_MOVE,
    PHASE_OVER,
    PHASE_ROLL,
    ROLL,
    ROLLS,
    Move,
    Options,
    State,
    _Made,
    _new,
    new_roll_state,
    new_state,
    set_legal,
)
from boardrules.parchis._tables import TABLE_2, WEIGHTS_2
from boardrules.parchis._tables4 import TABLE_4, WEIGHTS_4

__all__ = [
    "apply_move",
    "chance_outcomes",
    "current_player",
    "evaluate",
    "legal_moves",
    "returns",
]

CAPTURE_BONUS = 20
GOAL_BONUS = 10

_ROLL_OUTCOMES = tuple((m, Fraction(1, 6)) for m in ROLLS)

# Cell arithmetic, as tables over the 37 possible cell codes and the 4 seats.
_ADD = tuple(tuple(v + 8 * (s + 1) if v else s + 1 for s in range(4)) for v in range(37))
_REMOVE = tuple(
    tuple((0 if v < 8 else (v >> 3 if v & 7 == s + 1 else v & 7)) for s in range(4))
    for v in range(37)
)
_PAIR_OF_ONE_SEAT = tuple(v >= 8 and v & 7 == v >> 3 for v in range(37))
_EMPTY_BOARD = (0,) * CELLS
_BYTE = tuple(bytes((v,)) for v in range(37))


def current_player(state: State) -> int:
    """The seat to move, :data:`~boardrules.CHANCE` before a roll, or
    :data:`~boardrules.TERMINAL` once the game is over (kept on the state by its maker)."""
    return state._to_move


def chance_outcomes(state: State) -> tuple[tuple[Move, Fraction], ...]:
    """The six faces of the die with probability 1/6 each, before a roll; else ``()``."""
    return _ROLL_OUTCOMES if state.phase == PHASE_ROLL else ()


def legal_moves(state: State) -> tuple[Move, ...]:
    """The moves allowed now: the die's outcomes before a roll, else the player's moves
    (``pass`` when nothing can move), ``()`` once the game is over."""
    legal = state._legal  # the memo: kept for the steps (the other lists cost nothing)
    if legal is not None:
        return legal
    phase = state.phase
    if phase == PHASE_ROLL:
        return ROLLS
    if phase == PHASE_OVER:
        return ()
    seat = state.turn
    if state.sixes == 3:
        # the third 6 is lost: the turn ends with a pass
        return (PASSES[state.options.colours[seat]],)
    die = state.roll if phase == PHASE_MOVE else 0  # a bonus is no die
    if die == 5 and state.pos[4 * seat] == NEST and _can_come_out(state, seat):
        return (OUTS[state.options.colours[seat]],)  # a 5 must bring a piece out when it can
    moves = _steps(state, seat, state.count)
    if die == 6 and state.barriers:
        # A 6 must open one of the player's barriers, if a barrier piece can move.
        cell, barriers = state.options.tables.cell[seat], state.barriers
        opening = [m for m in moves if barriers >> cell[m.src] & 1]
        if opening:
            return tuple(opening)
    legal = tuple(moves) if moves else (PASSES[state.options.colours[seat]],)
    set_legal(state, legal)
    return legal


def _can_come_out(state: State, seat: int) -> bool:
    exit_code = state._cells[state.options.tables.cell[seat][0]]
    if exit_code < 8:
        return True
    if exit_code == (seat + 1) * 9:  # both pieces on the exit are the player's own
        return False
    return state.options.exit_capture


def _steps(state: State, seat: int, count: int) -> list[Move]:
    """Pieces of ``seat`` that can advance ``count`` squares, one move per occupied square.

    The one statement of the rules of a step (which :func:`_why_not_step` asks too): pieces
    in the nest and the goal do not move, the goal takes the exact count, no move passes or
    lands on a barrier, and no square holds three pieces.  ``count`` is at least 1."""
    cell, reach, steps = state.options.seat_tables[seat]
    board, barriers = state._cells, state.barriers
    moves: list[Move] = []
    prev = NEST  # the nest's pieces come first in ``pos``: skipped as repeats of NEST
    for r in state.pos[4 * seat : 4 * seat + 4]:
        if r == prev:
            continue
        prev = r
        t = r + count
        if t > GOAL:
            break  # the goal needs an exact count; later pieces (and the goal's) are further on
        if barriers and barriers & (reach[t] ^ reach[r]):
            continue  # a barrier on the way or on the square (no barrier: no big-int work)
        if t < GOAL and board[cell[t]] >= 8:
            continue  # no square holds three pieces
        moves.append(steps[r][count])
    return moves


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`~boardrules.IllegalMoveError` if it is not
    legal now."""
    # The roll stays inline, its new state too: a function of its own costs every roll a
    # call (the README loop measured 2-3% slower; valgrind: about 450 instructions a call);
    # only copies of the interned moves take the detour of a call.
    if state.phase == PHASE_ROLL:
        try:  # an interned roll is ROLLS[steps - 1] itself
            die = move.steps
            interned = ROLLS[die - 1] is move
        except Exception:  # no roll at all: the slow path says what is wrong
            interned = False
        if not interned:  # a copy of a roll, or not a legal move
            die = _equal_legal(state, move, ROLLS).steps
        if die == 6:
            return _rolled_six(state)
        # The player moves the die; no 6, so the run of sixes ends.  (new_state's body,
        # inline.)
        nxt: Any = _new(_Made)  # a _Made: plain slot stores, then a State (see _Made)
        nxt.options = state.options
        nxt.pos = state.pos
        nxt.turn = turn = state.turn
        nxt.phase = PHASE_MOVE
        nxt.roll = die
        nxt.count = die
        nxt.sixes = 0
        nxt.last = state.last
        nxt.finished = state.finished
        nxt.opened = state.opened
        nxt.barriers = state.barriers
        nxt._cells = state._cells
        nxt._to_move = turn
        nxt._legal = None
        nxt.__class__ = State
        return nxt  # type: ignore[no-any-return]
    legal = state._legal
    if legal is None:
        legal = legal_moves(state)
    for candidate in legal:  # moves are interned: identity first, then equality
        if candidate is move:
            break
    else:
        move = _equal_legal(state, move, legal)
    kind = move.kind
    if kind == MOVE:
        return _moved(state, move.src, move.src + move.steps)
    if kind == OUT:
        return _came_out(state)
    return _turn_over(state, state._cells, state.pos, state.barriers, state.last)


def _equal_legal(state: State, move: Move, legal: tuple[Move, ...]) -> Move:
    """The move of ``legal`` equal to ``move`` by value, strictly (no 5.0, no True): ``move``
    is a copy, not one of the interned moves; raises :class:`~boardrules.IllegalMoveError` if
    there is none."""
    found = find_legal(move, legal)
    if found is None:
        raise IllegalMoveError(_why_illegal(state, move))
    return found


def _rolled_six(state: State) -> State:
    """The die shows 6: the player moves it, 7 once no piece is in the nest; the third 6 in a
    row is lost.  (Other faces are moved as they show: :func:`apply_move`.)"""
    sixes = state.sixes + 1
    if sixes == 3:
        return _third_six(state)
    count = 7 if state.pos[4 * state.turn] != NEST else 6
    return new_state(
        state.options, state.pos, state._cells, state.turn, PHASE_MOVE, 6, count, sixes,
        state.last, state.finished, state.opened, state.barriers,
    )  # fmt: skip


def _third_six(state: State) -> State:
    """The third 6 in a row: the piece moved last goes back to the nest at once (from the
    lane only with the option, to the lane's first square); the roll is lost: the player's
    only move is ``pass``, which ends the turn."""
    seat, last = state.turn, state.last
    board, pos, barriers = state._cells, state.pos, state.barriers
    options = state.options
    cell = options.tables.cell[seat]
    if NEST < last <= TRACK_LAST:
        board, barriers = _lift(state, board, barriers, cell[last], seat)
        pos = _relocate(pos, seat, last, NEST)
    elif (
        options.third_six_back_to_lane_start
        and NEST < last < GOAL
        and board[cell[LANE_FIRST]] < 8  # else the lane's first square is full: it stays
    ):
        # (a piece already on the lane's first square is lifted and put back: it stays)
        board, barriers = _lift(state, board, barriers, cell[last], seat)
        board, barriers = _drop(state, board, barriers, cell[LANE_FIRST], seat)
        pos = _relocate(pos, seat, last, LANE_FIRST)
    return new_state(
        options, pos, board, seat, PHASE_MOVE, 6, 0, 3, NEST, state.finished, state.opened,
        barriers,
    )  # fmt: skip


def _moved(state: State, src: int, dst: int) -> State:
    seat = state.turn
    options = state.options
    tab = options.tables
    cell = tab.cell[seat]
    cells = bytearray(state._cells)
    c = cell[src]
    cells[c] = _REMOVE[cells[c]][seat]
    barriers = state.barriers
    if barriers >> c & 1:
        barriers ^= 1 << c  # the barrier is opened: one piece is left
    # The piece slides forward past its neighbours (_relocate's forward case, inline).
    p = list(state.pos)
    j = p.index(src, 4 * seat)
    end = 4 * seat + 3
    while j < end and p[j + 1] < dst:
        p[j] = p[j + 1]
        j += 1
    p[j] = dst
    pos = tuple(p)
    if dst == GOAL:
        return _after_move(state, bytes(cells), pos, barriers, dst, GOAL_BONUS)
    c = cell[dst]
    code = cells[c]
    if code and code < 8 and code != seat + 1 and not tab.safe[c]:
        # A lone opposing piece on a plain square is eaten.
        pos = _relocate(pos, code - 1, tab.rel[code - 1][c], NEST)
        cells[c] = seat + 1
        return _after_move(state, bytes(cells), pos, barriers, dst, CAPTURE_BONUS)
    code = cells[c] = _ADD[code][seat]
    if _PAIR_OF_ONE_SEAT[code] and (not options.barriers_on_safe_only or tab.safe[c]):
        barriers |= 1 << c  # is_barrier, inline
    board = bytes(cells)
    if state.roll != 6 and not state.finished:
        # No bonus, no 6, nobody finished: the die passes to the next seat (the common case
        # of _turn_over and _next_turn, written out here to save two calls a move).
        return new_roll_state(
            options, pos, board, (seat + 1) % options.players, 0, NEST, (), state.opened,
            barriers,
        )  # fmt: skip
    return _turn_over(state, board, pos, barriers, dst)


def _came_out(state: State) -> State:
    """A 5 brings a piece onto the exit; onto a full exit it eats the last opposing arrival."""
    seat = state.turn
    tab = state.options.tables
    c = tab.cell[seat][0]
    board, barriers, pos = state._cells, state.barriers, state.pos
    code = board[c]
    eats = code >= 8
    if eats:
        first, second = code & 7, code >> 3
        victim, stays = (second, first) if second != seat + 1 else (first, second)
        pos = _relocate(pos, victim - 1, tab.rel[victim - 1][c], NEST)
        board = _put(board, c, stays + 8 * (seat + 1))
        barriers = _mark(state, barriers, c, board[c])
    else:
        board, barriers = _drop(state, board, barriers, c, seat)
    pos = _relocate(pos, seat, NEST, 0)
    opts = state.options
    if (
        opts.two_out_on_first_five
        and not state.opened >> seat & 1
        and code == 0
        and pos[4 * seat] == NEST
    ):
        board, barriers = _drop(state, board, barriers, c, seat)
        pos = _relocate(pos, seat, NEST, 0)
    opened = state.opened | 1 << seat
    if opened != state.opened:  # the player's first bring-out (rare: no fast path)
        state = attrs.evolve(state, opened=opened)
    return _after_move(state, board, pos, barriers, 0, CAPTURE_BONUS if eats else 0)


def _after_move(
    state: State,
    board: bytes,
    pos: tuple[int, ...],
    barriers: int,
    last: int,
    bonus: int,
) -> State:
    """After a piece moved: the player may have finished; a bonus is counted at once when
    some piece can make it (else it is lost); a 6 rolls again."""
    seat = state.turn
    if pos[4 * seat] == GOAL:
        finished = (*state.finished, seat)
        return _next_turn(state, board, pos, barriers, finished)
    if bonus:
        nxt = new_state(
            state.options, pos, board, seat, PHASE_BONUS, state.roll, bonus, state.sixes,
            last, state.finished, state.opened, barriers,
        )  # fmt: skip
        moves = _steps(nxt, seat, bonus)
        if moves:
            set_legal(nxt, tuple(moves))
            return nxt
    return _turn_over(state, board, pos, barriers, last)


def _turn_over(state: State, board: bytes, pos: tuple[int, ...], barriers: int, last: int) -> State:
    """The roll is played out: after a 6 the same player rolls again (not after the third),
    else the next one."""
    if state.roll == 6 and state.sixes < 3:
        return new_roll_state(
            state.options, pos, board, state.turn, state.sixes, last, state.finished,
            state.opened, barriers,
        )  # fmt: skip
    if not state.finished:  # the common case, as in _next_turn, one call sooner
        options = state.options
        return new_roll_state(
            options, pos, board, (state.turn + 1) % options.players, 0, NEST, (),
            state.opened, barriers,
        )  # fmt: skip
    return _next_turn(state, board, pos, barriers, state.finished)


def _next_turn(
    state: State,
    board: bytes,
    pos: tuple[int, ...],
    barriers: int,
    finished: tuple[int, ...],
) -> State:
    """Pass the die to the next player who has not finished; the last one left loses.
    Someone has finished (before that, :func:`_turn_over` and :func:`_moved` pass the die)."""
    n = state.options.players
    if len(finished) >= n - 1:
        rest = [s for s in range(n) if s not in finished]
        return new_state(
            state.options, pos, board, state.turn, PHASE_OVER, 0, 0, 0, NEST,
            (*finished, *rest), state.opened, barriers,
        )  # fmt: skip
    seat = (state.turn + 1) % n
    while seat in finished:
        seat = (seat + 1) % n
    return new_roll_state(
        state.options, pos, board, seat, 0, NEST, finished, state.opened, barriers
    )


def _relocate(pos: tuple[int, ...], seat: int, src: int, dst: int) -> tuple[int, ...]:
    """``pos`` with one piece of ``seat`` moved from ``src`` to ``dst``, kept sorted: the
    piece slides past its neighbours (one pass of an insertion sort, cheaper than sorting)."""
    i = 4 * seat
    p = list(pos)
    j = p.index(src, i)
    if dst > src:
        end = i + 3
        while j < end and p[j + 1] < dst:
            p[j] = p[j + 1]
            j += 1
    else:
        while j > i and p[j - 1] > dst:
            p[j] = p[j - 1]
            j -= 1
    p[j] = dst
    return tuple(p)


def _lift(state: State, board: bytes, barriers: int, c: int, seat: int) -> tuple[bytes, int]:
    code = _REMOVE[board[c]][seat]
    return _put(board, c, code), _mark(state, barriers, c, code)


def _drop(state: State, board: bytes, barriers: int, c: int, seat: int) -> tuple[bytes, int]:
    code = _ADD[board[c]][seat]
    return _put(board, c, code), _mark(state, barriers, c, code)


def _put(board: bytes, c: int, code: int) -> bytes:
    """``board`` with cell ``c`` holding ``code``."""
    return board[:c] + _BYTE[code] + board[c + 1 :]


def _mark(state: State, barriers: int, c: int, code: int) -> int:
    """``barriers`` with cell ``c`` marked as it now is."""
    if is_barrier(state.options, c, code):
        return barriers | 1 << c
    return barriers & ~(1 << c)


def is_barrier(options: Options, c: int, code: int) -> bool:
    """Whether cell ``c`` holding ``code`` is a barrier: two pieces of one colour (with the
    option ``barriers_on_safe_only``, only on a safe square)."""
    if not _PAIR_OF_ONE_SEAT[code]:
        return False
    return not options.barriers_on_safe_only or options.tables.safe[c]


def returns(state: State) -> tuple[float, ...]:
    """By finishing place, linear from 1.0 for the first to 0.0 for the last; all 0.0
    before the end."""
    n = state.options.players
    if state.phase != PHASE_OVER:
        return (0.0,) * n
    return tuple(1.0 - state.finished.index(seat) / (n - 1) for seat in range(n))


def evaluate(state: State) -> tuple[float, ...]:
    """The default heuristic for bots: each player's chance to win (in games of more than two,
    its expected return), estimated from its progress, the pieces in the nest, in the lane,
    in the goal and on safe squares, its barriers, the pieces that enemies 1-6 and 7-12
    squares behind could capture, and who has the die and what is still to count; the
    result at the end.  With two or four players, also from a value for each piece by
    where it stands (a bucket of four track squares, a lane square, the nest or the goal)
    and how exposed it is (in a barrier, on a safe square, how many enemies 1-6 and 7-12
    squares behind, whose turn it is).

    The weights are fitted to the outcomes of self-play games by
    ``benchmarks/fit_evaluation.py parchis`` (a logistic model, described there); those of
    two and of four players, with the pieces' values, by
    ``benchmarks/fit_parchis_tables.py`` (the same model, learnt by TD(lambda) from
    self-play; three players keep the features alone).
    """
    if state.phase == PHASE_OVER:
        return returns(state)
    players = state.options.players
    if players == 2:
        return win_chances(features(state, TABLE_2), _WEIGHTS_2)
    if players == 4:
        return win_chances(features(state, TABLE_4), _WEIGHTS_4)
    return win_chances(features(state), WEIGHTS)


#: The 2-player weights, and 1 for the sum of the pieces' values in ``TABLE_2``.
_WEIGHTS_2 = (*WEIGHTS_2, 1.0)
#: The 4-player weights, and 1 for the sum of the pieces' values in ``TABLE_4``.
_WEIGHTS_4 = (*WEIGHTS_4, 1.0)


def _why_illegal(state: State, move: object) -> str:
    """Which rule forbids ``move`` now (it is known not to be legal), citing the clause of
    the Rules section of the Parchís page, then the legal moves."""
    moves = legal_moves(state)
    legal = ", ".join(str(m) for m in moves) or "none: the game is over"
    if type(move) is not Move:
        return f"{safe_repr(move)} is not a Parchís move; legal moves: {legal}"
    wrong = wrong_field_types(move)
    if wrong is not None:
        return f"this Move is not a Parchís move: its {wrong}; legal moves: {legal}"
    if state.phase == PHASE_OVER:
        return "the game is over: no move is legal (Parchís §8.3)"
    return f"{_forbidding_rule(state, move, moves)}; legal moves: {legal}"


def _forbidding_rule(state: State, move: Move, moves: tuple[Move, ...]) -> str:
    phase = state.phase
    if phase == PHASE_ROLL:
        return "the die must be rolled first (Parchís §3.1)"
    if move.kind == ROLL:
        return "the die was already rolled: one roll a turn (Parchís §3.1)"
    if move.colour != state.options.colours[state.turn]:
        return f"it is {state.colour}'s turn (Parchís §1.4)"
    if state.sixes == 3:
        return "the third 6 in a row is lost: the turn ends (Parchís §5.3)"
    if phase == PHASE_MOVE and state.roll == 5 and moves[0].kind == OUT:
        return "a 5 must bring a piece out of the nest (Parchís §4.1)"
    if move.kind == PASS:
        return "a piece can move, so the player may not pass (Parchís §3.2)"
    if move.kind == OUT:
        if phase == PHASE_MOVE and state.roll == 5:
            return (
                "no piece can come out: the nest is empty or the exit is blocked "
                "(Parchís §4.2, §4.3)"
            )
        return "only a 5 brings a piece out of the nest (Parchís §4.1)"
    return _why_not_step(state, move)


def _why_not_step(state: State, move: Move) -> str:
    """Why the player's step ``move`` is not legal, in the words of the rule that forbids it.

    The step rules are stated once, in :func:`_steps`: this asks it again about the position
    with the obstacles taken away one at a time, and the first question whose answer lets
    the move through names the rule (a move both past the goal and blocked is past the goal,
    as :func:`_steps` checks the goal first)."""
    count = state.count
    if move.steps != count:
        rule = "§7.3" if state.phase == PHASE_BONUS else "§5.1" if count == 7 else "§3.3"
        return f"the move must count {count} (Parchís {rule})"
    seat = state.turn
    if move in _steps(state, seat, count):
        return "on a 6 a barrier must be opened when it can (Parchís §6.3)"
    unblocked = _with_board(state, _EMPTY_BOARD, 0)  # no barrier and no full square
    # There, every piece that is neither in the nest nor in the goal can step 1.
    if all(m.src != move.src for m in _steps(unblocked, seat, 1)):
        return f"no piece of {state.colour} can move from there (Parchís §3.3)"
    if move not in _steps(unblocked, seat, count):
        return f"{move} would pass the goal, which takes the exact count only (Parchís §8.1)"
    if move not in _steps(_with_board(state, _EMPTY_BOARD, state.barriers), seat, count):
        return f"{move} is blocked by a barrier on the way or on the square (Parchís §6.2)"
    return f"{move} is blocked: the square already holds two pieces (Parchís §6.1)"


def _with_board(state: State, board: tuple[int, ...], barriers: int) -> State:
    """``state`` with another board and barrier mask: what :func:`_steps` sees of the
    squares (it finds the player's own pieces in ``pos``)."""
    return attrs.evolve(state, board=board, barriers=barriers)
