"""What a Dorasure position is worth: the features of :func:`evaluate` and the value they
give, a logistic model whose weights (``_evaluation``) are fitted on the outcomes of played
games by ``benchmarks/fit_dorasure.py``.

The features are the game's own: the heroes' health margin against the next rampage (a
rampage deals at most 2 damage to a hero, and a death in the Adventure Phase loses the game
unless someone rolls a 6), their levels and resources, the quests solved and the distance
to the quests still open, the meter and the rampages still to come, the rewards found, and
the battle's odds: for each hero the exact chance of each line of the battle chart with his
Combat dice, which gives the dragon's expected wounds per round and the heroes' risk of
death per round.  The Adventure Phase and the Climactic Battle have a model each.

>>> import boardrules as br
>>> s = br.new_game("dorasure", players=4)
>>> [round(v, 3) for v in br.evaluate(s)] == [round(br.evaluate(s)[0], 3)] * 4
True
>>> 0.0 < br.evaluate(s)[0] < 1.0
True
"""

from __future__ import annotations

import math
from functools import cache
from operator import mul

from boardrules._lru import LRU
from boardrules.dorasure._board import MOUNTAIN
from boardrules.dorasure._evaluation import ADVENTURE_WEIGHTS, BATTLE_WEIGHTS
from boardrules.dorasure._heroes import attribute_of
from boardrules.dorasure._state import (
    BATTLE,
    CAP,
    COMBAT,
    TREASURE,
    VAMPIRE,
    WEAPONS,
    WON,
    DorasureState,
    Options,
)

__all__ = [
    "ADVENTURE_FEATURES",
    "BATTLE_FEATURES",
    "adventure_features",
    "battle_features",
    "chart_chances",
    "evaluate",
    "features",
]

#: The names of the Adventure Phase's features, in the order of their weights.
ADVENTURE_FEATURES: tuple[str, ...] = (
    "bias",
    "meter",  # the rampaging meter, 0..1
    "rampages_left",  # fire icons still above the meter, over all icons
    "solved",  # quests solved, over five
    "weapons",  # the Anti-Dragon Weapons found
    "treasure",  # the Treasure found
    "xp",  # mean EXP over the track's end
    "health",  # mean health over full health
    "in_danger",  # heroes at 2 health or less (a rampage may kill them), share
    "near_death",  # heroes at 1 health, share
    "resources",  # mean resources over the level's cap
    "quest_reach",  # open quests with a hero next to them, over five
    "quest_distance",  # each hero's steps to the nearest open quest, mean over 6
    "odds",  # the battle's odds if it began now (see battle_odds)
    "wounds",  # the dragon's wounds (a Dragon's Lair), over its health
)

#: The names of the Climactic Battle's features, in the order of their weights.
BATTLE_FEATURES: tuple[str, ...] = (
    "bias",
    "left",  # the dragon's health left, over its health
    "odds",  # see battle_odds
    "alive",  # living heroes, share
    "health",  # health of the living over full health of all
    "death_risk",  # expected deaths per round of the living
    "resources",  # resources and gold of the living, per hero over 3
    "claws_left",  # claw marks still to come, over all
    "treasure",  # the Treasure found
)

#: Score lines of the battle chart: -1 or lower, 0, 1, 2, 3, 4, 5 or higher.
_LINES = 7
#: Extra dice for 6s are followed this deep: the chance of a longer chain is below 1e-9.
_CHAIN = 12


@cache
def _one_die() -> dict[int, float]:
    """The score of one die of the chart, its chain of extra dice for 6s included."""
    die: dict[int, float] = {-1: 1 / 6, 0: 2 / 6, 1: 2 / 6}
    for score, p in _extra_chain().items():
        die[1 + score] = die.get(1 + score, 0.0) + p / 6
    return die


@cache
def _extra_chain() -> dict[int, float]:
    """The total score of the extra dice owed for one 6: a 1 scores -1 and ends, 2-5 score
    +1 and end, a 6 scores +1 and owes one more."""
    out: dict[int, float] = {}
    weight = 1.0
    for sixes in range(_CHAIN):
        out[sixes - 1] = out.get(sixes - 1, 0.0) + weight / 6
        out[sixes + 1] = out.get(sixes + 1, 0.0) + weight * 4 / 6
        weight /= 6
    return out


@cache
def chart_chances(dice: int) -> tuple[float, ...]:
    """The chance of each line of the chart (score -1 or lower, 0, 1, 2, 3, 4, 5 or higher)
    for a roll of ``dice`` dice.

    >>> from boardrules.dorasure._features import chart_chances
    >>> [round(p, 4) for p in chart_chances(1)]
    [0.1667, 0.3611, 0.338, 0.1119, 0.0186, 0.0031, 0.0006]
    >>> round(sum(chart_chances(5)), 6)
    1.0
    """
    total: dict[int, float] = {0: 1.0}
    die = _one_die()
    for _ in range(dice):
        total = _clamped(total, die)
    lines = [0.0] * _LINES
    for score, p in total.items():
        lines[min(max(score, -1), 5) + 1] += p
    return tuple(lines)


