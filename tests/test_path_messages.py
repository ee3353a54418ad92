"""A file's path in an error message is cut like every other echoed value: a path of
100,000 characters makes a message of one short line, whose start and file name stay; so
is the error of a damaged document that the command line repeats after the file's name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import boardrules as br
from boardrules._values import LONGEST_MESSAGE, LONGEST_PATH, shown_message, shown_path
from boardrules.cli import main
from boardrules.web import SiteError, build_site
from extras import need

# One name far past the system's limit (255 bytes a name, 4,096 a path).
LONG = "/tmp/" + "d" * 100_000 + "/game.json"


def test_a_path_up_to_the_limit_is_shown_whole() -> None:
    assert shown_path("records/game.json") == "records/game.json"
    exact = "p" * LONGEST_PATH
    assert shown_path(exact) == exact
    assert shown_path(Path("a/b.json")) == "a/b.json"


def test_a_longer_path_keeps_its_start_and_its_file_name() -> None:
    one_more = "q" * (LONGEST_PATH - 10) + "0123456789" + "z"
    cut = shown_path(one_more)
    assert len(cut) == LONGEST_PATH
    assert cut == "q" * 58 + "..." + "q" * 48 + "0123456789z"
    long = shown_path(LONG)
    assert len(long) == LONGEST_PATH
    assert long.startswith("/tmp/ddd") and long.endswith("ddd/game.json") and "..." in long


def _short_error(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    err = capsys.readouterr().err
    for word in words:
        assert word in err
    line = err.splitlines()[-1]  # after the command's usage, for a usage error
    assert "Traceback" not in err and "error: " in line and len(line) < 250, err[-400:]
    assert line.endswith("ddd/game.json: File name too long")  # the file's name stays
    return line


def test_a_file_that_cannot_be_read_is_named_in_one_short_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["show", LONG]) == 2
    _short_error(capsys, "cannot read", "File name too long")
    assert main(["replay", LONG]) == 2
    _short_error(capsys, "cannot read")


def _position(tmp_path: Path) -> str:
    path = tmp_path / "position.json"
    path.write_text(br.to_json(br.new_game("docker")), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("option", ["--svg", "--png"])
def test_a_picture_that_cannot_be_written_is_named_in_one_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    if option == "--png":
        need("cairosvg", "pictures")
    assert main(["show", _position(tmp_path), option, LONG]) == 2
    _short_error(capsys, "cannot write", "File name too long")


def test_records_that_cannot_be_written_are_named_in_one_short_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "docker", "--games", "1", "--seed", "1", "--out", LONG]) == 2
    _short_error(capsys, "cannot write")
    play = ["play", "docker", "--players", "2", "--seed", "1", "--quiet", "--record", LONG]
    assert main(play) == 2
    _short_error(capsys, "cannot write the record")


def test_the_site_builder_names_a_path_too_long_in_one_short_line(tmp_path: Path) -> None:
    # pathlib raises OSError for a name too long (not False): it is still a SiteError
    with pytest.raises(SiteError, match=r"^cannot read /tmp/ddd.*ddd/game\.json: File name") as e:
        build_site(tmp_path / "site", LONG)
    assert len(str(e.value)) < 200
    with pytest.raises(SiteError, match=r"^cannot make the folder /tmp/ddd") as e:
        build_site(LONG, tmp_path)
    assert len(str(e.value)) < 200


def _deep_file(tmp_path: Path, text: str) -> str:
    """A file that exists, 400 characters of folders down."""
    folder = tmp_path / ("d" * 200) / ("e" * 200)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "x.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _cut_error(capsys: pytest.CaptureFixture[str], words: str) -> None:
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert "d" * 200 not in err and "e" * 200 not in err, err[:300]
    assert "eee/x.json" in err and len(err.splitlines()[-1]) < 400


def test_a_file_of_the_wrong_kind_is_named_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", _deep_file(tmp_path, "not json")]) == 2
    _cut_error(capsys, "x.json is not a JSON document")
    state = br.to_json(br.new_game("docker"))
    assert main(["replay", _deep_file(tmp_path, state)]) == 2
    _cut_error(capsys, "x.json is a state document")
    assert main(["replay", _deep_file(tmp_path, "\n")]) == 2
    _cut_error(capsys, "x.json holds no game record")
    assert main(["show", _deep_file(tmp_path, state + "\n" + state)]) == 2
    _cut_error(capsys, "x.json holds 2 state documents")


def test_a_file_of_several_records_is_named_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records.jsonl"
    assert main(["simulate", "docker", "--games", "2", "--seed", "1", "--out", str(records)]) == 0
    capsys.readouterr()
    two = _deep_file(tmp_path, records.read_text(encoding="utf-8"))
    assert main(["show", two]) == 2
    _cut_error(capsys, "x.json holds 2 game records")
    assert main(["review", two]) == 2
    _cut_error(capsys, "x.json holds 2 game records; review reads one")


def test_a_path_too_long_for_the_system_is_cut_in_the_last_resort_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # pathlib's is_file raises the system's error, which the CLI reports with its file name
    assert main(["web", "serve", LONG]) == 1
    err = capsys.readouterr().err
    assert err.startswith("boardrules web serve: error: File name too long: /tmp/ddd")
    assert err.endswith("ddd/game.json/index.html\n") and len(err) < 250
    folder = _deep_file(tmp_path, "")[: -len("/x.json")]
    assert main(["web", "serve", folder]) == 2
    line = capsys.readouterr().err.splitlines()[-1]
    assert "is not a site: write one with boardrules web build /" in line
    assert "e" * 200 not in line and line.endswith("eee") and len(line) < 400


def test_a_damaged_document_s_error_keeps_its_two_ends() -> None:
    short = ValueError("x" * LONGEST_MESSAGE)
    assert shown_message(short) == str(short)
    cut = shown_message(ValueError("start " + "z" * 100_000 + " end"))
    assert len(cut) == LONGEST_MESSAGE
    assert cut.startswith("start zzz") and cut.endswith("zzz end") and "..." in cut


def _damaged(tmp_path: Path) -> dict[str, str]:
    """A position whose last moved piece is named by 100,000 characters, and a record that
    starts from it: the game's error repeats the name whole."""
    state = json.loads(br.to_json(br.new_game("parchis")))
    state["state"]["last"] = ["Z" * 100_000]
    record = json.loads(br.records.GameRecord("parchis", {}, (), ()).to_json())
    record["start"] = json.dumps(state)
    files = {"record": tmp_path / "record.json", "position": tmp_path / "position.json"}
    files["record"].write_text(json.dumps(record), encoding="utf-8")
    files["position"].write_text(json.dumps(state), encoding="utf-8")
    return {kind: str(path) for kind, path in files.items()}


@pytest.mark.parametrize(
    ("kind", "command"),
    [
        ("record", ["replay"]),
        ("record", ["show"]),
        ("record", ["play", "parchis", "--resume"]),
        ("position", ["show"]),
        ("position", ["play", "parchis", "--start"]),
    ],
)
def test_a_damaged_document_s_error_is_one_short_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, command: list[str]
) -> None:
    # The inner error of "{file}: {error}" was repeated whole: 100,000 characters a line.
    path = _damaged(tmp_path)[kind]
    assert main([*command, path]) == 2
    err = capsys.readouterr().err
    line = err.splitlines()[-1]
    assert "Traceback" not in err and len(line) < 450, err[-400:]
    assert f"error: {path}: " in line
    ends = ("impossible Parchís position: last: ['ZZZ", "is not a square name ('12', 'yellow L3')")
    assert ends[0] in line and line.endswith(ends[1]) and "..." in line
