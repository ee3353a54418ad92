"""What one Parchís player sees, as a flat vector from that player's seat.

Everything is relative to the observer: seat ``k`` is the player ``k`` places after the
observer in turn order (``k = 0`` is the observer), and the 68 track squares are counted
from the observer's exit (track index 0 is the observer's exit, 63 its last track square),
so the board is turned to the observer's seat.  With ``n`` players the vector holds ``n``
blocks of ``146 + n`` values, one per seat ``k``, then the values of the turn:

=================  =====  ==================================================================
values             count  meaning
=================  =====  ==================================================================
**seat block**
nest               1      seat ``k``'s pieces in its nest, divided by 4
track              68     seat ``k``'s pieces on each track square (by track index), / 2
lane               7      seat ``k``'s pieces on each square L1-L7 of its own lane, / 2
goal               1      seat ``k``'s pieces in the goal, divided by 4
arrived second     68     1 where seat ``k``'s piece shares a track square with another
                          seat's piece and arrived after it (a piece coming out onto a full
                          exit captures the later arrival)
place              n      1 at ``p`` when seat ``k`` has finished in place ``p`` (0 = first)
opened             1      1 once seat ``k`` has brought a piece out (the variant
                          ``two_out_on_first_five`` looks at it)
**the turn**
to move            n      1 at the seat that rolls or moves now (all 0 once it is over)
phase              4      one-hot: roll, move the die, move a bonus, game over
die                6      one-hot: the die of the current roll (all 0 before it)
count              9      one-hot: the squares the pending move covers, 1-7, 10 or 20
sixes              3      one-hot: 1, 2 or 3 sixes rolled in a row this turn
last moved         75     one-hot: where the piece the mover moved last this turn stands,
                          68 track squares then 7 squares of the mover's lane
=================  =====  ==================================================================

Every value is in ``[0, 1]``; nothing is hidden.

>>> from boardrules.parchis import observation, observation_shape
>>> import boardrules as br
>>> s = br.new_game("parchis", players=4)
>>> observation_shape(s)
(701,)
>>> o = observation(s, 2)
>>> o[0], sum(o[1:150])  # the observer's four pieces are in the nest
(1.0, 0.0)
"""

from __future__ import annotations

import attrs

from boardrules._encoding import check_seat
from boardrules.game import FloatBuffer
from boardrules.parchis._board import BOARD, GOAL, LANE_FIRST, NEST, TRACK_LAST, Tables
from boardrules.parchis._setup import PHASES
from boardrules.parchis._state import PHASE_OVER, Options, State

__all__ = ["observation", "observation_into", "observation_shape", "observation_string"]

_TRACK = BOARD.squares
_LANE = BOARD.lane_length
# Offsets inside a seat block.
_NEST, _ON_TRACK, _ON_LANE = 0, 1, 1 + _TRACK
_GOAL = _ON_LANE + _LANE
_SECOND = _GOAL + 1
_PLACE = _SECOND + _TRACK
_COUNTS = {c: i for i, c in enumerate((1, 2, 3, 4, 5, 6, 7, 10, 20))}
_LAST = _TRACK + _LANE


def _block(players: int) -> int:
    return _PLACE + players + 1


def _size(players: int) -> int:
    return players * _block(players) + players + len(PHASES) + 6 + len(_COUNTS) + 3 + _LAST


def observation_shape(state: State) -> tuple[int, ...]:
    """``(n * (146 + n) + n + 97,)``: 395 values for 2 players, 701 for 4."""
    return (_size(state.options.players),)


@attrs.frozen(eq=False)
class _View:
    """Where each fact lands in one observer's vector, worked out once per seating."""

    #: Per seat, by relative position (0 .. goal, the nest at -1): the index a piece adds to.
    where: tuple[tuple[int, ...], ...]
    #: Per seat, by relative position: the index of "moved last" (-1: never).
    last: tuple[tuple[int, ...], ...]
    #: ``(cell, marks)`` for each safe track square, ``marks[code]`` the index of "arrived
    #: second" for seat code ``code`` (seat + 1): only there can two colours share a square.
    seconds: tuple[tuple[int, tuple[int, ...]], ...]
    #: Per seat: the index of its place 0 (then 1, 2, ...).
    places: tuple[int, ...]
    #: Per bit mask of opened seats: the indices of their "opened" values.
    opened: tuple[tuple[int, ...], ...]
    #: Per seat: the index of "to move".
    mover: tuple[int, ...]
    #: The first index of the phase, die, count and sixes values.
    phase: int
    die: int
    count: int
    sixes: int


# One view per seating's tables and observer, looked up by the tables' identity (they are
# shared by every game of a seating), which is cheaper than hashing the options.
_VIEWS: dict[int, tuple[Tables, tuple[_View, ...]]] = {}


def _views(options: Options) -> tuple[_View, ...]:
    tables = options.tables
    entry = _VIEWS.get(id(tables))
    if entry is None or entry[0] is not tables:
        views = tuple(_view(options, observer) for observer in range(options.players))
        entry = _VIEWS[id(tables)] = (tables, views)
    return entry[1]


