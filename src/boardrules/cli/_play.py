"""``boardrules games`` and ``boardrules play``: the games, and a game in the terminal."""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import random
import stat
import sys
import tempfile
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

import boardrules as br
from boardrules._interrupts import HeldInterrupt, interrupts_held
from boardrules._values import ascii_count, shortened, shown_message, shown_path
from boardrules.analysis import best_moves
from boardrules.api import FORMAT as STATE_FORMAT
from boardrules.bots import Bot, RandomBot, make_bot
from boardrules.cli._analyse import player_names, values_text
from boardrules.cli._common import (
    InputError,
    UsageError,
    _player_specs,
    document_kind,
    open_record,
    players_text,
    read_record_line,
    read_text,
    result_text,
    start_and_players,
    wrong_kind,
)
from boardrules.cli._news import news
from boardrules.records import RECORD_FORMAT, GameRecord, final_state


class _Undo(Exception):
    """The person at the keyboard asked to take back their last move."""


class _Abandoned(Exception):
    """The person at the keyboard quit (``quit`` or the end of the input)."""

    def __init__(self, by_eof: bool) -> None:
        super().__init__("end of input" if by_eof else "quit")
        self.by_eof = by_eof

    def __reduce__(self) -> tuple[type[_Abandoned], tuple[bool], dict[str, object]]:
        # its argument, not its message; its attributes and notes too (it pickles whole)
        return (_Abandoned, (self.by_eof,), dict(vars(self)))


def _cmd_games(args: argparse.Namespace) -> int:
    for name in br.available_games():
        try:
            game = br.get_game(name)
        except ImportError as e:  # a game under construction must not hide the others
            print(f"{name}\n  (cannot be loaded: {e})\n")
            continue
        print(f"{name}: {game.summary}")
        settings = [_setting(o.name, o.default) for o in game.options]
        width = max(map(len, settings), default=0)
        for setting, option in zip(settings, game.options, strict=True):
            print(f"  {setting:<{width}}  {' '.join(option.doc.split())}")
        print()
    return 0


# A default longer than this (Dorasure's map) is not printed: the docs page shows it.
_LONGEST_DEFAULT = 24


def _setting(name: str, default: Any) -> str:
    text = json.dumps(default)
    if len(text) > _LONGEST_DEFAULT:
        text = "<long: see the game's page in the docs>"
    return f"-o {name}={text}"


def _ask(prompt: str) -> str:
    return input(prompt)


class HumanPlayer:
    """A bot whose moves come from a person: it shows the board, lists the legal moves
    numbered with their notation, and reads a number or a notation.

    ``read`` asks for a line (default: :func:`input`).  Bad input gets a message and the
    question again; ``quit`` or the end of the input
    abandons the game; ``hint`` shows the best move by :func:`boardrules.analysis.best_moves`
    in ``hint_seconds`` (``hint S``: in S seconds; solved when the position is small
    enough, else estimated by rollouts); ``undo`` takes back this player's
    last move (when the game loop allows it).  A forced move (the only legal one) is played
    without asking or printing: the game loop of ``boardrules play`` prints every move once,
    marking a forced one.  Players are named by colour or hero.
    """

    #: The time a hint takes unless told (``hint S``).
    HINT_SECONDS = 5.0

    def __init__(
        self,
        read: Callable[[str], str] | None = None,
        out: TextIO | None = None,
        hint_seconds: float = HINT_SECONDS,
    ) -> None:
        # input() is looked up when asked, so that a replaced input() is used.
        self.read: Callable[[str], str] = read if read is not None else _ask
        self.out = out
        self.hint_seconds = hint_seconds

    def _say(self, text: str) -> None:
        print(text, file=self.out or sys.stdout)

    def choose(self, state: Any, rng: random.Random) -> Any:
        """Ask for a move until a legal one is given."""
        moves = br.legal_moves(state)
        player = br.current_player(state)
        who = player_names(state)[player]
        if len(moves) == 1:
            return moves[0]
        self._say("")
        self._say(br.render(state))
        self._say(self._menu(who, moves))
        while True:
            try:
                text = self.read(f"{who}, your move: ").strip()
            except EOFError:
                raise _Abandoned(by_eof=True) from None
            if text.lower() in ("q", "quit", "exit"):
                raise _Abandoned(by_eof=False)
            if text in ("", "?", "help"):
                self._say(self._menu(who, moves))
                continue
            if text.lower().split()[:1] == ["hint"]:
                self._say(self._hint(state, text.split()[1:]))
                continue
            if text.lower() == "undo":
                raise _Undo
            number = ascii_count(text)
            if number is not None:
                if 1 <= number <= len(moves):
                    return moves[number - 1]
                self._say(f"no move number {text}: choose 1 to {len(moves)}")
                continue
            try:
                return br.parse_move(state, text)
            except br.BoardrulesError as e:
                self._say(f"not a legal move: {e}")

    def _hint(self, state: Any, words: Sequence[str] = ()) -> str:
        seconds = self.hint_seconds
        if words:
            try:
                seconds = float(words[0])
            except ValueError:
                seconds = -1.0
            if not 0 < seconds <= 600:
                return "hint S: S is a number of seconds, more than 0 and at most 600"
        found = best_moves(state, seconds=seconds)
        names = player_names(state)
        move, values = found.ranked()[0]
        half = found.half.get(move, ())
        return f"hint: {move} ({values_text(names, values, half=half)}; {found.describe()})"

    @staticmethod
    def _menu(who: str, moves: Sequence[Any]) -> str:
        lines = [f"{who}, your moves (a number or the notation; hint, undo, quit):"]
        lines += [f"  {i:>2}. {move}" for i, move in enumerate(moves, 1)]
        return "\n".join(lines)


