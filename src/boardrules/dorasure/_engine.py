"""The effects of Dorasure's rules on a mutable working copy of a state.

:func:`advance` thaws a state into a :class:`Work`, applies the move for the task at the
front of the agenda, then runs the automatic tasks (:func:`settle`) until the front is a
decision or a chance node again, and freezes the result.  Each rule of the rulebook is one
small function here; the docs page maps the clauses to them.
"""

from __future__ import annotations

from boardrules.dorasure import _fang, _heroes
from boardrules.dorasure._board import CITY, FOREST, PLAINS, VILLAGE
from boardrules.dorasure._dice import EXTRA_SCORE, decode_counts
from boardrules.dorasure._state import (
    ADVENTURE,
    ATTRIBUTE,
    BATTLE,
    BOOK,
    CAP,
    CLAW_BLAST,
    CLAW_MISS,
    DANGER_FOREST,
    DANGER_PLAINS,
    DRAIN,
    GLADIATOR,
    GRAND_MASTER,
    HIGHEST,
    HUNTER,
    LAIR,
    LOST,
    LOWEST,
    M_ABSORB,
    M_ADVENTURE,
    M_ASK,
    M_FAITH,
    M_GATHER,
    M_QUEST,
    M_REPLY,
    M_REST,
    M_STEP,
    MINSTREL,
    NINJA,
    P_ADVENTURE,
    P_BATTLE,
    P_COMBO,
    P_QUEST,
    P_REROLLED,
    PALADIN,
    PRINCE,
    SAMURAI,
    T_ABSORB,
    T_ACT,
    T_ADVENTURE_END,
    T_AFTER_QUEST,
    T_ASK,
    T_BATTLE_END,
    T_BATTLE_START,
    T_BULLET,
    T_CLAW,
    T_COMBO_END,
    T_DEATHS,
    T_END_TURN,
    T_EXTRA,
    T_FAITH,
    T_GAUNTLETS,
    T_GUST,
    T_LAND,
    T_MASTER_REROLL,
    T_MOVE,
    T_MOVE_ROLL,
    T_PICK,
    T_QUEST_END,
    T_QUEST_ROLLS,
    T_QUEST_START,
    T_RAMPAGE,
    T_REPLY,
    T_REROLL,
    T_REVEAL_QUEST,
    T_REVEAL_REWARD,
    T_ROLL,
    T_SHIELD,
    T_SPECIAL,
    T_SPEND,
    T_SURVIVAL,
    TO_CITY,
    VAMPIRE,
    WEREWOLF,
    WON,
    WOUND_TWO,
    DorasureMove,
    DorasureState,
    Task,
)
from boardrules.dorasure._work import Work, effective_terrain

__all__ = [
    "advance",
    "battle_result",
    "reading_battle_roll",
    "retaliate",
    "settle",
    "start",
]


def start(w: Work) -> DorasureState:
    """Setup: the Fang land tiles are drawn, the quest on the mountain farthest from the
    City is turned face up, then the first hero's turn."""
    w.begin_turn(0)
    w.push(*[(T_LAND, 0, k, 0) for k in range(len(w.rules.fang))],
           (T_REVEAL_QUEST, 0, w.rules.board.farthest, 0))
    settle(w)
    return w.freeze()


# -- automatic tasks ------------------------------------------------------------------------


def settle(w: Work) -> None:
    """Run automatic tasks until a decision or chance node is at the front (or the end)."""
    todo = w.todo
    while True:
        if w.phase >= WON:
            todo.clear()
            return
        code, seat, a, b = todo[-1]
        if code == T_EXTRA:
            if w.pending:
                return
            todo.pop()
        elif code == T_ABSORB:
            if w.health[seat] > 0 and w.resource[seat] + w.gold[seat] > 0:
                return
            todo.pop()
            w.health[seat] = max(0, w.health[seat] - a)
        elif code == T_SPEND:
            if w.resource[seat] + w.gold[seat] > 0:
                return
            todo.pop()
            todo.append((T_ROLL, seat, b, a))
        elif code == T_ROLL:
            if a > 0:
                return
            todo.pop()
        elif code == T_FAITH:
            if w.dice:
                return
            todo.pop()
        elif code <= T_SHIELD:
            return
        elif code >= T_GUST:
            if _heroes.front(w):
                return
        else:
            todo.pop()
            _AUTOMATIC[code](w, seat, a, b)


def _deaths(w: Work, seat: int, a: int, b: int) -> None:
    if w.phase == ADVENTURE:
        if 0 in w.health:
            w.push((T_SURVIVAL, seat, 0, 0))
    elif not w.living() and not reading_battle_roll(w.todo):
        w.phase = LOST


