"""``boardrules web``: building the site, serving it, and the page's Python side (the part of
the page that runs in the browser's Pyodide, tested here in CPython).  The page itself, in a
real browser, is tested by ``tests/test_web_browser.py``."""

from __future__ import annotations

import base64
import hashlib
import json
import signal
import socket
import subprocess
import sys
import tarfile
import threading
import urllib.request
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import boardrules as br
from boardrules.bots import make_bot, play_game
from boardrules.cli import main
from boardrules.records import GameRecord, final_state
from boardrules.web import PYODIDE_VERSION, SiteError, _page, build_site, make_server
from boardrules.web._build import FETCHED_FILES, RUNTIME_FILES
from boardrules.web._page import Session, call

# --------------------------------------------------------------------------- building


def _runtime(folder: Path) -> Path:
    """A stand-in for the npm package pyodide: its files, with made-up contents."""
    folder.mkdir(parents=True)
    for name in RUNTIME_FILES:
        (folder / name).write_text(f"{name} of the test", encoding="utf-8")
    (folder / "package.json").write_text('{"version": "0.0.1-test"}', encoding="utf-8")
    return folder


def _tarball(runtime: Path, out: Path, leave_out: str = "") -> Path:
    with tarfile.open(out, "w:gz") as tar:
        for path in runtime.iterdir():
            if path.name != leave_out:
                tar.add(path, f"package/{path.name}")
    return out


def _check_wheel(path: Path) -> dict[str, bytes]:
    """The wheel's files, once its RECORD is checked against them."""
    with zipfile.ZipFile(path) as wheel:
        files = {name: wheel.read(name) for name in wheel.namelist()}
    record = next(name for name in files if name.endswith(".dist-info/RECORD"))
    for line in files[record].decode().splitlines():
        name, digest, size = line.rsplit(",", 2)
        if name == record:
            continue
        data = files.pop(name)
        raw = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert (digest, int(size)) == (f"sha256={raw}", len(data)), name
    assert list(files) == [record], "files the RECORD does not list"
    with zipfile.ZipFile(path) as wheel:
        return {name: wheel.read(name) for name in wheel.namelist()}


def test_build_writes_the_page_the_wheels_and_the_runtime_from_a_folder(tmp_path: Path) -> None:
    runtime = _runtime(tmp_path / "npm" / "package")
    site = build_site(tmp_path / "site", tmp_path / "npm")  # the unpacked tarball's folder
    for name in ("index.html", "app.js", "worker.js", "style.css"):
        assert (site / name).stat().st_size > 100
    for name in RUNTIME_FILES:
        assert (site / "pyodide" / name).read_bytes() == (runtime / name).read_bytes()
    manifest = json.loads((site / "site.json").read_text(encoding="utf-8"))
    assert manifest["pyodide"] == "0.0.1-test"
    attrs_version = manifest["wheels"][1].split("-")[1]
    assert manifest["wheels"] == [
        f"boardrules-{br.__version__}-py3-none-any.whl",
        f"attrs-{attrs_version}-py3-none-any.whl",
    ]
    fetched = [f"pyodide/{name}" for name in FETCHED_FILES]
    fetched += [f"wheels/{name}" for name in manifest["wheels"]]
    assert manifest["sizes"] == {name: (site / name).stat().st_size for name in fetched}
    ours = _check_wheel(site / "wheels" / manifest["wheels"][0])
    assert "boardrules/web/_page.py" in ours and "boardrules/parchis/__init__.py" in ours
    assert not [name for name in ours if "__pycache__" in name or name.endswith(".pyc")]
    assert b"Name: boardrules" in ours[f"boardrules-{br.__version__}.dist-info/METADATA"]
    attrs_files = _check_wheel(site / "wheels" / manifest["wheels"][1])
    assert "attr/__init__.py" in attrs_files and "attrs/__init__.py" in attrs_files


