"""The game-independent API: the same functions for every registered game.

Each function dispatches on the state's type (every state class carries its
:class:`~boardrules.game.Game` record as the class attribute ``game``), so a bot written against
this module plays every game.  The games themselves live in their own packages
(:mod:`boardrules.parchis`, ...), which offer the same functions typed for their own states and
moves.

The functions are typed through :class:`~boardrules.game.GameState`: a type checker reads
the state and move types from the state's ``game`` record, so ``legal_moves(s)`` is a tuple
of ``s``'s own moves.  :func:`~boardrules.new_game` and :func:`~boardrules.get_game` know
each built-in game by its name.  The types cost nothing at run time: the overloads are only
read by type checkers, and the game modules are imported for them only (``TYPE_CHECKING``).

>>> import boardrules as br
>>> s = br.new_game("parchis", players=2)
>>> br.current_player(s) == br.CHANCE
True
>>> sum(p for _, p in br.chance_outcomes(s))
Fraction(1, 1)
"""

from __future__ import annotations

import hashlib
import importlib
import json
import math
import random
import tempfile
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar, overload

from boardrules._document import read_document
from boardrules._lru import LRU
from boardrules._typing import deprecated
from boardrules._values import cut_refusals, safe_repr
from boardrules.chance import checked_draw
from boardrules.errors import (
    BoardrulesError,
    NotAStateError,
    StateFormatError,
    UnknownGameError,
    UnsupportedError,
)
from boardrules.game import CHANCE, TERMINAL, FloatBuffer, Game, GameState

if TYPE_CHECKING:
    # For the type checker only: importing boardrules must not import any game.
    from boardrules import docker, dorada, dorasure, parchis

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "action_to_move",
    "apply_move",
    "available_games",
    "chance_outcomes",
    "current_player",
    "evaluate",
    "from_json",
    "game_of",
    "get_game",
    "is_chance",
    "is_terminal",
    "legal_actions",
    "legal_moves",
    "move_to_action",
    "new_game",
    "num_actions",
    "num_chance_outcomes",
    "num_players",
    "observation",
    "observation_into",
    "observation_shape",
    "observation_string",
    "parse_move",
    "pieces",
    "player_name",
    "player_names",
    "position_problems",
    "register_game",
    "render",
    "render_svg",
    "returns",
    "sample_chance",
    "show",
    "to_json",
]

#: The ``format`` field of every JSON document this library writes.
FORMAT = "boardrules-state"
#: The version of that document; :func:`from_json` refuses others.
FORMAT_VERSION = 1

# The built-in games, imported only when first asked for, so importing boardrules is cheap
# and no game module runs at import time.  Each module exposes its record as ``GAME``.
_BUILTIN: dict[str, str] = {
    "parchis": "boardrules.parchis",
    "dorada": "boardrules.dorada",
    "docker": "boardrules.docker",
    "dorasure": "boardrules.dorasure",
}
_registered: dict[str, Game[Any, Any]] = {}

S = TypeVar("S")
M = TypeVar("M")
# A state class of a game of the user's own (its record's state type).
_S = TypeVar("_S", bound=GameState[Any, Any])

# A game known only at run time (a name in a variable): a record over any state.
_AnyGame = Game[GameState[Any, Any], Any]


def available_games() -> tuple[str, ...]:
    """The names of the games that :func:`new_game` accepts, built-in ones first.

    >>> from boardrules import available_games
    >>> available_games()[0]
    'parchis'
    """
    return tuple(_BUILTIN) + tuple(n for n in _registered if n not in _BUILTIN)


def register_game(game: Game[_S, Any]) -> None:
    """Make a game of your own available by name to :func:`new_game` and :func:`from_json`.

    Its state class must carry the record as its class attribute ``game``.
    """
    if game.name in _BUILTIN:
        raise UnknownGameError(f"{game.name!r} is the name of a built-in game; choose another")
    game.state_type.game = game
    if isinstance(vars(game.state_type).get("_to_move"), property):
        # Installed by an earlier record of this class: the player to move is this one's.
        setattr(game.state_type, "_to_move", property(game.current_player))  # noqa: B010
    _registered[game.name] = game


