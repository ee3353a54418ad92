"""The game in the terminal: ``play`` prints each move once with what it did in words
(captures, bonuses, pieces lost, eliminations), ``undo`` names the moves it took back, and
``show`` prints the text board.  In-process (``main``), so that they stay cheap."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardrules as br
from boardrules import docker, dorada, dorasure, parchis
from boardrules.cli import main
from boardrules.cli._news import news
from boardrules.testing import play, random_play


def answers(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    """The person at the keyboard types ``lines``, then the input ends."""
    typed: Iterator[str] = iter(lines)

    def read(prompt: str = "") -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", read)


def move_lines(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("dice: ") or " plays " in line]


def shown(line: str) -> str:
    """A printed move as undo names it: ``dice roll 3``, ``yellow 10+6``."""
    if line.startswith("dice: "):
        return "dice " + line.removeprefix("dice: ").split(":")[0]
    found = re.fullmatch(r"(\S+) \(.*?\) plays (.*?)( \(the only move\))?(: .*)?", line)
    assert found is not None, line
    return f"{found.group(1)} {found.group(2)}"


def test_play_prints_every_move_once_and_marks_a_forced_one(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers(monkeypatch, ["1"] * 3 + ["quit"])
    assert main(["play", "parchis", "--players", "human,random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    played = int(re.search(r"game abandoned after (\d+) moves", out).group(1))  # type: ignore[union-attr]
    lines = move_lines(out)
    assert len(lines) == played  # one line a move: no forced move printed twice
    assert "yellow (human) plays pass (the only move)" in lines
    assert not any("(you)" in line for line in lines)


def test_play_announces_a_capture_and_its_bonus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = tmp_path / "start.json"
    s = parchis.position({"yellow": [10], "red": [14]}, players=2, roll=4)
    start.write_text(br.to_json(s), encoding="utf-8")
    assert main(["play", "parchis", "--start", str(start), "--seed", "1"]) == 0
    lines = move_lines(capsys.readouterr().out)
    assert lines[:2] == [
        "yellow (random) plays 10+4 (the only move): captures red's piece on 14; "
        "counts 20 with any piece",
        "yellow (random) plays 14+20 (the only move)",
    ]


# Each game with a person in the first seat and a seed where the person's first three
# choices are real choices (a forced move plays itself) and undo takes back more than a move.
UNDO_GAMES = [("parchis", 3, "yellow"), ("dorada", 5, "red"), ("docker", 5, "blue"),
              ("dorasure", 5, "Ninja")]  # fmt: skip


@pytest.mark.parametrize(("game", "seed", "person"), UNDO_GAMES)
def test_undo_names_the_moves_it_took_back(
    game: str,
    seed: int,
    person: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    answers(monkeypatch, ["1"] * 3 + ["undo", "quit"])
    assert main(["play", game, "--players", "human,random", "--seed", str(seed)]) == 0
    out = capsys.readouterr().out
    before_undo, after_undo = out.split("taken back (", 1)
    found = re.match(r"(\d+) moves?\): (.*)", after_undo)
    assert found is not None, after_undo[:200]
    count, listed = found.groups()
    assert (count == "1") == after_undo.startswith("1 move)")  # "1 move", "4 moves"
    # The moves taken back are the last ones printed, from the person's last choice on.
    printed = move_lines(before_undo)[-int(count) :]
    assert listed.split(", ") == [shown(line) for line in printed]
    assert listed.startswith(f"{person} ")


@pytest.mark.parametrize(("game", "seed", "person"), UNDO_GAMES[1:])
def test_play_prints_every_move_of_every_game_once(
    game: str,
    seed: int,
    person: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    answers(monkeypatch, ["1"] * 3 + ["quit"])
    assert main(["play", game, "--players", "human,random", "--seed", str(seed)]) == 0
    out = capsys.readouterr().out
    played = re.search(r"game abandoned after (\d+) moves", out)
    assert played is not None
    lines = move_lines(out)
    assert len(lines) == int(played.group(1))  # one line a move, the person's too
    assert sum(line.startswith(f"{person} (human) plays ") for line in lines) >= 3


def test_undo_with_nothing_to_take_back_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers(monkeypatch, ["undo", "quit"])
    assert main(["play", "parchis", "--players", "human,random", "--seed", "3"]) == 0
    assert "nothing to take back yet" in capsys.readouterr().out


def test_show_prints_the_text_board_without_svg_or_png(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    s = play(parchis.new_game(players=2), "roll 5")
    doc = tmp_path / "state.json"
    doc.write_text(br.to_json(s), encoding="utf-8")
    assert main(["show", str(doc), "--move", "out"]) == 0
    assert capsys.readouterr().out == br.render(s) + "\nthe move: out\n"


@pytest.mark.parametrize("game", ["dorada", "docker", "dorasure"])
def test_show_prints_the_text_board_of_every_game(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(4)
    s = br.new_game(game, players=2)
    for _ in range(12):
        s = br.apply_move(s, br.sample_chance(s, rng) if br.is_chance(s) else
                          rng.choice(br.legal_moves(s)))  # fmt: skip
    doc = tmp_path / "state.json"
    doc.write_text(br.to_json(s), encoding="utf-8")
    assert main(["show", str(doc)]) == 0
    assert capsys.readouterr().out == br.render(s) + "\n"


def said(state: Any, text: str) -> list[str]:
    move = br.parse_move(state, text)
    return news(state, move, br.apply_move(state, move))


def test_parchis_news_the_goal_its_bonus_a_lost_bonus_and_a_third_six() -> None:
    s = parchis.position({"yellow": ["L5", 20]}, players=2, roll=3)
    assert said(s, "L5+3") == ["reaches the goal", "counts 10 with any piece"]
    lone = parchis.position({"yellow": ["L5"], "red": [1]}, players=2, roll=3)
    assert said(lone, "L5+3") == ["reaches the goal", "the bonus is lost: no piece can count it"]
    sixes = play(parchis.position({"yellow": [20]}, players=2), "roll 6", "20+6", "roll 6",
                 "26+6")  # fmt: skip
    assert said(sixes, "roll 6") == ["third six: yellow's piece on 32 goes back to the nest"]


def test_dorada_news_a_piece_lost_a_piece_covered_and_dorada() -> None:
    s = dorada.position(players=2, track={16: [0], 15: [1], 17: [1], 19: [1]}, turn=0, roll=4)
    assert said(s, "move 16") == ["falls into the stumble field 18: lost, a bridge now"]
    covered = dorada.position(players=2, track={1: [0], 3: [1]}, turn=0, roll=2)
    assert said(covered, "move 1") == ["lands on blue's piece on field 3, blocking it"]
    assert said(covered, "move start") == []
    home = dorada.position(players=2, track={31: [0]}, dorada=[1], turn=0, roll=2)
    assert said(home, "move 31") == ["reaches DORADA, arrival 2"]


def test_docker_news_a_climb() -> None:
    s = docker.position({"b2": "01", "b1": [0], "a2": "2"}, players=3, turn=0, roll=3)
    assert said(s, "b1-b2") == ["climbs onto orange's piece on b2"]
    assert said(s, "b1-c3") == []


def test_docker_news_an_elimination_and_a_roll_again() -> None:
    seen = set()
    for state, move in random_play(docker.new_game(players=3), random.Random(1)):
        after = br.apply_move(state, move)
        for event in news(state, move, after):
            if event.endswith("eliminated"):
                assert len(after.eliminated) == len(state.eliminated) + 1
                seen.add("eliminated")
            elif event.endswith("rolls again"):
                assert br.is_chance(after) and after.turn == state.turn
                seen.add("again")
    assert seen == {"eliminated", "again"}


def test_dorasure_news_follow_the_sheets() -> None:
    s = dorasure.new_game(players=2)
    events: list[str] = []
    for state, move in random_play(s, random.Random(3)):
        after = br.apply_move(state, move)
        for event in news(state, move, after):
            events.append(event)
            if event.endswith(" dies"):
                hero = event.split()[0]
                seat = br.player_names(state).index(hero)
                assert state.health[seat] > 0 == after.health[seat]
        if len(events) > 5:
            break
    assert any(e.endswith(" dies") for e in events)
