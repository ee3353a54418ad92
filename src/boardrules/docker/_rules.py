"""The rules of Docker: moves for a roll, the reroll, elimination and the end.

A turn is a chance node (the player ``to_move`` rolls) followed, when the roll can be used,
by that player's decision.  When it cannot, the roll itself settles the turn: the player
rolls again (fewer than three pieces on the pitch and some value 1-6 usable) or is
eliminated, and the next player rolls.
"""

from __future__ import annotations

from fractions import Fraction

from boardrules._fitted import win_shares
from boardrules._legal import find_legal, wrong_field_types
from boardrules._values import safe_repr
from boardrules.chance import die_faces
from boardrules.docker._board import FACES, entered_before
from boardrules.docker._evaluation import WEIGHTS
from boardrules.docker._features import features
from boardrules.docker._state import (
    COLOURS,
    ENTRIES_TO,
    PIECES,
    ROLLS,
    SHIFTS_TO,
    Entry,
    Move,
    Options,
    Roll,
    Shift,
    State,
)
from boardrules.errors import IllegalMoveError
from boardrules.game import CHANCE, TERMINAL

__all__ = [
    "apply_move",
    "can_use",
    "chance_outcomes",
    "current_player",
    "elimination_order",
    "evaluate",
    "is_over",
    "legal_moves",
    "may_enter",
    "movable_from",
    "moves_for",
    "returns",
    "usable_rolls",
    "why_illegal",
    "winner",
]

_ROLL_MOVES: tuple[Roll, ...] = ROLLS[1:]
_OUTCOMES: tuple[tuple[Roll, Fraction], ...] = tuple(
    (ROLLS[face], p) for face, p in die_faces(FACES)
)


def is_over(state: State) -> bool:
    """Whether only one player is left who is not eliminated."""
    return len(state.eliminated) == state.options.players - 1


def current_player(state: State) -> int:
    """The player to decide, :data:`~boardrules.CHANCE` before the roll, or
    :data:`~boardrules.TERMINAL` once one player is left."""
    if len(state.eliminated) == state.options.players - 1:
        return TERMINAL
    return CHANCE if state.roll == 0 else state.turn


def chance_outcomes(state: State) -> tuple[tuple[Roll, Fraction], ...]:
    """The six faces of the player's die, 1/6 each, before the roll; ``()`` otherwise."""
    if state.roll or is_over(state):
        return ()
    return _OUTCOMES


def movable_from(towers: tuple[tuple[int, ...], ...], player: int) -> list[int]:
    """The squares whose top piece ``player`` may move: only the top piece of a tower moves,
    the pieces below it wait until every higher piece has left (Docker §1.3)."""
    tops = []  # a loop: a comprehension would cost a call more, at every roll (Python 3.11)
    for origin, tower in enumerate(towers):
        if tower and tower[-1] == player:
            tops.append(origin)
    return tops


def may_enter(reserve: tuple[int, ...], player: int) -> bool:
    """Whether ``player`` may enter a new piece: while fewer than three of theirs are on the
    pitch, that is while one is still off it (Docker §2.5)."""
    return reserve[player] > 0


def moves_for(
    rules: Options,
    towers: tuple[tuple[int, ...], ...],
    reserve: tuple[int, ...],
    player: int,
    roll: int,
) -> tuple[Move, ...]:
    """Every move of ``player`` that uses ``roll`` in full: each top piece of theirs to each
    square it can end on, then each square a new piece can end on if they may enter one.

    Entering is allowed while fewer than three of the player's pieces are on the pitch,
    that is while one is still off it.
    """
    pitch = rules.pitch
    heights = tuple(map(len, towers))
    moves: tuple[Move, ...] = ()
    for origin in movable_from(towers, player):
        ends = pitch.ends_from(heights, origin, rules.return_to_start, roll)
        if ends:
            moves += SHIFTS_TO[origin][ends]
    if may_enter(reserve, player):
        ends = pitch.ends_entering(heights, rules.entries[player], roll)
        if ends:
            moves += ENTRIES_TO[ends]
    return moves


def usable_rolls(state: State, player: int) -> tuple[int, ...]:
    """The die values with which ``player`` could move or enter in this position."""
    # Highest first: the route search for a 6 also answers every lower value.
    usable = [
        roll
        for roll in range(FACES, 0, -1)
        if moves_for(state.options, state.towers, state.reserve, player, roll)
    ]
    return tuple(reversed(usable))


