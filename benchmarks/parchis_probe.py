"""Probes of Parchís playing strength: where ``strong`` stands and what would move it (issue 33).

    python benchmarks/parchis_probe.py series strong          # vs user greedy, 400 games
    python benchmarks/parchis_probe.py series strong:depth=3:nodes=60000:seconds=3 --per-seating 50
    python benchmarks/parchis_probe.py series strong:depth=3:nodes=60000 --roll-horizon
    python benchmarks/parchis_probe.py four strong --opponent greedy --games 200
    python benchmarks/parchis_probe.py disagree --games 16 --rollouts 100
    python benchmarks/parchis_probe.py rate strong --games 6
    python benchmarks/parchis_probe.py rate strong:nodes=1000000 --games 3 --players 4
    python benchmarks/parchis_probe.py same strong --games 3 --replies 2,0
    python benchmarks/parchis_probe.py same strong --games 3 --probes 1,0
    python benchmarks/parchis_probe.py rate strong:nodes=1000000:seconds=3600 --probes 0

(each a long run: under ``nice``, one at a time on a shared machine)

* ``series BOT``: 2-player games of ``BOT`` (a :func:`~boardrules.bots.make_bot` spec)
  against ``--opponent`` (default ``user``, ``user_greedy.py``), played by
  :func:`boardrules.simulate.tournament` exactly as ``ladder.py``'s targets are (both
  seatings, ``--per-seating`` games each, per seed of ``--seeds``: with the defaults the
  same 400 games as the docs' two blocks), with the win rate and its 95% Wilson interval
  per seed and pooled, and ``BOT``'s CPU milliseconds per decision.  ``--roll-horizon``
  makes ``strong`` score a roll met with no decision left instead of expanding its six
  outcomes (which the evaluation scores nearly alike: it does not play the count), a
  sixth of the positions for the last decision.
* ``four BOT``: 4-player games of one ``BOT`` (in seat ``g % 4`` of game ``g``) against
  three ``--opponent`` bots (also ``features``: greedy with the 13 features alone),
  seeded ``--seed + g``: ``BOT``'s mean return (1, 2/3, 1/3, 0 by place; 0.5 is the
  opponents' strength) with a 95% normal interval, and how many of its decisions the
  clock ended (``strong``'s ``timeouts``: then its move depends on the machine).
* ``disagree``: ``--games`` games of ``strong`` against user greedy (seeds 7000..); at each
  decision where the user's move would give another position than ``strong``'s, both
  results are played out ``--rollouts`` times with the user's policy for both sides
  (the same dice for both moves), and the mean difference is reported with its interval,
  overall and by kind (captures, pieces left within six squares of an enemy, safe squares),
  then the worst decisions of ``strong`` by that measure.
* ``rate BOT``: the positions a CPU-second that ``BOT``'s search (a ``strong`` spec, with
  ``nodes`` large enough never to bind, so that every round finishes) visits, at its
  decisions with a choice in ``--games`` games of ``--players`` (default 2) against user
  greedy bots (seeds 5000..; ``BOT`` in seat ``g % players`` of game ``g``), and the
  positions and CPU milliseconds of its decisions (mean, 90th percentile, worst): what
  ``NODES_PER_SECOND`` and ``NODES_PER_SECOND_BY_PLAYERS`` are set from.
* ``same BOT``: the decisions with a choice of ``strong`` in ``--games`` 2-player games
  against user greedy (seeds 5000.., as ``rate``; ``--games 3`` gives 165 positions), each
  searched by ``BOT`` (a ``strong`` spec) and by ``--reference`` (default: ``strong`` with
  an unlimited budget, every round finished), with ``REPLIES`` set to the first and the
  second number of ``--replies`` (0: every reply; default: the shipped one for both) and
  the probes of 2-player Parchís on or off as ``--probes`` says (``1,0``: ``BOT`` probes,
  the reference does not): how often they choose the same move, and ``BOT``'s positions and
  CPU milliseconds a decision (mean, worst) and its decisions ended by the clock.
* ``series ... --record PREFIX`` writes each seed's games to ``PREFIX-SEED.jsonl`` as they
  end; ``scored PREFIX-SEED.jsonl ...`` gives the score so far of the first bot of each
  file with its interval: for a slow series still running, or stopped.
* ``--probes 0`` (any part but ``same``): ``strong`` without its probes (it searches every
  move it keeps, as before they existed).
* ``--rounds N``: ``strong``'s own search in Parchís (a ``strong`` spec without ``depth``)
  ``N`` decisions deep instead of 3, every round as the third: the best two moves of the
  round before, the decisions two or more from the horizon at their best two replies, with
  the probes.  A slow search (``--rounds 4`` visits about 34,000 positions a decision,
  7.5 times the budget: give it ``nodes=100000000:seconds=3600``), to see how far more
  depth goes: ``series strong:nodes=100000000:seconds=3600 --rounds 4 --seeds 33``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

import user_greedy as user  # noqa: E402
from _series import first_bot_score  # noqa: E402

import boardrules as br  # noqa: E402
from boardrules import parchis  # noqa: E402
from boardrules._fitted import win_chances  # noqa: E402
from boardrules._search import OutOfNodes  # noqa: E402
from boardrules.bots import GreedyBot, _strong, make_bot, sample_outcome  # noqa: E402
from boardrules.parchis import _evaluation, _features  # noqa: E402
from boardrules.simulate import tournament, wilson  # noqa: E402

# CPU seconds and decisions of the probed bot (module-level: a tournament deep-copies bots).
SPENT = [0.0, 0]


class Timed:
    """A bot that adds its CPU time per decision to :data:`SPENT`."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def choose(self, state: Any, rng: random.Random) -> Any:
        if br.current_player(state) < 0:
            return self.bot.choose(state, rng)
        started = time.process_time()
        move = self.bot.choose(state, rng)
        SPENT[0] += time.process_time() - started
        SPENT[1] += 1
        return move

    def __repr__(self) -> str:
        return repr(self.bot)


