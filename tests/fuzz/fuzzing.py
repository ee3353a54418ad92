"""The shared part of the fuzz suite: hostile inputs as hypothesis strategies, and the checks
that every answer to them must pass.

A game's fuzz module (``test_fuzz_<game>.py``) imports this module and runs the checks on
its own states::

    from fuzzing import FUZZ, check_document, check_hostile_move, documents, hostile_moves
    pytestmark = [pytest.mark.fuzz, pytest.mark.slow]

    @FUZZ
    @given(documents("parchis"))
    def test_mutated_documents(text: str) -> None:
        check_document(text)

What every check asserts, whatever the input: the library answers with a result or a
:class:`ValueError` (a :class:`~boardrules.BoardrulesError` for input it parses), within
:data:`TIME_LIMIT` seconds of CPU; an accepted state survives its own JSON round trip, and so do
the states its legal moves lead to; a refused move leaves the state as it was.

The default run plays :data:`SHORT_EXAMPLES` examples per test (derandomized, so CI is
reproducible); ``python -m pytest -m fuzz --hypothesis-profile long`` plays
:data:`LONG_EXAMPLES` random examples per test, for releases.
"""

from __future__ import annotations

import functools
import json
import random
import time
import unicodedata
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import attrs
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

import boardrules as br

__all__ = [
    "FUZZ",
    "LONG_EXAMPLES",
    "SHORT_EXAMPLES",
    "TIME_LIMIT",
    "WALL_LIMIT",
    "EqualsEverything",
    "check_document",
    "check_hostile_move",
    "check_options",
    "check_record",
    "check_unchecked_move",
    "documents",
    "forged_moves",
    "fuzz_settings",
    "hostile_moves",
    "hostile_options",
    "json_values",
    "midgame_states",
    "mutations",
    "records",
    "records_with_forged_fields",
    "timed",
    "unchecked_moves",
]

#: Examples per fuzz test in the default run, and under ``--hypothesis-profile long``.
SHORT_EXAMPLES = 30
LONG_EXAMPLES = 3000
#: Seconds of CPU that any one call may take on hostile input (far above any honest call).
#: CPU rather than wall time, so that a loaded machine does not fail an honest call.
TIME_LIMIT = 5.0
#: Seconds of wall time that any one call may take: catches a call that hangs without
#: computing (waiting on a lock, a pipe, a sleep), which the CPU limit would not see.
WALL_LIMIT = 60.0

T = TypeVar("T")

_profile = settings()  # the profile chosen on the command line (--hypothesis-profile)
_long = _profile.max_examples >= LONG_EXAMPLES

#: The settings of every fuzz test.
FUZZ = settings(
    max_examples=_profile.max_examples if _long else SHORT_EXAMPLES,
    derandomize=not _long,
    deadline=None,
    database=_profile.database if _long else None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    # The short run reports a failure at once; the long one shrinks it to a small example.
    phases=list(Phase) if _long else [Phase.explicit, Phase.reuse, Phase.generate],
)


def fuzz_settings(short: int, long: int = LONG_EXAMPLES) -> settings:
    """The settings of a fuzz test whose examples are costly (threads, subprocesses, files
    of megabytes): ``short`` examples in the default run, and under
    ``--hypothesis-profile long`` as many as :data:`FUZZ` or ``long``, the fewer (an
    example that takes a second cannot be played 3,000 times in a release run)."""
    return settings(FUZZ, max_examples=min(FUZZ.max_examples, long) if _long else short)


def timed(call: Callable[[], T]) -> T:
    """``call()``, failing the test if it takes more than :data:`TIME_LIMIT` seconds of CPU
    or :data:`WALL_LIMIT` seconds of wall time."""
    start, start_cpu = time.perf_counter(), time.process_time()
    try:
        return call()
    finally:
        cpu = time.process_time() - start_cpu
        elapsed = time.perf_counter() - start
        assert cpu < TIME_LIMIT, f"a call on hostile input took {cpu:.1f} s of CPU"
        assert elapsed < WALL_LIMIT, f"a call on hostile input took {elapsed:.1f} s"


# Real positions ------------------------------------------------------------------------------


