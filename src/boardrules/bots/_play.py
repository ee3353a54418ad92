"""Bots by name, and playing a whole game between bots."""

from __future__ import annotations

import functools
import hashlib
import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import boardrules as br
from boardrules._document import load_json
from boardrules._values import safe_repr, shortened
from boardrules.bots._base import Bot, GameBot, RandomBot
from boardrules.bots._mcts import MctsBot
from boardrules.bots._names import bot_name
from boardrules.bots._search import ExpectimaxBot, GreedyBot
from boardrules.bots._strong import StrongBot
from boardrules.game import GameState
from boardrules.records import GameRecord, _check_players_and_seed

__all__ = ["BOTS", "BotError", "game_seed", "make_bot", "play_game"]

S = TypeVar("S", bound=GameState[Any, Any])
M = TypeVar("M")


def _count(text: str) -> int:
    return int(text)


def _count_or_none(text: str) -> int | None:
    return None if text.lower() == "none" else int(text)


#: The built-in bots by name, each with the parameters a specification may set.
BOTS: dict[str, tuple[Callable[..., Bot], dict[str, Callable[[str], Any]]]] = {
    "random": (RandomBot, {}),
    "greedy": (GreedyBot, {"chance_depth": _count, "max_nodes": _count}),
    "expectimax": (
        ExpectimaxBot,
        {"depth": _count, "chance_depth": _count, "max_nodes": _count},
    ),
    "mcts": (
        MctsBot,
        {"iterations": _count, "exploration": float, "rollout_depth": _count_or_none},
    ),
    "strong": (
        StrongBot,
        {"seconds": float, "depth": _count, "nodes": _count, "chance_depth": _count},
    ),
}


def make_bot(spec: str) -> Bot:
    """The bot described by ``spec``: a name from :data:`BOTS`, optionally followed by
    ``:parameter=value`` pairs.

    A dotted name ``package.module.Name`` is imported instead: ``Name(**parameters)`` must
    give a bot, with each value read as JSON if it can be (else as text).  That is how the
    command line plays your own bots.

    >>> from boardrules.bots import make_bot
    >>> make_bot("mcts:iterations=50:rollout_depth=none")
    MctsBot(iterations=50, exploration=1.0, rollout_depth=None)
    >>> make_bot("boardrules.bots.ExpectimaxBot:depth=3")
    ExpectimaxBot(depth=3)
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    boardrules.errors.InvalidOptionError: unknown bot 'clever'; bots: random, greedy, ...
    """
    if not isinstance(spec, str):
        raise br.InvalidOptionError(
            f"a bot is given by a text such as 'mcts:iterations=50', not {safe_repr(spec)}"
        )
    name, *pairs = (part.strip() for part in spec.strip().split(":"))
    texts: dict[str, str] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key.strip():
            raise br.InvalidOptionError(
                f"bad bot parameter {safe_repr(pair)} in {safe_repr(spec)}: use NAME=VALUE"
            )
        if key.strip() in texts:  # which one would count is anyone's guess
            raise br.InvalidOptionError(
                f"bot parameter {safe_repr(key.strip())} given twice in {safe_repr(spec)}"
            )
        texts[key.strip()] = text.strip()
    if "." in name:
        return _imported_bot(name, texts, spec)
    entry = BOTS.get(name.lower())
    if entry is None:
        raise br.InvalidOptionError(
            f"unknown bot {safe_repr(name)}; bots: {', '.join(BOTS)}, or module.Name of your own"
        )
    factory, parameters = entry
    kwargs: dict[str, Any] = {}
    for key, text in texts.items():
        convert = parameters.get(key)
        if convert is None:
            allowed = ", ".join(parameters) or "none"
            raise br.InvalidOptionError(
                f"{name} has no parameter {safe_repr(key)} (in {safe_repr(spec)}); "
                f"its parameters: {allowed}"
            )
        try:
            kwargs[key] = convert(text)
        except ValueError:
            raise br.InvalidOptionError(
                f"bad value for {key} in {safe_repr(spec)}: {safe_repr(text)}"
            ) from None
    return factory(**kwargs)


