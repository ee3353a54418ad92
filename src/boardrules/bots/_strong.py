"""The strongest built-in bot: a selective expectimax on the game's fitted evaluation."""

from __future__ import annotations

import gc
import math
import random
import threading
import time
from collections.abc import Sequence
from typing import Any, TypeVar

import boardrules as br
from boardrules._search import CHANCE_DEPTH, Expectimax, OutOfNodes, check_depths
from boardrules._search import _float_outcomes as float_outcomes
from boardrules._values import safe_repr
from boardrules.bots._base import Evaluation, forced_move
from boardrules.game import GameState

__all__ = [
    "BLIND_TO_THE_ROLL",
    "CLOCK_MARGIN",
    "DECIDED_AFTER_EVERY_ROLL",
    "NODES_PER_SECOND",
    "NODES_PER_SECOND_BY_PLAYERS",
    "REPLIES",
    "ROUNDS",
    "StrongBot",
]

S = TypeVar("S")
M = TypeVar("M")

#: Positions a second that the search is allowed per game: about a third of what it visits
#: on this project's reference machine (a shared 2-core box), so that the node budget, not
#: the clock, ends the search on any machine up to three times slower.
NODES_PER_SECOND = {"parchis": 45_000, "dorada": 16_000, "docker": 8_000, "dorasure": 20_000}
#: The rate instead for a game with that many players, where a position costs more: in
#: Parchís with 3 or 4 players the evaluation reads every pair of rivals, and the search
#: visits about 0.6 and 0.5 times as many positions a CPU second as with 2 (about a third
#: of that rate again).  Dorada's, Docker's and Dorasure's rates change less with the
#: players; ``benchmarks/strong_budget.py`` measures how far each budget stays below what
#: the search visits (Dorada's 3- and 4-player budgets come closest, at about half, and
#: its searches end before their 1,600 positions).
NODES_PER_SECOND_BY_PLAYERS = {("parchis", 3): 25_000, ("parchis", 4): 20_000}
#: The rate for a game not listed (a game of your own).
DEFAULT_NODES_PER_SECOND = 2_000
#: How far past ``seconds`` the clock lets a search run before it ends it: the node budget
#: is what should end a search, but the heaviest searches visit fewer positions a second
#: than the average (4,500 positions of 4-player Parchís took up to 114 ms of CPU on the
#: reference machine before that game had a rate of its own), so a clock at exactly
#: ``seconds`` would make such moves depend on the machine.  1.4 times stays within the 50%
#: over its budget that a bot may think.
CLOCK_MARGIN = 1.4

#: A game's own rounds of search, used when ``depth`` and ``chance_depth`` are left to the
#: game: each round is (decisions deep after the move, rolls in a row expanded).  Dorada
#: is searched three decisions deep (its rolls at the horizon are not expanded, see
#: :data:`DECIDED_AFTER_EVERY_ROLL`, so the third decision fits the budget).  In
#: Dorasure the next decision is mostly another hero's step (looking at it made the team
#: win less), while rolls chain (extra dice for 6s, rampages, claws): so ``strong``
#: deepens in the dice, every move with the roll that follows, then the best ones with
#: up to three rolls in a row.  In Parchís it looks three decisions deep (the third
#: only at the opponent's best replies, see :data:`REPLIES`): a third decision made it win
#: more against a user's greedy bot (see the bot-strength guide).
ROUNDS: dict[str, tuple[tuple[int, int], ...]] = {
    "dorada": ((0, 3), (1, 3), (2, 3)),
    "dorasure": ((0, 1), (0, 2), (0, 3)),
    "parchis": ((0, 3), (1, 3), (2, 3)),
}

#: The games whose own evaluation (:func:`boardrules.evaluate`) does not read the roll: it
#: scores a decision right after a roll as the position before the roll.  At the search's
#: horizon ``strong`` scores all such decisions after one roll with one evaluation (the same
#: values, a sixth of the evaluations).
BLIND_TO_THE_ROLL = frozenset({"dorada", "docker"})
#: Of those, the games where every roll is followed by a decision (Dorada; in Docker a roll
#: may eliminate or give a reroll): there a roll at the horizon is not even expanded, it is
#: scored as the position before it (one position instead of seven).
DECIDED_AFTER_EVERY_ROLL = frozenset({"dorada"})

