"""The reinforcement-learning environments of boardrules.rl: PettingZoo's and Gymnasium's own
checkers for every game, and what the environments promise beyond them."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from extras import need

np = need("numpy", "rl")
need("gymnasium", "rl")
need("pettingzoo", "rl")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import boardrules as br  # noqa: E402
import boardrules.rl  # noqa: E402
from boardrules.rl._common import roll  # noqa: E402


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

# What the checkers say of every environment with a Dict observation (their lists of
# classic games that have one name only PettingZoo's own games), and of an environment
# made without gymnasium.make: the design, not a fault.  Any other warning fails a test.
_EXPECTED = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "Not able to test alternative render modes due to the environment not having a spec",
)


@contextmanager
def only_expected_warnings() -> Iterator[None]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    messages = [str(w.message) for w in caught]
    unexpected = [m for m in messages if not any(e in m for e in _EXPECTED)]
    assert not unexpected, unexpected


def masked_random(obs: dict[str, Any], rng: random.Random) -> int:
    legal = np.flatnonzero(obs["action_mask"])
    return int(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_pettingzoo_api_test(game: str, render_mode: str | None) -> None:
    with only_expected_warnings():
        api_test(boardrules.rl.env(game, render_mode=render_mode), num_cycles=1000)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_seed_test(game: str) -> None:
    with only_expected_warnings():
        seed_test(lambda: boardrules.rl.env(game, players=2), num_cycles=500)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_gymnasium_check_env(game: str, render_mode: str | None) -> None:
    with only_expected_warnings():
        check_env(boardrules.rl.single_agent_env(game, render_mode=render_mode))


@pytest.mark.parametrize("seed", [-1, 2**64, 2**70, 1.5, "x", True, [3]])
def test_the_aec_env_and_the_single_agent_env_take_the_same_seeds(seed: Any) -> None:
    envs: list[Any] = [boardrules.rl.env("parchis", players=2)]
    envs.append(boardrules.rl.single_agent_env("parchis"))
    messages = set()
    for env in envs:
        with pytest.raises(ValueError) as refused:
            env.reset(seed=seed)
        messages.add(str(refused.value))
    assert len(messages) == 1
    assert messages.pop().startswith("a seed is None or a whole number from 0 to 2**64 - 1, not ")
    for env in envs:  # the largest seed and no seed are taken by both
        env.reset(seed=2**64 - 1)
        env.reset(seed=None)


def play_aec(env: boardrules.rl.BoardEnv, seed: int) -> tuple[dict[str, float], list[Any]]:
    """One masked random game; each agent's total reward and the positions it saw."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    totals: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    seen = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            env.step(None)
            continue
        state = env.boardrules_state
        seen.append(state)
        seat = env.possible_agents.index(agent)
        assert br.current_player(state) == seat
        assert np.flatnonzero(obs["action_mask"]).tolist() == list(br.legal_actions(state))
        assert obs["observation"].ravel().tolist() == pytest.approx(br.observation(state, seat))
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(masked_random(obs, rng))
    return totals, seen


@pytest.mark.parametrize("game", GAMES)
def test_aec_rewards_are_the_returns_and_agents_see_only_decisions(game: str) -> None:
    env = boardrules.rl.env(game, players=3)
    for seed in range(2):
        totals, seen = play_aec(env, seed)
        assert seen and not br.is_terminal(seen[-1])
        end = env.boardrules_state
        assert br.is_terminal(end)
        assert list(totals.values()) == pytest.approx(list(br.returns(end)))


@pytest.mark.parametrize("game", GAMES)
def test_aec_dice_follow_the_seed(game: str) -> None:
    env = boardrules.rl.env(game, players=2)
    first = [play_aec(env, seed)[1] for seed in (5, 5, 6)]
    assert first[0] == first[1] != first[2]


def test_rolls_have_the_exact_probabilities() -> None:
    # Docker starts with one die: after each face the first player decides.
    start = br.new_game("docker", players=2)
    faces = {br.apply_move(start, m): p for m, p in br.chance_outcomes(start)}
    assert all(not br.is_chance(s) for s in faces)
    dice = random.Random(11)
    n = 6000
    counts = Counter(roll(start, dice) for _ in range(n))
    assert set(counts) == set(faces)
    for state, p in faces.items():
        sigma = (n * p * (1 - p)) ** 0.5
        assert abs(counts[state] - n * p) < 4 * sigma


def test_an_illegal_action_ends_the_game_or_raises() -> None:
    env = boardrules.rl.env("docker", players=2)
    env.reset(seed=0)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    agent = env.agent_selection
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0 and env.infos[agent] == {"illegal_action": True}
    strict = boardrules.rl.env("docker", players=2, illegal_reward=None)
    strict.reset(seed=0)
    with pytest.raises(br.IllegalMoveError, match="not legal now"):
        strict.step(illegal)
    with pytest.raises(br.IllegalMoveError):
        strict.step(strict.action_space("player_0").n)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [0, 1])
def test_single_agent_reward_is_the_learners_return(game: str, seat: int) -> None:
    env = boardrules.rl.single_agent_env(game, opponents="random", seat=seat, players=2)
    rng = random.Random(seat)
    for seed in range(2):
        obs, _ = env.reset(seed=seed)
        total, done = 0.0, False
        while not done:
            state = env.boardrules_state
            assert br.current_player(state) == seat
            assert np.flatnonzero(obs["action_mask"]).tolist() == list(br.legal_actions(state))
            obs, reward, done, truncated, _ = env.step(masked_random(obs, rng))
            assert not truncated
            total += float(reward)
        assert br.is_terminal(env.boardrules_state)
        assert total == br.returns(env.boardrules_state)[seat]
        assert not obs["action_mask"].any()


