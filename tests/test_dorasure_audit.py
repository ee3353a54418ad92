"""Dorasure: findings of the differential audit of the rewritten engine against the engine
before the rewrite (same choices at every node, compared move lists, chance outcomes, states
and results), one regression test each, named for the rule.
"""

from __future__ import annotations

import boardrules as br
from boardrules.dorasure import position
from dorasure_helpers import odds, play


def test_labyrinth_holds_only_a_hero_still_beside_it() -> None:
    # The Vampire at 0 Blood and 1 health tries the labyrinth alone: her quest die's 1
    # costs her last health (Blood Magic), the survival roll saves her, she is back in the
    # City at full health; the failed labyrinth cannot hold her there (a hero stays put
    # only at the labyrinth), and the state is one the decoder accepts.
    s = position(
        ("Ninja", "Vampire"),
        quests={"g0": "labyrinth"},
        at={"Vampire": "f1"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 0},
        health={"Vampire": 1},
        xp={"Vampire": 8},
    )
    s = play(s, "quest g0")
    assert list(odds(s)) == ["dice -", "dice 0", "dice +", "dice 6"], "one Search die"
    s = play(s, "dice -", "survival saved")
    assert s.health[1] == 5 and s.rules.board.names[s.pos[1]] == "city"
    assert s.locked == (-1, -1)
    assert br.from_json(br.to_json(s)) == s
    # Beside the labyrinth a failure still holds her: her next action is the retry.
    s = position(
        ("Ninja", "Vampire"),
        quests={"g0": "labyrinth"},
        at={"Vampire": "f1"},
        turn="Vampire",
        step="act",
        resource={"Vampire": 2},
        xp={"Vampire": 8},
    )
    s = play(s, "quest g0", "spend 0", "dice 000")
    assert s.locked == (-1, 0) and br.from_json(br.to_json(s)) == s
