"""What the commands share: reading the game, its options and the players."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

import boardrules as br
from boardrules._document import NotUnicodeError, TooDeepError, load_json
from boardrules._names import result_words, returns_by_name
from boardrules._values import ascii_count
from boardrules.bots import make_bot


class UsageError(Exception):
    """A bad argument: reported with the command's usage and exit code 2."""


def _game_options(game: str, pairs: Sequence[str], seats: int | None) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as options (values read as JSON, else as text)."""
    if game not in br.available_games():
        raise UsageError(f"unknown game {game!r}; games: {', '.join(br.available_games())}")
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"an option is NAME=VALUE, not {pair!r}")
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
        raise UsageError(f"cannot write {path}: {e.strerror}") from None