# A record is invariant in its types, so these overlap the str overload "incompatibly": the
# str overload is for a name known only at run time, typed as a record over any state.
@overload
def get_game(  # pyright: ignore[reportOverlappingOverload]
    name: Literal["parchis"], /
) -> Game[parchis.State, parchis.Move]: ...
@overload
def get_game(name: Literal["dorada"], /) -> Game[dorada.State, dorada.Move]: ...
@overload
def get_game(name: Literal["docker"], /) -> Game[docker.State, docker.Move]: ...
@overload
def get_game(name: Literal["dorasure"], /) -> Game[dorasure.State, dorasure.Move]: ...
@overload
def get_game(name: str, /) -> _AnyGame: ...
def get_game(name: str, /) -> Game[Any, Any]:
    """The :class:`~boardrules.game.Game` record of the game called ``name``.

    For a built-in game's name the type checker knows the record's state and move types;
    for another name it is a record over :class:`~boardrules.game.GameState`.

    >>> from boardrules import get_game
    >>> get_game("dorada").name
    'dorada'
    >>> get_game({})
    Traceback (most recent call last):
    ...
    boardrules.errors.UnknownGameError: a game name is a text such as 'parchis', not a dict
    """
    if not isinstance(name, str):
        raise UnknownGameError(
            f"a game name is a text such as 'parchis', not a {type(name).__name__}"
        )
    game = _registered.get(name)
    if game is not None:
        return game
    module = _BUILTIN.get(name)
    if module is None:
        raise UnknownGameError(
            f"unknown game {safe_repr(name)}; available games: {', '.join(available_games())}"
        )
    loaded: Game[Any, Any] = importlib.import_module(module).GAME
    return loaded


@overload
def new_game(
    name: Literal["parchis"],
    /,
    *,
    players: int = 4,
    colours: Sequence[str] | None = None,
    first_player: int = 0,
    two_out_on_first_five: bool = False,
    exit_capture: bool = True,
    barriers_on_safe_only: bool = False,
    third_six_back_to_lane_start: bool = False,
) -> parchis.State: ...
# A call with a built-in game's name and an option it does not have, or a value of the wrong
# type, always raises InvalidOptionError, but the str overload at the end would accept it:
# these overloads catch it first and make the type checker report it (as a deprecation).
@overload
@deprecated("not an option of this game, or a value of the wrong type")
def new_game(name: Literal["parchis"], /, **options: object) -> parchis.State: ...
@overload
def new_game(
    name: Literal["dorada"],
    /,
    *,
    players: int = 4,
    first_player: int = 0,
    board: str | dorada.Board | Mapping[str, Any] = "classic-40",
    tie_break: Literal["share", "highest-piece"] = "share",
) -> dorada.State: ...
@overload
@deprecated("not an option of this game, or a value of the wrong type")
def new_game(name: Literal["dorada"], /, **options: object) -> dorada.State: ...
@overload
def new_game(
    name: Literal["docker"],
    /,
    *,
    players: int = 4,
    first_player: int = 0,
    return_to_start: bool = False,
) -> docker.State: ...
@overload
@deprecated("not an option of this game, or a value of the wrong type")
def new_game(name: Literal["docker"], /, **options: object) -> docker.State: ...
@overload
def new_game(
    name: Literal["dorasure"],
    /,
    *,
    players: int | None = None,
    heroes: Sequence[str] | None = None,
    board: Sequence[str] = ...,
    sheets: Mapping[str, Mapping[str, Any]] = ...,
    dragon: Mapping[str, Any] = ...,
    quest_tiles: Mapping[str, Mapping[str, Any]] = ...,
    fang: bool = False,
) -> dorasure.State: ...
@overload
@deprecated("not an option of this game, or a value of the wrong type")
def new_game(name: Literal["dorasure"], /, **options: object) -> dorasure.State: ...
@overload
def new_game(name: str, /, **options: Any) -> GameState[Any, Any]: ...
def new_game(name: str, /, **options: Any) -> GameState[Any, Any]:
    """The starting state of the game called ``name`` with the given options.

    Every game takes ``players``; an unknown option or a bad value raises
    :class:`~boardrules.InvalidOptionError`, whose message lists what is allowed.  For a
    built-in game the type checker knows the options (each game's page lists them) and the
    state's type; a misspelt option shows as a deprecated call (pyright ``--strict``;
    mypy ``--enable-error-code deprecated``).

    >>> from boardrules import new_game, num_players
    >>> s = new_game("parchis", players=3)
    >>> num_players(s)
    3
    """
    with cut_refusals():  # an option's check may repeat a hostile value whole
        return get_game(name).new_game(**options)


