"""Fuzzing the surfaces around the rules (issue 36): errors sent between processes, caches
shared by threads, the files and streams of the command line, the web server, signals,
documents with repeated keys, recorded results, pickles, and bots that fail.

One generator per class of the issue, each trying inputs of the same kind beyond the one
its named test tries; the costly ones (threads, subprocesses, files of megabytes) play a
few examples in the default run and 100 to 300 in the long one (the others
:data:`~fuzzing.LONG_EXAMPLES`).
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import inspect
import io
import json
import os
import pickle
import pkgutil
import random
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fuzzing import FUZZ, fuzz_settings, json_values, midgame_states, play_randomly, timed
from hypothesis import given
from hypothesis import strategies as st

import boardrules as br
from boardrules._document import MAX_TEXT
from boardrules._lru import LRU
from boardrules.bots import BotError, RandomBot, play_game
from boardrules.cli import main
from boardrules.records import GameRecord, RecordError, check_result, final_state
from hostile_values import ENTRIES, Unprintable

pytestmark = [pytest.mark.fuzz, pytest.mark.slow]

GAMES = ("parchis", "dorada", "docker", "dorasure")
SRC = str(Path(__file__).resolve().parents[2] / "src")


def _modules() -> list[Any]:
    """Every module of boardrules that imports here (an extra's may not)."""
    found = []
    for info in pkgutil.walk_packages(br.__path__, "boardrules."):
        with contextlib.suppress(Exception):
            found.append(importlib.import_module(info.name))
    return found


MODULES = _modules()


# Class 1: every exception of the library pickles whole ---------------------------------


def _exception_classes() -> list[type[BaseException]]:
    kinds = {
        value
        for module in MODULES
        for value in vars(module).values()
        if inspect.isclass(value)
        and issubclass(value, Exception)
        and value.__module__.startswith("boardrules")
    }
    return sorted(kinds, key=lambda k: f"{k.__module__}.{k.__qualname__}")


EXCEPTIONS = _exception_classes()
_TEXTS = st.text(max_size=30)


@st.composite
def _errors(draw: st.DrawFn) -> BaseException:
    """An instance of any exception class of the library, made with arguments its
    constructor takes, with now and then notes, a cause and an attribute of its own."""
    kind = draw(st.sampled_from(EXCEPTIONS))
    init = kind.__init__
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    if init is Exception.__init__ or init is BaseException.__init__:
        args = draw(st.lists(st.one_of(_TEXTS, st.integers()), max_size=3))
    else:
        for p in list(inspect.signature(init).parameters.values())[1:]:
            optional = p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or p.default is not p.empty
            if optional and (p.default is p.empty or draw(st.booleans())):
                continue
            value = _value_for(draw, p)
            if p.kind == p.KEYWORD_ONLY:
                kwargs[p.name] = value
            else:
                args.append(value)
    error = kind(*args, **kwargs)
    for note in draw(st.lists(_TEXTS, max_size=2)):
        getattr(error, "add_note")(note)  # noqa: B009 (Python 3.11; typed for 3.10)
    if draw(st.booleans()):
        error.__dict__["mine"] = draw(json_values)
    return error


def _value_for(draw: st.DrawFn, parameter: inspect.Parameter) -> Any:
    hint = str(parameter.annotation)
    if "bool" in hint:
        return draw(st.booleans())
    if "float" in hint:
        return draw(st.floats(allow_nan=False))
    if "int" in hint:
        return draw(st.integers(-(2**70), 2**70))
    return draw(_TEXTS)


@FUZZ
@given(_errors())
def test_every_exception_of_the_library_pickles_whole(error: BaseException) -> None:
    # What a worker process does to the exception a bot or the rules raised.
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error)
    assert str(again) == str(error) and again.args == error.args
    assert vars(again) == vars(error)  # attributes and notes


# Class 2: the caches under threads --------------------------------------------------------


def _tables() -> Iterator[LRU[Any, Any]]:
    """Every LRU table of the library held by a module or by an object a module holds."""
    seen: set[int] = set()
    for module in MODULES:
        for value in vars(module).values():
            candidates = [value, *getattr(value, "__dict__", {}).values()]
            for slot in getattr(type(value), "__slots__", ()):
                candidates.append(getattr(value, slot, None))
            for table in candidates:
                if isinstance(table, LRU) and id(table) not in seen:
                    seen.add(id(table))
                    yield table


_WORK = st.lists(
    st.tuples(st.sampled_from(GAMES), st.integers(0, 2**32 - 1), st.integers(0, 60)),
    min_size=2,
    max_size=4,
)


