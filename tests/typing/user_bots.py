"""A user's bots and game records, checked by ``check.py`` (never run)."""

from __future__ import annotations

import random
from typing import Any, TypeVar, assert_type

import boardrules as br
from boardrules import dorada, parchis
from boardrules.bots import Bot, GameBot, MctsBot, RandomBot, make_bot, play_game
from boardrules.records import GameRecord, final_state, replay

S = TypeVar("S")
M = TypeVar("M")
rng = random.Random(1)
s = br.new_game("parchis", players=2)
d = br.new_game("dorada", players=2)

assert_type(RandomBot().choose(s, rng), parchis.Move)
assert_type(MctsBot(iterations=10).choose(d, rng), dorada.Move)
some_bot: Bot = make_bot("greedy")
assert_type(some_bot.choose(s, rng), parchis.Move)


class FirstMove:
    """A bot for every game."""

    def choose(self, state: br.GameState[S, M], rng: random.Random) -> M:
        return br.legal_moves(state)[0]


class ParchisOnly:
    """A bot for Parchís only."""

    def choose(self, state: parchis.State, rng: random.Random) -> parchis.Move:
        return parchis.legal_moves(state)[-1]


any_game: Bot = FirstMove()
parchis_bot: GameBot[parchis.State, parchis.Move] = ParchisOnly()
end, record = play_game(s, [ParchisOnly(), FirstMove()], seed=1)
assert_type(end, parchis.State)
assert_type(record, GameRecord[parchis.State, parchis.Move])
for before, move, after in replay(record):
    assert_type(before, parchis.State)
    assert_type(move, parchis.Move)
    assert_type(after, parchis.State)
assert_type(final_state(record), parchis.State)
assert_type(record.first_state(), parchis.State)
read = GameRecord.from_json(record.to_json())
assert_type(read, GameRecord[Any, Any])


def on_move(state: parchis.State, move: parchis.Move) -> None:
    """Watch a game of Parchís."""


play_game(s, [RandomBot(), RandomBot()], on_move=on_move)


def rollout(state: Any, rng: random.Random) -> tuple[float, ...]:
    """Code that types its states ``Any`` keeps ``Any`` (not pyright's Unknown)."""
    while not br.is_terminal(state):
        if br.is_chance(state):
            state = br.apply_move(state, br.sample_chance(state, rng))
        else:
            state = br.apply_move(state, rng.choice(br.legal_moves(state)))
    return br.returns(state)


assert_type(br.apply_move(read.first_state(), 1), Any)

wrong: Bot = ParchisOnly()  # expect-error
play_game(d, [ParchisOnly(), RandomBot()])  # expect-error
play_game(s, [RandomBot(), object()])  # expect-error
play_game(d, [RandomBot(), RandomBot()], on_move=on_move)  # expect-error
