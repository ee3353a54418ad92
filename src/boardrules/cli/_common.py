"""What the commands share: reading the game, its options and the players."""

from __future__ import annotations

import argparse
import itertools
import json
from collections.abc import Sequence
from typing import Any

import boardrules as br
from boardrules._document import MAX_TEXT, NotUnicodeError, TooDeepError, load_json
from boardrules._names import result_words, returns_by_name
from boardrules._values import ascii_count, safe_repr, shown_message, shown_path
from boardrules.api import FORMAT as STATE_FORMAT
from boardrules.bots import make_bot
from boardrules.records import RECORD_FORMAT, GameRecord, RecordError, check_result, replay


class UsageError(Exception):
    """A bad argument or input file: reported with the command's usage and exit code 2.

    The exit codes of every command: 2 when the command cannot start (a bad argument, or an
    input file that cannot be read or is not a valid document of the kind it reads), 1 when
    the game refuses what well-formed input says or asks (a move of a record that is not
    legal, a recorded result the moves do not give, ``--move`` not legal in the position,
    ``--exact`` out of reach) or an optional extra is missing, 130 after Ctrl-C.
    """


def a_path(text: str) -> str:
    """A file named on the command line (argparse's ``type``): an empty name is refused, not
    taken for the option left out (``--record "$FILE"`` with ``FILE`` unset)."""
    if not text:
        raise argparse.ArgumentTypeError("the file name is empty")
    return text


class InputError(UsageError):
    """An input file that was read but is not a valid document of the kind the command
    reads: exit code 2 as for a bad argument, reported in one line (the arguments were
    right, so the usage would not help)."""


