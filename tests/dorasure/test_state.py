"""Dorasure's state module (``_state``): the tables the options build once, the kinds of
task made from their classes, and the fast makers of states, each checked against what it
stands for (the sheets, the map, the land tiles, ``attrs.evolve``).

Several of these run once, when the package is imported; the tests call them again, so
that a change to them is seen (by the mutation tests too).
"""

from __future__ import annotations

import collections
from typing import Any, ClassVar

import attrs
import pytest

import boardrules as br
from boardrules.dorasure import new_game
from boardrules.dorasure._board import SHARED
from boardrules.dorasure._data import HERO_ORDER
from boardrules.dorasure._state import (
    _STAT_FIELDS,
    CHANCE,
    DECISION,
    GRAND_MASTER,
    LAIR,
    LAND,
    MIRAGE_LAND,
    TASK_KINDS,
    AskHelp,
    Gather,
    KissOfDeath,
    Options,
    Quest,
    State,
    Step,
    Task,
    _field_reader,
    _Made,
    _maker,
    _replacer,
    hero_token,
    on_mirage,
)
from boardrules.game import CHANCE as CHANCE_PLAYER

NOTHING: Any = None  # a working copy or state the method never reads


def test_a_task_field_reads_its_place_of_the_tuple_with_the_fast_reader() -> None:
    reader = _field_reader(2, "The task's ``size``.")
    assert type(reader) is vars(collections)["_tuplegetter"]  # namedtuple's, in C

    class Row(tuple[int, ...]):
        size = reader

    assert Row((0, 1, 7, 9)).size == 7 and reader.__doc__ == "The task's ``size``."


