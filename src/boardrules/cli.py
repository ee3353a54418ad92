"""The command line: ``boardrules games | play | simulate | replay``.

Run ``python -m boardrules --help`` (or the ``boardrules`` script) for the usage; the
command-line guide in the documentation walks through each command.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TextIO

import attrs

import boardrules as br
from boardrules.bots import Bot, game_seed, make_bot, play_game
from boardrules.records import GameRecord, RecordError, check_result, replay

__all__ = ["HumanPlayer", "main"]


class _UsageError(Exception):
    """A bad argument: reported with the command's usage and exit code 2."""


class _Abandoned(Exception):
    """The person at the keyboard quit (``quit`` or the end of the input)."""

    def __init__(self, by_eof: bool) -> None:
        super().__init__("end of input" if by_eof else "quit")
        self.by_eof = by_eof


# ----------------------------------------------------------------------------- arguments


def _game_options(game: str, pairs: Sequence[str], seats: int | None) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as options (values read as JSON, else as text)."""
    if game not in br.available_games():
        raise _UsageError(f"unknown game {game!r}; games: {', '.join(br.available_games())}")
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name.strip():
            raise _UsageError(f"an option is NAME=VALUE, not {pair!r}")
        try:
            options[name.strip()] = json.loads(text)
        except ValueError:
            options[name.strip()] = text
    if seats is not None and options.setdefault("players", seats) != seats:
        raise _UsageError(
            f"--players lists {seats} players but the option players={options['players']}"
        )
    return options


def _start(game: str, options: dict[str, Any]) -> Any:
    try:
        return br.new_game(game, **options)
    except br.BoardrulesError as e:
        raise _UsageError(str(e)) from None


# Far more than any game seats; it keeps "--players 10000000000" from exhausting memory.
_MAX_SEATS = 64


def _player_specs(text: str | None, allow_human: bool) -> list[str] | None:
    """The ``--players`` list; a bare number means that many random players."""
    if text is None:
        return None
    if text.strip().isdigit():
        if int(text) > _MAX_SEATS:
            raise _UsageError(f"--players {text.strip()}: at most {_MAX_SEATS} players")
        return ["random"] * int(text)
    specs = [s.strip() for s in text.split(",")]
    for spec in specs:
        if spec.lower() == "human":
            if not allow_human:
                raise _UsageError("human players cannot take part in a simulation")
            continue
        try:
            make_bot(spec)
        except br.BoardrulesError as e:
            raise _UsageError(str(e)) from None
    return specs


def _setup(args: argparse.Namespace, allow_human: bool) -> tuple[Any, list[str]]:
    specs = _player_specs(args.players, allow_human)
    options = _game_options(args.game, args.option, None if specs is None else len(specs))
    start = _start(args.game, options)
    if specs is None:
        specs = ["random"] * br.num_players(start)
    return start, specs


# ----------------------------------------------------------------------------- games


def _cmd_games(args: argparse.Namespace) -> int:
    for name in br.available_games():
        try:
            game = br.get_game(name)
        except ImportError as e:  # a game under construction must not hide the others
            print(f"{name}\n  (cannot be loaded: {e})\n")
            continue
        print(f"{name}: {game.summary}")
        settings = [f"-o {o.name}={json.dumps(o.default)}" for o in game.options]
        width = max(map(len, settings), default=0)
        for setting, option in zip(settings, game.options, strict=True):
            print(f"  {setting:<{width}}  {option.doc}")
        print()
    return 0


# ----------------------------------------------------------------------------- play


class HumanPlayer:
    """A bot whose moves come from a person: it shows the board, lists the legal moves
    numbered with their notation, and reads a number or a notation.

    Bad input gets a message and the question again; ``quit`` or the end of the input
    abandons the game.  A forced move (the only legal one) is played without asking.
    """

    def __init__(
        self, read: Callable[[str], str] = input, out: TextIO | None = None
    ) -> None:
        self.read = read
        self.out = out

    def _say(self, text: str) -> None:
        print(text, file=self.out or sys.stdout)

    def choose(self, state: Any, rng: random.Random) -> Any:
        """Ask for a move until a legal one is given."""
        moves = br.legal_moves(state)
        player = br.current_player(state)
        if len(moves) == 1:
            self._say(f"player {player} (you): {moves[0]} (the only move)")
            return moves[0]
        self._say("")
        self._say(br.render(state))
        self._say(self._menu(player, moves))
        while True:
            try:
                text = self.read(f"player {player}, your move: ").strip()
            except EOFError:
                raise _Abandoned(by_eof=True) from None
            if text.lower() in ("q", "quit", "exit"):
                raise _Abandoned(by_eof=False)
            if text in ("", "?", "help"):
                self._say(self._menu(player, moves))
                continue
            if text.isdigit():
                if 1 <= int(text) <= len(moves):
                    return moves[int(text) - 1]
                self._say(f"no move number {text}: choose 1 to {len(moves)}")
                continue
            try:
                return br.parse_move(state, text)
            except br.BoardrulesError as e:
                self._say(f"not a legal move: {e}")

    @staticmethod
    def _menu(player: int, moves: Sequence[Any]) -> str:
        lines = [f"player {player}, your moves (a number or the notation; quit to stop):"]
        lines += [f"  {i:>2}. {move}" for i, move in enumerate(moves, 1)]
        return "\n".join(lines)


def _returns_text(values: Sequence[float]) -> str:
    return ", ".join(f"player {i}: {v:g}" for i, v in enumerate(values))


def _cmd_play(args: argparse.Namespace) -> int:
    start, specs = _setup(args, allow_human=True)
    seed = random.randrange(2**32) if args.seed is None else args.seed
    bots: list[Bot] = [HumanPlayer() if s.lower() == "human" else make_bot(s) for s in specs]
    print(f"{args.game}, seed {seed}: " + ", ".join(f"player {i} {s}" for i, s in enumerate(specs)))
    played = 0

    def show(state: Any, move: Any) -> None:
        nonlocal played
        played += 1
        if args.quiet:
            return
        player = br.current_player(state)
        if player == br.CHANCE:
            print(f"dice: {move}")
        elif specs[player].lower() != "human":
            print(f"player {player} ({specs[player]}): {move}")

    try:
        end, record = play_game(start, bots, seed, specs, on_move=show)
    except _Abandoned as e:
        print(f"game abandoned after {played} moves ({e})")
        return 1 if e.by_eof else 0
    print(br.render(end))
    print(f"{len(record.moves)} moves; result: {_returns_text(br.returns(end))}")
    if args.record:
        _write(args.record, record.to_json() + "\n")
        print(f"record written to {args.record}")
    return 0


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise _UsageError(f"cannot write {path}: {e.strerror}") from None


# ----------------------------------------------------------------------------- simulate


@attrs.frozen
class _Task:
    game: str
    options: dict[str, Any]
    specs: tuple[str, ...]
    series_seed: int
    index: int
    shift: int  # seat s is played by specs[(s + shift) % n]
    keep_record: bool


@attrs.frozen
class _Outcome:
    shift: int
    result: tuple[float, ...]
    moves: int
    decisions: int
    record: str | None


def _simulate_one(task: _Task) -> _Outcome:
    """Play game ``task.index`` of a series; runs in a worker process.

    The bots are made afresh for each game, so that a bot that learns as it plays gives
    the same results however the games are spread over the workers.
    """
    seated = task.specs[task.shift :] + task.specs[: task.shift]
    bots = [make_bot(s) for s in seated]
    decisions = 0

    def count(state: Any, move: Any) -> None:
        nonlocal decisions
        decisions += br.current_player(state) >= 0

    seed = game_seed(task.series_seed, task.index)
    start = br.new_game(task.game, **task.options)
    end, record = play_game(start, bots, seed, seated, on_move=count)
    return _Outcome(
        task.shift,
        tuple(br.returns(end)),
        len(record.moves),
        decisions,
        record.to_json() if task.keep_record else None,
    )


def _ignore_interrupts() -> None:
    # Ctrl-C reaches the whole process group; only the parent decides what to do with it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Progress:
    """Progress and an estimate of the time left, on stderr."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total = total
        self.enabled = enabled
        self.tty = sys.stderr.isatty()
        self.started = time.perf_counter()
        self.shown = 0.0
        self.next_tenth = 1

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        elapsed = now - self.started
        if self.tty:
            if now - self.shown < 0.2 and done < self.total:
                return
        elif done * 10 < self.next_tenth * self.total:
            return
        else:
            self.next_tenth = done * 10 // self.total + 1
        self.shown = now
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (self.total - done) / rate if rate > 0 else math.inf
        eta = "?" if math.isinf(left) else _duration(left)
        line = f"{done}/{self.total} games, {rate:.1f} games/s, about {eta} left"
        print(f"\r{line:<60}" if self.tty else line, end="" if self.tty else "\n", file=sys.stderr)
        sys.stderr.flush()

    def finish(self) -> None:
        if self.enabled and self.tty:
            print(file=sys.stderr)


