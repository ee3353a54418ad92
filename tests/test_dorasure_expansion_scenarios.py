"""Audit scenarios for the Dorasure expansions (heroes, Grand Master, 6-11 heroes, Fang): the
clauses the first tests missed, and exact chance figures checked against brute force.

Map as in test_dorasure_rules.py; Fang hexes e0, c2, e3, d4, g5.  Hero sheets PROPOSED, level 1
unless ``xp`` says otherwise (Vampire: Combat 3, Search 2, Knowledge 2, Danger 3/2).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations, product

from boardrules.dorasure import (
    HERO_ORDER,
    DorasureState,
    apply_move,
    chance_outcomes,
    new_game,
    position,
)
from boardrules.dorasure._dice import score_roll
from boardrules.dorasure._state import T_LAND, T_MOVE, T_SPECIAL
from dorasure_helpers import FACE_UP, play, rolls, texts

TREASURE = {"g0": "treasure"}
SIX = ("Ninja", "Gladiator", "Samurai", "Hunter", "Prince", "Paladin")
LANDS_B = {"e0": "winter", "c2": "sea", "e3": "tree", "d4": "quicksand", "g5": "mirage"}


# -- Thirst for Blood is read when the roll is made -----------------------------------------


def test_thirst_for_blood_spending_the_last_blood_on_a_battle_roll_costs_two_combat() -> None:
    # Combat 3; "at '0' Blood resource, her Combat ... reduced by 2": spending her last Blood
    # for a die leaves her at 0 Blood as she rolls, so 3 - 2 + 1 dice, not 3 + 1.
    s = position(
        ("Ninja", "Vampire"), quests=FACE_UP, step="battle", turn="Vampire", resource={"Vampire": 1}
    )
    assert rolls(play(s, "spend 1")) == 2
    assert rolls(play(s, "spend 0")) == 3
    s = position(
        ("Ninja", "Vampire"), quests=FACE_UP, step="battle", turn="Vampire", resource={"Vampire": 3}
    )
    assert rolls(play(s, "spend 2")) == 5, "1 Blood kept: Combat 3 + 2"
    assert rolls(play(s, "spend 3")) == 4, "0 Blood: Combat 1 + 3"


def test_thirst_for_blood_spending_the_last_blood_on_a_quest_costs_two_knowledge() -> None:
    s = position(
        ("Ninja", "Vampire"),
        quests={"g0": "inscriptions", "d3": "sphinx"},
        at={"Vampire": "c3"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 1},
    )
    s = play(s, "quest d3")
    assert texts(s) == ["spend 0", "spend 1"]
    assert rolls(play(s, "spend 0")) == 2, "Knowledge 2"
    assert rolls(play(s, "spend 1")) == 1, "Knowledge 2 - 2 + 1"


def test_thirst_for_blood_does_not_touch_the_danger_of_an_adventure() -> None:
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        at={"Vampire": "c3"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 1},
    )
    s = play(s, "adventure")
    assert rolls(play(s, "spend 1")) == 4, "Danger 3 on plains + 1"


def test_thirst_for_blood_keeps_the_minstrels_heroic_tune_dice() -> None:
    # The Minstrel's dice are his, not her Combat: only her attribute drops.
    s = position(
        ("Minstrel", "Vampire"),
        quests=FACE_UP,
        step="battle",
        turn="Vampire",
        resource={"Vampire": 1, "Minstrel": 2},
    )
    s = play(s, "tune 2")
    assert rolls(play(s, "spend 1")) == 4, "Combat 1 at 0 Blood + 1 + 2 tuned"


# -- Special Chance: exact odds against brute force -----------------------------------------


def _walk_movement(s: DorasureState) -> Counter[tuple[int, int]]:
    """Probability of (meter steps, health lost) after a movement roll, by the engine."""
    out: Counter[tuple[int, int]] = Counter()
    meter, health = s.meter, s.health[s.turn]

    def walk(t: DorasureState, p: Fraction) -> None:
        if t.agenda[0][0] == T_MOVE:
            out[(t.meter - meter, health - t.health[t.turn])] += p  # type: ignore[assignment]
            return
        for m, q in chance_outcomes(t):
            walk(apply_move(t, m), p * q)

    walk(s, Fraction(1))
    return out


def _brute_movement(dice: int, crowd: bool) -> Counter[tuple[int, int]]:
    """The rulebook by enumeration: each 6 moves the token; with 6-11 heroes each 6 rolls a
    die instead, 1-3 the token moves, 4-6 the hero takes 1 damage."""
    out: Counter[tuple[int, int]] = Counter()
    for faces in product(range(1, 7), repeat=dice):
        sixes = faces.count(6)
        p = Fraction(1, 6**dice)
        if not crowd:
            out[(sixes, 0)] += p  # type: ignore[assignment]
            continue
        for again in product(range(1, 7), repeat=sixes):
            up = sum(1 for f in again if f <= 3)
            out[(up, sixes - up)] += p / 6**sixes  # int ** int is Any to mypy: no error
    return out


def test_special_chance_movement_odds_match_brute_force() -> None:
    # Gladiator 2, Samurai 3, Ninja 4 movement dice; one fire icon far away (13) so that no
    # rampage interrupts the count.
    for hero, dice in (("Gladiator", 2), ("Samurai", 3), ("Ninja", 4)):
        six = position(
            SIX, quests=FACE_UP, turn=hero, meter=3, dragon={"fire_icons": [13]}, resource={hero: 0}
        )
        assert _walk_movement(six) == _brute_movement(dice, crowd=True), hero
    two = _brute_movement(2, crowd=True)
    assert two[(0, 2)] == Fraction(1, 36) * Fraction(1, 4), "two 6s, both Special Chances 4-6"
    assert sum(k[0] * p for k, p in two.items()) == Fraction(1, 6), "half the base 1/3"
    five = position(SIX[:5], quests=FACE_UP, turn="Gladiator", meter=3)
    assert _walk_movement(five) == _brute_movement(2, crowd=False)


def test_special_chance_rolls_once_per_six_and_each_hurt_can_be_paid() -> None:
    s = position(SIX, quests=FACE_UP, meter=3, resource={"Ninja": 1})
    s = play(s, "roll 2 3 6 6")
    assert s.agenda[0][0] == T_SPECIAL and [t[0] for t in s.agenda[:2]] == [T_SPECIAL] * 2
    s = play(s, "special hurt")
    assert texts(s) == ["absorb 0", "absorb 1"], "resources instead of health, 1:1"
    s = play(s, "absorb 1", "special hurt")
    assert s.health[0] == 4 and s.resource[0] == 0 and s.meter == 3


def test_lullaby_with_six_heroes_no_special_chance_is_rolled() -> None:
    heroes = ("Ninja", "Gladiator", "Samurai", "Minstrel", "Prince", "Paladin")
    s = position(heroes, quests=FACE_UP, solved=TREASURE, turn="Minstrel", meter=3)
    s = play(s, "roll 2 6 6")
    assert texts(s) == ["lullaby", "no-lullaby"]
    kept = play(s, "lullaby")
    assert kept.meter == 3 and kept.agenda[0][0] == T_MOVE
    sung = play(s, "no-lullaby")
    assert sung.agenda[0][0] == T_SPECIAL, "without the Lullaby each 6 rolls its Special Chance"


# -- Fang: exact draw ------------------------------------------------------------------------


def test_fang_draw_marginals_match_the_shuffle_of_eight_tiles() -> None:
    """Every tile lies on a given hex with probability 1/8 and on the board with 5/8, as a
    brute-force count over the 8!/3! ordered deals says."""
    engine: Counter[tuple[int, ...]] = Counter()

    def walk(t: DorasureState, p: Fraction) -> None:
        if t.agenda[0][0] != T_LAND:
            engine[t.lands] += p  # type: ignore[assignment]
            return
        for m, q in chance_outcomes(t):
            walk(apply_move(t, m), p * q)

    walk(new_game(fang=True), Fraction(1))
    deals = list(permutations(range(8), 5))
    assert len(deals) == 6720
    assert engine == Counter({d: Fraction(1, 6720) for d in deals})
    on_board = sum((p for lands, p in engine.items() if 1 in lands), Fraction(0))
    assert on_board == Fraction(5, 8), "the Mirage City is in play in 5 games of 8"


# -- Fang tiles and the expansion heroes' attributes -----------------------------------------


def test_sea_of_trees_and_tree_of_truth_read_the_vampires_thirst() -> None:
    # Search 2 / Knowledge 2 with Blood; 0 each at 0 Blood (Thirst for Blood).
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        fang=True,
        lands=LANDS_B,
        at={"Vampire": "b2"},
        turn="Vampire",
        step="move",
        dice=[5, 6],
        resource={"Vampire": 0},
    )
    assert [t for t in texts(s) if t.endswith(" c2")] == ["step 6 c2"], "Search 0: a 6"
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        fang=True,
        lands=LANDS_B,
        at={"Vampire": "f3"},
        turn="Vampire",
        step="move",
        dice=[5],
        resource={"Vampire": 0},
    )
    assert play(s, "step 5 e3").resource[1] == 0, "Knowledge 0: no resource"
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        fang=True,
        lands=LANDS_B,
        at={"Vampire": "f3"},
        turn="Vampire",
        step="move",
        dice=[5],
        resource={"Vampire": 1},
    )
    assert play(s, "step 5 e3").resource[1] == 2, "Knowledge 2: 1 Blood more"


def test_sea_of_trees_reads_the_werewolfs_lycan_form() -> None:
    lycan = position(
        ("Ninja", "Werewolf"),
        quests=FACE_UP,
        fang=True,
        lands=LANDS_B,
        at={"Werewolf": "b2"},
        turn="Werewolf",
        step="move",
        dice=[5, 6],
        xp={"Werewolf": 1},
    )
    assert [t for t in texts(lycan) if t.endswith(" c2")] == ["step 6 c2"], "Search 0"
    human = position(
        ("Ninja", "Werewolf"),
        quests=FACE_UP,
        fang=True,
        lands=LANDS_B,
        at={"Werewolf": "b2"},
        turn="Werewolf",
        step="move",
        dice=[5, 6],
        xp={"Werewolf": 2},
    )
    assert [t for t in texts(human) if t.endswith(" c2")] == ["step 5 c2", "step 6 c2"]


def test_mirage_city_forces_the_adventure_even_next_to_a_mountain() -> None:
    # g5 lies next to mountain f5; on the Mirage City only the Grand Master may quest there.
    s = position(
        ("Ninja", "Gladiator"),
        quests={"g0": "inscriptions", "f5": "goblins"},
        fang=True,
        lands=LANDS_B,
        at={"Ninja": "g5"},
        step="act",
    )
    assert texts(s) == ["adventure"]
    gm = position(
        ("Grand Master",),
        quests={"g0": "inscriptions", "f5": "goblins"},
        fang=True,
        lands=LANDS_B,
        at={"Grand Master": "g5"},
        step="act",
    )
    assert texts(gm) == ["adventure", "quest f5", "pass"]


# -- Magician, Grand Master: the battle chart's limits still apply ----------------------------


def test_big_bang_obeys_final_breath_and_fills_a_claw_box() -> None:
    s = position(
        ("Ninja", "Magician"),
        quests=FACE_UP,
        solved=TREASURE,
        step="battle",
        turn="Magician",
        xp={"Magician": 8},
        resource={"Magician": 5},
        wounds=7,
    )
    s = play(s, "big-bang")
    assert s.wounds == 8, "2 health left: only 1 damage (Final Breath)"
    assert all(t.startswith("claw ") for t in texts(s)), "the box at 8 retaliates"


def test_grand_master_level_six_head_on_strike_at_three_is_unchanged() -> None:
    s = position(
        ("Grand Master",),
        quests=FACE_UP,
        step="battle",
        xp={"Grand Master": 8},
        resource={"Grand Master": 0},
    )
    s = play(s, "spend 0")
    assert rolls(s) == 6, "Combat 6 at level 6 (his Mana kept)"
    hit = play(s, "dice 000+++", "no-reroll", "absorb 0")
    assert hit.wounds == 1 and hit.health[0] == 8, "3: head-on strike, 1 each"


# -- Grand Master's reroll, Paladin's Faith with Special Chance, Quest Replenishing -----------


def test_grand_master_reroll_comes_after_the_whole_roll_and_throws_it_afresh() -> None:
    s = position(
        ("Grand Master",),
        quests=FACE_UP,
        at={"Grand Master": "c3"},
        step="act",
        resource={"Grand Master": 0},
    )
    s = play(s, "adventure", "dice -66")
    assert texts(s)[0].startswith("extra"), "the extra dice of the 6s are rolled first"
    s = play(s, "extra 6", "extra -", "extra +")
    assert s.score == 2 and texts(s) == ["reroll", "no-reroll"]
    s = play(s, "reroll")
    assert chance_outcomes(s) is score_roll(3), "the same 3 dice, the extra dice forgotten"
    assert s.score == 0 and s.pending == 0
    s = play(s, "dice ---")
    assert s.health == (8,) and s.xp == (0,) and s.turn == 0, "no second reroll: -3 hurts"


def test_faith_dropping_a_six_still_rolls_its_special_chance() -> None:
    s = position(SIX, quests=FACE_UP, turn="Paladin", meter=3)
    s = play(s, "roll 2 6")
    assert s.agenda[0][0] == T_SPECIAL, "the 6 is rolled for before Faith drops it"
    s = play(s, "special meter")
    assert s.meter == 4 and texts(s) == ["faith", "no-faith"]
    s = play(s, "faith")
    assert s.dice == (2,) and s.meter == 4


def test_quest_replenishing_serves_mountains_in_reading_order_when_tiles_run_short() -> None:
    # Three mountains solved, two quest tiles never placed: only two new quests exist.
    solved = {"d1": "book", "d3": "weapons", "g3": "treasure"}
    quests = {"g0": "inscriptions", "d1": "golem", "d3": "goblins", "g3": "chimera"}
    s = position(SIX, quests=quests, solved=solved, meter=8)
    s = play(s, "roll 1 2 3 6", "special meter", "rampage 1")
    names = s.rules.board.names
    renewed = [names[s.rules.board.mountains[m]] for m in range(5) if s.renewed[m]]
    assert renewed == ["d1", "d3"] and s.quests[4] == -1, "f5 stays face down"
    assert s.retired == (1, 5), "the golem and the goblins leave the game"
    s = position(
        SIX,
        quests={"g0": "inscriptions", "g3": "chimera"},
        solved=solved,
        renewed=["d1", "d3"],
        retired=["golem", "goblins"],
        meter=9,
        at={"Ninja": "c1"},
        step="act",
    )
    s = play(s, "gather d1")
    odds = {str(m): p for m, p in chance_outcomes(s)}
    assert odds == {
        f"quest-tile {q}": Fraction(1, 3) for q in ("teleport", "labyrinth", "sphinx")
    }, "f5's tile is among them"


# -- 6-11 heroes: roll-offs and the survival roll over every hero ----------------------------


def test_roll_off_of_six_heroes_matches_brute_force() -> None:
    s = position(SIX, quests=FACE_UP, meter=2)
    s = play(s, "roll 1 2 3 6", "special meter", "rampage 2")
    engine = {m.a: p for m, p in chance_outcomes(s)}
    brute: Counter[int] = Counter()
    for faces in product(range(1, 7), repeat=6):
        top = max(faces)
        brute[sum(1 << p for p, f in enumerate(faces) if f == top)] += 1
    assert engine == {mask: Fraction(k, 6**6) for mask, k in brute.items()}
    assert len(engine) == 63


def test_survival_roll_of_eleven_heroes_is_one_die_each() -> None:
    s = position(
        HERO_ORDER[:11],
        quests=FACE_UP,
        at={"Ninja": "c3"},
        step="act",
        health={"Ninja": 1},
        resource={"Ninja": 0},
    )
    s = play(s, "adventure", "tune 0", "dice --")
    saved = {str(m): p for m, p in chance_outcomes(s)}["survival saved"]
    assert saved == 1 - Fraction(5, 6) ** 11
