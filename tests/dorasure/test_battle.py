"""Dorasure §7 The Climactic Battle: the battle chart (§7.1), Team Combo (§7.2), swords, claw
boxes and Retaliation (§7.3), Final Breath (§7.4).

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product

import pytest

import boardrules as br
from boardrules.dorasure import (
    DorasureState,
    RollOff,
    apply_move,
    chance_outcomes,
    current_player,
    position,
)
from boardrules.dorasure._state import Purpose
from boardrules.dorasure.tasks.battle import Claw
from boardrules.dorasure.tasks.damage import Absorb
from boardrules.dorasure.tasks.rolls import Extra, Roll
from dorasure_helpers import (
    BASE,
    COMBAT,
    FACE_UP,
    GOLEM_UP,
    LOST,
    SIX,
    WON,
    battle,
    blast,
    new_battle_roll,
    odds,
    play,
    read_battle,
    stat,
    texts,
)


def face(s: int) -> int:
    """A die's score on the Adventuring Chart (first roll)."""
    return -1 if s == 1 else 0 if s in (2, 3) else 1


def _battle_turn_by_engine(s: DorasureState, depth: int) -> dict[object, Fraction]:
    """Walk every chance branch of one battle turn; extra dice beyond ``depth`` lumped."""
    out: dict[object, Fraction] = defaultdict(Fraction)
    seat = s.turn

    def walk(st: DorasureState, p: Fraction, extras: int) -> None:
        if (
            st.phase >= WON
            or isinstance(st.agenda[0], Claw)
            or st.turn != seat
            or (extras >= 0 and new_battle_roll(st))
        ):
            claws = sum(1 for t in st.agenda if isinstance(t, Claw)) if st.phase < WON else 0
            out[(st.phase, st.wounds, st.health, claws)] += p
            return
        assert current_player(st) == br.CHANCE, texts(st)
        if isinstance(st.agenda[0], Extra) and extras == depth:
            out["deeper"] += p
            return
        step = 1 if isinstance(st.agenda[0], Extra) else 0
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


def test_battle_rolls_combat_dice() -> None:
    assert len(texts(battle())) == 10, "Ninja combat 2 at level 1"
    assert len(texts(battle(turn="Gladiator"))) == 20, "Gladiator combat 3"


def test_battle_minus_one_or_lower_is_instant_death_without_paying_resources() -> None:
    s = battle(resource={"Ninja": 2})
    s = play(s, "spend 0", "dice --")
    assert s.health == (0, 8) and s.resource[0] == 2
    assert s.turn == 1 and not br.is_terminal(s)


def test_battle_zero_barrage_of_claws_four_damage() -> None:
    assert play(battle(), "dice -+").health == (1, 8)


def test_battle_one_blasts_the_hero_and_two_living_heroes_each_side() -> None:
    heroes = ("Ninja", "Gladiator", "Hunter", "Prince", "Paladin")
    broke = {"Hunter": 0, "Prince": 0, "Paladin": 0}
    s = play(battle(heroes, turn="Hunter", resource=broke, gold={"Prince": 0}), "dice 0+")
    assert s.health == (4, 7, 4, 4, 6)
    s = battle(heroes, health={"Gladiator": 0}, resource=broke, gold={"Prince": 0})
    s = play(s, "dice 0+")
    assert s.health == (4, 0, 4, 4, 6)


def test_battle_two_team_combo_still_two_hurts_every_participant() -> None:
    s = play(battle(), "dice ++")
    assert len(texts(s)) == 10, "one die per participant: two heroes"
    assert play(s, "dice 00").health == (4, 7)


def test_battle_two_team_combo_still_two_hurts_only_the_heroes_of_the_team() -> None:
    # Six heroes: the Ninja's team is him and two heroes on each side; the Hunter, seat 3
    # across the table, takes no part and no damage.
    s = battle(SIX, resource=dict.fromkeys(SIX, 0), gold={"Prince": 0})
    s = play(s, "dice ++")
    assert s.party == 0b110111 and s.agenda[0] == Roll(0, 5, Purpose.COMBO)
    assert play(s, "dice 00000").health == (4, 7, 5, 5, 4, 6)