def test_build_takes_the_npm_tarball_and_builds_the_same_wheels_again(tmp_path: Path) -> None:
    tarball = _tarball(_runtime(tmp_path / "runtime"), tmp_path / "pyodide.tgz")
    first = build_site(tmp_path / "one", tarball)
    second = build_site(tmp_path / "two", tarball)
    for wheel in (first / "wheels").iterdir():
        assert wheel.read_bytes() == (second / "wheels" / wheel.name).read_bytes()
    assert (first / "pyodide" / "pyodide.asm.wasm").read_text() == "pyodide.asm.wasm of the test"


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("missing.tgz", "missing.tgz does not exist; give the tarball that 'npm pack pyodide@"),
        ("incomplete.tgz", "is not the npm package pyodide: no python_stdlib.zip"),
        ("empty", "holds no Pyodide runtime (no pyodide.asm.wasm)"),
        ("partial", "lacks pyodide.mjs, pyodide.asm.mjs, python_stdlib.zip, pyodide-lock.json"),
        ("plain.txt", "is neither a folder nor a tarball of the npm package pyodide"),
    ],
)
def test_build_says_what_is_wrong_with_the_runtime_given(
    given: str, message: str, tmp_path: Path
) -> None:
    _tarball(_runtime(tmp_path / "runtime"), tmp_path / "incomplete.tgz", "python_stdlib.zip")
    (tmp_path / "empty").mkdir()
    (tmp_path / "partial").mkdir()
    (tmp_path / "partial" / "pyodide.asm.wasm").write_bytes(b"")
    (tmp_path / "plain.txt").write_text("hello", encoding="utf-8")
    with pytest.raises(SiteError, match=message.replace("(", r"\(").replace(")", r"\)")):
        build_site(tmp_path / "site", tmp_path / given)


