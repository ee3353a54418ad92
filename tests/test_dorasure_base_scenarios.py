"""Dorasure base-game audit (second, independent): scenarios the other files miss, and an
independent model of the Adventuring Chart, the quest tiles and the battle chart, written
from the rulebook and the rulings' hero table only, compared with the engine over random
states and, for whole Climactic Battle turns, against brute-force enumeration of the faces.

Map: a0 Belk (village), a1 the Western Lake, b0/b1 roads, c0 plains, c1 forest, g0 the
mountain farthest from the City.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from itertools import product

import pytest

import boardrules as br
from boardrules.dorasure import (
    DorasureState,
    apply_move,
    chance_outcomes,
    current_player,
    position,
)
from dorasure_helpers import play, texts

FACE_UP = {"g0": "golem"}
BASE = ("Ninja", "Gladiator", "Hunter", "Prince", "Paladin")  # turn order
# Agenda codes (see _state.py): a roll, an extra die, a reward, a claw, battle/combo reading.
T_ROLL, T_EXTRA, T_REVEAL_REWARD, T_CLAW, T_SPEND = 4, 5, 7, 8, 15
P_BATTLE = 2
WON, LOST = 2, 3

# The rulings' hero table: (L1, L6) of movement, Danger plains/forest, Combat, Search and
# Knowledge; and full health.
TABLE = {
    "Gladiator": ((2, 3), (3, 4), (2, 3), (3, 6), (1, 2), (1, 1)),
    "Ninja": ((4, 5), (2, 3), (2, 3), (2, 5), (2, 3), (1, 2)),
    "Hunter": ((3, 4), (3, 4), (2, 3), (2, 5), (2, 3), (1, 1)),
    "Paladin": ((2, 3), (2, 3), (1, 2), (3, 5), (1, 2), (2, 3)),
    "Prince": ((3, 3), (2, 3), (1, 2), (2, 4), (1, 2), (2, 3)),
}
FULL = {"Gladiator": 8, "Ninja": 5, "Hunter": 5, "Paladin": 7, "Prince": 5}
SPEED, PLAINS, FOREST, COMBAT, SEARCH, KNOWLEDGE = range(6)
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


def level(xp: int) -> int:
    return sum(1 for t in (0, 1, 3, 5, 6, 8) if t <= xp)


def stat(hero: str, column: int, xp: int) -> int:
    low, high = TABLE[hero][column]
    return low + (high - low) * (level(xp) - 1) // 5


def face(s: int) -> int:
    """A die's score on the Adventuring Chart (first roll)."""
    return -1 if s == 1 else 0 if s in (2, 3) else 1


def blast(seat: int, alive: list[bool]) -> list[int]:
    """The current hero and up to two living heroes on each side, nobody twice."""
    n, out = len(alive), [seat]
    for direction in (1, -1):
        found = 0
        for step in range(1, n):
            other = (seat + direction * step) % n
            if found < 2 and alive[other] and other not in out:
                out.append(other)
                found += 1
    return sorted(out)


def read_battle(
    total: int, seat: int, health: list[int], wounds: int, combo: int | None = None
) -> tuple[list[int], int, int]:
    """The battle chart for ``total`` (``combo``: the Team Combo dice's summed modifier).
    Returns health, wounds and the claw boxes reached or passed; no resources spent."""
    health = list(health)
    claws = 0

    def hurt(targets: list[int], amount: int) -> None:
        for t in targets:
            health[t] = max(0, health[t] - amount)

    def wound(amount: int) -> None:
        nonlocal wounds, claws
        if 9 - wounds == 2:  # Final Breath
            amount = 1
        old, wounds = wounds, min(9, wounds + amount)
        claws = sum(1 for c in (3, 6, 8) if old < c <= wounds) if wounds < 9 else 0

    if total <= -1:
        health[seat] = 0
    elif total == 0:
        hurt([seat], 4)
    elif total == 1:
        hurt(blast(seat, [h > 0 for h in health]), 1)
    elif total == 2 and combo is not None:
        if combo == 0:
            hurt(blast(seat, [h > 0 for h in health]), 1)
        else:
            return read_battle(2 + combo, seat, health, wounds)
    elif total == 3:
        wound(1)
        if wounds < 9:
            hurt([seat], 1)
    elif total == 4:
        wound(1)
    else:
        wound(2)
    return health, wounds, claws


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