def can_use(state: State, roll: int) -> bool:
    """Whether the player to move has a full, legal move or entry with ``roll``."""
    return bool(moves_for(state.options, state.towers, state.reserve, state.turn, roll))


def legal_moves(state: State) -> tuple[Move, ...]:
    """The rolls at a chance node, the player's moves for the roll, ``()`` at the end."""
    legal = state._legal
    if legal is None:
        if is_over(state):
            legal = ()
        elif state.roll == 0:
            legal = _ROLL_MOVES
        else:
            legal = moves_for(state.options, state.towers, state.reserve, state.turn, state.roll)
        object.__setattr__(state, "_legal", legal)
    return legal


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; an illegal move raises :class:`~boardrules.IllegalMoveError`."""
    found = find_legal(move, legal_moves(state))  # the interned move, or one strictly equal
    if found is None:
        raise IllegalMoveError(why_illegal(state, move))
    if isinstance(found, Roll):
        return _after_roll(state, found.value)
    return _after_move(state, found)


# The transitions below build states positionally, in the order of State's fields: they run
# at every move (a documented hot path; keyword arguments make a state about 40% slower to build).


def _after_roll(state: State, roll: int) -> State:
    """Rolling ``roll``: the player's decision, a reroll, or their elimination."""
    rules, towers, reserve, player = state.options, state.towers, state.reserve, state.turn
    moves = moves_for(rules, towers, reserve, player, roll)
    if moves:
        rolled = State(rules, towers, reserve, player, roll, state.eliminated)
        object.__setattr__(rolled, "_legal", moves)
        return rolled
    if may_enter(reserve, player) and (_can_enter(state, player) or _moving_values(state, player)):
        # Fewer than three pieces on the pitch: roll again (§3.2).  The guard (some value
        # must be usable: not this one, so another) keeps this from going on for ever.
        return state
    # The next player still in the game rolls; the last one left is the winner (§3.3).
    eliminated = (*state.eliminated, player)
    return State(rules, towers, reserve, _next_player(rules, player, eliminated), 0, eliminated)


def _after_move(state: State, move: Shift | Entry) -> State:
    """The piece moves or enters; then the next player rolls."""
    rules, player = state.options, state.turn
    towers = list(state.towers)
    reserve = state.reserve
    if isinstance(move, Shift):
        # Only the top piece moves; the tower below it keeps its order.
        towers[move.origin] = towers[move.origin][:-1]
        towers[move.target] = (*towers[move.target], player)
    else:
        target = move.target
        towers[target] = (*towers[target], player)
        counts = list(reserve)
        counts[player] -= 1
        reserve = tuple(counts)
    return State(
        rules,
        tuple(towers),
        reserve,
        _next_player(rules, player, state.eliminated),
        0,
        state.eliminated,
    )


def _next_player(rules: Options, player: int, eliminated: tuple[int, ...]) -> int:
    """The next player clockwise who is still in the game."""
    after = rules.after
    nxt = after[player]
    while nxt in eliminated:
        nxt = after[nxt]
    return nxt


def why_illegal(state: State, move: object) -> str:
    """Which rule forbids ``move`` here (``move`` is known not to be legal), citing the clause
    of the Rules section of the Docker page.  It asks the predicates that make the legal
    moves (``movable_from``, ``may_enter``, the squares ``entered_before`` a move)."""
    if is_over(state):
        return "the game is over: only one player is left (Docker §3.3)"
    if not isinstance(move, (Roll, Shift, Entry)) or type(move) not in (Roll, Shift, Entry):
        return f"{safe_repr(move)} is not a Docker move"
    malformed = _malformed(state, move)
    if malformed is not None:
        return malformed
    who = COLOURS[state.turn]
    if state.roll == 0:
        return f"{who} must roll the die first (roll 1 .. roll {FACES}) (Docker §2.1)"
    if isinstance(move, Roll):
        return f"the die is already rolled ({state.roll}); {who} must move (Docker §2.1)"
    if isinstance(move, Entry):
        return _why_not_entry(state, move)
    return _why_not_shift(state, move)


