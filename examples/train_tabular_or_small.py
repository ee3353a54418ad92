"""Learn to play Docker against the random bot with a small learner (numpy only).

The learner keeps a linear estimate ``w @ x`` of its chance of winning from the position
after its move (``x`` is its own observation of that position, :func:`boardrules.observation`)
and plays the move whose position looks best.  It plays 2-player Docker in the Gymnasium
environment ``boardrules.rl.single_agent_env("docker", players=2)``, seat 0 and seat 1 in
turn, against ``boardrules.bots.RandomBot``; after each game the estimate of every position
it chose moves towards the result (1 for a win, 0 for a loss), the Monte Carlo rule of
reinforcement learning.  While training it tries a random move now and then.

Before and after training the learner plays the same seeded series of evaluation games:
untrained (every estimate 0, so every move alike: a random player) it wins about half of
them; trained for 20 seconds, clearly more::

    python examples/train_tabular_or_small.py          # --seconds 20 of training

Needs the extra ``rl`` (``pip install 'boardrules[rl]'``); without it the script says so in one
line.
"""

from __future__ import annotations

import argparse
import math
import time

import boardrules as br

try:  # boardrules.rl names the extra to install when numpy, Gymnasium or PettingZoo is missing
    import boardrules.rl  # noqa: I001 (first: its message names the extra)
    import numpy as np
    import numpy.typing as npt
except ImportError as e:
    raise SystemExit(e) from None

Env = boardrules.rl.SingleAgentEnv


class AfterstateValue:
    """A linear estimate ``w @ x`` of the learner's chance of winning from the position
    after its move, ``x`` being the learner's observation of that position."""

    def __init__(self, size: int, rng: np.random.Generator) -> None:
        self.weights = np.zeros(size)
        self.rng = rng

    def choose(self, env: Env, explore: float) -> tuple[int, npt.NDArray[np.float64]]:
        """The action whose position looks best (a random one with chance ``explore``), and
        the observation of that position."""
        state, seat = env.boardrules_state, env.seat
        actions = br.legal_actions(state)
        after = [br.apply_move(state, br.action_to_move(state, a)) for a in actions]
        features = np.array([br.observation(s, seat) for s in after])
        values = features @ self.weights
        if self.rng.random() < explore:
            i = int(self.rng.integers(len(actions)))
        else:  # the best, equal ones drawn at random
            i = int(self.rng.choice(np.flatnonzero(values >= values.max() - 1e-9)))
        return actions[i], features[i]


def play(
    env: Env, learner: AfterstateValue, seed: int, explore: float = 0.0
) -> tuple[float, list[npt.NDArray[np.float64]]]:
    """One game; the learner's reward and the positions it chose."""
    env.reset(seed=seed)
    chosen = []
    while True:
        action, features = learner.choose(env, explore)
        chosen.append(features)
        _, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward), chosen


def evaluate(envs: list[Env], learner: AfterstateValue, games: int) -> float:
    """The share of a seeded series of ``games`` won, seats taken in turn."""
    return sum(play(envs[i % 2], learner, 1_000_000 + i)[0] for i in range(games)) / games


def interval(rate: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return (centre - spread) / (1 + z * z / games), (centre + spread) / (1 + z * z / games)


def train(envs: list[Env], learner: AfterstateValue, seconds: float, rate: float) -> int:
    """Monte Carlo learning for ``seconds``; the number of training games."""
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        reward, chosen = play(envs[games % 2], learner, games, explore=0.1)
        for x in chosen:  # normalised by |x|^2, so that ``rate`` is the share of the error
            learner.weights += rate * (reward - x @ learner.weights) / (x @ x) * x
        games += 1
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="training time (20)")
    parser.add_argument("--games", type=int, default=300, help="evaluation games (300)")
    parser.add_argument("--rate", type=float, default=0.05, help="learning rate (0.05)")
    args = parser.parse_args()
    envs = [boardrules.rl.single_agent_env("docker", seat=seat, players=2) for seat in (0, 1)]
    size = int(np.prod(br.observation_shape(envs[0].boardrules_state)))
    learner = AfterstateValue(size, np.random.default_rng(0))
    results = [("untrained", evaluate(envs, learner, args.games))]
    played = train(envs, learner, args.seconds, args.rate)
    results.append((f"after {played} training games", evaluate(envs, learner, args.games)))
    for label, won in results:
        low, high = interval(won, args.games)
        print(f"{label:30} wins {won:6.1%} of {args.games} games against random "
              f"(95% interval {low:.1%} to {high:.1%})")  # fmt: skip


if __name__ == "__main__":
    main()
