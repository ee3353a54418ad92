"""The Python API of series and tournaments (boardrules.simulate), local and on Ray."""

from __future__ import annotations

import io
import json
import random
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import boardrules as br
from boardrules._extras import MissingExtraError
from boardrules.bots import RandomBot, game_seed, make_bot, play_game
from boardrules.records import GameRecord, final_state
from boardrules.simulate import SeriesResult, seatings, simulate, tournament
from boardrules.simulate._series import Batches, Series, play_batch, play_one


def _same_games(a: SeriesResult, b: SeriesResult) -> None:
    assert a.games == b.games
    assert a.table() == b.table()


class CountingBot:
    """A bot with state: it plays the k-th legal move on its k-th decision.  A series that
    reused one object across games would depend on how the games are split over workers."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, state: Any, rng: random.Random) -> Any:
        moves = br.legal_moves(state)
        self.calls += 1
        return moves[self.calls % len(moves)]

    def __repr__(self) -> str:
        return "CountingBot()"


def test_a_series_is_the_same_for_one_and_two_workers() -> None:
    one = simulate("parchis", ["greedy", "random", "random"], games=8, seed=5, workers=1)
    two = simulate("parchis", ["greedy", "random", "random"], games=8, seed=5, workers=2)
    _same_games(one, two)
    assert [g.index for g in one.games] == list(range(8))


def test_bot_objects_are_copied_for_every_game_so_workers_do_not_matter() -> None:
    one = simulate("docker", [CountingBot(), "random"], games=6, seed=1, workers=1)
    two = simulate("docker", [CountingBot(), "random"], games=6, seed=1, workers=2)
    _same_games(one, two)
    assert one.players == ("CountingBot()", "random")


def test_each_game_replays_from_its_own_seed() -> None:
    result = simulate("dorada", ["greedy", "random"], games=3, seed=9)
    for g in result.games:
        assert g.seed == game_seed(9, g.index)
        end, record = play_game(
            br.new_game("dorada", players=2), [make_bot("greedy"), RandomBot()], g.seed
        )
        assert br.returns(end) == g.returns and len(record.moves) == g.plies


def test_results_depend_on_the_seed() -> None:
    a = simulate("parchis", ["random", "random"], games=6, seed=1)
    b = simulate("parchis", ["random", "random"], games=6, seed=2)
    assert a.games != b.games


def test_rotate_moves_every_player_round_the_seats() -> None:
    result = simulate("parchis", ["greedy", "random", "random"], games=6, seed=3, rotate=True)
    assert [g.seating for g in result.games[:3]] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    for g in result.games:
        assert g.player_returns()[g.seating[0]] == g.returns[0]


def test_standings_count_wins_and_mean_returns_with_intervals() -> None:
    result = simulate("parchis", ["greedy", "random"], games=20, seed=4)
    total = sum(s.wins for s in result.standings)
    assert total == pytest.approx(20)
    for s in result.standings:
        assert s.win_interval[0] <= s.win_rate <= s.win_interval[1]
        assert s.return_interval[0] <= s.mean_return <= s.return_interval[1]
    assert result.average_plies > result.average_decisions > 0
    assert result.games_per_second > 0 and not result.interrupted


def test_a_cooperative_game_reports_one_team_win_rate() -> None:
    result = simulate("dorasure", ["random", "random"], games=4, seed=2)
    assert result.cooperative and result.team is not None
    assert result.team.wins == sum(1 for g in result.games if g.returns[0] == 1.0)
    table = result.table()
    assert table.startswith("team (Ninja: random, Gladiator: random): ")
    assert "\n   0 " not in table


def test_record_streams_every_game_in_order(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    result = simulate("docker", ["greedy", "random"], games=5, seed=6, workers=2, record=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5
    for line, g in zip(lines, result.games, strict=True):
        record = GameRecord.from_json(line)
        assert record.seed == g.seed and br.returns(final_state(record)) == g.returns
    stream = io.StringIO()
    simulate("docker", ["greedy", "random"], games=5, seed=6, record=stream)
    assert stream.getvalue().splitlines() == lines


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_series_keeps_the_games_played(workers: int) -> None:
    def stop_after_three(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    result = simulate(
        "parchis",
        ["random", "random"],
        games=50,
        seed=1,
        workers=workers,
        progress=stop_after_three,
    )
    assert result.interrupted and len(result.games) == 3 and result.requested == 50
    full = simulate("parchis", ["random", "random"], games=3, seed=1)
    assert result.games == full.games


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": ["clever", "random"]}, "unknown bot 'clever'"),
        ({"players": ["random", "random"], "games": 0}, "games must be"),
        ({"players": ["random", "random"], "workers": -1}, "workers must be"),
        ({"players": ["random", "random", "random"], "options": {"players": 2}}, "2 seats"),
        ({"players": "random,random"}, "must be a list"),
        ({"players": ["random", 7]}, "neither a bot"),
        ({"players": ["random", "random"], "backend": "cloud"}, "unknown backend"),
        ({"players": ["random", "random"], "address": "x:1"}, "backend='ray'"),
    ],
)
def test_bad_inputs_are_value_errors_that_say_what_is_allowed(
    kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        simulate("parchis", **kwargs)


def test_a_bot_that_cannot_be_pickled_is_refused_for_several_workers() -> None:
    class Local(CountingBot):  # a local class cannot be pickled
        pass

    with pytest.raises(br.InvalidOptionError, match="cannot be sent to worker processes"):
        simulate("docker", [Local(), "random"], games=2, workers=2)


def test_the_ray_backend_without_ray_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail
    with pytest.raises(MissingExtraError, match=r"pip install 'boardrules\[ray\]'"):
        simulate("docker", ["random", "random"], games=2, backend="ray")


def test_seatings_cover_every_order_of_every_combination() -> None:
    assert len(seatings(4, 2)) == 12 and len(set(seatings(4, 2))) == 12
    assert len(seatings(5, 4)) == 5 * 24
    assert all(len(set(s)) > 1 for s in seatings(2, 3)) and len(seatings(2, 3)) == 6


def test_a_tournament_of_more_seatings_than_it_plays_is_refused_before_any_game() -> None:
    # seatings() built every one first: 1,001 bots in 2 seats made a tuple of 1,001,000
    # seatings (then 10 million games), 3,000 in 4 seats 8e13: the memory ran out.
    assert len(seatings(1000, 2)) == 999_000  # (the most: 1,000,000)
    for bots, seats, count in ((1001, 2, "1,001,000"), (3000, 4, "80,838,098,982,000")):
        with pytest.raises(
            br.InvalidOptionError, match=f"^{bots} bots in {seats} seats make {count} "
        ):
            seatings(bots, seats)
    with pytest.raises(br.InvalidOptionError, match=r"^40 bots in 4 seats make 2,193,360 seatings"):
        tournament("docker", ["random"] * 40, progress=_no_game)


def _no_game(done: int, total: int) -> None:
    raise AssertionError("a game was played")


@pytest.mark.slow
def test_a_tournament_ranks_the_stronger_bot_first() -> None:
    result = tournament(
        "parchis",
        ["random", "greedy"],
        games_per_pairing=30,
        seed=1,
        options={"players": 2},
        workers=2,
    )
    assert [e.bot for e in result.ranking] == ["greedy", "random"]
    best, worst = result.ranking
    assert best.score > worst.score and best.games == worst.games == 60
    assert best.rating_interval[0] > worst.rating_interval[1]  # separated at 95 %
    assert best.rating == pytest.approx(-worst.rating)
    assert str(result).splitlines()[1].split()[:2] == ["1", "greedy"]


def test_tournament_cli_prints_the_ranking() -> None:
    from boardrules.cli import main

    out = io.StringIO()
    stdout = sys.stdout
    sys.stdout = out
    try:
        code = main(
            [
                "tournament",
                "docker",
                "--bots",
                "greedy,random",
                "--games",
                "4",
                "-o",
                "players=2",
                "--quiet",
            ]
        )
    finally:
        sys.stdout = stdout
    lines = out.getvalue().splitlines()
    assert code == 0 and lines[0] == "docker: 8 games, 4 per seating, seed 0"
    assert lines[2].split()[0] == "1" and json.loads("1") == 1


def test_too_many_local_workers_are_refused() -> None:
    with pytest.raises(br.InvalidOptionError, match="local workers"):
        simulate("docker", ["random", "random"], games=2, workers=10**6)


def test_the_same_bot_twice_in_a_tournament_gets_numbered_rows() -> None:
    t = tournament(
        "docker", ["random", "random", "greedy"], games_per_pairing=1, options={"players": 2}
    )
    assert sorted(e.bot for e in t.ranking) == ["greedy", "random #1", "random #2"]


# ----------------------------------------------------------------------------- batches


def test_batches_start_with_single_games_and_grow_to_the_target_time() -> None:
    batches = Batches(range(10_000))
    assert list(batches.next() or []) == [0]
    assert list(batches.next() or []) == [1]
    batches.played(2, 2 * 0.001)  # quick games: 1 ms each
    grown = batches.next()
    assert grown is not None and len(grown) == int(Batches.TARGET / 0.001)
    assert grown[0] == 2  # no game skipped or repeated


def test_slow_games_stay_one_per_batch_and_quick_ones_are_capped() -> None:
    slow = Batches(range(100))
    slow.played(1, 2.0)
    assert len(slow.next() or []) == 1
    quick = Batches(range(100_000))
    quick.played(1_000, 1e-6)
    assert len(quick.next() or []) == Batches.LARGEST


def test_a_fixed_batch_size_is_kept_and_every_index_is_given_once() -> None:
    batches = Batches(range(23), fixed=5)
    given: list[int] = []
    while (batch := batches.next()) is not None:
        assert len(batch) == 5 or batch[-1] == 22
        given.extend(batch)
    assert given == list(range(23))


def test_play_batch_reports_its_games_in_order_with_their_time() -> None:
    series = Series("docker", {"players": 2}, ("random", "random"), 3, ((0, 1),), False)
    outcomes, seconds = play_batch(series, [4, 2])
    assert [o.index for o in outcomes] == [4, 2]
    assert seconds > 0
    assert outcomes[0] == play_one(series, 4)


class WaitingBot:
    """A random bot that, at its first decision, waits while another thread works 0.2 s of
    CPU."""

    def __init__(self) -> None:
        self.waited = False

    def choose(self, state: Any, rng: random.Random) -> Any:
        if not self.waited:
            self.waited = True
            worker = threading.Thread(target=_busy, args=(0.2,))
            worker.start()
            worker.join()
        return RandomBot().choose(state, rng)

    def __repr__(self) -> str:
        return "WaitingBot()"


def _busy(seconds: float) -> None:
    until = time.thread_time() + seconds
    while time.thread_time() < until:
        pass


def test_play_batch_times_its_own_thread_not_the_process() -> None:
    # Another thread of the worker (Ray's own, say) works 0.2 s of CPU while the games
    # wait: not their time, which sizes the next batches (the process's clock counted it).
    series = Series("docker", {"players": 2}, (WaitingBot(), "random"), 3, ((0, 1),), False)
    began = time.process_time()
    _, seconds = play_batch(series, [0])
    assert time.process_time() - began >= 0.2
    assert 0 < seconds < 0.1


def test_play_batch_times_the_process_where_python_has_no_clock_per_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(time, "thread_time")  # as in Pyodide, the web page's Python
    series = Series("docker", {"players": 2}, ("random", "random"), 3, ((0, 1),), False)
    outcomes, seconds = play_batch(series, [4, 2])
    assert [o.index for o in outcomes] == [4, 2] and seconds > 0


class RaisingBot:
    """A bot that raises the library's error of too many states at its first decision."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        from boardrules.analysis import TooManyStatesError

        raise TooManyStatesError(12, 10)

    def __repr__(self) -> str:
        return "RaisingBot()"


