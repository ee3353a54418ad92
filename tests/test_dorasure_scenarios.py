"""Dorasure audit scenarios: rulebook clauses and rulings the other test files miss, each from a
concrete position (``position(...)``) or a short sequence of moves in the notation, and the
exact distributions of multi-dice rolls checked against brute-force enumeration.

Map (see test_dorasure_rules.py): c1 a forest, a0 Belk, g0 the farthest mountain, the City
``city``.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import boardrules as br
from boardrules.dorasure import (
    DorasureState,
    apply_move,
    chance_outcomes,
    current_player,
    new_game,
    position,
)
from dorasure_helpers import FACE_UP, odds, play, texts

T_ROLL, T_EXTRA = 4, 5  # the agenda codes of a roll read on the Adventuring Chart


def adventure_on_c1(hero: str = "Ninja", **kw: Any) -> DorasureState:
    heroes = kw.pop("heroes", ("Ninja", "Gladiator"))
    return play(
        position(heroes, quests=FACE_UP, at={hero: "c1"}, turn=hero, step="act", **kw), "adventure"
    )


def battle(heroes: tuple[str, ...] = ("Ninja", "Gladiator"), **kw: object) -> DorasureState:
    kw.setdefault("quests", FACE_UP)
    return position(heroes, step="battle", **kw)  # type: ignore[arg-type]


# -- the Adventuring Chart: "Roll again. Any result besides '1' is +1 again" ----------------


def test_extra_die_of_a_six_scores_plus_one_on_a_two_or_three() -> None:
    s = play(adventure_on_c1(), "dice 06")
    assert s.score == 1 and s.pending == 1
    s = play(s, "extra 0")
    assert s.xp[0] == 1 and s.health[0] == 5, "0 + 1 + 1 = 2: success, 1 EXP, no damage"


def test_extra_die_of_a_six_scores_minus_one_on_a_one_and_rolls_again_on_a_six() -> None:
    s = play(adventure_on_c1(), "dice 06", "extra 6")
    assert s.score == 2 and s.pending == 1
    s = play(s, "extra -")
    assert s.xp[0] == 1 and s.health[0] == 4, "0 + 1 + 1 - 1 = 1: 1 EXP and 1 damage"


def test_quest_extra_die_two_or_three_reaches_the_goblins_three() -> None:
    s = position(("Ninja", "Gladiator"), quests={"g0": "goblins"}, at={"Ninja": "f1"}, step="act")
    s = play(s, "quest g0", "dice +6", "extra 0")
    assert s.xp[0] == 2 and s.flags[0] == 0, "1 + 1 + 1 = 3 meets Combat 3"
    assert texts(s)[0].startswith("reward "), "the reward tile under it is turned up"


def test_battle_extra_die_two_or_three_makes_a_head_on_strike() -> None:
    s = play(battle(turn="Gladiator"), "dice 0+6", "extra 0")
    assert s.wounds == 1 and s.health == (5, 7), "0 + 1 + 1 + 1 = 3"


def test_poisoned_bullet_on_an_extra_two_or_three_adds_only_an_extra_die() -> None:
    s = battle(
        ("Ninja", "Hunter"), turn="Hunter", solved={"g0": "treasure"}, resource={"Hunter": 0}
    )
    s = play(s, "dice +6", "extra 0")
    assert s.score == 3 and texts(s) == ["bullet +", "no-bullet"], "no 2-3 that scored 0"
    s = play(s, "bullet +")
    assert s.score == 3 and s.pending == 1, "it already scored +1; the new 6 rolls again"
    s = play(s, "extra +")
    assert s.wounds == 1, "4: attack from behind"


def _engine_readings(
    s: DorasureState, limit: int, read: Callable[[DorasureState], object]
) -> dict[object, Fraction]:
    """Walk a roll read on the Adventuring Chart through the engine to the state after its
    reading, told apart by ``read``; more than ``limit`` extra dice end in ``"deep"``.

    The state keeps the running score only while a line of the chart may still depend on
    it (capped at the highest value that can still change the reading), so the walk looks
    at what the reading did, not at the score left behind."""
    out: defaultdict[object, Fraction] = defaultdict(Fraction)

    def walk(s: DorasureState, p: Fraction, extras: int) -> None:
        code = s.agenda[0][0] if s.agenda else -1
        if current_player(s) != br.CHANCE or code not in (T_ROLL, T_EXTRA):
            out[read(s)] += p
        elif code == T_EXTRA and extras == limit:
            out["deep"] += p
        else:
            for m, q in chance_outcomes(s):
                walk(apply_move(s, m), p * q, extras + (code == T_EXTRA))

    walk(s, Fraction(1), 0)
    return dict(out)


def _brute_scores(dice: int, limit: int) -> dict[object, Fraction]:
    """The rulebook's chart over every face of every die: 1 is -1, 2-3 nothing, 4-5 +1, 6 +1
    and an extra die; an extra die is -1 on a 1, +1 otherwise, and a 6 rolls yet again."""
    out: defaultdict[object, Fraction] = defaultdict(Fraction)

    def extra(score: int, owed: int, rolled: int, p: Fraction) -> None:
        if owed == 0:
            out[score] += p
        elif rolled == limit:
            out["deep"] += p
        else:
            for face in range(1, 7):
                extra(score + (-1 if face == 1 else 1), owed - 1 + (face == 6), rolled + 1, p / 6)

    for faces in itertools.product(range(1, 7), repeat=dice):
        score = sum(-1 if f == 1 else 0 if f <= 3 else 1 for f in faces)
        extra(score, faces.count(6), 0, Fraction(1, 6**dice))
    return dict(out)


def _read_brute(
    scores: dict[object, Fraction], chart: Callable[[int], object]
) -> dict[object, Fraction]:
    out: defaultdict[object, Fraction] = defaultdict(Fraction)
    for score, p in scores.items():
        out[chart(score) if isinstance(score, int) else score] += p
    return dict(out)


def test_adventure_score_distribution_matches_brute_force_with_chained_sixes() -> None:
    # The Ninja's 2 Danger dice, no Ki to pay damage with: the reading shows as EXP gained
    # and damage taken.
    s = adventure_on_c1(resource={"Ninja": 0})
    got = _engine_readings(s, 3, lambda st: (st.xp[0], st.health[0]))
    chart = {-1: (0, 4), 0: (0, 5), 1: (1, 4), 2: (1, 5)}
    want = _read_brute(_brute_scores(2, limit=3), lambda v: chart[max(-1, min(2, v))])
    assert got == want
    assert sum(got.values()) == 1


def test_quest_score_distribution_of_three_dice_matches_brute_force() -> None:
    s = position(
        ("Gladiator", "Ninja"),
        quests={"g0": "goblins"},
        at={"Gladiator": "f1"},
        turn="Gladiator",
        step="act",
    )
    s = play(s, "quest g0")  # Gladiator Combat 3, alone (the Ninja is in the City)
    got = _engine_readings(s, 2, lambda st: ("solved",) if st.xp[1] else ("flags", st.flags[0]))
    # Goblins: 3 successes; a failure leaves the positive score as flags.
    want = _read_brute(
        _brute_scores(3, limit=2), lambda v: ("solved",) if v >= 3 else ("flags", max(0, v))
    )
    assert got == want


# -- exact probabilities of the other multi-dice rolls ------------------------------------


def test_movement_roll_probabilities_match_brute_force() -> None:
    s = position(("Ninja", "Gladiator"), quests=FACE_UP)  # the Ninja rolls 4 dice
    counts = Counter(
        "roll " + " ".join(map(str, sorted(f))) for f in itertools.product(range(1, 7), repeat=4)
    )
    assert odds(s) == {k: Fraction(v, 6**4) for k, v in counts.items()}
    assert chance_outcomes(s) is chance_outcomes(s)


def test_roll_off_of_three_heroes_matches_brute_force() -> None:
    heroes = ("Ninja", "Gladiator", "Hunter")
    s = position(heroes, quests=FACE_UP, meter=2, resource={"Hunter": 0})
    s = play(s, "roll 2 3 4 6", "rampage 4")  # All Heroes roll 1 die: lowest take 2
    counts: Counter[str] = Counter()
    for faces in itertools.product(range(1, 7), repeat=3):
        low = min(faces)
        counts["lowest " + "+".join(h for h, f in zip(heroes, faces, strict=True) if f == low)] += 1
    assert odds(s) == {k: Fraction(v, 216) for k, v in counts.items()}
    s = play(s, "lowest Ninja+Hunter")
    assert s.health == (3, 8, 3), "every tied hero takes 2"


def test_survival_roll_of_four_heroes_is_one_minus_five_sixths_to_the_fourth() -> None:
    s = position(
        ("Ninja", "Gladiator", "Hunter", "Prince"),
        quests=FACE_UP,
        meter=2,
        health={"Ninja": 1, "Hunter": 1},
        resource={"Hunter": 0, "Prince": 0},
        gold={"Prince": 0},
    )
    s = play(s, "roll 2 3 4 6", "rampage 3")  # both the Ninja and the Hunter die of it
    assert odds(s) == {
        "survival saved": 1 - Fraction(625, 1296),
        "survival lost": Fraction(625, 1296),
    }
    saved = play(s, "survival saved")
    assert saved.health == (5, 7, 5, 4) and "stop" in texts(saved), "one roll saves both"
    assert br.is_terminal(play(s, "survival lost"))


def test_team_combo_with_the_vampire_has_the_exact_joint_distribution() -> None:
    s = play(battle(("Ninja", "Gladiator", "Vampire"), resource={"Vampire": 1}), "dice ++")
    # Ninja, Gladiator (one node) and the Vampire (her own node) roll one die each.
    assert odds(s) == {
        "dice --": Fraction(1, 36),
        "dice -0": Fraction(4, 36),
        "dice -+": Fraction(4, 36),
        "dice -6": Fraction(2, 36),
        "dice 00": Fraction(4, 36),
        "dice 0+": Fraction(8, 36),
        "dice 06": Fraction(4, 36),
        "dice ++": Fraction(4, 36),
        "dice +6": Fraction(4, 36),
        "dice 66": Fraction(1, 36),
    }
    s = play(s, "dice 0+")
    assert odds(s) == {
        "dice -": Fraction(1, 6),
        "dice 0": Fraction(1, 3),
        "dice +": Fraction(1, 3),
        "dice 6": Fraction(1, 6),
    }
    s = play(s, "dice -")
    assert s.resource[2] == 0, "her 1 costs a Blood"
    assert s.health == (4, 7, 4), "2 + 0 + 1 - 1 = 2: still 2, every participant takes 1"


# -- the meter ------------------------------------------------------------------------------


def test_meter_passing_a_fire_icon_and_filling_rampages_three_times_then_the_battle() -> None:
    s = position(
        ("Ninja", "Hunter"), quests=FACE_UP, meter=11, turn="Hunter", resource={"Hunter": 0}
    )
    s = play(s, "roll 6 6 6")  # 11 -> 14: the fire icon at 12, then the final rampage twice
    assert s.meter == 14
    s = play(s, "rampage 3", "rampage 3")
    assert s.phase == 0, "still the Adventure Phase before the last rampage"
    s = play(s, "rampage 3")
    assert s.phase == 1 and s.turn == 1 and s.health == (2, 2)


def test_dragons_lair_step_to_a_fire_icon_from_a_short_sequence() -> None:
    s = position(
        ("Ninja", "Gladiator"), quests={"g0": "chimera"}, at={"Ninja": "f1"}, meter=2, step="act"
    )
    s = play(s, "quest g0", "dice ++", "reward lair")
    assert s.wounds == 1 and s.meter == 3 and texts(s)[0] == "rampage 1"


# -- Final Breath, simultaneous deaths ------------------------------------------------------


def test_final_breath_only_at_two_health_left() -> None:
    s = play(battle(turn="Gladiator", wounds=6), "dice ++6", "extra 6", "extra +")
    assert s.wounds == 8, "3 left: 2 damage is dealt in full (and crosses the claw box 8)"
    s = play(battle(turn="Gladiator", wounds=7), "dice ++6", "extra 6", "extra +")
    assert s.wounds == 8, "2 left: the Final Breath leaves it 1"


def test_last_hero_slain_by_her_own_blood_magic_still_kills_the_dragon() -> None:
    s = battle(
        ("Ninja", "Vampire"),
        turn="Vampire",
        quests={"g0": "inscriptions", "d1": "golem"},
        solved={"d1": "weapons"},
        health={"Ninja": 0, "Vampire": 1},
        resource={"Vampire": 0},
        wounds=8,
    )
    s = play(s, "dice -6")
    assert s.health == (0, 0) and not br.is_terminal(s), "her 1 kills her; the roll goes on"
    assert br.from_json(br.to_json(s)) == s
    won = play(s, "extra 6", "extra 6", "extra +")  # -1 + 1 + 1 + 1 + 1 = 3: head-on strike
    assert br.is_terminal(won) and won.wounds == 9 and br.returns(won) == (1.0, 1.0)
    lost = play(s, "extra +")  # 1: a blast, the dragon lives
    assert br.is_terminal(lost) and br.returns(lost) == (0.0, 0.0)


def test_dragon_and_last_hero_in_a_head_on_strike_is_a_win() -> None:
    s = battle(
        ("Ninja", "Gladiator"), turn="Gladiator", health={"Ninja": 0, "Gladiator": 1}, wounds=8
    )
    s = play(s, "dice +++")  # 3: the dragon takes its last damage, the Gladiator 1
    assert br.is_terminal(s) and br.returns(s) == (1.0, 1.0)


# -- a short game by notation ---------------------------------------------------------------


def test_a_short_opening_by_notation() -> None:
    s = new_game(players=2, heroes=["Gladiator", "Ninja"])
    s = play(s, "quest-tile golem", "roll 1 3 5 6")
    assert s.meter == 1 and s.turn == 0, "the Ninja sits first; his 6 moved the meter"
    assert "step 1 b4" not in texts(s), "a 1 is void for moving"
    s = play(s, "step 3 b4", "step 5 c4", "stop")
    assert texts(s) == ["adventure", "pass"], "c4 is plains, no mountain next to it"
    s = play(s, "adventure", "dice 06", "extra 0")  # 0 + 1 + 1 = 2
    assert s.xp == (1, 0) and s.health == (5, 8) and s.turn == 1


# -- quests ---------------------------------------------------------------------------------


def test_extra_dice_are_always_rolled_even_after_the_quest_score_is_met() -> None:
    s = position(("Ninja", "Gladiator"), quests={"g0": "chimera"}, at={"Ninja": "f1"}, step="act")
    s = play(s, "quest g0", "dice +6")  # 2 already meets Combat 2 ...
    assert texts(s) == ["extra -", "extra 0", "extra +", "extra 6"], "... the 6 rolls again"
    failed = play(s, "extra -")
    assert failed.xp[0] == 0 and failed.flags[0] == 1 and failed.health[0] == 3, (
        "1 + 1 - 1 = 1: failure (start damage 1, failure damage 1), one flag"
    )


def test_assisted_quest_adds_the_scores_and_a_failure_hurts_only_the_questing_hero() -> None:
    s = position(
        ("Ninja", "Hunter"),
        quests={"g0": "goblins"},
        at={"Ninja": "f1", "Hunter": "g1"},
        resource={"Hunter": 0},
        step="act",
    )
    s = play(s, "quest g0", "ask Hunter", "agree", "dice 0+", "dice -0")  # 1 + (-1) = 0
    assert s.flags[0] == 0 and s.health == (4, 5) and s.xp == (0, 0)
    s = position(
        ("Ninja", "Hunter"),
        quests={"g0": "goblins"},
        flags={"g0": 1},
        at={"Ninja": "f1", "Hunter": "g1"},
        resource={"Hunter": 0},
        step="act",
    )
    s = play(s, "quest g0", "ask Hunter", "agree", "dice 0+", "dice 0+")  # 1 + 1 + 1 flag
    assert s.xp == (1, 1), "success: every participant gains 1 EXP, the questing hero too"


def test_gather_information_is_not_offered_for_a_face_up_quest_and_quest_needs_face_up() -> None:
    s = position(("Ninja", "Gladiator"), quests={"g0": "chimera"}, at={"Ninja": "f1"}, step="act")
    assert texts(s) == ["adventure", "quest g0", "pass"], "f1 is a forest next to g0 only"


# -- razed Belk -----------------------------------------------------------------------------


def test_razed_belk_is_a_road_no_rest_no_adventure() -> None:
    s = position(
        ("Ninja", "Gladiator"),
        quests=FACE_UP,
        at={"Ninja": "a0"},
        razed=True,
        step="act",
        health={"Ninja": 2},
    )
    assert texts(s) == ["pass"]
