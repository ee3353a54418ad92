"""Analysis in a time budget: a bounded build decides fast whether to solve, rollouts
estimate the rest with 95% intervals that hold the exact value where it is known, moves
are told apart, and the budget is kept."""

from __future__ import annotations

import functools
import math
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

import boardrules as br
from boardrules import docker, dorada, dorasure, parchis
from boardrules.analysis import OutOfTimeError, Reviewer, best_moves, solve, win_probabilities
from boardrules.analysis._graph import build_graph
from boardrules.analysis._rollout import Rollouts, interval
from boardrules.bots import RandomBot, play_game
from cpu_timing import collector_off

G2, G3 = ["goal", "goal"], ["goal"] * 3

# Positions small enough to solve, one (or two) per game: decisions and rolls.
SOLVABLE: dict[str, Callable[[], Any]] = {
    "parchis": lambda: parchis.position({"yellow": ["L2", "L5", *G2], "red": ["L6", *G3]},
                                        turn="yellow", roll=2, players=2),
    "parchis roll": lambda: parchis.position({"yellow": [60, *G3], "red": ["L5", *G3]},
                                             turn="yellow", players=2),
    "dorada": lambda: dorada.position(players=2, track={30: [0], 35: [1]}, start=[0, 0],
                                      dorada=[0, 0, 0, 1, 1, 1]),
    "docker": lambda: docker.position({"a1": "0012", "b1": "312", "a2": "3", "a3": "2"},
                                      players=4, eliminated=[2, 3], turn=1),
    "dorasure": lambda: dorasure.position(
        ["Ninja", "Gladiator"], step="battle", quests={"g0": "inscriptions"},
        health={"Ninja": 1, "Gladiator": 1}, wounds=8),
}  # fmt: skip