def new_battle_roll(s: DorasureState) -> bool:
    task = s.agenda[0]
    return (task[0] == T_ROLL and task[3] == P_BATTLE) or (task[0] == T_SPEND and task[2] == 2)


# -- movement by terrain ---------------------------------------------------------------------


def test_the_western_lake_is_shared_like_the_city_and_villages() -> None:
    s = position(
        ["Ninja", "Gladiator"],
        at={"Ninja": "b1", "Gladiator": "a1"},
        turn="Ninja",
        step="move",
        dice=[2],
        quests=FACE_UP,
    )
    assert "step 2 a1" in texts(s)
    s = play(s, "step 2 a1")
    assert texts(s) == ["stop"]


def test_razed_belk_is_a_road_where_heroes_may_not_stop_together() -> None:
    where = {"Ninja": "b0", "Gladiator": "a0"}
    village = position(
        ["Ninja", "Gladiator"], at=where, turn="Ninja", step="move", dice=[2], quests=FACE_UP
    )
    assert "step 2 a0" in texts(village)
    razed = position(
        ["Ninja", "Gladiator"],
        at=where,
        turn="Ninja",
        step="move",
        dice=[2],
        quests=FACE_UP,
        razed=True,
    )
    assert "step 2 a0" not in texts(razed)
    # With a second die she may pass through the road Belk now is, not stop on it.
    razed = position(
        ["Ninja", "Gladiator"],
        at=where,
        turn="Ninja",
        step="move",
        dice=[2, 2],
        quests=FACE_UP,
        razed=True,
    )
    s = play(razed, "step 2 a0")
    assert "stop" not in texts(s) and texts(s) == ["step 2 b0", "step 2 a1"]


ROWS = (
    "V R P F P F M",
    "L R F M P F F",
    "P R P P F R P",
    "F R P M P R M",
    "C R P F V R F",
    "C C R P F M P",
)
ENTRY = {"C": 2, "V": 2, "R": 2, "L": 2, "P": 3, "F": 5, "M": 7}  # the rulings' thresholds


def _map() -> tuple[dict[str, str], dict[str, set[str]]]:
    """Terrain and neighbours per space name, read off the rulings' map (odd-r hexes)."""

    def name(c: int, r: int) -> str:
        return "city" if ROWS[r].split()[c] == "C" else f"{chr(97 + c)}{r}"

    terrain: dict[str, str] = {}
    near: dict[str, set[str]] = defaultdict(set)
    for r, row in enumerate(ROWS):
        for c, letter in enumerate(row.split()):
            terrain[name(c, r)] = letter
            shift = r % 2
            for dc, dr in (
                (-1, 0),
                (1, 0),
                (shift - 1, -1),
                (shift, -1),
                (shift - 1, 1),
                (shift, 1),
            ):
                if 0 <= c + dc < 7 and 0 <= r + dr < 6:
                    near[name(c, r)].add(name(c + dc, r + dr))
    for n in near:
        near[n].discard(n)
    return terrain, near


def _steps(here: str, dice: list[int], others: list[str], razed: bool) -> set[str]:
    """The rulebook's movement: one die a step meeting the terrain, 1s void, through other
    heroes but never stopping on them (City, villages and the Lake excepted)."""
    terrain, near = _map()
    if razed:
        terrain["a0"] = "R"
    blocked = {o for o in others if terrain[o] not in "CVL"}

    def leaves(at: str, left: list[int]) -> bool:
        return at not in blocked or any(
            ENTRY[terrain[n]] <= v and leaves(n, left[:i] + left[i + 1 :])
            for i, v in enumerate(left)
            for n in near[at]
        )

    out = {
        f"step {v} {n}"
        for i, v in enumerate(dice)
        for n in near[here]
        if max(2, ENTRY[terrain[n]]) <= v and leaves(n, dice[:i] + dice[i + 1 :])
    }
    return out | {"stop"} if here not in blocked or not out else out


