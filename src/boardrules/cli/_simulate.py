"""``boardrules simulate`` and ``boardrules tournament``: thin layers over
:mod:`boardrules.simulate`."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import IO, Any

import boardrules as br
from boardrules._values import shown_path
from boardrules.cli._common import UsageError, start_and_players
from boardrules.pictures import options_text
from boardrules.simulate import FailedGame, SeriesResult, simulate, tournament


def _checked(args: argparse.Namespace) -> None:
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.workers < 0:
        raise UsageError("--workers must be 0 (one per CPU) or more")
    if args.address is not None and args.backend != "ray":
        raise UsageError("--address needs --backend ray")


def _open(path: str | None) -> IO[str] | None:
    if path is None:
        return None
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as e:
        raise UsageError(f"cannot write {shown_path(path)}: {e.strerror}") from None


def _series(
    args: argparse.Namespace, options: dict[str, Any], specs: list[str], out: IO[str] | None
) -> SeriesResult:
    try:
        return simulate(
            args.game,
            specs,
            games=args.games,
            seed=args.seed,
            options=options,
            rotate=args.rotate,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            progress=not args.quiet,
            record=out,
        )
    except br.InvalidOptionError as e:
        raise UsageError(str(e)) from None


def _cmd_simulate(args: argparse.Namespace) -> int:
    _checked(args)
    start, specs = start_and_players(args, allow_human=False)
    game = br.game_of(start)
    options = game.options_of(start)
    workers = args.workers or (os.cpu_count() or 1 if args.backend == "local" else 0)
    shown = min(workers, args.games) if args.backend == "local" else workers or "all"
    print(
        f"{game.name}: {args.games} games, seed {args.seed}, {shown} worker(s)"
        f"{' on ray' if args.backend == 'ray' else ''}; {options_text(start)}",
        flush=True,
    )
    out = _open(args.out)
    try:
        result = _series(args, options, specs, out)
    finally:
        if out is not None:
            out.close()
    if result.interrupted:
        print(f"interrupted: {len(result.games)} of {args.games} games were played")
    if not result.games:
        if result.failed:
            print(result.table())
        return 130 if result.interrupted else _failed(result.failed, 0)
    if args.rotate:
        print("seats rotate: in game i (from 0), player # sits in seat (# - i) mod players")
    print(result.table())
    print(
        f"speed: {result.games_per_second:.2f} games/s, {result.plies_per_second:.0f} moves/s "
        f"({result.seconds:.1f} s)"
    )
    if args.out:
        print(f"{len(result.games) + len(result.failed)} records written to {args.out}")
    return 130 if result.interrupted else _failed(result.failed, len(result.games))


def _failed(failed: Sequence[FailedGame], played: int) -> int:
    """Exit code 1 when a bot stopped some games (each is named in the table)."""
    if not failed:
        return 0
    print(f"error: {len(failed)} of {played + len(failed)} games failed", file=sys.stderr)
    return 1


def _cmd_tournament(args: argparse.Namespace) -> int:
    _checked(args)
    bots = [b.strip() for b in args.bots.split(",")]
    if "" in bots:  # as simulate's --players: a stray comma is a mistake, not a bot fewer
        raise UsageError(f"--bots {args.bots!r}: a bot name is empty (names between commas)")
    if len(bots) < 2:
        raise UsageError("--bots needs at least two bots, e.g. --bots mcts,greedy,random")
    args.players = None
    start, _ = start_and_players(args, allow_human=False)
    out = _open(args.out)
    try:
        result = tournament(
            args.game,
            bots,
            games_per_pairing=args.games,
            seed=args.seed,
            options=br.game_of(start).options_of(start),
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            progress=not args.quiet,
            record=out,
        )
    except br.InvalidOptionError as e:
        raise UsageError(str(e)) from None
    finally:
        if out is not None:
            out.close()
    if result.interrupted:
        print(f"interrupted: {len(result.games)} games were played")
    print(f"{result.game}: {len(result.games)} games, {args.games} per seating, seed {args.seed}")
    print(result.table())
    return 130 if result.interrupted else _failed(result.failed, len(result.games))