def play_randomly(state: Any, rng: random.Random, moves: int) -> Any:
    """``state`` after up to ``moves`` random moves (fewer if the game ends)."""
    for _ in range(moves):
        if br.is_terminal(state):
            break
        if br.is_chance(state):
            move = br.sample_chance(state, rng)
        else:
            move = rng.choice(br.legal_moves(state))
        state = br.apply_move(state, move)
    return state


def midgame_states(game: str, options: st.SearchStrategy[dict[str, Any]] | None = None,
                   max_moves: int = 400) -> st.SearchStrategy[Any]:  # fmt: skip
    """Real positions of ``game`` (with options drawn from ``options``): a random game
    played ``0..max_moves`` moves from its start."""
    chosen = st.just({}) if options is None else options
    return st.builds(
        lambda opts, seed, moves: play_randomly(
            br.new_game(game, **opts), random.Random(seed), moves
        ),
        chosen,
        st.integers(0, 2**32 - 1),
        st.integers(0, max_moves),
    )


# Hostile JSON --------------------------------------------------------------------------------

_scalars: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 80),
    st.sampled_from([-(2**63), 2**63, 2**64 + 1, 10**30]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([0.0, 1.0, 5.0, -1.0, 1e300]),
    st.text(max_size=8),
    st.sampled_from(["", "yellow", "red", "goal", "nest", "L3", "roll", "b1", "start"]),
)

