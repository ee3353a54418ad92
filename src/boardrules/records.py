"""Game records: a JSON document from which a game can be replayed exactly.

A record names the game and its options, the players (free-form labels such as bot
specifications), the seed that was used, every move in the game's notation -- the rolls of
the dice included -- and the result.  Replaying parses each move in the position it was
played in, so a record checks itself: a damaged one raises :class:`RecordError` naming the
first bad move.

>>> import boardrules as br
>>> from boardrules.records import GameRecord, final_state
>>> s = br.new_game("parchis", players=2)
>>> roll = br.legal_moves(s)[0]
>>> rec = GameRecord.of(s, [roll], players=["me", "you"])
>>> final_state(GameRecord.from_json(rec.to_json())) == br.apply_move(s, roll)
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeGuard, cast

import attrs

import boardrules as br
from boardrules._document import lone_surrogate, read_document
from boardrules._values import cut_refusals, safe_repr
from boardrules.game import GameState

if TYPE_CHECKING:
    # A bare ``GameRecord`` is a record of any game (PEP 696 defaults; at run time Python
    # 3.10 has no ``default``, and type variables carry no types anyway).  Covariant: a
    # record holds no state, and mypy infers through nested calls only so.
    from typing_extensions import TypeVar

    S = TypeVar("S", bound=GameState[Any, Any], default=Any, covariant=True)
    M = TypeVar("M", default=Any, covariant=True)
else:
    from typing import TypeVar

    S = TypeVar("S", covariant=True)
    M = TypeVar("M", covariant=True)

# The state and move types of a record being made.
_S = TypeVar("_S", bound=GameState[Any, Any])
_M = TypeVar("_M")

__all__ = [
    "MAX_RESULT",
    "MAX_SEED",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "GameRecord",
    "RecordError",
    "check_result",
    "final_state",
    "replay",
]

#: The ``format`` field of a game record.
RECORD_FORMAT = "boardrules-record"
#: The version of the record document; :meth:`GameRecord.from_json` refuses others.
RECORD_VERSION = 1


class RecordError(br.StateFormatError):
    """A damaged or inconsistent game record; the message names the first bad field or move."""


@attrs.frozen(unsafe_hash=False)  # the options are a dict: records compare but do not hash
class GameRecord(Generic[S, M]):
    r"""One game: enough to replay it move by move.

    ``options`` are the game's options as :func:`boardrules.new_game` takes them; ``start``
    is the :func:`boardrules.to_json` document of the first position when the game did not
    start from ``new_game(game, **options)`` (else ``None``); ``result`` is
    :func:`boardrules.returns` of the last position, or ``None`` if the game was not
    finished.  ``seed`` says how the game was generated; replaying does not use it, since
    the rolls of the dice are moves of the record like the players' decisions.

    The type parameters are the state and move types of the game (known to the type
    checker for a record made by :meth:`of` or :func:`~boardrules.bots.play_game`;
    ``GameRecord`` alone is a record of any game, as :meth:`from_json` reads).

    A record checks, however it is made, that its ``seed`` is ``None`` or a whole number
    of magnitude below :data:`MAX_SEED`, that its texts are valid Unicode (no lone
    surrogate) and that its player labels are texts without control characters (a label
    is shown in terminal text, where one could start an escape sequence); anything else is a
    :class:`RecordError`:

    >>> from boardrules.records import GameRecord
    >>> GameRecord("parchis", {}, ("\x1b[2J",), ())
    Traceback (most recent call last):
    ...
    boardrules.records.RecordError: the 'players' field: the label '\x1b[2J' holds a control ...
    """

    game: str
    options: dict[str, Any]
    players: tuple[str, ...]
    moves: tuple[str, ...]
    seed: int | None = None
    result: tuple[float, ...] | None = None
    start: str | None = None

    def __attrs_post_init__(self) -> None:
        _check_players_and_seed(self.players, self.seed)
        _check_unicode((self.game, self.options, self.moves, self.start))

    @classmethod
    def of(
        cls,
        start: GameState[_S, _M],
        moves: Sequence[_M],
        players: Sequence[str] = (),
        seed: int | None = None,
        end: _S | None = None,
    ) -> GameRecord[_S, _M]:
        """The record of ``moves`` played from the position ``start``.

        ``result`` is filled in when the moves end the game.  Pass the position they lead
        to as ``end`` if you have it, else the moves are applied again to find it.
        """
        # The record's functions take an S; ``start`` is typed only as a state of the game.
        game: br.Game[Any, Any] = br.game_of(start)
        options = game.options_of(start)
        first = None if game.new_game(**options) == start else br.to_json(start)
        state: Any = end
        if state is None:
            state = start
            for move in moves:
                state = br.apply_move(state, move)
        result = tuple(br.returns(state)) if br.is_terminal(state) else None
        texts = tuple(map(str, moves))
        record = cls(game.name, options, tuple(players), texts, seed, result, first)
        return cast("GameRecord[_S, _M]", record)  # the type parameters are the game's

    def to_json(self) -> str:
        """The record as one line of JSON (so a file of records can be JSON Lines)."""
        doc = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "options": self.options,
            "players": list(self.players),
            "seed": self.seed,
            "moves": list(self.moves),
            "result": None if self.result is None else list(self.result),
        }
        if self.start is not None:
            doc["start"] = self.start
        return json.dumps(doc, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord[Any, Any]:
        """Read a record written by :meth:`to_json`, checking the shape of every field.

        The moves themselves are checked when the record is replayed.
        """
        doc = read_document(text, "game record", RECORD_FORMAT, RECORD_VERSION, RecordError)
        game, options, seed = doc.get("game"), doc.get("options"), doc.get("seed")
        players, moves, result = doc.get("players"), doc.get("moves"), doc.get("result")
        start = doc.get("start")
        if not isinstance(game, str):
            raise RecordError("the 'game' field must be a game name")
        if not isinstance(options, dict):
            raise RecordError("the 'options' field must be a JSON object")
        if not _list_of(players, str):
            raise RecordError("the 'players' field must be a list of strings")
        if not _list_of(moves, str):
            raise RecordError("the 'moves' field must be a list of move texts")
        if result is not None and not (
            _list_of(result, (int, float)) and all(map(_is_result_value, result))
        ):
            raise RecordError(
                "the 'result' field must be null or a list of finite numbers, "
                f"each between -{MAX_RESULT:,.0f} and {MAX_RESULT:,.0f}"
            )
        if start is not None and not isinstance(start, str):
            raise RecordError("the 'start' field must be a state document (a string) or absent")
        return cls(
            game,
            options,
            tuple(players),
            tuple(moves),
            seed,
            None if result is None else tuple(float(r) for r in result),
            start,
        )

    def first_state(self) -> S:
        """The position the game started from.

        The record's ``options`` are checked in every case: an unknown option or a bad value
        raises :class:`~boardrules.InvalidOptionError`, and with a ``start`` position they
        must be that position's options (:class:`RecordError` naming the first that differs),
        so a record never shows options that its game was not played with.
        """
        game: br.Game[Any, Any] = br.get_game(self.game)
        with cut_refusals():  # a game's option checks may repeat a hostile value whole
            fresh = game.new_game(**self.options)
        if self.start is None:
            return cast("S", fresh)
        state: Any = br.from_json(self.start)
        if br.game_of(state).name != self.game:
            raise RecordError(f"the 'start' position is not a position of {self.game}")
        order = [option.name for option in game.options]
        _check_same_options(game.options_of(fresh), game.options_of(state), order)
        first: S = state
        return first


def _check_same_options(
    recorded: dict[str, Any], actual: dict[str, Any], order: Sequence[str]
) -> None:
    """:class:`RecordError` naming the first option whose value in the record (resolved by
    ``new_game``) is not the ``start`` position's, compared as JSON (a tuple is a list)."""
    plain = json.loads(json.dumps(actual))
    claimed = json.loads(json.dumps(recorded))
    names = set(plain) | set(claimed)
    for name in [n for n in order if n in names] + sorted(names - set(order)):
        if plain.get(name) != claimed.get(name):
            shown = json.dumps(claimed.get(name))
            real = json.dumps(plain.get(name))
            raise RecordError(
                "the 'options' field does not match the 'start' position: "
                f"{name} is {_short(shown)} in the record but {_short(real)} in the position"
            )


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