def _heroes(rng: random.Random) -> dict[str, Any]:
    options = [o for o in br.get_game("dorasure").options if o.name == "heroes"]
    names = [h for h in options[0].choices if h != "Grand Master"]
    return {"heroes": rng.sample(names, rng.randint(2, 4))}


def _busy(game: str, seed: int, moves: int, errors: list[BaseException]) -> None:
    """A thread's work: games with varied options, played, encoded and observed, so that
    every cache of the game is read and written."""
    rng = random.Random(seed)
    try:
        for _ in range(3):
            options = _heroes(rng) if game == "dorasure" else {"players": rng.randint(2, 4)}
            state = play_randomly(br.new_game(game, **options), rng, moves)
            br.from_json(br.to_json(state))
            if not br.is_terminal(state):
                br.legal_actions(state)
                br.observation(state, 0)
                if br.is_chance(state):
                    br.sample_chance(state, rng)
    except BaseException as e:  # any error in a thread is the failure
        errors.append(e)


@fuzz_settings(3, long=300)
@given(_WORK)
def test_every_cache_stays_whole_under_threads(work: list[tuple[str, int, int]]) -> None:
    errors: list[BaseException] = []
    threads = [threading.Thread(target=_busy, args=(*w, errors)) for w in work]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
    for table in _tables():
        assert len(table) <= table.size
        if table.weigh is not None:
            assert table.weight == sum(table.weights.values())
            assert set(table.weights) == set(table.items)
            assert table.budget is None or table.weight <= table.budget


# Class 4: every command that reads a file, on endless or huge input ---------------------

_READERS = [
    ["replay", "{}"],
    ["replay", "{}", "--check"],
    ["replay", "{}", "--state", "0"],
    ["show", "{}", "--svg", "{}.svg"],
    ["analyse", "{}"],
    ["play", "docker", "--quiet", "--start", "{}"],
    ["play", "docker", "--quiet", "--resume", "{}"],
]