def test_battle_two_team_combo_new_total_is_read_on_the_chart() -> None:
    s = play(battle(), "dice ++")
    assert play(s, "dice ++").wounds == 1, "2 + 2 = 4: attack from behind"
    assert play(s, "dice --").health == (1, 8), "2 - 2 = 0: claws"
    s = play(s, "dice 66")
    assert s.wounds == 1, "2 + 1 + 1 = 4; a 6 adds its +1 but rolls no extra die"
    s = battle(("Ninja", "Gladiator", "Hunter"), resource={"Hunter": 0})
    s = play(s, "dice ++", "dice ++6")
    assert s.wounds == 2, "2 + 3 = 5: overkill"


def test_ruling_team_combo_six_gives_plus_one_and_no_extra_die() -> None:
    s = position(("Ninja", "Gladiator"), quests=FACE_UP, step="battle")
    s = play(s, "dice ++", "dice 66")  # 2 + 1 + 1 = 4: attack from behind
    assert s.wounds == 1 and "extra" not in " ".join(texts(s))


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


#: Team Combo positions with the Vampire: seats Ninja 0, Gladiator 1, Vampire 2 (five heroes
#: at most take part, so all three do while they live).
_TRIO = ("Ninja", "Gladiator", "Vampire")


def test_team_combo_blood_magic_ruling_vampire_in_turn_pays_only_her_own_die() -> None:
    # §7.2 and the Blood Magic ruling: only a 1 on her own Team Combo die costs her Blood
    # (or health without Blood), never the 1s of the others' dice.  She is in turn and lives;
    # Thirst for Blood leaves her 3 Combat dice at level 6 with no Blood.
    s = battle(_TRIO, turn="Vampire", xp={"Vampire": 8}, resource={"Ninja": 0, "Vampire": 0})
    s = play(s, "dice 0++")  # 0 + 1 + 1 = 2: Team Combo
    assert s.agenda[0] == Roll(0, 2, Purpose.COMBO), "the others' two dice, by the Ninja"
    s = play(s, "dice -+")  # the Ninja's or the Gladiator's 1
    assert (s.resource[2], s.health[2]) == (0, 5), "their 1 costs her nothing"
    assert s.agenda[0] == Roll(2, 1, Purpose.COMBO), "her own die, apart"
    s = play(s, "dice +")  # 2 - 1 + 1 + 1 = 3: Head-on Strike on her, the one in turn
    assert (s.health, s.resource[2], s.wounds) == ((5, 8, 4), 0, 1)
    s = battle(_TRIO, turn="Vampire", resource={"Ninja": 0, "Vampire": 2})
    s = play(s, "spend 0", "dice 0++", "dice --", "dice -")  # 2 - 2 - 1 = -1
    assert s.resource[2] == 1, "her own 1 costs 1 Blood, the others' two 1s nothing"
    assert s.health == (5, 8, 0), "-1: instant death of the hero in turn, Blood unpaid"


def test_team_combo_blood_magic_ruling_vampire_taking_part_pays_only_her_own_die() -> None:
    # §7.2 and the Blood Magic ruling, the Vampire taking part in the Ninja's Team Combo.
    s = battle(_TRIO, resource={"Ninja": 0, "Vampire": 0})
    s = play(s, "dice ++", "dice --")  # the Ninja's and the Gladiator's 1s
    assert (s.resource[2], s.health[2]) == (0, 5), "with no Blood, no health lost either"
    s = play(s, "dice 6")  # 2 - 2 + 1 = 1: the blast hurts the three
    assert s.health == (4, 7, 4) and s.resource[2] == 0
    s = battle(_TRIO, resource={"Ninja": 0, "Vampire": 2})
    s = play(s, "dice ++", "dice -+", "dice -")  # 2 - 1 + 1 - 1 = 1: the blast
    assert s.resource[2] == 1, "her own 1 costs 1 Blood, the other's 1 nothing"
    assert s.health == (4, 7, 5) and s.agenda[0] == Absorb(2, 1), "she may pay her blast"


