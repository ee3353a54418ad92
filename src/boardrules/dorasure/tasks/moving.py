"""§3.1-§3.2, §4 and §5.1: a turn of the Adventure Phase, the movement roll, the Paladin's
Faith (§8.5), the steps and the choice of the action after them (``Act``; what each action
does is in ``actions``).

The movement roll's 6s move the dragon token (§3.2); the hero then steps with one unused
die at a time into a neighbouring space the die may enter, and stops.  Each task class holds
its clause, where it stands, its outcomes or moves and what they do; :func:`movement` is the
rule of the steps (thresholds, void 1s, passing through heroes), :func:`quick_step` the
commonest moves made without a working copy, and :func:`quick_end_of_turn` the turn ended by
a pass (the commonest action) without one.

>>> from boardrules.dorasure import legal_moves, position
>>> s = position(["Ninja", "Gladiator"], quests={"g0": "golem"}, step="move", dice=(1, 3))
>>> [str(m) for m in legal_moves(s)]  # a 1 never moves; a 3 enters roads and plains
['step 3 b4', 'step 3 c4', 'step 3 c5', 'stop']
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, ClassVar

from boardrules.dorasure import _fang
from boardrules.dorasure._board import FOREST
from boardrules.dorasure._data import HERO_ORDER
from boardrules.dorasure._dice import movement_roll
from boardrules.dorasure._fang import QUICKSAND, land_entry, tile_at
from boardrules.dorasure._heroes import ADVENTURE_TURN_START
from boardrules.dorasure._state import (
    ADVENTURE,
    CHANCE,
    DECISION,
    NINJA,
    PALADIN,
    SPEED,
    STOP,
    DorasureState,
    Move,
    MovementRoll,
    Step,
    Task,
    UseFaith,
    with_agenda,
    with_dice_and_agenda,
    with_pos_and_dice,
    with_turn,
)
from boardrules.dorasure._state import PASS as _PASS
from boardrules.dorasure.tasks._base import next_task
from boardrules.dorasure.tasks.actions import ACTIONS, actions
from boardrules.dorasure.tasks.heroes import movement_sixes
from boardrules.dorasure.tasks.turn import TURN_END, EndTurn

if TYPE_CHECKING:
    from fractions import Fraction

    from boardrules.dorasure._state import Work

__all__ = [
    "STOP",
    "Act",
    "Faith",
    "MoveRoll",
    "Steps",
    "movement",
    "quick_end_of_turn",
    "quick_step",
    "turn_agenda",
]

_FAITH = (UseFaith(True), UseFaith(False))


class MoveRoll(Task):
    """§3.1 The movement roll of the hero in turn, always made: his Speed in dice."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§3.1"
    SHOWN: ClassVar[str] = "movement roll"
    SAYS: ClassVar[str] = "the movement roll"
    WORDS: ClassVar[tuple[str, ...]] = ("roll",)
    NODE: ClassVar[str] = CHANCE
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)

    def problem(self, s: DorasureState, i: int) -> str | None:
        if s.dice or not isinstance(next_task(s, i), EndTurn):
            return "the movement roll comes first in a turn, before the end of it"
        return None

    def outcomes(self, s: DorasureState) -> tuple[tuple[Move, Fraction], ...]:
        seat = self.seat
        return movement_roll(s.rules.stats[seat][s.level(seat)][SPEED])

    QUICK: ClassVar[bool] = True

    def quick(self, s: DorasureState, mv: Move) -> DorasureState | None:
        """A roll without a 6 (most of them) moves nothing: the Faith, steps and action
        come next, and the first of them waits."""
        assert isinstance(mv, MovementRoll)
        faces = mv.faces
        if 6 in faces:
            return None
        # Faith has dice to drop, so whichever comes first waits.
        return with_dice_and_agenda(s, faces, _after_roll(self.seat, s.rules.heroes) + s.agenda[1:])

    def play(self, w: Work, mv: Move) -> None:
        """§3.2 Every 6 moves the dragon token up (rampages first), then the Paladin's
        Faith, the steps and the action."""
        assert isinstance(mv, MovementRoll)
        seat = self.seat
        faces = mv.faces
        w.dice = faces
        w.push(*_after_roll(seat, w.rules.heroes))
        movement_sixes(w, seat, faces.count(6))


def _after_roll(seat: int, heroes: tuple[int, ...]) -> tuple[Task, ...]:
    """What follows the movement roll: the Paladin's Faith, the steps and the action."""
    if heroes[seat] == PALADIN:
        return _AFTER_FAITH[seat]
    return _AFTER_ROLL[seat]