def _malformed(state: State, move: Move) -> str | None:
    """What makes ``move`` no Docker move at all (a field of the wrong type, a square off
    the pitch), or ``None``."""
    wrong = wrong_field_types(move)
    if wrong is not None:
        return f"this {type(move).__name__} is not a Docker move: its {wrong}"
    pitch = state.options.pitch
    off = [s for s in _squares_of(move) if not 0 <= s < pitch.squares]
    if off:
        last = pitch.squares - 1
        return (
            f"{type(move).__name__} names square {safe_repr(off[0])}, which is not on the "
            f"pitch (0..{last})"
        )
    return None


def _why_not_entry(state: State, move: Entry) -> str:
    player, pitch = state.turn, state.options.pitch
    if not may_enter(state.reserve, player):
        return (
            f"{COLOURS[player]} has all {PIECES} pieces on the pitch; "
            "only a player with fewer than three there may enter one (Docker §2.5)"
        )
    start = pitch.name_of(state.options.entries[player])
    return (
        f"no entry on {start} ending on {pitch.name_of(move.target)} uses exactly "
        f"{state.roll}: entering costs 1 plus the entry tower's height, each further step 1 "
        "plus the height difference, and no square may be entered twice (Docker §2.4, §2.2)"
    )


def _why_not_shift(state: State, move: Shift) -> str:
    player, pitch = state.turn, state.options.pitch
    origin = pitch.name_of(move.origin)
    if move.origin not in movable_from(state.towers, player):
        tower = state.towers[move.origin]
        if not tower:
            return f"there is no piece on {origin} (Docker §2.1)"
        return (
            f"only the top piece of a tower moves, and the top piece of {origin} "
            f"belongs to {COLOURS[tower[-1]]} ({tower[-1]}), not {COLOURS[player]} (Docker §1.3)"
        )
    if entered_before(move.origin, state.options.return_to_start) >> move.target & 1:
        return (
            f"a piece may not end its move where it began ({origin}): "
            "its starting square counts as entered (Docker §2.2)"
        )
    return (
        f"no route from {origin} to {pitch.name_of(move.target)} costs exactly {state.roll}: "
        "each step costs 1 plus the height difference, and no square may be entered twice "
        "(Docker §2.3, §2.2)"
    )


def _squares_of(move: Move) -> tuple[int, ...]:
    if isinstance(move, Shift):
        return (move.origin, move.target)
    return (move.target,) if isinstance(move, Entry) else ()


def returns(state: State) -> tuple[float, ...]:
    """1.0 for the winner and 0.0 for the others at the end; all 0.0 before."""
    players = state.options.players
    if not is_over(state):
        return (0.0,) * players
    return tuple(1.0 if p == state.turn else 0.0 for p in range(players))


def winner(state: State) -> int | None:
    """The winner once the game is over, else ``None``."""
    return state.turn if is_over(state) else None


def elimination_order(state: State) -> tuple[int, ...]:
    """The eliminated players, first out first."""
    return state.eliminated


def evaluate(state: State) -> tuple[float, ...]:
    """The default heuristic for bots: each player's chance to win, estimated from the die
    values it could use, the chance that its next roll eliminates it, the pieces it still
    has to enter, the towers it tops, its pieces buried and the opponents' it covers, and
    how long it would survive if the pitch stayed as it is; 0 for a player out, and the
    result at the end.

    The weights are fitted to the outcomes of self-play games by
    ``benchmarks/fit_evaluation.py docker`` (the softmax of a linear score, described there).
    """
    if is_over(state):
        return returns(state)
    return win_shares(features(state), WEIGHTS, state.eliminated)


def _moving_values(state: State, player: int) -> int:
    """How many die values ``player`` could use by moving a piece already on the pitch."""
    rules, towers = state.options, state.towers
    pitch, back = rules.pitch, rules.return_to_start
    heights = tuple(map(len, towers))
    tops = movable_from(towers, player)
    return sum(
        1
        for roll in range(FACES, 0, -1)  # a route search for 6 also answers the lower values
        if any(pitch.ends_from(heights, origin, back, roll) for origin in tops)
    )


def _can_enter(state: State, player: int) -> bool:
    """Whether some die value would let a new piece of ``player`` enter: one plus the height
    of the entry tower ends an entry on it (§2.4)."""
    return len(state.towers[state.options.entries[player]]) < FACES
