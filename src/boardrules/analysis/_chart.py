"""The review's chart for the replay page: each player's win chance over the game (the
team's in a cooperative game), the errors marked on it, and each decision's alternatives
on click.  An HTML fragment -- a style, a panel and a script -- that the replay page of
:func:`boardrules.pictures.replay_html` takes in when given a review; it draws the chart
as inline SVG from the review's data and follows the page's ``show(ply)``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from boardrules._values import safe_repr, shortened
from boardrules.errors import InvalidOptionError

__all__ = ["chart_html"]

# Line colours of the players' usual colours; other names (Dorasure's heroes) take the
# palette in turn.
_COLOURS = {
    "yellow": "#c9a000", "red": "#d62728", "blue": "#1f77b4", "green": "#2ca02c",
    "orange": "#ff7f0e", "white": "#777777", "black": "#222222", "purple": "#9467bd",
}  # fmt: skip
_DECISION_FIELDS = ("ply", "seat", "player", "played", "best", "loss", "flag", "values", "half",
                    "method")  # fmt: skip
#: The ``format`` of a review's document (:meth:`~boardrules.analysis.Review.to_dict`).
FORMAT = "boardrules-review"
_PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b")


def _colour(name: str, seat: int) -> str:
    return _COLOURS.get(name.split(" ")[0], _PALETTE[seat % len(_PALETTE)])


def chart_data(review: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
    """What the chart's script draws: a line per player (one for a team) through the
    chances after each decision, the marks of the errors, the alternatives.  A ``review``
    that is no :meth:`~boardrules.analysis.Review.to_dict` (a damaged or hand-made
    document) raises :class:`~boardrules.InvalidOptionError` naming what is wrong."""
    if not isinstance(review, Mapping) or review.get("format") != FORMAT:
        raise InvalidOptionError(
            f"review must be a review's to_dict() (format {FORMAT!r}), not {safe_repr(review)}"
        )
    try:
        return _chart_data(review, names)
    except (KeyError, TypeError, IndexError, AttributeError) as e:  # a damaged document
        raise InvalidOptionError(
            f"this review cannot be drawn: {type(e).__name__} {shortened(str(e))}; give a "
            "review's to_dict() unchanged"
        ) from None


def _chart_data(review: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
    team = bool(review["team"])
    shown = ["the team"] if team else names
    lines: list[list[list[float]]] = [[] for _ in shown]
    for d in review["decisions"]:
        chances = d["chances"]
        for i in range(len(shown)):
            lines[i].append([d["ply"] + 1, chances[i]])
    # The 95% interval of the mover's value after the move played (estimates only).
    bands = [
        [d["ply"] + 1, 0 if team else d["seat"], d["chances"][d["seat"]], d["half"][d["played"]]]
        for d in review["decisions"]
        if d["half"].get(d["played"])
    ]
    if review.get("result") is not None:
        for i in range(len(shown)):
            lines[i].append([review["plies"], review["result"][i]])
    return {
        "plies": review["plies"],
        "names": shown,
        "colours": ["#222222"] if team else [_colour(n, i) for i, n in enumerate(names)],
        "lines": lines,
        "bands": bands,
        "decisions": [{k: d[k] for k in _DECISION_FIELDS} for d in review["decisions"]],
        "players": review["players"],
        "better": review["better"],
        "luckier": review["luckier"],
        "team": team,
    }


def chart_html(review: Mapping[str, Any], names: list[str]) -> str:
    """The chart's fragment for the replay page of a game whose seats are ``names``."""
    try:
        data = json.dumps(chart_data(review, names)).replace("</", "<\\/")
    except TypeError as e:  # a value no JSON can hold, in a hand-made document
        raise InvalidOptionError(f"this review cannot be drawn: {shortened(str(e))}") from None
    return _FRAGMENT.replace("@DATA@", data)


