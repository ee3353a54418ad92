"""The expansion heroes (Samurai, Shaman, Minstrel, Magician, Vampire, Werewolf) and the solo
Grand Master (the 6-11 hero rules are in ``tasks/expansions``).

Each ability here is one small helper that reads or changes a working copy, called by the
tasks at the moment the rulebook names; it pushes no task.  The expansion decisions are
tasks of their own on the agenda: their classes, and the rules that push them only when
the ability can be used, are in ``tasks/heroes``.

>>> from boardrules.dorasure._data import DEFAULT_TRACKS
>>> [xp for xp in range(9) if xp in DEFAULT_TRACKS.werewolf_icons]
[1, 3, 5, 6, 8]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardrules.dorasure._state import (
    ATTRIBUTE,
    CAP,
    COMBAT,
    GRAND_MASTER,
    KNOWLEDGE,
    MAGICIAN,
    P_BATTLE,
    P_QUEST,
    PRINCE,
    SEARCH,
    SHAMAN,
    TREASURE,
    VAMPIRE,
    WEREWOLF,
    attribute_of,
    lycan,
)
from boardrules.dorasure.tasks._base import QuestReading, doll_may_take_quest_damage

if TYPE_CHECKING:
    from collections.abc import Callable

    from boardrules.dorasure._state import Work


__all__ = [
    "ADVENTURE_TURN_START",
    "MAGIC_GAIN",
    "TURN_START",
    "attribute_of",
    "blood_magic",
    "count_for_others",
    "doll_holder",
    "doll_reading",
    "forget_others",
    "lycan",
    "magic",
    "mana",
    "quest_dice",
    "servants",
    "strength_of_the_wild",
    "thirst",
    "turn_start",
    "voodoo",
]

#: The Magician's Magic regained at the start of her turn, by level (index 1..6; PROPOSED:
#: the rulebook says only "1, more at higher levels").
MAGIC_GAIN: tuple[int, ...] = (0, 1, 1, 2, 2, 3, 3)


def thirst(w: Work, seat: int, purpose: int, before: int) -> int:
    """The dice the Vampire loses by spending her last Blood on a roll (Thirst for Blood):
    her Combat, Search or Knowledge is read when the roll is made, at 0 Blood.  ``before``
    is her Blood before spending; the Danger of an adventure is not reduced."""
    if w.hero(seat) != VAMPIRE or w.resource[seat] or not before:
        return 0
    if purpose == P_BATTLE:
        column = COMBAT
    elif purpose == P_QUEST:
        reading: QuestReading = next(t for t in reversed(w.todo) if P_QUEST in t.PURPOSES)  # type: ignore[assignment]
        column = ATTRIBUTE[w.rules.quests[w.quests[reading.mountain]].attribute]
    else:
        return 0
    rules, xp = w.rules, w.xp[seat]
    return attribute_of(rules, seat, column, xp, before) - attribute_of(rules, seat, column, xp, 0)


def voodoo(w: Work, seat: int) -> None:
    """Voodoo: the Shaman, when hurt, regains 1 resource at the start of his turn."""
    if w.health[seat] < w.max_health(seat):
        w.gain_resource(seat, 1)


def magic(w: Work, seat: int) -> None:
    """Magic: the Magician regains resources at the start of her turn, more at higher
    levels (``MAGIC_GAIN``)."""
    w.gain_resource(seat, MAGIC_GAIN[w.level(seat)])


def mana(w: Work, seat: int) -> None:
    """Mana: the Grand Master regains 1 resource at the start of every turn."""
    w.gain_resource(seat, 1)


def strength_of_the_wild(w: Work, seat: int) -> None:
    """Strength of the Wild: the Werewolf in Lycan form regains 1 health at the start of
    an Adventure Phase turn."""
    if lycan(w.rules, w.xp[seat]):
        w.heal(seat, 1)


def servants(w: Work, seat: int) -> None:
    """The Prince's servants are set to his level at the start of an Adventure Phase turn
    (within the cap of his sheet, which a ``sheets`` override may set lower)."""
    w.resource[seat] = min(w.level(seat), w.stat(seat, CAP))


#: What a hero does at the start of each of his turns, by hero; a hero not named here
#: starts his turn with his roll.
TURN_START: dict[int, Callable[[Work, int], None]] = {
    SHAMAN: voodoo,
    MAGICIAN: magic,
    GRAND_MASTER: mana,
}

#: What a hero does at the start of an Adventure Phase turn, by hero: the above, and the
#: Werewolf's Strength of the Wild and the Prince's servants; a hero not named here starts
#: his turn with the movement roll (which the engine's quick path for a turn that ends
#: with a pass relies on).
ADVENTURE_TURN_START: dict[int, Callable[[Work, int], None]] = {
    **TURN_START,
    WEREWOLF: strength_of_the_wild,
    PRINCE: servants,
}


def turn_start(w: Work, seat: int) -> None:
    """At the start of a hero's Climactic Battle turn: Voodoo, Magic, Mana."""
    start = TURN_START.get(w.hero(seat))
    if start is not None:
        start(w, seat)


