"""Bots that play every game through the game-independent API.

A bot is any object with a method ``choose(state, rng) -> move`` (the :class:`Bot`
protocol) that draws its random numbers from ``rng`` only, so a seeded generator makes it
repeatable.  The built-in bots, weakest first:

* :class:`RandomBot` -- a uniformly random legal move;
* :class:`GreedyBot` -- the move whose result the evaluation likes best (one decision deep,
  exact expectation over the dice that follow);
* :class:`ExpectimaxBot` -- looks ``depth`` decisions ahead, weighting dice by their exact
  probabilities;
* :class:`MctsBot` -- Monte Carlo tree search that rolls the dice while it searches;
* :class:`StrongBot` -- the strongest: a selective expectimax on the game's fitted
  evaluation, within a time budget per decision spent as a fixed number of positions.

:func:`play_game` plays a game between bots and returns its
:class:`~boardrules.records.GameRecord`; :func:`make_bot` builds a bot from a short
specification such as ``"mcts:iterations=400"``, as the command line does.

>>> from boardrules.bots import MctsBot
>>> import random, boardrules as br
>>> s = br.new_game("parchis", players=2)
>>> s = br.apply_move(s, br.legal_moves(s)[0])
>>> bot = MctsBot(iterations=20)
>>> bot.choose(s, random.Random(0)) in br.legal_moves(s)
True
"""

from boardrules.bots._base import Bot, Evaluation, GameBot, RandomBot, expected, sample_outcome
from boardrules.bots._mcts import MctsBot
from boardrules.bots._names import bot_name
from boardrules.bots._play import BOTS, BotError, game_seed, make_bot, play_game
from boardrules.bots._search import ExpectimaxBot, GreedyBot
from boardrules.bots._strong import StrongBot

__all__ = [
    "BOTS",
    "Bot",
    "BotError",
    "Evaluation",
    "ExpectimaxBot",
    "GameBot",
    "GreedyBot",
    "MctsBot",
    "RandomBot",
    "StrongBot",
    "bot_name",
    "expected",
    "game_seed",
    "make_bot",
    "play_game",
    "sample_outcome",
]
