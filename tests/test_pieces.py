"""``pieces()``: where each player's pieces are, in every game, in the words that game's
``position()`` takes.  Each game's answer is checked along a random game against the state's
own fields read another way (or against ``position()`` rebuilding the state from it)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import boardrules as br
from boardrules import docker, dorada, dorasure, parchis
from boardrules.testing import play, random_play


def states(name: str, players: int, plies: int = 300, seed: int = 7) -> Iterator[Any]:
    start: Any = br.new_game(name, players=players)
    for i, (state, _) in enumerate(random_play(start, random.Random(seed))):
        if i >= plies:
            return
        yield state


@pytest.mark.parametrize("name", ["parchis", "dorada", "docker", "dorasure"])
def test_pieces_names_every_player_and_keeps_their_number_of_pieces(name: str) -> None:
    first = br.new_game(name, players=3)
    counts = {who: len(places) for who, places in br.pieces(first).items()}
    assert list(counts) == list(br.player_names(first))
    for state in states(name, 3):
        where = br.pieces(state)
        assert {who: len(places) for who, places in where.items()} == counts


def test_parchis_pieces_rebuild_the_position() -> None:
    for state in states("parchis", 3):
        rebuilt = parchis.position(parchis.pieces(state), players=3)
        assert rebuilt.pos == state.pos


def test_parchis_pieces_show_a_piece_out_of_its_nest() -> None:
    s = play(parchis.new_game(players=2), "roll 5", "out")
    assert parchis.pieces(s)["yellow"] == ["nest", "nest", "nest", 5]


def test_dorada_pieces_are_the_stacks_bridges_start_and_goal() -> None:
    for state in states("dorada", 3):
        where = list(dorada.pieces(state).values())
        stacks = [Counter(s) for s in state.track]
        for p, places in enumerate(where):
            fields = Counter(f for f in places if isinstance(f, int))
            assert fields == Counter({f: c[p] for f, c in enumerate(stacks) if c[p]})
            assert places.count("start") == state.start[p]
            assert places.count("dorada") == state.dorada.count(p)
            bridges = {int(str(b).split()[1]) for b in places if str(b).startswith("bridge ")}
            assert bridges == {f for f, owner in enumerate(state.bridges) if owner == p}


def test_docker_pieces_are_the_towers_and_the_hand() -> None:
    seen_tower = False
    for state in states("docker", 3):
        for p, places in enumerate(docker.pieces(state).values()):
            assert places.count("hand") == state.reserve[p]
            on_pitch = Counter(x for x in places if x != "hand")
            expected = {docker.PITCH.name_of(q): t.count(p) for q, t in enumerate(state.towers)}
            assert on_pitch == Counter({q: n for q, n in expected.items() if n})
            seen_tower |= any(n > 1 for n in on_pitch.values())
    assert seen_tower  # the game reached a tower of one colour's two pieces


def test_dorasure_pieces_name_the_heroes_spaces_on_the_map() -> None:
    s = dorasure.position(["Ninja", "Hunter"], at={"Ninja": "c2"}, quests={"g0": "golem"})
    assert dorasure.pieces(s) == {"Ninja": ["c2"], "Hunter": ["city"]}
    moved = False
    for state in states("dorasure", 3):
        at = [places for places in dorasure.pieces(state).values()]
        assert at == [[space] for space in json.loads(br.to_json(state))["state"]["pos"]]
        moved |= at[0] != ["city"]
    assert moved