#: In a game's own rounds, how many moves of a decision two or more decisions from the
#: horizon are searched: the best by the round before (whose values are at hand), and any
#: that round did not see.  In Parchís the third decision looks at each of the opponent's
#: best two replies only: on 165 positions of games against a user's greedy bot it chose
#: the same move as the full search every time, with a third fewer positions.
REPLIES: dict[str, int] = {"parchis": 2}
# The games where, with two players and the game's own evaluation (its values sum to 1),
# those decisions and the moves of the root probe a move before searching it, and skip it
# if the probe shows it worse than the best searched (see _Clocked.beaten): the same moves
# as searching them all, from about a quarter fewer positions in 2-player Parchís
# (parchis_probe.py same/rate --probes).
_PROBED = frozenset({"parchis"})

# How many of the best moves of one round are searched in the next.
_WIDTH = (4, 2, 2)
_TIE = 1e-12
# How far below the best a probe's bound must be: far above the rounding of sums of floats,
# so that a move cut is worse than the best in exact arithmetic too.
_MARGIN = 1e-9


def _cpu_time() -> float:
    """The clock of a search: the CPU time of the calling thread, or the process's where
    Python has no clock per thread (Pyodide, in a web page: a single thread there)."""
    return time.thread_time() if _THREAD_CLOCK else time.process_time()


_THREAD_CLOCK = hasattr(time, "thread_time")


