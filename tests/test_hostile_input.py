"""Regression tests of hostile input (issue 11): each test is named for one finding.

A library embedded in servers and bots must answer anything a user sends with a
:class:`ValueError` that says what is wrong (an :class:`IllegalMoveError` for a move), never
with a crash, a hang or a state that breaks its own JSON round trip.
"""

from __future__ import annotations

import importlib
import inspect
import itertools
import json
import random
import warnings
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import attrs
import pytest

import boardrules as br
from boardrules import docker, dorada, parchis
from boardrules.cli import main
from boardrules.records import GameRecord, RecordError
from hostile_values import ENTRIES, Unprintable

DEEP = "[" * 1000 + "]" * 1000
DEEP_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000


def _document(game: str = "parchis") -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(br.to_json(br.new_game(game)))
    return doc


# Deeply nested JSON ------------------------------------------------------------------------


@pytest.mark.parametrize("text", [DEEP, DEEP_OBJECT, "[" * 65 + "]" * 65])
def test_deeply_nested_json_is_a_state_format_error(text: str) -> None:
    with pytest.raises(br.StateFormatError, match="nested more than 64 levels"):
        br.from_json(text)


@pytest.mark.parametrize("game", ["parchis", "dorasure"])
def test_a_document_longer_than_the_limit_is_refused_before_it_is_read(game: str) -> None:
    from boardrules._document import MAX_TEXT

    text = br.to_json(br.new_game(game))
    padded = text[:-1] + ',"pad":"' + "x" * MAX_TEXT + '"}'
    with pytest.raises(br.StateFormatError, match="too long: at most 4,000,000 are read"):
        br.from_json(padded)
    record = GameRecord("parchis", {"players": 2}, ("a", "b"), ("roll 5",) * (MAX_TEXT // 8))
    with pytest.raises(RecordError, match="too long"):
        GameRecord.from_json(record.to_json())
    assert br.from_json(text) == br.new_game(game)  # a document of normal length is read


def test_deeply_nested_json_inside_the_state_is_a_state_format_error() -> None:
    text = br.to_json(br.new_game("docker"))
    text = text.replace('"state":{', '"state":{"deep":' + DEEP + ",", 1)
    with pytest.raises(br.StateFormatError, match="nested"):
        br.from_json(text)


def test_deeply_nested_json_in_a_record_is_a_record_error() -> None:
    record = GameRecord("parchis", {"players": 2}, ("a", "b"), ("roll 5",))
    text = record.to_json().replace('"players":2', '"players":' + DEEP, 1)
    with pytest.raises(RecordError, match="nested"):
        GameRecord.from_json(text)


def test_deeply_nested_json_in_replay_check_exits_2_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_text('{"format":"boardrules-record","version":1,"game":"parchis","moves":'
                    + DEEP + "}\n")  # fmt: skip
    assert main(["replay", str(path), "--check"]) == 2  # an invalid input file
    err = capsys.readouterr().err
    assert "nested more than 64 levels" in err and "Traceback" not in err


def test_deeply_nested_json_in_an_option_exits_2_without_a_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["simulate", "parchis", "--games", "1", "--quiet", "-o", "colours=" + DEEP])
    assert code == 2
    err = capsys.readouterr().err
    assert "option colours: JSON nested more than 64 levels" in err and "Traceback" not in err


# The version of a document -------------------------------------------------------------------


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker", "dorasure"])
@pytest.mark.parametrize("version", [True, 1.0, "1", None])
def test_a_document_version_must_be_the_integer_1(game: str, version: object) -> None:
    doc = _document(game)
    doc["version"] = version
    with pytest.raises(br.StateFormatError, match="version"):
        br.from_json(json.dumps(doc))


def test_a_record_version_must_be_the_integer_1() -> None:
    doc = json.loads(GameRecord("parchis", {}, (), ()).to_json())
    doc["version"] = True
    with pytest.raises(RecordError, match="version"):
        GameRecord.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    "version", ["9" * 4000, json.dumps("k" * 100_000), json.dumps(["k" * 100_000])]
)
@pytest.mark.parametrize("kind", ["state", "record"])
def test_a_long_version_is_named_in_a_short_message(kind: str, version: str) -> None:
    # The version was repeated whole: 100,000 characters of it in one message.
    doc = (
        _document() if kind == "state" else json.loads(GameRecord("parchis", {}, (), ()).to_json())
    )
    doc["version"] = 0
    text = json.dumps(doc).replace('"version": 0', '"version": ' + version)
    with pytest.raises(
        br.StateFormatError, match=r"^unsupported .* version (an int of|'kkk|\['k)"
    ) as e:
        (br.from_json if kind == "state" else GameRecord.from_json)(text)
    assert len(str(e.value)) < 100


# A hostile value repeated whole ------------------------------------------------------------

#: A hostile value: 100,000 characters that a game's check would repeat whole.
LONG = "Z" * 100_000

