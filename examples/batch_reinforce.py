"""Train a small Parchís policy on thousands of games at once and show it beats random
(numpy only).

The policy scores each legal move with a few features read from the learner's observation
(how far along the piece is, whether the move eats a piece, enters the goal or the lane,
lands on a safe square, lands where an opponent can reach it) and picks a move with
probability ``softmax(theta @ features)``.  It plays 2-player Parchís against random players
in the Gymnasium vector environment :class:`boardrules.batch.vector.ParchisVectorEnv`
(``--envs`` games stepped together by the batch engine) and learns with REINFORCE: at the end
of each episode, ``theta`` moves along the gradient of the log-probability of the moves it
made, scaled by the result minus the mean result.  No deep learning library is used.

Before and after training the policy plays the same seeded evaluation games, greedily
(its best-scored move): untrained, every move scores the same, so it plays like the random
players (about half the points, seat 0 having a small edge); trained, clearly more.  The
figures are the mean reward (1 for a win, 0 for a loss) with a 95% interval::

    python examples/batch_reinforce.py               # --seconds 60 of training
    python examples/batch_reinforce.py --seconds 5   # a quick run (CI)

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
    from boardrules.batch.vector import ParchisVectorEnv
    import numpy as np
    import numpy.typing as npt
except ImportError as e:
    raise SystemExit(e) from None

Floats = npt.NDArray[np.float64]

# Where things are in a 2-player observation (see the Parchís page, "Observation").
PLAYERS = 2
BLOCK = 146 + PLAYERS  # one seat's values
TRACK = 1  # seat block: pieces on each track square (turned to the observer), / 2
TURN = PLAYERS * BLOCK + PLAYERS  # after the seat blocks and "to move": phase (4), die (6)
COUNT = TURN + 4 + 6  # the count to move, one-hot over 1-7, 10, 20
COUNTS = np.array([1, 2, 3, 4, 5, 6, 7, 10, 20])
SAFE = np.zeros(64, dtype=bool)
SAFE[[0, 7, 12, 17, 24, 29, 34, 41, 46, 51, 58, 63]] = True  # counted from one's own exit
FEATURES = 7


def features(obs: Floats) -> Floats:
    """``f[g, a, k]``: feature ``k`` of moving the piece of action ``a`` (0-70) in game ``g``."""
    n = len(obs)
    count = COUNTS[np.argmax(obs[:, COUNT : COUNT + 9], axis=1)]
    r = np.arange(71)[None, :]
    dst = r + count[:, None]
    theirs = obs[:, BLOCK + TRACK : BLOCK + TRACK + 68]  # the opponent's pieces, turned
    on_track = dst <= 63
    at = np.minimum(dst, 63)
    rows = np.arange(n)[:, None]
    eats = on_track & (theirs[rows, at] == 0.5) & ~SAFE[at]
    # An opponent 1-6 squares behind the target could reach it with one die.
    behind = np.stack([theirs[rows, (at - k) % 68] for k in range(1, 7)]).sum(axis=0)
    f = np.zeros((n, 71, FEATURES))
    f[..., 0] = r / 70
    f[..., 1] = eats
    f[..., 2] = dst == 71
    f[..., 3] = (r <= 63) & (dst > 63)
    f[..., 4] = on_track & SAFE[at]
    f[..., 5] = on_track & ~SAFE[at] & (behind > 0)
    f[..., 6] = 1.0
    return f


class Policy:
    """``softmax(theta @ features)`` over the legal piece moves (``out`` and ``pass`` are
    only ever the sole legal action: they need no choice)."""

    def __init__(self) -> None:
        self.theta = np.zeros(FEATURES)

    def act(
        self, obs: dict[str, npt.NDArray[Any]], rng: np.random.Generator, greedy: bool = False
    ) -> tuple[npt.NDArray[np.int64], Floats]:
        """Actions, and the gradient of their log-probabilities."""
        mask = obs["action_mask"].astype(bool)
        f = features(obs["observation"].astype(np.float64))
        logits = np.where(mask[:, :71], f @ self.theta, -np.inf)
        pieces = mask[:, :71].any(axis=1)
        logits[~pieces, 0] = 0.0  # no piece move: a placeholder, replaced below
        p = np.exp(logits - logits.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        if greedy:
            noise = rng.random(logits.shape) * 1e-6  # equal scores: any of them
            chosen = np.argmax(np.where(np.isfinite(logits), logits + noise, -np.inf), axis=1)
        else:
            chosen = (p.cumsum(axis=1) > rng.random((len(p), 1))).argmax(axis=1)
        rows = np.arange(len(p))
        grad = f[rows, chosen] - np.einsum("ga,gak->gk", p, f)
        grad[~pieces] = 0.0
        actions = np.where(pieces, chosen, mask.argmax(axis=1))
        return actions, grad


def train(policy: Policy, env: ParchisVectorEnv, seconds: float, seed: int) -> int:
    """REINFORCE for ``seconds``; returns the episodes played."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    trace = np.zeros((env.num_envs, FEATURES))
    baseline, episodes, lr = 0.5, 0, 0.05
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions, grad = policy.act(obs, rng)
        trace += grad
        obs, reward, terminated, _, _ = env.step(actions)
        done = np.flatnonzero(terminated)
        if len(done):
            advantage = reward[done] - baseline
            policy.theta += lr * (advantage[:, None] * trace[done]).mean(axis=0)
            baseline += 0.01 * (reward[done].mean() - baseline)
            trace[done] = 0.0
            episodes += len(done)
    return episodes


def evaluate(policy: Policy, episodes: int, seed: int) -> tuple[float, float]:
    """The mean reward of ``episodes`` greedy episodes, and its 95% half-interval."""
    env = ParchisVectorEnv(min(episodes, 512), players=PLAYERS)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    counted = np.zeros(env.num_envs, dtype=bool)  # each game counts its first episode only
    results: list[float] = []
    while not counted.all():
        actions, _ = policy.act(obs, rng, greedy=True)
        obs, reward, terminated, _, _ = env.step(actions)
        new = terminated & ~counted
        results += reward[new].tolist()
        counted |= terminated
    mean = float(np.mean(results))
    return mean, 1.96 * math.sqrt(mean * (1 - mean) / len(results))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="CPU seconds to train")
    parser.add_argument("--envs", type=int, default=512, help="games stepped together")
    parser.add_argument("--games", type=int, default=512, help="evaluation games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    policy = Policy()
    before, half = evaluate(policy, args.games, args.seed + 1)
    print(f"untrained: mean reward {before:.3f} ± {half:.3f} against random players")
    env = ParchisVectorEnv(args.envs, players=PLAYERS)
    episodes = train(policy, env, args.seconds, args.seed)
    after, half = evaluate(policy, args.games, args.seed + 1)
    theta = policy.theta.round(2)
    print(f"trained on {episodes:,} episodes ({args.seconds:g} s CPU): theta = {theta}")
    print(f"trained:   mean reward {after:.3f} ± {half:.3f} against random players")


if __name__ == "__main__":
    main()
