"""§3 and §5.4: the end of an adventure and of a turn.

The Adventuring Chart's result (``AdventureEnd``), the Gladiator's Battle Hardened
(``Hardened``) and the end of the turn (``EndTurn``): the Minstrel's Hero's Song,
then the next hero's turn (in the battle: the Werewolf Lord's Gauntlets first)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from boardrules.dorasure._board import PLAINS
from boardrules.dorasure._state import (
    ADVENTURE,
    BATTLE,
    GLADIATOR,
    GRAND_MASTER,
    MINSTREL,
    P_ADVENTURE,
    SAMURAI,
    WEREWOLF,
    Purpose,
)
from boardrules.dorasure.tasks._base import (
    Automatic,
    next_task,
)
from boardrules.dorasure.tasks.heroes import Gauntlets

if TYPE_CHECKING:
    from collections.abc import Callable

    from boardrules.dorasure._state import DorasureState, Work

__all__ = [
    "TURN_END",
    "AdventureEnd",
    "EndTurn",
    "Hardened",
    "beside_ally",
    "end_adventure_turn",
    "end_battle_turn",
    "heros_song",
]


class AdventureEnd(Automatic):
    """The Adventuring Chart's result."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§5.2"
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)
    READS: ClassVar[bool] = True
    PURPOSES: ClassVar[tuple[Purpose, ...]] = (P_ADVENTURE,)

    def top_line(self, w: Work) -> int:
        return 2  # 2 or higher: 1 EXP

    def run(self, w: Work) -> None:
        """The Adventuring Chart: -1 or lower: 1 damage; 0: nothing; 1: 1 XP and 1 damage;
        2 or higher: 1 XP.  Samurai (Never Targets the Weak): a 1 does nothing; the Grand
        Master gains no EXP from adventuring.  Battle Hardened: the Gladiator adventuring on
        the plains regains 1 health after the result (a result that kills her kills her)."""
        seat = self.seat
        score = w.score
        hero = w.hero(seat)
        # The map's terrain: razing changes Belk alone, a village.
        if hero == GLADIATOR and w.rules.terrain[w.pos[seat]] == PLAINS:
            w.push(Hardened(seat))  # behind the damage of the result, pushed in front of it
        if score == 1 and hero == SAMURAI:
            return
        if score >= 1 and hero != GRAND_MASTER:
            w.gain_xp(seat, 1)
        if score <= -1 or score == 1:
            w.hurt(seat, [(seat, 1)])

    # -- the Roaming Dragon Chart and the survival roll -------------------------------------------


class EndTurn(Automatic):
    """The end of the turn; ``again`` marks the Werewolf's second battle turn."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§1.2"
    #: 1 in the Werewolf's second turn in a row.
    again: int
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, 1),)
    ENDS_TURN: ClassVar[bool] = True
    OPENS: ClassVar[bool] = True

    def problem(self, s: DorasureState, i: int) -> str | None:
        if i != len(s.agenda) - 1:
            return "the end of the turn is the agenda's last task"
        if self.again and (s.phase != BATTLE or s.rules.heroes[self.seat] != WEREWOLF):
            return "only the Werewolf takes a second battle turn"
        return None

    def run(self, w: Work) -> None:
        """The movement dice and the party are cleared, then the next turn."""
        w.dice = ()
        w.party = 0
        if w.phase == ADVENTURE:
            end_adventure_turn(w, self.seat)
        else:
            end_battle_turn(w, self.seat, self.again)


class Hardened(Automatic):
    """Battle Hardened: the Gladiator regains 1 health once her adventure on the plains has
    been read (and its damage dealt)."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§8.3"
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)
    HERO: ClassVar[int] = GLADIATOR

    def problem(self, s: DorasureState, i: int) -> str | None:
        return (
            None if isinstance(next_task(s, i), EndTurn) else "Battle Hardened ends her adventure"
        )

    def run(self, w: Work) -> None:
        """The Gladiator regains 1 health.  A result that killed her was settled first (the
        deaths check comes before this task): saved at full health, or the game lost."""
        w.heal(self.seat, 1)


def beside_ally(w: Work, seat: int) -> bool:
    """An ally on the Minstrel's space or next to it (Hero's Song); at the end of an
    adventure turn every hero is alive (a death is settled before)."""
    here = w.pos[seat]
    near = w.rules.board.neighbours[here]
    return any(p != seat and (w.pos[p] == here or w.pos[p] in near) for p in range(len(w.pos)))


def heros_song(w: Work, seat: int) -> None:
    """Hero's Song: the Minstrel ending an Adventure Phase turn beside an ally regains 1
    resource."""
    if beside_ally(w, seat):
        w.gain_resource(seat, 1)


#: What a hero does at the end of his own Adventure Phase turn, by hero; a hero not named
#: here just ends it.
TURN_END: dict[int, Callable[[Work, int], None]] = {MINSTREL: heros_song}


def end_adventure_turn(w: Work, seat: int) -> None:
    """What the hero does at the end of his turn (Hero's Song), then the next hero's turn."""
    end = TURN_END.get(w.hero(seat))
    if end is not None:
        end(w, seat)
    w.begin_turn((seat + 1) % len(w.health))


def end_battle_turn(w: Work, seat: int, again: int) -> None:
    """The Werewolf Lord's Gauntlets may give a second turn in a row; else the next living
    hero fights."""
    if again == 0 and w.hero(seat) == WEREWOLF and w.health[seat] > 0 and w.treasures():
        w.push(Gauntlets(seat), EndTurn(seat, 1))
        return
    n = len(w.health)
    nxt = next((seat + k) % n for k in range(1, n + 1) if w.health[(seat + k) % n] > 0)
    w.begin_battle_turn(nxt)
