"""``boardrules show``: draw a position (a state document, or a game record after a ply)
as text in the terminal, or as SVG or PNG."""

from __future__ import annotations

import argparse
import sys

import boardrules as br
from boardrules._svg import SIZE_RANGE
from boardrules._values import shown_path
from boardrules.cli._common import UsageError, a_path, read_position, write_text
from boardrules.pictures import svg_to_png


def _cmd_show(args: argparse.Namespace) -> int:
    low, high = SIZE_RANGE  # the limits of render_svg(size=...), the same as in Python
    if args.size is not None and not low <= args.size <= high:
        raise UsageError(f"--size is a width in pixels, {low:g} to {high:g}")
    state = read_position(args.file, args.ply)
    move = None if args.move is None else br.parse_move(state, args.move)
    if args.perspective is not None and not 0 <= args.perspective < br.num_players(state):
        raise UsageError(f"--perspective must be a seat 0..{br.num_players(state) - 1}")
    for problem in br.position_problems(state):  # a setup play could not reach: say so
        print(f"position problem: {problem}", file=sys.stderr)
    if not args.svg and not args.png:
        print(br.render(state))  # the text board: what a terminal shows
        if move is not None:
            print(f"the move: {move}")
        return 0
    svg = br.render_svg(state, size=args.size, move=move, perspective=args.perspective)
    if args.svg:
        write_text(args.svg, svg)
    if args.png:
        try:
            svg_to_png(svg, args.png)
        except OSError as e:
            raise UsageError(f"cannot write {shown_path(args.png)}: {e.strerror}") from None
        except ValueError as e:  # a picture too large for a PNG
            raise UsageError(f"cannot make {shown_path(args.png)}: {e}") from None
    return 0


def add_show(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``show`` command's arguments."""
    show = sub.add_parser(
        "show",
        help="print a position (a state document or a game record) as text, or draw it "
        "as SVG or PNG",
    )
    show.add_argument(
        "file",
        metavar="FILE",
        help="a state document (boardrules.to_json, replay --state) or a game record "
        "(play --record)",
    )
    show.add_argument(
        "--ply",
        type=int,
        metavar="N",
        help="for a record: the position after its first N moves (default, or -1: the last)",
    )
    show.add_argument(
        "--svg",
        type=a_path,
        metavar="OUT.svg",
        help="write the board as SVG (without --svg or --png: print it as text)",
    )
    show.add_argument(
        "--png",
        type=a_path,
        metavar="OUT.png",
        help="write the board as PNG (needs boardrules[pictures])",
    )
    show.add_argument("--move", metavar="MOVE", help="highlight this legal move (notation)")
    show.add_argument("--perspective", type=int, metavar="SEAT", help="seat at the bottom")
    show.add_argument(
        "--size",
        type=float,
        metavar="PIXELS",
        help=f"width of the picture ({SIZE_RANGE[0]:g} to {SIZE_RANGE[1]:g})",
    )
    show.set_defaults(run=_cmd_show, parser=show)
