"""boardrules.analysis: solve() against an independent brute force on endgames of every game,
the hand-computed values, the limits, and the search fallbacks."""

from __future__ import annotations

import contextlib
from fractions import Fraction
from typing import Any

import pytest

import boardrules as br
from boardrules import docker, dorada, dorasure, parchis
from boardrules.analysis import (
    Solution,
    SolveError,
    TooManyStatesError,
    _floats,
    _graph,
    _solve,
    best_moves,
    expectimax,
    solve,
    win_probabilities,
)
from boardrules.analysis._floats import Plan

GOAL3 = ["goal", "goal", "goal"]


def brute_force(state: Any, zero_sum: bool, limit: int = 200_000) -> dict[Any, tuple[float, ...]]:
    """Plain value iteration in floats over every reachable state, to 1e-12: written
    without the solver's graph, components or linear algebra.  In a two-player zero-sum
    game player 0 maximises its value and player 1 minimises it; otherwise every player
    takes the first move that is best for itself."""
    seen = {state: None}
    todo = [state]
    while todo:
        s = todo.pop()
        if br.current_player(s) == br.CHANCE:
            kids = [br.apply_move(s, m) for m, _ in br.chance_outcomes(s)]
        else:
            kids = [br.apply_move(s, m) for m in br.legal_moves(s)]
        for k in kids:
            if k not in seen:
                seen[k] = None
                todo.append(k)
        assert len(seen) < limit
    n = br.num_players(state)
    rolls = {s: [(float(p), br.apply_move(s, m)) for m, p in br.chance_outcomes(s)] for s in seen}
    moves = {s: [br.apply_move(s, m) for m in br.legal_moves(s)] for s in seen}
    value = {s: (0.0,) * n for s in seen}
    for _ in range(100_000):
        moved = 0.0
        new = {}
        for s in seen:
            player = br.current_player(s)
            if player == br.TERMINAL:
                v = tuple(br.returns(s))
            elif player == br.CHANCE:
                v = tuple(sum(p * value[k][i] for p, k in rolls[s]) for i in range(n))
            else:
                options = [value[k] for k in moves[s]]
                if zero_sum:
                    pick = max if player == 0 else min
                    v = pick(options, key=lambda o: o[0])
                else:
                    v = max(options, key=lambda o: o[player])
            moved = max(moved, *(abs(a - b) for a, b in zip(v, value[s], strict=True)))
            new[s] = v
        value = new
        if moved < 1e-13:
            return value
    raise AssertionError("brute force did not settle")


def assert_matches(state: Any, exact: bool = True, zero_sum: bool = True) -> Solution:
    sol = solve(state, exact=exact)
    truth = brute_force(state, zero_sum)
    assert sol.states == len(truth)
    assert sol.exact is exact
    assert all(isinstance(v, Fraction if exact else float) for v in sol.values)
    assert [float(v) for v in sol.values] == pytest.approx(truth[state], abs=1e-9)
    for move, values in sol.move_values.items():
        child = br.apply_move(state, move)
        assert [float(v) for v in values] == pytest.approx(truth[child], abs=1e-9)
    return sol


def test_parchis_pass_cycle_hand_computed() -> None:
    # Both need exactly a 1 from L7.  A 6 rolls again, the third 6 loses the turn; with w the
    # chance that the player to roll wins, w = 43/216 + 173/216 (1 - w), so w = 216/389.
    s = parchis.position({"yellow": ["L7", *GOAL3], "red": ["L7", *GOAL3]}, turn="yellow",
                         players=2)  # fmt: skip
    sol = assert_matches(s)
    assert sol.values == (Fraction(216, 389), Fraction(173, 389))
    assert sol.concept == "zero-sum" and sol.player == br.CHANCE
    assert sol.move_values[br.parse_move(s, "roll 1")] == (1, 0)


@pytest.mark.slow
def test_parchis_one_piece_each_with_passes() -> None:
    s = parchis.position({"yellow": [60, *GOAL3], "red": ["L5", *GOAL3]}, turn="yellow",
                         players=2)  # fmt: skip
    assert_matches(s)


@pytest.mark.slow
def test_parchis_two_pieces_each_in_the_lanes() -> None:
    s = parchis.position(
        {"yellow": ["L5", "L6", "goal", "goal"], "red": ["L6", "L7", "goal", "goal"]},
        turn="red", players=2,
    )  # fmt: skip
    assert_matches(s, exact=False)


