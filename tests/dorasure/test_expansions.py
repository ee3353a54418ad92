"""Dorasure §9.1-§9.2 Six to eleven heroes: the turn order over all eleven (§1.2), roll-offs
and the survival roll of many heroes, Special Chance (§9.1), Quest Replenishing (§9.2).

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import boardrules as br
from boardrules.dorasure import (
    HERO_ORDER,
    DorasureState,
    RollOff,
    apply_move,
    chance_outcomes,
    new_game,
    position,
)
from boardrules.dorasure.tasks.dragon import Rampage
from boardrules.dorasure.tasks.expansions import Replenish, Special
from boardrules.dorasure.tasks.moving import MoveRoll, Steps
from boardrules.dorasure.tasks.turn import EndTurn
from dorasure_helpers import FACE_UP, SIX, TREASURE, check_message, odds, play, texts


def _walk_movement(s: DorasureState) -> Counter[tuple[int, int]]:
    """Probability of (meter steps, health lost) after a movement roll, by the engine."""
    out: Counter[tuple[int, int]] = Counter()
    meter, health = s.meter, s.health[s.turn]

    def walk(t: DorasureState, p: Fraction) -> None:
        if isinstance(t.agenda[0], Steps):
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


def test_six_to_eleven_heroes_turn_order_over_all_eleven() -> None:
    s = new_game(players=11)
    assert [s.rules.hero_name(p) for p in range(11)] == list(HERO_ORDER[:11])
    s = new_game(players=6)
    assert [s.rules.hero_name(p) for p in range(6)] == list(SIX)
    s = new_game(heroes=["Vampire", "Shaman", "Ninja", "Minstrel", "Werewolf", "Magician"])
    assert [s.rules.hero_name(p) for p in range(6)] == [
        "Ninja",
        "Werewolf",
        "Shaman",
        "Minstrel",
        "Magician",
        "Vampire",
    ]
    s = play(position(SIX, quests=FACE_UP, turn="Paladin", step="act"), "pass")
    assert s.turn == 0, "after the last seat the first again"


def test_roll_off_of_six_heroes_matches_brute_force() -> None:
    s = position(SIX, quests=FACE_UP, meter=2)
    s = play(s, "roll 1 2 3 6", "special meter", "rampage 2")
    engine = {
        sum(1 << seat for seat in m.seats): p
        for m, p in chance_outcomes(s)
        if isinstance(m, RollOff)
    }
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


def test_special_chance_a_six_rolls_again_one_to_three_moves_the_meter() -> None:
    s = position(SIX, quests=FACE_UP, meter=1)
    s = play(s, "roll 1 2 3 6")
    assert s.meter == 1 and odds(s) == {
        "special meter": Fraction(1, 2),
        "special hurt": Fraction(1, 2),
    }
    s = play(s, "special meter")
    assert s.meter == 2 and s.health[0] == 5


def test_special_chance_four_to_six_hurts_the_current_hero_instead() -> None:
    s = play(position(SIX, quests=FACE_UP, meter=1), "roll 1 2 6 6", "special hurt")
    assert s.meter == 1 and s.health[0] == 4
    s = play(s, "special meter")
    assert s.meter == 2 and texts(s)[0].startswith("step")


def test_special_chance_only_with_six_or_more_heroes() -> None:
    s = play(position(SIX[:5], quests=FACE_UP, meter=1), "roll 1 2 3 6")
    assert s.meter == 2


def test_9_1_and_9_2_the_6_to_11_hero_rules_are_refused_in_a_smaller_game() -> None:
    # The decoder's checks: a Special Chance roll, or Quest Replenishing, in a game of 5.
    five = position(SIX[:5], quests=FACE_UP, meter=1)
    assert five.agenda == (MoveRoll(0), EndTurn(0))
    six = position(SIX, quests=FACE_UP, meter=1)
    for tasks, says in (
        ((Special(0), *five.agenda), "agenda: Special Chance needs 6 or more heroes"),
        (
            (Rampage(0), Replenish(0), *five.agenda),
            "agenda: Quest Replenishing needs 6 or more heroes",
        ),
    ):
        assert check_message(five, agenda=tasks) == says
        assert check_message(six, agenda=tasks) != says


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
    assert isinstance(s.agenda[0], Special) and all(isinstance(t, Special) for t in s.agenda[:2])
    s = play(s, "special hurt")
    assert texts(s) == ["absorb 0", "absorb 1"], "resources instead of health, 1:1"
    s = play(s, "absorb 1", "special hurt")
    assert s.health[0] == 4 and s.resource[0] == 0 and s.meter == 3


def test_faith_dropping_a_six_still_rolls_its_special_chance() -> None:
    s = position(SIX, quests=FACE_UP, turn="Paladin", meter=3)
    s = play(s, "roll 2 6")
    assert isinstance(s.agenda[0], Special), "the 6 is rolled for before Faith drops it"
    s = play(s, "special meter")
    assert s.meter == 4 and texts(s) == ["faith", "no-faith"]
    s = play(s, "faith")
    assert s.dice == (2,) and s.meter == 4


def test_lullaby_with_six_heroes_no_special_chance_is_rolled() -> None:
    heroes = ("Ninja", "Gladiator", "Samurai", "Minstrel", "Prince", "Paladin")
    s = position(heroes, quests=FACE_UP, solved=TREASURE, turn="Minstrel", meter=3)
    s = play(s, "roll 2 6 6")
    assert texts(s) == ["lullaby", "no-lullaby"]
    kept = play(s, "lullaby")
    assert kept.meter == 3 and isinstance(kept.agenda[0], Steps)
    sung = play(s, "no-lullaby")
    assert isinstance(sung.agenda[0], Special), "without the Lullaby each 6 rolls a Special Chance"


def test_quest_replenishing_at_the_third_rampage_draws_from_the_unused_quests() -> None:
    s = position(SIX, quests={"g0": "inscriptions", "d1": "golem"}, solved={"d1": "book"}, meter=8)
    s = play(s, "roll 1 2 3 6", "special meter", "rampage 1")
    d1 = s.rules.board.mountains.index(s.rules.board.index["d1"])
    assert s.renewed[d1] == 1 and s.retired == (1,), "the golem leaves the game"
    assert s.quests[d1] == -1 and s.rewards[d1] == 1, "a new quest, face down"
    assert texts(s)[0].startswith("step")
    s = position(
        SIX,
        quests={"g0": "inscriptions"},
        solved={"d1": "book"},
        renewed=["d1"],
        retired=["golem"],
        meter=9,
        at={"Ninja": "c1"},
        step="act",
    )
    assert "gather d1" in texts(s)
    s = play(s, "gather d1")
    assert odds(s) == {
        f"quest-tile {q}": Fraction(1, 5)
        for q in ("teleport", "labyrinth", "sphinx", "goblins", "chimera")
    }
    s = play(s, "quest-tile sphinx")
    assert s.quests[d1] == 4 and s.flags[d1] == 0 and s.turn == 1


def test_quest_replenishing_not_at_other_rampages_nor_with_five_heroes() -> None:
    s = position(SIX, quests={"g0": "inscriptions", "d1": "golem"}, solved={"d1": "book"}, meter=5)
    s = play(s, "roll 1 2 3 6", "special meter", "rampage 1")
    assert s.renewed == (0,) * 5
    s = position(
        SIX[:5], quests={"g0": "inscriptions", "d1": "golem"}, solved={"d1": "book"}, meter=8
    )
    s = play(s, "roll 1 2 3 6", "rampage 1")
    assert s.renewed == (0,) * 5 and s.meter == 9


def test_replenished_quest_solved_removes_a_scale_without_its_effect() -> None:
    s = position(
        SIX,
        quests={"g0": "inscriptions", "d1": "sphinx"},
        solved={"d1": "book"},
        renewed=["d1"],
        retired=["golem"],
        meter=10,
        wounds=2,
        at={"Ninja": "c1"},
        step="act",
    )
    s = play(s, "quest d1", "dice +")
    d1 = s.rules.board.mountains.index(s.rules.board.index["d1"])
    assert s.wounds == 3 and s.renewed[d1] == 2 and s.xp[0] == 2
    assert s.rewards[d1] == 1, "no new reward tile"
    assert texts(s)[0].startswith("roll"), "the claw box at 3 does not retaliate"


def test_all_mountains_solved_again_start_the_battle() -> None:
    solved = {"g0": "lair", "d1": "book", "d3": "weapons", "g3": "treasure", "f5": "lair"}
    quests = {
        "g0": "inscriptions",
        "d1": "sphinx",
        "d3": "golem",
        "g3": "teleport",
        "f5": "labyrinth",
    }
    s = position(
        SIX,
        quests=quests,
        solved=solved,
        renewed=["d1"],
        retired=["goblins"],
        meter=10,
        wounds=2,
        at={"Ninja": "c1"},
        step="act",
    )
    assert br.current_player(s) == 0
    s = play(s, "quest d1", "dice +")
    assert s.phase == 1 and s.turn == 0


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


def test_ruling_quest_replenishing_refills_in_reading_order_when_tiles_run_short() -> None:
    six = ("Ninja", "Gladiator", "Hunter", "Prince", "Paladin", "Samurai")
    # Five tiles on the board, two unused: of three solved mountains the first two in
    # reading order (d1, d3) get a new quest.
    s = position(
        six,
        quests={
            "g0": "inscriptions",
            "d1": "golem",
            "d3": "teleport",
            "g3": "labyrinth",
            "f5": "sphinx",
        },
        solved={"d1": "book", "d3": "lair", "g3": "weapons"},
        meter=8,
        resource={h: 0 for h in six if h != "Gladiator"},
        gold={"Prince": 0},
    )
    s = play(s, "roll 1 2 3 6", "special meter", "rampage 1")
    board = s.rules.board
    marks = [s.renewed[board.mountains.index(board.index[m])] for m in ("d1", "d3", "g3")]
    assert marks == [1, 1, 0] and len(s.retired) == 2


def test_assistance_is_answered_while_the_farthest_mountain_is_replenished_face_down() -> None:
    s = position(
        SIX,
        quests={"d3": "goblins"},
        solved={"g0": "book"},
        renewed=["g0"],
        retired=["inscriptions"],
        meter=9,
        at={"Ninja": "c3", "Gladiator": "e4"},
        step="act",
    )
    s = play(s, "quest d3", "ask Gladiator")
    assert texts(s) == ["agree", "refuse"]
    assert br.from_json(br.to_json(s)) == s


def test_a_hero_gathers_information_while_the_farthest_replenished_quest_is_face_down() -> None:
    # g0, the farthest mountain, solved and replenished (its new tile face down); the Ninja
    # turns up the quest of d3 beside him: no setup reveal, the document decodes.
    six = ("Ninja", "Gladiator", "Hunter", "Prince", "Paladin", "Samurai")
    s = position(
        six,
        quests={"d1": "golem", "g3": "teleport", "f5": "labyrinth"},
        renewed=["g0"],
        solved={"g0": "book"},
        retired=["inscriptions"],
        at={"Ninja": "d2"},
        step="act",
    )
    assert s.quests[0] == -1 and "gather d3" in texts(s)
    s = play(s, "gather d3")
    assert texts(s) == ["quest-tile sphinx", "quest-tile goblins", "quest-tile chimera"]
    assert br.from_json(br.to_json(s)) == s