def test_without_the_fast_reader_a_task_field_is_a_property(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(collections, "_tuplegetter")  # another Python
    reader = _field_reader(3, "The task's ``b``.")
    assert isinstance(reader, property) and reader.__doc__ == "The task's ``b``."

    class Row(tuple[int, ...]):
        b = reader

    assert Row((0, 1, 2, 5)).b == 5


def test_a_kind_of_task_takes_its_code_fields_and_player_from_its_class() -> None:
    class Roll(Task):  # named as a kind: its code is its place in TASK_KINDS
        NODE: ClassVar[str] = CHANCE
        dice: int
        purpose: int

    class Lookout(Task):  # named as no kind: no code; a decision's player is its seat
        NODE: ClassVar[str] = DECISION
        spot: int

    class Later(Lookout):  # a kind built on another: its fields come after those
        more: int

    assert Roll.CODE == TASK_KINDS.index("Roll") == 4 and Lookout.CODE == Later.CODE == -1
    assert Roll.FIELDS == ("dice", "purpose") and Lookout.FIELDS == ("spot",)
    assert Later.FIELDS == ("spot", "more")
    roll, later = Roll(2, 3, 1), Later(1, 5, 6)
    assert roll == (4, 2, 3, 1) and (roll.seat, roll.dice, roll.purpose) == (2, 3, 1)
    assert later == (-1, 1, 5, 6) and (later.spot, later.more) == (5, 6)
    assert roll.player == CHANCE_PLAYER and later.player == 1 and Lookout(3).player == 3
    assert Roll.dice.__doc__ == "The task's ``dice``."
    assert Later.more.__doc__ == "The task's ``more``."
    assert repr(roll) == "Roll(seat=2, dice=3, purpose=1)"
    assert repr(Later(0, 4)) == "Later(seat=0, spot=4, more=0)"
    with pytest.raises(AssertionError, match=r"^Crowded: a task has two fields at most$"):

        class Crowded(Task):
            one: int
            two: int
            three: int


def test_a_task_by_default_adds_no_dice_waits_and_has_no_moves_of_its_own() -> None:
    class Lookout(Task):
        spot: int

    task = Lookout(1, 2)
    assert task.adds((3, 3)) == (-1, 0) and task.dice_to_come() == 0
    assert task.waits(NOTHING) is True and task.problem(NOTHING, 0) is None
    assert task.outcomes(NOTHING) == ()
    for call, words in (
        (lambda: task.moves(NOTHING), "has no moves of its own"),
        (lambda: task.top_line(NOTHING), "reads no roll"),
        (lambda: task.play(NOTHING, Step(1, 2, "a1")), "is resolved automatically, not by a move"),
    ):
        with pytest.raises(AssertionError) as refused:
            call()
        assert str(refused.value) == f"Lookout(seat=1, spot=2) {words}"


def _a_state() -> State:
    """A state whose fields are not the defaults: a hero on the way, dice left."""
    s = new_game(heroes=["Ninja", "Hunter", "Prince"])
    while br.current_player(s) == br.CHANCE or str(br.legal_moves(s)[0]).startswith("quest"):
        s = br.apply_move(s, br.legal_moves(s)[-1])
    return s


def test_the_fast_state_maker_sets_every_field_and_makes_a_plain_state() -> None:
    before = _Made.__init__
    s = _a_state()
    values = [getattr(s, f.name) for f in attrs.fields(State) if f.init]

    def unset(*args: object) -> None:
        raise AssertionError("_maker did not write _Made.__init__")

    setattr(_Made, "__init__", unset)  # noqa: B010 (as _maker sets it)
    try:
        make = _maker()
        made = make(*values)
    finally:
        setattr(_Made, "__init__", before)  # noqa: B010
    assert type(made) is State and made == s and made._legal is None
    for f in attrs.fields(State):
        if f.init:
            assert getattr(made, f.name) is getattr(s, f.name), f.name


def test_the_state_replacers_change_their_fields_and_keep_the_others() -> None:
    s, other = _a_state(), new_game(heroes=["Ninja", "Hunter", "Prince"])
    one = _replacer("pos")(s, other.pos)
    assert type(one) is State and one == attrs.evolve(s, pos=other.pos) and one._legal is None
    four = _replacer("turn", "dice", "party", "agenda")
    changed = four(s, 2, (), 1, other.agenda)
    assert changed == attrs.evolve(s, turn=2, dice=(), party=1, agenda=other.agenda)


def _fresh(rules: Options) -> Options:
    """``rules`` built again: the options of a game are kept (a new game with the same
    options shares them), so their tables are made once per set of options."""
    again = attrs.evolve(rules)
    assert again is not rules and again == rules
    return again


def test_the_options_tables_follow_the_sheets_and_the_map() -> None:
    rules = _fresh(new_game(heroes=["Ninja", "Hunter", "Prince"]).rules)
    board, names = rules.board, rules.board.names
    for seat, sheet in enumerate(rules.sheets):
        assert len(rules.stats[seat]) == 7 and rules.stats[seat][0] == (0,) * 7  # no level 0
        for level in range(1, 7):
            assert rules.stats[seat][level] == tuple(sheet.at(f, level) for f in _STAT_FIELDS)
    assert rules.level_of == tuple(rules.tracks.level(x) for x in range(rules.tracks.xp_max + 1))
    assert len(rules.level_of) == rules.tracks.xp_max + 1
    assert len(rules.steps) == 7 and rules.steps[4][9] == Step(4, 9, names[9])
    assert rules.land_at == (-1,) * len(names) and rules.terrain == board.terrain
    open_to_all, razed = rules.holds_one
    assert open_to_all[board.belk] is False and razed[board.belk] is True  # a road, razed
    pairs = zip(open_to_all, board.terrain, strict=True)
    assert all(held is (t not in SHARED) for held, t in pairs)
    assert razed[: board.belk] == open_to_all[: board.belk]
    assert razed[board.belk + 1 :] == open_to_all[board.belk + 1 :]
    assert not rules.crowd and _fresh(new_game(players=6).rules).crowd
    tokens = [hero_token(HERO_ORDER[hero]) for hero in rules.heroes]
    assert rules.asks[1] == (AskHelp(1, True, tokens[1]), AskHelp(1, False, tokens[1]))
    assert rules.kisses[2] == KissOfDeath(2, tokens[2])
    mountain = names[board.mountains[3]]
    assert rules.gathers[3] == Gather(3, mountain) and rules.quest_moves[3] == Quest(3, mountain)
    assert rules.seat_of(rules.heroes[2]) == 2 and rules.seat_of(GRAND_MASTER) == -1


def test_the_grand_master_rises_a_level_per_exp_up_to_six() -> None:
    rules = _fresh(new_game(players=1).rules)
    assert rules.heroes == (GRAND_MASTER,)
    assert rules.level_of == tuple(min(6, x + 1) for x in range(rules.tracks.xp_max + 1))
    assert rules.level_of[:3] == (1, 2, 3) and len(rules.level_of) == rules.tracks.xp_max + 1


def test_the_land_tiles_cover_their_hexes_in_the_options_tables() -> None:
    rules = _fresh(new_game(fang=True).rules)
    assert len(rules.fang) == 5
    for space in range(len(rules.board.names)):
        if space in rules.fang:
            k = rules.fang.index(space)
            assert rules.land_at[space] == k and rules.terrain[space] == LAND
            assert rules.entry[space] == 7  # no die enters before its tile is known
        else:
            assert rules.land_at[space] == -1
            assert rules.terrain[space] == rules.board.terrain[space]


def test_the_mirage_city_is_on_the_hex_whose_drawn_tile_it_is() -> None:
    rules = new_game(fang=True).rules
    first, second = rules.fang[0], rules.fang[1]
    mirage_first = (MIRAGE_LAND, 0, 0, 0, 0)
    assert on_mirage(rules, mirage_first, first) and not on_mirage(rules, mirage_first, second)
    assert on_mirage(rules, (0, MIRAGE_LAND, 0, 0, 0), second)
    assert not on_mirage(rules, mirage_first, rules.board.city)


def test_a_state_shows_its_turn_hero_and_phase() -> None:
    s = new_game(heroes=["Ninja", "Hunter"])
    assert repr(s) == "<dorasure.State turn=0 (Ninja) phase=adventure>"
    assert repr(attrs.evolve(s, turn=1)) == "<dorasure.State turn=1 (Hunter) phase=adventure>"
    assert repr(attrs.evolve(s, turn=2)) == "<dorasure.State turn=2 (2) phase=adventure>"
    assert repr(attrs.evolve(s, turn=-1)) == "<dorasure.State turn=-1 (-1) phase=adventure>"
    assert str(s) == br.render(s)
    assert s.full_repr().startswith("State(rules=") and f"turn={s.turn}" in s.full_repr()


def test_a_reward_kind_is_found_once_a_quest_gave_it() -> None:
    s = new_game(heroes=["Ninja", "Hunter"])
    assert not s.found(LAIR)
    won = attrs.evolve(s, rewards=(LAIR, *s.rewards[1:]))
    assert won.found(LAIR) and not won.found(LAIR + 1)
