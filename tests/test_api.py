"""The game-independent API (boardrules.api): dispatch, a game of the user's own, exact
draws at chance nodes, the JSON document, and the exact refusals a caller reads.

A game of the user's own, ``toss``, is registered for the tests that need one (and removed
after them): one draw of a weighted die with three faces decides it.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from types import SimpleNamespace
from typing import Any, ClassVar

import attrs
import pytest

import boardrules as br
from boardrules import api
from boardrules._lru import LRU

# The faces of the toss and their probabilities: a sixth, a third and a half, so that the
# draw table needs the common denominator 6 (the last one alone, 2, would not do).
WEIGHTS = ((1, Fraction(1, 6)), (2, Fraction(1, 3)), (3, Fraction(1, 2)))


@attrs.frozen
class Face:
    value: int

    def __str__(self) -> str:
        return f"face {self.value}"


@attrs.frozen
class Toss:
    game: ClassVar[br.Game[Toss, Face]]
    face: int | None = None


def _outcomes(s: Toss) -> tuple[tuple[Face, Fraction], ...]:
    return () if s.face is not None else OUTCOMES


OUTCOMES = tuple((Face(v), p) for v, p in WEIGHTS)


def _returns(s: Toss) -> tuple[float, ...]:
    return (0.0, 0.0) if s.face is None else (1.0, 0.0) if s.face == 3 else (0.0, 1.0)


def _decode(options: dict[str, Any], body: dict[str, Any]) -> Toss:
    return Toss(body["face"])  # a KeyError for a body without it: the API's net catches it


TOSS: br.Game[Toss, Face] = br.Game(
    name="toss",
    summary="one weighted draw decides",
    options=(),
    state_type=Toss,
    move_type=Face,
    new_game=Toss,
    current_player=lambda s: br.CHANCE if s.face is None else br.TERMINAL,
    num_players=lambda s: 2,
    legal_moves=lambda s: tuple(m for m, _ in _outcomes(s)),
    chance_outcomes=_outcomes,
    apply_move=lambda s, m: Toss(m.value),
    returns=_returns,
    render=lambda s: f"face {s.face}",
    parse_move=lambda s, text: Face(int(text.split()[-1])),
    options_of=lambda s: {},
    evaluate=lambda s: (0.5, 0.5),
    encode=lambda s: {"face": s.face},
    decode=_decode,
)


@pytest.fixture
def toss() -> Iterator[br.Game[Toss, Face]]:
    br.register_game(TOSS)
    yield TOSS
    del api._registered["toss"]


@pytest.fixture(autouse=True)
def fresh_draw_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test builds the draw tables it uses (none is left from an earlier test)."""
    api._draw_tables.clear()
    monkeypatch.setattr(api, "_last_draw", api._NO_DRAW)


def draw(value: object) -> Any:
    """A generator whose every draw is ``value`` (typed Any: it is no random.Random)."""
    return SimpleNamespace(random=lambda: value)


# A game of the user's own ------------------------------------------------------------------


def test_a_registered_game_comes_after_the_built_in_ones_and_plays(
    toss: br.Game[Toss, Face],
) -> None:
    assert br.available_games() == ("parchis", "dorada", "docker", "dorasure", "toss")
    s = br.new_game("toss")
    assert br.game_of(s) is toss and br.get_game("toss") is toss
    assert br.current_player(s) == br.CHANCE and br.is_chance(s)
    after = br.apply_move(s, Face(3))
    assert br.is_terminal(after) and br.returns(after) == (1.0, 0.0)
    assert br.evaluate(s) == (0.5, 0.5)
    assert br.render(after) == "face 3"
    assert br.parse_move(s, "face 2") == Face(2)