def doll_holder(w: Work) -> int:
    """The Shaman's seat if his Body-Swapping Doll can take damage now (he lives and the
    Treasure is found: his treasure works in both phases), else -1."""
    shaman = w.rules.seat_of(SHAMAN)
    if shaman >= 0 and w.health[shaman] > 0 and TREASURE in w.rewards:
        return shaman
    return -1


def doll_reading(w: Work) -> int:
    """The index in ``w.todo`` of the quest's reading while it keeps the score without the
    Shaman's and the Vampire's dice (his doll may still take the damage of her quest roll),
    else -1."""
    todo = w.todo
    for i in range(len(todo) - 1, -1, -1):
        if P_QUEST in todo[i].PURPOSES:
            if doll_may_take_quest_damage(w.rules, w.party, w.rewards, todo[i + 1 :]):
                return i
            break
    return -1


def count_for_others(w: Work, seat: int, score: int) -> None:
    """A quest die's ``score`` also counts in the score kept without the Shaman's and the
    Vampire's dice, unless it is one of theirs."""
    if score and w.hero(seat) not in (SHAMAN, VAMPIRE):
        i = doll_reading(w)
        if i != -1:
            reading: QuestReading = w.todo[i]  # type: ignore[assignment]
            w.todo[i] = type(reading)(reading.seat, reading.mountain, reading.others + score)


def forget_others(w: Work) -> None:
    """The score kept without the Shaman's and the Vampire's dice is 0 once his doll can no
    longer take the damage of her quest roll (her roll read, or one of them gone)."""
    todo = w.todo
    for i in range(len(todo) - 1, -1, -1):
        if P_QUEST in todo[i].PURPOSES:
            reading: QuestReading = todo[i]  # type: ignore[assignment]
            if reading.others and doll_reading(w) == -1:
                todo[i] = type(reading)(reading.seat, reading.mountain)  # others: 0
            return


def blood_magic(w: Work, seat: int, ones: int) -> None:
    """Vampire: each 1 of her quest, adventure or battle dice costs 1 Blood, or 1 health
    when her Blood is gone."""
    paid = min(ones, w.resource[seat])
    w.resource[seat] -= paid
    if ones > paid:
        w.hurt(seat, [(seat, ones - paid)])


def quest_dice(w: Work, seat: int, column: int, magical: bool) -> int:
    """A participant's quest dice: the attribute, +2 Search/Knowledge for the Magician in
    a magical quest (Magic Mastery), +1 die for the Grand Master in a magical quest."""
    dice = w.attribute(seat, column)
    hero = w.hero(seat)
    if magical and hero == MAGICIAN and column in (SEARCH, KNOWLEDGE):
        dice += 2
    elif magical and hero == GRAND_MASTER:
        dice += 1
    return dice