@st.composite
def _huge_inputs(draw: st.DrawFn) -> str:
    """Text past the limit: one long line of any filler, or a real document padded with
    spaces or newlines (so that each line is short but the whole too long for one)."""
    doc = br.to_json(br.new_game("docker", players=2))
    filler = draw(st.sampled_from([" ", "\n", "x", "[", "\u00e9", "\n\n{}"]))
    where = draw(st.sampled_from(["before", "after", "alone"]))
    pad = filler * ((MAX_TEXT + 10) // len(filler) + 1)
    return {"before": pad + doc, "after": doc + pad, "alone": pad}[where]


@fuzz_settings(4, long=300)
@given(st.sampled_from(_READERS), st.one_of(_huge_inputs(), st.just("/dev/zero")))
def test_every_command_that_reads_a_file_stops_at_the_limit(
    command: list[str], content: str
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = "/dev/zero" if content == "/dev/zero" else str(Path(tmp) / "input.json")
        if content != "/dev/zero":
            Path(path).write_text(content, encoding="utf-8")
        args = [a.replace("{}", path) if a != "{}.svg" else str(Path(tmp) / "o.svg")
                for a in command]  # fmt: skip
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = timed(lambda: main(args))
    # A JSON Lines file of short lines may be read (replay reads 64 documents' worth): it
    # is then refused as no record, never read without end.
    assert code == 2, err.getvalue()
    assert "Traceback" not in err.getvalue()


# Class 5: play --record on any kind of path ----------------------------------------------

_PATH_KINDS = ["new", "file", "symlink", "chain", "dangling", "fifo", "devnull", "directory",
               "missing folder"]  # fmt: skip


class _Fifo:
    """A FIFO at ``path`` with a reader that drains every write until the record ends.

    The reader holds the FIFO open for reading and writing from the start, so the pipe
    never closes between two saves: a reader that closed and reopened it after each save
    lost a save written just before it closed (the last one, with the result, in one CI
    run), and then waited forever.
    """

    def __init__(self, path: Path) -> None:
        os.mkfifo(path)
        self.path, self.read = path, b""
        self.fd = os.open(path, os.O_RDWR)  # never blocks, and keeps a writer: no EOF
        self.thread = threading.Thread(target=self.drain, daemon=True)
        self.thread.start()

    def drain(self) -> None:
        try:
            while not self.ended():
                self.read += os.read(self.fd, 1 << 16)
        finally:
            os.close(self.fd)

    def ended(self) -> bool:
        """Whether the record with the result has come whole (a record is one line)."""
        _, found, rest = self.read.rpartition(b'"result":[')
        return bool(found) and b"\n" in rest


def _record_path(kind: str, mode: int, folder: Path) -> Path:
    """A path of ``kind`` for play --record, made in ``folder`` (the record's target, if
    any, is ``folder / "target.json"``)."""
    target, path = folder / "target.json", folder / "record.json"
    if kind in ("file", "symlink", "chain"):
        target.write_text("old\n")
        target.chmod(mode)
    if kind == "file":
        return target
    if kind in ("symlink", "dangling"):
        path.symlink_to(target)
    elif kind == "chain":
        (folder / "middle.json").symlink_to(target)
        path.symlink_to(folder / "middle.json")
    elif kind == "devnull":
        return Path(os.devnull)
    elif kind == "directory":
        path.mkdir()
    elif kind == "missing folder":
        return folder / "nowhere" / "record.json"
    return path


@fuzz_settings(6, long=300)
@given(st.sampled_from(_PATH_KINDS), st.sampled_from([0o600, 0o640, 0o644, 0o664, 0o400]))
def test_play_record_keeps_the_path_it_is_given_as_it_was(kind: str, mode: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        target = folder / "target.json"
        fifo = _Fifo(folder / "record.json") if kind == "fifo" else None
        path = fifo.path if fifo is not None else _record_path(kind, mode, folder)
        before = _kind_of(path)
        err = io.StringIO()
        args = ["play", "docker", "--players", "2", "--seed", "1", "--quiet", "--record", str(path)]
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = timed(lambda: main(args))
        assert "Traceback" not in err.getvalue()
        if kind in ("directory", "missing folder"):
            # a bad argument: the usage, then the one line that says why
            last = err.getvalue().strip().splitlines()[-1]
            assert code == 2 and last.startswith("boardrules play: error: cannot write the record")
            return
        assert code == 0, err.getvalue()
        if fifo is not None:
            fifo.thread.join(5)
            assert not fifo.thread.is_alive()
        assert _kind_of(path) == before or (before == "missing" and _kind_of(path) == "file")
        linked = kind in ("symlink", "chain", "dangling")
        if linked:
            assert path.resolve() == target
        written = target if linked else path
        if kind in ("file", "symlink", "chain"):
            assert stat.S_IMODE(written.stat().st_mode) == mode
        if kind not in ("fifo", "devnull"):
            assert GameRecord.from_json(written.read_text()).result is not None
        assert not [p for p in folder.iterdir() if p.name.endswith(".partial")]


def _kind_of(path: Path) -> str:
    if path.is_symlink():
        return "symlink"
    if not path.exists():
        return "missing"
    mode = path.stat().st_mode
    return "fifo" if stat.S_ISFIFO(mode) else "char" if stat.S_ISCHR(mode) else "file"


# Class 6: every command that writes, on a full disk -------------------------------------


def _position_file(folder: Path) -> str:
    """A finished position (its analysis is quick)."""
    path = folder / "position.json"
    end, _ = play_game(br.new_game("docker", players=2), ["random", "random"], seed=4)
    path.write_text(br.to_json(end), encoding="utf-8")
    return str(path)


def _record_file(folder: Path) -> str:
    path = folder / "game.json"
    _, record = play_game(br.new_game("docker", players=2), ["random", "random"], seed=4)
    path.write_text(record.to_json(), encoding="utf-8")
    return str(path)


_WRITERS: list[tuple[list[str], bool]] = [  # (arguments, whether stdout is the full disk)
    (["games"], True),
    (["play", "docker", "--players", "2", "--seed", "1", "--quiet"], True),
    (["simulate", "docker", "--games", "2", "--quiet"], True),
    (["simulate", "docker", "--games", "2", "--quiet", "--out", "/dev/full"], False),
    (
        [
            "tournament",
            "docker",
            "--bots",
            "random,greedy",
            "--games",
            "1",
            "--quiet",
            "--out",
            "/dev/full",
        ],
        False,
    ),
    (["replay", "RECORD"], True),
    (["replay", "RECORD", "--state", "-1"], True),
    (["replay", "RECORD", "--html", "/dev/full"], False),
    (["show", "POSITION", "--svg", "/dev/full"], False),
    (["analyse", "POSITION"], True),
    (
        ["play", "docker", "--players", "2", "--seed", "1", "--quiet", "--record", "/dev/full"],
        False,
    ),
]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@fuzz_settings(4, long=300)
@given(st.sampled_from(_WRITERS))
def test_every_command_that_writes_answers_a_full_disk_in_one_line(
    writer: tuple[list[str], bool],
) -> None:
    command, to_stdout = writer
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        args = [
            _record_file(folder) if a == "RECORD" else _position_file(folder)
            if a == "POSITION" else a
            for a in command
        ]  # fmt: skip
        err = io.StringIO()
        with open("/dev/full", "w", encoding="utf-8") as full, contextlib.redirect_stderr(err):
            out: Any = full if to_stdout else io.StringIO()
            with contextlib.redirect_stdout(out):
                code = timed(lambda: main(args))
    assert code in (1, 2), err.getvalue()
    assert "Traceback" not in err.getvalue()
    assert "No space left on device" in err.getvalue()


# Classes 7 and 8: web serve, any request, any client ------------------------------------


def _serve_one(site: Path, client: Callable[[socket.socket], object]) -> list[BaseException]:
    """The server's own handler on one connection while ``client`` talks to it; the errors
    the handler let out (what the server prints as a traceback)."""
    from boardrules.web import make_server

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
    except OSError:  # the server closed first: its business
        pass
    finally:
        ours.close()
        thread.join(5)
        httpd.server_close()
    if thread.is_alive():
        errors.append(TimeoutError("the handler still holds its thread"))
    return errors


_PATHS = st.one_of(
    st.sampled_from(["/", "/index.html", "/big.wasm", "/a%00b", "/%00", "/..%2f..%2fetc",
                     "/%ED%A0%80", "/%ff%fe", "/" + "a" * 5000, "/.\x00./", "//", "/%"]),
    st.text(max_size=20).map(lambda t: "/" + t),
    st.binary(max_size=20).map(lambda b: "/" + b.decode("latin-1")),
)  # fmt: skip
_METHODS = st.sampled_from(["GET", "HEAD", "POST", "PUT", "BREW", "", "GET GET"])
_CLIENTS = st.sampled_from(["read all", "read a little", "read nothing"])


@pytest.fixture(scope="module")
def site() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "index.html").write_text("<p>x</p>")
        (folder / "big.wasm").write_bytes(b"\0" * 3_000_000)
        yield folder


@fuzz_settings(10)
@given(_METHODS, _PATHS, _CLIENTS, st.sampled_from(["HTTP/1.0", "HTTP/1.1", "HTTP/9", ""]))
def test_serve_answers_any_request_and_any_client_quietly(
    site: Path, method: str, path: str, client: str, version: str
) -> None:
    line = f"{method} {path} {version}".strip().encode("utf-8", "surrogateescape")

    def talk(sock: socket.socket) -> None:
        sock.settimeout(5)
        sock.sendall(line + b"\r\nHost: x\r\n\r\n")
        if client == "read all":
            while sock.recv(1 << 16):
                pass
        elif client == "read a little":
            sock.recv(100)

    assert _serve_one(site, talk) == []


@fuzz_settings(4, long=300)
@given(st.binary(max_size=40), st.sampled_from([0.0, 0.05]))
def test_serve_drops_any_silent_connection(site: Path, prefix: bytes, pause: float) -> None:
    from boardrules.web import _serve

    handler = _serve._Handler
    original = handler.timeout
    handler.timeout = 0.2  # the real one is 30 s
    try:

        def silent(sock: socket.socket) -> None:
            sock.settimeout(5)
            time.sleep(pause)
            sock.sendall(prefix.replace(b"\n", b""))  # never a whole request line
            with contextlib.suppress(OSError):
                while sock.recv(1 << 16):  # until the server closes
                    pass

        assert _serve_one(site, silent) == []
    finally:
        handler.timeout = original


# Class 9: signals at any moment of a command --------------------------------------------

# What pip's console script does; named "boardrules", as the installed one is.
_CONSOLE_SCRIPT = """import sys
from boardrules.__main__ import main
if __name__ == '__main__':
    sys.argv[0] = sys.argv[0].removesuffix('.exe')
    sys.exit(main())
"""
# A sitecustomize (read at start-up, before any code of ours): BR_SIGNAL_AT names the module
# whose lookup sends the process the signal BR_SIGNAL, or is "guarded" (say so on standard
# error when the package's first module is looked up: its Ctrl-C guard is set by then), or
# "record" (write every module looked up from then on).
_HOOK = """import os, signal, sys
_AT, _SIGNAL = os.environ.pop("BR_SIGNAL_AT"), int(os.environ.pop("BR_SIGNAL", "0"))
class _Moment:
    guarded = False
    def find_spec(self, name, path=None, target=None):
        if not self.guarded and name.startswith("boardrules."):
            self.guarded = True
            if _AT == "guarded":
                print("guarded", file=sys.stderr, flush=True)
        if _AT == "record" and self.guarded:
            print("looked up", name, file=sys.stderr, flush=True)
        if name == _AT:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), _SIGNAL)
sys.meta_path.insert(0, _Moment())
"""
_COMMANDS = [
    ["games"],
    ["simulate", "docker", "--games", "50"],
    ["play", "parchis", "--quiet"],
    ["tournament", "docker", "--bots", "random,greedy", "--games", "5"],
    ["replay", "--help"],
]
_SIGNALS = [signal.SIGINT, signal.SIGINT, signal.SIGTERM, signal.SIGHUP]


def _launch(command: list[str], at: str, sent: int = 0, **streams: Any) -> subprocess.Popen[str]:
    """The console script running ``command``, with the hook set to ``at``."""
    folder = _script_folder()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), SRC])}
    env.update(BR_SIGNAL_AT=at, BR_SIGNAL=str(int(sent)))
    return subprocess.Popen([sys.executable, str(folder / "boardrules"), *command],
                            stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True,
                            **{"stdout": subprocess.DEVNULL, **streams})  # fmt: skip


