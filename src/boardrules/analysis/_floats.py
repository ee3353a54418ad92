"""Float value iteration on one cycle of the graph (Gauss-Seidel sweeps).

A cycle is first compiled into :class:`Plan` rows over local indices -- the members first,
then one fixed slot per position outside the cycle that a move leads to -- so that a sweep
is a tight loop over lists of floats.

The members are swept in the order a depth-first search finishes them, so a sweep reads
this sweep's value of every member except along the edges that close a cycle, whose
targets (the *feedback* members: in Parchís the positions just after a capture) keep the
last sweep's value.  A sweep is therefore a map from the feedback members' values to
their next values, and the cycle's values are its fixed point.  Plain iteration of that
map converges as fast as play leaves the cycle (a Parchís capture cycle: a factor of about
0.65 a sweep, 80 sweeps to 1e-15).  When no strategies can keep play in the cycle for ever
(:func:`traps`), the fixed point is unique and :func:`solve_objective` finds it with
Anderson acceleration on the feedback values, in a fraction of the sweeps; otherwise plain
iteration from 0 reaches the least fixed point, the one in which endless play is worth 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import mul, sub

__all__ = [
    "DONE",
    "MAX_SWEEPS",
    "Plan",
    "guaranteed",
    "leaving_choices",
    "never_leave",
    "predecessors",
    "solve_objective",
    "solve_vectors",
    "traps",
]

#: Iteration stops when a sweep moves no value by more than this (times the largest
#: return, for games whose returns go past 1)...
DONE = 1e-15
#: ...and gives up after this many sweeps.
MAX_SWEEPS = 100_000
# A roll that comes back to itself with a chance this close to 1 never ends (worth 0).
_NEVER = 1e-12


class Plan:
    """One member of a cycle, compiled.

    A chance node (``player`` < 0) is worth ``const + sum(p * v[j] for p, j in inner)``,
    the outcomes leaving the cycle being folded into ``const`` (one per player) and a roll
    back into the same position divided out.  A decision of ``player`` chooses among the
    slots ``moves``, in the order of its legal moves.
    """

    __slots__ = ("const", "exits", "inner", "moves", "player")

    def __init__(self, player: int) -> None:
        self.player = player
        self.inner: list[tuple[float, int]] = []
        self.moves: list[int] = []
        self.const: list[float] = []
        self.exits = False  # a chance node: whether some outcome leaves the cycle

    @classmethod
    def chance(
        cls,
        me: int,
        inner: list[tuple[float, int]],
        outer: list[tuple[float, Sequence[float]]],
        players: int,
    ) -> Plan:
        plan = cls(-1)
        keep = 1.0 - sum(p for p, j in inner if j == me)
        if keep <= _NEVER:  # every outcome rolls the same position again: worth 0 for ever
            plan.const = [0.0] * players
            return plan
        plan.inner = [(p / keep, j) for p, j in inner if j != me]
        plan.const = [sum(p * v[i] for p, v in outer) / keep for i in range(players)]
        plan.exits = bool(outer)
        return plan

    @classmethod
    def decision(cls, player: int, moves: list[int]) -> Plan:
        plan = cls(player)
        plan.moves = moves
        return plan


def predecessors(plans: Sequence[Plan]) -> list[list[int]]:
    """For each member, the members whose value it enters."""
    preds: list[list[int]] = [[] for _ in plans]
    size = len(plans)
    for i, plan in enumerate(plans):
        for j in plan.moves if plan.player >= 0 else [j for _, j in plan.inner]:
            if j < size:
                preds[j].append(i)
    return preds


def traps(plans: Sequence[Plan], preds: Sequence[list[int]]) -> bool:
    """Whether some strategies can keep play among the members for ever: a non-empty set
    of members where every roll stays in the set and every decision has a move into it
    (the largest such set is found by removing members that cannot stay)."""
    size = len(plans)
    staying = [
        0 if plan.player < 0 and plan.exits else
        len(plan.inner) if plan.player < 0 else
        sum(1 for j in plan.moves if j < size)
        for plan in plans
    ]  # fmt: skip
    # A roll stays only while all its outcomes do; a decision while one of its moves does.
    need_all = [plan.player < 0 for plan in plans]
    gone = [i for i in range(size) if staying[i] == 0]
    removed = bytearray(size)
    for i in gone:
        removed[i] = 1
    while gone:
        j = gone.pop()
        for i in preds[j]:
            if removed[i]:
                continue
            staying[i] -= 1
            if need_all[i] or staying[i] == 0:
                removed[i] = 1
                gone.append(i)
    return not all(removed)


def guaranteed(
    plans: Sequence[Plan],
    preds: Sequence[list[int]],
    v: Sequence[float],
    sign: Sequence[int],
    tolerance: float = 1e-12,
) -> bool:
    """Whether the maximiser can make sure of the values ``v`` (a fixed point of the
    sweeps): playing best moves under ``v``, and among them one that heads out of the
    cycle, it leaves play no way to stay in the cycle for ever from a member worth more
    than 0 (where the minimiser and the dice can keep it there, the member is worth 0
    to the maximiser, whatever ``v`` says).

    Every fixed point is at least the least one, the true values; one that the maximiser
    can make sure of is at most the true values; so a fixed point that passes this test
    is the least, even where strategies can keep play in the cycle for ever.
    """
    out, _ = _attractor(plans, preds, v, sign, tolerance, holding=True)
    return all(out[i] or abs(v[i]) <= tolerance for i in range(len(plans)))


def leaving_choices(
    plans: Sequence[Plan],
    preds: Sequence[list[int]],
    v: Sequence[float],
    sign: Sequence[int],
    tolerance: float = 1e-12,
) -> list[int]:
    """For each decision, which of its moves to play (an index into its ``moves``; -1 at
    a roll): a best move under ``v`` (within ``tolerance``), and among equally good ones
    one from which play can head out of the cycle, so that a tie between staying for ever
    and a way out is broken towards the way out."""
    return _attractor(plans, preds, v, sign, tolerance, holding=False)[1]


def _attractor(
    plans: Sequence[Plan],
    preds: Sequence[list[int]],
    v: Sequence[float],
    sign: Sequence[int],
    tolerance: float,
    holding: bool,
) -> tuple[bytearray, list[int]]:
    """The members from which play can be brought out of the cycle by best moves under
    ``v``, and each decision's move (a best one, heading out where it can).  A roll
    joins once one of its outcomes has, a decision once one of its best moves has --
    except, when ``holding``, a minimiser, who joins only once all its moves have (it
    would hold play in the cycle otherwise)."""
    size = len(plans)
    chosen = [-1] * size
    near: list[Sequence[int]] = [()] * size  # a decision's best moves
    holds = [0] * size  # a holding minimiser: its moves into the cycle not yet joined
    out = bytearray(size)
    queue = []
    for i, plan in enumerate(plans):
        moves = plan.moves
        if plan.player < 0:
            leaves = plan.exits
        elif holding and sign[plan.player] < 0:
            holds[i] = sum(1 for j in moves if j < size)
            chosen[i], leaves = 0, holds[i] == 0
        else:
            if len(moves) == 1:
                chosen[i], near[i] = 0, moves
            else:
                values = [sign[plan.player] * v[j] for j in moves]
                top = max(values) - tolerance
                best = [k for k, x in enumerate(values) if x >= top]
                chosen[i], near[i] = best[0], [moves[k] for k in best]
            leaving = next((k for k, j in enumerate(moves) if j >= size and j in near[i]), -1)
            if leaving >= 0:
                chosen[i] = leaving
            leaves = leaving >= 0
        if leaves:
            out[i] = 1
            queue.append(i)
    while queue:
        j = queue.pop()
        for i in preds[j]:
            if out[i]:
                continue
            if holds[i]:
                holds[i] -= 1
                if holds[i]:
                    continue
            elif plans[i].player >= 0:
                if j not in near[i]:
                    continue
                chosen[i] = plans[i].moves.index(j)
            out[i] = 1
            queue.append(i)
    return out, chosen


def never_leave(plans: Sequence[Plan], chosen: Sequence[int]) -> list[int]:
    """The members from which play never leaves the cycle when each decision ``i`` plays
    its move ``chosen[i]`` (fixed strategies): those that no way out can be reached from."""
    size = len(plans)
    preds: list[list[int]] = [[] for _ in plans]
    leaving = []
    for i, plan in enumerate(plans):
        targets = [j for _, j in plan.inner] if plan.player < 0 else [chosen[i]]
        if plan.exits or any(j >= size for j in targets):
            leaving.append(i)
        for j in targets:
            if j < size:
                preds[j].append(i)
    reached = bytearray(size)
    for i in leaving:
        reached[i] = 1
    while leaving:
        for i in preds[leaving.pop()]:
            if not reached[i]:
                reached[i] = 1
                leaving.append(i)
    return [i for i in range(size) if not reached[i]]


#: A compiled plan: ``(i, player, consts, targets, probabilities)``; ``player`` is -1 for a
#: roll, whose value in column ``c`` is ``consts[c]`` plus the weighted targets'.
_VectorRow = tuple[int, int, tuple[float, ...], tuple[int, ...], tuple[float, ...]]


#: A plan compiled for one objective: ``(i, 0, const, targets, probabilities)`` for the
#: roll of member ``i``, ``(i, 1, 0.0, moves, ())`` for a decision that maximises,
#: ``(i, -1, 0.0, moves, ())`` for one that minimises.
_Row = tuple[int, int, float, tuple[int, ...], tuple[float, ...]]


def _aliases(plans: Sequence[Plan]) -> list[int]:
    """For each member that is a decision with a single move (a forced move or a pass:
    in Parchís most decisions of an endgame), the member or slot whose value it takes,
    followed through chains of such members; -1 for the others and for chains that go
    round (they never end)."""
    size = len(plans)
    alias = [-1] * size
    for i, plan in enumerate(plans):
        if plan.player < 0 or len(plan.moves) != 1 or alias[i] >= 0:
            continue
        chain, j = [i], plan.moves[0]
        while j < size and alias[j] < 0 and plans[j].player >= 0 and len(plans[j].moves) == 1:
            if j in chain:
                break  # a loop of forced moves: no end to alias to
            chain.append(j)
            j = plans[j].moves[0]
        else:
            end = alias[j] if j < size and alias[j] >= 0 else j
            for k in chain:
                alias[k] = end
    return alias


def _compile(plans: Sequence[Plan], alias: Sequence[int]) -> list[_VectorRow]:
    """The rows of the members that are not aliases, reading through the aliases; a roll
    that comes back to itself through forced moves has that chance divided out."""
    size = len(plans)

    def through(j: int) -> int:
        return alias[j] if j < size and alias[j] >= 0 else j

    rows: list[_VectorRow] = []
    for i, plan in enumerate(plans):
        if alias[i] >= 0:
            continue
        if plan.player >= 0:
            rows.append((i, plan.player, (), tuple(map(through, plan.moves)), ()))
            continue
        pairs = [(p, through(j)) for p, j in plan.inner]
        keep = 1.0 - sum(p for p, j in pairs if j == i)
        if keep <= _NEVER and not plan.exits:  # it only comes back to itself: worth 0
            rows.append((i, -1, (0.0,) * len(plan.const), (), ()))
            continue
        targets = tuple(j for _, j in pairs if j != i)
        probabilities = tuple(p / keep for p, j in pairs if j != i)
        rows.append((i, -1, tuple(c / keep for c in plan.const), targets, probabilities))
    return rows


def _objective(rows: Sequence[_VectorRow], component: int, sign: Sequence[int]) -> list[_Row]:
    """The rows for one objective: a roll's constant for ``component``, a decision's
    direction from its player's ``sign``."""
    return [
        (i, 0, consts[component], targets, probabilities)
        if player < 0 else (i, sign[player], 0.0, targets, ())
        for i, player, consts, targets, probabilities in rows
    ]  # fmt: skip


