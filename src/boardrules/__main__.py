"""The command line: ``python -m boardrules play GAME --seed N``."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

import boardrules as br


def _play(game: str, players: int | None, seed: int, quiet: bool) -> int:
    options = {} if players is None else {"players": players}
    state = br.new_game(game, **options)
    rng = random.Random(seed)
    moves = 0
    while not br.is_terminal(state):
        if br.is_chance(state):
            move = br.sample_chance(state, rng)
        else:
            move = rng.choice(br.legal_moves(state))
            if not quiet:
                print(f"player {br.current_player(state)}: {move}")
        state = br.apply_move(state, move)
        moves += 1
    print(br.render(state))
    print(f"{moves} moves; returns {br.returns(state)}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m boardrules`` and the ``boardrules`` script."""
    parser = argparse.ArgumentParser(prog="boardrules", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a seeded game between random players")
    play.add_argument("game", choices=br.available_games())
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--quiet", action="store_true", help="show only the final board")
    args = parser.parse_args(argv)
    try:
        return _play(args.game, args.players, args.seed, args.quiet)
    except br.BoardrulesError as e:
        print(f"boardrules: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
