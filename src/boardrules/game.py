"""The game record: what a game gives the game-independent API.

A game is a handful of pure functions over its own immutable state type, gathered in a
:class:`Game` record.  Each state class points at its record through the class attribute
``game``, which is how the top-level functions of :mod:`boardrules` dispatch.  Options are
declared with :class:`Option` and checked by :func:`resolve_options`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from types import UnionType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import attrs

from boardrules._document import lone_surrogate
from boardrules._values import safe_repr
from boardrules.errors import InvalidOptionError

__all__ = [
    "CHANCE",
    "TERMINAL",
    "FloatBuffer",
    "Game",
    "GameState",
    "Option",
    "SvgRenderer",
    "flag",
    "pickled_without_memo",
    "resolve_options",
    "whole_number",
]

#: :func:`~boardrules.current_player` at a chance node (dice are rolled).
CHANCE: int = -1
#: :func:`~boardrules.current_player` when the game has ended.
TERMINAL: int = -2

S = TypeVar("S")
M = TypeVar("M")
T = TypeVar("T")


def pickled_without_memo(cls: type[T]) -> type[T]:
    """Class decorator for a frozen, slotted attrs state class with a memo field ``_legal``
    (the legal moves, filled in on first use): its pickles leave the memo out, so that a
    state pickles the same before and after its moves were listed.  Put it above
    ``@attrs.frozen``.
    """
    kept = tuple(a.name for a in attrs.fields(cls) if a.name != "_legal")  # type: ignore[arg-type]

    def __getstate__(self: T) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in kept)

    def __setstate__(self: T, values: tuple[object, ...]) -> None:
        for name, value in zip(kept, values, strict=True):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_legal", None)

    setattr(cls, "__getstate__", __getstate__)  # noqa: B010 (mypy forbids assigning methods)
    setattr(cls, "__setstate__", __setstate__)  # noqa: B010
    return cls


@attrs.frozen
class Option:
    """One option of a game: its name, default value, a check and a line of documentation.

    ``check`` receives the value the caller gave and returns the value to use (it may
    normalise, e.g. a list into a tuple); it raises :class:`ValueError` with a message that
    says what is allowed.  ``choices`` names the values an option takes when they are a few
    names (for an option whose value is a list of names, such as Dorasure's heroes, the
    names its items take), so that a form can offer them; it is empty for a free value.

    >>> import boardrules as br
    >>> [o.choices for o in br.get_game("dorada").options if o.name == "tie_break"]
    [('share', 'highest-piece')]
    """

    name: str
    default: Any
    doc: str
    check: Callable[[Any], Any]
    choices: tuple[Any, ...] = ()


def whole_number(low: int, high: int, message: str) -> Callable[[Any], int]:
    """An :class:`Option` check: a whole number (not a bool) from ``low`` to ``high``.

    >>> from boardrules.game import whole_number
    >>> players = whole_number(2, 4, "2, 3 or 4 players")
    >>> players(3)
    3
    >>> players(True)
    Traceback (most recent call last):
    ...
    ValueError: 2, 3 or 4 players
    """
    return _WholeNumber(low, high, message)


@attrs.frozen
class _WholeNumber:
    """The check :func:`whole_number` gives: a value, not a closure, so that an
    :class:`Option` (and the :class:`Game` that lists it) pickles."""

    low: int
    high: int
    message: str

    def __call__(self, value: Any) -> int:
        if type(value) is not int or not self.low <= value <= self.high:
            raise ValueError(self.message)
        return value


def flag(value: Any) -> bool:
    """An :class:`Option` check: ``True`` or ``False`` only (not 0 or 1)."""
    if type(value) is not bool:
        raise ValueError("must be true or false")
    return value


def resolve_options(
    game: str, options: tuple[Option, ...], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Return every option of ``game`` with the given values checked and defaults filled in.

    >>> from boardrules.game import Option, resolve_options
    >>> opts = (Option("players", 4, "seats", lambda v: v),)
    >>> resolve_options("demo", opts, {})
    {'players': 4}
    >>> resolve_options("demo", opts, {"colour": 1})
    Traceback (most recent call last):
    ...
    boardrules.errors.InvalidOptionError: demo has no option 'colour'; its options are: players
    """
    known = {o.name: o for o in options}
    for name in given:
        if name not in known:
            raise InvalidOptionError(
                f"{game} has no option {safe_repr(name)}; its options are: {', '.join(known)}"
            )
    for name, value in given.items():
        bad = lone_surrogate(value)  # a text no document, page or terminal could hold
        if bad is not None:
            raise InvalidOptionError(f"{game} option {name}: {bad}")
    out: dict[str, Any] = {}
    for o in options:
        value = given.get(o.name, o.default)
        try:
            out[o.name] = o.check(value)
        except InvalidOptionError:
            raise
        except (ValueError, TypeError) as e:
            raise InvalidOptionError(f"{game} option {o.name}={safe_repr(value)}: {e}") from None
    return out


