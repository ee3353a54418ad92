"""The page of ``boardrules web build`` in a real browser: headless Chromium, driven by
Playwright (``tests/browser_kit.py``).

The site is built with the Pyodide runtime from ``BOARDRULES_PYODIDE`` (the npm tarball or
folder) or else from ``npm pack``; it is served by ``boardrules web serve`` on 127.0.0.1,
and Chromium resolves no other host, so the page is shown to work with no network.  Every
game is played to the end by the autoplay hook and its record replayed by the command line;
a person plays by clicking the board, takes the move back, saves and loads a record; no
console message is an error.  Screenshots at 1200×900 and 390×844 are written to
``BOARDRULES_WEB_SHOTS`` (a folder) when it is set, for a person to look at.

Without Playwright, Chromium or npm (or the runtime) these tests skip with the reason (and
fail in CI).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import boardrules as br
from boardrules.cli import main
from boardrules.web._page import measure
from browser_kit import sync_api
from extras import IN_CI, ROOT, need_program, skip_missing

if TYPE_CHECKING:
    from playwright.sync_api import Browser as Browser_
    from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Response

pytestmark = pytest.mark.slow
PYODIDE = os.environ.get("BOARDRULES_PYODIDE")
if not PYODIDE:
    need_program("npm", "apt-get install npm; or set BOARDRULES_PYODIDE to the npm package pyodide")


class Tab:
    """A page of headless Chromium (through Playwright) and what the tests ask of it; every
    console error, uncaught exception and failed load of the page and its worker is noted
    in ``errors``."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"exception: {error}"))
        page.on("requestfailed", lambda r: self.errors.append(f"failed to load {r.url}"))
        page.on("response", self._response)
        page.on("worker", lambda worker: worker.on("console", self._console))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type in ("error", "assert"):
            self.errors.append(message.text)

    def _response(self, response: Response) -> None:
        if response.status >= 400:
            self.errors.append(f"{response.status} {response.url}")

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (awaited if a promise)."""
        return self.page.evaluate(expression)

    def open(self, url: str, size: tuple[int, int] = (1200, 900)) -> None:
        self.page.set_viewport_size({"width": size[0], "height": size[1]})
        self.page.goto(url, wait_until="commit")

    def wait(self, expression: str, timeout: float = 120, what: str = "") -> Any:
        """Wait until ``expression`` is truthy (or the page says it failed); its value."""
        guarded = f"""(() => {{
            if (document.body && document.body.dataset.error)
                return {{failed: document.body.dataset.error}};
            try {{ const value = {expression}; return value ? {{value}} : null; }}
            catch {{ return null; }}
        }})()"""
        try:
            found = self.page.wait_for_function(guarded, timeout=timeout * 1000, polling=100)
        except sync_api.TimeoutError:
            raise AssertionError(
                f"waited {timeout} s for {what or expression}; errors: {self.errors}"
            ) from None
        answer = found.json_value()
        if "failed" in answer:
            raise AssertionError(f"the page failed: {answer['failed']}")
        return answer["value"]

    def click(self, x: float, y: float) -> None:
        self.page.mouse.click(x, y)

    def click_on(self, selector: str) -> None:
        self.page.click(selector)

    def key(self, key: str) -> None:
        self.page.keyboard.press(key)

    def load_file(self, path: Path) -> None:
        """Choose ``path`` in the page's Load field."""
        self.page.set_input_files("#load", path)

    def screenshot(self, path: Path) -> Path:
        self.page.screenshot(path=path)
        return path


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The command line ``boardrules ARGS``, run in this process (no new interpreter to
    start): its exit code, output and errors."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except SystemExit as exit:  # argparse's own errors
            code = exit.code if isinstance(exit.code, int) else 1
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


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
def context(chromium: Browser_) -> Iterator[BrowserContext]:
    """The module's browser context: its pages share the HTTP cache, as a person's tabs do."""
    opened = chromium.new_context(viewport={"width": 1200, "height": 900}, accept_downloads=True)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def page(context: BrowserContext) -> Iterator[Tab]:
    """A page of its own; each test must leave no console error."""
    browser = Tab(context.new_page())
    try:
        yield browser
    finally:
        browser.page.close()
    assert browser.errors == [], "console errors"


AUTOPLAYS = [
    ("parchis", "random,greedy,random,mcts:iterations=20", "", 11),
    ("dorada", "random,greedy,random", "&tie_break=%22highest-piece%22", 12),
    ("docker", "greedy,random", "", 13),
    ("dorasure", "random,random,random", "&fang=true", 14),
]


