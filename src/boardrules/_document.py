"""Reading the versioned JSON documents of boardrules (states and game records)."""

from __future__ import annotations

import json
from typing import Any

from boardrules.errors import StateFormatError

__all__ = ["read_document"]


def read_document(
    text: str | bytes, kind: str, fmt: str, version: int, error: type[StateFormatError]
) -> dict[str, Any]:
    """The JSON object in ``text``, once its ``format`` and ``version`` fields are checked;
    anything else raises ``error`` saying what a ``kind`` must be."""
    try:
        doc = json.loads(text)
    except (ValueError, TypeError) as e:
        raise error(f"not a JSON document: {e}") from None
    if not isinstance(doc, dict):
        raise error(f"a {kind} is a JSON object")
    if doc.get("format") != fmt:
        raise error(f"the 'format' field must be {fmt!r}")
    if doc.get("version") != version:
        raise error(
            f"unsupported {kind} version {doc.get('version')!r}; this library reads {version}"
        )
    return doc