def _script_folder() -> Path:
    """A folder holding the hook and the console script, made once (removed on exit)."""
    if not _FOLDER:
        folder = Path(tempfile.mkdtemp(prefix="boardrules-signal-"))
        atexit.register(shutil.rmtree, folder, True)
        (folder / "sitecustomize.py").write_text(_HOOK)
        (folder / "boardrules").write_text(_CONSOLE_SCRIPT)
        _FOLDER.append(folder)
    return _FOLDER[0]


_FOLDER: list[Path] = []
_LOOKED_UP: dict[str, list[str]] = {}


def _looked_up(command: list[str]) -> list[str]:
    """The modules ``command`` looks up once the package's guard is set, in order."""
    key = " ".join(command)
    if key not in _LOOKED_UP:
        process = _launch(command, "record")
        _, err = process.communicate(timeout=120)
        names = [line.split()[-1] for line in err.splitlines() if line.startswith("looked up")]
        _LOOKED_UP[key] = list(dict.fromkeys(names))
    return _LOOKED_UP[key]


@fuzz_settings(3, long=100)
@given(st.sampled_from(_COMMANDS), st.sampled_from(_SIGNALS), st.data())
def test_a_signal_at_any_moment_of_a_command_leaves_no_traceback(
    command: list[str], sent: signal.Signals, data: st.DataObject
) -> None:
    # The moment: as a module is looked up while the package or the command loads (the
    # process signals itself), or some time after the package's guard is set.
    if data.draw(st.booleans(), label="while a module loads"):
        at = data.draw(st.sampled_from(_looked_up(command)), label="module")
        process = _launch(command, at, sent, stdout=subprocess.PIPE)
    else:
        process = _launch(command, "guarded", stdout=subprocess.PIPE)
        try:
            assert process.stderr is not None
            assert process.stderr.readline() == "guarded\n"
            time.sleep(data.draw(st.floats(0.0, 0.8), label="seconds later"))
            process.send_signal(sent)
        except BaseException:
            process.kill()
            raise
    try:
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert "Traceback" not in err, err[-2000:]
    if sent == signal.SIGINT:
        # -SIGINT: ended by the signal's default action (late in the interpreter's shutdown,
        # after the command is done), which a shell reports as 130 too
        assert process.returncode in (0, 130, -signal.SIGINT), err[-500:]
        # simulate and tournament report the games played so far, saying so in the report
        # (simulate's after its header line, tournament's first)
        reported = any(line.startswith("interrupted: ") for line in out.splitlines())
        told = err.strip().endswith("interrupted") or reported
        assert process.returncode in (0, -signal.SIGINT) or told, (out[-500:], err[-500:])
    else:  # the default action of the other signals: the process ends quietly
        assert process.returncode in (0, -sent), err[-500:]


