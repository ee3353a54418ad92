"""Does ``strong`` keep its budget?  Its CPU time and positions per decision in every game,
2, 3 and 4 players, at the default budget (issue 33, point 5: no bot thinks longer than its
budget by more than 50%).

    nice python benchmarks/strong_budget.py                          # every game, 2-4 players
    nice python benchmarks/strong_budget.py --games parchis --players 4 --seeds 21,22,23,24

For each game and number of players it plays ``--seeds`` games (at most ``--decisions``
decisions each) with ``strong`` (``--bot``, a :func:`~boardrules.bots.make_bot` spec) in
every seat, the dice drawn from ``random.Random(seed)``, and times each decision with a
choice in CPU time (``time.process_time``).  Per setting it prints:

* the decisions, their CPU milliseconds (mean, 99th percentile, most), and how many took
  more than the budget's ``seconds`` and more than 1.5 times it;
* ``full``: the decisions that used up their node budget, and their CPU milliseconds (mean,
  most): the time the node budget takes, which should be about a third of ``seconds``
  (``NODES_PER_SECOND``) for the clock never to end a search;
* ``big``: the decisions that used at least half their node budget, the positions a CPU
  second they visited (mean over them with a 95% interval), and that rate over the
  budget's (``x the budget's rate``: about 3 is the aim, below about 1.4 the clock ends the
  searches that use their whole budget);
* ``timeouts``: decisions where the clock, not the node budget, ended the search (then the
  move depends on the machine); and the load average at the end.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

import boardrules as br  # noqa: E402
from boardrules.bots import StrongBot, _strong, make_bot  # noqa: E402

# The searches of the current decision (a decision makes one).
SEARCHES: list[Any] = []


class Counted(_strong._Clocked):
    """``strong``'s search, kept in :data:`SEARCHES` to read the positions it used."""

    __slots__ = ()

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        SEARCHES.append(self)


def _strong_bot(spec: str) -> StrongBot:
    bot = make_bot(spec)
    if not isinstance(bot, StrongBot):
        raise SystemExit(f"{spec!r} is not a strong bot")
    return bot


def measure(game: str, players: int, spec: str, seeds: list[int], cap: int) -> str:
    _strong._Clocked = Counted  # type: ignore[misc, assignment]
    cpu, full, rates, timeouts, budget = [], [], [], 0, 0
    for seed in seeds:
        rng, bot = random.Random(seed), _strong_bot(spec)
        state, decided = br.new_game(game, players=players), 0
        while not br.is_terminal(state) and decided < cap:
            if br.is_chance(state):
                state = br.apply_move(state, br.sample_chance(state, rng))
                continue
            SEARCHES.clear()
            started = time.process_time()
            move = bot.choose(state, rng)
            spent = time.process_time() - started
            if SEARCHES:  # a decision with a choice
                decided += 1
                cpu.append(spent)
                budget = bot.budget(state)
                used = budget - SEARCHES[-1].nodes_left
                if used == budget:
                    full.append(spent)
                if 2 * used >= budget:
                    rates.append(used / spent)
            state = br.apply_move(state, move)
        timeouts += bot.timeouts
    seconds = _strong_bot(spec).seconds
    n, ordered = len(cpu), sorted(cpu)
    line = (
        f"{game} {players}p: {n} decisions, CPU ms mean {1000 * statistics.mean(cpu):.1f}, "
        f"p99 {1000 * ordered[int(0.99 * (n - 1))]:.1f}, most {1000 * ordered[-1]:.1f}; "
        f"> {seconds:g} s: {sum(t > seconds for t in cpu)}, "
        f"> {1.5 * seconds:g} s: {sum(t > 1.5 * seconds for t in cpu)}; "
    )
    line += f"full {len(full)} of budget {budget}"
    if full:
        line += f": CPU ms mean {1000 * statistics.mean(full):.1f}, most {1000 * max(full):.1f}"
    line += f"; big {len(rates)}"
    if len(rates) > 1:
        mean = statistics.mean(rates)
        half = 1.96 * statistics.stdev(rates) / len(rates) ** 0.5
        factor = seconds / budget
        line += (
            f": {mean:,.0f} [{mean - half:,.0f}, {mean + half:,.0f}] positions/CPU-s = "
            f"{mean * factor:.2f} [{(mean - half) * factor:.2f}, {(mean + half) * factor:.2f}]"
            " x the budget's rate"
        )
    return line + f"; timeouts {timeouts}; load {os.getloadavg()[0]:.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="parchis,dorada,docker,dorasure")
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--seeds", default="11,12")
    parser.add_argument("--decisions", type=int, default=150, help="most per game")
    args = parser.parse_args(argv)
    seeds = [int(s) for s in args.seeds.split(",")]
    started = time.perf_counter()
    for game in args.games.split(","):
        for players in map(int, args.players.split(",")):
            print(measure(game, players, args.bot, seeds, args.decisions), flush=True)
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
