"""The mutable working copy of a Dorasure state, and the small effects every rule uses.

:class:`Work` thaws a :class:`~boardrules.dorasure.State` into lists that the
rules of :mod:`boardrules.dorasure._engine` change in place (hurting, healing, paying,
wounding the dragon, raising the meter, starting turns), then freezes it again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from boardrules.dorasure import _heroes
from boardrules.dorasure._data import HERO_ORDER
from boardrules.dorasure._score import NO_ROLL, canonical_roll
from boardrules.dorasure._state import (
    ADVENTURE,
    BATTLE,
    CAP,
    COMBAT,
    P_BATTLE,
    SHAMAN,
    TREASURE,
    WEAPONS,
    WON,
    DorasureState,
    Rules,
    Task,
    effective_terrain,
    on_mirage,
    put,
)
from boardrules.dorasure.tasks.battle import BattleEnd, BattleStart, Claw
from boardrules.dorasure.tasks.damage import Absorb, Deaths
from boardrules.dorasure.tasks.dragon import Rampage
from boardrules.dorasure.tasks.expansions import Replenish
from boardrules.dorasure.tasks.heroes import Doll, battle_openers, roll_tasks
from boardrules.dorasure.tasks.turn import EndTurn, turn_agenda

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["THAWED", "Work", "effective_terrain"]

#: The state's fields that the working copy holds as lists (changed in place): those that
#: most moves change.  Every other field is copied as it is (a tuple that a rule changing it
#: replaces, with :func:`put`: copied only then), and the agenda becomes ``todo`` (front
#: last).
THAWED = frozenset(("pos", "health", "resource"))


if TYPE_CHECKING:  # to mypy, a class of its own: its fields are typed as the rules use them
    _Slots = object
else:  # a subclass, so that freeze() may turn it into a State (see _copier)
    _Slots = DorasureState


class Work(_Slots):
    """A mutable copy of a state's fields; ``todo`` is the agenda with its front last.

    The fields are those of :class:`~boardrules.dorasure.State` (``__init__`` and :meth:`freeze` are
    built from ``attrs.fields`` below, so a new state field is copied both ways); once
    frozen, the working copy *is* the new state and is not used again.
    """

    rules: Rules
    phase: int
    turn: int
    pos: list[int]
    health: list[int]
    resource: list[int]
    gold: tuple[int, ...]
    xp: tuple[int, ...]
    locked: tuple[int, ...]
    spent: int
    meter: int
    wounds: int
    razed: bool
    quests: tuple[int, ...]
    flags: tuple[int, ...]
    rewards: tuple[int, ...]
    dice: tuple[int, ...]
    party: int
    score: int
    pending: int
    roll: tuple[int, ...]
    todo: list[Task]
    lands: tuple[int, ...]
    renewed: tuple[int, ...]
    retired: tuple[int, ...]

    if not TYPE_CHECKING:  # to type checkers, a class of its own (see _Slots above)
        # The state's own slots (``todo`` is its ``agenda`` slot, set below), so that
        # :meth:`freeze` can turn the working copy into the state in place; plain stores
        # (the state's own methods refuse them).
        __slots__ = ()
        __setattr__ = object.__setattr__
        __delattr__ = object.__delattr__

    def freeze(self) -> DorasureState:
        """The immutable state with these values (the running score made canonical)."""
        if self.score or self.pending or self.roll != NO_ROLL:
            canonical_roll(self)
        return _freeze(self)

    if TYPE_CHECKING:  # the working copy is made by ``_thaw`` (set as ``__init__`` below)

        def __init__(self, s: DorasureState) -> None: ...

    # -- reading --------------------------------------------------------------------------

    def level(self, seat: int) -> int:
        """The level of the hero in ``seat``."""
        return self.rules.level_of[self.xp[seat]]

    def stat(self, seat: int, column: int) -> int:
        """One column of the hero's sheet at the hero's level."""
        return self.rules.stats[seat][self.level(seat)][column]

    def attribute(self, seat: int, column: int) -> int:
        """Combat, Search or Knowledge as rolled now (Thirst for Blood, Lycanthropy)."""
        return _heroes.attribute_of(self.rules, seat, column, self.xp[seat], self.resource[seat])

    def hero(self, seat: int) -> int:
        """The hero (index in HERO_ORDER) in ``seat``."""
        return self.rules.heroes[seat]

    def living(self) -> list[int]:
        """The seats of the heroes with health left."""
        return [s for s, h in enumerate(self.health) if h > 0]

    def home(self, seat: int) -> int:
        """Where a hero is sent back to: the City, or the Western Lake for the Shaman."""
        board = self.rules.board
        return board.lake if self.hero(seat) == SHAMAN and board.lake >= 0 else board.city

    def max_health(self, seat: int) -> int:
        """The hero's full health."""
        return self.rules.sheets[seat].health

    def treasures(self) -> bool:
        """Treasure abilities work once the Treasure is found, and only in phase two."""
        return self.phase == BATTLE and TREASURE in self.rewards

    # -- agenda ---------------------------------------------------------------------------

    def push(self, *tasks: Task) -> None:
        """Put ``tasks`` at the front of the agenda, the first of them first."""
        self.todo += tasks[::-1]

    # -- tracks ---------------------------------------------------------------------------

    def gain_resource(self, seat: int, amount: int) -> None:
        """Regain resources, up to the cap of the hero's level."""
        self.resource[seat] = min(self.stat(seat, CAP), self.resource[seat] + amount)

    def gain_xp(self, seat: int, amount: int) -> None:
        """Gain EXP, up to the end of the track."""
        self.xp = put(self.xp, seat, min(self.rules.tracks.xp_max, self.xp[seat] + amount))

    def can_heal(self, seat: int) -> bool:
        """No hero standing on the Mirage City regains health, by any means."""
        return not (self.lands and on_mirage(self.rules, self.lands, self.pos[seat]))

    def heal(self, seat: int, amount: int) -> None:
        """Regain health, up to full health (not on the Mirage City)."""
        if self.can_heal(seat):
            self.health[seat] = min(self.max_health(seat), self.health[seat] + amount)

    def pay(self, seat: int, amount: int) -> None:
        """Spend resources: the Prince's servants go before his gold."""
        use = min(amount, self.resource[seat])
        self.resource[seat] -= use
        self.gold = put(self.gold, seat, self.gold[seat] - (amount - use))

    def send_home(self, seat: int) -> None:
        """Back to the City (Shaman: the Lake); a hero held in the labyrinth is released."""
        self.pos[seat] = self.home(seat)
        self.locked = put(self.locked, seat, -1)

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

    def blast_targets(self, seat: int) -> list[int]:
        """The current hero and up to two living heroes on each side, nobody twice."""
        n = len(self.health)
        out = [seat] if self.health[seat] > 0 else []
        for direction in (1, -1):
            found = 0
            for step in range(1, n):
                other = (seat + direction * step) % n
                if found == 2:
                    break
                if self.health[other] > 0 and other not in out:
                    out.append(other)
                    found += 1
        return sorted(out)

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