#: Any JSON value, small, with the game vocabulary among its texts.
json_values: st.SearchStrategy[Any] = st.recursive(
    _scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path (keys and indexes) of every node of a JSON value, the root first."""
    yield here
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*here, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _paths(child, (*here, i))


def _replace(value: Any, path: tuple[Any, ...], new: Callable[[Any], Any]) -> Any:
    """A copy of ``value`` with the node at ``path`` replaced by ``new(node)``; ``new`` may
    return :data:`_DELETE` to drop the node from its container."""
    if not path:
        return new(value)
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        out = dict(value)
        child = _replace(value[head], rest, new)
        if child is _DELETE:
            del out[head]
        else:
            out[head] = child
        return out
    items = list(value)
    child = _replace(value[head], rest, new)
    if child is _DELETE:
        del items[head]
    else:
        items[head] = child
    return items


_DELETE = object()


def _retyped(node: Any) -> list[Any]:
    """Values of another JSON type that Python compares equal to ``node`` or that a careless
    check would take for it."""
    if isinstance(node, bool):
        return [int(node), float(node), str(node).lower()]
    if isinstance(node, int):
        return [float(node), node == 1, str(node), [node], -node - 1, node + 1, 2**63]
    if isinstance(node, str):
        return [node.upper(), node + " ", [node], 0, None, ""]
    if isinstance(node, list):
        return [node[::-1], node + node, node[1:], {}, [node]]
    if isinstance(node, dict):
        return [list(node), {**node, "extra": 1}, {}]
    return [0, "", []]


@st.composite
def mutations(draw: st.DrawFn, doc: Any, steps: int = 3) -> Any:
    """``doc`` (a JSON value) after 1..``steps`` random mutations: a node replaced by a value
    of another type or any JSON value, deleted, wrapped in deep nesting, or given a new key."""
    for _ in range(draw(st.integers(1, steps))):
        path = draw(st.sampled_from(list(_paths(doc))))
        how = draw(st.sampled_from(["retype", "any", "delete", "nest", "add"]))
        if how == "retype":
            doc = _replace(doc, path, lambda node: draw(st.sampled_from(_retyped(node))))
        elif how == "any":
            doc = _replace(doc, path, lambda node: draw(json_values))
        elif how == "delete" and path:
            doc = _replace(doc, path, lambda node: _DELETE)
        elif how == "nest":
            depth = draw(st.sampled_from([2, 30, 70, 200]))
            doc = _replace(doc, path, functools.partial(_nested, depth=depth))
        elif how == "add":
            key, value = draw(st.text(max_size=8)), draw(json_values)
            doc = _replace(doc, path, functools.partial(_with_key, key=key, value=value))
    return doc


def _with_key(node: Any, key: str, value: Any) -> Any:
    return {**node, key: value} if isinstance(node, dict) else node


def _nested(node: Any, depth: int) -> Any:
    for _ in range(depth):
        node = [node]
    return node


@st.composite
def documents(draw: st.DrawFn, game: str,
              options: st.SearchStrategy[dict[str, Any]] | None = None) -> str:  # fmt: skip
    """Hostile state documents of ``game``: mutations of the document of a real position,
    with now and then a truncated or deeply nested text."""
    state = draw(midgame_states(game, options))
    text = br.to_json(state)
    kind = draw(st.sampled_from(["mutated"] * 8 + ["truncated", "deep"]))
    if kind == "truncated":
        return text[: draw(st.integers(0, len(text) - 1))]
    if kind == "deep":
        depth = draw(st.sampled_from([65, 1000, 100_000]))
        return "[" * depth + "]" * depth
    return json.dumps(draw(mutations(json.loads(text))))


def check_document(text: str | bytes) -> Any:
    """``from_json(text)`` refuses with a :class:`~boardrules.BoardrulesError`, or gives a
    state that round-trips, whose legal moves all apply, and whose next states round-trip;
    returns the state or ``None``."""
    try:
        state = timed(lambda: br.from_json(text))
    except br.BoardrulesError:
        return None
    check_state(state)
    return state


def check_state(state: Any) -> None:
    """An accepted state keeps the promises of a state: its JSON round trip, and every
    legal move (or chance outcome) applies and gives a state with a round trip too."""
    assert br.from_json(br.to_json(state)) == state, "an accepted state round-trips"
    for move in timed(lambda: br.legal_moves(state)):
        after = timed(lambda: br.apply_move(state, move))  # noqa: B023 (called at once)
        assert br.from_json(br.to_json(after)) == after, f"the state after {move} round-trips"
    br.render(state)
    assert len(br.returns(state)) == br.num_players(state)


# Hostile moves --------------------------------------------------------------------------------


class EqualsEverything:
    """A move whose ``__eq__`` says yes to anything (and whose hash is every move's)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def _field_values() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.integers(-2, 30),
        st.sampled_from([True, False, 0.0, 1.0, 5.0, 2.5, -(2**63), 2**63, None, "1", (1,)]),
        st.text(max_size=3),
    )


@st.composite
def forged_moves(draw: st.DrawFn, state: Any) -> Any:
    """A move of ``state``'s game with one field replaced by a random value, set without any
    check of the move's class (as a hostile caller may)."""
    moves = br.legal_moves(state) or br.legal_moves(br.new_game(br.game_of(state).name))
    move = draw(st.sampled_from(moves))
    kind: Any = type(move)
    if not attrs.has(kind) or not attrs.fields(kind):
        return move
    field = draw(st.sampled_from([f.name for f in attrs.fields(kind)]))
    forged = attrs.evolve(move)
    object.__setattr__(forged, field, draw(_field_values()))
    return forged


def _numpy_int(value: Any) -> Any:
    """``value`` as a numpy integer when numpy is installed (else as a float)."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover (numpy comes with the rl extra)
        return float(value)
    return np.int64(value) if type(value) is int and abs(value) < 2**63 else value


@st.composite
def unchecked_moves(draw: st.DrawFn, state: Any) -> Any:
    """Moves of ``state``'s own classes made past their constructor: with no field set
    (``object.__new__``), with one field a numpy integer or a float of the same value, or
    forged as by :func:`forged_moves`."""
    moves = br.legal_moves(state) or br.legal_moves(br.new_game(br.game_of(state).name))
    move = draw(st.sampled_from(moves))
    kind: Any = type(move)
    how = draw(st.sampled_from(["unset", "numpy", "float", "forged"]))
    if how == "unset":
        return object.__new__(kind)
    if how == "forged" or not attrs.has(kind):
        return draw(forged_moves(state))
    fields = [f.name for f in attrs.fields(kind) if type(getattr(move, f.name)) is int]
    if not fields:
        return object.__new__(kind)
    field = draw(st.sampled_from(fields))
    forged = attrs.evolve(move)
    value = getattr(move, field)
    object.__setattr__(forged, field, _numpy_int(value) if how == "numpy" else float(value))
    return forged


def check_unchecked_move(state: Any, move: Any) -> None:
    """Every entry point that takes a move (``apply_move``, ``move_to_action``,
    ``render_svg(move=)``) takes ``move`` as the legal move it strictly equals, or refuses
    it with :class:`~boardrules.IllegalMoveError`, all three alike."""
    legal = br.legal_moves(state)
    found = next((m for m in legal if m is move), None)
    if found is None:
        found = next((m for m in legal if type(m) is type(move) and _strict(m, move)), None)
    calls = {
        "apply_move": lambda: br.apply_move(state, move),
        "move_to_action": lambda: br.move_to_action(state, move),
        "render_svg": lambda: br.render_svg(state, move=move),
    }
    for name, call in calls.items():
        if found is None:
            try:
                timed(call)
            except br.IllegalMoveError:
                continue
            raise AssertionError(f"{name} took {move!r}, which is no legal move")
        got = timed(call)
        if name == "apply_move":
            assert got == br.apply_move(state, found)
        elif name == "move_to_action":
            assert got == br.move_to_action(state, found)


def _strict(ours: Any, theirs: Any) -> bool:
    """Field by field the same types and values (what the library means by a copy)."""
    for f in attrs.fields(type(ours)):
        a, b = getattr(ours, f.name), getattr(theirs, f.name, _MISSING)
        if (
            b is _MISSING
            or (type(b) is not type(a) and not (isinstance(a, int) and type(b) is int))
            or a != b
        ):
            return False
    return True


_MISSING = object()


def _foreign_moves(game: str) -> list[Any]:
    out = []
    for other in br.available_games():
        if other != game:
            s = play_randomly(br.new_game(other), random.Random(1), 3)
            out += list(br.legal_moves(s))[:3] + list(br.legal_moves(br.new_game(other)))[:2]
    return out


def hostile_moves(state: Any) -> st.SearchStrategy[Any]:
    """Moves a hostile caller may pass in ``state``: forged fields, other games' moves, the
    game's moves from other positions, objects that are no move at all."""
    game = br.game_of(state).name
    return st.one_of(
        forged_moves(state),
        st.sampled_from(_foreign_moves(game)),
        st.just(EqualsEverything()),
        json_values,
        st.sampled_from([object(), type(state), state, br.legal_moves]),
    )


def check_hostile_move(state: Any, move: Any) -> None:
    """``apply_move(state, move)`` gives a state only for a legal move (or a strictly equal
    copy of one), else raises :class:`~boardrules.IllegalMoveError`; ``state`` is unchanged."""
    before = br.to_json(state)
    legal = br.legal_moves(state)
    try:
        after = timed(lambda: br.apply_move(state, move))
    except br.IllegalMoveError:
        assert br.to_json(state) == before, "a refused move leaves the state as it was"
        return
    assert any(m is move or (type(m) is type(move) and m == move) for m in legal), (
        f"{move!r} was applied but is not a legal move"
    )
    assert br.from_json(br.to_json(after)) == after
    assert br.to_json(state) == before


# Hostile options ------------------------------------------------------------------------------


def hostile_options(game: str) -> st.SearchStrategy[dict[str, Any]]:
    """Option sets for ``game``: its own option names (and some others) with hostile
    values, including the values of other options."""
    names = [o.name for o in br.get_game(game).options]
    return st.dictionaries(
        st.one_of(st.sampled_from(names), st.text(max_size=6)), json_values, max_size=4
    )


def check_options(game: str, options: dict[str, Any]) -> None:
    """``new_game(game, **options)`` refuses with a :class:`~boardrules.InvalidOptionError`
    or gives a state that keeps the promises of a state."""
    try:
        state = timed(lambda: br.new_game(game, **options))
    except br.InvalidOptionError:
        return
    check_state(state)
    assert br.new_game(game, **br.game_of(state).options_of(state)) == state


# Damaged records ------------------------------------------------------------------------------


@st.composite
def records(draw: st.DrawFn, game: str) -> str:
    """Damaged game records of ``game``: the record of a real (partial) game, mutated."""
    from boardrules.bots import RandomBot, play_game

    state = br.new_game(game)
    seed = draw(st.integers(0, 2**32 - 1))
    _, record = play_game(state, [RandomBot()] * br.num_players(state), seed=seed)
    doc = json.loads(record.to_json())
    cut = draw(st.integers(0, len(record.moves)))
    if cut < len(record.moves):  # an unfinished game: no result
        doc["moves"], doc["result"] = doc["moves"][:cut], None
    if draw(st.booleans()):  # now and then a game that starts from a recorded position
        doc["start"] = br.to_json(play_randomly(state, random.Random(seed), 20))
        doc["moves"], doc["result"] = [], None
    return json.dumps(draw(mutations(doc, steps=2)))


def check_record(text: str) -> None:
    """Reading and replaying a record either works or raises a
    :class:`~boardrules.BoardrulesError` (a :class:`~boardrules.records.RecordError` for the
    record's own fields)."""
    from boardrules.records import GameRecord, final_state

    try:
        record = timed(lambda: GameRecord.from_json(text))
        end = timed(lambda: final_state(record))
    except br.BoardrulesError:
        return
    assert br.from_json(br.to_json(end)) == end
    # An accepted record's options are its first position's (issue 21, class 12).
    first = record.first_state()
    game = br.game_of(first)
    resolved = game.options_of(game.new_game(**record.options))
    assert json.dumps(resolved, sort_keys=True) == json.dumps(
        game.options_of(first), sort_keys=True
    )
    assert record.result is None or all(abs(r) <= 1e9 for r in record.result)
    # The seed is bounded and the labels, shown in terminal text, hold no control character
    # (issue 21, left open).
    assert record.seed is None or -(2**64) < record.seed < 2**64
    assert not any(unicodedata.category(c) == "Cc" for label in record.players for c in label)


@st.composite
def records_with_forged_fields(draw: st.DrawFn, game: str) -> str:
    """Records of ``game`` from a recorded start position whose ``options`` are another
    game's setting, hostile values or unknown names, or whose ``result`` holds huge
    numbers (whole numbers beyond any float among them)."""
    state = draw(midgame_states(game, max_moves=30))
    record = _record_of(state)
    doc = json.loads(record.to_json())
    doc["start"] = br.to_json(state)
    how = draw(st.sampled_from(["options", "other options", "result", "seed", "players"]))
    if how == "seed":
        doc["seed"] = draw(_hostile_seeds)
    elif how == "players":
        doc["players"] = draw(st.lists(_hostile_labels, min_size=1, max_size=5))
    elif how == "options":
        doc["options"] = {**doc["options"], **draw(hostile_options(game))}
    elif how == "other options":
        other = draw(midgame_states(game, _real_options(game), max_moves=0))
        doc["options"] = br.game_of(other).options_of(other)
    else:
        huge = st.one_of(st.integers(), st.sampled_from([10**400, -(10**309), 2**1024, 10**10]),
                         st.floats(allow_nan=False))  # fmt: skip
        doc["result"] = draw(st.lists(huge, min_size=1, max_size=5))
    return json.dumps(doc)


# Seeds around the bound (|seed| < 2**64), far beyond it (10**4000 is near JSON's limit of
# digits) and of other types.
_hostile_seeds = st.one_of(
    st.integers(),
    st.integers(-(2**64) - 2, -(2**64) + 2),
    st.integers(2**64 - 2, 2**64 + 2),
    st.sampled_from([10**4000, -(10**4000), 2**1024, 2**63, -1, 0]),
    st.floats(),
    st.booleans(),
    st.text(max_size=5),
)
# Player labels of any characters: control characters (terminal escape sequences among
# them), lone surrogates, format characters and plain text.
_hostile_labels = st.one_of(
    st.text(st.characters(categories=["Cc", "Cs", "Cf", "Zl", "Co"]), max_size=6),
    st.text(max_size=12),
    st.sampled_from(["\x1b[2J", "\x1b]0;title\x07", "\x9b31m", "a\rb", "\ud800", "greedy"]),
)


def _record_of(state: Any) -> Any:
    """The record of no moves from ``state``."""
    from boardrules.records import GameRecord

    return GameRecord.of(state, [])


def _real_options(game: str) -> st.SearchStrategy[dict[str, Any]]:
    """A few real option sets of ``game``."""
    sets: dict[str, list[dict[str, Any]]] = {
        "parchis": [{"players": 2}, {"players": 3}, {"exit_capture": False}, {}],
        "dorada": [{"players": 2}, {"players": 3}, {"tie_break": "highest-piece"}, {}],
        "docker": [{"players": 2}, {"players": 3}, {"return_to_start": True}, {}],
        "dorasure": [{"players": 2}, {"players": 3}, {"fang": True}, {}],
    }
    return st.sampled_from(sets[game])
