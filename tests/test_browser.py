"""A real browser draws the pictures: headless Chromium renders a board's SVG and the replay
page at two plies to PNG screenshots, which must show something and differ between plies.

``.ci/run`` installs Chromium from the Debian packages; without it these tests skip with
the reason (and fail in CI).
"""

from __future__ import annotations

import random
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

import boardrules as br
from boardrules.pictures import replay_html
from boardrules.records import GameRecord
from extras import need, need_program

CHROMIUM = need_program("chromium", "apt-get install chromium")
Image = need("PIL.Image", "pictures")  # Pillow, which comes with cairosvg
ImageChops = need("PIL.ImageChops", "pictures")


def screenshot(url: str, out: Path, profile: Path, size: tuple[int, int], scale: int = 1) -> Path:
    subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={profile}",
            "--hide-scrollbars",
            f"--screenshot={out}",
            f"--window-size={size[0]},{size[1]}",
            f"--force-device-scale-factor={scale}",
            url,
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    assert out.exists(), f"chromium wrote no screenshot of {url}"
    return out


def dom(url: str, profile: Path, size: tuple[int, int] | None = None) -> str:
    """The page's document after its script ran (in a window of ``size`` if given)."""
    window = [] if size is None else [f"--window-size={size[0]},{size[1]}"]
    done = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={profile}",
            *window,
            "--dump-dom",
            url,
        ],
        check=True,
        capture_output=True,
        timeout=60,
        text=True,
    )
    return done.stdout


def colours(path: Path) -> int:
    with Image.open(path) as image:
        return len(image.convert("RGB").getcolors(1 << 20) or ())


def differ(a: Path, b: Path) -> bool:
    with Image.open(a) as x, Image.open(b) as y:
        return ImageChops.difference(x.convert("RGB"), y.convert("RGB")).getbbox() is not None


def test_chromium_draws_a_board_and_the_replay_page_at_two_plies(tmp_path: Path) -> None:
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

    profile = tmp_path / "profile"
    shot = screenshot(board.as_uri(), tmp_path / "board.png", profile, (520, 640))
    assert colours(shot) > 8, "the board's screenshot is blank"
    ply = min(len(moves), 12)
    first = screenshot(page.as_uri() + "#ply=0", tmp_path / "ply0.png", profile, (1100, 760))
    later = screenshot(f"{page.as_uri()}#ply={ply}", tmp_path / "plyN.png", profile, (1100, 760))
    assert colours(first) > 8 and colours(later) > 8, "a replay screenshot is blank"
    assert differ(first, later), "the replay page shows the same at ply 0 and a later ply"
    # The script opened the ply the address asked for: its text, its move and its board.
    shown = dom(f"{page.as_uri()}#ply={ply}", profile)
    assert f"position {ply} of {len(moves)} after move {ply}, " in shown
    before = start
    for m in moves[: ply - 1]:
        before = br.apply_move(before, m)
    who = "dice" if br.is_chance(before) else br.player_name(before, br.current_player(before))
    assert shown.count('<li class="now">') == 1
    assert f'<li class="now">{who}: {moves[ply - 1]}</li>' in shown
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
def test_the_replay_page_fits_a_1200_by_900_window(game: str, players: int, tmp_path: Path) -> None:
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
    shown = dom(page.as_uri() + "#ply=20", tmp_path / "profile", (1200, 900))
    found = re.search(r'<pre id="fit">([^<]*)</pre>', shown)
    assert found, "the probe did not run"
    edges = {name: (int(x), int(y)) for name, x, y in (p.split() for p in found[1].split(";"))}
    width, height = edges.pop("window")
    for name, (right, bottom) in edges.items():
        assert right <= width and bottom <= height, f"{game}: the {name} is outside the window"


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker", "dorasure"])
def test_chromium_draws_each_game_at_the_default_size_and_at_twice_it(
    game: str, tmp_path: Path
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
        screenshot(page.as_uri(), tmp_path / f"x{k}.png", tmp_path / "p", (width, height), k)
        for k in (1, 2)
    ]
    for k, shot in enumerate(shots, 1):
        with Image.open(shot) as image:
            assert image.size == (k * width, k * height)
        assert colours(shot) > 8, "the board's screenshot is blank"
