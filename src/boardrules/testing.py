"""The contract every game keeps, as checks you can run on any registered game.

Each check takes a game name (and a seed) and raises :class:`AssertionError` on a breach.
Run them all with :func:`check_game`, or parametrise a test over :data:`CONTRACT_CHECKS`
and :func:`boardrules.available_games`, as boardrules' own test suite does::

    @pytest.mark.parametrize("check", CONTRACT_CHECKS)
    @pytest.mark.parametrize("game", boardrules.available_games())
    def test_contract(game, check):
        CONTRACT_CHECKS[check](game)

>>> from boardrules.testing import check_game
>>> check_game("parchis", games=1)
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any, TypeVar

import boardrules as br

__all__ = [
    "CONTRACT_CHECKS",
    "check_damaged_json",
    "check_game",
    "check_illegal_moves",
    "check_options",
    "check_random_play",
    "play",
    "random_play",
]

S = TypeVar("S")
M = TypeVar("M")
_S = TypeVar("_S", bound="br.GameState[Any, Any]")


def play(state: _S, *texts: str) -> _S:
    """``state`` after the moves written ``texts``, each read in the position it is played in
    (the rolls of the dice are moves too): the shortest way to set up a test.

    A text that is not legal there raises :class:`~boardrules.IllegalMoveError` (or
    :class:`~boardrules.MoveSyntaxError`), as :func:`boardrules.parse_move` does.

    >>> import boardrules as br
    >>> from boardrules.testing import play
    >>> import boardrules as br
    >>> s = play(br.new_game("parchis", players=2), "roll 5", "out", "roll 3", "pass", "roll 4")
    >>> [str(m) for m in br.legal_moves(s)]  # yellow's piece on its exit, square 5
    ['5+4']
    """
    current: Any = state  # each move gives a state of the same game, so of the same type
    for text in texts:
        current = br.apply_move(current, br.parse_move(current, text))
    after: _S = current
    return after


#: A random game that has not ended after this many moves fails :func:`check_random_play`.
MAX_MOVES = 200_000


def random_play(
    state: br.GameState[S, M], rng: random.Random, max_moves: int = MAX_MOVES
) -> Iterator[tuple[S, M]]:
    """Play ``state`` out with uniformly random decisions and exact chance; yield each
    ``(state, move)`` pair before the move is applied."""
    current: Any = state  # ``state`` is typed as a state of its game, the positions after it S
    for _ in range(max_moves):
        if br.is_terminal(current):
            return
        if br.is_chance(current):
            move = br.sample_chance(current, rng)
        else:
            moves = br.legal_moves(current)
            move = moves[rng.randrange(len(moves))]
        yield current, move
        current = br.apply_move(current, move)
    raise AssertionError(f"the game did not end within {max_moves} moves")


def _check_node(state: Any) -> None:
    n = br.num_players(state)
    p = br.current_player(state)
    moves = br.legal_moves(state)
    outcomes = br.chance_outcomes(state)
    assert isinstance(moves, tuple) and isinstance(outcomes, tuple)
    if p == br.TERMINAL:
        assert br.is_terminal(state) and moves == () and outcomes == ()
        rets = br.returns(state)
        assert len(rets) == n and all(isinstance(r, float) for r in rets)
        return
    assert not br.is_terminal(state)
    assert len(br.returns(state)) == n
    if p == br.CHANCE:
        assert br.is_chance(state) and outcomes, "a chance node has outcomes"
        assert all(type(q) is Fraction and q > 0 for _, q in outcomes)
        assert sum(q for _, q in outcomes) == 1, "chance probabilities sum to 1"
        assert tuple(m for m, _ in outcomes) == moves, "legal_moves lists the outcomes"
    else:
        assert 0 <= p < n, f"current_player {p} out of range for {n} players"
        assert moves, "a decision node has at least one move (a forced pass is a move)"
        assert outcomes == ()
    assert len(set(moves)) == len(moves), "no move is listed twice"
    for m in moves:
        hash(m)
        text = str(m)
        assert br.parse_move(state, text) == m, f"parse_move(str(m)) gives m back: {text!r}"


def check_random_play(name: str, seed: int = 0, games: int = 3, **options: Any) -> None:
    """Random games: every node keeps the contract, nothing mutates, JSON and pickle round
    trip, moves round trip through their notation, and every game ends."""
    rng = random.Random(seed)
    for _ in range(games):
        start = br.new_game(name, **options)
        last = start
        for state, move in random_play(start, rng):
            _check_node(state)
            frozen = pickle.dumps(state)
            copy = br.from_json(br.to_json(state))
            assert copy == state and hash(copy) == hash(state), "JSON round trip"
            assert pickle.loads(frozen) == state, "pickle round trip"
            nxt = br.apply_move(state, move)
            assert pickle.dumps(state) == frozen, "apply_move must not mutate its state"
            assert br.apply_move(copy, move) == nxt, "equal states give equal results"
            last = nxt
        _check_node(last)
        assert br.is_terminal(last)
        assert br.from_json(br.to_json(last)) == last


def check_options(name: str) -> None:
    """Unknown games and options raise errors that subclass ValueError; ``players`` exists."""
    state = br.new_game(name)
    assert br.num_players(state) >= 1
    assert br.new_game(name, players=br.num_players(state)) == state
    for bad in ({"no_such_option": 1}, {"players": 0}, {"players": "two"}, {"players": 99}):
        try:
            br.new_game(name, **bad)
        except br.InvalidOptionError as e:
            assert str(e), "the message says what is allowed"
        else:
            raise AssertionError(f"new_game({name!r}, **{bad}) must be refused")
    try:
        br.new_game(name + "-no-such-game")
    except br.UnknownGameError as e:
        assert name in str(e), "the message lists the available games"
    else:
        raise AssertionError("an unknown game must be refused")


def check_illegal_moves(name: str, seed: int = 0) -> None:
    """Moves that are not legal raise IllegalMoveError; bad notation raises MoveSyntaxError."""
    rng = random.Random(seed)
    seen: list[Any] = []
    for state, move in random_play(br.new_game(name), rng):
        seen.append(move)
        if len(seen) > 400:
            break
        legal = set(br.legal_moves(state))
        for other in [*seen[-20:], object(), None, "x"]:
            if other in legal:
                continue
            try:
                br.apply_move(state, other)
            except br.IllegalMoveError as e:
                assert str(e)
            else:
                raise AssertionError(f"apply_move accepted an illegal move {other!r}")
        for text in ("", "  ", "!!not a move!!", "\x00"):
            try:
                br.parse_move(state, text)
            except (br.MoveSyntaxError, br.IllegalMoveError):
                pass
            else:
                raise AssertionError(f"parse_move accepted {text!r}")


def _mutations(value: Any, rng: random.Random) -> Iterator[Any]:
    """Copies of a JSON value with one scalar changed to something odd."""
    odd: list[Any] = [None, -1, 10**9, "?", 1.5, [], {}, True]
    if isinstance(value, dict):
        for k in list(value):
            for sub in _mutations(value[k], rng):
                yield {**value, k: sub}
            rest = dict(value)
            del rest[k]
            yield rest
    elif isinstance(value, list):
        for i in range(len(value)):
            for sub in _mutations(value[i], rng):
                yield [*value[:i], sub, *value[i + 1 :]]
        if value:
            yield value[:-1]
    else:
        yield rng.choice(odd)
        if isinstance(value, int) and not isinstance(value, bool):
            yield value + 1


def check_damaged_json(name: str, seed: int = 0, samples: int = 300) -> None:
    """Damaged documents raise a ValueError subclass of boardrules, or give a state that is
    valid enough to round-trip again; never another exception."""
    rng = random.Random(seed)
    states = [s for s, _ in random_play(br.new_game(name), rng)]
    state = states[len(states) // 2]
    text = br.to_json(state)
    for cut in (0, 1, len(text) // 2, len(text) - 1):
        try:
            br.from_json(text[:cut])
        except br.BoardrulesError:
            pass
        else:
            raise AssertionError("a truncated document must be refused")
    doc = json.loads(text)
    variants = list(_mutations(doc, rng))
    rng.shuffle(variants)
    for variant in variants[:samples]:
        try:
            got = br.from_json(json.dumps(variant))
        except br.BoardrulesError:
            continue
        except Exception as e:  # pragma: no cover - this is what the check is for
            raise AssertionError(f"from_json raised {type(e).__name__}: {e} on {variant}") from e
        again = br.from_json(br.to_json(got))
        assert again == got, "an accepted document gives a state that round-trips"
        br.legal_moves(got)


#: Every check of the contract, by name.
CONTRACT_CHECKS: dict[str, Callable[[str], None]] = {
    "random_play": check_random_play,
    "options": check_options,
    "illegal_moves": check_illegal_moves,
    "damaged_json": check_damaged_json,
}


def check_game(name: str, games: int = 3) -> None:
    """Run every contract check on the game called ``name``."""
    check_random_play(name, games=games)
    for check in ("options", "illegal_moves", "damaged_json"):
        CONTRACT_CHECKS[check](name)