def _imported_bot(name: str, texts: dict[str, str], spec: str) -> Bot:
    module_name, _, attribute = name.rpartition(".")
    if not all(part.isidentifier() for part in name.split(".")):
        # '.x' or '..' would be a relative import, which importlib refuses with TypeError
        raise br.InvalidOptionError(
            f"cannot load the bot {safe_repr(name)}: give package.module.Name of your own bot"
        )
    try:
        factory = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as e:
        raise br.InvalidOptionError(
            f"cannot load the bot {safe_repr(name)}: {shortened(str(e))}"
        ) from None
    except RecursionError:  # a package nested thousands deep: importlib imports each parent
        raise br.InvalidOptionError(
            f"cannot load the bot {safe_repr(name)}: its module is nested too deeply"
        ) from None
    kwargs: dict[str, Any] = {}
    for key, text in texts.items():
        try:
            kwargs[key] = load_json(text)
        except ValueError:
            kwargs[key] = text
    try:
        bot = factory(**kwargs)
    except (TypeError, ValueError) as e:
        raise br.InvalidOptionError(
            f"cannot make the bot {safe_repr(spec)}: {shortened(str(e))}"
        ) from None
    if not isinstance(bot, Bot):
        raise br.InvalidOptionError(
            f"{safe_repr(name)} did not give a bot (an object with choose())"
        )
    return bot


class BotError(br.BoardrulesError):
    """A bot failed in a game: it raised an exception, returned something that is no move,
    or chose a move that is not legal.

    The message says which bot, in which seat, what it did, the game's seed (and its number
    in a series) and the position; the attributes hold the same for a program: ``bot`` (its
    label), ``seat``, ``seed``, ``game`` (the game's number in a series, or ``None``),
    ``plies`` (the moves played before), ``position`` (the position as a
    :func:`~boardrules.to_json` document), ``reason`` (what the bot did) and ``record``
    (the game's record up to the failure, unfinished).  The bot's own exception, if any, is
    the ``__cause__``.
    """

    reason: str
    bot: str
    seat: int
    seed: int
    position: str
    plies: int
    game: int | None
    seat_name: str
    record: GameRecord[Any, Any] | None = None

    def __init__(
        self,
        reason: str,
        *,
        bot: str,
        seat: int,
        seed: int,
        position: str,
        plies: int,
        game: int | None = None,
        seat_name: str = "",
    ) -> None:
        where = (
            f"game {game} of the series, game seed {seed}" if game is not None else f"seed {seed}"
        )
        named = f" ({seat_name})" if seat_name else ""
        super().__init__(
            f"the bot {bot} in seat {seat}{named} {reason} ({where}, after {plies} moves); "
            f"position: {position}"
        )
        self.reason, self.bot, self.seat, self.seed = reason, bot, seat, seed
        self.position, self.plies, self.game, self.seat_name = position, plies, game, seat_name

    def in_series(self, game: int) -> BotError:
        """The same failure, numbered as game ``game`` of a series."""
        again = BotError(
            self.reason, bot=self.bot, seat=self.seat, seed=self.seed, position=self.position,
            plies=self.plies, game=game, seat_name=self.seat_name,
        )  # fmt: skip
        again.__cause__, again.record = self.__cause__, self.record
        return again


def _shown(value: object) -> str:
    return safe_repr(value)  # short, and never an exception: a bot's value may be anything


def _chosen(bot: Any, state: Any, rng: random.Random, fail: Callable[[str], BotError]) -> Any:
    """``bot``'s move in ``state``, checked: an exception of the bot, a value that is no move
    of the game and an illegal move are :class:`BotError` (through ``fail``)."""
    try:
        move = bot.choose(state, rng)
    except Exception as e:
        raise fail(f"raised {type(e).__name__}: {e}") from e
    game = br.game_of(state)
    if not isinstance(move, game.move_type):
        raise fail(
            f"returned {_shown(move)}, a {type(move).__name__}, which is no {game.title} move: "
            "choose() returns one of the moves that boardrules.legal_moves(state) lists"
        )
    return move