@functools.cache
def _umask() -> int:
    """The process's umask (read by setting it, so once, when a record is first written)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _write_record_file(path: str, text: str) -> None:
    """Write ``text`` into the file at ``path`` so that it is never half written: into a new
    file beside it, which then replaces it.  A symbolic link is followed (the file it points
    at is replaced, the link stays), a file's permissions are kept (a private record stays
    private), and what is no regular file (a FIFO, a device such as /dev/null) is written
    into as it is: replacing it would put a plain file in its place."""
    target = os.path.realpath(path)
    try:
        found = os.stat(target)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()  # as open() would make it, not mkstemp's 0600
    else:
        if not stat.S_ISREG(found.st_mode):
            with open(target, "w", encoding="utf-8") as f:
                f.write(text)
            return
        mode = stat.S_IMODE(found.st_mode)
    folder, name = os.path.split(target)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".partial")
    try:
        os.chmod(temporary, mode)
        with open(handle, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temporary, target)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(temporary)
        raise


class _Game:
    """One game at the terminal: the moves so far, the record file kept up to date, undo.

    The file always holds exactly the moves on the board: it is rewritten (atomically) after
    every move and every undo, and Ctrl-C is held back while a move or an undo and its
    record are made, so an interrupted game is never one move ahead of its file.
    """

    def __init__(self, args: argparse.Namespace, start: Any, specs: list[str],
                 moves: list[Any], seed: int) -> None:  # fmt: skip
        self.args, self.start, self.specs, self.seed = args, start, specs, seed
        self.names = player_names(start)
        self.bots: list[Bot] = [
            HumanPlayer() if s.lower() == "human" else make_bot(s) for s in specs
        ]
        # The dice and each bot draw from generators of the seed, as play_game does; a
        # resumed game mixes in the number of moves already played.
        tag = f"{seed}" if not moves else f"{seed}:resumed at {len(moves)}"
        self.dice = random.Random(seed if not moves else tag)
        self.rngs = [random.Random(f"{tag}:seat {i}") for i in range(len(specs))]
        self.moves = moves
        self.states = [start]
        for move in moves:
            self.states.append(br.apply_move(self.states[-1], move))
        self.texts = [str(move) for move in moves]
        # The record without its moves and result, which save() fills in.
        self.blank = GameRecord.of(start, [], specs, seed, end=start)
        self.held = HeldInterrupt()  # _cmd_play installs it as the handler of Ctrl-C

    def save(self) -> None:
        """Write the record as it stands (``result`` is null until the game ends): into a
        new file beside it, which then replaces it, so the file is never half written."""
        path = self.args.record
        if not path:
            return
        end = self.states[-1]
        record = attrs.evolve(
            self.blank,
            moves=tuple(self.texts),
            result=tuple(br.returns(end)) if br.is_terminal(end) else None,
        )
        try:
            _write_record_file(path, record.to_json() + "\n")
        except OSError as e:
            raise UsageError(f"cannot write the record {shown_path(path)}: {e.strerror}") from None

    def advance(self, move: Any) -> None:
        """Play ``move`` and write the record."""
        following = br.apply_move(self.states[-1], move)
        with self.held:
            self.moves.append(move)
            self.texts.append(str(move))
            self.states.append(following)
            self.save()

    def undo(self) -> list[str]:
        """Go back to the last real choice (not a forced move) of the player to move now,
        and write the record; the moves taken back, each with who played it (none when
        there was no such choice).  The dice after it will be rolled afresh."""
        player = br.current_player(self.states[-1])
        for i in range(len(self.moves) - 1, -1, -1):
            before = self.states[i]
            if br.current_player(before) == player and len(br.legal_moves(before)) > 1:
                taken = [self.who(state) + text for state, text in
                         zip(self.states[i:], self.texts[i:], strict=False)]  # fmt: skip
                with self.held:
                    del self.moves[i:]
                    del self.texts[i:]
                    del self.states[i + 1 :]
                    self.save()
                return taken
        return []

    def who(self, state: Any) -> str:
        """``yellow `` before a player's move, ``dice `` before a roll."""
        player = br.current_player(state)
        return "dice " if player == br.CHANCE else f"{self.names[player]} "

    def play(self) -> Any:
        roller = RandomBot()
        while True:
            state = self.states[-1]
            player = br.current_player(state)
            if player == br.TERMINAL:
                return state
            try:
                if player == br.CHANCE:
                    move = roller.choose(state, self.dice)
                else:
                    move = self.bots[player].choose(state, self.rngs[player])
            except _Undo:
                taken = self.undo()
                if taken:
                    count = "1 move" if len(taken) == 1 else f"{len(taken)} moves"
                    print(f"taken back ({count}): {', '.join(taken)}")
                else:
                    print("nothing to take back yet")
                continue
            self.advance(move)
            self.show(state, move, self.states[-1])

    def show(self, state: Any, move: Any, following: Any) -> None:
        """Print the move once, with what it did in words (captures, bonuses...)."""
        if self.args.quiet:
            return
        player = br.current_player(state)
        if player == br.CHANCE:
            line = f"dice: {move}"
        else:
            forced = " (the only move)" if len(br.legal_moves(state)) == 1 else ""
            line = f"{self.names[player]} ({self.specs[player]}) plays {move}{forced}"
        events = news(state, move, following)
        print(line + (": " + "; ".join(events) if events else ""))


