"""Exact distributions of Dorasure's rolls, each built once and cached.

A roll read on the Adventuring Chart depends only on how many dice fall in each class:
``-`` (a 1: -1), ``0`` (2 or 3: nothing), ``+`` (4 or 5: +1) and ``6`` (+1 and an extra
die).  Such a roll is one chance node over the class counts with exact multinomial
probabilities, which keeps even a fifteen-dice roll at a few hundred outcomes.  The extra
die of a 6 is its own node over the same classes, scored ``-1, +1, +1, +1`` ("any result
besides '1' is +1 again"; a 6 rolls yet again).

>>> from boardrules.dorasure._dice import score_roll
>>> sum(p for _, p in score_roll(3))
Fraction(1, 1)
>>> str(score_roll(1)[0][0]), score_roll(1)[0][1]
('dice -', Fraction(1, 6))
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from math import factorial

from boardrules.chance import dice_sorted, die_faces
from boardrules.dorasure._state import (
    CLAW_BLAST,
    CLAW_MISS,
    CLAW_SLASH,
    DIE_CLASSES,
    LOWEST,
    ChartRoll,
    ClawRoll,
    ExtraDie,
    Move,
    MovementRoll,
    QuestDraw,
    RampageDie,
    RewardDraw,
    RollOff,
    SurvivalRoll,
)

__all__ = [
    "CLAW_ROLL",
    "EXTRA_DIE",
    "EXTRA_SCORE",
    "PICK_CACHE_SIZE",
    "RAMPAGE_ROLL",
    "movement_roll",
    "pick_roll",
    "quest_draw",
    "reward_draw",
    "score_roll",
    "survival_roll",
]

Outcomes = tuple[tuple[Move, Fraction], ...]

#: Class symbols in order, their weight out of 6 and their score.
CLASSES = DIE_CLASSES
CLASS_WEIGHT = (1, 2, 2, 1)
CLASS_SCORE = (-1, 0, 1, 1)
#: The score of the extra die of a 6 by class: "any result besides '1' is +1 again", so a
#: 2 or 3 counts +1 there (and a 6 rolls yet again).
EXTRA_SCORE = (-1, 1, 1, 1)


# Each table is a cached shell around its computation, which stays an undecorated function
# so that mutation testing (mutmut skips decorated functions) reaches it.


@cache
def movement_roll(count: int) -> Outcomes:
    """The movement roll of ``count`` dice: each sorted multiset of faces (``roll 2 5 6``)."""
    return _movement_roll(count)


def _movement_roll(count: int) -> Outcomes:
    return tuple((MovementRoll(tuple(faces)), p) for faces, p in dice_sorted(count))


@cache
def score_roll(count: int) -> Outcomes:
    """A roll of ``count`` dice by class counts, e.g. ``dice --0+6`` (ones first)."""
    return _score_roll(count)


def _score_roll(count: int) -> Outcomes:
    out = []
    total = 6**count
    for a in range(count, -1, -1):
        for b in range(count - a, -1, -1):
            for c in range(count - a - b, -1, -1):
                d = count - a - b - c
                ways = factorial(count) // (
                    factorial(a) * factorial(b) * factorial(c) * factorial(d)
                )
                weight = ways * 2 ** (b + c)
                out.append((ChartRoll(a, b, c, d), Fraction(weight, total)))
    return tuple(out)


#: The extra die rolled for a 6: one class.
EXTRA_DIE: Outcomes = tuple((ExtraDie(i), Fraction(CLASS_WEIGHT[i], 6)) for i in range(4))

#: One die on the Roaming Dragon Chart.
RAMPAGE_ROLL: Outcomes = tuple((RampageDie(face), p) for face, p in die_faces(6))

#: The Dragon Retaliation roll: 1 misses, 2-3 blast, 4-6 critical slash.
CLAW_ROLL: Outcomes = (
    (ClawRoll(CLAW_MISS), Fraction(1, 6)),
    (ClawRoll(CLAW_BLAST), Fraction(1, 3)),
    (ClawRoll(CLAW_SLASH), Fraction(1, 2)),
)


#: The most roll-off tables kept (one per kind and set of living heroes).
PICK_CACHE_SIZE = 64


@lru_cache(maxsize=PICK_CACHE_SIZE)
def pick_roll(kind: int, heroes: tuple[tuple[int, str], ...]) -> Outcomes:
    """Every hero in ``heroes`` (seat, name) rolls one die; the outcome is the set of heroes
    tied for the highest (``kind`` HIGHEST) or lowest result, e.g. ``lowest Ninja+Hunter``.

    >>> from boardrules.dorasure._dice import pick_roll
    >>> [str(m) for m, _ in pick_roll(0, ((0, "Ninja"), (1, "Hunter")))]
    ['highest Ninja', 'highest Hunter', 'highest Ninja+Hunter']
    """
    return _pick_roll(kind, heroes)


def _pick_roll(kind: int, heroes: tuple[tuple[int, str], ...]) -> Outcomes:
    n = len(heroes)
    # P(a given set of s heroes is exactly the set at the top) = sum over the top value v
    # of (1/6)^s * ((v-1)/6)^(n-s); the lowest is the mirror image, same numbers.
    by_size = [
        sum((Fraction(v - 1, 6) ** (n - s) * Fraction(1, 6) ** s for v in range(1, 7)), Fraction(0))
        for s in range(n + 1)
    ]
    out = []
    for mask in range(1, 1 << n):
        chosen = [heroes[i] for i in range(n) if mask >> i & 1]
        seats = tuple(seat for seat, _ in chosen)
        names = tuple(name for _, name in chosen)
        out.append((RollOff(seats, kind == LOWEST, names), by_size[len(chosen)]))
    out.sort(key=lambda o: len(o[0].seats))
    return tuple(out)


@cache
def survival_roll(heroes: int) -> Outcomes:
    """Every hero rolls one die: saved on at least one 6."""
    return _survival_roll(heroes)


def _survival_roll(heroes: int) -> Outcomes:
    lost = Fraction(5, 6) ** heroes
    return (
        (SurvivalRoll(True), 1 - lost),
        (SurvivalRoll(False), lost),
    )


@cache
def quest_draw(unused: tuple[int, ...]) -> Outcomes:
    """A face-down quest tile turned up: uniform over the tiles not yet on the board."""
    return _quest_draw(unused)


def _quest_draw(unused: tuple[int, ...]) -> Outcomes:
    p = Fraction(1, len(unused))
    return tuple((QuestDraw(t), p) for t in unused)


@cache
def reward_draw(left: tuple[int, ...]) -> Outcomes:
    """A reward tile turned up: each kind with its share of the tiles still face down."""
    return _reward_draw(left)


def _reward_draw(left: tuple[int, ...]) -> Outcomes:
    total = sum(left)
    return tuple((RewardDraw(k), Fraction(n, total)) for k, n in enumerate(left) if n)
