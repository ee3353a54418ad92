"""Documents saved by the engine before its redesign load and replay identically (issue 25).

The corpus (``corpus/``, written once by ``dorasure_corpus.py``) holds seeded games in every
configuration and states met in them, each with what the engine showed at every ply: the
player to move, the legal moves and action numbers, the chance outcomes with their exact
probabilities, the returns and the state's JSON document (see ``dorasure_corpus.node``).
The JSON format stays version 1: what was saved then reads now, and means the same.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from dorasure_corpus import GAMES, STATES, battle_start, node

import boardrules as br
from boardrules.records import GameRecord

_GAMES = [json.loads(line) for line in GAMES.read_text().splitlines()]
_STATES = [json.loads(line) for line in STATES.read_text().splitlines()]


def test_the_corpus_covers_every_configuration_and_every_kind_of_task() -> None:
    configs = {game["config"] for game in _GAMES}
    assert {f"{n} heroes" for n in range(2, 12)} <= configs
    assert {"Grand Master", "4 heroes, Fang", "11 heroes, Fang", "Grand Master, Fang"} <= configs
    for hero in ("Samurai", "Shaman", "Minstrel", "Magician", "Vampire", "Werewolf"):
        assert f"{hero}, Paladin, Prince" in configs and f"{hero}'s battle" in configs
    fronts = set()
    for line in _STATES:
        agenda = json.loads(line["state"])["state"]["agenda"]
        fronts.add(agenda[0][0] if agenda else -1)
    # Every kind of task that waits for a move or a roll, and the end of the game.
    waiting = {*range(19), *range(29, 40), -1}
    assert fronts == waiting
    assert GAMES.stat().st_size + STATES.stat().st_size < 1_000_000


@pytest.mark.parametrize("line", _STATES, ids=lambda line: f"{line['config']}")
def test_a_saved_state_loads_re_encodes_and_shows_the_same_moves(line: dict[str, Any]) -> None:
    s = br.from_json(line["state"])
    assert br.to_json(s) == line["state"]
    assert node(s) == line["node"]


@pytest.mark.parametrize("game", _GAMES, ids=lambda game: f"{game['config']}")
def test_a_saved_game_replays_identically_at_every_ply(game: dict[str, Any]) -> None:
    text = json.dumps(game["record"], separators=(",", ":"), ensure_ascii=False)
    record = GameRecord.from_json(text)
    assert record.to_json() == text
    s = record.first_state()
    assert node(s) == game["nodes"][0]
    for ply, move in enumerate(record.moves, 1):
        s = br.apply_move(s, br.parse_move(s, move))
        assert node(s) == game["nodes"][ply], f"ply {ply} ({move})"
    assert br.is_terminal(s) and tuple(br.returns(s)) == record.result


def test_a_battle_game_starts_from_the_position_saved_with_it() -> None:
    # The battle games start from a position (the record's ``start``): the helper that
    # made it still makes the same one.
    for game in _GAMES:
        if game["config"].endswith("'s battle"):
            hero = game["config"].removesuffix("'s battle")
            assert br.to_json(battle_start(hero)) == game["record"]["start"]
