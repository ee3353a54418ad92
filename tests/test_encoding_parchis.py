"""Parchís: what each action number means, and the observation, from every seat."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules as br
from boardrules import parchis
from boardrules.parchis import ACTION_OUT, ACTION_PASS, BOARD, GOAL, NEST, State
from boardrules.parchis._state import MOVE, OUT, PASS, ROLL
from test_encoding import OPTIONS, playout

TRACK, LANE = BOARD.squares, BOARD.lane_length
BLOCK4 = 150  # one seat's block with 4 players: 146 + 4


def meaning(move: parchis.Move) -> tuple[str, int]:
    """What a move does, in the words of the action table on the Parchís page."""
    if move.kind == ROLL:
        return "roll", move.steps
    if move.kind == OUT:
        return "out", 0
    if move.kind == PASS:
        return "pass", 0
    assert move.kind == MOVE
    return "piece at", move.src


def expected_action(what: tuple[str, int]) -> int:
    kind, n = what
    return {"roll": n - 1, "out": ACTION_OUT, "pass": ACTION_PASS}.get(kind, n)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), options=st.sampled_from(OPTIONS["parchis"]))
def test_an_action_number_means_the_same_move_of_the_mover_everywhere(
    seed: int, options: dict[str, Any]
) -> None:
    seen: dict[tuple[bool, int], tuple[str, int]] = {}
    for state in playout("parchis", options, seed):
        chance = br.is_chance(state)
        for move in br.legal_moves(state):
            action = br.move_to_action(state, move)
            what = meaning(move)
            assert seen.setdefault((chance, action), what) == what
            assert action == expected_action(what)
            if move.kind == MOVE:  # the mover's piece there moves the count asked for
                assert move.steps == state.count
                assert move.src in state.pos[4 * state.turn : 4 * state.turn + 4]


def turned(state: State, k: int) -> State:
    """The same position with every seat moved ``k`` seats on, and the board turned with
    them (all four colours, or yellow and red with 2 players)."""
    options = state.options
    n = options.players
    step = 4 // n  # colours between neighbouring seats
    seat_of = [(s + k) % n for s in range(n)]
    pos = [0] * (4 * n)
    for s in range(n):
        pos[4 * seat_of[s] : 4 * seat_of[s] + 4] = state.pos[4 * s : 4 * s + 4]

    def cell(c: int) -> int:
        if c < TRACK:
            return (c + TRACK // 4 * step * k) % TRACK
        colour, sq = divmod(c - TRACK, LANE)
        return TRACK + (colour + step * k) % 4 * LANE + sq

    def code(v: int) -> int:
        first, second = (v & 7, v >> 3) if v >= 8 else (v, 0)
        out = [seat_of[x - 1] + 1 if x else 0 for x in (first, second)]
        return out[0] + 8 * out[1] if out[1] else out[0]

    board = [0] * len(state.board)
    barriers = 0
    for c, v in enumerate(state.board):
        board[cell(c)] = code(v)
        if state.barriers >> c & 1:
            barriers |= 1 << cell(c)
    opened = sum(1 << seat_of[s] for s in range(n) if state.opened >> s & 1)
    return State(
        options, tuple(pos), tuple(board), seat_of[state.turn], state.phase, state.roll,
        state.count, state.sixes, state.last, tuple(seat_of[s] for s in state.finished),
        opened, barriers,
    )  # fmt: skip


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4]), k=st.integers(1, 3))
def test_two_seats_see_the_same_position_turned(seed: int, players: int, k: int) -> None:
    for i, state in enumerate(playout("parchis", {"players": players}, seed)):
        if i % 3:
            continue
        other = turned(state, k)
        assert br.legal_actions(other) == br.legal_actions(state)
        for player in range(players):
            assert br.observation(other, (player + k) % players) == br.observation(state, player)


def read_pieces(obs: tuple[float, ...], state: State, player: int) -> list[list[int]]:
    """Each relative seat's pieces read back from ``player``'s observation, as positions
    relative to that seat (the layout on the Parchís page: track index 0 is the observer's
    exit, and a seat's exit lies 17 squares on per colour after the observer's)."""
    colours = state.options.colours
    players = len(colours)
    block = 146 + players
    out = []
    for k in range(players):
        b = obs[k * block : (k + 1) * block]
        offset = TRACK // 4 * ((colours[(player + k) % players] - colours[player]) % 4)
        pieces = [NEST] * round(4 * b[0]) + [GOAL] * round(4 * b[1 + TRACK + LANE])
        for i in range(TRACK):
            pieces += [(i - offset) % TRACK] * round(2 * b[1 + i])
        for i in range(LANE):
            pieces += [64 + i] * round(2 * b[1 + TRACK + i])
        out.append(sorted(pieces))
    return out


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_the_observation_shows_every_piece_where_it_stands(seed: int, players: int) -> None:
    for i, state in enumerate(playout("parchis", {"players": players}, seed)):
        if i % 4:
            continue
        for player in range(players):
            seen = read_pieces(br.observation(state, player), state, player)
            for k in range(players):
                seat = (player + k) % players
                assert seen[k] == list(state.pos[4 * seat : 4 * seat + 4])


def test_the_turn_values_of_a_four_player_observation() -> None:
    s = parchis.position({"blue": [22, 22]}, players=4, turn=1, roll=6)
    obs = br.observation(s, 0)
    turn = obs[4 * BLOCK4 :]
    assert turn[:4] == (0.0, 1.0, 0.0, 0.0), "blue, one seat after yellow, moves"
    assert turn[4:8] == (0.0, 1.0, 0.0, 0.0), "phase: move the die"
    assert turn[8:14] == (0.0,) * 5 + (1.0,), "the die shows 6"
    assert turn[14:23] == (0.0,) * 5 + (1.0,) + (0.0,) * 3, "a 6 counts 6 with pieces at home"
    assert turn[23:26] == (1.0, 0.0, 0.0), "one 6 in a row"
    # Blue's barrier on its exit, 17 squares after yellow's: two pieces on track index 17.
    assert obs[BLOCK4 + 1 + 17] == 1.0
    assert br.legal_actions(s) == (0,), "the 6 must open the barrier on the exit"


def test_who_arrived_second_on_a_shared_exit_is_seen() -> None:
    s = parchis.position({"yellow": [22], "blue": [22]}, players=4, turn=1)
    # The board lists arrivals in order: find which seat came second on blue's exit.
    code = s.board[21]
    second = (code >> 3) - 1
    for player in range(4):
        obs = br.observation(s, player)
        k = (second - player) % 4
        turned_exit = (21 - (4 + 17 * player)) % TRACK
        assert obs[k * BLOCK4 + 1 + TRACK + LANE + 1 + turned_exit] == 1.0
        assert sum(obs[j * BLOCK4 + 77 : j * BLOCK4 + 145].count(1.0) for j in range(4)) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_size_per_number_of_players(players: int) -> None:
    s = br.new_game("parchis", players=players)
    assert br.observation_shape(s) == (players * (146 + players) + players + 97,)
    assert br.num_actions(s) == 73
    assert br.num_chance_outcomes(s) == 6
