"""The boundary of each game's package: its own functions refuse what is not its state.

``boardrules.dorada.returns(s)`` is written for a Dorada state; given a Parchís state it
would read fields that mean something else there and answer wrongly, and given an int it
would fail with a bare ``AttributeError``.  :func:`guard_package` wraps each such function
of a game's package in a check of the state's type that raises
:class:`~boardrules.NotAStateError` (a :class:`ValueError`) naming what was given and what
is expected.  The game-independent API dispatches on the state's type, so it calls the
functions of the game's :class:`~boardrules.Game` record, which are the unchecked ones: the
check costs nothing on its path.

>>> import boardrules as br
>>> from boardrules import dorada
>>> dorada.returns(br.new_game("parchis"))
Traceback (most recent call last):
...
boardrules.errors.NotAStateError: boardrules.dorada.returns() takes a Dorada state, not a \
Parchís state (boardrules.returns() takes every game's)
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, MutableMapping
from typing import Any

from boardrules.errors import NotAStateError
from boardrules.game import Game

__all__ = ["API_TWINS", "guard_package", "state_functions"]

#: The functions of a game's package that :mod:`boardrules` also offers for every game (the
#: core imports no game, and this module no API: the names are listed, and a test keeps the
#: list equal to the API's).
API_TWINS = frozenset(
    {
        "action_to_move", "apply_move", "chance_outcomes", "current_player", "evaluate",
        "is_terminal", "legal_actions", "legal_moves", "move_to_action",
        "num_actions", "num_chance_outcomes", "num_players", "observation",
        "observation_into", "observation_shape", "observation_string", "parse_move",
        "pieces", "player_name", "position_problems", "render", "render_svg", "returns",
    }
)  # fmt: skip


def state_functions(namespace: MutableMapping[str, Any]) -> tuple[str, ...]:
    """The names in ``namespace["__all__"]`` of the plain functions whose first parameter is
    a state (named ``state`` or ``s``, as every game names it), checked or not yet."""
    names = []
    for name in namespace["__all__"]:
        function = namespace[name]
        function = getattr(function, "__wrapped__", function)
        if not isinstance(function, types.FunctionType):
            continue
        code = function.__code__
        if code.co_argcount and code.co_varnames[0] in ("state", "s"):
            names.append(name)
    return tuple(names)


def guard_package(namespace: MutableMapping[str, Any], state_type: type, title: str) -> None:
    """Replace each state function of a game's package (``namespace`` is its ``globals()``,
    after its :class:`~boardrules.Game` record was made of the unchecked functions) by one
    that first checks that its state is a ``state_type``."""
    package = namespace["__name__"]
    for name in state_functions(namespace):
        function = namespace[name]
        also = f" (boardrules.{name}() takes every game's)" if name in API_TWINS else ""
        where = f"{package}.{name}()"
        namespace[name] = _checked(function, state_type, f"{where} takes a {title} state", also)


def _checked(
    function: Callable[..., Any], state_type: type, expected: str, also: str
) -> Callable[..., Any]:
    first = function.__code__.co_varnames[0]

    @functools.wraps(function)
    def checked(*args: Any, **kwargs: Any) -> Any:
        state = args[0] if args else kwargs.get(first)
        if not isinstance(state, state_type):
            raise NotAStateError(f"{expected}, not {_described(state)}{also}")
        return function(*args, **kwargs)

    return checked


def _described(given: object) -> str:
    """``a Parchís state``, ``an int``: what was given, as the message names it."""
    if given is None:
        return "None"
    game = getattr(type(given), "game", None)
    what = f"{game.title} state" if isinstance(game, Game) else type(given).__name__
    return f"{'an' if what[0].lower() in 'aeiou' else 'a'} {what}"
