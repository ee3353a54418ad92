"""Differential tests of the cycle solvers of boardrules.analysis.

Every position here is solved by :func:`boardrules.analysis.solve` (floats, and exactly
where the cycles are small enough) and by an independent brute force written below with
the public rules API only: plain (Jacobi) value iteration from 0 over the reachable set,
so that endless play is worth 0.  Positions come from seeded random games and from
seeded random hand-set endgames of all four games, chosen for small graphs with cycles:
Parchís passes (2 and 3 players; a capture cycle in a slow test), Docker rerolls and
pieces moved back and forth for ever (4 seats with two out), Dorada (2 and 3 players),
Dorasure's cooperative Climactic Battle at low health; and random table games for the
structures the built-in games reach only in big graphs (traps in zero-sum games, loops of
forced moves).  A failure names the case and its seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import pytest

import boardrules as br
from boardrules import docker, dorada, dorasure, parchis
from boardrules.analysis import Solution, SolveError, solve
from boardrules.bots import RandomBot
from extras import need

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


def brute_force(
    r: Reached, zero_sum: bool | tuple[int, int], tolerance: float = 1e-14
) -> list[tuple[float, ...]]:
    """Plain value iteration from 0 (Jacobi: every value from last round's).  In a
    zero-sum game between the pair ``(a, b)`` (``True``: players 0 and 1) ``a`` maximises
    its value, ``b`` minimises it and ``b``'s value is taken along; otherwise each player
    takes the first move best for itself (the whole value vector of that move)."""
    first = zero_sum[0] if isinstance(zero_sum, tuple) else 0
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
                    pick = max if p == first else min
                    v = pick(options, key=lambda o: o[first])
                else:
                    v = max(options, key=lambda o, p=p: o[p])  # type: ignore[misc]
            moved = max(moved, *(abs(a - b) for a, b in zip(v, value[i], strict=True)))
            new.append(v)
        value = new
        if moved <= tolerance:
            return value
    raise AssertionError("brute force did not settle")


def at_stake(r: Reached) -> tuple[int, ...]:
    """The players who move somewhere or get a return other than 0 at some ending; the
    others (out of the game) are worth 0 everywhere and take no part in the concept."""
    movers = {p for p in r.player if p >= 0}
    paid = {c for v in r.returns.values() for c, x in enumerate(v) if x != 0}
    return tuple(sorted(movers | paid)) or tuple(range(r.players))


def zero_sum_pair(r: Reached) -> tuple[tuple[int, int], float] | None:
    """The two players at stake and the total of their returns, when those add up to it
    at every ending and are not always equal (the zero-sum concept), else ``None``."""
    seats = at_stake(r)
    if len(seats) != 2 or not r.returns:
        return None
    a, b = seats
    pairs = [(v[a], v[b]) for v in r.returns.values()]
    if all(x == y for x, y in pairs):
        return None
    totals = {round(x + y, 12) for x, y in pairs}
    nonneg = all(x >= 0 and y >= 0 for x, y in pairs)
    return ((a, b), totals.pop()) if len(totals) == 1 and nonneg else None


def constant_sum(r: Reached) -> float | None:
    """The total of the zero-sum pair's returns (see :func:`zero_sum_pair`), or ``None``."""
    found = zero_sum_pair(r)
    return None if found is None else found[1]


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
    capture would send a piece home, the rest in the goal.  (A capture cycle reaches some
    150,000 states: the graphs small enough here are those of pieces past each other.)"""
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
    found = zero_sum_pair(r)
    total = None if found is None else found[1]
    zero_sum = floats.concept == "zero-sum"
    assert zero_sum == (found is not None), case
    assert floats.seats == at_stake(r), case
    truth = brute_force(r, False if found is None else found[0])
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


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_parchis_pass_cycles(players: int) -> None:
    # Pieces in the lanes only: a player who cannot move passes and the position returns.
    found = cases(f"parchis lanes {players}p", lambda r: parchis_lanes(r, players), 5, 2000)
    assert all(c.reached.has_cycle() for c in found)
    check_all(found)


@pytest.mark.parametrize("players", [2, pytest.param(3, marks=pytest.mark.slow)])
def test_parchis_pieces_near_the_end(players: int) -> None:
    # One piece each near the end of the track or in its lane (passes, sixes, no captures:
    # see test_parchis_capture_cycle_against_the_brute_force).
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


@pytest.mark.parametrize(
    ("towers", "out", "turn"),
    [DOCKER_SHUFFLES[0], *(pytest.param(*c, marks=pytest.mark.slow) for c in DOCKER_SHUFFLES[1:])],
)
def test_docker_four_seats_with_endless_play(
    towers: dict[str, str], out: list[int], turn: int
) -> None:
    s = docker.position(towers, players=4, eliminated=out, turn=turn, return_to_start=True)
    r = reach(s, 5000)
    assert r is not None and r.has_cycle() and not surely_ends(r)
    sol = check(Case(f"docker {towers} out={out} turn={turn}", s, r))
    # The players out never move and score 0: the two left play a zero-sum game.
    assert sol.concept == "zero-sum"
    assert sol.seats == tuple(p for p in range(4) if p not in out)
    assert [sol.values[p] for p in out] == [0.0, 0.0]


@pytest.mark.slow
def test_docker_four_seats_rerolls() -> None:
    found = cases("docker 4 seats, 2 out", docker_four, 4, 2500, 30)
    assert any(c.reached.has_cycle() for c in found)
    check_all(found)


# ------------------------------------------------------------------ Dorada, Dorasure


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
def test_dorada_endgames(players: int) -> None:
    found = cases(f"dorada {players}p", lambda r: dorada_end(r, players), 4, 8000, 50)
    check_all(found)


@pytest.mark.slow
def test_dorasure_battles_at_low_health() -> None:
    found = cases("dorasure battle", dorasure_battle, 8, 2000)
    assert all(c.reached.has_cycle() for c in found)
    for case in found:
        sol = check(case)
        assert sol.concept == "cooperative" and len(set(sol.values)) == 1


@pytest.mark.parametrize(
    ("game", "players"),
    [("dorada", 2), pytest.param("dorada", 3, marks=pytest.mark.slow),
     pytest.param("dorasure", 2, marks=pytest.mark.slow)],
)  # fmt: skip
def test_positions_of_random_games(game: str, players: int) -> None:
    # (Random Parchís and Docker games jump from a few states before the end to far more.)
    options: dict[str, Any] = {"players": players} if game == "dorada" else {}
    found = [c for seed in range(4) for c in list(played(game, seed, 20, 2500, **options))[:1]]
    assert len(found) == 4
    check_all(found)


# ------------------------------------------------------------------ table games
#
# A game given as a table of nodes, so that the structures the built-in games rarely reach
# in a small graph can be had on purpose: a decision of ``player`` lists the nodes its moves
# lead to, a roll ``("C", [(p, node), ...])``, an ending ``("T", returns)``.  solve() and the
# brute force see it through the same protocol as a built-in game (``state.game``).

Node = tuple[Any, Any]
TABLES: list[tuple[list[Node], int]] = []


class TableGame:
    """The rules of every table game (the table is found from the state)."""

    name = "table"

    @staticmethod
    def node(s: Table) -> Node:
        return TABLES[s.table][0][s.node]

    @staticmethod
    def current_player(s: Table) -> int:
        kind = TableGame.node(s)[0]
        return br.TERMINAL if kind == "T" else br.CHANCE if kind == "C" else int(kind)

    @staticmethod
    def num_players(s: Table) -> int:
        return TABLES[s.table][1]

    @staticmethod
    def legal_moves(s: Table) -> tuple[tuple[int, int], ...]:
        kind, rest = TableGame.node(s)
        if kind == "T":
            return ()
        if kind == "C":
            return tuple((k, j) for k, (_, j) in enumerate(rest))
        return tuple(enumerate(rest))

    @staticmethod
    def chance_outcomes(s: Table) -> tuple[tuple[tuple[int, int], Fraction], ...]:
        kind, rest = TableGame.node(s)
        if kind != "C":
            return ()
        return tuple(((k, j), Fraction(p)) for k, (p, j) in enumerate(rest))

    @staticmethod
    def apply_move(s: Table, move: tuple[int, int]) -> Table:
        return Table(s.table, move[1])

    @staticmethod
    def returns(s: Table) -> tuple[float, ...]:
        kind, rest = TableGame.node(s)
        return tuple(map(float, rest)) if kind == "T" else (0.0,) * TABLES[s.table][1]


@dataclass(frozen=True)
class Table:
    table: int
    node: int
    game: ClassVar[type[TableGame]] = TableGame


def table(nodes: list[Node], players: int) -> Table:
    """The first node of a new table game."""
    TABLES.append((nodes, players))
    return Table(len(TABLES) - 1, 0)


def random_table(rng: random.Random, players: int, zero_sum: bool) -> list[Node]:
    """A random table game of a few nodes (moves and rolls may lead anywhere, so cycles,
    self-loops, forced moves and traps are common), with three endings."""
    n = rng.randint(3, 14)
    nodes: list[Node] = []
    for _ in range(n):
        k = rng.randint(1, 3)
        if rng.random() < 0.45:
            nodes.append((rng.randrange(players), [rng.randrange(n + 3) for _ in range(k)]))
        else:
            weights = [rng.randint(1, 4) for _ in range(k)]
            total = sum(weights)
            nodes.append(("C", [(Fraction(w, total), rng.randrange(n + 3)) for w in weights]))
    shares = [Fraction(0), Fraction(1, 3), Fraction(1, 2), Fraction(1)]
    for _ in range(3):
        if zero_sum:
            a = rng.choice(shares)
            nodes.append(("T", (a, 1 - a)))
        else:
            nodes.append(("T", tuple(rng.choice(shares) for _ in range(players))))
    return nodes


def self_returning_roll(r: Reached) -> bool:
    """Whether some roll leads, through forced moves only, back to itself whatever the
    dice say (a case the float solver once divided by 0 on)."""

    def through(j: int) -> int:
        path = [j]
        while r.player[j] >= 0 and len(r.edges[j]) == 1:
            j = r.edges[j][0]
            if j in path:
                return -1
            path.append(j)
        return j

    return any(
        r.player[i] == br.CHANCE and all(through(j) == i for j in r.edges[i]) for i in range(r.size)
    )


@pytest.mark.parametrize(
    "block", [0, *(pytest.param(b, marks=pytest.mark.slow) for b in (1, 2, 3))]
)
def test_random_table_games(block: int) -> None:
    # Player 0's value (cooperative or zero-sum) is unique: floats, fractions and the brute
    # force agree on it at the root and after every root move, traps or not; where play
    # surely ends, player 1's too (the constant sum).  Max-n is left out: with cycles it has
    # several equilibria, and which one value iteration finds depends on the sweep order.
    checked = returning = endless = 0
    for seed in range(300 * block, 300 * (block + 1)):
        rng = random.Random(seed)
        players = rng.choice([1, 2, 2])
        nodes = random_table(rng, players, players == 2 and rng.random() < 0.8)
        s = table(nodes, players)
        r = reach(s, 1000)
        assert r is not None
        returning += self_returning_roll(r)
        endless += not r.returns
        total = constant_sum(r)
        cooperative = all(len(set(v)) == 1 for v in r.returns.values())
        if total is None and not cooperative:
            continue
        try:
            found = zero_sum_pair(r)
            truth = brute_force(r, False if found is None else found[0])
        except AssertionError:
            continue  # does not settle to 1e-14 (not for want of trying)
        where = f"table seed={seed}: {nodes}"
        floats, fractions = solve(s, exact=False), solve(s, exact=True)
        assert floats.values[0] == pytest.approx(truth[0][0], abs=1e-9), where
        assert float(fractions.values[0]) == pytest.approx(floats.values[0], abs=1e-9), where
        for (move, values), child in zip(floats.move_values.items(), r.edges[0], strict=True):
            assert values[0] == pytest.approx(truth[child][0], abs=1e-9), (where, move)
            exact_value = float(fractions.move_values[move][0])
            assert exact_value == pytest.approx(values[0], abs=1e-9), (where, move)
        if total is not None and surely_ends(r):
            assert sum(floats.values) == pytest.approx(total, abs=1e-9), where
            assert list(floats.values) == pytest.approx(truth[0], abs=1e-9), where
        checked += 1
    assert checked >= 150
    # Among them, rolls that only come back to themselves and games with no ending at all.
    assert returning >= 10 and endless >= 10


# ------------------------------------------------------------------ found by this audit

HALF = Fraction(1, 2)


def test_a_roll_that_comes_back_to_itself_through_forced_moves() -> None:
    # Player 0 chooses the roll at 1 or a fair coin.  Both faces of the roll at 1 lead to a
    # forced move back to it: play never ends there (worth 0), which the float solver must
    # see rather than divide the roll's own chance out (1 - 1 = 0).  Exact solving and
    # brute force: (1/2, 1/2).
    s = table([(0, [1, 4]), ("C", [(HALF, 2), (HALF, 3)]), (0, [1]), (1, [1]),
               ("C", [(HALF, 5), (HALF, 6)]), ("T", (1, 0)), ("T", (0, 1))], 2)  # fmt: skip
    assert solve(s, exact=True).values == (HALF, HALF)
    assert solve(s, exact=False).values == (0.5, 0.5)


def test_a_roll_whose_every_outcome_is_itself() -> None:
    # (Docker rerolls never do this: some value must be usable.)
    s = table([(0, [1, 2]), ("C", [(HALF, 1), (HALF, 1)]), ("T", (1, 0))], 2)
    assert solve(s, exact=True).values == (1, 0)
    assert solve(s, exact=False).values == (1.0, 0.0)


def test_a_position_from_which_the_game_never_ends() -> None:
    s = table([(0, [1]), ("C", [(HALF, 0), (HALF, 1)])], 2)
    assert solve(s, exact=False).values == (0.0, 0.0)


def test_second_player_value_when_a_staying_move_ties_with_a_way_out() -> None:
    # Player 0 at 0 and 1 can pass the turn between them for ever or take a fair coin (1/2
    # each).  Player 0's value is 1/2 either way and the first move is the staying one: the
    # strategies read off the values must break the tie towards the way out, or player 1
    # would get 0 for play that never ends.  Exact solving and the brute force: (1/2, 1/2).
    s = table([(0, [1, 2]), (0, [0, 2]), ("C", [(HALF, 3), (HALF, 4)]), ("T", (1, 0)),
               ("T", (0, 1))], 2)  # fmt: skip
    assert solve(s, exact=True).values == (HALF, HALF)
    r = reach(s, 10)
    assert r is not None and brute_force(r, True)[0] == (0.5, 0.5)
    assert solve(s, exact=False).values == (0.5, 0.5)


# ------------------------------------------------------------------ bigger sweeps

SWEEPS: dict[str, Callable[[random.Random], Any]] = {
    "parchis lanes 2p": lambda r: parchis_lanes(r, 2),
    "parchis lanes 3p": lambda r: parchis_lanes(r, 3),
    "parchis track 2p": lambda r: parchis_track(r, 2),
    "parchis track 3p": lambda r: parchis_track(r, 3),
    "docker 4 seats, 2 out": docker_four,
    "dorada 2p": lambda r: dorada_end(r, 2),
    "dorada 3p": lambda r: dorada_end(r, 3),
    "dorasure battle": dorasure_battle,
}


@pytest.mark.release
@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SWEEPS))
def test_bigger_sweep(name: str) -> None:
    # Graphs of up to 20,000 states; exact solving where the graph has at most 3,000.
    check_all(cases(name, SWEEPS[name], 6, 20_000, 500))


@pytest.mark.release
@pytest.mark.slow
def test_bigger_sweep_of_docker_endless_play() -> None:
    # Seeded random Docker positions with four seats, two out and return_to_start, kept
    # where some strategies never end the game.
    found = 0
    for seed in range(1500):
        rng = random.Random(seed)
        out = rng.sample(range(4), 2)
        alive = [p for p in range(4) if p not in out]
        pieces = [p for p in range(4) for _ in range(3)]
        rng.shuffle(pieces)
        squares = rng.sample(DOCKER_SQUARES, rng.randint(2, 5))
        towers: dict[str, str] = {}
        for p in pieces:
            sq = rng.choice(squares)
            towers[sq] = towers.get(sq, "") + str(p)
        try:
            s = docker.position(towers, players=4, eliminated=out, turn=rng.choice(alive),
                                return_to_start=True)  # fmt: skip
        except br.BoardrulesError:
            continue
        r = reach(s, 3000)
        if r is None or surely_ends(r):
            continue
        check(Case(f"docker endless seed={seed}: {towers} out={out}", s, r), exact=False)
        found += 1
    assert found >= 3


@pytest.mark.slow
@pytest.mark.parametrize("block", range(4, 20))
def test_more_random_table_games(block: int) -> None:
    test_random_table_games(block)


def test_a_cycle_that_play_rarely_leaves() -> None:
    # Player 0 at 0 picks one of two rolls; player 1 at 3 and 4 sends play back to 0 or ends
    # it.  Play leaves the cycle with chance 1e-6 a round: accelerated sweeps overshoot into
    # other strategies and plain ones would need about 1e7 sweeps, so the float solver must
    # turn to strategy iteration.  Exact solving: (500001/1000000, 499999/1000000).
    eps = Fraction(1, 10**6)
    s = table([(0, [1, 2]), ("C", [(eps, 5), (HALF - eps, 3), (HALF, 0)]),
               ("C", [(2 * eps, 6), (1 - 2 * eps, 4)]), (1, [0, 6]), (1, [0, 7]),
               ("T", (1, 0)), ("T", (HALF, HALF)), ("T", (Fraction(1, 3), Fraction(2, 3)))],
              2)  # fmt: skip
    assert solve(s, exact=True).values == (Fraction(500001, 10**6), Fraction(499999, 10**6))
    assert solve(s, exact=False).values == pytest.approx((0.500001, 0.499999), abs=1e-9)


def brute_force_arrays(r: Reached, zero_sum: bool, tolerance: float = 1e-14) -> Any:
    """:func:`brute_force` with numpy arrays (the same Jacobi value iteration from 0, the
    same first-best choices), for graphs of some 100,000 states.  One row per state."""
    np = need("numpy", "rl")
    n, size = r.players, r.size
    lengths = np.array([len(e) for e in r.edges], dtype=np.int64)
    targets = np.array([j for e in r.edges for j in e], dtype=np.int64)
    owner = np.repeat(np.arange(size), lengths)
    kind = np.array(r.player, dtype=np.int64)
    chance_edge = kind[owner] == br.CHANCE
    weight = np.zeros(len(targets))
    weight[chance_edge] = [q for i in range(size) if r.player[i] == br.CHANCE for q in r.probs[i]]
    deciders = np.flatnonzero(kind >= 0)
    chance = np.flatnonzero(kind == br.CHANCE)
    value = np.zeros((size, n))
    for i, v in r.returns.items():
        value[i] = v
    edge_index = np.arange(len(targets))
    for _ in range(200_000):
        kids = value[targets]  # one row per edge
        new = value.copy()
        mixed = np.zeros((size, n))
        np.add.at(mixed, owner[chance_edge], kids[chance_edge] * weight[chance_edge, None])
        new[chance] = mixed[chance]
        # a decision: the whole vector of its first best move
        mover = kind[owner].clip(0)
        score = kids[:, 0] if zero_sum else kids[edge_index, mover]
        if zero_sum:
            score = np.where(kind[owner] == 1, -score, score)
        score = np.where(kind[owner] >= 0, score, -np.inf)
        best = np.full(size, -np.inf)
        np.maximum.at(best, owner, score)
        first = np.full(size, len(targets))
        is_best = (score == best[owner]) & (kind[owner] >= 0)
        np.minimum.at(first, owner[is_best], edge_index[is_best])
        new[deciders] = kids[first[deciders]]
        moved = float(np.abs(new - value).max())
        value = new
        if moved <= tolerance:
            return value
    raise AssertionError("brute force did not settle")


@pytest.mark.release
@pytest.mark.slow
def test_parchis_capture_cycle_against_the_brute_force() -> None:
    # One piece each on the track: a capture sends a piece back to the nest, so most of
    # the 147,924 positions form one cycle.  Floats only (the cycle is too big to be
    # solved exactly).
    g3 = ["goal"] * 3
    s = parchis.position({"yellow": [66, *g3], "red": [62, *g3]}, turn="yellow", players=2)
    r = reach(s, 200_000)
    assert r is not None and r.size == 147_924 and r.has_cycle()
    truth = brute_force_arrays(r, zero_sum=True)
    sol = solve(s, exact=False)
    assert list(sol.values) == pytest.approx(list(truth[0]), abs=1e-9)
    for values, child in zip(sol.move_values.values(), r.edges[0], strict=True):
        assert list(values) == pytest.approx(list(truth[child]), abs=1e-9)
    with pytest.raises(SolveError):
        solve(s, exact=True)