def _duration(seconds: float) -> str:
    s = round(seconds)
    if s >= 3600:
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


def _run_series(tasks: Iterable[_Task], workers: int) -> Iterator[_Outcome]:
    """The outcomes in game order, computed in ``workers`` processes."""
    if workers == 1:
        yield from map(_simulate_one, tasks)
        return
    with multiprocessing.Pool(workers, initializer=_ignore_interrupts) as pool:
        yield from pool.imap(_simulate_one, tasks, chunksize=1)


def _wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _table(specs: Sequence[str], outcomes: Sequence[_Outcome], rotate: bool) -> str:
    """Per player: the share of wins with its Wilson interval, and the mean return with a
    normal-approximation interval; then the average length.

    A win is the best return of a game: shared when some players tie for it, whole for
    everyone when all players have the same positive return (a cooperative win), and nobody's
    when all have the same return of zero or less (a cooperative loss).
    """
    n = len(outcomes)
    seats = len(specs)
    width = max(6, *map(len, specs))
    first = "#" if rotate else "seat"
    lines = [f"{first:>4}  {'player':<{width}}  {'wins (95% CI)':<24}   mean return (95% CI)"]
    for player, spec in enumerate(specs):
        values = [o.result[(player - o.shift) % seats] for o in outcomes]
        wins = 0.0
        for o, value in zip(outcomes, values, strict=True):
            best = max(o.result)
            tied = sum(r == best for r in o.result)
            if value != best or (tied == seats and best <= 0):
                continue
            wins += 1 if tied == seats else 1 / tied
        low, high = _wilson(wins, n)
        mean = sum(values) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else math.nan
        half = 1.96 * sd / math.sqrt(n)
        lines.append(
            f"{player:>4}  {spec:<{width}}  {100 * wins / n:5.1f}%  [{100 * low:5.1f}%, "
            f"{100 * high:5.1f}%]   {mean:.3f} ± {half:.3f}"
        )
    moves = sum(o.moves for o in outcomes) / n
    decisions = sum(o.decisions for o in outcomes) / n
    lines.append(f"average length: {moves:.1f} moves ({decisions:.1f} decisions, the rest dice)")
    return "\n".join(lines)


