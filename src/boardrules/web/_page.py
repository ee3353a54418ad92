"""The Python side of the web page: what its worker runs inside Pyodide.

The page's worker calls :func:`call` with an operation's name and its arguments as JSON and
gets JSON back; everything about the game happens here, with the library's public API, so
the page's script only draws what it is told.  One :class:`Session` is the game on the page:
its positions, the seats (``human`` or a bot specification), the dice and the bots' random
generators, seeded as ``boardrules play`` seeds them, so a seeded game in the page is the
same game as ``boardrules play GAME --players ... --seed S`` and its record the same record.

>>> from boardrules.web._page import Session
>>> s = Session.new("docker", {}, ["random", "random"], seed=4)
>>> view = s.run(10.0)
>>> view["turn"]["kind"], view["result"]
('end', 'orange wins')
>>> from boardrules.records import GameRecord, final_state
>>> final_state(GameRecord.from_json(s.record())) == s.states[-1]
True
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any

import boardrules as br
from boardrules._names import result_words
from boardrules._values import safe_repr
from boardrules.bots import Bot, RandomBot, make_bot
from boardrules.game import Option
from boardrules.records import GameRecord, check_result, replay

__all__ = ["Session", "call", "catalogue", "measure"]

HUMAN = "human"


def _kind(option: Option) -> tuple[str, list[Any]]:
    """How the page asks for an option: its kind and, for a choice, the choices."""
    default = option.default
    if option.choices:  # one of a few names, or a list of them (Dorasure's heroes)
        return ("choice" if default in option.choices else "heroes"), list(option.choices)
    if isinstance(default, bool):
        return "bool", []
    if isinstance(default, int):
        return "int", []
    return "json", []  # lists, tables and boards: JSON text, empty for the default


def catalogue() -> list[dict[str, Any]]:
    """Every game with what the page's form offers: its player counts (and the default),
    and its options with their kinds (``bool``, ``int``, ``choice``, ``heroes``, ``json``)."""
    games = []
    for name in br.available_games():
        game = br.get_game(name)
        options = []
        for option in game.options:
            if option.name == "players":
                continue
            kind, choices = _kind(option)
            shown = json.dumps(option.default)
            options.append(
                {
                    "name": option.name,
                    "kind": kind,
                    "choices": choices,
                    "default": option.default if len(shown) < 200 else None,
                    "doc": " ".join(option.doc.split()),
                }
            )
        start = br.new_game(name)
        games.append(
            {
                "name": name,
                "summary": game.summary,
                "players": list(game.player_counts()),
                "default_players": br.num_players(start),
                "options": options,
            }
        )
    return games


def seat_names(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The players' names of a game with these options (the seats of the form)."""
    return {"names": list(br.player_names(_start(game, options)))}


def _start(game: str, options: dict[str, Any]) -> Any:
    if game not in br.available_games():
        raise br.UnknownGameError(
            f"unknown game {safe_repr(game)}; games: {', '.join(br.available_games())}"
        )
    return br.new_game(game, **options)


def _odds(p: Any) -> str:
    """``1/6 (16.7%)``: an exact probability as a fraction, and in per cent."""
    exact = f"{p.numerator}/{p.denominator}" if isinstance(p, Fraction) else f"{float(p):.4g}"
    return f"{exact} ({float(p):.1%})"


def _highlight(svg: str) -> str:
    """The inside of the ``highlight`` group of a board drawn with ``move=``: what marks the
    move, from where it starts to where it ends ("" if the game draws nothing for it)."""
    begin = svg.find('<g class="highlight">')
    if begin < 0:
        return ""
    at, depth = begin + len('<g class="highlight">'), 1
    while depth:
        opening, closing = svg.find("<g", at), svg.find("</g>", at)
        if closing < 0:
            return ""
        if 0 <= opening < closing:
            depth, at = depth + 1, opening + 2
        else:
            depth, at = depth - 1, closing + 4
    return svg[begin + len('<g class="highlight">') : at - 4]


def _bot(spec: str) -> Bot | None:
    return None if spec.strip().lower() == HUMAN else make_bot(spec)


