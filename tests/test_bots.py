"""Tests of boardrules.bots on two tiny games defined here and on Parchís.

* ``test-tree``: an explicit game tree, so expectimax values can be computed by hand;
* ``test-race``: a dice race (one die; move 1..roll steps; exact landing on the goal wins;
  landing on a rival sends it back to 0), long enough for whole games.
"""

from __future__ import annotations

import gc
import importlib.util
import math
import random
import re
import threading
import time
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest

import boardrules as br
from boardrules._search import Expectimax
from boardrules.bots import (
    BOTS,
    BotError,
    ExpectimaxBot,
    GreedyBot,
    MctsBot,
    RandomBot,
    StrongBot,
    game_seed,
    make_bot,
    play_game,
    sample_outcome,
)
from boardrules.bots._strong import (
    BLIND_TO_THE_ROLL,
    CLOCK_MARGIN,
    DECIDED_AFTER_EVERY_ROLL,
    REPLIES,
    ROUNDS,
    _Clocked,
    _round_values,
)
from boardrules.chance import die_faces
from boardrules.game import Game, Option, resolve_options
from boardrules.records import final_state
from cpu_timing import collector_off

# ----------------------------------------------------------------------------- test-tree
# A node is ("end", returns) | ("turn", player, evaluation, ((move, child), ...))
#         | ("dice", ((outcome, probability), ...), (child, ...)).


@attrs.frozen
class TreeState:
    game: ClassVar[Game[Any, Any]]
    players: int
    node: Any


def _tree_player(s: TreeState) -> int:
    kind = s.node[0]
    if kind == "end":
        return br.TERMINAL
    return br.CHANCE if kind == "dice" else int(s.node[1])


def _tree_moves(s: TreeState) -> tuple[str, ...]:
    kind = s.node[0]
    if kind == "turn":
        return tuple(m for m, _ in s.node[3])
    if kind == "dice":
        return tuple(m for m, _ in s.node[1])
    return ()


def _tree_chance(s: TreeState) -> tuple[tuple[str, Fraction], ...]:
    return s.node[1] if s.node[0] == "dice" else ()


def _tree_apply(s: TreeState, move: Any) -> TreeState:
    if s.node[0] == "turn":
        pairs = s.node[3]
    else:
        pairs = zip(_tree_moves(s), s.node[2] if s.node[0] == "dice" else (), strict=True)
    for m, child in pairs:
        if m == move:
            return TreeState(s.players, child)
    raise br.IllegalMoveError(f"{move!r} is not a branch here")


def _tree_parse(s: TreeState, text: str) -> str:
    if text not in _tree_moves(s):
        raise br.IllegalMoveError(f"{text!r} is not a branch here")
    return text


def _tree_returns(s: TreeState) -> tuple[float, ...]:
    return tuple(s.node[1]) if s.node[0] == "end" else (0.0,) * s.players


def _tree_evaluate(s: TreeState) -> tuple[float, ...]:
    return tuple(s.node[2]) if s.node[0] == "turn" else _tree_returns(s)


TREE = Game(
    name="test-tree",
    summary="an explicit game tree",
    options=(),
    state_type=TreeState,
    move_type=str,
    new_game=lambda **o: TreeState(2, ("end", (0.0, 0.0))),
    current_player=_tree_player,
    num_players=lambda s: s.players,
    legal_moves=_tree_moves,
    chance_outcomes=_tree_chance,
    apply_move=_tree_apply,
    returns=_tree_returns,
    render=lambda s: repr(s.node),
    parse_move=_tree_parse,
    options_of=lambda s: {},
    evaluate=_tree_evaluate,
    encode=lambda s: {},
    decode=lambda o, b: TreeState(2, ("end", (0.0, 0.0))),
)
# Not registered by name: the contract suite runs over every registered game, and these
# test games keep only what the bots need.  Dispatch needs only the class attribute.
TreeState.game = TREE


def end(*returns: float) -> tuple[Any, ...]:
    return ("end", returns)


def turn(player: int, evaluation: tuple[float, ...], **children: Any) -> tuple[Any, ...]:
    return ("turn", player, evaluation, tuple(children.items()))


def dice(*branches: tuple[str, Fraction, Any]) -> tuple[Any, ...]:
    return ("dice", tuple((o, p) for o, p, _ in branches), tuple(c for _, _, c in branches))


# ----------------------------------------------------------------------------- test-race


@attrs.frozen
class RaceMove:
    kind: str
    n: int

    def __str__(self) -> str:
        return f"{self.kind} {self.n}"


ROLLS = tuple((RaceMove("roll", face), p) for face, p in die_faces(6))
ROLL_MOVES = tuple(m for m, _ in ROLLS)
STEPS = tuple(RaceMove("step", n) for n in range(7))


@attrs.frozen
class RaceState:
    game: ClassVar[Game[Any, Any]]
    goal: int
    positions: tuple[int, ...]
    turn: int = 0
    roll: int = 0  # 0: the player to move rolls the die first
    winner: int = -1


def _race_new(**options: Any) -> RaceState:
    def players(v: Any) -> int:
        if not isinstance(v, int) or not 2 <= v <= 4:
            raise ValueError("2 to 4")
        return v

    def goal(v: Any) -> int:
        if not isinstance(v, int) or not 2 <= v <= 60:
            raise ValueError("2 to 60")
        return v

    opts = resolve_options(
        "test-race",
        (Option("players", 2, "seats", players), Option("goal", 12, "goal square", goal)),
        options,
    )
    return RaceState(opts["goal"], (0,) * opts["players"])


def _race_player(s: RaceState) -> int:
    if s.winner >= 0:
        return br.TERMINAL
    return br.CHANCE if s.roll == 0 else s.turn


def _race_moves(s: RaceState) -> tuple[RaceMove, ...]:
    if s.winner >= 0:
        return ()
    if s.roll == 0:
        return ROLL_MOVES
    return STEPS[1 : min(s.roll, s.goal - s.positions[s.turn]) + 1]


def _race_apply(s: RaceState, move: Any) -> RaceState:
    if move not in _race_moves(s):
        raise br.IllegalMoveError(f"{move!r} is not a legal move here")
    if move.kind == "roll":
        return attrs.evolve(s, roll=move.n)
    to = s.positions[s.turn] + move.n
    positions = tuple(to if i == s.turn else 0 if p == to else p for i, p in enumerate(s.positions))
    winner = s.turn if to == s.goal else -1
    return RaceState(s.goal, positions, (s.turn + 1) % len(positions), 0, winner)


def _race_returns(s: RaceState) -> tuple[float, ...]:
    return tuple(float(i == s.winner) for i in range(len(s.positions)))


def _race_evaluate(s: RaceState) -> tuple[float, ...]:
    if s.winner >= 0:
        return _race_returns(s)
    total = sum(p + 1 for p in s.positions)
    return tuple((p + 1) / total for p in s.positions)


def _race_parse(s: RaceState, text: str) -> RaceMove:
    if not re.fullmatch(r"(roll|step) [1-6]", text):
        raise br.MoveSyntaxError(f"{text!r}: moves are 'roll N' and 'step N'")
    for m in _race_moves(s):
        if str(m) == text:
            return m
    raise br.IllegalMoveError(f"{text!r} is not legal now")


def _race_decode(o: dict[str, Any], b: dict[str, Any]) -> RaceState:
    s = _race_new(**o)
    try:
        return RaceState(s.goal, tuple(b["positions"]), b["turn"], b["roll"], b["winner"])
    except (KeyError, TypeError) as e:
        raise br.StateFormatError(str(e)) from None