@functools.cache  # positions are immutable: one game per (game, seed) for all the tests
def midgame(game: str, seed: int = 3) -> Any:
    """A position with at least three moves, a third of the way into a seeded game."""
    start = br.new_game(game)
    _, record = play_game(start, [RandomBot()] * br.num_players(start), seed=seed)
    state: Any = start
    chosen = []
    for text in record.moves:
        if br.current_player(state) >= 0 and len(br.legal_moves(state)) >= 3:
            chosen.append(state)
        state = br.apply_move(state, br.parse_move(state, text))
    return chosen[len(chosen) // 3]


@pytest.mark.parametrize("name", list(SOLVABLE))
def test_the_estimate_of_a_solvable_position_holds_its_exact_value(name: str) -> None:
    s = SOLVABLE[name]()
    exact = solve(s, exact=False)
    # max_states=1: the position itself is not solved, so every move is estimated.
    found = best_moves(s, max_states=1, seconds=None, rollouts=30, seed=1)
    assert found.method == "rollout" and found.rollouts == 30
    for move, values in exact.move_values.items():
        for player, value in enumerate(values):
            low, high = found.interval(move, player)
            assert low - 1e-9 <= value <= high + 1e-9, (move, player, value, low, high)


def test_rollout_intervals_cover_the_value_of_the_policy() -> None:
    # Without the solved moves: plain rollouts from the two moves of a Parchís endgame,
    # against long runs of the same rollouts (the value the estimate aims at).
    s: Any = SOLVABLE["parchis"]()
    starts = [br.apply_move(s, m) for m in br.legal_moves(s)]
    from boardrules.analysis import QuickBot

    long = Rollouts(starts, 2, QuickBot(), br.evaluate, seed=4)
    long.run(800, None)
    # 95% intervals: of 20 short runs (40 rollouts each, seeds other than the long run's),
    # nearly all cover it (16 or more of 20 but for a chance of 3 in 10,000; intervals a
    # third as wide, about the same centres, cover 12 and 9 of these 20).
    covered = [0, 0]
    for seed in range(5, 25):
        short = Rollouts(starts, 2, QuickBot(), br.evaluate, seed=seed)
        short.run(40, None)
        for i in range(2):
            low, high = short.estimate(i).interval(0)
            covered[i] += low <= long.estimate(i).values[0] <= high
            assert 0 < short.estimate(i).half[0] < 0.5
    assert min(covered) >= 16, covered


def test_an_interval_of_rollouts_that_all_agree_is_not_empty() -> None:
    mean, half = interval([0.0] * 6)
    assert mean == 0 and 0.1 < half < 0.2  # one sample of the largest variance is counted
    assert interval([0.0, 1.0] * 200)[1] == pytest.approx(1.96 * 0.5 / 20, rel=0.01)


def test_a_build_past_its_deadline_stops_with_a_verdict() -> None:
    began, cpu = time.perf_counter(), time.process_time()
    with pytest.raises(OutOfTimeError, match=r"more than [\d,]+ states \(the build stopped"):
        build_graph(br.new_game("parchis", players=2), 10**6, None, began + 0.05)
    assert time.perf_counter() - began < 0.5 or time.process_time() - cpu < 0.5


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker", "dorasure"])
def test_a_midgame_is_estimated_within_its_budget(game: str) -> None:
    s = midgame(game)
    with collector_off():  # a full collection of the test worker's heap is not the budget's
        began, cpu = time.perf_counter(), time.process_time()
        found = best_moves(s, seconds=0.4)
        spent, cpu = time.perf_counter() - began, time.process_time() - cpu
    # Within 10% of the budget, as the clock on the wall reads it; on a busy machine the
    # wall clock also counts the time other processes had the CPU, but the work this
    # process did must still fit the budget (it cannot do more than the wall allows).
    assert spent <= 0.4 * 1.1 or cpu <= 0.4 * 1.1, (spent, cpu)
    assert "states found in" in found.reason  # the build stopped on the clock
    if found.method == "expectimax":  # a busy machine: not two rollouts of every move in time
        assert "no time for two rollouts per move" in found.reason and found.depth == 1
        return
    assert found.method == "rollout" and found.rollouts is not None and found.rollouts >= 2
    assert set(found.move_values) == set(br.legal_moves(s))
    assert found.best_move == found.ranked()[0][0]
    player = found.player
    for move in found.move_values:
        low, high = found.interval(move, player)
        assert low <= found.move_values[move][player] <= high


@pytest.mark.parametrize("game", ["parchis", "dorada", "dorasure"])
def test_moves_to_different_positions_come_out_different(game: str) -> None:
    s = midgame(game)
    found = best_moves(s, seconds=None, max_states=1, rollouts=20, seed=2)
    values: dict[Any, float] = {}
    for move, v in found.move_values.items():
        if move not in found.same_as:  # the same play as another move: the same value
            values.setdefault(br.apply_move(s, move), round(float(v[found.player]), 6))
    assert len(set(values.values())) == len(values)


def test_moves_that_are_the_same_play_are_said_to_be() -> None:
    # The Gladiator has the dice 4 and 6: a step with one die then one with the other
    # reaches the same square whichever goes first, and the rollouts then play the same game
    # from both positions -- equal values, rightly, and said so.
    s = midgame("dorasure")
    found = best_moves(s, seconds=None, max_states=1, rollouts=20, seed=2)
    assert found.same_as
    for move, other in found.same_as.items():
        assert br.apply_move(s, move) != br.apply_move(s, other)
        assert found.move_values[move] == found.move_values[other]
        assert found.margins[move] == found.margins[other]
        assert _own_turn_played(br.apply_move(s, move)) == _own_turn_played(br.apply_move(s, other))


def _own_turn_played(state: Any) -> Any:
    """Where the mover's own moves by the rollouts' policy lead, before the dice or
    another player move."""
    from boardrules.analysis import QuickBot

    player, policy = br.current_player(state), QuickBot()
    while br.current_player(state) == player:
        state = br.apply_move(state, policy.choose(state, random.Random(0)))
    return state


def test_rollouts_are_the_same_for_the_same_seed_and_differ_for_another() -> None:
    s = midgame("dorada")
    one = best_moves(s, seconds=None, max_states=1, rollouts=10, seed=7)
    two = best_moves(s, seconds=None, max_states=1, rollouts=10, seed=7)
    other = best_moves(s, seconds=None, max_states=1, rollouts=10, seed=8)
    assert one.move_values == two.move_values and one.margins == two.margins
    assert one.move_values != other.move_values


def test_the_ranking_says_which_moves_are_told_apart() -> None:
    s = SOLVABLE["parchis"]()
    found = best_moves(s, seconds=None, max_states=1, rollouts=10)  # both moves solved
    worse = found.ranked()[1][0]
    difference, half = found.margins[worse]
    assert difference < 0 and half == pytest.approx(0.0, abs=1e-12)
    assert found.told_apart(worse) and not found.told_apart(found.best_move)
    assert "2 solved exactly" in found.describe()


def test_win_probabilities_in_a_budget_and_bad_budgets() -> None:
    s = midgame("parchis")
    found = win_probabilities(s, seconds=None, max_states=1, rollouts=5)
    assert found.method == "rollout" and found.move_values == {}
    assert len(found.value_half) == br.num_players(s) and all(h > 0 for h in found.value_half)
    for bad in ({"seconds": 0}, {"seconds": "5"}, {"rollouts": 1}, {"horizon": -1}):
        with pytest.raises(br.InvalidOptionError):
            best_moves(s, **bad)


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("seconds", math.inf, "seconds must be a finite number > 0 (or None), not inf"),
        ("seconds", 10**400, "seconds must be a finite number > 0 (or None), not an int of"),
        ("rollouts", -(10**5000), "rollouts must be a whole number >= 2, not an int of"),
        ("exact", "no", "exact must be True or False, not 'no'"),
        ("policy", "greedy", "policy must be a bot (an object with choose()) or None, not"),
        ("evaluation", 5, "evaluation must be a function or None, not 5"),
        ("progress", 5, "progress must be a function or None, not 5"),
    ],
    ids=["inf", "10**400", "-10**5000", "exact=no", "policy", "evaluation", "progress"],
)
def test_an_endless_budget_or_an_argument_of_the_wrong_kind_is_refused_before_any_work(
    name: str, value: Any, message: str
) -> None:
    # seconds=inf rolled out for ever and 10**400 raised OverflowError; exact="no" solved
    # exactly; a policy, evaluation or progress that is no bot or function failed with
    # AttributeError or TypeError once the work began; a huge number broke the message.
    s = midgame("parchis")
    given: dict[str, Any] = {"seconds": None, "rollouts": 2, name: value}
    calls: list[Callable[[], object]] = [
        lambda: best_moves(s, max_states=1, **given),
        lambda: win_probabilities(s, max_states=1, **given),
    ]
    if name in ("exact", "progress"):
        calls.append(lambda: solve(s, max_states=10, **{name: value}))
    if name in ("seconds", "rollouts", "policy", "evaluation"):
        record = play_game(br.new_game("docker", players=2), [RandomBot()] * 2, seed=3)[1]
        arg = "seconds_per_move" if name == "seconds" else name
        calls.append(lambda: Reviewer(record, **{"rollouts": 2, arg: value}))
    for call in calls:
        with pytest.raises(br.InvalidOptionError) as refused:
            call()
        assert str(refused.value).startswith(message)