def reading_battle_roll(tasks: list[Task] | tuple[Task, ...]) -> bool:
    """Whether a battle roll is still to be read: a last hero killed by his own roll (the
    Vampire's Blood Magic) dies with it, so the dragon may still die at the same time."""
    return any(t[0] in (T_BATTLE_END, T_COMBO_END) for t in tasks)


def _lost_if_nobody_lives(w: Work) -> None:
    if w.phase == BATTLE and not w.living():
        w.phase = LOST


def _quest_start(w: Work, seat: int, m: int, b: int) -> None:
    damage = w.rules.quests[w.quests[m]].start_damage
    if damage:
        # Godspeed: the Samurai is immune to start-of-quest damage.
        members = [p for p in range(len(w.health))
                   if w.party >> p & 1 and w.hero(p) != SAMURAI]
        w.hurt(seat, [(p, damage) for p in members])


def _quest_rolls(w: Work, seat: int, m: int, b: int) -> None:
    tile = w.rules.quests[w.quests[m]]
    near = w.rules.board.near_mountains
    order = [seat] + [p for p in range(len(w.health)) if p != seat]
    members = [p for p in order
               if w.party >> p & 1 and w.health[p] > 0 and m in near[w.pos[p]]]
    if seat not in members:
        # The questing hero died as the quest began and was saved far from it: the quest
        # is abandoned (the rest of his turn is over, as the action is spent).
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
        tasks += _heroes.roll_tasks(w, p, P_QUEST, dice)
    w.push(*tasks)


def _quest_end(w: Work, seat: int, m: int, b: int) -> None:
    """Reach the tile's score (flags count as successes) or suffer its failure effect."""
    tile = w.rules.quests[w.quests[m]]
    members = [p for p in range(len(w.health)) if w.party >> p & 1]
    w.party = 0
    if w.score + w.flags[m] >= tile.target:
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
            w.push((T_AFTER_QUEST, seat, 0, 0))
        else:
            w.push((T_REVEAL_REWARD, seat, m, 0), (T_AFTER_QUEST, seat, 0, 0))
        return
    w.flags[m] += max(0, w.score)
    if tile.failure == "damage":
        w.hurt(seat, [(seat, tile.failure_damage)])
    elif tile.failure == "teleport":
        w.send_home(seat)
    elif tile.failure == "stay":
        w.locked[seat] = m


def _after_quest(w: Work, seat: int, a: int, b: int) -> None:
    if w.phase == ADVENTURE and -1 not in w.rewards and 1 not in w.renewed:
        w.push((T_BATTLE_START, seat, 0, 0))


def _adventure_end(w: Work, seat: int, a: int, b: int) -> None:
    """The Adventuring Chart: -1 or lower: 1 damage; 0: nothing; 1: 1 XP and 1 damage;
    2 or higher: 1 XP.  Samurai (Never Targets the Weak): a 1 does nothing; the Grand
    Master gains no EXP from adventuring."""
    score = w.score
    hero = w.hero(seat)
    if score == 1 and hero == SAMURAI:
        return
    if score >= 1 and hero != GRAND_MASTER:
        w.gain_xp(seat, 1)
    if score <= -1 or score == 1:
        w.hurt(seat, [(seat, 1)])


def _battle_end(w: Work, seat: int, a: int, b: int) -> None:
    battle_result(w, seat, w.score)
    _lost_if_nobody_lives(w)


def battle_result(w: Work, seat: int, total: int) -> None:
    """The battle chart, read for ``total``."""
    if total <= -1:
        w.health[seat] = 0
        w.push((T_DEATHS, seat, 0, 0))
    elif total == 0:
        w.hurt(seat, [(seat, 4)])
    elif total == 1:
        w.hurt(seat, [(t, 1) for t in w.blast_targets(seat)])
    elif total == 2:
        team = w.blast_targets(seat)
        w.party = sum(1 << t for t in team)
        w.score, w.pending = 2, 0
        vampire = w.rules.seat_of(VAMPIRE)
        if vampire in team:
            # Her own die is rolled apart: its 1 costs her Blood (Blood Magic).
            others = [t for t in team if t != vampire]
            w.push((T_ROLL, others[0] if others else seat, len(others), P_COMBO),
                   (T_ROLL, vampire, 1, P_COMBO), (T_COMBO_END, seat, 0, 0))
        else:
            w.push((T_ROLL, seat, len(team), P_COMBO), (T_COMBO_END, seat, 0, 0))
    elif total == 3:
        w.wound_dragon(seat, 1)
        if w.phase == BATTLE:
            w.hurt(seat, [(seat, 1)])
    elif total == 4 and not (w.hero(seat) == GRAND_MASTER and w.level(seat) == 6):
        w.wound_dragon(seat, 1)
    else:
        # 5+, or 4+ by the Grand Master at level 6.
        w.wound_dragon(seat, 2)


