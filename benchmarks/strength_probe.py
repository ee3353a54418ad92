"""Probes of what could make ``strong`` stronger against ``greedy`` (issue 33).

    nice python benchmarks/strength_probe.py dorada strong:depth=3 --seed 33
    nice python benchmarks/strength_probe.py dorada arrival --seed 1000
    nice python benchmarks/strength_probe.py dorada greedy-arrival --seed 33

Each run plays ``--games`` games per seating (default 100, so 200) of two-player ``GAME``
between a bot and ``greedy``, with :func:`boardrules.simulate.tournament` (the games that
``ladder.py --only targets --seed S`` plays for the same seed) and prints the bot's score
(ties count half) with its 95% Wilson interval.  The bot is a :func:`~boardrules.bots.make_bot`
spec, or, in Dorada:

* ``arrival``: ``strong`` searching with an evaluation that ``greedy`` lacks: the shipped
  features plus an *arrival model* (each player's pieces arrive one after another, the
  nearest first; a piece needs the expected moves of a lone piece from its field with the
  bridges as they are, and arrives with its chance to miss the open stumble fields; the
  points of the resulting order of arrival, as a log share), the expected pieces to arrive,
  and the expected moves left.  Its weights are fitted here first, exactly as
  ``fit_evaluation.py`` fits the shipped ones (two self-play rounds of 1000 two-player
  games, seed 33), so the run reproduces them.
* ``greedy-arrival``: ``greedy`` on that evaluation (does it change one-ply play?).
* ``KIND:depth=3,seconds=1``: either with other search settings.

``--positions N`` measures the budget instead: it plays ``N`` seeded games of the bot
(a ``strong`` spec) against ``greedy``, seats alternated, keeps the bot's decisions with a
choice, then searches each of them again with an unlimited budget and prints the positions
that its rounds need (mean, percentiles, most), its CPU milliseconds a decision and the
positions it visits a CPU second: what ``NODES_PER_SECOND`` and ``ROUNDS`` are set from.
Each search is timed again right after without the shortcuts of ``BLIND_TO_THE_ROLL``
(the same search otherwise), for the ratio of their times and a check that the moves agree::

    nice python benchmarks/strength_probe.py dorada strong --positions 8

``--four N`` plays four players instead: ``N`` games, each with the bot in seat ``g % 4``
of game ``g`` against three ``greedy`` bots, seeded ``--seed + g``, and prints the bot's
mean return (a win is 1, so 0.25 is as strong as ``greedy``) with a 95% normal interval.
Several bots, comma-separated, play the same seeded games (the same seat and random
generator), and the difference of the first from each other one is given with its paired
interval::

    nice python benchmarks/strength_probe.py dorada strong,strong:depth=2 --four 200 --seed 4000
"""

from __future__ import annotations

import argparse
import sys
import time
from math import log
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))
sys.path.insert(0, str(HERE))

from _series import first_bot_score  # noqa: E402

import boardrules as br  # noqa: E402
from boardrules._fitted import win_shares  # noqa: E402
from boardrules.bots import GreedyBot, StrongBot, make_bot, sample_outcome  # noqa: E402
from boardrules.dorada import _features  # noqa: E402
from boardrules.dorada._board import Field  # noqa: E402
from boardrules.dorada._points import points_at  # noqa: E402
from boardrules.dorada._state import NO_BRIDGE  # noqa: E402
from boardrules.game import TERMINAL  # noqa: E402
from boardrules.simulate import tournament, wilson  # noqa: E402

BASE = _features.FEATURES
_shipped = _features.features
ARRIVAL = (*BASE, "arrival", "survivors", "moves_left")
_tables_kept: dict[Any, tuple[list[float], list[float]]] = {}


def lone_piece(board: Any, bridges: tuple[int, ...]) -> tuple[list[float], list[float]]:
    """Per field: the expected moves of a lone piece from there until it is home or lost,
    and its chance to come home (stumble fields with a bridge are safe)."""
    key = (board, bridges)
    if key in _tables_kept:
        return _tables_kept[key]
    n, kinds, by = board.fields, board.kinds, board.jump_by
    rest = [0]  # where the die bringing a piece to g leaves it: -1 home, -2 lost
    for g in range(1, n + 1):
        f = g
        while 1 <= f <= n and kinds[f] is Field.JUMP:
            f += by[f]
        if f > n or (f >= 1 and kinds[f] in (Field.GOLD, Field.LAST_JUMP)):
            rest.append(-1)
        elif f < 1:
            rest.append(0)
        elif kinds[f] is Field.STUMBLE and bridges[f] == NO_BRIDGE:
            rest.append(-2)
        else:
            rest.append(f)
    moves, home = [0.0] * (n + 1), [1.0] * (n + 1)
    for _ in range(6):  # the one backward jump: a few sweeps settle it
        for f in range(n, -1, -1):
            m = h = 0.0
            for g in range(f + 1, f + 7):
                r = -1 if g > n else rest[g]
                if r == -1:
                    h += 1
                elif r >= 0:
                    m += moves[r]
                    h += home[r]
            moves[f], home[f] = 1 + m / 6, h / 6
    if len(_tables_kept) > 5000:
        _tables_kept.clear()
    _tables_kept[key] = (moves, home)
    return moves, home


