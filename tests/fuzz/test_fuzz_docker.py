"""Fuzzing Docker: mutated documents of real positions, hostile moves, hostile options."""

from __future__ import annotations

from typing import Any

import pytest
from fuzzing import (
    FUZZ,
    check_document,
    check_hostile_move,
    check_options,
    documents,
    hostile_moves,
    hostile_options,
    midgame_states,
)
from hypothesis import given
from hypothesis import strategies as st

pytestmark = [pytest.mark.fuzz, pytest.mark.slow]

GAME = "docker"
OPTIONS: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(
    {"players": st.sampled_from([2, 3, 4])},
    optional={"return_to_start": st.booleans()},
)


@FUZZ
@given(documents(GAME, OPTIONS))
def test_mutated_docker_documents_are_refused_or_round_trip(text: str) -> None:
    check_document(text)


@FUZZ
@given(midgame_states(GAME, OPTIONS), st.data())
def test_hostile_docker_moves_are_illegal_moves(state: Any, data: st.DataObject) -> None:
    for _ in range(5):
        check_hostile_move(state, data.draw(hostile_moves(state)))


@FUZZ
@given(hostile_options(GAME))
def test_hostile_docker_options_are_refused_or_give_a_sound_state(options: dict[str, Any]) -> None:
    check_options(GAME, options)