def _combo_end(w: Work, seat: int, a: int, b: int) -> None:
    """Team Combo: still 2 hurts every participant; any other total is read again."""
    team = w.party
    w.party = 0
    if w.score == 2:
        w.hurt(seat, [(t, 1) for t in range(len(w.health)) if team >> t & 1])
    else:
        battle_result(w, seat, w.score)
    _lost_if_nobody_lives(w)


def _end_turn(w: Work, seat: int, a: int, b: int) -> None:
    n = len(w.health)
    w.dice = ()
    w.party = 0
    if w.phase == ADVENTURE:
        if w.hero(seat) == MINSTREL and _beside_ally(w, seat):
            w.gain_resource(seat, 1)  # Hero's Song
        w.begin_turn((seat + 1) % n)
        return
    if (a == 0 and w.hero(seat) == WEREWOLF and w.health[seat] > 0 and w.treasures()):
        # Werewolf Lord's Gauntlets: he may take a second turn in a row.
        w.push((T_GAUNTLETS, seat, 0, 0), (T_END_TURN, seat, 1, 0))
        return
    nxt = next((seat + k) % n for k in range(1, n + 1) if w.health[(seat + k) % n] > 0)
    w.begin_battle_turn(nxt)


def _beside_ally(w: Work, seat: int) -> bool:
    """A living ally on the Minstrel's space or next to it."""
    here = w.pos[seat]
    near = w.rules.board.neighbours[here]
    return any(p != seat and h > 0 and (w.pos[p] == here or w.pos[p] in near)
               for p, h in enumerate(w.health))


def _battle_start(w: Work, seat: int, a: int, b: int) -> None:
    """Phase two: Mammoth Meat and True Wealth take effect, then ``seat`` fights first."""
    w.phase = BATTLE
    w.todo.clear()
    w.dice = ()
    w.party = 0
    w.locked = [-1] * len(w.locked)
    if w.treasures():
        for p in w.living():
            if w.hero(p) == GLADIATOR:
                w.health[p] = w.max_health(p)
            elif w.hero(p) == PRINCE:
                w.gold[p] += 3
    w.begin_battle_turn(seat)


_AUTOMATIC = {
    T_DEATHS: _deaths,
    T_QUEST_START: _quest_start,
    T_QUEST_ROLLS: _quest_rolls,
    T_QUEST_END: _quest_end,
    T_AFTER_QUEST: _after_quest,
    T_ADVENTURE_END: _adventure_end,
    T_BATTLE_END: _battle_end,
    T_COMBO_END: _combo_end,
    T_END_TURN: _end_turn,
    T_BATTLE_START: _battle_start,
}


# -- chance outcomes ------------------------------------------------------------------------


def _movement_rolled(w: Work, seat: int, mv: DorasureMove) -> None:
    """Every 6 moves the dragon token up (rampages first), then the Paladin's Faith, the
    steps and the action."""
    faces = tuple(int(f) for f in mv.text.split()[1:])
    w.dice = faces
    tasks: list[Task] = []
    if w.hero(seat) == PALADIN:
        tasks.append((T_FAITH, seat, 0, 0))
    tasks += [(T_MOVE, seat, 0, 0), (T_ACT, seat, 0, 0)]
    w.push(*tasks)
    _heroes.movement_sixes(w, seat, faces.count(6))


def _rampage(w: Work, seat: int, face: int) -> None:
    """The Roaming Dragon Chart."""
    if face == 1:
        w.razed = True
        belk = w.rules.board.belk
        w.hurt(seat, [(p, 2) for p in w.living() if w.pos[p] == belk])
    elif face == 2:
        w.push((T_PICK, seat, HIGHEST, TO_CITY))
    elif face == 3:
        w.hurt(seat, [(p, 1) for p in w.living()])
    elif face == 4:
        w.push((T_PICK, seat, LOWEST, WOUND_TWO))
    elif face == 5:
        w.push((T_PICK, seat, HIGHEST, WOUND_TWO))
    else:
        w.push((T_PICK, seat, LOWEST, DRAIN))