def test_a_position_the_solver_refuses_is_estimated_instead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from boardrules.analysis import SolveError, _budget

    def unstable(*args: Any) -> Any:
        raise SolveError("max-n strategies never settle on a cycle")

    monkeypatch.setattr(_budget, "solve_graph", unstable)
    s = SOLVABLE["parchis roll"]()
    found = win_probabilities(s, seconds=None, rollouts=4)
    assert found.method == "rollout" and "not solved: max-n strategies" in found.reason


def test_a_round_past_its_deadline_is_dropped_whole() -> None:
    s: Any = midgame("docker")
    starts = [br.apply_move(s, m) for m in br.legal_moves(s)]
    from boardrules.analysis import QuickBot

    rollouts = Rollouts(starts, br.num_players(s), QuickBot(), br.evaluate, seed=1)
    assert rollouts.round(None) and rollouts.rounds == 1
    assert not rollouts.round(time.perf_counter() - 1)  # already late: nothing kept
    assert rollouts.rounds == 1
    assert {len(column) for columns in rollouts.results for column in columns} == {1}


def test_too_little_time_for_two_rollouts_gives_a_search_one_decision_deep() -> None:
    s = midgame("docker")  # four players, full games in every rollout
    found = best_moves(s, seconds=0.005)
    assert found.method == "expectimax" and found.depth == 1
    assert "no time for two rollouts per move" in found.describe()
    assert set(found.move_values) == set(br.legal_moves(s))