def test_autoplay_plays_every_game_to_the_end_and_the_record_replays(
    page: Tab, address: str, tmp_path: Path
) -> None:
    # One start of Python: the address plays the first game, the page's autoplay() the others.
    for i, (game, players, options, seed) in enumerate(AUTOPLAYS):
        query = f"game={game}&players={players}&seed={seed}&autoplay=1{options}"
        if i == 0:
            page.open(f"{address}index.html?{query}")
        else:
            page.js(f"void autoplay({json.dumps(query)})")
        result = json.loads(page.wait("document.body.dataset.result", what=f"the end of {game}"))
        record = page.js("document.getElementById('record').textContent")
        assert json.loads(record)["game"] == game and json.loads(record)["result"] == result
        saved = tmp_path / f"{game}.json"
        saved.write_text(record + "\n", encoding="utf-8")
        check = _cli("replay", str(saved), "--check")
        assert check.returncode == 0, check.stderr
        # The same seed and players on the command line give the same game, move for move.
        cli = tmp_path / f"{game}-cli.json"
        flags = [f"-o{name}={value}" for name, value in _options(options)]
        played = _cli(
            "play", game, "--players", players, "--seed", str(seed), "--quiet", "--record",
            str(cli), *flags,
        )  # fmt: skip
        assert played.returncode == 0, played.stderr
        assert json.loads(cli.read_text(encoding="utf-8")) == json.loads(record), game


def _options(query: str) -> list[tuple[str, str]]:
    from urllib.parse import parse_qsl

    return parse_qsl(query.lstrip("&"))


def _human_turn(page: Tab) -> dict[str, Any]:
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
    page: Tab, address: str, tmp_path: Path
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
    with page.page.expect_download() as download:
        page.click_on("#save")
    saved = page.wait("document.getElementById('record').textContent", what="the record")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(saved)
    check = _cli("replay", str(path), "--check")
    assert check.returncode == 0, check.stderr

    # A file that is no record: the page says so, and the game stays.
    (tmp_path / "notes.json").write_text('{"hello": 1}', encoding="utf-8")
    page.load_file(tmp_path / "notes.json")
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
    page.load_file(cli)
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


# Where the page and the board's boxes end: the document no wider than the window, no
# element out of it but inside a box of the board (which pans), and each box's own width
# and the width of what it shows (a box that fits shows all of it without panning).
_FITS = """(() => {
    const box = (s) => document.querySelector(s).getBoundingClientRect();
    const board = box('#board svg');
    const views = [...document.querySelectorAll('.view')];
    const outside = [...document.querySelectorAll('body *')].filter(e => {
        const b = e.getBoundingClientRect();
        return b.width && (b.left < -0.5 || b.right > innerWidth + 0.5) && !e.closest('.view');
    }).map(e => `${e.tagName} ${e.id}: ${e.getBoundingClientRect().right}`);
    return {overflow: document.documentElement.scrollWidth > innerWidth, outside,
            board: [board.width, board.height, board.right], status: box('#status').width,
            views: views.map(v => v.getBoundingClientRect().right), width: innerWidth,
            shows: views.map(v => [v.clientWidth, v.scrollWidth, v.clientHeight, v.scrollHeight]),
            scrolled: scrollY};
})()"""

# What a phone must show: every text at least 11 px and every control at least 32 px (CSS
# pixels; SVG text scaled by its picture), every move's mark on the board (where it ends:
# its last closed shape) at least 32 px across.
_SMALLEST = """(() => {
    const shown = (e) => e.checkVisibility({opacityProperty: false, visibilityProperty: true});
    const small = [];
    for (const e of document.querySelectorAll('body *')) {
        if (!shown(e) || e.closest('svg') || e.closest('#record')) continue;
        const text = [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        const px = parseFloat(getComputedStyle(e).fontSize);
        if (text && px < 11) small.push(`text ${px}px: ${e.textContent.trim().slice(0, 30)}`);
    }
    for (const t of document.querySelectorAll('.view svg text')) {
        const px = parseFloat(t.getAttribute('font-size')) * t.getScreenCTM().a;
        if (t.textContent.trim() && px < 10.99)  // 11 px, but for the rounding
            small.push(`board text ${px.toFixed(1)}px: ${t.textContent.slice(0, 30)}`);
    }
    const controls = 'button, select, summary, input:not([type=file]), label.button';
    for (const e of document.querySelectorAll(controls)) {
        // A check box is tapped on its label (which wraps it).
        const tapped = e.type === 'checkbox' && e.closest('label') || e;
        const b = tapped.getBoundingClientRect();
        if (shown(e) && b.width && Math.min(b.width, b.height) < 32)
            small.push(`control ${b.width}x${b.height}: ${e.id || e.textContent}`);
    }
    const marks = [...document.querySelectorAll('#board .target')].map(t => {
        const shapes = [...t.querySelectorAll('rect, circle, ellipse, polygon, path')];
        const closed = shapes.filter(s => s.tagName !== 'polygon' || shapes.length === 1);
        const b = closed[closed.length - 1].getBoundingClientRect();
        if (Math.min(b.width, b.height) < 32)
            small.push(`mark of move ${t.dataset.move}: ${b.width}x${b.height}`);
        return b;
    });
    return {small, marks: marks.length, views: document.querySelectorAll('.view').length};
})()"""

