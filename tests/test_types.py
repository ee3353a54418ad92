"""The typed API against the running code: the overloads that type checkers read must say
what the functions do (tests/typing/check.py checks what the type checkers make of them)."""

from __future__ import annotations

import importlib
import inspect
import os
import subprocess
import sys
import typing
from collections.abc import Callable
from typing import Any

import pytest

import boardrules as br

GAMES = ("parchis", "dorada", "docker", "dorasure")


def _overloads(function: Callable[..., Any]) -> list[Callable[..., Any]]:
    if sys.version_info < (3, 11):
        pytest.skip("typing.get_overloads is new in Python 3.11")
    return typing.get_overloads(function)


def _options_overload(function: Callable[..., Any], game: str) -> inspect.Signature:
    """The overload of ``function`` for ``game``'s name that lists its options."""
    for overload in _overloads(function):
        signature = inspect.signature(overload)
        name = signature.parameters["name"].annotation  # a text: annotations are postponed
        keywords = [p for p in signature.parameters.values() if p.kind is p.KEYWORD_ONLY]
        if name.replace('"', "'") == f"Literal['{game}']" and keywords:
            return signature
    raise AssertionError(f"new_game has no overload with the options of {game}")


def _own_overload(game: str) -> inspect.Signature:
    """The overload of the game's own ``new_game`` that lists its options."""
    for overload in _overloads(importlib.import_module(f"boardrules.{game}").new_game):
        signature = inspect.signature(overload)
        if any(p.kind is p.KEYWORD_ONLY for p in signature.parameters.values()):
            return signature
    raise AssertionError(f"boardrules.{game}.new_game has no overload with its options")


@pytest.mark.parametrize("own", [False, True], ids=["br.new_game", "game.new_game"])
@pytest.mark.parametrize("game", GAMES)
def test_new_game_overloads_list_every_option_with_its_default(game: str, own: bool) -> None:
    signature = _own_overload(game) if own else _options_overload(br.new_game, game)
    keywords = [p for p in signature.parameters.values() if p.kind is p.KEYWORD_ONLY]
    options = br.get_game(game).options
    assert [p.name for p in keywords] == [o.name for o in options]
    for parameter, option in zip(keywords, options, strict=True):
        if parameter.default is not ...:  # "..." stands for a default too long to write
            assert parameter.default == option.default, option.name


def test_every_built_in_game_has_its_overloads() -> None:
    for function in (br.new_game, br.get_game, br.apply_move):
        text = " ".join(str(inspect.signature(o)) for o in _overloads(function))
        for game in GAMES:
            assert f"{game}." in text, (function.__name__, game)


def test_importing_boardrules_imports_no_game_and_no_typing_extensions() -> None:
    code = (
        "import sys, boardrules, boardrules.bots, boardrules.records\n"
        "games = [m for m in sys.modules if m.split('.')[1:2] in "
        "(['parchis'], ['dorada'], ['docker'], ['dorasure'])]\n"
        "print(games, 'typing_extensions' in sys.modules)"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    ).stdout
    assert out.strip() == "[] False"


def test_a_state_matches_the_protocol_at_run_time_too() -> None:
    for game in GAMES:
        s = br.new_game(game)
        assert type(s).game is br.get_game(game) is br.game_of(s)
