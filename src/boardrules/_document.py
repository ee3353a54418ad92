"""Reading the versioned JSON documents of boardrules (states and game records).

Every JSON text that comes from outside (a document, a record, an option on the command line)
is read with :func:`load_json`, which refuses a text longer than :data:`MAX_TEXT` before
reading it, nesting deeper than :data:`MAX_DEPTH` with a :class:`ValueError` instead of
letting a hostile text reach Python's recursion limit, and
refuses a text holding a lone surrogate (``"\\ud800"`` is valid JSON but no character: no
file, terminal or UTF-8 page can hold it) with :class:`NotUnicodeError`.

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
import re
import sys
from typing import Any

import attrs

from boardrules._values import safe_repr
from boardrules.errors import StateFormatError

__all__ = [
    "MAX_DEPTH",
    "MAX_TEXT",
    "NotUnicodeError",
    "RepeatedKeyError",
    "TooDeepError",
    "load_json",
    "lone_surrogate",
    "read_document",
]

#: The deepest nesting of arrays and objects read: no document of any game comes near it
#: (the deepest, Dorasure's, nests five levels).
MAX_DEPTH = 64


#: The longest JSON text read, in characters (or bytes): a state document is a few kB, the
#: record of a long game some 100 kB, so anything longer is refused before it is parsed.
MAX_TEXT = 4_000_000


class TooDeepError(ValueError):
    """JSON text nested more than :data:`MAX_DEPTH` levels deep."""


class NotUnicodeError(ValueError):
    """Text holding a lone surrogate (a code point U+D800..U+DFFF on its own)."""


class RepeatedKeyError(ValueError):
    """A JSON object that names the same key twice (which value counts is anyone's guess:
    Python's reader keeps the last, others the first)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """The object of ``pairs``, refusing a key given twice."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        repeated = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        shown = repr(repeated) if len(repeated) <= 30 else repr(repeated[:27] + "...")
        raise RepeatedKeyError(f"the key {shown} appears twice in one JSON object")
    return found


# What a lone surrogate can look like in JSON text: an escape \uD800..\uDFFF (a valid pair
# is decoded into one character, so only a lone one survives decoding) or the code point
# itself in a Python str.  Only a text that matches is searched value by value.
_SURROGATE_IN_TEXT = re.compile("\\\\u[dD][89a-fA-F]|[\ud800-\udfff]")
_SURROGATE_IN_BYTES = re.compile(rb"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def load_json(text: str | bytes | bytearray) -> Any:
    """The value of the JSON ``text``; damaged or too deeply nested text raises
    :class:`ValueError` (never :class:`RecursionError`), and so does a text with a lone
    surrogate (:class:`NotUnicodeError`) or an object with a repeated key
    (:class:`RepeatedKeyError`: a record with two ``result`` fields would show one to a
    reader and another to a check).

    >>> from boardrules._document import load_json
    >>> load_json('{"result": [1, 0], "result": [0, 1]}')
    Traceback (most recent call last):
    ...
    boardrules._document.RepeatedKeyError: the key 'result' appears twice in one JSON object
    """
    if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_TEXT:
        raise ValueError(
            f"a JSON text of {len(text):,} characters is too long: at most {MAX_TEXT:,} are read"
        )
    try:
        value = json.loads(text, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise TooDeepError(f"JSON nested more than {MAX_DEPTH} levels deep") from None
    except TypeError:
        raise ValueError(f"a JSON document is text, not {type(text).__name__}") from None
    except ValueError as e:
        if "integer string conversion" not in str(e):
            raise
        # Python's own words would tell the reader to call sys.set_int_max_str_digits().
        raise ValueError(
            f"a whole number of more than {sys.get_int_max_str_digits():,} digits"
        ) from None
    if _too_deep(value):
        raise TooDeepError(f"JSON nested more than {MAX_DEPTH} levels deep")
    hint = _SURROGATE_IN_TEXT if isinstance(text, str) else _SURROGATE_IN_BYTES
    if hint.search(text):  # type: ignore[arg-type]
        bad = lone_surrogate(value)
        if bad is not None:
            raise NotUnicodeError(bad)
    return value


def lone_surrogate(value: Any) -> str | None:
    r"""Where ``value`` (JSON-like data: texts, numbers, lists, tuples, dicts, attrs
    instances) holds a text with a lone surrogate, as a message naming it; ``None`` when it
    holds none.  Such a text is valid JSON and a valid Python ``str`` but no Unicode: it
    cannot be written to a UTF-8 file, page or terminal.

    >>> from boardrules._document import lone_surrogate
    >>> print(lone_surrogate({"name": ["ok", "bad \ud800"]}))  # doctest: +NORMALIZE_WHITESPACE
    the text 'bad \ud800' holds a lone surrogate (U+D800), which is no character:
    texts must be valid Unicode
    >>> lone_surrogate(["fine", 1, {"key": "\U0001F600"}]) is None
    True
    """
    stack, seen = [value], set()
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found = _SURROGATE.search(item)
            if found is not None:
                shown = repr(item) if len(item) <= 30 else repr(item[:27] + "...")
                return (
                    f"the text {shown} holds a lone surrogate (U+{ord(found.group()):04X}), "
                    "which is no character: texts must be valid Unicode"
                )
        elif isinstance(item, (list, tuple, dict)) or attrs.has(type(item)):
            if id(item) in seen:
                continue
            seen.add(id(item))
            if isinstance(item, dict):
                stack.extend(item.keys())
                stack.extend(item.values())
            elif isinstance(item, (list, tuple)):
                stack.extend(item)
            else:
                stack.extend(getattr(item, f.name, None) for f in attrs.fields(type(item)))
    return None


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
    except NotUnicodeError as e:
        raise error(f"a {kind} must be valid Unicode: {e}") from None
    except RepeatedKeyError as e:
        raise error(f"{e}: a {kind} gives each field once") from None
    except ValueError as e:
        raise error(f"not a JSON document: {e}") from None
    if not isinstance(doc, dict):
        raise error(f"a {kind} is a JSON object")
    if doc.get("format") != fmt:
        raise error(f"the 'format' field must be {fmt!r}")
    found = doc.get("version")
    if type(found) is not int or found != version:
        shown = safe_repr(found)  # a hostile document's version may be megabytes long
        raise error(f"unsupported {kind} version {shown}; this library reads {version}")
    return doc
