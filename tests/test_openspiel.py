"""boardrules.openspiel: every game registered with OpenSpiel, checked by OpenSpiel's own random
simulation test, played by its MCTS bot and searched by its expectiminimax."""

from __future__ import annotations

import math
import os
import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from extras import need

np = need("numpy", "openspiel")
pyspiel = need("pyspiel", "openspiel")
mcts = need("open_spiel.python.algorithms.mcts", "openspiel")
minimax = need("open_spiel.python.algorithms.minimax", "openspiel")

import boardrules as br  # noqa: E402
import boardrules.openspiel  # noqa: E402
from boardrules.bots import ExpectimaxBot  # noqa: E402
from boardrules.bots._search import CHANCE_DEPTH  # noqa: E402


def encoded(game: str) -> bool:
    """Whether ``game`` has the action encoding and observations the environments need."""
    record = br.get_game(game)
    return record.num_actions is not None and record.observation is not None


# Every game; one without its action encoding yet is expected to fail, loudly (strict: once
# its encoding lands, the mark must go).
def game_param(game: str) -> Any:
    return pytest.param(
        game,
        marks=pytest.mark.xfail(
            not encoded(game),
            raises=br.UnsupportedError,
            strict=True,
            reason=f"{game} has no action encoding and observations yet",
        ),
    )


GAMES = [game_param(g) for g in br.available_games()]


def random_positions(game: Any, count: int, seed: int) -> list[Any]:
    """``count`` OpenSpiel states met in random games (decision and chance nodes)."""
    rng = random.Random(seed)
    seen: list[Any] = []
    while len(seen) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(seen) < count:
            if rng.random() < 0.2:
                seen.append(state.clone())
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return seen


def test_every_game_is_registered_under_its_name() -> None:
    names = set(pyspiel.registered_names())
    assert {f"boardrules_{g}" for g in br.available_games()} <= names
    game = pyspiel.load_game("boardrules_parchis(players=2)")
    assert game.num_players() == 2 and isinstance(game, boardrules.openspiel.BoardGame)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert (kind.min_num_players, kind.max_num_players) == (2, 4)


def test_options_are_game_parameters() -> None:
    game = boardrules.openspiel.load_game("parchis", players=2, colours=["yellow", "red"])
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    start = game.new_initial_state().boardrules_state
    assert start == br.new_game("parchis", players=2, colours=["yellow", "red"])
    with pytest.raises(pyspiel.SpielError, match="Wrong type"):
        pyspiel.load_game("boardrules_docker(players=2.5)")
    with pytest.raises(br.InvalidOptionError):
        boardrules.openspiel.load_game("docker", players=7)


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_openspiel_random_sim_test(game_name: str, players: int) -> None:
    game = boardrules.openspiel.load_game(game_name, players=players)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("game_name", GAMES)
def test_each_state_is_the_boardrules_state(game_name: str) -> None:
    game = boardrules.openspiel.load_game(game_name, players=2)
    assert game.num_distinct_actions() == br.num_actions(br.new_game(game_name, players=2))
    observer = game.make_py_observer()
    for state in random_positions(game, 40, seed=1):
        s = state.boardrules_state
        if state.is_chance_node():
            exact = {br.move_to_action(s, m): p for m, p in br.chance_outcomes(s)}
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == list(br.legal_actions(s)) == sorted(exact)
            assert all(math.isclose(p, float(exact[a])) for a, p in outcomes)
        else:
            assert state.current_player() == br.current_player(s)
            assert state.legal_actions() == list(br.legal_actions(s))
            for a in state.legal_actions():
                assert state.action_to_string(a) == str(br.action_to_move(s, a))
        for player in range(game.num_players()):
            tensor = np.asarray(state.observation_tensor(player))
            assert tensor.tolist() == pytest.approx(br.observation(s, player))
            assert state.observation_string(player) == br.observation_string(s, player)
            observer.set_from(state, player)
            assert observer.tensor is not None
            assert observer.tensor.tolist() == pytest.approx(br.observation(s, player))
        copy = game.deserialize_state(state.serialize())
        assert copy.boardrules_state == s and copy.history() == state.history()
        assert pickle.loads(pickle.dumps(s)) == s


def test_a_clone_is_independent() -> None:
    game = boardrules.openspiel.load_game("docker", players=2)
    state = game.new_initial_state()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.boardrules_state == br.new_game("docker", players=2)
    assert clone.boardrules_state != state.boardrules_state
    assert clone.history() == [state.legal_actions()[0]] and state.history() == []


