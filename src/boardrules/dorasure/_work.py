"""The working copy the rules engine makes of a Dorasure state: the effects that push tasks.

A :class:`~boardrules.dorasure._state.Work` holds a state's fields as the rules change them
in place, and the small changes every rule makes; :class:`Thawed`, the one the engine
(:mod:`boardrules.dorasure._engine`) thaws a state into, adds the effects that push tasks of
their own onto the agenda (hurting, wounding the dragon, raising the meter, starting
turns), which build on the tasks, and :meth:`Thawed.freeze`, which makes the new state.
The tasks call those effects through the working copy they are given.
"""

from __future__ import annotations

from boardrules.dorasure import _heroes
from boardrules.dorasure._data import HERO_ORDER
from boardrules.dorasure._score import NO_ROLL, canonical_roll
from boardrules.dorasure._state import (
    ADVENTURE,
    BATTLE,
    COMBAT,
    P_BATTLE,
    WEAPONS,
    WON,
    DorasureState,
    Task,
    Work,
    as_state,
)
from boardrules.dorasure.tasks.battle import BattleEnd, BattleStart, Claw
from boardrules.dorasure.tasks.damage import Absorb, Deaths
from boardrules.dorasure.tasks.dragon import Rampage
from boardrules.dorasure.tasks.expansions import Replenish
from boardrules.dorasure.tasks.heroes import Doll, battle_openers, roll_tasks
from boardrules.dorasure.tasks.moving import turn_agenda
from boardrules.dorasure.tasks.turn import EndTurn

__all__ = ["Thawed"]


class Thawed(Work):
    """A state thawed into a working copy (``Thawed(s)``), with the effects that push tasks;
    ``freeze`` makes the new state (the working copy is not used after it)."""

    __slots__ = ()

    def freeze(self) -> DorasureState:
        """The immutable state with these values (the running score made canonical)."""
        if self.score or self.pending or self.roll != NO_ROLL:
            canonical_roll(self)
        return as_state(self)

    # -- damage ---------------------------------------------------------------------------

    def hurt(self, seat: int, targets: list[tuple[int, int]]) -> None:
        """One cause deals damage to living heroes: each may pay some with resources, then
        the deaths of this cause are checked once.  The Shaman's Body-Swapping Doll may
        first take some of an ally's damage."""
        doll = _heroes.doll_holder(self)
        self.push(
            *[
                Doll(doll, t, amount) if 0 <= doll != t else Absorb(t, amount)
                for t, amount in targets
                if amount > 0 and self.health[t] > 0
            ],
            Deaths(seat),
        )

    def wound_dragon(self, seat: int, amount: int) -> None:
        """Sword tokens on the dragon's health; Final Breath; each claw box reached or passed
        triggers one Retaliation (phase two); the heroes win when its health is gone."""
        tracks = self.rules.tracks
        if tracks.health - self.wounds == 2:
            amount = min(amount, 1)
        old = self.wounds
        self.wounds = min(tracks.health, old + amount)
        if self.wounds >= tracks.health:
            self.phase = WON
            self.todo.clear()
            return
        if self.phase == BATTLE:
            self.push(*[Claw(seat) for c in tracks.claws if old < c <= self.wounds])

    def advance_meter(self, seat: int, steps: int) -> None:
        """The dragon token climbs; each fire icon reached or passed is one rampage, and a
        full meter rampages twice more and starts the Climactic Battle."""
        if steps <= 0 or self.phase != ADVENTURE:
            return
        tracks = self.rules.tracks
        old = self.meter
        self.meter = min(tracks.meter_end, old + steps)
        tasks: list[Task] = []
        for i, f in enumerate(tracks.fire_icons):
            if old < f <= self.meter:
                tasks.append(Rampage(seat))
                if i == 2 and self.rules.crowd:
                    tasks.append(Replenish(seat))
        if self.meter == tracks.meter_end > old:
            tasks += [Rampage(seat), Rampage(seat), BattleStart(seat)]
        self.push(*tasks)

    # -- turns ----------------------------------------------------------------------------

    def begin_turn(self, seat: int) -> None:
        """An Adventure Phase turn: what the hero does at its start (the Prince's
        servants, Voodoo, Magic, Mana, Strength of the Wild), then the movement roll."""
        self.turn = seat
        self.dice = ()
        start = _heroes.ADVENTURE_TURN_START.get(self.hero(seat))
        if start is not None:
            start(self, seat)
        self.todo += _TURN[seat]

    def begin_battle_turn(self, seat: int, again: int = 0) -> None:
        """A Climactic Battle turn: the treasures used before the roll, spend, roll Combat
        (+1 with the Anti-Dragon Weapons); ``again`` marks the Werewolf's second turn."""
        self.turn = seat
        self.score = self.pending = 0
        _heroes.turn_start(self, seat)
        dice = self.attribute(seat, COMBAT) + (1 if WEAPONS in self.rewards else 0)
        self.push(
            *battle_openers(self, seat),
            *roll_tasks(self, seat, P_BATTLE, dice),
            BattleEnd(seat),
            EndTurn(seat, again),
        )


#: Per seat, an Adventure Phase turn's agenda as ``todo`` holds it (front last): the
#: movement roll, then the end of the turn (made once: every turn starts so).
_TURN: tuple[tuple[Task, ...], ...] = tuple(turn_agenda(p)[::-1] for p in range(len(HERO_ORDER)))