_FRAGMENT = """
<style>
#review { margin: 6px 0 10px 0; font-size: 13px; max-width: 1100px; }
#review h2 { font-size: 16px; margin: 6px 0; }
#review table { border-collapse: collapse; margin: 4px 0; }
#review td, #review th { padding: 1px 8px; text-align: right; }
#review th:first-child, #review td:first-child { text-align: left; }
#chart { width: 100%; height: auto; border: 1px solid #ccc; cursor: pointer; background: #fff; }
#alternatives { min-height: 3em; }
#alternatives li.played { font-weight: bold; }
#alternatives li.best { color: #1a7f37; }
.legend span { display: inline-block; margin-right: 12px; }
</style>
<div id="review">
<h2>Review</h2>
<table id="review-players"></table>
<p id="review-verdict"></p>
<div class="legend" id="review-legend"></div>
<svg id="chart" viewBox="0 0 1000 220" role="img"
 aria-label="each player's win chance over the game, errors marked"></svg>
<p style="margin:2px 0;color:#555">Each point is a player's chance after a decision (the
shaded bar: the 95% interval of an estimate), the dots the errors.</p>
<p id="review-at" style="margin:4px 0;font-weight:bold">Click the chart for a decision's
alternatives.</p>
<ol id="alternatives"></ol>
</div>
<script>
"use strict";
(function () {
  const R = @DATA@;
  // The review opens the page: above the board, where a reader looks first.
  const main = document.getElementById("main");
  if (main) main.parentNode.insertBefore(document.getElementById("review"), main);
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.getElementById("chart");
  const W = 1000, H = 220, L = 40, T = 10, B = 24, RIGHT = 10;
  const x = (ply) => L + (W - L - RIGHT) * ply / Math.max(1, R.plies);
  const y = (v) => T + (H - T - B) * (1 - Math.max(0, Math.min(1, v)));
  function el(name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  }
  [0, 0.25, 0.5, 0.75, 1].forEach(function (v) {
    el("line", {x1: L, x2: W - RIGHT, y1: y(v), y2: y(v), stroke: v === 0.5 ? "#bbb" : "#eee"});
    el("text", {x: L - 4, y: y(v) + 4, "text-anchor": "end", "font-size": 11}, v * 100 + "%");
  });
  el("text", {x: W - RIGHT, y: H - 6, "text-anchor": "end", "font-size": 11}, "ply " + R.plies);
  el("text", {x: L, y: H - 6, "font-size": 11}, "ply 0");
  R.lines.forEach(function (points, i) {
    if (!points.length) return;
    const d = points.map(function (p, k) {
      return (k ? "L" : "M") + x(p[0]).toFixed(1) + " " + y(p[1]).toFixed(1);
    }).join(" ");
    el("path", {d: d, fill: "none", stroke: R.colours[i], "stroke-width": 2});
  });
  R.bands.forEach(function (b) {
    el("line", {x1: x(b[0]), x2: x(b[0]), y1: y(b[2] - b[3]), y2: y(b[2] + b[3]),
      stroke: R.colours[b[1]], "stroke-opacity": 0.35, "stroke-width": 4, class: "band"});
  });
  const SIZE = {"doubtful": 4, "bad": 6, "very bad": 8};
  const MARK = {"doubtful": "#f2c200", "bad": "#ff7f0e", "very bad": "#d62728"};
  R.decisions.forEach(function (d, k) {
    if (!d.flag) return;
    const line = R.team ? 0 : d.seat;
    const point = R.lines[line][k];
    const c = el("circle", {cx: x(point[0]), cy: y(point[1]), r: SIZE[d.flag],
      fill: MARK[d.flag], stroke: "#000", "stroke-width": 1, class: "error"});
    const title = document.createElementNS(NS, "title");
    title.textContent = "ply " + d.ply + ", " + d.player + ": " + d.played + " (" + d.flag +
      ", lost " + d.loss.toFixed(3) + "; best " + d.best + ")";
    c.appendChild(title);
  });
  const now = el("line", {x1: L, x2: L, y1: T, y2: H - B, stroke: "#a3005c",
    "stroke-dasharray": "4 3"});
  const legend = document.getElementById("review-legend");
  R.names.forEach(function (n, i) {
    const s = document.createElement("span");
    s.innerHTML = "<b style='color:" + R.colours[i] + "'>&#x2501;</b> ";
    s.appendChild(document.createTextNode(n));
    legend.appendChild(s);
  });
  ["doubtful", "bad", "very bad"].forEach(function (f) {
    const s = document.createElement("span");
    s.innerHTML = "<b style='color:" + MARK[f] + "'>&#x25CF;</b> ";
    s.appendChild(document.createTextNode(f));
    legend.appendChild(s);
  });
  const table = document.getElementById("review-players");
  const head = table.insertRow();
  ["player", "decisions", "error", "per decision", "doubtful / bad / very bad", "rolls",
   "luck", "per roll"].forEach(function (h) {
    const th = document.createElement("th"); th.textContent = h; head.appendChild(th);
  });
  R.players.forEach(function (p) {
    const row = table.insertRow();
    [p.name + (p.label ? " (" + p.label + ")" : ""), p.decisions, p.error_total.toFixed(3),
     p.error_rate.toFixed(4), p.doubtful + " / " + p.bad + " / " + p.very_bad, p.rolls,
     (p.luck_total >= 0 ? "+" : "") + p.luck_total.toFixed(3),
     (p.luck_rate >= 0 ? "+" : "") + p.luck_rate.toFixed(4)].forEach(function (v) {
      row.insertCell().textContent = String(v);
    });
  });
  document.getElementById("review-verdict").textContent = R.team
    ? "A cooperative game: the chart shows the team's chance."
    : "Better player: " + R.better + "; luckier: " + R.luckier + ".";
  function alternatives(d) {
    document.getElementById("review-at").textContent = "Ply " + d.ply + ", " + d.player +
      " played " + d.played + (d.flag ? " (" + d.flag + ", lost " + d.loss.toFixed(3) + ")" :
      d.played === d.best ? " (the best move)" : "") + " \\u2014 " + d.method;
    const list = document.getElementById("alternatives");
    list.innerHTML = "";
    Object.keys(d.values).sort(function (a, b) { return d.values[b] - d.values[a]; })
      .forEach(function (m) {
        const li = document.createElement("li");
        const half = d.half[m] ? " \\u00b1 " + (100 * d.half[m]).toFixed(1) : "";
        li.textContent = m + ": " + (100 * d.values[m]).toFixed(1) + half + "%" +
          (m === d.played ? "  \\u2190 played" : "") + (m === d.best ? "  (best)" : "");
        li.className = (m === d.played ? "played " : "") + (m === d.best ? "best" : "");
        list.appendChild(li);
      });
  }
  function nearest(ply) {
    let best = null;
    R.decisions.forEach(function (d) {
      if (best === null || Math.abs(d.ply - ply) < Math.abs(best.ply - ply)) best = d;
    });
    return best;
  }
  svg.addEventListener("click", function (e) {
    const box = svg.getBoundingClientRect();
    const ply = Math.round((((e.clientX - box.left) * W / box.width) - L) /
      (W - L - RIGHT) * R.plies);
    const d = nearest(ply);
    if (!d) return;
    alternatives(d);
    if (typeof window.show === "function") window.show(d.ply);
  });
  const shown = window.show;
  if (typeof shown === "function") {
    window.show = function (n) {
      shown(n);
      now.setAttribute("x1", x(n)); now.setAttribute("x2", x(n));
    };
    const m = /^#ply=(\\d+)$/.exec(location.hash);
    const n = m ? parseInt(m[1], 10) : 0;
    now.setAttribute("x1", x(n)); now.setAttribute("x2", x(n));
  }
  window.reviewAlternatives = alternatives;
})();
</script>
"""
