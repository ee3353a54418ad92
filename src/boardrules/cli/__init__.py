"""The command line: ``boardrules games | play | simulate | tournament | replay | show |
analyse | review | web``.

Run ``python -m boardrules --help`` (or the ``boardrules`` script) for the usage; the
command-line guide in the documentation walks through each command.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

import boardrules as br
from boardrules._extras import MissingExtraError
from boardrules._values import shown_path
from boardrules.cli._analyse import add_analyse
from boardrules.cli._common import InputError, UsageError, a_path
from boardrules.cli._play import HumanPlayer, _cmd_games, _cmd_play
from boardrules.cli._replay import _cmd_replay
from boardrules.cli._review import add_review
from boardrules.cli._show import add_show
from boardrules.cli._simulate import _cmd_simulate, _cmd_tournament
from boardrules.cli._web import add_web
from boardrules.records import MAX_SEED

__all__ = ["HumanPlayer", "main"]


def _seed(text: str) -> int:
    """``play --seed``: a whole number the game record can hold (magnitude below 2**64)."""
    try:
        seed = int(text)
    except ValueError:  # not a number, or more digits than Python converts
        seed = MAX_SEED
    if not -MAX_SEED < seed < MAX_SEED:
        shown = repr(text if len(text) <= 30 else text[:27] + "...")
        raise argparse.ArgumentTypeError(
            f"{shown}: a seed is a whole number n with -2**64 < n < 2**64"
        )
    return seed


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose error messages cut a long argument they quote (``invalid
    choice: 'xxx...'``) as the commands' own messages do: a mistyped or hostile argument of
    100,000 characters made a line of as many."""

    def error(self, message: str) -> NoReturn:
        super().error(re.sub(r"\S{60,}", lambda m: m[0][:40] + "...", message))