def test_the_player_to_move_is_the_registered_record_s() -> None:
    # The API reads the player to move from the state; a record registered later for the
    # same state class (here one where the toss is already over) is the one asked.
    over = attrs.evolve(TOSS, name="toss-over", current_player=lambda s: br.TERMINAL)
    br.register_game(over)
    try:
        assert br.is_terminal(Toss()) and not br.is_chance(Toss())
        assert br.current_player(Toss()) == br.TERMINAL
    finally:
        del api._registered["toss-over"]
        br.register_game(TOSS)
        del api._registered["toss"]
    assert br.is_chance(Toss()) and br.current_player(Toss()) == br.CHANCE


def test_position_problems_are_the_game_s_and_none_for_a_game_that_checks_no_law(
    toss: br.Game[Toss, Face],
) -> None:
    from boardrules import parchis

    s = parchis.position({"yellow": [30], "red": [31, 40, 50, 60]}, roll=3, bonus=20, players=2)
    assert br.position_problems(s) == parchis.position_problems(s) != ()
    assert br.position_problems(Toss()) == ()  # the toss's record has no position_problems
    with pytest.raises(br.NotAStateError):
        br.position_problems(3)  # type: ignore[arg-type]


def test_a_game_numbers_its_chance_outcomes_apart_from_its_decisions() -> None:
    s = br.new_game("parchis", players=2)
    assert (br.num_chance_outcomes(s), br.num_actions(s)) == (6, 73)
    assert br.num_actions(br.new_game("docker", players=2)) == 90  # read from the state
    assert br.legal_actions(s) == (0, 1, 2, 3, 4, 5)
    assert str(br.action_to_move(s, 4)) == "roll 5"


def test_every_game_function_is_the_one_of_the_state_s_game() -> None:
    s = br.new_game("parchis", players=2)
    assert br.evaluate(s) == br.get_game("parchis").evaluate(s)
    assert br.parse_move(s, "roll 5") == br.legal_moves(s)[4]
    hero = br.new_game("dorasure", players=2)  # its number of outcomes is read from the state
    count = br.get_game("dorasure").num_chance_outcomes
    assert count is not None and br.num_chance_outcomes(hero) == count(hero)
    assert br.player_names(s) == ("yellow", "red")
    assert br.player_name(s, 0) == "yellow"
    assert br.observation_string(s, 1) == (
        "seat 0 (you): nest 4, track -, lane -, goal 0\n"
        "seat 1: nest 4, track -, lane -, goal 0\n"
        "phase roll, seat 1 to move"
    )
    out = [0.0] * 395
    br.observation_into(s, 1, out)
    assert tuple(out) == br.observation(s, 1) != br.observation(s, 0)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ({}, "a game name is a text such as 'parchis', not a dict"),
        ("chess", "unknown game 'chess'; available games: parchis, dorada, docker, dorasure"),
    ],
)
def test_a_game_that_is_not_there_is_refused_with_the_games_there_are(
    name: Any, message: str
) -> None:
    with pytest.raises(br.UnknownGameError) as refused:
        br.get_game(name)
    assert str(refused.value) == message


def test_a_game_cannot_take_the_name_of_a_built_in_one() -> None:
    clash = attrs.evolve(TOSS, name="parchis")
    with pytest.raises(br.UnknownGameError) as refused:
        br.register_game(clash)
    assert str(refused.value) == "'parchis' is the name of a built-in game; choose another"
    builtin: str = "parchis"  # a name known at run time only: any game's record
    assert br.get_game(builtin) is not clash


def test_seats_of_a_game_that_names_none_are_numbered(toss: br.Game[Toss, Face]) -> None:
    assert br.player_names(Toss()) == ("player 0", "player 1")


def test_two_seats_with_the_same_name_carry_their_numbers(
    toss: br.Game[Toss, Face], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Toss, "game", attrs.evolve(TOSS, player_name=lambda s, seat: "coin"))
    assert br.player_names(Toss()) == ("coin (0)", "coin (1)")
    assert br.player_name(Toss(), 1) == "coin (1)"