def game_seed(seed: int, index: int) -> int:
    """The seed of game number ``index`` of a series seeded with ``seed``.

    Each game's seed depends only on the two numbers, so a series gives the same games
    however it is split between processes.

    >>> from boardrules.bots import game_seed
    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"boardrules-series:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def play_game(
    start: GameState[S, M],
    bots: Sequence[GameBot[S, M] | str],
    seed: int | None = None,
    names: Sequence[str] | None = None,
    on_move: Callable[[S, M], None] | None = None,
) -> tuple[S, GameRecord[S, M]]:
    """Play ``start`` to the end with ``bots[i]`` in seat ``i``; return the last position
    and the game's record.

    The dice are rolled with ``random.Random(seed)`` and each bot draws from its own
    generator derived from ``seed``, so the same seed and bots give the same game (without a
    seed, a random one is drawn and written in the record).
    ``on_move(state, move)`` is called before each move (rolls included) is applied.
    The last position has the type of ``start``; a bot may be a :class:`Bot` (any game), a
    :class:`GameBot` of this game, or a specification as :func:`make_bot` and the command
    line take it (``"random"``, ``"mcts:iterations=200"``).  A bot that raises, returns
    something that is no move or chooses an illegal move stops the game with
    :class:`BotError`, which names the bot, its seat, the seed and the position.

    >>> from boardrules.bots import RandomBot, play_game
    >>> import boardrules as br
    >>> end, record = play_game(br.new_game("parchis", players=2), [RandomBot()] * 2, seed=3)
    >>> br.is_terminal(end) and record.result == br.returns(end)
    True
    """
    seats = br.num_players(start)
    if isinstance(bots, str) or len(bots) != seats:
        given = "a text" if isinstance(bots, str) else f"{len(bots)} bots"
        raise br.InvalidOptionError(f"this game has {seats} seats but {given} were given")
    if seed is None:
        seed = random.randrange(2**63)
    players = [make_bot(b) if isinstance(b, str) else b for b in bots]
    labels = [bot_name(b) for b in bots] if names is None else list(names)
    # The record would refuse them at the end of the game: say so before it is played.
    _check_players_and_seed(labels, seed)
    dice = random.Random(seed)
    rngs = [random.Random(f"{seed}:seat {i}") for i in range(seats)]
    roller = RandomBot()
    moves: list[M] = []
    # ``start`` is typed as a state of its game, the positions after it as S: one name for
    # both needs the looser type.
    state: Any = start
    while True:
        player = br.current_player(state)
        if player == br.TERMINAL:
            break
        if player == br.CHANCE:
            move = roller.choose(state, dice)
        else:
            fail = functools.partial(_failure, labels[player], player, seed, state, len(moves))
            try:
                move = _chosen(players[player], state, rngs[player], fail)
            except BotError as stopped:
                stopped.record = GameRecord.of(start, moves, labels, seed)
                raise
        if on_move is not None:
            on_move(state, move)
        try:
            state = br.apply_move(state, move)
        except br.IllegalMoveError as e:
            failure = fail(f"chose {_shown(move)}, which is not legal: {e}")
            failure.record = GameRecord.of(start, moves, labels, seed)
            raise failure from None
        moves.append(move)
    end: S = state
    return end, GameRecord.of(start, moves, labels, seed, end=end)


def _failure(bot: str, seat: int, seed: int, state: Any, plies: int, reason: str) -> BotError:
    return BotError(
        reason, bot=bot, seat=seat, seed=seed, position=br.to_json(state), plies=plies,
        seat_name=br.player_name(state, seat),
    )  # fmt: skip