_TALKATIVE = [
    ["games"],
    ["simulate", "docker", "--games", "30"],
    ["tournament", "docker", "--bots", "random,greedy", "--games", "4"],
    ["replay", "--help"],
    ["--help"],
    ["play", "docker", "--players", "random,random", "--seed", "3"],
]


@fuzz_settings(3, long=100)
@given(st.sampled_from(_TALKATIVE), st.integers(0, 3000))
def test_a_command_whose_reader_goes_away_early_leaves_no_traceback(
    command: list[str], read: int
) -> None:
    # SIGPIPE: standard output is a pipe whose reader stops after ``read`` characters
    # (`boardrules games | head -c 100`); the command ends quietly, at the latest when it
    # next writes.
    process = _launch(command, "none", stdout=subprocess.PIPE)
    try:
        assert process.stdout is not None
        process.stdout.read(read)
        process.stdout.close()
        err = process.stderr.read() if process.stderr else ""
        process.wait(timeout=60)
    finally:
        process.kill()
    assert "Traceback" not in err and "Exception ignored" not in err, err[-2000:]
    assert process.returncode in (0, 1), err[-500:]


# Class 10: documents with any repeated key ----------------------------------------------


def _with_pairs(value: Any) -> Any:
    """``value`` with each object as a list of pairs (so a key can be given twice)."""
    if isinstance(value, dict):
        return _Pairs([(k, _with_pairs(v)) for k, v in value.items()])
    if isinstance(value, list):
        return [_with_pairs(v) for v in value]
    return value


