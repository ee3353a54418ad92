"""Differential tests of the cycle solvers of boardrules.analysis.

Every position here is solved by :func:`boardrules.analysis.solve` (floats, and exactly
where the cycles are small enough) and by an independent brute force written below with
the public rules API only: plain (Jacobi) value iteration from 0 over the reachable set,
so that endless play is worth 0.  Positions come from seeded random games and from
seeded random hand-set endgames of all four games, chosen for small graphs with cycles:
Parchís passes and captures (2 and 3 players), Docker rerolls and pieces moved back and
forth (2 players, and 4 seats with two out), Dorada (2 and 3 players) and Dorasure's
cooperative Climactic Battle at low health.  A failure names the case and its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

import boardrules as br
from boardrules import docker, dorada, dorasure, parchis
from boardrules.analysis import Solution, SolveError, solve
from boardrules.bots import RandomBot

# ------------------------------------------------------------------ the brute force


@dataclass
class Reached:
    """The reachable set of a position, as index lists (node 0 the root)."""

    states: list[Any]
    player: list[int]
    edges: list[list[int]]  # successors, in the order of legal moves / chance outcomes
    probs: list[list[float]]  # at chance nodes, the outcomes' probabilities
    returns: dict[int, tuple[float, ...]]
    players: int

    @property
    def size(self) -> int:
        return len(self.states)

    def has_cycle(self) -> bool:
        """Whether some position can come back to itself."""
        colour = [0] * self.size  # 0 new, 1 on the path, 2 done
        for root in range(self.size):
            if colour[root]:
                continue
            colour[root] = 1
            work = [(root, 0)]
            while work:
                node, k = work[-1]
                if k == len(self.edges[node]):
                    colour[node] = 2
                    work.pop()
                    continue
                work[-1] = (node, k + 1)
                child = self.edges[node][k]
                if colour[child] == 1:
                    return True
                if colour[child] == 0:
                    colour[child] = 1
                    work.append((child, 0))
        return False


def reach(state: Any, limit: int) -> Reached | None:
    """Every state reachable from ``state``, or ``None`` if more than ``limit``."""
    index = {state: 0}
    states = [state]
    player: list[int] = []
    edges: list[list[int]] = []
    probs: list[list[float]] = []
    returns: dict[int, tuple[float, ...]] = {}
    for i, s in enumerate(states):  # grows while read
        p = br.current_player(s)
        player.append(p)
        if p == br.TERMINAL:
            returns[i] = tuple(float(x) for x in br.returns(s))
            kids: list[Any] = []
            probs.append([])
        elif p == br.CHANCE:
            outcomes = br.chance_outcomes(s)
            kids = [br.apply_move(s, m) for m, _ in outcomes]
            probs.append([float(q) for _, q in outcomes])
        else:
            kids = [br.apply_move(s, m) for m in br.legal_moves(s)]
            probs.append([])
        row = []
        for k in kids:
            j = index.get(k)
            if j is None:
                j = index[k] = len(states)
                states.append(k)
                if len(states) > limit:
                    return None
            row.append(j)
        edges.append(row)
    return Reached(states, player, edges, probs, returns, br.num_players(state))


def brute_force(r: Reached, zero_sum: bool, tolerance: float = 1e-14) -> list[tuple[float, ...]]:
    """Plain value iteration from 0 (Jacobi: every value from last round's).  In a
    two-player zero-sum game player 0 maximises its value, player 1 minimises it and
    player 1's value is taken along; otherwise each player takes the first move best for
    itself (the whole value vector of that move)."""
    n = r.players
    null = (0.0,) * n
    value: list[tuple[float, ...]] = [r.returns.get(i, null) for i in range(r.size)]
    for _ in range(200_000):
        new: list[tuple[float, ...]] = []
        moved = 0.0
        for i in range(r.size):
            p = r.player[i]
            if p == br.TERMINAL:
                v = value[i]
            elif p == br.CHANCE:
                pairs = list(zip(r.probs[i], r.edges[i], strict=True))
                v = tuple(sum(q * value[j][c] for q, j in pairs) for c in range(n))
            else:
                options = [value[j] for j in r.edges[i]]
                if zero_sum:
                    pick = max if p == 0 else min
                    v = pick(options, key=lambda o: o[0])
                else:
                    v = max(options, key=lambda o, p=p: o[p])  # type: ignore[misc]
            moved = max(moved, *(abs(a - b) for a, b in zip(v, value[i], strict=True)))
            new.append(v)
        value = new
        if moved <= tolerance:
            return value
    raise AssertionError("brute force did not settle")


def constant_sum(r: Reached) -> float | None:
    """The total of the returns when two players' returns add up to it at every ending
    and they are not always equal (the zero-sum concept), else ``None``."""
    if r.players != 2 or not r.returns or all(len(set(v)) == 1 for v in r.returns.values()):
        return None
    totals = {round(sum(v), 12) for v in r.returns.values()}
    nonneg = all(x >= 0 for v in r.returns.values() for x in v)
    return totals.pop() if len(totals) == 1 and nonneg else None


def surely_ends(r: Reached) -> bool:
    """Whether play ends for certain whatever the players do: no set of positions where
    every roll stays and every decision has a move that stays (found by removing the
    positions that cannot stay until none is left)."""
    alive = [r.player[i] != br.TERMINAL for i in range(r.size)]
    changed = True
    while changed:
        changed = False
        for i in range(r.size):
            if not alive[i]:
                continue
            kids = [alive[j] for j in r.edges[i]]
            stays = all(kids) if r.player[i] == br.CHANCE else any(kids)
            if not stays:
                alive[i] = False
                changed = True
    return not any(alive)


# ------------------------------------------------------------------ the positions


@dataclass
class Case:
    name: str
    state: Any
    reached: Reached

    def __str__(self) -> str:
        return self.name


def _smallest_prefix(states: list[Any], low: int, high: int) -> Iterator[tuple[int, Any, Reached]]:
    """Positions of a played game, last first, whose graphs have ``low`` to ``high``
    states (going back from the end until a graph is too big)."""
    for ply in range(len(states) - 1, -1, -1):
        r = reach(states[ply], high)
        if r is None:
            return
        if r.size >= low:
            yield ply, states[ply], r


def played(game: str, seed: int, low: int, high: int, **options: Any) -> Iterator[Case]:
    """Positions of one random game (seeded), with graphs of ``low`` to ``high`` states."""
    rng = random.Random(seed)
    bot = RandomBot()
    s = br.new_game(game, **options)
    states = [s]
    while not br.is_terminal(s) and len(states) < 3000:
        s = br.apply_move(s, bot.choose(s, rng))
        states.append(s)
    for ply, state, r in _smallest_prefix(states, low, high):
        yield Case(f"{game} {options} seed={seed} ply={ply}", state, r)


def from_hand(name: str, make: Callable[[random.Random], Any], seed: int, high: int) -> Case | None:
    """A random hand-set position (seeded) with at most ``high`` states, or ``None``."""
    rng = random.Random(seed)
    try:
        state = make(rng)
    except br.BoardrulesError:
        return None
    r = reach(state, high)
    if r is None:
        return None
    return Case(f"{name} seed={seed}: {state!r}", state, r)


PARCHIS_COLOURS = ["yellow", "blue", "red", "green"]
LANES = [f"L{k}" for k in range(1, 8)]


def parchis_lanes(rng: random.Random, players: int) -> Any:
    """Pieces in the lanes and in the goal only: pass cycles."""
    colours = PARCHIS_COLOURS[:players] if players != 2 else ["yellow", "red"]
    pieces = {}
    for c in colours:
        left = rng.randint(1, 2)
        pieces[c] = [rng.choice(LANES) for _ in range(left)] + ["goal"] * (4 - left)
    return parchis.position(pieces, turn=rng.choice(colours), players=players)


def parchis_track(rng: random.Random, players: int) -> Any:
    """One piece each near the end of its track or in its lane, close to each other: a
    capture sends a piece home (capture cycles), the rest in the goal."""
    colours = ["yellow", "red"] if players == 2 else PARCHIS_COLOURS[:players]
    pieces: dict[str, list[Any]] = {}
    for c in colours:
        where: Any = rng.choice([rng.randint(1, 68), rng.choice(LANES)])
        pieces[c] = [where, "goal", "goal", "goal"]
    return parchis.position(pieces, turn=rng.choice(colours), players=players)


DOCKER_SQUARES = [f"{x}{y}" for x in "abc" for y in "123"]


def docker_towers(rng: random.Random, players: int, alive: list[int]) -> dict[str, str]:
    """Random towers on the 3x3 pitch, mostly of the players still in the game."""
    left = {p: 3 for p in range(players)}
    towers: dict[str, str] = {}
    for sq in rng.sample(DOCKER_SQUARES, rng.randint(2, 5)):
        tower = ""
        for _ in range(rng.randint(1, 4)):
            owners = [p for p in (alive if rng.random() < 0.7 else left) if left[p]]
            if owners:
                p = rng.choice(owners)
                left[p] -= 1
                tower += str(p)
        if tower:
            towers[sq] = tower
    return towers


def docker_two(rng: random.Random) -> Any:
    return docker.position(docker_towers(rng, 2, [0, 1]), players=2, turn=rng.randint(0, 1))


def docker_four(rng: random.Random) -> Any:
    out = rng.sample(range(4), 2)
    alive = [p for p in range(4) if p not in out]
    return docker.position(
        docker_towers(rng, 4, alive), players=4, eliminated=out, turn=rng.choice(alive)
    )


def dorada_end(rng: random.Random, players: int) -> Any:
    """One or two pieces each near the end of the track, the rest in the goal."""
    running = [f for f in range(24, 40) if dorada.CLASSIC_40.kind(f) == dorada.Field.RUNNING]
    track: dict[int, list[int]] = {}
    stack: list[int] = []
    for p in range(players):
        on = rng.randint(1, 2)
        for _ in range(on):
            track.setdefault(rng.choice(running), []).append(p)
        stack += [p] * (4 - on)
    rng.shuffle(stack)
    return dorada.position(players=players, track=track, start=[0] * players, dorada=stack)


DORASURE_PAIRS = [["Ninja", "Gladiator"], ["Ninja", "Hunter"], ["Gladiator", "Hunter"]]


def dorasure_battle(rng: random.Random) -> Any:
    heroes = rng.choice(DORASURE_PAIRS)
    return dorasure.position(
        heroes, step="battle", quests={"g0": "inscriptions"},
        health={h: rng.randint(1, 2) for h in heroes}, wounds=rng.randint(6, 9),
    )  # fmt: skip


# ------------------------------------------------------------------ the comparison


def check(case: Case, exact: bool = True) -> Solution:
    """Floats against the brute force (values and root moves), exact against floats, and
    the properties every solution has."""
    r = case.reached
    state = case.state
    floats = solve(state, exact=False)
    again = solve(state, exact=False)
    assert floats.values == again.values, case
    assert floats.move_values == again.move_values, case
    assert floats.states == r.size, case
    total = constant_sum(r)
    zero_sum = floats.concept == "zero-sum"
    assert zero_sum == (total is not None), case
    truth = brute_force(r, zero_sum)
    assert list(floats.values) == pytest.approx(truth[0], abs=1e-9), case
    children = r.edges[0]
    assert len(floats.move_values) == len(children), case
    for (move, values), child in zip(floats.move_values.items(), children, strict=True):
        assert list(values) == pytest.approx(truth[child], abs=1e-9), (case, move)
    every = [x for v in r.returns.values() for x in v] + [0.0]
    for v in (floats.values, *floats.move_values.values()):
        assert all(min(every) - 1e-12 <= x <= max(every) + 1e-12 for x in v), case
    if total is not None and surely_ends(r):
        assert sum(floats.values) == pytest.approx(total, abs=1e-9), case
    if exact:
        try:
            fractions = solve(state, exact=True)
        except SolveError:
            pass  # a cycle too big to be solved exactly
        else:
            assert all(isinstance(x, Fraction) for x in fractions.values), case
            assert [float(x) for x in fractions.values] == pytest.approx(floats.values, abs=1e-9), (
                case
            )
            for move, values in fractions.move_values.items():
                assert [float(x) for x in values] == pytest.approx(
                    floats.move_values[move], abs=1e-9
                ), (case, move)
    return floats


def cases(
    name: str, make: Callable[[random.Random], Any], count: int, high: int, low: int = 1
) -> list[Case]:
    """The first ``count`` seeded positions of ``make`` with ``low`` to ``high`` states."""
    found: list[Case] = []
    for seed in range(50 * count):
        case = from_hand(name, make, seed, high)
        if case is not None and case.reached.size >= low:
            found.append(case)
            if len(found) == count:
                return found
    raise AssertionError(f"only {len(found)} positions of {name} found")


def check_all(found: list[Case], exact_up_to: int = 3000) -> None:
    for case in found:
        check(case, exact=case.reached.size <= exact_up_to)


# ------------------------------------------------------------------ Parchís


@pytest.mark.parametrize("players", [2, 3])
def test_parchis_pass_cycles(players: int) -> None:
    # Pieces in the lanes only: a player who cannot move passes and the position returns.
    found = cases(f"parchis lanes {players}p", lambda r: parchis_lanes(r, players), 5, 2000)
    assert all(c.reached.has_cycle() for c in found)
    check_all(found)


@pytest.mark.parametrize("players", [2, 3])
def test_parchis_capture_cycles(players: int) -> None:
    # One piece each on the track or in its lane: captures send pieces home and back.
    found = cases(f"parchis track {players}p", lambda r: parchis_track(r, players), 3, 2000, 100)
    assert all(c.reached.has_cycle() for c in found)
    check_all(found)


# ------------------------------------------------------------------ Docker

#: Four seats, two out, ``return_to_start``: the players left can move pieces back and forth
#: for ever (strategies that never end the game exist), and every roll may also end it.
DOCKER_SHUFFLES = [
    ({"a1": "11233000", "a3": "2231"}, [0, 2], 1),
    ({"c1": "01312", "a1": "2310203"}, [3, 0], 2),
    ({"c2": "220333110", "c1": "120"}, [3, 1], 0),
    ({"a2": "0", "a3": "1", "b1": "321002", "a1": "312", "c1": "3"}, [3, 2], 1),
    ({"c3": "032", "b3": "310110", "a3": "223"}, [2, 1], 3),
]


@pytest.mark.parametrize(("towers", "out", "turn"), DOCKER_SHUFFLES)
def test_docker_four_seats_with_endless_play(
    towers: dict[str, str], out: list[int], turn: int
) -> None:
    s = docker.position(towers, players=4, eliminated=out, turn=turn, return_to_start=True)
    r = reach(s, 5000)
    assert r is not None and r.has_cycle() and not surely_ends(r)
    sol = check(Case(f"docker {towers} out={out} turn={turn}", s, r))
    assert sol.concept == "max-n"
    assert [sol.values[p] for p in out] == [0.0, 0.0]


def test_docker_four_seats_rerolls() -> None:
    found = cases("docker 4 seats, 2 out", docker_four, 4, 2500, 30)
    assert any(c.reached.has_cycle() for c in found)
    check_all(found)


# ------------------------------------------------------------------ Dorada, Dorasure


@pytest.mark.parametrize("players", [2, 3])
def test_dorada_endgames(players: int) -> None:
    found = cases(f"dorada {players}p", lambda r: dorada_end(r, players), 4, 8000, 50)
    check_all(found)


def test_dorasure_battles_at_low_health() -> None:
    found = cases("dorasure battle", dorasure_battle, 8, 2000)
    assert all(c.reached.has_cycle() for c in found)
    for case in found:
        sol = check(case)
        assert sol.concept == "cooperative" and len(set(sol.values)) == 1


@pytest.mark.parametrize(("game", "players"), [("dorada", 2), ("dorada", 3), ("dorasure", 2)])
def test_positions_of_random_games(game: str, players: int) -> None:
    # (Random Parchís and Docker games jump from a few states before the end to far more.)
    options: dict[str, Any] = {"players": players} if game == "dorada" else {}
    found = [c for seed in range(4) for c in list(played(game, seed, 20, 2500, **options))[:1]]
    assert len(found) == 4
    check_all(found)
