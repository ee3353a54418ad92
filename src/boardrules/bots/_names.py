"""How a bot is named in result tables and game records."""

from __future__ import annotations

__all__ = ["bot_name"]


def bot_name(bot: object) -> str:
    """The name of ``bot`` in tables and records: its ``name`` attribute when it has one (a
    non-empty string), else its own ``repr`` when its class writes one (the built-in bots:
    ``MctsBot(iterations=400, ...)``), else its class's name, never the default
    ``<mybots.X object at 0x...>``.  A bot given as a specification (``"mcts"``) is named
    by it.

    >>> from boardrules.bots import RandomBot, bot_name
    >>> class Cautious:
    ...     def choose(self, state, rng): ...
    >>> class Named(Cautious):
    ...     name = "cautious v2"
    >>> bot_name(Cautious()), bot_name(Named()), bot_name(RandomBot()), bot_name("greedy")
    ('Cautious', 'cautious v2', 'RandomBot()', 'greedy')
    """
    if isinstance(bot, str):
        return bot
    name = getattr(bot, "name", None)
    if isinstance(name, str) and name.strip():
        return name
    if type(bot).__repr__ is object.__repr__:
        return type(bot).__qualname__
    return repr(bot)