@pytest.mark.slow
def test_movement_steps_agree_with_an_independent_model_over_random_positions() -> None:
    rng = random.Random(5)
    spaces = [n for n, t in _map()[0].items() if t != "M"]
    checked = 0
    while checked < 400:
        heroes = list(BASE[: rng.randint(2, 5)])
        at = {h: rng.choice(spaces) for h in heroes}
        mover, razed = rng.choice(heroes), rng.random() < 0.3
        dice = sorted(rng.randint(1, 6) for _ in range(rng.randint(1, 5)))
        try:
            s = position(
                heroes, at=at, turn=mover, step="move", dice=dice, razed=razed, quests=FACE_UP
            )
        except br.StateFormatError:  # two heroes stopped on one space: not a position
            continue
        others = [at[h] for h in heroes if h != mover]
        assert set(texts(s)) == _steps(at[mover], dice, others, razed), (at, mover, dice)
        checked += 1


def test_a_one_and_a_void_die_never_enter_even_a_road() -> None:
    s = position(
        ["Ninja", "Gladiator"],
        at={"Ninja": "b0"},
        turn="Ninja",
        step="move",
        dice=[1, 1],
        quests=FACE_UP,
    )
    assert texts(s) == ["stop"]


def test_meter_filled_exactly_from_thirteen_rampages_twice_then_the_roller_fights() -> None:
    s = position(["Ninja", "Gladiator"], meter=13, turn="Gladiator", quests=FACE_UP)
    s = play(s, "roll 2 6")
    assert s.meter == 14 and [t[0] for t in s.agenda[:3]] == [1, 1, 28]
    s = play(s, "rampage 3", "rampage 3")
    combat = stat("Gladiator", COMBAT, 0)
    assert s.phase == 1 and s.turn == 1 and s.health == (3, 6)
    assert s.agenda[0] == (T_ROLL, 1, combat, P_BATTLE)  # no movement after the battle began


# -- quests and deaths -------------------------------------------------------------------------


def test_a_hero_held_in_the_labyrinth_still_rolls_and_its_sixes_move_the_meter() -> None:
    s = position(
        ["Ninja", "Gladiator"],
        at={"Ninja": "f0"},
        locked={"Ninja": "g0"},
        quests={"g0": "labyrinth"},
        flags={"g0": 1},
        turn="Ninja",
    )
    s = play(s, "roll 2 5 6 6")
    assert s.meter == 2 and texts(s) == ["stop"]
    assert texts(play(s, "stop")) == ["quest g0"]


def test_golem_start_damage_killing_two_participants_calls_one_survival_roll() -> None:
    s = position(
        ["Ninja", "Gladiator", "Hunter"],
        at={"Ninja": "f0", "Gladiator": "f1"},
        health={"Ninja": 1, "Gladiator": 1},
        turn="Ninja",
        step="act",
        quests=FACE_UP,
        resource={"Ninja": 0, "Hunter": 0},
    )
    s = play(s, "quest g0", "ask Gladiator", "agree")
    assert s.health == (0, 0, 5)
    assert {str(m): p for m, p in chance_outcomes(s)} == {
        "survival saved": 1 - Fraction(5, 6) ** 3,
        "survival lost": Fraction(5, 6) ** 3,
    }
    s = play(s, "survival saved")
    # Both saved to the City at full health; the quest is abandoned, the turn passes.
    assert s.health == (5, 8, 5) and s.turn == 1 and s.xp == (0, 0, 0)
    assert all(s.rules.board.names[p] == "city" for p in s.pos)