class _Pairs(list[tuple[str, Any]]):
    """An object written key by key, repeated keys and all."""


def _write(value: Any) -> str:
    if isinstance(value, _Pairs):
        return "{" + ",".join(f"{json.dumps(k)}:{_write(v)}" for k, v in value) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_write(v) for v in value) + "]"
    return json.dumps(value)


def _objects(value: Any) -> Iterator[_Pairs]:
    if isinstance(value, _Pairs):
        yield value
        for _, v in value:
            yield from _objects(v)
    elif isinstance(value, list):
        for v in value:
            yield from _objects(v)


@st.composite
def _repeated_keys(draw: st.DrawFn) -> tuple[str, str]:
    """A state document or a game record of any game in which one object (anywhere in
    it) gives one of its keys twice, with the same or another value."""
    game = draw(st.sampled_from(GAMES))
    if draw(st.booleans()):
        kind, doc = "state", json.loads(br.to_json(draw(midgame_states(game, max_moves=60))))
    else:
        seed = draw(st.integers(0, 2**32 - 1))
        start = br.new_game(game)
        _, record = play_game(start, [RandomBot()] * br.num_players(start), seed=seed)
        kind, doc = "record", json.loads(record.to_json())
    pairs = _with_pairs(doc)
    candidates = [o for o in _objects(pairs) if o]
    target = draw(st.sampled_from(candidates))
    key, value = draw(st.sampled_from(list(target)))
    again = draw(st.one_of(st.just(value), json_values))
    target.insert(draw(st.integers(0, len(target))), (key, again))
    return kind, _write(pairs)


@FUZZ
@given(_repeated_keys())
def test_a_document_with_any_key_given_twice_is_refused(document: tuple[str, str]) -> None:
    kind, text = document
    read = br.from_json if kind == "state" else GameRecord.from_json
    with pytest.raises(br.StateFormatError, match="appears twice"):
        timed(lambda: read(text))


@FUZZ
@given(st.sampled_from(["players", "first_player", "x"]), st.sampled_from(["iterations", "zz"]))
def test_a_cli_option_or_bot_parameter_given_twice_is_refused(option: str, parameter: str) -> None:
    err = io.StringIO()
    twice = ["simulate", "docker", "--games", "1", "--quiet", "-o", f"{option}=2",
             "-o", f"{option}=3"]  # fmt: skip
    bots = ["simulate", "docker", "--games", "1", "--quiet", "--players",
            f"random,mcts:{parameter}=5:{parameter}=6"]  # fmt: skip
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert main(twice) == 2
        assert main(bots) == 2
    assert "given twice" in err.getvalue()


# Class 11: a recorded result off by any amount -------------------------------------------


_NEAR = st.one_of(
    st.sampled_from([1e-300, 5e-324, 1e-16, 1e-12, 1e-9, 1e-6, 0.5]),
    st.floats(min_value=5e-324, max_value=1.0),
)


@FUZZ
@given(st.sampled_from(("parchis", "dorada", "docker")), st.integers(0, 2**32 - 1), _NEAR,
       st.booleans())  # fmt: skip
