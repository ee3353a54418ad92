"""Fuzzing each game package's own functions with what is not its state: every function of
every package that takes a state, given another game's real positions and values of every
kind, refuses them with a NotAStateError (a ValueError) that names the function, never a
raw error or an answer (issue 36, class 3)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from fuzzing import FUZZ, json_values, midgame_states, timed
from hypothesis import given
from hypothesis import strategies as st

import boardrules as br
from boardrules._guard import state_functions

pytestmark = [pytest.mark.fuzz, pytest.mark.slow]

GAMES = ("parchis", "dorada", "docker", "dorasure")
PACKAGES = {name: importlib.import_module(f"boardrules.{name}") for name in GAMES}
FUNCTIONS = [(game, name) for game in GAMES for name in state_functions(vars(PACKAGES[game]))]


def foreign_values(game: str) -> st.SearchStrategy[Any]:
    """What is not a state of ``game``: another game's real positions, JSON values, and
    objects of other kinds (types, moves, options, the game's record)."""
    others = [g for g in GAMES if g != game]
    package = PACKAGES[game]
    return st.one_of(
        st.sampled_from(others).flatmap(lambda g: midgame_states(g, max_moves=60)),
        json_values,
        st.sampled_from([package.State, package.GAME, object(), b"state", 1.5, None]),
        st.builds(lambda s: s.options, midgame_states(game, max_moves=0)),
    )


@FUZZ
@given(st.sampled_from(FUNCTIONS), st.data())
def test_package_functions_refuse_what_is_not_their_state(
    function: tuple[str, str], data: st.DataObject
) -> None:
    game, name = function
    given_ = data.draw(foreign_values(game))
    target = getattr(PACKAGES[game], name)
    extra = [data.draw(st.one_of(st.integers(-2, 3), st.none(), st.text(max_size=3)))
             for _ in range(target.__wrapped__.__code__.co_argcount - 1)]  # fmt: skip
    with pytest.raises(br.NotAStateError) as refused:
        timed(lambda: target(given_, *extra))
    assert str(refused.value).startswith(f"boardrules.{game}.{name}() takes a ")