class Session:
    """A game on the page: the positions so far, who plays each seat, the dice.

    ``specs`` are the seats' players, ``human`` or a bot specification
    (:func:`boardrules.bots.make_bot`); ``moves`` the moves already played from ``start``.
    """

    def __init__(
        self, start: Any, specs: Sequence[str], seed: int, moves: Sequence[Any] = ()
    ) -> None:
        if len(specs) != br.num_players(start):
            raise br.InvalidOptionError(
                f"{len(specs)} players for a game of {br.num_players(start)} seats"
            )
        self.start, self.specs, self.seed = start, list(specs), seed
        self.bots = [_bot(spec) for spec in specs]
        self.names = list(br.player_names(start))
        # As boardrules play seeds them; a loaded game mixes in the moves already played.
        tag = f"{seed}" if not moves else f"{seed}:resumed at {len(moves)}"
        self.dice = random.Random(seed if not moves else tag)
        self.rngs = [random.Random(f"{tag}:seat {i}") for i in range(len(specs))]
        self.roller = RandomBot()
        self.states = [start]
        self.moves: list[Any] = []
        self.history: list[dict[str, str]] = []
        for move in moves:
            self._apply(move)

    @classmethod
    def new(
        cls, game: str, options: dict[str, Any], players: Sequence[str], seed: int | None
    ) -> Session:
        """A new game; ``seed`` ``None`` draws one."""
        options = dict(options)
        if "players" not in options and not (game == "dorasure" and options.get("heroes")):
            options["players"] = len(players)
        start = _start(game, options)
        seed = random.randrange(2**32) if seed is None else seed
        GameRecord.of(start, (), players, seed)  # the record's own checks of seed and labels
        return cls(start, players, seed)

    @classmethod
    def load(cls, text: str) -> Session:
        """The game of a record (``boardrules play --record``), at its last position.  A
        player of the record that is neither ``human`` nor a bot specification is human."""
        record = GameRecord.from_json(text)
        state = record.first_state()
        moves = []
        for _, move, following in replay(record):
            moves.append(move)
            state = following
        if br.is_terminal(state):
            check_result(record, state)
        specs = [spec if _valid(spec) else HUMAN for spec in record.players]
        if len(specs) != br.num_players(state):
            specs = [HUMAN] * br.num_players(state)
        seed = record.seed if record.seed is not None else random.randrange(2**32)
        return cls(record.first_state(), specs, seed, moves)

    # ------------------------------------------------------------------ playing

    def _apply(self, move: Any) -> None:
        state = self.states[-1]
        player = br.current_player(state)
        entry = {"who": "dice" if player == br.CHANCE else self.names[player], "move": str(move)}
        if player == br.CHANCE:
            entry["odds"] = next(_odds(p) for m, p in br.chance_outcomes(state) if m == move)
        else:
            entry["by"] = self.specs[player]
        self.states.append(br.apply_move(state, move))
        self.moves.append(move)
        self.history.append(entry)

    def _waiting(self) -> bool:
        """Whether a person must choose now (a human seat with more than one move)."""
        player = br.current_player(self.states[-1])
        return (
            player >= 0 and self.bots[player] is None and len(br.legal_moves(self.states[-1])) > 1
        )

    def step(self) -> bool:
        """Play one move that needs no person: a roll, a bot's choice or a human's only
        move.  Whether one was played."""
        state = self.states[-1]
        player = br.current_player(state)
        if player == br.TERMINAL or self._waiting():
            return False
        if player == br.CHANCE:
            move = self.roller.choose(state, self.dice)
        else:
            bot = self.bots[player]
            move = bot.choose(state, self.rngs[player]) if bot else br.legal_moves(state)[0]
        self._apply(move)
        return True

    def run(self, seconds: float, since: int = 0) -> dict[str, Any]:
        """Play what needs no person for at most about ``seconds``; the view after it."""
        deadline = time.perf_counter() + seconds
        while self.step() and time.perf_counter() < deadline:
            pass
        return self.view(since)

    def play(self, index: int, since: int = 0) -> dict[str, Any]:
        """The person to move plays their legal move number ``index`` (from 0)."""
        if not self._waiting():
            raise br.IllegalMoveError("it is not a person's turn to choose a move")
        moves = br.legal_moves(self.states[-1])
        if not 0 <= index < len(moves):
            raise br.IllegalMoveError(f"no move number {index}: choose 0 to {len(moves) - 1}")
        self._apply(moves[index])
        return self.view(since)

    def undo(self, since: int = 0) -> dict[str, Any]:
        """Go back to the last real choice of a person (not a forced move); ``undone`` says
        whether there was one.  The dice after it are rolled afresh."""
        for i in range(len(self.moves) - 1, -1, -1):
            before = self.states[i]
            player = br.current_player(before)
            if player >= 0 and self.bots[player] is None and len(br.legal_moves(before)) > 1:
                del self.states[i + 1 :], self.moves[i:], self.history[i:]
                return {**self.view(since), "undone": True}
        return {**self.view(since), "undone": False}

    def hint(self, seconds: float) -> dict[str, Any]:
        """The best move for the person to move by :func:`boardrules.analysis.best_moves`
        in ``seconds``: solved when the position is small enough, else estimated by
        rollouts (the chances then with their 95% intervals)."""
        from boardrules.analysis import best_moves  # the solver: compiled only when asked

        if not self._waiting():
            raise br.IllegalMoveError("a hint is for a person's turn to choose")
        state = self.states[-1]
        found = best_moves(state, seconds=seconds)
        move, values = found.ranked()[0]
        half = found.half.get(move)
        chances = ", ".join(
            f"{n} {float(v):.0%}" + (f" \u00b1 {half[i]:.0%}" if half else "")
            for i, (n, v) in enumerate(zip(self.names, values, strict=True))
        )
        index = list(br.legal_moves(state)).index(move)
        return {"move": index, "text": f"{move} ({chances}; {found.describe()})"}

    # ------------------------------------------------------------------ showing

    def record(self) -> str:
        """The game record, as ``boardrules play --record`` writes it."""
        end = self.states[-1]
        return GameRecord.of(self.start, self.moves, self.specs, self.seed, end=end).to_json()

    def view(self, since: int = 0) -> dict[str, Any]:
        """What the page shows: the board, whose turn, the moves of a person's turn with
        what marks each on the board, the history from move ``since`` on, the result."""
        state = self.states[-1]
        player = br.current_player(state)
        kind = {br.TERMINAL: "end", br.CHANCE: "chance"}.get(player, "")
        if not kind:  # a person's only move plays itself, as a bot's move does
            kind = "human" if self._waiting() else "bot" if self.bots[player] else "forced"
        view: dict[str, Any] = {
            "game": br.game_of(state).name,
            "title": br.game_of(state).title,
            "names": self.names,
            "specs": self.specs,
            "seed": self.seed,
            "ply": len(self.moves),
            "svg": br.render_svg(state),
            "turn": {
                "kind": kind,
                "player": player,
                "name": self.names[player] if player >= 0 else "",
            },
            "since": min(since, len(self.history)),
            "history": self.history[since:],
            "moves": [],
            "targets": [],
            "result": result_words(state) if kind == "end" else None,
            "returns": list(br.returns(state)) if kind == "end" else None,
        }
        if kind == "chance":
            view["outcomes"] = [f"{m}: {_odds(p)}" for m, p in br.chance_outcomes(state)]
        if kind == "human":
            moves = br.legal_moves(state)
            view["moves"] = [str(m) for m in moves]
            view["targets"] = [_highlight(br.render_svg(state, move=m)) for m in moves]
        return view


