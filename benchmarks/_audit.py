"""The machinery of the differential audits ``parchis_audit.py`` and ``dorasure_audit.py``.

An audit plays the same seeded random games with two engines, each in its own process (a
*worker*: the audit's script again, with ``--worker SRC``) importing its own ``src/``: this
checkout's (or the ``src/`` of a revision given by ``--ours``) and that of a git revision.
At every node a worker writes down a line (the game's :attr:`Audit.describe`); it sums up a
game as a digest of its lines and prints one line per game.  The choices are the same in
both as long as the engines agree (the same generator draws among the same moves), so the
first game whose digests differ is played again node by node, and the first difference is
shown with its game and node.
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
from collections.abc import Callable
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: The workers' environment: a fixed string hash, so that the states' hashes (attrs salts
#: them with the hash of a text) are comparable between the two processes.
_ENV = {**os.environ, "PYTHONHASHSEED": "0"}


@dataclass(frozen=True)
class Audit:
    """What one game's audit plays and writes down."""

    #: The game's name, for ``new_game``.
    game: str
    #: The configurations, played in turn (game number ``k`` plays ``configs[k % len]``).
    configs: tuple[tuple[str, dict[str, Any]], ...]
    #: Everything compared at one node, as one line: ``describe(boardrules, state, seed)``.
    describe: Callable[[Any, Any, int], str]
    #: The script whose ``--worker SRC`` runs :func:`worker`.
    script: Path


def arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments every audit takes, added to the script's ``parser``."""
    parser.add_argument("revision", nargs="?", default="main", help="git revision (default main)")
    parser.add_argument("--first", type=int, default=0, help="the first game's seed (0)")
    parser.add_argument("--ours", help="audit this git revision, not the checkout")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--detail", type=int, help=argparse.SUPPRESS)


def run(
    audit: Audit,
    args: argparse.Namespace,
    options: tuple[str, ...],
    games: int | None = None,
    nodes: int | None = None,
) -> int:
    """The script's work: a worker's when ``args.worker`` is set, else the audit's.

    ``options`` are the script's own arguments, given to both workers again; a worker plays
    ``games`` games, or games until it has seen ``nodes`` nodes."""
    if args.worker:
        return worker(audit, args.worker, args.first, games, nodes, args.detail)
    return compare(audit, args.revision, ("--first", str(args.first), *options), args.ours)


# -- the worker: plays games with the engine found first on its path ---------------------------


def play(audit: Audit, br: Any, seed: int, lines: list[str] | None = None) -> tuple[int, str]:
    """Play game ``seed``: its node count and digest (and its node lines into ``lines``)."""
    _, options = audit.configs[seed % len(audit.configs)]
    rng = random.Random(seed)
    s = br.new_game(audit.game, **options)
    digest = hashlib.blake2b(digest_size=16)
    nodes = 0
    while True:
        line = audit.describe(br, s, seed)
        nodes += 1
        digest.update(line.encode())
        digest.update(b"\n")
        if lines is not None:
            lines.append(line)
        if br.is_terminal(s):
            return nodes, digest.hexdigest()
        move = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        s = br.apply_move(s, move)


def worker(
    audit: Audit, src: str, first: int, games: int | None, nodes: int | None, detail: int | None
) -> int:
    """Print ``seed nodes digest`` for each game from ``first`` on (or game ``detail``'s
    lines), playing with the engine of ``src``."""
    sys.path.insert(0, src)
    import boardrules as br

    if not Path(br.__file__).resolve().is_relative_to(Path(src).resolve()):
        print(f"the worker imported {br.__file__}, not the engine in {src}", file=sys.stderr)
        return 2
    if detail is not None:
        lines: list[str] = []
        play(audit, br, detail, lines)
        print("\n".join(lines))
        return 0
    played = total = 0
    while (games is None or played < games) and (nodes is None or total < nodes):
        n, digest = play(audit, br, first + played)
        total += n
        print(first + played, n, digest, flush=True)
        played += 1
    return 0


# -- the audit: two workers, one per engine -----------------------------------------------------


def extract(revision: str, into: Path) -> Path:
    """The ``src/`` of ``revision``, extracted into ``into``."""
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "src"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def _command(audit: Audit, src: Path, *args: str) -> list[str]:
    return [sys.executable, str(audit.script), "--worker", str(src), *args]


def _first_difference(
    audit: Audit, ours: Path, theirs: Path, options: tuple[str, ...], seed: int
) -> str:
    lines = []
    for src in (ours, theirs):
        command = _command(audit, src, *options, "--detail", str(seed))
        done = subprocess.run(command, capture_output=True, text=True, env=_ENV)
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


def compare(audit: Audit, revision: str, options: tuple[str, ...], mine: str | None) -> int:
    """Compare this checkout's engine with ``revision``'s, both workers given ``options``;
    0 if they agree everywhere, 1 at the first difference, 2 if a worker fails.

    ``mine`` audits that revision instead of this checkout (so the checkout may change
    while the audit runs)."""
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"{audit.game}-audit-") as tmp:
        theirs = extract(revision, Path(tmp) / "theirs")
        ours = ROOT / "src" if mine is None else extract(mine, Path(tmp) / "ours")
        # Into files, not pipes: a pipe read after the other worker's would fill and stop
        # its worker, and the two would run one after the other.
        logs = [Path(tmp) / "ours.txt", Path(tmp) / "theirs.txt"]
        runs = []
        for src, log in zip((ours, theirs), logs, strict=True):
            with log.open("w") as out:
                command = _command(audit, src, *options)
                runs.append(subprocess.Popen(command, stdout=out, text=True, env=_ENV))
        for run_ in runs:
            run_.wait()
        outputs = [log.read_text().splitlines() for log in logs]
        if any(run_.returncode for run_ in runs):
            print("a worker failed", file=sys.stderr)
            return 2
        played = total = 0
        per_config: dict[str, int] = {}
        for a, b in zip(*outputs, strict=False):
            if a != b:
                seed = int(a.split()[0])
                difference = _first_difference(audit, ours, theirs, options, seed)
                print("DIFFERENCE:", difference)
                return 1
            seed_text, n, _ = a.split()
            played += 1
            total += int(n)
            name = audit.configs[int(seed_text) % len(audit.configs)][0]
            per_config[name] = per_config.get(name, 0) + int(n)
        if len(outputs[0]) != len(outputs[1]):
            print("DIFFERENCE: the engines played a different number of games")
            return 1
    elapsed = time.perf_counter() - start
    width = max(len(name) for name, _ in audit.configs)
    for name, n in per_config.items():
        print(f"  {name:{width}} {n:11,} nodes")
    print(f"identical: {played:,} games, {total:,} nodes against {revision} in {elapsed:.0f} s")
    return 0
