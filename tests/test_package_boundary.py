"""Each game package's own functions refuse another game's state or a non-state (issue 36,
class 3): ``boardrules.dorada.returns`` of a Parchís state was ``(0.0, 0.0)``, and an int
gave a bare ``AttributeError``.  The game-independent API dispatches on the state's type and
calls the game record's functions, which stay unchecked (no cost on its path)."""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest

import boardrules as br
from boardrules import api
from boardrules._guard import API_TWINS, state_functions

GAMES = ("parchis", "dorada", "docker", "dorasure")
PACKAGES = {name: importlib.import_module(f"boardrules.{name}") for name in GAMES}


def call(package: ModuleType, name: str, given: object) -> object:
    """``package.name(given, 0, 0, ...)``: extra arguments as zeros (the state is checked
    before any of them is read)."""
    function = getattr(package, name)
    extra = function.__wrapped__.__code__.co_argcount - 1
    return function(given, *([0] * extra))


def test_a_package_function_refuses_another_game_s_state_or_a_non_state() -> None:
    with pytest.raises(br.NotAStateError) as refused:
        PACKAGES["dorada"].returns(br.new_game("parchis"))  # was (0.0, 0.0)
    assert str(refused.value) == (
        "boardrules.dorada.returns() takes a Dorada state, not a Parchís state "
        "(boardrules.returns() takes every game's)"
    )
    with pytest.raises(br.NotAStateError) as refused:
        PACKAGES["parchis"].legal_moves(3)  # was AttributeError
    assert str(refused.value) == (
        "boardrules.parchis.legal_moves() takes a Parchís state, not an int "
        "(boardrules.legal_moves() takes every game's)"
    )
    with pytest.raises(br.NotAStateError) as refused:
        PACKAGES["dorada"].scores(None)  # no API twin: no pointer to one
    assert str(refused.value) == "boardrules.dorada.scores() takes a Dorada state, not None"
    with pytest.raises(br.NotAStateError) as refused:  # the state given by name
        PACKAGES["docker"].observation(player=0, state=br.new_game("dorasure"))
    assert "takes a Docker state, not a Dorasure state" in str(refused.value)


@pytest.mark.parametrize("game", GAMES)
def test_every_state_function_of_a_package_checks_its_state(game: str) -> None:
    package = PACKAGES[game]
    names = state_functions(vars(package))
    assert {"legal_moves", "apply_move", "returns", "render", "observation"} <= set(names)
    foreign = br.new_game("docker" if game != "docker" else "parchis")
    for name in names:
        for given in (foreign, 7):
            with pytest.raises(br.NotAStateError, match=rf"{name}\(\) takes a "):
                call(package, name, given)


@pytest.mark.parametrize("game", GAMES)
def test_the_api_calls_the_unchecked_functions_and_a_package_its_own_state(game: str) -> None:
    package = PACKAGES[game]
    state = br.new_game(game)
    assert package.GAME.legal_moves is package.legal_moves.__wrapped__
    assert package.legal_moves(state) == br.legal_moves(state)
    assert package.returns(state) == br.returns(state)


def test_the_functions_named_as_the_api_s_are_the_api_s() -> None:
    state_functions_everywhere = {n for p in PACKAGES.values() for n in state_functions(vars(p))}
    assert state_functions_everywhere & set(api.__all__) == API_TWINS
