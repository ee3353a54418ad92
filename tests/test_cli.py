"""The command line, run as ``python -m boardrules`` in a subprocess."""

from __future__ import annotations

import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import boardrules as br
from boardrules.cli import HumanPlayer
from boardrules.records import GameRecord, final_state

SRC = str(Path(__file__).resolve().parent.parent / "src")


def run(
    *args: str, stdin: str = "", cwd: Path | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "boardrules", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=timeout,
    )


def results(stdout: str) -> list[str]:
    """The lines of a simulate report that must not depend on the number of workers."""
    return [
        line
        for line in stdout.splitlines()
        if not line.startswith(("speed:", "parchis: ")) and "written to" not in line
    ]


# ----------------------------------------------------------------------------- games


@pytest.mark.slow
def test_games_lists_every_game_with_its_options_and_defaults() -> None:
    done = run("games")
    assert done.returncode == 0, done.stderr
    for name in br.available_games():
        assert f"{name}: " in done.stdout
    for option in br.get_game("parchis").options:
        assert f"-o {option.name}={json.dumps(option.default)} " in done.stdout


# ----------------------------------------------------------------------------- play


@pytest.mark.slow
def test_play_with_a_seed_between_random_players_is_repeatable() -> None:
    first = run("play", "parchis", "--seed", "3")
    assert first.returncode == 0, first.stderr
    assert re.search(r"result: 1st \w+, 2nd \w+, 3rd \w+, 4th \w+ \(returns: yellow ", first.stdout)
    assert "seed 3: yellow: random, blue: random, red: random, green: random\n" in first.stdout
    assert "player 0" not in first.stdout
    assert "dice: roll" in first.stdout and "blue (random) plays " in first.stdout
    assert run("play", "parchis", "--seed", "3").stdout == first.stdout
    assert run("play", "parchis", "--seed", "4").stdout != first.stdout