def _valid(spec: str) -> bool:
    try:
        _bot(spec)
    except br.BoardrulesError:
        return False
    return True


def measure(game: str, seconds: float, mcts: int = 200, positions: int = 5) -> dict[str, float]:
    """Speed here: plies per second of seeded random games of ``game`` for ``seconds``, and
    the mean time of an MCTS move (``mcts`` iterations) over ``positions`` positions."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds <= 600:
        raise br.InvalidOptionError(  # (nan, inf: a measure that never ended)
            f"seconds must be a number above 0 and at most 600, not {safe_repr(seconds)}"
        )
    rng = random.Random(0)
    plies, began = 0, time.perf_counter()
    picks: list[Any] = []
    while time.perf_counter() - began < seconds:
        state = br.new_game(game)
        while not br.is_terminal(state):
            if br.is_chance(state):
                move = br.sample_chance(state, rng)
            else:
                moves = br.legal_moves(state)
                if len(moves) > 1 and len(picks) < positions and rng.random() < 0.05:
                    picks.append(state)
                move = rng.choice(moves)
            state = br.apply_move(state, move)
            plies += 1
    elapsed = time.perf_counter() - began
    bot = make_bot(f"mcts:iterations={mcts}")
    began = time.perf_counter()
    for state in picks:
        bot.choose(state, rng)
    per_move = (time.perf_counter() - began) / max(len(picks), 1)
    return {"plies_per_second": plies / elapsed, "mcts_seconds": per_move, "mcts_iterations": mcts}


# ---------------------------------------------------------------------- the review

#: The time the page's review gives each decision (Python in the browser is slower).
REVIEW_SECONDS_PER_MOVE = 0.1

_reviews: list[Any] = []  # the review under way, once asked for


def review_start(seconds_per_move: float = REVIEW_SECONDS_PER_MOVE) -> dict[str, Any]:
    """Begin the review of the game on the page (:class:`boardrules.analysis.Reviewer`);
    the number of decisions to analyse.  :func:`review_step` does the work."""
    from boardrules.analysis import Reviewer

    record = GameRecord.from_json(_current().record())
    _reviews[:] = [Reviewer(record, seconds_per_move=seconds_per_move)]
    return {"done": 0, "total": _reviews[0].total}


def review_step(seconds: float = 0.5) -> dict[str, Any]:
    """Go on with the review for about ``seconds``: how far it has come and, at the end,
    the review (``review``, as :meth:`~boardrules.analysis.Review.to_dict`), its words
    (``text``) and its chart (``chart``: an HTML fragment, see
    :func:`boardrules.analysis.chart_html`).

    >>> from boardrules.web._page import Session, _begin, review_start, review_step
    >>> game = Session.new("docker", {"players": 2}, ["random", "random"], seed=4)
    >>> view = _begin(game)
    >>> _ = game.run(10.0)
    >>> review_start(seconds_per_move=0.01)["total"] > 0
    True
    >>> while "review" not in (answer := review_step(10.0)): pass
    >>> answer["done"] == answer["total"] and "<svg" in answer["chart"]
    True
    """
    from boardrules.analysis import chart_html

    if not _reviews:
        raise br.BoardrulesError("no review under way: start one")
    reviewer = _reviews[0]
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline and reviewer.step():
        pass
    answer: dict[str, Any] = {"done": reviewer.done, "total": reviewer.total}
    if reviewer.done >= reviewer.total:
        found = reviewer.result()
        answer["review"] = found.to_dict()
        answer["text"] = found.text()
        answer["chart"] = chart_html(answer["review"], list(found.names))
    return answer


# ---------------------------------------------------------------------- the worker's calls

_session: list[Session] = []  # the game on the page, once there is one


def _current() -> Session:
    if not _session:
        raise br.BoardrulesError("no game yet: start one")
    return _session[0]


def _begin(session: Session, since: int = 0) -> dict[str, Any]:
    _session[:] = [session]
    return session.view(since)


_OPS: dict[str, Callable[..., Any]] = {
    "catalogue": catalogue,
    "names": seat_names,
    "new": lambda game, options, players, seed=None: _begin(
        Session.new(game, options, players, seed)
    ),
    "load": lambda text: _begin(Session.load(text)),
    "view": lambda since=0: _current().view(since),
    "run": lambda seconds, since=0: _current().run(seconds, since),
    "play": lambda index, since=0: _current().play(index, since),
    "undo": lambda since=0: _current().undo(since),
    "hint": lambda seconds: _current().hint(seconds),
    "record": lambda: {"record": _current().record()},
    "measure": measure,
    "review_start": review_start,
    "review_step": review_step,
}


def call(op: str, arguments: str) -> str:
    """Run the page's operation ``op`` with the JSON object ``arguments``; the answer as
    JSON, ``{"error": message}`` when the game refuses (a bad option, an illegal move, a
    damaged record).

    >>> from boardrules.web._page import call
    >>> import json
    >>> json.loads(call("names", '{"game": "docker", "options": {"players": 2}}'))
    {'names': ['blue', 'orange']}
    >>> json.loads(call("names", '{"game": "chess", "options": {}}'))["error"]
    "unknown game 'chess'; games: parchis, dorada, docker, dorasure"
    """
    operation = _OPS.get(op)
    if operation is None:
        return json.dumps({"error": f"unknown operation {safe_repr(op)}"})
    try:
        value = operation(**json.loads(arguments))
    except (br.BoardrulesError, ValueError, TypeError) as e:
        value = {"error": str(e)}
    except RecursionError:  # arguments nested thousands deep: an answer, not an exception
        value = {"error": "the arguments are nested too deeply"}
    return json.dumps(value)
