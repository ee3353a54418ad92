"""Dorasure, the game's interface: options and their checks, building positions, move notation
and the messages of illegal moves, rendering, and the shared caches and tables a state
cannot corrupt or grow without bound.

One test per clause, named after it, from concrete positions (the map: see
``dorasure_helpers``).
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
    AskHelp,
    ChartRoll,
    DorasureState,
    ExtraDie,
    RollOff,
    Step,
    Stop,
    UseFaith,
    _dice,
    _moves,
    _setup,
    apply_move,
    legal_moves,
    new_game,
    parse_move,
    position,
    render,
)
from boardrules.dorasure._board import DEFAULT_ROWS
from boardrules.dorasure._move_classes import MovementRoll, QuestDraw, field_problem
from boardrules.testing import check_game
from dorasure_helpers import FACE_UP, document, play, refused, texts

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


def revealed_golem(**options: Any) -> DorasureState:
    return play(new_game(players=2, **options), "quest-tile golem")


def well_formed(svg: str) -> None:
    ElementTree.fromstring(svg)  # raises ParseError on XML that is not well-formed


@pytest.mark.slow
def test_contract_suite_passes() -> None:
    check_game("dorasure")


@pytest.mark.parametrize(
    "options",
    [
        {"players": 0},
        {"players": 12},
        {"heroes": ["Grand Master", "Ninja"]},
        {"heroes": ["Ninja"]},
        {"heroes": ["Ninja", "Ninja"]},
        {"heroes": ["Ninja", "Hunter"], "players": 3},
        {"board": ["V R M"]},
        {"sheets": {"Ninja": {"health": 0}}},
        {"sheets": {"Nobody": {}}},
        {"dragon": {"fire_icons": [5, 3]}},
        {"dragon": {"colour": 1}},
        {"quest_tiles": {"golem": {"failure": "explode"}}},
        {"quest_tiles": {"dragon": {}}},
    ],
)
def test_bad_options_are_refused_with_what_is_allowed(options: dict[str, object]) -> None:
    with pytest.raises(br.InvalidOptionError) as info:
        new_game(**options)
    assert str(info.value)


def test_hero_names_are_read_in_any_case_with_spaces_or_underscores() -> None:
    game = br.get_game("dorasure")
    assert game.options_of(br.new_game("dorasure", heroes=["paladin", "NINJA"]))["heroes"] == [
        "Ninja",
        "Paladin",
    ]
    assert game.options_of(br.new_game("dorasure", heroes=["grand_master"]))["heroes"] == [
        "Grand Master"
    ]


def test_options_round_trip_through_options_of() -> None:
    s = br.new_game("dorasure", heroes=["Prince", "Ninja"], dragon={"health": 12})
    again = br.new_game("dorasure", **br.get_game("dorasure").options_of(s))
    assert again == s and s.rules.tracks.health == 12


def test_board_option_replaces_the_map() -> None:
    rows = ["V R P M", "C R F M", "R P M P", "F M P M"]
    s = position(
        quests={"d3": "inscriptions", "c2": "golem"}, board=rows, at={"Ninja": "b1"}, step="act"
    )
    board = s.rules.board
    assert board.names[board.mountains[board.farthest]] == "d3", "4 hexes from the City"
    assert [str(m) for m in legal_moves(s)] == ["quest c2", "pass"], "b1 is a road"


def test_sheets_option_replaces_printed_values() -> None:
    s = new_game(players=2, sheets={"Ninja": {"health": 7, "speed": [3, 3]}})
    assert s.health[0] == 7
    s = br.apply_move(s, parse_move(s, "quest-tile golem"))
    assert len(br.chance_outcomes(s)) == 56  # 3 movement dice


def test_dragon_option_moves_the_fire_icons() -> None:
    s = position(quests=FACE_UP, meter=3, dragon={"fire_icons": [4, 8]})
    s = br.apply_move(s, parse_move(s, "roll 2 3 4 6"))
    assert s.meter == 4 and str(legal_moves(s)[0]) == "rampage 1"


def test_quests_option_replaces_a_quest_tile() -> None:
    s = position(
        quests={"g0": "inscriptions"},
        at={"Ninja": "f1"},
        step="act",
        quest_tiles={"inscriptions": {"target": 1}},
    )
    s = br.apply_move(s, parse_move(s, "quest g0"))
    s = br.apply_move(s, parse_move(s, "dice +"))
    assert s.xp[0] == 2, "1 success now solves the inscriptions"


def test_options_inside_a_state_are_deeply_immutable() -> None:
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


@pytest.mark.parametrize("restated", RESTATED)
def test_equal_states_with_restated_default_options_are_identical(
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


def test_an_override_that_changes_the_game_is_kept_and_tells_the_states_apart() -> None:
    changed = new_game(players=2, sheets={"Ninja": {"health": 6, "speed": [4, 5]}})
    assert _setup.options_of(changed)["sheets"] == {"Ninja": {"health": 6}}
    assert changed != new_game(players=2)


def test_the_openspiel_adapter_takes_an_equal_state_with_restated_options() -> None:
    from extras import need

    openspiel = need("boardrules.openspiel", "openspiel")
    game = openspiel.load_game("dorasure", players=2)
    restated = new_game(players=2, sheets={"Ninja": {"health": 5}}, dragon={"meter_end": 14})
    assert str(game.state_from(restated)) == str(game.new_initial_state())


@pytest.mark.parametrize(
    "name",
    ["a\x00b", "Golem\x1b[31m", "two\nlines", "zero\u200bwidth", "half \ud800", "\ud800", "\x7f"],
)
def test_control_characters_in_a_quest_tile_name_are_refused(name: str) -> None:
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


def test_a_quest_tile_name_has_a_length_limit() -> None:
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


@pytest.mark.parametrize(
    "bad",
    [
        {"at": {"Ninja": "d1"}},
        {"health": {"Ninja": 9}},
        {"xp": {"Ninja": 9}},
        {"resource": {"Ninja": 3}},
    ],
)
def test_position_refuses_impossible_values(bad: dict[str, object]) -> None:
    with pytest.raises(br.StateFormatError):
        position(quests=FACE_UP, **bad)  # type: ignore[arg-type]


_HEROES = "heroes' names (Ninja, Gladiator)"
_MOUNTAINS = "mountains (g0, d1, d3, g3, f5)"


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        *[
            ({keyword: value}, f"{keyword}: a mapping keyed by {_HEROES}, not {value!r}")
            for keyword in ("at", "health", "resource", "gold", "xp", "locked")
            for value in ("Ninja", ["Ninja"])
        ],
        *[
            ({keyword: value}, f"{keyword}: a mapping keyed by {_MOUNTAINS}, not {value!r}")
            for keyword in ("quests", "flags", "solved")
            for value in ("g0", ["g0"])
        ],
        ({"turn": ["Ninja"]}, "turn: a hero's name (Ninja, Gladiator), not ['Ninja']"),
        ({"turn": {"Ninja": 1}}, "turn: a hero's name (Ninja, Gladiator), not {'Ninja': 1}"),
        ({"rerolled": "yes"}, "rerolled: True or False, not 'yes'"),
        ({"rerolled": ["yes"]}, "rerolled: True or False, not ['yes']"),
        ({"rerolled": {"yes": 1}}, "rerolled: True or False, not {'yes': 1}"),
        ({"rerolled": 1.0}, "rerolled: True or False, not 1.0"),
        *[
            ({keyword: {"Ninja": value}}, f"{keyword} of Ninja: a whole number, not {value!r}")
            for keyword in ("health", "resource", "gold", "xp")
            for value in ("3", None, 1.5, True)
        ],
        ({"flags": {"g0": "1"}}, "flags: a whole number from 0, not '1'"),
        ({"flags": {"g0": -1}}, "flags: a whole number from 0, not -1"),
        ({"meter": None}, "meter: a whole number from 0, not None"),
        ({"meter": -1}, "meter: a whole number from 0, not -1"),
        ({"meter": True}, "meter: a whole number from 0, not True"),
        ({"meter": 15}, "meter: a whole number from 0 to 14, not 15"),
        ({"meter": 15, "step": "battle"}, "meter: a whole number from 0 to 14, not 15"),
        ({"wounds": 1.5}, "wounds: a whole number from 0, not 1.5"),
        ({"wounds": -1}, "wounds: a whole number from 0, not -1"),
        ({"at": {"Ninja": ["c1"]}}, "no space called ['c1']"),
        ({"locked": {"Ninja": {"g0": 1}}}, "no space called {'g0': 1}"),
        ({"spent": 1}, f"spent: a list of {_HEROES}, not 1"),
        ({"spent": [["Ninja"]]}, f"spent: a list of {_HEROES}, not [['Ninja']]"),
        ({"spent": [3]}, f"spent: a list of {_HEROES}, not [3]"),
        ({"renewed": None}, f"renewed: a list of {_MOUNTAINS}, not None"),
        ({"renewed": [["g0"]]}, f"renewed: a list of {_MOUNTAINS}, not [['g0']]"),
        ({"dice": 35}, "dice: a list of dice (1-6), not 35"),
        *[
            ({"dice": value}, f"dice: a list of dice (1-6), not {value!r}")
            for value in ([0, 5], [True, 5], [7], ["3"], [3.0])
        ],
        ({"razed": "no"}, "razed: True or False, not 'no'"),
        ({"razed": None}, "razed: True or False, not None"),
        ({"razed": 2}, "razed: True or False, not 2"),
        (
            {"fang": True, "lands": "e0"},
            "lands: a mapping of each of e0, c2, e3, d4, g5 to its land tile, not 'e0'",
        ),
        (
            {"fang": True, "lands": 5},
            "lands: a mapping of each of e0, c2, e3, d4, g5 to its land tile, not 5",
        ),
        (
            {"retired": None},
            "retired: a list of quest tiles (inscriptions, golem, teleport, "
            "labyrinth, sphinx, goblins, chimera), not None",
        ),
    ],
)
def test_position_refuses_a_keyword_of_the_wrong_type_naming_what_it_takes(
    keywords: dict[str, object], message: str
) -> None:
    with pytest.raises(br.StateFormatError) as refused:
        position(**{"quests": FACE_UP, **keywords})  # type: ignore[arg-type]
    assert str(refused.value) == message


def test_a_short_opening_by_notation() -> None:
    s = new_game(players=2, heroes=["Gladiator", "Ninja"])
    s = play(s, "quest-tile golem", "roll 1 3 5 6")
    assert s.meter == 1 and s.turn == 0, "the Ninja sits first; his 6 moved the meter"
    assert "step 1 b4" not in texts(s), "a 1 is void for moving"
    s = play(s, "step 3 b4", "step 5 c4", "stop")
    assert texts(s) == ["adventure", "pass"], "c4 is plains, no mountain next to it"
    s = play(s, "adventure", "dice 06", "extra 0")  # 0 + 1 + 1 = 2
    assert s.xp == (1, 0) and s.health == (5, 8) and s.turn == 1


def test_parse_move_tells_bad_notation_from_illegal_moves() -> None:
    s = new_game(players=2)
    with pytest.raises(br.MoveSyntaxError):
        parse_move(s, "fly to the moon")
    with pytest.raises(br.IllegalMoveError):
        parse_move(s, "rest")


def test_expansion_move_notation_parses_and_malformed_text_is_refused() -> None:
    s = position(
        ("Ninja", "Vampire"),
        quests=FACE_UP,
        solved={"g0": "treasure"},
        step="battle",
        turn="Vampire",
        health={"Ninja": 0},
    )
    assert str(parse_move(s, "kiss Ninja")) == "kiss Ninja"
    with pytest.raises(br.MoveSyntaxError):
        parse_move(s, "kiss")
    with pytest.raises(br.IllegalMoveError):
        parse_move(s, "elixir")


def test_illegal_move_message_names_the_rule() -> None:
    s = position(quests=FACE_UP, at={"Ninja": "c2"}, step="move", dice=[3])
    step = parse_move(
        position(quests=FACE_UP, at={"Ninja": "c2"}, step="move", dice=[5]), "step 5 c1"
    )
    with pytest.raises(br.IllegalMoveError, match="forests 5"):
        br.apply_move(s, step)


@pytest.mark.parametrize(
    ("kind", "fields"),
    [
        (Step, (5.0, 3, "c1")),
        (Step, (True, 3, "c1")),
        (Step, (5, 3, b"c1")),
        (UseFaith, (1,)),
        (AskHelp, (1, 1, "Hunter")),
        (RollOff, ((0, 1.0), False, ("Ninja", "Hunter"))),
        (RollOff, ([0, 1], False, ("Ninja", "Hunter"))),
    ],
)
def test_a_move_with_wrong_typed_fields_is_refused(kind: Any, fields: tuple[Any, ...]) -> None:
    with pytest.raises(TypeError, match="Dorasure move"):
        kind(*fields)


def test_a_move_whose_notation_word_is_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="0 to 3, not 4"):
        ExtraDie(4)


@pytest.mark.parametrize("count", [2**63, 10**5000, 41, -1], ids=["2**63", "10**5000", "41", "-1"])
def test_a_chart_roll_with_a_count_out_of_range_is_refused_before_its_notation_is_written(
    count: int,
) -> None:
    # Issue 36, round 3: ChartRoll(ones=2**63) was made, and apply_move raised a raw
    # OverflowError while writing its notation ("-" * ones) into the refusal; ones=-1 was
    # written "dice 6", the notation of another roll.  A roll holds 0 to 40 dice.
    with pytest.raises(ValueError, match=r"^a Dorasure move's ones is 0 to 40, not "):
        ChartRoll(count, 0, 0, 0)
    s = position(["Ninja", "Hunter"], at={"Ninja": "f1"}, quests={"g0": "golem"}, step="act")
    s = apply_move(s, parse_move(s, "adventure"))
    forged = attrs.evolve(legal_moves(s)[0])  # made past its checks, as a hostile caller may
    object.__setattr__(forged, "ones", count)
    for call in (apply_move, br.move_to_action, lambda s, m: br.render_svg(s, move=m)):
        with pytest.raises(br.IllegalMoveError) as refused:
            call(s, forged)
        assert len(str(refused.value)) < 300


def test_a_move_forged_behind_the_class_back_is_an_illegal_move() -> None:
    s = new_game(players=3)
    legal = br.legal_moves(s)[0]
    forged = attrs.evolve(legal)
    object.__setattr__(forged, "tile", float(legal.tile))  # type: ignore[union-attr]
    with pytest.raises(br.IllegalMoveError, match="forged"):
        br.apply_move(s, forged)
    copy = attrs.evolve(legal)  # an honest equal copy is the legal move
    assert br.apply_move(s, copy) == br.apply_move(s, legal)


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("tile", 7, "its tile is out of range: 0 to 6, not 7"),
        ("tile", -1, "its tile is out of range: 0 to 6, not -1"),
        ("tile", 2**63, "its tile is out of range: 0 to 6, not 9223372036854775808"),
        ("tile", 1.0, "its tile is of the wrong type: an int, not 1.0"),
        ("tile", True, "its tile is of the wrong type: an int, not True"),
    ],
)
def test_a_forged_field_out_of_range_is_refused_saying_what_is_allowed(
    field: str, value: object, problem: str
) -> None:
    # The refusal said "(a field of the wrong type)" for every forged field, even an int
    # out of range; it now names the field, the trouble and what the field allows.
    s = new_game(players=3)
    forged = attrs.evolve(br.legal_moves(s)[0])
    object.__setattr__(forged, field, value)
    with pytest.raises(br.IllegalMoveError) as refused:
        br.apply_move(s, forged)
    assert str(refused.value).startswith(f"a forged QuestDraw ({problem}) is not a legal move; ")


_STEP, _ROLL, _FACES = Step(5, 3, "c1"), ChartRoll(0, 1, 0, 0), MovementRoll((2, 5))
_TIE, _DRAW = RollOff((0, 1), False, ("Ninja", "Hunter")), QuestDraw(3)


@pytest.mark.parametrize(
    ("move", "field", "value", "problem"),
    [
        (_STEP, "die", -(2**63), "its die is out of range: an int of 64 bits, not "
         "-9223372036854775808"),
        (_STEP, "die", 2**63 - 1, None),
        (_STEP, "space", -(2**63) + 1, None),
        (_STEP, "name", "x" * 41, "its name is too long: a str of at most 40 characters, "
         "not 41 characters"),
        (_STEP, "name", "x" * 40, None),
        (_STEP, "name", b"c1", "its name is of the wrong type: a str, not b'c1'"),
        (_DRAW, "tile", 0, None),
        (_DRAW, "tile", 6, None),
        (_DRAW, "tile", 7, "its tile is out of range: 0 to 6, not 7"),
        (_DRAW, "tile", 99.0, "its tile is of the wrong type: an int, not 99.0"),
        (_DRAW, "tile", "1", "its tile is of the wrong type: an int, not '1'"),
        (_ROLL, "sixes", 41, "its sixes is out of range: 0 to 40, not 41"),
        (_ROLL, "sixes", 40, None),
        (_ROLL, "low", 0, None),
        (UseFaith(True), "yes", 1, "its yes is of the wrong type: a bool, not 1"),
        (_FACES, "faces", (1,) * 41, "its faces is of the wrong type: a tuple of at most 40 "
         "ints, not (1, 1, "),
        (_FACES, "faces", (1,) * 40, None),
        (_FACES, "faces", (), None),
        (_FACES, "faces", (1, 2**63), "its faces is of the wrong type: a tuple of at most 40 "
         "ints, not (1, 9223372036854775808)"),
        (_FACES, "faces", (1, True), "its faces is of the wrong type: a tuple of at most 40 "
         "ints, not (1, True)"),
        (_FACES, "faces", [2, 5], "its faces is of the wrong type: a tuple of at most 40 "
         "ints, not [2, 5]"),
        (_TIE, "names", ("Ninja", "x" * 41), "its names is of the wrong type: a tuple of at "
         "most 40 strs, not ('Ninja', "),
        (_TIE, "names", ("Ninja", "x" * 40), None),
        (_TIE, "seats", (0, 1.0), "its seats is of the wrong type: a tuple of at most 40 "
         "ints, not (0, 1.0)"),
    ],
)  # fmt: skip
def test_what_is_wrong_with_a_forged_field_is_said_in_words(
    move: Any, field: str, value: object, problem: str | None
) -> None:
    forged = attrs.evolve(move)
    object.__setattr__(forged, field, value)
    found = field_problem(forged)
    if problem is None:
        assert found is None
        assert attrs.evolve(forged) == forged  # the constructor takes it too
        return
    assert found is not None and found.startswith(problem), found
    error = ValueError if "of the wrong type" not in problem else TypeError
    with pytest.raises(error) as refused:
        attrs.evolve(forged)  # the constructor refuses it in the same words
    allowed = found.split(": ", 1)[1]
    assert str(refused.value) == f"a Dorasure move's {field} is {allowed} ({type(move).__name__})"


def test_a_move_shows_its_game_class_and_notation() -> None:
    assert repr(_STEP) == "<dorasure.Step step 5 c1>"
    assert repr(_TIE) == "<dorasure.RollOff highest Ninja+Hunter>"


def test_legal_moves_are_remembered_with_the_state_and_shared_by_outcome_table() -> None:
    # Built afresh here: mutation testing runs the tests in a process whose memos are full.
    _moves._OUTCOME_MOVES.clear()
    s = position(["Ninja", "Prince"], quests=FACE_UP, step="move", dice=[3, 5])
    assert legal_moves(s) is legal_moves(s), "the steps, computed once"
    # Two states at an extra die: one tuple of moves for the one table of outcomes.
    a = play(position(["Ninja", "Prince"], quests=FACE_UP, at={"Ninja": "c1"}, step="act"),
             "adventure", "dice 66")  # fmt: skip
    b = play(a, "extra 6")
    assert a != b and legal_moves(a) is legal_moves(b)
    assert [str(m) for m in legal_moves(b)] == ["extra -", "extra 0", "extra +", "extra 6"]


def _refusal(s: DorasureState, move: object) -> str:
    with pytest.raises(br.IllegalMoveError) as caught:
        apply_move(s, move)
    return str(caught.value)


def test_an_illegal_move_object_is_refused_saying_why() -> None:
    s = position(["Ninja", "Prince"], quests=FACE_UP, step="act")
    rest = br.legal_moves(s)[0]
    assert str(rest) == "rest"
    for phase, wounds in (("won", 9), ("lost", 0)):
        doc = document(position(["Ninja", "Prince"], quests=FACE_UP))
        doc["state"].update(phase=phase, wounds=wounds, agenda=[])
        over = br.from_json(json.dumps(doc))
        assert isinstance(over, DorasureState)
        assert _refusal(over, rest) == f"the game is over: the heroes have {phase}"
        assert br.chance_outcomes(over) == () and br.legal_moves(over) == ()
        assert (
            br.evaluate(over) == br.returns(over) == ((1.0,) * 2 if phase == "won" else (0.0,) * 2)
        )
    assert _refusal(s, 3) == "a int is not a Dorasure move"

    class Resting(type(rest)):  # type: ignore[misc]
        pass

    assert _refusal(s, Resting()) == "a Resting is not a Dorasure move", "no subclass"
    g = new_game(players=3)
    legal = br.legal_moves(g)[0]
    forged = attrs.evolve(legal)
    object.__setattr__(forged, "tile", float(legal.tile))  # type: ignore[union-attr]
    assert _refusal(g, forged).startswith(
        "a forged QuestDraw (its tile is of the wrong type: an int, not 0.0) is not a legal "
        "move; legal now: "
    )
    unset = object.__new__(Step)
    assert _refusal(s, unset) == (
        "a forged Step (its field die is not set) is not a legal move; legal now: rest, pass"
    )
    moving = position(["Ninja", "Prince"], quests=FACE_UP, step="move", dice=[3])
    step = br.legal_moves(moving)[0]
    assert _refusal(s, step) == (
        f"{step} is illegal: '{step}' is not a choice now: the Ninja chooses the action "
        "after moving (Dorasure §5.1); legal now: rest, pass"
    )


def test_render_shows_map_heroes_meter_dragon_and_sheets() -> None:
    s = position(
        ["Ninja", "Prince"], quests=FACE_UP, at={"Ninja": "c2"}, meter=5, wounds=2, razed=True
    )
    text = render(s)
    assert "P0" in text and "C1" in text and "x" in text.splitlines()[2]
    assert "meter 5/14" in text and "health 7/9" in text
    assert "Prince" in text and "gold 1" in text
    assert "Mysterious inscriptions" in text


def test_the_shared_rules_cache_cannot_be_corrupted_through_a_state() -> None:
    given = {"Ninja": {"combat": [3, 6]}}
    s = new_game(heroes=["Ninja", "Hunter"], sheets=given)
    given["Ninja"]["combat"].append(7)  # the caller's own object, changed afterwards
    again = new_game(heroes=["Ninja", "Hunter"], sheets={"Ninja": {"combat": [3, 6]}})
    assert again.rules is s.rules
    assert dict(again.rules.options)["sheets"]["Ninja"]["combat"] == (3, 6)


def test_the_shared_board_index_is_read_only() -> None:
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


def test_the_rules_cache_is_bounded() -> None:
    for k in range(_setup.RULES_CACHE_SIZE + 20):
        _setup.rules_for(players=2, quest_tiles={"golem": {"name": f"Golem {k}"}})
    assert len(_setup._RULES) == _setup.RULES_CACHE_SIZE
    # The most recent ones stay shared.
    last = {"golem": {"name": f"Golem {_setup.RULES_CACHE_SIZE + 19}"}}
    assert _setup.rules_for(players=2, quest_tiles=last) is _setup.rules_for(
        players=2, quest_tiles=last
    )


def test_the_rules_cache_is_bounded_by_size() -> None:
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


def test_the_roll_off_cache_is_bounded() -> None:
    names = [(p, f"Hero{p}") for p in range(11)]
    for mask in range(1, 200):
        _dice.pick_roll(mask & 1, tuple(h for i, h in enumerate(names) if mask >> i & 1))
    assert _dice.pick_roll.cache_info().currsize <= _dice.PICK_CACHE_SIZE


def test_a_move_built_by_the_caller_is_applied_by_value() -> None:
    s = position(("Ninja", "Gladiator"), step="move", dice=[3], quests=FACE_UP)
    assert br.apply_move(s, Stop()) == play(s, "stop")
    step = parse_move(s, "step 3 c4")
    assert isinstance(step, Step)
    assert br.apply_move(s, Step(3, step.space, "c4")) == play(s, "step 3 c4")


def test_chance_outcomes_of_a_decision_leave_its_legal_moves_alone() -> None:
    # A roll's outcomes are kept as the legal moves of its state; a decision has none, and
    # asking for them first must not empty its moves.
    s = br.new_game("dorasure", players=2)
    while br.is_chance(s):
        s = br.apply_move(s, br.chance_outcomes(s)[0][0])
    assert br.chance_outcomes(s) == ()
    assert br.legal_moves(s) and br.legal_moves(s) == type(s).game.legal_moves(attrs.evolve(s))
    roll = br.new_game("dorasure", players=2)
    assert [m for m, _ in br.chance_outcomes(roll)] == list(br.legal_moves(roll))
