"""Differential audit of Dorasure: this checkout's engine against the engine of a git revision.

Both engines play the same seeded random games in every configuration (2-11 heroes, the solo
Grand Master, Fang, each expansion hero, changed sheets, tracks and tiles), each in its own
process importing its own ``src/``; at every node each one writes down the player to move,
the legal moves (notation and action numbers), the chance outcomes with their exact
probabilities, the returns and the state's JSON document, and the audit compares them::

    python benchmarks/dorasure_audit.py main --nodes 500000
    python benchmarks/dorasure_audit.py main --ours HEAD   # a commit, not the checkout

The first difference is shown with its game and node, and the audit exits 1 (the workers
and the comparison are ``benchmarks/_audit.py``'s, shared with ``parchis_audit.py``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import _audit  # benchmarks/_audit.py: the workers, the comparison

_EXPANSION_HEROES = ("Samurai", "Shaman", "Minstrel", "Magician", "Vampire", "Werewolf")
_SHORT = {"meter_end": 4, "fire_icons": [2]}  # the battle comes soon (a random team is slow)

#: The configurations, played in turn (game number ``k`` plays ``CONFIGS[k % len]``).
CONFIGS: tuple[tuple[str, dict[str, Any]], ...] = (
    *((f"{n} heroes", {"players": n}) for n in range(2, 12)),
    ("Grand Master", {"players": 1}),
    ("Grand Master, short", {"players": 1, "dragon": {**_SHORT, "health": 6, "claws": [2, 4]}}),
    ("4 heroes, Fang", {"players": 4, "fang": True}),
    ("11 heroes, Fang", {"players": 11, "fang": True}),
    ("Grand Master, Fang", {"players": 1, "fang": True}),
    *(
        (f"{h} and Ninja, short", {"heroes": [h, "Ninja"], "dragon": _SHORT})
        for h in _EXPANSION_HEROES
    ),
    *(
        (f"{h}, Paladin, Prince", {"heroes": [h, "Paladin", "Prince"], "fang": h == "Vampire"})
        for h in _EXPANSION_HEROES
    ),
    (
        "Shaman, Vampire, Minstrel, short",
        {"heroes": ["Shaman", "Vampire", "Minstrel"], "dragon": _SHORT},
    ),
    ("Hunter, Ninja, Paladin, short", {"heroes": ["Hunter", "Ninja", "Paladin"], "dragon": _SHORT}),
    (
        "changed sheets and tiles",
        {
            "heroes": ["Prince", "Werewolf", "Magician"],
            "sheets": {
                "Prince": {"resource_cap": [0, 1], "resource_start": 0},
                "Magician": {"health": 3},
            },
            "dragon": {"xp_max": 8, "levels": [0, 1, 2, 4, 6, 8], "health": 5, "claws": [2, 4]},
            "quest_tiles": {
                "golem": {"target": 1, "failure": "stay", "alone": True, "start_damage": 2}
            },
        },
    ),
)


def _describe(br: Any, s: Any, seed: int) -> str:
    """Everything the audit compares at one node, as one line."""
    player = br.current_player(s)
    parts = [f"player {player}", f"returns {tuple(br.returns(s))}", f"json {br.to_json(s)}"]
    if not br.is_terminal(s):
        if player == br.CHANCE:
            odds = [(str(m), f"{p.numerator}/{p.denominator}") for m, p in br.chance_outcomes(s)]
            parts.append(f"outcomes {odds}")
        parts.append(f"moves {[str(m) for m in br.legal_moves(s)]}")
        parts.append(f"actions {list(br.legal_actions(s))}")
    return "\t".join(parts)


AUDIT = _audit.Audit("dorasure", CONFIGS, _describe, Path(__file__).resolve())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _audit.arguments(parser)
    parser.add_argument("--nodes", type=int, default=500_000, help="nodes per engine (500,000)")
    args = parser.parse_args(argv)
    return _audit.run(AUDIT, args, ("--nodes", str(args.nodes)), nodes=args.nodes)


if __name__ == "__main__":
    sys.exit(main())
