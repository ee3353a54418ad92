"""Fuzzing Dorasure's decoder with mutated JSON documents of real mid-game states.

The documents come from random games of several hero sets (the solo Grand Master, the base
heroes, 6 and 11 heroes, the Fang expansion), taken at every kind of agenda front.  Each
example changes a few values of one document (numbers, names, agenda rows, list lengths)
and decodes it.  Decoding may only raise a ``ValueError`` (``StateFormatError``); a state it
accepts must survive its own round trip, and every legal move from it must work and lead to
a state that survives the round trip too (a state the decoder accepts is one the rules can
play on).

The short profile runs with the test suite; ``pytest -m fuzz --hypothesis-profile long``
(where the fuzz framework defines it) or ``HYPOTHESIS_MAX_EXAMPLES`` runs more.
"""

from __future__ import annotations

import json
import os
import random
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardrules as br

_EXAMPLES = int(os.environ.get("HYPOTHESIS_MAX_EXAMPLES", "150"))
_SETS: tuple[dict[str, Any], ...] = (
    {"players": 1},
    {"players": 3},
    {"players": 5},
    {"heroes": ["Shaman", "Minstrel", "Vampire", "Samurai", "Magician", "Werewolf"]},
    {"players": 11},
    {"players": 4, "fang": True},
)


def _playout(options: dict[str, Any], seed: int) -> list[Any]:
    rng = random.Random(seed)
    s = br.new_game("dorasure", **options)
    states = []
    while not br.is_terminal(s):
        states.append(s)
        if br.current_player(s) == br.CHANCE:
            s = br.apply_move(s, br.sample_chance(s, rng))
        else:
            s = br.apply_move(s, rng.choice(br.legal_moves(s)))
    return states


@cache
def corpus() -> tuple[str, ...]:
    """Documents of real states, a few per kind of agenda front and hero set."""
    documents: list[str] = []
    for k, options in enumerate(_SETS):
        seen: dict[tuple[int, int], int] = {}
        for seed in range(3):
            for s in _playout(options, 100 * k + seed):
                key = (s.phase, s.agenda[0][0])
                if seen.get(key, 0) < 2:
                    seen[key] = seen.get(key, 0) + 1
                    documents.append(br.to_json(s))
    return tuple(documents)


_VALUES = st.one_of(
    st.integers(-3, 12), st.sampled_from([40, 70, 99, 2**31, -(2**40)]), st.booleans(),
    st.none(), st.sampled_from([5.0, 1.0, "", "x", "g0", "golem", "lair", [], {}, [[0]]]),
)


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON object (containers included)."""
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += _leaves(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += _leaves(value, (*path, i))
    return out


def _mutate(body: dict[str, Any], data: st.DataObject) -> None:
    paths = [p for p in _leaves(body) if p]
    path = data.draw(st.sampled_from(paths))
    parent: Any = body
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    how = data.draw(st.sampled_from(["set", "set", "set", "drop", "copy", "row"]))
    if how == "set":
        parent[last] = data.draw(_VALUES)
    elif how == "drop" and isinstance(parent, list):
        del parent[last]
    elif how == "copy" and isinstance(parent, list):
        parent.insert(last, json.loads(json.dumps(parent[last])))
    elif how == "row":
        state = body.get("state")
        agenda = state.get("agenda") if isinstance(state, dict) else None
        if isinstance(agenda, list):
            row = [data.draw(st.integers(-1, 44)), data.draw(st.integers(-1, 11)),
                   data.draw(st.integers(-1, 8)), data.draw(st.integers(-1, 8))]
            agenda.insert(data.draw(st.integers(0, len(agenda))), row)


def _survives(s: Any) -> None:
    again = br.from_json(br.to_json(s))
    assert again == s, "a decoded state must survive its own round trip"


@settings(max_examples=_EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_mutated_documents_decode_to_playable_states_or_fail_plainly(data: st.DataObject) -> None:
    document = json.loads(data.draw(st.sampled_from(corpus())))
    for _ in range(data.draw(st.integers(1, 3))):
        _mutate(document, data)
    try:
        s = br.from_json(json.dumps(document))
    except ValueError:
        return
    _survives(s)
    for move in br.legal_moves(s):
        child = br.apply_move(s, move)
        _survives(child)


def test_every_state_of_the_corpus_decodes_unchanged() -> None:
    for document in corpus():
        s = br.from_json(document)
        assert br.to_json(s) == document