@pytest.mark.parametrize("seat", [-1, 2, 1.0, True])
def test_a_seat_out_of_the_game_is_refused_with_the_seats_there_are(seat: Any) -> None:
    with pytest.raises(ValueError) as refused:
        br.player_name(br.new_game("docker", players=2), seat)
    assert str(refused.value) == f"seat {seat!r} is not a seat of this game (0 to 1)"


FEATURES: dict[str, Callable[[Toss], object]] = {
    "render_svg": lambda s: br.render_svg(s),
    "num_actions": lambda s: br.num_actions(s),
    "action_to_move": lambda s: br.action_to_move(s, 0),
    "observation_string": lambda s: br.observation_string(s, 0),
    "legal_actions": lambda s: br.legal_actions(s),  # these two are looked up inline
    "observation": lambda s: br.observation(s, 0),
    "pieces": lambda s: br.pieces(s),
}


@pytest.mark.parametrize("feature", sorted(FEATURES))
def test_a_feature_the_game_does_not_offer_is_named(
    toss: br.Game[Toss, Face], feature: str
) -> None:
    with pytest.raises(br.UnsupportedError) as refused:
        FEATURES[feature](Toss())
    assert str(refused.value) == f"the game 'toss' does not offer {feature}()"


# Not a state -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "function",
    [
        br.game_of,
        br.current_player,
        br.is_terminal,
        br.is_chance,
        br.legal_moves,
        br.chance_outcomes,
        lambda s: br.apply_move(s, None),
        lambda s: br.sample_chance(s, random.Random(1)),
        br.legal_actions,
        lambda s: br.observation(s, 0),
    ],
    ids=[
        "game_of",
        "current_player",
        "is_terminal",
        "is_chance",
        "legal_moves",
        "chance_outcomes",
        "apply_move",
        "sample_chance",
        "legal_actions",
        "observation",
    ],
)
def test_an_object_that_is_no_state_is_named_by_its_type(function: Callable[[Any], object]) -> None:
    with pytest.raises(br.NotAStateError) as refused:
        function(12)
    assert str(refused.value) == "int is not a boardrules state; make one with new_game()"


class _AskedGame:
    """A game given as an object with the functions of a Game record, not as one."""

    @staticmethod
    def current_player(state: _AskedState) -> int:
        return state.to_move


@attrs.frozen
class _AskedState:
    to_move: int
    game: ClassVar[type[_AskedGame]] = _AskedGame


@pytest.mark.parametrize(
    ("to_move", "player", "terminal", "chance"),
    [(0, 0, False, False), (2, 2, False, False), (br.CHANCE, br.CHANCE, False, True),
     (br.TERMINAL, br.TERMINAL, True, False)],
)  # fmt: skip
def test_a_state_whose_class_keeps_no_player_to_move_asks_its_game(
    to_move: int, player: int, terminal: bool, chance: bool
) -> None:
    s: Any = _AskedState(to_move)  # not a GameState to type checkers: its game is no Game
    assert (br.current_player(s), br.is_terminal(s), br.is_chance(s)) == (player, terminal, chance)