# Where each game's checks repeat a field's value (the places /tmp/clockprobe's probe found):
# the JSON path of the state document, the value, and what the message must still name.
ECHOES: dict[str, list[tuple[tuple[str, ...], Any, str]]] = {
    "parchis": [
        (("state", "last"), [LONG], "last: ['ZZZ"),
        (("state", "opened"), [[LONG]], "opened: ['ZZZ"),
        (("state", "squares"), {"12": [[LONG]]}, "square 12: ['ZZZ"),
        (("state", "turn"), [LONG], "turn: ['ZZZ"),
    ],
    "dorada": [
        (("state", "bridges"), {"9": LONG}, "bridges[9]: expected a player 0..3, got 'ZZZ"),
        (("state", "die"), LONG, "die: a die shows 1 to 6, got 'ZZZ"),
        (("state", "to_move"), [LONG], "to_move: expected a player 0..3, got ['ZZZ"),
        (("options", "board"), {LONG: 1}, "options: board field 'ZZZ"),
    ],
    "docker": [
        (("state", "towers", "b2"), [LONG], "towers: b2 holds 'ZZZ"),
        (("state", "towers", "c3"), [[LONG]], "towers: c3 holds ['ZZZ"),
    ],
    "dorasure": [
        (("state", "quests"), [LONG, None, None, None, None], "field 'quests': 'ZZZ"),
        (("state", "rewards"), [{LONG: 1}, None, None, None, None], "field 'rewards': {'ZZZ"),
    ],
}


def _damaged(game: str, path: tuple[str, ...], value: Any) -> str:
    doc = _document(game)
    inner = doc
    for key in path[:-1]:
        inner = inner[key]
    inner[path[-1]] = value
    return json.dumps(doc)


def _short_and_named(error: BaseException, named: str) -> None:
    """A message cut to 300 characters that still says what was wrong (its start), cut
    from the whole one (the error it was raised from, of the same class)."""
    message = str(error)
    assert len(message) == 300 and "..." in message, len(message)
    assert named in message[:150], message[:150]
    original = error.__cause__
    assert type(original) is type(error) and len(str(original)) > 100_000
    assert message.endswith(str(original)[-148:])  # what is allowed, at its end


@pytest.mark.parametrize("game", sorted(ECHOES))
def test_a_long_hostile_value_in_a_state_document_is_named_in_a_short_message(
    game: str,
) -> None:
    for path, value, named in ECHOES[game]:
        text = _damaged(game, path, value)
        with pytest.raises(br.StateFormatError) as e:
            br.from_json(text)
        _short_and_named(e.value, named)
        # Through a record whose start is that position, as the web page loads one.
        record = GameRecord(game, {}, (), (), start=text)
        with pytest.raises(br.StateFormatError) as again:
            GameRecord.from_json(record.to_json()).first_state()
        assert str(again.value) == str(e.value)


@pytest.mark.parametrize(
    ("game", "options", "named"),
    [
        ("dorada", {"board": {LONG: 1}}, "board field 'ZZZ"),
        ("dorasure", {"sheets": {LONG: {}}}, "dorasure option sheets: unknown hero 'ZZZ"),
        ("dorasure", {"quest_tiles": {LONG: 1}}, "dorasure option quest_tiles: unknown quest"),
    ],
)
def test_a_long_hostile_option_is_named_in_a_short_message(
    game: str, options: dict[str, Any], named: str
) -> None:
    calls: list[Callable[[], object]] = [
        lambda: br.new_game(game, **options),
        lambda: importlib.import_module(f"boardrules.{game}").position(**options),
        lambda: GameRecord.from_json(GameRecord(game, options, (), ()).to_json()).first_state(),
    ]
    for call in calls:
        with pytest.raises(br.InvalidOptionError) as e:
            call()
        _short_and_named(e.value, named)


@pytest.mark.parametrize(
    ("game", "where", "named"),
    [
        ("dorada", {"bridges": {9: LONG}}, "bridges[9]: expected a player 0..3, got 'ZZZ"),
        ("dorada", {"turn": [LONG]}, "to_move: expected a player 0..3, got ['ZZZ"),
        ("docker", {"towers": {LONG: [0]}}, "towers: 'ZZZ"),
    ],
)
def test_a_long_hostile_value_given_to_position_is_named_in_a_short_message(
    game: str, where: dict[str, Any], named: str
) -> None:
    with pytest.raises(br.BoardrulesError) as e:
        importlib.import_module(f"boardrules.{game}").position(**where)
    _short_and_named(e.value, named)


def test_the_web_page_names_a_long_hostile_option_in_a_short_message() -> None:
    from boardrules.web._page import call

    arguments = {"game": "dorada", "options": {"board": {LONG: 1}}}
    answer = json.loads(call("names", json.dumps(arguments)))
    assert len(answer["error"]) == 300 and answer["error"].startswith("board field 'ZZZ")


def test_a_cut_refusal_keeps_its_class_and_attributes() -> None:
    from boardrules._values import cut_refusals
    from boardrules.analysis import TooManyStatesError

    error = TooManyStatesError(12, 10)  # a constructor of other parameters than a message
    error.args = ("Z" * 1000,)
    with pytest.raises(TooManyStatesError) as e, cut_refusals():
        raise error
    assert (len(str(e.value)), e.value.found, e.value.limit) == (300, 12, 10)
    assert e.value.__cause__ is error
    # Python's own UnicodeDecodeError is not a message: it passes as it was.
    undecodable = UnicodeDecodeError("utf-8", b"\xff" * 1000, 0, 1000, "Z" * 1000)
    with pytest.raises(UnicodeDecodeError) as raised, cut_refusals():
        raise undecodable
    assert raised.value is undecodable


def test_an_ordinary_refusal_is_raised_as_it_was() -> None:
    # Below 300 characters nothing changes: the very error the game raised.
    doc = _document("parchis")
    doc["state"]["last"] = ["Z"]
    with pytest.raises(br.StateFormatError) as e:
        br.from_json(json.dumps(doc))
    assert str(e.value) == "impossible Parchís position: last: ['Z'] is not a square name " + (
        "('12', 'yellow L3')"
    )
    assert e.value.__cause__ is None


