"""Dorada: properties that hold in every game, checked over random games with hypothesis."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules as br
from boardrules import dorada
from boardrules.dorada import PIECES, DoradaState, board_from_spec

MAX_MOVES = 20_000
seeds = st.integers(0, 2**32 - 1)
player_counts = st.sampled_from([2, 3, 4])


def playout(state: DoradaState, seed: int) -> Iterator[tuple[DoradaState, Any, DoradaState]]:
    """Each ``(state, move, next state)`` of a random game played out to its end."""
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if dorada.is_terminal(state):
            return
        move = (
            br.sample_chance(state, rng)
            if dorada.current_player(state) == br.CHANCE
            else rng.choice(dorada.legal_moves(state))
        )
        after = dorada.apply_move(state, move)
        yield state, move, after
        state = after
    raise AssertionError(f"the game did not end within {MAX_MOVES} moves")


def accounted(state: DoradaState, player: int) -> int:
    on_track = sum(stack.count(player) for stack in state.track)
    return state.start[player] + on_track + state.bridges.count(player) + state.dorada.count(player)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(seeds, player_counts)
def test_every_piece_is_on_start_track_lost_or_in_dorada_at_all_times(seed: int, n: int) -> None:
    for _, _, after in playout(dorada.new_game(players=n), seed):
        assert [accounted(after, p) for p in range(n)] == [PIECES] * n


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(seeds, player_counts)
def test_the_dorada_stack_only_grows_and_bridges_stay(seed: int, n: int) -> None:
    for state, _, after in playout(dorada.new_game(players=n), seed):
        assert after.dorada[: len(state.dorada)] == state.dorada
        assert len(after.dorada) - len(state.dorada) in (0, 1)
        kept = [a for a, b in zip(after.bridges, state.bridges, strict=True) if b != -1]
        assert kept == [b for b in state.bridges if b != -1]


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(seeds, player_counts)
def test_every_game_ends_with_every_piece_in_dorada_or_lost(seed: int, n: int) -> None:
    steps = list(playout(dorada.new_game(players=n), seed))
    end = steps[-1][2]
    assert dorada.is_terminal(end) and dorada.legal_moves(end) == ()
    assert all(not stack for stack in end.track) and not any(end.start)
    assert len(end.dorada) + sum(b != -1 for b in end.bridges) == PIECES * n
    assert set(dorada.returns(end)) <= {0.0, 1.0}


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(seeds, player_counts)
def test_no_move_changes_the_state_it_is_applied_to(seed: int, n: int) -> None:
    for state, move, _ in playout(dorada.new_game(players=n), seed):
        frozen = pickle.dumps(state)
        copy = br.from_json(br.to_json(state))
        assert isinstance(copy, DoradaState)
        again = dorada.apply_move(state, move)
        assert pickle.dumps(state) == frozen
        assert dorada.apply_move(copy, move) == again


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(seeds, player_counts)
def test_every_state_survives_a_json_round_trip(seed: int, n: int) -> None:
    for state, _, _ in playout(dorada.new_game(players=n, first_player=n - 1), seed):
        copy = br.from_json(br.to_json(state))
        assert copy == state and hash(copy) == hash(state)
        assert dorada.legal_moves(copy) == dorada.legal_moves(state)


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_chance_probabilities_sum_to_one_and_moves_are_free_pieces(seed: int) -> None:
    for state, _, _ in playout(dorada.new_game(), seed):
        if dorada.current_player(state) == br.CHANCE:
            assert sum(p for _, p in dorada.chance_outcomes(state)) == 1
            continue
        p = state.to_move
        for move in dorada.legal_moves(state):
            if isinstance(move, dorada.Advance) and move.field:
                assert state.track[move.field][-1] == p
            elif isinstance(move, dorada.Advance):
                assert state.start[p] > 0


@st.composite
def board_specs(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(3, 30))
    fields = st.integers(1, n)
    kinds = draw(st.dictionaries(fields, st.sampled_from("sjg"), min_size=1))
    jumps = [[f, draw(st.integers(-n, n).filter(bool))] for f, k in kinds.items() if k == "j"]
    return {
        "fields": n,
        "stumble": [f for f, k in kinds.items() if k == "s"],
        "gold": [f for f, k in kinds.items() if k == "g"],
        "jumps": jumps,
        "last_jump": draw(st.sampled_from([f for f, _ in jumps] or [1])),
    }


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(board_specs(), seeds, player_counts)
def test_user_boards_are_refused_by_name_or_played_to_the_end(
    spec: dict[str, Any], seed: int, n: int
) -> None:
    try:
        board = board_from_spec(spec)
    except br.InvalidOptionError as e:
        assert str(e).startswith("board field '")
        return
    state = dorada.new_game(players=n, board=spec)
    assert state.options.board == board
    for _, _, after in playout(state, seed):
        assert [accounted(after, p) for p in range(n)] == [PIECES] * n
        assert br.from_json(br.to_json(after)) == after