def game_of(state: GameState[S, M]) -> Game[S, M]:
    """The :class:`~boardrules.game.Game` record that ``state`` belongs to."""
    try:
        game: Game[S, M] = state.game
    except AttributeError:
        raise _not_a_state(state) from None
    return game


def _not_a_state(obj: object) -> NotAStateError:
    return NotAStateError(
        f"{type(obj).__name__} is not a boardrules state; make one with new_game()"
    )


# The functions that bots call millions of times look the game up inline: one call less.
# current_player, is_terminal and is_chance read the state's attribute _to_move, which each
# state class has (its Game record makes it a property calling the game's current_player
# unless the class keeps the value itself, as Parchís does: then they make no call at all).


def _asked_to_move(state: GameState[Any, Any]) -> int:
    """The player to move of a state whose class keeps no ``_to_move``: one whose ``game`` is
    not a :class:`~boardrules.game.Game` record but an object with the same functions (as
    before states kept it); anything without a ``game`` is no state."""
    player: int = game_of(state).current_player(state)
    return player


def current_player(state: GameState[Any, Any]) -> int:
    """The player to decide (0..n-1), :data:`CHANCE` at a chance node, :data:`TERMINAL` at
    the end."""
    try:
        player: int = state._to_move  # type: ignore[attr-defined]
    except AttributeError:
        return _asked_to_move(state)
    return player


def num_players(state: GameState[Any, Any]) -> int:
    """The number of players (seats) of the game ``state`` belongs to."""
    return game_of(state).num_players(state)


def player_name(state: GameState[Any, Any], seat: int) -> str:
    """The name of ``seat`` (0..n-1) as every output shows it: the colour of its pieces in
    Parchís, Dorada and Docker, the hero in Dorasure, ``player N`` for a game that names no
    seats.  Two seats with the same name are told apart by their number, ``red (1)``.

    The command line, the replay page, the pictures and :func:`render` all use these names.

    >>> import boardrules as br
    >>> br.player_name(br.new_game("parchis", players=2), 1)
    'red'
    >>> br.player_name(br.new_game("dorasure", players=2), 0)
    'Ninja'
    >>> br.player_name(br.new_game("docker", players=2), 5)
    Traceback (most recent call last):
    ...
    ValueError: seat 5 is not a seat of this game (0 to 1)
    """
    return player_names(state)[_seat(state, seat)]


def player_names(state: GameState[Any, Any]) -> tuple[str, ...]:
    """The name of every seat, in seat order (see :func:`player_name`).

    >>> import boardrules as br
    >>> br.player_names(br.new_game("parchis", players=4))
    ('yellow', 'blue', 'red', 'green')
    >>> br.player_names(br.new_game("dorada", players=3))
    ('red', 'blue', 'green')
    """
    game = game_of(state)
    n = game.num_players(state)
    named = game.player_name
    names = [named(state, seat) if named else f"player {seat}" for seat in range(n)]
    return tuple(
        f"{name} ({seat})" if names.count(name) > 1 else name for seat, name in enumerate(names)
    )