class _Clocked(Expectimax):
    """The expectimax search that also gives up at a deadline of its thread's CPU clock
    (checked every 16 positions; the collector's full collections not counted, see
    :class:`_FullCollections`), that may look at fewer replies far from its horizon
    (``replies``, see :data:`REPLIES`), and that, if ``blind`` (an evaluation blind to the
    roll), scores the decisions after a roll at its horizon with one evaluation of the
    roll's position, or, if ``unexpanded`` too (a decision after every roll), scores that
    position without expanding it, as if the rolls in a row were used up."""

    __slots__ = ("blind", "deadline", "probing", "replies", "unexpanded")

    def __init__(self, evaluation: Evaluation, chance_depth: int, nodes: int, deadline: float):
        super().__init__(evaluation, chance_depth, nodes)
        self.deadline = deadline
        #: At a decision two or more decisions from the horizon, how many of its moves are
        #: searched (0: all).
        self.replies = 0
        #: Whether the evaluation is blind to the roll (see :data:`BLIND_TO_THE_ROLL`), and
        #: a decision follows every roll (:data:`DECIDED_AFTER_EVERY_ROLL`).
        self.blind = self.unexpanded = False
        #: Whether a decision two or more decisions from the horizon skips the moves a probe
        #: shows worse than one searched (two players whose values sum to 1, see
        #: :meth:`beaten`).
        self.probing = False

    def value(self, state: Any, depth: int, rolls: int = 0) -> Sequence[float]:
        if self.nodes_left & 15 == 0 and _cpu_time() > self.deadline:
            raise OutOfNodes("the search ran out of time")
        if depth == 0 and self.unexpanded:
            rolls = self.chance_depth
        if depth >= 2 and self.replies and br.current_player(state) >= 0:
            return self._narrow(state, depth, rolls)
        return super().value(state, depth, rolls)

    def _narrow(self, state: Any, depth: int, rolls: int) -> Sequence[float]:
        """A decision's value from its best ``replies`` moves by the round one decision
        shallower (whose values the table holds), and from any move that round did not see;
        if ``probing``, a move whose probe shows it worse than one searched before is not
        searched (see :meth:`beaten`)."""
        key = (state, depth, rolls)
        known = self.cache.get(key)
        if known is not None:
            return known
        self._count()
        player = br.current_player(state)
        found: dict[int, Sequence[float]] = {}
        best = -math.inf
        for i, child in self._kept(state, depth):
            if found and self.probing and self.beaten(child, depth - 1, player, best):
                continue
            found[i] = self.value(child, depth - 1, 0)
            best = max(best, found[i][player])
        # The first best in the order of the moves, as a search of every kept move finds.
        result = max((found[i] for i in sorted(found)), key=lambda v: v[player])
        self.cache[key] = result
        return result

    def _count(self) -> None:
        if self.nodes_left == 0:
            raise OutOfNodes(f"the search needs more than its {len(self.cache)} positions")
        self.nodes_left -= 1

    def _kept(self, state: Any, depth: int) -> list[tuple[int, Any]]:
        """The moves of a decision ``depth`` decisions from the horizon that the search
        looks at, each (its place among the legal moves, the position after it), the best
        by the round before first, then those that round did not see."""
        player = br.current_player(state)
        children = [br.apply_move(state, m) for m in br.legal_moves(state)]
        shallow = [self.cache.get((child, depth - 2, 0)) for child in children]
        seen = sorted((-v[player], i) for i, v in enumerate(shallow) if v is not None)
        if len(children) > self.replies:
            seen = seen[: self.replies]
        order = [i for _, i in seen] + [i for i, v in enumerate(shallow) if v is None]
        return [(i, children[i]) for i in order]

    def beaten(self, child: Any, depth: int, player: int, best: float) -> float | None:
        """A bound, below ``best``, on ``player``'s value of ``child`` (a roll, ``depth``
        decisions from the horizon, ``depth >= 1``) in a two-player game whose values sum
        to 1; ``None`` if the probe cannot show it.

        The probe (Ballard's Star2 at a roll whose outcomes are the other player's
        decisions): the other player's value of a decision is at least that of any one of
        the moves the search would look at there, so ``player``'s is at most 1 minus it;
        weighted over the outcomes, that bounds the roll.  Every value it reads is one the
        full search would compute too (the table keeps it), so a probe that cuts nothing
        costs little more than the positions it adds up."""
        if depth == 0 or br.current_player(child) != br.CHANCE or not self.chance_depth:
            return None
        limit, total = best - _MARGIN, 0.0
        for move, weight in float_outcomes(child):
            outcome = br.apply_move(child, move)
            mover = br.current_player(outcome)
            if mover >= 0 and mover != player:
                high = 1.0 - self._probe(outcome, depth)[mover]
            else:
                high = self.value(outcome, depth, 1)[player]
            total += weight * high
            if total >= limit:
                return None
        return total

    def _probe(self, state: Any, depth: int) -> Sequence[float]:
        """The value of one move of a decision met after a roll, ``depth`` decisions from
        the horizon: its value if known, else its move the round before liked best, else
        the move whose position the evaluation likes best (its value: at most the
        decision's, for the player to move)."""
        known = self.cache.get((state, depth, 1))
        if known is not None:
            return known
        self._count()
        if depth >= 2 and self.replies:
            return self.value(self._kept(state, depth)[0][1], depth - 1, 0)
        player = br.current_player(state)
        children = [br.apply_move(state, m) for m in br.legal_moves(state)]
        if len(children) > 1:
            for _ in children:
                self._count()
            children = [max(children, key=lambda c: self.evaluation(c)[player])]
        return self.value(children[0], depth - 1, 0)

    def _mix(self, state: Any, depth: int, rolls: int) -> list[float]:
        # A decision at the horizon met after a roll (most of the positions searched) is
        # scored without the table: such a position is hardly ever met twice in one search
        # and hashing it (twice) cost more than scoring it.  Same values, a third less time.
        total = [0.0] * br.num_players(state)
        evaluation = self.evaluation
        here: Sequence[float] | None = None  # the value of them all, if blind
        for move, weight in float_outcomes(state):
            child = br.apply_move(state, move)
            if depth or br.current_player(child) < 0:
                found = self.value(child, depth, rolls)
            else:
                if self.nodes_left & 15 == 0 and _cpu_time() > self.deadline:
                    raise OutOfNodes("the search ran out of time")
                if self.nodes_left == 0:
                    raise OutOfNodes("the search ran out of positions")
                self.nodes_left -= 1
                if not self.blind:
                    found = evaluation(child)
                elif here is None:
                    found = here = evaluation(state)
                else:
                    found = here
            for i, v in enumerate(found):
                total[i] += weight * v
        return total


