"""Options, the starting position and positions for tests (the JSON form is in ``_json``).

Everything that builds a state from outside data goes through :func:`build`, which checks
it all and raises :class:`~boardrules.StateFormatError` naming the field at fault.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, overload

from boardrules._typing import deprecated
from boardrules._values import ascii_digits, cut_refusals, renamed
from boardrules.docker._board import FACES, PITCH
from boardrules.docker._rules import can_use
from boardrules.docker._state import PIECES, Options, State, rules_for
from boardrules.errors import InvalidOptionError, StateFormatError
from boardrules.game import Option, flag, resolve_options, whole_number

__all__ = ["OPTIONS", "build", "new_game", "options_of", "owners", "position", "rules_of"]


_players = whole_number(2, 4, "Docker is for 2, 3 or 4 players")
_first_player = whole_number(0, 3, "the first player is a player number, 0 to players - 1")


#: Docker's options.
OPTIONS: tuple[Option, ...] = (
    Option("players", 4, "number of players, 2-4 (seated south, west, north, east)", _players),
    Option(
        "first_player",
        0,
        "the player who rolls first (the rulebook draws one at random)",
        _first_player,
    ),
    Option(
        "return_to_start",
        False,
        "a piece may enter its starting square once during its move, and end there",
        flag,
    ),
)


def rules_of(options: Mapping[str, Any]) -> Options:
    """The checked options of a new game (a bad one raises
    :class:`~boardrules.InvalidOptionError`)."""
    values = resolve_options("docker", OPTIONS, options)
    if values["first_player"] >= values["players"]:
        raise InvalidOptionError(
            f"docker option first_player={values['first_player']!r}: "
            f"the first player is a player number, 0 to {values['players'] - 1}"
        )
    return rules_for(values["players"], values["first_player"], values["return_to_start"])


# The options for a type checker (the same list as OPTIONS; tests/test_types.py compares
# them); any other keyword, or a value of another type, is reported as deprecated.
@overload
def new_game(
    *, players: int = 4, first_player: int = 0, return_to_start: bool = False
) -> State: ...
@overload
@deprecated("not an option of Docker, or a value of the wrong type")
def new_game(**options: object) -> State: ...
def new_game(**options: Any) -> State:
    """The empty pitch, every piece off it, ``first_player`` about to roll.

    >>> from boardrules.docker import new_game
    >>> s = new_game(players=3)
    >>> s.reserve, s.turn, s.roll
    ((3, 3, 3), 0, 0)
    """
    rules = rules_of(options)
    empty = ((),) * PITCH.squares
    return State(
        options=rules,
        towers=empty,
        reserve=(PIECES,) * rules.players,
        turn=rules.first_player,
        roll=0,
        eliminated=(),
    )


def options_of(state: State) -> dict[str, Any]:
    """The options ``state`` was made with, as ``new_game`` takes them."""
    rules = state.options
    return {
        "players": rules.players,
        "first_player": rules.first_player,
        "return_to_start": rules.return_to_start,
    }


def build(
    rules: Options,
    towers: list[tuple[int, ...]],
    to_move: Any,
    roll: Any,
    eliminated: Any,
) -> State:
    """A state from its parts, each checked; :class:`~boardrules.StateFormatError` names the
    part that is wrong.  ``towers`` holds one tuple of owners per square, bottom to top."""
    players = rules.players
    on_pitch = _pieces_on_pitch(towers, players)
    _check_eliminated(eliminated, players)
    _check_turn(to_move, roll, eliminated, players)
    state = State(
        options=rules,
        towers=tuple(towers),
        reserve=tuple(PIECES - n for n in on_pitch),
        turn=to_move,
        roll=roll,
        eliminated=tuple(eliminated),
    )
    if roll and not can_use(state, roll):
        raise StateFormatError(
            f"roll: player {to_move} cannot use a {roll} here, so the die would not rest on it"
        )
    return state


def _pieces_on_pitch(towers: list[tuple[int, ...]], players: int) -> list[int]:
    """How many pieces each player has on the pitch, each piece's owner checked."""
    on_pitch = [0] * players
    for square, tower in enumerate(towers):
        for owner in tower:
            if type(owner) is not int or not 0 <= owner < players:
                raise StateFormatError(
                    f"towers: {PITCH.name_of(square)} holds {owner!r}; "
                    f"a piece belongs to a player 0 to {players - 1}"
                )
            on_pitch[owner] += 1
    for player, count in enumerate(on_pitch):
        if count > PIECES:
            raise StateFormatError(
                f"towers: player {player} has {count} pieces on the pitch; each has {PIECES}"
            )
    return on_pitch