# Moves of the right class with fields of the wrong type ------------------------------------


def _rolled(game: str) -> Any:
    """A decision node of ``game``."""
    s = br.new_game(game)
    rng = random.Random(2)
    while br.is_chance(s):
        s = br.apply_move(s, br.sample_chance(s, rng))
    return s


def _forged(move: Any, value: Any) -> Any:
    """``move`` with its first whole-number field replaced by ``value`` (bypassing any
    check on construction, as a hostile caller could)."""
    field = attrs.fields(type(move))[-1].name
    copy = attrs.evolve(move)
    object.__setattr__(copy, field, type(value)(value))
    return copy


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker"])
@pytest.mark.parametrize("value", [True, 5.0, 2.0])
def test_a_roll_with_a_float_or_bool_die_is_an_illegal_move(game: str, value: Any) -> None:
    s = br.new_game(game)
    roll = br.legal_moves(s)[int(value) - 1]
    with pytest.raises(br.IllegalMoveError, match="not a whole number"):
        br.apply_move(s, _forged(roll, value))


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker"])
def test_a_decision_with_a_float_field_is_an_illegal_move(game: str) -> None:
    s = _rolled(game)
    move = br.legal_moves(s)[0]
    field = attrs.fields(type(move))[-1].name
    forged = attrs.evolve(move)
    object.__setattr__(forged, field, float(getattr(move, field)))
    assert forged == move  # what used to let it through: 5.0 == 5
    with pytest.raises(br.IllegalMoveError, match="not a whole number"):
        br.apply_move(s, forged)


def test_an_equal_copy_of_a_legal_move_is_applied_as_the_legal_move() -> None:
    s = br.new_game("docker")
    after = br.apply_move(s, docker.Roll(4))
    assert after == br.apply_move(s, br.legal_moves(s)[3])
    assert json.loads(br.to_json(after))["state"] == json.loads(br.to_json(after))["state"]
    assert br.from_json(br.to_json(after)) == after


def test_roll_true_is_not_applied_and_never_reaches_the_json() -> None:
    s = br.new_game("docker")
    with pytest.raises(br.IllegalMoveError):
        br.apply_move(s, docker.Roll(True))


