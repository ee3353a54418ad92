"""Setting up Parchís games and positions: options and the position builder.

Every way into a state (:func:`~boardrules.parchis.new_game`, :func:`~boardrules.parchis.position`,
JSON) goes through :func:`_build`, which checks that the position can occur in a real game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, overload

from boardrules._typing import deprecated
from boardrules._values import cut_refusals, safe_repr
from boardrules.errors import InvalidOptionError, StateFormatError
from boardrules.game import Option, flag, resolve_options, whole_number
from boardrules.parchis._board import BOARD, GOAL, NEST, TRACK_LAST, cell_name, lane_cell
from boardrules.parchis._rules import CAPTURE_BONUS, GOAL_BONUS, _steps, is_barrier
from boardrules.parchis._state import (
    PHASE_BONUS,
    PHASE_MOVE,
    PHASE_OVER,
    PHASE_ROLL,
    PHASES,
    Options,
    State,
)

__all__ = ["OPTIONS", "PHASES", "make_options", "new_game", "options_of", "position"]

DEFAULT_COLOURS = {2: ("yellow", "red"), 3: ("yellow", "blue", "red"), 4: BOARD.colours}


_players = whole_number(2, 4, "players must be 2, 3 or 4")


def _colours(value: Any) -> tuple[str, ...] | None:
    if value is None:
        return None
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise ValueError(f"must be a list of colours among {', '.join(BOARD.colours)}")
    names = tuple(name.lower() if isinstance(name, str) else name for name in value)
    if any(name not in BOARD.colours for name in names) or len(set(names)) != len(names):
        raise ValueError(f"must be distinct colours among {', '.join(BOARD.colours)}")
    if list(names) != sorted(names, key=BOARD.colours.index):
        raise ValueError("must be listed in turn order: yellow, blue, red, green")
    return names


def _first_player(value: Any) -> int:
    if type(value) is not int or value < 0:
        raise ValueError("must be a player number 0..players-1")
    return value


#: The options of Parchís, with their defaults.
OPTIONS = (
    Option("players", 4, "number of players, 2-4", _players),
    Option(
        "colours",
        None,
        "colours in play, in turn order (default: all four; 3 players yellow, blue, red; "
        "2 players yellow and red)",
        _colours,
    ),
    Option("first_player", 0, "the player who rolls first (0..players-1)", _first_player),
    Option(
        "two_out_on_first_five",
        False,
        "variant: a player's first bring-out on a 5 brings out two pieces",
        flag,
    ),
    Option(
        "exit_capture",
        True,
        "a piece coming out onto a full exit eats an opposing piece there (off: it is blocked)",
        flag,
    ),
    Option("barriers_on_safe_only", False, "variant: barriers form only on safe squares", flag),
    Option(
        "third_six_back_to_lane_start",
        False,
        "variant: on a third 6 a last-moved piece in its lane goes back to the lane's start",
        flag,
    ),
)


def make_options(given: Mapping[str, Any]) -> Options:
    """Check the options given to :func:`~boardrules.parchis.new_game` and return them as an
    :class:`~boardrules.parchis.Options`.

    Given ``colours`` without ``players``, there are as many players as colours."""
    opts = resolve_options("parchis", OPTIONS, given)
    if "players" not in given and opts["colours"] is not None:
        if not 2 <= len(opts["colours"]) <= 4:
            raise InvalidOptionError("parchis option colours: give 2, 3 or 4 colours")
        opts["players"] = len(opts["colours"])
    players = opts["players"]
    names = DEFAULT_COLOURS[players] if opts["colours"] is None else opts["colours"]
    if len(names) != players:
        raise InvalidOptionError(f"parchis option colours: give {players} colours, one a player")
    if opts["first_player"] >= players:
        raise InvalidOptionError(f"parchis option first_player: must be 0..{players - 1}")
    return Options(
        players=players,
        colours=tuple(BOARD.colours.index(name) for name in names),
        first_player=opts["first_player"],
        two_out_on_first_five=opts["two_out_on_first_five"],
        exit_capture=opts["exit_capture"],
        barriers_on_safe_only=opts["barriers_on_safe_only"],
        third_six_back_to_lane_start=opts["third_six_back_to_lane_start"],
    )


def options_of(state: State) -> dict[str, Any]:
    """The options ``state`` was created with, as :func:`new_game` takes them."""
    o = state.options
    return {
        "players": o.players,
        "colours": [BOARD.colours[c] for c in o.colours],
        "first_player": o.first_player,
        "two_out_on_first_five": o.two_out_on_first_five,
        "exit_capture": o.exit_capture,
        "barriers_on_safe_only": o.barriers_on_safe_only,
        "third_six_back_to_lane_start": o.third_six_back_to_lane_start,
    }


# The options for a type checker (the same list as OPTIONS; tests/test_types.py compares
# them); any other keyword, or a value of another type, is reported as deprecated.
@overload
def new_game(
    *,
    players: int = 4,
    colours: Sequence[str] | None = None,
    first_player: int = 0,
    two_out_on_first_five: bool = False,
    exit_capture: bool = True,
    barriers_on_safe_only: bool = False,
    third_six_back_to_lane_start: bool = False,
) -> State: ...
@overload
@deprecated("not an option of Parchís, or a value of the wrong type")
def new_game(**options: object) -> State: ...
def new_game(**options: Any) -> State:
    """The start of a Parchís game: every piece in its nest, the first player to roll.

    >>> from boardrules.parchis import new_game
    >>> s = new_game(players=2)
    >>> s.colour, s.pos
    ('yellow', (-1, -1, -1, -1, -1, -1, -1, -1))
    """
    opts = make_options(options)
    n = opts.players
    return State(
        options=opts,
        pos=(NEST,) * (4 * n),
        board=(0,) * len(opts.tables.safe),
        turn=opts.first_player,
        phase=PHASE_ROLL,
    )


def _fail(msg: str) -> StateFormatError:
    return StateFormatError(f"impossible Parchís position: {msg}")


def _build(
    opts: Options,
    cells: Sequence[tuple[int, Sequence[int]]],
    goal: Sequence[int],
    turn: int,
    phase: int,
    roll: int,
    count: int,
    sixes: int,
    last: int,
    finished: Sequence[int],
    opened: int,
) -> State:
    """The state with pieces on ``cells`` (cell, seats in order of arrival), ``goal[s]``
    pieces of each seat in the goal and the rest in their nests; checked in full."""
    board, pos = _place(opts, cells, goal)
    _check_players(opts, pos, turn, phase, finished, opened)
    _check_turn(pos[4 * turn : 4 * turn + 4], phase, roll, count, sixes, last)
    barriers = 0
    for c, code in enumerate(board):
        if is_barrier(opts, c, code):
            barriers |= 1 << c
    state = State(
        options=opts,
        pos=tuple(pos),
        board=tuple(board),
        turn=turn,
        phase=phase,
        roll=roll,
        count=count,
        sixes=sixes,
        last=last,
        finished=tuple(finished),
        opened=opened,
        barriers=barriers,
    )
    if phase == PHASE_BONUS and not _steps(state, turn, count):
        raise _fail("a bonus is pending only when some piece can count it")
    return state


def _place(
    opts: Options, cells: Sequence[tuple[int, Sequence[int]]], goal: Sequence[int]
) -> tuple[list[int], list[int]]:
    """The board's cell codes and every seat's sorted relative positions."""
    tab = opts.tables
    board = [0] * len(tab.safe)
    places: list[list[int]] = [[] for _ in range(opts.players)]
    for c, seats in cells:
        if board[c] or not 1 <= len(seats) <= 2:
            raise _fail(f"square {cell_name(c)} holds one or two pieces, listed once")
        code = 0
        for k, seat in enumerate(seats):
            rel = tab.rel[seat][c]
            if rel < 0:
                raise _fail(f"{_colour(opts, seat)} cannot stand on {cell_name(c)}")
            places[seat].append(rel)
            code += (seat + 1) << (3 * k)
        if len(seats) == 2 and seats[0] != seats[1] and not tab.safe[c]:
            raise _fail(f"two colours share {cell_name(c)}, which is not a safe square")
        board[c] = code
    pos: list[int] = []
    for seat in range(opts.players):
        if not 0 <= goal[seat] <= 4 or len(places[seat]) + goal[seat] > 4:
            raise _fail(f"{_colour(opts, seat)} has more than four pieces")
        nest = 4 - goal[seat] - len(places[seat])
        pos += sorted([NEST] * nest + places[seat] + [GOAL] * goal[seat])
    return board, pos


def _check_players(
    opts: Options, pos: Sequence[int], turn: int, phase: int, finished: Sequence[int],
    opened: int,
) -> None:  # fmt: skip
    """Who has finished, who is in turn, who has brought a piece out."""
    n = opts.players
    if len(set(finished)) != len(finished) or any(not 0 <= s < n for s in finished):
        raise _fail("finished lists each player at most once")
    done = [s for s in range(n) if pos[4 * s] == GOAL]
    if phase == PHASE_OVER:
        if len(finished) != n or set(done) != set(finished[:-1]):
            raise _fail("a game over lists every player in finishing order")
    elif sorted(finished) != done or len(finished) >= n - 1:
        raise _fail("finished must list exactly the players with four pieces in the goal")
    if not 0 <= turn < n or (phase != PHASE_OVER and turn in finished):
        raise _fail("the player in turn must be playing")
    if not 0 <= opened < 1 << n:
        raise _fail("opened names players that are not in the game")
    for seat in range(n):
        if pos[4 * seat + 3] != NEST and not opened >> seat & 1:
            # A piece leaves the nest only by coming out, which opens the player.
            raise _fail(f"{_colour(opts, seat)} has a piece out, so it must be listed in opened")


def _check_turn(
    mine: Sequence[int], phase: int, roll: int, count: int, sixes: int, last: int
) -> None:
    """Where in the turn of the player in turn (whose pieces are ``mine``) the game stands."""
    _check_sixes(phase, roll, count, sixes, last)
    if last != NEST and last not in mine:
        raise _fail("last must be a square where a piece of the player in turn stands")
    if phase in (PHASE_ROLL, PHASE_OVER):
        if roll or count:
            raise _fail("no roll is pending before a roll or after the end")
        if (sixes == 0 and last != NEST) or (phase == PHASE_OVER and sixes):
            raise _fail("a turn starts with no sixes and no last-moved piece")
    elif phase == PHASE_MOVE:
        if sixes != 3:  # the third 6 is checked with the sixes
            _check_move(mine, roll, count, sixes)
    elif phase == PHASE_BONUS:
        _check_bonus(roll, count, sixes, last)
    else:
        raise _fail(f"phase must be one of {', '.join(PHASES)}")


def _check_sixes(phase: int, roll: int, count: int, sixes: int, last: int) -> None:
    """0-3 sixes in a row; the third leaves only its pass."""
    if not 0 <= sixes <= 3:
        raise _fail("sixes counts 0-3 sixes in a row")
    third_six = phase == PHASE_MOVE and roll == 6 and count == 0 and last == NEST
    if sixes == 3 and not third_six:
        raise _fail("a third 6 leaves only its pass: roll 6, count 0, no last-moved piece")


def _check_move(mine: Sequence[int], roll: int, count: int, sixes: int) -> None:
    """A die to move: the count is the die, or 7 for a 6 with no piece in the nest."""
    expect = 7 if roll == 6 and mine[0] != NEST else roll
    if not 1 <= roll <= 6 or count != expect or (roll == 6) != (sixes > 0):
        raise _fail("the pending move must count the die (a 6 counts 7 with no piece home)")


def _check_bonus(roll: int, count: int, sixes: int, last: int) -> None:
    """A bonus is earned by the piece just moved: 10 for reaching the goal, 20 for eating a
    piece, which only happens on a track square."""
    if not 1 <= roll <= 6 or count not in (10, 20) or (roll == 6) != (sixes > 0):
        raise _fail("a bonus counts 10 or 20 after a roll of 1-6")
    if count == GOAL_BONUS and last != GOAL:
        raise _fail("a bonus of 10 is earned by the piece just moved into the goal: last is goal")
    if count == CAPTURE_BONUS and not 0 <= last <= TRACK_LAST:
        raise _fail("a bonus of 20 is earned by the piece that just ate: last is its track square")


def _colour(opts: Options, seat: int) -> str:
    return BOARD.colours[opts.colours[seat]]


_SQUARE = re.compile(r"(\d{1,2})|L([1-7])|(?:(yellow|blue|red|green) L([1-7]))")


def _cell_of(name: object, colour: int, where: str) -> int:
    """The cell of a square name: ``"12"``/``12``, ``"L3"`` (the colour's lane) or
    ``"yellow L3"``."""
    if type(name) is int:
        if not 1 <= name <= BOARD.squares:
            raise _fail(f"{where}: track squares are numbered 1-{BOARD.squares}")
        return name - 1
    m = _SQUARE.fullmatch(name) if isinstance(name, str) else None
    if m is None:
        raise _fail(f"{where}: {safe_repr(name)} is not a square (1-68, L1-L7, nest or goal)")
    if m.group(1):
        square = int(m.group(1))
        if not 1 <= square <= BOARD.squares:
            raise _fail(f"{where}: track squares are numbered 1-{BOARD.squares}")
        return square - 1
    if m.group(2):
        return lane_cell(colour, int(m.group(2)))
    return lane_cell(BOARD.colours.index(m.group(3)), int(m.group(4)))


def _seat_of(opts: Options, name: object, where: str) -> int:
    if type(name) is int and 0 <= name < opts.players:
        return name
    names = [BOARD.colours[c] for c in opts.colours]
    if name in names:
        return names.index(name)
    raise _fail(f"{where}: {safe_repr(name)} is not a colour in play ({', '.join(names)})")


def position(
    pieces: Mapping[str, Sequence[int | str]] | None = None,
    *,
    turn: int | str = 0,
    roll: int | None = None,
    bonus: int | None = None,
    sixes: int | None = None,
    last: int | str | None = None,
    finished: Sequence[int | str] = (),
    opened: Sequence[int | str] | None = None,
    **options: Any,
) -> State:
    """A position set up by hand, for tests, puzzles and analysis.

    ``pieces`` maps a colour to where its pieces stand: track squares ``1``-``68``, ``"L1"``-
    ``"L7"`` in its own lane, ``"goal"``; pieces not listed are in the nest.  Where two pieces
    share a square they arrive in the order listed (colours in mapping order).  ``turn`` is
    the player in turn (seat or colour).  Without ``roll`` that player is about to roll;
    with ``roll`` they must move that die; with ``bonus`` (10 or 20) too, they must count the
    bonus first.  ``last`` is the square of the piece they moved last this turn (with
    ``bonus``, the piece that earned it: by default the goal for 10, and for 20 the player's
    piece on its exit or its only track square), ``sixes`` the sixes rolled in a row
    (by default 1 when ``roll`` is 6), ``opened`` players who have brought a piece out
    before (every player with a piece out of the nest has, so they count whether listed or
    not; list a player whose pieces are all back in the nest).
    Other keywords are game options.

    >>> from boardrules.parchis import position
    >>> from boardrules.parchis import legal_moves
    >>> s = position({"yellow": [12, 12], "red": [30]}, turn="yellow", roll=6, players=2)
    >>> [str(m) for m in legal_moves(s)]
    ['12+6']
    """
    with cut_refusals():  # a hostile value may be repeated whole
        if pieces is not None and not isinstance(pieces, Mapping):
            raise _fail(f"pieces: a mapping of colours to their squares, not {safe_repr(pieces)}")
        opts = make_options(options)
        turn_seat = _seat_of(opts, turn, "turn")
        cells, goal = _placed(opts, pieces or {})
        last_rel = _last_of(opts, cells, turn_seat, last, bonus)
        if bonus is not None and roll is None:
            raise _fail("give the roll that earned the bonus too")
        phase, count = _phase_of(cells, goal, turn_seat, roll, bonus)
        if sixes is None:
            sixes = 1 if roll == 6 else 0
        if sixes == 3 and phase == PHASE_MOVE:
            count = 0  # the third 6 counts nothing: only its pass is left
        seats_out = {s for seats in cells.values() for s in seats} | {
            s for s in range(opts.players) if goal[s]
        }
        opened_mask = 0
        _listed(opts, opened or (), "opened")
        for who in [*sorted(seats_out), *(opened or ())]:
            opened_mask |= 1 << _seat_of(opts, who, "opened")
        _listed(opts, finished, "finished")
        finished_seats = [_seat_of(opts, who, "finished") for who in finished]
        _whole(roll, "roll: a die 1-6")
        _whole(sixes, "sixes: the sixes rolled in a row, 0-3")
        return _build(opts, sorted(cells.items()), goal, turn_seat, phase, roll or 0, count,
                      sixes, last_rel, finished_seats, opened_mask)  # fmt: skip


def _whole(value: object, allowed: str) -> None:
    """Refuses a keyword that is neither a whole number nor None, before it is compared (True
    and False too: the state's JSON would not read them back)."""
    if value is not None and type(value) is not int:
        raise _fail(f"{allowed}, not {safe_repr(value)}")


def _listed(opts: Options, values: object, what: str) -> None:
    """Refuses a keyword that should list players but is not a list."""
    if not isinstance(values, Iterable):
        names = ", ".join(BOARD.colours[c] for c in opts.colours)
        raise _fail(f"{what}: a list of colours in play ({names}), not {safe_repr(values)}")


def _placed(
    opts: Options, pieces: Mapping[str, Sequence[int | str]]
) -> tuple[dict[int, list[int]], list[int]]:
    """The seats on each cell in order of arrival, and each seat's pieces in the goal."""
    cells: dict[int, list[int]] = {}
    goal = [0] * opts.players
    for colour_name, places in pieces.items():
        seat = _seat_of(opts, colour_name, "pieces")
        if isinstance(places, str) or not isinstance(places, Sequence):
            raise _fail(f"pieces of {colour_name}: a list of squares, not {safe_repr(places)}")
        for place in places:
            if place == "goal":
                goal[seat] += 1
            elif place != "nest":
                c = _cell_of(place, opts.colours[seat], f"pieces of {colour_name}")
                cells.setdefault(c, []).append(seat)
    return cells, goal


def _last_of(
    opts: Options,
    cells: Mapping[int, list[int]],
    seat: int,
    last: int | str | None,
    bonus: int | None,
) -> int:
    """The relative position of the piece ``seat`` moved last (``NEST``: none)."""
    if last == "goal":
        return GOAL
    if last is not None:
        return opts.tables.rel[seat][_cell_of(last, opts.colours[seat], "last")]
    if bonus is not None:
        return _bonus_earner(opts, cells, seat, bonus)
    return NEST


def _phase_of(
    cells: Mapping[int, list[int]],
    goal: Sequence[int],
    seat: int,
    roll: int | None,
    bonus: int | None,
) -> tuple[int, int]:
    """The phase and the count to move: a bonus, else the die (a 6 counts 7 with no piece
    of ``seat`` in the nest), else none before the roll."""
    if bonus is not None:
        return PHASE_BONUS, bonus
    if roll is None:
        return PHASE_ROLL, 0
    if roll == 6 and _none_home(cells, goal, seat):
        return PHASE_MOVE, 7
    return PHASE_MOVE, roll


def _bonus_earner(opts: Options, cells: Mapping[int, list[int]], seat: int, bonus: int) -> int:
    """The relative position of the piece that earned ``bonus`` when ``position`` is not told:
    the goal for 10; for 20 the piece on the player's exit (it came out and ate), else the
    player's only occupied track square."""
    if bonus != CAPTURE_BONUS:
        return GOAL
    rel = opts.tables.rel[seat]
    track = sorted({rel[c] for c, seats in cells.items() if seat in seats} & set(range(64)))
    if (track and track[0] == 0) or len(track) == 1:
        return track[0]
    raise _fail("give last: the square of the piece that ate and earned the bonus of 20")


def _none_home(cells: Mapping[int, list[int]], goal: Sequence[int], seat: int) -> bool:
    return sum(s == seat for seats in cells.values() for s in seats) + goal[seat] == 4
