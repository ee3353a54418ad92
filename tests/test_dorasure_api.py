"""Dorasure through the game-independent API: options, data overrides, JSON, notation,
rendering and the contract."""

from __future__ import annotations

import json

import pytest

import boardrules as br
from boardrules.dorasure import legal_moves, new_game, parse_move, position, render
from boardrules.testing import check_game
from dorasure_helpers import FACE_UP


@pytest.mark.slow
def test_contract_suite_passes() -> None:
    check_game("dorasure")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_contract_random_play_for_every_table_size(players: int) -> None:
    from boardrules.testing import check_random_play

    check_random_play("dorasure", seed=players, games=2, players=players)


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


def test_parse_move_tells_bad_notation_from_illegal_moves() -> None:
    s = new_game(players=2)
    with pytest.raises(br.MoveSyntaxError):
        parse_move(s, "fly to the moon")
    with pytest.raises(br.IllegalMoveError):
        parse_move(s, "rest")


def test_illegal_move_message_names_the_rule() -> None:
    s = position(quests=FACE_UP, at={"Ninja": "c2"}, step="move", dice=[3])
    step = parse_move(
        position(quests=FACE_UP, at={"Ninja": "c2"}, step="move", dice=[5]), "step 5 c1"
    )
    with pytest.raises(br.IllegalMoveError, match="forests 5"):
        br.apply_move(s, step)


def doc_with(**changes: object) -> str:
    s = position(["Ninja", "Prince"], quests=FACE_UP, step="move", dice=[2, 5])
    doc = json.loads(br.to_json(s))
    doc["state"].update(changes)
    return json.dumps(doc)


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


def test_json_round_trip_of_a_position() -> None:
    s = position(["Ninja", "Prince"], quests=FACE_UP, step="move", dice=[2, 5])
    assert br.from_json(br.to_json(s)) == s


def test_render_shows_map_heroes_meter_dragon_and_sheets() -> None:
    s = position(
        ["Ninja", "Prince"],
        quests={**FACE_UP, "d1": "golem", "d3": "teleport"},
        solved={"d1": "lair", "d3": "lair"},  # a wound each
        at={"Ninja": "c2"},
        meter=5,
        razed=True,
    )
    text = render(s)
    assert "P0" in text and "C1" in text and "x" in text.splitlines()[2]
    assert "meter 5/14" in text and "health 7/9" in text
    assert "Prince" in text and "gold 1" in text
    assert "Mysterious inscriptions" in text


def test_decode_refuses_an_agenda_without_the_end_of_the_turn() -> None:
    s = position(["Ninja", "Prince"], quests=FACE_UP, step="act")
    doc = json.loads(br.to_json(s))
    doc["state"]["agenda"] = doc["state"]["agenda"][:-1]
    with pytest.raises(br.StateFormatError, match="agenda"):
        br.from_json(json.dumps(doc))
