"""Finding a move among the legal moves without trusting the move object.

The games intern their moves, so the move a caller passes is almost always one of the legal
move objects themselves: :func:`find_legal` tests identity first, which costs no call of
``__eq__``.  Only then does it compare by value, and then strictly: the same class, and
fields of the same types (``5.0`` or ``True`` is not the whole number ``5`` or ``1``), so a
move whose ``__eq__`` says yes to everything, or a move with a float field, is not taken for
a legal one.  The games then apply the legal object found, never the caller's copy.

>>> from boardrules._legal import find_legal
>>> import attrs
>>> @attrs.frozen
... class Step:
...     to: int
>>> legal = (Step(1), Step(2))
>>> find_legal(legal[1], legal) is legal[1]
True
>>> find_legal(Step(2), legal) is legal[1]
True
>>> find_legal(Step(2.0), legal) is None  # type: ignore[arg-type]
True
>>> find_legal(Step(True), legal) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

from boardrules._values import safe_repr, shortened

__all__ = [
    "FIELD_LIMIT",
    "find_legal",
    "forged_field",
    "same_value",
    "shown",
    "unset_field",
    "wrong_field_types",
]

M = TypeVar("M")

# What a field of a move made without its ``__init__`` (``object.__new__``) reads as.
_UNSET: Any = object()

#: Every whole number of every game's moves lies strictly between ``-FIELD_LIMIT`` and
#: ``FIELD_LIMIT``: a larger one is no move, and an error message must not write it out (an
#: int of more than 4,300 digits cannot be written at all: ``str`` raises).
FIELD_LIMIT = 2**63


def find_legal(move: object, legal: Sequence[M]) -> M | None:
    """The object of ``legal`` that ``move`` is, or equals strictly (see :func:`same_value`);
    ``None`` when there is none."""
    for candidate in legal:
        if candidate is move:
            return candidate
    kind = type(move)
    for candidate in legal:
        if type(candidate) is kind and same_value(candidate, move):
            return candidate
    return None


def same_value(ours: object, theirs: object) -> bool:
    """Whether ``theirs`` has exactly the value of ``ours`` (a value built by the library):
    the same type (an int and an :class:`enum.IntEnum` member count as one, a bool or a float
    never counts as an int), and for tuples and attrs classes field by field.  No method of
    ``theirs`` is called, except the attribute lookups of an attrs class that is ``ours``'s."""
    if ours is theirs:
        return True
    kind = type(ours)
    if kind is not type(theirs):
        if (
            isinstance(ours, int)
            and isinstance(theirs, int)
            and kind is not bool
            and type(theirs) is not bool
        ):
            return int.__eq__(ours, theirs) is True
        return False
    if kind is tuple:
        return len(ours) == len(theirs) and all(  # type: ignore[arg-type]
            map(same_value, ours, theirs)  # type: ignore[call-overload]
        )
    if attrs.has(kind):
        return all(
            same_value(getattr(ours, f.name), getattr(theirs, f.name, _UNSET))
            for f in attrs.fields(kind)
            if f.eq
        )
    result: Any = ours == theirs  # a type of the library's own (int, str, an enum)
    return result is True


def unset_field(move: object) -> str | None:
    """For a move of an attrs class: which field was never set (the object was made with
    ``object.__new__``, not its class), as ``"field src is not set"``; ``None`` when all are.

    >>> import attrs
    >>> from boardrules._legal import unset_field
    >>> @attrs.frozen
    ... class Step:
    ...     to: int
    >>> unset_field(object.__new__(Step))
    'field to is not set'
    >>> unset_field(Step(3)) is None
    True
    """
    kind: Any = type(move)
    if not attrs.has(kind):
        return None
    for f in attrs.fields(kind):
        if getattr(move, f.name, _UNSET) is _UNSET:
            return f"field {f.name} is not set"
    return None


def wrong_field_types(move: object) -> str | None:
    """For a move whose fields are all whole numbers: which field holds something else
    (``"field src is 7.0, not a whole number"``) or was never set (``"field src is not
    set"``), or ``None`` when all are whole numbers."""
    kind: Any = type(move)
    if not attrs.has(kind):
        return None
    unset = unset_field(move)
    if unset is not None:
        return unset
    for f in attrs.fields(kind):
        value = getattr(move, f.name)
        if not isinstance(value, int) or isinstance(value, bool):
            return f"field {f.name} is {safe_repr(value)}, not a whole number"
    return None


def forged_field(move: object, legal: Sequence[object]) -> str | None:
    """Why ``move`` cannot be any of ``legal`` by its make: a field never set, or a field
    whose type no legal move of its class has there (``"field src is 7.0, a float"``);
    ``None`` when neither (the move may still be illegal by its values)."""
    unset = unset_field(move)
    if unset is not None:
        return unset
    kind: Any = type(move)
    alike = [c for c in legal if type(c) is kind]
    if not alike or not attrs.has(kind):
        return None
    for f in attrs.fields(kind):
        value = getattr(move, f.name)
        if not any(_same_type(getattr(c, f.name), value) for c in alike):
            return f"field {f.name} is {safe_repr(value)}, a {type(value).__name__}"
    return None


def _same_type(ours: object, theirs: object) -> bool:
    if type(ours) is type(theirs):
        return True
    return isinstance(ours, int) and type(theirs) is int  # an IntEnum's plain value


def shown(move: object) -> str:
    """A move as an error message names it: its notation when it has one, else a short
    repr; never an exception, never long (a forged move's ``__str__`` may fail on a field
    left unset or of the wrong type, or write a huge field out).

    >>> from boardrules._legal import shown
    >>> shown("roll 5")
    "'roll 5'"
    >>> import attrs
    >>> @attrs.frozen
    ... class Step:
    ...     to: int
    ...     def __str__(self) -> str:
    ...         return f"step {self.to}"
    >>> shown(Step(3))
    'step 3'
    >>> shown(Step(10**5000))
    'Step(to=an int of 16610 bits)'
    """
    if attrs.has(type(move)) and unset_field(move) is None:
        if _writable(move):
            try:
                return shortened(str(move))
            except Exception:  # a field of the wrong type may break the notation
                pass
        return _fields(move)
    return safe_repr(move)


def _writable(move: object) -> bool:
    """Whether the notation of ``move`` (an attrs class, every field set) may be written:
    its class's own checks pass (those of a field repeated in the notation bound it), and
    its whole numbers lie within :data:`FIELD_LIMIT`."""
    try:
        attrs.validate(move)  # type: ignore[arg-type]
    except Exception:  # a field the class would refuse
        return False
    kind: Any = type(move)
    values = (getattr(move, f.name) for f in attrs.fields(kind))
    return all(not isinstance(v, int) or -FIELD_LIMIT < v < FIELD_LIMIT for v in values)


def _fields(move: object) -> str:
    """``Class(field=value, ...)`` with each value shown by :func:`safe_repr` (every field
    of ``move`` is set)."""
    kind: Any = type(move)
    body = ", ".join(f"{f.name}={safe_repr(getattr(move, f.name))}" for f in attrs.fields(kind))
    return f"{kind.__name__}({body})"