def _clamped(total: dict[int, float], die: dict[int, float]) -> dict[int, float]:
    out: dict[int, float] = {}
    for a, p in total.items():
        for b, q in die.items():
            s = min(max(a + b, -12), 12)  # far beyond the chart's lines either way
            out[s] = out.get(s, 0.0) + p * q
    return out


@cache
def _battle_turn(dice: int) -> tuple[float, float, float]:
    """For a hero rolling ``dice`` Combat dice: the dragon's expected wounds, the chance the
    hero dies at once (score -1 or lower) and the chance of 4 damage (score 0)."""
    death, claws, _blast, combo, strike, behind, flank = chart_chances(min(dice, 20))
    # A Team Combo adds the participants' dice to 2: roughly an even chance of wounding.
    wounds = strike + behind + 2 * flank + combo / 2
    return wounds, death, claws


class _Tables:
    """What the features read per setup, made once: each hero's full health, resource cap
    and Combat dice by EXP, and the steps from each space to the nearest open quest."""

    __slots__ = ("caps", "dice", "distance", "fires", "inverse_health", "nearest", "seats",
                 "sides", "vampire")  # fmt: skip

    def __init__(self, rules: Options) -> None:
        board = rules.board
        seats = rules.seats
        self.seats = seats
        self.fires = len(rules.tracks.fire_icons)
        spaces = len(board.names)
        far = 6
        self.distance = tuple(
            tuple(min(far, d) for d in _steps_to(board.neighbours, board.terrain, m, spaces))
            for m in board.mountains
        )
        self.sides = tuple(frozenset(p for p, d in enumerate(ds) if d == 0) for ds in self.distance)
        xps = range(rules.tracks.xp_max + 1)
        self.inverse_health = tuple(1 / sheet.health for sheet in rules.sheets)
        self.caps = tuple(tuple(rules.stats[p][rules.level_of[x]][CAP] for x in xps)
                          for p in range(seats))  # fmt: skip
        # Combat dice with resources left (the Vampire's Thirst for Blood is read apart)
        self.dice = tuple(tuple(attribute_of(rules, p, COMBAT, x, 1) for x in xps)
                          for p in range(seats))  # fmt: skip
        self.vampire = rules.seat_of(VAMPIRE)
        #: per set of open mountains (bits), per space: the steps to the nearest of them
        self.nearest: dict[int, tuple[int, ...]] = {}

    def nearest_open(self, mask: int) -> tuple[int, ...]:
        found = self.nearest.get(mask)
        if found is None:
            rows = [d for m, d in enumerate(self.distance) if mask >> m & 1]
            found = tuple(min(column) for column in zip(*rows, strict=True)) if rows else ()
            self.nearest[mask] = found
        return found


def _steps_to(
    neighbours: tuple[tuple[int, ...], ...], terrain: tuple[int, ...], mountain: int, spaces: int
) -> list[int]:
    """Steps from each space to a space next to ``mountain`` (mountains are never entered)."""
    far = 99
    steps = [far] * spaces
    frontier = [s for s in neighbours[mountain] if terrain[s] != MOUNTAIN]
    for s in frontier:
        steps[s] = 0
    while frontier:
        nxt = []
        for s in frontier:
            for t in neighbours[s]:
                if terrain[t] != MOUNTAIN and steps[t] == far:
                    steps[t] = steps[s] + 1
                    nxt.append(t)
        frontier = nxt
    return steps


# Keyed by the identity of the setup (hashing one is slow), kept with it so that its id is
# not reused while the entry lives.
_TABLES: LRU[int, tuple[Options, _Tables]] = LRU(64)


def _tables(rules: Options) -> _Tables:
    found = _TABLES.items.get(id(rules))
    if found is None or found[0] is not rules:
        found = (rules, _Tables(rules))
        _TABLES.put(id(rules), found)
    return found[1]


#: ``_TURNS[dice]``: :func:`_battle_turn` of that many Combat dice (more read as 20).
_TURNS = tuple(_battle_turn(d) for d in range(21))
_WOUNDS = tuple(turn[0] for turn in _TURNS)


