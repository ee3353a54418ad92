"""``boardrules games`` and ``boardrules play``: the games, and a game in the terminal."""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import boardrules as br
from boardrules.bots import Bot, make_bot, play_game
from boardrules.cli._common import returns_text, start_and_players, write_text


class _Abandoned(Exception):
    """The person at the keyboard quit (``quit`` or the end of the input)."""

    def __init__(self, by_eof: bool) -> None:
        super().__init__("end of input" if by_eof else "quit")
        self.by_eof = by_eof


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


def _cmd_play(args: argparse.Namespace) -> int:
    start, specs = start_and_players(args, allow_human=True)
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
    print(f"{len(record.moves)} moves; result: {returns_text(br.returns(end))}")
    if args.record:
        write_text(args.record, record.to_json() + "\n")
        print(f"record written to {args.record}")
    return 0