class _EqualsEverything:
    """A move object whose ``__eq__`` says yes to anything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker", "dorasure"])
@pytest.mark.parametrize("chance", [True, False])
def test_a_move_whose_eq_is_always_true_is_an_illegal_move(game: str, chance: bool) -> None:
    s = br.new_game(game) if chance else _rolled(game)
    with pytest.raises(br.IllegalMoveError):
        br.apply_move(s, _EqualsEverything())


# position() given values of any type -----------------------------------------------------------

_ANY_TYPE: list[object] = [3, -1, 0, 1.5, 2.0, True, None, object(), "x", b"x", ["x"], [[1]]]
_ANY_TYPE += [(["x"],), {"x": 1}, {1, 2}]
# Names each game's position reads as keys of a mapping (colours, squares, heroes, hexes).
_KEYS: dict[str, list[object]] = {
    "parchis": ["yellow"],
    "dorada": [1, 10],
    "docker": ["b1", 0],
    "dorasure": ["Ninja", "g0", "e0"],
}


@pytest.mark.parametrize("game", sorted(_KEYS))
def test_position_refuses_a_value_of_any_type_or_makes_a_state_its_json_reads_back(
    game: str,
) -> None:
    # Each keyword alone, given each value, as a list of it, in a mapping under each name and
    # as a list there (Dorasure also at a move step, where its dice are read).
    position = importlib.import_module(f"boardrules.{game}").position
    quests: dict[str, object] = {"quests": {"g0": "inscriptions"}}
    bases: list[dict[str, object]] = (
        [quests, {**quests, "step": "move"}] if game == "dorasure" else [{}]
    )
    values = _ANY_TYPE + [[v] for v in _ANY_TYPE]
    values += [shape for k in _KEYS[game] for v in _ANY_TYPE for shape in ({k: v}, {k: [v]})]
    wrong = []
    for base, (name, parameter) in itertools.product(
        bases, inspect.signature(position).parameters.items()
    ):
        if parameter.kind is parameter.VAR_KEYWORD:
            continue
        for value in values:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", DeprecationWarning)  # to_move=, die=
                    state = position(**{**base, name: value})
            except ValueError:
                continue
            except Exception as e:  # a crash: what the test looks for
                wrong.append((name, value, type(e).__name__))
                continue
            try:
                assert br.from_json(br.to_json(state)) == state
            except (ValueError, AssertionError) as e:
                wrong.append((name, value, f"JSON: {e}"))
    assert wrong == []


# Docker: squares off the pitch ----------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [docker.Shift(9, 0), docker.Shift(0, 9), docker.Shift(-1, 0), docker.Entry(-(2**63)),
     docker.Entry(2**63), docker.Shift(2**70, -(2**70))],
    ids=str,
)  # fmt: skip
def test_docker_shift_or_entry_off_the_pitch_is_illegal(move: docker.DockerMove) -> None:
    s = _rolled("docker")
    with pytest.raises(br.IllegalMoveError, match="not on the pitch"):
        br.apply_move(s, move)


# Dorada: boards that make a game endless -----------------------------------------------------

ENDLESS = {"fields": 7, "jumps": [[1, -1], [2, -2], [3, -3], [4, -4], [5, -5], [6, -6], [7, 1]],
           "last_jump": 7}  # fmt: skip


def test_a_dorada_board_where_every_roll_sends_the_piece_back_is_refused() -> None:
    with pytest.raises(br.InvalidOptionError, match="may never reach DORADA or a hole"):
        dorada.board_from_spec(ENDLESS)
    with pytest.raises(br.InvalidOptionError, match="board field 'jumps'"):
        br.new_game("dorada", board=ENDLESS)


def test_a_dorada_board_with_a_trap_behind_the_start_is_refused() -> None:
    # From field 2 every roll lands on a jump back to the start; 0 escapes by a 1, but a
    # piece on 2 (reached by rolling 2) only ever goes back: refused all the same.
    trap = {"fields": 20, "jumps": [[3, -3], [4, -4], [5, -5], [6, -6], [7, -7], [8, -8],
                                    [19, 1]], "last_jump": 19}  # fmt: skip
    with pytest.raises(br.InvalidOptionError, match="may never reach DORADA"):
        dorada.board_from_spec(trap)


def test_a_dorada_document_with_an_endless_board_is_a_state_format_error() -> None:
    doc = _document("dorada")
    doc["options"]["board"] = ENDLESS
    with pytest.raises(br.StateFormatError):
        br.from_json(json.dumps(doc))


# Parchís: impossible states -------------------------------------------------------------------


def _parchis_doc(**changes: Any) -> str:
    s = parchis.position({"yellow": [20, "L2"], "red": [40]}, players=2)
    doc = json.loads(br.to_json(s))
    doc["state"].update(changes)
    return json.dumps(doc)


def test_parchis_pieces_out_of_a_player_not_opened_is_impossible() -> None:
    with pytest.raises(br.StateFormatError, match="must be listed in opened"):
        br.from_json(_parchis_doc(opened=["yellow"]))


def test_parchis_position_counts_a_player_with_a_piece_out_as_opened() -> None:
    # position() may name fewer players in `opened` than have pieces out: those have opened
    # anyway, so the state is the possible one and round-trips.
    s = parchis.position({"yellow": [20], "red": [40]}, opened=["yellow"], players=2)
    assert s == parchis.position({"yellow": [20], "red": [40]}, players=2)
    assert br.from_json(br.to_json(s)) == s


def test_parchis_opened_player_with_every_piece_home_is_possible() -> None:
    # Pieces eaten back into the nest leave the player opened.
    s = parchis.position({"yellow": [20]}, opened=["yellow", "red"], players=2)
    assert br.from_json(br.to_json(s)) == s


def test_parchis_bonus_with_no_last_moved_piece_is_impossible() -> None:
    text = _parchis_doc(phase="bonus", roll=3, count=20, last=None)
    with pytest.raises(br.StateFormatError, match="bonus of 20 is earned by the piece"):
        br.from_json(text)


def test_parchis_bonus_of_10_with_no_piece_in_the_goal_is_impossible() -> None:
    text = _parchis_doc(phase="bonus", roll=3, count=10, last="20")
    with pytest.raises(br.StateFormatError, match="bonus of 10"):
        br.from_json(text)
    with pytest.raises(br.StateFormatError):
        br.from_json(_parchis_doc(phase="bonus", roll=3, count=10, last="goal"))


def test_parchis_bonus_of_20_with_last_goal_is_impossible() -> None:
    s = parchis.position({"yellow": [20, "goal"], "red": [40]}, players=2)
    doc = json.loads(br.to_json(s))
    doc["state"].update(phase="bonus", roll=3, count=20, last="goal")
    with pytest.raises(br.StateFormatError, match="bonus of 20"):
        br.from_json(json.dumps(doc))


def test_parchis_position_finds_the_piece_that_earned_a_bonus() -> None:
    s = parchis.position({"blue": [5], "yellow": [5, 40]}, roll=5, bonus=20)
    assert s.last == 0  # the piece on yellow's exit came out and ate
    assert parchis.position({"yellow": ["goal", 10]}, roll=3, bonus=10).last == parchis.GOAL
    with pytest.raises(br.StateFormatError, match="give last"):
        parchis.position({"yellow": [30, 40], "red": [52]}, roll=3, bonus=20, players=2)


def test_parchis_unknown_state_keys_are_refused() -> None:
    with pytest.raises(br.StateFormatError, match="unknown field 'colour'"):
        br.from_json(_parchis_doc(colour="yellow"))


@pytest.mark.parametrize("field", ["turn", "finished", "opened", "squares"])
def test_parchis_seat_numbers_are_not_colour_names_in_json(field: str) -> None:
    s = parchis.position({"yellow": [20]}, players=2)
    doc = json.loads(br.to_json(s))
    body = doc["state"]
    if field == "turn":
        body["turn"] = 0
    elif field == "squares":
        body["squares"] = {"20": [0]}
    else:
        body[field] = [0]
    with pytest.raises(br.StateFormatError, match="not a colour name"):
        br.from_json(json.dumps(doc))


# Bots, games and sampling --------------------------------------------------------------------


@pytest.mark.parametrize("spec", [".x", "..", "x.", "a..b", ".x:depth=2", "os.path."])
def test_simulate_players_with_a_bad_dotted_name_exit_2_without_a_traceback(
    spec: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "parchis", "--players", spec + ",random", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "cannot load the bot" in err and "Traceback" not in err


@pytest.mark.parametrize("name", [[], {}, 3, None, b"parchis"])
def test_a_game_name_that_is_not_text_is_an_unknown_game(name: Any) -> None:
    with pytest.raises(br.UnknownGameError, match="a game name is a text"):
        br.new_game(name)
    with pytest.raises(br.UnknownGameError, match="a game name is a text"):
        br.get_game(name)


def test_sample_chance_without_a_generator_is_a_type_error() -> None:
    s = br.new_game("parchis")
    with pytest.raises(TypeError, match="needs a random generator"):
        br.sample_chance(s, None)  # type: ignore[arg-type]


def test_sample_chance_at_a_decision_node_is_a_plain_value_error() -> None:
    s = _rolled("parchis")
    with pytest.raises(ValueError, match="needs a chance node") as info:
        br.sample_chance(s, random.Random(1))
    assert not isinstance(info.value, br.NotAStateError)  # the state is fine, the call is not


def test_replay_check_documents_that_the_seed_is_not_used(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["replay", "--help"]) == 0
    assert "seed is not used" in " ".join(capsys.readouterr().out.split())
    assert "replaying does not use it" in " ".join((GameRecord.__doc__ or "").split())


# Bounded caches --------------------------------------------------------------------------------


def test_the_dice_helpers_cache_at_most_their_documented_size() -> None:
    from boardrules import chance

    for sides in range(2, 2 + 3 * chance.CACHE_SIZE):
        chance.die_faces(sides)
        chance.dice_sum(1, sides)
    assert chance.die_faces.cache_info().currsize <= chance.CACHE_SIZE
    assert chance.dice_sum.cache_info().currsize <= chance.CACHE_SIZE
    assert chance.die_faces(6) is chance.die_faces(6)  # the same call, the same tuple


def test_sample_chance_keeps_at_most_its_documented_number_of_tables() -> None:
    from boardrules import api

    s = br.new_game("parchis")
    for _ in range(3 * api._DRAW_TABLES_SIZE):
        outcomes = tuple((m, p) for m, p in br.chance_outcomes(s))  # a fresh tuple each time
        api._draw_table(outcomes)
    assert len(api._draw_tables) <= api._DRAW_TABLES_SIZE


def test_dorada_board_checks_and_layouts_keep_a_bounded_cache() -> None:
    from boardrules.dorada import _board, _observation

    for n in range(10, 10 + 2 * _board.RANKS_CACHE_SIZE):
        spec = {"fields": n, "jumps": [[n - 1, 1]], "last_jump": n - 1}
        s = br.new_game("dorada", players=2, board=spec)
        br.observation(s, 0)
    assert len(_board._RANKS) == len(_board._EXPECTED_MOVES) == _board.RANKS_CACHE_SIZE
    assert len(_observation._LAYOUTS) == _observation.LAYOUTS_SIZE


def test_docker_route_cache_stays_within_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardrules.docker import _board

    routes = _board.PITCH._routes
    assert routes.size == _board.ROUTES_CACHE_SIZE
    monkeypatch.setattr(routes, "size", 50)
    routes.clear()  # earlier tests filled it
    rng = random.Random(3)
    for _ in range(20):
        s = br.new_game("docker")
        while not br.is_terminal(s):
            s = br.apply_move(s, br.sample_chance(s, rng) if br.is_chance(s)
                              else rng.choice(br.legal_moves(s)))  # fmt: skip
            assert len(routes) <= 50
    assert len(routes) == 50


def test_a_dorasure_move_with_a_float_field_is_refused() -> None:
    from boardrules import dorasure

    s = _rolled("dorasure")
    move = br.legal_moves(s)[0]
    assert isinstance(move, dorasure.Step)
    with pytest.raises(TypeError):
        dorasure.Step(float(move.die), move.space, move.name)  # type: ignore[arg-type]
    forged = attrs.evolve(move)
    object.__setattr__(forged, "die", float(move.die))  # past the check on construction
    with pytest.raises(br.IllegalMoveError):
        br.apply_move(s, forged)


# Forged moves at every entry point that takes a move (issue 21, class 7) --------------------

ALL_GAMES = ["parchis", "dorada", "docker", "dorasure"]


def _unset(move: Any) -> Any:
    """An object of ``move``'s class made without its ``__init__``: no field is set."""
    return object.__new__(type(move))


