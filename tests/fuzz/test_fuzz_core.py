"""Fuzzing what every game shares: the JSON envelope, options, records and the command line."""

from __future__ import annotations

import json
import math
import random
import time
import unicodedata
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import fuzzing
import pytest
from fuzzing import (
    FUZZ,
    check_document,
    check_options,
    check_record,
    check_unchecked_move,
    hostile_options,
    json_values,
    midgame_states,
    mutations,
    records,
    records_with_forged_fields,
    timed,
    unchecked_moves,
)
from hypothesis import given
from hypothesis import strategies as st

import boardrules as br
from boardrules.cli import main

pytestmark = [pytest.mark.fuzz, pytest.mark.slow]

GAMES = ("parchis", "dorada", "docker", "dorasure")


def _spin(seconds: float) -> int:
    """Burn ``seconds`` of CPU."""
    end, turns = time.process_time() + seconds, 0
    while time.process_time() < end:
        turns += 1
    return turns


def _wait_then(seconds: float, result: int) -> int:
    time.sleep(seconds)
    return result


def test_a_call_that_computes_too_long_fails_the_time_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(fuzzing, "TIME_LIMIT", 0.02)
    with pytest.raises(AssertionError, match="s of CPU"):
        timed(lambda: _spin(0.05))


def test_a_call_that_waits_counts_wall_time_not_cpu(monkeypatch: pytest.MonkeyPatch) -> None:
    # A loaded machine stretches wall time, so waiting alone must not fail the CPU limit ...
    monkeypatch.setattr(fuzzing, "TIME_LIMIT", 0.02)
    assert timed(lambda: _wait_then(0.05, 7)) == 7
    # ... but a call that hangs is caught by the wall limit.
    monkeypatch.setattr(fuzzing, "WALL_LIMIT", 0.02)
    with pytest.raises(AssertionError, match=r"took 0\.\d s$"):
        timed(lambda: _wait_then(0.05, 0))


@FUZZ
@given(st.sampled_from(GAMES), st.data())
def test_mutated_envelopes_are_refused_or_round_trip(game: str, data: st.DataObject) -> None:
    doc = json.loads(br.to_json(br.new_game(game)))
    envelope = {k: v for k, v in doc.items() if k != "state"}
    mutated = data.draw(mutations(envelope))
    if isinstance(mutated, dict):
        mutated["state"] = doc["state"]
    check_document(json.dumps(mutated))


@FUZZ
@given(st.one_of(st.text(max_size=40), st.binary(max_size=40), json_values.map(json.dumps)))
def test_any_text_is_refused_or_round_trips(text: str | bytes) -> None:
    check_document(text)


@FUZZ
@given(st.sampled_from(GAMES), st.data())
def test_hostile_options_are_refused_or_give_a_sound_state(game: str, data: st.DataObject) -> None:
    check_options(game, data.draw(hostile_options(game)))


@FUZZ
@given(st.sampled_from(("parchis", "dorada", "docker")), st.data())
def test_damaged_records_are_refused_or_replay(game: str, data: st.DataObject) -> None:
    check_record(data.draw(records(game)))


@FUZZ
@given(st.sampled_from(GAMES), json_values)
def test_get_game_and_new_game_refuse_any_name(game: str, name: Any) -> None:
    if name in GAMES:
        return
    with pytest.raises(br.UnknownGameError):
        br.new_game(name)


@FUZZ
@given(st.sampled_from(GAMES), st.integers(0, 2**32 - 1))
def test_sample_chance_draws_a_legal_outcome_like_the_exact_sum(game: str, seed: int) -> None:
    from fractions import Fraction

    state = br.new_game(game)
    outcomes = br.chance_outcomes(state)
    draw = random.Random(seed)
    x = Fraction(random.Random(seed).random())
    acc, expected = Fraction(0), outcomes[-1][0]
    for move, p in outcomes:
        acc += p
        if x < acc:
            expected = move
            break
    assert br.sample_chance(state, draw) == expected


