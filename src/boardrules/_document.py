"""Reading the versioned JSON documents of boardrules (states and game records).

Every JSON text that comes from outside (a document, a record, an option on the command line)
is read with :func:`load_json`, which refuses nesting deeper than :data:`MAX_DEPTH` with a
:class:`ValueError` instead of letting a hostile text reach Python's recursion limit.

>>> from boardrules._document import load_json
>>> load_json('{"a": [1, 2]}')
{'a': [1, 2]}
>>> load_json("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
boardrules._document.TooDeepError: JSON nested more than 64 levels deep
"""

from __future__ import annotations

import json
from typing import Any

from boardrules.errors import StateFormatError

__all__ = ["MAX_DEPTH", "TooDeepError", "load_json", "read_document"]

#: The deepest nesting of arrays and objects read: no document of any game comes near it
#: (the deepest, Dorasure's, nests five levels).
MAX_DEPTH = 64


class TooDeepError(ValueError):
    """JSON text nested more than :data:`MAX_DEPTH` levels deep."""


def load_json(text: str | bytes | bytearray) -> Any:
    """The value of the JSON ``text``; damaged or too deeply nested text raises
    :class:`ValueError` (never :class:`RecursionError`)."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooDeepError(f"JSON nested more than {MAX_DEPTH} levels deep") from None
    except TypeError:
        raise ValueError(f"a JSON document is text, not {type(text).__name__}") from None
    if _too_deep(value):
        raise TooDeepError(f"JSON nested more than {MAX_DEPTH} levels deep")
    return value


def _too_deep(value: Any) -> bool:
    """Whether ``value`` nests lists and dicts more than :data:`MAX_DEPTH` levels deep
    (without recursion, so that the check itself cannot overflow)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        if depth > MAX_DEPTH:
            return True
        stack.extend((child, depth + 1) for child in item if isinstance(child, (list, dict)))
    return False


def read_document(
    text: str | bytes, kind: str, fmt: str, version: int, error: type[StateFormatError]
) -> dict[str, Any]:
    """The JSON object in ``text``, once its ``format`` and ``version`` fields are checked;
    anything else raises ``error`` saying what a ``kind`` must be.  The version must be
    exactly the integer ``version`` (not ``true`` or ``1.0``)."""
    try:
        doc = load_json(text)
    except ValueError as e:
        raise error(f"not a JSON document: {e}") from None
    if not isinstance(doc, dict):
        raise error(f"a {kind} is a JSON object")
    if doc.get("format") != fmt:
        raise error(f"the 'format' field must be {fmt!r}")
    found = doc.get("version")
    if type(found) is not int or found != version:
        raise error(f"unsupported {kind} version {found!r}; this library reads {version}")
    return doc