def _feedback(rows: Sequence[_Row], size: int) -> list[int]:
    """The members that some row reads before their own row is swept: the sweep is a
    map from their values to their next values."""
    position = {row[0]: q for q, row in enumerate(rows)}
    return sorted(
        {j for q, row in enumerate(rows) for j in row[3] if j < size and position[j] >= q}
    )


def _sweep(rows: Sequence[_Row], v: list[float]) -> float:
    """One Gauss-Seidel sweep; the largest change of a member's value."""
    moved = 0.0
    value = v.__getitem__
    for i, code, new, targets, probabilities in rows:
        if code == 0:
            new += sum(map(mul, probabilities, map(value, targets)))
        elif code > 0:
            new = max(map(value, targets))
        else:
            new = min(map(value, targets))
        change = abs(new - v[i])
        if change > moved:
            moved = change
        v[i] = new
    return moved


def solve_objective(
    plans: Sequence[Plan],
    v: list[float],
    component: int,
    sign: Sequence[int],
    accelerate: bool,
    bounds: tuple[float, float] = (0.0, 1.0),
    limit: int = MAX_SWEEPS,
) -> bool:
    """Sweep until no value moves by more than :data:`DONE` (a decision of player ``p``
    maximises ``sign[p] * value``), with Anderson acceleration on the feedback members
    if ``accelerate`` (plain iteration from 0 is the only safe one when strategies can
    keep play in the cycle for ever).  ``v`` holds the members' values first (0 to begin
    with) and then the fixed values of the slots outside; every value lies within
    ``bounds`` (the lowest and highest return, and 0).  Whether it settled within
    ``limit`` sweeps."""
    alias = _aliases(plans)
    rows = _objective(_compile(plans, alias), component, sign)
    if not accelerate:
        done = _done(bounds)
        settled = any(_sweep(rows, v) <= done for _ in range(limit))
    else:
        feedback = _feedback(rows, len(plans))
        settled = _Anderson(rows, v, feedback, *bounds).run(limit)
    for i, j in enumerate(alias):
        if j >= 0:
            v[i] = v[j]
    return settled


