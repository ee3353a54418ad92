"""``boardrules replay``: show or check recorded games."""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from typing import Any

import boardrules as br
from boardrules._values import shown_message, shown_path
from boardrules.api import FORMAT as STATE_FORMAT
from boardrules.cli._common import (
    MAX_DOCUMENTS,
    InputError,
    UsageError,
    document_kind,
    open_record,
    players_text,
    read_record_line,
    read_text,
    result_text,
    write_text,
    wrong_kind,
)
from boardrules.pictures import replay_html
from boardrules.records import RECORD_FORMAT, GameRecord, check_result, replay


def _read_records(path: str) -> list[GameRecord]:
    """Every record of the file (one, or JSON Lines); a file that is not one is a usage
    error (exit code 2) saying what it is."""
    text = read_text(path, documents=MAX_DOCUMENTS)
    path = shown_path(path)  # read: from here on only named in messages
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise InputError(f"{path} holds no game record")
    kind, count = document_kind(text)
    if kind != RECORD_FORMAT:
        advice = (
            ": draw it with boardrules show, or analyse it with boardrules analyse"
            if kind == STATE_FORMAT
            else ""
        )
        raise wrong_kind(path, text, (RECORD_FORMAT,), advice)
    if count == 1:  # one record, on one line or spread over several
        return [read_record_line(text, path)]
    return [read_record_line(line, f"{path}, record {n}") for n, line in enumerate(lines, 1)]


def _cmd_replay(args: argparse.Namespace) -> int:
    records = _read_records(args.file)
    if args.game is not None and not 1 <= args.game <= len(records):
        raise UsageError(f"--game must be between 1 and {len(records)} for {args.file}")
    chosen = range(len(records)) if args.game is None else [args.game - 1]
    several = len(records) > 1
    firsts = {i: open_record(records[i], _where(args.file, i, several)) for i in chosen}
    if args.state is not None:
        return _write_state(args, records[chosen[0]], firsts[chosen[0]])
    if args.check:
        moves = 0
        for i in chosen:
            state = firsts[i]
            try:
                for _, _, following in replay(records[i]):
                    state = following
                    moves += 1
                check_result(records[i], state)
            except br.BoardrulesError as e:
                print(f"record {i + 1}: {shown_message(e)}", file=sys.stderr)
                return 1
        print(f"ok: {len(chosen)} record(s), {moves} moves replayed, results as recorded")
        return 0
    record = records[chosen[0]]
    if args.html:
        write_text(args.html, replay_html(record))
        print(f"wrote {args.html}: {len(record.moves)} moves of record {chosen[0] + 1}")
        return 0
    state = firsts[chosen[0]]  # its options checked before they are shown
    names = br.player_names(state)
    print(
        f"{record.game} {json.dumps(record.options, sort_keys=True)}, seed {record.seed}"
        + (f": {players_text(state, record.players)}" if record.players else "")
    )
    print(br.render(state))
    for number, (before, move, state) in enumerate(replay(record), 1):
        player = br.current_player(before)
        who = "dice" if player == br.CHANCE else names[player]
        if player >= 0 and record.players:
            who += f" ({record.players[player]})"
        print(f"{number:>5}. {who}: {move}")
        if args.boards:
            print(br.render(state))
    check_result(record, state)
    if not args.boards:
        print(br.render(state))
    status = result_text(state) if br.is_terminal(state) else "not finished"
    print(f"{len(record.moves)} moves; result: {status}")
    return 0


def _where(path: str, index: int, several: bool) -> str:
    name = shown_path(path)
    return f"{name}, record {index + 1}" if several else name


def _write_state(args: argparse.Namespace, record: GameRecord, first: object) -> int:
    """``--state N``: the position after the first N moves, as a state document on stdout
    (what boardrules.to_json writes), for ``show`` and ``analyse`` or ``play --start``."""
    if args.check or args.html or args.boards:
        raise UsageError(
            "--state writes one position: give it without --check, --html and --boards"
        )
    total = len(record.moves)
    ply = total if args.state == -1 else args.state
    if not 0 <= ply <= total:
        raise UsageError(f"--state must be 0 to {total} (or -1, the last): the record has "
                         f"{total} moves")  # fmt: skip
    state: Any = first
    for _, _, following in itertools.islice(replay(record), ply):
        state = following
    if ply == total:
        check_result(record, state)
    print(br.to_json(state))
    return 0
