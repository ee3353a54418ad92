"""Hypothesis properties of Parchís under random legal play."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules as br
from boardrules import parchis as P
from boardrules.parchis._board import GOAL, NEST

options = st.fixed_dictionaries(
    {
        "players": st.sampled_from([2, 3, 4]),
        "two_out_on_first_five": st.booleans(),
        "exit_capture": st.booleans(),
        "barriers_on_safe_only": st.booleans(),
        "third_six_back_to_lane_start": st.booleans(),
    }
)


def check_conservation(s: P.State) -> None:
    n = s.options.players
    on_board = [0] * n
    for code in s.board:
        for seat in (code & 7, code >> 3) if code >= 8 else (code,):
            if seat:
                assert seat <= n
                on_board[seat - 1] += 1
    for seat in range(n):
        mine = s.pos[4 * seat : 4 * seat + 4]
        assert list(mine) == sorted(mine) and all(NEST <= r <= GOAL for r in mine)
        assert sum(NEST < r < GOAL for r in mine) == on_board[seat]
    assert len(s.pos) == 4 * n
    assert all(
        code < 8 or code & 7 == code >> 3 or s.options.tables.safe[c]
        for c, code in enumerate(s.board)
    ), "a mixed pair stands only on a safe square"


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), opts=options)
def test_random_play_conserves_pieces_never_mutates_and_ends(
    seed: int, opts: dict[str, object]
) -> None:
    rng = random.Random(seed)
    s = P.new_game(**opts)
    steps = 0
    while not P.is_terminal(s):
        check_conservation(s)
        if br.is_chance(s):
            assert sum(p for _, p in P.chance_outcomes(s)) == Fraction(1)
            m = br.sample_chance(s, rng)
        else:
            m = rng.choice(P.legal_moves(s))
        before = pickle.dumps(s)
        nxt = P.apply_move(s, m)
        assert pickle.dumps(s) == before
        if steps % 7 == 0:
            assert br.from_json(br.to_json(s)) == s
        s = nxt
        steps += 1
        assert steps < 100_000
    check_conservation(s)
    assert sorted(s.finished) == list(range(s.options.players))
    assert sorted(P.returns(s)) == sorted(
        1 - i / (s.options.players - 1) for i in range(s.options.players)
    )


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cut=st.integers(0, 400))
def test_json_round_trip_gives_an_equal_state_with_an_equal_hash(seed: int, cut: int) -> None:
    rng = random.Random(seed)
    s = P.new_game()
    for _ in range(cut):
        if P.is_terminal(s):
            break
        m = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(P.legal_moves(s))
        s = P.apply_move(s, m)
    copy = br.from_json(br.to_json(s))
    assert copy == s and hash(copy) == hash(s) and copy.barriers == s.barriers
    assert P.legal_moves(copy) == P.legal_moves(s)
    assert pickle.loads(pickle.dumps(s)) == s
    # A state built from its fields (the rules read the board's bytes that its constructor
    # made) plays on exactly as the one the rules made (whose board tuple was made lazily).
    for m in P.legal_moves(s)[:2]:
        after = P.apply_move(copy, m)
        assert after == P.apply_move(s, m) and after.board == P.apply_move(s, m).board