class _Anderson:
    """Anderson acceleration of the sweep map on the feedback values: the next guess is
    the mix of the last few sweeps' results whose residuals cancel best (least squares),
    kept inside the range of the returns.  When the mix stops helping (an overshoot into
    other strategies) it starts afresh from where it is, and after many fresh starts
    falls back to plain sweeps, so it settles whenever plain iteration would."""

    MEMORY = 6
    PATIENCE = 12  # mixed steps without a new smallest residual before a fresh start
    RESTARTS = 20  # fresh starts before plain sweeps

    def __init__(
        self, rows: Sequence[_Row], v: list[float], feedback: Sequence[int], low: float, high: float
    ) -> None:
        self.rows, self.v, self.feedback = rows, v, list(feedback)
        self.low, self.high = low, high
        self.done = _done((low, high))
        self.steps_f: list[list[float]] = []  # differences of successive residuals
        self.steps_g: list[list[float]] = []  # differences of successive sweep results

    def run(self, limit: int) -> bool:
        v, feedback = self.v, self.feedback
        x = [v[k] for k in feedback]
        last: tuple[list[float], list[float]] | None = None
        best, stale, mixing, restarts = float("inf"), 0, True, 0
        if not feedback:  # nothing read before it is swept: one sweep is exact
            _sweep(self.rows, v)
            return True
        for _ in range(limit):
            for k, value in zip(feedback, x, strict=True):
                v[k] = value
            _sweep(self.rows, v)
            g = list(map(v.__getitem__, feedback))
            f = list(map(sub, g, x))
            residual = max(map(abs, f))
            if residual <= self.done:
                return True
            if residual < best:
                best, stale = residual, 0
            else:
                stale += 1
            if stale >= self.PATIENCE:  # the mix stopped helping: start it afresh from here
                restarts += 1
                best, stale, last = residual, 0, None
                self.steps_f.clear()
                self.steps_g.clear()
                mixing = restarts <= self.RESTARTS
            if not mixing:
                x = g
                continue
            if last is not None:
                self._remember(f, g, *last)
            last = (f, g)
            x = self._mix(f, g)
        return False

    def _remember(self, f: list[float], g: list[float], f0: list[float], g0: list[float]) -> None:
        self.steps_f.append(list(map(sub, f, f0)))
        self.steps_g.append(list(map(sub, g, g0)))
        if len(self.steps_f) > self.MEMORY:
            del self.steps_f[0], self.steps_g[0]

    def _mix(self, f: list[float], g: list[float]) -> list[float]:
        gamma = _least_squares(self.steps_f, f)
        x = g
        for c, step in zip(gamma, self.steps_g, strict=True):
            if c:
                x = list(map(sub, x, map(mul, step, repeat(c))))
        low, high = self.low, self.high
        return [low if a < low else high if a > high else a for a in x]