def _picked(w: Work, seat: int, effect: int, mask: int) -> None:
    chosen = [p for p in range(len(w.health)) if mask >> p & 1]
    if effect == TO_CITY:
        for p in chosen:
            w.send_home(p)
    elif effect == WOUND_TWO:
        w.hurt(seat, [(p, 2) for p in chosen])
    else:
        for p in chosen:
            w.resource[p] = 0


def _survival(w: Work, seat: int, saved: bool) -> None:
    """All dying heroes are saved by a 6: home at full health, their resources at 0."""
    if not saved:
        w.phase = LOST
        return
    for p, h in enumerate(w.health):
        if h == 0:
            w.send_home(p)
            w.health[p] = w.max_health(p)
            w.resource[p] = w.gold[p] = 0


def _rolled(w: Work, seat: int, purpose: int, count: int, code: int) -> None:
    counts = decode_counts(code)
    w.roll = counts
    w.score += counts[2] + counts[3] - counts[0]
    hero = w.hero(seat)
    if purpose != P_COMBO:  # Team Combo: one die each, its modifier only, no extra dice
        w.pending += counts[3]
        _offers(w, seat, purpose, count, hero)
    if hero == VAMPIRE and counts[0]:
        _heroes.blood_magic(w, seat, counts[0])


def _offers(w: Work, seat: int, purpose: int, count: int, hero: int) -> None:
    # The battle treasures are offered once the whole roll, extra dice included, is seen.
    tasks: list[Task] = [(T_EXTRA, seat, purpose, 0)]
    if purpose in (P_BATTLE, P_REROLLED) and w.treasures():
        if purpose == P_BATTLE and hero == NINJA:
            tasks.append((T_REROLL, seat, count, 0))
        if hero == HUNTER and not w.spent >> seat & 1:
            tasks.append((T_BULLET, seat, 0, 0))
    if hero == GRAND_MASTER and not w.spent >> len(w.health) & 1:
        tasks.append((T_MASTER_REROLL, seat, count, purpose))
    w.push(*tasks)


def _reward(w: Work, seat: int, m: int, kind: int) -> None:
    """Dragon's Lair: 1 damage, and the meter rises the first time only; Book of Dragons:
    1 XP for everyone; Weapons and Treasure take effect in phase two."""
    first_lair = LAIR not in w.rewards
    w.rewards[m] = kind
    if kind == LAIR:
        w.wound_dragon(seat, 1)
        if first_lair:
            w.advance_meter(seat, 1)
    elif kind == BOOK:
        for p in range(len(w.xp)):
            w.gain_xp(p, 1)


def _claw(w: Work, seat: int, result: int) -> None:
    if result == CLAW_MISS:
        return
    paladin = w.rules.seat_of(PALADIN)
    if (paladin >= 0 and w.health[paladin] > 0 and w.treasures()
            and not w.spent >> paladin & 1):
        w.push((T_SHIELD, paladin, result, 0))
    else:
        retaliate(w, seat, result)


def retaliate(w: Work, seat: int, result: int) -> None:
    """The Retaliation Chart: 2-3 blast five heroes, 4-6 the lowest of a roll take 2."""
    if result == CLAW_BLAST:
        w.hurt(seat, [(t, 1) for t in w.blast_targets(seat)])
    else:
        w.push((T_PICK, seat, LOWEST, WOUND_TWO))


# -- decisions ------------------------------------------------------------------------------


def _act(w: Work, seat: int, mv: DorasureMove) -> None:
    kind = mv.kind
    if kind == M_ADVENTURE:
        terrain = effective_terrain(w.rules, w.razed, w.pos[seat])
        if terrain == PLAINS and w.hero(seat) == GLADIATOR:
            w.heal(seat, 1)
        w.score = w.pending = 0
        # The Mirage City (Fang) is adventured with the white (plains) Danger value.
        column = DANGER_FOREST if terrain == FOREST else DANGER_PLAINS
        w.push(*_heroes.roll_tasks(w, seat, P_ADVENTURE, w.stat(seat, column)),
               (T_ADVENTURE_END, seat, 0, 0))
    elif kind == M_REST:
        terrain = effective_terrain(w.rules, w.razed, w.pos[seat])
        w.heal(seat, 2 if terrain in (CITY, VILLAGE) else 1)  # the Caravan heals 1
        if w.hero(seat) == HUNTER and terrain in (CITY, VILLAGE):
            w.resource[seat] = w.stat(seat, CAP)
        elif w.hero(seat) == VAMPIRE and terrain in (CITY, VILLAGE):
            w.gain_resource(seat, 2 if terrain == CITY else 1)
    elif kind == M_GATHER:
        w.push((T_REVEAL_QUEST, seat, mv.a, 0))
    elif kind == M_QUEST:
        m = mv.a
        w.party = 1 << seat
        tasks: list[Task] = []
        if not w.rules.quests[w.quests[m]].alone:
            near = w.rules.board.near_mountains
            tasks = [(T_ASK, seat, p, m) for p in range(len(w.health))
                     if p != seat and w.health[p] > 0 and m in near[w.pos[p]]]
        w.push(*tasks, (T_QUEST_START, seat, m, 0), (T_QUEST_ROLLS, seat, m, 0),
               (T_QUEST_END, seat, m, 0))


