"""§9.3-§9.9: the decisions of the expansion heroes and the Grand Master.

Each decision is a task of its own, pushed only when its ability can be used (by the rule
that gives the chance: ``battle_openers``, ``roll_tasks``, ``movement_sixes``,
``Work.hurt`` for the doll, ``tasks.turn`` for the gauntlets), and dropped when it reaches
the agenda's front if the ability no longer applies
(:meth:`~boardrules.dorasure._state.Task.waits`).  Each class holds its clause, where it
may stand, its moves and what a move does.  The Grand Master's reroll (§9.9) is filed in
``tasks.rolls``, with the other offers made as a roll is read.

>>> from boardrules.dorasure import legal_moves, position
>>> s = position(["Ninja", "Magician"], turn="Magician", step="battle", xp={"Magician": 8},
...              resource={"Magician": 5}, quests={"g0": "golem"}, solved={"g0": "treasure"})
>>> s.agenda[0], [str(m) for m in legal_moves(s)]
(BigBang(seat=1), ['big-bang', 'no-big-bang'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from boardrules.dorasure._state import (
    ADVENTURE,
    BATTLE,
    DECISION,
    GRAND_MASTER,
    MAGICIAN,
    MINSTREL,
    NO_KISS,
    SAMURAI,
    SHAMAN,
    TREASURE,
    VAMPIRE,
    WEREWOLF,
    DollDamage,
    DorasureState,
    KissOfDeath,
    Move,
    Task,
    TuneDice,
    UseBigBang,
    UseElixir,
    UseGauntlets,
    UseGust,
    UseLullaby,
    on_mirage,
)
from boardrules.dorasure.tasks._base import (
    deaths_later,
    next_task,
)
from boardrules.dorasure.tasks.damage import Absorb
from boardrules.dorasure.tasks.expansions import Special
from boardrules.dorasure.tasks.rolls import MasterReroll, Spend

if TYPE_CHECKING:
    from collections.abc import Sequence

    from boardrules.dorasure._state import Work

__all__ = [
    "BigBang",
    "Doll",
    "Elixir",
    "Gauntlets",
    "Gust",
    "Kiss",
    "Lullaby",
    "MasterReroll",
    "Tune",
    "battle_openers",
    "meter_sixes",
    "movement_sixes",
    "roll_tasks",
]


#: ``doll 0`` .. ``doll 63`` and ``tune 0`` .. ``tune 63``: a decision offers the first ones.
_DOLL = tuple(DollDamage(k) for k in range(64))
_TUNE = tuple(TuneDice(k) for k in range(64))


def battle_openers(w: Work, seat: int) -> list[Task]:
    """The treasure decisions before a Climactic Battle roll: Kiss of Death (Vampire),
    Elixir (Grand Master), Big Bang (Magician), Final Move: Gust (Samurai)."""
    if not w.treasures():
        return []
    hero = w.hero(seat)
    if hero == VAMPIRE and not w.spent >> seat & 1:
        return [Kiss(seat)]
    if hero == GRAND_MASTER and not w.spent >> seat & 1:
        return [Elixir(seat)]
    if hero == MAGICIAN:
        return [BigBang(seat)]
    if hero == SAMURAI:
        return [Gust(seat)]
    return []


def roll_tasks(w: Work, seat: int, purpose: int, dice: int) -> list[Task]:
    """Spend resources and roll; before an ally's roll the Minstrel may add dice (Heroic
    Tune)."""
    minstrel = w.rules.seat_of(MINSTREL)
    if minstrel >= 0 and minstrel != seat:
        return [Tune(minstrel, seat), Spend(seat, purpose, dice)]
    return [Spend(seat, purpose, dice)]


def movement_sixes(w: Work, seat: int, sixes: int) -> None:
    """The 6s of a movement roll: the Minstrel may sing his Lullaby (the token stays, once
    per game, the Treasure found); otherwise each 6 moves the token, or with 6-11 heroes
    rolls a Special Chance."""
    if sixes and w.hero(seat) == MINSTREL and TREASURE in w.rewards and not w.spent >> seat & 1:
        w.push(Lullaby(seat, sixes))
    else:
        meter_sixes(w, seat, sixes)


def meter_sixes(w: Work, seat: int, sixes: int) -> None:
    """Each 6 moves the dragon token up; with 6-11 heroes each rolls a Special Chance."""
    if w.rules.crowd:
        w.push(*[Special(seat)] * sixes)
    else:
        w.advance_meter(seat, sixes)


class _Decision(Task):
    """A decision of an expansion hero, offered only while its ability still applies when
    it reaches the agenda's front (else dropped)."""

    __slots__ = ()
    NODE: ClassVar[str] = DECISION
    #: the choices, when they are always the same two (use the ability or not)
    CHOICES: ClassVar[tuple[Move, ...]] = ()

    def waits(self, w: Work) -> bool:
        if self.applies(w):
            return True
        w.todo.pop()
        return False

    def applies(self, w: Work) -> bool:
        """Whether the ability can still be used."""
        return True

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return self.CHOICES