def _vampire_dead_of_her_attack(wounds: int = 0, dead: tuple[str, ...] = ()) -> DorasureState:
    """The Vampire in turn with no Blood and 1 health rolls a 1 in her attack: Blood Magic
    kills her (seats as in ``_TRIO``; the heroes ``dead`` are dead already), and her roll,
    still read, scores 2."""
    s = battle(
        _TRIO,
        turn="Vampire",
        xp={"Vampire": 8},
        resource={"Ninja": 0, "Vampire": 0},
        health={"Vampire": 1, **{h: 0 for h in dead}},
        wounds=wounds,
    )
    return play(s, "dice -+6", "extra +")  # -1 + 1 + 1 + 1 = 2


def test_team_combo_blood_magic_ruling_a_dead_vampire_in_turn_takes_no_part() -> None:
    # §7.2 "Current Hero and 2 other living Heroes": the Vampire died of Blood Magic on her
    # own attack, which is still read.  She rolls no Team Combo die: the two living heroes
    # roll theirs (the Ninja for both), and their 1s are not hers.
    s = _vampire_dead_of_her_attack()
    assert s.health == (5, 8, 0) and s.party == 0b011
    assert s.agenda[0] == Roll(0, 2, Purpose.COMBO), "the team's dice, rolled by one of them"
    still_two = play(s, "dice 00")  # still 2: every participant takes 1, not the dead
    assert still_two.health == (4, 7, 0) and still_two.resource == (0, 0, 0)
    assert play(s, "dice -0").health == (4, 7, 0), "2 - 1 = 1: the blast finds the living"
    assert play(s, "dice --").health == (5, 8, 0), "0: the claws find her dead"


def test_team_combo_of_a_dead_vampire_in_turn_still_slays_the_dragon() -> None:
    # §7.2, §7.4: the team of the dead Vampire wounds the dragon for its last health: the
    # heroes win, every seat's return is 1.
    s = play(_vampire_dead_of_her_attack(wounds=8), "dice ++")  # 2 + 2 = 4
    assert s.phase == WON and s.health == (5, 8, 0)
    assert br.returns(s) == (1.0, 1.0, 1.0)
    lost = _vampire_dead_of_her_attack(dead=("Ninja", "Gladiator"))
    assert lost.phase == LOST, "nobody lives to take part: still 2, the battle is lost"
    assert br.returns(lost) == (0.0, 0.0, 0.0)


def test_battle_three_head_on_strike_hero_takes_one_dragon_takes_one() -> None:
    s = play(battle(turn="Gladiator"), "dice +++")
    assert s.health == (5, 7) and s.wounds == 1


def test_battle_extra_die_two_or_three_makes_a_head_on_strike() -> None:
    s = play(battle(turn="Gladiator"), "dice 0+6", "extra 0")
    assert s.wounds == 1 and s.health == (5, 7), "0 + 1 + 1 + 1 = 3"