def _retyped(move: Any, make: Any) -> Any:
    """``move`` with its first whole-number field replaced by ``make(value)``."""
    field = next(f.name for f in attrs.fields(type(move)) if type(getattr(move, f.name)) is int)
    copy = attrs.evolve(move)
    object.__setattr__(copy, field, make(getattr(move, field)))
    return copy


_ENTRY_POINTS: dict[str, Callable[[Any, Any], object]] = {
    "apply_move": lambda s, m: br.apply_move(s, m),
    "move_to_action": lambda s, m: br.move_to_action(s, m),
    "render_svg": lambda s, m: br.render_svg(s, move=m),
}


@pytest.mark.parametrize("game", ALL_GAMES)
@pytest.mark.parametrize("chance", [True, False])
@pytest.mark.parametrize("entry", list(_ENTRY_POINTS))
def test_a_move_with_no_field_set_is_an_illegal_move(game: str, chance: bool, entry: str) -> None:
    s = br.new_game(game) if chance else _rolled(game)
    forged = _unset(br.legal_moves(s)[0])
    with pytest.raises(br.IllegalMoveError, match="is not set"):
        _ENTRY_POINTS[entry](s, forged)


@pytest.mark.parametrize("game", ALL_GAMES)
@pytest.mark.parametrize("chance", [True, False])
@pytest.mark.parametrize("entry", list(_ENTRY_POINTS))
def test_a_move_with_a_float_field_is_refused_everywhere(
    game: str, chance: bool, entry: str
) -> None:
    s = br.new_game(game) if chance else _rolled(game)
    forged = _retyped(br.legal_moves(s)[0], float)
    with pytest.raises(br.IllegalMoveError):
        _ENTRY_POINTS[entry](s, forged)


