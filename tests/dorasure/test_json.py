"""Dorasure, the JSON document of a state: round trips, every field covered, typed agenda
tasks, and every impossible document refused naming the field (the laws of play included).

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
"""

from __future__ import annotations

import json
import pickle
import random
import time
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardrules as br
from boardrules.dorasure import (
    DorasureState,
    State,
    _json,
    _rules,
    _setup,
    decode,
    new_game,
    position,
)
from boardrules.dorasure._check import LAWS, MAX_AGENDA, breaks_a_law, check_state
from boardrules.dorasure._state import (
    CAP,
    CHANCE,
    DECISION,
    P_ADVENTURE,
    P_BATTLE,
    TASK_COUNT,
    Task,
)
from boardrules.dorasure._work import Work
from boardrules.dorasure.tasks._registry import TASK_TYPES, task_from_row, task_problem
from boardrules.dorasure.tasks.damage import Absorb, Deaths
from boardrules.dorasure.tasks.moving import MoveRoll
from boardrules.dorasure.tasks.rolls import Roll, Spend
from boardrules.dorasure.tasks.turn import AdventureEnd, EndTurn
from boardrules.errors import StateFormatError
from dorasure_helpers import FACE_UP, SIX, changed_options, document, play, refused
from test_encoding import OPTIONS, playout


@pytest.fixture
def checked_moves() -> Iterator[None]:
    """apply_move checks every state it returns with the decoder's own checks."""
    before = _rules.CHECK_RESULTS
    _rules.CHECK_RESULTS = True
    yield
    _rules.CHECK_RESULTS = before


def doc_with(**changes: object) -> str:
    s = position(["Ninja", "Prince"], quests=FACE_UP, step="move", dice=[2, 5])
    doc = json.loads(br.to_json(s))
    doc["state"].update(changes)
    return json.dumps(doc)


def long_agenda(rows: list[list[int]], copies: int) -> str:
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    doc = document(s)
    doc["state"]["agenda"] = rows * copies + [[AdventureEnd.CODE, 0, 0, 0], [EndTurn.CODE, 0, 0, 0]]
    return json.dumps(doc)


MOUNTAINS = ["g0", "d1", "d3", "g3", "f5"]


TILES = dict(
    zip(MOUNTAINS, ["inscriptions", "golem", "teleport", "goblins", "sphinx"], strict=True)
)


def decoded(doc: dict[str, Any]) -> State:
    s = br.from_json(json.dumps(doc))
    assert isinstance(s, State)
    return s


def test_json_round_trip_of_a_position() -> None:
    s = position(["Ninja", "Prince"], quests=FACE_UP, step="move", dice=[2, 5])
    assert br.from_json(br.to_json(s)) == s


def test_expansion_states_round_trip_and_damaged_fields_are_refused() -> None:
    s = position(
        SIX,
        quests={"g0": "inscriptions", "d1": "sphinx"},
        solved={"d1": "book"},
        renewed=["d1"],
        retired=["golem"],
        meter=10,
    )
    assert br.from_json(br.to_json(s)) == s
    game = br.get_game("dorasure")
    body = game.encode(s)
    options = game.options_of(s)
    for field, value in (
        ("renewed", [0, 0, 0, 0, 0]),
        ("retired", ["nothing"]),
        ("renewed", [3, 0, 0, 0, 0]),
        ("lands", ["mirage"]),
    ):
        with pytest.raises(br.StateFormatError):
            game.decode(options, {**body, field: value})
    with pytest.raises(br.StateFormatError):
        game.decode(options, {**body, "retired": ["golem", "goblins"]})


def test_a_restated_override_is_dropped_from_a_document() -> None:
    doc = document(new_game(players=2))
    doc["options"]["sheets"] = {"Gladiator": {"health": 8}, "Vampire": {"combat": [1, 1]}}
    doc["options"]["dragon"] = {"xp_max": 8}
    s = br.from_json(json.dumps(doc))
    assert isinstance(s, DorasureState)
    assert _setup.options_of(s)["sheets"] == {} and _setup.options_of(s)["dragon"] == {}
    assert br.to_json(s) == br.to_json(new_game(players=2))


