"""Differential audit of Dorasure: this checkout's engine against the engine of a git revision.

Both engines play the same seeded random games in every configuration (2-11 heroes, the solo
Grand Master, Fang, each expansion hero, changed sheets, tracks and tiles), each in its own
process importing its own ``src/``; at every node each one writes down the player to move,
the legal moves (notation and action numbers), the chance outcomes with their exact
probabilities, the returns and the state's JSON document, and the audit compares them::

    python benchmarks/dorasure_audit.py main --nodes 500000
    python benchmarks/dorasure_audit.py main --ours HEAD   # a commit, not the checkout

The choices are the same in both as long as the engines agree (the same generator draws
among the same moves), so the first difference is reported with the node where it shows,
and the audit exits 1.  Each process sums up a game as a digest of its nodes; a game whose
digests differ is played again node by node to show the first difference.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

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


# -- the worker: plays games with the engine found first on its path ---------------------------


def _describe(br: Any, s: Any) -> str:
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


def _play(br: Any, seed: int, lines: list[str] | None = None) -> tuple[int, str]:
    """Play game ``seed``: its node count and digest (and its node lines into ``lines``)."""
    _, options = CONFIGS[seed % len(CONFIGS)]
    rng = random.Random(seed)
    s = br.new_game("dorasure", **options)
    digest = hashlib.blake2b(digest_size=16)
    nodes = 0
    while True:
        line = _describe(br, s)
        nodes += 1
        digest.update(line.encode())
        digest.update(b"\n")
        if lines is not None:
            lines.append(line)
        if br.is_terminal(s):
            return nodes, digest.hexdigest()
        move = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        s = br.apply_move(s, move)


def _worker(src: str, first: int, nodes: int, detail: int | None) -> int:
    sys.path.insert(0, src)
    import boardrules as br

    if not Path(br.__file__).resolve().is_relative_to(Path(src).resolve()):
        print(f"the worker imported {br.__file__}, not the engine in {src}", file=sys.stderr)
        return 2
    if detail is not None:
        lines: list[str] = []
        _play(br, detail, lines)
        print("\n".join(lines))
        return 0
    total, seed = 0, first
    while total < nodes:
        n, digest = _play(br, seed)
        total += n
        print(seed, n, digest, flush=True)
        seed += 1
    return 0


# -- the audit: two workers, one per engine -----------------------------------------------------


def _extract(revision: str, into: Path) -> Path:
    """The ``src/`` of ``revision``, extracted into ``into``."""
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "src"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def _command(src: Path, *args: str) -> list[str]:
    return [sys.executable, str(Path(__file__).resolve()), "--worker", str(src), *args]


def _first_difference(ours: Path, theirs: Path, seed: int) -> str:
    lines = []
    for src in (ours, theirs):
        done = subprocess.run(_command(src, "--detail", str(seed)), capture_output=True, text=True)
        lines.append(done.stdout.splitlines() or [done.stderr])
    for k, (a, b) in enumerate(zip(*lines, strict=False)):
        if a != b:
            ours_, theirs_ = a.split("\t"), b.split("\t")
            # The first field that differs, or the missing ones.
            x, y = next(
                ((u, v) for u, v in zip(ours_, theirs_, strict=False) if u != v),
                (ours_[len(theirs_) :], theirs_[len(ours_) :]),
            )
            return f"game {seed}, node {k}:\n  this checkout: {x}\n  the revision:  {y}"
    return f"game {seed}: one engine ends the game after {min(map(len, lines))} nodes"


def audit(revision: str, nodes: int, first: int, mine: str | None = None) -> int:
    """Compare the engines over at least ``nodes`` nodes; 0 if they agree everywhere.

    ``mine`` audits that revision instead of this checkout (so the checkout may change
    while the audit runs)."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="dorasure-audit-") as tmp:
        theirs = _extract(revision, Path(tmp) / "theirs")
        ours = ROOT / "src" if mine is None else _extract(mine, Path(tmp) / "ours")
        args = ("--first", str(first), "--nodes", str(nodes))
        runs = [
            subprocess.Popen(_command(src, *args), stdout=subprocess.PIPE, text=True)
            for src in (ours, theirs)
        ]
        outputs = [run.communicate()[0].splitlines() for run in runs]
        if any(run.returncode for run in runs):
            print("a worker failed", file=sys.stderr)
            return 2
        games = total = 0
        per_config: dict[str, int] = {}
        for a, b in zip(*outputs, strict=False):
            if a != b:
                print("DIFFERENCE:", _first_difference(ours, theirs, int(a.split()[0])))
                return 1
            seed, n, _ = a.split()
            games += 1
            total += int(n)
            name = CONFIGS[int(seed) % len(CONFIGS)][0]
            per_config[name] = per_config.get(name, 0) + int(n)
        if len(outputs[0]) != len(outputs[1]):
            print("DIFFERENCE: the engines played a different number of games")
            return 1
    elapsed = time.perf_counter() - start
    for name, n in per_config.items():
        print(f"  {name:40} {n:9,} nodes")
    print(f"identical: {games:,} games, {total:,} nodes against {revision} in {elapsed:.0f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revision", nargs="?", default="main", help="git revision (default main)")
    parser.add_argument("--nodes", type=int, default=500_000, help="nodes per engine (500,000)")
    parser.add_argument("--first", type=int, default=0, help="the first game's seed (0)")
    parser.add_argument("--ours", help="audit this git revision, not the checkout")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--detail", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return _worker(args.worker, args.first, args.nodes, args.detail)
    return audit(args.revision, args.nodes, args.first, args.ours)


if __name__ == "__main__":
    sys.exit(main())
