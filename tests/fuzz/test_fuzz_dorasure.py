"""Fuzzing Dorasure: mutated documents of real mid-game states, hostile moves, hostile options.

Besides the shared mutations (``fuzzing.documents``), the agenda gets its own: rows copied,
dropped, swapped or inserted with random codes and arguments, since the task list is where a
document can describe a position the rules never reach.  Every accepted state must survive
its own round trip, and so must the states its legal moves lead to (``check_document``).
"""

from __future__ import annotations

import json
import random
from typing import Any
from xml.etree import ElementTree

import pytest
from fuzzing import (
    FUZZ,
    check_document,
    check_hostile_move,
    check_options,
    documents,
    hostile_moves,
    hostile_options,
    midgame_states,
    play_randomly,
    timed,
)
from fuzzing import check_state as fuzz_check_state
from hypothesis import given
from hypothesis import strategies as st

import boardrules as br
from boardrules.dorasure import HERO_ORDER, QUESTS, _rules, _setup, position
from boardrules.dorasure._check import MAX_AGENDA, breaks_a_law
from boardrules.dorasure._data import DEFAULT_SHEETS, DEFAULT_TRACKS, MAX_NAME
from dorasure_helpers import changed_options

pytestmark = [pytest.mark.fuzz, pytest.mark.slow]

GAME = "dorasure"
#: The solo Grand Master, base games, 6 and 11 heroes (Special Chance, Quest Replenishing,
#: every expansion hero) and the Fang land tiles.
OPTIONS: st.SearchStrategy[dict[str, Any]] = st.one_of(
    st.fixed_dictionaries(
        {"players": st.sampled_from([1, 2, 3, 5, 6, 11])}, optional={"fang": st.booleans()}
    ),
    st.fixed_dictionaries(
        {
            "heroes": st.sampled_from(
                [
                    ["Shaman", "Minstrel", "Vampire", "Samurai", "Magician", "Werewolf"],
                    ["Ninja", "Vampire"],
                    ["Hunter", "Paladin", "Minstrel"],
                ]
            )
        }
    ),
)


#: Values of the fields that describe the roll being read, some out of reach.
_ROLL_FIELDS: dict[str, list[Any]] = {
    "pending": [0, 1, 2, 41, 70],
    "score": [-3, 0, 2, 9, 160],
    "party": [0, 1, 3, 6],
    "dice": [[], [3], [1, 6], [2, 2, 5]],
    "roll": [[0, 0, 0, 0], [1, 1, 0, 2]],
}


@st.composite
def agenda_documents(draw: st.DrawFn) -> str:
    """A real mid-game document whose agenda rows are copied, dropped, swapped, changed or
    inserted."""
    state = draw(midgame_states(GAME, OPTIONS))
    doc = json.loads(br.to_json(state))
    agenda: list[list[int]] = doc["state"]["agenda"]
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, max(0, len(agenda) - 1)))
        how = draw(st.sampled_from(["copy", "drop", "swap", "change", "insert"]))
        if how == "copy" and agenda:
            agenda.insert(where, list(agenda[where]))
        elif how == "drop" and agenda:
            del agenda[where]
        elif how == "swap" and len(agenda) > 1:
            other = draw(st.integers(0, len(agenda) - 1))
            agenda[where], agenda[other] = agenda[other], agenda[where]
        elif how == "change" and agenda:
            agenda[where][draw(st.integers(0, 3))] = draw(st.integers(-1, 45))
        else:
            agenda.insert(
                where,
                [
                    draw(st.integers(0, 41)),
                    draw(st.integers(0, 10)),
                    draw(st.integers(-1, 6)),
                    draw(st.integers(-1, 6)),
                ],
            )
    for key in draw(st.sets(st.sampled_from(sorted(_ROLL_FIELDS)), max_size=2)):
        doc["state"][key] = draw(st.sampled_from(_ROLL_FIELDS[key]))
    return json.dumps(doc)


@FUZZ
@given(documents(GAME, OPTIONS))
def test_mutated_dorasure_documents_are_refused_or_round_trip(text: str) -> None:
    check_document(text)