class RollHorizon(_strong._Clocked):
    """``strong``'s search, but a roll with no decision left is scored, not expanded."""

    __slots__ = ()

    def value(self, state: Any, depth: int, rolls: int = 0) -> Any:
        if depth or br.current_player(state) != br.CHANCE:
            return super().value(state, depth, rolls)
        key = (state, 0, rolls)
        known = self.cache.get(key)
        if known is None:
            if self.nodes_left == 0:
                raise OutOfNodes("out of positions")
            self.nodes_left -= 1
            known = self.cache[key] = self.evaluation(state)
        return known


def bot(spec: str) -> Any:
    """A :func:`~boardrules.bots.make_bot` spec, ``user`` (``user_greedy.py``) or
    ``features`` (greedy with the 13 features alone, the 3-4 player evaluation before the
    4-player tables)."""
    if spec == "features":
        return GreedyBot(evaluation=features_evaluation)
    return user.UserGreedy() if spec == "user" else make_bot(spec)


def features_evaluation(state: Any) -> tuple[float, ...]:
    """The 13-feature model (``_evaluation.WEIGHTS``), as ``fit_parchis_tables.py``'s
    ``linear``."""
    if br.is_terminal(state):
        return br.returns(state)
    return win_chances(_features.features(state), _evaluation.WEIGHTS)


def series(args: argparse.Namespace) -> None:
    if args.roll_horizon:
        _strong._Clocked = RollHorizon  # type: ignore[misc]
    total = count = 0.0
    for seed in map(int, args.seeds.split(",")):
        SPENT[:] = [0.0, 0]
        record = None if args.record is None else f"{args.record}-{seed}.jsonl"
        t = tournament("parchis", [Timed(bot(args.bot)), bot(args.opponent)],
                       games_per_pairing=args.per_seating, seed=seed,
                       options={"players": 2}, record=record)  # fmt: skip
        score = first_bot_score(t)
        report(f"seed {seed}", score, len(t.games))
        print(f"  {1000 * SPENT[0] / max(1, SPENT[1]):.2f} CPU ms per decision", flush=True)
        total, count = total + score, count + len(t.games)
    report(f"{args.bot} vs {args.opponent}", total, int(count))


def scored(args: argparse.Namespace) -> None:
    """The score so far of the first player of the first game in ``--record`` files (a series
    still running, or stopped: its games in the order played)."""
    for path in [args.bot, *args.files]:
        lines = Path(path).read_text().splitlines()
        if lines and not lines[-1].endswith("}"):  # a game still being written
            lines.pop()
        games = [json.loads(line) for line in lines if line]
        first, score = games[0]["players"][0], 0.0
        for g in games:
            mine = g["result"][g["players"].index(first)]
            theirs = max(r for r, p in zip(g["result"], g["players"], strict=True) if p != first)
            score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        report(f"{path}: {first}, the first {len(games)} games", score, len(games))


def report(label: str, score: float, n: int) -> None:
    low, high = wilson(score, n)
    print(f"{label}: {score:g}/{n} = {score / n:.1%} [{low:.1%}, {high:.1%}]", flush=True)


