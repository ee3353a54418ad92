"""Dorasure against hostile input: one regression test per finding of the hardening review.

Decoding accepts only states the rules can reach (each agenda task is a typed value with its
own validity rule), the options inside a state cannot be changed through it, every cache is
bounded, and a move of the right class with wrong-typed fields is refused.
"""

from __future__ import annotations

import gc
import json
import pickle
import tracemalloc
from typing import Any
from xml.etree import ElementTree

import attrs
import pytest

import boardrules as br
from boardrules._lru import LRU
from boardrules.dorasure import (
    QUESTS,
    DorasureMove,
    DorasureState,
    _dice,
    _json,
    _setup,
    _state,
    new_game,
    position,
)
from boardrules.dorasure._board import DEFAULT_ROWS
from boardrules.dorasure._state import CHANCE_TASKS, DECISION_TASKS, M_STOP, TASK_COUNT
from boardrules.dorasure._tasks import CHANCE, DECISION, Task
from boardrules.dorasure._work import Work
from boardrules.dorasure.tasks._registry import TASK_TYPES, task_from_row
from boardrules.errors import StateFormatError
from dorasure_helpers import FACE_UP, play


def document(s: DorasureState) -> dict[str, Any]:
    return json.loads(br.to_json(s))  # type: ignore[no-any-return]


def refused(doc: dict[str, Any]) -> str:
    with pytest.raises(StateFormatError) as caught:
        br.from_json(json.dumps(doc))
    return str(caught.value)


# -- impossible task lists --------------------------------------------------------------------


def test_finding_extra_dice_before_a_quest_rolls_on_a_three_hero_game_is_refused() -> None:
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


def test_finding_setup_reveal_aimed_at_a_mountain_other_than_the_farthest_is_refused() -> None:
    doc = document(new_game(players=2))
    assert doc["state"]["agenda"][0] == [6, 0, 0, 0]  # the farthest mountain, g0
    doc["state"]["agenda"][0] = [6, 0, 3, 0]
    assert "revealed at setup" in refused(doc)


def test_finding_movement_roll_queued_in_the_battle_phase_is_refused() -> None:
    doc = document(position(("Ninja", "Gladiator"), step="battle", quests=FACE_UP))
    doc["state"]["agenda"].insert(0, [0, 0, 0, 0])
    assert "other phase" in refused(doc)


def test_finding_movement_task_for_a_seat_not_in_turn_is_refused() -> None:
    doc = document(position(("Ninja", "Gladiator"), step="move", dice=[3, 5], quests=FACE_UP))
    doc["state"]["agenda"][0] = [10, 1, 0, 0]
    assert "not in turn" in refused(doc)


