"""Regression tests of hostile settings found in review: pictures' ``size``/``perspective``,
``observation_into``'s buffer and :func:`boardrules.simulate.simulate`'s settings each raise a
ValueError that says what is allowed, where they used to crash or draw a wrong picture."""

from __future__ import annotations

import multiprocessing
import os
import sys
from typing import Any

import pytest

import boardrules as br
from boardrules.bots import MctsBot, StrongBot
from boardrules.simulate import simulate, tournament
from extras import need

GAMES = ("parchis", "dorada", "docker", "dorasure")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [10**400, True, 1e-300, 0.5, 1e308, float("nan"), -1])
def test_render_svg_refuses_a_size_out_of_range(game: str, size: Any) -> None:
    # 10**400 raised OverflowError, 1e-300 drew width="0", True drew a one-pixel board.
    with pytest.raises(ValueError, match="size must be a number of pixels from 1 to 100000"):
        br.render_svg(br.new_game(game), size=size)


@pytest.mark.parametrize("game", GAMES)
def test_render_svg_keeps_sizes_in_range(game: str) -> None:
    svg = br.render_svg(br.new_game(game), size=100_000)
    assert 'width="100000"' in svg and "inf" not in svg
    assert 'width="1"' in br.render_svg(br.new_game(game), size=1)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("perspective", [1.0, "0", True, -1, 4])
def test_render_svg_refuses_a_perspective_that_is_not_a_seat(game: str, perspective: Any) -> None:
    # 1.0 and "0" raised TypeError from deep inside the drawing.
    with pytest.raises(ValueError, match=r"perspective must be a seat number 0 to 3, not"):
        br.render_svg(br.new_game(game, players=4), perspective=perspective)


def test_render_svg_takes_a_numpy_seat_as_perspective() -> None:
    np = need("numpy", "rl")
    s = br.new_game("parchis", players=4)
    assert br.render_svg(s, perspective=np.int64(2)) == br.render_svg(s, perspective=2)


@pytest.mark.parametrize("game", GAMES)
def test_observation_into_refuses_a_short_or_read_only_buffer(game: str) -> None:
    s = br.new_game(game)
    size = len(br.observation(s, 0))
    # A short list raised IndexError, a tuple TypeError, after writing part of the values.
    with pytest.raises(ValueError, match=f"out must be a writable list or flat array of {size}"):
        br.observation_into(s, 0, [0.0] * 3)
    with pytest.raises(ValueError, match="not a tuple"):
        br.observation_into(s, 0, (0.0,) * size)  # type: ignore[arg-type]
    out = [0.0] * size
    br.observation_into(s, 0, out)
    assert tuple(out) == br.observation(s, 0)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"rotate": "yes"}, "rotate must be True or False"),
        ({"batch_size": 0}, "batch_size must be a whole number of at least 1"),
        ({"batch_size": -3}, "batch_size must be a whole number of at least 1"),
        ({"progress": 5}, "progress must be True, False, None or a function"),
        ({"record": 5}, "record must be a path or an open text file"),
        ({"options": "players=2"}, "options must be a mapping"),
        ({"options": [("players", 2)]}, "options must be a mapping"),
    ],
)
def test_simulate_refuses_mistyped_settings(settings: dict[str, Any], message: str) -> None:
    # Each was accepted silently (a string rotate is true) or failed with AttributeError
    # after the first game (record=5).
    with pytest.raises(ValueError, match=message):
        simulate("docker", ["random", "random"], games=2, **settings)


def test_tournament_refuses_mistyped_settings() -> None:
    with pytest.raises(ValueError, match="record must be a path or an open text file"):
        tournament("docker", ["random", "greedy"], games_per_pairing=1, record=5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="options must be a mapping"):
        tournament("docker", ["random", "greedy"], options="players=2")  # type: ignore[arg-type]