def test_work_and_the_json_cover_every_field_of_the_state() -> None:
    fields = {f.name for f in attrs.fields(DorasureState) if f.init}
    assert fields - {"agenda"} <= set(Work.__slots__) and "todo" in Work.__slots__
    assert fields - {"agenda"} <= set(Work.__annotations__)
    s = position(
        ["Ninja", "Gladiator", "Hunter", "Prince", "Paladin", "Samurai"],
        fang=True,
        lands={"e0": "mirage", "c2": "meadow", "e3": "swamp", "d4": "tree", "g5": "caravan"},
        quests=FACE_UP,
    )
    body = _json.encode(s)
    assert set(body) | {"rules"} == fields
    assert Work(s).freeze() == s


# The kinds of task that roll or draw (a chance node) and those where a hero decides, as the
# Rules section describes them; every other kind is carried out as it reaches the front.
CHANCE_KINDS = {
    "MoveRoll", "Rampage", "Pick", "Survival", "Roll", "Extra", "RevealQuest", "RevealReward",
    "Claw", "Special", "Land",
}  # fmt: skip
DECISION_KINDS = {
    "Faith", "Steps", "Act", "Ask", "Reply", "Absorb", "Spend", "Reroll", "Bullet", "Shield",
    "Gust", "Doll", "Tune", "Lullaby", "BigBang", "Kiss", "Gauntlets", "MasterReroll", "Elixir",
}  # fmt: skip


def test_every_task_kind_is_a_typed_value_with_its_node_and_rule() -> None:
    assert [cls.CODE for cls in TASK_TYPES] == list(range(TASK_COUNT))
    for cls in TASK_TYPES:
        assert (cls.NODE == CHANCE) == (cls.__name__ in CHANCE_KINDS), cls
        assert (cls.NODE == DECISION) == (cls.__name__ in DECISION_KINDS), cls
        task = cls(0, *[low for low, _ in cls.RANGES])
        assert isinstance(task, Task) and task == (cls.CODE, 0, *task[2:])
        assert hash(task) == hash(tuple(task)) and pickle.loads(pickle.dumps(task)) == task
        assert type(pickle.loads(pickle.dumps(task))) is cls
        assert len(cls.FIELDS) == len(cls.RANGES) and repr(task).startswith(cls.__name__)


def test_decoded_agendas_are_typed_tasks() -> None:
    s = br.from_json(br.to_json(new_game(players=3)))
    assert isinstance(s, DorasureState)
    assert all(type(t) is TASK_TYPES[t[0]] for t in s.agenda)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(options=changed_options(), seed=st.integers(0, 2**32 - 1))
def test_every_state_the_engine_builds_with_changed_options_decodes_as_it_is(
    checked_moves: None, options: dict[str, Any], seed: int
) -> None:
    # Issue 21, class 2: play reached states whose own document did not load.
    state = br.new_game("dorasure", **options)
    rng = random.Random(seed)
    for i in range(600):
        if br.is_terminal(state):
            break
        move = (
            br.sample_chance(state, rng)
            if br.is_chance(state)
            else rng.choice(br.legal_moves(state))
        )
        state = br.apply_move(state, move)  # which checks the state it returns
        if i % 25 == 0:
            assert br.from_json(br.to_json(state)) == state


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("pos", ["d1", "city"]),
        ("health", [6, 5]),
        ("gold", [1, 1]),
        ("xp", [9, 0]),
        ("quests", [None, None, None, None, None]),
        ("rewards", ["lair", "lair", "lair", None, None]),
        ("phase", "dreaming"),
        ("agenda", [[99, 0, 0, 0]]),
        ("agenda", [[19, 0, 0, 0]]),
        ("dice", [7]),
        ("razed", 1),
    ],
)
def test_decode_refuses_impossible_states_naming_the_field(field: str, value: object) -> None:
    with pytest.raises(br.StateFormatError):
        br.from_json(doc_with(**{field: value}))


def test_decode_refuses_an_agenda_without_the_end_of_the_turn() -> None:
    s = position(["Ninja", "Prince"], quests=FACE_UP, step="act")
    doc = json.loads(br.to_json(s))
    doc["state"]["agenda"] = doc["state"]["agenda"][:-1]
    with pytest.raises(br.StateFormatError, match="agenda"):
        br.from_json(json.dumps(doc))


def test_extra_dice_before_a_quest_rolls_on_a_three_hero_game_is_refused() -> None:
    # The review's state: then the extra die raised IndexError / StopIteration.
    doc = document(
        position(
            ("Ninja", "Gladiator", "Hunter"),
            quests={"g0": "golem"},
            at={"Gladiator": "f1"},
            turn="Gladiator",
            step="act",
        )
    )
    doc["state"].update(
        agenda=[[5, 1, 0, 0], [21, 1, 0, 0], [27, 1, 0, 0]], dice=[3], pending=1, roll=[1, 1, 0, 2]
    )
    assert "agenda" in refused(doc)