RACE = Game(
    name="test-race",
    summary="a dice race to an exact goal",
    options=(),
    state_type=RaceState,
    move_type=RaceMove,
    new_game=_race_new,
    current_player=_race_player,
    num_players=lambda s: len(s.positions),
    legal_moves=_race_moves,
    chance_outcomes=lambda s: ROLLS if s.roll == 0 and s.winner < 0 else (),
    apply_move=_race_apply,
    returns=_race_returns,
    render=lambda s: f"positions {s.positions} of {s.goal}; to move: {s.turn}",
    parse_move=_race_parse,
    options_of=lambda s: {"players": len(s.positions), "goal": s.goal},
    evaluate=_race_evaluate,
    encode=lambda s: {
        "positions": list(s.positions),
        "turn": s.turn,
        "roll": s.roll,
        "winner": s.winner,
    },
    decode=_race_decode,
)
RaceState.game = RACE


def race(positions: tuple[int, ...], roll: int, turn: int = 0, goal: int = 12) -> RaceState:
    return RaceState(goal, positions, turn, roll)


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


ALL_BOTS = [
    RandomBot(),
    GreedyBot(),
    ExpectimaxBot(depth=2),
    MctsBot(iterations=30),
    MctsBot(iterations=30, rollout_depth=None),
    StrongBot(),
]