def test_a_quest_finished_alone_after_the_assistant_was_saved_away_gives_two_exp() -> None:
    # Interpretation: the Gladiator died to the golem as the quest began and was saved to
    # the City, so she never rolled; the Ninja solved it alone and gains the lone 2 EXP.
    s = position(
        ["Ninja", "Gladiator"],
        at={"Ninja": "f0", "Gladiator": "f1"},
        health={"Gladiator": 1},
        turn="Ninja",
        step="act",
        quests=FACE_UP,
        resource={"Ninja": 0},
    )
    s = play(s, "quest g0", "ask Gladiator", "agree", "survival saved")
    assert s.health == (4, 8) and s.rules.board.names[s.pos[1]] == "city"
    s = play(s, "dice +6", "extra +")  # 3: the golem is beaten
    assert s.xp == (2, 0) and texts(s)[0] == "reward lair"


def test_head_on_strike_hurts_the_hero_before_the_retaliation_it_triggers() -> None:
    # Interpretation, in the chart's order: "Current Hero takes 1 Health damage. Dragon
    # takes 1 damage." The Paladin dies of the strike; the blast then finds the two living
    # heroes on each side of her, four targets.
    s = position(
        BASE,
        step="battle",
        quests=FACE_UP,
        turn="Paladin",
        wounds=2,
        health={"Paladin": 1},
        resource={h: 0 for h in BASE if h != "Gladiator"},
        gold={"Prince": 0},
    )
    s = play(s, "dice +++")
    assert s.wounds == 3 and s.health == (5, 8, 5, 5, 0) and s.phase == 1
    s = play(s, "claw blast")
    assert s.health == (4, 7, 4, 4, 0) and s.turn == 0


# -- exact probabilities against brute force ------------------------------------------------


def test_critical_slash_among_five_heroes_matches_brute_force() -> None:
    s = position(
        BASE,
        step="battle",
        quests=FACE_UP,
        turn="Paladin",
        wounds=2,
        resource={h: 0 for h in BASE if h != "Gladiator"},
        gold={"Prince": 0},
    )
    s = play(s, "dice +++", "claw slash")  # 3: Head-on Strike onto the claw box at 3
    assert s.wounds == 3 and s.health[4] == 6
    engine = {m.a: p for m, p in chance_outcomes(s)}
    brute: dict[int, Fraction] = defaultdict(Fraction)
    for faces in product(range(1, 7), repeat=5):
        low = min(faces)
        brute[sum(1 << i for i, f in enumerate(faces) if f == low)] += Fraction(1, 6**5)
    assert engine == brute


def _battle_turn_by_engine(s: DorasureState, depth: int) -> dict[object, Fraction]:
    """Walk every chance branch of one battle turn; extra dice beyond ``depth`` lumped."""
    out: dict[object, Fraction] = defaultdict(Fraction)
    seat = s.turn

    def walk(st: DorasureState, p: Fraction, extras: int) -> None:
        if (
            st.phase >= WON
            or st.agenda[0][0] == T_CLAW
            or st.turn != seat
            or (extras >= 0 and new_battle_roll(st))
        ):
            claws = sum(1 for t in st.agenda if t[0] == T_CLAW) if st.phase < WON else 0
            out[(st.phase, st.wounds, st.health, claws)] += p
            return
        assert current_player(st) == br.CHANCE, texts(st)
        if st.agenda[0][0] == T_EXTRA and extras == depth:
            out["deeper"] += p
            return
        step = 1 if st.agenda[0][0] == T_EXTRA else 0
        for m, q in chance_outcomes(st):
            walk(apply_move(st, m), p * q, max(extras, 0) + step)

    walk(s, Fraction(1), -1)
    return out


