"""Random playouts of a boardrules game: games, dice rolls and decisions per second.

Plays whole games between uniformly random players, through the public game-independent
API only (as a bot would), in one process, for at least ``--seconds`` seconds::

    python benchmarks/playouts.py parchis --seconds 5 --players 4 --seed 1

A *roll* is a move at a chance node and a *decision* a move at a player's node.  The dice
are drawn from :func:`boardrules.chance_outcomes` with the caller's random generator; the
float weights of an outcome tuple are cached by identity, so the library's exact
``Fraction`` probabilities are converted once per distinct tuple, not once per roll.
The checkout's ``src/`` comes first on the path, so this measures the code beside it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import boardrules as br


class _Dice:
    """Draws chance outcomes with float weights cached per (identical) outcome tuple."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng
        self._cache: dict[int, tuple[tuple[Any, ...], list[float], list[Any]]] = {}

    def draw(self, outcomes: tuple[Any, ...]) -> Any:
        entry = self._cache.get(id(outcomes))
        if entry is None or entry[0] is not outcomes:
            if len(self._cache) > 4096:  # a game that builds tuples afresh: keep memory bounded
                self._cache.clear()
            weights, acc = [], 0.0
            for _, p in outcomes:
                acc += float(p)
                weights.append(acc)
            entry = (outcomes, weights, [m for m, _ in outcomes])
            self._cache[id(outcomes)] = entry
        _, weights, moves = entry
        x = self._rng.random() * weights[-1]
        i = 0
        while weights[i] <= x:
            i += 1
        return moves[i]


def run(
    game: str, seconds: float, options: dict[str, Any], seed: int
) -> tuple[int, int, int, float]:
    """Play random games of ``game`` with ``options`` until ``seconds`` have passed (the last
    game is played to its end); return the games, rolls and decisions played and the time
    taken."""
    rng = random.Random(seed)
    dice = _Dice(rng)
    new_game, current_player = br.new_game, br.current_player
    legal_moves, chance_outcomes, apply_move = br.legal_moves, br.chance_outcomes, br.apply_move
    chance, terminal = br.CHANCE, br.TERMINAL
    games = rolls = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(game, **options)
        while True:
            p = current_player(state)
            if p == terminal:
                break
            if p == chance:
                move = dice.draw(chance_outcomes(state))
                rolls += 1
            else:
                moves = legal_moves(state)
                move = moves[rng.randrange(len(moves))]
                decisions += 1
            state = apply_move(state, move)
        games += 1
    return games, rolls, decisions, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help=f"one of: {', '.join(br.available_games())}")
    parser.add_argument("--seconds", type=float, default=5.0, help="time to play (default 5)")
    parser.add_argument("--players", type=int, default=None, help="default: the game's")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, the value in JSON (e.g. -o fang=true); may be repeated",
    )
    args = parser.parse_args(argv)
    options: dict[str, Any] = {} if args.players is None else {"players": args.players}
    for item in args.option:
        name, sep, text = item.partition("=")
        if not sep:
            parser.error(f"--option takes NAME=VALUE, not {item!r}")
        try:
            options[name] = json.loads(text)
        except ValueError:
            options[name] = text  # a bare word is a string
    try:
        start = br.new_game(args.game, **options)
    except br.BoardrulesError as e:
        print(f"playouts: {e}", file=sys.stderr)
        return 2
    n = br.num_players(start)
    games, rolls, decisions, elapsed = run(args.game, args.seconds, options, args.seed)
    shown = "".join(f", {k}={v}" for k, v in options.items() if k != "players")
    print(f"{args.game}, {n} players{shown}, seed {args.seed}: {games} games in {elapsed:.2f} s")
    print(f"games/s      {games / elapsed:12,.1f}")
    print(f"rolls/s      {rolls / elapsed:12,.0f}   ({rolls / games:,.1f} per game)")
    print(f"decisions/s  {decisions / elapsed:12,.0f}   ({decisions / games:,.1f} per game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
