"""The page of ``boardrules web build`` in a real browser: headless Chromium, driven through
the Chrome DevTools protocol over a pipe (``--remote-debugging-pipe``: no package needed).

The site is built with the Pyodide runtime from ``BOARDRULES_PYODIDE`` (the npm tarball or
folder) or else from ``npm pack``; it is served by ``boardrules web serve`` on 127.0.0.1,
and Chromium resolves no other host, so the page is shown to work with no network.  Every
game is played to the end by the autoplay hook and its record replayed by the command line;
a person plays by clicking the board, takes the move back, saves and loads a record; no
console message is an error.  Screenshots at 1200×900 and 390×844 are written to
``BOARDRULES_WEB_SHOTS`` (a folder) when it is set, for a person to look at.

Without Chromium or npm (or the runtime) these tests skip with the reason (and fail in CI).
"""

from __future__ import annotations

import base64
import json
import os
import random
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardrules as br
from boardrules.web._page import measure
from extras import IN_CI, ROOT, need_program, skip_missing

pytestmark = pytest.mark.slow

CHROMIUM = need_program("chromium", "apt-get install chromium")
PYODIDE = os.environ.get("BOARDRULES_PYODIDE")
if not PYODIDE:
    need_program("npm", "apt-get install npm; or set BOARDRULES_PYODIDE to the npm package pyodide")