def test_the_strong_policy_plays_rollouts_the_same_for_a_seed() -> None:
    from boardrules.analysis import StrongPolicy

    s: Any = SOLVABLE["parchis"]()
    starts = [br.apply_move(s, m) for m in br.legal_moves(s)]
    runs = []
    for seed in (3, 3, 4):
        rollouts = Rollouts(starts, 2, StrongPolicy(), br.evaluate, seed=seed)
        rollouts.run(6, None)
        runs.append(rollouts.results)
    assert runs[0] == runs[1] and runs[0] != runs[2]


@pytest.mark.parametrize(("rounds", "policy", "kept"), [(1, "StrongPolicy()", 1),
                                                         (10**9, "QuickBot()", 0)])  # fmt: skip
def test_the_strong_policy_plays_when_its_first_round_shows_enough_rounds_fit(
    rounds: int, policy: str, kept: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from boardrules.analysis import _budget

    monkeypatch.setattr(_budget, "STRONG_ROUNDS", rounds)
    s = midgame("parchis")
    budget = _budget.make_budget(10.0, None, 1, False, None, 1, 0, None, 2, None, None)
    starts = [br.apply_move(s, m) for m in br.legal_moves(s)]
    heard: list[int] = []
    # 10 s for all the rounds: the first one of the strong policy (rollouts of 2 plies)
    # fits 1 round in them, never 10**9.
    seats = br.num_players(s)
    found = _budget._rollouts(starts, seats, budget, {}, time.perf_counter() + 10, heard.append)
    assert repr(found.policy) == policy and found.rounds == kept and heard == [1] * kept
    assert {len(c) for columns in found.results for c in columns} == {kept}
    clockless = _budget._rollouts(starts, seats, budget, {}, None, None)
    assert repr(clockless.policy) == "QuickBot()" and clockless.rounds == 0  # always
    analysed = best_moves(s, seconds=0.3, max_states=1, horizon=2)
    if analysed.method == "rollout":  # else a busy machine: not two rollouts of each move
        assert f"by {analysed.policy}" in analysed.describe()


def test_a_slow_policy_keeps_the_budget() -> None:
    class Slow:
        """Burns 20 ms of CPU per decision: a rollout would take far more than the budget."""

        def choose(self, state: Any, rng: Any) -> Any:
            until = time.process_time() + 0.02
            while time.process_time() < until:
                pass
            return br.legal_moves(state)[0] if br.current_player(state) >= 0 else (
                br.sample_chance(state, rng))  # fmt: skip

    with collector_off():
        began, cpu = time.perf_counter(), time.process_time()
        found = best_moves(midgame("parchis"), seconds=0.3, max_states=1, policy=Slow())
        spent, cpu = time.perf_counter() - began, time.process_time() - cpu
    assert spent <= 0.3 * 1.1 or cpu <= 0.3 * 1.1, (spent, cpu)
    assert found.method == "expectimax" and "no time for two rollouts" in found.reason
