"""Readable values: the helpers behind the short ``repr`` of states and moves.

A state's ``repr`` says only the game, whose turn it is and where the turn stands, since a
full dump of a position is pages long; :func:`full_repr` gives the dump on demand.
"""

from __future__ import annotations

import contextlib
import math
import warnings
from collections.abc import Iterator
from typing import TypeVar

import attrs

from boardrules.errors import BoardrulesError, InvalidOptionError, StateFormatError

__all__ = [
    "LONGEST",
    "LONGEST_MESSAGE",
    "MAX_ENV_SEED",
    "ascii_count",
    "ascii_digits",
    "check_illegal_reward",
    "check_seed",
    "cut_refusals",
    "full_repr",
    "move_repr",
    "renamed",
    "safe_repr",
    "shortened",
    "shown_message",
    "shown_path",
]

#: The longest text of a value an error message shows (a forged name may hold megabytes).
LONGEST = 40
#: The longest path an error message shows whole (a longer one keeps its two ends).
LONGEST_PATH = 120
#: The longest text of another error that a message repeats whole (a longer one keeps its
#: two ends): far above the library's own messages (at most about 200 characters, the list
#: of a game's options), which may echo a hostile document's values at length.
LONGEST_MESSAGE = 300
#: The longest whole number an error message writes out, in bits (a larger one is shown by
#: its size: 39 digits say nothing more, and past 4,300 digits ``str`` raises).
_WRITTEN_BITS = 128

T = TypeVar("T")


def full_repr(value: attrs.AttrsInstance) -> str:
    """``Class(field=value, ...)`` with every attrs field of ``value`` that attrs would show
    (memo fields declared ``repr=False`` are left out).

    >>> import attrs
    >>> from boardrules._values import full_repr
    >>> @attrs.frozen(repr=False)
    ... class Point:
    ...     x: int
    ...     y: int
    >>> full_repr(Point(1, 2))
    'Point(x=1, y=2)'
    """
    cls = type(value)
    shown = (f for f in attrs.fields(cls) if f.repr is not False)
    body = ", ".join(f"{f.name}={getattr(value, f.name)!r}" for f in shown)
    return f"{cls.__qualname__}({body})"


def move_repr(game: str, move: object) -> str:
    """``<game.Class notation>``: a move's ``repr`` shows its notation.

    >>> from boardrules._values import move_repr
    >>> move_repr("demo", 3)
    '<demo.int 3>'
    """
    try:
        text = str(move)
    except Exception:  # a malformed move (wrong field types) still has a repr
        text = "(malformed)"
    return f"<{game}.{type(move).__name__} {text}>"


def renamed(new: str, value: T | None, old: str, old_value: T | None) -> T | None:
    """The value of keyword ``new``, or of its deprecated old name ``old`` (with a
    :class:`DeprecationWarning`); giving both is an error.

    >>> from boardrules._values import renamed
    >>> renamed("turn", 1, "to_move", None)
    1
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     renamed("turn", None, "to_move", 2)
    2
    >>> print(caught[0].message)
    to_move= is deprecated; write turn=
    """
    if old_value is None:
        return value
    if value is not None:
        raise StateFormatError(f"{new}: given twice, as {new}= and as its old name {old}=")
    warnings.warn(f"{old}= is deprecated; write {new}=", DeprecationWarning, stacklevel=3)
    return old_value


def ascii_count(text: str, longest: int = 18) -> int | None:
    """``text`` (spaces around it allowed) as a whole number if it is ASCII digits only, at
    most ``longest`` of them; else ``None``.

    Where a text is read as a count, use this, not ``str.isdigit()``: that accepts digits
    such as "²" or "①" that :func:`int` refuses, and :func:`int` itself takes other
    scripts' digits ("٣") and refuses texts of more than 4 300 digits with an error.

    >>> from boardrules._values import ascii_count
    >>> [ascii_count(t) for t in ("3", " 12 ", "²", "٣", "-1", "", "9" * 19)]
    [3, 12, None, None, None, None, None]
    """
    text = text.strip()
    if len(text) <= longest and ascii_digits(text):
        return int(text)
    return None


def ascii_digits(text: str) -> bool:
    """Whether ``text`` is one or more of the ASCII digits 0-9 and nothing else (what
    ``str.isdigit()`` is often taken to mean; see :func:`ascii_count`)."""
    return text.isascii() and text.isdigit()


def safe_repr(value: object) -> str:
    """``repr(value)`` for an error message: short, and never an exception (a whole number
    too long to write is shown by its size, a failing ``__repr__`` by the type's name).

    >>> from boardrules._values import safe_repr
    >>> safe_repr(2**63), safe_repr(-(10**5000))
    ('9223372036854775808', 'an int of 16610 bits')
    >>> safe_repr("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    """
    if isinstance(value, int) and value.bit_length() > _WRITTEN_BITS:
        return f"an int of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # a hostile object's __repr__ must not turn the answer into a crash
        return f"a {type(value).__name__}"
    return shortened(text)


def shortened(text: str) -> str:
    """``text``, cut to :data:`LONGEST` characters (the last three ``...``) if longer."""
    return text if len(text) <= LONGEST else text[: LONGEST - 3] + "..."


