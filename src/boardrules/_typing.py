"""Typing helpers that cost nothing at run time."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["deprecated"]

if TYPE_CHECKING:
    # Type checkers know typing_extensions without it being installed; it is not a dependency.
    from typing_extensions import deprecated
else:

    def deprecated(message: str) -> Any:
        """At run time an overload is replaced by the function that follows it: a no-op."""
        return lambda function: function
