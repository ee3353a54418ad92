"""Train a linear policy for Parchís, Dorada or Docker on thousands of games at once and
measure it against random players (numpy only).

The policy reads the whole observation: action ``a`` scores ``obs @ W[:, a]`` (plus a bias)
and is picked with probability ``softmax`` over the legal actions; a linear value
``obs @ v`` estimates the learner's result.  It learns by one-step actor-critic: after each
step of the Gymnasium vector environment (:mod:`boardrules.batch.vector`, ``--envs`` games
of the batch engine stepped together, the other seats played by random players), the
value's error ``reward + value(next) - value(now)`` moves ``v`` and, along the gradient of
the log-probability of the action taken, ``W``.  Nothing is game-specific: the same script
trains on all three batched games, e.g. learning which squares a Docker move should end on,
or which Dorada piece a given die throws into a hole.  (``examples/batch_reinforce.py`` is
its Parchís-only sibling with hand-made features.)

Before and after training, the policy plays the same seeded evaluation games greedily
(its best-scored legal action) against random players, one episode per game; untrained,
all actions score alike, so it is a random player itself.  Printed: the mean reward (1 for
a win, 0 for a loss, in 2-player games) with its 95% interval, and the difference with its
95% interval (the games are paired: same seeds, same opponents' generator)::

    python examples/batch_actor_critic.py --game docker              # 60 s CPU of training
    python examples/batch_actor_critic.py --game parchis --seconds 120
    python examples/batch_actor_critic.py --game dorada --seconds 5  # a quick run (CI)

How long: ``--seconds`` of CPU for training (default 60) plus 2-7 s for the two
evaluations of ``--games`` games (default 1000), on one core.  With the defaults (seed 1,
60 s) the gain over random measured +0.27 ± 0.04 in Parchís (0.53 -> 0.80), +0.19 ± 0.04 in
Dorada (0.47 -> 0.66); Docker gained +0.21 ± 0.04 (0.49 -> 0.70) in 30 s.  A few seconds
of training (the CI's run) show no gain: it only checks that the script runs.

Needs the extra ``batch`` (``pip install 'boardrules[batch]'``) and Gymnasium (the extra
``rl``); without them the script says so in one line.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

try:  # boardrules.batch names the extra to install when numpy is missing
    import boardrules.batch  # noqa: F401, I001 (first: its message names the extra)
    from boardrules.batch import vector
    import numpy as np
    import numpy.typing as npt
except ImportError as e:
    raise SystemExit(e) from None

Floats = npt.NDArray[np.float64]
Observation = dict[str, npt.NDArray[Any]]
ENVS = {
    "parchis": vector.ParchisVectorEnv,
    "dorada": vector.DoradaVectorEnv,
    "docker": vector.DockerVectorEnv,
}
PLAYERS = 2
#: The value learns this many times faster than the policy (it must be right first).
VALUE_RATE = 4.0


def inputs(obs: Observation) -> Floats:
    """The observation and a constant 1 (the bias), one row per game."""
    x = obs["observation"]
    return np.hstack([x, np.ones((len(x), 1), dtype=x.dtype)]).astype(np.float64)


class Policy:
    """``softmax(x @ W)`` over the legal actions, and the value ``x @ v``."""

    def __init__(self, size: int, actions: int) -> None:
        self.w = np.zeros((size + 1, actions))
        self.v = np.zeros(size + 1)

    def probabilities(self, x: Floats, mask: npt.NDArray[np.bool_]) -> Floats:
        logits: Floats = np.where(mask, x @ self.w, -np.inf)
        logits[~mask.any(axis=1)] = 0.0  # no legal action (an episode's reset step)
        p: Floats = np.exp(logits - logits.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        return p

    def act(self, obs: Observation, rng: np.random.Generator, greedy: bool = False) -> Any:
        mask = obs["action_mask"].astype(bool)
        p = self.probabilities(inputs(obs), mask)
        if greedy:  # the best-scored legal action, ties broken at random
            keys = np.where(mask, p + rng.random(p.shape) * 1e-9, -1.0)
            return np.argmax(keys, axis=1), p
        return (p.cumsum(axis=1) > rng.random((len(p), 1))).argmax(axis=1), p


def train(policy: Policy, env: Any, seconds: float, seed: int, lr: float) -> int:
    """One-step actor-critic for ``seconds`` of CPU; returns the episodes played."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    x = inputs(obs)
    episodes = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions, p = policy.act(obs, rng)
        decided = obs["action_mask"].any(axis=1)  # (not at a reset step)
        obs, reward, terminated, _, _ = env.step(actions)
        x_next = inputs(obs)
        later = np.where(terminated, 0.0, x_next @ policy.v)
        error = np.where(decided, reward + later - x @ policy.v, 0.0)
        grad = -p  # d log p(a) / d logits = onehot(a) - p
        grad[np.arange(len(actions)), actions] += 1.0
        grad *= (error * decided)[:, None]
        # The steps are scaled by the inputs' squared size, so that one rate suits every
        # game's observation (about 9 in Parchís, 23 in Dorada, 41 in Docker).
        size = float((x * x).sum(axis=1).mean()) * len(x)
        policy.w += lr / size * (x.T @ grad)
        policy.v += VALUE_RATE * lr / size * (x.T @ error)
        x = x_next
        episodes += int(terminated.sum())
    return episodes


def evaluate(policy: Policy, game: str, games: int, seed: int) -> Floats:
    """The reward of the first episode of each of ``games`` seeded games, played greedily."""
    env = ENVS[game](games, players=PLAYERS)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    result = np.zeros(games)
    counted = np.zeros(games, dtype=bool)
    while not counted.all():
        actions, _ = policy.act(obs, rng, greedy=True)
        actions = np.where(obs["action_mask"].any(axis=1), actions, 0)
        obs, reward, terminated, _, _ = env.step(actions)
        new = terminated & ~counted
        result[new] = reward[new]
        counted |= terminated
    return result


def interval(values: Floats) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    return float(values.mean()), 1.96 * float(values.std(ddof=1)) / math.sqrt(len(values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(ENVS), default="docker")
    parser.add_argument("--seconds", type=float, default=60.0, help="CPU seconds to train")
    parser.add_argument("--envs", type=int, default=256, help="games stepped together")
    parser.add_argument("--games", type=int, default=1000, help="evaluation games")
    parser.add_argument("--lr", type=float, default=8.0, help="the policy's learning rate")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    env = ENVS[args.game](args.envs, players=PLAYERS)
    shapes, _ = env.reset(seed=args.seed)
    policy = Policy(shapes["observation"].shape[1], shapes["action_mask"].shape[1])
    before = evaluate(policy, args.game, args.games, args.seed + 1)
    mean, half = interval(before)
    print(f"{args.game}, {PLAYERS} players, {args.games} seeded games against random players")
    print(f"untrained: mean reward {mean:.3f} ± {half:.3f}")
    episodes = train(policy, env, args.seconds, args.seed, args.lr)
    after = evaluate(policy, args.game, args.games, args.seed + 1)
    mean, half = interval(after)
    print(f"trained on {episodes:,} episodes ({args.seconds:g} s CPU)")
    print(f"trained:   mean reward {mean:.3f} ± {half:.3f}")
    gain, half = interval(after - before)
    print(f"gain:      {gain:+.3f} ± {half:.3f} (95% interval, paired games)")


if __name__ == "__main__":
    main()