def _copier() -> tuple[Callable[[Work, DorasureState], None], Callable[[Work], DorasureState]]:
    """``Work.__init__``'s copy of every init field of the state, and ``freeze``, written
    out once as straight-line code (they run at every move that is not a quick one).

    The working copy has the state's slots, so ``freeze`` makes no second copy: it turns
    the lists back into tuples and the working copy itself into the state (``__class__``
    assignment, allowed between classes of the same slots), about twice as fast as
    building a new one.  The working copy is not used after it."""
    names = [f.name for f in attrs.fields(DorasureState) if f.init]
    thaw, freeze = [], []
    for name in names:
        if name == "agenda":
            # Slices, not reversed(): about twice as fast on agendas this short.
            thaw.append("    w.agenda = list(s.agenda[::-1])")
            freeze.append("    w.agenda = tuple(w.agenda[::-1])")
        elif name in THAWED:
            thaw.append(f"    w.{name} = list(s.{name})")
            freeze.append(f"    w.{name} = tuple(w.{name})")
        else:
            thaw.append(f"    w.{name} = s.{name}")
    source = (
        "def thaw(w, s):\n"
        + "\n".join(thaw)
        + "\n    w._legal = None\ndef freeze(w):\n"
        + "\n".join(freeze)
        + "\n    w.__class__ = State\n    return w\n"
    )
    scope: dict[str, object] = {"State": DorasureState}
    exec(source, scope)
    return scope["thaw"], scope["freeze"]  # type: ignore[return-value]


_thaw, _freeze = _copier()
setattr(Work, "__init__", _thaw)  # noqa: B010 (mypy forbids assigning methods)
#: ``todo``, the agenda with its front last, is the state's ``agenda`` slot.
setattr(Work, "todo", DorasureState.__dict__["agenda"])  # noqa: B010