# Drawing at a chance node ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("k", "face"),
    [
        (0, 1),
        (2**53 // 6, 1),  # the last draw below 1/6
        (2**53 // 6 + 1, 2),  # the first above it
        (2**53 // 2 - 1, 2),
        (2**53 // 2, 3),  # exactly 1/2: the third face begins there
        (2**53 - 1, 3),
    ],
)
def test_a_draw_picks_the_first_face_whose_cumulative_probability_exceeds_it(
    toss: br.Game[Toss, Face], k: int, face: int
) -> None:
    assert br.sample_chance(Toss(), draw(k / 2**53)) == Face(face)
    assert br.sample_chance(Toss(), draw(Fraction(k, 2**53))) == Face(face)


def test_a_draw_finer_than_random_random_s_is_compared_exactly(toss: br.Game[Toss, Face]) -> None:
    above = math.nextafter(1 / 6, 1)  # a float just above 1/6, no multiple of 2**-53
    assert Fraction(above) > Fraction(1, 6) and (Fraction(above) * 2**53).denominator > 1
    assert br.sample_chance(Toss(), draw(above)) == Face(2)
    tiny = Fraction(1, 2**60)
    assert br.sample_chance(Toss(), draw(Fraction(1, 6) - tiny)) == Face(1)
    assert br.sample_chance(Toss(), draw(Fraction(1, 6))) == Face(2)
    assert br.sample_chance(Toss(), draw(Fraction(1, 2) - tiny)) == Face(2)


def _floor_by_thresholds(x: float, n: int) -> int:
    """The face of ``n`` equally likely ones that the cumulative thresholds pick for ``x``:
    the general path of sample_chance, written out."""
    thresholds = [(i + 1) * 2**53 for i in range(n)]
    return sum(1 for t in thresholds if t <= Fraction(x) * n * 2**53)


def test_equally_likely_outcomes_are_drawn_as_the_thresholds_draw_them() -> None:
    # Parchís's die: six faces of 1/6, drawn by one multiplication.  The product x * 6
    # rounds onto 5.0 for this x although x is below 5/6: the face is the fifth, exactly.
    k = (5 * 2**53 - 4) // 6
    assert k * 6 == 5 * 2**53 - 4
    rounded = k / 2**53
    assert rounded * 6 == 5.0 and Fraction(rounded) < Fraction(5, 6)
    s = br.new_game("parchis", players=2)
    assert str(br.sample_chance(s, draw(rounded))) == "roll 5"
    assert str(br.sample_chance(s, draw(5 / 6))) == "roll 6"
    rng = random.Random(3)
    for x in [rng.random() for _ in range(2000)] + [0.0, 1 / 6, 0.5, rounded, math.nextafter(1, 0)]:
        face = br.sample_chance(s, draw(x))
        assert str(face) == f"roll {_floor_by_thresholds(x, 6) + 1}", x


def test_a_game_s_rolls_are_the_same_draw_for_draw_as_by_the_thresholds() -> None:
    # The equally likely path changes no game: the same generator gives the same dice.
    s = br.new_game("parchis", players=4)
    a, b = random.Random(9), random.Random(9)
    for _ in range(500):
        face = br.sample_chance(s, a)
        assert str(face) == f"roll {_floor_by_thresholds(b.random(), 6) + 1}"


class Shy(float):
    """A float type of its own whose comparisons all say no (its value is still a float)."""

    def __le__(self, other: object) -> bool:
        return False

    __lt__ = __ge__ = __gt__ = __le__


def test_a_draw_that_is_no_number_is_named_by_its_type() -> None:
    class Dice:
        def random(self) -> str:
            return "0.5"

    with pytest.raises(br.BoardrulesError) as refused:
        br.sample_chance(br.new_game("parchis", players=2), Dice())  # type: ignore[arg-type]
    assert str(refused.value).endswith("; Dice.random() returned a str")


def test_outcomes_of_a_game_that_sum_to_less_than_one_end_with_the_last(
    toss: br.Game[Toss, Face], monkeypatch: pytest.MonkeyPatch
) -> None:
    short = ((Face(1), Fraction(1, 6)), (Face(2), Fraction(1, 3)), (Face(3), Fraction(1, 3)))
    monkeypatch.setattr(Toss, "game", attrs.evolve(TOSS, chance_outcomes=lambda s: short))
    assert br.sample_chance(Toss(), draw(0.7)) == Face(3)
    assert br.sample_chance(Toss(), draw(0.9)) == Face(3)  # past 5/6: the last outcome


def test_a_number_that_fails_the_fast_range_test_is_drawn_by_its_value() -> None:
    s = br.new_game("parchis", players=2)
    assert br.sample_chance(s, draw(Shy(0.5))) == br.sample_chance(s, draw(0.5))


def test_the_draw_tables_keep_their_number_dropping_the_least_recently_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(api, "_draw_tables", LRU(api._DRAW_TABLES_SIZE))
    kept = [tuple(list(OUTCOMES)) for _ in range(api._DRAW_TABLES_SIZE + 1)]
    for outcomes in kept[:-1]:
        api._draw_table(outcomes)
    assert len(api._draw_tables) == api._DRAW_TABLES_SIZE
    api._draw_table(kept[-1])
    assert len(api._draw_tables) == api._DRAW_TABLES_SIZE
    assert id(kept[0]) not in api._draw_tables.items and id(kept[-1]) in api._draw_tables.items


def test_the_draw_table_of_an_outcome_tuple_is_built_once(
    toss: br.Game[Toss, Face], monkeypatch: pytest.MonkeyPatch
) -> None:
    built: list[object] = []
    real = api._draw_table

    def counted(outcomes: Any) -> Any:
        built.append(outcomes)
        return real(outcomes)

    monkeypatch.setattr(api, "_draw_table", counted)
    for x in (0.1, 0.4, 0.9):
        br.sample_chance(Toss(), draw(x))
    assert built == [OUTCOMES]
    # An equal tuple that is another object gets a table of its own.
    fresh = tuple(list(OUTCOMES))
    monkeypatch.setattr(Toss, "game", attrs.evolve(TOSS, chance_outcomes=lambda s: fresh))
    assert br.sample_chance(Toss(), draw(0.9)) == Face(3)
    assert built == [OUTCOMES, fresh]
    # Back to the first tuple: its table is found again (by the tuple's identity).
    monkeypatch.setattr(Toss, "game", TOSS)
    for x in (0.1, 0.4):
        assert br.sample_chance(Toss(), draw(x)) == Face(1 if x < 1 / 6 else 2)
    assert built == [OUTCOMES, fresh]


def test_the_last_outcome_tuple_drawn_from_is_found_without_a_lookup(
    toss: br.Game[Toss, Face], monkeypatch: pytest.MonkeyPatch
) -> None:
    looked_up: list[object] = []
    real = api._draw_entry

    def counted(outcomes: Any) -> Any:
        looked_up.append(outcomes)
        return real(outcomes)

    monkeypatch.setattr(api, "_draw_entry", counted)
    for x in (0.1, 0.4, 0.9):
        br.sample_chance(Toss(), draw(x))
    assert looked_up == [OUTCOMES]


def test_a_random_random_draw_is_compared_in_whole_numbers(
    toss: br.Game[Toss, Face], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Unequal probabilities: the thresholds, compared with an int (no Fraction is made).
    compared: list[object] = []

    def bisect_right(thresholds: Any, value: object) -> int:
        compared.append(value)
        return 1

    monkeypatch.setattr(api, "bisect_right", bisect_right)
    assert br.sample_chance(Toss(), draw(0.25)) == Face(2)
    assert compared == [(2**53 // 4) * 6] and type(compared[0]) is int
    # Equal probabilities (the die): one multiplication, no thresholds at all.
    monkeypatch.setattr(api, "bisect_right", lambda t, v: pytest.fail("thresholds used"))
    assert str(br.sample_chance(br.new_game("parchis"), random.Random(5))) == "roll 4"


def test_equally_likely_outcomes_of_an_odd_number_are_drawn_by_thirds(
    toss: br.Game[Toss, Face], monkeypatch: pytest.MonkeyPatch
) -> None:
    thirds = tuple((Face(v), Fraction(1, 3)) for v in (1, 2, 3))
    monkeypatch.setattr(Toss, "game", attrs.evolve(TOSS, chance_outcomes=lambda s: thirds))
    above = math.nextafter(1 / 3, 1)  # the float 1/3 is just below a third
    for x, face in ((0.0, 1), (1 / 3, 1), (above, 2), (Fraction(1, 3), 2), (0.66, 2), (0.67, 3)):
        assert br.sample_chance(Toss(), draw(x)) == Face(face), x


def test_a_good_generator_never_has_its_draw_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "checked_draw", lambda x, rng: pytest.fail(f"{x} was checked"))
    s = br.new_game("parchis", players=2)
    assert str(br.sample_chance(s, draw(0.0))) == "roll 1"
    assert br.sample_chance(s, random.Random(5)) in br.legal_moves(s)


def test_a_draw_out_of_range_is_refused_naming_the_generator_and_the_draw() -> None:
    class Dice:
        def random(self) -> float:
            return 1.0

    with pytest.raises(br.BoardrulesError) as refused:
        br.sample_chance(br.new_game("parchis", players=2), Dice())  # type: ignore[arg-type]
    assert str(refused.value) == (
        "a chance draw needs rng.random() to return a number in [0, 1), as random.Random "
        "does; Dice.random() returned 1.0"
    )


def test_sample_chance_away_from_a_chance_node_or_without_a_generator() -> None:
    s = br.new_game("parchis", players=2)
    rolled = br.apply_move(s, br.legal_moves(s)[4])
    with pytest.raises(br.BoardrulesError) as refused:
        br.sample_chance(rolled, random.Random(1))
    assert str(refused.value) == (
        "sample_chance() needs a chance node (the dice are to be rolled); "
        "at a player's turn choose one of legal_moves(state)"
    )
    with pytest.raises(TypeError) as wrong:
        br.sample_chance(s, 7)  # type: ignore[arg-type]
    assert str(wrong.value) == (
        "sample_chance() needs a random generator such as random.Random(seed), not int"
    )


# The JSON document -------------------------------------------------------------------------


def test_a_document_is_compact_json_with_sorted_keys(toss: br.Game[Toss, Face]) -> None:
    assert br.to_json(Toss(2)) == (
        '{"format":"boardrules-state","game":"toss","options":{},"state":{"face":2},"version":1}'
    )
    assert br.from_json(br.to_json(Toss(2))) == Toss(2)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": 3}, "the 'game' field must be a game name"),
        ({"options": []}, "the 'options' and 'state' fields must be JSON objects"),
        ({"state": []}, "the 'options' and 'state' fields must be JSON objects"),
        ({"state": {}}, "impossible toss state: KeyError: 'face'"),
    ],
)
def test_a_damaged_document_is_refused_naming_the_field(
    toss: br.Game[Toss, Face], change: dict[str, Any], message: str
) -> None:
    doc = json.loads(br.to_json(Toss()))
    doc.update(change)
    with pytest.raises(br.StateFormatError) as refused:
        br.from_json(json.dumps(doc))
    assert str(refused.value) == message


def test_a_document_that_is_no_object_is_named_a_state_document() -> None:
    with pytest.raises(br.StateFormatError) as refused:
        br.from_json("[1]")
    assert str(refused.value) == "a state document is a JSON object"


# Pictures and observations -----------------------------------------------------------------


def test_render_svg_passes_its_size_and_perspective_to_the_game() -> None:
    s = br.new_game("parchis", players=2)
    assert 'width="300"' in br.render_svg(s, size=300)
    assert br.render_svg(s, perspective=1) != br.render_svg(s)
    assert br.render_svg(s, perspective=1, size=300) != br.render_svg(s, size=300)


@pytest.mark.parametrize(
    ("out", "got"),
    [
        ([0.0] * 3, "list of length 3"),
        ((0.0,) * 395, "tuple of length 395"),
        (iter([0.0] * 395), "list_iterator"),
    ],
    ids=["short", "read-only", "no length"],
)
def test_a_buffer_that_cannot_take_the_observation_is_refused(out: Any, got: str) -> None:
    s = br.new_game("parchis", players=2)
    with pytest.raises(ValueError) as refused:
        br.observation_into(s, 0, out)
    assert (
        str(refused.value) == f"out must be a writable list or flat array of 395 zeros, not a {got}"
    )


def test_game_records_and_their_options_pickle() -> None:
    # Issue 36, class 12: copy and deepcopy worked, but an option's check was a closure,
    # so no Game record of a game with a player count (all four) could be pickled.
    import pickle

    for name in br.available_games():
        game = br.get_game(name)
        assert pickle.loads(pickle.dumps(game)) is game  # the very record states point at
        for option in game.options:
            again = pickle.loads(pickle.dumps(option))
            assert again.name == option.name
            assert again.check(option.default) == option.check(option.default)
        assert pickle.loads(pickle.dumps(game.options)) == game.options


def test_a_registered_game_of_one_s_own_pickles_as_its_name(toss: br.Game[Toss, Face]) -> None:
    # Its functions are lambdas, which pickle cannot carry: the name is enough.
    import pickle

    assert pickle.loads(pickle.dumps(toss)) is toss


def test_show_writes_the_svg_file_named_after_the_game_and_the_picture(tmp_path: Any) -> None:
    import hashlib
    import tempfile
    from pathlib import Path

    s = br.new_game("docker", players=3)
    moved = br.apply_move(s, br.parse_move(s, "roll 2"))
    move = br.legal_moves(moved)[0]
    path = br.show(moved, str(tmp_path / "docker.svg"), size=200, move=move, perspective=1)
    assert path == tmp_path / "docker.svg" and isinstance(path, Path)
    expected = br.render_svg(moved, size=200, move=move, perspective=1)
    assert path.read_text(encoding="utf-8") == expected
    svg = br.render_svg(s)
    digest = hashlib.sha256(svg.encode("utf-8")).hexdigest()[:16]
    temporary = br.show(s)
    assert temporary == Path(tempfile.gettempdir()) / f"boardrules-docker-{digest}.svg"
    assert temporary.read_text(encoding="utf-8") == svg
    assert br.show(moved) != temporary  # another picture, another file


# pieces(): where each player's pieces are, in the words each game's position() takes --------


def _set_up(game: str) -> Any:
    """A position of ``game`` with pieces in each kind of place the game has."""
    from boardrules import docker, dorada, dorasure, parchis

    if game == "parchis":
        where: dict[str, list[int | str]] = {
            "yellow": ["nest", 5, "L3", "goal"],
            "red": [40, 40, "nest", "nest"],
        }
        return parchis.position(where, players=2)
    if game == "dorada":
        track = {3: [1, 0], 7: [0]}  # bottom first
        return dorada.position(players=2, track=track, bridges={9: 1}, dorada=[0], turn=0, roll=6)
    if game == "docker":
        return docker.position({"a1": [0, 1], "b2": "00"}, players=2)
    at = {"Ninja": "c2", "Prince": "e1"}
    return dorasure.position(["Ninja", "Hunter", "Prince"], at=at, quests={"g0": "golem"})


PLACES: dict[str, dict[str, list[int | str]]] = {
    "parchis": {"yellow": ["nest", 5, "L3", "goal"], "red": ["nest", "nest", 40, 40]},
    "dorada": {"red": ["start", 3, 7, "dorada"], "blue": ["start", "start", 3, "bridge 9"]},
    "docker": {"blue": ["a1", "b2", "b2"], "orange": ["a1", "hand", "hand"]},
    "dorasure": {"Ninja": ["c2"], "Hunter": ["city"], "Prince": ["e1"]},
}


@pytest.mark.parametrize("game", sorted(PLACES))
def test_pieces_names_each_player_s_pieces_where_position_put_them(game: str) -> None:
    where = br.pieces(_set_up(game))
    assert where == PLACES[game]
    assert list(where) == list(PLACES[game])  # players in seat order
    assert all(type(places) is list for places in where.values())  # each a list of its own
    where[next(iter(where))].append("changed")
    assert br.pieces(_set_up(game)) == PLACES[game]


def test_pieces_of_a_new_game_are_every_piece_at_home() -> None:
    assert br.pieces(br.new_game("parchis", players=2)) == {
        "yellow": ["nest"] * 4,
        "red": ["nest"] * 4,
    }
    assert br.pieces(br.new_game("dorada", players=2)) == {
        "red": ["start"] * 4,
        "blue": ["start"] * 4,
    }