class Checked:
    """Wraps a bot and checks that every move it chooses is legal."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.decisions = 0

    def choose(self, state: Any, rng: random.Random) -> Any:
        move = self.bot.choose(state, rng)
        assert move in br.legal_moves(state), f"{self.bot!r} chose an illegal {move!r}"
        self.decisions += 1
        return move


# ----------------------------------------------------------------------------- legality


@pytest.mark.parametrize("bot", ALL_BOTS, ids=repr)
def test_bots_choose_only_legal_moves_in_whole_games(bot: Any) -> None:
    for seed in range(3):
        players = [Checked(bot), Checked(RandomBot()), Checked(bot)]
        start = RACE.new_game(players=3)
        end_state, record = play_game(start, players, seed)
        assert br.is_terminal(end_state)
        assert players[0].decisions > 0
        replayed = start
        for text in record.moves:
            replayed = br.apply_move(replayed, br.parse_move(replayed, text))
        assert replayed == end_state


@pytest.mark.parametrize("bot", ALL_BOTS, ids=repr)
def test_bots_are_repeatable_with_a_seeded_generator(bot: Any) -> None:
    start = RACE.new_game(players=2)
    first = play_game(start, [bot, bot], seed=11)[1]
    again = play_game(start, [bot, bot], seed=11)[1]
    assert first == again
    state = race((3, 5), roll=6)
    assert bot.choose(state, random.Random(4)) == bot.choose(state, random.Random(4))


@pytest.mark.parametrize("bot", ALL_BOTS, ids=repr)
def test_bots_roll_at_a_chance_node_and_refuse_a_finished_game(bot: Any) -> None:
    assert bot.choose(race((3, 5), roll=0), random.Random(0)) in ROLL_MOVES
    finished = RaceState(4, (4, 1), 1, 0, winner=0)
    with pytest.raises(br.IllegalMoveError, match="ended"):
        bot.choose(finished, random.Random(0))


# ----------------------------------------------------------------------------- expectimax

SIXTH, FIVE_SIXTHS = Fraction(1, 6), Fraction(5, 6)
SAFE_OR_GAMBLE = turn(
    0,
    (0.5, 0.5),
    safe=end(0.6, 0.4),
    gamble=dice(("six", SIXTH, end(1.0, 0.0)), ("other", FIVE_SIXTHS, end(0.5, 0.5))),
)


def test_expectimax_weights_outcomes_by_their_exact_probabilities() -> None:
    # gamble: 1/6 * 1.0 + 5/6 * 0.5 = 7/12 < 0.6 (an unweighted average would say 0.75).
    state = TreeState(2, SAFE_OR_GAMBLE)
    rng = random.Random(0)
    assert ExpectimaxBot(depth=1).choose(state, rng) == "safe"
    assert GreedyBot().choose(state, rng) == "safe"
    gamble = ExpectimaxBot(depth=1).value(br.apply_move(state, "gamble"))
    assert gamble == pytest.approx((7 / 12, 5 / 12))
    # hit: 1/2 * 1.0 + 1/2 * 0.3 = 0.65 > 0.6.
    better = turn(
        0,
        (0.5, 0.5),
        safe=end(0.6, 0.4),
        gamble=dice(("hit", Fraction(1, 2), end(1, 0)), ("miss", Fraction(1, 2), end(0.3, 0.7))),
    )
    assert ExpectimaxBot(depth=1).choose(TreeState(2, better), rng) == "gamble"


LOOKAHEAD = turn(
    0,
    (0.5, 0.5),
    a=turn(1, (0.9, 0.1), x=end(0.0, 1.0), y=end(1.0, 0.0)),
    b=turn(1, (0.3, 0.7), x=end(0.5, 0.5), y=end(0.4, 0.6)),
)


def test_expectimax_sees_the_reply_that_greedy_misses() -> None:
    # a looks better (0.9) but player 1 answers x (1.0 for it); after b it answers y (0.6).
    state = TreeState(2, LOOKAHEAD)
    assert GreedyBot().choose(state, random.Random(0)) == "a"
    assert ExpectimaxBot(depth=2).choose(state, random.Random(0)) == "b"
    assert ExpectimaxBot(depth=2).value(state) == pytest.approx((0.4, 0.6))


THREE_PLAYERS = turn(
    0,
    (0.3, 0.3, 0.4),
    left=dice(
        ("one", Fraction(1, 3), turn(1, (0, 0.5, 0.5), u=end(0.2, 0.5, 0.3), v=end(0.6, 0.1, 0.3))),
        ("two", Fraction(2, 3), turn(2, (0.1, 0.4, 0.5), u=end(0.9, 0, 0.1), v=end(0.3, 0.2, 0.5))),
    ),
    right=end(0.25, 0.25, 0.5),
)


def test_expectimax_three_players_each_maximise_their_own_value_through_dice() -> None:
    # left: 1/3 * (player 1 picks u) + 2/3 * (player 2 picks v)
    #     = 1/3 * (0.2, 0.5, 0.3) + 2/3 * (0.3, 0.2, 0.5) = (4/15, 3/10, 13/30); right: 0.25.
    state = TreeState(3, THREE_PLAYERS)
    assert ExpectimaxBot(depth=2).value(state) == pytest.approx((4 / 15, 3 / 10, 13 / 30))
    assert ExpectimaxBot(depth=2).choose(state, random.Random(0)) == "left"
    # One decision deep the heuristic (0.0 and 0.1 for player 0) makes left look bad.
    assert GreedyBot().choose(state, random.Random(0)) == "right"


def test_greedy_takes_a_pluggable_evaluation() -> None:
    state = TreeState(2, LOOKAHEAD)
    contrarian = GreedyBot(evaluation=lambda s: tuple(1.0 - v for v in br.evaluate(s)))
    assert contrarian.choose(state, random.Random(0)) == "b"


def test_expectimax_captures_rather_than_let_the_rival_win_the_race() -> None:
    # Goal 4, player 0 on 1 rolled 2, player 1 on 3 wins with any roll next turn.
    state = race((1, 3), roll=2, goal=4)
    after_step_1 = br.apply_move(state, STEPS[1])
    assert ExpectimaxBot(depth=1).value(after_step_1) == pytest.approx((0.0, 1.0))
    assert ExpectimaxBot(depth=2).choose(state, random.Random(0)) == STEPS[2]
    assert br.apply_move(state, STEPS[2]).positions == (3, 0)


# ----------------------------------------------------------------------------- strong

# Player 0's moves m1-m6 look 0.9 to 0.4 one decision deep; player 1's best reply leaves it
# 0.1, 0.2, 0.3, 0.35 after m1-m4, but 0.99 after m5: a move that is not among the best 4.
SELECTIVE = turn(
    0,
    (0.5, 0.5),
    **{
        f"m{i + 1}": turn(1, (v, 1 - v), x=end(1.0, 0.0), y=end(w, 1 - w))
        for i, (v, w) in enumerate(
            [(0.9, 0.1), (0.8, 0.2), (0.7, 0.3), (0.6, 0.35), (0.5, 0.99), (0.4, 0.0)]
        )
    },
)


def test_strong_sees_the_reply_that_greedy_misses() -> None:
    state = TreeState(2, LOOKAHEAD)
    assert StrongBot().choose(state, random.Random(0)) == "b"
    assert StrongBot(depth=1).choose(state, random.Random(0)) == "a"


def test_strong_searches_only_its_best_four_moves_deeper() -> None:
    state = TreeState(2, SELECTIVE)
    assert ExpectimaxBot(depth=2).choose(state, random.Random(0)) == "m5"
    assert StrongBot().choose(state, random.Random(0)) == "m4"


def test_strong_plays_the_last_finished_depth_when_out_of_nodes() -> None:
    state = TreeState(2, LOOKAHEAD)
    # 2 positions one decision deep, then 2 + 2 * 2 to see the replies to both moves.
    for nodes in range(1, 8):
        bot = StrongBot(nodes=nodes)
        assert bot.choose(state, random.Random(0)) == "a"
        assert bot.timeouts == 0
    assert StrongBot(nodes=8).choose(state, random.Random(0)) == "b"


# Move a leads to two rolls in a row and then a win; b to a position worth 0.3.  One roll
# deep, a's second roll is scored by the evaluation (0 for a roll in this tree).
CHAINED = turn(
    0,
    (0.5, 0.5),
    a=dice(("1", Fraction(1), dice(("1", Fraction(1), end(1.0, 0.0))))),
    b=dice(("1", Fraction(1), turn(1, (0.3, 0.7), x=end(0.3, 0.7)))),
)


def test_strong_deepens_in_the_dice_in_a_game_of_its_own_rounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = TreeState(2, CHAINED)
    assert StrongBot().choose(state, random.Random(0)) == "a"  # 3 rolls in a row by default
    monkeypatch.setitem(ROUNDS, "test-tree", ((0, 1), (0, 2)))
    assert StrongBot().rounds(state) == ((0, 1), (0, 2))
    assert StrongBot().choose(state, random.Random(0)) == "a"
    # 4 positions (a's two rolls, b's roll and the turn after it): only the first round
    assert StrongBot(nodes=4).choose(state, random.Random(0)) == "b"
    assert StrongBot(nodes=9).choose(state, random.Random(0)) == "a"
    # depth or chance_depth given: the bot's own search, one roll deep as asked
    assert StrongBot(chance_depth=1).rounds(state) == ((0, 1), (1, 1))
    assert StrongBot(chance_depth=1).choose(state, random.Random(0)) == "b"
    assert StrongBot(depth=1).rounds(state) == ((0, 3),)


# Player 1's replies to a look 0.9, 0.8 and 0.1 to it one decision deep (player 0 to move
# after each), but player 0's answer leaves it 0.4, 0.3 and 1.0: the third is its best.
NARROW = turn(
    0,
    (0.5, 0.5),
    a=turn(
        1,
        (0.5, 0.5),
        x=turn(0, (0.1, 0.9), p=end(0.6, 0.4)),
        y=turn(0, (0.2, 0.8), p=end(0.7, 0.3)),
        z=turn(0, (0.9, 0.1), p=end(0.0, 1.0)),
    ),
    b=turn(1, (0.5, 0.5), w=turn(0, (0.5, 0.5), p=end(0.5, 0.5))),
)


def test_strong_looks_at_the_best_replies_of_the_round_before_far_from_its_horizon(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = TreeState(2, NARROW)
    assert ExpectimaxBot(depth=3).choose(state, random.Random(0)) == "b"
    monkeypatch.setitem(ROUNDS, "test-tree", ((0, 0), (1, 0), (2, 0)))
    assert StrongBot().choose(state, random.Random(0)) == "b"  # every reply
    monkeypatch.setitem(REPLIES, "test-tree", 2)
    # Two decisions from the horizon player 1 answers a with x or y only (the best two one
    # decision deep): z, its best, is missed.
    assert StrongBot().choose(state, random.Random(0)) == "a"
    assert StrongBot(depth=3).choose(state, random.Random(0)) == "b"  # its own search: all
    # A reply the round before did not see is searched: here no round one decision deep.
    monkeypatch.setitem(ROUNDS, "test-tree", ((0, 0), (2, 0)))
    assert StrongBot().choose(state, random.Random(0)) == "b"


def _reply(v: float) -> tuple[Any, ...]:
    """Player 1's move that leaves player 0 ``v``: a roll of three outcomes, each scored
    ``v`` at the horizon (what makes searching a move cost more than probing it)."""
    third = Fraction(1, 3)
    return dice(*((str(k), third, turn(0, (v, 1 - v), p=end(v, 1 - v))) for k in range(3)))


def _rolled(*turns: tuple[Any, ...]) -> tuple[Any, ...]:
    return dice(*((str(k), Fraction(1, len(turns)), t) for k, t in enumerate(turns)))


# Player 0's moves, in the order one decision deep likes them (0.8, 0.5, 0.3), each a roll
# of two outcomes where player 1 picks its reply: a is worth 0.6 (1 answers x), b 0.3, c
# 0.7, the best.  Probing b's first replies bounds it by 0.35 < 0.6: b is not searched;
# c's probe gives 0.85 (its first replies are not player 1's best): c must be searched.
PROBED = turn(
    0,
    (0.5, 0.5),
    a=_rolled(*[turn(1, (0.8, 0.2), x=_reply(0.6), y=_reply(0.7))] * 2),
    b=_rolled(
        turn(1, (0.5, 0.5), x=_reply(0.3), y=_reply(0.2), z=_reply(0.9), w=_reply(0.85)),
        turn(1, (0.5, 0.5), x=_reply(0.4)),
    ),
    c=_rolled(
        turn(1, (0.3, 0.7), x=_reply(0.95), y=_reply(0.65)), turn(1, (0.3, 0.7), x=_reply(0.75))
    ),
)


def _record_searches(monkeypatch: pytest.MonkeyPatch) -> list[_Clocked]:
    """The searches ``strong`` makes from now on, listed as they are made."""
    searches: list[_Clocked] = []

    class Recorded(_Clocked):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            searches.append(self)

    monkeypatch.setattr("boardrules.bots._strong._Clocked", Recorded)
    return searches


@pytest.fixture
def probed_tree(monkeypatch: pytest.MonkeyPatch) -> list[_Clocked]:
    """The test tree searched as strong searches 2-player Parchís (two rounds, two
    replies); the searches made are listed."""
    searches = _record_searches(monkeypatch)
    monkeypatch.setitem(ROUNDS, "test-tree", ((0, 1), (1, 1)))
    monkeypatch.setitem(REPLIES, "test-tree", 2)
    return searches


def test_strong_probes_skip_a_move_only_if_it_is_worse_than_the_best(
    probed_tree: list[_Clocked], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = TreeState(2, PROBED)
    assert ExpectimaxBot(depth=2).choose(state, random.Random(0)) == "c"
    # Without probes: 9 positions one decision deep, then a 10, b 23, c 15.
    assert StrongBot(nodes=1000).choose(state, random.Random(0)) == "c"
    assert 1000 - probed_tree[-1].nodes_left == 57
    assert StrongBot(nodes=56).choose(state, random.Random(0)) == "a"  # c not finished
    # With probes: b's probe takes 14 (it adds up 2 of 5 replies), c's 12 and its search 7
    # (the probe's reply is in the table): the move of the full search from 52 positions.
    monkeypatch.setattr("boardrules.bots._strong._PROBED", frozenset({"test-tree"}))
    assert StrongBot(nodes=1000).choose(state, random.Random(0)) == "c"
    assert 1000 - probed_tree[-1].nodes_left == 52
    assert StrongBot(nodes=52).choose(state, random.Random(0)) == "c"
    assert StrongBot(nodes=51).choose(state, random.Random(0)) == "a"


def test_strong_probes_keep_the_values_of_the_moves_the_next_round_searches() -> None:
    state = TreeState(2, PROBED)
    children = [br.apply_move(state, m) for m in br.legal_moves(state)]

    def values(order: list[int], keep: int, probing: bool = True) -> dict[int, float]:
        search = _Clocked(br.evaluate, 1, 10**6, math.inf)
        search.replies, search.probing = 2, probing
        return _round_values(search, children, order, 1, 0, keep)

    exact = {0: 0.6, 1: 0.3, 2: 0.7}
    # Keeping one move: b's value is the probe's bound (at least its value, below a's).
    assert values([0, 1, 2], 1) == pytest.approx({**exact, 1: 0.35})
    assert values([0, 1, 2], 1, probing=False) == pytest.approx(exact)
    # Keeping two (the next round searches the best two): none is cut before two are known,
    # and b is cut once a and c are.
    assert values([0, 1, 2], 2) == pytest.approx(exact)
    assert values([2, 0, 1], 2) == pytest.approx({**exact, 1: 0.35})


def test_strong_probes_give_the_values_of_the_full_search_in_parchis() -> None:
    # A decision two decisions from the horizon, with and without probes: the same value
    # to the last bit, from fewer positions.
    used = {True: 0, False: 0}
    for state in _positions_by_random_play("parchis", range(12), players=2):
        values = []
        for probing in (True, False):
            search = _Clocked(br.evaluate, 3, 10**6, math.inf)
            search.replies, search.probing = 2, probing
            values.append(search.value(state, 2))
            used[probing] += 10**6 - search.nodes_left
        assert values[0] == values[1]
    assert used[True] < 0.95 * used[False]


def test_strong_scores_the_horizon_as_the_plain_search_does() -> None:
    # Positions at the horizon met after a roll skip the table: the values must not change.
    for state in _positions_by_random_play("parchis", range(3)):
        after = [br.apply_move(state, m) for m in br.legal_moves(state)]
        plain = Expectimax(br.evaluate, 3)
        clocked = _Clocked(br.evaluate, 3, 10**6, deadline=math.inf)
        assert [clocked.value(c, 1) for c in after] == [plain.value(c, 1) for c in after]
        assert len(clocked.cache) < len(plain.cache)  # the horizon is not in its table


def test_strong_spends_seconds_as_positions_at_the_games_rate() -> None:
    s = br.new_game("parchis", players=2)
    assert StrongBot(seconds=0.1).budget(s) == 4_500
    # A position costs more with more Parchís players: a rate per number of players.
    assert StrongBot(seconds=0.1).budget(br.new_game("parchis", players=3)) == 2_500
    assert StrongBot(seconds=0.2).budget(br.new_game("parchis", players=4)) == 4_000
    assert StrongBot(seconds=0.1).budget(br.new_game("dorada", players=4)) == 1_600
    assert StrongBot(seconds=0.1, nodes=77).budget(br.new_game("parchis", players=4)) == 77
    assert StrongBot(seconds=0.1).budget(br.new_game("dorasure")) == 2_000
    assert StrongBot(seconds=0.1).budget(br.new_game("dorada")) == 1_600
    assert StrongBot(seconds=0.5, nodes=77).budget(s) == 77
    assert StrongBot(seconds=0.1).budget(race((0, 0), roll=1)) == 200  # a game not listed


def test_the_evaluations_blind_to_the_roll_are_as_strong_assumes() -> None:
    # What BLIND_TO_THE_ROLL promises: the evaluation scores a decision right after a roll
    # exactly as the position before the roll; DECIDED_AFTER_EVERY_ROLL: every roll is
    # followed by a decision (in Docker a roll may give a reroll or eliminate).
    assert {"dorada", "docker"} == BLIND_TO_THE_ROLL
    assert {"dorada"} == DECIDED_AFTER_EVERY_ROLL
    for game in sorted(BLIND_TO_THE_ROLL):
        for players in (2, 4):
            for state in _positions_by_random_play(game, range(6), players=players):
                for move in br.legal_moves(state):
                    after = br.apply_move(state, move)
                    for roll, _ in br.chance_outcomes(after):
                        rolled = br.apply_move(after, roll)
                        if br.current_player(rolled) < 0:
                            assert game not in DECIDED_AFTER_EVERY_ROLL
                        else:
                            assert br.evaluate(rolled) == br.evaluate(after), (state, roll)


def _searched(game: str, blind: bool, unexpanded: bool) -> tuple[list[Any], int, int]:
    """The values of every move of a few decisions one and two decisions deep, the
    positions and the evaluations that took."""
    values, positions, calls = [], 0, []

    def counted(s: Any) -> Any:
        calls.append(s)
        return br.evaluate(s)

    for state in _positions_by_random_play(game, range(4), players=2):
        for level in (0, 1):
            for move in br.legal_moves(state):
                search = _Clocked(counted, 3, 10**6, math.inf)
                search.blind, search.unexpanded = blind, unexpanded
                values.append(search.value(br.apply_move(state, move), level))
                positions += 10**6 - search.nodes_left
    return values, positions, len(calls)


def test_strong_scores_a_roll_at_its_horizon_unexpanded_in_a_game_blind_to_it() -> None:
    expanded, positions, calls = _searched("dorada", False, False)
    blind, searched, evaluated = _searched("dorada", True, True)
    assert blind == [pytest.approx(v) for v in expanded]
    assert 3 * searched < positions and 3 * evaluated < calls


def test_strong_scores_the_decisions_after_a_roll_at_its_horizon_with_one_evaluation() -> None:
    expanded, positions, calls = _searched("docker", False, False)
    blind, searched, evaluated = _searched("docker", True, False)
    assert blind == [pytest.approx(v) for v in expanded]
    assert searched == positions and 3 * evaluated < calls


def test_strong_expands_the_horizon_rolls_for_an_evaluation_of_your_own() -> None:
    state = _positions_by_random_play("dorada", range(1), players=2)[0]
    calls = []

    def counted(s: Any) -> Any:
        calls.append(s)
        return br.evaluate(s)

    StrongBot(depth=1, evaluation=counted).choose(state, random.Random(0))
    assert len(calls) == 6 * len(br.legal_moves(state))  # it may read the die


def test_strong_finishes_its_third_decision_in_dorada_within_its_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert StrongBot().rounds(br.new_game("dorada")) == ((0, 3), (1, 3), (2, 3))
    searches = _record_searches(monkeypatch)
    # Decisions of a greedy game with the most moves (random play loses its pieces early).
    rng, state, busy = random.Random(1), br.new_game("dorada", players=2), []
    while not br.is_terminal(state):
        if br.current_player(state) >= 0:
            busy.append(state)
        state = br.apply_move(state, GreedyBot().choose(state, rng))
    busy.sort(key=lambda s: -len(br.legal_moves(s)))
    for seed, state in enumerate(busy[:6]):
        bot = StrongBot()
        bot.choose(state, random.Random(seed))
        assert searches[-1].nodes_left > 0 and bot.timeouts == 0, seed


def test_strong_plays_the_same_moves_on_any_clock_within_its_budget() -> None:
    positions = _positions_by_random_play("parchis", range(6))
    for seed, state in enumerate(positions):
        fast, slow = StrongBot(seconds=3600, nodes=300), StrongBot(seconds=10, nodes=300)
        assert fast.choose(state, random.Random(seed)) == slow.choose(state, random.Random(seed))
        assert fast.timeouts == slow.timeouts == 0


def test_strong_stops_at_its_deadline_on_a_slow_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = iter(range(10**6))
    monkeypatch.setattr("boardrules.bots._strong.time.thread_time", lambda: float(next(ticks)))
    state = race((1, 3), roll=2, goal=4)
    bot = StrongBot(seconds=0.5)
    assert bot.choose(state, random.Random(0)) in br.legal_moves(state)
    assert bot.timeouts == 1


@pytest.mark.parametrize(("spent", "timeouts"), [(0.135, 0), (0.145, 1)])
def test_strong_lets_its_search_run_to_1_4_times_its_seconds(
    monkeypatch: pytest.MonkeyPatch, spent: float, timeouts: int
) -> None:
    # The clock reads 0 when the decision starts, then `spent` ever after: a search that has
    # used 0.135 s of a 0.1 s budget is let finish (4-player Parchís's node budget takes
    # about 0.11 s here), one that has used 0.145 s is ended.
    readings = iter([0.0])
    monkeypatch.setattr("boardrules.bots._strong.time.thread_time", lambda: next(readings, spent))
    state = _positions_by_random_play("parchis", range(1))[0]
    bot = StrongBot(seconds=0.1, nodes=400)
    assert CLOCK_MARGIN == 1.4
    assert bot.choose(state, random.Random(0)) in br.legal_moves(state)
    assert bot.timeouts == timeouts


def test_strong_decides_where_python_has_no_clock_per_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Pyodide (the Python of the web page) has no time.thread_time: the process's clock.
    state = _positions_by_random_play("parchis", range(1))[0]
    expected = StrongBot().choose(state, random.Random(0))
    monkeypatch.delattr(time, "thread_time")
    monkeypatch.setattr("boardrules.bots._strong._THREAD_CLOCK", hasattr(time, "thread_time"))
    bot = StrongBot()
    assert bot.choose(state, random.Random(0)) == expected
    assert bot.timeouts == 0


def _plain_parchis_evaluation(state: Any) -> Sequence[float]:
    return br.evaluate(state)


def test_strong_s_clock_is_its_own_thread_s_not_another_thread_s() -> None:
    # Another thread of the process works 0.2 s of CPU while the search waits for it (in the
    # search's first evaluation): the process's CPU clock passes the deadline (0.14 s), the
    # search's thread's does not, and the node budget ends the search, with the move of a
    # search without a clock (on the process's clock it was ended: 1 timeout).
    state = _positions_by_random_play("parchis", range(1))[0]
    calm = StrongBot(seconds=3600, nodes=400, evaluation=_plain_parchis_evaluation)
    expected = calm.choose(state, random.Random(0))

    def busy() -> None:
        until = time.thread_time() + 0.2
        while time.thread_time() < until:
            pass

    def evaluation(s: Any) -> Sequence[float]:
        if not started:
            started.append(threading.Thread(target=busy))
            started[0].start()
            started[0].join()
        return br.evaluate(s)

    started: list[threading.Thread] = []
    bot = StrongBot(seconds=0.1, nodes=400, evaluation=evaluation)
    assert bot.choose(state, random.Random(0)) == expected
    assert started and bot.timeouts == calm.timeouts == 0


@pytest.mark.parametrize(("generation", "timeouts"), [(2, 0), (1, 1)])
def test_strong_s_clock_leaves_out_the_collector_s_full_collections(
    generation: int, timeouts: int
) -> None:
    # In its first evaluation the search's thread runs a collection that takes 0.2 s of CPU
    # (a callback of the collector works that long, as a full collection of a large heap
    # does): a full collection (generation 2) walks the whole process's objects and is not
    # counted, a young one is, and the clock ends that search (0.2 s > 0.14 s).
    state = _positions_by_random_play("parchis", range(1))[0]
    calm = StrongBot(seconds=3600, nodes=400, evaluation=_plain_parchis_evaluation)
    expected = calm.choose(state, random.Random(0))

    def slow(phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == generation:
            until = time.thread_time() + 0.2
            while time.thread_time() < until:
                pass

    def evaluation(s: Any) -> Sequence[float]:
        if not collected:
            collected.append(gc.collect(generation))
        return br.evaluate(s)

    collected: list[int] = []
    bot = StrongBot(seconds=0.1, nodes=400, evaluation=evaluation)
    gc.callbacks.append(slow)
    try:
        move = bot.choose(state, random.Random(0))
        assert gc.callbacks[-1] is slow  # the bot's own callback is gone
    finally:
        gc.callbacks.remove(slow)
    assert collected and bot.timeouts == timeouts
    if not timeouts:
        assert move == expected


# What a position of strong's search in Parchís costs with 3 and 4 players, in positions of
# 2 players: the higher of two interleaved runs of benchmarks/parchis_probe.py rate
# strong:nodes=1000000:seconds=3600 --games 3 --players N, N = 2, 3, 4 (123,339, 72,562 and
# 60,674 positions a CPU second; then 130,213, 86,613 and 67,010).
PARCHIS_COST = {2: 1.0, 3: 1.70, 4: 2.03}


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 3), (4, 1)])
def test_strong_ends_at_its_node_budget_on_a_machine_three_times_slower(
    monkeypatch: pytest.MonkeyPatch, players: int, seed: int
) -> None:
    # The clock reads the CPU time of the positions searched so far on a machine three
    # times slower than the reference, where 2-player Parchís's search visits 45,000
    # positions a second (a third of its rate), and a position costs PARCHIS_COST: the node
    # budget of each number of players, not the clock, still ends a search that needs more
    # (4-player Parchís's 4,500 positions, before it had a rate of its own, would take
    # 0.2 s there and be ended at 0.14 s).
    searches = _record_searches(monkeypatch)

    def clock() -> float:
        used = bot.budget(state) - searches[-1].nodes_left if searches else 0
        return used * PARCHIS_COST[players] / 45_000

    monkeypatch.setattr("boardrules.bots._strong.time.thread_time", clock)
    # Without the probes, which leave a 2-player search needing more than its budget rare
    # (none of 300 positions of random play): what a position costs does not change.
    monkeypatch.setattr("boardrules.bots._strong._PROBED", frozenset())
    state = _positions_by_random_play("parchis", range(seed, seed + 1), players=players)[0]
    bot = StrongBot()
    bot.choose(state, random.Random(0))
    assert searches[-1].nodes_left == 0  # the search needs more than its budget
    assert bot.timeouts == 0


def test_make_bot_builds_a_strong_bot_with_its_budget() -> None:
    bot = make_bot("strong:seconds=0.05:depth=3:nodes=500:chance_depth=2")
    assert isinstance(bot, StrongBot)
    assert (bot.seconds, bot.depth, bot.nodes, bot.chance_depth) == (0.05, 3, 500, 2)
    assert repr(bot) == "StrongBot(seconds=0.05, depth=3, nodes=500, chance_depth=2)"
    assert repr(make_bot("strong")) == "StrongBot(seconds=0.1)"


def test_expectimax_breaks_exact_ties_with_the_generator() -> None:
    tie = turn(0, (0.5, 0.5), a=end(1.0, 0.0), b=end(1.0, 0.0))
    seen = {ExpectimaxBot(depth=1).choose(TreeState(2, tie), random.Random(i)) for i in range(20)}
    assert seen == {"a", "b"}


def test_expectimax_refuses_depth_zero() -> None:
    with pytest.raises(br.InvalidOptionError):
        ExpectimaxBot(depth=0)


# ----------------------------------------------------------------------------- bounded search
# test-chain: player 0 either stops (0.4, 0.6) or rolls a coin again and again: heads ends
# the game, won by player 0 if it came after an even number of tails, else by player 1.
# The chain of rolls has no bound; its exact worth for player 0 is
# sum over k even of (1/2) ** (k + 1) = 2/3.  The evaluation says (0.5, 0.5) before the end.


@attrs.frozen
class ChainState:
    game: ClassVar[Game[Any, Any]]
    tails: int = -1  # -1: player 0 has not chosen yet
    heads: bool = False


COIN = (("tails", Fraction(1, 2)), ("heads", Fraction(1, 2)))


def _chain_player(s: ChainState) -> int:
    return br.TERMINAL if s.heads else 0 if s.tails < 0 else br.CHANCE


def _chain_moves(s: ChainState) -> tuple[str, ...]:
    return () if s.heads else ("stop", "roll") if s.tails < 0 else ("tails", "heads")


def _chain_apply(s: ChainState, move: Any) -> ChainState:
    if move not in _chain_moves(s):
        raise br.IllegalMoveError(f"{move!r} is not legal here")
    if move == "stop":
        return ChainState(-2, True)
    return ChainState(0 if move == "roll" else s.tails + (move == "tails"), move == "heads")


def _chain_returns(s: ChainState) -> tuple[float, ...]:
    if not s.heads:
        return (0.0, 0.0)
    if s.tails == -2:
        return (0.4, 0.6)
    return (1.0, 0.0) if s.tails % 2 == 0 else (0.0, 1.0)


def _chain_parse(s: ChainState, text: str) -> str:
    if text not in _chain_moves(s):
        raise br.IllegalMoveError(f"{text!r} is not legal here")
    return text


def _chain_evaluate(s: ChainState) -> tuple[float, ...]:
    return _chain_returns(s) if s.heads else (0.5, 0.5)


CHAIN = Game(
    name="test-chain",
    summary="a chain of coin tosses without end",
    options=(),
    state_type=ChainState,
    move_type=str,
    new_game=lambda **o: ChainState(),
    current_player=_chain_player,
    num_players=lambda s: 2,
    legal_moves=_chain_moves,
    chance_outcomes=lambda s: COIN if _chain_player(s) == br.CHANCE else (),
    apply_move=_chain_apply,
    returns=_chain_returns,
    render=repr,
    parse_move=_chain_parse,
    options_of=lambda s: {},
    evaluate=_chain_evaluate,
    encode=lambda s: {},
    decode=lambda o, b: ChainState(),
)
ChainState.game = CHAIN


@pytest.mark.parametrize(
    ("chance_depth", "worth"),
    [(0, 0.5), (1, 0.5 + 0.5 / 2), (2, 0.5 + 0.5 / 4), (3, 0.5 + 1 / 8 + 0.5 / 8)],
)
def test_expectimax_rolls_chance_depth_times_in_a_row_then_evaluates(
    chance_depth: int, worth: float
) -> None:
    # e.g. chance_depth 2: heads 1/2 -> 1.0, tails-heads 1/4 -> 0.0, tails-tails 1/4 -> 0.5.
    rolling = ChainState(0)
    bot = ExpectimaxBot(depth=1, chance_depth=chance_depth)
    assert bot.value(rolling) == pytest.approx((worth, 1 - worth))
    assert GreedyBot(chance_depth=chance_depth).value(rolling) == bot.value(rolling)
    assert bot.choose(ChainState(), random.Random(0)) == "roll"


@pytest.mark.parametrize("bot", [GreedyBot(), ExpectimaxBot(depth=3)], ids=repr)
def test_search_bots_stop_an_endless_chain_of_rolls(bot: Any) -> None:
    # Unbounded, the search never came back (RecursionError); the default bound gets within
    # (1/2) ** chance_depth of the exact 2/3.
    assert bot.choose(ChainState(), random.Random(0)) == "roll"
    assert bot.value(ChainState(0))[0] == pytest.approx(2 / 3, abs=0.5 ** bot.rolls(ChainState(0)))


def test_expectimax_searches_less_deep_when_it_would_need_more_than_max_nodes() -> None:
    # LOOKAHEAD: 2 decisions deep needs 7 positions, 1 decision deep 3, the root alone 1.
    state = TreeState(2, LOOKAHEAD)
    assert ExpectimaxBot(depth=2, max_nodes=7).value(state) == pytest.approx((0.4, 0.6))
    assert ExpectimaxBot(depth=2, max_nodes=6).value(state) == pytest.approx((0.9, 0.1))
    assert ExpectimaxBot(depth=2, max_nodes=2).value(state) == pytest.approx((0.5, 0.5))
    # choose scores the 2 moves: 6 positions to see the reply, 2 to evaluate them.
    assert ExpectimaxBot(depth=2, max_nodes=6).choose(state, random.Random(0)) == "b"
    assert ExpectimaxBot(depth=2, max_nodes=5).choose(state, random.Random(0)) == "a"
    assert ExpectimaxBot(depth=2, max_nodes=1).choose(state, random.Random(0)) == "a"


def test_expectimax_refuses_bad_bounds() -> None:
    with pytest.raises(br.InvalidOptionError, match="chance_depth must be a whole number from 0"):
        ExpectimaxBot(chance_depth=-1)
    with pytest.raises(br.InvalidOptionError, match="max_nodes must be at least 1"):
        GreedyBot(max_nodes=0)


# ----------------------------------------------------------------------------- MCTS


def test_mcts_takes_the_move_of_best_result() -> None:
    tree = turn(0, (0.5, 0.5), a=end(0.2, 0.8), b=end(0.9, 0.1), c=end(0.5, 0.5))
    for seed in range(5):
        assert MctsBot(iterations=60).choose(TreeState(2, tree), random.Random(seed)) == "b"


def test_mcts_captures_rather_than_let_the_rival_win_the_race() -> None:
    state = race((1, 3), roll=2, goal=4)
    for seed in range(5):
        assert MctsBot(iterations=60).choose(state, random.Random(seed)) == STEPS[2]


def test_mcts_backs_up_through_chance_nodes_with_their_frequencies() -> None:
    # With enough playouts the root's choice follows the exact expectation (safe, 0.6 > 7/12
    # is too close to call quickly, so use the clearer variant: 0.6 vs 1/6 + 5/6 * 0.2).
    tree = turn(
        0,
        (0.5, 0.5),
        safe=end(0.6, 0.4),
        gamble=dice(("six", SIXTH, end(1.0, 0.0)), ("other", FIVE_SIXTHS, end(0.2, 0.8))),
    )
    assert MctsBot(iterations=200).choose(TreeState(2, tree), random.Random(3)) == "safe"


def test_mcts_beats_random_in_the_race() -> None:
    games, wins = 40, 0
    mcts = MctsBot(iterations=40)
    for i in range(games):
        seat = i % 2  # alternate seats: the first player has an edge
        bots: list[Any] = [RandomBot(), RandomBot()]
        bots[seat] = mcts
        end_state, _ = play_game(RACE.new_game(goal=12), bots, seed=game_seed(5, i))
        wins += br.returns(end_state)[seat] == 1.0
    low, _ = wilson_interval(wins, games)
    assert low > 0.5, f"MCTS won {wins} of {games}"


# ----------------------------------------------------------------------------- helpers


def test_sample_outcome_follows_the_exact_probabilities() -> None:
    state = TreeState(2, dict(SAFE_OR_GAMBLE[3])["gamble"])
    rng = random.Random(2)
    n = 6000
    counts = Counter(sample_outcome(state, rng) for _ in range(n))
    sd = math.sqrt(n * (1 / 6) * (5 / 6))
    assert abs(counts["six"] - n / 6) < 4 * sd
    assert set(counts) == {"six", "other"}


def test_make_bot_builds_every_named_bot_with_parameters() -> None:
    for name in BOTS:
        assert make_bot(name).choose(race((0, 0), roll=4), random.Random(0)) in STEPS
    bot = make_bot("mcts:iterations=7:exploration=0.5:rollout_depth=none")
    assert isinstance(bot, MctsBot)
    assert (bot.iterations, bot.exploration, bot.rollout_depth) == (7, 0.5, None)
    assert isinstance(make_bot(" Expectimax:depth=3 "), ExpectimaxBot)
    bounded = make_bot("expectimax:depth=1:chance_depth=2:max_nodes=500")
    assert isinstance(bounded, ExpectimaxBot)
    assert (bounded.depth, bounded.chance_depth, bounded.max_nodes) == (1, 2, 500)
    assert repr(make_bot("greedy:chance_depth=0")) == "GreedyBot(chance_depth=0)"


@pytest.mark.parametrize(
    "spec",
    [
        "",
        "clever",
        "mcts:iterations",
        "mcts:iterations=x",
        "mcts:speed=3",
        "random:depth=1",
        "expectimax:depth=0",
        "mcts:iterations=0",
        "greedy:max_nodes=0",
        "expectimax:chance_depth=x",
        "greedy:depth=2",
        "strong:seconds=0",
        "strong:seconds=nan",
        "strong:seconds=x",
        "strong:depth=0",
        "strong:nodes=0",
        "strong:iterations=3",
    ],
)
def test_make_bot_refuses_bad_specifications(spec: str) -> None:
    with pytest.raises(br.InvalidOptionError):
        make_bot(spec)


def test_play_game_refuses_the_wrong_number_of_bots() -> None:
    with pytest.raises(br.InvalidOptionError, match="3 seats"):
        play_game(RACE.new_game(players=3), [RandomBot()] * 2, seed=0)


def test_game_seeds_differ_between_games_and_series() -> None:
    seeds = {game_seed(s, i) for s in range(5) for i in range(100)}
    assert len(seeds) == 500
    assert all(0 <= s < 2**63 for s in seeds)


# ----------------------------------------------------------------------------- Parchís


def _mcts_share_against_random(players: int, games: int, series: int) -> float:
    """MCTS's wins (first places) against random bots, rotating MCTS through the seats."""
    mcts = MctsBot(iterations=50, rollout_depth=0)
    wins = 0.0
    for i in range(games):
        seat = i % players
        bots: list[Any] = [RandomBot()] * players
        bots[seat] = mcts
        start = br.new_game("parchis", players=players)
        end_state, _ = play_game(start, bots, game_seed(series, i))
        wins += br.returns(end_state)[seat] == 1.0
    return wins


