"""The Adventure Phase: the movement roll and the steps, the action after moving (adventure,
rest, gather information, quest), the Roaming Dragon Chart, the quests and their rewards,
and the survival roll.

Each function is the effect of one move or one automatic task of the agenda (dispatched by
:mod:`boardrules.dorasure._engine`); the docs page maps the rulebook's clauses to them.
"""

from __future__ import annotations

from boardrules.dorasure import _heroes
from boardrules.dorasure._board import PLAINS
from boardrules.dorasure._state import (
    ADVENTURE,
    ATTRIBUTE,
    BOOK,
    GLADIATOR,
    GRAND_MASTER,
    LAIR,
    LOST,
    M_ASK,
    M_REPLY,
    MINSTREL,
    P_QUEST,
    SAMURAI,
    SHAMAN,
    T_EXTRA,
    T_QUEST_END,
    T_ROLL,
    T_SPEND,
    T_TUNE,
    VAMPIRE,
    DorasureMove,
)
from boardrules.dorasure._tasks import (
    AfterQuest,
    Ask,
    Extra,
    Hardened,
    Reply,
    RevealReward,
    Task,
)
from boardrules.dorasure._work import Work, effective_terrain
from boardrules.dorasure.tasks.battle import BattleStart
from boardrules.dorasure.tasks.heroes import roll_tasks

__all__ = [
    "adventure_end",
    "after_quest",
    "asked",
    "battle_hardened",
    "quest_end",
    "quest_rolls",
    "quest_start",
    "replied",
    "revealed",
    "reward",
    "survival",
]


# -- moving -----------------------------------------------------------------------------------


def battle_hardened(w: Work, task: Task) -> None:
    """The Gladiator regains 1 health if she survived her adventure's result."""
    if w.health[task.seat] > 0:
        w.heal(task.seat, 1)


def adventure_end(w: Work, task: Task) -> None:
    """The Adventuring Chart: -1 or lower: 1 damage; 0: nothing; 1: 1 XP and 1 damage;
    2 or higher: 1 XP.  Samurai (Never Targets the Weak): a 1 does nothing; the Grand
    Master gains no EXP from adventuring.  Battle Hardened: the Gladiator adventuring on
    the plains regains 1 health after the result (a result that kills her kills her)."""
    seat = task.seat
    score = w.score
    hero = w.hero(seat)
    if hero == GLADIATOR and effective_terrain(w.rules, w.razed, w.pos[seat]) == PLAINS:
        w.push(Hardened(seat))  # behind the damage of the result, pushed in front of it
    if score == 1 and hero == SAMURAI:
        return
    if score >= 1 and hero != GRAND_MASTER:
        w.gain_xp(seat, 1)
    if score <= -1 or score == 1:
        w.hurt(seat, [(seat, 1)])


# -- the Roaming Dragon Chart and the survival roll -------------------------------------------


def survival(w: Work, task: Task, mv: DorasureMove) -> None:
    """All dying heroes are saved by a 6: home at full health, their resources at 0, and
    out of the quest they were taking part in.  No 6: the game is lost."""
    if mv.a != 1:
        w.phase = LOST
        return
    for p, h in enumerate(w.health):
        if h == 0:
            w.send_home(p)
            w.health[p] = w.max_health(p)
            w.resource[p] = w.gold[p] = 0
            if w.party >> p & 1:
                _leave_quest(w, p)


def _leave_quest(w: Work, p: int) -> None:
    """A hero saved during a quest is a fresh start: he takes no further part in it.  He
    rolls no more dice (a roll of his being read leaves with its dice, the score going back
    to what it was before it; his extra dice are not rolled), gains no EXP from it and its
    failure effect does not touch him."""
    kept = _heroes.doll_reading(w)
    if kept >= 0 and w.hero(p) == SHAMAN:
        _without_the_shaman(w, kept)
    w.party &= ~(1 << p)
    todo = w.todo
    for i in range(len(todo) - 1, -1, -1):
        code, seat, a, b = todo[i]
        if code == T_QUEST_END:
            break
        if code == T_EXTRA and seat == p:
            w.score, w.pending = b, 0
            del todo[i]
        elif (code in (T_SPEND, T_ROLL) and seat == p) or (code == T_TUNE and a == p):
            del todo[i]
    _heroes.forget_others(w)


def _without_the_shaman(w: Work, kept: int) -> None:
    """The Shaman died of the Vampire's quest damage taken with his doll: the score goes
    back to the dice of the others (kept by the quest's reading), plus hers so far."""
    todo = w.todo
    others = todo[kept][3]
    for i in range(len(todo) - 1, kept, -1):
        code, seat, purpose, before = todo[i]
        if code == T_EXTRA and w.hero(seat) == VAMPIRE:
            w.score += others - before
            todo[i] = Extra(seat, purpose, others)  # what is left if she leaves too
            return
    w.score = others


# -- quests -----------------------------------------------------------------------------------


def revealed(w: Work, task: Task, mv: DorasureMove) -> None:
    """A quest tile turned face up."""
    w.quests[task[2]] = mv.a