@pytest.mark.slow
def test_parchis_two_pieces_decision_node_moves() -> None:
    s = parchis.position({"yellow": ["L2", "L5", "goal", "goal"], "red": ["L6", *GOAL3]},
                         turn="yellow", roll=2, players=2)  # fmt: skip
    sol = assert_matches(s)
    assert sol.player == 0 and len(sol.move_values) == 2
    best, second = sol.ranked()
    assert best[1][0] >= second[1][0] and sol.best_move == best[0]


@pytest.mark.slow
def test_parchis_three_players_max_n() -> None:
    s = parchis.position(
        {"yellow": ["L6", *GOAL3], "blue": ["L5", *GOAL3], "red": ["L7", *GOAL3]},
        turn="blue", players=3,
    )  # fmt: skip
    sol = assert_matches(s, zero_sum=False)
    assert sol.concept == "max-n"
    assert sum(sol.values) == Fraction(3, 2)  # places score 1, 1/2 and 0


def test_dorada_near_the_end() -> None:
    s = dorada.position(players=2, track={30: [0], 35: [1]}, start=[0, 0],
                        dorada=[0, 0, 0, 1, 1, 1])  # fmt: skip
    sol = assert_matches(s, zero_sum=False)
    assert sol.concept == "max-n"  # a shared win pays both: not zero-sum


@pytest.mark.slow
def test_dorada_three_players() -> None:
    s = dorada.position(players=3, track={30: [0], 35: [1], 28: [2]}, start=[0, 0, 0],
                        dorada=[0, 0, 0, 1, 1, 1, 2, 2, 2])  # fmt: skip
    assert_matches(s, zero_sum=False)


@pytest.mark.slow
def test_docker_endgame_with_rerolls_and_cycles() -> None:
    # Two players left, each with one free piece on a tower of an eliminated player.
    s = docker.position({"a1": "02220", "c3": "13331", "b2": "01"}, players=4,
                        eliminated=[2, 3], turn=1)  # fmt: skip
    sol = solve(s, exact=False)
    # Four seats, but the eliminated players never move and score 0: a two-player game.
    assert sol.concept == "zero-sum" and sol.seats == (0, 1)
    assert sol.states > 30_000
    assert sum(sol.values) == pytest.approx(1.0) and sol.values[2:] == (0.0, 0.0)


@pytest.mark.slow
def test_docker_rerolls_exact_against_brute_force() -> None:
    # South and north each keep a piece off the pitch: an unusable roll is rolled again.
    s = docker.position({"a1": "0012", "b1": "312", "a2": "3", "a3": "2"}, players=4,
                        eliminated=[2, 3], turn=1)  # fmt: skip
    sol = assert_matches(s, zero_sum=True)
    assert sol.states == 1033 and sum(sol.values) == 1
    assert sol.concept == "zero-sum" and sol.seats == (0, 1)


def test_dorasure_battle_at_low_health_cooperative() -> None:
    s = dorasure.position(["Ninja", "Gladiator"], step="battle", quests={"g0": "inscriptions"},
                          health={"Ninja": 1, "Gladiator": 1}, wounds=8)  # fmt: skip
    sol = assert_matches(s, zero_sum=False)
    assert sol.concept == "cooperative" and sol.values[0] == sol.values[1]
    assert sol.values[0] == Fraction(723777733021, 1880739938304)


def test_dorasure_battle_from_the_start_of_the_dragon_track() -> None:
    s = dorasure.position(["Ninja", "Gladiator"], step="battle", quests={"g0": "inscriptions"},
                          health={"Ninja": 1, "Gladiator": 2}, wounds=5)  # fmt: skip
    assert_matches(s, exact=False, zero_sum=False)


def test_docker_small_exact() -> None:
    s = docker.position({"a1": "0222", "c3": "1333", "b2": "0101"}, players=4,
                        eliminated=[2, 3], turn=0)  # fmt: skip
    sol = assert_matches(s, zero_sum=False)
    assert sol.values == (0, 1, 0, 0)  # player 0's only piece is buried: out at once


def test_float_and_exact_agree() -> None:
    s = parchis.position({"yellow": [62, *GOAL3], "red": [28, *GOAL3]}, turn="red", players=2)
    exact, floats = solve(s), solve(s, exact=False)
    assert [float(v) for v in exact.values] == pytest.approx(floats.values, abs=1e-12)