def pieces(state: GameState[Any, Any]) -> dict[str, list[int | str]]:
    """Where each player's pieces are, keyed by :func:`player_name`: one entry per piece, by
    the names the game's ``position()`` takes, so a bot can read a position and a test can
    set one up in the same words.  Parchís: ``"nest"``, track squares 1-68, lane squares
    ``"L1"``-``"L7"``, ``"goal"``; Dorada: ``"start"``, field numbers, ``"bridge N"``,
    ``"dorada"``; Docker: squares ``"a1"``-``"c3"`` (bottom of a tower first), ``"hand"``;
    Dorasure: each hero's space by its map name (``"city"``, ``"c2"``).

    >>> import boardrules as br
    >>> s = br.new_game("parchis", players=2)
    >>> br.pieces(s)
    {'yellow': ['nest', 'nest', 'nest', 'nest'], 'red': ['nest', 'nest', 'nest', 'nest']}
    >>> br.pieces(br.new_game("dorasure", players=2))
    {'Ninja': ['city'], 'Gladiator': ['city']}
    """
    where = _feature(state, "pieces")(state)
    return {name: list(places) for name, places in where.items()}


def _seat(state: GameState[Any, Any], seat: int) -> int:
    n = num_players(state)
    if type(seat) is not int or not 0 <= seat < n:
        raise ValueError(f"seat {safe_repr(seat)} is not a seat of this game (0 to {n - 1})")
    return seat


def is_terminal(state: GameState[Any, Any]) -> bool:
    """Whether the game has ended."""
    try:
        return state._to_move == TERMINAL  # type: ignore[attr-defined,no-any-return]
    except AttributeError:
        return _asked_to_move(state) == TERMINAL


def is_chance(state: GameState[Any, Any]) -> bool:
    """Whether ``state`` is a chance node (the next move is a roll of the dice)."""
    try:
        return state._to_move == CHANCE  # type: ignore[attr-defined,no-any-return]
    except AttributeError:
        return _asked_to_move(state) == CHANCE


def legal_moves(state: GameState[Any, M]) -> tuple[M, ...]:
    """The moves allowed now: the player's at a decision node (never empty: a forced pass is
    a move), the possible outcomes at a chance node, ``()`` at the end."""
    try:
        game: Game[Any, Any] = state.game
    except AttributeError:
        raise _not_a_state(state) from None
    return game.legal_moves(state)


def chance_outcomes(state: GameState[Any, M]) -> tuple[tuple[M, Fraction], ...]:
    """At a chance node, each outcome with its exact probability (they sum to 1); else ``()``."""
    try:
        game: Game[Any, Any] = state.game
    except AttributeError:
        raise _not_a_state(state) from None
    return game.chance_outcomes(state)


# The generic overload comes first: pyright then gives Any for a state typed Any (several
# overloads matching an Any with different results would make it Unknown).  The built-in
# games' overloads after it are for mypy, which infers S in a call nested in another
# (``legal_moves(apply_move(s, m))``) from the outer parameter, rejects ``s`` for the
# generic overload and so falls through to them; pyright never needs them.
@overload
def apply_move(state: GameState[S, M], move: M) -> S: ...
@overload
def apply_move(  # pyright: ignore[reportOverlappingOverload]
    state: parchis.State, move: parchis.Move
) -> parchis.State: ...
@overload
def apply_move(  # pyright: ignore[reportOverlappingOverload]
    state: dorada.State, move: dorada.Move
) -> dorada.State: ...
@overload
def apply_move(  # pyright: ignore[reportOverlappingOverload]
    state: docker.State, move: docker.Move
) -> docker.State: ...
@overload
def apply_move(  # pyright: ignore[reportOverlappingOverload]
    state: dorasure.State, move: dorasure.Move
) -> dorasure.State: ...
def apply_move(state: GameState[Any, Any], move: Any) -> Any:
    """The state after ``move``; ``state`` itself is never changed.

    A move that is not legal raises :class:`~boardrules.IllegalMoveError`, which says which
    rule forbids it.
    """
    try:
        game: Game[Any, Any] = state.game
    except AttributeError:
        raise _not_a_state(state) from None
    return game.apply_move(state, move)


