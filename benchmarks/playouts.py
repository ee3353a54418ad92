"""Random playouts of a boardrules game: games, dice rolls and decisions per second.

Plays whole games between uniformly random players with the loop of the README, through
the public game-independent API only, in one process, for at least ``--seconds`` seconds::

    python benchmarks/playouts.py parchis --seconds 5 --players 4 --seed 1
    python benchmarks/playouts.py dorasure --players 4 --against parchis

``--against GAME`` measures the game's speed relative to another's in one run: rounds in
which each plays for ``--seconds`` (the same players count, the other game's default
options), the two taking turns every tenth of a second (whole games) so that a busy
moment of the machine slows both alike, and prints the plies (rolls and decisions) per
second of each and their ratio, as the median of the rounds' ratios and as the ratio of
the best rounds.

A *roll* is a move at a chance node, drawn by :func:`boardrules.sample_chance` with the
caller's random generator (exact probabilities), and a *decision* a move at a player's
node, drawn by ``rng.choice``.  So the figures are those a user's own loop gets.
The checkout's ``src/`` comes first on the path, so this measures the code beside it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import boardrules as br


def games(game: str, options: dict[str, Any], seed: int) -> Iterator[tuple[int, int]]:
    """Random games of ``game`` with ``options``, one after the other without end, each
    played whole with the README's loop: the rolls and decisions of each."""
    rng = random.Random(seed)
    while True:
        state = br.new_game(game, **options)
        rolls = decisions = 0
        while not br.is_terminal(state):  # the README's loop, as a user writes it
            if br.is_chance(state):
                move = br.sample_chance(state, rng)
                rolls += 1
            else:
                move = rng.choice(br.legal_moves(state))
                decisions += 1
            state = br.apply_move(state, move)
        yield rolls, decisions


def run(
    game: str, seconds: float, options: dict[str, Any], seed: int
) -> tuple[int, int, int, float]:
    """Play random games of ``game`` with ``options`` until ``seconds`` have passed (the last
    game is played to its end); return the games, rolls and decisions played and the time
    taken."""
    played = games(game, options, seed)
    count = rolls = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        r, d = next(played)
        count, rolls, decisions = count + 1, rolls + r, decisions + d
    return count, rolls, decisions, time.perf_counter() - start


def game_arguments(doc: str | None, seconds: float, seconds_help: str) -> argparse.ArgumentParser:
    """The parser of a playing benchmark (this one, ``rl_steps.py``, ``openspiel_steps.py``):
    the game, ``--seconds`` (default ``seconds``), ``--players``, ``--seed`` and the game's
    options as ``-o NAME=VALUE``; the description is the first paragraph of ``doc``."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("game", help=f"one of: {', '.join(br.available_games())}")
    parser.add_argument("--seconds", type=float, default=seconds, help=seconds_help)
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
    return parser


def game_options(
    parser: argparse.ArgumentParser, players: int | None, items: list[str]
) -> dict[str, Any]:
    """The game's options from ``--players`` and ``-o NAME=VALUE`` (values in JSON)."""
    options: dict[str, Any] = {} if players is None else {"players": players}
    for item in items:
        name, sep, text = item.partition("=")
        if not sep:
            parser.error(f"--option takes NAME=VALUE, not {item!r}")
        try:
            options[name] = json.loads(text)
        except ValueError:
            options[name] = text  # a bare word is a string
    return options


def main(argv: list[str] | None = None) -> int:
    parser = game_arguments(__doc__, 5.0, "time to play (default 5)")
    parser.add_argument(
        "--against", metavar="GAME", help="measure the ratio of plies/s to this game's"
    )
    parser.add_argument(
        "--rounds", type=int, default=5, help="rounds of each game with --against (default 5)"
    )
    args = parser.parse_args(argv)
    options = game_options(parser, args.players, args.option)
    try:
        start = br.new_game(args.game, **options)
    except br.BoardrulesError as e:
        print(f"playouts: {e}", file=sys.stderr)
        return 2
    n = br.num_players(start)
    if args.against:
        return _against(args, options)
    count, rolls, decisions, elapsed = run(args.game, args.seconds, options, args.seed)
    shown = "".join(f", {k}={v}" for k, v in options.items() if k != "players")
    print(f"{args.game}, {n} players{shown}, seed {args.seed}: {count} games in {elapsed:.2f} s")
    print(f"games/s      {count / elapsed:12,.1f}")
    print(f"rolls/s      {rolls / elapsed:12,.0f}   ({rolls / count:,.1f} per game)")
    print(f"decisions/s  {decisions / elapsed:12,.0f}   ({decisions / count:,.1f} per game)")
    return 0


#: The length of a slice of ``--against``: the two games take turns this often, so that a
#: moment when the machine is busy slows both of them alike.
SLICE = 0.1


def _round(
    pair: tuple[tuple[str, dict[str, Any]], tuple[str, dict[str, Any]]], seconds: float, seed: int
) -> tuple[float, float]:
    """One round: each game of ``pair`` plays for ``seconds`` in slices of :data:`SLICE`
    taken in turn (whole games); the plies per second of each."""
    players = [games(game, opts, seed) for game, opts in pair]
    plies, spent = [0, 0], [0.0, 0.0]
    while min(spent) < seconds:
        for k, played in enumerate(players):
            start = time.perf_counter()
            while time.perf_counter() - start < SLICE:
                plies[k] += sum(next(played))
            spent[k] += time.perf_counter() - start
    return plies[0] / spent[0], plies[1] / spent[1]


def _against(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """Rounds of the game and of ``args.against`` taking turns; print their plies/s and
    ratio."""
    other: dict[str, Any] = {"players": options["players"]} if "players" in options else {}
    ours: list[float] = []
    theirs: list[float] = []
    for r in range(args.rounds):
        pair = ((args.game, options), (args.against, other))
        mine, its = _round(pair, args.seconds, args.seed + r)
        ours.append(mine)
        theirs.append(its)
    ratios = sorted(a / b for a, b in zip(ours, theirs, strict=True))
    print(f"plies/s (best of {args.rounds} rounds of {args.seconds:g} s each):")
    print(f"  {args.game:12s} {max(ours):12,.0f}")
    print(f"  {args.against:12s} {max(theirs):12,.0f}")
    print(
        f"ratio: {ratios[len(ratios) // 2]:.3f} (median of the rounds), "
        f"{max(ours) / max(theirs):.3f} (best against best)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
