"""The OpenSpiel game and state classes of a boardrules game, built on the game-independent
API only (action numbers, chance outcomes, observations, returns, JSON)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Protocol
from urllib.parse import unquote

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

import boardrules as br
from boardrules._document import load_json

__all__ = [
    "MAX_GAME_LENGTH",
    "BoardGame",
    "BoardState",
    "PyObserver",
    "encode_json",
    "game_type",
    "load_game",
    "register",
    "short_name",
]

#: The ``max_game_length`` (decisions in one game) told to OpenSpiel, which needs a bound.
#: None of the games has a proven one; random games of every game stay far below it.
MAX_GAME_LENGTH = 10_000

_Utility = pyspiel.GameType.Utility
_TERMINAL: int = pyspiel.PlayerId.TERMINAL.value  # -4; .value, not int(): autodoc can mock it

# How each built-in game's returns add up (checked over random games by the tests):
# Parchís ranks the players (1, ..., 0 in equal steps: they add up to players / 2), Docker
# has one winner, Dorasure's heroes win or lose together, and in Dorada equal totals share
# the win.  A game registered by a user is taken to be general-sum.
_UTILITY: dict[str, tuple[Any, Callable[[int], float] | None]] = {
    "parchis": (_Utility.CONSTANT_SUM, lambda players: players / 2),
    "docker": (_Utility.CONSTANT_SUM, lambda players: 1.0),
    "dorasure": (_Utility.IDENTICAL, None),
    "dorada": (_Utility.GENERAL_SUM, None),
}

# An option whose default is not a plain bool, int, float or str (None, a list, a dict) is
# an OpenSpiel string parameter holding JSON, with "" for the game's default.  ``players``
# is always a whole number: 0 is the game's default where that default is None.
_PLAIN = (bool, int, float, str)

# OpenSpiel writes a game as ``name(key=value,...)`` and reads it back (serialization does),
# so a JSON value is percent-encoded where it would break that text.
_ESCAPES = {"%": "%25", ",": "%2C", "(": "%28", ")": "%29", "=": "%3D"}


def encode_json(value: Any) -> str:
    """``value`` as the text of a JSON game parameter (compact JSON, percent-encoded where
    OpenSpiel's game strings need it).

    >>> from boardrules.openspiel import encode_json
    >>> encode_json(["yellow", "red"])
    '["yellow"%2C"red"]'
    """
    text = json.dumps(value, separators=(",", ":"), sort_keys=True)
    return "".join(_ESCAPES.get(c, c) for c in text)


def short_name(name: str) -> str:
    """The OpenSpiel name of the boardrules game ``name``.

    >>> from boardrules.openspiel import short_name
    >>> short_name("parchis")
    'boardrules_parchis'
    """
    return f"boardrules_{name}"


def _parameter(option: br.Option) -> bool | int | float | str:
    if isinstance(option.default, _PLAIN):
        value: bool | int | float | str = option.default
        return value
    return 0 if option.name == "players" else ""


def _options(game: br.Game[Any, Any], params: Mapping[str, Any]) -> dict[str, Any]:
    """The boardrules options of OpenSpiel ``params`` (see :func:`load_game`)."""
    options: dict[str, Any] = {}
    for option in game.options:
        value = params.get(option.name, _parameter(option))
        if isinstance(option.default, str) and isinstance(value, str):
            options[option.name] = _text_or_data(value)  # Dorada's board: a name or data
        elif isinstance(option.default, _PLAIN):
            options[option.name] = value
        elif option.name == "players":
            if value != 0:
                options["players"] = value
        elif value != "":
            try:
                options[option.name] = load_json(unquote(value))
            except (TypeError, ValueError):
                raise br.InvalidOptionError(
                    f"{game.name} option {option.name}: {value!r} is not JSON text"
                ) from None
    return options


def _text_or_data(value: str) -> Any:
    """A text parameter's value: the JSON object or array it holds (percent-encoded as
    :func:`encode_json` writes it), for an option that takes a name or data; else the text
    itself.  No name of anything in boardrules is a JSON object or array, so this is never
    ambiguous.

    >>> from boardrules.openspiel._game import _text_or_data
    >>> _text_or_data('{"fields":10%2C"jumps":[[4%2C2]]%2C"last_jump":4}')
    {'fields': 10, 'jumps': [[4, 2]], 'last_jump': 4}
    >>> _text_or_data("classic-40"), _text_or_data("{not json")
    ('classic-40', '{not json')
    """
    text = unquote(value).strip()
    if text[:1] in ("{", "["):
        try:
            data = load_json(text)
        except ValueError:  # a text that only looks like JSON: the check says what is wrong
            return value
        if isinstance(data, (dict, list)):
            return data
    return value


def _players_range(name: str) -> tuple[int, int]:
    """The fewest and most players the game accepts (its ``players`` option tells)."""
    allowed = br.get_game(name).player_counts()
    return min(allowed), max(allowed)


def game_type(name: str) -> Any:
    """The :class:`pyspiel.GameType` of the boardrules game ``name``.

    Every game is sequential, with explicit chance nodes (each outcome with its exact
    probability), perfect information and terminal rewards.  Dorasure's face-down tiles are
    not hidden information: a tile is drawn when it is turned up, a chance node like a roll.
    """
    game = br.get_game(name)
    low, high = _players_range(name)
    utility, _ = _UTILITY.get(name, (_Utility.GENERAL_SUM, None))
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"boardrules {name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={o.name: _parameter(o) for o in game.options},
    )


class _Held:
    """A boardrules state in an OpenSpiel state's attributes, with its OpenSpiel player
    (asked for many times per move by OpenSpiel's C++ side).

    OpenSpiel clones a Python state by deep-copying its attributes and serializes it by
    pickling them: the state is immutable, so a copy is the same object, and a pickle holds
    its JSON document.
    """

    __slots__ = ("player", "state")

    def __init__(self, state: Any) -> None:
        self.state = state
        player = br.current_player(state)
        self.player = _TERMINAL if player == br.TERMINAL else player  # CHANCE is -1 in both

    def __deepcopy__(self, memo: dict[int, object]) -> _Held:
        return self

    def __reduce__(self) -> tuple[Callable[[str], _Held], tuple[str]]:
        return _from_json, (br.to_json(self.state),)


def _from_json(text: str) -> _Held:
    return _Held(br.from_json(text))


class BoardGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A boardrules game with its options, as an OpenSpiel game (see :func:`load_game`).

    :func:`register` makes one subclass per game, which OpenSpiel calls with the game
    parameters.
    """

    #: The boardrules name of the game and its :func:`game_type`, set by each subclass.
    name: ClassVar[str]
    kind: ClassVar[Any]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        name, kind = self.name, self.kind
        game = br.get_game(name)
        given = dict(params or {})
        start = br.new_game(name, **_options(game, given))
        players = br.num_players(start)
        _, total = _UTILITY.get(name, (None, None))
        info = pyspiel.GameInfo(
            num_distinct_actions=br.num_actions(start),
            max_chance_outcomes=br.num_chance_outcomes(start),
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None if total is None else total(players),
            max_game_length=MAX_GAME_LENGTH,
        )
        full = {o.name: given.get(o.name, _parameter(o)) for o in game.options}
        super().__init__(kind, info, full)
        self._start = start
        self._shape = br.observation_shape(start)

    def new_initial_state(self) -> BoardState:
        """The start of a game."""
        return BoardState(self, self._start)

    def state_from(self, state: Any) -> BoardState:
        """An OpenSpiel state of this game at the boardrules position ``state`` (its OpenSpiel
        history begins there)."""
        start = self._start
        game = br.game_of(state)
        if game is not br.game_of(start) or game.options_of(state) != game.options_of(start):
            raise br.InvalidOptionError(
                f"that position is not one of {self}: another game or other options"
            )
        return BoardState(self, state)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> PyObserver:
        """The observer of :func:`boardrules.observation`; a perfect-recall observer (asked
        for information states) is OpenSpiel's own for games of public information."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self._shape, params)
        generic: PyObserver = IIGObserverForPublicInfoGame(iig_obs_type, params)
        return generic


class BoardState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state holding a boardrules state, :attr:`boardrules_state`."""

    def __init__(self, game: BoardGame, state: Any) -> None:
        super().__init__(game)
        self._held = _Held(state)

    @property
    def boardrules_state(self) -> Any:
        """The position, a state of :mod:`boardrules`."""
        return self._held.state

    def current_player(self) -> int:
        """The player to decide, ``pyspiel.PlayerId.CHANCE`` or ``TERMINAL``."""
        player: int = self._held.player
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return list(br.legal_actions(self._held.state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each outcome's action number with its probability (from the exact fraction)."""
        return _chance_table(self._held.state)

    def _apply_action(self, action: int) -> None:
        state = self._held.state
        self._held = _Held(br.apply_move(state, br.action_to_move(state, action)))

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return str(br.action_to_move(self._held.state, action))
        except br.IllegalMoveError:
            return f"action {action}"  # OpenSpiel may name an action that is not legal now

    def is_terminal(self) -> bool:
        """Whether the game has ended."""
        return self._held.player == _TERMINAL

    def returns(self) -> list[float]:
        """:func:`boardrules.returns` (all zero before the end)."""
        return list(br.returns(self._held.state))

    def __str__(self) -> str:
        return br.render(self._held.state)


class PyObserver(Protocol):
    """OpenSpiel's protocol of a Python observer: ``set_from`` fills ``tensor`` (and its
    views in ``dict``) with what ``player`` sees of ``state``."""

    @property
    def tensor(self) -> npt.NDArray[np.float32] | None: ...

    @property
    def dict(self) -> dict[str, npt.NDArray[np.float32]]: ...

    def set_from(self, state: BoardState, player: int) -> None: ...

    def string_from(self, state: BoardState, player: int) -> str: ...


class _Observer:
    """OpenSpiel's observer protocol over :func:`boardrules.observation`."""

    def __init__(self, shape: tuple[int, ...], params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"the observation takes no parameters; given {dict(params)}")
        self.tensor: npt.NDArray[np.float32] = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: BoardState, player: int) -> None:
        self.tensor[:] = br.observation(state.boardrules_state, player)

    def string_from(self, state: BoardState, player: int) -> str:
        return br.observation_string(state.boardrules_state, player)


# Each chance node's (action, float probability) pairs, kept by the identity of the exact
# outcome tuple (games return the same tuple for the same situation; the tuple is kept in
# the entry so that its id is not reused while the entry lives) and by the node's legal
# action numbers: the same outcomes may have other numbers elsewhere (Dorasure numbers them
# by the kind of roll), and a game that numbers them alike gives them the same numbers.
_chance_cache: dict[tuple[int, tuple[int, ...]], tuple[object, list[tuple[int, float]]]] = {}


def _chance_table(state: Any) -> list[tuple[int, float]]:
    exact = br.chance_outcomes(state)
    key = (id(exact), br.legal_actions(state))
    entry = _chance_cache.get(key)
    if entry is None or entry[0] is not exact:
        if len(_chance_cache) >= 4096:
            _chance_cache.clear()
        table = sorted((br.move_to_action(state, m), float(p)) for m, p in exact)
        entry = _chance_cache[key] = (exact, table)
    return list(entry[1])


def register(name: str) -> None:
    """Register the boardrules game ``name`` with OpenSpiel as ``boardrules_<name>``
    (importing :mod:`boardrules.openspiel` registers every game known then)."""
    # A class, not a closure: OpenSpiel keeps the maker until after Python has shut down,
    # and a function kept so long makes the interpreter abort at exit.
    maker: type[BoardGame] = type(
        f"BoardGame_{name}", (BoardGame,), {"name": name, "kind": game_type(name)}
    )
    pyspiel.register_game(maker.kind, maker)


def _parameter_value(name: str, options: dict[str, Any], key: str) -> bool | int | float | str:
    """The OpenSpiel parameter of option ``key``: a plain value as it is, data as JSON text;
    an object (such as a :class:`boardrules.dorada.Board`) as the JSON form the game writes
    for it in its documents."""
    value = options[key]
    if isinstance(value, _PLAIN):
        return value
    try:
        return encode_json(value)
    except (TypeError, ValueError):  # not JSON data: the game's own JSON form of it
        state = br.new_game(name, **options)
        return encode_json(br.game_of(state).options_of(state).get(key, value))


def load_game(name: str, **options: Any) -> BoardGame:
    """The OpenSpiel game of the boardrules game ``name`` with its ``options`` (the same
    options as :func:`boardrules.new_game`; a list or dict is passed to OpenSpiel as JSON
    text, see :func:`encode_json`).

    >>> import boardrules.openspiel
    >>> game = boardrules.openspiel.load_game("docker", players=2)
    >>> str(game)
    'boardrules_docker(first_player=0,players=2,return_to_start=False)'
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 6)
    """
    given = {key: _parameter_value(name, options, key) for key, value in options.items()}
    game: BoardGame = pyspiel.load_game(short_name(name), given)
    return game
