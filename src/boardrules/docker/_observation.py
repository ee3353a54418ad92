"""What one Docker player sees: planes over the pitch turned to that player's side.

The observation has shape ``(C, size, size)`` (``C`` planes over the 3 × 3 pitch, row
``y``, column ``x``), turned as the action numbers are, so that the observer's entry square
is always ``b1``.  Seats are relative: seat ``k`` is the player ``k`` places after the
observer in turn order (``k = 0`` is the observer).  With ``n`` players and ``H = 3 n`` (the
highest possible tower) the planes are, in order:

====================  =========  ============================================================
planes                count      value on a square
====================  =========  ============================================================
pieces                ``n * H``  plane ``k * H + h``: 1 where seat ``k``'s piece stands at
                                 height ``h`` (0 = bottom) of the tower
tops                  ``n``      1 where seat ``k``'s piece is the top of the tower
height                1          the tower's height divided by ``H``
entries               ``n``      1 on seat ``k``'s entry square
reserve               ``n``      everywhere: seat ``k``'s pieces off the pitch, divided by 3
eliminated            ``n``      everywhere: 1 if seat ``k`` is eliminated
to move               ``n``      everywhere: 1 on seat ``k``'s plane if seat ``k`` rolls or
                                 decides now (all 0 once the game is over)
phase                 3          everywhere: 1 on the first plane before the roll, on the
                                 second once the die is rolled, on the third when it is over
die                   6          everywhere: 1 on plane ``v - 1`` once the die shows ``v``
====================  =========  ============================================================

Every value is in ``[0, 1]``; nothing of the game is hidden.

>>> from boardrules.docker import observation, observation_shape
>>> import boardrules as br
>>> s = br.new_game("docker", players=2)
>>> observation_shape(s)
(32, 3, 3)
>>> len(observation(s, 0)) == 32 * 9
True
"""

from __future__ import annotations

from functools import cache

from boardrules._encoding import check_seat
from boardrules.docker._actions import frame
from boardrules.docker._board import FACES
from boardrules.docker._state import PIECES, Options, State
from boardrules.game import FloatBuffer

__all__ = ["observation", "observation_into", "observation_shape", "observation_string"]


def _planes(players: int) -> int:
    return players * PIECES * players + 5 * players + 1 + 3 + FACES


def observation_shape(state: State) -> tuple[int, ...]:
    """``(planes, size, size)``: ``(32, 3, 3)`` for 2 players, ``(78, 3, 3)`` for 4."""
    size = state.options.pitch.size
    return (_planes(state.options.players), size, size)


@cache
def _layout(options: Options, observer: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The observer's turned square of each square (its index in a plane), and the indices
    of the entry squares' ones (they do not change in a game)."""
    pitch, n = options.pitch, options.players
    view = frame(pitch, options.sides[observer]).view
    squares = pitch.squares
    plane = n * PIECES * n + n + 1
    entries = tuple(
        (plane + k) * squares + view[options.entries[(observer + k) % n]] for k in range(n)
    )
    return view, entries


def observation(state: State, player: int) -> tuple[float, ...]:
    """What ``player`` sees of ``state``, flat (row-major over :func:`observation_shape`)."""
    out = [0.0] * (_planes(state.options.players) * state.options.pitch.squares)
    observation_into(state, player, out)
    return tuple(out)


def observation_into(state: State, player: int, out: FloatBuffer) -> None:
    """Write :func:`observation` into ``out``, a buffer of zeros of the right length."""
    options = state.options
    n = options.players
    observer = check_seat(player, n)
    view, entries = _layout(options, observer)
    squares = options.pitch.squares
    high = PIECES * n
    tops = n * high * squares
    heights = tops + n * squares
    for square, tower in enumerate(state.towers):
        if tower:
            at = view[square]
            for h, owner in enumerate(tower):
                out[((owner - observer) % n * high + h) * squares + at] = 1.0
            out[tops + (tower[-1] - observer) % n * squares + at] = 1.0
            out[heights + at] = len(tower) / high
    for at in entries:
        out[at] = 1.0
    plane = heights + squares + n * squares  # the reserve planes
    for seat, count in enumerate(state.reserve):
        if count:
            _fill(out, plane + (seat - observer) % n * squares, squares, count / PIECES)
    plane += n * squares
    for seat in state.eliminated:
        _fill(out, plane + (seat - observer) % n * squares, squares, 1.0)
    plane += n * squares
    over = len(state.eliminated) == n - 1
    if not over:
        _fill(out, plane + (state.turn - observer) % n * squares, squares, 1.0)
    plane += n * squares
    phase = 2 if over else (1 if state.roll else 0)
    _fill(out, plane + phase * squares, squares, 1.0)
    if state.roll:
        _fill(out, plane + (3 + state.roll - 1) * squares, squares, 1.0)


def _fill(out: FloatBuffer, start: int, length: int, value: float) -> None:
    for at in range(start, start + length):
        out[at] = value


def observation_string(state: State, player: int) -> str:
    """The pitch as ``player`` sees it (turned to their side, seats relative), for debugging.

    >>> from boardrules.docker import observation_string
    >>> import boardrules as br
    >>> s = br.new_game("docker", players=2)
    >>> print(observation_string(s, 1))
    seat 1 (1 after you) to roll; reserves 3 3; eliminated: none
    3  .   .   .
    2  .   .   .
    1  .   .   .
       a   b   c
    """
    options = state.options
    n = options.players
    observer = check_seat(player, n)
    view = frame(options.pitch, options.sides[observer]).view
    size = options.pitch.size
    cells = [""] * options.pitch.squares
    for square, tower in enumerate(state.towers):
        cells[view[square]] = "".join(str((o - observer) % n) for o in tower)
    over = len(state.eliminated) == n - 1
    mover = (state.turn - observer) % n
    who = "you" if mover == 0 else f"{mover} after you"
    if over:
        status = f"game over, seat {mover} ({who}) wins"
    elif state.roll:
        status = f"seat {mover} ({who}) rolled {state.roll}"
    else:
        status = f"seat {mover} ({who}) to roll"
    reserves = " ".join(str(state.reserve[(observer + k) % n]) for k in range(n))
    out = sorted((p - observer) % n for p in state.eliminated)
    lines = [f"{status}; reserves {reserves}; eliminated: {' '.join(map(str, out)) or 'none'}"]
    for y in range(size - 1, -1, -1):
        row = "  ".join(f"{cells[y * size + x] or '.':<2}" for x in range(size))
        lines.append(f"{y + 1}  {row}".rstrip())
    lines.append("   " + "   ".join("abcdefghi"[:size]))
    return "\n".join(lines)
