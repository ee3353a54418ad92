"""Golden pictures: the SVG of a few fixed positions of every game, byte for byte.

A change to a picture fails here.  Look at the new pictures (open them in a browser); if
the change is meant, regenerate the files from the checkout with
``PYTHONPATH=src python tests/test_svg_golden.py`` and commit them with the change.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import boardrules as br
from boardrules import docker, dorada, dorasure, parchis

GOLDEN = Path(__file__).parent / "golden" / "svg"


def _parchis_barrier() -> tuple[Any, str | None, int | None]:
    # Red's barrier on 29 holds yellow's piece on 25 back; the piece on 20 captures on 27.
    s = parchis.position(
        {"yellow": [20, 25, "L3", "goal"], "red": [29, 29, 27]}, turn="yellow", roll=6, players=2
    )
    return s, "20+7", None


def _parchis_four() -> tuple[Any, str | None, int | None]:
    s = parchis.position(
        {"yellow": [5, 12], "blue": [22, "L7"], "red": [39, 39], "green": [56, "goal", "goal"]},
        turn="blue",
        roll=5,
        players=4,
    )
    return s, None, 2


def _dorada_jump() -> tuple[Any, str | None, int | None]:
    s = dorada.position(
        players=3, track={2: [0], 3: [1, 2], 6: [0]}, bridges={9: 1}, dorada=[2, 0], turn=0, roll=3
    )
    return s, "move 2", None


def _docker_climb() -> tuple[Any, str | None, int | None]:
    s = docker.position({"b2": "0110", "b1": [0], "c3": "2"}, players=3, turn=0, roll=4)
    return s, str(docker.legal_moves(s)[0]), 1


def _dorasure_quest() -> tuple[Any, str | None, int | None]:
    s = dorasure.position(
        ["Ninja", "Hunter", "Paladin"],
        at={"Ninja": "c2", "Hunter": "f1"},
        health={"Hunter": 2},
        xp={"Ninja": 3},
        quests={"g0": "golem", "d3": "sphinx"},
        flags={"g0": 1},
        solved={"d3": "lair"},
        meter=7,
        wounds=1,  # one Dragon's Lair found
        turn="Ninja",
        step="move",
        dice=[3, 5],
    )
    return s, "step 3 d2", None


CASES: dict[str, Callable[[], tuple[Any, str | None, int | None]]] = {
    "parchis-barrier": _parchis_barrier,
    "parchis-four-players": _parchis_four,
    "dorada-jump": _dorada_jump,
    "docker-climb": _docker_climb,
    "dorasure-quest": _dorasure_quest,
}


def picture(name: str) -> str:
    state, move, perspective = CASES[name]()
    chosen = None if move is None else br.parse_move(state, move)
    return br.render_svg(state, move=chosen, perspective=perspective) + "\n"


@pytest.mark.parametrize("name", list(CASES))
def test_golden_picture(name: str) -> None:
    expected = (GOLDEN / f"{name}.svg").read_text(encoding="utf-8")
    assert picture(name) == expected, (
        f"the picture {name} changed; if that is meant, run "
        "PYTHONPATH=src python tests/test_svg_golden.py"
    )


if __name__ == "__main__":
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        (GOLDEN / f"{case}.svg").write_text(picture(case), encoding="utf-8")
        print(f"wrote {GOLDEN / case}.svg")
