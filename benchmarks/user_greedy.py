"""A Parchís bot as a user writes it from the docs alone (issue 33): a fixed opponent.

One decision deep, no dice: it plays the move whose resulting position scores best on
progress, captures, safe squares and pieces under threat, with weights picked by hand once
(the round numbers a person would pick).  The strength benchmark ``ladder.py`` plays
against it; nothing in the library is tuned against it.
"""

from __future__ import annotations

import random
from typing import Any

import boardrules as br
from boardrules import parchis

SAFE = {5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63, 68}  # the Parchís page, §1.3


def _score(state: Any, me: str) -> float:
    places = parchis.pieces(state)
    score = 0.0
    for colour, where in places.items():
        sign = 1.0 if colour == me else -1.0 / (len(places) - 1)
        for p in where:
            if p == "goal":
                score += sign * 80  # a piece home is worth its 72 squares and a bit more
            elif p == "nest":
                score -= sign * 10  # stuck until a 5
            elif isinstance(p, str):  # in the lane: safe and nearly home
                score += sign * (64 + int(p[1:]) + 5)
            else:
                score += sign * _travelled(colour, p)
                if p in SAFE:
                    score += sign * 4
                elif _threatened(places, colour, p):
                    score -= sign * 0.6 * _travelled(colour, p)  # may go back to the nest
    return score


EXITS = {"yellow": 5, "blue": 22, "red": 39, "green": 56}


def _travelled(colour: str, square: int) -> int:
    return (square - EXITS[colour]) % 68 + 1


def _threatened(places: dict[str, list[Any]], colour: str, square: int) -> bool:
    for other, where in places.items():
        if other == colour:
            continue
        for p in where:
            if isinstance(p, int) and 1 <= (square - p) % 68 <= 6:
                return True
    return False


class UserGreedy:
    """Progress + captures + safety + threat, one move deep."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        moves = br.legal_moves(state)
        if br.is_chance(state):
            return br.sample_chance(state, rng)
        me = state.colour
        before = sum(w.count("nest") for c, w in parchis.pieces(state).items() if c != me)
        best, best_score = [], -1e9
        for move in moves:
            after = br.apply_move(state, move)
            score = _score(after, me)
            captured = sum(w.count("nest") for c, w in parchis.pieces(after).items() if c != me)
            score += 30 * (captured - before)  # a capture: the 20-square bonus and a rival home
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif abs(score - best_score) <= 1e-9:
                best.append(move)
        return best[rng.randrange(len(best))]

    def __repr__(self) -> str:
        return "UserGreedy()"
