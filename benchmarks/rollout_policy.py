"""Which rollout policy estimates better: figures, not a test.

On late positions of seeded games that are small enough to solve (so that the exact value
of every move is known), every move is rolled out for the same CPU time by each policy --
``QuickBot`` (the evaluation's favourite move) and ``StrongPolicy`` (the strong bot one
decision deep) -- and the estimates are compared with the exact values: the mean absolute
error, how often the 95% interval holds the exact value, the regret of the move ranked
first (exact value of the best move minus that of the move chosen) and the rounds played.

    python benchmarks/rollout_policy.py [--seconds 0.5] [--positions 4] [--games parchis,dorada]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import boardrules as br
from boardrules.analysis import QuickBot, Solution, StrongPolicy, TooManyStatesError, solve
from boardrules.analysis._rollout import Rollouts
from boardrules.bots import Bot, GreedyBot, RandomBot, play_game


def solvable(game: str, count: int, most: int = 20_000) -> list[tuple[Any, Solution]]:
    """Up to ``count`` decisions of seeded games (greedy against random), the latest of each
    game whose graph has 200 to ``most`` states and whose moves differ by over 0.01."""
    found: list[tuple[Any, Solution]] = []
    for seed in range(40):
        if len(found) >= count:
            break
        start = br.new_game(game) if game == "dorasure" else br.new_game(game, players=2)
        seats = br.num_players(start)
        bots: list[Bot] = [GreedyBot(), RandomBot()] * 2
        _, record = play_game(start, bots[:seats], seed=seed)
        states, state = [], start
        for text in record.moves:
            states.append(state)
            state = br.apply_move(state, br.parse_move(state, text))
        for s in reversed(states[-300:]):
            if br.current_player(s) < 0 or len(br.legal_moves(s)) < 2:
                continue
            try:
                sol = solve(s, max_states=most, exact=False)
            except TooManyStatesError:
                break
            values = [float(v[br.current_player(s)]) for v in sol.move_values.values()]
            if max(values) - min(values) > 0.01 and sol.states > 200:
                found.append((s, sol))
                break
    return found


def measure(game: str, seconds: float, count: int) -> None:
    policies: dict[str, Bot] = {"quick": QuickBot(), "strong": StrongPolicy()}
    # Per policy: moves, sum of |error|, regret, rounds, intervals holding the exact value.
    totals: dict[str, list[float]] = {name: [0, 0.0, 0.0, 0, 0] for name in policies}
    positions = solvable(game, count)
    for s, sol in positions:
        player = br.current_player(s)
        moves = list(sol.move_values)
        exact = [float(sol.move_values[m][player]) for m in moves]
        starts = [br.apply_move(s, m) for m in moves]
        for name, policy in policies.items():
            rollouts = Rollouts(starts, br.num_players(s), policy, br.evaluate, seed=1)
            began = time.process_time()
            while time.process_time() - began < seconds or rollouts.rounds < 2:
                rollouts.round()
            estimates = [rollouts.estimate(i) for i in range(len(moves))]
            means = [e.values[player] for e in estimates]
            chosen = max(range(len(moves)), key=lambda i: means[i])
            t = totals[name]
            t[0] += len(moves)
            t[1] += sum(abs(a - b) for a, b in zip(means, exact, strict=True))
            t[2] += max(exact) - exact[chosen]
            t[3] += rollouts.rounds
            t[4] += sum(
                e.interval(player)[0] - 1e-9 <= v <= e.interval(player)[1] + 1e-9
                for e, v in zip(estimates, exact, strict=True)
            )
    n = max(len(positions), 1)
    for name, (listed, err, regret, rounds, held) in totals.items():
        print(
            f"{game:9} {name:7} {len(positions):3d} positions, {listed:3.0f} moves: mean |error| "
            f"{err / max(listed, 1):.4f}, interval holds the exact value {held:.0f}/{listed:.0f}, "
            f"regret {regret / n:.4f} a position, {rounds / n:.0f} rounds a position"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="CPU time per policy")
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--games", default="parchis,dorada,docker")
    args = parser.parse_args()
    for game in args.games.split(","):
        measure(game, args.seconds, args.positions)


if __name__ == "__main__":
    main()