@pytest.mark.slow
def test_mcts_beats_random_in_two_player_parchis() -> None:
    games = 40
    wins = _mcts_share_against_random(2, games, series=7)
    low, _ = wilson_interval(wins, games)
    assert low > 0.6, f"MCTS won {wins} of {games} (95% CI from {low:.2f})"


@pytest.mark.slow
def test_mcts_beats_random_in_four_player_parchis() -> None:
    games = 24
    wins = _mcts_share_against_random(4, games, series=3)
    low, _ = wilson_interval(wins, games)
    assert low > 0.25, f"MCTS won {wins} of {games} (95% CI from {low:.2f}; fair share 0.25)"


@pytest.mark.slow
@pytest.mark.parametrize("bot", ALL_BOTS, ids=repr)
def test_bots_choose_only_legal_moves_in_parchis(bot: Any) -> None:
    players = [Checked(bot), Checked(RandomBot()), Checked(bot)]
    end_state, record = play_game(br.new_game("parchis", players=3), players, seed=2)
    assert br.is_terminal(end_state) and players[0].decisions > 0
    assert final_state(record) == end_state


@pytest.mark.slow
def test_greedy_and_expectimax_beat_random_in_parchis() -> None:
    for bot, games in ((GreedyBot(), 60), (ExpectimaxBot(depth=2), 16)):
        wins = 0.0
        for i in range(games):
            seat = i % 2
            bots: list[Any] = [RandomBot(), RandomBot()]
            bots[seat] = bot
            end_state, _ = play_game(br.new_game("parchis", players=2), bots, game_seed(9, i))
            wins += br.returns(end_state)[seat]
        low, _ = wilson_interval(wins, games)
        assert low > 0.5, f"{bot!r} won {wins} of {games}"


