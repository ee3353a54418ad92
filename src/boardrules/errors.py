"""The exceptions of boardrules.

Every error the API raises for bad input is a :class:`BoardrulesError`, which is a
:class:`ValueError`, so ``except ValueError`` catches them all.  Each message says what was
wrong and what is allowed.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "BoardrulesError",
    "IllegalMoveError",
    "InvalidOptionError",
    "MoveSyntaxError",
    "NotAStateError",
    "StateFormatError",
    "UnknownGameError",
    "UnsupportedError",
]


class BoardrulesError(ValueError):
    """Base class of every error that boardrules raises for bad input.

    Every one pickles whole, whatever its constructor takes (a worker process sends it back
    to the process that started the work), with its message, its attributes and its notes:

    >>> import pickle
    >>> from boardrules.analysis import TooManyStatesError
    >>> error = pickle.loads(pickle.dumps(TooManyStatesError(12, 10)))
    >>> type(error).__name__, error.found, error.limit
    ('TooManyStatesError', 12, 10)
    """

    def __reduce__(self) -> tuple[Any, ...]:
        # Exception's own __reduce__ calls the class with ``args`` (the message), which a
        # constructor of other parameters (TooManyStatesError(found, limit)) refuses.
        return (_rebuilt, (type(self), self.args, dict(vars(self))))


def _rebuilt(
    kind: type[BoardrulesError], args: tuple[Any, ...], attributes: dict[str, Any]
) -> BoardrulesError:
    """The error ``kind`` with these ``args`` and attributes, made without its constructor."""
    error = kind.__new__(kind, *args)
    error.args = args
    vars(error).update(attributes)
    return error


class UnknownGameError(BoardrulesError):
    """A game name that is not registered; the message lists the available games."""


class InvalidOptionError(BoardrulesError):
    """An unknown option, or a bad value for a known one; the message says what is allowed."""


class IllegalMoveError(BoardrulesError):
    """A move that the rules do not allow in this state; the message says which rule forbids it."""


class MoveSyntaxError(BoardrulesError):
    """A move text that is not in the game's move notation at all (see ``parse_move``)."""


class StateFormatError(BoardrulesError):
    """A JSON document that is damaged, of another version, or describes an impossible state."""


class NotAStateError(BoardrulesError):
    """An object passed where a game state was expected."""


class UnsupportedError(BoardrulesError):
    """A feature (pictures, actions, observations...) that this game does not offer."""