def arrival_features(state: Any) -> list[list[float]]:
    """The shipped features of each seat, then arrival, survivors and moves_left."""
    rows = _shipped(state)
    n = state.options.players
    moves, home = lone_piece(state.options.board, state.bridges)
    pieces: list[list[tuple[float, float]]] = [[(moves[0], home[0])] * state.start[p]
                                               for p in range(n)]  # fmt: skip
    for f, stack in enumerate(state.track):
        for p in stack:
            pieces[p].append((moves[f], home[f]))
    turn = 0 if state.turn == TERMINAL else state.turn
    arrivals = []
    for p in range(n):
        t = ((p - turn) % n) / n  # in a round, the player in turn moves first
        for m, h in sorted(pieces[p]):
            t += m
            arrivals.append((t, p, h))
    arrivals.sort()
    after = sum(h for _, _, h in arrivals)
    worth = [0.0] * n
    for depth, owner in enumerate(reversed(state.dorada)):
        worth[owner] += points_at(depth + round(after))
    for _, p, h in arrivals:
        after -= h
        low = int(after)
        worth[p] += h * ((1 - after + low) * points_at(low) + (after - low) * points_at(low + 1))
    total = sum(worth) or 1.0
    for p in range(n):
        rows[p] += [log(max(worth[p] / total, 0.001)), sum(h for _, h in pieces[p]),
                    sum(m for m, _ in pieces[p]) / 10]  # fmt: skip
    return rows


def fit_arrival() -> list[float]:
    """The arrival evaluation's weights, fitted as fit_evaluation.py fits the shipped ones."""
    import fit_evaluation as fe
    import numpy as np

    fe.SETTINGS["dorada"]["players"] = (2,)
    _features.features = arrival_features  # what the fit reads (FEATURES stays the same)
    try:
        policy = fe.previous("dorada")
        for round_ in range(2):
            data = fe.dataset("dorada", 33 + round_, 1000, 0.1, 0.5, policy)
            weights = [float(f"{v:.4g}") for v in fe.fit_win(data, 1e-4)]
            policy = fe.fitted_policy("dorada", weights)
        held, before = fe.held_out_loss("dorada", data, np.asarray(weights))
    finally:
        _features.features = _shipped
    print(f"arrival evaluation: held-out log loss {held:.4f} (previous evaluation {before:.4f})")
    print("  " + ", ".join(f"{k} {w:+.4g}" for k, w in zip(ARRIVAL, weights, strict=True)))
    return weights


class Named:
    def __init__(self, name: str, bot: Any) -> None:
        self.name, self.bot = name, bot

    def choose(self, state: Any, rng: Any) -> Any:
        return self.bot.choose(state, rng)

    def __repr__(self) -> str:
        return self.name


def player(spec: str, game: str) -> Any:
    kind, _, settings = spec.partition(":")
    if kind not in ("arrival", "greedy-arrival"):
        return make_bot(spec)
    if game != "dorada":
        raise SystemExit("the arrival evaluation is Dorada's")
    weights = fit_arrival()

    def evaluation(state: Any) -> Any:
        if br.is_terminal(state):
            return br.returns(state)
        return win_shares(arrival_features(state), weights)

    if kind == "greedy-arrival":
        return Named(spec, GreedyBot(evaluation=evaluation))
    options = dict(part.split("=") for part in settings.split(",") if part)
    return Named(spec, StrongBot(evaluation=evaluation, depth=int(options.get("depth", 2)),
                                 seconds=float(options.get("seconds", 0.1))))  # fmt: skip


