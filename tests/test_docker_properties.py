"""Docker: properties that hold in every position, checked with hypothesis."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules as br
from boardrules import docker
from boardrules.docker import PIECES, PITCH, DockerState, Entry, Pitch, Roll, Shift

SIZE = 3


@st.composite
def positions(draw: st.DrawFn) -> DockerState:
    """Any position reachable in principle: each player's pieces on the pitch stacked in any
    order, some players out, someone (not out) about to roll."""
    players = draw(st.integers(2, 4))
    placed: list[tuple[int, int, int]] = []  # (square, order key, owner)
    for player in range(players):
        for _ in range(draw(st.integers(0, PIECES))):
            placed.append((draw(st.integers(0, 8)), draw(st.integers(0, 10**6)), player))
    towers: dict[tuple[int, int], list[int]] = {}
    for square, _, owner in sorted(placed):
        towers.setdefault((square % SIZE, square // SIZE), []).append(owner)
    eliminated = draw(st.lists(st.integers(0, players - 1), unique=True, max_size=players - 2))
    left = [p for p in range(players) if p not in eliminated]
    return docker.position(
        towers,
        turn=draw(st.sampled_from(left)),
        eliminated=eliminated,
        players=players,
        return_to_start=draw(st.booleans()),
    )


def brute_force_ends(state: DockerState, roll: int) -> set[str]:
    """Every move of the player with ``roll``, by listing every route square by square."""
    heights = [len(t) for t in state.towers]
    player, ends = state.to_move, set()
    names = [f"{'abc'[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE)]

    def adjacent(a: int, b: int) -> bool:
        return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE) == 1

    def routes(route: list[int], altitude: int, spent: int, label: str) -> None:
        if spent == roll:
            ends.add(f"{label}-{names[route[-1]]}")
            return
        for nxt in range(SIZE * SIZE):
            cost = 1 + abs(altitude - heights[nxt])
            if adjacent(route[-1], nxt) and nxt not in route[1:] and spent + cost <= roll:
                routes([*route, nxt], heights[nxt], spent + cost, label)

    for origin, tower in enumerate(state.towers):
        if tower and tower[-1] == player:
            heights[origin] -= 1  # the piece has left its square
            # route[0] is the start; it counts as entered unless the option says otherwise.
            start = [origin] if state.rules.return_to_start else [origin, origin]
            routes(start, heights[origin], 0, names[origin])
            heights[origin] += 1
    if state.reserve[player]:
        entry = state.rules.entries[player]
        if 1 + heights[entry] <= roll:
            routes([entry, entry], heights[entry], 1 + heights[entry], "in")
    return ends


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(positions())
def test_route_search_is_exact_and_routes_with_one_end_are_one_move(state: DockerState) -> None:
    usable = []
    for roll in range(1, 7):
        expected = brute_force_ends(state, roll)
        if expected:
            usable.append(roll)
            rolled = br.apply_move(state, Roll(roll))
            moves = [str(m) for m in docker.legal_moves(rolled)]
            assert len(moves) == len(set(moves))
            assert set(moves) == expected
    assert docker.usable_rolls(state, state.to_move) == tuple(usable)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=9, max_size=9),
    st.integers(0, 8),
    st.booleans(),
    st.permutations(range(1, 7)),
)
def test_route_search_answers_the_same_whatever_the_order_of_the_rolls(
    heights: list[int], origin: int, back: bool, order: list[int]
) -> None:
    # A fresh pitch has an empty cache: a small roll searches a short way, a larger one later
    # must search again, and the answers agree with a pitch asked for the 6 first.
    heights[origin] += 1
    shape = tuple(heights)
    ascending = Pitch(3, PITCH.entries, PITCH.seatings)
    shuffled = Pitch(3, PITCH.entries, PITCH.seatings)
    full = Pitch(3, PITCH.entries, PITCH.seatings)
    full.ends_from(shape, origin, back, 6)
    full.ends_entering(shape, 1, 6)
    for roll in order:
        assert shuffled.ends_from(shape, origin, back, roll) == full.ends_from(
            shape, origin, back, roll
        )
        assert shuffled.ends_entering(shape, 1, roll) == full.ends_entering(shape, 1, roll)
    for roll in range(1, 7):
        assert ascending.ends_from(shape, origin, back, roll) == full.ends_from(
            shape, origin, back, roll
        )


def check_step(state: DockerState, move: object, after: DockerState) -> None:
    """What must hold for every single move."""
    players = docker.num_players(state)
    # 12 pieces at most, each player's three on the pitch or off it.
    on_pitch = [sum(t.count(p) for t in after.towers) for p in range(players)]
    assert all(on + off == PIECES for on, off in zip(on_pitch, after.reserve, strict=True))
    assert sum(map(len, after.towers)) <= 4 * PIECES
    # The eliminated stay eliminated, in the same order; nobody eliminated is to move.
    assert after.eliminated[: len(state.eliminated)] == state.eliminated
    assert len(after.eliminated) <= len(state.eliminated) + 1
    assert docker.current_player(after) not in after.eliminated
    if isinstance(move, Roll):
        assert after.towers is state.towers and after.reserve == state.reserve
        return
    assert state.to_move not in state.eliminated
    changed = {i for i in range(9) if after.towers[i] != state.towers[i]}
    if isinstance(move, Shift):
        if move.origin == move.target:
            assert not changed
            return
        # Only the top piece moves; every tower keeps its order below.
        assert changed == {move.origin, move.target}
        assert after.towers[move.origin] == state.towers[move.origin][:-1]
        assert after.towers[move.target] == (*state.towers[move.target], state.to_move)
        assert state.towers[move.origin][-1] == state.to_move
    else:
        assert isinstance(move, Entry)
        assert changed == {move.target}
        assert after.towers[move.target] == (*state.towers[move.target], state.to_move)
        assert after.reserve[state.to_move] == state.reserve[state.to_move] - 1


@settings(max_examples=40, deadline=None)
@given(positions(), st.integers(0, 2**32))
def test_play_keeps_pieces_tower_order_and_elimination(state: DockerState, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(5_000):
        if docker.is_terminal(state):
            break
        frozen = pickle.dumps(state)
        moves = docker.legal_moves(state)
        if docker.current_player(state) == br.CHANCE:
            outcomes = docker.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1
            assert all(p == Fraction(1, 6) for _, p in outcomes)
            move = br.sample_chance(state, rng)
        else:
            move = moves[rng.randrange(len(moves))]
        after = docker.apply_move(state, move)
        assert pickle.dumps(state) == frozen, "apply_move must not change its state"
        check_step(state, move, after)
        state = after
    assert docker.is_terminal(state), "the game ends"
    assert sorted(docker.returns(state)) == [0.0] * (docker.num_players(state) - 1) + [1.0]
    assert docker.winner(state) not in docker.elimination_order(state)


@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(1, 6))
def test_json_and_pickle_round_trip(state: DockerState, roll: int) -> None:
    for s in (state, br.apply_move(state, Roll(roll))):
        again = br.from_json(br.to_json(s))
        assert again == s and hash(again) == hash(s)
        assert pickle.loads(pickle.dumps(s)) == s
        for move in docker.legal_moves(s):
            assert docker.parse_move(s, str(move)) is move


@settings(max_examples=60, deadline=None)
@given(positions())
def test_evaluate_is_a_share_of_the_win(state: DockerState) -> None:
    values = docker.evaluate(state)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert abs(sum(values) - 1.0) < 1e-9
    assert all(values[p] == 0.0 for p in docker.elimination_order(state))


@settings(max_examples=10, deadline=None)
@given(st.integers(2, 4), st.booleans(), st.integers(0, 2**32))
def test_every_game_from_the_start_ends(players: int, back: bool, seed: int) -> None:
    rng = random.Random(seed)
    state = docker.new_game(players=players, return_to_start=back)
    for _ in range(100_000):
        if docker.is_terminal(state):
            break
        if docker.current_player(state) == br.CHANCE:
            move = br.sample_chance(state, rng)
        else:
            move = rng.choice(docker.legal_moves(state))
        state = docker.apply_move(state, move)
    assert docker.is_terminal(state)
    assert len(docker.elimination_order(state)) == players - 1