def test_terminal_position() -> None:
    s = parchis.position({"yellow": ["L7", *GOAL3], "red": ["L7", *GOAL3]}, turn="yellow",
                         roll=1, players=2)  # fmt: skip
    s = br.apply_move(s, br.legal_moves(s)[0])
    assert br.is_terminal(s)
    sol = solve(s)
    assert sol.values == (1, 0) and sol.move_values == {} and sol.best_move is None
    assert sol.states == 1 and sol.ranked() == ()


def test_too_many_states_says_how_many() -> None:
    s = br.new_game("parchis", players=2)
    with pytest.raises(TooManyStatesError, match=r"more than 1,000 states \(1,001 found") as e:
        solve(s, max_states=1000)
    assert isinstance(e.value, ValueError) and e.value.found == 1001
    with pytest.raises(br.InvalidOptionError):
        solve(s, max_states=0)


def test_progress_is_reported() -> None:
    s = parchis.position({"yellow": [50, *GOAL3], "red": ["L2", *GOAL3]}, turn="yellow",
                         players=2)  # fmt: skip
    heard: list[tuple[str, int]] = []
    sol = solve(s, exact=False, progress=lambda stage, n: heard.append((stage, n)))
    built = [n for stage, n in heard if stage == "build"]
    assert built or sol.states < 50_000
    # The build counts the states found, the number that max_states limits.
    assert built == sorted(built) and all(50_000 <= n <= sol.states for n in built)


def test_win_probabilities_solves_small_and_searches_large() -> None:
    s = parchis.position({"yellow": ["L7", *GOAL3], "red": ["L7", *GOAL3]}, turn="yellow",
                         players=2)  # fmt: skip
    small = win_probabilities(s)
    assert small.method == "solve" and small.values[0] == Fraction(216, 389)
    assert small.describe() == "solved exactly (24 states)"
    big = win_probabilities(br.new_game("parchis", players=2), max_states=500, depth=1)
    assert big.method == "expectimax" and big.depth == 1
    assert "more than 500 states" in big.describe()


def test_best_moves_fallback_ranks_every_move() -> None:
    s = br.new_game("parchis", players=2)
    s = br.apply_move(s, br.parse_move(s, "roll 5"))
    s = br.apply_move(s, br.legal_moves(s)[0])
    s = br.apply_move(s, br.parse_move(s, "roll 5"))
    a = best_moves(s, max_states=100, depth=1)
    assert a.method == "expectimax"
    assert {m for m, _ in a.ranked()} == set(br.legal_moves(s))


def test_expectimax_matches_solve_when_deep_enough() -> None:
    s = parchis.position({"yellow": ["L6", *GOAL3], "red": ["L7", *GOAL3]}, turn="yellow",
                         roll=1, players=2)  # fmt: skip
    # One decision: moving to L7 or... the only move; deep search approaches the exact value.
    exact = solve(s).values
    assert expectimax(s, 0) == tuple(br.evaluate(s))
    deep = expectimax(s, 12)
    assert abs(deep[0] - float(exact[0])) < 0.05


# ----------------------------------------------------------------- cycles solved in floats