def asked(w: Work, task: Task, mv: DorasureMove) -> None:
    """The questing hero asks a hero to assist (who then answers)."""
    assert isinstance(task, Ask)
    if mv.kind == M_ASK and mv.b:
        w.push(Reply(task.candidate, task.mountain))


def replied(w: Work, task: Task, mv: DorasureMove) -> None:
    """The hero asked agrees (joins the party) or refuses."""
    if mv.kind == M_REPLY and mv.a:
        w.party |= 1 << task.seat


def quest_start(w: Work, task: Task) -> None:
    """The quest's start damage to every participant (Godspeed: not the Samurai)."""
    damage = w.rules.quests[w.quests[task[2]]].start_damage
    if damage:
        members = [p for p in range(len(w.health)) if w.party >> p & 1 and w.hero(p) != SAMURAI]
        w.hurt(task.seat, [(p, damage) for p in members])


def quest_rolls(w: Work, task: Task) -> None:
    """Each participant next to the mountain spends resources and rolls, the questing hero
    first."""
    seat, m = task.seat, task[2]
    tile = w.rules.quests[w.quests[m]]
    near = w.rules.board.near_mountains
    order = [seat] + [p for p in range(len(w.health)) if p != seat]
    # A hero saved from the start damage has left the party (see survival).
    members = [p for p in order if w.party >> p & 1 and w.health[p] > 0 and m in near[w.pos[p]]]
    if seat not in members:
        # The questing hero died as the quest began and was saved: the attempt ends before
        # any die is rolled (no flags; the rest of his turn is over, as the action is spent).
        w.party = 0
        w.todo.pop()
        return
    w.party = sum(1 << p for p in members)
    w.score = w.pending = 0
    column = ATTRIBUTE[tile.attribute]
    tasks = []
    for p in members:
        if w.hero(p) == SAMURAI:
            w.gain_resource(p, 1)  # Training: attempting or assisting a quest
        dice = _heroes.quest_dice(w, p, column, tile.magical)
        tasks += roll_tasks(w, p, P_QUEST, dice)
    w.push(*tasks)


def quest_end(w: Work, task: Task) -> None:
    """Reach the tile's score (flags count as successes) or suffer its failure effect."""
    seat, m = task.seat, task[2]
    tile = w.rules.quests[w.quests[m]]
    # The heroes still taking part: one saved during the quest has left it (survival).
    members = [p for p in range(len(w.health)) if w.party >> p & 1]
    w.party = 0
    if w.score + w.flags[m] >= tile.target:
        _quest_solved(w, seat, m, members)
        return
    w.flags[m] += max(0, w.score)
    if seat not in members:
        # The questing hero died of her own quest die (Blood Magic) and was saved: the
        # failure effect does not touch her (no damage, no teleport, no labyrinth hold).
        return
    if tile.failure == "damage":
        w.hurt(seat, [(seat, tile.failure_damage)])
    elif tile.failure == "teleport":
        w.send_home(seat)
    elif tile.failure == "stay":
        w.locked[seat] = m


def _quest_solved(w: Work, seat: int, m: int, members: list[int]) -> None:
    if members == [seat]:
        # The Grand Master gains only 1 EXP for a quest.
        w.gain_xp(seat, 1 if w.hero(seat) == GRAND_MASTER else 2)
    else:
        for p in members:
            w.gain_xp(p, 1)
    for p, lock in enumerate(w.locked):
        if lock == m:
            w.locked[p] = -1
    if w.renewed[m] == 1:
        # Quest Replenishing: a replenished quest removes one scale, no claw effect.
        w.renewed[m] = 2
        w.wound_dragon(seat, 1)
        w.push(AfterQuest(seat))
    else:
        w.push(RevealReward(seat, m), AfterQuest(seat))


def after_quest(w: Work, task: Task) -> None:
    """The battle starts when every quest is solved."""
    if w.phase == ADVENTURE and -1 not in w.rewards and 1 not in w.renewed:
        w.push(BattleStart(task.seat))


def reward(w: Work, task: Task, mv: DorasureMove) -> None:
    """Dragon's Lair: 1 damage, and the meter rises the first time only; Book of Dragons:
    1 XP for everyone; Weapons and Treasure take effect in phase two."""
    seat, m, kind = task.seat, task[2], mv.a
    first_lair = LAIR not in w.rewards
    w.rewards[m] = kind
    if kind == LAIR:
        w.wound_dragon(seat, 1)
        if first_lair:
            w.advance_meter(seat, 1)
    elif kind == BOOK:
        for p in range(len(w.xp)):
            w.gain_xp(p, 1)


def beside_ally(w: Work, seat: int) -> bool:
    """A living ally on the Minstrel's space or next to it (Hero's Song)."""
    here = w.pos[seat]
    near = w.rules.board.neighbours[here]
    return any(
        p != seat and h > 0 and (w.pos[p] == here or w.pos[p] in near)
        for p, h in enumerate(w.health)
    )


def end_adventure_turn(w: Work, seat: int) -> None:
    """Hero's Song (the Minstrel beside an ally), then the next hero's turn."""
    if w.hero(seat) == MINSTREL and beside_ally(w, seat):
        w.gain_resource(seat, 1)
    w.begin_turn((seat + 1) % len(w.health))
