"""boardrules: fully typed, pure-Python rules engines for dice board games.

One API plays every game: make a state with :func:`new_game`, ask whose turn it is with
:func:`current_player`, list :func:`legal_moves` (or :func:`chance_outcomes` when dice are
rolled) and :func:`apply_move`.  States are immutable, hashable values.

>>> import random
>>> import boardrules as br
>>> rng = random.Random(7)
>>> s = br.new_game("parchis", players=2)
>>> while not br.is_terminal(s):
...     if br.is_chance(s):
...         s = br.apply_move(s, br.sample_chance(s, rng))
...     else:
...         s = br.apply_move(s, rng.choice(br.legal_moves(s)))
>>> sorted(br.returns(s))
[0.0, 1.0]
"""

import sys as _sys
from types import FrameType as _FrameType


def _interrupted(signum: int, frame: _FrameType | None) -> None:
    """Ctrl-C while the command line loads the library: one line and exit code 130.  Not
    inside the import system: there the signal is sent again a moment later, as the
    commands' handler does (``boardrules._interrupts.sent_again`` says why; written here
    again with builtins only, as the library is still loading)."""
    import signal

    while frame is not None and frame.f_code is _interrupted.__code__:
        frame = frame.f_back
    importing = frame is not None and frame.f_code.co_filename.startswith("<frozen importlib")
    if importing and hasattr(signal, "pthread_kill"):  # (none on Windows: exits at once)
        import _thread
        import time

        def again(thread: int) -> None:
            time.sleep(0.001)
            signal.pthread_kill(thread, signal.SIGINT)

        _thread.start_new_thread(again, (_thread.get_ident(),))
        return
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C changes nothing now
        print("\nboardrules: interrupted", file=_sys.stderr, flush=True)
    except Exception:  # no standard error to write to: the exit code says it
        pass
    raise SystemExit(130)


def _command_line_starting() -> bool:
    """Whether this import is the start of the command line: the ``boardrules`` script,
    or ``python -m boardrules`` (whose ``sys.argv[0]`` is ``-m`` while it finds us)."""
    first = _sys.argv[0] if _sys.argv else ""
    if first == "-m":
        given = list(getattr(_sys, "orig_argv", ()))
        for i, word in enumerate(given):
            if word.startswith("-m"):
                return (word[2:] or "".join(given[i + 1 : i + 2])) == "boardrules"
        return False
    name = first.replace("\\", "/").rsplit("/", 1)[-1]
    return name in ("boardrules", "boardrules.exe", "boardrules-script.py")


# Ctrl-C while the command line starts (it imports this package first: ~40 ms before any
# command can catch it) exits with one line, not a traceback; boardrules.__main__ hands
# Ctrl-C to the commands once the command line has loaded.  A program that imports the library
# keeps its own handler.
try:
    if _command_line_starting():
        import signal as _signal

        _signal.signal(_signal.SIGINT, _interrupted)
except KeyboardInterrupt:
    _interrupted(2, None)
except ValueError:  # not the main thread: signals are not ours to handle
    pass

from boardrules.api import (  # noqa: E402 (after the Ctrl-C guard)
    FORMAT,
    FORMAT_VERSION,
    action_to_move,
    apply_move,
    available_games,
    chance_outcomes,
    current_player,
    evaluate,
    from_json,
    game_of,
    get_game,
    is_chance,
    is_terminal,
    legal_actions,
    legal_moves,
    move_to_action,
    new_game,
    num_actions,
    num_chance_outcomes,
    num_players,
    observation,
    observation_into,
    observation_shape,
    observation_string,
    parse_move,
    pieces,
    player_name,
    player_names,
    position_problems,
    register_game,
    render,
    render_svg,
    returns,
    sample_chance,
    show,
    to_json,
)
from boardrules.errors import (  # noqa: E402
    BoardrulesError,
    IllegalMoveError,
    InvalidOptionError,
    MoveSyntaxError,
    NotAStateError,
    StateFormatError,
    UnknownGameError,
    UnsupportedError,
)
from boardrules.game import CHANCE, TERMINAL, Game, GameState, Option  # noqa: E402

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "FORMAT",
    "FORMAT_VERSION",
    "TERMINAL",
    "BoardrulesError",
    "Game",
    "GameState",
    "IllegalMoveError",
    "InvalidOptionError",
    "MoveSyntaxError",
    "NotAStateError",
    "Option",
    "StateFormatError",
    "UnknownGameError",
    "UnsupportedError",
    "__version__",
    "action_to_move",
    "apply_move",
    "available_games",
    "chance_outcomes",
    "current_player",
    "evaluate",
    "from_json",
    "game_of",
    "get_game",
    "is_chance",
    "is_terminal",
    "legal_actions",
    "legal_moves",
    "move_to_action",
    "new_game",
    "num_actions",
    "num_chance_outcomes",
    "num_players",
    "observation",
    "observation_into",
    "observation_shape",
    "observation_string",
    "parse_move",
    "pieces",
    "player_name",
    "player_names",
    "position_problems",
    "register_game",
    "render",
    "render_svg",
    "returns",
    "sample_chance",
    "show",
    "to_json",
]