def _plain_sweeps_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Solve every cycle by plain value iteration from 0: the reference that Anderson
    acceleration must agree with."""
    real = _floats.solve_objective

    def plain(*args: Any, **kwargs: Any) -> bool:
        plans, v, component, sign, _accelerate, *rest = args
        return real(plans, v, component, sign, False, *rest, **kwargs)

    monkeypatch.setattr(_solve, "solve_objective", plain)


@pytest.mark.release
@pytest.mark.slow
def test_accelerated_iteration_matches_plain_iteration_on_a_capture_cycle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # One piece each on the track: captures send a piece home, so 97,534 of the 147,924
    # positions form one cycle (144 feedback positions).
    s = parchis.position({"yellow": [50, *GOAL3], "red": [40, *GOAL3]}, turn="yellow",
                         players=2)  # fmt: skip
    fast = solve(s, exact=False)
    _plain_sweeps_only(monkeypatch)
    plain = solve(s, exact=False)
    assert fast.states == plain.states == 147_924
    assert fast.values == pytest.approx(plain.values, abs=1e-13)
    assert fast.move_values.keys() == plain.move_values.keys()
    for move, values in fast.move_values.items():
        assert values == pytest.approx(plain.move_values[move], abs=1e-13)
    assert sum(fast.values) == pytest.approx(1.0, abs=1e-13)


@pytest.mark.slow
def test_accelerated_iteration_matches_brute_force_on_pass_cycles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = parchis.position({"yellow": ["L1", "L3", "goal", "goal"], "red": ["L2", *GOAL3]},
                         turn="yellow", players=2)  # fmt: skip
    fast = assert_matches(s, exact=False)
    _plain_sweeps_only(monkeypatch)
    assert solve(s, exact=False).values == pytest.approx(fast.values, abs=1e-13)


def test_traps_are_cycles_that_strategies_can_stay_in_for_ever() -> None:
    # 0 -> 1 or out (slot 2); 1 -> 0: both decisions can keep play going round.
    loop = [Plan.decision(0, [1, 2]), Plan.decision(0, [0])]
    assert _floats.traps(loop, _floats.predecessors(loop))
    # A roll that can leave the cycle: no strategy keeps play in it for sure.
    roll = Plan.chance(1, [(0.5, 0)], [(0.5, (1.0,))], 1)
    escape = [Plan.decision(0, [1]), roll]
    assert not _floats.traps(escape, _floats.predecessors(escape))


def test_a_trap_is_solved_to_the_least_fixed_point() -> None:
    # The minimiser can keep play in the loop for ever: endless play is worth 0 to it,
    # although 1 (the exit's value) is a fixed point too.
    loop = [Plan.decision(0, [1, 2]), Plan.decision(0, [0])]
    v = [0.0, 0.0, 1.0]
    assert _floats.solve_objective(loop, v, 0, [-1], False)
    assert v[:2] == [0.0, 0.0]


def test_least_squares_finds_the_best_mix_and_skips_dependent_columns() -> None:
    columns = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [2.0, 2.0, 0.0]]  # the third: dependent
    gamma = _floats._least_squares(columns, [3.0, -2.0, 5.0])
    assert gamma == pytest.approx([3.0, -2.0, 0.0])


@pytest.mark.slow
def test_a_player_out_of_the_game_is_left_out_of_the_concept() -> None:
    # Docker, four seats: north (2) and west (3) are out.  Seats 1 and 3 out instead:
    # the two left are 0 and 2, the first of them maximises and the other minimises.
    s = docker.position({"a1": "0021", "b1": "321", "a2": "3", "a3": "1"}, players=4,
                        eliminated=[1, 3], turn=2)  # fmt: skip
    sol = solve(s)
    assert sol.concept == "zero-sum" and sol.seats == (0, 2)
    assert sol.values[1] == sol.values[3] == 0 and sol.values[0] + sol.values[2] == 1
    truth = brute_force(s, zero_sum=False)  # two players whose returns add up to 1
    assert [float(v) for v in sol.values] == pytest.approx(truth[s], abs=1e-9)
    # After a 4, seat 2 has four moves: its best is the one that leaves seat 0 the least.
    four = solve(br.apply_move(s, br.parse_move(s, "roll 4")))
    assert four.player == 2 and len(four.move_values) == 4
    assert four.move_values[four.best_move][0] == min(v[0] for v in four.move_values.values())
    assert [v[0] for _, v in four.ranked()] == sorted(v[0] for v in four.move_values.values())


def test_a_cycle_sweeps_only_the_players_still_at_stake(monkeypatch: pytest.MonkeyPatch) -> None:
    # Three players; in this cycle player 2 never moves and every way out pays it 0.
    roll = Plan.chance(0, [(0.5, 1)], [(0.5, (0.2, 0.6, 0.0))], 3)
    plans = [roll, Plan.decision(1, [0, 2])]
    outside = (0.1, 0.3, 0.0)  # slot 2

    def columns() -> list[list[float]]:
        return [[0.0, 0.0, outside[c]] for c in range(3)]

    narrowed = columns()
    assert _floats._at_stake(
        _floats._compile(plans, [-1, -1]),
        narrowed,
        2,
    ) == [0, 1]
    assert _floats.solve_vectors(plans, narrowed)
    monkeypatch.setattr(_floats, "_at_stake", lambda rows, columns, size: [0, 1, 2])
    every = columns()
    assert _floats.solve_vectors(plans, every)
    assert narrowed == every
    # Player 1 keeps rolling (0.6 on the way out beats 0.3): v = 0.5 * exit + 0.5 * v.
    assert narrowed[1][0] == pytest.approx(0.6) and narrowed[0][0] == pytest.approx(0.2)


def test_a_fixed_point_the_maximiser_cannot_make_sure_of_is_refused() -> None:
    # A maximiser's loop 0 -> 1 -> 0 with a way out worth 0.5: 0.5 is the least fixed
    # point, 0.8 another (play round the loop "promises" 0.8 but never ends).
    loop = [Plan.decision(0, [1, 2]), Plan.decision(0, [0])]
    preds = _floats.predecessors(loop)
    assert not _floats.guaranteed(loop, preds, [0.8, 0.8, 0.5], [1])
    # At 0.5 the loop and the way out tie: the maximiser takes the way out.
    assert _floats.guaranteed(loop, preds, [0.5, 0.5, 0.5], [1])


def test_a_minimiser_who_can_keep_play_going_holds_the_value_at_zero() -> None:
    # Player 1 (minimiser) at 0 chooses the loop through 1 or the way out worth 0.5.
    loop = [Plan.decision(1, [1, 2]), Plan.decision(0, [0])]
    preds = _floats.predecessors(loop)
    assert not _floats.guaranteed(loop, preds, [0.5, 0.5, 0.5], [1, -1])
    assert _floats.guaranteed(loop, preds, [0.0, 0.0, 0.5], [1, -1])
    v = [0.0, 0.0, 0.5]
    assert _floats.solve_objective(loop, v, 0, [1, -1], False)
    assert v[:2] == [0.0, 0.0]


@pytest.mark.slow
def test_exact_solving_refuses_a_large_cycle_before_any_exact_work() -> None:
    s = parchis.position({"yellow": [50, *GOAL3], "red": [40, *GOAL3]}, turn="yellow",
                         players=2)  # fmt: skip
    graph = _graph.build_graph(s, 1_000_000)
    heard: list[int] = []
    with pytest.raises(SolveError, match=r"a cycle of 97,534 positions .* exact=False") as e:
        _solve.solve_graph(graph, exact=True, progress=lambda stage, n: heard.append(n))
    assert isinstance(e.value, ValueError)
    assert heard == []  # refused before solving anything


# Search depth caps (issue 21, class 5) ------------------------------------------------------


@pytest.mark.parametrize(
    ("depth", "chance_depth"),
    [
        (31, 3),
        (300, 3),
        (-1, 3),
        (2, 6),
        (2, 10_000),
        (2, -1),
        (2.0, 3),
        (True, 3),
        ("2", 3),
        (2, None),
    ],
)
def test_a_search_deeper_than_its_cap_is_refused_up_front(depth: Any, chance_depth: Any) -> None:
    from boardrules.bots import ExpectimaxBot

    s = br.new_game("dorasure")  # where each level costs the most
    with pytest.raises(br.InvalidOptionError, match=r"must be a whole number from \d+ to \d+"):
        expectimax(s, depth, chance_depth=chance_depth)
    if chance_depth is None:  # to a bot, no chance_depth means the game's own
        assert ExpectimaxBot(depth, chance_depth=None).chance_depth is None
    else:
        with pytest.raises(br.InvalidOptionError, match=r"must be a whole number from \d+ to"):
            ExpectimaxBot(depth if depth != 0 else 1, chance_depth=chance_depth)
    if chance_depth == 3:
        from boardrules.analysis import Expectimax

        with pytest.raises(br.InvalidOptionError, match="search depth must be"):
            Expectimax().value(s, depth)
        with pytest.raises(br.InvalidOptionError, match="search depth must be"):
            best_moves(s, depth=depth)
        with pytest.raises(br.InvalidOptionError, match="search depth must be"):
            win_probabilities(s, depth=depth)


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker", "dorasure"])
def test_the_deepest_search_allowed_stays_far_from_the_recursion_limit(game: str) -> None:
    import sys

    from boardrules.analysis import MAX_CHANCE_DEPTH, MAX_DEPTH, OutOfNodes

    def frames() -> int:
        f, n = sys._getframe(), 0
        while f is not None:
            f, n = f.f_back, n + 1  # type: ignore[assignment]
        return n

    deepest = [0]

    def evaluation(state: Any) -> tuple[float, ...]:
        deepest[0] = max(deepest[0], frames())
        return br.evaluate(state)

    base = frames()
    with contextlib.suppress(OutOfNodes):
        expectimax(br.new_game(game), MAX_DEPTH, evaluate=evaluation,
                   chance_depth=MAX_CHANCE_DEPTH, max_nodes=2000)  # fmt: skip
    assert deepest[0] - base < sys.getrecursionlimit() // 2
