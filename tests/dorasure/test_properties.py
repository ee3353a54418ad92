"""Dorasure, properties of random play: the contract of the generic API, every game ends,
tracks stay within bounds and never fall, no mutation, exact probabilities.

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import boardrules as br
from boardrules.dorasure import BASE_HEROES, HERO_ORDER, DorasureState, chance_outcomes, new_game
from boardrules.testing import check_random_play

# A game ends: the meter only rises and each movement roll raises it with probability at
# least 1 - (5/6)^2; the battle takes health, resources or dragon health every turn.
MOVE_BOUND = 5_000


def playout(seed: int, heroes: list[str]) -> list[DorasureState]:
    rng = random.Random(seed)
    s = new_game(heroes=heroes)
    states = [s]
    for _ in range(MOVE_BOUND):
        if br.is_terminal(s):
            return states
        if br.is_chance(s):
            move = br.sample_chance(s, rng)
        else:
            moves = br.legal_moves(s)
            move = moves[rng.randrange(len(moves))]
        s = br.apply_move(s, move)
        states.append(s)
    raise AssertionError("the game did not end")


games = given(
    seed=st.integers(0, 10**9),
    heroes=st.lists(st.sampled_from(BASE_HEROES), min_size=2, max_size=5, unique=True),
)


PARTY = [h for h in HERO_ORDER if h != "Grand Master"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_contract_random_play_for_every_table_size(players: int) -> None:
    from boardrules.testing import check_random_play

    check_random_play("dorasure", seed=players, games=2, players=players)


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [
        {"players": 1},
        {"players": 6},
        {"players": 11},
        {"fang": True},
        {"players": 11, "fang": True},
        {"heroes": ["Samurai", "Shaman", "Minstrel", "Magician", "Vampire", "Werewolf"]},
    ],
    ids=["grand-master", "six", "eleven", "fang", "eleven-fang", "expansion-heroes"],
)
def test_contract_random_play_with_the_expansions(options: dict[str, object]) -> None:
    check_random_play("dorasure", seed=7, games=2, **options)


@games
@settings(max_examples=60, deadline=None)
def test_every_game_ends_in_a_win_or_a_defeat(seed: int, heroes: list[str]) -> None:
    last = playout(seed, heroes)[-1]
    players = len(heroes)
    assert br.returns(last) in ((0.0,) * players, (1.0,) * players)
    assert br.evaluate(last) == br.returns(last)


@pytest.mark.slow
@given(
    seed=st.integers(0, 10**9),
    heroes=st.one_of(
        st.just(["Grand Master"]),
        st.lists(st.sampled_from(PARTY), min_size=2, max_size=11, unique=True),
    ),
    with_fang=st.booleans(),
)
@settings(max_examples=40, deadline=None)
def test_expansion_games_end_and_keep_every_track_within_bounds(
    seed: int, heroes: list[str], with_fang: bool
) -> None:
    rng = random.Random(seed)
    s = new_game(heroes=heroes, fang=with_fang)
    for _ in range(5_000):
        if br.is_terminal(s):
            break
        move = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        nxt = br.apply_move(s, move)
        rules = nxt.rules
        for p in range(len(heroes)):
            assert 0 <= nxt.health[p] <= rules.sheets[p].health
            assert 0 <= nxt.resource[p] <= rules.stats[p][nxt.level(p)][6]
            assert nxt.xp[p] >= s.xp[p]
        assert s.meter <= nxt.meter <= rules.tracks.meter_end
        assert s.wounds <= nxt.wounds <= rules.tracks.health
        s = nxt
    else:
        raise AssertionError("the game did not end")
    assert br.returns(s) in ((0.0,) * len(heroes), (1.0,) * len(heroes))


@games
@settings(max_examples=60, deadline=None)
def test_health_and_resources_stay_within_the_sheets(seed: int, heroes: list[str]) -> None:
    for s in playout(seed, heroes):
        rules = s.rules
        for p in range(len(heroes)):
            assert 0 <= s.health[p] <= rules.sheets[p].health
            assert 0 <= s.resource[p] <= rules.stats[p][s.level(p)][6]
            assert 0 <= s.gold[p] <= 4
        assert 0 <= s.meter <= rules.tracks.meter_end
        assert 0 <= s.wounds <= rules.tracks.health
        assert all(0.0 <= v <= 1.0 for v in br.evaluate(s))


@games
@settings(max_examples=60, deadline=None)
def test_xp_meter_wounds_and_flags_never_fall(seed: int, heroes: list[str]) -> None:
    states = playout(seed, heroes)
    for a, b in pairwise(states):
        assert all(y >= x for x, y in zip(a.xp, b.xp, strict=True))
        assert b.meter >= a.meter and b.wounds >= a.wounds
        assert all(y >= x for x, y in zip(a.flags, b.flags, strict=True))


@pytest.mark.slow
@games
@settings(max_examples=20, deadline=None)
def test_no_mutation_json_round_trip_and_exact_probabilities(seed: int, heroes: list[str]) -> None:
    states = playout(seed, heroes)
    for a in states:
        frozen = pickle.dumps(a)
        assert br.from_json(br.to_json(a)) == a
        outcomes = chance_outcomes(a)
        if outcomes:
            assert sum(p for _, p in outcomes) == 1
            assert all(type(p) is Fraction and p > 0 for _, p in outcomes)
        for move in br.legal_moves(a)[:3]:
            br.apply_move(a, move)
        assert pickle.dumps(a) == frozen