def advance(s: DorasureState, mv: DorasureMove) -> DorasureState:
    """The state after the legal move ``mv`` (already checked)."""
    w = Work(s)
    code, seat, a, b = w.todo.pop()
    kind = mv.kind
    if code == T_MOVE_ROLL:
        _movement_rolled(w, seat, mv)
    elif code == T_RAMPAGE:
        _rampage(w, seat, mv.a)
    elif code == T_PICK:
        _picked(w, seat, b, mv.a)
    elif code == T_SURVIVAL:
        _survival(w, seat, mv.a == 1)
    elif code == T_ROLL:
        _rolled(w, seat, b, a, mv.a)
    elif code == T_EXTRA:
        w.todo.append((code, seat, a, b))
        w.pending -= 1
        w.score += EXTRA_SCORE[mv.a]
        if mv.a == 0 and w.hero(seat) == VAMPIRE:
            _heroes.blood_magic(w, seat, 1)
        if mv.a == 3:
            w.pending += 1
        seen = list(w.roll)
        # The roll is kept by what each die scored: an extra 2-3 scored +1, like a 4-5.
        seen[2 if mv.a == 1 else mv.a] += 1
        w.roll = tuple(seen)
    elif code == T_REVEAL_QUEST:
        w.quests[a] = mv.a
    elif code == T_REVEAL_REWARD:
        _reward(w, seat, a, mv.a)
    elif code == T_CLAW:
        _claw(w, seat, mv.a)
    elif code == T_FAITH:
        if kind == M_FAITH and mv.a:
            dice = list(w.dice)
            dice.remove(max(dice))
            w.dice = tuple(dice)
            w.gain_resource(seat, 1)
    elif code == T_MOVE:
        if kind == M_STEP:
            w.todo.append((code, seat, a, b))
            dice = list(w.dice)
            dice.remove(mv.a)
            w.dice = tuple(dice)
            w.pos[seat] = mv.b
            if w.hero(seat) == NINJA and w.rules.terrain[mv.b] == FOREST:
                w.gain_resource(seat, 1)
            if w.rules.land_at[mv.b] >= 0:
                _fang.entered(w, seat, mv.b, mv.a)
    elif code == T_ACT:
        _act(w, seat, mv)
    elif code == T_ASK:
        if kind == M_ASK and mv.b:
            w.push((T_REPLY, a, b, 0))
    elif code == T_REPLY:
        if kind == M_REPLY and mv.a:
            w.party |= 1 << seat
    elif code == T_ABSORB:
        if kind == M_ABSORB:
            w.pay(seat, mv.a)
            w.health[seat] = max(0, w.health[seat] - (a - mv.a))
    elif code == T_SPEND:
        before = w.resource[seat]
        w.pay(seat, mv.a)
        w.push((T_ROLL, seat, b + mv.a - _heroes.thirst(w, seat, a, before), a))
    elif code == T_REROLL:
        if mv.a:
            w.score = w.pending = 0
            w.push((T_ROLL, seat, a, P_REROLLED))
    elif code == T_BULLET:
        if mv.a >= 0:
            w.spent |= 1 << seat
            w.score += (2, 1, 0)[mv.a]
            w.pending += 1
            changed = list(w.roll)
            changed[mv.a] -= 1
            changed[3] += 1
            w.roll = tuple(changed)
            w.push((T_EXTRA, seat, P_BATTLE, 0))
    elif code == T_SHIELD:
        if mv.a:
            w.spent |= 1 << seat
        else:
            retaliate(w, w.turn, a)
    elif code == T_SPECIAL:
        if mv.a:
            w.hurt(seat, [(seat, 1)])
        else:
            w.advance_meter(seat, 1)
    elif code == T_LAND:
        lands = list(w.lands)
        lands[a] = mv.a
        w.lands = tuple(lands)
    else:
        _heroes.decide(w, code, seat, a, b, mv)
    settle(w)
    return w.freeze()
