"""Dorasure §4 Movement: one die a step (§4.1), the terrain thresholds, void 1s and mountains
(§4.2), passing through heroes and the shared stops (§4.3).

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

import boardrules as br
from boardrules.dorasure import DorasureState, Step, position
from dorasure_helpers import BASE, FACE_UP, GOLEM_UP, at, play, texts, where, why_not


def steps(s: DorasureState) -> set[str]:
    return {t for t in texts(s) if t.startswith("step")}


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


def test_each_step_uses_one_die_and_dice_need_not_all_be_used() -> None:
    s = at({}, step="move", dice=[2, 3])
    s = play(s, "step 3 c4")
    assert s.dice == (2,) and where(s, 0) == "c4"
    assert "stop" in texts(s) and "step 2 b4" in texts(s) and "step 3 d4" not in texts(s)
    s = play(s, "stop")
    assert texts(s) == ["adventure", "pass"]


def test_roads_villages_and_city_take_any_die_but_a_one() -> None:
    s = at({"Ninja": "c2"}, step="move", dice=[1, 2])
    assert steps(s) == {"step 2 b1", "step 2 b2", "step 2 b3"}


def test_plains_need_a_three_or_more() -> None:
    s = at({"Ninja": "c2"}, step="move", dice=[3])
    assert steps(s) == {"step 3 b1", "step 3 b2", "step 3 b3", "step 3 d2", "step 3 c3"}


def test_forests_need_a_five_or_more_including_a_six_that_moved_the_meter() -> None:
    s = at({"Ninja": "c2"}, step="move", dice=[5])
    assert "step 5 c1" in steps(s)
    s = play(at({"Ninja": "c2"}, step="roll"), "roll 1 1 1 6")
    assert s.meter == 1 and "step 6 c1" in steps(s)
    s = at({"Ninja": "c2"}, step="move", dice=[4])
    assert "step 4 c1" not in steps(s)


def test_a_one_is_void_for_moving() -> None:
    s = at({"Ninja": "c2"}, step="move", dice=[1, 1])
    assert texts(s) == ["stop"]


def test_a_one_and_a_void_die_never_enter_even_a_road() -> None:
    s = position(
        ["Ninja", "Gladiator"],
        at={"Ninja": "b0"},
        turn="Ninja",
        step="move",
        dice=[1, 1],
        quests=GOLEM_UP,
    )
    assert texts(s) == ["stop"]


def test_mountains_can_never_be_entered() -> None:
    s = at({"Ninja": "d2"}, step="move", dice=[6])
    assert not any(t.endswith(("d1", "d3")) for t in texts(s))


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
                heroes, at=at, turn=mover, step="move", dice=dice, razed=razed, quests=GOLEM_UP
            )
        except br.StateFormatError:  # two heroes stopped on one space: not a position
            continue
        others = [at[h] for h in heroes if h != mover]
        assert set(texts(s)) == _steps(at[mover], dice, others, razed), (at, mover, dice)
        checked += 1


def test_a_hero_may_pass_through_but_never_stop_on_another_hero() -> None:
    s = at({"Ninja": "city", "Gladiator": "c4"}, step="move", dice=[3])
    assert "step 3 c4" not in texts(s), "the last die cannot end on the Gladiator"
    s = at({"Ninja": "city", "Gladiator": "c4"}, step="move", dice=[3, 3])
    s = play(s, "step 3 c4")
    assert "stop" not in texts(s)
    s = play(s, "step 3 d4" if "step 3 d4" in texts(s) else "step 3 c3")
    assert "stop" in texts(s)


def test_heroes_may_stop_together_in_the_city_and_villages() -> None:
    s = at({"Ninja": "e3", "Gladiator": "e4"}, step="move", dice=[2])
    s = play(s, "step 2 e4")
    assert "stop" in texts(s)
    assert "rest" in texts(play(s, "stop"))


def test_the_western_lake_is_shared_like_the_city_and_villages() -> None:
    s = position(
        ["Ninja", "Gladiator"],
        at={"Ninja": "b1", "Gladiator": "a1"},
        turn="Ninja",
        step="move",
        dice=[2],
        quests=GOLEM_UP,
    )
    assert "step 2 a1" in texts(s)
    s = play(s, "step 2 a1")
    assert texts(s) == ["stop"]


def test_razed_belk_is_a_road_where_heroes_may_not_stop_together() -> None:
    where = {"Ninja": "b0", "Gladiator": "a0"}
    village = position(
        ["Ninja", "Gladiator"], at=where, turn="Ninja", step="move", dice=[2], quests=GOLEM_UP
    )
    assert "step 2 a0" in texts(village)
    razed = position(
        ["Ninja", "Gladiator"],
        at=where,
        turn="Ninja",
        step="move",
        dice=[2],
        quests=GOLEM_UP,
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
        quests=GOLEM_UP,
        razed=True,
    )
    s = play(razed, "step 2 a0")
    assert "stop" not in texts(s) and texts(s) == ["step 2 b0", "step 2 a1"]


def test_heroes_together_in_belk_when_it_is_razed_is_a_valid_position() -> None:
    s = position(
        ("Ninja", "Gladiator"),
        quests=FACE_UP,
        at={"Ninja": "a0", "Gladiator": "a0"},
        meter=2,
        resource={"Ninja": 1},
    )
    s = play(s, "roll 1 2 3 6", "rampage 1")
    assert s.razed and where(s, 0) == where(s, 1) == "a0"
    assert br.from_json(br.to_json(s)) == s


STEPS = (
    "each step needs an unused die meeting the terrain's minimum (roads 2+, plains 3+, "
    "forests 5+, mountains never), and no stop on another hero"
)


def test_a_step_made_by_hand_whose_name_is_not_its_spaces_is_refused_saying_so() -> None:
    # The Ninja on the plains c2 with the dice 1, 3 and 5.  Steps built by hand with fields
    # that disagree: a blank name (the fuzz suite's Step(3, 29, " ") once crashed the
    # reason), another space's name, a space off the map at either end.
    s = position(quests=FACE_UP, at={"Ninja": "c2", "Gladiator": "c3"}, step="move", dice=[1, 3, 5])
    names = s.rules.board.names
    c1 = names.index("c1")

    def refusal(move: Step) -> str:
        with pytest.raises(br.IllegalMoveError) as refused:
            br.apply_move(s, move)
        return str(refused.value)

    def mismatch(name: str, space: int) -> str:
        return (
            f"is illegal: a Step's name must be the name of its space, and {name!r} is not the "
            f"name of space {space} (Dorasure §4.1); {STEPS}; legal now: "
        )

    assert mismatch(" ", 29) in refusal(Step(3, 29, " "))
    assert mismatch("c1", c1 + 1) in refusal(Step(5, c1 + 1, "c1"))
    assert mismatch(names[-1], len(names)) in refusal(Step(5, len(names), names[-1]))
    assert mismatch(names[-1], -1) in refusal(Step(5, -1, names[-1]))
    # Fields that agree: refused for the reason of the notation, space 0 included.
    assert f"is illegal: no unused movement die shows 2 (Dorasure §4.1); {STEPS}" in refusal(
        Step(2, c1, "c1")
    )
    assert f"{names[0]} is not next to the Ninja (Dorasure §4.1)" in refusal(Step(5, 0, names[0]))


def test_a_step_refused_names_the_movement_rule_it_breaks() -> None:
    # The Ninja on the plains c2 with the dice 1, 3 and 5; the Gladiator on c3.
    s = position(quests=FACE_UP, at={"Ninja": "c2", "Gladiator": "c3"}, step="move", dice=[1, 3, 5])
    assert why_not(s, "step 2 c1") == f"no unused movement die shows 2 (Dorasure §4.1); {STEPS}"
    assert why_not(s, "step 1 c1") == f"a 1 never moves (Dorasure §4.2); {STEPS}"
    assert why_not(s, "step 5 e4") == f"e4 is not next to the Ninja (Dorasure §4.1); {STEPS}"
    assert why_not(s, "step 5 zz") == f"zz is not next to the Ninja (Dorasure §4.1); {STEPS}"
    assert why_not(s, "step 3 c1") == f"c1 needs a die of 5 or more (Dorasure §4.2); {STEPS}"
    s = position(quests=FACE_UP, at={"Ninja": "c2", "Gladiator": "c3"}, step="move", dice=[3])
    assert why_not(s, "step 3 c3") == (
        "the Ninja may stop on another hero only in the City, a village or the Lake, and "
        f"could not move on from c3 (Dorasure §4.3); {STEPS}"
    )
    assert why_not(s, "roll 2 2") == (
        "'roll 2 2' is not a choice now: the Ninja is moving: a step with an unused die, or "
        "'stop' (Dorasure §4.1)"
    )


def test_a_step_onto_a_mountain_or_out_of_the_labyrinth_is_refused_naming_the_rule() -> None:
    s = position(quests=FACE_UP, at={"Ninja": "c1"}, step="move", dice=[6])
    assert why_not(s, "step 6 d1") == f"mountains are never entered (Dorasure §4.2); {STEPS}"
    held = position(quests={**FACE_UP, "d1": "labyrinth"}, at={"Ninja": "c1"},
                    locked={"Ninja": "d1"}, step="move", dice=[3, 5])  # fmt: skip
    assert why_not(held, "step 5 c2") == (
        f"the Ninja is held in the labyrinth and may only stop (Dorasure §5.7); {STEPS}"
    )


def test_the_legal_moves_listed_with_a_refusal_are_the_first_twelve() -> None:
    s = position(quests=FACE_UP, at={"Ninja": "c2"}, step="move", dice=[3, 5, 6])
    assert len(br.legal_moves(s)) == 18
    with pytest.raises(br.IllegalMoveError) as caught:
        br.parse_move(s, "step 2 c1")
    assert str(caught.value).endswith(
        "; legal moves: step 3 b1, step 3 b2, step 3 d2, step 3 b3, step 3 c3, step 5 b1, "
        "step 5 c1, step 5 b2, step 5 d2, step 5 b3, step 5 c3, step 6 b1"
    )


def test_a_step_into_razed_belk_onto_a_hero_is_refused_as_a_stop_on_a_road() -> None:
    # Belk (a0, the first space of the map) razed is a road; the Gladiator stands there.
    s = position(quests=FACE_UP, at={"Ninja": "a1", "Gladiator": "a0"}, razed=True, meter=3,
                 step="move", dice=[3])  # fmt: skip
    assert why_not(s, "step 3 a0") == (
        "the Ninja may stop on another hero only in the City, a village or the Lake, and "
        f"could not move on from a0 (Dorasure §4.3); {STEPS}"
    )


def test_a_step_to_a_space_not_on_the_map_is_refused_as_not_next_to_the_hero() -> None:
    s = position(quests=FACE_UP, at={"Ninja": "a1"}, step="move", dice=[2])  # beside b0
    assert why_not(s, "step 2 zz") == f"zz is not next to the Ninja (Dorasure §4.1); {STEPS}"


def test_a_hero_held_in_the_labyrinth_of_g0_may_only_stop() -> None:
    s = position(quests={"g0": "labyrinth"}, at={"Ninja": "f1"}, locked={"Ninja": "g0"},
                 step="move", dice=[3, 5])  # fmt: skip
    assert why_not(s, "step 5 f2") == (
        f"the Ninja is held in the labyrinth and may only stop (Dorasure §5.7); {STEPS}"
    )


def test_a_step_move_played_where_it_is_not_legal_is_refused_naming_the_rule() -> None:
    # The move itself (not its notation), made where the Ninja on c2 had a 5 to step with.
    step = br.parse_move(position(quests=FACE_UP, at={"Ninja": "c2"}, step="move", dice=[5]),
                         "step 5 c1")  # fmt: skip
    three = position(quests=FACE_UP, at={"Ninja": "c2"}, step="move", dice=[3])
    with pytest.raises(br.IllegalMoveError) as caught:
        br.apply_move(three, step)
    assert str(caught.value) == (
        f"step 5 c1 is illegal: no unused movement die shows 5 (Dorasure §4.1); {STEPS}; "
        "legal now: step 3 b1, step 3 b2, step 3 d2, step 3 b3, step 3 c3, stop"
    )
    rolling = position(quests=FACE_UP, at={"Ninja": "c2"})  # his movement roll is due
    with pytest.raises(br.IllegalMoveError) as caught:
        br.apply_move(rolling, step)
    assert str(caught.value).startswith(
        "step 5 c1 is illegal: 'step 5 c1' is not an outcome of the movement roll "
        "(Dorasure §3.1); legal now: roll 1 1 1 1, "
    )