def test_a_recorded_result_off_by_any_amount_is_refused(
    game: str, seed: int, delta: float, up: bool
) -> None:
    start = br.new_game(game)
    end, record = play_game(start, [RandomBot()] * br.num_players(start), seed=seed)
    result = record.result or ()
    seat = seed % len(result)
    changed = result[seat] + delta if up else result[seat] - delta
    if changed == result[seat]:  # below the float's resolution: the same number
        return
    forged = json.loads(record.to_json())
    forged["result"][seat] = changed
    text = json.dumps(forged)
    with pytest.raises(RecordError, match="differs"):
        final_state(GameRecord.from_json(text))
    check_result(GameRecord.from_json(record.to_json()), end)  # the true one passes


# Class 12: every public object pickles ---------------------------------------------------


@FUZZ
@given(st.sampled_from(GAMES), json_values, st.data())
def test_games_options_and_their_checks_pickle_and_check_alike(
    game: str, value: Any, data: st.DataObject
) -> None:
    record = br.get_game(game)
    assert pickle.loads(pickle.dumps(record)) is record
    option = data.draw(st.sampled_from(record.options))
    again = pickle.loads(pickle.dumps(option))
    assert (again.name, again.doc, again.choices) == (option.name, option.doc, option.choices)
    assert _checked(again.check, value) == _checked(option.check, value)
    state = data.draw(midgame_states(game, max_moves=60))
    assert pickle.loads(pickle.dumps(state)) == state
    for move in br.legal_moves(state)[:3]:
        assert pickle.loads(pickle.dumps(move)) == move


def _checked(check: Callable[[Any], Any], value: Any) -> tuple[str, str]:
    try:
        return "ok", repr(check(value))
    except Exception as e:
        return type(e).__name__, str(e)


# Point 2: bots that fail in any way, at any moment ---------------------------------------


class _Failing:
    """A bot that plays random moves until its ``at``-th decision, then does ``how``."""

    def __init__(self, at: int, how: str, value: Any) -> None:
        self.at, self.how, self.value, self.decisions = at, how, value, 0

    def choose(self, state: Any, rng: random.Random) -> Any:
        self.decisions += 1
        if self.decisions < self.at:
            return rng.choice(br.legal_moves(state))
        if self.how == "raise":
            raise self.value
        if self.how == "foreign":  # a move of another game
            other = next(g for g in GAMES if g != br.game_of(state).name)
            return br.legal_moves(br.new_game(other))[0]
        if self.how == "stale":  # a move of this game, from its first position
            return br.legal_moves(br.new_game(br.game_of(state).name))[0]
        return self.value  # anything at all

    def __repr__(self) -> str:
        return f"_Failing({self.at}, {self.how!r})"


_HOW = st.one_of(
    st.tuples(st.just("raise"), st.sampled_from([ValueError("v"), KeyError("k"),
              ZeroDivisionError(), RecursionError(), br.IllegalMoveError("mine")])),
    st.tuples(st.sampled_from(["foreign", "stale"]), st.none()),
    st.tuples(st.just("value"), st.one_of(json_values, st.sampled_from([object(), str, b"x"]))),
)  # fmt: skip


@FUZZ
@given(st.sampled_from(GAMES), st.integers(1, 40), _HOW, st.integers(0, 2**32 - 1))
def test_a_failing_bot_is_named_with_its_seat_seed_and_position(
    game: str, at: int, how: tuple[str, Any], seed: int
) -> None:
    start = br.new_game(game)
    seats = br.num_players(start)
    seat = seed % seats
    bots: list[Any] = ["random"] * seats
    bots[seat] = _Failing(at, *how)
    failing = bots[seat]
    try:
        timed(lambda: play_game(start, bots, seed=seed))
    except BotError as e:
        assert (e.bot, e.seat, e.seed) == (repr(bots[seat]), seat, seed)
        assert str(e).startswith(f"the bot {e.bot} in seat {seat} ")
        position = br.from_json(e.position)
        assert br.current_player(position) == seat
        assert e.record is not None and final_state(e.record) == position
        return
    # the game ended before the bot's failing decision, or a stale move was legal there
    assert failing.decisions < at or how[0] == "stale"


# Round 3: forged values too large, too long or of the wrong kind, of every game's values ----


