"""One naming scheme: every output names a seat as :func:`boardrules.player_name` does, by
colour (Parchís, Dorada, Docker) or hero (Dorasure), never as ``player N``."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import attrs
import pytest

import boardrules as br
from boardrules import docker, dorada
from boardrules._names import ordinal, result_words
from boardrules.records import GameRecord, final_state

NAMES = {
    ("parchis", 2): ("yellow", "red"),
    ("parchis", 4): ("yellow", "blue", "red", "green"),
    ("dorada", 2): ("red", "blue"),
    ("dorada", 4): ("red", "blue", "green", "yellow"),
    ("docker", 2): ("blue", "orange"),
    ("docker", 4): ("blue", "orange", "green", "purple"),
    ("dorasure", 2): ("Ninja", "Gladiator"),
    ("dorasure", 4): ("Ninja", "Gladiator", "Hunter", "Prince"),
}


@pytest.mark.parametrize(("game", "players"), list(NAMES))
def test_every_seat_has_the_name_of_its_colour_or_hero(game: str, players: int) -> None:
    s = br.new_game(game, players=players)
    assert br.player_names(s) == NAMES[game, players]
    assert [br.player_name(s, seat) for seat in range(players)] == list(NAMES[game, players])


def test_names_follow_the_options_that_choose_colours_and_heroes() -> None:
    s = br.new_game("parchis", players=2, colours=["blue", "green"])
    assert br.player_names(s) == ("blue", "green")
    hero = br.new_game("dorasure", players=2, heroes=["Hunter", "Paladin"])
    assert br.player_names(hero) == ("Hunter", "Paladin")


@pytest.mark.parametrize("seat", [-1, 2, True, 1.0, "0"])
def test_a_seat_that_is_not_one_is_refused(seat: Any) -> None:
    with pytest.raises(ValueError, match="is not a seat of this game"):
        br.player_name(br.new_game("docker", players=2), seat)


def test_seats_with_the_same_name_get_their_number_and_unnamed_seats_a_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = br.new_game("docker", players=3)
    twins = attrs.evolve(docker.GAME, player_name=lambda state, seat: "grey")
    monkeypatch.setattr(docker.State, "game", twins)
    assert br.player_names(s) == ("grey (0)", "grey (1)", "grey (2)")
    assert br.player_name(s, 1) == "grey (1)"
    monkeypatch.setattr(docker.State, "game", attrs.evolve(docker.GAME, player_name=None))
    assert br.player_names(s) == ("player 0", "player 1", "player 2")


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "102nd", "111th"
    ]  # fmt: skip


def _finished(game: str, players: int, seed: int) -> tuple[Any, list[Any]]:
    rng = random.Random(seed)
    s = start = br.new_game(game, players=players)
    moves = []
    while not br.is_terminal(s):
        m = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        moves.append(m)
        s = br.apply_move(s, m)
    return start, moves


def test_the_result_in_words_by_game() -> None:
    start, moves = _finished("parchis", 4, 1)
    end = start
    for m in moves:
        end = br.apply_move(end, m)
    ranked = sorted(range(4), key=lambda seat: -br.returns(end)[seat])
    names = br.player_names(end)
    assert result_words(end) == ", ".join(
        f"{ordinal(i + 1)} {names[seat]}" for i, seat in enumerate(ranked)
    )
    assert result_words(start) == "not finished"
    won = dorada.position(players=2, bridges={9: 0, 18: 1}, dorada=[0, 0, 1, 0, 1, 1])
    assert result_words(won) == "blue wins"
    shared = dorada.position(players=2, dorada=[1, 0, 1, 0, 0, 1], bridges={9: 0, 18: 1})
    assert br.returns(shared) == (1.0, 1.0)
    assert result_words(shared) == "red and blue share the win"
    start, moves = _finished("dorasure", 2, 0)
    end = start
    for m in moves:
        end = br.apply_move(end, m)
    assert result_words(end) == ("the heroes win" if br.returns(end)[0] else "the dragon wins")


@pytest.mark.parametrize(("game", "players"), list(NAMES))
def test_text_and_svg_name_the_player_to_move_by_colour_or_hero(game: str, players: int) -> None:
    s = br.new_game(game, players=players)
    first = NAMES[game, players][0]
    text, svg = br.render(s), br.render_svg(s)
    assert first in text and first in svg
    assert not re.search(r"player [0-9A-D]\b", text + svg)


def test_dorada_pieces_carry_the_initial_of_their_colour_in_text_and_picture() -> None:
    assert dorada.LETTERS == "".join(c[0].upper() for c in dorada.COLOURS) == "RBGY"
    s = dorada.position(players=3, track={7: [2, 0, 1]}, bridges={9: 1}, turn=0)
    text = br.render(s)
    assert "  7 GRB " in text and "  9 b " in text and "start: red 3  blue 2  green 3" in text
    svg = br.render_svg(s)
    assert "start red" in svg and "start blue" in svg and "start green" in svg
    assert ">R</text>" in svg and ">G</text>" in svg and ">A</text>" not in svg
    assert "green: 3 on start" in svg  # the legend names the colour beside its marker


def test_docker_names_colours_with_the_seat_numbers_its_pieces_carry() -> None:
    s = docker.position({"b2": "01", "b1": [0]}, players=2, turn=1)
    text = br.render(s)
    assert "0 blue, south, enters b1" in text and "1 orange, north" in text
    assert text.endswith("orange to roll")
    svg = br.render_svg(s)
    assert "blue, south, enters b1" in svg and "orange (1), 2 from the bottom" in svg
    with pytest.raises(br.IllegalMoveError, match="orange must roll the die first"):
        br.parse_move(s, "b2-b3")


def test_parchis_legend_names_each_colour() -> None:
    svg = br.render_svg(br.new_game("parchis", players=4))
    for colour in NAMES["parchis", 4]:
        assert f">{colour}: nest 4, lane 0, goal 0</text>" in svg


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardrules", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize(("game", "players"), [("dorada", 2), ("docker", 3), ("dorasure", 2)])
def test_play_and_replay_name_the_players_alike(game: str, players: int, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    played = _run("play", game, "--players", str(players), "--seed", "5", "--quiet",
                  "--record", str(record))  # fmt: skip
    assert played.returncode == 0, played.stderr
    names = br.player_names(br.new_game(game, players=players))
    header = ", ".join(f"{name}: random" for name in names)
    assert f"seed 5: {header}\n" in played.stdout
    shown = _run("replay", str(record))
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines()[0].endswith(f": {header}")
    assert f". {names[0]} (random): " in shown.stdout
    assert played.stdout.splitlines()[-2] == shown.stdout.splitlines()[-1]
    rec = GameRecord.from_json(record.read_text(encoding="utf-8"))
    assert f"result: {result_words(final_state(rec))} (returns: {names[0]} " in shown.stdout
    for out in (played.stdout, shown.stdout):
        assert not re.search(r"player [0-9A-D]\b", out)
