"""A game of the user's own, registered with ``register_game``: the generic API is as
precise for it as for the built-in games.  Checked by ``check.py`` (never run)."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any, ClassVar, TypeVar, assert_type

import attrs

import boardrules as br
from boardrules import parchis

S = TypeVar("S")
M = TypeVar("M")


@attrs.frozen
class Flip:
    """A move: the coin comes up heads or tails."""

    heads: bool


@attrs.frozen
class Coin:
    """One flip of a coin decides the game."""

    game: ClassVar[br.Game[Coin, Flip]]
    result: bool | None = None


def _outcomes(s: Coin) -> tuple[tuple[Flip, Fraction], ...]:
    half = Fraction(1, 2)
    return () if s.result is not None else ((Flip(True), half), (Flip(False), half))


def _returns(s: Coin) -> tuple[float, ...]:
    return (0.0, 0.0) if s.result is None else ((1.0, 0.0) if s.result else (0.0, 1.0))


COIN: br.Game[Coin, Flip] = br.Game(
    name="coin",
    summary="one flip decides",
    options=(),
    state_type=Coin,
    move_type=Flip,
    new_game=Coin,
    current_player=lambda s: br.CHANCE if s.result is None else br.TERMINAL,
    num_players=lambda s: 2,
    legal_moves=lambda s: tuple(m for m, _ in _outcomes(s)),
    chance_outcomes=_outcomes,
    apply_move=lambda s, m: Coin(m.heads),
    returns=_returns,
    render=lambda s: str(s.result),
    parse_move=lambda s, text: Flip(text == "heads"),
    options_of=lambda s: {},
    evaluate=_returns,
    encode=lambda s: {"result": s.result},
    decode=lambda options, body: Coin(body["result"]),
)
br.register_game(COIN)

c = Coin()
assert_type(br.legal_moves(c), tuple[Flip, ...])
assert_type(br.apply_move(c, Flip(True)), Coin)
assert_type(br.sample_chance(c, random.Random(1)), Flip)
assert_type(br.game_of(c), br.Game[Coin, Flip])


def first_move(state: br.GameState[S, M]) -> M:
    """Generic code over every game: the move type follows the state."""
    return br.legal_moves(state)[0]


assert_type(first_move(c), Flip)
assert_type(first_move(br.new_game("parchis")), parchis.Move)

# A game known only at run time: a state of some game, still not any object.
name: str = json.loads('"coin"')
anything = br.new_game(name)
assert_type(anything, br.GameState[Any, Any])
assert_type(br.from_json(br.to_json(c)), br.GameState[Any, Any])
assert_type(br.get_game(name), br.Game[br.GameState[Any, Any], Any])
loaded = br.from_json(br.to_json(br.new_game("parchis")))
if isinstance(loaded, parchis.State):  # the game known, the types are precise again
    assert_type(br.legal_moves(loaded), tuple[parchis.Move, ...])

br.apply_move(c, parchis.Move(parchis.Kind.ROLL, -1, -1, 3))  # expect-error
br.legal_moves(Flip(True))  # expect-error
br.register_game(Coin)  # expect-error