def _least_squares(columns: list[list[float]], target: list[float]) -> list[float]:
    """The coefficients ``c`` that make ``sum(c[k] * columns[k])`` closest to ``target``
    (modified Gram-Schmidt; a column nearly in the span of the earlier ones gets 0).
    The columns are as long as there are feedback members, so every step over them is
    one loop in C (``map``)."""
    basis: list[list[float]] = []
    r: list[list[float]] = []  # r[k][j]: the part of column k along basis vector j
    kept: list[int] = []
    for k, column in enumerate(columns):
        w = column
        norm = _dot(w, w) ** 0.5
        parts = []
        for q in basis:
            dot = _dot(q, w)
            parts.append(dot)
            w = list(map(sub, w, map(mul, q, repeat(dot))))
        rest = _dot(w, w) ** 0.5
        if norm == 0.0 or rest <= 1e-10 * norm:
            continue
        basis.append(list(map(mul, w, repeat(1.0 / rest))))
        r.append([*parts, rest])
        kept.append(k)
    along = [_dot(q, target) for q in basis]
    solved = [0.0] * len(kept)
    for k in reversed(range(len(kept))):
        total = along[k] - sum(r[j][k] * solved[j] for j in range(k + 1, len(kept)))
        solved[k] = total / r[k][k]
    gamma = [0.0] * len(columns)
    for k, c in zip(kept, solved, strict=True):
        gamma[k] = c
    return gamma