def returns(state: GameState[Any, Any]) -> tuple[float, ...]:
    """One value per player: the result at the end of the game (all zero before it)."""
    return game_of(state).returns(state)


def position_problems(state: GameState[Any, Any]) -> tuple[str, ...]:
    """The laws of play that ``state`` breaks, one line each citing its clause; ``()`` when
    the position could arise in play as far as those laws can tell (as python-chess's
    ``Board.status()``).

    A position built by hand (``position()``, a state document) is loadable whenever its
    pieces and fields make sense, even if no game could have reached it: a puzzle or a
    scenario needs such setups.  This says whether it is one.  Each game's page lists the
    laws it checks; a game of your own that checks none gives ``()``.

    >>> import boardrules as br
    >>> br.position_problems(br.new_game("parchis"))
    ()
    """
    check = game_of(state).position_problems
    return () if check is None else check(state)


def evaluate(state: GameState[Any, Any]) -> tuple[float, ...]:
    """The game's default heuristic: per player an estimate in ``[0, 1]`` of its return."""
    return game_of(state).evaluate(state)


def render(state: GameState[Any, Any]) -> str:
    """A text picture of the board that a person can read."""
    return game_of(state).render(state)


def parse_move(state: GameState[Any, M], text: str) -> M:
    """The legal move whose notation (``str(move)``) is ``text``.

    A text that is not in the game's notation raises :class:`~boardrules.MoveSyntaxError`;
    a well-formed move that is not legal now raises :class:`~boardrules.IllegalMoveError`.
    """
    move: M = game_of(state).parse_move(state, text)
    return move


def sample_chance(state: GameState[Any, M], rng: random.Random) -> M:
    """Draw one outcome of the chance node ``state`` with the caller's random generator.

    One ``rng.random()`` call draws ``x``; the outcome is the first whose cumulative exact
    probability exceeds ``x``.  The comparison is exact (no rounding of the probabilities),
    and fast: the cumulative weights of an outcome tuple are computed once and kept while the
    game hands out the same tuple.  A state that is not a chance node raises
    :class:`~boardrules.BoardrulesError` (a :class:`ValueError`), and so does a draw that is
    not a real number in ``[0, 1)`` (``nan``, ``inf``, ``1.0``, a text: a broken
    generator); an ``rng`` without ``random()`` raises :class:`TypeError`.

    >>> import random
    >>> from boardrules import new_game, sample_chance
    >>> s = new_game("parchis", players=2)
    >>> str(sample_chance(s, random.Random(5)))
    'roll 4'
    """
    try:
        game: Game[Any, Any] = state.game
    except AttributeError:
        raise _not_a_state(state) from None
    outcomes = game.chance_outcomes(state)
    entry = _last_draw  # a game hands out the same tuple again and again: no lookup
    if entry[0] is not outcomes:
        entry = _draw_entry(outcomes)
    try:
        x = rng.random()
    except AttributeError:
        raise TypeError(
            "sample_chance() needs a random generator such as random.Random(seed), "
            f"not {type(rng).__name__}"
        ) from None
    _, moves, thresholds, denominator, uniform = entry
    try:  # free unless it raises: a broken generator's draw costs nothing to a good one
        if not 0.0 <= x < 1.0:  # out of range, nan or inf: refused by checked_draw
            x = checked_draw(x, rng)
        if uniform:  # outcome i covers [i, i + 1) / denominator: i is floor(x * denominator)
            scaled = x * denominator
            i = int(scaled)
            # Rounding is monotonic and whole numbers are floats: the floor of the rounded
            # product is exact unless it rounded onto a whole number; then ask exactly.
            if i == scaled:
                i = int(Fraction(x) * denominator)
        else:
            scaled = x * _RES53
            k = int(scaled)
            if k == scaled:  # x is k / 2**53, as every random.Random draws: exact integer test
                i = bisect_right(thresholds, k * denominator)
            else:  # another generator's float: compare as exact fractions
                i = bisect_right(thresholds, Fraction(x) * denominator * _RES53)
    except (TypeError, ArithmeticError):  # a text, None...: not a number at all
        checked_draw(x, rng)
        raise  # a number that compares and multiplies yet breaks Fraction: never seen
    try:
        move: M = moves[i]
    except IndexError:  # probabilities of a game of the user's own that sum to less than 1
        move = moves[-1]
    return move


