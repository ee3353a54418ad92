"""Dorasure's state graphs are finite: the running score of a roll saturates at the highest
value that can still change the chart's reading (see ``_score``), so a chain of 6s comes back
to the same state instead of a new one at every die.

The saturation must not change any outcome.  The rulebook's roll (every 6 adds a die, a 6
of an extra die yet another, without limit) is modelled here in closed form, independently
of the engine: the contribution of one die with its whole chain of extra dice is -1 (a 1),
0 (a 2 or 3), +1 (a 4 or 5), or for a 6 ``j`` (``j`` more 6s, then a 1) or ``j + 2`` (``j``
more 6s, then 2-5).  The engine's graphs are solved exactly (their only cycles are the
chains' self-loops) and compared with that model: per roll, and for the win probability of a
whole Climactic Battle.
"""

from __future__ import annotations

import json
from collections import defaultdict, deque
from collections.abc import Callable, Hashable
from fractions import Fraction
from functools import cache

import boardrules as br
from boardrules.dorasure import (
    DorasureState,
    apply_move,
    chance_outcomes,
    current_player,
    legal_moves,
    position,
)
from boardrules.dorasure._state import Purpose
from boardrules.dorasure.tasks.quests import QuestEnd
from boardrules.dorasure.tasks.rolls import Extra
from dorasure_helpers import FACE_UP, LOST, WON, play, texts

SIXTH = Fraction(1, 6)


def die_contribution(c: int) -> Fraction:
    """P(one die of a roll, with its whole chain of extra dice, adds ``c`` to the score)."""
    p = Fraction(0)
    if c == -1:
        p += SIXTH  # a 1
    if c == 0:
        p += 2 * SIXTH  # a 2 or 3
    if c == 1:
        p += 2 * SIXTH  # a 4 or 5
    if c >= 0:
        p += SIXTH * SIXTH**c * SIXTH  # a 6, c more 6s, then a 1
    if c >= 2:
        p += SIXTH * SIXTH ** (c - 2) * 4 * SIXTH  # a 6, c - 2 more 6s, then 2-5
    return p


def roll_reading(dice: int, top: int) -> dict[int, Fraction]:
    """The score of ``dice`` dice, every score from ``top`` up lumped into ``top``.

    A die adds at least -1, so a partial total above ``top - 1`` plus the dice still to roll
    can no more end below ``top``: only the totals that can are followed exactly."""
    below: dict[int, Fraction] = {0: Fraction(1)}
    for rolled in range(1, dice + 1):
        highest = top - 1 + dice - rolled
        nxt: defaultdict[int, Fraction] = defaultdict(Fraction)
        for total, p in below.items():
            for c in range(-1, highest - total + 1):
                nxt[total + c] += p * die_contribution(c)
        below = nxt
    out = {v: p for v, p in below.items() if v < top}
    out[top] = 1 - sum(out.values(), Fraction(0))
    return out


def reachable(s: DorasureState, limit: int) -> set[DorasureState]:
    """Every state reachable from ``s`` (decisions and chance), at most ``limit``."""
    seen = {s}
    todo = deque([s])
    while todo:
        st = todo.popleft()
        for m in legal_moves(st):
            child = apply_move(st, m)
            if child not in seen:
                seen.add(child)
                assert len(seen) <= limit, "the reachable graph is larger than expected"
                todo.append(child)
    return seen


def solve(
    s: DorasureState, stop: Callable[[DorasureState], Hashable | None]
) -> dict[Hashable, Fraction]:
    """The exact distribution of ``stop``'s first non-None answer along the chance moves
    from ``s``.  A state reached again while it is being solved must be a self-loop (a chain
    of 6s at the saturated score); any other cycle fails the test."""
    memo: dict[DorasureState, dict[Hashable, Fraction]] = {}
    busy: set[DorasureState] = set()

    def walk(st: DorasureState) -> dict[Hashable, Fraction]:
        key = stop(st)
        if key is not None:
            return {key: Fraction(1)}
        if st in memo:
            return memo[st]
        assert st not in busy, "a cycle other than a self-loop"
        assert current_player(st) == br.CHANCE, [str(m) for m in legal_moves(st)]
        busy.add(st)
        out: defaultdict[Hashable, Fraction] = defaultdict(Fraction)
        again = Fraction(0)
        for m, p in chance_outcomes(st):
            child = apply_move(st, m)
            if child == st:
                again += p
                continue
            for k, q in walk(child).items():
                out[k] += p * q
        busy.discard(st)
        memo[st] = {k: v / (1 - again) for k, v in out.items()}
        return memo[st]

    return walk(s)