# Whole numbers around 64 bits, of thousands of digits (str() refuses past 4,300) and
# negative; bools, floats, long texts and tuples, and values that cannot be written at all.
# Hypothesis writes the values it reports, so the unwritable ones are drawn by name.
_NAMED: dict[str, Callable[[], object]] = {
    "10**5000": lambda: 10**5000,
    "-(10**5000)": lambda: -(10**5000),
    "(10**5000,)": lambda: (10**5000,),
    "an unprintable object": Unprintable,
    "'x' * 100_000": lambda: "x" * 100_000,
    "tuple(range(1000))": lambda: tuple(range(1000)),
    "('x' * 1000,)": lambda: ("x" * 1000,),
}
_FORGED = st.one_of(
    st.sampled_from(list(_NAMED)).map(lambda name: ("named", name)),
    st.one_of(
        st.sampled_from([2**63, -(2**63), 2**63 - 1, 2**62, 2**31, -1, True, False, 1.5, -0.0,
                         float("nan"), float("inf"), (2**63,), (-1, -1)]),
        st.integers(), st.floats(), st.booleans(), st.text(max_size=50),
    ).map(lambda value: ("drawn", value)),
)  # fmt: skip


def _forged(drawn: tuple[str, Any]) -> Any:
    how, value = drawn
    return _NAMED[value]() if how == "named" else value


#: The longest refusal a forged value may give (the legal moves it lists included).
_LONGEST_REFUSAL = 3000


def _moves_of_every_class(game: str) -> list[tuple[Any, Any]]:
    """A (position, legal move) pair for every class of move the random games below meet
    (chance outcomes included), found once per game."""
    found = _FOUND.get(game)
    if found is None:
        pairs: dict[type, tuple[Any, Any]] = {}
        for seed in range(6 if game == "dorasure" else 2):
            rng, s = random.Random(seed), br.new_game(game)
            for _ in range(300):
                if br.is_terminal(s):
                    break
                for move in br.legal_moves(s):
                    pairs.setdefault(type(move), (s, move))
                move = (
                    br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
                )
                s = br.apply_move(s, move)
        found = _FOUND[game] = list(pairs.values())
    return found


_FOUND: dict[str, list[tuple[Any, Any]]] = {}


@FUZZ
@given(st.sampled_from(GAMES), st.data(), _FORGED, st.booleans())
def test_a_move_with_a_forged_field_is_refused_in_a_short_message(
    game: str, data: st.DataObject, drawn: tuple[str, Any], constructed: bool
) -> None:
    import attrs

    value = _forged(drawn)
    s, move = data.draw(st.sampled_from(_moves_of_every_class(game)))
    fields = [f.name for f in attrs.fields(type(move))]
    if not fields:
        return
    name = data.draw(st.sampled_from(fields))
    if constructed:  # through the class's own constructor, checks and all
        try:
            forged = attrs.evolve(move, **{name: value})
        except (TypeError, ValueError) as e:
            assert len(str(e)) < _LONGEST_REFUSAL, str(e)[:200]
            return
    else:  # set past the class's checks
        forged = attrs.evolve(move)
        object.__setattr__(forged, name, value)
    repr(forged)  # a move's repr never fails
    calls = {
        "apply_move": lambda: br.apply_move(s, forged),
        "move_to_action": lambda: br.move_to_action(s, forged),
        "render_svg": lambda: br.render_svg(s, move=forged),
    }
    for call in calls.values():
        try:
            timed(call)
        except br.IllegalMoveError as e:
            assert len(str(e)) < _LONGEST_REFUSAL, str(e)[:200]
            continue
        # taken: only a move value-equal to a legal one (the forged field equal to the legal
        # move's, e.g. a plain 0 for a Parchís move's Kind.ROLL, or the value of another legal
        # move, e.g. a Dorasure hero's saved=False where both choices are legal)
        assert forged in br.legal_moves(s), (name, value)


@FUZZ
@given(st.sampled_from(GAMES), st.data(), _FORGED)
def test_any_value_at_any_entry_point_or_option_is_refused_in_a_short_message(
    game: str, data: st.DataObject, drawn: tuple[str, Any]
) -> None:
    value = _forged(drawn)
    s = data.draw(midgame_states(game, max_moves=40))
    options = [o.name for o in br.game_of(s).options]
    entries = [*ENTRIES, *(f"option {o}" for o in options)]
    entry = data.draw(st.sampled_from(entries))
    if entry.startswith("option "):
        call: Callable[[], object] = lambda: br.new_game(game, **{entry[7:]: value})  # noqa: E731
    else:
        call = lambda: ENTRIES[entry](s, value)  # noqa: E731
    try:
        timed(call)
    except ValueError as e:  # every refusal of the library is a ValueError
        message = str(e)
        assert len(message) < _LONGEST_REFUSAL and "Exceeds the limit" not in message, (
            entry,
            message[:200],
        )