# sample_chance's tables, by the identity of the outcome tuple (games return the same tuple
# for the same situation); each entry keeps its tuple so that the id stays its own.  At most
# _DRAW_TABLES_SIZE are kept, which bounds the memory for a game that builds its outcome
# tuples afresh.
_RES53 = 1 << 53
_DrawTable = tuple[tuple[tuple[Any, Fraction], ...], tuple[Any, ...], tuple[int, ...], int, bool]
_DRAW_TABLES_SIZE = 1024
_draw_tables: LRU[int, _DrawTable] = LRU(_DRAW_TABLES_SIZE)
# The table drawn from last; at first one of an outcome tuple no game hands out.
_NO_DRAW: _DrawTable = (((None, Fraction(1)),), (None,), (_RES53,), 1, True)
_last_draw = _NO_DRAW


def _draw_entry(outcomes: tuple[tuple[Any, Fraction], ...]) -> _DrawTable:
    """The table of ``outcomes``, kept as the last one drawn from."""
    global _last_draw
    entry = _draw_tables.items.get(id(outcomes))  # the table itself: a hot path
    if entry is None or entry[0] is not outcomes:
        if not outcomes:
            raise BoardrulesError(  # a plain ValueError: the state is fine, the call is not
                "sample_chance() needs a chance node (the dice are to be rolled); "
                "at a player's turn choose one of legal_moves(state)"
            )
        entry = _draw_table(outcomes)
    _last_draw = entry
    return entry


def _draw_table(outcomes: tuple[tuple[Any, Fraction], ...]) -> _DrawTable:
    """Integer thresholds for ``outcomes``: outcome ``i`` is drawn by ``x = k / 2**53``
    exactly when ``k * denominator < thresholds[i]`` and not for any earlier ``i``; and
    whether they are equally likely (the dice), when ``i`` is ``k * denominator >> 53``,
    the same outcome found with one multiplication."""
    denominator = 1
    for _, p in outcomes:
        d = Fraction(p).denominator
        denominator = math.lcm(denominator, d)
    thresholds, acc = [], Fraction(0)
    for _, p in outcomes:
        acc += p
        thresholds.append(int(acc * denominator) * _RES53)
    uniform = all(p == Fraction(1, len(outcomes)) for _, p in outcomes)
    entry = (outcomes, tuple(m for m, _ in outcomes), tuple(thresholds), denominator, uniform)
    _draw_tables.put(id(outcomes), entry)
    return entry


def to_json(state: GameState[Any, Any]) -> str:
    """A versioned JSON document of ``state`` that names its game and options.

    >>> from boardrules import to_json
    >>> from boardrules import from_json, new_game
    >>> s = new_game("parchis", players=2)
    >>> from_json(to_json(s)) == s
    True
    """
    game = game_of(state)
    doc = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": game.name,
        "options": game.options_of(state),
        "state": game.encode(state),
    }
    return json.dumps(doc, separators=(",", ":"), sort_keys=True)


