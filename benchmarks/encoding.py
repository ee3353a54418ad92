"""Speed of the action encoding and the observations of a boardrules game.

Collects the states of random games (uniform decisions, exact chance), then times, over the
same states, ``legal_moves`` (memoised: the cost of a lookup), ``legal_actions``,
``observation`` from the seat of the player to move (seat 0 at chance nodes) and
``action_to_move`` of a legal action, in calls per second; and it plays random games
step by step, plainly and with ``legal_actions`` + ``observation`` at every step (what an
environment computes), so that the two steps/s can be compared::

    python benchmarks/encoding.py parchis --players 4 --seconds 3

The checkout's ``src/`` comes first on the path, so this measures the code beside it.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import boardrules as br


def states_of(game: str, options: dict[str, Any], count: int, seed: int) -> list[Any]:
    """The states of random games, start to end, until ``count`` are collected."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        state = br.new_game(game, **options)
        while not br.is_terminal(state) and len(out) < count:
            out.append(state)
            if br.is_chance(state):
                move = br.sample_chance(state, rng)
            else:
                moves = br.legal_moves(state)
                move = moves[rng.randrange(len(moves))]
            state = br.apply_move(state, move)
    return out


def rate(function: Callable[[Any], object], states: list[Any], seconds: float) -> float:
    """Calls per second of ``function`` over ``states``, repeated for ``seconds``."""
    calls = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in states:
            function(state)
        calls += len(states)
    return calls / (time.perf_counter() - start)


def steps(game: str, options: dict[str, Any], seconds: float, seed: int, encode: bool) -> float:
    """Moves per second of random games, with the encoding of every step if ``encode``."""
    rng = random.Random(seed)
    legal_moves, apply_move, current_player = br.legal_moves, br.apply_move, br.current_player
    legal_actions, observation = br.legal_actions, br.observation
    chance, terminal = br.CHANCE, br.TERMINAL
    moved = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = br.new_game(game, **options)
        while True:
            p = current_player(state)
            if p == terminal:
                break
            if p == chance:
                move = br.sample_chance(state, rng)
            else:
                if encode:
                    legal_actions(state)
                    observation(state, p)
                moves = legal_moves(state)
                move = moves[rng.randrange(len(moves))]
            state = apply_move(state, move)
            moved += 1
    return moved / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help=f"one of: {', '.join(br.available_games())}")
    parser.add_argument("--players", type=int, default=None, help="default: the game's")
    parser.add_argument("--seconds", type=float, default=2.0, help="per figure (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    options: dict[str, Any] = {} if args.players is None else {"players": args.players}
    states = states_of(args.game, options, 2000, args.seed)
    for state in states:
        br.legal_moves(state)  # fill the memo, as a bot or an environment would

    def seat(state: Any) -> int:
        return max(br.current_player(state), 0)

    def observe(state: Any) -> object:
        return br.observation(state, seat(state))

    size = math.prod(br.observation_shape(states[0]))

    def observe_into(state: Any) -> object:
        out = [0.0] * size
        br.observation_into(state, seat(state), out)
        return out

    def decode(state: Any) -> object:
        actions = br.legal_actions(state)
        return br.action_to_move(state, actions[0]) if actions else None

    shape = br.observation_shape(states[0])
    print(f"{args.game} {options or ''}: {br.num_actions(states[0])} actions, "
          f"{br.num_chance_outcomes(states[0])} chance outcomes, observation {shape}")  # fmt: skip
    for name, function in (
        ("legal_moves", br.legal_moves),
        ("legal_actions", br.legal_actions),
        ("observation", observe),
        ("observation_into", observe_into),
        ("action_to_move", decode),
    ):
        print(f"{name + '/s':<18}{rate(function, states, args.seconds):12,.0f}")
    plain = steps(args.game, options, args.seconds, args.seed, False)
    encoded = steps(args.game, options, args.seconds, args.seed, True)
    print(f"{'plain moves/s':<18}{plain:12,.0f}")
    print(f"{'encoded moves/s':<18}{encoded:12,.0f}   ({encoded / plain:.0%} of plain)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
