"""Float value iteration on one cycle of the graph (Gauss-Seidel sweeps).

A cycle is first compiled into :class:`Plan` rows over local indices -- the members first,
then one fixed slot per position outside the cycle that a move leads to -- so that a sweep
is a tight loop over lists of floats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = [
    "DONE",
    "MAX_SWEEPS",
    "Plan",
    "predecessors",
    "settle",
    "sweep_objective",
    "sweep_vectors",
]

#: Iteration stops when a sweep moves no value by more than this...
DONE = 1e-15
#: ...and gives up after this many sweeps.
MAX_SWEEPS = 100_000


class Plan:
    """One member of a cycle, compiled.

    A chance node (``player`` < 0) is worth ``const + sum(p * v[j] for p, j in inner)``,
    the outcomes leaving the cycle being folded into ``const`` (one per player) and a roll
    back into the same position divided out.  A decision of ``player`` chooses among the
    slots ``moves``, in the order of its legal moves.
    """

    __slots__ = ("const", "inner", "moves", "player")

    def __init__(self, player: int) -> None:
        self.player = player
        self.inner: list[tuple[float, int]] = []
        self.moves: list[int] = []
        self.const: list[float] = []

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
        plan.inner = [(p / keep, j) for p, j in inner if j != me]
        plan.const = [sum(p * v[i] for p, v in outer) / keep for i in range(players)]
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


def sweep_objective(
    plans: Sequence[Plan],
    preds: Sequence[list[int]],
    dirty: bytearray,
    v: list[float],
    component: int,
    sign: Sequence[int],
) -> bool:
    """One sweep on a single objective (``component`` of the value vectors) over the
    members marked ``dirty``: a decision of player ``p`` maximises ``sign[p] * value``.
    A member whose value moves by more than :data:`DONE` marks the members it enters.
    Returns whether any member is still marked."""
    for i, plan in enumerate(plans):
        if not dirty[i]:
            continue
        dirty[i] = 0
        if plan.player < 0:
            new = plan.const[component]
            for p, j in plan.inner:
                new += p * v[j]
        elif sign[plan.player] > 0:
            new = max([v[j] for j in plan.moves])
        else:
            new = min([v[j] for j in plan.moves])
        if abs(new - v[i]) > DONE:
            for k in preds[i]:
                dirty[k] = 1
        v[i] = new
    return any(dirty)


def sweep_vectors(
    plans: Sequence[Plan], preds: Sequence[list[int]], dirty: bytearray, values: list[list[float]]
) -> bool:
    """One max-n sweep over the members marked ``dirty``: a decision takes the whole
    vector of its first move that is best for its player.  Returns whether any member is
    still marked."""
    players = range(len(values))
    for i, plan in enumerate(plans):
        if not dirty[i]:
            continue
        dirty[i] = 0
        moved = 0.0
        if plan.player < 0:
            for c in players:
                column = values[c]
                new = plan.const[c]
                for p, j in plan.inner:
                    new += p * column[j]
                moved = max(moved, abs(new - column[i]))
                column[i] = new
        else:
            own = values[plan.player]
            best = plan.moves[0]
            for j in plan.moves:
                if own[j] > own[best]:
                    best = j
            for c in players:
                column = values[c]
                moved = max(moved, abs(column[best] - column[i]))
                column[i] = column[best]
        if moved > DONE:
            for k in preds[i]:
                dirty[k] = 1
    return any(dirty)


def settle(sweep: Callable[[], bool]) -> bool:
    """Sweep until no member is marked; whether that happened within :data:`MAX_SWEEPS`."""
    return any(not sweep() for _ in range(MAX_SWEEPS))