def test_finding_pending_seventy_extra_dice_is_refused() -> None:
    s = position(("Ninja", "Gladiator"), quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    doc = document(play(s, "adventure", "dice 66"))
    doc["state"]["pending"] = 70
    refused(doc)
    doc["state"].update(pending=1, agenda=[[24, 0, 0, 0], [27, 0, 0, 0]])
    refused(doc)  # extra dice owed with no extra die on the agenda


def test_finding_a_roll_read_by_another_chart_is_refused() -> None:
    s = position(("Ninja", "Gladiator"), quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    doc = document(play(s, "adventure"))
    doc["state"]["agenda"][0][3] = 2  # a battle roll in the adventure's place
    refused(doc)


def test_finding_task_rows_with_arguments_their_kind_does_not_have_are_refused() -> None:
    with pytest.raises(ValueError, match="no argument"):
        task_from_row([27, 0, 0, 5])
    with pytest.raises(ValueError, match="no task"):
        task_from_row([41 + 10, 0, 0, 0])
    doc = document(new_game(players=2))
    doc["state"]["agenda"][1] = [0, 0, 9, 0]  # a movement roll has no arguments
    assert "agenda" in refused(doc)


def test_finding_a_roll_of_more_dice_than_a_roll_may_have_is_refused() -> None:
    s = position(("Grand Master",), step="battle", quests=FACE_UP, resource={"Grand Master": 1})
    doc = document(s)
    assert doc["state"]["agenda"][0][0] == 15  # spend, then the Combat roll
    doc["state"]["agenda"][0][3] = 40
    assert "more than" in refused(doc)


def test_every_task_kind_is_a_typed_value_with_its_node_and_rule() -> None:
    assert [cls.CODE for cls in TASK_TYPES] == list(range(TASK_COUNT))
    for cls in TASK_TYPES:
        assert (cls.NODE == CHANCE) == (cls.CODE in CHANCE_TASKS), cls
        assert (cls.NODE == DECISION) == (cls.CODE in DECISION_TASKS), cls
        task = cls(0, *[low for low, _ in cls.RANGES])
        assert isinstance(task, Task) and task == (cls.CODE, 0, *task[2:])
        assert hash(task) == hash(tuple(task)) and pickle.loads(pickle.dumps(task)) == task
        assert type(pickle.loads(pickle.dumps(task))) is cls
        assert len(cls.FIELDS) == len(cls.RANGES) and repr(task).startswith(cls.__name__)


def test_decoded_agendas_are_typed_tasks() -> None:
    s = br.from_json(br.to_json(new_game(players=3)))
    assert isinstance(s, DorasureState)
    assert all(type(t) is TASK_TYPES[t[0]] for t in s.agenda)


# -- the state's fields, listed once ----------------------------------------------------------


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


# -- options inside states --------------------------------------------------------------------


def test_finding_options_inside_a_state_are_deeply_immutable() -> None:
    s = new_game(heroes=["Ninja", "Hunter"], sheets={"Ninja": {"combat": [3, 6]}})
    options = dict(s.rules.options)
    with pytest.raises(AttributeError):
        options["heroes"].append("Prince")  # a tuple
    with pytest.raises(TypeError):
        options["sheets"]["Ninja"] = {}  # a read-only mapping
    with pytest.raises(AttributeError):
        options["sheets"]["Ninja"]["combat"].append(9)
    assert _setup.options_of(s)["sheets"] == {"Ninja": {"combat": [3, 6]}}
    assert pickle.loads(pickle.dumps(s)) == s


def test_finding_the_shared_rules_cache_cannot_be_corrupted_through_a_state() -> None:
    given = {"Ninja": {"combat": [3, 6]}}
    s = new_game(heroes=["Ninja", "Hunter"], sheets=given)
    given["Ninja"]["combat"].append(7)  # the caller's own object, changed afterwards
    again = new_game(heroes=["Ninja", "Hunter"], sheets={"Ninja": {"combat": [3, 6]}})
    assert again.rules is s.rules
    assert dict(again.rules.options)["sheets"]["Ninja"]["combat"] == (3, 6)


def test_finding_the_shared_board_index_is_read_only() -> None:
    # Issue 21, class 15: every game of a set of options shares its board; a write to its
    # name index through one state broke the documents of all the others.
    s = new_game(players=2)
    other = play(new_game(players=2), "quest-tile golem")
    assert s.rules.board is other.rules.board
    with pytest.raises(TypeError):
        s.rules.board.index["city"] = 0  # type: ignore[index]
    with pytest.raises(AttributeError):
        s.rules.board.index.clear()  # type: ignore[attr-defined]
    assert br.from_json(br.to_json(other)) == other
    copy = pickle.loads(pickle.dumps(s))
    assert copy == s and dict(copy.rules.board.index) == dict(s.rules.board.index)
    with pytest.raises(TypeError):
        copy.rules.board.index["city"] = 0


# -- equal states are identical ---------------------------------------------------------------

#: Overrides that change nothing: the defaults restated, or the sheet of a hero not in play.
RESTATED: list[dict[str, Any]] = [
    {"sheets": {"Ninja": {"health": 5, "speed": [4, 5]}}},
    {"sheets": {"Prince": {"health": 9}}, "dragon": {"health": 9, "claws": [3, 6, 8]}},
    {"quest_tiles": {"golem": {"name": "Golem Guardian", "target": 3}}, "fang": False},
    {"board": [" ".join(row.split()) + "  " for row in DEFAULT_ROWS]},
]


def outputs(s: DorasureState) -> tuple[Any, ...]:
    return (
        br.to_json(s),
        _setup.options_of(s),
        br.render(s),
        br.render_svg(s),
        br.observation(s, 0),
        repr(s.rules),
        pickle.dumps(s),
    )


@pytest.mark.parametrize("restated", RESTATED)
def test_finding_equal_states_with_restated_default_options_are_identical(
    restated: dict[str, Any],
) -> None:
    # Issue 21, class 6: such states were == with equal hashes, yet to_json, options_of and
    # the OpenSpiel adapter told them apart.
    plain = play(new_game(heroes=["Ninja", "Gladiator"]), "quest-tile golem")
    other = play(new_game(heroes=["Ninja", "Gladiator"], **restated), "quest-tile golem")
    assert other == plain and hash(other) == hash(plain)
    assert other.rules is plain.rules
    assert outputs(other) == outputs(plain)
    assert br.from_json(br.to_json(other)) == plain


def test_finding_a_restated_override_is_dropped_from_a_document() -> None:
    doc = document(new_game(players=2))
    doc["options"]["sheets"] = {"Gladiator": {"health": 8}, "Vampire": {"combat": [1, 1]}}
    doc["options"]["dragon"] = {"xp_max": 8}
    s = br.from_json(json.dumps(doc))
    assert isinstance(s, DorasureState)
    assert _setup.options_of(s)["sheets"] == {} and _setup.options_of(s)["dragon"] == {}
    assert br.to_json(s) == br.to_json(new_game(players=2))


def test_an_override_that_changes_the_game_is_kept_and_tells_the_states_apart() -> None:
    changed = new_game(players=2, sheets={"Ninja": {"health": 6, "speed": [4, 5]}})
    assert _setup.options_of(changed)["sheets"] == {"Ninja": {"health": 6}}
    assert changed != new_game(players=2)


def test_finding_the_openspiel_adapter_takes_an_equal_state_with_restated_options() -> None:
    from extras import need

    openspiel = need("boardrules.openspiel", "openspiel")
    game = openspiel.load_game("dorasure", players=2)
    restated = new_game(players=2, sheets={"Ninja": {"health": 5}}, dragon={"meter_end": 14})
    assert str(game.state_from(restated)) == str(game.new_initial_state())


# -- free text in options --------------------------------------------------------------------


def well_formed(svg: str) -> None:
    ElementTree.fromstring(svg)  # raises ParseError on XML that is not well-formed


def revealed_golem(**options: Any) -> DorasureState:
    return play(new_game(players=2, **options), "quest-tile golem")


@pytest.mark.parametrize(
    "name", ["a\x00b", "Golem\x1b[31m", "two\nlines", "zero\u200bwidth", "half \ud800", "\x7f"]
)
def test_finding_control_characters_in_a_quest_tile_name_are_refused(name: str) -> None:
    # Issue 21, class 10: such a name made render_svg emit XML that is not well-formed.  A
    # lone surrogate is no character at all: every option of every game refuses it first.
    lone = any(0xD800 <= ord(c) <= 0xDFFF for c in name)
    expected = "lone surrogate" if lone else "printable characters"
    with pytest.raises(br.InvalidOptionError, match=expected) as caught:
        new_game(players=2, quest_tiles={"golem": {"name": name}})
    assert lone or "1..40" in str(caught.value)
    doc = document(revealed_golem())
    doc["options"]["quest_tiles"] = {"golem": {"name": name}}
    assert expected in refused(doc)


def test_finding_a_quest_tile_name_has_a_length_limit() -> None:
    for name in ("", "x" * 41, "x" * 2_000_000):
        with pytest.raises(br.InvalidOptionError, match=r"1\.\.40") as caught:
            new_game(players=2, quest_tiles={"golem": {"name": name}})
        assert len(str(caught.value)) < 300  # a huge name is not echoed back
    s = revealed_golem(quest_tiles={"golem": {"name": "G" * 40}})
    assert br.from_json(br.to_json(s)) == s


def test_a_quest_tile_name_of_any_script_and_markup_characters_draws_well_formed() -> None:
    name = 'Golem <&> "Ñandú" 石像 ✓'
    s = revealed_golem(quest_tiles={"golem": {"name": name}})
    svg = br.render_svg(s)
    well_formed(svg)
    assert "Golem &lt;&amp;&gt;" in svg


# -- bounded caches ---------------------------------------------------------------------------


def test_finding_the_rules_cache_is_bounded() -> None:
    for k in range(_setup.RULES_CACHE_SIZE + 20):
        _setup.rules_for(players=2, quest_tiles={"golem": {"name": f"Golem {k}"}})
    assert len(_setup._RULES) == _setup.RULES_CACHE_SIZE
    # The most recent ones stay shared.
    last = {"golem": {"name": f"Golem {_setup.RULES_CACHE_SIZE + 19}"}}
    assert _setup.rules_for(players=2, quest_tiles=last) is _setup.rules_for(
        players=2, quest_tiles=last
    )


def test_finding_the_rules_cache_is_bounded_by_size() -> None:
    # Issue 21, class 11: documents with huge text options left about 1 GB in the cache.
    doc = document(new_game(players=2))
    weight = _setup._RULES.weight
    for k in range(5):
        doc["options"]["quest_tiles"] = {"golem": {"name": f"{k}" * 1_000_000}}
        assert "printable characters" in refused(doc)
    assert _setup._RULES.weight <= weight
    # The largest options there are, all different: the cache stays within its bounds.
    names = {q.slug: {"name": "Q" * 40} for q in QUESTS}
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for k in range(3 * _setup.RULES_CACHE_SIZE):
            names["golem"] = {"name": f"{k:040d}"}
            br.from_json(br.to_json(new_game(players=11, quest_tiles=names)))
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(_setup._RULES) <= _setup.RULES_CACHE_SIZE
    assert _setup._RULES.weight <= _setup.RULES_CACHE_BYTES
    assert grown < 20_000_000


def test_the_rules_cache_drops_the_oldest_entries_beyond_its_byte_budget() -> None:
    table: LRU[str, int] = LRU(100, budget=10, weigh=len)
    for k in range(6):
        table.put(f"key{k}", k)
    assert list(table.items) == ["key4", "key5"] and table.weight == 8
    table.put("k" * 11, 9)  # heavier than the whole budget: not kept
    assert "k" * 11 not in table.items and table.weight == 8
    table.put("key5", 5)  # stored again: weighed once
    assert table.weight == 8
    table.clear()
    assert len(table) == 0 and table.weight == 0


def test_finding_the_roll_off_cache_is_bounded() -> None:
    names = [(p, f"Hero{p}") for p in range(11)]
    for mask in range(1, 200):
        _dice.pick_roll(mask & 1, tuple(h for i, h in enumerate(names) if mask >> i & 1))
    assert _dice.pick_roll.cache_info().currsize <= _dice.PICK_CACHE_SIZE


def test_finding_the_interned_move_table_is_bounded() -> None:
    for k in range(_state.MOVE_TABLE_SIZE + 100):
        _state.move(M_STOP, k, 0, f"probe {k}")
    assert len(_state._MOVES) == _state.MOVE_TABLE_SIZE
    # A move dropped from the table is still applied by value.
    s = position(("Ninja", "Gladiator"), step="move", dice=[3], quests=FACE_UP)
    stop = DorasureMove(M_STOP, 0, 0, "stop")
    assert br.apply_move(s, stop) == play(s, "stop")


# -- moves with wrong-typed fields ------------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [
        (M_STOP, 0.0, 0, "stop"),
        (M_STOP, True, 0, "stop"),
        (5.0, 0, 0, "stop"),
        (M_STOP, 0, 0, b"stop"),
    ],
)
def test_finding_a_move_with_wrong_typed_fields_is_refused(fields: tuple[Any, ...]) -> None:
    with pytest.raises(TypeError, match="Dorasure move"):
        DorasureMove(*fields)