def _check_eliminated(eliminated: Any, players: int) -> None:
    if not isinstance(eliminated, (list, tuple)) or any(
        type(p) is not int or not 0 <= p < players for p in eliminated
    ):
        raise StateFormatError(f"eliminated: a list of player numbers 0 to {players - 1}")
    if len(set(eliminated)) != len(eliminated) or len(eliminated) > players - 1:
        raise StateFormatError(
            "eliminated: each player at most once, and at least one player is left"
        )


def _check_turn(
    to_move: Any, roll: Any, eliminated: list[int] | tuple[int, ...], players: int
) -> None:
    """The player to move is in the game; the die is rolled only while the game goes on."""
    if type(to_move) is not int or not 0 <= to_move < players:
        raise StateFormatError(f"to_move: a player number 0 to {players - 1}")
    if type(roll) is not int or not 0 <= roll <= FACES:
        raise StateFormatError(f"roll: 0 (not rolled yet) or a die value 1 to {FACES}")
    if to_move in eliminated:
        raise StateFormatError(f"to_move: player {to_move} is eliminated")
    if len(eliminated) == players - 1 and roll:
        raise StateFormatError("roll: the game is over, nobody rolls")


def _square(key: Any) -> int:
    if isinstance(key, str) and key in PITCH.names:
        return PITCH.square(key)
    if (
        isinstance(key, tuple)
        and len(key) == 2
        and all(type(c) is int and 0 <= c < PITCH.size for c in key)
    ):
        return PITCH.square_at(key[0], key[1])
    raise StateFormatError(
        f"towers: {key!r} is not a square; name one a1..c3 or give (x, y) with x, y in 0..2"
    )


def owners(square: int, pieces: Any) -> tuple[int, ...]:
    if isinstance(pieces, str):
        # isdigit alone lets through digits such as "²" that int() refuses.
        if not ascii_digits(pieces):
            raise StateFormatError(f"towers: {PITCH.name_of(square)} as text is player digits")
        return tuple(int(c) for c in pieces)
    if not isinstance(pieces, (list, tuple)):
        raise StateFormatError(
            f"towers: {PITCH.name_of(square)} holds a list of owners, bottom to top"
        )
    return tuple(pieces)


def position(
    towers: Mapping[Any, Iterable[int] | str] | None = None,
    *,
    turn: int | None = None,
    roll: int = 0,
    eliminated: Iterable[int] = (),
    to_move: int | None = None,
    **options: Any,
) -> State:
    """A position set up by hand, checked like a decoded one.

    ``towers`` maps squares (``"b2"`` or ``(x, y)``) to their pieces' owners, bottom to top,
    as a sequence of player numbers or a string of digits; squares not named are empty.
    Pieces not on the pitch are off it, waiting to enter.  ``turn`` (default 0) is the player
    whose turn it is; ``roll`` 0 means that player is about to roll; ``options`` are those of
    :func:`new_game`.  ``to_move`` is the deprecated old name of ``turn``.

    >>> from boardrules.docker import position
    >>> s = position({"b2": "01", "b1": [0]}, players=2, turn=1, roll=2)
    >>> s.reserve, s.turn
    ((1, 2), 1)
    """
    with cut_refusals():  # a hostile value may be repeated whole
        turn = renamed("turn", turn, "to_move", to_move)
        rules = rules_of(options)
        if towers is not None and not isinstance(towers, Mapping):
            raise StateFormatError("towers: a mapping of squares to their pieces' owners")
        if not isinstance(eliminated, Iterable):
            raise StateFormatError("eliminated: a sequence of player numbers, first out first")
        board: list[tuple[int, ...] | None] = [None] * PITCH.squares
        for key, pieces in (towers or {}).items():
            square = _square(key)
            if board[square] is not None:
                raise StateFormatError(f"towers: {PITCH.name_of(square)} is given twice")
            board[square] = owners(square, pieces)
        filled = [() if tower is None else tower for tower in board]
        return build(rules, filled, 0 if turn is None else turn, roll, list(eliminated))
