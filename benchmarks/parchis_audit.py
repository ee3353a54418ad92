"""Differential audit of Parchís: this checkout's engine against the engine of a git revision.

Both engines play the same seeded random games with the README's loop in every configuration
(2, 3 and 4 players, each option on its own and all together, other colours and first
players), each in its own process importing its own ``src/``; at every node each one writes
down the player to move, the state's fields (``board`` as its tuple, the barrier mask, the
finishing order...) and hash, the legal moves (notation and action numbers), the chance
outcomes with their exact probabilities and the returns, and in every ``--json-every``-th game
also the state's JSON document and ``repr``; the audit compares them::

    python benchmarks/parchis_audit.py main --games 20000
    python benchmarks/parchis_audit.py main --ours HEAD   # a commit, not the checkout

The choices are the same in both as long as the engines agree (the same generator draws
among the same moves), so the first difference is reported with the node where it shows,
and the audit exits 1.  Each process sums up a game as a digest of its nodes; a game whose
digests differ is played again node by node to show the first difference.
"""

from __future__ import annotations

import argparse
import hashlib
import os
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

#: The configurations, played in turn (game number ``k`` plays ``CONFIGS[k % len]``).
CONFIGS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("4 players", {"players": 4}),
    ("3 players", {"players": 3}),
    ("2 players", {"players": 2}),
    ("4 players, two out on the first 5", {"players": 4, "two_out_on_first_five": True}),
    ("4 players, no exit capture", {"players": 4, "exit_capture": False}),
    ("4 players, barriers on safe squares only", {"players": 4, "barriers_on_safe_only": True}),
    ("4 players, third 6 to the lane", {"players": 4, "third_six_back_to_lane_start": True}),
    (
        "2 players, every option, colours 1 and 3, second first",
        {
            "players": 2,
            "colours": ["blue", "green"],
            "first_player": 1,
            "two_out_on_first_five": True,
            "exit_capture": False,
            "barriers_on_safe_only": True,
            "third_six_back_to_lane_start": True,
        },
    ),
    (
        "3 players, two out, third 6 to the lane, colours 0 2 3",
        {
            "players": 3,
            "colours": ["yellow", "red", "green"],
            "two_out_on_first_five": True,
            "third_six_back_to_lane_start": True,
        },
    ),
)

#: The state's fields, as the audit writes them down.
FIELDS = (
    "pos", "board", "turn", "phase", "roll", "count", "sixes", "last", "finished", "opened",
    "barriers",
)  # fmt: skip


# -- the worker: plays games with the engine found first on its path ---------------------------


def _describe(br: Any, s: Any, whole: bool) -> str:
    """Everything the audit compares at one node, as one line."""
    player = br.current_player(s)
    fields = tuple(getattr(s, name) for name in FIELDS)
    parts = [f"player {player}", f"returns {tuple(br.returns(s))}", f"fields {fields}"]
    parts.append(f"hash {hash(s)}")
    if whole:
        parts += [f"json {br.to_json(s)}", f"repr {s!r}", f"full {s.full_repr()}"]
    if not br.is_terminal(s):
        if player == br.CHANCE:
            odds = [(str(m), f"{p.numerator}/{p.denominator}") for m, p in br.chance_outcomes(s)]
            parts.append(f"outcomes {odds}")
        parts.append(f"moves {[str(m) for m in br.legal_moves(s)]}")
        parts.append(f"actions {list(br.legal_actions(s))}")
    return "\t".join(parts)


def _play(br: Any, seed: int, json_every: int, lines: list[str] | None = None) -> tuple[int, str]:
    """Play game ``seed``: its node count and digest (and its node lines into ``lines``)."""
    _, options = CONFIGS[seed % len(CONFIGS)]
    whole = seed % json_every == 0
    rng = random.Random(seed)
    s = br.new_game("parchis", **options)
    digest = hashlib.blake2b(digest_size=16)
    nodes = 0
    while True:
        line = _describe(br, s, whole)
        nodes += 1
        digest.update(line.encode())
        digest.update(b"\n")
        if lines is not None:
            lines.append(line)
        if br.is_terminal(s):
            return nodes, digest.hexdigest()
        move = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        s = br.apply_move(s, move)