def _parser() -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = _Parser(
        prog="boardrules",
        description="Play, simulate and replay dice board games.",
        epilog="Bots: random, greedy, expectimax[:depth=N], "
        "mcts[:iterations=N][:exploration=X][:rollout_depth=N|none], "
        "strong[:seconds=S]; human in play.",
    )
    parser.add_argument("--version", action="version", version=f"boardrules {br.__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    games = sub.add_parser("games", help="list the games and their options with defaults")
    games.set_defaults(run=_cmd_games, parser=games)

    def game_arguments(p: argparse.ArgumentParser, players_help: str | None) -> None:
        p.add_argument("game", metavar="GAME", help="the game (see: boardrules games)")
        if players_help is not None:
            p.add_argument("--players", metavar="LIST", help=players_help)
        p.add_argument(
            "-o",
            "--option",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a game option (repeatable); the value is read as JSON if it can be",
        )

    play = sub.add_parser("play", help="play a game in the terminal, against bots or watching")
    game_arguments(
        play,
        "comma-separated players, one per seat: human or a bot, e.g. human,mcts "
        "(default: random players in every seat; a number N means N random players)",
    )
    play.add_argument("--seed", type=_seed, help="fix the dice and the bots' choices")
    play.add_argument("--quiet", action="store_true", help="show only the final board")
    play.add_argument(
        "--record",
        type=a_path,
        metavar="FILE",
        help="keep the game record in FILE, rewritten after every move and undo",
    )
    play.add_argument("--start", type=a_path, metavar="STATE.json", help="start from this position")
    play.add_argument(
        "--resume", type=a_path, metavar="RECORD.json", help="go on with a recorded game"
    )
    play.set_defaults(run=_cmd_play, parser=play)

    def series_arguments(p: argparse.ArgumentParser, games_help: str) -> None:
        p.add_argument("--games", type=int, default=100, help=games_help)
        p.add_argument("--seed", type=int, default=0, help="seed of the series (0)")
        p.add_argument(
            "--workers",
            type=int,
            default=1,
            help="processes to use (1; 0: one per CPU); with Ray: batches in flight",
        )
        p.add_argument(
            "--backend",
            choices=("local", "ray"),
            default="local",
            help="where the games run: local processes or a Ray cluster (pip install "
            "'boardrules[ray]')",
        )
        p.add_argument(
            "--address", metavar="ADDR", help="with --backend ray: join this Ray cluster"
        )
        p.add_argument("--out", type=a_path, metavar="FILE.jsonl", help="write every game record")
        p.add_argument("--quiet", action="store_true", help="no progress on stderr")

    simulate = sub.add_parser("simulate", help="play many seeded games between bots")
    game_arguments(simulate, "comma-separated bots, one per seat, e.g. mcts,random")
    series_arguments(simulate, "how many games (100)")
    simulate.add_argument(
        "--rotate",
        action="store_true",
        help="move the players round the seats from game to game, to cancel seat advantages",
    )
    simulate.set_defaults(run=_cmd_simulate, parser=simulate)

    tourney = sub.add_parser(
        "tournament", help="every seating of every combination of bots, ranked by rating"
    )
    game_arguments(tourney, None)
    tourney.add_argument(
        "--bots", required=True, metavar="LIST", help="comma-separated bots, e.g. mcts,greedy"
    )
    series_arguments(tourney, "games per seating (10)")
    tourney.set_defaults(run=_cmd_tournament, parser=tourney, games=10)

    rep = sub.add_parser("replay", help="show or check recorded games")
    rep.add_argument("file", metavar="FILE", help="a record (play --record) or JSON Lines")
    rep.add_argument(
        "--check",
        action="store_true",
        help="only check that the records replay: every move legal, the result as recorded "
        "(the rolls are moves of the record; the seed is not used)",
    )
    rep.add_argument("--game", type=int, metavar="N", help="the N-th record of the file")
    rep.add_argument("--boards", action="store_true", help="show the board after every move")
    rep.add_argument(
        "--html", type=a_path, metavar="OUT.html", help="write a replay page for a browser"
    )
    rep.add_argument(
        "--state",
        type=int,
        metavar="N",
        help="print the position after the first N moves as a state document (-1: the "
        "last), for show, analyse and play --start",
    )
    rep.set_defaults(run=_cmd_replay, parser=rep)
    add_show(sub)
    add_analyse(sub)
    add_review(sub)
    add_web(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Bad arguments and input files that cannot be read print the usage and give 2; an input
    file that is not a valid document gives 2 with its message alone; a refusal of the game
    (a move of a record that is not legal, a recorded result the moves do not give, a
    ``--move`` not legal in the position, an ``--exact`` analysis out of reach) or a missing
    extra gives 1; Ctrl-C gives 130 (after ``simulate`` has printed the results so far).
    """
    if not _standard_output():
        print("boardrules: error: standard output is closed (send it to a file or to "
              f"{os.devnull})", file=sys.stderr)  # fmt: skip
        return 1
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    command: argparse.ArgumentParser = args.parser
    try:
        code: int = args.run(args)
        sys.stdout.flush()  # a full disk shows here, while it can still be reported
    except InputError as e:  # the arguments were right: the message alone, in one line
        print(f"{command.prog}: error: {e}", file=sys.stderr)
        return 2
    except UsageError as e:
        command.print_usage(sys.stderr)
        print(f"{command.prog}: error: {e}", file=sys.stderr)
        return 2
    except (br.BoardrulesError, MissingExtraError) as e:
        print(f"{command.prog}: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"\n{command.prog}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 1
    except OSError as e:  # a write that failed: standard output or an output file
        _quiet_stdout()
        where = f": {shown_path(e.filename)}" if e.filename else ""
        print(f"{command.prog}: error: {e.strerror or e}{where}", file=sys.stderr)
        return 1
    return code


def _standard_output() -> bool:
    """Whether there is a standard output to write to.  A standard stream closed when the
    command started (``<&-``, ``2>&-``, ``>&-``) is ``None`` in Python: an input closed reads
    as an empty one (``play`` ends its game as at the end of the input), messages closed go
    to the null device (the exit code still tells), output closed is refused."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (the process's stdin)
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (its stderr)
    return sys.stdout is not None


def _quiet_stdout() -> None:
    """Point standard output at the null device: what it still buffers would fail again
    when Python flushes it on exit, with a second message."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # no real file behind sys.stdout
        pass