def from_json(text: str | bytes) -> GameState[Any, Any]:
    """The state described by a document of :func:`to_json`.

    Damaged text, another format or version, an unknown game or option, or a document that
    describes an impossible state raise :class:`~boardrules.StateFormatError` (or
    :class:`~boardrules.UnknownGameError` / :class:`~boardrules.InvalidOptionError`), all
    :class:`ValueError`.  A message longer than 300 characters (one that repeats a long
    value of the document) keeps its start and its end, cut in the middle.
    """
    with cut_refusals():  # a game's checks may repeat a hostile field of megabytes
        doc = read_document(text, "state document", FORMAT, FORMAT_VERSION, StateFormatError)
        name, options, body = doc.get("game"), doc.get("options"), doc.get("state")
        if not isinstance(name, str):
            raise StateFormatError("the 'game' field must be a game name")
        if not isinstance(options, dict) or not isinstance(body, dict):
            raise StateFormatError("the 'options' and 'state' fields must be JSON objects")
        game = get_game(name)
        try:
            state: GameState[Any, Any] = game.decode(options, body)
        except (StateFormatError, UnknownGameError):
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as e:
            # A decoder is written to check everything; this is the net under it.
            raise StateFormatError(f"impossible {name} state: {type(e).__name__}: {e}") from None
        return state


# Optional features: a game's record leaves them None when it does not offer them.


def _feature(state: GameState[Any, Any], field: str) -> Any:
    function = getattr(game_of(state), field)
    if function is None:
        raise UnsupportedError(f"the game {game_of(state).name!r} does not offer {field}()")
    return function


def render_svg(
    state: GameState[Any, M],
    *,
    size: float | None = None,
    move: M | None = None,
    perspective: int | None = None,
) -> str:
    """The board as a standalone SVG document (no scripts, fonts or images: safe to embed).

    ``size`` is the width in pixels (1 to 100 000), ``move`` a legal move to highlight,
    ``perspective`` the seat drawn at the bottom where the board is symmetric; anything else
    raises :class:`ValueError`.
    """
    draw = _feature(state, "render_svg")
    svg: str = draw(state, size=size, move=move, perspective=perspective)
    return svg


def show(
    state: GameState[Any, M],
    path: str | Path | None = None,
    *,
    size: float | None = None,
    move: M | None = None,
    perspective: int | None = None,
) -> Path:
    """Write the board of ``state`` as an SVG file and return its path (also
    :func:`boardrules.pictures.show`).

    Without ``path`` the file goes to the system's temporary folder, named after the game
    and the picture (the same state gives the same file).  ``size``, ``move`` and
    ``perspective`` are those of :func:`boardrules.render_svg`.

    >>> import boardrules as br
    >>> p = br.show(br.new_game("parchis", players=2))
    >>> p.suffix, p.read_text(encoding="utf-8").startswith("<svg")
    ('.svg', True)
    """
    svg = render_svg(state, size=size, move=move, perspective=perspective)
    if path is None:
        digest = hashlib.sha256(svg.encode("utf-8")).hexdigest()[:16]
        path = Path(tempfile.gettempdir()) / f"boardrules-{game_of(state).name}-{digest}.svg"
    out = Path(path)
    out.write_text(svg, encoding="utf-8")
    return out


def num_actions(state: GameState[Any, Any]) -> int:
    """How many decision actions the game has: they are numbered ``0..num_actions - 1``, and
    the number is fixed for a game and its options.

    The same number means the same kind of decision in every position, relative to the
    player to move where the board is symmetric (each game page has a table).

    >>> from boardrules import new_game, num_actions
    >>> num_actions(new_game("parchis"))
    73
    """
    n: int = _feature(state, "num_actions")(state)
    return n


def num_chance_outcomes(state: GameState[Any, Any]) -> int:
    """How many chance outcomes the game has: at a chance node the legal actions are outcome
    numbers ``0..num_chance_outcomes - 1``, numbered apart from the decisions (as
    OpenSpiel's chance outcomes are)."""
    n: int = _feature(state, "num_chance_outcomes")(state)
    return n


def _encoder(state: GameState[Any, Any], field: str) -> Any:
    """The game's function ``field``, looked up inline: these run once per step."""
    try:
        function = getattr(state.game, field)
    except AttributeError:
        raise _not_a_state(state) from None
    if function is None:
        raise UnsupportedError(f"the game {state.game.name!r} does not offer {field}()")
    return function