# ----------------------------------------------------------------------------- every game

GAME_BOTS = [
    RandomBot(),
    GreedyBot(),
    ExpectimaxBot(depth=1),
    ExpectimaxBot(depth=2),
    MctsBot(iterations=20),
    StrongBot(),
]
# Seconds a single move may take on this slow 2-core machine (the defaults bound the search
# to about 2 * 20 000 positions, well under a second in every game).
MOVE_TIME_LIMIT = 5.0


def test_game_bots_cover_every_built_in_bot() -> None:
    assert {type(bot) for bot in GAME_BOTS} == {factory for factory, _ in BOTS.values()}


def _positions_by_random_play(game: str, seeds: range, **options: Any) -> list[Any]:
    """For each seed, a decision with a real choice reached after a seeded number of random
    moves (fewer if the game ends first: then the last such decision seen)."""
    positions = []
    for seed in seeds:
        rng = random.Random(f"{game}:{seed}")
        state = br.new_game(game, **options)
        length = rng.randrange(20, 400)
        chosen = None
        for played in range(100_000):
            if br.is_terminal(state):
                break
            if br.current_player(state) >= 0 and len(br.legal_moves(state)) > 1:
                chosen = state
                if played >= length:
                    break
            state = br.apply_move(state, RandomBot().choose(state, rng))
        assert chosen is not None, f"{game}: no decision with a choice in seed {seed}"
        positions.append(chosen)
    return positions