def test_finding_a_task_the_engine_pushes_once_cannot_be_doubled() -> None:
    # The fuzz suite's finding: a doubled reveal, survival roll or reroll offer was accepted,
    # then its second copy broke the round trip of the state after the first.
    doc = document(new_game(players=3))
    doc["state"]["agenda"].insert(0, list(doc["state"]["agenda"][0]))
    assert "at most one" in refused(doc)


def test_finding_fuzz_damage_with_no_check_of_the_deaths_after_it_is_refused() -> None:
    doc = document(position(("Ninja", "Gladiator"), quests=FACE_UP, step="act"))
    doc["state"]["agenda"].insert(0, [14, 1, 7, 0])  # an Absorb of 7, then no deaths check
    assert "deaths" in refused(doc)


def test_finding_fuzz_a_roll_off_behind_another_task_is_refused() -> None:
    doc = document(position(("Ninja", "Gladiator"), quests=FACE_UP, step="battle"))
    doc["state"]["agenda"].insert(1, [2, 0, 0, 1])  # a roll-off waiting behind the roll
    assert "only at the front" in refused(doc)


def test_finding_fuzz_a_quest_revealed_elsewhere_before_the_farthest_is_refused() -> None:
    doc = document(
        position(("Grand Master",), quests=FACE_UP, at={"Grand Master": "d2"}, step="act")
    )
    doc["state"].update(quests=[None] * 5, agenda=[[6, 0, 2, 0], [27, 0, 0, 0]])
    refused(doc)


def test_finding_fuzz_land_tiles_drawn_out_of_order_are_refused() -> None:
    doc = document(new_game(players=2, fang=True))
    agenda = doc["state"]["agenda"]
    assert [row[0] for row in agenda[:5]] == [39] * 5
    agenda[0], agenda[1] = agenda[1], agenda[0]
    assert "in order" in refused(doc)


def test_finding_a_move_forged_behind_the_class_back_is_an_illegal_move() -> None:
    s = new_game(players=3)
    legal = br.legal_moves(s)[0]
    forged = attrs.evolve(legal)
    object.__setattr__(forged, "a", float(legal.a))  # equal to the legal move by value
    with pytest.raises(br.IllegalMoveError, match="forged"):
        br.apply_move(s, forged)
    copy = attrs.evolve(legal)  # an honest equal copy is the legal move
    assert br.apply_move(s, copy) == br.apply_move(s, legal)