class _Failing:
    """A bot whose ``choose`` raises: its error must reach the caller, saying where."""

    def __repr__(self) -> str:
        return "Failing()"

    def choose(self, state: Any, rng: Any = None) -> Any:
        raise RuntimeError("the bot broke")


class _Dying:
    """A bot that ends its worker process at its first move, as a crash would."""

    def __repr__(self) -> str:
        return "Dying()"

    def choose(self, state: Any, rng: Any = None) -> Any:
        os._exit(3)


def test_a_worker_process_that_dies_stops_the_series_with_an_error_not_a_hang() -> None:
    with pytest.raises(
        RuntimeError, match=r"a worker process stopped unexpectedly \(exit code 3\)"
    ):
        simulate("docker", [_Dying(), "random"], games=8, seed=3, workers=2)


class _Uncopiable:
    """A bot that cannot be copied for a game (every game of a series plays a fresh copy):
    an error of the series, not of a game, raised in the worker before any move."""

    def __repr__(self) -> str:
        return "Uncopiable()"

    def choose(self, state: Any, rng: Any = None) -> Any:
        return br.legal_moves(state)[0]

    def __deepcopy__(self, memo: object) -> Any:
        raise RuntimeError("the bot broke")


@pytest.mark.parametrize("games", [2, 40])
def test_an_error_while_other_batches_are_queued_stops_every_worker(games: int) -> None:
    # multiprocessing.Pool.terminate could deadlock here (a failed task, others queued).
    with pytest.raises(RuntimeError, match="the bot broke"):
        simulate("docker", ["random", _Uncopiable()], games=games, seed=5, workers=2)
    assert multiprocessing.active_children() == []


@pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes need Python 3.11")
@pytest.mark.parametrize("workers", [1, 2])
def test_an_error_of_the_series_names_the_game_it_broke(workers: int) -> None:
    with pytest.raises(RuntimeError, match="the bot broke") as caught:
        simulate("docker", [_Uncopiable(), "random"], games=2, seed=3, workers=workers)
    notes = getattr(caught.value, "__notes__", [])
    assert any("in game 0 of the series (docker, game seed" in n for n in notes), notes
    assert any("seats: Uncopiable(), random" in n for n in notes), notes


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bot_raising_in_choose_fails_its_games_naming_each(workers: int) -> None:
    # Issue 36, point 2: a bot's exception fails its game only; the series goes on.
    result = simulate("docker", [_Failing(), "random"], games=2, seed=3, workers=workers)
    assert result.games == () and [f.index for f in result.failed] == [0, 1]
    for failed in result.failed:
        assert (failed.bot, failed.seat) == ("Failing()", 0)
        assert failed.message.startswith(
            "the bot Failing() in seat 0 (blue) raised RuntimeError: the bot broke "
            f"(game {failed.index} of the series, game seed {failed.seed}, after "
        )
    assert multiprocessing.active_children() == []


_HUGE = 10**5000  # (str() of it raises: a message must not write it out)


@pytest.mark.parametrize(
    "call",
    [lambda: simulate("docker", ["random"] * 4, games=-_HUGE),
     lambda: simulate("docker", ["random"] * 4, games=1, seed="x" * 100_000),  # type: ignore[arg-type]
     lambda: tournament("docker", ["random", "greedy"], seed="x" * 100_000),  # type: ignore[arg-type]
     lambda: simulate("docker", ["random"] * 4, options="y" * 100_000),  # type: ignore[arg-type]
     lambda: StrongBot(seconds=-_HUGE), lambda: MctsBot(exploration=-_HUGE)],
    ids=["games", "seed", "tournament seed", "options", "strong seconds", "mcts exploration"],
)  # fmt: skip
def test_a_setting_too_long_to_write_is_refused_in_a_short_message(call: Any) -> None:
    # A whole number of 5,000 digits raised "Exceeds the limit (4300 digits)" while its
    # refusal was written; a text of 100,000 characters was echoed whole.
    with pytest.raises(br.InvalidOptionError) as refused:
        call()
    assert len(str(refused.value)) < 120