class Faith(Task):
    """§8.5 Faith: the Paladin may drop his highest movement die for 1 resource."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§8.5"
    SHOWN: ClassVar[str] = "Faith?"
    SAYS: ClassVar[str] = "the Paladin decides on Faith ('faith' or 'no-faith')"
    WORDS: ClassVar[tuple[str, ...]] = ("faith", "no-faith")
    NODE: ClassVar[str] = DECISION
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)
    HERO: ClassVar[int] = PALADIN

    def problem(self, s: DorasureState, i: int) -> str | None:
        return None if isinstance(next_task(s, i), Steps) else "Faith comes before the steps"

    def waits(self, w: Work) -> bool:
        """Offered only with dice to drop."""
        if w.dice:
            return True
        w.todo.pop()
        return False

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return _FAITH

    def play(self, w: Work, mv: Move) -> None:
        assert isinstance(mv, UseFaith)
        if mv.yes:
            dice = list(w.dice)
            dice.remove(max(dice))
            w.dice = tuple(dice)
            w.gain_resource(self.seat, 1)


class Steps(Task):
    """§4.1 One movement step, or stop."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§4.1"
    SHOWN: ClassVar[str] = "moves"
    SAYS: ClassVar[str] = "{hero} is moving: a step with an unused die, or 'stop'"
    WORDS: ClassVar[tuple[str, ...]] = ("step", "stop")
    NODE: ClassVar[str] = DECISION
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)

    def problem(self, s: DorasureState, i: int) -> str | None:
        return None if isinstance(next_task(s, i), Act) else "the steps come before the action"

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return movement(s, self.seat)

    QUICK: ClassVar[bool] = True

    def quick(self, s: DorasureState, mv: Move) -> DorasureState | None:
        return quick_step(s, mv)

    def play(self, w: Work, mv: Move) -> None:
        """One step with the die ``mv.die`` onto ``mv.space`` (§8.1 Ninjutsu in a forest,
        §10 land tiles), or the stop."""
        if not isinstance(mv, Step):
            return
        seat, there = self.seat, mv.space
        w.todo.append(self)
        dice = list(w.dice)
        dice.remove(mv.die)
        w.dice = tuple(dice)
        w.pos[seat] = there
        if w.hero(seat) == NINJA and w.rules.terrain[there] == FOREST:
            w.gain_resource(seat, 1)
        if w.rules.land_at[there] >= 0:
            _fang.entered(w, seat, there, mv.die)


def quick_step(s: DorasureState, mv: Move) -> DorasureState | None:
    """The state after the step or stop ``mv`` when it changes only where the hero is and
    which dice are left (or ends the steps): the commonest moves, made without a working
    copy.  None when :meth:`Steps.play` has more to do (Ninjutsu in a forest, a land tile)."""
    if not isinstance(mv, Step):
        return with_agenda(s, s.agenda[1:])  # the stop: the action comes next, and waits
    seat = s.agenda[0].seat
    rules = s.rules
    there = mv.space
    if rules.land_at[there] >= 0:
        return None
    if rules.heroes[seat] == NINJA and rules.terrain[there] == FOREST:
        return None
    dice = list(s.dice)
    dice.remove(mv.die)
    pos = list(s.pos)
    pos[seat] = there
    return with_pos_and_dice(s, tuple(pos), tuple(dice))


def movement(s: DorasureState, seat: int) -> tuple[Move, ...]:
    """One step per usable die value into a neighbouring space it may enter, or stop.

    A hero may pass through another hero's space but not stop there (City, villages and
    the Lake excepted), so a step into such a space is offered only if the remaining dice
    can carry the hero on to a free space.
    """
    if s.locked[seat] >= 0:
        return (STOP,)
    pos = s.pos
    here = pos[seat]
    # The spaces where another hero stands that holds one (every hero lives while one
    # steps: a death in the Adventure Phase is settled, the survival roll, before the steps
    # go on).  Filtered in C: the hero's own space too, unless he stands there alone.
    blocked = set(filter(s.rules.holds_one[s.razed].__getitem__, pos))
    if here in blocked and pos.count(here) == 1:
        blocked.remove(here)
    out = _steps_on_lands(s, seat, here, blocked) if s.lands else _steps(s, here, blocked)
    if here not in blocked or not out:
        out.append(STOP)
    return tuple(out)


def _steps(s: DorasureState, here: int, blocked: set[int]) -> list[Move]:
    """The steps from ``here`` without land tiles (``Options.reach``: the neighbours each
    die value enters)."""
    rules = s.rules
    reach = rules.reach[here]
    dice = s.dice
    out: list[Move] = []
    last = 0
    for i, value in enumerate(dice):  # in rising order: each value once, at its first die
        if value == last:
            continue
        last = value
        for there, step in reach[value]:
            if there not in blocked or _can_leave(
                rules.entry, rules.board.neighbours, there, dice[:i] + dice[i + 1 :], blocked
            ):
                out.append(step)
    return out