@FUZZ
@given(agenda_documents())
def test_dorasure_documents_with_mutated_agendas_are_refused_or_playable(text: str) -> None:
    check_document(text)


@FUZZ
@given(midgame_states(GAME, OPTIONS), st.data())
def test_hostile_dorasure_moves_are_illegal_moves(state: Any, data: st.DataObject) -> None:
    for _ in range(5):
        check_hostile_move(state, data.draw(hostile_moves(state)))


@FUZZ
@given(hostile_options(GAME))
def test_hostile_dorasure_options_are_refused_or_give_a_sound_state(
    options: dict[str, Any],
) -> None:
    check_options(GAME, options)


# Issue 21, class 15: what a state shares with every game of its options is read-only.


def _shared_parts(state: Any) -> list[Any]:
    """The containers a state shares with the other games of its options."""
    rules = state.rules
    parts: list[Any] = [rules.board.index, rules.board.names, rules.stats, rules.options]
    parts += [value for _, value in rules.options]
    return parts


_WRITES = ["setitem", "delitem", "clear", "append", "update", "setattr"]


@FUZZ
@given(midgame_states(GAME, OPTIONS, max_moves=60), st.data())
def test_writes_through_a_dorasure_state_to_what_games_share_are_refused(
    state: Any, data: st.DataObject
) -> None:
    before = br.to_json(br.new_game(GAME, **br.game_of(state).options_of(state)))
    for _ in range(4):
        part = data.draw(st.sampled_from(_shared_parts(state)))
        how = data.draw(st.sampled_from(_WRITES))
        key = data.draw(st.sampled_from(["city", "a0", 0, "players", "heroes"]))
        with pytest.raises((TypeError, AttributeError)):
            if how == "setitem":
                part[key] = 1
            elif how == "delitem":
                del part[key]
            elif how == "setattr":
                part.names = ()
            else:
                getattr(part, how)(*([1] if how == "append" else []))
    assert br.to_json(br.new_game(GAME, **br.game_of(state).options_of(state))) == before
    assert br.from_json(br.to_json(state)) == state


# Issue 21, class 10: free text in options is refused, or drawn as well-formed XML.

#: Characters that a name may hold, and ones a picture cannot: controls, format marks,
#: lone surrogates, line and paragraph separators.
_NAME_CHARACTERS = st.one_of(
    st.characters(codec="utf-8"),
    st.sampled_from(["<", "&", '"', "]", ">", "\x00", "\x1b", "\x7f", "\u200b", "\u2028"]),
    st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),
    st.characters(max_codepoint=0x1F),
)


@FUZZ
@given(
    st.sampled_from([q.slug for q in QUESTS]),
    st.one_of(
        st.text(_NAME_CHARACTERS, max_size=60),
        st.integers(0, 3_000_000).map(lambda n: "q" * n),
    ),
    st.integers(0, 2**32 - 1),
)
def test_hostile_quest_tile_names_are_refused_or_drawn_well_formed(
    slug: str, name: str, seed: int
) -> None:
    options = {"players": 2, "quest_tiles": {slug: {"name": name}}}
    try:
        state = timed(lambda: br.new_game(GAME, **options))
    except br.InvalidOptionError as e:
        # A lone surrogate is no character: every option of every game refuses it first
        # (as test_control_characters_in_a_quest_tile_name_are_refused says).
        lone = any(0xD800 <= ord(c) <= 0xDFFF for c in name)
        expected = "lone surrogate" if lone else "printable characters"
        assert expected in str(e) and len(str(e)) < 300
        return
    assert 1 <= len(name) <= MAX_NAME and name.isprintable()
    rng = random.Random(seed)
    for _ in range(40):  # some quests turn face up, with their names drawn
        ElementTree.fromstring(br.render_svg(state))
        if br.is_terminal(state):
            break
        state = br.apply_move(state, br.sample_chance(state, rng) if br.is_chance(state)
                              else rng.choice(br.legal_moves(state)))  # fmt: skip
    assert br.from_json(br.to_json(state)) == state


# Issue 21, class 6: equal states are identical in every output.

