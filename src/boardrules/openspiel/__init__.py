"""Every boardrules game as an OpenSpiel game (the optional extra ``openspiel``:
``pip install 'boardrules[openspiel]'``).

Importing this module registers each game with ``pyspiel`` as a Python game named
``boardrules_<game>`` (``boardrules_parchis``, ``boardrules_dorada``, ``boardrules_docker``,
``boardrules_dorasure``), whose game parameters are the game's options, so that OpenSpiel's
algorithms (MCTS, expectiminimax, evaluation tools...) play it:

>>> import pyspiel
>>> import boardrules.openspiel
>>> game = pyspiel.load_game("boardrules_parchis(players=2)")
>>> game.num_players(), game.num_distinct_actions() > 0
(2, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True

Each OpenSpiel state holds a boardrules state, :attr:`BoardState.boardrules_state`, so the
tools of both libraries work on the same position.
"""

from boardrules._extras import require

# Before anything imports them, so that a missing one names the extra to install.
for _module in ("numpy", "pyspiel"):
    require(_module, "openspiel", "boardrules.openspiel")

import boardrules as br  # noqa: E402
from boardrules.openspiel._game import (  # noqa: E402
    MAX_GAME_LENGTH,
    BoardGame,
    BoardState,
    PyObserver,
    encode_json,
    game_type,
    load_game,
    register,
    short_name,
)

__all__ = [
    "MAX_GAME_LENGTH",
    "BoardGame",
    "BoardState",
    "PyObserver",
    "encode_json",
    "game_type",
    "load_game",
    "register",
    "short_name",
]

for _name in br.available_games():
    register(_name)