_OPTION_VALUES = st.one_of(
    json_values.map(json.dumps), st.text(max_size=12), st.just("[" * 2000 + "]" * 2000)
)


@FUZZ
@given(st.sampled_from(GAMES), st.lists(st.tuples(st.text(max_size=8), _OPTION_VALUES),
                                         max_size=3))  # fmt: skip
def test_the_cli_answers_hostile_options_with_an_exit_code(
    game: str, options: list[tuple[str, str]]
) -> None:
    args = ["simulate", game, "--games", "1", "--quiet"]
    for name, value in options:
        args += ["-o", f"{name}={value}"]
    assert timed(lambda: main(args)) in (0, 1, 2)


@FUZZ
@given(st.text(alphabet=st.sampled_from("random,greedy.:=x0 "), max_size=20))
def test_the_cli_answers_hostile_player_lists_with_an_exit_code(players: str) -> None:
    assert timed(lambda: main(["simulate", "parchis", "--players", players, "--games", "1",
                               "--quiet"])) in (0, 1, 2)  # fmt: skip


@FUZZ
@given(records("parchis"))
def test_replay_check_answers_damaged_records_with_an_exit_code(text: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        path.write_text(text + "\n", encoding="utf-8")
        assert timed(lambda: main(["replay", str(path), "--check"])) in (0, 1, 2)


# Issue 21 ------------------------------------------------------------------------------------


@FUZZ
@given(st.sampled_from(GAMES), st.data())
def test_moves_made_past_their_constructor_are_refused_at_every_entry_point(
    game: str, data: st.DataObject
) -> None:
    state = data.draw(midgame_states(game, max_moves=60))
    if br.is_terminal(state):
        return
    check_unchecked_move(state, data.draw(unchecked_moves(state)))


def _fixed(value: object) -> Any:
    """A generator whose every draw is ``value`` (typed Any: it is no random.Random)."""
    return SimpleNamespace(random=lambda: value)


_DRAWS = st.one_of(
    st.floats(),  # nan, inf, huge, tiny, negative zero
    st.floats(0, 1, exclude_max=True),
    st.integers(-(2**70), 2**70),
    st.fractions(),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.text(max_size=4),
    st.none(),
    st.booleans(),
    json_values,
)


@FUZZ
@given(st.sampled_from(GAMES), st.integers(0, 2**32 - 1), _DRAWS)
def test_a_draw_outside_0_1_is_refused_and_any_other_gives_the_exact_outcome(
    game: str, seed: int, draw: Any
) -> None:
    from fractions import Fraction

    from boardrules.bots import sample_outcome

    state = play_randomly_to_chance(game, seed)
    outcomes = br.chance_outcomes(state)
    exact: Fraction | None = _exact_in_unit(draw)
    for sampler in (br.sample_chance, sample_outcome):
        if exact is None and draw is not False:
            with pytest.raises(br.BoardrulesError, match=r"a number in \[0, 1\)"):
                timed(lambda: sampler(state, _fixed(draw)))  # noqa: B023 (called at once)
            continue
        got = timed(lambda: sampler(state, _fixed(draw)))  # noqa: B023 (called at once)
        assert got in [m for m, _ in outcomes]
    if exact is not None:  # sample_chance compares exactly: the outcome the exact sum gives
        acc, expected = Fraction(0), outcomes[-1][0]
        for move, p in outcomes:
            acc += p
            if exact < acc:
                expected = move
                break
        assert br.sample_chance(state, _fixed(draw)) == expected


def _exact_in_unit(draw: Any) -> Any:
    """``draw`` as a Fraction if it is a number (no bool) in [0, 1), else None."""
    from decimal import Decimal
    from fractions import Fraction

    if isinstance(draw, bool) or not isinstance(draw, int | float | Fraction | Decimal):
        return None
    if isinstance(draw, Decimal) and not draw.is_finite():
        return None
    if isinstance(draw, float) and not math.isfinite(draw):
        return None
    return Fraction(draw) if 0 <= draw < 1 else None


def play_randomly_to_chance(game: str, seed: int) -> Any:
    """The last chance node of a random game of ``game`` played up to 40 moves."""
    rng = random.Random(seed)
    state = last = br.new_game(game)
    for _ in range(rng.randrange(40)):
        if br.is_terminal(state):
            break
        if br.is_chance(state):
            last, move = state, br.sample_chance(state, rng)
        else:
            move = rng.choice(br.legal_moves(state))
        state = br.apply_move(state, move)
    return last


_NUMBER_TEXTS = st.one_of(
    st.integers(-3, 40).map(str),
    st.sampled_from(["300", "10000", "nan", "inf", "-inf", "1e308", "2.5", "0x10", "²", "True",
                     "none", ""]),
    st.floats().map(repr),
)  # fmt: skip


@FUZZ
@given(
    st.sampled_from(["expectimax", "greedy", "mcts"]),
    st.lists(st.tuples(st.sampled_from(["depth", "chance_depth", "exploration", "iterations",
                                        "rollout_depth"]), _NUMBER_TEXTS), max_size=3),
    st.sampled_from(GAMES),
    st.integers(0, 2**32 - 1),
)  # fmt: skip
def test_search_bots_refuse_bounds_out_of_range_and_never_recurse_too_deep(
    name: str, parameters: list[tuple[str, str]], game: str, seed: int
) -> None:
    from boardrules.analysis import MAX_CHANCE_DEPTH, MAX_DEPTH
    from boardrules.bots import make_bot

    # Small bounds last (a later NAME=VALUE wins), so that each move is quick.
    small = {"expectimax": ":max_nodes=40", "greedy": ":max_nodes=40", "mcts": ":iterations=5"}
    spec = name + "".join(f":{key}={value}" for key, value in parameters) + small[name]
    try:
        bot: Any = timed(lambda: make_bot(spec))
    except br.InvalidOptionError:
        return
    state = play_randomly_to_chance(game, seed)
    if name != "mcts":  # no chance_depth given: the game's own
        assert 1 <= bot.depth <= MAX_DEPTH and 0 <= bot.rolls(state) <= MAX_CHANCE_DEPTH
    else:
        assert math.isfinite(bot.exploration) and bot.exploration >= 0
    rng = random.Random(seed)
    while br.is_chance(state):
        state = br.apply_move(state, br.sample_chance(state, rng))
    if not br.is_terminal(state):
        assert timed(lambda: bot.choose(state, rng)) in br.legal_moves(state)


@FUZZ
@given(st.one_of(st.integers(-(2**70), 2**70), st.floats(), json_values), st.integers(-50, 50))
def test_expectimax_refuses_any_depth_out_of_range_before_searching(
    depth: Any, chance_depth: int
) -> None:
    from boardrules.analysis import MAX_CHANCE_DEPTH, MAX_DEPTH, expectimax

    in_range = type(depth) is int and 0 <= depth <= MAX_DEPTH
    if in_range and 0 <= chance_depth <= MAX_CHANCE_DEPTH:
        return  # a legal search: possibly long, not what this test is about
    with pytest.raises(br.InvalidOptionError, match="must be a whole number from"):
        timed(lambda: expectimax(br.new_game("dorasure"), depth, chance_depth=chance_depth))


_DIGITS = st.characters(categories=["Nd", "No", "Nl"])  # every script's digits and numerals


@FUZZ
@given(st.text(alphabet=st.one_of(_DIGITS, st.sampled_from("0123456789 ,random")), min_size=1,
               max_size=8), st.sampled_from(["simulate", "play"]))  # fmt: skip
def test_the_cli_answers_players_in_any_script_s_digits_with_an_exit_code(
    players: str, command: str
) -> None:
    import contextlib
    import io

    args = [command, "parchis", "--players", players]
    args += ["--games", "1", "--quiet"] if command == "simulate" else []
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = timed(lambda: main(args))
    assert code in (0, 1, 2)
    assert "Traceback" not in err.getvalue()
    if code == 0 and players.strip().isdigit():
        assert players.strip().isascii()  # only 0-9 are read as a count


@FUZZ
@given(st.sampled_from(GAMES), st.data())
def test_records_with_forged_options_or_huge_results_are_refused_or_consistent(
    game: str, data: st.DataObject
) -> None:
    check_record(data.draw(records_with_forged_fields(game)))


@FUZZ
@given(st.sampled_from(["parchis", "docker"]), st.data())
def test_replay_answers_forged_records_with_an_exit_code_in_one_line(
    game: str, data: st.DataObject
) -> None:
    import contextlib
    import io
    import tempfile

    text = data.draw(records_with_forged_fields(game))
    how = data.draw(st.sampled_from([["--check"], [], ["--html", "page.html"]]))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.jsonl"
        path.write_text(text + "\n", encoding="utf-8")
        args = ["replay", str(path), *(a if a != "page.html" else str(Path(tmp) / a) for a in how)]
        err, out = io.StringIO(), io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
            code = timed(lambda: main(args))
    assert code in (0, 1, 2)
    assert "Traceback" not in err.getvalue() and len(err.getvalue().splitlines()) <= 1
    # Nothing a record holds reaches the terminal as a control character (an escape
    # sequence in a player label would be obeyed by it).
    shown = (out.getvalue() + err.getvalue()).replace("\n", "")
    assert not [c for c in shown if unicodedata.category(c) == "Cc"]


# Any character: controls, lone surrogates, unassigned, private use, U+FFFE.
_ANY_CHARACTER = st.one_of(
    st.characters(categories=["Cc", "Cs", "Cn", "Co", "Cf", "Zl", "Zp"]),
    st.characters(),
    st.sampled_from(["\ud800", "\udfff", "\ufffe", "\uffff", "\x00", "&", "<", "]", ">", '"']),
)
_ANY_TEXT = st.text(alphabet=_ANY_CHARACTER, min_size=1, max_size=30)


def _well_formed(svg: str) -> None:
    import xml.etree.ElementTree as ET

    ET.fromstring(svg.encode("utf-8"))  # UTF-8 can hold it, and it is well-formed XML


@FUZZ
@given(_ANY_TEXT)
def test_the_svg_writer_makes_any_text_well_formed(text: str) -> None:
    from boardrules._svg import Drawing

    d = Drawing(10, 10)
    d.open(text, title=text)
    d.text(1, 1, text, cls=text)
    d.close()
    _well_formed(d.document(20, title=text))


@FUZZ
@given(_ANY_TEXT)
def test_a_dorada_board_name_of_any_characters_is_refused_or_draws_and_round_trips(
    name: str,
) -> None:
    board = {"fields": 10, "jumps": [[4, 2]], "last_jump": 4, "name": name}
    try:
        state = timed(lambda: br.new_game("dorada", players=2, board=board))
    except br.InvalidOptionError:
        return
    # The name is shown in terminal text: no character of it may be a control character
    # (issue 21, left open: "\x1b[2J" would clear the terminal).
    assert name.isprintable()
    for text in (br.render(state), str(state)):
        assert not [c for c in text.replace("\n", "") if unicodedata.category(c) == "Cc"]
    _well_formed(br.render_svg(state))
    text = br.to_json(state)
    text.encode("utf-8")
    assert br.from_json(text) == state


@FUZZ
@given(st.sampled_from(GAMES), st.data())
def test_documents_and_records_with_any_text_are_refused_or_can_be_written(
    game: str, data: st.DataObject
) -> None:
    from boardrules.records import GameRecord, final_state

    state = data.draw(midgame_states(game, max_moves=40))
    doc = json.loads(br.to_json(state))
    record = json.loads(GameRecord.of(state, [], players=["a"] * br.num_players(state)).to_json())
    record["start"] = br.to_json(state)
    target = data.draw(st.sampled_from(["document", "record"]))
    value = doc if target == "document" else record
    # Replace a text somewhere (a key or a value) with any text, or add a field holding one.
    texts = _text_paths(value)
    new = data.draw(_ANY_TEXT)
    replace: bool = data.draw(st.booleans())
    if texts and replace:
        path: tuple[Any, ...] = data.draw(st.sampled_from(texts))
        value = _set_path(value, path, new)
    else:
        value = {**value, new: new}
    text = json.dumps(value, ensure_ascii=data.draw(st.booleans()))
    try:
        if target == "document":
            got = timed(lambda: br.from_json(text))
            br.to_json(got).encode("utf-8")
            if br.game_of(got).render_svg is not None:
                _well_formed(br.render_svg(got))
        else:
            rec = timed(lambda: GameRecord.from_json(text))
            timed(lambda: final_state(rec))
            rec.to_json().encode("utf-8")
    except br.BoardrulesError:
        return
    except UnicodeEncodeError as e:  # pragma: no cover (the defect this test guards against)
        raise AssertionError(f"an accepted {target} cannot be written: {e}") from None


def _text_paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every text value of a JSON value."""
    if isinstance(value, str):
        return [here]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _text_paths(v, (*here, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _text_paths(v, (*here, i))]
    return []


def _set_path(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy: Any = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _set_path(value[path[0]], path[1:], new)
    return copy


@st.composite
def _dorada_boards(draw: st.DrawFn) -> Any:
    """Dorada board data (mostly forward jumps, so that many are accepted), now and then with
    a name of any characters, or a board's name or an object instead."""
    n = draw(st.integers(3, 30))
    kinds = draw(st.dictionaries(st.integers(1, n), st.sampled_from("sjjg"), max_size=6))
    jumps = [[f, draw(st.integers(1, 4))] for f, k in kinds.items() if k == "j"]
    board: dict[str, Any] = {
        "fields": n,
        "stumble": [f for f, k in kinds.items() if k == "s"],
        "gold": [f for f, k in kinds.items() if k == "g"],
        "jumps": jumps,
    }
    if jumps:
        board["last_jump"] = jumps[-1][0]
    if draw(st.booleans()):
        board["name"] = draw(st.one_of(_ANY_TEXT, st.sampled_from(["classic-40", "x,y=(z)%"])))
    return draw(st.sampled_from([board, board, board, "classic-40", "{", [board]]))


@FUZZ
@given(_dorada_boards(), st.sampled_from(["load_game", "string", "parameters"]))
def test_openspiel_takes_a_dorada_board_as_new_game_does(board: Any, how: str) -> None:
    from extras import need

    need("pyspiel", "openspiel")
    import pyspiel

    import boardrules.openspiel as bo

    try:
        expected = timed(lambda: br.new_game("dorada", players=2, board=board))
    except br.InvalidOptionError:
        expected = None
    text = board if isinstance(board, str) else bo.encode_json(board)
    loads = {
        "load_game": lambda: bo.load_game("dorada", players=2, board=board),
        "string": lambda: pyspiel.load_game(f"boardrules_dorada(players=2,board={text})"),
        "parameters": lambda: pyspiel.load_game("boardrules_dorada", {"players": 2, "board": text}),
    }
    try:
        game = timed(loads[how])
    except (br.InvalidOptionError, pyspiel.SpielError):
        assert expected is None or how == "string", "a board new_game takes is refused"
        return
    assert expected is not None, "a board new_game refuses is taken"
    assert game.new_initial_state().boardrules_state == expected
    assert pyspiel.load_game(str(game)).new_initial_state().boardrules_state == expected