def _battle_key(seat: int) -> Callable[[DorasureState], Hashable | None]:
    """The first state after the reading of ``seat``'s battle roll, told by its effects."""

    def stop(st: DorasureState) -> Hashable | None:
        if st.phase >= WON or st.turn != seat or st.agenda[0][0] == 8:  # 8: a claw roll
            return (st.phase, st.wounds, st.health)
        return None

    return stop


def _face(f: int) -> int:
    return -1 if f == 1 else 0 if f <= 3 else 1


def _chart(total: int | str) -> Hashable:
    """The Gladiator (seat 1, health 8) beside the Ninja (health 5), wounds 0."""
    if total == "combo":
        return (1, 0, (4, 7))
    assert isinstance(total, int)
    if total <= -1:
        return (1, 0, (5, 0))
    return {0: (1, 0, (5, 4)), 1: (1, 0, (4, 7)), 3: (1, 1, (5, 7)), 4: (1, 1, (5, 8))}.get(
        total, (1, 2, (5, 8))
    )


DRAGON = 9


CLAWS = (3, 6, 8)


COMBAT = {"Ninja": 2, "Gladiator": 3}  # at level 1


@cache
def _battle_win(wounds: int, health: tuple[int, int], seat: int) -> Fraction:
    """The heroes' chance to win the battle, ``seat`` to roll: the rulebook's chart, the
    Retaliation Chart, Final Breath and Team Combo, written apart from the engine."""
    dice = COMBAT[("Ninja", "Gladiator")[seat]]
    win = Fraction(0)
    for total, p in roll_reading(dice, 5).items():
        if total == 2:
            team = [q for q in (0, 1) if health[q] > 0]
            for faces in _faces(len(team)):
                combo = 2 + sum(_face(f) for f in faces)
                win += p / 6 ** len(team) * _after_reading(combo, wounds, health, seat, combo=True)
        else:
            win += p * _after_reading(total, wounds, health, seat, combo=False)
    return win