class Gust(_Decision):
    """§9.3 Final Move: Gust: before his Combat roll the Samurai may pay 1 resource for
    2 more dice."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§9.3"
    SHOWN: ClassVar[str] = "Final Move: Gust?"
    SAYS: ClassVar[str] = "the Samurai decides on Final Move: Gust"
    WORDS: ClassVar[tuple[str, ...]] = ("gust", "no-gust")
    PHASES: ClassVar[tuple[int, ...]] = (BATTLE,)
    HERO: ClassVar[int] = SAMURAI

    def adds(self, resource: Sequence[int]) -> tuple[int, int]:
        return self.seat, 1  # as below: his Ki is counted with his resources already

    def dice_to_come(self) -> int:
        return 1  # 1 Ki for 2 dice: one more than his Ki counts

    CHOICES: ClassVar[tuple[Move, ...]] = (UseGust(True), UseGust(False))

    def applies(self, w: Work) -> bool:
        return w.resource[self.seat] >= 1

    def play(self, w: Work, mv: Move) -> None:
        assert isinstance(mv, UseGust)
        if mv.yes:
            seat = self.seat
            w.pay(seat, 1)
            todo = w.todo
            for i in range(len(todo) - 1, -1, -1):  # his spending, then his roll
                task = todo[i]
                if isinstance(task, Spend) and task.seat == seat:
                    todo[i] = Spend(seat, task.purpose, task.dice + 2)
                    return


class Doll(_Decision):
    """§9.4 Body-Swapping Doll: the Shaman may take some of ``damage`` dealt to ``ally``;
    each then may pay his part with resources."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§9.4"
    SHOWN: ClassVar[str] = "Body-Swapping Doll: take how much?"
    SAYS: ClassVar[str] = "the Shaman decides how much damage the Body-Swapping Doll takes"
    WORDS: ClassVar[tuple[str, ...]] = ("doll",)
    UNIQUE: ClassVar[bool] = False
    HERO: ClassVar[int] = SHAMAN
    IN_TURN: ClassVar[bool] = False
    #: The seat of the hero hurt.
    ally: int
    #: The damage dealt to the ally.
    damage: int
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, 10), (1, 99))

    def problem(self, s: DorasureState, i: int) -> str | None:
        if self.ally >= s.rules.seats or self.ally == self.seat:
            return "the doll takes damage of an ally"
        return deaths_later(s, i)

    def waits(self, w: Work) -> bool:
        """A dead Shaman's doll takes nothing: the ally is dealt the damage."""
        if w.health[self.seat] > 0:
            return True
        w.todo[-1] = Absorb(self.ally, self.damage)
        return False

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return _DOLL[: self.damage + 1]

    def play(self, w: Work, mv: Move) -> None:
        assert isinstance(mv, DollDamage)
        seat, ally, damage, taken = self.seat, self.ally, self.damage, mv.damage
        tasks = [Absorb(seat, taken)] if taken else []
        if damage > taken:
            tasks.append(Absorb(ally, damage - taken))
        w.push(*tasks)


class Tune(_Decision):
    """§9.5 Heroic Tune: the Minstrel may pay resources for as many dice added to the roll
    ``ally`` is about to make (the spending next on the agenda)."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§9.5"
    SHOWN: ClassVar[str] = "Heroic Tune: dice for the ally?"
    SAYS: ClassVar[str] = "the Minstrel decides on dice for the Heroic Tune"
    WORDS: ClassVar[tuple[str, ...]] = ("tune",)
    UNIQUE: ClassVar[bool] = False
    HERO: ClassVar[int] = MINSTREL
    IN_TURN: ClassVar[bool] = False

    def adds(self, resource: Sequence[int]) -> tuple[int, int]:
        return self.ally, resource[self.seat]  # the Minstrel's Heroic Tune

    PAYS: ClassVar[bool] = True
    #: The seat of the hero about to roll.
    ally: int
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, 10),)

    def problem(self, s: DorasureState, i: int) -> str | None:
        after = next_task(s, i)
        if self.ally == self.seat or not isinstance(after, Spend) or after.seat != self.ally:
            return "the tune comes before an ally's roll"
        return None

    def applies(self, w: Work) -> bool:
        seat, ally = self.seat, self.ally
        return w.health[seat] > 0 and w.resource[seat] > 0 and w.health[ally] > 0

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        return _TUNE[: s.resource[self.seat] + 1]

    def play(self, w: Work, mv: Move) -> None:
        assert isinstance(mv, TuneDice)
        w.pay(self.seat, mv.resources)
        spend = w.todo[-1]
        assert isinstance(spend, Spend)
        w.todo[-1] = Spend(spend.seat, spend.purpose, spend.dice + mv.resources)


class Lullaby(_Decision):
    """§9.5 Lullaby: once per game (the Treasure found) the Minstrel may keep the dragon
    token still for the ``sixes`` 6s of his movement roll."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§9.5"
    SHOWN: ClassVar[str] = "Lullaby?"
    SAYS: ClassVar[str] = "the Minstrel decides on the Lullaby"
    WORDS: ClassVar[tuple[str, ...]] = ("lullaby", "no-lullaby")
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)
    HERO: ClassVar[int] = MINSTREL
    #: The 6s of the movement roll.
    sixes: int
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((1, 6),)
    CHOICES: ClassVar[tuple[Move, ...]] = (UseLullaby(True), UseLullaby(False))

    def play(self, w: Work, mv: Move) -> None:
        assert isinstance(mv, UseLullaby)
        if mv.yes:
            w.spent |= 1 << self.seat
        else:
            meter_sixes(w, self.seat, self.sixes)