def four(args: argparse.Namespace) -> None:
    probed, others = bot(args.bot), bot(args.opponent)
    results = []
    for g in range(args.games):
        rng, seat = random.Random(args.seed + g), g % 4
        state = br.new_game("parchis", players=4)
        while not br.is_terminal(state):
            if br.is_chance(state):
                move = sample_outcome(state, rng)
            else:
                move = (probed if br.current_player(state) == seat else others).choose(state, rng)
            state = br.apply_move(state, move)
        results.append(br.returns(state)[seat])
    mean = statistics.mean(results)
    half = 1.96 * statistics.stdev(results) / len(results) ** 0.5
    print(f"{args.bot} vs 3 x {args.opponent}, {args.games} games from seed {args.seed}: mean "
          f"return {mean:.3f} [{mean - half:.3f}, {mean + half:.3f}] (0.5: as strong), "
          f"{results.count(1.0)} wins; decisions ended by the clock, not the node budget: "
          f"{getattr(probed, 'timeouts', 0)}")  # fmt: skip


def rollout(state: Any, seed: int, seat: int, policy: Any) -> float:
    rng = random.Random(seed)
    while not br.is_terminal(state):
        move = sample_outcome(state, rng) if br.is_chance(state) else policy.choose(state, rng)
        state = br.apply_move(state, move)
    return br.returns(state)[seat]


def kinds(state: Any, move: Any) -> tuple[int, int, int]:
    """Captures made, own pieces left within six squares of an enemy, own pieces on safe
    squares (the user heuristic's notions) after ``move``."""
    me, after = state.colour, br.apply_move(state, move)
    places, before = parchis.pieces(after), parchis.pieces(state)
    nest = sum(w.count("nest") for c, w in places.items() if c != me)
    captured = nest - sum(w.count("nest") for c, w in before.items() if c != me)
    track = [p for p in places[me] if isinstance(p, int)]
    threatened = sum(p not in user.SAFE and user._threatened(places, me, p) for p in track)
    return captured, threatened, sum(p in user.SAFE for p in track)


def disagree(args: argparse.Namespace) -> None:
    strong, policy = make_bot("strong"), user.UserGreedy()
    found = []
    for g in range(args.games):
        rng, seat = random.Random(7000 + g), g % 2
        state = br.new_game("parchis", players=2)
        while not br.is_terminal(state):
            if br.is_chance(state):
                move = sample_outcome(state, rng)
            elif br.current_player(state) == seat:
                move = strong.choose(state, rng)
                theirs = policy.choose(state, random.Random(1))
                if br.apply_move(state, move) != br.apply_move(state, theirs):
                    found.append((state, move, theirs))
            else:
                move = policy.choose(state, rng)
            state = br.apply_move(state, move)
    rows = []
    for state, move, theirs in found:
        seat = br.current_player(state)
        values = [
            statistics.mean(rollout(br.apply_move(state, m), 10**6 + i, seat, policy)
                            for i in range(args.rollouts))
            for m in (move, theirs)
        ]  # fmt: skip
        rows.append((values[0] - values[1], kinds(state, move), kinds(state, theirs), state,
                     move, theirs))  # fmt: skip
    print(f"{len(rows)} decisions where strong and user greedy differ, in {args.games} games")
    groups = {
        "all": rows,
        "user captures, strong not": [r for r in rows if r[2][0] > r[1][0]],
        "strong captures, user not": [r for r in rows if r[1][0] > r[2][0]],
        "strong leaves more within reach": [r for r in rows if r[1][1] > r[2][1]],
        "strong leaves fewer within reach": [r for r in rows if r[1][1] < r[2][1]],
        "strong has fewer on safe squares": [r for r in rows if r[1][2] < r[2][2]],
        "strong has more on safe squares": [r for r in rows if r[1][2] > r[2][2]],
    }
    for label, group in groups.items():
        d = [r[0] for r in group]
        half = 1.96 * statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else float("nan")
        mean = statistics.mean(d) if d else float("nan")
        print(f"  {label}: {len(d)}, strong's move better by {mean:+.3f} +- {half:.3f}")
    print("strong's worst (rollout difference, its move, the user's, the pieces):")
    for d, _, _, state, move, theirs in sorted(rows, key=lambda r: r[0])[:10]:
        print(f"  {d:+.2f} {move} / {theirs}  {parchis.pieces(state)}")


class Counted(_strong._Clocked):
    """``strong``'s search, each kept in :data:`SEARCHES` to read its positions."""

    __slots__ = ()

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        SEARCHES.append(self)


SEARCHES: list[Counted] = []


