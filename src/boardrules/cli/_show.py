"""``boardrules show``: draw a position from a state document as SVG or PNG."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import boardrules as br
from boardrules.cli._common import UsageError, write_text
from boardrules.pictures import svg_to_png


def _read_state(path: str) -> br.GameState[Any, Any]:
    try:
        text = Path(path).read_bytes()
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror}") from None
    return br.from_json(text)


def _cmd_show(args: argparse.Namespace) -> int:
    if not args.svg and not args.png:
        raise UsageError("say where to draw the board: --svg OUT.svg and/or --png OUT.png")
    if args.size is not None and not 0 < args.size <= 10_000:
        raise UsageError("--size is a width in pixels, 1 to 10000")
    state = _read_state(args.file)
    move = None if args.move is None else br.parse_move(state, args.move)
    if args.perspective is not None and not 0 <= args.perspective < br.num_players(state):
        raise UsageError(f"--perspective must be a seat 0..{br.num_players(state) - 1}")
    svg = br.render_svg(state, size=args.size, move=move, perspective=args.perspective)
    if args.svg:
        write_text(args.svg, svg)
    if args.png:
        try:
            svg_to_png(svg, args.png)
        except OSError as e:
            raise UsageError(f"cannot write {args.png}: {e.strerror}") from None
    return 0


def add_show(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``show`` command's arguments."""
    show = sub.add_parser("show", help="draw a position (a state JSON document) as SVG or PNG")
    show.add_argument("file", metavar="STATE.json", help="a state document (boardrules to_json)")
    show.add_argument("--svg", metavar="OUT.svg", help="write the board as SVG")
    show.add_argument(
        "--png", metavar="OUT.png", help="write the board as PNG (needs boardrules[pictures])"
    )
    show.add_argument("--move", metavar="MOVE", help="highlight this legal move (notation)")
    show.add_argument("--perspective", type=int, metavar="SEAT", help="seat at the bottom")
    show.add_argument("--size", type=float, metavar="PIXELS", help="width of the picture")
    show.set_defaults(run=_cmd_show, parser=show)
