"""What one Dorada player sees, as a flat vector from that player's seat.

Seats are relative: seat ``k`` is the player ``k`` places after the observer in turn order
(``k = 0`` is the observer).  All players share the path, so fields are not turned.  With
``n`` players, ``F`` running fields and ``D = 4 n`` (the most pieces a stack can hold) the
vector holds, in this order:

==============  ===========  =================================================================
values          count        meaning
==============  ===========  =================================================================
stacks          ``n * D*F``  index ``(k * D + d) * F + f - 1``: 1 where seat ``k``'s piece
                             lies ``d`` pieces below the top of the stack on field ``f``
                             (``d = 0`` is the top piece, the only free one)
bridges         ``n * F``    1 where seat ``k``'s lost piece lies in stumble field ``f``
                             (it is a bridge there)
board           ``5 * F``    the board (fixed in a game): stumble fields, gold fields, the
                             last jump field, and on a jump field its number of free fields
                             divided by ``F``, forward then backward
start           ``n``        seat ``k``'s pieces on its start field, divided by 4
DORADA          ``D * n``    index ``d * n + k``: 1 where the piece ``d`` places below the
                             top of the goal stack is seat ``k``'s (the top scores most)
to move         ``n``        1 at the seat that rolls or moves now (all 0 once it is over)
phase           3            one-hot: roll, move, game over
die             6            one-hot: the number rolled (all 0 before the roll)
==============  ===========  =================================================================

Every value is in ``[0, 1]``; nothing is hidden.

>>> from boardrules.dorada import observation, observation_shape
>>> import boardrules as br
>>> s = br.new_game("dorada", players=2)
>>> observation_shape(s)
(949,)
>>> o = observation(s, 0)
>>> o[-29:-27]  # both players' four pieces on their start fields
(1.0, 1.0)
"""

from __future__ import annotations

import attrs

from boardrules._encoding import check_seat
from boardrules._lru import LRU
from boardrules.dorada._board import Board, Field
from boardrules.dorada._state import NO_BRIDGE, PIECES, State
from boardrules.game import TERMINAL, FloatBuffer

__all__ = ["observation", "observation_into", "observation_shape", "observation_string"]

_PHASES = ("roll", "move", "over")


@attrs.frozen(eq=False)
class _Layout:
    """Where each fact lands in the vector of a game with ``players`` on ``board``."""

    players: int
    fields: int
    depth: int
    stacks: int
    bridges: int
    board: tuple[int, ...]  # the indices of the board's non-zero values
    board_values: tuple[float, ...]
    start: int
    dorada: int
    mover: int
    phase: int
    die: int
    size: int


#: At most this many layouts are kept: user boards are many, a run plays on few at a time.
LAYOUTS_SIZE = 64
_LAYOUTS: LRU[tuple[int, Board], _Layout] = LRU(LAYOUTS_SIZE)


def _layout(players: int, board: Board) -> _Layout:
    key = (players, board)
    # Read directly, as LRU allows: a hit is not refreshed, since that would hash the board
    # again (most of an observation's cost when it was).
    found = _LAYOUTS.items.get(key)
    if found is None:
        found = _build(players, board)
        _LAYOUTS.put(key, found)
    return found


def _build(n: int, board: Board) -> _Layout:
    f, depth = board.fields, PIECES * n
    stacks = 0
    bridges = stacks + n * depth * f
    at = bridges + n * f
    where, values = [], []
    for field in range(1, f + 1):
        kind, by = board.kinds[field], board.jump_by[field]
        plane = {Field.STUMBLE: 0, Field.GOLD: 1, Field.LAST_JUMP: 2}.get(kind)
        if plane is not None:
            where.append(at + plane * f + field - 1)
            values.append(1.0)
        if kind is Field.JUMP or kind is Field.LAST_JUMP:
            where.append(at + (3 if by > 0 else 4) * f + field - 1)
            values.append(abs(by) / f)
    start = at + 5 * f
    dorada = start + n
    mover = dorada + depth * n
    phase = mover + n
    die = phase + len(_PHASES)
    return _Layout(
        n, f, depth, stacks, bridges, tuple(where), tuple(values), start, dorada, mover,
        phase, die - 1, die + 6,
    )  # fmt: skip