def rate(args: argparse.Namespace) -> None:
    _strong._Clocked = Counted  # type: ignore[misc]
    probed, policy = make_bot(args.bot), user.UserGreedy()
    nodes, spent = [], []
    for g in range(args.games):
        rng, seat = random.Random(5000 + g), g % args.players
        state = br.new_game("parchis", players=args.players)
        while not br.is_terminal(state):
            if br.is_chance(state):
                move = sample_outcome(state, rng)
            elif br.current_player(state) == seat and len(br.legal_moves(state)) > 1:
                SEARCHES.clear()
                started = time.process_time()
                move = probed.choose(state, rng)
                spent.append(time.process_time() - started)
                nodes.append(sum(probed.budget(state) - s.nodes_left for s in SEARCHES))
            else:
                move = (probed if br.current_player(state) == seat else policy).choose(state, rng)
            state = br.apply_move(state, move)
    print(f"{args.bot}: {len(nodes)} decisions in {args.games} {args.players}-player games, "
          f"{sum(nodes) / sum(spent):,.0f} positions a CPU-second; positions mean "
          f"{statistics.mean(nodes):.0f}, p90 {sorted(nodes)[int(0.9 * len(nodes))]}, "
          f"max {max(nodes)}; CPU ms mean {1000 * statistics.mean(spent):.1f}, "
          f"p90 {1000 * sorted(spent)[int(0.9 * len(spent))]:.1f}, "
          f"max {1000 * max(spent):.1f}; out of time {probed.timeouts}")  # fmt: skip


def same(args: argparse.Namespace) -> None:
    _strong._Clocked = Counted  # type: ignore[misc]
    strong, policy = make_bot("strong"), user.UserGreedy()
    decisions = []
    for g in range(args.games):  # the decisions of rate's games
        rng, seat = random.Random(5000 + g), g % 2
        state = br.new_game("parchis", players=2)
        while not br.is_terminal(state):
            if br.is_chance(state):
                move = sample_outcome(state, rng)
            else:
                if br.current_player(state) == seat and len(br.legal_moves(state)) > 1:
                    decisions.append(state)
                move = (strong if br.current_player(state) == seat else policy).choose(state, rng)
            state = br.apply_move(state, move)
    shipped, probes = _strong.REPLIES["parchis"], _strong._PROBED
    replies = [int(r) for r in args.replies.split(",")] if args.replies else [shipped] * 2
    probing = [p == "1" for p in args.probes.split(",")]
    probed, reference = make_bot(args.bot), make_bot(args.reference)
    agree, nodes, spent = 0, [], []
    for state in decisions:
        _strong.REPLIES["parchis"] = replies[1]
        _strong._PROBED = probes if probing[1] else frozenset()
        theirs = reference.choose(state, random.Random(0))
        _strong.REPLIES["parchis"] = replies[0]
        _strong._PROBED = probes if probing[0] else frozenset()
        SEARCHES.clear()
        started = time.process_time()
        agree += probed.choose(state, random.Random(0)) == theirs
        spent.append(time.process_time() - started)
        nodes.append(sum(probed.budget(state) - s.nodes_left for s in SEARCHES))
    _strong.REPLIES["parchis"], _strong._PROBED = shipped, probes
    print(f"{args.bot} (replies {replies[0]}, probes {probing[0]:d}) vs {args.reference} "
          f"(replies {replies[1]}, probes {probing[1]:d}): the "
          f"same move at {agree} of {len(decisions)} decisions; positions mean "
          f"{statistics.mean(nodes):.0f}, max {max(nodes)}; CPU ms mean "
          f"{1000 * statistics.mean(spent):.1f}, max {1000 * max(spent):.1f}; "
          f"out of time {probed.timeouts}")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("series", "four", "disagree", "rate", "same", "scored"))
    parser.add_argument("bot", nargs="?", default="strong")
    parser.add_argument("files", nargs="*", help="scored: record files of series --record")
    parser.add_argument("--record", help="series: write the games to RECORD-SEED.jsonl")
    parser.add_argument("--opponent", default="user")
    parser.add_argument("--seeds", default="33,1000")
    parser.add_argument("--per-seating", type=int, default=100)
    parser.add_argument("--roll-horizon", action="store_true")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=4000)
    parser.add_argument("--rollouts", type=int, default=100)
    parser.add_argument("--players", type=int, default=2, help="rate: players of a game")
    parser.add_argument("--reference", default="strong:nodes=100000000:seconds=3600")
    parser.add_argument("--replies", help="same: REPLIES of BOT and of --reference, e.g. 2,0")
    parser.add_argument(
        "--probes",
        default="1,1",
        help="whether BOT (and, for same, --reference) probes (1) or not (0), e.g. 1,0",
    )
    parser.add_argument("--rounds", type=int, help="decisions deep of strong's own search")
    args = parser.parse_args(argv)
    if args.probes.split(",")[0] == "0" and args.part != "same":
        _strong._PROBED = frozenset()
    if args.rounds:
        _strong.ROUNDS["parchis"] = tuple((level, 3) for level in range(args.rounds))
    started = time.perf_counter()
    parts = {"series": series, "four": four, "disagree": disagree, "rate": rate, "same": same,
             "scored": scored}  # fmt: skip
    parts[args.part](args)
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
