"""``boardrules replay``: show or check recorded games."""

from __future__ import annotations

import argparse
import json
import sys

import boardrules as br
from boardrules.cli._common import UsageError, players_text, result_text, write_text
from boardrules.pictures import replay_html
from boardrules.records import GameRecord, RecordError, check_result, replay


def _read_records(path: str) -> list[GameRecord]:
    try:
        with open(path, encoding="utf-8") as f:
            lines = [line for line in f.read().splitlines() if line.strip()]
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not a text file of game records") from None
    if not lines:
        raise UsageError(f"{path} holds no game record")
    records = []
    for number, line in enumerate(lines, 1):
        try:
            records.append(GameRecord.from_json(line))
        except RecordError as e:
            raise RecordError(f"record {number}: {e}") from None
    return records


def _cmd_replay(args: argparse.Namespace) -> int:
    records = _read_records(args.file)
    if args.game is not None and not 1 <= args.game <= len(records):
        raise UsageError(f"--game must be between 1 and {len(records)} for {args.file}")
    chosen = range(len(records)) if args.game is None else [args.game - 1]
    if args.check:
        moves = 0
        for i in chosen:
            state = records[i].first_state()
            try:
                for _, _, following in replay(records[i]):
                    state = following
                    moves += 1
                check_result(records[i], state)
            except br.BoardrulesError as e:
                print(f"record {i + 1}: {e}", file=sys.stderr)
                return 1
        print(f"ok: {len(chosen)} record(s), {moves} moves replayed, results as recorded")
        return 0
    record = records[chosen[0]]
    if args.html:
        write_text(args.html, replay_html(record))
        print(f"wrote {args.html}: {len(record.moves)} moves of record {chosen[0] + 1}")
        return 0
    state = record.first_state()  # checks the options before they are shown
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