class BigBang(_Decision):
    """§9.6 Big Bang: instead of her Combat roll the Magician may pay 5 Magic for 2 wounds
    (no roll this turn)."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§9.6"
    SHOWN: ClassVar[str] = "Big Bang?"
    SAYS: ClassVar[str] = "the Magician decides on the Big Bang"
    WORDS: ClassVar[tuple[str, ...]] = ("big-bang", "no-big-bang")
    PHASES: ClassVar[tuple[int, ...]] = (BATTLE,)
    HERO: ClassVar[int] = MAGICIAN
    CHOICES: ClassVar[tuple[Move, ...]] = (UseBigBang(True), UseBigBang(False))

    def applies(self, w: Work) -> bool:
        return w.resource[self.seat] >= 5

    def play(self, w: Work, mv: Move) -> None:
        assert isinstance(mv, UseBigBang)
        if mv.yes:
            w.pay(self.seat, 5)
            while not w.todo[-1].ENDS_TURN:
                w.todo.pop()
            w.wound_dragon(self.seat, 2)


class Kiss(_Decision):
    """§9.7 Kiss of Death: once per game the living Vampire may revive a dead hero (to 2
    health) before her Combat roll."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§9.7"
    SHOWN: ClassVar[str] = "Kiss of Death?"
    SAYS: ClassVar[str] = "the Vampire decides on the Kiss of Death"
    WORDS: ClassVar[tuple[str, ...]] = ("kiss", "no-kiss")
    PHASES: ClassVar[tuple[int, ...]] = (BATTLE,)
    HERO: ClassVar[int] = VAMPIRE

    def applies(self, w: Work) -> bool:
        """A dead hero she may revive: she is offered the kiss only at the start of her own
        turn (so alive) while it is unused (``battle_openers``), and it is at once at the
        agenda's front."""
        return any(h == 0 and w.can_heal(p) for p, h in enumerate(w.health))

    def moves(self, s: DorasureState) -> tuple[Move, ...]:
        rules = s.rules
        # No hero standing on the Mirage City regains health, a revived one neither.
        dead = [
            p
            for p, h in enumerate(s.health)
            if h == 0 and not (s.lands and on_mirage(rules, s.lands, s.pos[p]))
        ]
        return (*(rules.kisses[p] for p in dead), NO_KISS)

    def play(self, w: Work, mv: Move) -> None:
        if isinstance(mv, KissOfDeath):
            w.spent |= 1 << self.seat
            w.health[mv.seat] = min(2, w.max_health(mv.seat))


class Gauntlets(_Decision):
    """§9.8 Werewolf Lord's Gauntlets: at the end of his battle turn the Werewolf may take
    a second turn in a row."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§9.8"
    SHOWN: ClassVar[str] = "Werewolf Lord's Gauntlets: a second turn?"
    SAYS: ClassVar[str] = "the Werewolf decides on the Werewolf Lord's Gauntlets"
    WORDS: ClassVar[tuple[str, ...]] = ("gauntlets", "no-gauntlets")
    PHASES: ClassVar[tuple[int, ...]] = (BATTLE,)
    HERO: ClassVar[int] = WEREWOLF
    CHOICES: ClassVar[tuple[Move, ...]] = (UseGauntlets(True), UseGauntlets(False))

    def problem(self, s: DorasureState, i: int) -> str | None:
        after = next_task(s, i)
        if not after.ENDS_TURN or after[1:] != (self.seat, 1, 0):
            return "the gauntlets come at the end of his turn"
        return None

    def play(self, w: Work, mv: Move) -> None:
        assert isinstance(mv, UseGauntlets)
        if mv.yes:
            w.todo.pop()  # the end of the turn: a second turn comes first
            w.begin_battle_turn(self.seat, again=1)


class Elixir(_Decision):
    """§9.9 Elixir: once per game, before his Combat roll, the hurt Grand Master may regain
    all his health."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§9.9"
    SHOWN: ClassVar[str] = "Elixir?"
    SAYS: ClassVar[str] = "the Grand Master decides on the Elixir"
    WORDS: ClassVar[tuple[str, ...]] = ("elixir", "no-elixir")
    PHASES: ClassVar[tuple[int, ...]] = (BATTLE,)
    HERO: ClassVar[int] = GRAND_MASTER
    CHOICES: ClassVar[tuple[Move, ...]] = (UseElixir(True), UseElixir(False))

    def applies(self, w: Work) -> bool:
        seat = self.seat
        return w.health[seat] < w.max_health(seat) and w.can_heal(seat)

    def play(self, w: Work, mv: Move) -> None:
        assert isinstance(mv, UseElixir)
        if mv.yes:
            w.spent |= 1 << self.seat
            w.health[self.seat] = w.max_health(self.seat)