def legal_actions(state: GameState[Any, Any]) -> tuple[int, ...]:
    """The action numbers of :func:`legal_moves`, ascending, one per legal move: chance
    outcome numbers at a chance node, decision actions at a player's node, ``()`` at the
    end.  It is the legal-action mask of reinforcement-learning frameworks.

    >>> from boardrules import legal_actions, new_game
    >>> s = new_game("parchis", players=2)
    >>> legal_actions(s)
    (0, 1, 2, 3, 4, 5)
    """
    actions: tuple[int, ...] = _encoder(state, "legal_actions")(state)
    return actions


def move_to_action(state: GameState[Any, M], move: M) -> int:
    """The action number of the legal ``move`` in ``state``; a move that is not legal raises
    :class:`~boardrules.IllegalMoveError`."""
    action: int = _feature(state, "move_to_action")(state, move)
    return action


def action_to_move(state: GameState[Any, M], action: int) -> M:
    """The legal move whose action number is ``action``.

    An action that is not legal now (or is not a whole number: a ``bool``, a float or a
    string) raises :class:`~boardrules.IllegalMoveError`; numpy integers are accepted.

    >>> from boardrules import action_to_move, new_game
    >>> s = new_game("parchis", players=2)
    >>> str(action_to_move(s, 4))
    'roll 5'
    """
    move: M = _feature(state, "action_to_move")(state, action)
    return move


def observation_shape(state: GameState[Any, Any]) -> tuple[int, ...]:
    """The shape of :func:`observation` (fixed for a game and its options)."""
    shape: tuple[int, ...] = _feature(state, "observation_shape")(state)
    return shape


def observation(state: GameState[Any, Any], player: int) -> tuple[float, ...]:
    """What ``player`` sees of ``state``: a flat, row-major vector over
    :func:`observation_shape`, from that player's seat (their pieces first, the board turned
    to their side where it is symmetric), with everything that player can see and nothing
    hidden from them.  Each game page documents the values channel by channel; all lie in
    ``[0, 1]``.  A ``player`` that is not a seat of the game raises :class:`ValueError`.
    """
    obs: tuple[float, ...] = _encoder(state, "observation")(state, player)
    return obs


def observation_into(state: GameState[Any, Any], player: int, out: FloatBuffer) -> None:
    """Write :func:`observation` of ``state`` for ``player`` into ``out``, which must hold
    as many zeros as the observation has values (a ``list`` or a flat numpy array).

    Only the values that are not zero are written, so for an environment that keeps one
    array per seat this is much cheaper than converting :func:`observation`'s tuple.

    >>> from boardrules import new_game, observation, observation_into, observation_shape
    >>> s = new_game("parchis", players=2)
    >>> out = [0.0] * observation_shape(s)[0]
    >>> observation_into(s, 1, out)
    >>> tuple(out) == observation(s, 1)
    True

    A buffer that is too short or cannot be written to raises :class:`ValueError`.
    """
    write = _encoder(state, "observation_into")
    try:
        write(state, player, out)
    except (IndexError, TypeError) as error:
        # Only on failure: the check costs nothing on an environment's hot path.
        raise _bad_buffer(state, out) from error


def _bad_buffer(state: GameState[Any, Any], out: object) -> ValueError:
    """The error for an ``out`` that :func:`observation_into` could not fill."""
    size = math.prod(observation_shape(state))
    try:
        got = f"{type(out).__name__} of length {len(out)}"  # type: ignore[arg-type]
    except TypeError:
        got = type(out).__name__
    return ValueError(f"out must be a writable list or flat array of {size} zeros, not a {got}")


def observation_string(state: GameState[Any, Any], player: int) -> str:
    """A readable text of what ``player`` sees of ``state`` (for debugging)."""
    text: str = _feature(state, "observation_string")(state, player)
    return text