_SHEET_FIELDS = ["speed", "danger_plains", "combat", "search", "health", "resource_cap"]
_TRACK_FIELDS = ["xp_max", "meter_end", "health", "claws", "fire_icons"]
_TILE_FIELDS = ["name", "target", "alone", "magical", "failure"]


def _value(default: Any, changed: bool, draw: st.DrawFn) -> Any:
    if not changed:
        return list(default) if isinstance(default, tuple) else default
    if isinstance(default, bool):
        return not default
    if isinstance(default, str):
        return draw(st.sampled_from(["none", "damage"])) if default in ("none", "stay",
                    "damage", "teleport") else default + " II"  # fmt: skip
    if isinstance(default, int):
        return default + 1
    return list(default[:-1]) if len(default) > 1 else list(default)


@st.composite
def restating_options(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """Options whose overrides partly restate the defaults (or touch a hero not in play),
    and the same options with only the overrides that change the game."""
    heroes = draw(st.sampled_from([["Ninja", "Gladiator"], ["Prince", "Paladin", "Hunter"],
                                   ["Vampire", "Shaman"], ["Grand Master"]]))  # fmt: skip
    given: dict[str, Any] = {"heroes": heroes, "sheets": {}, "dragon": {}, "quest_tiles": {}}
    real: dict[str, Any] = {"heroes": heroes, "sheets": {}, "dragon": {}, "quest_tiles": {}}
    for hero in draw(st.sets(st.sampled_from(HERO_ORDER), max_size=3)):
        for name in draw(st.sets(st.sampled_from(_SHEET_FIELDS), min_size=1, max_size=3)):
            changed = hero in heroes and name == "health" and draw(st.booleans())
            value = _value(getattr(DEFAULT_SHEETS[hero], name), changed, draw)
            given["sheets"].setdefault(hero, {})[name] = value
            if changed:
                real["sheets"].setdefault(hero, {})[name] = value
    for name in draw(st.sets(st.sampled_from(_TRACK_FIELDS), max_size=3)):
        given["dragon"][name] = _value(getattr(DEFAULT_TRACKS, name), False, draw)
    for tile in draw(st.sets(st.sampled_from(QUESTS), max_size=3)):
        for name in draw(st.sets(st.sampled_from(_TILE_FIELDS), min_size=1, max_size=3)):
            changed = draw(st.booleans())
            value = _value(getattr(tile, name), changed, draw)
            given["quest_tiles"].setdefault(tile.slug, {})[name] = value
            if changed:
                real["quest_tiles"].setdefault(tile.slug, {})[name] = value
    if draw(st.booleans()):
        given["fang"] = False
    return given, real


def _outputs(state: Any) -> tuple[Any, ...]:
    return (br.to_json(state), br.game_of(state).options_of(state), br.render(state),
            br.observation(state, 0), hash(state))  # fmt: skip


@FUZZ
@given(restating_options(), st.integers(0, 2**32 - 1))
def test_dorasure_states_equal_with_restated_options_are_identical(
    options: tuple[dict[str, Any], dict[str, Any]], seed: int
) -> None:
    given_options, real = options
    s = timed(lambda: br.new_game(GAME, **given_options))
    t = br.new_game(GAME, **real)
    rng_s, rng_t = random.Random(seed), random.Random(seed)
    for _ in range(30):  # the same moves from both: equal all the way, and identical
        assert s == t and _outputs(s) == _outputs(t)
        if br.is_terminal(s):
            break
        s = play_randomly(s, rng_s, 1)
        t = play_randomly(t, rng_t, 1)
    assert br.from_json(br.to_json(s)) == t


# Issue 21, class 11: the rules cache stays small, whatever the documents read.


@st.composite
def heavy_documents(draw: st.DrawFn) -> list[str]:
    """Documents of one game whose options carry much text: long quest tile names, map rows
    padded with spaces, many tiles renamed at once."""
    base = json.loads(br.to_json(br.new_game(GAME, players=draw(st.sampled_from([2, 11])))))
    out = []
    for k in range(draw(st.integers(1, 6))):
        doc = json.loads(json.dumps(base))
        options = doc["options"]
        for slug in draw(st.sets(st.sampled_from([q.slug for q in QUESTS]), max_size=7)):
            size = draw(st.sampled_from([1, 39, 40, 41, 5_000, 400_000]))
            options.setdefault("quest_tiles", {})[slug] = {"name": f"{k}" * size}
        if draw(st.booleans()):
            pad = " " * draw(st.sampled_from([1, 1000, 300_000]))
            options["board"] = [pad + row + pad for row in options["board"]]
        out.append(json.dumps(doc))
    return out


@FUZZ
@given(heavy_documents())
def test_the_dorasure_rules_cache_never_keeps_much_text(texts: list[str]) -> None:
    for text in texts:
        check_document(text)
    cache = _setup._RULES
    assert len(cache) <= _setup.RULES_CACHE_SIZE and cache.weight <= _setup.RULES_CACHE_BYTES
    assert all(len(key) < 8_000 for key in cache.items)  # no huge text is kept


# Issue 21, class 2: the engine builds only states its decoder accepts, and a state the
# decoder accepts leads only to states it accepts.


@FUZZ
@given(changed_options(), st.integers(0, 2**32 - 1))
def test_dorasure_games_with_changed_options_only_reach_states_that_decode(
    options: dict[str, Any], seed: int
) -> None:
    before = _rules.CHECK_RESULTS
    _rules.CHECK_RESULTS = True  # apply_move checks each state it returns
    try:
        state = timed(lambda: br.new_game(GAME, **options))
        state = play_randomly(state, random.Random(seed), 1500)
    finally:
        _rules.CHECK_RESULTS = before
    assert br.from_json(br.to_json(state)) == state


@st.composite
def battle_turns(draw: st.DrawFn) -> Any:
    """A Climactic Battle turn as it begins, the Treasure found (every hero's battle
    treasure is offered), with a few moves played."""
    heroes = draw(st.lists(st.sampled_from(HERO_ORDER[:-1]), min_size=2, max_size=5,
                           unique=True))  # fmt: skip
    turn = draw(st.sampled_from(heroes))
    state = position(heroes, step="battle", turn=turn, quests={"g0": "inscriptions"},
                     solved={"g0": "treasure"})  # fmt: skip
    return play_randomly(state, random.Random(draw(st.integers(0, 2**32 - 1))),
                         draw(st.integers(0, 3)))  # fmt: skip


@st.composite
def reassigned_agendas(draw: st.DrawFn) -> str:
    """A real mid-game document whose agenda rows are given to other seats, or whose
    arguments are moved by one, the turn and party now and then with them."""
    state = draw(st.one_of(midgame_states(GAME, OPTIONS, max_moves=300), battle_turns()))
    doc = json.loads(br.to_json(state))
    body = doc["state"]
    agenda: list[list[int]] = body["agenda"]
    seats = len(body["health"])
    for _ in range(draw(st.integers(1, 3))):
        if not agenda:
            break
        row = agenda[draw(st.integers(0, len(agenda) - 1))]
        column = draw(st.sampled_from([1, 1, 2, 3]))
        if column == 1:
            row[1] = draw(st.integers(0, seats - 1))
        else:
            row[column] += draw(st.sampled_from([-1, 1]))
    if draw(st.booleans()):
        body["turn"] = draw(st.integers(0, seats - 1))
    if draw(st.booleans()):
        body["party"] = draw(st.integers(0, (1 << seats) - 1))
    return json.dumps(doc)


@FUZZ
@given(reassigned_agendas())
def test_dorasure_agendas_given_to_other_seats_are_refused_or_play_on(text: str) -> None:
    check_document(text)  # an accepted state's moves all lead to states that load


# Issue 21, class 4: long agendas are refused promptly, by their length.


@st.composite
def long_agendas(draw: st.DrawFn) -> str:
    """A real mid-game document whose agenda (or a slice of it) is repeated up to a
    hundred thousand times, the rest of the document kept."""
    state = draw(midgame_states(GAME, OPTIONS, max_moves=200))
    doc = json.loads(br.to_json(state))
    agenda: list[list[int]] = doc["state"]["agenda"] or [[27, 0, 0, 0]]
    start = draw(st.integers(0, len(agenda) - 1))
    piece = agenda[start : draw(st.integers(start + 1, len(agenda)))]
    copies = draw(st.sampled_from([2, 10, 60, 199, 201, 5_000, 100_000]))
    doc["state"]["agenda"] = agenda[:start] + piece * copies + agenda[start:]
    return json.dumps(doc)


@FUZZ
@given(long_agendas())
def test_long_dorasure_agendas_are_refused_promptly_or_play_on(text: str) -> None:
    state = check_document(text)  # within the time limit of every call
    if state is not None:
        assert len(state.agenda) <= MAX_AGENDA


# Issue 21, class 3: hand-built positions are refused when ill-formed; those that keep the
# library's laws of play keep an independent statement of them too.

_MOUNTAINS = ["g0", "d1", "d3", "g3", "f5"]
_TILES = ["inscriptions", "golem", "teleport", "goblins", "sphinx", "labyrinth", "chimera"]
_REWARDS = ["lair", "lair", "book", "weapons", "treasure"]


@st.composite
def hand_built(draw: st.DrawFn) -> dict[str, Any]:
    """The keywords of a :func:`position` whose tiles, tracks and phase are drawn
    independently, most of them out of step with each other."""
    heroes = draw(st.sampled_from([["Ninja", "Gladiator"], ["Hunter", "Prince", "Paladin"],
                                   ["Minstrel", "Vampire"], ["Grand Master"]]))  # fmt: skip
    face_up = draw(st.sets(st.sampled_from(_MOUNTAINS[1:]), max_size=4))
    tiles = draw(st.permutations(_TILES))
    quests = {m: tiles[i] for i, m in enumerate(_MOUNTAINS) if m == "g0" or m in face_up}
    rewards = draw(st.permutations(_REWARDS))
    solved = {m: rewards[i] for i, m in enumerate(_MOUNTAINS)
              if m in quests and draw(st.booleans())}  # fmt: skip
    out: dict[str, Any] = {"heroes": heroes, "quests": quests, "solved": solved}
    out["step"] = draw(st.sampled_from(["roll", "act", "battle"]))
    if draw(st.booleans()):
        out["wounds"] = draw(st.integers(0, 8))
    if draw(st.booleans()):
        out["meter"] = draw(st.integers(0, 14))
    if draw(st.booleans()):
        out["xp"] = {h: draw(st.integers(0, 8)) for h in heroes}
    if draw(st.booleans()):
        out["razed"] = True
    if draw(st.booleans()):
        out["spent"] = [draw(st.sampled_from(heroes))]
    if draw(st.booleans()):
        out["gold"] = {h: draw(st.integers(0, 4)) for h in heroes if h == "Prince"}
    return out


def _plays_leave_behind(s: Any) -> None:
    """What a real game shows, written out apart from the library's own laws."""
    lair, book, treasure = 0, 1, 3
    earned = s.rewards.count(lair) + s.renewed.count(2)
    if s.phase == 0:
        assert s.wounds == earned, "wounds only from the lairs in the Adventure Phase"
        unsolved = -1 in s.rewards or 1 in s.renewed
        assert unsolved or any(t[0] in (23, 28) for t in s.agenda), "the battle is due"
    if book in s.rewards:
        assert min(s.xp) >= 1, "the Book of Dragons gave every hero 1 EXP"
    if s.spent & ((1 << s.rules.seats) - 1):
        assert treasure in s.rewards, "a treasure used before it is found"
    if s.razed:
        assert s.meter >= s.rules.tracks.fire_icons[0], "Belk is razed by a rampage"


@FUZZ
@given(hand_built())
def test_hand_built_dorasure_positions_are_refused_or_reachable(keywords: dict[str, Any]) -> None:
    heroes = keywords.pop("heroes")
    try:
        state = timed(lambda: position(heroes, **keywords))
    except br.BoardrulesError:
        return
    if breaks_a_law(state) is None:  # then it keeps these too, written apart from LAWS
        _plays_leave_behind(state)
    fuzz_check_state(state)  # its moves lead to states that load, and so on
