"""Golden transcripts: seeded Parchís games stored as move lists with their final states.

A change to the rules that alters any of these games fails here; if the change is meant,
regenerate with ``python tests/test_parchis_golden.py`` and say why in the changelog.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import boardrules as br

GOLDEN = Path(__file__).parent / "golden" / "parchis.json"
CASES = [(1, {"players": 2}), (2, {"players": 3}), (3, {"players": 4}),
         (4, {"players": 4, "two_out_on_first_five": True, "exit_capture": False})]  # fmt: skip


def record(seed: int, options: dict[str, Any]) -> dict[str, Any]:
    rng = random.Random(seed)
    s = br.new_game("parchis", **options)
    moves = []
    while not br.is_terminal(s):
        m = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        moves.append(str(m))
        s = br.apply_move(s, m)
    return {"seed": seed, "options": options, "moves": moves, "final": br.to_json(s)}


def load() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(GOLDEN.read_text())
    return data


@pytest.mark.parametrize("game", load(), ids=lambda g: f"seed{g['seed']}")
def test_golden_game_replays_to_its_final_state(game: dict[str, Any]) -> None:
    s = br.new_game("parchis", **game["options"])
    for text in game["moves"]:
        s = br.apply_move(s, br.parse_move(s, text))
    assert br.is_terminal(s)
    assert br.to_json(s) == game["final"]
    assert br.from_json(game["final"]) == s


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps([record(seed, opts) for seed, opts in CASES], indent=0) + "\n")
