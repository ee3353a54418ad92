"""Docker states as JSON documents: what the decoder reads and the exact refusals it gives.

The body of a Docker document has exactly four fields; ``towers`` names every square of
the pitch, each with the list of its pieces' owners from the bottom up.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import boardrules as br
from boardrules import docker

SQUARES = "a1, b1, c1, a2, b2, c2, a3, b3, c3"  # in the order of the pitch


def document(**state: Any) -> str:
    """The document of a 2-player Docker start with ``state``'s fields changed."""
    doc = json.loads(br.to_json(br.new_game("docker", players=2)))
    doc["state"].update(state)
    return json.dumps(doc)


def test_a_document_names_every_square_with_its_tower_bottom_to_top() -> None:
    s = docker.position({"b2": [1, 0], "a1": "1"}, players=2, turn=1)
    body = json.loads(br.to_json(s))["state"]
    assert body == {
        "towers": {name: [] for name in SQUARES.split(", ")} | {"a1": [1], "b2": [1, 0]},
        "to_move": 1,
        "roll": 0,
        "eliminated": [],
    }
    assert br.from_json(br.to_json(s)) == s


@pytest.mark.parametrize(
    ("state", "message"),
    [
        ({"extra": 1}, "state: exactly the fields towers, to_move, roll, eliminated"),
        ({"towers": {"a1": []}}, f"towers: an object with every square {SQUARES}"),
        ({"towers": []}, f"towers: an object with every square {SQUARES}"),
        (
            {"towers": {name: [] for name in SQUARES.split(", ")} | {"d4": []}},
            f"towers: an object with every square {SQUARES}",
        ),
        (
            {"towers": {name: [] for name in SQUARES.split(", ")} | {"c2": "10"}},
            "towers: c2 holds a list of owners, bottom to top",
        ),
    ],
)
def test_a_damaged_body_is_refused_naming_what_a_body_holds(
    state: dict[str, Any], message: str
) -> None:
    with pytest.raises(br.StateFormatError) as refused:
        br.from_json(document(**state))
    assert str(refused.value) == message


def test_a_body_that_is_not_an_object_is_refused_by_the_decoder_too() -> None:
    game = br.get_game("docker")
    with pytest.raises(br.StateFormatError) as refused:
        game.decode({"players": 2}, [])  # type: ignore[arg-type]
    assert str(refused.value) == "state: exactly the fields towers, to_move, roll, eliminated"