def test_setup_reveal_aimed_at_a_mountain_other_than_the_farthest_is_refused() -> None:
    doc = document(new_game(players=2))
    assert doc["state"]["agenda"][0] == [6, 0, 0, 0]  # the farthest mountain, g0
    doc["state"]["agenda"][0] = [6, 0, 3, 0]
    assert "revealed at setup" in refused(doc)


def test_movement_roll_queued_in_the_battle_phase_is_refused() -> None:
    doc = document(position(("Ninja", "Gladiator"), step="battle", quests=FACE_UP))
    doc["state"]["agenda"].insert(0, [0, 0, 0, 0])
    assert "other phase" in refused(doc)


def test_movement_task_for_a_seat_not_in_turn_is_refused() -> None:
    doc = document(position(("Ninja", "Gladiator"), step="move", dice=[3, 5], quests=FACE_UP))
    doc["state"]["agenda"][0] = [10, 1, 0, 0]
    assert "not in turn" in refused(doc)


def test_pending_seventy_extra_dice_is_refused() -> None:
    s = position(("Ninja", "Gladiator"), quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    doc = document(play(s, "adventure", "dice 66"))
    doc["state"]["pending"] = 70
    refused(doc)
    doc["state"].update(pending=1, agenda=[[24, 0, 0, 0], [27, 0, 0, 0]])
    refused(doc)  # extra dice owed with no extra die on the agenda


def test_a_roll_read_by_another_chart_is_refused() -> None:
    s = position(("Ninja", "Gladiator"), quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    doc = document(play(s, "adventure"))
    doc["state"]["agenda"][0][3] = 2  # a battle roll in the adventure's place
    refused(doc)


def test_task_rows_with_arguments_their_kind_does_not_have_are_refused() -> None:
    with pytest.raises(ValueError, match="no argument"):
        task_from_row([27, 0, 0, 5])
    with pytest.raises(ValueError, match="no task"):
        task_from_row([41 + 10, 0, 0, 0])
    doc = document(new_game(players=2))
    doc["state"]["agenda"][1] = [0, 0, 9, 0]  # a movement roll has no arguments
    assert "agenda" in refused(doc)


def test_a_roll_of_more_dice_than_a_roll_may_have_is_refused() -> None:
    s = position(("Grand Master",), step="battle", quests=FACE_UP, resource={"Grand Master": 1})
    doc = document(s)
    assert doc["state"]["agenda"][0][0] == 15  # spend, then the Combat roll
    doc["state"]["agenda"][0][3] = 40
    assert "more than" in refused(doc)


def test_a_task_the_engine_pushes_once_cannot_be_doubled() -> None:
    # The fuzz suite's finding: a doubled reveal, survival roll or reroll offer was accepted,
    # then its second copy broke the round trip of the state after the first.
    doc = document(new_game(players=3))
    doc["state"]["agenda"].insert(0, list(doc["state"]["agenda"][0]))
    assert "at most one" in refused(doc)


def test_damage_with_no_check_of_the_deaths_after_it_is_refused() -> None:
    doc = document(position(("Ninja", "Gladiator"), quests=FACE_UP, step="act"))
    doc["state"]["agenda"].insert(0, [14, 1, 7, 0])  # an Absorb of 7, then no deaths check
    assert "deaths" in refused(doc)


def test_a_roll_off_behind_another_task_is_refused() -> None:
    doc = document(position(("Ninja", "Gladiator"), quests=FACE_UP, step="battle"))
    doc["state"]["agenda"].insert(1, [2, 0, 0, 1])  # a roll-off waiting behind the roll
    assert "only at the front" in refused(doc)


def test_a_quest_revealed_elsewhere_before_the_farthest_is_refused() -> None:
    doc = document(
        position(("Grand Master",), quests=FACE_UP, at={"Grand Master": "d2"}, step="act")
    )
    doc["state"].update(quests=[None] * 5, agenda=[[6, 0, 2, 0], [27, 0, 0, 0]])
    refused(doc)


def test_land_tiles_drawn_out_of_order_are_refused() -> None:
    doc = document(new_game(players=2, fang=True))
    agenda = doc["state"]["agenda"]
    assert [row[0] for row in agenda[:5]] == [39] * 5
    agenda[0], agenda[1] = agenda[1], agenda[0]
    assert "in order" in refused(doc)


def test_a_prince_with_a_low_resource_cap_keeps_servants_within_it(
    checked_moves: None,
) -> None:
    low = {"Prince": {"resource_cap": [1, 2]}}
    s = position(["Ninja", "Prince"], xp={"Prince": 5}, sheets=low, quests=FACE_UP, step="act")
    s = play(s, "pass")  # the Prince's turn begins: his servants are set to his level 4...
    assert s.turn == 1 and s.level(1) == 4
    assert s.resource[1] == s.rules.stats[1][4][CAP] == 1  # ...within the cap of his sheet
    assert br.from_json(br.to_json(s)) == s


def test_a_battle_roll_of_a_hero_not_in_turn_is_refused() -> None:
    # The agenda mutation loop's finding: this loaded, and after the roll the Ninja's
    # reroll offer ("Reroll: a task of a hero not in turn") made a state that did not.
    s = position(["Ninja", "Gladiator"], step="battle", turn="Gladiator", quests=FACE_UP,
                 solved={"g0": "treasure"})  # fmt: skip
    doc = document(s)
    assert doc["state"]["agenda"][0] == [Roll.CODE, 1, 3, P_BATTLE]
    doc["state"]["agenda"][0][1] = 0
    assert "not in turn" in refused(doc)


def test_a_quest_roll_of_a_hero_not_in_the_quest_is_refused() -> None:
    s = position(["Ninja", "Gladiator"], quests={"d1": "golem", **FACE_UP}, at={"Ninja": "c1"},
                 resource={"Ninja": 1}, step="act")  # fmt: skip
    s = play(s, "quest d1", "absorb 0", "spend 0")
    doc = document(s)
    assert doc["state"]["agenda"][0][0] == Roll.CODE and doc["state"]["party"] == 1
    doc["state"]["agenda"][0][1] = 1
    assert "not in the quest" in refused(doc)


def test_two_rolls_of_one_hero_for_one_reading_are_refused() -> None:
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    doc = document(play(s, "adventure"))
    agenda = doc["state"]["agenda"]
    assert agenda[0][0] == Roll.CODE
    agenda.insert(0, list(agenda[0]))
    assert "two rolls" in refused(doc)


@pytest.mark.parametrize("copies", [MAX_AGENDA, 100_000, 200_000])
def test_an_agenda_longer_than_its_limit_is_refused_before_its_tasks_are_read(
    copies: int,
) -> None:
    # Issue 21, class 4: 1.5 MB of agenda took 4.4 s and 2.9 MB 19.7 s, only to be refused.
    text = long_agenda([[Roll.CODE, 0, 1, 0]], copies)
    with pytest.raises(StateFormatError, match=f"at most {MAX_AGENDA} tasks"):
        br.from_json(text)
    doc = json.loads(text)  # the JSON read, the decoder refuses at once
    start = time.process_time()
    with pytest.raises(StateFormatError, match=f"at most {MAX_AGENDA} tasks"):
        decode(doc["options"], doc["state"])
    assert time.process_time() - start < 0.1


@pytest.mark.parametrize("rows", [[[Roll.CODE, 0, 1, 0]], [[14, 0, 1, 0], [19, 0, 0, 0]]])
def test_an_agenda_at_its_limit_is_read_at_once(rows: list[list[int]]) -> None:
    text = long_agenda(rows, (MAX_AGENDA - 2) // len(rows))
    start = time.process_time()
    with pytest.raises(StateFormatError, match="agenda"):  # no such turn exists
        br.from_json(text)
    assert time.process_time() - start < 0.5


@pytest.mark.parametrize(
    "rows",
    [[Roll(0, 1, P_ADVENTURE)], [Spend(0, P_ADVENTURE, 1)], [Absorb(0, 1), Deaths(0)]],
    ids=["rolls", "spends", "damage"],
)
def test_the_rules_of_the_tasks_take_linear_time(rows: list[Task]) -> None:
    # The rules read the rest of the agenda from one scan of it, not each from its own.
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    seconds = []
    for copies in (10_000, 40_000):
        long = attrs.evolve(s, agenda=(*rows * copies, AdventureEnd(0), EndTurn(0)))
        start = time.process_time()
        for i in range(len(long.agenda)):
            task_problem(long, i)
        seconds.append(time.process_time() - start)
    assert seconds[1] < 1.0  # quadratic, the 10,000 rolls alone took 3 s
    assert seconds[1] < 8 * seconds[0] + 0.05  # four times the tasks: about four times the time


def test_an_agenda_beyond_its_limit_is_refused_by_position_checks_too() -> None:
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    long = attrs.evolve(s, agenda=(*[Roll(0, 1, P_ADVENTURE)] * MAX_AGENDA, AdventureEnd(0),
                                   EndTurn(0)))  # fmt: skip
    with pytest.raises(StateFormatError, match="at most 200"):
        check_state(long)


def test_every_quest_solved_in_the_adventure_phase_with_no_battle_coming_is_refused() -> None:
    # Issue 21, class 3: the battle begins as the last quest is solved.
    rewards = dict(zip(MOUNTAINS, ["lair", "book", "weapons", "treasure", "lair"], strict=True))
    with pytest.raises(StateFormatError, match="Climactic Battle begins"):
        position(["Ninja", "Gladiator"], quests=TILES, solved=rewards, step="act")
    s = position(["Ninja", "Gladiator"], quests=TILES, solved={**rewards, "f5": "lair"},
                 step="battle")  # fmt: skip
    doc = document(s)
    doc["state"].update(
        phase="adventure", agenda=[[MoveRoll.CODE, 0, 0, 0], [EndTurn.CODE, 0, 0, 0]]
    )
    assert "Climactic Battle begins" in refused(doc)


def test_wounds_on_the_dragon_before_its_lair_is_found_break_a_law_of_play() -> None:
    # Issue 21, class 3: no game reaches it, but a setup may (a study of the battle need not
    # draw the lairs behind its wounds): it plays on and round-trips; the law names it.
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, wounds=2)
    assert "one per Dragon's Lair" in (breaks_a_law(s) or "")
    assert br.from_json(br.to_json(s)) == s
    lawful = position(["Ninja", "Gladiator"], quests={**FACE_UP, "d1": "golem"},
                      solved={"d1": "lair"}, wounds=1, meter=1)  # fmt: skip
    assert breaks_a_law(lawful) is None


def test_the_book_of_dragons_found_while_no_hero_has_exp_breaks_a_law_of_play() -> None:
    s = position(["Ninja", "Gladiator"], quests={**FACE_UP, "d1": "golem"}, solved={"d1": "book"})
    assert "Book of Dragons" in (breaks_a_law(s) or "")
    assert br.from_json(br.to_json(s)) == s
    with_exp = position(["Ninja", "Gladiator"], quests={**FACE_UP, "d1": "golem"},
                        solved={"d1": "book"}, xp={"Ninja": 1, "Gladiator": 1})  # fmt: skip
    assert breaks_a_law(with_exp) is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"razed": True}, "first fire icon"),
        ({"spent": 1}, "treasure used before it is found"),
        ({"gold": [0, 4]}, "Prince has 1 gold"),
    ],
)
def test_each_law_of_play_names_a_document_that_breaks_it(
    change: dict[str, Any], message: str
) -> None:
    doc = document(position(["Ninja", "Prince"], quests=FACE_UP))
    doc["state"].update(change)
    assert message in (breaks_a_law(decoded(doc)) or "")


def test_a_battle_begun_with_the_meter_low_and_quests_left_breaks_a_law_of_play() -> None:
    s = position(["Ninja", "Prince"], quests=FACE_UP, step="battle", meter=3)
    assert "battle begins with a full meter" in (breaks_a_law(s) or "")
    assert breaks_a_law(position(["Ninja", "Prince"], quests=FACE_UP, step="battle",
                                 meter=14)) is None  # fmt: skip


def test_a_game_won_with_the_dragon_unhurt_breaks_a_law_of_play() -> None:
    doc = document(position(["Ninja", "Prince"], quests=FACE_UP))
    doc["state"].update(phase="won", agenda=[])
    assert "health is gone exactly when" in (breaks_a_law(decoded(doc)) or "")


def test_every_law_of_play_holds_in_played_games() -> None:
    # The laws are an invariant of play: the debug check of apply_move asserts that a move
    # from a lawful state gives a lawful one (the property test above plays games with it).
    assert len(LAWS) >= 5 and all(callable(law) for law in LAWS)
    for options in OPTIONS["dorasure"]:
        for state in playout("dorasure", options, 11):
            assert breaks_a_law(state) is None, state.full_repr()