def _round_values(search: _Clocked, children: list[Any], ranked: list[int], level: int,
              player: int, keep: int) -> dict[int, float]:  # fmt: skip
    """``player``'s value of the positions ``children[i]`` for ``i`` in ``ranked``, searched
    ``level`` decisions deep; if ``search.probing``, a move that a probe shows worse than
    ``keep`` moves searched before it gets the probe's bound instead (it would not be
    among the ``keep`` best: those, and their values, are the same as without probes)."""
    found: dict[int, float] = {}
    exact: list[float] = []
    for i in ranked:
        if search.probing and len(exact) >= keep:
            bound = search.beaten(children[i], level, player, sorted(exact)[-keep])
            if bound is not None:
                found[i] = bound
                continue
        found[i] = search.value(children[i], level)[player]
        exact.append(found[i])
    return found


class _FullCollections:
    """While a search runs, called by the garbage collector (``gc.callbacks``): moves the
    search's deadline on by the CPU time of every full collection (generation 2) that runs
    on the search's thread.  A full collection walks every object of the process, most of
    them not the search's: in a process holding a large heap one takes a tenth of a second
    or more, and counted it would end a search of a few hundredths of a second and change
    its move.  The young generations' collections, mostly over what the search itself
    made, are counted."""

    __slots__ = ("began", "search", "thread")

    def __init__(self, search: _Clocked) -> None:
        self.search = search
        self.thread = threading.get_ident()
        self.began: float | None = None

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2 or threading.get_ident() != self.thread:
            return
        if phase == "start":
            self.began = _cpu_time()
        elif self.began is not None:
            self.search.deadline += _cpu_time() - self.began
            self.began = None