def _battle_turn_by_faces(
    dice: int, seat: int, health: list[int], wounds: int, depth: int
) -> dict[object, Fraction]:
    out: dict[object, Fraction] = defaultdict(Fraction)

    def record(total: int, p: Fraction) -> None:
        if total == 2:
            team = blast(seat, [h > 0 for h in health])
            for faces in product(range(1, 7), repeat=len(team)):
                record_read(total, p / 6 ** len(team), sum(face(f) for f in faces))
        else:
            record_read(total, p, None)

    def record_read(total: int, p: Fraction, combo: int | None) -> None:
        after, wounded, claws = read_battle(total, seat, health, wounds, combo)
        phase = WON if wounded >= 9 else LOST if not any(after) else 1
        out[(phase, wounded, tuple(after), claws)] += p

    def chain(total: int, sixes: int, p: Fraction, extras: int) -> None:
        if not sixes:
            record(total, p)
        elif extras == depth:
            out["deeper"] += p
        else:
            for f in range(1, 7):
                chain(total + (-1 if f == 1 else 1), sixes - 1 + (f == 6), p / 6, extras + 1)

    for faces in product(range(1, 7), repeat=dice):
        chain(sum(face(f) for f in faces), faces.count(6), Fraction(1, 6**dice), 0)
    return out


@pytest.mark.slow
def test_climactic_battle_turn_distribution_matches_brute_force() -> None:
    for wounds, health, turn in (
        (6, (1, 3, 2, 1, 4), "Hunter"),  # Final Breath after a 3-, 4- or 5+ wound
        (7, (3, 0, 1, 2, 1), "Paladin"),  # claw box 8; Team Combo of four living heroes
        (1, (0, 2, 0, 0, 4), "Paladin"),  # two heroes left; claw box 3
    ):
        s = position(
            BASE,
            health=dict(zip(BASE, health, strict=True)),
            wounds=wounds,
            turn=turn,
            step="battle",
            quests=FACE_UP,
            resource={h: 0 for h in BASE if h != "Gladiator"},
            gold={"Prince": 0},
        )
        engine = _battle_turn_by_engine(s, depth=3)
        faces = _battle_turn_by_faces(
            stat(turn, COMBAT, 0), BASE.index(turn), list(health), wounds, depth=3
        )
        assert sum(engine.values()) == 1
        assert dict(engine) == dict(faces)


# -- an independent model over random states -------------------------------------------------


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
        quests=FACE_UP,
        solved={"g0": "weapons"} if weapons else {},
        **_no_resources(heroes),  # type: ignore[arg-type]
    )
    seat = heroes.index(turn)
    assert s.agenda[0] == (T_ROLL, seat, stat(turn, COMBAT, xp[turn]) + weapons, P_BATTLE)
    log: list[str] = []
    s = drive(
        s,
        rng,
        lambda st: (
            st.agenda[0][0] == T_CLAW or st.turn != seat or (bool(log) and new_battle_roll(st))
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
    assert sum(1 for t in s.agenda if t[0] == T_CLAW) == claws
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
        quests=FACE_UP,
        **_no_resources(heroes),  # type: ignore[arg-type]
    )
    s = play(s, "adventure")
    seat = heroes.index(hero)
    assert s.agenda[0] == (T_ROLL, seat, stat(hero, FOREST if forest else PLAINS, xp[hero]), 0)
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
    s = drive(s, rng, lambda st: st.turn != seat or st.agenda[0][0] == T_REVEAL_REWARD, log)
    # Every participant rolls his own attribute dice, the questing hero first.
    sizes = [len(t) - 5 for t in log if t.startswith("dice")]
    assert sizes == [stat(heroes[p], column, xp[heroes[p]]) for p in party], (slug, log)
    total, exp = scored(log), [xp[h] for h in heroes]
    m = s.rules.board.mountains.index(s.rules.board.index[mountain])
    if total + flags >= target:
        gain = 2 if len(party) == 1 else 1
        for p in party:
            exp[p] = min(8, exp[p] + gain)
        assert s.agenda[0][:3] == (T_REVEAL_REWARD, seat, m)
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


@pytest.mark.slow
def test_adventure_quest_and_battle_agree_with_an_independent_model() -> None:
    rng = random.Random(20261129)
    for _ in range(300):
        _battle_trial(rng)
        _adventure_trial(rng)
        _quest_trial(rng)