def test_single_agent_opponents_and_seat_are_checked() -> None:
    two = boardrules.rl.single_agent_env("docker", opponents=["greedy"], players=2)
    assert len(two.opponents) == 1
    three = boardrules.rl.single_agent_env(
        "docker", opponents=("random", br.bots.GreedyBot()), players=3
    )
    assert [type(b).__name__ for b in three.opponents] == ["RandomBot", "GreedyBot"]
    with pytest.raises(br.InvalidOptionError, match="2 other seats, but 1"):
        boardrules.rl.single_agent_env("docker", opponents=["random"], players=3)
    with pytest.raises(br.InvalidOptionError, match="seat must be"):
        boardrules.rl.single_agent_env("docker", seat=2, players=2)
    with pytest.raises(br.InvalidOptionError, match="unknown bot"):
        boardrules.rl.single_agent_env("docker", opponents="clever", players=2)


def test_single_agent_illegal_action() -> None:
    env = boardrules.rl.single_agent_env("docker", players=2)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": True})
    with pytest.raises(br.BoardrulesError, match="call reset"):
        env.step(0)


@pytest.mark.parametrize("make", [boardrules.rl.env, boardrules.rl.single_agent_env])
def test_ansi_render_is_the_text_board(make: Callable[..., Any]) -> None:
    env = make("parchis", render_mode="ansi", players=2)
    env.reset(seed=2)
    assert env.render() == br.render(env.boardrules_state)
    with pytest.raises(br.InvalidOptionError, match="unknown render_mode"):
        make("parchis", render_mode="human")


@pytest.mark.parametrize("game", GAMES)
def test_rgb_array_render(game: str) -> None:
    modes = boardrules.rl.env(game).metadata["render_modes"]
    if br.get_game(game).render_svg is None:  # until the game draws its board as SVG
        assert modes == ["ansi"]
        with pytest.raises(br.UnsupportedError, match="render_svg"):
            boardrules.rl.env(game, render_mode="rgb_array")
        return
    assert modes == ["ansi", "rgb_array"]
    need("cairosvg", "pictures")
    env = boardrules.rl.env(game, render_mode="rgb_array", players=2)
    env.reset(seed=0)
    picture = env.render()
    assert isinstance(picture, np.ndarray) and picture.dtype == np.uint8
    assert picture.ndim == 3 and picture.shape[2] == 3 and picture.std() > 0
    with only_expected_warnings():
        check_env(boardrules.rl.single_agent_env(game, render_mode="rgb_array", players=2))


def run_python(code: str) -> str:
    """The output of ``code`` run by a fresh interpreter that imports this checkout."""
    src = str(Path(br.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": src}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    return done.stdout


def test_importing_boardrules_imports_no_extra() -> None:
    code = (
        "import sys, boardrules as br; br.new_game('parchis'); "
        "print(sorted({'numpy', 'gymnasium', 'pettingzoo', 'pyspiel'} & set(sys.modules)))"
    )
    assert run_python(code).strip() == "[]"


def test_a_missing_extra_names_it() -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "try:\n    import boardrules.rl\nexcept ImportError as e:\n    print(type(e).__name__, e)"
    )
    out = run_python(code)
    assert out.startswith("MissingExtraError")
    assert "pip install 'boardrules[rl]'" in out


_HUGE = 10**5000  # (str() of it raises: a message must not write it out)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: boardrules.rl.single_agent_env("docker", players=2, opponents=_any(5)),
         br.InvalidOptionError, "opponents must be a bot or a bot's name"),
        (lambda: boardrules.rl.single_agent_env("docker", players=2, opponents=_any([None])),
         br.InvalidOptionError, "opponents must be a bot or a bot's name"),
        (lambda: boardrules.rl.single_agent_env("docker", players=2, illegal_reward=10**400),
         br.InvalidOptionError, "illegal_reward must be None or a finite number, not an int of"),
        (lambda: boardrules.rl.single_agent_env("docker", players=2).reset(seed=_HUGE),
         br.BoardrulesError, "a seed is None or a whole number from 0 to 2**64 - 1, not an int"),
        (lambda: _reset(boardrules.rl.single_agent_env("docker", players=2,
                                                      illegal_reward=None)).step(_HUGE),
         br.IllegalMoveError, "action an int of 16610 bits is not legal now"),
        (lambda: _reset(boardrules.rl.parallel_env("docker", players=2)).step(5),
         br.InvalidOptionError, "actions must map agents to actions"),
        (lambda: _reset(boardrules.rl.parallel_env("docker", players=2)).step({_HUGE: 1}),
         br.InvalidOptionError, "no action for player_0, whose turn it is (actions for: an int"),
    ],
    ids=["opponents=5", "opponents=[None]", "illegal_reward=10**400", "seed=10**5000",
         "step(10**5000)", "parallel step(5)", "parallel step({10**5000: 1})"],
)  # fmt: skip
def test_a_value_of_the_wrong_kind_or_size_is_refused_by_the_environments_in_words(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    # opponents=5 raised TypeError and [None] AttributeError at the first step;
    # illegal_reward=10**400 OverflowError; a seed or action of 5000 digits "Exceeds the
    # limit" while its refusal was written; parallel step(5) TypeError.
    with pytest.raises(error) as refused:
        call()
    assert str(refused.value).startswith(message)


def _any(value: Any) -> Any:
    return value


def _reset(env: Any) -> Any:
    env.reset(seed=0)
    return env