class StrongBot:
    """The strongest built-in player: a selective, iteratively deepened expectimax.

    It scores every move one decision deep (exactly over the roll that follows, like
    :class:`GreedyBot`), then searches the best 4 of them two decisions deep (the
    opponents' best reply to every roll included), and so on up to ``depth`` decisions,
    each deeper round on the best 2 of the one before.  A game may have rounds of its own
    (``ROUNDS``, used when ``depth`` and ``chance_depth`` are left to the game): in
    Parchís and Dorada it looks three decisions deep (in Parchís the third at the opponent's
    best 2 replies of the round before only, and with 2 players a move is first probed:
    if the opponent's answer to each roll by one of its moves already leaves it worse than
    a move searched before, it is not searched, which chooses the same move from fewer
    positions); in Dorasure it deepens in the dice instead,
    every move with the roll that follows, then the best 4 with two rolls in a row and the
    best 2 with three (see :meth:`rounds`).  Positions at the horizon are scored with
    ``evaluation`` (default :func:`boardrules.evaluate`, the game's fitted evaluation);
    every roll is weighted by its exact probability (in a game whose evaluation does not
    read the roll, as Dorada's and Docker's, the decisions right after a roll at the horizon
    are scored with one evaluation of the position before it: the same value).  The move
    played is the best of the deepest round that finished; equal moves are broken with
    ``rng``.

    The budget is ``seconds`` per decision (default 0.1), spent as a fixed number of
    positions, ``nodes`` (default: ``seconds`` times a rate per game and number of
    players, a third of what the search visits on the reference machine: 45,000 positions
    a second in Parchís with 2 players, 25,000 with 3 and 20,000 with 4, 16,000 in Dorada,
    8,000 in Docker, 20,000 in Dorasure, 2,000 in a game of your own), so that **the move
    depends only on the position and ``rng``**, on any machine, as long as the search keeps
    within the clock.  It also stops when it has used 1.4 times ``seconds`` of CPU time
    (``CLOCK_MARGIN``; on a machine more than about three times slower than the reference,
    or with an evaluation of your own that is slow): then it
    plays the best move of the last finished round, which may differ between runs;
    :attr:`timeouts` counts such decisions.  The clock is the CPU time of the thread that
    calls :meth:`choose` (``time.thread_time()``; the process's where Python has no clock
    per thread, as in Pyodide), the same as the wall clock on an idle
    machine; on a busy one the wall time stretches with the load, but the moves stay the
    same.  Other threads of your process (a server, a GUI, another bot) are none of its
    thinking, and neither are the garbage collector's full collections, which walk every
    object of the process (a tenth of a second or more in a process with a large heap):
    the clock counts neither.

    >>> import random, boardrules as br
    >>> from boardrules.bots import StrongBot
    >>> s = br.apply_move(br.new_game("parchis", players=2), br.legal_moves(br.new_game(
    ...     "parchis", players=2))[4])
    >>> bot = StrongBot(seconds=0.05)
    >>> bot.choose(s, random.Random(0)) in br.legal_moves(s)
    True
    """

    def __init__(
        self,
        seconds: float = 0.1,
        depth: int | None = None,
        nodes: int | None = None,
        evaluation: Evaluation | None = None,
        chance_depth: int | None = None,
    ) -> None:
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not 0 < seconds <= 3600  # nan fails too
        ):
            raise br.InvalidOptionError(
                "strong seconds must be a number above 0 and at most 3600, "
                f"not {safe_repr(seconds)}"
            )
        checked, rolls = check_depths(2 if depth is None else depth,
                                      CHANCE_DEPTH if chance_depth is None else chance_depth,
                                      least=1)  # fmt: skip
        if nodes is not None and (type(nodes) is not int or nodes < 1):  # (1.5: a TypeError later)
            raise br.InvalidOptionError(
                f"strong nodes must be at least 1 (a whole number), not {safe_repr(nodes)}"
            )
        self.seconds: float = float(seconds)
        #: Decisions deep (``None``: the game's own, 2 but in a game of ``ROUNDS``).
        self.depth: int | None = None if depth is None else checked
        self.nodes = nodes
        #: Rolls in a row expanded after a decision (``None``: the game's own, see
        #: :meth:`rounds`).
        self.chance_depth: int | None = None if chance_depth is None else rolls
        self.evaluation: Evaluation = br.evaluate if evaluation is None else evaluation
        #: Decisions where the clock, not the node budget, ended the search.
        self.timeouts: int = 0

    def budget(self, state: GameState[Any, Any]) -> int:
        """The positions one decision in ``state``'s game, with its number of players, may
        search: ``nodes``, or ``seconds`` times the rate of ``NODES_PER_SECOND_BY_PLAYERS``
        or else of ``NODES_PER_SECOND``.

        >>> import boardrules as br
        >>> from boardrules.bots import StrongBot
        >>> [StrongBot().budget(br.new_game("parchis", players=n)) for n in (2, 3, 4)]
        [4500, 2500, 2000]
        >>> StrongBot(seconds=0.5).budget(br.new_game("dorada", players=4))
        8000
        """
        if self.nodes is not None:
            return self.nodes
        name = br.game_of(state).name
        rate = NODES_PER_SECOND_BY_PLAYERS.get((name, br.num_players(state)))
        if rate is None:
            rate = NODES_PER_SECOND.get(name, DEFAULT_NODES_PER_SECOND)
        return max(1, math.floor(self.seconds * rate))

    def rounds(self, state: GameState[Any, Any]) -> tuple[tuple[int, int], ...]:
        """The rounds of the search in ``state``'s game, each (decisions deep after the
        move, rolls in a row expanded): the game's own in ``ROUNDS`` when ``depth``
        and ``chance_depth`` are left to it, else one round per decision up to ``depth``
        (2), with ``chance_depth`` rolls (the game's ``Game.chance_depth``, else 3).

        >>> import boardrules as br
        >>> from boardrules.bots import StrongBot
        >>> StrongBot().rounds(br.new_game("parchis"))
        ((0, 3), (1, 3), (2, 3))
        >>> StrongBot(depth=2).rounds(br.new_game("parchis"))
        ((0, 3), (1, 3))
        >>> StrongBot().rounds(br.new_game("dorada"))
        ((0, 3), (1, 3), (2, 3))
        >>> StrongBot().rounds(br.new_game("dorasure"))
        ((0, 1), (0, 2), (0, 3))
        >>> StrongBot(depth=2).rounds(br.new_game("dorasure"))
        ((0, 1), (1, 1))
        """
        game = br.game_of(state)
        if self._own_rounds(state):
            return ROUNDS[game.name]
        rolls = self.chance_depth
        if rolls is None:
            rolls = CHANCE_DEPTH if game.chance_depth is None else game.chance_depth
        return tuple((level, rolls) for level in range(2 if self.depth is None else self.depth))

    def _own_rounds(self, state: GameState[Any, Any]) -> bool:
        """Whether the search is the game's own (``ROUNDS``, ``REPLIES``)."""
        own = self.depth is None and self.chance_depth is None
        return own and br.game_of(state).name in ROUNDS

    def choose(self, state: GameState[S, M], rng: random.Random) -> M:
        """The best move of the deepest search that fits the budget."""
        forced = forced_move(state, rng)
        if forced is not None:
            return forced
        deadline = _cpu_time() + self.seconds * CLOCK_MARGIN
        player = br.current_player(state)
        moves = br.legal_moves(state)
        children = [br.apply_move(state, m) for m in moves]
        rounds = self.rounds(state)
        search = _Clocked(self.evaluation, rounds[0][1], self.budget(state), deadline)
        if self._own_rounds(state):
            search.replies = REPLIES.get(br.game_of(state).name, 0)
        if self.evaluation is br.evaluate:  # an evaluation of your own may read the roll
            name = br.game_of(state).name
            search.blind = name in BLIND_TO_THE_ROLL
            search.unexpanded = name in DECIDED_AFTER_EVERY_ROLL
            # and need not sum to 1, which the probes assume
            search.probing = search.replies > 0 and name in _PROBED and br.num_players(state) == 2
        pauses = _FullCollections(search)
        gc.callbacks.append(pauses)
        try:
            values = self._deepened(search, children, rounds, player)
        finally:
            gc.callbacks.remove(pauses)
        best = max(values.values())
        top = [i for i in sorted(values) if values[i] >= best - _TIE]
        move: M = moves[top[0] if len(top) == 1 else top[rng.randrange(len(top))]]
        return move

    def _deepened(
        self,
        search: _Clocked,
        children: list[Any],
        rounds: tuple[tuple[int, int], ...],
        player: int,
    ) -> dict[int, float]:
        """The value of each move still ranked after the deepest round that finished (the
        position after each move if none did)."""
        ranked = list(range(len(children)))
        values: dict[int, float] = {}
        for r, (level, rolls) in enumerate(rounds):
            if rolls != search.chance_depth:  # what the table knows was seen fewer rolls deep
                search.chance_depth = rolls
                search.cache.clear()
            keep = 1 if r == len(rounds) - 1 else _WIDTH[min(r, 2)]
            try:
                found = _round_values(search, children, ranked, level, player, keep)
            except OutOfNodes:
                if not values:  # not even one decision deep: the position after each move
                    values = {i: self.evaluation(children[i])[player] for i in ranked}
                self.timeouts += search.nodes_left != 0
                break
            values = found
            ranked = sorted(ranked, key=lambda i: -values[i])[: _WIDTH[min(r, 2)]]
            if len(ranked) == 1:
                break
        return values

    def __repr__(self) -> str:
        shown = [f"seconds={self.seconds:g}"]
        if self.depth is not None:
            shown.append(f"depth={self.depth}")
        if self.nodes is not None:
            shown.append(f"nodes={self.nodes}")
        if self.chance_depth is not None:
            shown.append(f"chance_depth={self.chance_depth}")
        return f"StrongBot({', '.join(shown)})"