@pytest.mark.slow
@pytest.mark.parametrize("bot", GAME_BOTS, ids=repr)
@pytest.mark.parametrize("game", br.available_games())
def test_every_bot_moves_legally_repeatably_and_in_time_in_every_game(game: str, bot: Any) -> None:
    compared = 0
    for seed, state in enumerate(_positions_by_random_play(game, range(8))):
        timeouts = getattr(bot, "timeouts", 0)
        started = time.perf_counter()
        move = bot.choose(state, random.Random(seed))
        took = time.perf_counter() - started
        assert move in br.legal_moves(state), f"{bot!r} chose an illegal {move!r}"
        again = bot.choose(state, random.Random(seed))
        # strong's clock (StrongBot.timeouts) may end a search on a busy machine, and then
        # its move may differ: the same move is promised when the node budget ends them
        if getattr(bot, "timeouts", 0) == timeouts:
            assert again == move
            compared += 1
        assert took < MOVE_TIME_LIMIT, f"{bot!r} took {took:.1f} s in {game} (seed {seed})"
        if isinstance(bot, StrongBot):  # its budget in CPU time, with the 50% the issue allows
            # timed as timeit times, on this thread's clock: the collector's pause over other
            # tests' garbage and other threads of the test process are none of the bot's
            # thinking (a CI worker measured 0.156 s for a decision of ~0.02 s)
            with collector_off():
                cpu = time.thread_time()
                bot.choose(state, random.Random(seed))
                cpu = time.thread_time() - cpu
            assert cpu < 1.5 * bot.seconds, f"{bot!r} took {cpu:.3f} s of CPU in {game}"
    assert compared >= 6, f"{bot!r}: the clock ended {8 - compared} of 8 decisions in {game}"