def test_an_exception_of_the_library_raised_by_a_bot_in_a_worker_comes_back_whole() -> None:
    # Issue 36, class 1: TooManyStatesError(found, limit) could not be unpickled in the
    # parent process: simulate --workers 2 ended in a TypeError.
    import pickle

    from boardrules.analysis import TooManyStatesError

    result = simulate("docker", [RaisingBot(), "random"], games=2, workers=2,
                      options={"players": 2})  # fmt: skip
    assert [f.index for f in result.failed] == [0, 1] and result.games == ()
    assert all("raised TooManyStatesError: the position reaches more than 10 states (12 "
               in f.message for f in result.failed)  # fmt: skip
    error = pickle.loads(pickle.dumps(TooManyStatesError(12, 10)))
    assert (error.found, error.limit) == (12, 10)


class FlakyBot:
    """Random moves, but in game positions where its generator says so, an illegal one."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        if rng.random() < 0.02:
            return br.legal_moves(br.new_game("docker", players=2))[0]  # a roll, not a move
        return rng.choice(br.legal_moves(state))

    def __repr__(self) -> str:
        return "FlakyBot()"


def test_a_bot_s_illegal_move_fails_its_game_only_naming_bot_seat_game_seed_and_position(
    tmp_path: Path,
) -> None:
    # Issue 36, point 2: the illegal move was reported without the bot, its seat, the game
    # number or its seed, and the whole series was lost.
    out = tmp_path / "games.jsonl"
    result = simulate("docker", ["random", FlakyBot()], games=6, seed=4, options={"players": 2},
                      record=str(out))  # fmt: skip
    assert result.failed and result.games  # some failed, the others were kept
    assert len(result.failed) + len(result.games) == 6
    failure = result.failed[0]
    assert failure.bot == "FlakyBot()" and failure.seat == 1
    assert failure.seed == game_seed(4, failure.index)
    assert f"game {failure.index} of the series, game seed {failure.seed}" in failure.message
    assert "the bot FlakyBot() in seat 1 (orange) chose <docker.Roll roll 1>" in failure.message
    position = br.from_json(failure.position)
    assert br.current_player(position) == 1
    assert f"failed: {failure.message}" in result.table()
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    failed_lines = [doc for doc in lines if "failure" in doc]
    assert [d["failure"]["game"] for d in failed_lines] == [f.index for f in result.failed]
    first = failed_lines[0]
    assert br.from_json(json.dumps(first["failure"]["position"])) == position
    assert first["failure"]["bot"] == "FlakyBot()" and first["failure"]["seat"] == 1
    # the line is the record up to the failure: replay reads it as an unfinished game
    record = GameRecord.from_json(json.dumps(first))
    assert record.result is None and final_state(record) == position


def test_a_tournament_keeps_the_games_a_bot_did_not_stop() -> None:
    t = tournament("docker", ["random", FlakyBot()], games_per_pairing=3, seed=4,
                   options={"players": 2})  # fmt: skip
    assert t.failed and len(t.failed) + len(t.games) == 6
    assert "failed: the bot FlakyBot()" in t.table()


def test_simulate_averages_the_games_own_statistics_in_text_and_records() -> None:
    out = io.StringIO()
    result = simulate("dorasure", ["random", "random"], games=3, seed=4, record=out)
    names = [s.name for s in result.statistics]
    assert names == [
        "dragon's wounds", "quests solved", "meter reached", "adventure turns", "battle reached"
    ]  # fmt: skip
    wounds = [dict(g.statistics)["dragon's wounds"] for g in result.games]
    first = result.statistics[0]
    assert first.mean == pytest.approx(sum(wounds) / 3) and first.games == 3
    assert first.interval[0] <= first.mean <= first.interval[1]
    lines = result.table().splitlines()
    assert "per game, mean (95% CI):" in lines
    assert any(line.split()[:2] == ["quests", "solved"] for line in lines)
    for line, game in zip(out.getvalue().splitlines(), result.games, strict=True):
        assert json.loads(line)["statistics"] == dict(game.statistics)
        GameRecord.from_json(line)  # a reader of records skips the field
    # Each game's numbers are the game's own, from its last position and its moves.
    record = GameRecord.from_json(out.getvalue().splitlines()[0])
    state, moves = record.first_state(), []
    for text in record.moves:
        moves.append(br.parse_move(state, text))
        state = br.apply_move(state, moves[-1])
    assert dict(result.games[0].statistics) == br.dorasure.statistics(state, tuple(moves))


def test_simulate_of_a_game_without_statistics_shows_none() -> None:
    result = simulate("docker", ["random", "random"], games=2, seed=1)
    assert result.statistics == () and all(g.statistics == () for g in result.games)
    assert "per game" not in result.table()


# The Ray backend's refusals (without Ray: the address is refused before Ray is needed, or
# a stand-in for Ray that fails to join as Ray does) ---------------------------------------

LONG_ADDRESS = "h" * 100_000


@pytest.mark.parametrize(
    ("address", "words"),
    [
        (LONG_ADDRESS, "bad Ray address 'hhh"),
        (LONG_ADDRESS + ":1", "no Ray cluster answers at 'hhh"),
    ],
)
def test_a_long_ray_address_is_refused_in_a_short_message(address: str, words: str) -> None:
    from boardrules.simulate._ray import check_reachable

    with pytest.raises(br.InvalidOptionError, match=words) as e:
        check_reachable(address)
    assert len(str(e.value)) < 200


def test_a_cluster_that_cannot_be_joined_is_named_in_a_short_message(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Ray's error repeats the address it could not join; so did ours, whole.
    from boardrules.simulate import _ray

    def init(address: str, **_: Any) -> None:
        raise ConnectionError(f"Could not find any running Ray instance at {address!r}.")

    ray = SimpleNamespace(is_initialized=lambda: False, init=init)
    monkeypatch.setattr(_ray, "require", lambda *_: ray)
    address = "auto" + " " * 100_000  # "auto" to the address check; Ray reads it whole
    with pytest.raises(br.InvalidOptionError) as e:
        _ray._ray(address, workers=None)
    message = str(e.value)
    assert message.startswith("cannot start or join the Ray cluster at 'auto  ")
    assert message.endswith("'.") and "Could not find any running Ray instance" in message
    assert len(message) < 450
