"""Pictures of games: SVG files, PNG files and a replay page that plays a record in a browser.

Every game draws its states as SVG (:func:`boardrules.render_svg`); in a Jupyter notebook a
state shows as its board by itself.  This module puts those pictures in files:
:func:`show` writes a state's SVG, :func:`svg_to_png` turns SVG into PNG (with the optional
``cairosvg``, the extra ``pictures``), and :func:`replay_html` makes one self-contained
HTML page from a game record: every position as an inline SVG frame, a small script, and
no network at all.  The command line offers the same as ``boardrules show`` and
``boardrules replay --html``.

>>> from boardrules.pictures import replay_html
>>> import boardrules as br
>>> from boardrules.records import GameRecord
>>> s = br.new_game("docker", players=2)
>>> rec = GameRecord.of(s, [br.parse_move(s, "roll 2")], players=["me", "you"])
>>> page = replay_html(rec)
>>> page.startswith("<!DOCTYPE html>") and "roll 2" in page
True
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from boardrules import api as br
from boardrules._extras import require
from boardrules._names import result_words
from boardrules._values import safe_repr
from boardrules.api import show
from boardrules.errors import InvalidOptionError
from boardrules.game import CHANCE, TERMINAL

if TYPE_CHECKING:  # records imports the whole package, which imports this module
    from boardrules.records import GameRecord

__all__ = ["options_text", "replay_html", "show", "svg_to_png"]

M = TypeVar("M")


def svg_to_png(svg: str, path: str | Path, *, scale: float = 1.0) -> Path:
    """Write the SVG document ``svg`` as a PNG image at ``path`` (``scale`` 2: twice the
    pixels) and return the path.

    Needs ``cairosvg``: without it :class:`~boardrules._extras.MissingExtraError` says
    ``pip install 'boardrules[pictures]'``.  A ``scale`` outside ``(0, 20]``, a text that is
    not an SVG document, or a picture too large for a PNG raises :class:`ValueError`.
    """
    cairosvg = require("cairosvg", "pictures", "PNG output")
    ok = isinstance(scale, (int, float)) and not isinstance(scale, bool)
    if not (ok and 0 < scale <= _MAX_SCALE):  # also refuses nan
        raise ValueError(f"scale must be a number above 0 and at most {_MAX_SCALE}, not {scale!r}")
    if not isinstance(svg, str) or "<svg" not in svg:
        raise ValueError(f"svg must be an SVG document (a text with <svg ...>), not {svg!r:.60}")
    cairo = require("cairocffi", "pictures", "PNG output")  # cairosvg's own dependency

    out = Path(path)
    try:
        png = cairosvg.svg2png(
            bytestring=svg.encode("utf-8"), scale=scale, background_color="white"
        )
    except SyntaxError as error:  # xml.etree's ParseError: a damaged document
        raise ValueError(f"svg is not a well-formed SVG document: {error}") from None
    except cairo.CairoError as error:
        raise ValueError(f"cannot make this PNG (at most 32767 pixels a side): {error}") from None
    # Written here, not by cairo: cairo's error for a file it cannot write names no reason
    # (its strerror is its status number, 11), the system's says which.
    out.write_bytes(png)
    return out


# Cairo refuses images above 32767 pixels a side; 20 times the largest default picture
# (about 820 pixels wide) stays below that.
_MAX_SCALE = 20


def _turn_name(state: Any, players: tuple[str, ...], svg: str) -> str:
    """Whose turn it is, above the board ``svg`` of ``state``: at a roll, the board's own
    status line (``yellow to roll``), so that the two agree."""
    player = br.current_player(state)
    if player == CHANCE:
        status = re.search(r'class="status">([^<]*)<', svg)
        return html.unescape(status[1]) if status else "the dice to roll"
    if player == TERMINAL:
        return "game over: " + result_words(state)
    label = f" ({players[player]})" if player < len(players) else ""
    return f"{br.player_name(state, player)}{label} to move"


def _heading(state: Any) -> str:
    """``Parchís — yellow, blue, red, green``: the game and its players by name."""
    return f"{br.game_of(state).title} — {', '.join(br.player_names(state))}"


def _option_value(state: Any, name: str, value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if name == "first_player" and type(value) is int and 0 <= value < br.num_players(state):
        return br.player_name(state, value)
    if isinstance(value, (int, float, str)):
        return str(value)
    if isinstance(value, (list, tuple)) and all(isinstance(v, (str, int)) for v in value):
        text = ", ".join(map(str, value))
        return text if len(text) <= 40 else "custom"
    return "custom"


def _plain(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


# Options that the title already shows by the players' names.
_NAMED = frozenset({"players", "colours", "heroes"})


def options_text(state: Any) -> str:
    """The options of the game at ``state`` as a short list a person reads: the number of
    players, then every option that differs from the game's default (``standard rules``
    when none does).

    >>> import boardrules as br
    >>> from boardrules.pictures import options_text
    >>> options_text(br.new_game("parchis", players=2, exit_capture=False))
    '2 players; exit capture: no'
    >>> options_text(br.new_game("docker", players=3))
    '3 players; standard rules'
    """
    game = br.game_of(state)
    given = game.options_of(state)
    shown = [f"{br.num_players(state)} players"]
    for option in game.options:
        if option.name in _NAMED or option.name not in given:
            continue
        value = given[option.name]
        if option.default is not None and _plain(value) == _plain(option.default):
            continue
        words = option.name.replace("_", " ")
        shown.append(f"{words}: {_option_value(state, option.name, value)}")
    if len(shown) == 1:
        shown.append("standard rules")
    return "; ".join(shown)


def _seed_text(seed: int | None) -> str:
    """A seed short enough to read: ``· seed 1234…5678`` for a long one."""
    if seed is None:
        return ""
    digits = str(seed)
    shown = digits if len(digits) <= 10 else digits[:4] + "…" + digits[-4:]
    return f"· seed {shown}"


class _Tokens:
    """Frames as runs of shared pieces of markup: most of a board is the same from one
    position to the next, so the page stores each distinct element once."""

    def __init__(self) -> None:
        self.table: list[str] = []
        self._index: dict[str, int] = {}

    def frame(self, svg: str) -> list[int]:
        runs: list[int] = []
        for part in re.split(r"(?=<)", svg):
            if not part:
                continue
            k = self._index.get(part)
            if k is None:
                k = self._index[part] = len(self.table)
                self.table.append(part)
            if runs and runs[-2] + runs[-1] == k:
                runs[-1] += 1
            else:
                runs += [k, 1]
        return runs


def _script_json(value: object) -> str:
    # Inside <script>, "</" could end the script early; JSON allows "<\/" for it.
    return (
        json.dumps(value, separators=(",", ":")).replace("</", "<\\/").replace("<!--", "<\\u0021--")
    )


def replay_html(
    record: GameRecord, *, title: str | None = None, review: Mapping[str, Any] | None = None
) -> str:
    """One self-contained HTML page that plays ``record``: buttons, the arrow keys and a
    slider step through the positions; the move list gives each move's notation (dice
    included) and who made it, every player by name (:func:`boardrules.player_name`); the
    title names the game and its players, the header the bots, the options
    (:func:`options_text`) and the seed, and the end the result in words (``1st yellow, 2nd
    red, ...``, ``blue wins``, ``the heroes win``).  Each frame highlights the move
    about to be played.  Opening the page as ``PAGE.html#ply=N`` shows position ``N``
    (``0``: the start).

    With ``review`` (:meth:`boardrules.analysis.Review.to_dict` of the same game), the
    page also shows the review: each player's win chance over the game as a chart with
    the errors marked, the players' totals, and a decision's alternatives on a click.

    The page has no link to anything outside it.  A damaged record raises
    :class:`~boardrules.records.RecordError`.
    """
    from boardrules.records import GameRecord, replay

    if not isinstance(record, GameRecord):
        raise InvalidOptionError(f"record must be a GameRecord, not {safe_repr(record)}")
    state = record.first_state()
    start = state
    names = br.player_names(state)
    tokens = _Tokens()
    frames: list[list[int]] = []
    turns: list[str] = []
    moves: list[str] = []
    for before, move, after in replay(record):
        player = br.current_player(before)
        svg = br.render_svg(before, move=move if player >= 0 else None)
        frames.append(tokens.frame(svg))
        turns.append(_turn_name(before, record.players, svg))
        # A roll reads as itself ("roll 4", "dice 066"); a choice says who made it.
        moves.append(str(move) if player == CHANCE else f"{names[player]}: {move}")
        state = after
    svg = br.render_svg(state)
    frames.append(tokens.frame(svg))
    turns.append(_turn_name(state, record.players, svg))
    if br.is_terminal(state):
        result = f"result: {result_words(state)}"
    else:
        result = "the record ends before the game does"
    heading = title or _heading(start)
    if record.players:
        players = ", ".join(f"{n}: {p}" for n, p in zip(names, record.players, strict=False))
        players += " \u00b7 "
    else:
        players = ""
    seed = _seed_text(record.seed)
    data = {"tokens": tokens.table, "frames": frames, "turns": turns, "moves": moves}
    page = _PAGE.format(
        title=html.escape(heading),
        players=html.escape(players),
        options=html.escape(options_text(start)),
        seed=html.escape(seed),
        seed_full=html.escape("" if record.seed is None else f"seed {record.seed}"),
        result=html.escape(result),
        last=len(frames) - 1,
        data=_script_json(data),
    )
    if review is None:
        return page
    from boardrules.analysis import chart_html

    return page.replace("</body>", chart_html(review, list(names)) + "</body>")


_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: DejaVu Sans, Verdana, Arial, sans-serif; margin: 12px; color: #222;
       background: #fff; }}
#main {{ display: flex; gap: 16px; align-items: flex-start; }}
#board {{ flex: 0 1 820px; min-width: 320px; }}
/* The whole board, its status panel included, fits the window's height. */
#board svg {{ width: 100%; height: auto; max-height: calc(100vh - 90px); display: block; }}
#side {{ flex: 0 0 260px; }}
#moves {{ position: relative; max-height: calc(100vh - 330px); overflow-y: auto; font-size: 13px;
         border: 1px solid #ccc; padding: 4px 4px 4px 44px; margin: 8px 0; }}
#moves li {{ cursor: pointer; }}
#moves li.now {{ background: #ffd7ec; font-weight: bold; }}
#controls button {{ font-size: 15px; min-width: 40px; }}
#slider {{ width: 100%; }}
</style></head>
<body>
<h1 style="font-size:20px;margin:0 0 2px 0">{title}</h1>
<p id="about" style="margin:0 0 6px 0;font-size:13px"><span id="players">{players}</span>
<span id="options" style="color:#555">{options}</span>
<span id="seed" style="color:#888;font-size:11px" title="{seed_full}">{seed}</span></p>
<div id="main">
<div id="board"></div>
<div id="side">
<div id="controls">
<button id="first" title="start (Home)">|&#x25C0;</button>
<button id="back" title="back (left arrow)">&#x25C0;</button>
<button id="next" title="forward (right arrow)">&#x25B6;</button>
<button id="end" title="end (End)">&#x25B6;|</button>
</div>
<input id="slider" type="range" min="0" max="{last}" value="0">
<p id="where" style="margin:4px 0"></p>
<p id="turn" style="margin:4px 0;font-weight:bold"></p>
<p id="upcoming" style="margin:4px 0;color:#a3005c"></p>
<ol id="moves" start="1"></ol>
<p id="result" style="font-weight:bold">{result}</p>
</div></div>
<script>
"use strict";
const DATA = {data};
const board = document.getElementById("board");
const slider = document.getElementById("slider");
const list = document.getElementById("moves");
const last = DATA.frames.length - 1;
let ply = -1;
DATA.moves.forEach(function (text, i) {{
  const li = document.createElement("li");
  li.textContent = text;
  li.addEventListener("click", function () {{ show(i + 1); }});
  list.appendChild(li);
}});
function frame(i) {{
  const runs = DATA.frames[i];
  const out = [];
  for (let k = 0; k < runs.length; k += 2) {{
    for (let j = runs[k]; j < runs[k] + runs[k + 1]; j++) out.push(DATA.tokens[j]);
  }}
  return out.join("");
}}
function show(n) {{
  n = Math.max(0, Math.min(last, n | 0));
  if (n === ply) return;
  const old = list.children[ply - 1];
  if (old) old.className = "";
  ply = n;
  board.innerHTML = frame(n);
  slider.value = String(n);
  document.getElementById("where").textContent = "position " + n + " of " + last +
    (n > 0 ? " after move " + n + ", " + DATA.moves[n - 1] : " (the start)");
  document.getElementById("turn").textContent = DATA.turns[n];
  document.getElementById("upcoming").textContent =
    n < last ? "next: " + DATA.moves[n] : "";
  const now = list.children[n - 1];
  if (now) {{
    now.className = "now";
    // Scroll the list only, never the page: the board stays where the reader looks.
    list.scrollTop = now.offsetTop - list.clientHeight / 2;
  }}
  if (location.hash !== "#ply=" + n) history.replaceState(null, "", "#ply=" + n);
}}
function fromHash() {{
  const m = /^#ply=(\\d+)$/.exec(location.hash);
  show(m ? parseInt(m[1], 10) : 0);
}}
document.getElementById("first").onclick = function () {{ show(0); }};
document.getElementById("back").onclick = function () {{ show(ply - 1); }};
document.getElementById("next").onclick = function () {{ show(ply + 1); }};
document.getElementById("end").onclick = function () {{ show(last); }};
slider.addEventListener("input", function () {{ show(parseInt(slider.value, 10)); }});
document.addEventListener("keydown", function (e) {{
  if (e.target === slider) return;
  if (e.key === "ArrowLeft") {{ show(ply - 1); e.preventDefault(); }}
  else if (e.key === "ArrowRight") {{ show(ply + 1); e.preventDefault(); }}
  else if (e.key === "Home") {{ show(0); e.preventDefault(); }}
  else if (e.key === "End") {{ show(last); e.preventDefault(); }}
}});
window.addEventListener("hashchange", fromHash);
fromHash();
</script>
</body></html>
"""
