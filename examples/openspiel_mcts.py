"""OpenSpiel's own MCTS bot plays a boardrules game against uniformly random players.

``import boardrules.openspiel`` registers every game with OpenSpiel; from then on its
algorithms play them like any OpenSpiel game.  Here ``open_spiel.python.algorithms.mcts``
(random rollouts) takes seat 0, then seat 1, ... in turn over a seeded series, and the
script prints its win rate with a 95% interval::

    python examples/openspiel_mcts.py                          # 2-player Docker, 20 games
    python examples/openspiel_mcts.py --game parchis --games 8 --uct 1.0

Needs the extra ``openspiel`` (``pip install 'boardrules[openspiel]'``); without it the script
says so in one line.
"""

from __future__ import annotations

import argparse
import math
import random

try:  # boardrules.openspiel names the extra to install when numpy or OpenSpiel is missing
    import boardrules.openspiel  # noqa: I001 (first: its message names the extra)
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError as e:
    raise SystemExit(e) from None


def play(game: pyspiel.Game, simulations: int, uct_c: float, seed: int, seat: int) -> float:
    """One game: MCTS in ``seat``, random players elsewhere; MCTS's return."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c, simulations, evaluator, random_state=rng)
    others = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == seat and len(state.legal_actions()) > 1:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(others.choice(state.legal_actions()))
    return float(state.returns()[seat])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="docker", help="a boardrules game (docker)")
    parser.add_argument("--players", type=int, default=2, help="players (2)")
    parser.add_argument("--games", type=int, default=20, help="games (20)")
    parser.add_argument("--simulations", type=int, default=40, help="MCTS simulations (40)")
    parser.add_argument("--uct", type=float, default=2.0, help="MCTS exploration (2.0)")
    args = parser.parse_args()
    game = boardrules.openspiel.load_game(args.game, players=args.players)
    print(game)
    won = sum(
        play(game, args.simulations, args.uct, i, i % args.players) for i in range(args.games)
    )
    rate, n, z = won / args.games, args.games, 1.96  # the Wilson score interval
    centre = rate + z * z / (2 * n)
    spread = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    low, high = (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)
    print(f"MCTS ({args.simulations} simulations) won {won:g} of {n} games against random: "
          f"{rate:.0%} (95% interval {low:.0%} to {high:.0%})")  # fmt: skip


if __name__ == "__main__":
    main()