def positions(game: str, spec: str, games: int, seed: int) -> None:
    """The positions and CPU time that ``spec``'s rounds need at its decisions (see the
    module's docstring)."""
    import random

    from boardrules.bots import _strong

    searches: list[Any] = []

    class Counted(_strong._Clocked):
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            searches.append(self)

    _strong._Clocked = Counted  # type: ignore[misc, assignment]
    rng, decisions = random.Random(seed), []
    for g in range(games):
        state, bots = br.new_game(game, players=2), [make_bot(spec), make_bot("greedy")]
        while not br.is_terminal(state):
            player = br.current_player(state)
            if player == (g % 2) and len(br.legal_moves(state)) > 1:
                decisions.append(state)
            if player < 0:
                state = br.apply_move(state, sample_outcome(state, rng))
                continue
            state = br.apply_move(state, bots[(player - g) % 2].choose(state, rng))
    unlimited: Any = make_bot(spec)
    unlimited.nodes, unlimited.seconds = 10**8, 3600.0
    needed, cpu, plain, same = [], [], [], 0
    blind, decided = _strong.BLIND_TO_THE_ROLL, _strong.DECIDED_AFTER_EVERY_ROLL
    for state in decisions:  # each search, then the same search blind to nothing
        searches.clear()
        started = time.process_time()
        move = unlimited.choose(state, random.Random(0))
        cpu.append(time.process_time() - started)
        needed.append(10**8 - searches[0].nodes_left)
        _strong.BLIND_TO_THE_ROLL = _strong.DECIDED_AFTER_EVERY_ROLL = frozenset()
        started = time.process_time()
        same += unlimited.choose(state, random.Random(0)) == move
        plain.append(time.process_time() - started)
        _strong.BLIND_TO_THE_ROLL, _strong.DECIDED_AFTER_EVERY_ROLL = blind, decided
    needed.sort()
    n = len(needed)
    print(f"{game} {spec}, {n} decisions of {games} games (seed {seed}): positions mean "
          f"{sum(needed) / n:.0f}, median {needed[n // 2]}, 90% {needed[n * 9 // 10]}, "
          f"99% {needed[n * 99 // 100]}, most {needed[-1]}; CPU ms mean "
          f"{1000 * sum(cpu) / n:.1f}, most {1000 * max(cpu):.1f}; "
          f"{sum(needed) / sum(cpu):.0f} positions a CPU second")  # fmt: skip
    print(f"  the same searches blind to nothing (interleaved): CPU ms mean "
          f"{1000 * sum(plain) / n:.1f}, most {1000 * max(plain):.1f}, "
          f"{sum(plain) / sum(cpu):.2f} times the time; the same move {same} of {n}")  # fmt: skip


def four(game: str, specs: list[str], games: int, seed: int) -> None:
    """Each bot of ``specs`` in four-player games against three ``greedy`` bots (see the
    module's docstring)."""
    import random
    import statistics

    greedy, results = make_bot("greedy"), []
    for spec in specs:
        probed, got = make_bot(spec), []
        for g in range(games):
            rng, seat = random.Random(seed + g), g % 4
            state = br.new_game(game, players=4)
            while not br.is_terminal(state):
                if br.current_player(state) < 0:
                    move = sample_outcome(state, rng)
                else:
                    move = (probed if br.current_player(state) == seat else greedy).choose(
                        state, rng
                    )
                state = br.apply_move(state, move)
            got.append(br.returns(state)[seat])
        mean = statistics.mean(got)
        half = 1.96 * statistics.stdev(got) / games**0.5
        print(f"{game} {spec} vs 3 x greedy, {games} games from seed {seed}: mean return "
              f"{mean:.3f} [{mean - half:.3f}, {mean + half:.3f}] (0.25: as strong)",
              flush=True)  # fmt: skip
        results.append(got)
    for spec, got in zip(specs[1:], results[1:], strict=True):
        diffs = [a - b for a, b in zip(results[0], got, strict=True)]
        mean = statistics.mean(diffs)
        half = 1.96 * statistics.stdev(diffs) / games**0.5
        print(f"{specs[0]} - {spec}: {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] "
              "(paired, the same games)")  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=("dorada", "docker", "parchis"))
    parser.add_argument("bot")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--games", type=int, default=100, help="per seating (x2)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--positions", type=int, metavar="N", help="measure the budget")
    parser.add_argument("--four", type=int, metavar="N", help="N 4-player games")
    args = parser.parse_args()
    if args.four:
        four(args.game, args.bot.split(","), args.four, args.seed)
        return 0
    if args.positions:
        positions(args.game, args.bot, args.positions, args.seed)
        return 0
    bot = player(args.bot, args.game)
    started = time.perf_counter()
    t = tournament(args.game, [bot, make_bot("greedy")], games_per_pairing=args.games,
                   seed=args.seed, options={"players": 2}, workers=args.workers)  # fmt: skip
    score = first_bot_score(t)
    n = len(t.games)
    low, high = wilson(score, n)
    print(f"{args.game} {args.bot} vs greedy, seed {args.seed}: {score:g}/{n} = {score / n:.1%} "
          f"[{low:.1%}, {high:.1%}] ({time.perf_counter() - started:.0f} s)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
