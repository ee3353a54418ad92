"""The command line of exact analysis: ``analyse``, and ``play`` with hint, undo, --start,
--resume and a record kept after every move; ``--version`` and ``games``."""

from __future__ import annotations

import builtins
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardrules as br
from boardrules import parchis
from boardrules.bots import RandomBot, play_game
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
    assert main(["analyse", str(path), "--max-states", "500", "--rollouts", "4"]) == 0
    out = capsys.readouterr().out
    # The strong policy when its first round shows that enough rounds fit the 5 s, else quick.
    assert re.search(r"4 rollouts per move by (StrongPolicy|QuickBot)\(\)", out), out
    assert "more than 500 states" in out


def test_analyse_bad_input_exits_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(tmp_path / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "nonsense"}')
    assert main(["analyse", str(bad)]) == 2  # an invalid input file, as for every command
    err = capsys.readouterr().err
    assert "error:" in err and "Traceback" not in err
    assert "of the format 'nonsense'" in err and "a game record" in err


def test_analyse_refuses_a_time_budget_that_never_ends(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # --seconds inf (or 1e309) analysed for ever when no --rollouts bounded it.
    path = tmp_path / "s.json"
    path.write_text(br.to_json(br.new_game("docker")))
    for seconds in ("inf", "1e309"):
        assert main(["analyse", str(path), "--seconds", seconds, "--rollouts", "2"]) == 2
        err = capsys.readouterr().err
        assert "--seconds must be a finite number more than 0, not inf" in err


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


# ----------------------------------------------------------- records as positions (issue 22)


@pytest.fixture
def record(tmp_path: Path) -> tuple[Path, GameRecord]:
    """A finished game of Docker between two random bots, as ``play --record`` keeps it."""
    _, rec = play_game(br.new_game("docker", players=2), [RandomBot(), RandomBot()], seed=5)
    path = tmp_path / "game.json"
    path.write_text(rec.to_json() + "\n")
    return path, rec


def after(rec: GameRecord, ply: int) -> br.GameState[Any, Any]:
    state: br.GameState[Any, Any] = rec.first_state()
    for text in rec.moves[:ply]:
        state = br.apply_move(state, br.parse_move(state, text))
    return state


def test_replay_state_writes_the_position_after_a_ply_as_to_json_does(
    record: tuple[Path, GameRecord], capsys: pytest.CaptureFixture[str]
) -> None:
    path, rec = record
    for ply in (0, 3, len(rec.moves)):
        assert main(["replay", str(path), "--state", str(ply)]) == 0
        out = capsys.readouterr().out
        assert out == br.to_json(after(rec, ply)) + "\n"
        assert br.from_json(out) == after(rec, ply)
    assert main(["replay", str(path), "--state", "-1"]) == 0
    assert br.from_json(capsys.readouterr().out) == final_state(rec)


def test_show_and_analyse_take_a_record_at_a_ply_as_its_state_document(
    record: tuple[Path, GameRecord], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, rec = record
    ply = 7
    assert main(["replay", str(path), "--state", str(ply)]) == 0
    state_file = tmp_path / "position.json"
    state_file.write_text(capsys.readouterr().out)
    from_record, from_state = tmp_path / "record.svg", tmp_path / "state.svg"
    assert main(["show", str(path), "--ply", str(ply), "--svg", str(from_record)]) == 0
    assert main(["show", str(state_file), "--svg", str(from_state)]) == 0
    assert from_record.read_text() == from_state.read_text() == br.render_svg(after(rec, ply))
    assert main(["analyse", str(path), "--ply", str(ply), "--depth", "1"]) == 0
    by_record = capsys.readouterr().out
    assert main(["analyse", str(state_file), "--depth", "1"]) == 0
    assert by_record == capsys.readouterr().out and "method: expectimax" in by_record
    # Without --ply: the last position, the end of the game.
    last = tmp_path / "last.svg"
    assert main(["show", str(path), "--svg", str(last)]) == 0
    assert last.read_text() == br.render_svg(final_state(rec))
    assert main(["analyse", str(path)]) == 0
    assert "docker: the game is over" in capsys.readouterr().out


def test_a_file_of_the_wrong_kind_is_named_and_exits_2(
    record: tuple[Path, GameRecord], position: Path, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    path, rec = record
    other = tmp_path / "other.json"
    other.write_text('{"format": "chess-pgn", "moves": []}')
    many = tmp_path / "games.jsonl"
    many.write_text(rec.to_json() + "\n" + rec.to_json() + "\n")
    svg = str(tmp_path / "out.svg")
    cases = [
        (["replay", str(position)], "is a state document; this command reads a game record"),
        (["replay", str(position), "--state", "0"], "draw it with boardrules show"),
        (["play", "parchis", "--start", str(path)], "is a game record; this command reads"),
        (["play", "docker", "--resume", str(position)], "start from it with --start"),
        (["show", str(other), "--svg", svg], "of the format 'chess-pgn'"),
        (["analyse", str(other)], "a state document (format 'boardrules-state'"),
        (["show", str(many), "--svg", svg], "holds 2 game records"),
        (["show", str(position), "--svg", svg, "--ply", "1"], "--ply is for a game record"),
        (["analyse", str(path), "--ply", str(len(rec.moves) + 1)], f"0 to {len(rec.moves)}"),
        (["show", str(path), "--svg", svg, "--ply", "-2"], "--ply must be 0 to"),
        (["replay", str(path), "--state", "99999"], "--state must be 0 to"),
        (["replay", str(path), "--state", "1", "--check"], "--state writes one position"),
    ]
    for args, message in cases:
        assert main(args) == 2, args
        err = capsys.readouterr().err
        assert message in err, (args, err)
        assert "error: " in err and "Traceback" not in err
        # The usage for a bad argument (--ply, --state); a wrong file is named in one line.
        argument = message.startswith("--") or message.startswith("0 to")
        assert ("usage: boardrules" in err) == argument, err
        assert argument or len(err.strip().splitlines()) == 1


def test_analyse_progress_and_final_message_count_the_same_states(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from boardrules.analysis import _graph
    from boardrules.cli import _analyse

    monkeypatch.setattr(_graph, "PROGRESS_EVERY", 100)
    monkeypatch.setattr(_analyse, "_QUIET_BELOW", 0)
    path = tmp_path / "start.json"
    path.write_text(br.to_json(br.new_game("parchis", players=2)))
    assert main(["analyse", str(path), "--max-states", "3000", "--rollouts", "3"]) == 0
    captured = capsys.readouterr()
    shown = [part.strip() for part in captured.err.split("\r") if part.strip()]
    found = [int(p.split(": ")[1].split()[0].replace(",", "")) for p in shown if "found" in p]
    assert found and all(n <= 3000 for n in found) and found == sorted(found)
    assert all("(at most 3,000)" in p for p in shown if "found" in p)
    stopped = "building the graph: too many states: estimating by rollouts instead"
    after = shown[shown.index(stopped) + 1 :]
    assert after and all(line.startswith("rollouts: ") for line in after)
    assert "more than 3,000 states to solve" in captured.out


def test_a_record_or_a_state_written_over_several_lines_is_read_whole(
    record: tuple[Path, GameRecord], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, rec = record
    pretty = tmp_path / "pretty.json"
    pretty.write_text(json.dumps(json.loads(rec.to_json()), indent=2))
    assert main(["replay", str(pretty), "--check"]) == 0
    assert main(["replay", str(pretty), "--state", "2"]) == 0
    state = json.loads(capsys.readouterr().out.splitlines()[-1])
    shown = tmp_path / "state.json"
    shown.write_text(json.dumps(state, indent=2))
    assert main(["show", str(shown), "--svg", str(tmp_path / "a.svg")]) == 0
    assert main(["show", str(pretty), "--ply", "2", "--svg", str(tmp_path / "b.svg")]) == 0
    assert (tmp_path / "a.svg").read_text() == (tmp_path / "b.svg").read_text()
    two = tmp_path / "two.jsonl"
    two.write_text(json.dumps(state) + "\n" + json.dumps(state) + "\n")
    assert main(["analyse", str(two)]) == 2
    assert "holds 2 state documents" in capsys.readouterr().err


def test_analyse_says_which_moves_are_the_same_play(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from test_analysis_budget import midgame

    path = tmp_path / "dorasure.json"
    path.write_text(br.to_json(midgame("dorasure")))  # the dice 4 and 6, either first
    assert main(["analyse", str(path), "--max-states", "1", "--rollouts", "6"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"\(the same play as step \d \w+: every rollout met it again\)", out), out


def test_analyse_and_review_take_the_rollout_policy(
    position: Path,
    record: tuple[Path, GameRecord],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    for name, shown in (("strong", "StrongPolicy()"), ("quick", "QuickBot()")):
        args = ["--max-states", "1", "--rollouts", "3", "--policy", name]
        assert main(["analyse", str(position), *args]) == 0
        assert f"3 rollouts per move (2 solved exactly) by {shown}" in capsys.readouterr().out
    _, rec = record
    path = tmp_path / "first.json"  # the first 8 plies
    path.write_text(GameRecord(rec.game, rec.options, rec.players, rec.moves[:8], rec.seed,
                               None, rec.start).to_json())  # fmt: skip
    assert main(["review", str(path), "--rollouts", "2", "--policy", "strong", "--json"]) == 0
    methods = {d["method"] for d in json.loads(capsys.readouterr().out)["decisions"]}
    assert any("by StrongPolicy()" in m for m in methods), methods
    assert not any("QuickBot" in m for m in methods)
    assert main(["analyse", str(position), "--policy", "best"]) == 2
    assert "invalid choice: 'best'" in capsys.readouterr().err
