"""What :func:`~boardrules.docker.evaluate` reads of a position: a few numbers per seat.

The weights that turn them into a win chance are fitted by
``benchmarks/fit_evaluation.py docker`` (logistic regression on the outcomes of self-play
games) and shipped in :mod:`boardrules.docker._evaluation`.
"""

from __future__ import annotations

from math import log

from boardrules.docker._board import FACES
from boardrules.docker._state import State

__all__ = ["FEATURES", "features"]

#: The names of the features, in the order :func:`features` lists them.
FEATURES = (
    "usable",  # die values (of six) the player could use now, moving or entering
    "risk",  # the chance that the player's next roll eliminates them, if someone moves first
    "risk_in_turn",  # the same when the player rolls next
    "reserve",  # pieces still to enter (each turns an unusable roll into a reroll)
    "tops",  # towers the player's pieces top (the pieces that can move)
    "buried",  # the player's pieces under an opponent's piece
    "covering",  # opponents' pieces under the player's top pieces
    "survival",  # log of the turns the player would survive if the pitch stayed as it is
    "to_move",  # the player rolls next
)


def features(state: State) -> list[list[float]]:
    """Per seat, the values of :data:`FEATURES` in ``state`` (zeros for a player out)."""
    rules, towers, reserve = state.options, state.towers, state.reserve
    pitch, back = rules.pitch, rules.return_to_start
    heights = tuple(map(len, towers))
    rows = []
    for player in range(rules.players):
        if player in state.eliminated:
            rows.append([0.0] * len(FEATURES))
            continue
        tops = [o for o, tower in enumerate(towers) if tower and tower[-1] == player]
        moving = usable = 0
        for roll in range(FACES, 0, -1):
            if any(pitch.ends_from(heights, o, back, roll) for o in tops):
                moving += 1
                usable += 1
            elif reserve[player] and pitch.ends_entering(heights, rules.entries[player], roll):
                usable += 1
        # A roll nobody can use eliminates, unless a piece is still to enter (a reroll).
        risk = (FACES - usable) / FACES if not reserve[player] or not usable else 0.0
        buried = covering = 0
        for tower in towers:
            if not tower:
                continue
            if tower[-1] == player:
                covering += sum(1 for p in tower[:-1] if p != player)
            else:
                buried += tower.count(player)
        alive = 1 + reserve[player] if usable else 1
        survival = log(alive / (1 - moving / FACES + 1 / 12))
        rows.append([usable / FACES, risk, 0.0, reserve[player], len(tops), buried, covering,
                     survival, 0.0])  # fmt: skip
    row = rows[state.turn]
    row[1], row[2] = 0.0, row[1]
    row[8] = 1.0
    return rows