def test_state_from_a_boardrules_position() -> None:
    game = boardrules.openspiel.load_game("docker", players=2)
    s = br.apply_move(br.new_game("docker", players=2), br.legal_moves(br.new_game("docker"))[2])
    assert game.state_from(s).boardrules_state == s
    with pytest.raises(br.InvalidOptionError, match="other options"):
        game.state_from(br.new_game("docker", players=3))


# What the utility type promises, checked over random games of every game.
_CHECKS: dict[Any, Callable[[list[float], float], bool]] = {
    pyspiel.GameType.Utility.CONSTANT_SUM: lambda r, total: math.isclose(sum(r), total),
    pyspiel.GameType.Utility.IDENTICAL: lambda r, total: len(set(r)) == 1,
    pyspiel.GameType.Utility.GENERAL_SUM: lambda r, total: True,
}


@pytest.mark.parametrize("game_name", GAMES)
def test_returns_keep_the_declared_utility(game_name: str) -> None:
    for players in (2, 3):
        game = boardrules.openspiel.load_game(game_name, players=players)
        kind, total = game.get_type().utility, game.utility_sum()
        rng = random.Random(players)
        for _ in range(15):
            state = game.new_initial_state()
            steps = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(actions, probs)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    steps += 1
            assert steps <= game.max_game_length()
            r = state.returns()
            assert all(game.min_utility() <= v <= game.max_utility() for v in r)
            assert _CHECKS[kind](r, total), (kind, r)


def wilson_lower(wins: float, games: int, z: float = 1.96) -> float:
    """The lower end of the 95% Wilson score interval of a win rate."""
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    return (centre - spread) / (1 + z * z / games)


