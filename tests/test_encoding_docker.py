"""Docker: what each action number means, and the observation, from every seat."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules as br
from boardrules import docker
from boardrules.docker import PIECES, Entry, Move, Roll, Shift, State
from test_encoding import playout

# A seat's "forward" (from its side towards the middle) and "right", as (dx, dy) with y north.
AXES = {
    "south": ((0, 1), (1, 0)),
    "west": ((1, 0), (0, -1)),
    "north": ((0, -1), (-1, 0)),
    "east": ((-1, 0), (0, 1)),
}


def seen_by(side: str, square: int) -> tuple[int, int]:
    """Where ``square`` lies for the player at ``side``: (right, forward) from the middle."""
    forward, right = AXES[side]
    dx, dy = square % 3 - 1, square // 3 - 1
    return dx * right[0] + dy * right[1], dx * forward[0] + dy * forward[1]


def meaning(state: State, move: Move) -> tuple[object, ...]:
    """What a move does, seen from the mover's seat, worked out without the library's frames."""
    if isinstance(move, Roll):
        return ("roll", move.value)
    side = state.options.sides[state.turn]
    if isinstance(move, Entry):
        return ("enter", seen_by(side, move.target))
    assert isinstance(move, Shift)
    return ("move", seen_by(side, move.origin), seen_by(side, move.target))


def documented(state: State, move: Move) -> int:
    """The action number of ``move`` by the table on the Docker page: ``value - 1`` for a
    roll, ``origin * 9 + target`` for a move and ``81 + target`` for an entry, squares
    numbered ``y * 3 + x`` in the pitch turned so that the mover is south (by :func:`seen_by`,
    without the library's frames)."""
    if isinstance(move, Roll):
        return move.value - 1
    side = state.options.sides[state.turn]

    def number(square: int) -> int:
        right, forward = seen_by(side, square)
        return (right + 1) + 3 * (forward + 1)

    if isinstance(move, Entry):
        return 81 + number(move.target)
    assert isinstance(move, Shift)
    return number(move.origin) * 9 + number(move.target)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_every_action_number_is_the_one_of_the_table_on_the_docker_page(
    seed: int, players: int
) -> None:
    # A consistent swap of two numbers keeps the map a bijection and stable in meaning, but
    # breaks the documented table: the table itself is checked on every move of the playouts.
    for state in playout("docker", {"players": players}, seed):
        for move in br.legal_moves(state):
            assert br.move_to_action(state, move) == documented(state, move), str(move)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_an_action_number_means_the_same_move_seen_from_the_movers_side(
    seed: int, players: int
) -> None:
    seen: dict[tuple[bool, int], tuple[object, ...]] = {}
    for state in playout("docker", {"players": players}, seed):
        for move in br.legal_moves(state):
            key = (br.is_chance(state), br.move_to_action(state, move))
            what = meaning(state, move)
            assert seen.setdefault(key, what) == what


def test_action_numbers_follow_the_table_on_the_docker_page() -> None:
    s = docker.position({"b2": [1]}, turn=1, roll=1, players=4)  # west moves 1
    named = {str(m): br.move_to_action(s, m) for m in br.legal_moves(s)}
    # West's entry square a2 is b1 (square 1) in west's turned pitch; the centre stays b2;
    # east is straight ahead for west (b3, square 7), north on its left (a2, square 3).
    assert named == {"in-a2": 81 + 1, "b2-b1": 4 * 9 + 5, "b2-a2": 4 * 9 + 1,
                     "b2-c2": 4 * 9 + 7, "b2-b3": 4 * 9 + 3}  # fmt: skip


def quarter(square: int, times: int) -> int:
    """``square`` after ``times`` clockwise quarter turns of the pitch (seen from above)."""
    for _ in range(times):
        dx, dy = square % 3 - 1, square // 3 - 1
        square = (1 + dy) + 3 * (1 - dx)
    return square


def turned(state: State, k: int) -> State:
    """The position with each player moved ``k`` seats on and the pitch turned with them."""
    n = state.options.players
    quarters = k * (4 // n) if n != 3 else None
    assert quarters is not None
    towers: list[tuple[int, ...]] = [()] * 9
    for square, tower in enumerate(state.towers):
        towers[quarter(square, quarters)] = tuple((o + k) % n for o in tower)
    reserve = [0] * n
    for p, count in enumerate(state.reserve):
        reserve[(p + k) % n] = count
    return State(
        state.options,
        tuple(towers),
        tuple(reserve),
        (state.turn + k) % n,
        state.roll,
        tuple((p + k) % n for p in state.eliminated),
    )


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 4]), k=st.integers(1, 3))
def test_two_seats_see_the_same_position_turned(seed: int, players: int, k: int) -> None:
    for state in playout("docker", {"players": players}, seed):
        other = turned(state, k)
        assert br.legal_actions(other) == br.legal_actions(state)
        for player in range(players):
            mirror = (player + k) % players
            assert br.observation(other, mirror) == br.observation(state, player)
            assert br.observation_string(other, mirror) == br.observation_string(state, player)


def read_towers(obs: tuple[float, ...], players: int) -> list[tuple[int, ...]]:
    """The towers of the turned pitch read back from the piece planes (relative owners)."""
    high = PIECES * players
    towers = []
    for square in range(9):
        tower = []
        for h in range(high):
            owners = [k for k in range(players) if obs[(k * high + h) * 9 + square] == 1.0]
            assert len(owners) <= 1
            if not owners:
                break
            tower.append(owners[0])
        towers.append(tuple(tower))
    return towers


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_the_observation_shows_every_tower_from_the_observers_side(seed: int, players: int) -> None:
    for state in playout("docker", {"players": players}, seed):
        for player in range(players):
            side = state.options.sides[player]
            seen = read_towers(br.observation(state, player), players)
            for square, tower in enumerate(state.towers):
                right, forward = seen_by(side, square)
                at = (right + 1) + 3 * (forward + 1)
                assert seen[at] == tuple((o - player) % players for o in tower)


def test_the_turn_planes_of_a_three_player_observation() -> None:
    s = docker.position({"b1": [0]}, turn=2, roll=3, eliminated=[1], players=3)
    obs = br.observation(s, 0)
    assert br.observation_shape(s) == (3 * 9 + 5 * 3 + 10, 3, 3)

    def plane(i: int) -> tuple[float, ...]:
        return obs[9 * i : 9 * i + 9]

    first = 3 * 9 + 3 + 1 + 3  # after pieces, tops, height and entries: the reserves
    assert plane(first) == (2 / 3,) * 9 and plane(first + 1) == plane(first + 2) == (1.0,) * 9
    assert plane(first + 3 + 1) == (1.0,) * 9, "seat 1 (player 1) is eliminated"
    assert plane(first + 6 + 2) == (1.0,) * 9, "player 2, two seats after 0, decides"
    assert plane(first + 9 + 1) == (1.0,) * 9, "the die is rolled"
    assert plane(first + 12 + 2) == (1.0,) * 9, "it shows 3"
    assert plane(0)[1] == 1.0 and plane(27)[1] == 1.0 and plane(27 + 3)[1] == 1 / 9


@pytest.mark.parametrize("players", [2, 3, 4])
def test_docker_sizes(players: int) -> None:
    s = br.new_game("docker", players=players)
    assert br.num_actions(s) == 90 and br.num_chance_outcomes(s) == 6
    assert br.observation_shape(s) == (3 * players * players + 5 * players + 10, 3, 3)