def observation_shape(state: State) -> tuple[int, ...]:
    """``(4 n² F + n F + 5 F + 4 n² + 2 n + 9,)``: 949 values for 2 players on
    ``classic-40``, 3001 for 4."""
    return (_layout(state.options.players, state.options.board).size,)


def observation(state: State, player: int) -> tuple[float, ...]:
    """What ``player`` sees of ``state`` (the game's page tables its channels)."""
    layout = _layout(state.options.players, state.options.board)
    out = [0.0] * layout.size
    observation_into(state, player, out)
    return tuple(out)


def observation_into(state: State, player: int, out: FloatBuffer) -> None:
    """Write :func:`observation` into ``out``, a buffer of zeros of the right length."""
    options = state.options
    layout = _layout(options.players, options.board)
    observer = check_seat(player, layout.players)
    _write_path(state, layout, observer, out)
    for at, value in zip(layout.board, layout.board_values, strict=True):
        out[at] = value
    _write_off_path(state, layout, observer, out)
    _write_turn(state, layout, observer, out)


def _write_path(state: State, layout: _Layout, observer: int, out: FloatBuffer) -> None:
    """The stacks on the path and the bridges in the stumble fields."""
    n, f, depth = layout.players, layout.fields, layout.depth
    for field, stack in enumerate(state.track):
        if stack:
            top = len(stack) - 1
            for height, owner in enumerate(stack):
                out[((owner - observer) % n * depth + top - height) * f + field - 1] = 1.0
    for field, owner in enumerate(state.bridges):
        if owner != NO_BRIDGE:
            out[layout.bridges + (owner - observer) % n * f + field - 1] = 1.0


def _write_off_path(state: State, layout: _Layout, observer: int, out: FloatBuffer) -> None:
    """The pieces on their start fields and the goal stack DORADA."""
    n = layout.players
    for seat, count in enumerate(state.start):
        if count:
            out[layout.start + (seat - observer) % n] = count / PIECES
    top = len(state.dorada) - 1
    for height, owner in enumerate(state.dorada):
        out[layout.dorada + (top - height) * n + (owner - observer) % n] = 1.0


def _write_turn(state: State, layout: _Layout, observer: int, out: FloatBuffer) -> None:
    """Who is to move, the phase and the die."""
    if state.turn == TERMINAL:
        out[layout.phase + 2] = 1.0
        return
    out[layout.mover + (state.turn - observer) % layout.players] = 1.0
    if state.roll:
        out[layout.phase + 1] = 1.0
        out[layout.die + state.roll] = 1.0
    else:
        out[layout.phase] = 1.0


def observation_string(state: State, player: int) -> str:
    """The stacks, start fields and DORADA as ``player`` sees them (seats relative, stacks
    bottom to top), for debugging.

    >>> from boardrules.dorada import observation_string
    >>> import boardrules as br
    >>> s = br.new_game("dorada", players=2)
    >>> print(observation_string(s, 1))
    seat 1 (1 after you) to roll
    start: 4 4
    path: -
    DORADA (bottom to top): -
    """
    n = state.options.players
    observer = check_seat(player, n)

    def rel(owner: int) -> str:
        return str((owner - observer) % n)

    if state.turn == TERMINAL:
        status = "game over"
    else:
        mover = (state.turn - observer) % n
        who = "you" if mover == 0 else f"{mover} after you"
        done = f"rolled {state.roll}" if state.roll else "to roll"
        status = f"seat {mover} ({who}) {done}"
    start = " ".join(str(state.start[(observer + k) % n]) for k in range(n))
    path = [f"{f}:{''.join(map(rel, stack))}" for f, stack in enumerate(state.track) if stack]
    path += [f"{f}:bridge {rel(o)}" for f, o in enumerate(state.bridges) if o != NO_BRIDGE]
    goal = "".join(map(rel, state.dorada)) or "-"
    return "\n".join(
        [
            status,
            f"start: {start}",
            f"path: {' '.join(path) or '-'}",
            f"DORADA (bottom to top): {goal}",
        ]
    )
