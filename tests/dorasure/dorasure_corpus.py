"""The corpus of Dorasure documents saved by the engine before its redesign (issue 25).

``corpus/games.jsonl`` holds one seeded random game per configuration (2-11 heroes, the solo
Grand Master, Fang, each expansion hero, changed sheets, tracks and tiles): its record and,
per ply, what the engine showed there (:func:`node`).  ``corpus/states.jsonl`` holds states
met in such games, at least one per kind of task at the agenda's front and phase, each with
what the engine showed in it.  ``test_corpus.py`` loads and replays them.

The corpus is a fixed past: it was written once, by the engine as it was on ``main`` before
the redesign, with ``python tests/dorasure/dorasure_corpus.py`` (this file); writing it again
with a later engine would prove nothing.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import boardrules as br
from boardrules.dorasure import HERO_ORDER, position
from boardrules.records import GameRecord

CORPUS = Path(__file__).resolve().parent / "corpus"
GAMES = CORPUS / "games.jsonl"
STATES = CORPUS / "states.jsonl"

_SHORT = {"meter_end": 4, "fire_icons": [2]}
_EXPANSION_HEROES = ("Samurai", "Shaman", "Minstrel", "Magician", "Vampire", "Werewolf")

#: The configurations of the corpus (those of the differential audit).
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


def battle_start(hero: str) -> Any:
    """A Climactic Battle turn of ``hero`` at level 6 with full resources, beside the
    Paladin (the Ninja beside the Paladin; the Grand Master alone), the Treasure and the
    Weapons found: random games seldom reach the abilities of the battle."""
    heroes = (
        [hero] if hero == "Grand Master" else [hero, "Ninja" if hero == "Paladin" else "Paladin"]
    )
    rules = br.new_game("dorasure", heroes=heroes).rules
    top = rules.tracks.xp_max
    full = {rules.hero_name(p): rules.stats[p][6][-1] for p in range(rules.seats)}
    return position(
        heroes,
        turn=hero,
        step="battle",
        xp=dict.fromkeys(heroes, top),
        resource=full,
        dragon={"health": 6, "claws": [2, 4]},
        quests={"g0": "golem", "d3": "inscriptions"},
        solved={"g0": "treasure", "d3": "weapons"},
    )


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def node(s: br.GameState[Any, Any]) -> str:
    """What the engine shows at ``s``, in one short line: the player to move, the number of
    legal moves, a digest of the moves (their notation and action numbers), the chance
    outcomes with their exact probabilities and the returns, and a digest of the state's
    JSON document."""
    player = br.current_player(s)
    shown: list[Any] = [list(br.returns(s))]
    moves: tuple[Any, ...] = ()
    if not br.is_terminal(s):
        moves = br.legal_moves(s)
        shown.append([str(m) for m in moves])
        shown.append(list(br.legal_actions(s)))
        if player == br.CHANCE:
            shown.append([f"{p.numerator}/{p.denominator}" for _, p in br.chance_outcomes(s)])
    return f"{player} {len(moves)} {_digest(json.dumps(shown))} {_digest(br.to_json(s))}"


def _game(first: Any, seed: int) -> tuple[list[Any], list[Any], list[str]]:
    """A seeded random game from ``first``: its states, its moves and its node lines."""
    rng = random.Random(seed)
    s = first
    states, moves, lines = [s], [], [node(s)]
    while not br.is_terminal(s):
        move = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        s = br.apply_move(s, move)
        states.append(s)
        moves.append(move)
        lines.append(node(s))
    return states, moves, lines


def _key(s: Any) -> tuple[str, int]:
    return (type(s.agenda[0]).__name__ if s.agenda else "end", s.phase)


def write(games_per_config: int = 40, per_kind: int = 6) -> None:
    """Write the corpus (see the module's docstring)."""
    CORPUS.mkdir(exist_ok=True)
    kept: dict[tuple[str, int], list[tuple[str, Any]]] = {}
    with GAMES.open("w") as out:
        starts: list[tuple[str, Callable[[], Any]]] = [
            (name, partial(br.new_game, "dorasure", **options)) for name, options in CONFIGS
        ]
        starts += [(f"{h}'s battle", partial(battle_start, h)) for h in HERO_ORDER]
        for k, (name, make) in enumerate(starts):
            for g in range(games_per_config):
                states, moves, lines = _game(make(), 1000 * k + g)
                if g == 0:
                    record = GameRecord.of(states[0], moves, seed=1000 * k, end=states[-1])
                    line = {"config": name, "record": json.loads(record.to_json()), "nodes": lines}
                    out.write(json.dumps(line, separators=(",", ":")) + "\n")
                for s in states:
                    found = kept.setdefault(_key(s), [])
                    if len(found) < per_kind and all(c != name for c, _ in found):
                        found.append((name, s))
    with STATES.open("w") as out:
        for key in sorted(kept):
            for name, s in kept[key]:
                line = {"config": name, "state": br.to_json(s), "node": node(s)}
                out.write(json.dumps(line, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    write()
    sys.exit(0)