def _game_options(game: str, pairs: Sequence[str], seats: int | None) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as options (values read as JSON, else as text)."""
    if game not in br.available_games():
        raise UsageError(
            f"unknown game {safe_repr(game)}; games: {', '.join(br.available_games())}"
        )
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"an option is NAME=VALUE, not {safe_repr(pair)}")
        if name.strip() in options:
            raise UsageError(f"option {safe_repr(name.strip())} given twice; give each option once")
        try:
            options[name.strip()] = load_json(text)
        except (TooDeepError, NotUnicodeError) as e:
            raise UsageError(f"option {name.strip()}: {e}") from None
        except ValueError:
            options[name.strip()] = text  # not JSON: a bare word is a text
    if seats is not None and options.setdefault("players", seats) != seats:
        raise UsageError(
            f"--players lists {seats} players but the option players={options['players']}"
        )
    return options


def _start(game: str, options: dict[str, Any]) -> Any:
    try:
        return br.new_game(game, **options)
    except br.BoardrulesError as e:
        raise UsageError(str(e)) from None


# Far more than any game seats; it keeps "--players 10000000000" from exhausting memory.
_MAX_SEATS = 64


def _player_specs(text: str | None, allow_human: bool) -> list[str] | None:
    """The ``--players`` list; a bare number means that many random players."""
    if text is None:
        return None
    count = ascii_count(text)
    if count is not None:
        if count > _MAX_SEATS:
            raise UsageError(f"--players {text.strip()}: at most {_MAX_SEATS} players")
        return ["random"] * count
    if text.strip().isdigit():  # digits of another script ("²", "٣") or far too many
        shown = text.strip() if len(text.strip()) <= 20 else text.strip()[:17] + "..."
        raise UsageError(
            f"--players {shown}: a number of players is written with the digits 0-9 "
            f"(at most {_MAX_SEATS} players)"
        )
    specs = [s.strip() for s in text.split(",")]
    for spec in specs:
        if spec.lower() == "human":
            if not allow_human:
                raise UsageError("human players cannot take part in a simulation")
            continue
        try:
            make_bot(spec)
        except br.BoardrulesError as e:
            raise UsageError(str(e)) from None
    return specs


def start_and_players(args: argparse.Namespace, allow_human: bool) -> tuple[Any, list[str]]:
    specs = _player_specs(args.players, allow_human)
    options = _game_options(args.game, args.option, None if specs is None else len(specs))
    start = _start(args.game, options)
    if specs is None:
        specs = ["random"] * br.num_players(start)
    return start, specs


def result_text(state: Any) -> str:
    """The result at the end of a game, in words and by returns: ``yellow wins (returns:
    yellow 1, red 0)``."""
    return f"{result_words(state)} (returns: {returns_by_name(state, br.returns(state))})"


def players_text(state: Any, specs: Sequence[str]) -> str:
    """Who plays which seat: ``yellow: human, red: random``."""
    names = br.player_names(state)
    return ", ".join(f"{name}: {spec}" for name, spec in zip(names, specs, strict=False))


def write_text(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise UsageError(f"cannot write {shown_path(path)}: {e.strerror}") from None


# ----------------------------------------------------------------------------- input files

# What a command says it reads, for the message about a file of the wrong kind.
_KINDS = {
    STATE_FORMAT: "a state document (format 'boardrules-state': boardrules.to_json, "
    "replay --state N)",
    RECORD_FORMAT: "a game record (format 'boardrules-record': play --record, simulate --out)",
}


#: The most ``replay`` reads of a JSON Lines file, in documents of :data:`MAX_TEXT` each.
MAX_DOCUMENTS = 64
_CHUNK = 1 << 20


def read_text(path: str, what: str = "", documents: int = 1) -> str:
    """The text of the file ``path``; a file that cannot be read is a :class:`UsageError`,
    one that is not UTF-8 text an :class:`InputError` (both exit code 2).

    At most ``documents`` times :data:`~boardrules._document.MAX_TEXT` characters are read,
    and no line longer than that: an endless input (a device, a pipe that never ends) is
    refused once it is past the limit (:class:`InputError`), not read to its end."""
    limit = MAX_TEXT * documents
    parts: list[str] = []
    size = line = 0
    try:
        with open(path, encoding="utf-8") as f:
            while chunk := f.read(_CHUNK):
                parts.append(chunk)
                size += len(chunk)
                newline = chunk.rfind("\n")
                line = line + len(chunk) if newline < 0 else len(chunk) - newline - 1
                if size > limit or line > MAX_TEXT:
                    raise InputError(_too_long(path, documents, size > limit))
    except OSError as e:
        named = f"{what} {shown_path(path)}" if what else shown_path(path)
        raise UsageError(f"cannot read {named}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{shown_path(path)} is not a text file (UTF-8 JSON)") from None
    return "".join(parts)


def _too_long(path: str, documents: int, whole: bool) -> str:
    if documents == 1:
        return f"{shown_path(path)} is too long: a document has at most {MAX_TEXT:,} characters"
    if whole:
        return (
            f"{shown_path(path)} is too long: at most {MAX_TEXT * documents:,} characters are read "
            "(split it: one game record a line)"
        )
    return (
        f"{shown_path(path)} has a line of more than {MAX_TEXT:,} characters: "
        "no record is that long"
    )


def document_kind(text: str) -> tuple[str | None, int]:
    """The ``format`` field of the JSON document ``text`` (of its first line when the text is
    JSON Lines) if it is one boardrules reads, else ``None``; and the number of documents
    (non-empty lines for JSON Lines, else 1)."""
    lines = [line for line in text.splitlines() if line.strip()]
    for candidate, count in ((text, 1), (lines[0] if lines else "", len(lines))):
        try:
            doc = load_json(candidate)
        except NotUnicodeError:  # not too deep, so safe to read: its reader says what is wrong
            doc = json.loads(candidate)
        except ValueError:
            continue
        found = doc.get("format") if isinstance(doc, dict) else None
        return (found if isinstance(found, str) and found in _KINDS else None), count
    return None, len(lines)


def wrong_kind(path: str, text: str, reads: Sequence[str], advice: str = "") -> InputError:
    """The error for a file that is not of a kind in ``reads``: what the command reads, and
    what the file is (or why it is no document at all)."""
    expected = " or ".join(_KINDS[k] for k in reads)
    path = shown_path(path)
    found, _ = document_kind(text)
    if found is not None:
        what = f"{path} is {_KINDS[found].split(' (')[0]}"
    else:
        try:
            doc = load_json(text)
        except ValueError as e:
            what = f"{path} is not a JSON document ({e})"
        else:
            shown = doc.get("format") if isinstance(doc, dict) else None
            what = (
                f"{path} is a document of the format {shown!r}, which boardrules does not read"
                if isinstance(shown, str)
                else f"{path} is JSON but no boardrules document (it has no 'format' field)"
            )
    return InputError(f"{what}; this command reads {expected}{advice}")


def open_record(record: GameRecord, where: str) -> Any:
    """The first position of ``record``, once its options, its start position and its list
    of players are checked; a record that fails is an :class:`InputError` naming ``where``
    (an invalid input file, exit code 2).  Its moves are checked as they are replayed."""
    where = shown_path(where)
    try:
        first = record.first_state()
    except br.BoardrulesError as e:  # its text may echo the record's values at length
        raise InputError(f"{where}: {shown_message(e)}") from None
    if record.players and len(record.players) != br.num_players(first):
        raise InputError(
            f"{where}: the record lists {len(record.players)} players for a game of "
            f"{br.num_players(first)}"
        )
    return first


def read_record_line(line: str, where: str) -> GameRecord:
    """One record of a file; a damaged one is an :class:`InputError` naming ``where``."""
    try:
        return GameRecord.from_json(line)
    except br.BoardrulesError as e:  # its text may echo the record's values at length
        raise InputError(f"{shown_path(where)}: {shown_message(e)}") from None


def read_position(path: str, ply: int | None) -> Any:
    """The position in the file ``path``: a state document, or a game record after ``ply``
    of its moves (``None`` or -1: all of them, the last position).

    A file that cannot be read and a ``ply`` outside the record are :class:`UsageError`, a
    file that is not one of these documents or holds a damaged one :class:`InputError`
    (both exit code 2); a move of the
    record that cannot be played before ``ply`` raises
    :class:`~boardrules.records.RecordError` (exit code 1), as ``replay --check`` does.
    """
    text = read_text(path)
    path = shown_path(path)  # read: from here on only named in messages
    kind, count = document_kind(text)
    if kind == STATE_FORMAT and count == 1:
        if ply is not None:
            raise UsageError(
                f"--ply is for a game record; {path} is a state document (one position)"
            )
        try:
            return br.from_json(text)
        except br.BoardrulesError as e:
            raise InputError(f"{path}: {shown_message(e)}") from None
    if kind == RECORD_FORMAT:
        if count > 1:
            raise InputError(
                f"{path} holds {count} game records; give one: "
                f"boardrules replay {path} --game N --state PLY > position.json"
            )
        record = read_record_line(text, path)
        state = open_record(record, path)
        moves = len(record.moves)
        if ply is None or ply == -1:
            ply = moves
        if not 0 <= ply <= moves:
            raise UsageError(
                f"--ply must be 0 to {moves} (or -1, the last): {path} is a record of {moves} moves"
            )
        try:
            for _, _, following in itertools.islice(replay(record), ply):  # none after ply
                state = following
            if ply == moves:
                check_result(record, state)
        except RecordError as e:  # a move or the result: what the game refuses, exit code 1
            raise RecordError(f"{path}: {shown_message(e)}") from None
        return state
    if kind == STATE_FORMAT:
        raise InputError(f"{path} holds {count} state documents; give one position a file")
    raise wrong_kind(path, text, (STATE_FORMAT, RECORD_FORMAT))
