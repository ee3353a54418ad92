"""Dorada: what each action number means, and the observation, from every seat."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules as br
from boardrules import dorada
from boardrules.dorada import PIECES, Advance, Pass, Roll, State
from boardrules.dorada._state import NO_BRIDGE
from boardrules.game import TERMINAL
from test_encoding import SMALL_BOARD, playout

boards = st.sampled_from(["classic-40", SMALL_BOARD])


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), board=boards)
def test_an_action_number_names_the_field_the_piece_leaves(
    seed: int, players: int, board: object
) -> None:
    for state in playout("dorada", {"players": players, "board": board}, seed):
        fields = state.options.board.fields
        for move in br.legal_moves(state):
            action = br.move_to_action(state, move)
            if isinstance(move, Roll):
                assert action == move.die - 1
            elif isinstance(move, Advance):
                assert action == move.field
                assert move.field == 0 or state.track[move.field][-1] == state.turn
            else:
                assert isinstance(move, Pass) and action == fields + 1


def relabelled(state: State, k: int) -> State:
    """The same position with every player moved ``k`` seats on."""
    n = state.options.players

    def on(p: int) -> int:
        return (p + k) % n

    start = [0] * n
    for p, count in enumerate(state.start):
        start[on(p)] = count
    return State(
        state.options,
        tuple(start),
        tuple(tuple(map(on, stack)) for stack in state.track),
        tuple(NO_BRIDGE if b == NO_BRIDGE else on(b) for b in state.bridges),
        tuple(map(on, state.dorada)),
        state.turn if state.turn == TERMINAL else on(state.turn),
        state.roll,
    )


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), k=st.integers(1, 3))
def test_two_seats_see_the_same_position_with_the_players_relabelled(
    seed: int, players: int, k: int
) -> None:
    for i, state in enumerate(playout("dorada", {"players": players}, seed)):
        if i % 3:
            continue
        other = relabelled(state, k)
        assert br.legal_actions(other) == br.legal_actions(state)
        for player in range(players):
            mirror = (player + k) % players
            assert br.observation(other, mirror) == br.observation(state, player)


def read_back(obs: tuple[float, ...], state: State, player: int) -> dict[str, object]:
    """The stacks, bridges, start fields and DORADA read back from ``player``'s
    observation, with the layout of the table on the Dorada page (owners relative)."""
    n, f = state.options.players, state.options.board.fields
    depth = PIECES * n
    stacks: list[tuple[int, ...]] = [()]
    for field in range(1, f + 1):
        below_top = []
        for d in range(depth):
            owners = [k for k in range(n) if obs[(k * depth + d) * f + field - 1] == 1.0]
            assert len(owners) <= 1
            if not owners:
                break
            below_top.append(owners[0])
        stacks.append(tuple(reversed(below_top)))
    at = n * depth * f
    bridges = [NO_BRIDGE] * (f + 1)
    for k in range(n):
        for field in range(1, f + 1):
            if obs[at + k * f + field - 1] == 1.0:
                bridges[field] = k
    at += n * f + 5 * f
    start = tuple(round(obs[at + k] * PIECES) for k in range(n))
    at += n
    goal = []
    for d in range(depth):
        owners = [k for k in range(n) if obs[at + d * n + k] == 1.0]
        if owners:
            goal.append(owners[0])
    return {
        "track": tuple(stacks),
        "bridges": tuple(bridges),
        "start": start,
        "dorada": tuple(reversed(goal)),
    }


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), board=boards)
def test_the_observation_shows_every_stack_bridge_and_the_goal_stack(
    seed: int, players: int, board: object
) -> None:
    for i, state in enumerate(playout("dorada", {"players": players, "board": board}, seed)):
        if i % 4:
            continue
        for player in range(players):
            seen = read_back(br.observation(state, player), state, player)
            n = players

            def rel(p: int) -> int:
                return (p - player) % n  # noqa: B023 (used at once)

            assert seen["track"] == tuple(tuple(map(rel, s)) for s in state.track)
            assert seen["bridges"] == tuple(
                NO_BRIDGE if b == NO_BRIDGE else rel(b) for b in state.bridges
            )
            assert seen["start"] == tuple(state.start[(player + k) % n] for k in range(n))
            assert seen["dorada"] == tuple(map(rel, state.dorada))


def test_the_board_and_turn_values_of_an_observation() -> None:
    s = br.new_game("dorada", players=2, board=SMALL_BOARD)
    s = br.apply_move(s, br.action_to_move(s, 2))  # roll 3
    obs = br.observation(s, 1)
    f = 12
    board = obs[2 * 8 * f + 2 * f : 2 * 8 * f + 7 * f]
    assert [i + 1 for i in range(f) if board[i] == 1.0] == [3, 9, 11], "stumble fields"
    assert [i + 1 for i in range(f) if board[f + i] == 1.0] == [6], "gold"
    assert [i + 1 for i in range(f) if board[2 * f + i] == 1.0] == [10], "last jump"
    assert board[3 * f + 3] == 2 / f and board[3 * f + 9] == 1 / f, "jumps forward"
    assert board[4 * f + 7] == 3 / f, "the jump back from field 8"
    turn = obs[-11:]
    assert turn == (0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0)
    assert br.legal_actions(s) == (0,)
    assert br.num_actions(s) == f + 2


def test_the_pass_is_the_last_action() -> None:
    passes = (
        x
        for seed in range(50)
        for x in playout("dorada", {"players": 3}, seed)
        if br.legal_moves(x) == (dorada.PASS,)
    )
    state = next(passes)
    assert br.legal_actions(state) == (41,)
    assert br.action_to_move(state, 41) is dorada.PASS