# ----------------------------------------------------------------------------- the tutorial


def _tutorial() -> Any:
    path = Path(__file__).resolve().parent.parent / "examples" / "bot_tutorial.py"
    spec = importlib.util.spec_from_file_location("bot_tutorial", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TUTORIAL = _tutorial()


@pytest.mark.parametrize(
    "make",
    [
        lambda: TUTORIAL.RandomMover(),
        lambda: TUTORIAL.OnePly(),
        lambda: TUTORIAL.Lookahead(depth=2),
        lambda: TUTORIAL.TinyMcts(iterations=20),
    ],
    ids=["RandomMover", "OnePly", "Lookahead", "TinyMcts"],
)
def test_tutorial_bots_play_legal_moves(make: Any) -> None:
    players = [Checked(make()), Checked(RandomBot())]
    end_state, _ = play_game(br.new_game("parchis", players=2), players, seed=4)
    assert br.is_terminal(end_state) and players[0].decisions > 0
    end_state, _ = play_game(RACE.new_game(), [Checked(make()), RandomBot()], seed=4)
    assert br.is_terminal(end_state)


def test_tutorial_bots_agree_with_the_built_in_ones_on_hand_computed_positions() -> None:
    rng = random.Random(0)
    assert TUTORIAL.OnePly().choose(TreeState(2, SAFE_OR_GAMBLE), rng) == "safe"
    assert TUTORIAL.OnePly().choose(TreeState(2, LOOKAHEAD), rng) == "a"
    assert TUTORIAL.Lookahead(depth=2).choose(TreeState(2, LOOKAHEAD), rng) == "b"
    assert TUTORIAL.Lookahead(depth=2).choose(TreeState(3, THREE_PLAYERS), rng) == "left"
    assert TUTORIAL.TinyMcts(iterations=60).choose(race((1, 3), roll=2, goal=4), rng) == STEPS[2]


@pytest.mark.slow
def test_tutorial_mcts_beats_random_in_parchis() -> None:
    games, wins = 16, 0.0
    for i in range(games):
        seat = i % 2
        bots: list[Any] = [RandomBot(), RandomBot()]
        bots[seat] = TUTORIAL.TinyMcts(iterations=30, rollout=0)
        end_state, _ = play_game(br.new_game("parchis", players=2), bots, game_seed(11, i))
        wins += br.returns(end_state)[seat]
    low, _ = wilson_interval(wins, games)
    assert low > 0.5, f"TinyMcts won {wins} of {games}"


# Issue 21 (classes 5 and 15) ----------------------------------------------------------------


@pytest.mark.parametrize(
    "spec",
    ["expectimax:depth=300", "expectimax:depth=31", "expectimax:chance_depth=6",
     "greedy:chance_depth=1000", "mcts:exploration=nan", "mcts:exploration=inf",
     "mcts:exploration=-inf", "mcts:exploration=-1"],
)  # fmt: skip
def test_bot_parameters_out_of_range_are_refused_when_the_bot_is_made(spec: str) -> None:
    with pytest.raises(br.InvalidOptionError, match=r"must be a (whole|finite) number"):
        make_bot(spec)


@pytest.mark.parametrize("value", [math.nan, math.inf, "1", None, True])
def test_mcts_exploration_must_be_a_finite_number(value: Any) -> None:
    with pytest.raises(br.InvalidOptionError, match="finite number >= 0"):
        MctsBot(exploration=value)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        # iterations=1e23 never ended; 1.5 and "10" raised TypeError in choose or __init__.
        (
            lambda v: MctsBot(iterations=v),
            r"^mcts iterations must be a whole number from 1 to 1,000,000",
        ),
        (lambda v: MctsBot(rollout_depth=v), r"^mcts rollout depth must be None or a whole number"),
        # max_nodes=1000.5 searched 7 s instead of 0.05 (the count never reached 0), NaN forever.
        (lambda v: ExpectimaxBot(max_nodes=v), r"^expectimax max_nodes must be at least 1"),
        (lambda v: GreedyBot(max_nodes=v), r"^expectimax max_nodes must be at least 1"),
        # nodes=1.5, 2.0 or NaN was taken, then choose() raised TypeError (nodes_left & 15).
        (lambda v: StrongBot(nodes=v), r"^strong nodes must be at least 1"),
    ],
)
@pytest.mark.parametrize("value", [1.5, 2.0, math.nan, "10", True, -1, [3]])
def test_search_bounds_that_are_no_whole_numbers_are_refused_when_the_bot_is_made(
    make: Any, message: str, value: Any
) -> None:
    with pytest.raises(br.InvalidOptionError, match=message):
        make(value)


