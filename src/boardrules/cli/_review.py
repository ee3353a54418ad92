"""``boardrules review RECORD``: every decision's error and every roll's luck, as gnubg
reviews a match (:func:`boardrules.analysis.review`), in text or ``--json``; with
``--html OUT.html`` the replay page with the chart of the win chances."""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from boardrules._values import shown_path
from boardrules.analysis import SECONDS_PER_MOVE, Review, review
from boardrules.cli._analyse import add_policy, policy_named
from boardrules.cli._common import (
    InputError,
    UsageError,
    a_path,
    document_kind,
    open_record,
    read_record_line,
    read_text,
    write_text,
)
from boardrules.records import RECORD_FORMAT, GameRecord

__all__ = ["add_review", "review_with_progress"]


class _Progress:
    """``reviewing: 12 of 80 decisions (6 s)`` on one line of stderr, at most five times a
    second; cleared at the end."""

    def __init__(self, quiet: bool) -> None:
        self.quiet = quiet
        self.began = time.perf_counter()
        self.shown_at = 0.0
        self.width = 0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if self.quiet or (now - self.shown_at < 0.2 and done < total):
            return
        line = f"reviewing: {done} of {total} decisions ({now - self.began:.0f} s)"
        print(f"\r{line:<{self.width}}", end="", file=sys.stderr, flush=True)
        self.width = max(self.width, len(line))
        self.shown_at = now

    def done(self) -> None:
        if self.width:
            print(file=sys.stderr)


def review_with_progress(record: GameRecord[Any, Any], args: argparse.Namespace) -> Review:
    """The review the command line asks for (``--seconds-per-move``, ``--rollouts``,
    ``--seed``), with a progress line on stderr unless ``--quiet``."""
    seconds = args.seconds_per_move
    if seconds is not None and not 0 < seconds < math.inf:
        raise UsageError(f"--seconds-per-move must be a finite number more than 0, not {seconds}")
    if args.rollouts is not None and args.rollouts < 2:
        raise UsageError(f"--rollouts must be at least 2, not {args.rollouts}")
    if args.rollouts is not None and args.seconds_per_move == SECONDS_PER_MOVE:
        seconds = None  # a number of rollouts alone: no clock, the same review everywhere
    progress = _Progress(args.quiet)
    try:
        return review(record, seconds_per_move=seconds, rollouts=args.rollouts,
                      seed=args.seed, progress=progress,
                      policy=policy_named(args.policy))  # fmt: skip
    finally:
        progress.done()


def _cmd_review(args: argparse.Namespace) -> int:
    text = read_text(args.record)
    name = shown_path(args.record)
    kind, count = document_kind(text)
    if kind == RECORD_FORMAT and count > 1:  # JSON Lines of simulate --out: which one?
        raise InputError(
            f"{name} holds {count} game records; review reads one: put its line in a "
            f"file of its own (boardrules replay {name} --game N shows the N-th)"
        )
    record = read_record_line(text, name)
    open_record(record, name)  # its options checked before any work
    found = review_with_progress(record, args)
    if args.html:
        from boardrules.pictures import replay_html

        write_text(args.html, replay_html(record, review=found.to_dict()))
    if args.json:
        print(found.to_json())
    else:
        print(found.text())
        if args.html:
            print(f"wrote {args.html}: the replay with the chart of the win chances")
    return 0


def add_review(sub: Any) -> None:
    """The ``review`` command's arguments."""
    p = sub.add_parser(
        "review",
        help="a game's errors and luck, decision by decision and roll by roll (as gnubg)",
    )
    p.add_argument("record", metavar="RECORD", help="a game record (play --record)")
    p.add_argument(
        "--seconds-per-move",
        type=float,
        default=SECONDS_PER_MOVE,
        metavar="S",
        help=f"time to analyse each decision ({SECONDS_PER_MOVE})",
    )
    p.add_argument(
        "--rollouts",
        type=int,
        metavar="N",
        help="N rollouts per move; alone (without --seconds-per-move), no clock is read and "
        "the review is the same on every machine",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the rollouts (0)")
    add_policy(p)
    p.add_argument("--json", action="store_true", help="the review as JSON")
    p.add_argument(
        "--html",
        type=a_path,
        metavar="OUT.html",
        help="also write the replay page with the review's chart",
    )
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")
    p.set_defaults(run=_cmd_review, parser=p)