def _worker(src: str, first: int, games: int, json_every: int, detail: int | None) -> int:
    sys.path.insert(0, src)
    import boardrules as br

    if not Path(br.__file__).resolve().is_relative_to(Path(src).resolve()):
        print(f"the worker imported {br.__file__}, not the engine in {src}", file=sys.stderr)
        return 2
    if detail is not None:
        lines: list[str] = []
        _play(br, detail, json_every, lines)
        print("\n".join(lines))
        return 0
    for seed in range(first, first + games):
        n, digest = _play(br, seed, json_every)
        print(seed, n, digest, flush=True)
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


#: The workers' environment: a fixed string hash, so that the states' hashes (attrs salts
#: them with the hash of a text) are comparable between the two processes.
_ENV = {**os.environ, "PYTHONHASHSEED": "0"}


def _command(src: Path, *args: str) -> list[str]:
    return [sys.executable, str(Path(__file__).resolve()), "--worker", str(src), *args]


def _first_difference(ours: Path, theirs: Path, seed: int, json_every: int) -> str:
    lines = []
    for src in (ours, theirs):
        args = ("--detail", str(seed), "--json-every", str(json_every))
        done = subprocess.run(_command(src, *args), capture_output=True, text=True, env=_ENV)
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


def audit(revision: str, games: int, first: int, json_every: int, mine: str | None = None) -> int:
    """Compare the engines over ``games`` games; 0 if they agree everywhere.

    ``mine`` audits that revision instead of this checkout (so the checkout may change
    while the audit runs)."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="parchis-audit-") as tmp:
        theirs = _extract(revision, Path(tmp) / "theirs")
        ours = ROOT / "src" if mine is None else _extract(mine, Path(tmp) / "ours")
        args = ("--first", str(first), "--games", str(games), "--json-every", str(json_every))
        # Into files, not pipes: a pipe read after the other worker's would fill and stop
        # its worker, and the two would run one after the other.
        logs = [Path(tmp) / "ours.txt", Path(tmp) / "theirs.txt"]
        runs = []
        for src, log in zip((ours, theirs), logs, strict=True):
            with log.open("w") as out:
                runs.append(subprocess.Popen(_command(src, *args), stdout=out, text=True, env=_ENV))
        for run in runs:
            run.wait()
        outputs = [log.read_text().splitlines() for log in logs]
        if any(run.returncode for run in runs):
            print("a worker failed", file=sys.stderr)
            return 2
        played = total = 0
        per_config: dict[str, int] = {}
        for a, b in zip(*outputs, strict=False):
            if a != b:
                seed = int(a.split()[0])
                print("DIFFERENCE:", _first_difference(ours, theirs, seed, json_every))
                return 1
            seed_text, n, _ = a.split()
            played += 1
            total += int(n)
            name = CONFIGS[int(seed_text) % len(CONFIGS)][0]
            per_config[name] = per_config.get(name, 0) + int(n)
        if len(outputs[0]) != len(outputs[1]):
            print("DIFFERENCE: the engines played a different number of games")
            return 1
    elapsed = time.perf_counter() - start
    for name, n in per_config.items():
        print(f"  {name:56} {n:11,} nodes")
    print(f"identical: {played:,} games, {total:,} nodes against {revision} in {elapsed:.0f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revision", nargs="?", default="main", help="git revision (default main)")
    parser.add_argument("--games", type=int, default=20_000, help="games (20,000)")
    parser.add_argument(
        "--json-every", type=int, default=10, help="JSON and reprs in every k-th game (10)"
    )
    parser.add_argument("--first", type=int, default=0, help="the first game's seed (0)")
    parser.add_argument("--ours", help="audit this git revision, not the checkout")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--detail", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return _worker(args.worker, args.first, args.games, args.json_every, args.detail)
    return audit(args.revision, args.games, args.first, args.json_every, args.ours)


if __name__ == "__main__":
    sys.exit(main())