#: A record's ``seed`` is ``None`` or a whole number ``n`` with ``-MAX_SEED < n < MAX_SEED``:
#: any seed of 64 bits, signed or unsigned (the library draws its own below ``2**63``, and
#: :func:`~boardrules.bots.play_game` and ``boardrules play --seed`` refuse larger ones).
MAX_SEED = 2**64

# The control characters (Unicode category Cc: C0, DEL and C1), which a terminal may obey:
# ESC and CSI start escape sequences, CR and BS overwrite what was shown.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def _check_players_and_seed(players: Sequence[object], seed: object) -> None:
    """:class:`RecordError` unless ``seed`` is ``None`` or a whole number of magnitude below
    :data:`MAX_SEED` and every label of ``players`` is valid Unicode text without control
    characters (also checked by :func:`~boardrules.bots.play_game` before the game)."""
    _check_seed(seed)
    _check_unicode(players)
    for label in players:
        _check_label(label)


def _check_unicode(value: object) -> None:
    bad = lone_surrogate(value)
    if bad is not None:
        raise RecordError(f"a game record must be valid Unicode: {bad}")


def _check_label(label: object) -> None:
    if not isinstance(label, str):
        raise RecordError(f"the 'players' field: a label is a text, not {_short(repr(label))}")
    found = _CONTROL.search(label)
    if found is not None:
        raise RecordError(
            f"the 'players' field: the label {_short(repr(label))} holds a control character "
            f"(U+{ord(found.group()):04X}); a label is text without control characters"
        )


