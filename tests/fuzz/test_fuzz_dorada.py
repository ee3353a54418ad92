"""Fuzzing Dorada: mutated documents, hostile moves and options, and random user boards,
each accepted board played to the end."""

from __future__ import annotations

import random
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
    timed,
)
from hypothesis import given
from hypothesis import strategies as st

import boardrules as br
from boardrules.dorada import board_from_spec
from boardrules.dorada._board import MAX_EXPECTED_MOVES, MAX_FIELDS

pytestmark = [pytest.mark.fuzz, pytest.mark.slow]

GAME = "dorada"


@st.composite
def boards(draw: st.DrawFn) -> dict[str, Any]:
    """Board data dense in jumps of any length, forward and back (most are refused)."""
    n = draw(st.integers(3, 40))
    kinds = draw(st.dictionaries(st.integers(1, n), st.sampled_from("sjjjg"), min_size=1))
    jumps = [[f, draw(st.integers(-n, n).filter(bool))] for f, k in kinds.items() if k == "j"]
    return {
        "fields": n,
        "stumble": [f for f, k in kinds.items() if k == "s"],
        "gold": [f for f, k in kinds.items() if k == "g"],
        "jumps": jumps,
        "last_jump": draw(st.sampled_from([f for f, _ in jumps] or [1])),
    }


OPTIONS: st.SearchStrategy[dict[str, Any]] = st.fixed_dictionaries(
    {"players": st.sampled_from([2, 3, 4])},
    optional={"tie_break": st.sampled_from(["share", "highest-piece"])},
)

#: A game on an accepted board ends long before this many times its expected number of
#: plies, about 2 * 4 * players * Board.expected_moves (classic-40: about 250 plies).
LENGTHS = 100


@FUZZ
@given(boards(), st.integers(2, 4), st.integers(0, 2**32 - 1))
def test_every_accepted_random_board_is_played_to_the_end(
    spec: dict[str, Any], players: int, seed: int
) -> None:
    try:
        state = timed(lambda: br.new_game(GAME, players=players, board=spec))
    except br.InvalidOptionError as e:
        assert str(e).startswith("dorada option board=") or "board field" in str(e)
        return
    play_to_the_end(state, spec, random.Random(seed))


def play_to_the_end(state: Any, spec: dict[str, Any], rng: random.Random) -> None:
    """Play ``state`` to the end at random, failing if it takes :data:`LENGTHS` times as
    many plies as a game on its board takes on average."""
    expected = 2 * 4 * br.num_players(state) * state.options.board.expected_moves
    for _ in range(int(LENGTHS * expected)):
        if br.is_terminal(state):
            return
        moves = br.legal_moves(state)
        move = br.sample_chance(state, rng) if br.is_chance(state) else rng.choice(moves)
        state = br.apply_move(state, move)
    raise AssertionError(f"a game on the accepted board {spec} took {LENGTHS} times its length")


@st.composite
def slow_boards(draw: st.DrawFn) -> dict[str, Any]:
    """Boards of mostly backward jumps, up to the longest path, that pass the progress check
    more often than not: an escape field (ordinary, a hole or gold) every few fields, every
    other field a jump back, far (to the start field or beyond), short or anywhere, and now
    and then a jump forward.  Their games range from quick to practically endless."""
    n = draw(st.integers(12, MAX_FIELDS))
    gap = draw(st.integers(2, 9))
    far = draw(st.sampled_from(["start", "beyond", "short", "any"]))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    stumble: list[int] = []
    gold: list[int] = []
    jumps: list[list[int]] = []
    for f in range(1, n):
        if f % gap == 0:
            kind = rng.choice("rrrrsg")
            if kind != "r":
                (stumble if kind == "s" else gold).append(f)
            continue
        if rng.random() < 0.1:
            jumps.append([f, rng.randint(1, min(12, n - f))])
        elif far == "start":
            jumps.append([f, -f])
        elif far == "beyond":
            jumps.append([f, -min(n, f + rng.randint(1, 10))])
        elif far == "short":
            jumps.append([f, -rng.randint(1, min(f, 2 * gap))])
        else:
            jumps.append([f, -rng.randint(1, n)])
    jumps.append([n, 1])
    return {"fields": n, "stumble": stumble, "gold": gold, "jumps": jumps, "last_jump": n}


@FUZZ
@given(slow_boards(), st.integers(0, 2**32 - 1))
def test_a_board_is_refused_promptly_or_its_games_end_in_reasonable_time(
    spec: dict[str, Any], seed: int
) -> None:
    try:
        board = timed(lambda: board_from_spec(spec))
    except br.InvalidOptionError as e:
        assert str(e).startswith("board field"), e
        if "practically for ever" in str(e):
            assert f"at most {MAX_EXPECTED_MOVES:,} are allowed" in str(e)
        return
    assert 1 <= board.expected_moves <= MAX_EXPECTED_MOVES
    play_to_the_end(br.new_game(GAME, players=2, board=spec), spec, random.Random(seed))


@FUZZ
@given(documents(GAME, OPTIONS))
def test_mutated_dorada_documents_are_refused_or_round_trip(text: str) -> None:
    check_document(text)


@FUZZ
@given(midgame_states(GAME, OPTIONS), st.data())
def test_hostile_dorada_moves_are_illegal_moves(state: Any, data: st.DataObject) -> None:
    for _ in range(5):
        check_hostile_move(state, data.draw(hostile_moves(state)))


@FUZZ
@given(st.one_of(hostile_options(GAME), boards().map(lambda b: {"board": b})))
def test_hostile_dorada_options_are_refused_or_give_a_sound_state(options: dict[str, Any]) -> None:
    check_options(GAME, options)