def test_head_on_strike_hurts_the_hero_before_the_retaliation_it_triggers() -> None:
    # Interpretation, in the chart's order: "Current Hero takes 1 Health damage. Dragon
    # takes 1 damage." The Paladin dies of the strike; the blast then finds the two living
    # heroes on each side of her, four targets.
    s = position(
        BASE,
        step="battle",
        quests=GOLEM_UP,
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


def test_battle_four_attack_from_behind_dragon_takes_one() -> None:
    s = play(battle(turn="Gladiator"), "dice ++6", "extra +")
    assert s.health == (5, 8) and s.wounds == 1


def test_battle_five_or_more_flanking_overkill_dragon_takes_two() -> None:
    s = play(battle(turn="Gladiator"), "dice +66", "extra +", "extra +")
    assert s.wounds == 2 and s.turn == 0


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
            quests=GOLEM_UP,
            resource={h: 0 for h in BASE if h != "Gladiator"},
            gold={"Prince": 0},
        )
        engine = _battle_turn_by_engine(s, depth=3)
        faces = _battle_turn_by_faces(
            stat(turn, COMBAT, 0), BASE.index(turn), list(health), wounds, depth=3
        )
        assert sum(engine.values()) == 1
        assert dict(engine) == dict(faces)


def test_sword_on_a_claw_box_triggers_a_retaliation() -> None:
    s = play(battle(turn="Gladiator", wounds=2), "dice ++6", "extra +")
    assert s.wounds == 3
    assert [(str(m), p) for m, p in chance_outcomes(s)] == [
        ("claw miss", Fraction(1, 6)),
        ("claw blast", Fraction(1, 3)),
        ("claw slash", Fraction(1, 2)),
    ]


def test_swords_passing_a_claw_box_still_retaliate() -> None:
    s = play(battle(turn="Gladiator", wounds=2), "dice +66", "extra +", "extra +")
    assert s.wounds == 4 and texts(s)[0] == "claw miss"


def test_retaliation_1_missed_claw_strike_hurts_no_one() -> None:
    s = play(battle(turn="Gladiator", wounds=2), "dice ++6", "extra +", "claw miss")
    assert s.health == (5, 8) and s.turn == 0


def test_retaliation_2_3_blasts_the_hero_and_two_each_side() -> None:
    s = play(battle(turn="Gladiator", wounds=2), "dice ++6", "extra +", "claw blast")
    assert s.health == (4, 7)


def test_retaliation_4_6_critical_slash_lowest_roll_takes_two() -> None:
    s = play(battle(turn="Gladiator", wounds=2), "dice ++6", "extra +", "claw slash")
    assert texts(s) == ["lowest Ninja", "lowest Gladiator", "lowest Ninja+Gladiator"]
    assert play(s, "lowest Gladiator").health == (5, 6)


def test_critical_slash_among_five_heroes_matches_brute_force() -> None:
    s = position(
        BASE,
        step="battle",
        quests=GOLEM_UP,
        turn="Paladin",
        wounds=2,
        resource={h: 0 for h in BASE if h != "Gladiator"},
        gold={"Prince": 0},
    )
    s = play(s, "dice +++", "claw slash")  # 3: Head-on Strike onto the claw box at 3
    assert s.wounds == 3 and s.health[4] == 6
    engine = {
        sum(1 << seat for seat in m.seats): p
        for m, p in chance_outcomes(s)
        if isinstance(m, RollOff)
    }
    brute: dict[int, Fraction] = defaultdict(Fraction)
    for faces in product(range(1, 7), repeat=5):
        low = min(faces)
        brute[sum(1 << i for i, f in enumerate(faces) if f == low)] += Fraction(1, 6**5)
    assert engine == brute


def test_final_breath_two_damage_at_two_health_deals_only_one() -> None:
    s = play(battle(turn="Gladiator", wounds=7), "dice +66", "extra +", "extra +")
    assert s.wounds == 8 and not br.is_terminal(s)
    assert texts(s)[0] == "claw miss", "the box at 8 swords still retaliates"


def test_final_breath_only_at_two_health_left() -> None:
    s = play(battle(turn="Gladiator", wounds=6), "dice ++6", "extra 6", "extra +")
    assert s.wounds == 8, "3 left: 2 damage is dealt in full (and crosses the claw box 8)"
    s = play(battle(turn="Gladiator", wounds=7), "dice ++6", "extra 6", "extra +")
    assert s.wounds == 8, "2 left: the Final Breath leaves it 1"