def test_mcts_iterations_are_bounded() -> None:
    with pytest.raises(br.InvalidOptionError, match=r"1 to 1,000,000, not 1000001$"):
        make_bot("mcts:iterations=1000001")
    assert MctsBot(iterations=1_000_000).iterations == 1_000_000
    assert MctsBot(rollout_depth=None).rollout_depth is None


# Issue 36, point 2: a bot's failure names who and where ----------------------------------


class _Says:
    """A bot that returns ``value`` at every decision."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def choose(self, state: Any, rng: random.Random) -> Any:
        return self.value

    def __repr__(self) -> str:
        return f"_Says({self.value!r})"


class _Raises:
    def choose(self, state: Any, rng: random.Random) -> Any:
        raise ZeroDivisionError("my own bug")

    def __repr__(self) -> str:
        return "_Raises()"


def test_a_bot_that_returns_no_move_is_named_as_such() -> None:
    # It read "'pass' is not a Parchís move; legal moves: pass".
    start = br.new_game("parchis", players=2)
    with pytest.raises(BotError) as failed:
        play_game(start, ["random", _Says("pass")], seed=3)
    e = failed.value
    assert "the bot _Says('pass') in seat 1 (red) returned 'pass', a str, which is no " \
        "Parchís move" in str(e)  # fmt: skip
    assert (e.bot, e.seat, e.seed, e.game) == ("_Says('pass')", 1, 3, None)
    assert f"(seed 3, after {e.plies} moves); position: {e.position}" in str(e)
    assert br.current_player(br.from_json(e.position)) == 1
    assert e.record is not None and len(e.record.moves) == e.plies


def test_a_bot_s_illegal_move_and_exception_name_the_bot_seat_seed_and_position() -> None:
    start = br.new_game("docker", players=2)
    roll = br.legal_moves(start)[0]
    with pytest.raises(BotError, match=r"^the bot _Says\(<docker.Roll roll 1>\) in seat 0 "
                       r"\(blue\) chose <docker.Roll roll 1>, which is not legal: "):  # fmt: skip
        play_game(start, [_Says(roll), "random"], seed=5)
    with pytest.raises(BotError) as failed:
        play_game(start, ["random", _Raises()], seed=5)
    assert "_Raises() in seat 1 (orange) raised ZeroDivisionError: my own bug" in str(failed.value)
    assert isinstance(failed.value.__cause__, ZeroDivisionError)


def test_play_game_takes_the_bot_specifications_of_the_command_line() -> None:
    # play_game refused "random" with a raw AttributeError where simulate accepted it.
    start = br.new_game("docker", players=2)
    end, record = play_game(start, ["random", "greedy:chance_depth=1"], seed=2)
    assert br.is_terminal(end) and record.players == ("random", "greedy:chance_depth=1")
    again, _ = play_game(start, [RandomBot(), make_bot("greedy:chance_depth=1")], seed=2)
    assert again == end
    with pytest.raises(br.InvalidOptionError, match="unknown bot 'clever'"):
        play_game(start, ["random", "clever"], seed=2)


class _Unnamed:
    """A bot as a user writes it: no ``name``, no ``__repr__``."""

    def choose(self, state: Any, rng: random.Random) -> Any:
        moves = br.legal_moves(state)
        return moves[rng.randrange(len(moves))]


class _Named(_Unnamed):
    name = "cautious v2"


def test_bots_are_named_in_result_tables_and_records_by_name_or_class() -> None:
    from boardrules.bots import play_game
    from boardrules.simulate import simulate

    table = str(simulate("docker", [_Unnamed(), _Named()], games=2, seed=1))
    assert " _Unnamed " in table and " cautious v2 " in table and "object at" not in table
    _, record = play_game(br.new_game("docker", players=2), [_Unnamed(), RandomBot()], seed=1)
    assert record.players == ("_Unnamed", "RandomBot()")


@pytest.mark.parametrize("spec", [5, None, ["random"], b"random"])
def test_make_bot_refuses_a_spec_that_is_no_text(spec: Any) -> None:
    # It raised AttributeError ('int' object has no attribute 'strip') or TypeError.
    with pytest.raises(br.InvalidOptionError, match=r"^a bot is given by a text such as"):
        make_bot(spec)


@pytest.mark.parametrize(
    "spec",
    ["x" * 100_000, "random:" + "y" * 100_000 + "=1", "mcts:iterations=" + "9x" * 50_000,
     "a.b" * 50_000, "random:" + "k" * 100_000, "random:depth=1:" + "depth" * 20_000 + "=2"],
    ids=["name", "parameter", "value", "dotted name", "pair", "pair twice"],
)  # fmt: skip
def test_make_bot_names_a_long_spec_cut_short(spec: str) -> None:
    # simulate --players and tournament --bots echoed a 100,000-character name whole.
    with pytest.raises(br.InvalidOptionError) as refused:
        make_bot(spec)
    assert len(str(refused.value)) < 300