@pytest.mark.parametrize("game", ALL_GAMES)
@pytest.mark.parametrize("chance", [True, False])
@pytest.mark.parametrize("entry", list(_ENTRY_POINTS))
def test_a_move_with_a_numpy_integer_field_is_refused_everywhere(
    game: str, chance: bool, entry: str
) -> None:
    from extras import need

    np = need("numpy", "rl")
    s = br.new_game(game) if chance else _rolled(game)
    forged = _retyped(br.legal_moves(s)[0], np.int64)
    with pytest.raises(br.IllegalMoveError):
        _ENTRY_POINTS[entry](s, forged)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_move_to_action_numbers_an_equal_copy_as_the_legal_move(game: str) -> None:
    s = _rolled(game)
    for move in br.legal_moves(s):
        assert br.move_to_action(s, attrs.evolve(move)) == br.move_to_action(s, move)


# A generator that draws outside [0, 1) (issue 21, class 14) ---------------------------------


def _fixed(value: object) -> Any:
    """A generator whose every draw is ``value`` (typed Any: it is no random.Random)."""
    return SimpleNamespace(random=lambda: value)


def _samplers() -> list[Callable[[Any, Any], Any]]:
    from boardrules.bots import sample_outcome

    return [br.sample_chance, sample_outcome]


@pytest.mark.parametrize(
    "draw",
    [1.0, 1.5, -0.0001, -1.0, float("nan"), float("inf"), -float("inf"), 2**80, -1, True,
     "0.5", None, [0.5], b"x", object()],
    ids=lambda d: "object()" if type(d) is object else repr(d),  # the same in every process
)  # fmt: skip
@pytest.mark.parametrize("sampler", [0, 1], ids=["sample_chance", "sample_outcome"])
def test_a_draw_that_is_no_number_in_0_1_is_refused(draw: Any, sampler: int) -> None:
    s = br.new_game("parchis")
    with pytest.raises(br.BoardrulesError, match=r"to return a number in \[0, 1\)"):
        _samplers()[sampler](s, _fixed(draw))


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_draw_of_another_number_type_in_0_1_is_taken_exactly(game: str) -> None:
    from decimal import Decimal
    from fractions import Fraction

    s = br.new_game(game)
    for x in (0.0, 0.25, 0.999999):
        expected = br.sample_chance(s, _fixed(x))
        assert br.sample_chance(s, _fixed(Fraction(x))) == expected
        assert br.sample_chance(s, _fixed(Decimal(x))) == expected
    assert br.sample_chance(s, _fixed(0)) == br.sample_chance(s, _fixed(0.0))


# Lone surrogates: valid JSON, no Unicode (issue 21, class 10) -------------------------------


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_document_with_a_lone_surrogate_is_a_state_format_error(game: str) -> None:
    text = br.to_json(br.new_game(game))
    damaged = text.replace('"game":"', '"game":"\\ud800', 1)
    with pytest.raises(br.StateFormatError, match=r"must be valid Unicode.*lone surrogate"):
        br.from_json(damaged)
    with pytest.raises(br.StateFormatError, match="lone surrogate"):
        br.from_json(text[:-1] + ',"x":"\\uDC00"}')  # anywhere, even in an unknown field


def test_an_escaped_surrogate_pair_is_a_character_and_is_read() -> None:
    from boardrules._document import load_json

    assert load_json('["\\ud83d\\ude00"]') == ["\U0001f600"]


@pytest.mark.parametrize("game", ALL_GAMES)
def test_an_option_with_a_lone_surrogate_is_an_invalid_option(game: str) -> None:
    with pytest.raises(br.InvalidOptionError, match="lone surrogate"):
        br.new_game(game, players=["\ud800"])
    with pytest.raises(br.InvalidOptionError, match="lone surrogate"):
        br.new_game(game, **{"players": {"\udc80": 1}})


def test_a_dorada_board_named_with_a_lone_surrogate_is_refused() -> None:
    board = {"fields": 10, "jumps": [[4, 2]], "last_jump": 4, "name": "x\udfff"}
    with pytest.raises(br.InvalidOptionError, match="lone surrogate"):
        br.new_game("dorada", players=2, board=board)


def test_a_record_with_a_lone_surrogate_is_a_record_error() -> None:
    record = GameRecord.of(br.new_game("parchis", players=2), [], players=["a", "b"])
    text = record.to_json().replace('"players":["a"', '"players":["a\\ud800"')
    with pytest.raises(RecordError, match="lone surrogate"):
        GameRecord.from_json(text)


@pytest.mark.parametrize("command", ["show", "replay", "replay --html", "replay --check"])
def test_the_cli_answers_a_lone_surrogate_in_one_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if command == "show":
        path = tmp_path / "state.json"
        text = br.to_json(br.new_game("dorada", players=2))
        path.write_text(text.replace('"tie_break":"share"', '"tie_break":"\\ud800"'))
        args = ["show", str(path), "--svg", str(tmp_path / "out.svg")]
    else:
        record = GameRecord.of(br.new_game("parchis", players=2), [], players=["a", "b"])
        path = tmp_path / "game.jsonl"
        path.write_text(record.to_json().replace('"a"', '"\\udcff"') + "\n")
        args = ["replay", str(path), *command.split()[1:]]
        if "--html" in args:
            args.append(str(tmp_path / "page.html"))
    assert main(args) == 2  # an invalid input file
    err = capsys.readouterr().err
    assert "lone surrogate" in err and "Traceback" not in err and len(err.splitlines()) == 1