@pytest.mark.slow
def test_play_accepts_a_number_of_random_players_and_game_options() -> None:
    done = run("play", "parchis", "--players", "3", "--seed", "1", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "yellow: random, blue: random, red: random\n" in done.stdout
    done = run("play", "parchis", "--seed", "1", "-o", "players=2", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "seed 1: yellow: random, red: random\n" in done.stdout


def test_play_reads_numbers_and_notation_and_asks_again_after_bad_input() -> None:
    script = "hello\n0\n99\nroll 4\n" + "1\n" * 3000
    done = run("play", "parchis", "--players", "human,random", "--seed", "2", stdin=script)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "your moves (a number or the notation" in out
    assert "not a legal move: 'hello' is not Parchís notation" in out
    assert "no move number 0: choose 1 to" in out
    assert "no move number 99" in out
    assert "not a legal move:" in out.split("no move number 99", 1)[1]  # 'roll 4' refused
    assert "Parchís, 2 players" in out  # the board is shown to the human
    assert re.search(r"result: (yellow|red) wins \(returns: yellow [01], red [01]\)", out)


@pytest.mark.slow
def test_play_stops_cleanly_on_quit_and_on_end_of_input() -> None:
    quit_ = run("play", "parchis", "--players", "human,random", "--seed", "2", stdin="quit\n")
    assert quit_.returncode == 0 and "game abandoned" in quit_.stdout
    eof = run("play", "parchis", "--players", "random,human", "--seed", "2", stdin="")
    assert eof.returncode == 1 and "game abandoned" in eof.stdout
    assert "Traceback" not in quit_.stderr + eof.stderr


def test_human_player_takes_a_number_or_a_notation() -> None:
    rng = random.Random(3)
    state = br.new_game("parchis", players=2)
    while len(br.legal_moves(state)) < 2 or br.is_chance(state):
        moves = br.legal_moves(state)
        state = br.apply_move(state, moves[rng.randrange(len(moves))])
    moves = br.legal_moves(state)
    out = io.StringIO()
    answers = iter(["", "nonsense", str(len(moves) + 1), str(moves[-1])])
    human = HumanPlayer(read=lambda prompt: next(answers), out=out)
    assert human.choose(state, rng) == moves[-1]
    assert "not a legal move" in out.getvalue()
    assert f"no move number {len(moves) + 1}" in out.getvalue()
    answers = iter(["2"])
    assert HumanPlayer(read=lambda p: next(answers), out=out).choose(state, rng) == moves[1]


# ----------------------------------------------------------------------------- records


@pytest.mark.slow
def test_play_record_then_replay_check_and_show(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    played = run(
        "play",
        "parchis",
        "--players",
        "greedy,random",
        "--seed",
        "8",
        "--quiet",
        "--record",
        str(record),
    )
    assert played.returncode == 0, played.stderr
    doc = json.loads(record.read_text())
    assert doc["players"] == ["greedy", "random"] and doc["seed"] == 8
    checked = run("replay", str(record), "--check")
    assert checked.returncode == 0, checked.stderr
    assert f"{len(doc['moves'])} moves replayed" in checked.stdout
    shown = run("replay", str(record))
    assert shown.returncode == 0, shown.stderr
    assert f"    1. dice: {doc['moves'][0]}" in shown.stdout
    assert re.search(rf"{len(doc['moves']):>5}\. (yellow|red) ", shown.stdout)
    assert ". yellow (greedy): " in shown.stdout and ". red (random): " in shown.stdout
    assert "seed 8: yellow: greedy, red: random\n" in shown.stdout
    assert "player 0" not in shown.stdout and "player 1" not in shown.stdout
    # The result line of play and replay agree.
    assert played.stdout.splitlines()[-2] == shown.stdout.splitlines()[-1]


@pytest.mark.slow
def test_replay_check_names_the_first_bad_move_of_a_damaged_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert run("play", "parchis", "--seed", "8", "--quiet", "--record", str(record)).returncode == 0
    doc = json.loads(record.read_text())
    doc["moves"][1] = "L9+3"
    record.write_text(json.dumps(doc))
    done = run("replay", str(record), "--check")
    assert done.returncode == 1
    assert "record 1: move 2 'L9+3' cannot be played" in done.stderr
    assert "Traceback" not in done.stderr


# A game of Parchís between a person (yellow) and a random bot, kept in a record.
HUMAN = ("play", "parchis", "--players", "human,random", "--seed", "3", "--quiet")


def abandoned(stdout: str, record: Path) -> GameRecord:
    """The record of a game that ``play`` reported abandoned, checked against the report: as
    many moves as play counted, no result, and leading to the board play showed last."""
    assert stdout.count("game abandoned after ") == 1, stdout[-2000:]
    shown, report = stdout.split("game abandoned after ", 1)
    rec = GameRecord.from_json(record.read_text(encoding="utf-8"))
    assert len(rec.moves) == int(report.split()[0])
    assert rec.result is None
    end = final_state(rec)
    assert shown.endswith(br.render(end) + "\n")
    return rec


@pytest.mark.slow
def test_play_record_holds_exactly_the_moves_on_the_board_after_undo_and_quit(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.json"
    done = run(*HUMAN, "--record", str(record), stdin="1\n" * 6 + "undo\nundo\nquit\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("taken back") == 2
    rec = abandoned(done.stdout, record)
    # Without the undos the same moves give two more choices of yellow's (and the moves
    # between them): the record has dropped them.
    again = tmp_path / "again.json"
    straight = run(*HUMAN, "--record", str(again), stdin="1\n" * 6 + "quit\n")
    longer = abandoned(straight.stdout, again)
    assert len(longer.moves) > len(rec.moves)
    assert longer.moves[: len(rec.moves)] == rec.moves
    assert not list(tmp_path.glob(".*.partial"))  # no temporary file is left behind


@pytest.mark.slow
def test_play_record_after_undo_at_the_end_of_the_input_leads_to_the_shown_board(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.json"
    done = run(*HUMAN, "--record", str(record), stdin="1\n" * 4 + "undo\n")
    assert done.returncode == 1 and "(end of input)" in done.stdout
    assert "taken back" in done.stdout and "Traceback" not in done.stderr
    abandoned(done.stdout, record)


@pytest.mark.slow
def test_play_resume_then_undo_rewrites_the_record_and_a_second_resume_agrees(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.json"
    first = run(*HUMAN, "--record", str(record), stdin="1\n" * 8 + "quit\n")
    played = abandoned(first.stdout, record).moves
    resumed = run("play", "parchis", "--resume", str(record), "--record", str(record),
                  "--quiet", stdin="undo\nundo\nundo\nquit\n")  # fmt: skip
    assert resumed.returncode == 0, resumed.stderr
    assert f"resumed after {len(played)} moves" in resumed.stdout
    assert resumed.stdout.count("taken back") == 3
    kept = abandoned(resumed.stdout, record).moves
    assert len(kept) < len(played) and played[: len(kept)] == kept
    # Resuming again brings back exactly the moves kept, not those taken back.
    again = run("play", "parchis", "--resume", str(record), "--record", str(record),
                "--quiet", stdin="quit\n")  # fmt: skip
    assert f"resumed after {len(kept)} moves" in again.stdout
    assert abandoned(again.stdout, record).moves == kept


@pytest.mark.slow
def test_play_record_interrupted_at_the_prompt_holds_the_moves_on_the_board(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.json"
    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "boardrules", *HUMAN, "--record", str(record)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=env,
    )  # fmt: skip
    assert proc.stdin is not None
    proc.stdin.write("1\n" * 5 + "undo\n")
    proc.stdin.flush()
    # Wait until the game stands at the prompt: the record stops changing.
    deadline, last, steady = time.monotonic() + 30, "", 0
    while time.monotonic() < deadline and steady < 10:
        time.sleep(0.1)
        now = record.read_text(encoding="utf-8") if record.exists() else ""
        steady = steady + 1 if now and now == last else 0
        last = now
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr
    assert "(interrupted)" in stdout and "taken back" in stdout
    assert "Traceback" not in stderr
    abandoned(stdout, record)


@pytest.mark.slow
def test_play_record_interrupted_between_bots_moves_holds_the_moves_on_the_board(
    tmp_path: Path,
) -> None:
    # Ctrl-C while bots play lands anywhere: in a move, in the writing of the record, or
    # between them.  Whenever it lands, the record and the report agree.
    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONIOENCODING": "utf-8"}
    for attempt in range(3):
        record = tmp_path / f"game{attempt}.json"
        proc = subprocess.Popen(
            [sys.executable, "-m", "boardrules", "play", "parchis", "--players",
             "random,random,random,random", "-o", "players=4", "--seed", str(attempt),
             "--record", str(record)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (
            record.exists() and len(record.read_text(encoding="utf-8")) > 500 + 300 * attempt
        ):
            time.sleep(0.01)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=30)
        if proc.returncode == 0:  # the game ended first
            continue
        assert proc.returncode == 130, stderr
        assert "Traceback" not in stderr
        abandoned(stdout, record)


# ----------------------------------------------------------------------------- simulate

SIMULATE = (
    "simulate",
    "parchis",
    "--players",
    "greedy,random,random",
    "--games",
    "8",
    "--seed",
    "5",
)


@pytest.mark.slow
def test_simulate_gives_the_same_results_and_records_for_1_and_2_workers(tmp_path: Path) -> None:
    one = run(*SIMULATE, "--workers", "1", "--out", str(tmp_path / "one.jsonl"))
    two = run(*SIMULATE, "--workers", "2", "--out", str(tmp_path / "two.jsonl"))
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert results(one.stdout) == results(two.stdout)
    assert (tmp_path / "one.jsonl").read_text() == (tmp_path / "two.jsonl").read_text()
    assert len((tmp_path / "one.jsonl").read_text().splitlines()) == 8
    checked = run("replay", str(tmp_path / "two.jsonl"), "--check")
    assert checked.returncode == 0 and "ok: 8 record(s)" in checked.stdout


@pytest.mark.slow
def test_simulate_reports_a_table_per_seat_with_intervals_and_progress() -> None:
    done = run(*SIMULATE)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # Each seat by its colour, never by number.
    seats = [line.split() for line in lines if line.split()[:1] in (["yellow"], ["blue"], ["red"])]
    assert [s[:2] for s in seats] == [["yellow", "greedy"], ["blue", "random"], ["red", "random"]]
    wins = [float(s[2].rstrip("%")) for s in seats]
    assert sum(wins) == pytest.approx(100.0)
    assert all("[" in line and "±" in line for line in lines if "greedy" in line)
    assert any(line.startswith("average length:") for line in lines)
    assert any(line.startswith("speed:") and "games/s" in line for line in lines)
    assert "8/8 games" in done.stderr and "left" in done.stderr
    assert run(*SIMULATE, "--quiet").stderr == ""


def test_simulate_header_states_the_options_in_words_not_json() -> None:
    done = run(
        "simulate", "parchis", "--players", "random,random", "--games", "1", "--seed", "1",
        "--workers", "1", "--quiet", "-o", "exit_capture=false",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    header = done.stdout.splitlines()[0]
    assert header == "parchis: 1 games, seed 1, 1 worker(s); 2 players; exit capture: no"


@pytest.mark.slow
def test_simulate_results_depend_on_the_seed() -> None:
    a = run(*SIMULATE[:-1], "6", "--quiet")
    b = run(*SIMULATE, "--quiet")
    assert results(a.stdout) != results(b.stdout)


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_simulate_stops_cleanly_on_ctrl_c_and_reports_what_was_done(
    workers: str, tmp_path: Path
) -> None:
    env = {**os.environ, "PYTHONPATH": SRC, "PYTHONIOENCODING": "utf-8"}
    out = tmp_path / "games.jsonl"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "boardrules",
            "simulate",
            "parchis",
            "--players",
            "expectimax,random",
            "--games",
            "400",
            "--workers",
            workers,
            "--out",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (not out.exists() or not out.read_text().strip()):
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    assert "interrupted:" in stdout and "of 400 games were played" in stdout
    played = int(stdout.split("interrupted: ", 1)[1].split()[0])
    assert 1 <= played < 400
    assert "expectimax" in stdout and "average length" in stdout
    assert len(out.read_text().splitlines()) == played


# ----------------------------------------------------------------------------- usage


@pytest.mark.parametrize(
    "args",
    [
        (),
        ("fly",),
        ("play",),
        ("play", "chess"),
        ("play", "parchis", "--seed", "x"),
        ("play", "parchis", "--players", "random,clever"),
        ("play", "parchis", "--players", "mcts:iterations=0,random"),
        ("play", "parchis", "--players", "random,random", "-o", "players=3"),
        ("play", "parchis", "-o", "players=9"),
        ("play", "parchis", "--players", "0"),
        ("play", "parchis", "--players", "99999999999999"),
        ("play", "parchis", "-o", "no_such_option=1"),
        ("play", "parchis", "-o", "players"),
        ("simulate", "parchis", "--games", "0"),
        ("simulate", "parchis", "--games", "many"),
        ("simulate", "parchis", "--workers", "-1"),
        ("simulate", "parchis", "--players", "human,random"),
        ("replay", "no-such-file.json"),
    ],
)
def test_bad_arguments_give_the_usage_and_exit_code_2(args: tuple[str, ...]) -> None:
    done = run(*args)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "usage: boardrules" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_replay_refuses_a_game_number_out_of_range(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert run("play", "parchis", "--seed", "1", "--quiet", "--record", str(record)).returncode == 0
    done = run("replay", str(record), "--game", "2")
    assert done.returncode == 2 and "between 1 and 1" in done.stderr
    assert run("replay", str(record), "--game", "1", "--check").returncode == 0


def test_help_exits_0() -> None:
    done = run("--help")
    assert done.returncode == 0 and "simulate" in done.stdout


def test_simulate_rotate_moves_the_players_round_the_seats(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    done = run(
        "simulate",
        "parchis",
        "--players",
        "greedy,random,random",
        "--games",
        "6",
        "--rotate",
        "--quiet",
        "--out",
        str(out),
    )
    assert done.returncode == 0, done.stderr
    seated = [json.loads(line)["players"] for line in out.read_text().splitlines()]
    assert seated[:3] == [
        ["greedy", "random", "random"],
        ["random", "random", "greedy"],
        ["random", "greedy", "random"],
    ]
    assert seated[3:] == seated[:3]
    # The table is per player: greedy's first places are counted wherever it sat.
    greedy_wins = sum(
        json.loads(line)["result"][s.index("greedy")] == 1.0
        for line, s in zip(out.read_text().splitlines(), seated, strict=True)
    )
    row = next(line for line in done.stdout.splitlines() if " greedy " in line)
    assert row.split()[2] == f"{100 * greedy_wins / 6:.1f}%"


@pytest.mark.slow
def test_simulate_plays_a_bot_of_your_own_by_its_dotted_name() -> None:
    examples = str(Path(__file__).resolve().parent.parent / "examples")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([SRC, examples])}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "boardrules",
            "simulate",
            "parchis",
            "--players",
            "bot_tutorial.TinyMcts:iterations=10:rollout=0,random",
            "--games",
            "4",
            "--quiet",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "bot_tutorial.TinyMcts:iterations=10:rollout=0" in done.stdout
    bad = run("simulate", "parchis", "--players", "no_such_module.Bot,random")
    assert bad.returncode == 2 and "cannot load the bot" in bad.stderr


def test_simulate_table_counts_cooperative_wins_and_losses_whole() -> None:
    from boardrules.simulate import GameResult, SeriesResult

    def series(players: int, *games: tuple[float, ...], cooperative: bool) -> SeriesResult:
        return SeriesResult(
            game="g",
            options={},
            players=("random",) * players,
            seed=0,
            rotate=False,
            cooperative=cooperative,
            requested=len(games),
            games=tuple(
                GameResult(i, i, tuple(range(players)), r, 10, 5) for i, r in enumerate(games)
            ),
            seconds=1.0,
            workers=1,
            backend="local",
            interrupted=False,
        )

    team = series(2, (1.0, 1.0), (0.0, 0.0), (0.0, 0.0), (1.0, 1.0), cooperative=True)
    assert team.team is not None and team.team.wins == 2
    rows = team.table().splitlines()
    assert rows[0].startswith("team (random, random): 2/4 won, 50.0%")  # one row, not two
    assert [s.win_rate for s in team.standings] == [0.5, 0.5]
    shared = series(3, (1.0, 1.0, 0.0), cooperative=False).table().splitlines()
    assert "50.0%" in shared[1] and "50.0%" in shared[2] and "  0.0%" in shared[3]


# ----------------------------------------------------------------------------- issue 21


@pytest.mark.parametrize("players", ["²", "³", "①", "٣", "４", "9" * 5000, " ² "])
@pytest.mark.parametrize("command", ["simulate", "play"])
def test_players_in_digits_that_int_refuses_exit_2_in_one_line(
    command: str, players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from boardrules.cli import main

    args = [command, "parchis", "--players", players]
    assert main([*args, "--games", "1", "--quiet"] if command == "simulate" else args) == 2
    err = capsys.readouterr().err
    assert "written with the digits 0-9" in err and "Traceback" not in err
    assert len(err.strip().splitlines()[-1]) < 200


@pytest.mark.parametrize("answer", ["²", "①", "٣", "9" * 5000])
def test_a_human_move_number_in_digits_that_int_refuses_is_asked_again(answer: str) -> None:
    rng = random.Random(3)
    state = br.new_game("parchis", players=2)
    while len(br.legal_moves(state)) < 2 or br.is_chance(state):
        moves = br.legal_moves(state)
        state = br.apply_move(state, moves[rng.randrange(len(moves))])
    answers = iter([answer, "1"])
    out = io.StringIO()
    chosen = HumanPlayer(read=lambda prompt: next(answers), out=out).choose(state, rng)
    assert chosen == br.legal_moves(state)[0]
    assert "not a legal move" in out.getvalue()


# ----------------------------------------------------------------------------- exit codes


def _files(tmp_path: Path) -> dict[str, str]:
    """Input files for every way a command can be refused, named by what is wrong."""
    from boardrules.bots import RandomBot, play_game

    start = br.new_game("docker", players=2)
    _, rec = play_game(start, [RandomBot(), RandomBot()], seed=2)
    doc = json.loads(rec.to_json())
    variants: dict[str, object] = {
        "record": doc,
        "state": json.loads(br.to_json(start)),
        "illegal-move": {**doc, "moves": [doc["moves"][0], "roll 1", *doc["moves"][2:]]},
        "wrong-result": {**doc, "result": [0.5, 0.5]},
        "bad-shape": {**doc, "moves": "roll 1"},
        "bad-options": {**doc, "options": {"players": 9}},
        "bad-players": {**doc, "players": ["random"] * 3},
        "bad-state": {**json.loads(br.to_json(start)), "state": {"towers": 3}},
        "other-format": {"format": "something else"},
    }
    paths = {}
    for name, content in variants.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(content))
        paths[name] = str(path)
    (tmp_path / "not-json.json").write_text("roll 1, roll 2")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    paths["not-json"] = str(tmp_path / "not-json.json")
    paths["binary"] = str(tmp_path / "binary.json")
    paths["missing"] = str(tmp_path / "missing.json")
    paths["svg"] = str(tmp_path / "out.svg")
    paths["no-dir"] = str(tmp_path / "no" / "such" / "dir" / "out.jsonl")
    return paths


# (command line with {file} placeholders, exit code): 2 for a bad argument or an input file
# that cannot be read or is not a valid document, 1 for what the game refuses.
EXIT_CODES = [
    ("games --all", 2),
    ("play docker --players random,clever", 2),
    ("play docker --start {missing}", 2),
    ("play docker --start {not-json}", 2),
    ("play docker --start {bad-state}", 2),
    ("play docker --start {record}", 2),
    ("play docker --resume {binary}", 2),
    ("play docker --resume {bad-shape}", 2),
    ("play docker --resume {bad-options}", 2),
    ("play docker --resume {bad-players}", 2),
    ("play docker --resume {illegal-move}", 1),
    ("play docker --resume {wrong-result}", 1),
    ("simulate docker --players random,random --games 0", 2),
    ("simulate docker --players random,random --games 1 --quiet --out {no-dir}", 2),
    ("tournament docker --bots random", 2),
    ("tournament docker --bots random,,greedy --games 1 --quiet", 2),
    ("tournament docker --bots random,greedy, --games 1 --quiet", 2),
    ("tournament docker --bots random,random --games 1 --quiet --out {no-dir}", 2),
    ("replay {missing}", 2),
    ("replay {not-json}", 2),
    ("replay {binary} --check", 2),
    ("replay {other-format} --check", 2),
    ("replay {state} --check", 2),
    ("replay {bad-shape} --check", 2),
    ("replay {bad-options} --check", 2),
    ("replay {bad-players} --check", 2),
    ("replay {record} --game 2", 2),
    ("replay {record} --state 100000", 2),
    ("replay {illegal-move} --check", 1),
    ("replay {illegal-move}", 1),
    ("replay {illegal-move} --state 5", 1),
    ("replay {wrong-result} --check", 1),
    ("replay {record} --state 1", 0),
    ("show {missing} --svg {svg}", 2),
    ("show {not-json} --svg {svg}", 2),
    ("show {bad-state} --svg {svg}", 2),
    ("show {other-format} --svg {svg}", 2),
    ("show {bad-options} --svg {svg}", 2),
    ("show {state} --svg {svg} --size 0.5", 2),
    ("show {state} --svg {svg} --size 100001", 2),
    ("show {state} --svg {svg} --perspective 5", 2),
    ("show {state} --svg {svg} --move roll", 1),
    ("show {state} --svg {svg} --move b1-b2", 1),
    ("show {illegal-move} --svg {svg} --ply 4", 1),
    ("show {illegal-move} --svg {svg} --ply 1", 0),
    ("show {state} --svg {svg} --size 100000", 0),
    ("analyse {missing}", 2),
    ("analyse {binary}", 2),
    ("analyse {bad-state}", 2),
    ("analyse {bad-players}", 2),
    ("analyse {state} --max-states 0", 2),
    ("analyse {state} --depth 0", 2),
    ("analyse {wrong-result}", 1),
    ("analyse {state} --exact --max-states 10", 1),
]


@pytest.mark.parametrize(("line", "code"), EXIT_CODES)
def test_exit_codes_are_2_for_bad_arguments_and_files_and_1_for_what_the_game_refuses(
    line: str, code: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from boardrules.cli import main

    paths = _files(tmp_path)
    args = [word.format_map(paths) for word in line.split()]
    assert main(args) == code, capsys.readouterr().err
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if code == 2:  # with the usage for a bad argument, alone for a file that is no document
        assert "error: " in err
    elif code == 1:  # a message without the usage: the arguments were right
        assert "usage:" not in err and err.strip()


# Issue 36: files, write errors and Ctrl-C -----------------------------------------------


def test_an_endless_input_is_refused_once_past_the_limit(tmp_path: Path) -> None:
    # Class 4: replay, analyse, show and play --start/--resume read their whole input
    # before the 4,000,000-character limit applied: /dev/zero grew them without end.
    script = (
        "import resource, sys\n"
        "resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))  # main's code: MemoryError\n"
        "from boardrules.cli import main\n"
        "codes = [main(a) for a in (['replay', '/dev/zero'],\n"
        "    ['show', '/dev/zero', '--svg', 'never-written.svg'],\n"
        "    ['analyse', '/dev/zero'], ['play', 'docker', '--start', '/dev/zero'],\n"
        "    ['play', 'docker', '--resume', '/dev/zero'])]\n"
        "sys.exit(0 if codes == [2] * 5 else 3)\n"
    )
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=60)  # fmt: skip
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stderr.count("4,000,000 characters") == 5
    assert "Traceback" not in done.stderr


def test_play_record_writes_through_a_symlink_and_keeps_the_mode_and_kind_of_the_file(
    tmp_path: Path,
) -> None:
    # Class 5: play --record renamed a new file over PATH: a symlink was replaced (its
    # target kept the old record), a private 0600 record became 0644, /dev/null a file.
    from boardrules.cli import main

    target = tmp_path / "kept" / "game.json"
    target.parent.mkdir()
    target.write_text("old\n")
    target.chmod(0o600)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    game = ["play", "docker", "--players", "2", "--seed", "3", "--quiet", "--record"]
    assert main([*game, str(link)]) == 0
    assert link.is_symlink() and link.resolve() == target
    assert GameRecord.from_json(target.read_text()).result is not None
    assert target.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in target.parent.iterdir()) == ["game.json"]  # no leftovers
    if Path("/dev/null").exists():
        assert main([*game, "/dev/null"]) == 0
        assert Path("/dev/null").is_char_device()


def test_a_write_error_on_stdout_or_out_is_one_line_and_exit_code_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Class 6: a full disk ended in an OSError traceback in several commands.
    from boardrules.cli import main

    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    for command in (["games"], ["play", "docker", "--players", "2", "--seed", "3", "--quiet"]):
        with open("/dev/full", "w", encoding="utf-8") as full:
            monkeypatch.setattr(sys, "stdout", full)
            assert main(command) == 1
    monkeypatch.undo()
    assert main(["simulate", "docker", "--games", "2", "--quiet", "--out", "/dev/full"]) == 1
    err = capsys.readouterr().err
    assert err.count("No space left on device") == 3 and "Traceback" not in err


def test_ctrl_c_while_the_command_line_loads_is_one_line_and_exit_code_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Class 9: Ctrl-C in the first half-second of a command (while the library imports)
    # printed a KeyboardInterrupt traceback.  Here it comes while boardrules.cli loads.
    import importlib.abc

    class Interrupted(importlib.abc.MetaPathFinder):
        def find_spec(self, name: str, *args: object) -> None:
            if name == "boardrules.cli":
                raise KeyboardInterrupt

    for name in [m for m in sys.modules if m in ("boardrules.cli", "boardrules.__main__")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(sys, "meta_path", [Interrupted(), *sys.meta_path])
    from boardrules.__main__ import main

    assert main() == 130
    assert capsys.readouterr().err.strip() == "boardrules: interrupted"


# What pip's console script does; named "boardrules", as the installed one is.
CONSOLE_SCRIPT = """import sys
from boardrules.__main__ import main
if __name__ == '__main__':
    sys.argv[0] = sys.argv[0].removesuffix('.exe')
    sys.exit(main())
"""
# A sitecustomize (read at start-up, before any code of ours) that sends the process a real
# signal the moment the module BR_SIGNAL_AT is looked up.
SIGNAL_AT_IMPORT = """import os, signal, sys
_AT, _SIGNAL = os.environ.pop("BR_SIGNAL_AT"), int(os.environ.pop("BR_SIGNAL"))
class _Moment:
    def find_spec(self, name, path=None, target=None):
        if name == _AT:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), _SIGNAL)
sys.meta_path.insert(0, _Moment())
"""


@pytest.mark.parametrize("how", ["the console script", "python -m boardrules"])
def test_ctrl_c_while_the_package_itself_loads_is_one_line_and_exit_code_130(
    tmp_path: Path, how: str
) -> None:
    # Issue 36, round 3 (class 9 left open): Ctrl-C while `import boardrules` ran (~40 ms,
    # before boardrules.__main__ can catch anything) printed a KeyboardInterrupt traceback.
    # A real SIGINT arrives as boardrules.api, the package's first import, is looked up.
    (tmp_path / "sitecustomize.py").write_text(SIGNAL_AT_IMPORT)
    (tmp_path / "boardrules").write_text(CONSOLE_SCRIPT)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), SRC])}
    env.update(BR_SIGNAL_AT="boardrules.api", BR_SIGNAL=str(int(signal.SIGINT)))
    start = [str(tmp_path / "boardrules")] if how == "the console script" else ["-m", "boardrules"]
    done = subprocess.run([sys.executable, *start, "games"], env=env, capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert (done.returncode, done.stderr.strip(), done.stdout) == (
        130,
        "boardrules: interrupted",
        "",
    )


# A sitecustomize that sends the process SIGINT the moment the import lock of the module
# BR_SIGNAL_AT goes, just after its import: from a weakref callback on the lock, called
# before the import system's own (``cb``), so Python handles the signal inside the import
# system, where it drops what a callback raises.  The signal's number is read from the
# reference (os.kill takes it through __index__).
SIGNAL_AS_THE_IMPORT_LOCK_GOES = """import functools, os, signal, sys, weakref
import importlib._bootstrap as _bootstrap
_AT = os.environ.pop("BR_SIGNAL_AT")
class _Reference(weakref.ref):
    def __index__(self):
        return int(signal.SIGINT)
_KEPT = []
class _Moment:
    def find_spec(self, name, path=None, target=None):
        if name == _AT:
            sys.meta_path.remove(self)
            lock = _bootstrap._module_locks[name]()
            _KEPT.append(_Reference(lock, functools.partial(os.kill, os.getpid())))
sys.meta_path.insert(0, _Moment())
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("at", "command"),
    [
        ("boardrules.api", ["simulate", "docker", "--games", "300", "--workers", "1"]),
        ("boardrules.docker", ["simulate", "docker", "--games", "300", "--workers", "1"]),
        ("boardrules.parchis", ["play", "parchis", "--players", "human,random", "--seed", "3"]),
    ],
    ids=["the package loads", "simulate loads its game", "play loads its game"],
)
def test_ctrl_c_as_an_import_ends_is_not_lost(tmp_path: Path, at: str, command: list[str]) -> None:
    # Ctrl-C handled inside the import system, as a module's import lock went, was printed
    # as "Exception ignored ... KeyboardInterrupt" and lost: the command ran on, play then
    # waited for a move, and while the package loaded Ctrl-C was ignored from then on.
    # Found by the signal fuzz test (tests/fuzz/test_fuzz_surfaces.py) on a busy machine.
    (tmp_path / "sitecustomize.py").write_text(SIGNAL_AS_THE_IMPORT_LOCK_GOES)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), SRC]), "BR_SIGNAL_AT": at}
    pipe = subprocess.PIPE
    proc = subprocess.Popen([sys.executable, "-m", "boardrules", *command], env=env, text=True,
                            stdin=pipe, stdout=pipe, stderr=pipe)  # fmt: skip
    try:
        proc.wait(timeout=60)  # standard input stays open: play would wait for a move
    finally:
        proc.kill()
    stdout, stderr = proc.communicate()
    assert proc.returncode == 130, (stdout[-500:], stderr)
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    assert "interrupted" in stdout + stderr


def test_show_prints_the_laws_of_play_a_position_breaks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from boardrules import parchis
    from boardrules.cli import main

    setup = parchis.position({"yellow": [30], "red": [31, 40, 50, 60]}, roll=3, bonus=20, players=2)
    path = tmp_path / "setup.json"
    path.write_text(br.to_json(setup))
    assert main(["show", str(path)]) == 0  # still shown: a setup is a position too
    out, err = capsys.readouterr()
    assert out.startswith(br.render(setup))
    assert err == "".join(f"position problem: {p}\n" for p in br.position_problems(setup)) != ""
    path.write_text(br.to_json(br.new_game("parchis", players=2)))
    assert main(["show", str(path)]) == 0
    assert capsys.readouterr().err == ""


def test_a_document_whose_format_is_a_list_is_refused_in_one_line(tmp_path: Path) -> None:
    # Found by the fuzz suite's long profile (issue 36): ["boardrules-record"] as the format
    # raised TypeError (unhashable list) while the command looked up the document's kind.
    from boardrules.bots import RandomBot, play_game
    from boardrules.cli import main

    _, record = play_game(br.new_game("docker", players=2), [RandomBot()] * 2, seed=1)
    doc = json.loads(record.to_json())
    doc["format"] = ["boardrules-record"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path), "--check"]) == 2
    assert main(["show", str(path), "--svg", str(tmp_path / "x.svg")]) == 2


@pytest.mark.parametrize("stream", ["stdin", "stderr", "stdout"])
def test_a_standard_stream_closed_from_the_start_gives_an_exit_code_not_a_traceback(
    stream: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # `boardrules ... <&-` (2>&-, >&-): Python's stream is None.  play's input() raised
    # RuntimeError ("lost sys.stdin"), simulate's progress and every command's last flush
    # AttributeError, each a traceback.
    from boardrules.cli import main

    monkeypatch.setattr(sys, stream, None)
    human = stream == "stdin"
    args = ["play", "docker", "--players", "human,random", "--seed", "1"] if human else [
        "simulate", "docker", "--games", "2"
    ]  # fmt: skip
    code = main(args)
    opened = getattr(sys, stream)
    if opened is not None:  # the null device put in its place
        opened.close()
    out, err = capsys.readouterr()
    if stream == "stdin":
        assert code == 1 and "game abandoned after" in out and "(end of input)" in out
    elif stream == "stderr":
        assert code == 0 and "docker: 2 games" in out
    else:
        closed = "boardrules: error: standard output is closed (send it to a file or to"
        assert code == 1 and err == f"{closed} {os.devnull})\n"
