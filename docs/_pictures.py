"""Pictures in the documentation, drawn from the library while the docs build.

``.. board::`` runs its content as Python (the games' packages are imported as ``parchis``,
``dorada``, ``docker``, ``dorasure``, and :mod:`boardrules` as ``br``); the value of the
last line is the state drawn inline as SVG.  Options: ``:move:`` (a legal move in the game's
notation, highlighted), ``:perspective:`` (a seat), ``:width:`` (pixels; by default the
picture's own size, where its text is 11 pixels or more, scaled down only to fit the page)
and ``:caption:``.

The HTML build also writes ``replay-example.html``: the replay viewer playing a seeded game,
linked from the getting-started page.  No picture is a checked-in file.
"""

from __future__ import annotations

import ast
import html
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

import boardrules as br
from boardrules import docker, dorada, dorasure, parchis
from boardrules.pictures import replay_html
from boardrules.records import GameRecord

#: Where the example replay page goes in the HTML output.
REPLAY_EXAMPLE = "replay-example.html"


def _evaluate(code: str, where: str) -> Any:
    namespace: dict[str, Any] = {
        "br": br,
        "parchis": parchis,
        "dorada": dorada,
        "docker": docker,
        "dorasure": dorasure,
    }
    tree = ast.parse(code, where)
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        raise ValueError("the last line of a board directive must be the state to draw")
    last = ast.Expression(tree.body.pop().value)
    # The code is our own pages', run like their doctests.
    exec(compile(tree, where, "exec"), namespace)
    return eval(compile(last, where, "eval"), namespace)


class BoardDirective(SphinxDirective):
    """``.. board::`` draws the state its content builds."""

    has_content = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {
        "move": directives.unchanged,
        "perspective": directives.nonnegative_int,
        "width": directives.positive_int,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        where = f"{self.env.docname}:{self.lineno}"
        try:
            state = _evaluate("\n".join(self.content), where)
            move = self.options.get("move")
            svg = br.render_svg(
                state,
                size=self.options.get("width"),
                move=None if move is None else br.parse_move(state, move),
                perspective=self.options.get("perspective"),
            )
        except Exception as e:  # any failure is the page's error, reported where it is
            raise self.error(f"board picture at {where}: {type(e).__name__}: {e}") from None
        caption = self.options.get("caption")
        text = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
        # The picture keeps its own size where the page is wide enough, and shrinks with
        # its proportions where it is not.
        svg = svg.replace("<svg ", '<svg style="max-width:100%;height:auto" ', 1)
        figure = (
            f'<figure class="board-picture" style="margin:1em 0;max-width:100%">'
            f"<div>{svg}</div>{text}</figure>"
        )
        return [nodes.raw("", figure, format="html")]


def _example_record() -> GameRecord:
    rng = random.Random(2026)
    s = start = br.new_game("parchis", players=2)
    moves = []
    while not br.is_terminal(s):
        m = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        moves.append(m)
        s = br.apply_move(s, m)
    return GameRecord.of(start, moves, players=["random", "random"], seed=2026, end=s)


def _write_replay(app: Any, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    page = replay_html(_example_record(), title="Parchís: a replayed game between random players")
    Path(app.outdir, REPLAY_EXAMPLE).write_text(page, encoding="utf-8")


def setup(app: Any) -> None:
    app.add_directive("board", BoardDirective)
    app.connect("build-finished", _write_replay)