def _check_seed(seed: object) -> None:
    """:class:`RecordError` unless ``seed`` is ``None`` or an int (no bool) of magnitude below
    :data:`MAX_SEED`; a huge int is described by its size (it may be too long to print)."""
    if seed is None or (type(seed) is int and -MAX_SEED < seed < MAX_SEED):
        return
    shown = (
        f"an integer of {seed.bit_length()} bits"
        if type(seed) is int
        else f"{_short(repr(seed))} ({type(seed).__name__})"
    )
    raise RecordError(
        f"the 'seed' field must be null or a whole number n with -2**64 < n < 2**64, not {shown}"
    )


#: The largest magnitude of a value in a record's ``result`` (every game's returns lie in
#: [-1, 1]; the bound keeps a huge integer from overflowing a float).
MAX_RESULT = 1e9


def _is_result_value(value: Any) -> bool:
    """A number a result may hold: an int or a float (no bool), finite, of magnitude at most
    :data:`MAX_RESULT` (an int is compared as an int: no conversion that could overflow)."""
    if type(value) is int:
        return -MAX_RESULT <= value <= MAX_RESULT
    return type(value) is float and -MAX_RESULT <= value <= MAX_RESULT  # nan fails too


def _list_of(value: Any, kind: type | tuple[type, ...]) -> TypeGuard[list[Any]]:
    return isinstance(value, list) and all(isinstance(v, kind) for v in value)


def replay(record: GameRecord[S, M]) -> Iterator[tuple[S, M, S]]:
    """Replay ``record``: yield ``(state, move, next_state)`` for every move in order.

    A move that is not in the game's notation, not legal in its position, or played after
    the end of the game raises :class:`RecordError` naming it (``move 12 'roll 7': ...``).
    """
    state: Any = record.first_state()
    if record.players and len(record.players) != br.num_players(state):
        raise RecordError(
            f"the record lists {len(record.players)} players for a game of {br.num_players(state)}"
        )
    for number, text in enumerate(record.moves, 1):
        if br.is_terminal(state):
            raise RecordError(f"move {number} {safe_repr(text)} comes after the end of the game")
        try:
            move = br.parse_move(state, text)
        except (br.MoveSyntaxError, br.IllegalMoveError) as e:
            raise RecordError(f"move {number} {safe_repr(text)} cannot be played: {e}") from None
        following = br.apply_move(state, move)
        yield state, move, following
        state = following


def final_state(record: GameRecord[S, M]) -> S:
    """Replay ``record`` and return its last position, checking the recorded result.

    Raises :class:`RecordError` for the first bad move and for a result that the replay
    does not give (see :func:`check_result`).
    """
    state = record.first_state()
    for _, _, following in replay(record):
        state = following
    check_result(record, state)
    return state


def check_result(record: GameRecord[Any, Any], state: GameState[Any, Any]) -> None:
    """Check the recorded result against ``state``, the position the moves lead to.

    A record without a result (an unfinished game) passes; one with a result must end the
    game with exactly that result, else :class:`RecordError`.
    """
    if record.result is None:
        return
    if not br.is_terminal(state):
        raise RecordError(
            f"the record gives a result but the game is not over after its "
            f"{len(record.moves)} moves"
        )
    actual = tuple(br.returns(state))
    # Exact, length and all: a float survives the record's JSON unchanged, so any difference
    # is a forgery.
    if actual != tuple(record.result):
        raise RecordError(
            f"the recorded result {list(record.result)} differs from the replayed "
            f"result {list(actual)}"
        )