def _faces(n: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for _ in range(n):
        out = [(*f, x) for f in out for x in range(1, 7)]
    return out


def _hurt(health: tuple[int, ...], amounts: dict[int, int]) -> tuple[int, int]:
    a, b = (max(0, h - amounts.get(q, 0)) for q, h in enumerate(health))
    return a, b


def _after_reading(
    total: int, wounds: int, health: tuple[int, int], seat: int, combo: bool
) -> Fraction:
    living = [q for q in (0, 1) if health[q] > 0]
    if total <= -1:
        health = _hurt(health, {seat: 99})
    elif total == 0:
        health = _hurt(health, {seat: 4})
    elif total == 1 or (total == 2 and combo):
        health = _hurt(health, dict.fromkeys(living, 1))
    elif total >= 3:
        amount = 1 if total in (3, 4) else 2
        if DRAGON - wounds == 2:
            amount = 1  # Final Breath
        old, wounds = wounds, min(DRAGON, wounds + amount)
        if wounds >= DRAGON:
            return Fraction(1)
        if total == 3:
            health = _hurt(health, {seat: 1})  # Head-on Strike, before any Retaliation
        return _claws([c for c in CLAWS if old < c <= wounds], wounds, health, seat)
    return _claws([], wounds, health, seat)


def _claws(claws: list[int], wounds: int, health: tuple[int, int], seat: int) -> Fraction:
    if not any(health):
        return Fraction(0)
    if not claws:
        nxt = next((seat + k) % 2 for k in (1, 2) if health[(seat + k) % 2] > 0)
        return _battle_win(wounds, health, nxt)
    rest = claws[1:]
    living = [q for q in (0, 1) if health[q] > 0]
    win = SIXTH * _claws(rest, wounds, health, seat)  # a miss
    win += 2 * SIXTH * _claws(rest, wounds, _hurt(health, dict.fromkeys(living, 1)), seat)
    # A slash: the heroes tied for the lowest die take 2 each.
    for faces in _faces(len(living)):
        low = min(faces)
        hit = {q: 2 for q, f in zip(living, faces, strict=True) if f == low}
        win += 3 * SIXTH / 6 ** len(living) * _claws(rest, wounds, _hurt(health, hit), seat)
    return win


def test_the_closed_form_of_one_die_sums_to_one() -> None:
    assert sum(die_contribution(c) for c in range(-1, 60)) > 1 - SIXTH**58
    assert roll_reading(1, 99)[99] < SIXTH**90
    assert sum(roll_reading(3, 5).values()) == 1


def test_a_chain_of_300_extra_sixes_comes_back_to_one_state() -> None:
    s = position(("Ninja", "Gladiator"), quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    s = play(s, "adventure", "dice 66")
    seen = set()
    for _ in range(300):
        s = play(s, "extra 6")
        seen.add(s)
    assert len(seen) == 2, "score 3 then the cap 4 (2 or more, with 2 dice still to come)"
    assert s.score == 4 and s.pending == 2 and s.roll == (0, 0, 0, 0)


def test_a_low_health_climactic_battle_has_a_finite_reachable_graph() -> None:
    s = position(
        ("Ninja", "Gladiator"),
        step="battle",
        quests=FACE_UP,
        health={"Ninja": 2, "Gladiator": 2},
        wounds=5,
        resource={"Ninja": 1},
    )
    states = reachable(s, limit=20_000)
    ends = [st for st in states if not legal_moves(st)]
    assert ends and all(st.phase in (WON, LOST) for st in ends)
    assert len(states) < 20_000


def test_a_score_that_nothing_reads_is_zero() -> None:
    s = position(
        ("Ninja", "Gladiator"),
        quests=FACE_UP,
        at={"Ninja": "c1"},
        step="act",
        resource={"Ninja": 0},
    )
    s = play(s, "adventure", "dice ++")  # 2: 1 EXP; the turn passes
    assert s.xp[0] == 1 and s.turn == 1
    assert (s.score, s.pending, s.roll) == (0, 0, (0, 0, 0, 0))


def test_battle_roll_readings_match_the_unbounded_chain_for_one_to_six_dice() -> None:
    # Wounds 0: no claw box is reached; the Gladiator's Combat is 3 at level 1, 6 at 6.
    for xp, weapons in ((0, False), (0, True), (3, False), (5, True), (8, False), (8, True)):
        s = position(
            ("Ninja", "Gladiator"),
            step="battle",
            quests=FACE_UP,
            turn="Gladiator",
            xp={"Gladiator": xp},
            health={"Ninja": 5},
            solved={"g0": "weapons"} if weapons else {},
        )
        dice = s.agenda[0][2]
        got = solve(s, _battle_key(1))
        want: defaultdict[Hashable, Fraction] = defaultdict(Fraction)
        for total, p in roll_reading(dice, 5).items():
            if total == 2:
                # Team Combo: one die each, the modifier only; still 2 hurts both.
                for a in range(1, 7):
                    for b in range(1, 7):
                        combo = 2 + _face(a) + _face(b)
                        want[_chart(combo if combo != 2 else "combo")] += p / 36
            else:
                want[_chart(total)] += p
        assert got == dict(want), (xp, weapons, dice)


def test_the_grand_master_at_level_six_reads_four_like_five() -> None:
    s = position(
        ("Grand Master",),
        step="battle",
        quests=FACE_UP,
        xp={"Grand Master": 8},
        resource={"Grand Master": 0},
        rerolled=True,
    )
    s = play(s, "spend 0")  # the Mana of his turn's start kept
    dice = s.agenda[0][2]
    assert dice == 6
    got = solve(
        s, lambda st: st.wounds if st.phase >= WON or st.agenda[0][0] not in (4, 5) else None
    )
    assert got[2] == roll_reading(dice, 4)[4], "4 or more: two wounds"


def test_quest_readings_with_flags_match_the_unbounded_chain() -> None:
    # The Golem (Combat, 3) with 1 flag already: 2 more successes solve it.
    s = position(
        ("Gladiator", "Ninja"),
        quests={"g0": "golem"},
        at={"Gladiator": "f1"},
        turn="Gladiator",
        step="act",
        flags={"g0": 1},
        health={"Gladiator": 8},
    )
    s = play(s, "quest g0")
    got = solve(
        s, lambda st: None if st.agenda[0][0] in (4, 5) else ("solved" if st.xp[1] else st.flags[0])
    )
    want: defaultdict[Hashable, Fraction] = defaultdict(Fraction)
    for total, p in roll_reading(3, 2).items():
        want["solved" if total >= 2 else 1 + max(0, total)] += p
    assert got == dict(want)


def test_climactic_battle_win_probability_matches_an_independent_model() -> None:
    for wounds, health, turn in (
        (5, (2, 2), "Ninja"),
        (7, (1, 3), "Gladiator"),
        (2, (1, 1), "Ninja"),
    ):
        s = position(
            ("Ninja", "Gladiator"),
            step="battle",
            quests=FACE_UP,
            wounds=wounds,
            health=dict(zip(("Ninja", "Gladiator"), health, strict=True)),
            turn=turn,
            resource={"Ninja": 0},
        )
        got = solve(s, lambda st: st.phase if st.phase >= WON else None)
        assert sum(got.values()) == 1
        want = _battle_win(wounds, health, ("Ninja", "Gladiator").index(turn))
        assert got.get(WON, Fraction(0)) == want, (wounds, health, turn)


def test_a_document_with_an_uncapped_score_decodes_to_the_capped_state() -> None:
    s = position(("Ninja", "Gladiator"), quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    s = play(s, "adventure", "dice 66", "extra 6", "extra 6")
    assert s.score == 4
    document = json.loads(br.to_json(s))
    document["state"].update(score=9, roll=[0, 0, 0, 7])  # as written before the cap
    assert br.from_json(json.dumps(document)) == s


def test_the_score_stops_below_every_die_the_later_heroes_of_a_quest_may_still_buy() -> None:
    # The Ninja's chain of 6s on the goblins (3), the Hunter (1 resource) and the Prince (1
    # servant, 2 gold) assisting after him: the score can still fall by one for each of his
    # 2 extra dice owed, their 2 + 2 dice and the 1 + 3 they may buy, so it stops at 3 + 10.
    s = position(
        ("Ninja", "Hunter", "Prince"),
        quests={"g0": "goblins"},
        at={"Ninja": "f1", "Hunter": "g1", "Prince": "f0"},
        turn="Ninja",
        step="act",
        resource={"Ninja": 0, "Hunter": 1, "Prince": 1},
        gold={"Prince": 2},
    )
    s = play(s, "quest g0", "ask Hunter", "agree", "ask Prince", "agree", "dice 66")
    scores = []
    for _ in range(13):
        s = play(s, "extra 6")
        scores.append(s.score)
    assert scores == [*range(3, 14), 13, 13] and s.pending == 2
    assert play(s, "extra 6") == s


def _ninja_then_vampire(*moves: str) -> DorasureState:
    """The Ninja quests on the goblins (3), the Vampire (1 health, 0 Blood, 3 Combat dice at
    level 6) assisting after him."""
    s = position(
        ("Ninja", "Vampire"),
        quests={"g0": "goblins"},
        at={"Ninja": "f1", "Vampire": "g1"},
        turn="Ninja",
        step="act",
        resource={"Ninja": 0, "Vampire": 0},
        health={"Vampire": 1},
        xp={"Vampire": 8},
    )
    return play(s, "quest g0", "ask Vampire", "agree", *moves)


def test_the_score_kept_before_the_vampires_quest_roll_is_capped_at_the_quests_score() -> None:
    # The Ninja's 5 (or 4), then her 6 6 6: if her extra dice kill her and she is saved, she
    # leaves with her dice and his score is read, 3 or more solving the quest: kept as 3.
    five = _ninja_then_vampire("dice 66", "extra 6", "extra +", "extra +", "dice 666")
    four = _ninja_then_vampire("dice 66", "extra +", "extra +", "dice 666")
    assert five.agenda[0] == Extra(1, Purpose.QUEST, 3) and five.score == 6 and five == four
    s = play(five, "extra -", "survival saved")  # Blood Magic at 0 Blood: her last health
    assert s.xp == (2, 8) and texts(s)[0] == "reward lair", "solved by his dice alone"


def _shaman_and_vampire(first: str, *moves: str) -> DorasureState:
    """The Shaman (his doll found) and the Vampire (3 Combat dice at level 6) on the goblins
    (3), ``first`` of them questing, all at 0 resources."""
    s = position(
        ("Shaman", "Vampire"),
        quests={"g0": "goblins", "d1": "golem"},
        solved={"d1": "treasure"},
        at={first: "f1", "Vampire" if first == "Shaman" else "Shaman": "g1"},
        turn=first,
        step="act",
        resource={"Shaman": 0, "Vampire": 0},
        xp={"Vampire": 8},
    )
    other = "Vampire" if first == "Shaman" else "Shaman"
    return play(s, "quest g0", f"ask {other}", "agree", *moves)


def _scores(s: DorasureState, extras: int) -> list[int]:
    out = []
    for _ in range(extras):
        s = play(s, "extra 6")
        out.append(s.score)
    return out


def test_while_the_doll_may_take_her_damage_the_score_keeps_room_for_the_shamans_dice() -> None:
    # The Shaman's 4, then the Vampire's 6 6 6 (7): if his doll takes the damage of her
    # dice and he dies of it, he leaves with his 4, so the score stops at 3 + 3 + 4, and the
    # score before her roll is kept whole.
    s = _shaman_and_vampire("Shaman", "dice 66", "extra +", "extra +", "dice 666")
    assert (s.score, s.agenda[0]) == (7, Extra(1, Purpose.QUEST, 4))
    assert _scores(s, 5) == [8, 9, 10, 10, 10]
    # She quests first (0 before her roll): her 3 extra dice and the Shaman's 2 to come.
    s = _shaman_and_vampire("Vampire", "dice 666")
    assert _scores(s, 7) == [4, 5, 6, 7, 8, 8, 8]
    # The Ninja's 2, the Shaman's 2, her 6 6 6: room for the Shaman's 2 alone, 3 + 3 + 2.
    s = position(
        ("Ninja", "Shaman", "Vampire"),
        quests={"g0": "goblins", "d1": "golem"},
        solved={"d1": "treasure"},
        at={"Ninja": "f1", "Shaman": "g1", "Vampire": "f0"},
        turn="Ninja",
        step="act",
        resource={"Ninja": 0, "Shaman": 0, "Vampire": 0},
        xp={"Vampire": 8},
    )
    s = play(s, "quest g0", "ask Shaman", "agree", "ask Vampire", "agree")
    s = play(s, "dice ++", "dice ++", "dice 666")
    assert _scores(s, 3) == [8, 8, 8] and s.agenda[1] == QuestEnd(0, 0, 2)
    # The Ninja's 7 before the Shaman's roll: kept for the doll's case (read without the
    # Shaman's dice and hers) at most 3 + her 3 dice once he has rolled.
    s = position(
        ("Ninja", "Shaman", "Vampire"),
        quests={"g0": "goblins", "d1": "golem"},
        solved={"d1": "treasure"},
        at={"Ninja": "f1", "Shaman": "g1", "Vampire": "f0"},
        turn="Ninja",
        step="act",
        resource={"Ninja": 0, "Shaman": 0, "Vampire": 0},
        xp={"Vampire": 8},
    )
    s = play(s, "quest g0", "ask Shaman", "agree", "ask Vampire", "agree")
    s = play(s, "dice 66", "extra 6", "extra 6", "extra 6", "extra +", "extra +")
    assert s.agenda[2] == QuestEnd(0, 0, 7)
    s = play(s, "dice --")
    assert s.score == 5 and s.agenda[1] == QuestEnd(0, 0, 6)


def test_the_flags_on_a_quest_lower_the_score_at_which_it_stops() -> None:
    # The golem (3) with 1 flag: 2 more successes solve it, so the Gladiator's 6 6 6 and
    # their chain stop at 2 + her 3 extra dice owed.
    s = position(
        ("Gladiator", "Ninja"),
        quests={"g0": "golem"},
        at={"Gladiator": "f1"},
        turn="Gladiator",
        step="act",
        flags={"g0": 1},
        health={"Gladiator": 8},
    )
    s = play(s, "quest g0", "dice 666")
    assert _scores(s, 4) == [4, 5, 5, 5]
