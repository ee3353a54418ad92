"""Analysis in a time budget and the review: figures, not a test.

For each game, mid-game positions of seeded games between random players are analysed by
``best_moves(state, seconds=S)``: the time taken (and the CPU time) against the budget
(the aim: at most 10% over), the method and policy, the rollouts per move, how many moves
are told apart from the best, and whether moves to different positions come out different
to six digits (moves that are the same play as another, ``same_as``, aside).  Then a
2-player Parchís game of about 300 plies between greedy players is reviewed with the
defaults (the aim: at most 60 s).

    python benchmarks/analysis_budget.py [--seconds 5] [--positions 3] [--skip-review]
                                         [--policy default|quick|strong]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import boardrules as br
from boardrules.analysis import SECONDS_PER_MOVE, QuickBot, StrongPolicy, best_moves, review
from boardrules.bots import Bot, GreedyBot, RandomBot, play_game
from boardrules.records import GameRecord

GAMES = ("parchis", "dorada", "docker", "dorasure")


def midgames(game: str, count: int) -> list[Any]:
    """``count`` positions with at least three moves, from a third of the way in of
    seeded random games (one per game)."""
    found = []
    for seed in range(count):
        start = br.new_game(game)
        _, record = play_game(start, [RandomBot()] * br.num_players(start), seed=seed)
        state: Any = start
        choices = []
        for text in record.moves:
            if br.current_player(state) >= 0 and len(br.legal_moves(state)) >= 3:
                choices.append(state)
            state = br.apply_move(state, br.parse_move(state, text))
        found.append(choices[len(choices) // 3])
    return found


POLICIES: dict[str, Bot | None] = {"default": None, "quick": QuickBot(), "strong": StrongPolicy()}


def budgets(seconds: float, positions: int, policy: str) -> None:
    print(f"best_moves(state, seconds={seconds}, policy={policy}) on mid-game positions")
    print(f"{'game':9} {'time/budget':>11} {'cpu/budget':>10} {'rollouts':>8} {'moves':>5} "
          f"{'apart':>5} {'distinct':>8}  method")  # fmt: skip
    for game in GAMES:
        for state in midgames(game, positions):
            began, cpu = time.perf_counter(), time.process_time()
            found = best_moves(state, seconds=seconds, policy=POLICIES[policy])
            ratio = (time.perf_counter() - began) / seconds
            used = (time.process_time() - cpu) / seconds
            apart = sum(found.told_apart(m) for m in found.move_values)
            values: dict[Any, float] = {}
            for move, v in found.move_values.items():
                if move in found.same_as:  # the same play as another move: the same value
                    continue
                values.setdefault(br.apply_move(state, move), round(float(v[found.player]), 6))
            distinct = len(set(values.values())) == len(values)
            print(f"{game:9} {ratio:11.3f} {used:10.3f} {found.rollouts or 0:8d} "
                  f"{len(found.move_values):5d} {apart:5d} {distinct!s:>8}  "
                  f"{found.describe()}")  # fmt: skip


def review_speed(policy: str) -> None:
    start = br.new_game("parchis", players=2)
    _, record = play_game(start, [GreedyBot(), GreedyBot()], seed=1)
    plies = min(300, len(record.moves))
    cut = GameRecord(record.game, record.options, record.players, record.moves[:plies],
                     record.seed, None, record.start)  # fmt: skip
    began, cpu = time.perf_counter(), time.process_time()
    found = review(cut, policy=POLICIES[policy])
    wall, used = time.perf_counter() - began, time.process_time() - cpu
    print(f"review of {plies} plies of 2-player Parchís (greedy v greedy, seed 1) with the "
          f"defaults ({SECONDS_PER_MOVE} s per decision, policy {policy}): {wall:.1f} s wall, "
          f"{used:.1f} s CPU, {sum(d.told_apart for d in found.decisions)} errors told apart, "
          f"{len(found.decisions)} decisions, {len(found.rolls)} rolls")  # fmt: skip
    for p in found.players:
        print(
            f"  {p.name}: error {p.error_rate:.4f} per decision, luck {p.luck_rate:+.4f} per roll"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--skip-review", action="store_true")
    parser.add_argument("--policy", choices=list(POLICIES), default="default",
                        help="the rollout policy (default: the analysis's own choice)")  # fmt: skip
    args = parser.parse_args()
    budgets(args.seconds, args.positions, args.policy)
    if not args.skip_review:
        review_speed(args.policy)


if __name__ == "__main__":
    main()
