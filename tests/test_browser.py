"""A real browser draws the pictures: headless Chromium renders a board's SVG and the replay
page at two plies to PNG screenshots, which must show something and differ between plies.

Chromium (the Debian package that ``.ci/run`` installs) is driven by Playwright
(``tests/browser_kit.py``); without either these tests skip with the reason (and fail in
CI).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import boardrules as br
from boardrules.pictures import replay_html
from boardrules.records import GameRecord
from browser_kit import page_of
from extras import need

if TYPE_CHECKING:
    from playwright.sync_api import Browser

Image = need("PIL.Image", "pictures")  # Pillow, which comes with cairosvg
ImageChops = need("PIL.ImageChops", "pictures")


def screenshot(
    chromium: Browser, url: str, out: Path, size: tuple[int, int], scale: int = 1
) -> Path:
    """A PNG of the window (``size`` CSS pixels, ``scale`` device pixels to one) showing
    ``url``."""
    with page_of(chromium, size, scale) as page:
        page.goto(url)
        page.screenshot(path=out)
    assert out.exists(), f"chromium wrote no screenshot of {url}"
    return out


def dom(chromium: Browser, url: str, size: tuple[int, int] = (800, 600)) -> str:
    """The page's document after its script ran (in a window of ``size``)."""
    with page_of(chromium, size) as page:
        page.goto(url)
        return page.content()


def colours(path: Path) -> int:
    with Image.open(path) as image:
        return len(image.convert("RGB").getcolors(1 << 20) or ())


def differ(a: Path, b: Path) -> bool:
    with Image.open(a) as x, Image.open(b) as y:
        return ImageChops.difference(x.convert("RGB"), y.convert("RGB")).getbbox() is not None


def test_chromium_draws_a_board_and_the_replay_page_at_two_plies(
    chromium: Browser, tmp_path: Path
) -> None:
    rng = random.Random(8)
    s = start = br.new_game("docker", players=3)
    moves = []
    while not br.is_terminal(s):
        m = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        moves.append(m)
        s = br.apply_move(s, m)
    board = tmp_path / "board.svg"
    board.write_text(br.render_svg(s), encoding="utf-8")
    page = tmp_path / "replay.html"
    page.write_text(replay_html(GameRecord.of(start, moves, end=s)), encoding="utf-8")

    shot = screenshot(chromium, board.as_uri(), tmp_path / "board.png", (520, 640))
    assert colours(shot) > 8, "the board's screenshot is blank"
    ply = min(len(moves), 12)
    first = screenshot(chromium, page.as_uri() + "#ply=0", tmp_path / "ply0.png", (1100, 760))
    later = screenshot(chromium, f"{page.as_uri()}#ply={ply}", tmp_path / "plyN.png", (1100, 760))
    assert colours(first) > 8 and colours(later) > 8, "a replay screenshot is blank"
    assert differ(first, later), "the replay page shows the same at ply 0 and a later ply"
    # The script opened the ply the address asked for: its text, its move and its board.
    shown = dom(chromium, f"{page.as_uri()}#ply={ply}")
    assert f"position {ply} of {len(moves)} after move {ply}, " in shown
    before = start
    for m in moves[: ply - 1]:
        before = br.apply_move(before, m)
    who = "" if br.is_chance(before) else br.player_name(before, br.current_player(before)) + ": "
    assert shown.count('<li class="now">') == 1
    assert f'<li class="now">{who}{moves[ply - 1]}</li>' in shown
    assert '<div id="board"><svg xmlns="http://www.w3.org/2000/svg"' in shown


# Appended to a replay page: writes where the board, its status line and the result end,
# and the window's size, into the document.
_PROBE = """<script>
(function () {
  const out = [];
  function edge(el, name) {
    const box = el.getBoundingClientRect();
    out.push(name + " " + Math.ceil(box.right) + " " + Math.ceil(box.bottom));
  }
  edge(document.querySelector("#board svg"), "board");
  edge(document.querySelector("#board svg .status"), "status");
  edge(document.getElementById("result"), "result");
  out.push("window " + window.innerWidth + " " + window.innerHeight);
  const pre = document.createElement("pre");
  pre.id = "fit";
  pre.textContent = out.join(";");
  document.body.appendChild(pre);
})();
</script></body>"""


@pytest.mark.parametrize(("game", "players"), [("parchis", 4), ("dorada", 4), ("docker", 4),
                                               ("dorasure", 3)])  # fmt: skip
def test_the_replay_page_fits_a_1200_by_900_window(
    game: str, players: int, chromium: Browser, tmp_path: Path
) -> None:
    rng = random.Random(2)
    s = start = br.new_game(game, players=players)
    moves: list[Any] = []
    while not br.is_terminal(s) and len(moves) < 400:
        m = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        moves.append(m)
        s = br.apply_move(s, m)
    page = tmp_path / "replay.html"
    html = replay_html(GameRecord.of(start, moves, players=["random"] * players, seed=2**64 - 1))
    page.write_text(html.replace("</body>", _PROBE), encoding="utf-8")
    shown = dom(chromium, page.as_uri() + "#ply=20", (1200, 900))
    found = re.search(r'<pre id="fit">([^<]*)</pre>', shown)
    assert found, "the probe did not run"
    edges = {name: (int(x), int(y)) for name, x, y in (p.split() for p in found[1].split(";"))}
    width, height = edges.pop("window")
    for name, (right, bottom) in edges.items():
        assert right <= width and bottom <= height, f"{game}: the {name} is outside the window"


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker", "dorasure"])
def test_chromium_draws_each_game_at_the_default_size_and_at_twice_it(
    game: str, chromium: Browser, tmp_path: Path
) -> None:
    rng = random.Random(3)
    s = br.new_game(game, players=4)
    for _ in range(60):  # into the game, to a position with a move to highlight
        s = br.apply_move(s, br.sample_chance(s, rng) if br.is_chance(s) else
                          rng.choice(br.legal_moves(s)))  # fmt: skip
    while br.is_chance(s):
        s = br.apply_move(s, br.sample_chance(s, rng))
    svg = br.render_svg(s, move=br.legal_moves(s)[0])
    width, height = (round(float(v)) for v in re.findall(r'(?:width|height)="([\d.]+)"', svg)[:2])
    page = tmp_path / "board.html"
    page.write_text(f'<html><body style="margin:0">{svg}</body></html>', encoding="utf-8")
    shots = [
        screenshot(chromium, page.as_uri(), tmp_path / f"x{k}.png", (width, height), k)
        for k in (1, 2)
    ]
    for k, shot in enumerate(shots, 1):
        with Image.open(shot) as image:
            assert image.size == (k * width, k * height)
        assert colours(shot) > 8, "the board's screenshot is blank"
