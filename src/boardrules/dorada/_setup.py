"""Setting up Dorada: the options (players, first player, board, tie-break), the opening
position and any position built from named fields, checked as strictly as a JSON document."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, overload

from boardrules._typing import deprecated
from boardrules._values import cut_refusals, renamed
from boardrules.dorada._board import CLASSIC_40, Board, Field, board_option, board_to_option
from boardrules.dorada._state import NO_BRIDGE, PIECES, TIE_BREAKS, Options, State
from boardrules.errors import InvalidOptionError, StateFormatError
from boardrules.game import TERMINAL, Option, resolve_options, whole_number

__all__ = ["OPTIONS", "build_state", "make_options", "new_game", "options_of", "position"]


_players = whole_number(2, 4, "Dorada is played by 2, 3 or 4 players")
_first_player = whole_number(0, 3, "the first player is a seat number 0..players-1")


def _tie_break(value: Any) -> str:
    if value not in TIE_BREAKS:
        raise ValueError(f"allowed: {', '.join(map(repr, TIE_BREAKS))}")
    return str(value)


#: The options of Dorada.
OPTIONS: tuple[Option, ...] = (
    Option("players", 4, "number of players, 2 to 4", _players),
    Option(
        "first_player",
        0,
        "the seat that begins (the rulebook: the youngest player); play goes clockwise, "
        "in increasing seat order",
        _first_player,
    ),
    Option(
        "board",
        CLASSIC_40.name,
        "a built-in board's name ('classic-40') or a board as data (see board_from_spec)",
        board_option,
    ),
    Option(
        "tie_break",
        "share",
        "'share': equal totals share the win; 'highest-piece': the owner of the highest "
        "piece in DORADA among them wins",
        _tie_break,
        TIE_BREAKS,
    ),
)


def make_options(given: Mapping[str, Any]) -> Options:
    """Check the options of a new game; a bad one raises :class:`~boardrules.InvalidOptionError`."""
    values = resolve_options("dorada", OPTIONS, given)
    if values["first_player"] >= values["players"]:
        raise InvalidOptionError(
            f"dorada option first_player={values['first_player']!r}: the first player is a "
            f"seat number 0..{values['players'] - 1}"
        )
    return Options(**values)


def options_of(state: State) -> dict[str, Any]:
    """The options of ``state``'s game as JSON-ready values that ``new_game`` accepts again
    (a built-in board by its name, a user board as its data)."""
    options = state.options
    return {
        "players": options.players,
        "first_player": options.first_player,
        "board": board_to_option(options.board),
        "tie_break": options.tie_break,
    }


# The options for a type checker (the same list as OPTIONS; tests/test_types.py compares
# them); any other keyword, or a value of another type, is reported as deprecated.
@overload
def new_game(
    *,
    players: int = 4,
    first_player: int = 0,
    board: str | Board | Mapping[str, Any] = "classic-40",
    tie_break: Literal["share", "highest-piece"] = "share",
) -> State: ...
@overload
@deprecated("not an option of Dorada, or a value of the wrong type")
def new_game(**options: object) -> State: ...
def new_game(**options: Any) -> State:
    """The opening position: every player's four pieces stacked on its start field and the
    first player about to roll.

    >>> from boardrules.dorada import new_game
    >>> s = new_game(players=2)
    >>> s.start, s.dorada, s.turn
    ((4, 4), (), 0)
    """
    opts = make_options(options)
    fields = opts.board.fields
    return State(
        options=opts,
        start=(PIECES,) * opts.players,
        track=((),) * (fields + 1),
        bridges=(NO_BRIDGE,) * (fields + 1),
        dorada=(),
        turn=opts.first_player,
        roll=0,
    )


def position(
    *,
    players: int = 4,
    first_player: int = 0,
    board: Any = "classic-40",
    tie_break: str = "share",
    start: Sequence[int] | None = None,
    track: Mapping[int, Sequence[int]] | None = None,
    bridges: Mapping[int, int] | None = None,
    dorada: Sequence[int] = (),
    turn: int | None = None,
    roll: int | None = None,
    to_move: int | None = None,
    die: int | None = None,
) -> State:
    """Any position, named field by field, for tests and analysis.

    ``track`` maps a field to its stack of players, bottom first (the last one is the free
    piece); ``bridges`` maps a stumble field to the player whose lost piece lies in it;
    ``dorada`` is the goal stack, first arrival first.  ``start`` defaults to each player's
    remaining pieces.  ``turn`` defaults to the first player with a piece in play from
    ``first_player`` on; ``roll`` is the number rolled, or ``None`` when the die is to be
    rolled.  ``to_move`` and ``die`` are the deprecated old names of ``turn`` and ``roll``.
    A position that cannot occur raises :class:`~boardrules.StateFormatError` naming
    the broken field; bad options raise :class:`~boardrules.InvalidOptionError`.

    >>> from boardrules.dorada import position
    >>> s = position(players=2, track={3: [1, 0]}, bridges={9: 1}, turn=0, roll=6)
    >>> s.start, s.track[3], s.bridges[9], s.turn, s.roll
    ((3, 2), (1, 0), 1, 0, 6)
    """
    with cut_refusals():  # a hostile value may be repeated whole
        turn = renamed("turn", turn, "to_move", to_move)
        roll = renamed("roll", roll, "die", die)
        opts = make_options(
            {
                "players": players,
                "first_player": first_player,
                "board": board,
                "tie_break": tie_break,
            }
        )
        return build_state(
            opts,
            start,
            {} if track is None else track,
            {} if bridges is None else bridges,
            dorada,
            turn,
            roll,
        )


def _refuse(field: str, why: str) -> StateFormatError:
    return StateFormatError(f"{field}: {why}")


def _player(value: Any, field: str, players: int) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise _refuse(field, f"expected a player 0..{players - 1}, got {value!r}")
    return value


def _list(value: Any, field: str) -> Sequence[Any]:
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise _refuse(field, f"expected a list, got {value!r}")
    return value


def _field(key: Any, field: str, fields: int) -> int:
    # JSON object keys are texts; a position given in Python uses numbers.
    if isinstance(key, str) and key.isdecimal() and key == str(int(key)):
        key = int(key)
    if type(key) is not int or not 1 <= key <= fields:
        raise _refuse(field, f"expected a running field 1..{fields}, got {key!r}")
    return key


def _read_bridges(board: Board, players: int, bridges: Any) -> list[int]:
    bridge_of = [NO_BRIDGE] * (board.fields + 1)
    if not isinstance(bridges, Mapping):
        raise _refuse("bridges", f"expected stumble fields mapped to players, got {bridges!r}")
    for key, owner in bridges.items():
        f = _field(key, "bridges", board.fields)
        if bridge_of[f] != NO_BRIDGE:
            raise _refuse("bridges", f"field {f} is given twice")
        if board.kinds[f] is not Field.STUMBLE:
            raise _refuse("bridges", f"field {f} is not a stumble field")
        bridge_of[f] = _player(owner, f"bridges[{f}]", players)
    return bridge_of


def _read_track(
    board: Board, players: int, track: Any, bridge_of: list[int]
) -> list[tuple[int, ...]]:
    stacks: list[tuple[int, ...]] = [()] * (board.fields + 1)
    if not isinstance(track, Mapping):
        raise _refuse("track", f"expected fields mapped to stacks, got {track!r}")
    seen: set[int] = set()
    for key, pieces in track.items():
        f = _field(key, "track", board.fields)
        if f in seen:
            raise _refuse("track", f"field {f} is given twice")
        seen.add(f)
        stack = tuple(_player(p, f"track[{f}]", players) for p in _list(pieces, f"track[{f}]"))
        kind = board.kinds[f]
        if stack and kind is Field.STUMBLE and bridge_of[f] == NO_BRIDGE:
            raise _refuse("track", f"field {f} is an open stumble field: a piece there is lost")
        if stack and kind in (Field.GOLD, Field.LAST_JUMP):
            raise _refuse("track", f"a piece on field {f} ({kind.name.lower()}) goes to DORADA")
        if len(stack) > 1 and kind is Field.JUMP:
            raise _refuse(
                "track",
                f"a piece landing on jump field {f} jumps on: at most the "
                "one piece a jump loop stopped there stands on it",
            )
        stacks[f] = stack
    return stacks


def _whose_turn(opts: Options, playing: list[int], to_move: Any, die: Any) -> int:
    n = opts.players
    if die is not None and (type(die) is not int or not 1 <= die <= 6):
        raise _refuse("die", f"a die shows 1 to 6, got {die!r}")
    if not playing:
        if to_move is not None or die is not None:
            raise _refuse(
                "to_move" if to_move is not None else "die",
                "the game is over (no piece is in play): nobody moves",
            )
        return TERMINAL
    if to_move is None:
        return next(
            p % n for p in range(opts.first_player, opts.first_player + n) if p % n in playing
        )
    if _player(to_move, "to_move", n) not in playing:
        raise _refuse("to_move", f"player {to_move} has no piece in play and has no turn")
    return int(to_move)


def build_state(
    opts: Options,
    start: Any,
    track: Any,
    bridges: Any,
    dorada: Any,
    to_move: Any,
    die: Any,
) -> State:
    """The state with these parts, after checking every rule a reachable state keeps: each
    part well formed, pieces only where a piece can stand, four pieces per player, and the
    player to move one who still has a piece in play."""
    n, board = opts.players, opts.board
    bridge_of = _read_bridges(board, n, bridges)
    stacks = _read_track(board, n, track, bridge_of)
    goal = tuple(_player(p, "dorada", n) for p in _list(dorada, "dorada"))
    on_track = [0] * n
    for stack in stacks:
        for p in stack:
            on_track[p] += 1
    lost = [bridge_of.count(p) for p in range(n)]
    home = [goal.count(p) for p in range(n)]
    if start is None:
        start = [PIECES - on_track[p] - lost[p] - home[p] for p in range(n)]
    starts = _list(start, "start")
    if len(starts) != n:
        raise _refuse("start", f"expected {n} counts, one per player, got {len(starts)}")
    for p, count in enumerate(starts):
        total = count + on_track[p] + lost[p] + home[p] if type(count) is int else -1
        if total != PIECES or count < 0:
            raise _refuse(
                "start",
                f"player {p} has {PIECES} pieces: on the start field "
                f"{count!r}, path {on_track[p]}, lost {lost[p]}, "
                f"DORADA {home[p]} do not add up",
            )
    playing = [p for p in range(n) if lost[p] + home[p] < PIECES]
    return State(
        options=opts,
        start=tuple(starts),
        track=tuple(stacks),
        bridges=tuple(bridge_of),
        dorada=goal,
        turn=_whose_turn(opts, playing, to_move, die),
        roll=die or 0,
    )