# Each game on a phone, with the number of players the form chooses and the pieces of the
# picture stacked, each in a box of its own: whether the box pans sideways (a board wider
# than the phone) or shows its piece whole in its width.  Parchís: board, key; Dorada:
# path, key of its marks (its long lines wrapped), status and key; Docker: pitch, key;
# Dorasure: map, dragon's tracks, quests, heroes' sheets.
PANS = {"parchis": [True, False], "dorada": [True, False, False], "docker": [False, False],
        "dorasure": [True, False, False, False]}  # fmt: skip
PHONE_GAMES = [("parchis", 4), ("dorada", 3), ("docker", 2), ("dorasure", 3)]


def _tap_a_move(page: Tab) -> None:
    """Play a move by a tap on its mark, in the part of the board the phone shows."""
    turn = _human_turn(page)
    view = page.js(
        "(() => { const b = document.querySelector('#board .view')"
        ".getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; })()"
    )
    spots = [
        s for s in page.js(_ENDS)
        if s["ends"] == [s["move"]] and view[0] < s["x"] < view[2] and view[1] < s["y"] < view[3]
    ]  # fmt: skip
    assert spots, "no move's mark can be tapped where the board is shown"
    page.click(spots[0]["x"], spots[0]["y"])
    played = len(turn["history"])
    page.wait(f"document.querySelectorAll('#history li').length > {played}", what="the tap")
    shown = page.js(f"document.querySelectorAll('#history li')[{played}].textContent")
    assert shown == f"yellow: {turn['moves'][spots[0]['move']]}"


def _start_from_the_form(page: Tab, game: str, players: int) -> None:
    """A new game by the New game form: ``game``, ``players`` seats (a person, then greedy
    bots), seed 2."""
    page.wait("document.querySelectorAll('#game option').length >= 4", what="the form")
    page.click_on("#setup summary")
    page.page.select_option("#game", game)
    page.page.select_option("#players", str(players))
    page.wait(f"document.querySelectorAll('#seats .seat').length === {players}", what="seats")
    page.page.fill("#seed", "2")
    page.click_on("#start")
    page.wait(
        f"document.getElementById('board').getAttribute('aria-label').startsWith("
        f"'the board: {game},')",
        what=f"the board of {game}",
    )


def _the_form_on_a_phone(page: Tab, game: str) -> None:
    """The New game form, open with the game's options: readable and tappable, in the
    window's width; then closed again."""
    page.click_on("#setup summary")
    page.wait("document.getElementById('setup').open", what="the form open")
    found = page.js(_SMALLEST)
    assert found["small"] == [], f"{game}: the form is too small: {found['small'][:10]}"
    fits = page.js(_FITS)
    assert not fits["overflow"] and fits["outside"] == [], f"{game}: the form: {fits}"
    page.click_on("#setup summary")
    page.wait("!document.getElementById('setup').open", what="the form closed")
    page.page.evaluate("scrollTo(0, 0)")