S_contra = TypeVar("S_contra", contravariant=True)
M_contra = TypeVar("M_contra", contravariant=True)


class SvgRenderer(Protocol[S_contra, M_contra]):
    """The signature of a game's ``render_svg``: a standalone SVG document of ``state``.

    ``size`` is the width in pixels (``None``: the game's natural size), ``move`` a legal move
    to highlight, ``perspective`` the seat to draw at the bottom where the board allows it.
    """

    def __call__(
        self,
        state: S_contra,
        /,
        *,
        size: float | None = None,
        move: M_contra | None = None,
        perspective: int | None = None,
    ) -> str: ...


class FloatBuffer(Protocol):
    """Where :func:`~boardrules.observation_into` writes: a flat, writable sequence of floats
    such as a ``list`` or a one-dimensional numpy array."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


@attrs.frozen(repr=False)
class Game(Generic[S, M]):
    """The fixed rules of one game, as a record of pure functions over its state type ``S``
    and move type ``M``.

    The functions have the meaning of the top-level functions of :mod:`boardrules` with the
    same names.  ``encode`` turns a state into a JSON-ready ``dict`` (the game's part of the
    document) and ``decode`` checks such a ``dict`` and rebuilds the state, raising
    :class:`~boardrules.StateFormatError` for anything impossible; ``options_of`` gives the
    options a state was created with, as JSON-ready values that ``new_game`` accepts.
    ``evaluate`` is the game's default heuristic for bots: one value per player in
    ``[0, 1]``, an estimate of that player's return (exactly :func:`~boardrules.returns` at
    the end).

    The fields after ``decode`` are optional features (``None`` when a game does not offer
    them; the top-level function then raises :class:`~boardrules.errors.UnsupportedError`):
    ``render_svg`` draws the board as SVG; the action encoding (``num_actions``,
    ``num_chance_outcomes``, ``legal_actions``, ``move_to_action``, ``action_to_move``) numbers
    every decision and every chance outcome with a small int whose meaning does not depend on
    the position; ``observation_shape``, ``observation`` and ``observation_string`` give a
    fixed-size view of a state from one player's seat.  ``cooperative`` is true for a game
    that all players win or lose together (every seat always has the same return).
    ``player_name`` gives the name of a seat as every text and picture shows it (a colour, a
    hero); without it a seat is ``player N`` (see :func:`~boardrules.player_name`).
    ``pieces`` says where each player's pieces are, by the names the game's ``position``
    takes (see :func:`~boardrules.pieces`).  ``title`` is the game's name as a person writes
    it in a heading (``Parchís``); it is ``name`` capitalised when not given.
    ``position_problems`` lists the laws of play that a state breaks (see
    :func:`~boardrules.position_problems`); without it, none are checked.
    ``statistics`` gives named numbers about a finished game from its last position and its
    moves (Dorasure: the dragon's wounds, the quests solved...):
    :func:`~boardrules.simulate.simulate` averages them over a series, the signal that tells
    two bots apart in a cooperative game they both nearly always lose.  ``chance_depth`` is
    how many rolls in a row the bots' searches expand exactly after a decision unless told
    otherwise (``None``: :data:`boardrules.analysis.CHANCE_DEPTH`); a game whose rolls chain
    long and branch wide (Dorasure: 1) sets it lower, and its evaluation then scores a roll
    still to come.

    >>> import boardrules as br
    >>> br.get_game("parchis").title, br.get_game("docker").title
    ('Parchís', 'Docker')
    """

    name: str
    summary: str
    options: tuple[Option, ...]
    state_type: type[S]
    move_type: type[M] | UnionType  # a union of move classes for a game with several
    new_game: Callable[..., S]
    current_player: Callable[[S], int]
    num_players: Callable[[S], int]
    legal_moves: Callable[[S], tuple[M, ...]]
    chance_outcomes: Callable[[S], tuple[tuple[M, Fraction], ...]]
    apply_move: Callable[[S, M], S]
    returns: Callable[[S], tuple[float, ...]]
    render: Callable[[S], str]
    parse_move: Callable[[S, str], M]
    options_of: Callable[[S], dict[str, Any]]
    evaluate: Callable[[S], tuple[float, ...]]
    encode: Callable[[S], dict[str, Any]]
    decode: Callable[[dict[str, Any], dict[str, Any]], S]
    render_svg: SvgRenderer[S, M] | None = None
    num_actions: Callable[[S], int] | None = None
    num_chance_outcomes: Callable[[S], int] | None = None
    legal_actions: Callable[[S], tuple[int, ...]] | None = None
    move_to_action: Callable[[S, M], int] | None = None
    action_to_move: Callable[[S, int], M] | None = None
    observation_shape: Callable[[S], tuple[int, ...]] | None = None
    observation: Callable[[S, int], tuple[float, ...]] | None = None
    observation_string: Callable[[S, int], str] | None = None
    observation_into: Callable[[S, int, FloatBuffer], None] | None = None
    cooperative: bool = False
    player_name: Callable[[S, int], str] | None = None
    title: str = ""
    pieces: Callable[[S], Mapping[str, Sequence[int | str]]] | None = None
    position_problems: Callable[[S], tuple[str, ...]] | None = None
    statistics: Callable[[S, tuple[M, ...]], dict[str, float]] | None = None
    chance_depth: int | None = None

    def __attrs_post_init__(self) -> None:
        if not self.title:
            object.__setattr__(self, "title", self.name.capitalize())
        # The API's is_terminal, is_chance and current_player read the attribute _to_move:
        # a state class that keeps the player to move there answers with no call at all
        # (Parchís does); for any other, it is the record's current_player as a property.
        if not hasattr(self.state_type, "_to_move"):
            setattr(self.state_type, "_to_move", property(self.current_player))  # noqa: B010
        # A state of a game that draws itself shows as its board in Jupyter and IPython.
        if self.render_svg is not None and "_repr_svg_" not in vars(self.state_type):
            setattr(self.state_type, "_repr_svg_", _repr_svg)  # noqa: B010

    def __repr__(self) -> str:
        return f"<Game {self.name!r}>"

    def __reduce__(self) -> tuple[Any, ...]:
        """A game whose states point at it (every registered game: ``type(state).game is
        game``) pickles as that attribute of its state class, so that it unpickles as the
        very same record; another pickles field by field."""
        if getattr(self.state_type, "game", None) is self:
            return (getattr, (self.state_type, "game"))
        return (_game_of_fields, (type(self), attrs.asdict(self, recurse=False)))

    def player_counts(self) -> tuple[int, ...]:
        """The numbers of players (1 to 16) that the game's ``new_game`` accepts.

        >>> import boardrules as br
        >>> br.get_game("parchis").player_counts()
        (2, 3, 4)
        """
        counts = []
        for players in range(1, 17):
            try:
                self.new_game(players=players)
            except InvalidOptionError:
                continue
            counts.append(players)
        return tuple(counts)


def _game_of_fields(kind: type[Game[Any, Any]], fields: dict[str, Any]) -> Game[Any, Any]:
    """A game record that is not registered, rebuilt from its fields."""
    return kind(**fields)


def _repr_svg(state: Any) -> str:
    """The board of ``state`` as SVG: what notebooks show for a state."""
    draw = type(state).game.render_svg
    svg: str = draw(state)
    return svg


class GameState(Protocol[S, M]):
    """What every state is to the type checker: a value whose class attribute ``game`` is its
    :class:`Game` record, with state type ``S`` and move type ``M``.

    No state subclasses it: a class matches it by declaring its record, as every built-in
    game does (``game: ClassVar[Game[State, Move]]``), and the functions of
    :mod:`boardrules` read both types from there.  So ``br.legal_moves(s)`` is a tuple of
    ``s``'s own moves, ``br.apply_move(s, m)`` has ``s``'s own type and accepts only its
    game's moves, and a game of your own gets the same precision from its declaration.
    ``GameState[Any, Any]`` is a state of a game known only at run time (what
    :func:`~boardrules.from_json` returns).

    >>> import boardrules as br
    >>> from typing import ClassVar, TypeVar
    >>> class Coin:  # a game's state class declares its record so
    ...     game: ClassVar[br.Game["Coin", str]]
    >>> St, Mv = TypeVar("St"), TypeVar("Mv")
    >>> def first_move(state: br.GameState[St, Mv]) -> Mv:  # generic code over every game
    ...     return br.legal_moves(state)[0]
    >>> str(first_move(br.new_game("parchis", players=2)))
    'roll 1'
    """

    # The typing spec forbids type variables in ClassVar, but both mypy and pyright read them
    # in a protocol as intended, and a class attribute is what every state really carries.
    game: ClassVar[Game[S, M]]  # pyright: ignore[reportGeneralTypeIssues]
