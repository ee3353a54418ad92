"""Dorasure §5.1-§5.4 The action after moving: adventure and the Adventuring Chart with its
chain of 6s (§5.2), rest (§5.3), gather information (§5.4).

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

import boardrules as br
from boardrules.dorasure import DorasureState, chance_outcomes, current_player, position
from boardrules.dorasure._dice import quest_draw, score_roll
from boardrules.dorasure.tasks.battle import Claw
from boardrules.dorasure.tasks.moving import Act
from boardrules.dorasure.tasks.quests import RevealReward
from boardrules.dorasure.tasks.rolls import Roll
from boardrules.dorasure.tasks.turn import AdventureEnd, EndTurn
from dorasure_helpers import (
    BASE,
    COMBAT,
    FACE_UP,
    FOREST,
    FULL,
    GOLEM_UP,
    KNOWLEDGE,
    LOST,
    P_BATTLE,
    PLAINS,
    SEARCH,
    WON,
    _brute_scores,
    _engine_readings,
    _read_brute,
    adventure,
    at,
    check_message,
    new_battle_roll,
    odds,
    play,
    probability,
    read_battle,
    stat,
    texts,
    why_not,
)


def adventure_on_c1(hero: str = "Ninja", **kw: Any) -> DorasureState:
    heroes = kw.pop("heroes", ("Ninja", "Gladiator"))
    return play(
        position(heroes, quests=FACE_UP, at={hero: "c1"}, turn=hero, step="act", **kw), "adventure"
    )


# The quest tiles as printed: attribute, score, start damage, alone, failure, its damage.
QUESTS = {
    "inscriptions": (KNOWLEDGE, 2, 0, False, "none", 0),
    "golem": (COMBAT, 3, 1, False, "damage", 1),
    "teleport": (SEARCH, 2, 0, False, "teleport", 0),
    "labyrinth": (SEARCH, 3, 0, False, "stay", 0),
    "sphinx": (KNOWLEDGE, 1, 0, True, "damage", 2),
    "goblins": (COMBAT, 3, 0, False, "damage", 1),
    "chimera": (COMBAT, 2, 1, False, "damage", 1),
}


NEXT_TO = {
    "g0": ("f0", "f1", "g1"),
    "d1": ("d0", "e0", "c1", "e1", "d2", "e2"),
    "d3": ("d2", "e2", "c3", "e3", "d4", "e4"),
    "g3": ("g2", "f3", "g4"),
    "f5": ("f4", "g4", "e5", "g5"),
}


CLASS_SCORE = {"-": -1, "0": 0, "+": 1, "6": 1}  # a die's class on the chart


EXTRA_SCORE = {"-": -1, "0": 1, "+": 1, "6": 1}  # "any result besides '1' is +1 again"


def sample(s: DorasureState, rng: random.Random) -> str:
    moves = chance_outcomes(s)
    move = rng.choices([m for m, _ in moves], weights=[float(p) for _, p in moves])[0]
    return str(move)


def drive(
    s: DorasureState, rng: random.Random, done: Callable[[DorasureState], bool], log: list[str]
) -> DorasureState:
    """Roll the dice at random (logged), pay no damage with resources, until ``done``."""
    while s.phase < WON and not done(s):
        if current_player(s) == br.CHANCE:
            text = sample(s, rng)
            log.append(text)
        else:
            text = next(t for t in ("spend 0", "absorb 0") if t in texts(s))
        s = play(s, text)
    return s


def scored(log: list[str]) -> int:
    total = 0
    for text in log:
        kind, _, classes = text.partition(" ")
        table = CLASS_SCORE if kind == "dice" else EXTRA_SCORE if kind == "extra" else {}
        total += sum(table.get(c, 0) for c in classes)
    return total


def _random_heroes(rng: random.Random, low: int, high: int) -> list[str]:
    chosen = rng.sample(BASE, rng.randint(low, high))
    return [h for h in BASE if h in chosen]


def _no_resources(heroes: list[str]) -> dict[str, dict[str, int]]:
    return {
        "resource": {h: 0 for h in heroes if h != "Gladiator"},
        "gold": {"Prince": 0} if "Prince" in heroes else {},
    }


def _battle_trial(rng: random.Random) -> None:
    heroes = _random_heroes(rng, 2, 5)
    turn = rng.choice(heroes)
    health = {h: rng.randint(1 if h == turn else 0, FULL[h]) for h in heroes}
    xp = {h: rng.randint(0, 8) for h in heroes}
    wounds, weapons = rng.randint(0, 8), rng.random() < 0.5
    s = position(
        heroes,
        health=health,
        xp=xp,
        wounds=wounds,
        turn=turn,
        step="battle",
        quests=GOLEM_UP,
        solved={"g0": "weapons"} if weapons else {},
        **_no_resources(heroes),  # type: ignore[arg-type]
    )
    seat = heroes.index(turn)
    assert s.agenda[0] == Roll(seat, stat(turn, COMBAT, xp[turn]) + weapons, P_BATTLE)
    log: list[str] = []
    s = drive(
        s,
        rng,
        lambda st: (
            isinstance(st.agenda[0], Claw) or st.turn != seat or (bool(log) and new_battle_roll(st))
        ),
        log,
    )
    rolls = [t for t in log if t.startswith(("dice", "extra"))]
    main = [rolls[0], *(t for t in rolls[1:] if t.startswith("extra"))]
    combo = [t for t in rolls[1:] if t.startswith("dice")]
    total = scored(main)
    after, wounded, claws = read_battle(
        total, seat, [health[h] for h in heroes], wounds, scored(combo) if total == 2 else None
    )
    if wounded >= 9:
        assert s.phase == WON
        return
    assert (s.wounds, list(s.health)) == (wounded, after), (heroes, turn, log)
    assert sum(1 for t in s.agenda if isinstance(t, Claw)) == claws
    assert (s.phase == LOST) == (not any(after))


def _adventure_trial(rng: random.Random) -> None:
    heroes = _random_heroes(rng, 2, 3)
    hero = rng.choice(heroes)
    where = rng.choice(["c0", "a2", "e1", "c2", "d0", "c1", "f1"])
    forest = where in ("d0", "c1", "f1")
    xp = {h: rng.randint(0, 7) for h in heroes}
    health = {hero: rng.randint(1, FULL[hero])}
    s = position(
        heroes,
        at={hero: where},
        health=health,
        xp=xp,
        turn=hero,
        step="act",
        quests=GOLEM_UP,
        **_no_resources(heroes),  # type: ignore[arg-type]
    )
    s = play(s, "adventure")
    seat = heroes.index(hero)
    assert s.agenda[0] == Roll(seat, stat(hero, FOREST if forest else PLAINS, xp[hero]), 0)
    log: list[str] = []
    s = drive(s, rng, lambda st: st.turn != seat, log)
    total = scored(log)
    expected = health[hero] - (total <= -1 or total == 1)
    if expected == 0:
        assert any(t.startswith("survival") for t in log), "no Battle Hardened before it"
        return
    # Battle Hardened: 1 health back after the result, on the plains.
    expected = min(FULL[hero], expected + (hero == "Gladiator" and not forest))
    assert s.health[seat] == expected, (hero, where, log)
    assert s.xp[seat] == min(8, xp[hero] + (total >= 1)), (hero, log)


def _quest_trial(rng: random.Random) -> None:
    heroes = _random_heroes(rng, 2, 4)
    hero = rng.choice(heroes)
    mountain = rng.choice(sorted(NEXT_TO))
    slug = rng.choice(sorted(QUESTS))
    column, target, start_damage, alone, failure, damage = QUESTS[slug]
    spots = list(NEXT_TO[mountain])
    rng.shuffle(spots)
    at = {hero: spots.pop()}
    for h in heroes:
        if h != hero and spots and rng.random() < 0.6:
            at[h] = spots.pop()
    xp = {h: rng.randint(0, 7) for h in heroes}
    health = {h: rng.randint(start_damage + 1, FULL[h]) for h in heroes}
    flags = rng.randint(0, target - 1)
    quests = {mountain: slug}
    if mountain != "g0":
        quests["g0"] = "sphinx" if slug == "golem" else "golem"
    s = position(
        heroes,
        at=at,
        health=health,
        xp=xp,
        turn=hero,
        step="act",
        quests=quests,
        flags={mountain: flags},
        **_no_resources(heroes),  # type: ignore[arg-type]
    )
    s = play(s, f"quest {mountain}")
    seat = heroes.index(hero)
    party = [seat]
    for h in heroes:
        if h in at and h != hero and not alone:
            if rng.random() < 0.7:
                s = play(s, f"ask {h}", "agree")
                party.append(heroes.index(h))
            else:
                s = play(s, f"skip {h}")
    hp = [health[h] for h in heroes]
    for p in party:
        hp[p] -= start_damage
    log: list[str] = []
    s = drive(s, rng, lambda st: st.turn != seat or isinstance(st.agenda[0], RevealReward), log)
    # Every participant rolls his own attribute dice, the questing hero first.
    sizes = [len(t) - 5 for t in log if t.startswith("dice")]
    assert sizes == [stat(heroes[p], column, xp[heroes[p]]) for p in party], (slug, log)
    total, exp = scored(log), [xp[h] for h in heroes]
    m = s.rules.board.mountains.index(s.rules.board.index[mountain])
    if total + flags >= target:
        gain = 2 if len(party) == 1 else 1
        for p in party:
            exp[p] = min(8, exp[p] + gain)
        assert s.agenda[0][:3] == RevealReward(seat, m)[:3]
    else:
        assert s.flags[m] == flags + max(0, total)
        hp[seat] = max(0, hp[seat] - damage)
        if hp[seat] == 0:
            assert any(t.startswith("survival") for t in log)
            return
        names = s.rules.board.names
        assert names[s.pos[seat]] == ("city" if failure == "teleport" else at[hero])
        assert (s.locked[seat] == m) == (failure == "stay")
    assert (list(s.xp), list(s.health)) == (exp, hp), (slug, party, log)


def test_adventuring_only_on_plains_and_forest() -> None:
    assert "adventure" in texts(at({"Ninja": "c2"}, step="act"))
    assert "adventure" in texts(at({"Ninja": "c1"}, step="act"))
    for space in ("city", "b2", "e4", "a1"):
        assert "adventure" not in texts(at({"Ninja": space}, step="act")), space


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


def test_adventure_rolls_danger_dice_white_on_plains_green_in_forest() -> None:
    # Gladiator level 1: danger 3 on plains, 2 in forest
    s = play(at({"Gladiator": "c2"}, turn="Gladiator", step="act"), "adventure")
    assert len(texts(s)) == 20 and texts(s)[0] == "dice ---"
    s = play(at({"Gladiator": "c1"}, turn="Gladiator", step="act"), "adventure")
    assert len(texts(s)) == 10 and texts(s)[0] == "dice --"


def test_adventure_fumble_minus_one_or_lower_takes_one_damage() -> None:
    s = adventure("dice -0")
    assert s.health[0] == 4 and s.xp[0] == 0
    assert s.turn == 1, "the turn passed to the Gladiator"


def test_adventure_score_zero_nothing_happens() -> None:
    s = adventure("dice -+")
    assert s.health[0] == 5 and s.xp[0] == 0


def test_adventure_score_one_gains_one_exp_and_takes_one_damage() -> None:
    s = adventure("dice 0+")
    assert s.health[0] == 4 and s.xp[0] == 1


def test_adventure_score_two_or_higher_gains_one_exp() -> None:
    s = adventure("dice ++")
    assert s.health[0] == 5 and s.xp[0] == 1


def test_adventure_six_rolls_again_without_limit_and_a_one_gives_minus_one() -> None:
    s = adventure("dice 06")
    assert s.score == 1 and texts(s) == ["extra -", "extra 0", "extra +", "extra 6"]
    s = play(s, "extra 6", "extra 6", "extra 6")
    # 4 so far; with one die to come, 3 or more reads "2 or higher" whatever it shows.
    assert s.score == 3 and s.pending == 1
    s = play(s, "extra -")
    assert s.xp[0] == 1 and s.health[0] == 5  # score 3
    s = adventure("dice 06", "extra -")  # 0 +1 -1: nothing
    assert s.xp[0] == 0 and s.health[0] == 5


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


def test_adventure_score_distribution_matches_brute_force_with_chained_sixes() -> None:
    # The Ninja's 2 Danger dice, no Ki to pay damage with: the reading shows as EXP gained
    # and damage taken.
    s = adventure_on_c1(resource={"Ninja": 0})
    got = _engine_readings(s, 3, lambda st: (st.xp[0], st.health[0]))
    chart = {-1: (0, 4), 0: (0, 5), 1: (1, 4), 2: (1, 5)}
    want = _read_brute(_brute_scores(2, limit=3), lambda v: chart[max(-1, min(2, v))])
    assert got == want
    assert sum(got.values()) == 1


def test_adventure_score_of_a_freshly_built_roll_table_reads_each_outcome_by_its_dice() -> None:
    # The table of a roll is built once per number of dice and cached: built afresh here,
    # each outcome must still carry its own count of 1s, 2-3s, 4-5s and 6s to the chart.
    score_roll.cache_clear()
    s = adventure_on_c1(resource={"Ninja": 0})
    got = _engine_readings(s, 2, lambda st: (st.xp[0], st.health[0]))
    chart = {-1: (0, 4), 0: (0, 5), 1: (1, 4), 2: (1, 5)}
    assert got == _read_brute(_brute_scores(2, limit=2), lambda v: chart[max(-1, min(2, v))])


def test_a_roll_of_three_dice_lists_each_count_of_ones_twos_fours_and_sixes_exactly() -> None:
    # The table of a roll is built once per number of dice and cached: built afresh here.
    # A 1 is "-", a 2 or 3 "0", a 4 or 5 "+", a 6 "6"; the outcomes go ones first.
    score_roll.cache_clear()
    s = position(
        ("Ninja", "Gladiator"), quests=FACE_UP, at={"Gladiator": "d2"}, turn="Gladiator", step="act"
    )
    s = play(s, "adventure")  # her 3 Danger dice in a forest
    counts: Counter[str] = Counter()
    for faces in itertools.product(range(1, 7), repeat=3):
        counts["dice " + "".join(sorted(("-00++6"[f - 1] for f in faces), key="-0+6".index))] += 1
    assert odds(s) == {k: Fraction(v, 216) for k, v in counts.items()}
    assert texts(s)[:4] == ["dice ---", "dice --0", "dice --+", "dice --6"]
    assert texts(s)[-4:] == ["dice +++", "dice ++6", "dice +66", "dice 666"]


@pytest.mark.slow
def test_adventure_quest_and_battle_agree_with_an_independent_model() -> None:
    rng = random.Random(20261129)
    for _ in range(300):
        _battle_trial(rng)
        _adventure_trial(rng)
        _quest_trial(rng)


def test_rest_in_a_village_or_the_city_regains_two_health() -> None:
    s = play(at({"Ninja": "e4"}, step="act", health={"Ninja": 2}), "rest")
    assert s.health[0] == 4
    s = play(at({"Ninja": "city"}, step="act", health={"Ninja": 4}), "rest")
    assert s.health[0] == 5
    assert "rest" not in texts(at({"Ninja": "c2"}, step="act"))


def test_no_rest_at_the_lake_or_on_roads() -> None:
    for space in ("a1", "b2"):
        assert "rest" not in texts(at({"Ninja": space}, step="act"))


def test_gather_information_turns_the_adjacent_quest_up_and_ends_the_turn() -> None:
    quest_draw.cache_clear()  # each table is built once: built afresh here
    s = at({"Ninja": "d2"}, step="act")
    assert texts(s) == ["adventure", "gather d1", "gather d3", "pass"]
    s = play(s, "gather d1")
    assert len(chance_outcomes(s)) == 6, "any tile not yet on the board"
    assert probability(s, "quest-tile golem") == Fraction(1, 6)
    s = play(s, "quest-tile golem")
    d1 = s.rules.board.mountains.index(s.rules.board.index["d1"])
    assert s.quests[d1] == 1 and s.turn == 1


def test_gather_information_is_not_offered_for_a_face_up_quest_and_quest_needs_face_up() -> None:
    s = position(("Ninja", "Gladiator"), quests={"g0": "chimera"}, at={"Ninja": "f1"}, step="act")
    assert texts(s) == ["adventure", "quest g0", "pass"], "f1 is a forest next to g0 only"


def test_a_solved_mountain_offers_nothing_and_the_next_one_beside_it_still_does() -> None:
    # d2 lies between d1 and d3; d1's quest is solved, d3's still face down (g0, the
    # farthest, face up since the setup).
    s = position(
        ("Ninja", "Gladiator"),
        quests={"g0": "inscriptions", "d1": "golem"},
        solved={"d1": "book"},
        at={"Ninja": "d2"},
        step="act",
    )
    assert texts(s) == ["adventure", "gather d3", "pass"]


def test_the_action_is_the_last_task_before_the_end_of_the_turn() -> None:
    s = position(("Ninja", "Gladiator"), quests=FACE_UP, at={"Ninja": "f1"}, step="act")
    assert s.agenda == (Act(0), EndTurn(0))
    assert check_message(s, agenda=(Act(0), AdventureEnd(0), EndTurn(0))) == (
        "agenda: the action ends the turn"
    )


ACTIONS = (
    "after moving a hero may adventure (plains/forest), rest (City/village), gather "
    "information or quest next to a mountain, or pass"
)


def test_an_action_refused_names_where_it_may_be_taken() -> None:
    s = position(quests=FACE_UP, at={"Ninja": "c1"}, step="act")  # forest, beside d1
    assert why_not(s, "rest") == (
        f"the Ninja rests only in the City or a village (Dorasure §5.3); {ACTIONS}"
    )
    assert why_not(s, "quest g0") == (
        f"the Ninja quests only next to a face-up quest still to solve (Dorasure §5.5); {ACTIONS}"
    )
    assert why_not(s, "gather g0") == (
        "the Ninja gathers information only next to a mountain whose quest is face down "
        f"(Dorasure §5.4); {ACTIONS}"
    )
    assert why_not(s, "step 3 c2") == (
        "'step 3 c2' is not a choice now: the Ninja chooses the action after moving (Dorasure §5.1)"
    )
    village = position(quests=FACE_UP, at={"Ninja": "e4"}, step="act")
    assert why_not(village, "adventure") == (
        f"the Ninja adventures only on plains or in a forest (Dorasure §5.2); {ACTIONS}"
    )
    held = position(quests={**FACE_UP, "d1": "labyrinth"}, at={"Ninja": "c1"},
                    locked={"Ninja": "d1"}, step="act")  # fmt: skip
    assert why_not(held, "pass") == (
        f"the Ninja is held in the labyrinth and must try it again (Dorasure §5.7); {ACTIONS}"
    )


def test_the_shaman_resting_in_the_city_is_refused_by_his_own_rule() -> None:
    s = position(["Ninja", "Shaman"], quests=FACE_UP, at={"Shaman": "city"}, turn="Shaman",
                 step="act")  # fmt: skip
    assert why_not(s, "rest") == f"the Shaman never rests in the City (Dorasure §9.4); {ACTIONS}"


def test_a_move_that_is_no_outcome_of_the_roll_or_no_choice_offered_is_refused() -> None:
    s = adventure_on_c1(resource={"Ninja": 2})  # how many resources to spend first
    assert why_not(s, "spend 3") == (
        "'spend 3' is not one of the choices: the Ninja decides how many resources to spend "
        "on extra dice (Dorasure §6.1)"
    )
    s = play(s, "spend 0")
    assert why_not(s, "rest") == (
        "'rest' is not an outcome of a roll read on the Adventuring Chart (Dorasure §5.2)"
    )


def test_resting_in_razed_belk_or_held_in_the_labyrinth_of_g0_is_refused() -> None:
    s = position(quests=FACE_UP, at={"Ninja": "a0"}, razed=True, meter=3, step="act")
    assert why_not(s, "rest") == (
        f"the Ninja rests only in the City or a village (Dorasure §5.3); {ACTIONS}"
    ), "razed Belk is a road"
    held = position(quests={"g0": "labyrinth"}, at={"Ninja": "f1"}, locked={"Ninja": "g0"},
                    step="act")  # fmt: skip
    assert why_not(held, "pass") == (
        f"the Ninja is held in the labyrinth and must try it again (Dorasure §5.7); {ACTIONS}"
    )


def test_the_shaman_resting_in_a_forest_is_refused_by_the_rule_of_everyone() -> None:
    s = position(["Ninja", "Shaman"], quests=FACE_UP, at={"Shaman": "c1"}, turn="Shaman",
                 step="act")  # fmt: skip
    assert why_not(s, "rest") == (
        f"the Shaman rests only in the City or a village (Dorasure §5.3); {ACTIONS}"
    )