def _dot(a: list[float], b: list[float]) -> float:
    total: float = sum(map(mul, a, b))
    return total


def _done(bounds: tuple[float, float]) -> float:
    return DONE * max(1.0, abs(bounds[0]), abs(bounds[1]))


def solve_vectors(
    plans: Sequence[Plan],
    columns: list[list[float]],
    bounds: tuple[float, float] = (0.0, 1.0),
    limit: int = MAX_SWEEPS,
) -> bool:
    """Max-n value iteration: plain sweeps until no value moves by more than
    :data:`DONE`, a decision taking the whole vector of its first move that is best for
    its player.  ``columns[c]`` holds player ``c``'s values, as ``v`` does for
    :func:`solve_objective`.  Whether it settled within ``limit`` sweeps."""
    alias = _aliases(plans)
    rows = _compile(plans, alias)
    swept = _at_stake(rows, columns, len(plans))
    if len(swept) < len(columns):
        rows = _narrow(rows, swept)
    active = [columns[c] for c in swept]
    done = _done(bounds)
    settled = any(_sweep_vectors(rows, active) <= done for _ in range(limit))
    for i, j in enumerate(alias):
        if j >= 0:
            for column in columns:
                column[i] = column[j]
    return settled


def _at_stake(rows: Sequence[_VectorRow], columns: list[list[float]], size: int) -> list[int]:
    """The players whose values can differ from 0 here.  A player who never moves in the
    cycle and gets 0 at every way out of it (a Docker player already out of the game)
    keeps 0 everywhere, so that column need not be swept."""
    movers = {row[1] for row in rows}
    return [
        c for c, column in enumerate(columns)
        if c in movers or any(column[size:]) or any(row[2][c] for row in rows if row[1] < 0)
    ]  # fmt: skip


def _narrow(rows: Sequence[_VectorRow], swept: list[int]) -> list[_VectorRow]:
    """The rows over the columns ``swept`` only (players renumbered in that order)."""
    seat = {c: k for k, c in enumerate(swept)}
    return [
        (i, seat[player], (), targets, probabilities)
        if player >= 0 else (i, -1, tuple(consts[c] for c in swept), targets, probabilities)
        for i, player, consts, targets, probabilities in rows
    ]  # fmt: skip


def _sweep_vectors(rows: Sequence[_VectorRow], columns: list[list[float]]) -> float:
    """One max-n Gauss-Seidel sweep; the largest change of a value."""
    moved = 0.0
    for i, player, consts, targets, probabilities in rows:
        if player < 0:
            for column, new in zip(columns, consts, strict=True):
                new += sum(map(mul, probabilities, map(column.__getitem__, targets)))
                change = abs(new - column[i])
                if change > moved:
                    moved = change
                column[i] = new
        else:
            best = max(targets, key=columns[player].__getitem__)  # the first of the best
            for column in columns:
                change = abs(column[best] - column[i])
                if change > moved:
                    moved = change
                column[i] = column[best]
    return moved
