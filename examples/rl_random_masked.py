"""Masked random agents in the PettingZoo environment of every boardrules game.

Each agent picks uniformly among the actions its ``action_mask`` allows; the environment
rolls the dice.  For every game it plays a few seeded games and prints the agents' mean
rewards (their :func:`boardrules.returns`) and the decisions per game::

    python examples/rl_random_masked.py
    python examples/rl_random_masked.py --games 20 --players 3

Needs the extra ``rl`` (``pip install 'boardrules[rl]'``); without it the script says so in one
line.
"""

from __future__ import annotations

import argparse

import boardrules as br

try:  # boardrules.rl names the extra to install when numpy, Gymnasium or PettingZoo is missing
    import boardrules.rl  # noqa: I001 (first: its message names the extra)
    import numpy as np
except ImportError as e:
    raise SystemExit(e) from None


def play(
    env: boardrules.rl.BoardEnv, seed: int, rng: np.random.Generator
) -> tuple[dict[str, float], int]:
    """One game of masked random agents: each agent's total reward and the decisions made."""
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    decisions = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            env.step(None)  # an agent whose game is over leaves with None
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        decisions += 1
    return totals, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5, help="games per game (5)")
    parser.add_argument("--players", type=int, default=2, help="players (2)")
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    for name in br.available_games():
        if br.get_game(name).num_actions is None:
            print(f"{name:9} has no action encoding yet")
            continue
        env = boardrules.rl.env(name, players=args.players)
        means = dict.fromkeys(env.possible_agents, 0.0)
        decisions = 0
        for seed in range(args.games):
            totals, made = play(env, seed, rng)
            decisions += made
            for agent, total in totals.items():
                means[agent] += total / args.games
        rewards = "  ".join(f"{agent} {mean:.2f}" for agent, mean in means.items())
        print(f"{name:9} {decisions / args.games:6.1f} decisions per game; mean rewards: {rewards}")


if __name__ == "__main__":
    main()