def shown_path(path: object) -> str:
    """A file's path for a message: whole up to :data:`LONGEST_PATH` characters, a longer
    one cut in the middle, so that its start and its file name stay.

    >>> from boardrules._values import shown_path
    >>> shown_path("records/game.json")
    'records/game.json'
    >>> cut = shown_path("/tmp/" + "d" * 5000 + "/game.json")
    >>> len(cut), cut[:8], cut[-13:]
    (120, '/tmp/ddd', 'ddd/game.json')
    """
    return _both_ends(str(path), LONGEST_PATH)


def shown_message(error: object) -> str:
    """The text of ``error`` (an exception) inside another message: whole up to
    :data:`LONGEST_MESSAGE` characters, a longer one cut in the middle, so that its start
    (what was wrong) and its end (what is allowed) stay.

    >>> from boardrules._values import shown_message
    >>> shown_message(ValueError("no such move"))
    'no such move'
    >>> cut = shown_message(ValueError("version '" + "9" * 5000 + "' is not 1"))
    >>> len(cut), cut[:12], cut[-10:]
    (300, "version '999", "' is not 1")
    """
    return _both_ends(str(error), LONGEST_MESSAGE)


@contextlib.contextmanager
def cut_refusals() -> Iterator[None]:
    """Where a document or an option enters the library: a refusal (a :class:`ValueError`)
    raised inside whose message is longer than :data:`LONGEST_MESSAGE` is raised again as
    the same class, its message cut in the middle as :func:`shown_message` cuts it (what was
    wrong at the start, what is allowed at the end), ``from`` the original.  A game's checks
    may repeat a hostile value whole (a field of 100,000 characters); a shorter message
    passes untouched.

    >>> from boardrules._values import cut_refusals
    >>> from boardrules.errors import StateFormatError
    >>> try:
    ...     with cut_refusals():
    ...         raise StateFormatError("last: " + repr("Z" * 5000) + " is not a square name")
    ... except StateFormatError as e:
    ...     print(len(str(e)), repr(str(e)[:10]), repr(str(e)[-24:]), type(e.__cause__).__name__)
    300 "last: 'ZZZ" "ZZ' is not a square name" StateFormatError
    """
    try:
        yield
    except ValueError as error:
        text = str(error)
        if len(text) <= LONGEST_MESSAGE:
            raise
        cut = _with_message(error, _both_ends(text, LONGEST_MESSAGE))
        if cut is None:
            raise
        raise cut from error


def _with_message(error: ValueError, message: str) -> ValueError | None:
    """An error of ``error``'s class and attributes with ``message`` (made without the
    class's constructor, which may take other parameters than a message); ``None`` for a
    class that cannot be made so or whose text is not its message (Python's
    :class:`UnicodeDecodeError`)."""
    kind = type(error)
    if kind.__str__ is not BaseException.__str__:
        return None
    try:
        cut = kind.__new__(kind, message)
    except TypeError:
        return None
    cut.args = (message,)
    vars(cut).update(vars(error))
    return cut


def _both_ends(text: str, longest: int) -> str:
    """``text``, or if longer than ``longest`` its two ends around ``...``, ``longest``
    characters in all."""
    if len(text) <= longest:
        return text
    head = (longest - 3) // 2
    return text[:head] + "..." + text[len(text) - (longest - 3 - head) :]


# The values the environments take (boardrules.rl's and the batches' vector environments).

#: The largest seed an environment takes (boardrules.rl's and the vector environments'):
#: NumPy's and Gymnasium's seeds are 64-bit.
MAX_ENV_SEED = 2**64 - 1


def check_seed(seed: object) -> None:
    """Refuse a ``reset`` seed that is not ``None`` or a whole number from 0 to
    :data:`MAX_ENV_SEED`, the same way in both environments (a :class:`ValueError`).

    >>> from boardrules._values import check_seed
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    boardrules.errors.BoardrulesError: a seed is None or a whole number from 0 to 2**64 - 1, \
not -1
    """
    if seed is None or (type(seed) is int and 0 <= seed <= MAX_ENV_SEED):
        return
    shown = safe_repr(seed) if isinstance(seed, (int, float)) else f"a {type(seed).__name__}"
    raise BoardrulesError(f"a seed is None or a whole number from 0 to 2**64 - 1, not {shown[:40]}")


def check_illegal_reward(reward: object) -> float | None:
    """``reward``, the reward of an illegal action: ``None`` (raise instead) or a finite
    number, the same in both environments (else a :class:`ValueError`).

    >>> from boardrules._values import check_illegal_reward
    >>> check_illegal_reward(float("nan"))
    Traceback (most recent call last):
    ...
    boardrules.errors.InvalidOptionError: illegal_reward must be None or a finite number, not nan
    """
    if reward is None or (
        isinstance(reward, int | float) and not isinstance(reward, bool) and _finite(reward)
    ):
        return reward
    shown = safe_repr(reward) if isinstance(reward, int | float) else f"a {type(reward).__name__}"
    raise InvalidOptionError(f"illegal_reward must be None or a finite number, not {shown[:40]}")


def _finite(number: float) -> bool:
    """Whether ``number`` is a finite float or a whole number a float can hold (10**400 is
    past the largest: ``math.isfinite`` raises :class:`OverflowError` for it)."""
    try:
        return math.isfinite(number)
    except OverflowError:
        return False
