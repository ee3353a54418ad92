"""The command line of exact analysis: ``analyse``, and ``play`` with hint, undo, --start,
--resume and a record kept after every move; ``--version`` and ``games``."""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import boardrules as br
from boardrules import parchis
from boardrules.cli import main
from boardrules.records import GameRecord, final_state

G2 = ["goal", "goal"]


@pytest.fixture
def position(tmp_path: Path) -> Path:
    """Yellow to move a 2 with pieces on L2 and L5; red needs 2 from L6."""
    s = parchis.position({"yellow": ["L2", "L5", *G2], "red": ["L6", *G2, "goal"]},
                         turn="yellow", roll=2, players=2)  # fmt: skip
    path = tmp_path / "position.json"
    path.write_text(br.to_json(s))
    return path


def typing(monkeypatch: pytest.MonkeyPatch, *lines: str) -> None:
    """Feed ``lines`` to input(), then the end of the input."""
    answers: Iterator[str] = iter(lines)

    def read(prompt: str = "") -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(builtins, "input", read)


def test_analyse_lists_every_move_best_first_with_exact_values(
    position: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(position), "--full"]) == 0
    out = capsys.readouterr().out
    assert "parchis: yellow to move\n" in out
    assert "method: solved exactly (768 states)" in out
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip().startswith("1."))
    assert "L2+2" in lines[first] and "L5+2" in lines[first + 1]
    assert "yellow 0.272847 (143538304254757301/526077099415592900)" in lines[first]


def test_analyse_with_depth_searches(position: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(position), "--depth", "1"]) == 0
    assert "method: expectimax 1 decision(s) deep" in capsys.readouterr().out


def test_analyse_exact_refuses_a_position_too_large(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "start.json"
    path.write_text(br.to_json(br.new_game("parchis", players=2)))
    assert main(["analyse", str(path), "--exact", "--max-states", "500"]) == 1
    assert "more than 500 states" in capsys.readouterr().err
    assert main(["analyse", str(path), "--max-states", "500"]) == 0
    assert "expectimax 2 decision(s) deep" in capsys.readouterr().out


def test_analyse_bad_input_exits_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "nonsense"}')
    assert main(["analyse", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"boardrules {br.__version__}"


def test_games_keeps_each_option_on_one_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    board = next(line for line in out.splitlines() if "-o board=" in line and "terrain" in line)
    assert "<long: see the game's page in the docs>" in board
    settings = [line.split("  ")[1] for line in out.splitlines() if line.startswith("  -o ")]
    assert max(map(len, settings)) <= 60


def test_play_checks_the_record_path_before_the_first_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "parchis", "--seed", "1", "--record", "/no/such/dir/r.json"]) == 2
    captured = capsys.readouterr()
    assert "cannot write the record" in captured.err
    assert "dice:" not in captured.out  # not one move was played


def test_play_quit_leaves_a_valid_partial_record(
    position: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    record = tmp_path / "game.json"
    typing(monkeypatch, "hint", "1", "quit")
    code = main(["play", "parchis", "--start", str(position), "--players", "human,random",
                 "--seed", "1", "--record", str(record)])  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0 and "game abandoned" in out
    assert "hint: L2+2" in out and "solved exactly" in out
    assert "yellow (human) plays L2+2" in out  # the chosen move is echoed
    assert "yellow, your move" in out  # players are named by colour
    doc = json.loads(record.read_text())
    assert doc["result"] is None and doc["moves"][0] == "L2+2"
    rec = GameRecord.from_json(record.read_text())
    assert not br.is_terminal(final_state(rec))


def test_play_undo_takes_back_the_last_real_choice(
    position: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    record = tmp_path / "game.json"
    typing(monkeypatch, "undo", "1", "undo", "2", "quit")
    main(["play", "parchis", "--start", str(position), "--players", "human,random",
          "--seed", "1", "--record", str(record)])  # fmt: skip
    out = capsys.readouterr().out
    assert "nothing to take back yet" in out and "taken back" in out
    assert json.loads(record.read_text())["moves"][0] == "L5+2"


def test_play_resume_goes_on_from_the_record(
    position: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    typing(monkeypatch, "1", "quit")
    main(["play", "parchis", "--start", str(position), "--players", "human,random",
          "--seed", "1", "--record", str(first)])  # fmt: skip
    played = json.loads(first.read_text())["moves"]
    typing(monkeypatch, *["1"] * 50)
    code = main(["play", "parchis", "--resume", str(first), "--quiet", "--record", str(second)])
    assert code == 0 and f"resumed after {len(played)} moves" in capsys.readouterr().out
    doc = json.loads(second.read_text())
    assert doc["moves"][: len(played)] == played and doc["result"] is not None
    assert br.is_terminal(final_state(GameRecord.from_json(second.read_text())))


def test_play_start_and_resume_refuse_mismatches(
    position: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "dorada", "--start", str(position)]) == 2
    assert "is a position of parchis" in capsys.readouterr().err
    assert main(["play", "parchis", "--start", str(position), "--resume", str(position)]) == 2


@pytest.mark.parametrize("depth", ["0", "31", "300", "-5"])
def test_analyse_depth_out_of_range_exits_2_in_one_line_before_any_search(
    position: Path, capsys: pytest.CaptureFixture[str], depth: str
) -> None:
    assert main(["analyse", str(position), "--depth", depth]) == 2
    err = capsys.readouterr().err
    assert f"error: --depth must be 1 to 30, not {depth}" in err
    assert "Traceback" not in err and len([x for x in err.splitlines() if "error" in x]) == 1