def test_every_game_is_readable_and_playable_on_a_phone_and_the_desktop(
    page: Tab, address: str, tmp_path: Path
) -> None:
    folder = Path(os.environ.get("BOARDRULES_WEB_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    phone = (390, 844)
    players = "human,greedy,greedy,greedy"
    page.open(f"{address}index.html?game=parchis&players={players}&seed=2&pace=0", phone)
    # The loading screen said what it loaded, up to every byte of the site's list.
    loading = json.loads(page.wait("document.body.dataset.loading", what="the loading"))
    assert loading["stages"][-1] == "Setting up the game" and "Starting Python" in loading["stages"]
    assert loading["loaded"] == loading["total"] > 10_000_000, loading
    print(f"loading at 390x844: {loading['seconds']:.1f} s, stages {loading['stages']}")
    for game, seats in PHONE_GAMES:
        if game != "parchis":
            _start_from_the_form(page, game, seats)
        _human_turn(page)
        found = page.js(_SMALLEST)
        assert found["small"] == [], f"{game}: too small on a phone: {found['small'][:10]}"
        assert found["marks"] >= 1 and found["views"] == len(PANS[game]), found
        # The form shows the game on the board, with its number of players.
        assert page.js("document.getElementById('game').value") == game
        assert page.js("document.getElementById('players').value") == str(seats)
        assert page.js("document.querySelectorAll('#seats .seat').length") == seats
        fits = page.js(_FITS)
        assert not fits["overflow"], f"{game}: the page is wider than the window: {fits}"
        assert fits["outside"] == [], f"{game}: out of the window: {fits['outside'][:5]}"
        assert fits["scrolled"] == 0, f"{game}: the moves scrolled the board out of sight"
        assert max(fits["views"]) <= phone[0], f"{game}: the board runs off the window: {fits}"
        pans = [shown > box for box, shown, _, _ in fits["shows"]]
        assert pans == PANS[game], f"{game}: boxes that pan sideways: {pans}"
        # A box whose piece fits the phone's width shows it whole (Docker's pitch too).
        shows = zip(fits["shows"], pans, strict=True)
        high = [(box, shown) for (_, _, box, shown), pan in shows if not pan]
        assert all(shown <= box for box, shown in high), f"{game}: boxes that pan: {high}"
        _the_form_on_a_phone(page, game)
        shot = page.screenshot(folder / f"phone-{game}-390x844.png")
        assert int.from_bytes(shot.read_bytes()[16:20], "big") == phone[0]
        if game == "parchis":
            _tap_a_move(page)
    # The same page on a desktop: the board beside the panel, whole, in the window.
    page.page.set_viewport_size({"width": 1200, "height": 900})
    page.wait(
        "document.querySelectorAll('.view').length === 1 && document.getElementById('zoom').hidden",
        what="the desktop layout",
    )
    fits = page.js(_FITS)
    assert not fits["overflow"], f"the page is wider than the window: {fits}"
    assert fits["scrolled"] == 0, "the moves scrolled the board out of sight"
    assert fits["board"][0] >= 350, f"the board is too small: {fits}"
    assert fits["board"][2] <= 1200, f"the board runs off the window: {fits}"
    shot = page.screenshot(folder / "page-1200x900.png")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(shot.read_bytes()[16:20], "big") == 1200


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


def test_the_page_stays_responsive_while_the_bots_think(page: Tab, address: str) -> None:
    strong = "mcts:iterations=50000"  # a move takes well over the 2 s of frames measured
    page.open(f"{address}index.html?game=docker&players={strong},{strong}&seed=4&pace=0")
    page.wait("document.getElementById('status').textContent.includes('is thinking')")
    worst = page.js(_WORST_FRAME)
    # A move of this bot takes seconds: on the page's own thread it would stop the frames.
    assert page.js("document.getElementById('status').textContent").endswith("is thinking…")
    assert worst < 500, f"the page froze for {worst:.0f} ms"


# One decision of strong in each game, in the page's own worker (worker.js and the Pyodide it
# ships): strong once called time.thread_time, which Pyodide's Python lacks, and raised in the
# page for 30 minutes while every test here let the other bots play.
_DECIDE = """async (records) => {
    const worker = new Worker("worker.js", {type: "module"});
    const waiting = new Map();
    let next = 1;
    worker.onmessage = (event) => {
        if (!event.data.loading) waiting.get(event.data.id)(event.data.value);
    };
    const call = (op, args) => new Promise((answer) => {
        const id = next++;
        waiting.set(id, answer);
        worker.postMessage({id, op, args});
    });
    const found = {};
    for (const [game, text] of Object.entries(records)) {
        const loaded = await call("load", {text});
        found[game] = loaded.error ? loaded : await call("run", {seconds: 0, since: loaded.ply});
    }
    worker.terminate();
    return found;
}"""


def _before_a_choice(game: str) -> tuple[Any, list[Any]]:
    """A position of ``game`` where the player to move has two or more moves, and the moves
    (seeded: rolls drawn, the first move played) that lead to it."""
    state, rng = br.new_game(game), random.Random(3)
    moves: list[Any] = []
    while br.is_chance(state) or len(br.legal_moves(state)) < 2 or len(moves) < 8:
        chance = br.is_chance(state)
        move = br.sample_chance(state, rng) if chance else br.legal_moves(state)[0]
        moves.append(move)
        state = br.apply_move(state, move)
    return state, moves


def test_strong_decides_in_every_game_in_the_page_s_python(
    page: Tab, address: str, site: Path
) -> None:
    from boardrules.records import GameRecord

    blank = '<!doctype html><title>strong</title><link rel="icon" href="data:,">\n'
    (site / "strong.html").write_text(blank, encoding="utf-8")  # the page's folder, no game
    page.open(f"{address}strong.html")
    positions: dict[str, Any] = {}
    records: dict[str, str] = {}
    for game in br.available_games():
        state, moves = _before_a_choice(game)
        players = ["strong"] * br.num_players(state)
        positions[game] = state
        records[game] = GameRecord.of(br.new_game(game), moves, players, seed=1).to_json()
    found = page.page.evaluate(_DECIDE, records)
    for game, state in positions.items():
        answer = found[game]
        assert "error" not in answer, (game, answer)
        [entry] = answer["history"]
        assert entry["by"] == "strong", (game, entry)
        assert entry["who"] == br.player_name(state, br.current_player(state))
        assert entry["move"] in [str(m) for m in br.legal_moves(state)], (game, entry)


def test_the_speed_figures_of_the_page(page: Tab, address: str) -> None:
    page.open(f"{address}index.html?measure=parchis&seconds=1")
    figures = json.loads(page.wait("document.body.dataset.measure", what="the figures"))
    here = measure("parchis", 1.0)  # the same measure in CPython, for the ratio
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
    page: Tab, address: str, site: Path
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


def test_the_review_of_a_game_shows_its_chart_errors_and_alternatives(
    page: Tab, address: str, tmp_path: Path
) -> None:
    # A short game (35 plies, 17 decisions) whose random player blunders.
    folder = Path(os.environ.get("BOARDRULES_WEB_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    page.open(f"{address}index.html?game=docker&players=greedy,random&seed=13&autoplay=1")
    page.wait("document.body.dataset.result", what="the end of the game")
    page.wait("!document.getElementById('review-box').hidden", what="the review button")
    page.click_on("#review-button")
    assert page.wait(
        "!document.getElementById('review-bar').hidden || document.body.dataset.review",
        what="the progress bar",
    )
    players = json.loads(page.wait("document.body.dataset.review", what="the review's end"))
    assert page.js("document.getElementById('review-bar').hidden")
    status = page.js("document.getElementById('review-status').textContent")
    assert status == "Reviewed 17 decisions.", status
    assert [p["name"] for p in players] == ["blue", "orange"]
    assert sum(p["decisions"] for p in players) == 17
    orange = players[1]
    assert orange["label"] == "random" and orange["error_total"] > players[0]["error_total"]
    chart = page.js("""(() => {
        const svg = document.getElementById('chart');
        const lines = [...svg.querySelectorAll('path')].map(p => p.getAttribute('stroke'));
        const errors = [...svg.querySelectorAll('circle.error title')].map(t => t.textContent);
        const rows = document.querySelectorAll('#review-players tr').length;
        return {lines, errors, rows, box: svg.getBoundingClientRect().toJSON()};
    })()""")
    assert len(chart["lines"]) == 2 and len(set(chart["lines"])) == 2, chart
    flagged = orange["doubtful"] + orange["bad"] + orange["very_bad"]
    assert flagged >= 1 and len(chart["errors"]) == flagged + sum(
        p["doubtful"] + p["bad"] + p["very_bad"] for p in players[:1]
    )
    assert all(", orange: " in e or ", blue: " in e for e in chart["errors"])
    assert chart["rows"] == 3  # a header and a row per player
    page.page.locator("#review-out").scroll_into_view_if_needed()
    page.screenshot(folder / "review-chart-docker.png")
    # A click on the chart at the first error shows that decision's alternatives.
    first = page.js(
        "document.querySelector('#chart circle.error').getBoundingClientRect().toJSON()"
    )
    page.click(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
    shown = page.wait(
        "document.querySelectorAll('#alternatives li').length >= 2 && "
        "[...document.querySelectorAll('#alternatives li')].map(l => l.textContent)",
        what="the alternatives",
    )
    assert sum("\u2190 played" in line for line in shown) == 1, shown
    assert sum("(best)" in line for line in shown) == 1, shown
    at = page.js("document.getElementById('review-at').textContent")
    assert at.startswith("Ply ") and " played " in at and "lost " in at, at
    page.page.locator("#alternatives").scroll_into_view_if_needed()
    page.screenshot(folder / "review-alternatives-docker.png")