def battle_odds(s: DorasureState) -> tuple[float, float]:
    """The dragon's expected wounds in one round of the living heroes' battle turns, over
    its health left, and the heroes' expected deaths in that round."""
    t = _tables(s.rules)
    bonus = 1 if WEAPONS in s.rewards else 0
    wounds = deaths = 0.0
    xp = s.xp
    for seat, health in enumerate(s.health):
        if health <= 0:
            continue
        dice = t.dice[seat][xp[seat]] + bonus
        if seat == t.vampire and not s.resource[seat]:  # Thirst for Blood
            dice = max(bonus, dice - 2)
        w, death, claws = _TURNS[min(dice, 20)]
        wounds += w
        deaths += death + (claws if health <= 4 else 0.0)
    left = max(1, s.rules.tracks.health - s.wounds)
    return wounds / left, deaths


def _open_quests(s: DorasureState, t: _Tables) -> tuple[int, int, int]:
    """The open quests' mountains as a bit mask, how many a hero stands beside, how many."""
    rewards, renewed, quests, pos = s.rewards, s.renewed, s.quests, s.pos
    mask = reach = opened = 0
    for m, reward in enumerate(rewards):
        if reward < 0 or renewed[m] == 1:
            mask |= 1 << m
            opened += 1
            if quests[m] >= 0 and not t.sides[m].isdisjoint(pos):
                reach += 1
    return mask, reach, opened


def adventure_features(s: DorasureState) -> list[float]:
    """The features of an Adventure Phase position, named by :data:`ADVENTURE_FEATURES`."""
    rules = s.rules
    tracks = rules.tracks
    t = _tables(rules)
    seats = t.seats
    rewards, pos = s.rewards, s.pos
    mask, reach, opened = _open_quests(s, t)
    nearest = t.nearest.get(mask) or t.nearest_open(mask)
    bonus = 1 if WEAPONS in rewards else 0
    xps, resource = s.xp, s.resource
    inverse_health, caps, combat, vampire = t.inverse_health, t.caps, t.dice, t.vampire
    health = resources = wounds = 0.0
    danger = near = xp = distance = 0
    for seat, h in enumerate(s.health):
        x = xps[seat]
        xp += x
        health += h * inverse_health[seat]
        if h <= 2:
            danger += 1
            near += h <= 1
        top = caps[seat][x]
        if top:
            r = resource[seat]
            resources += 1.0 if r >= top else r / top
        if nearest:
            distance += nearest[pos[seat]]
        if h > 0:
            dice = combat[seat][x] + bonus
            if seat == vampire and not resource[seat]:  # Thirst for Blood
                dice = max(bonus, dice - 2)
            wounds += _WOUNDS[dice if dice < 20 else 20]
    meter = s.meter
    fires = 0
    for f in tracks.fire_icons:
        fires += f > meter
    return [
        1.0,
        meter / tracks.meter_end,
        fires / t.fires,
        (len(rewards) - opened) / len(rewards),
        float(bonus),
        float(TREASURE in rewards),
        xp / (tracks.xp_max * seats),
        health / seats,
        danger / seats,
        near / seats,
        resources / seats,
        reach / len(rewards),
        distance / (6 * seats),
        wounds / max(1, tracks.health - s.wounds),
        s.wounds / tracks.health,
    ]


def battle_features(s: DorasureState) -> list[float]:
    """The features of a Climactic Battle position, named by :data:`BATTLE_FEATURES`."""
    rules = s.rules
    tracks = rules.tracks
    seats = rules.seats
    alive = health = resources = 0.0
    full = 0
    for seat, h in enumerate(s.health):
        full += rules.sheets[seat].health
        if h > 0:
            alive += 1
            health += h
            resources += s.resource[seat] + s.gold[seat]
    odds, deaths = battle_odds(s)
    claws = sum(1 for c in tracks.claws if c > s.wounds)
    return [
        1.0,
        (tracks.health - s.wounds) / tracks.health,
        odds,
        alive / seats,
        health / full,
        deaths / max(1.0, alive),
        resources / (3 * seats),
        claws / len(tracks.claws),
        float(TREASURE in s.rewards),
    ]


def features(s: DorasureState) -> list[float]:
    """The features of ``s`` for the model of its phase (a finished game has none)."""
    if s.phase >= WON:
        return []
    return battle_features(s) if s.phase == BATTLE else adventure_features(s)


def _logistic(weights: tuple[float, ...], xs: list[float]) -> float:
    z = sum(map(mul, weights, xs))
    if z < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def evaluate(s: DorasureState) -> tuple[float, ...]:
    """The heroes' chance of winning as the fitted model of the phase estimates it (the
    same for every seat); :func:`returns` once the game is over."""
    seats = len(s.health)
    if s.phase >= WON:
        return (1.0 if s.phase == WON else 0.0,) * seats
    if s.phase == BATTLE:
        value = _logistic(BATTLE_WEIGHTS, battle_features(s))
    else:
        value = _logistic(ADVENTURE_WEIGHTS, adventure_features(s))
    return (value,) * seats