class Browser:
    """Headless Chromium and one page of it, spoken to in the DevTools protocol: JSON
    messages ending with a NUL byte, written to its fd 3 and read from its fd 4."""

    def __init__(self, profile: Path, downloads: Path) -> None:
        commands, self._to_browser = os.pipe()
        self._from_browser, answers = os.pipe()

        def pipes() -> None:  # in the child: the pipes as fds 3 and 4, which exec keeps
            os.dup2(commands, 100)
            os.dup2(answers, 101)
            os.dup2(100, 3)
            os.dup2(101, 4)

        self.process = subprocess.Popen(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                f"--user-data-dir={profile}",
                "--remote-debugging-pipe",
                # No host but this machine: the page must work with no network.
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
                "about:blank",
            ],
            preexec_fn=pipes,
            close_fds=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.close(commands)
        os.close(answers)
        self.downloads = downloads
        self._buffer = b""
        self._next = 0
        self.errors: list[str] = []  # console errors, exceptions and failed loads, page and worker
        self.send("Browser.setDownloadBehavior", behavior="allow", downloadPath=str(downloads))
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]
        for domain in ("Runtime", "Log", "Page", "DOM"):
            self.call(f"{domain}.enable")
        self.call(
            "Target.setAutoAttach", autoAttach=True, waitForDebuggerOnStart=False, flatten=True
        )

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self._to_browser)
        os.close(self._from_browser)

    # -------------------------------------------------------------- the protocol

    def _write(self, message: dict[str, Any]) -> int:
        self._next += 1
        os.write(self._to_browser, json.dumps({"id": self._next, **message}).encode() + b"\0")
        return self._next

    def _read(self, timeout: float) -> dict[str, Any] | None:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._from_browser], [], [], timeout)
            if not ready:
                return None
            chunk = os.read(self._from_browser, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        found: dict[str, Any] = json.loads(message)
        return found

    def _event(self, message: dict[str, Any]) -> None:
        method, params = message.get("method"), message.get("params", {})
        if method == "Target.attachedToTarget":  # the worker: its console too
            self._write({"method": "Runtime.enable", "sessionId": params["sessionId"]})
        elif method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
            self.errors.append(
                " ".join(str(a.get("value", a.get("description"))) for a in params["args"])
            )
        elif method == "Runtime.exceptionThrown":
            self.errors.append(
                params["exceptionDetails"].get("exception", {}).get("description", "exception")
            )
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.errors.append(f"{params['entry']['text']} {params['entry'].get('url', '')}")

    def send(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """Run a command and return its result (events read meanwhile are noted)."""
        message: dict[str, Any] = {"method": method, "params": params}
        if session:
            message["sessionId"] = session
        number = self._write(message)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            answer = self._read(deadline - time.monotonic())
            if answer is None:
                break
            if answer.get("id") == number:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                result: dict[str, Any] = answer.get("result", {})
                return result
            if "method" in answer:
                self._event(answer)
        raise TimeoutError(f"chromium did not answer {method}")

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """A command to the page."""
        return self.send(method, self.session, **params)

    # -------------------------------------------------------------- the page

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (awaited if a promise)."""
        found = self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in found:
            raise RuntimeError(f"{expression}: {found['exceptionDetails']}")
        return found["result"].get("value")

    def open(self, url: str, size: tuple[int, int] = (1200, 900)) -> None:
        self.resize(size)
        self.call("Page.navigate", url=url)

    def resize(self, size: tuple[int, int]) -> None:
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=size[0],
            height=size[1],
            deviceScaleFactor=1,
            mobile=False,
        )

    def wait(self, expression: str, timeout: float = 120, what: str = "") -> Any:
        """Poll ``expression`` until it is truthy; its value."""
        deadline = time.monotonic() + timeout
        guarded = f"(() => {{ try {{ return {expression}; }} catch {{ return null; }} }})()"
        while time.monotonic() < deadline:
            value = self.js(guarded)
            if value:
                return value
            error = self.js("document.body && document.body.dataset.error")
            if error:
                raise AssertionError(f"the page failed: {error}")
            time.sleep(0.1)
        raise AssertionError(f"waited {timeout} s for {what or expression}; errors: {self.errors}")

    def click(self, x: float, y: float) -> None:
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def click_on(self, selector: str) -> None:
        x, y = self.js(f"""(() => {{
            const node = document.querySelector({json.dumps(selector)});
            node.scrollIntoView({{block: "nearest"}});
            const b = node.getBoundingClientRect();
            return [b.left + b.width / 2, b.top + b.height / 2];
        }})()""")
        self.click(x, y)

    def key(self, key: str) -> None:
        for kind in ("keyDown", "keyUp"):
            self.call(
                "Input.dispatchKeyEvent", type=kind, key=key, text=key if kind == "keyDown" else ""
            )

    def screenshot(self, path: Path) -> Path:
        path.write_bytes(
            base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])
        )
        return path


def _cli(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardrules", *args], capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = _cli("web", "build", str(out), *(["--pyodide", PYODIDE] if PYODIDE else []))
    if done.returncode != 0 and not PYODIDE and "npm pack" in done.stderr and not IN_CI:
        skip_missing(
            f"npm could not fetch the Pyodide runtime: {done.stderr.strip()}",
            "tests/test_web_browser.py",
        )
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture(scope="module")
def address(site: Path) -> Iterator[str]:
    server = subprocess.Popen(
        [sys.executable, "-m", "boardrules", "web", "serve", str(site), "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert line.startswith(f"serving {site} at http://127.0.0.1:"), line
        yield line.split(" at ")[1].split()[0]
    finally:
        server.terminate()
        server.wait(10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    folder = tmp_path_factory.mktemp("chromium")
    (folder / "downloads").mkdir()
    chromium = Browser(folder / "profile", folder / "downloads")
    try:
        yield chromium
    finally:
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Browser]:
    """The browser; each test must leave no console error."""
    browser.errors.clear()
    yield browser
    browser.call("Page.navigate", url="about:blank")
    assert browser.errors == [], "console errors"


AUTOPLAYS = [
    ("parchis", "random,greedy,random,mcts:iterations=20", "", 11),
    ("dorada", "random,greedy,random", "&tie_break=%22highest-piece%22", 12),
    ("docker", "greedy,random", "", 13),
    ("dorasure", "random,random,random", "&fang=true", 14),
]


@pytest.mark.parametrize(("game", "players", "options", "seed"), AUTOPLAYS)
def test_autoplay_plays_every_game_to_the_end_and_the_record_replays(
    game: str, players: str, options: str, seed: int, page: Browser, address: str, tmp_path: Path
) -> None:
    page.open(f"{address}index.html?game={game}&players={players}&seed={seed}&autoplay=1{options}")
    result = json.loads(page.wait("document.body.dataset.result", what="the end of the game"))
    record = page.js("document.getElementById('record').textContent")
    saved = tmp_path / "record.json"
    saved.write_text(record + "\n", encoding="utf-8")
    check = _cli("replay", str(saved), "--check")
    assert check.returncode == 0, check.stderr
    assert json.loads(record)["result"] == result
    # The same seed and players on the command line give the same game, move for move.
    cli = tmp_path / "cli.json"
    flags = [f"-o{name}={value}" for name, value in _options(options)]
    played = _cli(
        "play",
        game,
        "--players",
        players,
        "--seed",
        str(seed),
        "--quiet",
        "--record",
        str(cli),
        *flags,
    )
    assert played.returncode == 0, played.stderr
    assert json.loads(cli.read_text(encoding="utf-8")) == json.loads(record)


def _options(query: str) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl

    return parse_qsl(query.lstrip("&"))


def _human_turn(page: Browser) -> dict[str, Any]:
    page.wait(
        "!!document.querySelector('#choose:not([hidden]) #moves button')", what="a human turn"
    )
    found: dict[str, Any] = page.js("""(() => {
        const moves = [...document.querySelectorAll('#moves button')].map(b => b.textContent);
        const history = [...document.querySelectorAll('#history li')].map(l => l.textContent);
        return {moves, history};
    })()""")
    return found


# Where to click to play each move: the centre of the last closed shape of its mark (where
# it goes), with the moves marked at that point and those that end there.
_ENDS = """[...document.querySelectorAll('#board .target')].map(t => {
    const shapes = [...t.querySelectorAll('rect, circle, ellipse, polygon, path')];
    const closed = shapes.filter(s => s.tagName !== 'polygon' || shapes.length === 1);
    const b = closed[closed.length - 1].getBoundingClientRect();
    const x = b.left + b.width / 2, y = b.top + b.height / 2;
    const at = new Set(document.elementsFromPoint(x, y).map(e => e.closest('.target'))
        .filter(Boolean).map(e => Number(e.dataset.move)));
    const ends = [...at].filter(i => {
        const s = [...document.querySelectorAll(`#board .target[data-move="${i}"] rect, `
            + `#board .target[data-move="${i}"] circle`)];
        if (!s.length) return false;
        const r = s[s.length - 1].getBoundingClientRect();
        return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
    });
    return {move: Number(t.dataset.move), x, y, at: [...at], ends};
})"""


def test_a_person_plays_by_clicking_the_board_takes_it_back_saves_and_loads(
    page: Browser, address: str, tmp_path: Path
) -> None:
    page.open(f"{address}index.html?game=docker&players=human,random&seed=3")
    ready_ms = float(page.wait("document.body.dataset.ready", what="a playable board"))
    print(f"navigation to a playable board: {ready_ms / 1000:.2f} s")
    turn = _human_turn(page)  # a person's only move plays itself: two or more here
    assert len(turn["moves"]) >= 2
    spots = [s for s in page.js(_ENDS) if s["ends"] == [s["move"]]]
    assert spots, "no move can be played by a click on the board"
    spot = spots[0]
    move = turn["moves"][spot["move"]]
    page.click(spot["x"], spot["y"])
    if len(spot["at"]) > 1:  # the first click narrows the list to the moves marked there
        page.wait("document.getElementById('status').textContent.includes('moves from there')")
        assert page.js(
            "[...document.querySelectorAll('#moves button')].filter(b => !b.hidden).length"
        ) == len(spot["at"])
        page.click(spot["x"], spot["y"])
    played = len(turn["history"])
    page.wait(f"document.querySelectorAll('#history li').length > {played}", what="the move")
    assert (
        page.js(f"document.querySelectorAll('#history li')[{played}].textContent")
        == f"blue: {move}"
    )

    page.click_on("#undo")
    page.wait(
        f"document.querySelectorAll('#history li').length === {played} && "
        "!document.getElementById('choose').hidden",
        what="the move taken back",
    )
    assert _human_turn(page)["moves"] == turn["moves"]

    page.key("h")  # a hint: a legal move, and the button of that move gets the focus
    hint = page.wait(
        "document.getElementById('hint').textContent.startsWith('Hint: ') && "
        "document.getElementById('hint').textContent",
        timeout=60,
        what="a hint",
    )
    focused = page.js("document.activeElement.textContent")
    assert focused in turn["moves"] and hint.startswith(f"Hint: {focused} (blue ")
    page.key("1")  # the keyboard plays the first move
    page.wait(f"document.querySelectorAll('#history li').length > {played}", what="key 1")
    assert page.js(f"document.querySelectorAll('#history li')[{played}].textContent") == (
        f"blue: {turn['moves'][0]}"
    )
    downloads = page.downloads
    before = set(downloads.iterdir())
    page.click_on("#save")
    saved = page.wait("document.getElementById('record').textContent", what="the record")
    deadline = time.monotonic() + 30
    while not (new := _finished(downloads, before)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(new) == 1, "the page downloaded no record"
    path = new.pop()
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(saved)
    check = _cli("replay", str(path), "--check")
    assert check.returncode == 0, check.stderr

    # A file that is no record: the page says so, and the game stays.
    document = page.call("DOM.getDocument")["root"]["nodeId"]
    node = page.call("DOM.querySelector", nodeId=document, selector="#load")["nodeId"]
    (tmp_path / "notes.json").write_text('{"hello": 1}', encoding="utf-8")
    page.call("DOM.setFileInputFiles", files=[str(tmp_path / "notes.json")], nodeId=node)
    said = page.wait(
        "document.getElementById('status').textContent.startsWith('notes.json: ') "
        "&& document.getElementById('status').textContent"
    )
    assert "'boardrules-record'" in said
    assert page.js("document.querySelectorAll('#history li').length") > played

    # A record of the command line loads: the whole game, its end and its result.
    cli = tmp_path / "cli.json"
    assert (
        _cli(
            "play",
            "dorada",
            "--players",
            "random,greedy",
            "--seed",
            "5",
            "--quiet",
            "--record",
            str(cli),
        ).returncode
        == 0
    )
    record = json.loads(cli.read_text(encoding="utf-8"))
    document = page.call("DOM.getDocument")["root"]["nodeId"]
    node = page.call("DOM.querySelector", nodeId=document, selector="#load")["nodeId"]
    page.call("DOM.setFileInputFiles", files=[str(cli)], nodeId=node)
    page.wait("document.getElementById('result').textContent", what="the loaded game's end")
    assert page.js("document.querySelectorAll('#history li').length") == len(record["moves"])
    end = br.new_game("dorada", players=2)
    for text in record["moves"]:
        end = br.apply_move(end, br.parse_move(end, text))
    from boardrules._names import result_words

    assert (
        page.js("document.getElementById('result').textContent") == f"Result: {result_words(end)}"
    )
    again = page.wait("document.getElementById('record').textContent")
    assert json.loads(again) == record


_FITS = """(() => {
    const box = (s) => document.querySelector(s).getBoundingClientRect();
    const board = box('#board svg');
    return {overflow: document.documentElement.scrollWidth > innerWidth,
            board: [board.width, board.height, board.right], status: box('#status').width,
            width: innerWidth, scrolled: scrollY};
})()"""


@pytest.mark.parametrize("size", [(1200, 900), (390, 844)])
def test_the_page_is_readable_at_a_desktop_and_a_phone_size(
    size: tuple[int, int], page: Browser, address: str, tmp_path: Path
) -> None:
    players = "human,greedy,greedy,greedy"
    page.open(f"{address}index.html?game=parchis&players={players}&seed=2&pace=0", size)
    page.wait("document.body.dataset.ready", what="a playable board")
    _human_turn(page)
    fits = page.js(_FITS)
    assert not fits["overflow"], f"the page is wider than the window: {fits}"
    assert fits["scrolled"] == 0, "the moves scrolled the board out of sight"
    assert fits["board"][0] >= min(size[0] - 400, 350), f"the board is too small: {fits}"
    assert fits["board"][2] <= size[0], f"the board runs off the window: {fits}"
    folder = Path(os.environ.get("BOARDRULES_WEB_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    shot = page.screenshot(folder / f"page-{size[0]}x{size[1]}.png")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(shot.read_bytes()[16:20], "big") == size[0]


# The longest gap between two frames of the page over about two seconds, in milliseconds.
_WORST_FRAME = """new Promise((done) => {
    let last = performance.now(), worst = 0, frames = 0;
    function frame(now) {
        worst = Math.max(worst, now - last);
        last = now;
        if (++frames < 120) requestAnimationFrame(frame); else done(worst);
    }
    requestAnimationFrame(frame);
})"""


def _finished(downloads: Path, before: set[Path]) -> set[Path]:
    """The files downloaded since ``before`` that Chromium has finished writing (while it
    writes one, it is ``NAME.crdownload``)."""
    return {p for p in set(downloads.iterdir()) - before if p.suffix != ".crdownload"}


def test_the_page_stays_responsive_while_the_bots_think(page: Browser, address: str) -> None:
    strong = "mcts:iterations=50000"  # a move takes well over the 2 s of frames measured
    page.open(f"{address}index.html?game=docker&players={strong},{strong}&seed=4&pace=0")
    page.wait("document.getElementById('status').textContent.includes('is thinking')")
    worst = page.js(_WORST_FRAME)
    # A move of this bot takes seconds: on the page's own thread it would stop the frames.
    assert page.js("document.getElementById('status').textContent").endswith("is thinking…")
    assert worst < 500, f"the page froze for {worst:.0f} ms"


def test_the_speed_figures_of_the_page(page: Browser, address: str) -> None:
    page.open(f"{address}index.html?measure=parchis&seconds=2")
    figures = json.loads(page.wait("document.body.dataset.measure", what="the figures"))
    here = measure("parchis", 2.0)  # the same measure in CPython, for the ratio
    for name, found in (("the page (Pyodide)", figures), ("CPython", here)):
        print(
            f"{name}: {found['plies_per_second']:,.0f} plies/s of random Parchís, "
            f"MCTS ({found['mcts_iterations']} iterations) {found['mcts_seconds']:.2f} s a move"
        )
    assert figures["plies_per_second"] > 0 and figures["mcts_seconds"] > 0


def _guide_page() -> str:
    """The page of the guide "Using boardrules from JavaScript", as the guide shows it."""
    text = (ROOT / "docs" / "guides" / "javascript.rst").read_text(encoding="utf-8")
    block = text.split(".. code-block:: html\n\n", 1)[1]
    lines = []
    for line in block.splitlines():
        if line and not line.startswith("   "):
            break
        lines.append(line[3:])
    return "\n".join(lines).strip() + "\n"


def test_the_javascript_guide_page_plays_as_python_does(
    page: Browser, address: str, site: Path
) -> None:
    (site / "guide.html").write_text(_guide_page(), encoding="utf-8")
    page.open(f"{address}guide.html")
    shown = page.wait("document.getElementById('moves').textContent", what="the guide's moves")
    assert page.js("!!document.querySelector('#board svg')")
    rng = random.Random(7)
    state = br.new_game("docker", players=2)
    played: list[str] = []
    while not br.is_terminal(state) and len(played) < 20:
        move = br.sample_chance(state, rng) if br.is_chance(state) else br.legal_moves(state)[0]
        played.append(str(move))
        state = br.apply_move(state, move)
    assert shown == ", ".join(played)
