"""Action numbers and observations of every game, checked over random positions.

Each hypothesis example plays one random game (random options, random seed) and checks the
properties at every node of it: the legal actions are a sorted bijection with the legal
moves, every action number lies in its range, an action that is not legal is refused with
:class:`~boardrules.IllegalMoveError`, and every seat's observation has the documented length
and range.  The games' own modules (``test_encoding_<game>.py``) check what each action number
means and that seats see the same position turned.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules as br

# A short board of one's own: every kind of field, a jump back, few fields.
SMALL_BOARD = {
    "name": "small",
    "fields": 12,
    "stumble": [3, 9, 11],
    "jumps": [[4, 2], [8, -3], [10, 1]],
    "gold": [6],
    "last_jump": 10,
}
# Options to play each game with: every number of players, and the variants that change
# what a move can be.
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "docker": [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 2, "return_to_start": True},
    ],
    "dorada": [
        {"players": 2},
        {"players": 3, "tie_break": "highest-piece"},
        {"players": 4},
        {"players": 2, "board": SMALL_BOARD},
    ],
    "dorasure": [
        {"players": 1},
        {"players": 2},
        {"players": 4},
        {"players": 3, "fang": True},
        {"players": 7},
    ],
    "parchis": [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 2, "colours": ["blue", "green"], "two_out_on_first_five": True},
        {"players": 4, "exit_capture": False, "third_six_back_to_lane_start": True},
        {"players": 3, "barriers_on_safe_only": True},
    ],
}
GAMES = sorted(OPTIONS)
# A random game of some games is long; the properties are checked on its first moves.
MAX_MOVES = 1500


def playout(game: str, options: dict[str, Any], seed: int) -> Iterator[Any]:
    """Every state of one random game (uniform decisions, exact chance), start to end."""
    rng = random.Random(seed)
    state = br.new_game(game, **options)
    for _ in range(MAX_MOVES):
        yield state
        if br.is_terminal(state):
            return
        if br.is_chance(state):
            move = br.sample_chance(state, rng)
        else:
            moves = br.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        state = br.apply_move(state, move)


def games(game: str) -> st.SearchStrategy[tuple[dict[str, Any], int]]:
    return st.tuples(st.sampled_from(OPTIONS[game]), st.integers(0, 2**32 - 1))


def check_bijection(state: Any) -> None:
    moves = br.legal_moves(state)
    actions = br.legal_actions(state)
    assert type(actions) is tuple and all(type(a) is int for a in actions)
    assert list(actions) == sorted(set(actions)), "sorted, no action twice"
    assert len(actions) == len(moves), "one action per legal move"
    chance = br.is_chance(state)
    limit = br.num_chance_outcomes(state) if chance else br.num_actions(state)
    assert all(0 <= a < limit for a in actions)
    assert sorted(br.move_to_action(state, m) for m in moves) == list(actions)
    for action in actions:
        move = br.action_to_move(state, action)
        assert move in moves
        assert br.move_to_action(state, move) == action
    if br.is_terminal(state):
        assert actions == ()


def check_illegal_actions(state: Any, rng: random.Random) -> None:
    actions = set(br.legal_actions(state))
    chance = br.is_chance(state)
    limit = br.num_chance_outcomes(state) if chance else br.num_actions(state)
    wrong: list[object] = [-1, limit, 10**9, True, False, 1.0, "0", None]
    unused = [a for a in range(limit) if a not in actions]
    wrong += rng.sample(unused, min(3, len(unused)))
    for action in wrong:
        with pytest.raises(br.IllegalMoveError):
            br.action_to_move(state, action)  # type: ignore[arg-type]


def check_observation(state: Any) -> None:
    shape = br.observation_shape(state)
    assert type(shape) is tuple and shape and all(type(d) is int and d > 0 for d in shape)
    size = math.prod(shape)
    for player in range(br.num_players(state)):
        obs = br.observation(state, player)
        assert type(obs) is tuple and len(obs) == size
        assert all(type(v) is float and 0.0 <= v <= 1.0 for v in obs), "documented range"
        buffer = [0.0] * size
        br.observation_into(state, player, buffer)
        assert tuple(buffer) == obs, "observation_into writes the same values"
        assert isinstance(br.observation_string(state, player), str)


@pytest.mark.parametrize("game", GAMES)
def test_sizes_are_fixed_for_a_game_and_its_options(game: str) -> None:
    for options in OPTIONS[game]:
        seen = {
            (br.num_actions(s), br.num_chance_outcomes(s), br.observation_shape(s))
            for s in playout(game, options, 7)
        }
        assert len(seen) == 1


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=8, deadline=None)
@given(played=st.data())
def test_legal_actions_are_a_sorted_bijection_with_legal_moves(game: str, played: Any) -> None:
    options, seed = played.draw(games(game))
    for state in playout(game, options, seed):
        check_bijection(state)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=5, deadline=None)
@given(played=st.data())
def test_actions_that_are_not_legal_raise_illegal_move_error(game: str, played: Any) -> None:
    options, seed = played.draw(games(game))
    rng = random.Random(seed)
    for i, state in enumerate(playout(game, options, seed)):
        if i % 7 == 0 or br.is_terminal(state):
            check_illegal_actions(state, rng)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=5, deadline=None)
@given(played=st.data())
def test_observations_have_the_documented_length_and_range(game: str, played: Any) -> None:
    options, seed = played.draw(games(game))
    for i, state in enumerate(playout(game, options, seed)):
        if i % 5 == 0 or br.is_terminal(state):
            check_observation(state)


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_move_has_no_action(game: str) -> None:
    state = br.new_game(game)
    other = next(s for s in playout(game, {}, 3) if not br.is_chance(s))
    move = br.legal_moves(other)[0]
    with pytest.raises(br.IllegalMoveError):
        br.move_to_action(state, move)
    with pytest.raises(br.IllegalMoveError):
        br.move_to_action(state, "roll 1")


@pytest.mark.parametrize("game", GAMES)
def test_observation_refuses_a_seat_that_is_not_in_the_game(game: str) -> None:
    state = br.new_game(game)
    n = br.num_players(state)
    for player in (-1, n, True, "0"):
        with pytest.raises(ValueError, match="seat number"):
            br.observation(state, player)  # type: ignore[arg-type]
