"""The Ray backend of series and tournaments: the same games as local workers, and clear
errors (the extra ``ray``: these tests are skipped without it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import boardrules as br
from boardrules.simulate import PlayerSpec, simulate, tournament
from extras import need
from test_simulate import CountingBot, _same_games

ray = need("ray", "ray")


@pytest.mark.slow
@pytest.mark.parametrize("address", ["127.0.0.1:1", "not an address"])
def test_a_bad_ray_address_fails_fast_with_a_clear_error(address: str) -> None:
    with pytest.raises(br.InvalidOptionError, match="Ray"):
        simulate("docker", ["random", "random"], games=2, backend="ray", address=address)


def test_the_cli_exits_2_on_a_bad_ray_address() -> None:
    from boardrules.cli import main

    code = main(
        [
            "simulate",
            "docker",
            "--players",
            "random,random",
            "--games",
            "2",
            "--backend",
            "ray",
            "--address",
            "127.0.0.1:1",
            "--quiet",
        ]
    )
    assert code == 2


@pytest.fixture(scope="module")
def ray_runtime() -> Any:
    from boardrules.simulate._ray import local_runtime_env

    if not ray.is_initialized():
        ray.init(
            num_cpus=2,
            include_dashboard=False,
            log_to_driver=False,
            runtime_env=local_runtime_env(),
        )
    yield ray
    ray.shutdown()


@pytest.mark.slow
def test_ray_gives_the_same_results_as_local_workers(ray_runtime: Any, tmp_path: Path) -> None:
    players: list[PlayerSpec] = ["greedy", CountingBot(), "boardrules.bots.RandomBot"]
    local = simulate(
        "parchis", players, games=12, seed=7, workers=2, record=tmp_path / "local.jsonl"
    )
    remote = simulate(
        "parchis",
        players,
        games=12,
        seed=7,
        backend="ray",
        batch_size=5,
        record=tmp_path / "ray.jsonl",
    )
    _same_games(local, remote)
    assert (tmp_path / "local.jsonl").read_text() == (tmp_path / "ray.jsonl").read_text()
    assert remote.backend == "ray"


@pytest.mark.slow
def test_an_interrupted_ray_series_keeps_the_games_played(ray_runtime: Any) -> None:
    def stop(done: int, total: int) -> None:
        if done == 4:
            raise KeyboardInterrupt

    result = simulate(
        "docker", ["random", "random"], games=40, seed=2, backend="ray", batch_size=2, progress=stop
    )
    assert result.interrupted and len(result.games) == 4
    assert result.games == simulate("docker", ["random", "random"], games=4, seed=2).games


@pytest.mark.slow
def test_a_tournament_on_ray_equals_the_local_one(ray_runtime: Any) -> None:
    kwargs: dict[str, Any] = {"games_per_pairing": 3, "seed": 4, "options": {"players": 2}}
    local = tournament("docker", ["greedy", "random", "expectimax:depth=1"], **kwargs)
    remote = tournament(
        "docker", ["greedy", "random", "expectimax:depth=1"], backend="ray", **kwargs
    )
    assert local.games == remote.games and local.ranking == remote.ranking
