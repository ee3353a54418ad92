"""No choice of the heroes makes a Dorasure game endless, under any option (the docs'
"Every game ends"): played by policies that stall on purpose, under the options that make
a game longest.

Why a game ends whatever the heroes choose: every Adventure Phase turn begins with a
movement roll of at least one die (a Speed is 1 to 6 dice at every level), each 6 moves the
dragon token up the meter (with 6-11 heroes a Special Chance, on 1-3), the token never goes
down, and only the Minstrel's Lullaby (once a game) stops it; no decision comes before the
roll that could skip it.  So the Adventure Phase lasts a number of turns whose law does not
depend on the heroes: on average at most ``(meter_end + 1) / p`` turns, ``p`` the chance that
a turn moves the token.  In the battle every turn is a Combat roll of at least one die that
wounds the dragon with a chance bounded away from 0.  What remains is that the decisions
between two rolls can never go round in a circle: checked here at every decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import boardrules as br
from boardrules.dorasure import (
    HERO_ORDER,
    QUESTS,
    DorasureState,
    Move,
    MovementRoll,
    apply_move,
    chance_outcomes,
    current_player,
    legal_moves,
    new_game,
)
from boardrules.dorasure._state import ADVENTURE

Policy = Callable[[DorasureState, random.Random], Move]

#: The options that make a game longest: one die of Speed and Combat, 20 health and full
#: resources to pay damage with, the longest meter with one fire icon, the toughest dragon,
#: quests out of reach.
LONGEST: dict[str, Any] = {
    "sheets": {
        h: {
            "speed": [1, 1],
            "combat": [1, 1],
            "health": 20,
            "resource_cap": [12, 12],
            "resource_start": 12,
        }
        for h in HERO_ORDER
    },
    "dragon": {"meter_end": 40, "fire_icons": [39], "health": 30, "claws": [29]},
    "quest_tiles": {q.slug: {"target": 10} for q in QUESTS},
}
OPTION_SETS: dict[str, dict[str, Any]] = {
    "the printed game, 4 heroes": {"players": 4},
    "solo, longest": {**LONGEST, "players": 1},
    "2 heroes, Fang, longest": {**LONGEST, "players": 2, "fang": True},
    "11 heroes, Fang, longest": {
        **LONGEST,
        "heroes": [h for h in HERO_ORDER if h != "Grand Master"],
        "fang": True,
    },
}


def progress(s: DorasureState) -> tuple[int, ...]:
    """How near the end ``s`` is, in the order that ends a game: the phase, the meter,
    the quests solved, the dragon's wounds, the heroes' damage, their XP."""
    solved = sum(1 for r in s.rewards if r >= 0) + sum(1 for r in s.renewed if r == 2)
    return (s.phase, s.meter, solved, s.wounds, -sum(s.health), sum(s.xp))


QUIET = ("pass", "rest", "no-", "decline", "stop", "end")


def _quiet(move: Move) -> int:
    return 0 if any(word in str(move) for word in QUIET) else 1


def stall(s: DorasureState, rng: random.Random) -> Move:
    """The move that keeps the game farthest from its end one move ahead; among equals a
    pass or a refusal, then any."""
    moves = legal_moves(s)
    keyed = [(progress(apply_move(s, m)), _quiet(m), rng.random(), i) for i, m in enumerate(moves)]
    return moves[min(keyed)[3]]


def passer(s: DorasureState, rng: random.Random) -> Move:
    """A pass or a refusal whenever one is legal, else any move."""
    moves = legal_moves(s)
    quiet = [m for m in moves if not _quiet(m)]
    return rng.choice(quiet or moves)


def _sample(s: DorasureState, rng: random.Random) -> Move:
    """An outcome of the chance node ``s``, drawn with its exact probability."""
    outcomes = chance_outcomes(s)
    draw = Fraction(rng.randrange(1 << 30), 1 << 30)
    for move, p in outcomes:
        draw -= p
        if draw < 0:
            return move
    return outcomes[-1][0]


def turn_chance(s: DorasureState) -> Fraction:
    """The least chance that an Adventure Phase turn moves the token up (level 1's Speed
    is the least: a sheet's values rise with the level)."""
    dice = min(sheet.speed[0] for sheet in s.rules.sheets)
    six = 1 - Fraction(5, 6) ** dice
    return six / 2 if len(s.health) >= 6 else six


def play_out(options: dict[str, Any], policy: Policy, seed: int) -> tuple[int, int]:
    """A game of ``policy`` against the dice: (its adventure turns, its plies); fails on a
    circle of decisions or a movement roll that moves the token wrongly."""
    rng = random.Random(seed)
    s = new_game(**options)
    rules = s.rules
    lullaby = "Minstrel" in [rules.hero_name(p) for p in range(len(s.health))]
    since_roll: set[DorasureState] = set()
    turns = plies = 0
    while current_player(s) != br.TERMINAL:
        assert plies < 200_000, "the game did not end"
        if current_player(s) == br.CHANCE:
            move = _sample(s, rng)
            since_roll.clear()
        else:
            assert s not in since_roll, f"a circle of decisions back to {s!r}"
            assert len(since_roll) < 60, "60 decisions without a roll"
            since_roll.add(s)
            move = policy(s, rng)
        after = apply_move(s, move)
        if isinstance(move, MovementRoll):
            turns += 1
            assert s.phase == ADVENTURE and len(move.faces) >= 1
            if not rules.crowd and not lullaby:
                assert after.meter == min(rules.tracks.meter_end, s.meter + move.faces.count(6))
        assert after.meter >= s.meter and after.wounds >= s.wounds
        s = after
        plies += 1
    return turns, plies


@pytest.mark.parametrize("name", OPTION_SETS)
@pytest.mark.parametrize("policy", [stall, passer], ids=["stall", "passer"])
def test_no_stalling_policy_makes_a_game_endless(name: str, policy: Policy) -> None:
    options = OPTION_SETS[name]
    s = new_game(**options)
    assert legal_moves(s)
    # (meter_end + 1) / p: the mean turns to fill the meter and undo one Lullaby.
    mean = (s.rules.tracks.meter_end + 1) / turn_chance(s)
    for seed in range(3):
        turns, _ = play_out(options, policy, seed)
        assert turns <= 3 * mean  # 10 standard deviations or more above the mean (fixed seeds)


def test_a_movement_roll_that_skips_the_meter_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # The check of the token's move in play_out is what a stalling policy would exploit if
    # the rules let a 6 go by: a roll whose 6s do nothing is seen at once.
    from boardrules.dorasure.tasks import heroes

    monkeypatch.setattr(heroes, "meter_sixes", lambda w, seat, sixes: None)
    with pytest.raises(AssertionError, match="meter"):
        play_out(OPTION_SETS["solo, longest"], stall, 0)
