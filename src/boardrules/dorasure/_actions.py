"""Dorasure's moves and chance outcomes as action numbers.

Every kind of decision has its own block of numbers, in the order of this list, and
a move's place in its block comes from its arguments, never from the position: ``step 4 c2``
is the same number whenever a hero steps into ``c2`` with a 4.  The map and the heroes are
not symmetric, so spaces and seats are absolute.  With ``n`` heroes and ``S`` spaces on the
map (40 on the default map):

* yes-or-no decisions, two numbers each (0 for no, 1 for yes): ``no-faith``/``faith``,
  ``refuse``/``agree``, ``no-reroll``/``reroll`` (the Ninja), ``no-shield``/``shield``,
  ``gust``, ``lullaby``, ``big-bang``, ``gauntlets``, the Grand Master's ``reroll``,
  ``elixir`` (each with its ``no-`` form);
* ``stop``, ``adventure``, ``rest`` and ``pass``, one number each;
* ``gather M`` and ``quest M``, five each: the mountain, in the map's reading order;
* ``no-bullet`` then ``bullet -``, ``bullet 0``, ``bullet +``: four;
* ``skip H``/``ask H``: ``2 n``, ``2 * seat`` to skip the hero in ``seat``, one more to ask;
* ``no-kiss`` then ``kiss H``: ``n + 1``, ``seat + 1`` for the hero in ``seat``;
* ``absorb k``, ``spend k``, ``doll k``, ``tune k``: 64 each, ``k`` (0 to 63);
* ``step v X``: ``6 S``, ``(v - 1) * S + X`` for the space ``X`` (its index in the map's
  reading order, as in ``Board.names``) entered with a die showing ``v``.

Chance outcomes are numbered the same way, in blocks: the movement roll (each multiset of
one to six dice, fewest dice first, 923 in all), a roll read on the Adventuring Chart (the
counts of ``-``, ``0`` and ``+`` dice, the rest being 6s, up to 40 dice: 12341), the extra
die (4), the rampage die (6), a roll-off (``2^n`` per kind, highest then lowest, numbered by
the set of seats tied), the survival roll (2), the claw (3), a quest tile (7), a reward
tile (4), the Special Chance (2) and a Fang land tile (8).

>>> import boardrules as br
>>> from boardrules.dorasure import action_to_move, legal_actions
>>> s = br.new_game("dorasure", players=2)
>>> br.num_actions(s), br.num_chance_outcomes(s)
(541, 13308)
>>> [str(action_to_move(s, a)) for a in legal_actions(s)][:2]
['quest-tile inscriptions', 'quest-tile golem']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from boardrules._encoding import action_index
from boardrules._legal import find_legal
from boardrules._lru import LRU, kept_in
from boardrules._values import safe_repr
from boardrules.dorasure import _state as moves
from boardrules.dorasure._data import QUESTS, REWARDS
from boardrules.dorasure._dice import movement_roll
from boardrules.dorasure._fang import LANDS
from boardrules.dorasure._rules import _why_illegal, legal_moves
from boardrules.dorasure._state import (
    CHANCE as CHANCE_NODE,
)
from boardrules.dorasure._state import WON, DorasureMove, Move, Options, State
from boardrules.dorasure.tasks._base import MAX_DICE
from boardrules.errors import IllegalMoveError

__all__ = [
    "Numbering",
    "action_to_move",
    "legal_actions",
    "move_to_action",
    "num_actions",
    "num_chance_outcomes",
    "numbering",
]

_Kind = type[DorasureMove]
# The kinds of move by block, in the order of their numbers (``moves`` is ``_state``, where
# the move classes are).
_YES_NO: tuple[_Kind, ...] = (
    moves.UseFaith, moves.Answer, moves.UseReroll, moves.UseShield, moves.UseGust,
    moves.UseLullaby, moves.UseBigBang, moves.UseGauntlets, moves.UseMasterReroll,
    moves.UseElixir,
)  # fmt: skip
_SINGLE: tuple[_Kind, ...] = (moves.Stop, moves.Adventure, moves.Rest, moves.Pass)
_COUNTED: tuple[_Kind, ...] = (
    moves.AbsorbDamage,
    moves.SpendResources,
    moves.DollDamage,
    moves.TuneDice,
)
#: The most a counted decision (absorb, spend, doll, tune) offers: ``k`` is 0..63.
COUNTED = 64
_MOUNTAINS = 5
_OUTCOME_CACHE = 4096
_MOST_MOVEMENT_DICE = 6


def _triples(limit: int) -> dict[tuple[int, int, int], int]:
    """The number of each (ones, 2-3s, 4-5s) of a roll of at most ``limit`` dice (the 6s,
    the rest of the dice, left out)."""
    out: dict[tuple[int, int, int], int] = {}
    for x in range(limit + 1):
        for y in range(limit + 1 - x):
            for z in range(limit + 1 - x - y):
                out[x, y, z] = len(out)
    return out


def _movements() -> dict[tuple[int, ...], int]:
    """The number of each movement roll (its sorted faces), fewest dice first."""
    out: dict[tuple[int, ...], int] = {}
    for count in range(1, _MOST_MOVEMENT_DICE + 1):
        for m, _ in movement_roll(count):
            assert isinstance(m, moves.MovementRoll)
            out[m.faces] = len(out)
    return out


_DICE = _triples(MAX_DICE)
_MOVEMENT = _movements()


@attrs.frozen(eq=False)
class Numbering:
    """The numbers of one game's setup (its heroes and map): ``first[kind]`` is where the
    block of the move class ``kind`` starts, ``decisions`` and ``outcomes`` how many there
    are."""

    seats: int
    spaces: int
    first: dict[_Kind, int]
    decisions: int
    outcomes: int
    # The numbers found so far, per move: one dictionary lookup for a move seen before.
    known: dict[Move, int] = attrs.field(factory=dict)
    # The sorted numbers of the shared outcome tuples of chance nodes, by the tuple's
    # identity (the tuple is kept, so that its id is not reused).
    outcome_actions: LRU[int, tuple[tuple[Move, ...], tuple[int, ...]]] = attrs.field(
        factory=lambda: LRU(_OUTCOME_CACHE)
    )

    def sorted_numbers(self, moves: tuple[Move, ...], shared: bool) -> tuple[int, ...]:
        """The numbers of ``moves``, ascending; remembered when the tuple is ``shared``."""
        if not shared:
            return tuple(sorted(map(self.number, moves)))
        found = self.outcome_actions.items.get(id(moves))  # the table itself: a hot path
        if found is None or found[0] is not moves:
            found = (moves, tuple(sorted(map(self.number, moves))))
            self.outcome_actions.put(id(moves), found)
        return found[1]

    def number(self, m: Move) -> int:
        """The action number of ``m`` (a decision or a chance outcome)."""
        found = self.known.get(m)
        if found is None:
            kind = type(m)
            found = self.known[m] = self.first[kind] + _PLACE[kind](self, m)
        return found


def _place_step(n: Numbering, m: moves.Step) -> int:
    return (m.die - 1) * n.spaces + m.space


def _place_roll_off(n: Numbering, m: moves.RollOff) -> int:
    return m.lowest << n.seats | sum(1 << seat for seat in m.seats)


#: A move's place in its class's block.
_PLACE: dict[_Kind, Callable[[Numbering, Any], int]] = {
    **{k: (lambda n, m: m.yes) for k in _YES_NO if k is not moves.Answer},
    moves.Answer: lambda n, m: m.agree,
    **{k: (lambda n, m: 0) for k in (*_SINGLE, moves.NoBullet, moves.NoKiss)},
    moves.Gather: lambda n, m: m.mountain,
    moves.Quest: lambda n, m: m.mountain,
    moves.PoisonBullet: lambda n, m: m.result + 1,
    moves.AskHelp: lambda n, m: 2 * m.candidate + m.asked,
    moves.KissOfDeath: lambda n, m: m.seat + 1,
    moves.AbsorbDamage: lambda n, m: m.resources,
    moves.SpendResources: lambda n, m: m.resources,
    moves.DollDamage: lambda n, m: m.damage,
    moves.TuneDice: lambda n, m: m.resources,
    moves.Step: _place_step,
    moves.MovementRoll: lambda n, m: _MOVEMENT[m.faces],
    moves.ChartRoll: lambda n, m: _DICE[m.ones, m.low, m.high],
    moves.ExtraDie: lambda n, m: m.result,
    moves.RampageDie: lambda n, m: m.face - 1,
    moves.RollOff: _place_roll_off,
    moves.SurvivalRoll: lambda n, m: m.saved,
    moves.ClawRoll: lambda n, m: m.result,
    moves.QuestDraw: lambda n, m: m.tile,
    moves.RewardDraw: lambda n, m: m.reward,
    moves.SpecialRoll: lambda n, m: m.hurt,
    moves.LandDraw: lambda n, m: m.tile,
}


def _blocks(blocks: list[tuple[_Kind, int]]) -> tuple[dict[_Kind, int], int]:
    first: dict[_Kind, int] = {}
    at = 0
    for kind, size in blocks:
        first[kind] = at
        at += size
    return first, at


#: At most this many setups' numberings are kept: a run plays few setups at a time, but a
#: long one may meet many (sheets, maps and quest tiles are options).
NUMBERINGS_SIZE = 64
_NUMBERINGS: LRU[Options, Numbering] = LRU(NUMBERINGS_SIZE)


def _numbering(options: Options) -> Numbering:
    n, spaces = options.seats, len(options.board.names)
    decisions = [(k, 2) for k in _YES_NO] + [(k, 1) for k in _SINGLE]
    decisions += [(moves.Gather, _MOUNTAINS), (moves.Quest, _MOUNTAINS), (moves.PoisonBullet, 4)]
    decisions += [(moves.AskHelp, 2 * n), (moves.KissOfDeath, n + 1)] + [
        (k, COUNTED) for k in _COUNTED
    ]
    decisions += [(moves.Step, _MOST_MOVEMENT_DICE * spaces)]
    chances = [(moves.MovementRoll, len(_MOVEMENT)), (moves.ChartRoll, len(_DICE)),
               (moves.ExtraDie, 4), (moves.RampageDie, 6), (moves.RollOff, 2 << n),
               (moves.SurvivalRoll, 2), (moves.ClawRoll, 3), (moves.QuestDraw, len(QUESTS)),
               (moves.RewardDraw, len(REWARDS)), (moves.SpecialRoll, 2),
               (moves.LandDraw, len(LANDS))]  # fmt: skip
    first, count = _blocks(decisions)
    chance_first, chance_count = _blocks(chances)
    # The refusals share the block of the ability refused, before its uses.
    first[moves.NoBullet], first[moves.NoKiss] = first[moves.PoisonBullet], first[moves.KissOfDeath]
    return Numbering(n, spaces, {**first, **chance_first}, count, chance_count)


#: ``numbering(options)``: the numbers of the game with these options (built once per setup).
numbering = kept_in(_NUMBERINGS, _numbering)


def num_actions(state: State) -> int:
    """The number of decision actions: ``6 S + 3 n + 295`` (``S`` spaces, ``n`` heroes)."""
    return numbering(state.rules).decisions


def num_chance_outcomes(state: State) -> int:
    """The number of chance outcomes: ``2^(n + 1) + 13300``."""
    return numbering(state.rules).outcomes


def legal_actions(state: State) -> tuple[int, ...]:
    """The action numbers of :func:`legal_moves`, ascending (chance outcome numbers at a
    chance node)."""
    legal = state._legal
    if legal is None:
        legal = legal_moves(state)
    # The rules hand out one outcome tuple per kind of roll: its numbers are kept.
    shared = bool(legal) and state.agenda[0].NODE == CHANCE_NODE
    return numbering(state.rules).sorted_numbers(legal, shared)


def move_to_action(state: State, move: Move) -> int:
    """The action number of the legal ``move``; an illegal move raises
    :class:`~boardrules.IllegalMoveError`."""
    # The check of apply_move: the legal object itself, or a strictly equal copy (no 5.0,
    # no numpy integer, no field left unset); its number is the legal object's.
    found = find_legal(move, legal_moves(state))
    if found is None:
        raise IllegalMoveError(_why_illegal(state, move))
    move = found
    return numbering(state.rules).number(move)


def action_to_move(state: State, action: int) -> Move:
    """The legal move numbered ``action``; an action that is not legal now raises
    :class:`~boardrules.IllegalMoveError`."""
    wanted = action_index(action)
    number = numbering(state.rules).number
    legal = legal_moves(state)
    for m in legal:
        if number(m) == wanted:
            return m
    if state.phase >= WON:
        what = "a game that is over"
    elif state.agenda[0].NODE == CHANCE_NODE:
        what = "this chance node"
    else:
        what = f"seat {state.agenda[0].seat}"
    allowed = ", ".join(map(str, sorted(map(number, legal)))) or "none: the game is over"
    raise IllegalMoveError(
        f"action {safe_repr(wanted)} is not legal for {what}; legal actions: {allowed}"
    )
