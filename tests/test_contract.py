"""The game-independent contract, run over every registered game (boardrules.testing)."""

from __future__ import annotations

import pytest

import boardrules as br
from boardrules.testing import CONTRACT_CHECKS


@pytest.mark.slow
@pytest.mark.parametrize("check", sorted(CONTRACT_CHECKS))
@pytest.mark.parametrize("game", br.available_games())
def test_contract(game: str, check: str) -> None:
    CONTRACT_CHECKS[check](game)


def test_unknown_game_lists_the_available_games() -> None:
    with pytest.raises(br.UnknownGameError, match="parchis"):
        br.new_game("chess")


def test_a_non_state_is_refused_with_a_value_error() -> None:
    with pytest.raises(br.NotAStateError):
        br.legal_moves(object())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        '{"format": "boardrules-state", "version": 99}',
        '{"format": "other", "version": 1}',
        '{"format": "boardrules-state", "version": 1, "game": "nope", "options": {}, "state": {}}',
        '{"format": "boardrules-state", "version": 1, "game": "parchis", "options": 1, '
        '"state": {}}',
    ],
)
def test_from_json_refuses_damaged_documents(text: str) -> None:
    with pytest.raises(br.BoardrulesError):
        br.from_json(text)


def test_sample_chance_draws_with_the_callers_generator() -> None:
    import random

    s = br.new_game("parchis")
    a = [br.sample_chance(s, random.Random(5)) for _ in range(3)]
    assert len(set(a)) == 1 and a[0] in br.legal_moves(s)
    with pytest.raises(br.BoardrulesError):
        br.sample_chance(br.apply_move(s, a[0]), random.Random(5))