def _steps_on_lands(s: DorasureState, seat: int, here: int, blocked: set[int]) -> list[Move]:
    """The steps from ``here`` with the Fang land tiles (their entry thresholds, Quick Sand)."""
    rules = s.rules
    neighbours = rules.board.neighbours
    steps = rules.steps
    need = land_entry(s, seat)
    out: list[Move] = []
    for value in sorted(set(s.dice)):
        rest = list(s.dice)
        rest.remove(value)
        for there in neighbours[here]:
            if need[there] <= value and (
                there not in blocked
                or _can_leave(need, neighbours, there, _after_entering(s, there, rest), blocked)
            ):
                out.append(steps[value][there])
    return out


def _after_entering(s: DorasureState, space: int, rest: list[int]) -> tuple[int, ...]:
    """The dice left for moving on after entering ``space`` (none after Quick Sand)."""
    return () if s.lands and tile_at(s, space) == QUICKSAND else tuple(rest)


def _can_leave(
    need: tuple[int, ...],
    neighbours: tuple[tuple[int, ...], ...],
    here: int,
    dice: tuple[int, ...],
    blocked: set[int],
) -> bool:
    # ``need`` is per space the least die entering it (Razed Belk, a road, needs the 2 of
    # the village it was).
    if here not in blocked:
        return True
    last = 0
    for i, value in enumerate(dice):  # in rising order: each value once, at its first die
        if value == last:
            continue
        last = value
        rest = dice[:i] + dice[i + 1 :]
        for there in neighbours[here]:
            if need[there] <= value and _can_leave(need, neighbours, there, rest, blocked):
                return True
    return False


class Act(Task):
    """§5.1 The action after moving: adventure (plains, forest), rest (City, village), gather
    information or quest next to a mountain, or pass."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§5.1"
    SHOWN: ClassVar[str] = "chooses an action"
    SAYS: ClassVar[str] = "{hero} chooses the action after moving"
    WORDS: ClassVar[tuple[str, ...]] = ("adventure", "rest", "gather", "quest", "pass")
    NODE: ClassVar[str] = DECISION
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)
    OPENS: ClassVar[bool] = True

    def problem(self, s: DorasureState, i: int) -> str | None:
        return None if isinstance(next_task(s, i), EndTurn) else "the action ends the turn"

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return actions(s, self.seat)

    QUICK: ClassVar[bool] = True

    def quick(self, s: DorasureState, mv: Move) -> DorasureState | None:
        """A pass, the commonest action, ends the turn: made without a working copy when
        nothing is to do at the turn's end or the next one's start."""
        return quick_end_of_turn(s, self.seat) if mv is _PASS else None

    def play(self, w: Work, mv: Move) -> None:
        ACTIONS[type(mv)](w, self.seat, mv)


@cache
def turn_agenda(seat: int) -> tuple[Task, Task]:
    """An Adventure Phase turn's agenda: the movement roll, then the end of the turn (made
    once per seat: equal tasks are interchangeable values)."""
    from boardrules.dorasure.tasks.moving import MoveRoll  # it builds on this module

    return (MoveRoll(seat), EndTurn(seat))


def quick_end_of_turn(s: DorasureState, seat: int) -> DorasureState | None:
    """The state after the Adventure Phase turn of ``seat`` ends with nothing to settle (its
    action was a pass): the next hero's movement roll, when neither the hero ending the turn
    does anything at its end (``TURN_END``) nor the next one at its start
    (``ADVENTURE_TURN_START``); None otherwise.  Made without a working copy (a documented
    hot path: a pass is the commonest action).  At an action no roll is being read, so the
    running score is clear already."""
    rules = s.rules
    if rules.heroes[seat] in TURN_END:
        return None
    nxt = (seat + 1) % len(s.health)
    if rules.heroes[nxt] in ADVENTURE_TURN_START:
        return None
    return with_turn(s, nxt, (), 0, turn_agenda(nxt))  # what EndTurn.run and begin_turn do


# Made once per seat (a turn's commonest tasks; equal tasks are interchangeable values).
_AFTER_ROLL: tuple[tuple[Task, ...], ...] = tuple(
    (Steps(p), Act(p)) for p in range(len(HERO_ORDER))
)
_AFTER_FAITH: tuple[tuple[Task, ...], ...] = tuple(
    (Faith(p), Steps(p), Act(p)) for p in range(len(HERO_ORDER))
)
