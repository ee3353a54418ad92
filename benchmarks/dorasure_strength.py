"""How often Dorasure's heroes win, per bot and number of heroes, with 95 % intervals.

Every seat of a game is played by the same bot (the game is cooperative).  Each row is a
seeded series of :func:`boardrules.simulate.simulate`, so the same arguments give the same
games; it also prints the game's statistics (the dragon's wounds, the quests solved, the
meter...) that tell two losing teams apart, and the bot's milliseconds per decision.

    python benchmarks/dorasure_strength.py                        # 100 games a row
    python benchmarks/dorasure_strength.py --games 400 --heroes 4 --bots strong,greedy --seed 33

``--table`` plays every row of the table in docs/games/dorasure.rst (``TABLE`` below: the
heroes, bot, games and seed of each row; the four-hero rows are two independent blocks of
400 games, ``--seed 33`` and ``--seed 34``) and prints it as the docs show it; each row is
also the command ``--games G --heroes H --bots B --seed S`` on its own.  The series seed,
not the number of workers, fixes the games, and a row of N games is the first N of any
longer series with the same seed.  ``--timing-games N`` times each bot's decisions
in CPU time, the bots taking turns game by game.

Bots: any specification of ``make_bot`` (``strong``, ``greedy``, ``mcts:iterations=50``...),
and ``previous``: the greedy bot as it was before the fitted evaluation (the old hand-made
evaluation below, three rolls in a row expanded), the baseline of issue 33 (3.5 % with four
heroes).  The heroes are the game's default ones (``new_game(players=n)``: Ninja, Gladiator,
Hunter and Prince with four; the Grand Master alone with one).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

import boardrules as br
from boardrules.bots import GreedyBot, make_bot, play_game
from boardrules.dorasure import DorasureState
from boardrules.simulate import simulate, wilson


def previous_evaluate(s: DorasureState) -> tuple[float, ...]:
    """Dorasure's evaluation before the fitted one (kept here as the baseline): quests
    solved, XP and health before the battle; the dragon's wounds against the heroes' health
    during it."""
    if s.phase >= 2:
        return br.returns(s)
    rules = s.rules
    health = sum(s.health) / sum(sh.health for sh in rules.sheets)
    if s.phase == 1:
        value = 0.2 + 0.5 * s.wounds / rules.tracks.health + 0.3 * health
    else:
        solved = sum(1 for r in s.rewards if r >= 0) / len(s.rewards)
        xp = sum(s.xp) / (rules.tracks.xp_max * len(s.xp))
        value = 0.1 + 0.3 * solved + 0.3 * xp + 0.1 * health
    return (min(1.0, max(0.0, value)),) * len(s.health)


def bot_of(spec: str) -> Any:
    if spec == "previous":
        return GreedyBot(evaluation=previous_evaluate, chance_depth=3)
    return make_bot(spec)


def ms_per_decision(
    specs: list[str], heroes: int, games: int, seed: int
) -> dict[str, tuple[float, float, int]]:
    """Each bot's mean and longest CPU time per decision in milliseconds (forced ones
    included) and its decisions stopped by its clock (``strong``'s timeouts), over
    ``games`` games each, the bots taking turns game by game so that a busy machine slows
    them alike.  CPU time (``time.process_time()``) is what ``strong``'s budget counts."""
    spent = dict.fromkeys(specs, 0.0)
    longest = dict.fromkeys(specs, 0.0)
    decisions = dict.fromkeys(specs, 0)
    bots = {spec: bot_of(spec) for spec in specs}

    class Timed:
        def __init__(self, spec: str) -> None:
            self.spec, self.bot = spec, bots[spec]

        def choose(self, s: Any, rng: random.Random) -> Any:
            began = time.process_time()
            move = self.bot.choose(s, rng)
            took = time.process_time() - began
            spent[self.spec] += took
            longest[self.spec] = max(longest[self.spec], took)
            decisions[self.spec] += 1
            return move

    for g in range(games):
        for spec in specs:
            start = br.new_game("dorasure", players=heroes)
            play_game(start, [Timed(spec)] * heroes, seed=seed + g)
    return {
        spec: (
            1000 * spent[spec] / max(1, decisions[spec]),
            1000 * longest[spec],
            getattr(bots[spec], "timeouts", 0),
        )
        for spec in specs
    }


def us_per_evaluate(games: int, seed: int) -> dict[str, float]:
    """Microseconds per call of the fitted and the previous evaluation over every position
    of ``games`` random 4-hero games (best of 5 passes, the two taking turns)."""
    from boardrules.bots import RandomBot

    states: list[Any] = []
    for g in range(games):
        play_game(br.new_game("dorasure", players=4), [RandomBot()] * 4, seed=seed + g,
                  on_move=lambda s, m: states.append(s))  # fmt: skip
    best = {"fitted": float("inf"), "previous": float("inf")}
    for _ in range(5):
        for name, f in (("fitted", br.evaluate), ("previous", previous_evaluate)):
            began = time.perf_counter()
            for s in states:
                f(s)
            best[name] = min(best[name], (time.perf_counter() - began) / len(states) * 1e6)
    return best


RULE = "======  ========  ====  =======  ======================  ======  ======  =====  ====="
HEADER = "heroes  bot       seed  won      win rate (95% CI)       wounds  quests  meter  turns"

#: The rows of the table in docs/games/dorasure.rst: heroes, bot, games, series seed.  Each
#: row is ``--games G --heroes H --bots B --seed S`` on its own (the games of a row depend
#: on its seed alone, not on the other rows nor on ``--workers``).
TABLE: tuple[tuple[int, str, int, int], ...] = (
    (1, "strong", 400, 33),
    (1, "greedy", 200, 33),
    (1, "previous", 50, 33),
    (2, "strong", 400, 33),
    (2, "greedy", 200, 33),
    (2, "previous", 50, 33),
    (4, "strong", 400, 33),
    (4, "strong", 400, 34),
    (4, "greedy", 400, 33),
    (4, "greedy", 400, 34),
    (4, "previous", 100, 33),
    (6, "strong", 400, 33),
    (6, "greedy", 200, 33),
    (6, "previous", 50, 33),
    (11, "strong", 400, 33),
    (11, "greedy", 100, 33),
)


def row(heroes: int, spec: str, games: int, seed: int, workers: int) -> str:
    """One row of the table: ``games`` games of ``heroes`` heroes all played by ``spec``,
    the series seeded with ``seed``."""
    began = time.time()
    result = simulate("dorasure", [bot_of(spec)] * heroes, games=games, seed=seed,
                      workers=workers)  # fmt: skip
    assert result.team is not None
    low, high = wilson(result.team.wins, len(result.games))
    stats = {s.name: s.mean for s in result.statistics}
    wounds = stats["dragon's wounds"]
    won = f"{result.team.wins}/{len(result.games)}"
    rate = f"{100 * result.team.win_rate:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
    print(f"  ({time.time() - began:.0f} s)", file=sys.stderr, flush=True)
    return (
        f"{heroes:<6}  {spec:<8}  {seed:<4}  {won:<7}  {rate:<22}  {wounds:<6.2f}  "
        f"{stats['quests solved']:<6.2f}  {stats['meter reached']:<5.1f}  "
        f"{stats['adventure turns']:.1f}"
    )


def print_table(workers: int) -> None:
    """Every row of :data:`TABLE`, as the docs show them."""
    print(RULE)
    print(HEADER)
    print(RULE)
    for heroes, spec, games, seed in TABLE:
        print(row(heroes, spec, games, seed, workers), flush=True)
    print(RULE)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per row")
    ap.add_argument("--heroes", default="1,2,4,6,11", help="hero counts (none: timing only)")
    ap.add_argument("--bots", default="strong,greedy,previous")
    ap.add_argument("--seed", type=int, default=33)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--timing-games", type=int, default=0,
                    help="also time each bot over this many games (4 heroes)")  # fmt: skip
    ap.add_argument("--evaluate-timing", type=int, default=0, metavar="GAMES",
                    help="time br.evaluate over the positions of GAMES random games")  # fmt: skip
    ap.add_argument("--table", action="store_true",
                    help="play every row of the docs' table (TABLE; hours of CPU)")  # fmt: skip
    args = ap.parse_args(argv)
    if args.evaluate_timing:
        for name, us in us_per_evaluate(args.evaluate_timing, args.seed).items():
            print(f"{name} evaluate: {us:.2f} us per call")
    if args.table:
        print_table(args.workers)
        return
    counts = [int(h) for h in args.heroes.split(",") if h]
    if counts:
        print(RULE)
        print(HEADER)
        print(RULE)
    for heroes in counts:
        for spec in args.bots.split(","):
            print(row(heroes, spec, args.games, args.seed, args.workers), flush=True)
    if counts:
        print(RULE)
    if args.timing_games:
        times = ms_per_decision(args.bots.split(","), 4, args.timing_games, args.seed)
        for spec, (ms, most, timeouts) in times.items():
            print(
                f"{spec}: {ms:.3f} ms per decision, longest {most:.1f} ms, {timeouts} "
                f"stopped by the clock (4 heroes, {args.timing_games} games, CPU time)"
            )


if __name__ == "__main__":
    main()