def _cmd_simulate(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise _UsageError("--games must be at least 1")
    if args.workers < 0:
        raise _UsageError("--workers must be 0 (one per CPU) or more")
    start, specs = _setup(args, allow_human=False)
    game = br.game_of(start)
    options = game.options_of(start)
    workers = args.workers or os.cpu_count() or 1
    workers = min(workers, args.games)
    out: TextIO | None = None
    if args.out:
        try:
            out = open(args.out, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as e:
            raise _UsageError(f"cannot write {args.out}: {e.strerror}") from None
    # A generator: the pool takes tasks as workers become free, so memory stays flat.
    tasks = (
        _Task(
            game.name,
            options,
            tuple(specs),
            args.seed,
            i,
            i % len(specs) if args.rotate else 0,
            out is not None,
        )
        for i in range(args.games)
    )
    print(
        f"{game.name}: {args.games} games, seed {args.seed}, {workers} worker(s); options "
        + json.dumps(options, sort_keys=True),
        flush=True,
    )
    progress = _Progress(args.games, not args.quiet)
    outcomes: list[_Outcome] = []
    began = time.perf_counter()
    interrupted = False
    try:
        for outcome in _run_series(tasks, workers):
            outcomes.append(outcome)
            if out is not None and outcome.record is not None:
                out.write(outcome.record + "\n")
            progress.update(len(outcomes))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        progress.finish()
        if out is not None:
            out.close()
    seconds = time.perf_counter() - began
    if interrupted:
        print(f"interrupted: {len(outcomes)} of {args.games} games were played")
    if not outcomes:
        return 130 if interrupted else 0
    if args.rotate:
        print("seats rotate: in game i (from 0), player # sits in seat (# - i) mod players")
    print(_table(specs, outcomes, args.rotate))
    moves = sum(o.moves for o in outcomes)
    print(
        f"speed: {len(outcomes) / seconds:.2f} games/s, {moves / seconds:.0f} moves/s "
        f"({seconds:.1f} s)"
    )
    if out is not None:
        print(f"{len(outcomes)} records written to {args.out}")
    return 130 if interrupted else 0


# ----------------------------------------------------------------------------- replay


def _read_records(path: str) -> list[GameRecord]:
    try:
        with open(path, encoding="utf-8") as f:
            lines = [line for line in f.read().splitlines() if line.strip()]
    except OSError as e:
        raise _UsageError(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise _UsageError(f"{path} is not a text file of game records") from None
    if not lines:
        raise _UsageError(f"{path} holds no game record")
    records = []
    for number, line in enumerate(lines, 1):
        try:
            records.append(GameRecord.from_json(line))
        except RecordError as e:
            raise RecordError(f"record {number}: {e}") from None
    return records


def _cmd_replay(args: argparse.Namespace) -> int:
    records = _read_records(args.file)
    if args.game is not None and not 1 <= args.game <= len(records):
        raise _UsageError(f"--game must be between 1 and {len(records)} for {args.file}")
    chosen = range(len(records)) if args.game is None else [args.game - 1]
    if args.check:
        moves = 0
        for i in chosen:
            state = records[i].first_state()
            try:
                for _, _, following in replay(records[i]):
                    state = following
                    moves += 1
                check_result(records[i], state)
            except br.BoardrulesError as e:
                print(f"record {i + 1}: {e}", file=sys.stderr)
                return 1
        print(f"ok: {len(chosen)} record(s), {moves} moves replayed, results as recorded")
        return 0
    record = records[chosen[0]]
    print(
        f"{record.game} {json.dumps(record.options, sort_keys=True)}, seed {record.seed}: "
        + ", ".join(f"player {i} {p}" for i, p in enumerate(record.players))
    )
    state = record.first_state()
    print(br.render(state))
    for number, (before, move, state) in enumerate(replay(record), 1):
        player = br.current_player(before)
        who = "dice" if player == br.CHANCE else f"player {player}"
        if player >= 0 and record.players:
            who += f" ({record.players[player]})"
        print(f"{number:>5}. {who}: {move}")
        if args.boards:
            print(br.render(state))
    check_result(record, state)
    if not args.boards:
        print(br.render(state))
    status = _returns_text(br.returns(state)) if br.is_terminal(state) else "not finished"
    print(f"{len(record.moves)} moves; result: {status}")
    return 0


# ----------------------------------------------------------------------------- main


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardrules",
        description="Play, simulate and replay dice board games.",
        epilog="Bots: random, greedy, expectimax[:depth=N], "
        "mcts[:iterations=N][:exploration=X][:rollout_depth=N|none]; human in play.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    games = sub.add_parser("games", help="list the games and their options with defaults")
    games.set_defaults(run=_cmd_games, parser=games)

    def game_arguments(p: argparse.ArgumentParser, players_help: str) -> None:
        p.add_argument("game", metavar="GAME", help="the game (see: boardrules games)")
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
    play.add_argument("--seed", type=int, help="fix the dice and the bots' choices")
    play.add_argument("--quiet", action="store_true", help="show only the final board")
    play.add_argument("--record", metavar="FILE", help="write the game record to FILE")
    play.set_defaults(run=_cmd_play, parser=play)

    simulate = sub.add_parser("simulate", help="play many seeded games between bots")
    game_arguments(simulate, "comma-separated bots, one per seat, e.g. mcts,random")
    simulate.add_argument("--games", type=int, default=100, help="how many games (100)")
    simulate.add_argument("--seed", type=int, default=0, help="seed of the series (0)")
    simulate.add_argument(
        "--workers", type=int, default=1, help="processes to use (1; 0: one per CPU)"
    )
    simulate.add_argument("--out", metavar="FILE.jsonl", help="write every game record")
    simulate.add_argument(
        "--rotate",
        action="store_true",
        help="move the players round the seats from game to game, to cancel seat advantages",
    )
    simulate.add_argument("--quiet", action="store_true", help="no progress on stderr")
    simulate.set_defaults(run=_cmd_simulate, parser=simulate)

    rep = sub.add_parser("replay", help="show or check recorded games")
    rep.add_argument("file", metavar="FILE", help="a record (play --record) or JSON Lines")
    rep.add_argument("--check", action="store_true", help="only check that the records replay")
    rep.add_argument("--game", type=int, metavar="N", help="the N-th record of the file")
    rep.add_argument("--boards", action="store_true", help="show the board after every move")
    rep.set_defaults(run=_cmd_replay, parser=rep)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Bad arguments print the usage and give 2; a damaged record given to ``replay`` gives 1;
    Ctrl-C during ``simulate`` gives 130 after printing the results so far.
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 2
    command: argparse.ArgumentParser = args.parser
    try:
        code: int = args.run(args)
    except _UsageError as e:
        command.print_usage(sys.stderr)
        print(f"{command.prog}: error: {e}", file=sys.stderr)
        return 2
    except br.BoardrulesError as e:
        print(f"{command.prog}: error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"\n{command.prog}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1
    return code