def mcts_against_random(
    game: Any, simulations: int, seed: int, mcts_seat: int, uct_c: float = 1.0
) -> float:
    """One game: OpenSpiel's MCTS bot (random rollouts) in ``mcts_seat``, uniform random
    moves in the other seats; MCTS's return.  Forced moves are played without a search."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c, simulations, evaluator, random_state=rng)
    other = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
        elif state.current_player() == mcts_seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(other.choice(legal))
    result: float = state.returns()[mcts_seat]
    return result


# Each game's series is as short as lets a clear winner show: a Parchís game is long (its
# rollouts too), a Docker game short but closer.
@pytest.mark.slow
@pytest.mark.parametrize(
    ("game_name", "simulations", "uct_c", "games"),
    [("docker", 40, 2.0, 30), ("parchis", 40, 1.0, 8)],
)
@pytest.mark.release
@pytest.mark.slow
def test_mcts_beats_random(game_name: str, simulations: int, uct_c: float, games: int) -> None:
    game = boardrules.openspiel.load_game(game_name, players=2)
    wins = sum(
        mcts_against_random(game, simulations, seed, seed % 2, uct_c) for seed in range(games)
    )
    assert wilson_lower(wins, games) > 0.5, f"MCTS won {wins} of {games}"


@pytest.mark.slow
@pytest.mark.parametrize("game_name", [game_param("dorada"), game_param("dorasure")])
def test_mcts_plays_full_games(game_name: str) -> None:
    game = boardrules.openspiel.load_game(game_name, players=2)
    result = mcts_against_random(game, 3, seed=0, mcts_seat=0)
    assert game.min_utility() <= result <= game.max_utility()


def horizon_value(state: Any, player: int) -> float:
    """A position's value at the end of the search, as ExpectimaxBot scores it: the dice
    after the last decision are averaged, then the next decision node is evaluated."""
    s = state.boardrules_state
    if br.is_terminal(s):
        return br.returns(s)[player]
    if not br.is_chance(s):
        return br.evaluate(s)[player]
    total = 0.0
    for action, p in state.chance_outcomes():
        child = state.child(action)
        total += p * horizon_value(child, player)
    return total


def exact_within(s: Any, depth: int, rolls: int = 0) -> bool:
    """Whether the search of ``depth`` decisions from ``s`` meets no chain of more than
    CHANCE_DEPTH rolls in a row.  Docker's rerolls can chain without end: OpenSpiel's
    expectiminimax, which expands every roll, would never stop there, and ExpectimaxBot
    stops after CHANCE_DEPTH rolls, so the two are compared only where both are exact."""
    if br.is_terminal(s):
        return True
    if br.is_chance(s):
        return rolls < CHANCE_DEPTH and all(
            exact_within(br.apply_move(s, m), depth, rolls + 1) for m, _ in br.chance_outcomes(s)
        )
    return depth == 0 or all(
        exact_within(br.apply_move(s, m), depth - 1) for m in br.legal_moves(s)
    )


# OpenSpiel's expectiminimax is a two-player search (one player maximises, the other
# minimises the same value): the two-player games whose returns add up to 1.  Dorasure's
# heroes play together, so it is left out.
@pytest.mark.parametrize("depth", [1, 2])
@pytest.mark.parametrize("game_name", ["parchis", "dorada", "docker"])
def test_expectiminimax_agrees_with_expectimax_bot(game_name: str, depth: int) -> None:
    game = boardrules.openspiel.load_game(game_name, players=2)
    bot = ExpectimaxBot(depth=depth, max_nodes=10**9)
    positions = [
        s
        for s in random_positions(game, 80, seed=depth)[::4]
        if exact_within(s.boardrules_state, depth)
    ][: 12 // depth]
    assert len(positions) == 12 // depth
    values = []
    for state in positions:
        s = state.boardrules_state
        player = 0 if br.is_chance(s) or br.is_terminal(s) else br.current_player(s)
        value = partial(horizon_value, player=player)
        theirs, _ = minimax.expectiminimax(state, depth, value, player)
        assert theirs == pytest.approx(bot.value(s)[player], abs=1e-9)
        values.append(theirs)
    assert len({round(v, 9) for v in values}) >= 3  # not one value for every position


def test_probabilities_come_from_the_exact_fractions() -> None:
    game = boardrules.openspiel.load_game("parchis", players=2)
    state = game.new_initial_state()
    exact = dict(br.chance_outcomes(state.boardrules_state))
    assert sum(exact.values()) == Fraction(1)
    assert math.isclose(sum(p for _, p in state.chance_outcomes()), 1.0)


def run_python(code: str) -> str:
    """The output of ``code`` run by a fresh interpreter that imports this checkout."""
    env = {**os.environ, "PYTHONPATH": str(Path(br.__file__).resolve().parents[1])}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    return done.stdout


def test_a_missing_extra_names_it() -> None:
    code = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "try:\n    import boardrules.openspiel\nexcept ImportError as e:\n"
        "    print(type(e).__name__, e)"
    )
    out = run_python(code)
    assert out.startswith("MissingExtraError")
    assert "pip install 'boardrules[openspiel]'" in out


# A Dorada board given as data (issue 21, class 13) ------------------------------------------

_BOARD = {"fields": 12, "jumps": [[4, 2]], "stumble": [7], "last_jump": 4}


def _as_data(game: Any) -> Any:
    return game.new_initial_state().boardrules_state.options.board


@pytest.mark.parametrize(
    "load",
    [
        lambda: boardrules.openspiel.load_game("dorada", players=2, board=_BOARD),
        lambda: pyspiel.load_game(
            "boardrules_dorada(players=2,board=" + boardrules.openspiel.encode_json(_BOARD) + ")"
        ),
        lambda: pyspiel.load_game(
            "boardrules_dorada", {"players": 2, "board": boardrules.openspiel.encode_json(_BOARD)}
        ),
        lambda: boardrules.openspiel.load_game(
            "dorada", players=2, board=br.dorada.board_from_spec(_BOARD)
        ),
    ],
    ids=["load_game", "game string", "parameter dict", "Board object"],
)  # fmt: skip
def test_a_dorada_board_given_as_data_is_that_board(load: Callable[[], Any]) -> None:
    game = load()
    expected = br.new_game("dorada", players=2, board=_BOARD)
    assert game.new_initial_state().boardrules_state == expected
    again = pyspiel.load_game(str(game))  # the game string round-trips
    assert again.new_initial_state().boardrules_state == expected
    assert pickle.loads(pickle.dumps(game.new_initial_state())).boardrules_state == expected
    state = game.new_initial_state()
    for _ in range(30):  # and plays
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[0])


def test_a_board_as_plain_json_text_is_read_too() -> None:
    import json

    game = pyspiel.load_game("boardrules_dorada", {"players": 2, "board": json.dumps(_BOARD)})
    assert _as_data(game) == br.dorada.board_from_spec(_BOARD)


@pytest.mark.parametrize("board", ["{not json", "[1, 2]", "nowhere"])
def test_a_bad_board_parameter_is_an_invalid_option(board: str) -> None:
    with pytest.raises(br.InvalidOptionError, match="board"):
        boardrules.openspiel.load_game("dorada", players=2, board=board)


def test_a_built_in_board_by_name_is_still_a_name() -> None:
    game = boardrules.openspiel.load_game("dorada", players=2, board="classic-40")
    assert "board=classic-40" in str(game)
    assert _as_data(game).name == "classic-40"