def _begin(args: argparse.Namespace) -> tuple[Any, list[str], list[Any], int | None]:
    """The first position, the players, the moves already played and the seed."""
    if args.start and args.resume:
        raise UsageError("give --start or --resume, not both")
    if args.resume:
        text = read_text(args.resume, "the record")
        kind, count = document_kind(text)
        if kind != RECORD_FORMAT:
            advice = ": start from it with --start" if kind == STATE_FORMAT else ""
            raise wrong_kind(args.resume, text, (RECORD_FORMAT,), advice)
        if count != 1:
            raise InputError(f"{shown_path(args.resume)}: --resume takes a file of one game record")
        record = read_record_line(text, args.resume)
        if record.game != args.game:
            raise UsageError(
                f"{shown_path(args.resume)} is a game of {shortened(record.game)}, not {args.game}"
            )
        start = open_record(record, args.resume)
        final_state(record)  # checks every move: one that cannot be played gives exit code 1
        moves, state = [], start
        for text in record.moves:
            move = br.parse_move(state, text)
            moves.append(move)
            state = br.apply_move(state, move)
        specs = _specs(args, start) or list(record.players) or ["random"] * br.num_players(start)
        return start, specs, moves, record.seed
    if args.start:
        text = read_text(args.start, "the position")
        kind, count = document_kind(text)
        if kind != STATE_FORMAT or count != 1:
            advice = (
                f": go on with it with --resume, or start from one of its positions, "
                f"written by boardrules replay {shown_path(args.start)} --state N"
                if kind == RECORD_FORMAT
                else ""
            )
            raise wrong_kind(args.start, text, (STATE_FORMAT,), advice)
        try:
            start = br.from_json(text)
        except br.BoardrulesError as e:
            raise InputError(f"{shown_path(args.start)}: {shown_message(e)}") from None
        if br.game_of(start).name != args.game:
            raise UsageError(f"{shown_path(args.start)} is a position of {br.game_of(start).name}, "
                             f"not {args.game}")  # fmt: skip
        if args.option:
            raise UsageError("--start gives the options; -o cannot change them")
        return start, _specs(args, start) or ["random"] * br.num_players(start), [], None
    start, specs = start_and_players(args, allow_human=True)
    return start, specs, [], None


def _specs(args: argparse.Namespace, start: Any) -> list[str] | None:
    if args.players is None:
        return None
    specs = _player_specs(args.players, allow_human=True)
    assert specs is not None
    if len(specs) != br.num_players(start):
        raise UsageError(f"--players lists {len(specs)} players for a game of "
                         f"{br.num_players(start)}")  # fmt: skip
    return specs


def _cmd_play(args: argparse.Namespace) -> int:
    start, specs, moves, recorded_seed = _begin(args)
    seed = recorded_seed if recorded_seed is not None else args.seed
    if seed is None:
        seed = random.randrange(2**32)
    game = _Game(args, start, specs, moves, seed)
    game.save()  # a bad --record path fails now, not after a long game
    print(f"{args.game}, seed {seed}: {players_text(start, specs)}")
    if moves:
        print(f"resumed after {len(moves)} moves")
    try:
        with interrupts_held() as held:
            game.held = held
            end = game.play()
    except (_Abandoned, KeyboardInterrupt) as e:
        by_eof = isinstance(e, _Abandoned) and e.by_eof
        why = e if isinstance(e, _Abandoned) else "interrupted"
        # The position where the game stopped, which is the one its record leads to.
        print(br.render(game.states[-1]))
        print(f"game abandoned after {len(game.moves)} moves ({why})")
        if args.record:
            print(f"the record so far is in {args.record} (result: null)")
        if isinstance(e, KeyboardInterrupt):
            return 130
        return 1 if by_eof else 0
    print(br.render(end))
    print(f"{len(game.moves)} moves; result: {result_text(end)}")
    if args.record:
        print(f"record written to {args.record}")
    return 0