def test_a_cli_option_with_a_lone_surrogate_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "dorada", "-o", 'tie_break="\\ud800"', "--games", "1"]) == 2
    assert main(["simulate", "dorada", "-o", "tie_break=\udcff", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("lone surrogate") == 2 and "Traceback" not in err


# Terminal text, seeds and records built in Python (issue 21, left open) --------------------


@pytest.mark.parametrize("name", ["\x1b[2J", "a\x9b2Jb", "line\rover", "two\nlines", "\x07"])
def test_a_dorada_board_named_with_a_control_character_is_refused(name: str) -> None:
    board = {"fields": 10, "jumps": [[4, 2]], "last_jump": 4, "name": name}
    message = (
        "board field 'name': a board name is a non-empty text of at most 60 characters, "
        "all printable (no control characters)"
    )
    with pytest.raises(br.InvalidOptionError) as refused:
        br.new_game("dorada", players=2, board=board)
    assert str(refused.value) == message
    with pytest.raises(br.InvalidOptionError, match="all printable"):
        dorada.Board(name, 10, (), ((4, 2),), (), 4)


def test_a_dorada_document_whose_board_name_clears_the_terminal_is_refused() -> None:
    board = {"fields": 10, "jumps": [[4, 2]], "last_jump": 4, "name": "clear"}
    text = br.to_json(br.new_game("dorada", players=2, board=board))
    assert '"name":"clear"' in text
    with pytest.raises(br.StateFormatError, match=r"^options: .*all printable"):
        br.from_json(text.replace('"name":"clear"', '"name":"\\u001b[2J"'))


@pytest.mark.parametrize("name", ["Ruta de l'Or", "camí d’or 2", "黄金の道", "x" * 60])
def test_a_printable_dorada_board_name_is_shown_as_given(name: str) -> None:
    board = {"fields": 10, "jumps": [[4, 2]], "last_jump": 4, "name": name}
    s = br.new_game("dorada", players=2, board=board)
    assert f"Dorada on board {name}, 2 players" in br.render(s)
    assert f"Dorada on board {name}, 2 players" in str(s)


def _seeded_record(seed: str) -> str:
    record = GameRecord.of(br.new_game("parchis", players=2), [], players=["a", "b"], seed=1)
    return record.to_json().replace('"seed":1', f'"seed":{seed}')


@pytest.mark.parametrize("seed", ["18446744073709551616", "-18446744073709551616", "1" * 4000])
def test_a_record_with_a_seed_out_of_range_is_refused(seed: str) -> None:
    bits = int(seed).bit_length()
    with pytest.raises(RecordError) as refused:
        GameRecord.from_json(_seeded_record(seed))
    assert str(refused.value) == (
        "the 'seed' field must be null or a whole number n with -2**64 < n < 2**64, "
        f"not an integer of {bits} bits"
    )


@pytest.mark.parametrize("command", ["replay", "replay --check", "play --resume"])
def test_the_cli_answers_a_record_with_a_huge_seed_or_an_escape_in_a_label_in_one_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.jsonl"
    for text, says in [
        (_seeded_record("1" + "0" * 30), "not an integer of 100 bits"),
        (
            _seeded_record("1").replace('"a"', '"\\u001b[2J"'),
            "the label '\\x1b[2J' holds a control",
        ),
    ]:
        path.write_text(text + "\n")
        args = [*command.split()[:1], str(path), *command.split()[1:]]
        if command == "play --resume":
            args = ["play", "parchis", "--resume", str(path), "--quiet"]
        assert main(args) == 2
        err = capsys.readouterr().err
        assert says in err and "\x1b" not in err
        assert "Traceback" not in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("seed", ["18446744073709551616", "-18446744073709551616", "9" * 5000])
def test_play_refuses_a_seed_the_record_cannot_hold_with_exit_code_2(
    seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "parchis", "--players", "2", "--seed", seed, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "a seed is a whole number n with -2**64 < n < 2**64" in err
    assert "Traceback" not in err and len(err) < 400


def test_play_takes_the_largest_seed_a_record_holds(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (2**64 - 1, -(2**64) + 1):
        assert main(["play", "docker", "--players", "2", "--seed", str(seed), "--quiet"]) == 0
        assert capsys.readouterr().out.startswith(f"docker, seed {seed}: ")


# Values an error message cannot write out ---------------------------------------------------


# An option given a hostile value: the fuzz suite draws every option; here first_player.
_ENTRIES: dict[str, Callable[[Any, Any], object]] = {
    **ENTRIES,
    "new_game(first_player=)": lambda s, v: br.new_game(br.game_of(s).name, first_player=v),
}


@pytest.mark.parametrize("game", ["parchis", "dorada", "docker", "dorasure"])
@pytest.mark.parametrize(
    "value",
    [10**5000, Unprintable(), "x" * 100_000],
    ids=["int of 5001 digits", "failing repr", "text of 100,000 characters"],
)
def test_a_value_an_error_message_cannot_write_is_refused_in_a_short_message(
    game: str, value: object
) -> None:
    # Issue 36, round 3: a whole number of more than 4,300 digits (which str() refuses) or
    # an object whose repr fails, passed where a move, an action, a seat, a size or an
    # option goes, raised a raw ValueError or RuntimeError while the refusal was written;
    # a long text was echoed whole.  Every entry point now refuses it in a short message.
    s = br.new_game(game)
    for name, call in _ENTRIES.items():
        with pytest.raises(ValueError) as refused:
            call(s, value)
        message = str(refused.value)
        assert len(message) < 600 and "Exceeds the limit" not in message, (name, message)


_LONG = "x" * 100_000


@pytest.mark.parametrize(
    ("game", "args", "kwargs"),
    [
        ("parchis", (5,), {}),
        ("parchis", ({"yellow": 12},), {}),
        ("parchis", ({"yellow": [10**5000]},), {}),
        ("parchis", ({"yellow": [_LONG]},), {}),
        ("parchis", ({_LONG: [1]},), {}),
        ("docker", (5,), {}),
        ("dorasure", (None,), {}),
        ("dorasure", (5,), {}),
        ("dorasure", ("Ninja",), {}),
        ("dorasure", (), {"turn": _LONG}),
        ("dorasure", (), {"at": {"Ninja": _LONG}}),
        ("dorasure", (), {"quests": {"g0": _LONG}}),
    ],
)  # fmt: skip
def test_a_position_set_up_from_values_of_the_wrong_kind_is_refused_in_a_short_message(
    game: str, args: tuple[object, ...], kwargs: dict[str, object]
) -> None:
    # position() is a public entry point: a value of the wrong kind (a number for a mapping,
    # a text for a list, a huge number, a megabyte of text) is bad input, refused as such.
    position = importlib.import_module(f"boardrules.{game}").position
    with pytest.raises(ValueError) as refused:
        position(*args, **kwargs)
    assert isinstance(refused.value, br.BoardrulesError)
    assert len(str(refused.value)) < 300


def test_a_hero_named_by_a_huge_number_is_refused_without_the_interpreter_s_digit_limit() -> None:
    # Writing the refused name must not itself fail (str() of a 5000-digit int raises).
    with pytest.raises(br.InvalidOptionError) as refused:
        br.new_game("dorasure", heroes=(10**5000,))
    assert "is not a hero" in str(refused.value)
    assert "Exceeds the limit" not in str(refused.value)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_parchis_refuses_an_empty_list_of_colours_with_the_players_given(players: int) -> None:
    # An empty list was read as "the default colours" when players was given (and refused
    # without it), in new_game and in a state document's options alike.
    with pytest.raises(br.InvalidOptionError, match=f"give {players} colours, one a player"):
        br.new_game("parchis", players=players, colours=[])
    doc = json.loads(br.to_json(br.new_game("parchis", players=players)))
    doc["options"]["colours"] = []
    with pytest.raises(br.StateFormatError, match=f"give {players} colours, one a player"):
        br.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    "args",
    [
        ["show", "STATE", "--svg", ""],
        ["show", "STATE", "--png", ""],
        ["replay", "RECORD", "--html", ""],
        ["review", "RECORD", "--rollouts", "2", "--html", ""],
        ["play", "docker", "--quiet", "--record", ""],
        ["play", "docker", "--quiet", "--start", ""],
        ["play", "docker", "--quiet", "--resume", ""],
        ["simulate", "docker", "--games", "1", "--quiet", "--out", ""],
        ["tournament", "docker", "--bots", "random,greedy", "--games", "1", "--out", ""],
    ],
    ids=lambda args: f"{args[0]} {args[-2]}",
)
def test_an_empty_file_name_is_refused_not_taken_for_the_option_left_out(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # show printed the text board, replay and review wrote no page, play played a new game
    # and kept no record: an empty name (--record "$FILE", FILE unset) went unnoticed.
    _, record = br.bots.play_game(br.new_game("docker", players=2), [br.bots.RandomBot()] * 2)
    files = {"STATE": br.to_json(br.new_game("docker")), "RECORD": record.to_json()}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    given = [str(tmp_path / a) if a in files else a for a in args]
    assert main(given) == 2
    err = capsys.readouterr().err
    assert f"error: argument {args[-2]}: the file name is empty" in err


_Q = "q" * 100_000


@pytest.mark.parametrize(
    "args",
    [["play", "docker", "-o", _Q], ["play", "docker", "-o", _Q + "=1"], ["play", _Q],
     ["simulate", _Q], ["simulate", "docker", "-o", _Q + "=1", "-o", _Q + "=2"], [_Q],
     ["analyse", "--policy", _Q, "s.json"], ["replay", "r.json", "--game", _Q],
     ["web", _Q]],
    ids=["option", "option name", "game", "simulate game", "option twice", "command",
         "policy", "number", "web command"],
)  # fmt: skip
def test_a_command_line_argument_of_100000_characters_is_named_cut_short(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # The command's messages (unknown game, option, NAME=VALUE) and argparse's own (invalid
    # choice, invalid int value) quoted the whole argument: a line of 100,000 characters.
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "error: " in err and len(err) < 800 and "qqqq..." in err


def test_a_number_of_5000_digits_in_a_document_is_named_without_python_s_advice() -> None:
    # The refusal quoted Python: "Exceeds the limit (4300 digits) for integer string
    # conversion ...; use sys.set_int_max_str_digits() to increase the limit".
    text = br.to_json(br.new_game("docker")).replace('"players":4', '"players":' + "9" * 5000)
    assert "9" * 5000 in text
    for read in (br.from_json, GameRecord.from_json):
        with pytest.raises(br.BoardrulesError) as refused:
            read(text)
        assert str(refused.value) == "not a JSON document: a whole number of more than 4,300 digits"