def _view(options: Options, observer: int) -> _View:
    n, tables = options.players, options.tables
    block = _block(n)
    seen_from = tables.cell[observer][0]
    bases = [(seat - observer) % n * block for seat in range(n)]
    mover = n * block
    phase = mover + n
    die = phase + len(PHASES)
    count = die + 6
    sixes = count + len(_COUNTS)
    last_at = sixes + 3
    where, last = [], []
    for seat, base in enumerate(bases):
        row, lasts = [], []
        for r in range(GOAL):
            if r <= TRACK_LAST:
                turned = (tables.cell[seat][r] - seen_from) % _TRACK
                row.append(base + _ON_TRACK + turned)
                lasts.append(last_at + turned)
            else:
                row.append(base + _ON_LANE + r - LANE_FIRST)
                lasts.append(last_at + _TRACK + r - LANE_FIRST)
        row += [base + _GOAL, base + _NEST]
        lasts += [-1, -1]
        where.append(tuple(row))
        last.append(tuple(lasts))
    seconds = tuple(
        (cell, (-1, *(b + _SECOND + (cell - seen_from) % _TRACK for b in bases)))
        for cell in range(_TRACK)
        if tables.safe[cell]
    )
    opened = tuple(
        tuple(bases[s] + _PLACE + n for s in range(n) if mask >> s & 1) for mask in range(1 << n)
    )
    return _View(
        where=tuple(where),
        last=tuple(last),
        seconds=seconds,
        places=tuple(b + _PLACE for b in bases),
        opened=opened,
        mover=tuple(mover + (seat - observer) % n for seat in range(n)),
        phase=phase,
        die=die - 1,  # indexed by the die, 1-6
        count=count,
        sixes=sixes - 1,  # indexed by the sixes, 1-3
    )


# How much one piece adds where it stands (nest and goal hold 4, a square 2), indexed as
# the view's rows: relative position, the nest (-1) last.
_WEIGHT = (*([0.5] * GOAL), 0.25, 0.25)


def observation(state: State, player: int) -> tuple[float, ...]:
    """What ``player`` sees of ``state`` (the game's page tables its channels)."""
    out = [0.0] * _size(state.options.players)
    observation_into(state, player, out)
    return tuple(out)


def observation_into(state: State, player: int, out: FloatBuffer) -> None:
    """Write :func:`observation` into ``out``, a buffer of zeros of the right length."""
    views = _views(state.options)
    if type(player) is not int or not 0 <= player < len(views):
        player = check_seat(player, len(views))
    view = views[player]
    _write_seats(state, view, out)
    _write_turn(state, view, out)


def _write_seats(state: State, view: _View, out: FloatBuffer) -> None:
    """The seat blocks: pieces, who arrived second, places and who has opened."""
    pos, weight = state.pos, _WEIGHT
    for seat, row in enumerate(view.where):
        for r in pos[4 * seat : 4 * seat + 4]:
            out[row[r]] += weight[r]
    board = state.board
    for cell, marks in view.seconds:
        pair = board[cell]
        if pair >= 8 and pair & 7 != pair >> 3:
            out[marks[pair >> 3]] = 1.0
    for place, seat in enumerate(state.finished):
        out[view.places[seat] + place] = 1.0
    for at in view.opened[state.opened]:
        out[at] = 1.0


def _write_turn(state: State, view: _View, out: FloatBuffer) -> None:
    """The values of the turn: who moves, the phase, the die, the count, the sixes, the
    piece moved last."""
    phase = state.phase
    out[view.phase + phase] = 1.0
    if phase == PHASE_OVER:
        return
    out[view.mover[state.turn]] = 1.0
    if state.roll:
        out[view.die + state.roll] = 1.0
        if state.count:
            out[view.count + _COUNTS[state.count]] = 1.0
        if state.sixes:
            out[view.sixes + state.sixes] = 1.0
    if state.last != NEST:
        out[view.last[state.turn][state.last]] = 1.0


def observation_string(state: State, player: int) -> str:
    """Where every piece stands as ``player`` sees it (seats relative, track squares
    counted from the observer's exit), and the turn, for debugging.

    >>> from boardrules.parchis import observation_string
    >>> import boardrules as br
    >>> s = br.new_game("parchis", players=2)
    >>> print(observation_string(s, 1))
    seat 0 (you): nest 4, track -, lane -, goal 0
    seat 1: nest 4, track -, lane -, goal 0
    phase roll, seat 1 to move
    """
    options = state.options
    n = options.players
    observer = check_seat(player, n)
    seen_from = options.tables.cell[observer][0]
    lines = []
    for k in range(n):
        seat = (observer + k) % n
        mine = state.pos[4 * seat : 4 * seat + 4]
        cell = options.tables.cell[seat]
        track = sorted((cell[r] - seen_from) % _TRACK for r in mine if NEST < r <= TRACK_LAST)
        lane = [f"L{r - LANE_FIRST + 1}" for r in mine if LANE_FIRST <= r < GOAL]
        name = "seat 0 (you)" if k == 0 else f"seat {k}"
        lines.append(
            f"{name}: nest {mine.count(NEST)}, track {' '.join(map(str, track)) or '-'}, "
            f"lane {' '.join(lane) or '-'}, goal {mine.count(GOAL)}"
        )
    turn = f"phase {PHASES[state.phase]}"
    if state.phase != PHASE_OVER:
        turn += f", seat {(state.turn - observer) % n} to move"
    if state.roll:
        turn += f", die {state.roll}, count {state.count}"
    if state.sixes:
        turn += f", sixes {state.sixes}"
    lines.append(turn)
    return "\n".join(lines)