def test_without_npm_nor_a_runtime_the_command_says_in_one_line_what_to_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no npm on it
    assert main(["web", "build", str(tmp_path / "site")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"npm pack pyodide@{PYODIDE_VERSION}" in err and "--pyodide" in err


def test_build_prints_where_the_site_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tarball = _tarball(_runtime(tmp_path / "runtime"), tmp_path / "pyodide.tgz")
    assert main(["web", "build", str(tmp_path / "site"), "--pyodide", str(tarball)]) == 0
    assert f"serve it with: boardrules web serve {tmp_path / 'site'}" in capsys.readouterr().out


def test_importing_boardrules_imports_nothing_of_the_web_page() -> None:
    code = (
        "import boardrules, sys; print(sorted(m for m in sys.modules "
        "if 'web' in m or m in ('http.server', 'tarfile')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.slow
def test_the_wheel_installs_with_pip_and_plays(tmp_path: Path) -> None:
    site = build_site(tmp_path / "site", _runtime(tmp_path / "runtime"))
    wheel = next((site / "wheels").glob("boardrules-*.whl"))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            "--target",
            str(tmp_path / "target"),
            str(wheel),
        ],
        check=True,
    )
    code = (
        f"import sys; sys.path.insert(0, {str(tmp_path / 'target')!r}); "
        "import boardrules; from boardrules.bots import RandomBot, play_game; "
        "print(boardrules.__file__); s = boardrules.new_game('docker', players=2); "
        "print(play_game(s, [RandomBot()] * 2, 1)[1].result)"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", code], capture_output=True, text=True, check=True
    )
    where, result = done.stdout.splitlines()
    assert where.startswith(str(tmp_path / "target"))
    assert result in ("(1.0, 0.0)", "(0.0, 1.0)")


# --------------------------------------------------------------------------- serving


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    for name in ("index.html", "a.wasm", "b.mjs", "c.whl"):
        (tmp_path / name).write_bytes(b"x")
    with make_server(tmp_path, 0) as httpd:
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
        httpd.shutdown()
        thread.join()


@pytest.mark.parametrize(
    ("name", "mime"),
    [
        ("a.wasm", "application/wasm"),
        ("b.mjs", "text/javascript; charset=utf-8"),
        ("index.html", "text/html; charset=utf-8"),
        ("c.whl", "application/zip"),
    ],
)
def test_serve_gives_the_types_a_browser_needs(name: str, mime: str, server: str) -> None:
    with urllib.request.urlopen(server + name) as answer:
        assert answer.headers["Content-Type"] == mime
        assert answer.read() == b"x"


def test_serve_refuses_a_folder_that_is_no_site(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["web", "serve", str(tmp_path)]) == 2
    assert (
        f"{tmp_path} is not a site: write one with boardrules web build" in capsys.readouterr().err
    )


def test_serve_prints_its_address_and_serves_until_stopped(tmp_path: Path) -> None:
    site = build_site(tmp_path / "site", _runtime(tmp_path / "runtime"))
    command = ["web", "serve", str(site), "--port", "0"]
    server = subprocess.Popen(
        [sys.executable, "-m", "boardrules", *command], stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith(f"serving {site} at http://127.0.0.1:") and line.endswith(
            "(Ctrl-C stops)\n"
        )
        address = line.split(" at ")[1].split()[0]
        with urllib.request.urlopen(address) as answer:
            assert b'<script type="module" src="app.js">' in answer.read()
        server.send_signal(signal.SIGINT)  # Ctrl-C: the normal way to stop it
        assert server.wait(10) == 0
        assert server.stdout.read() == "stopped\n"
    finally:
        server.kill()
        server.wait(10)


# --------------------------------------------------------------------------- the page's Python


@pytest.mark.parametrize(
    ("game", "players"), [("parchis", 4), ("dorada", 3), ("docker", 2), ("dorasure", 2)]
)
def test_a_game_of_bots_on_the_page_is_the_game_boardrules_play_plays(
    game: str, players: int
) -> None:
    specs = ["random", "greedy", "random", "random"][:players]
    session = Session.new(game, {}, specs, seed=21)
    while session.run(60.0)["turn"]["kind"] != "end":
        pass
    start = br.new_game(game, players=players)
    _, record = play_game(start, [make_bot(s) for s in specs], seed=21, names=specs)
    assert session.record() == record.to_json()


def test_the_view_of_a_persons_turn_lists_the_moves_and_marks_each_on_the_board() -> None:
    session = Session.new("docker", {}, ["human", "random"], seed=3)
    view = session.run(60.0)
    assert view["turn"] == {"kind": "human", "player": 0, "name": "blue"}
    state = session.states[-1]
    assert view["moves"] == [str(m) for m in br.legal_moves(state)]
    for move, target in zip(br.legal_moves(state), view["targets"], strict=True):
        assert target.startswith(f"<title>move {move}</title>") and "<rect" in target
        assert target in br.render_svg(state, move=move)
    rolls = [entry for entry in view["history"] if entry["who"] == "dice"]
    assert rolls and all(entry["odds"] == "1/6 (16.7%)" for entry in rolls)


def test_undo_goes_back_to_the_persons_last_real_choice() -> None:
    session = Session.new("docker", {}, ["human", "random"], seed=3)
    before = session.run(60.0)
    session.play(1)
    after = session.run(60.0)
    assert after["ply"] > before["ply"] + 1  # the bot and the dice played on
    undone = session.undo()
    assert (
        undone["undone"] and undone["ply"] == before["ply"] and undone["moves"] == before["moves"]
    )
    assert Session.new("docker", {}, ["random", "random"], seed=3).undo()["undone"] is False


def test_a_hint_names_a_legal_move_and_how_it_was_found() -> None:
    session = Session.new("docker", {}, ["human", "random"], seed=3)
    view = session.run(60.0)
    hint = session.hint(1.0)
    assert 0 <= hint["move"] < len(view["moves"])
    assert hint["text"].startswith(view["moves"][hint["move"]] + " (blue ")


def test_a_record_loads_at_its_end_and_unknown_players_become_people() -> None:
    start = br.new_game("dorada", players=2)
    end, record = play_game(start, [make_bot("random")] * 2, seed=8)  # players "RandomBot()"
    session = Session.load(record.to_json())
    assert session.states[-1] == end and session.specs == ["human", "human"]
    assert session.view()["result"] is not None
    again = GameRecord.from_json(session.record())
    assert final_state(again) == end and again.moves == record.moves


def test_the_calls_answer_errors_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_page, "_session", [])
    assert json.loads(call("play", '{"index": 0}'))["error"]  # before any game: no crash
    call(
        "new",
        json.dumps({"game": "docker", "options": {}, "players": ["human", "random"], "seed": 3}),
    )
    call("run", '{"seconds": 60}')
    assert json.loads(call("play", '{"index": 99}'))["error"].startswith("no move number 99")
    assert json.loads(call("load", '{"text": "{}"}'))["error"]
    refused = json.loads(
        call("new", json.dumps({"game": "parchis", "options": {}, "players": ["random"] * 9}))
    )
    assert refused == {"error": "parchis option players=9: players must be 2, 3 or 4"}
    assert json.loads(call("dance", "{}")) == {"error": "unknown operation 'dance'"}


def test_the_catalogue_offers_every_game_its_player_counts_and_the_heroes() -> None:
    games = {g["name"]: g for g in json.loads(call("catalogue", "{}"))}
    assert list(games) == list(br.available_games())
    assert games["parchis"]["players"] == [2, 3, 4] and games["dorasure"]["players"] == list(
        range(1, 12)
    )
    heroes = next(o for o in games["dorasure"]["options"] if o["name"] == "heroes")
    assert heroes["kind"] == "heroes" and "Grand Master" in heroes["choices"]
    kinds = {o["name"]: o["kind"] for o in games["dorasure"]["options"]}
    assert kinds["fang"] == "bool" and kinds["board"] == "json"
    tie = next(o for o in games["dorada"]["options"] if o["name"] == "tie_break")
    assert tie["choices"] == ["share", "highest-piece"]


def test_a_seed_no_record_could_hold_is_refused_when_the_game_starts() -> None:
    from boardrules.web._page import call

    answer = json.loads(
        call("new", json.dumps({"game": "docker", "options": {}, "players": ["random"] * 2,
                                "seed": 2**70}))
    )  # fmt: skip
    assert "seed" in answer["error"] and "2**64" in answer["error"]


def test_the_view_names_the_game_as_a_person_writes_it() -> None:
    view = Session.new("parchis", {}, ["human", "random"], seed=1).view()
    assert (view["game"], view["title"]) == ("parchis", "Parchís")


# Issue 36, classes 7 and 8: what a client sends or does not send


def _serve_one(site: Path, client: Callable[[socket.socket], object]) -> list[BaseException]:
    """Run the server's own handler on one connection, in a thread, while ``client`` talks
    to it from the other end; the errors the handler let out (what the server would print
    as a traceback), or a TimeoutError if it was still busy after 5 s."""
    httpd = make_server(site, 0)
    ours, theirs = socket.socketpair()
    errors: list[BaseException] = []

    def handle() -> None:
        try:
            httpd.RequestHandlerClass(theirs, ("127.0.0.1", 0), httpd)
        except BaseException as e:
            errors.append(e)
        finally:
            theirs.close()

    thread = threading.Thread(target=handle, daemon=True)
    thread.start()
    try:
        client(ours)
    finally:
        ours.close()
        thread.join(5)
        httpd.server_close()
    if thread.is_alive():
        errors.append(TimeoutError("the handler still holds its thread"))
    return errors


def test_serve_answers_a_path_with_a_nul_byte_and_prints_nothing(tmp_path: Path) -> None:
    # Class 7: a NUL in the path raised ValueError in the handler: a traceback, no answer.
    (tmp_path / "index.html").write_text("x")
    answers: list[bytes] = []

    def ask(sock: socket.socket) -> None:
        sock.sendall(b"GET /a%00b.html HTTP/1.0\r\n\r\n")
        answers.append(sock.makefile("rb").read())

    assert _serve_one(tmp_path, ask) == []
    assert answers[0].startswith(b"HTTP/1.0 404")


def test_serve_lets_a_client_leave_mid_download_and_prints_nothing(tmp_path: Path) -> None:
    # Class 7: a client that disconnected mid-download made a BrokenPipeError traceback.
    (tmp_path / "big.wasm").write_bytes(b"x" * 4_000_000)

    def leave(sock: socket.socket) -> None:
        sock.sendall(b"GET /big.wasm HTTP/1.0\r\n\r\n")
        sock.recv(1000)

    assert _serve_one(tmp_path, leave) == []


def test_serve_drops_a_connection_that_stays_silent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Class 8: a half-sent request held its thread forever (no per-connection timeout).
    from boardrules.web import _serve

    timeout = _serve._Handler.timeout
    assert timeout is not None and 0 < timeout <= 60  # main's code: None, no limit
    monkeypatch.setattr(_serve._Handler, "timeout", 0.2)
    (tmp_path / "index.html").write_text("x")

    def half(sock: socket.socket) -> None:
        sock.settimeout(5)  # main's code never answered: socket.timeout here
        sock.sendall(b"GET /index.ht")
        assert sock.recv(1) == b""  # the server closed the connection

    assert _serve_one(tmp_path, half) == []


def test_the_page_s_calls_answer_hostile_arguments_with_an_error() -> None:
    # Arguments nested 100,000 deep raised RecursionError out of call(); measure ran for
    # ever on seconds=inf (nan and -1 measured nothing); an unknown operation was echoed
    # whole.
    from boardrules.web._page import call

    assert json.loads(call("names", "[" * 100_000)) == {
        "error": "the arguments are nested too deeply"
    }
    for seconds in ("NaN", "-1", "true", '"5"'):
        answer = json.loads(call("measure", f'{{"game": "docker", "seconds": {seconds}}}'))
        assert answer["error"].startswith("seconds must be a number above 0 and at most 600")
    assert len(json.loads(call("x" * 100_000, "{}"))["error"]) < 100
