"""Hostile values and the entry points they are passed to, shared by
``tests/test_hostile_input.py`` (named values at every entry point) and the fuzz suite's
``tests/fuzz/test_fuzz_surfaces.py`` (drawn values at a drawn entry point)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import boardrules as br

__all__ = ["ENTRIES", "Unprintable"]


class Unprintable:
    """A value whose repr and str fail, as a hostile caller's may."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    __str__ = __repr__


#: The public calls that take a value from the caller beside a state: ``ENTRIES[name](state,
#: value)`` passes ``value`` where a move, an action, a seat, a notation, a size, a
#: perspective or a game's name goes.
ENTRIES: dict[str, Callable[[Any, Any], object]] = {
    "apply_move": br.apply_move,
    "move_to_action": br.move_to_action,
    "action_to_move": br.action_to_move,
    "parse_move": br.parse_move,
    "player_name": br.player_name,
    "observation": br.observation,
    "render_svg(size=)": lambda s, v: br.render_svg(s, size=v),
    "render_svg(perspective=)": lambda s, v: br.render_svg(s, perspective=v),
    "get_game": lambda s, v: br.get_game(v),
}
