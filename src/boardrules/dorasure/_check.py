"""The checks every decoded or constructed Dorasure state passes.

A state is accepted only if every field is in range, the fields agree with each other (tiles
used once, flags and rewards only on face-up quests, a held hero next to his labyrinth...),
the agenda's front is a decision or a roll, and its moves can be listed.
"""

from __future__ import annotations

from boardrules.dorasure._board import MOUNTAIN, SHARED
from boardrules.dorasure._data import QUESTS, REWARDS
from boardrules.dorasure._engine import reading_battle_roll, settle
from boardrules.dorasure._rules import chance_outcomes, legal_moves
from boardrules.dorasure._state import (
    ADVENTURE,
    BATTLE,
    CAP,
    CHANCE_TASKS,
    DECISION_TASKS,
    GRAND_MASTER,
    MAGICIAN,
    MINSTREL,
    P_ADVENTURE,
    P_BATTLE,
    P_QUEST,
    PRINCE,
    SAMURAI,
    SHAMAN,
    T_ABSORB,
    T_ASK,
    T_BATTLE_START,
    T_BIG_BANG,
    T_CLAW,
    T_DEATHS,
    T_DOLL,
    T_ELIXIR,
    T_END_TURN,
    T_EXTRA,
    T_GAUNTLETS,
    T_GUST,
    T_KISS,
    T_LAND,
    T_LULLABY,
    T_MASTER_REROLL,
    T_MOVE,
    T_PICK,
    T_QUEST_END,
    T_QUEST_ROLLS,
    T_QUEST_START,
    T_REPLENISH,
    T_REPLY,
    T_REROLL,
    T_REVEAL_QUEST,
    T_REVEAL_REWARD,
    T_ROLL,
    T_SHIELD,
    T_SPECIAL,
    T_SPEND,
    T_SURVIVAL,
    T_TUNE,
    TASK_COUNT,
    VAMPIRE,
    WEREWOLF,
    WON,
    DorasureState,
)
from boardrules.dorasure._work import Work, effective_terrain
from boardrules.errors import StateFormatError

__all__ = ["MAX_DICE", "check_state"]

#: The most dice a stored roll may name.
MAX_DICE = 40


def check_state(s: DorasureState) -> DorasureState:
    """``s`` if it is a possible Dorasure state (its running score made canonical), else
    StateFormatError naming the broken field."""
    rules = s.rules
    n = rules.seats
    board = rules.board
    tracks = rules.tracks
    for p in range(n):
        sheet = rules.sheets[p]
        if not 0 <= s.xp[p] <= tracks.xp_max:
            raise StateFormatError(f"xp: 0..{tracks.xp_max}")
        level = s.level(p)
        if board.terrain[s.pos[p]] == MOUNTAIN:
            raise StateFormatError(f"pos: {rules.hero_name(p)} stands on a mountain")
        if not 0 <= s.health[p] <= sheet.health:
            raise StateFormatError(f"health: {rules.hero_name(p)} has 0..{sheet.health}")
        if not 0 <= s.resource[p] <= rules.stats[p][level][CAP]:
            raise StateFormatError(f"resource: {rules.hero_name(p)} holds at most "
                                   f"{rules.stats[p][level][CAP]} at level {level}")
        if not 0 <= s.gold[p] <= (4 if rules.heroes[p] == PRINCE else 0):
            raise StateFormatError("gold: only the Prince has gold, at most 4")
        lock = s.locked[p]
        if lock >= 0 and (
            not 0 <= lock < 5
            or s.quests[lock] < 0
            or rules.quests[s.quests[lock]].failure != "stay"
            or not s.open_quest(lock)
            or lock not in board.near_mountains[s.pos[p]]
        ):
            raise StateFormatError("locked: a hero is held only next to an unsolved labyrinth")
    on_board = [q for q in s.quests if q >= 0]
    if len(set(on_board)) != len(on_board) or any(not 0 <= q < len(QUESTS) for q in on_board):
        raise StateFormatError("quests: each quest tile is on at most one mountain")
    if s.quests[board.farthest] < 0 and s.renewed[board.farthest] != 1 and (
        len(s.agenda) < 1 or s.agenda[0][0] not in (T_REVEAL_QUEST, T_LAND)
    ):
        raise StateFormatError("quests: the farthest mountain's quest is face up from setup")
    _check_expansions(s)
    for m in range(5):
        if s.quests[m] < 0 and (s.flags[m] or (s.rewards[m] >= 0 and s.renewed[m] != 1)):
            raise StateFormatError("flags/rewards: only on a face-up quest (or a solved "
                                   "mountain's replenished one)")
        if s.quests[m] >= 0 and s.flags[m] >= rules.quests[s.quests[m]].target:
            raise StateFormatError("flags: fewer than the quest's target")
    for k, (slug, copies) in enumerate(REWARDS):
        if s.rewards.count(k) > copies:
            raise StateFormatError(f"rewards: only {copies} {slug} tile(s)")
    if len(s.dice) > 6 or list(s.dice) != sorted(s.dice):
        raise StateFormatError("dice: at most 6 movement dice, in rising order")
    if s.wounds >= tracks.health and s.phase != WON:
        raise StateFormatError("wounds: the dragon is slain only when the heroes have won")
    if s.phase >= WON:
        if s.agenda:
            raise StateFormatError("agenda: empty once the game is over")
        return s
    _check_agenda(s)
    if s.phase == ADVENTURE and s.meter >= tracks.meter_end and not any(
        t[0] == T_BATTLE_START for t in s.agenda
    ):
        raise StateFormatError("meter: a full meter ends the Adventure Phase")
    if s.phase == BATTLE:
        if any(lock >= 0 for lock in s.locked) or not (
            any(s.health) or reading_battle_roll(s.agenda)
        ):
            raise StateFormatError("locked/health: no labyrinth in the battle, someone alive "
                                   "(or the last hero's roll still to be read)")
    elif 0 in s.health and not any(t[0] in (T_SURVIVAL, T_DEATHS) for t in s.agenda):
        raise StateFormatError("health: a hero at 0 in the Adventure Phase awaits the survival "
                               "roll")
    living = [p for p in range(n) if s.health[p] > 0]
    # A hero passing through another's space is mid-move: at the step, or paying the damage
    # of a Poisonous Swamp he passes through.
    moving = s.agenda[0][0] == T_MOVE or (any(
        task[0] == T_MOVE for task in s.agenda) and rules.land_at[s.pos[s.turn]] >= 0)
    for p in living:
        for q in living:
            # Heroes who stopped together in Belk stay together when it is razed.
            if p < q and s.pos[p] == s.pos[q] and effective_terrain(
                rules, s.razed, s.pos[p]
            ) not in SHARED and not (moving and s.turn in (p, q)) and s.pos[p] != board.belk:
                raise StateFormatError("pos: two heroes stop on one space only in the City, "
                                       "a village or the Lake")
    # A running score that nothing can tell apart from a lower one is stored capped (see
    # _score): an older document with the score uncapped decodes to that equal state.
    s = Work(s).freeze()
    w = Work(s)
    settle(w)
    if w.freeze() != s:
        raise StateFormatError("agenda: the front task would be resolved automatically")
    try:
        moves = legal_moves(s)
        chance_outcomes(s)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, AssertionError):
        raise StateFormatError("agenda: the front task cannot be played here") from None
    if not moves:
        raise StateFormatError("agenda: the front task offers no move")
    return s


def _check_agenda(s: DorasureState) -> None:
    rules = s.rules
    n = rules.seats
    if not s.agenda:
        raise StateFormatError("agenda: a game in progress has tasks to do")
    if s.agenda[0][0] not in CHANCE_TASKS | DECISION_TASKS:
        raise StateFormatError("agenda: the front task is a decision or a roll")
    ends = [t for t in s.agenda if t[0] == T_END_TURN]
    second = (T_END_TURN, s.turn, 1, 0)
    if ends not in ([(T_END_TURN, s.turn, 0, 0)], [second]) or s.agenda[-1][0] != T_END_TURN:
        raise StateFormatError("agenda: it ends with the end of the turn of the hero in turn")
    if ends == [second] and (s.phase != BATTLE or rules.heroes[s.turn] != WEREWOLF):
        raise StateFormatError("agenda: only the Werewolf takes a second battle turn")
    if s.phase != ADVENTURE and any(t[0] == T_BATTLE_START for t in s.agenda):
        raise StateFormatError("agenda: the battle starts only once")
    for code, seat, a, b in s.agenda:
        if not 0 <= code < TASK_COUNT or not 0 <= seat < n:
            raise StateFormatError("agenda: task code or seat out of range")
        if not -1 <= a <= MAX_DICE or not -1 <= b <= MAX_DICE:
            raise StateFormatError("agenda: task argument out of range")
        if code in (T_QUEST_START, T_QUEST_ROLLS, T_QUEST_END) and (
            not 0 <= a < 5 or s.quests[a] < 0
        ):
            raise StateFormatError("agenda: a quest task needs a face-up quest")
        if code == T_REVEAL_QUEST and (not 0 <= a < 5 or s.quests[a] >= 0):
            raise StateFormatError("agenda: only a face-down quest is revealed")
        if code == T_REVEAL_REWARD and (
            not 0 <= a < 5 or s.quests[a] < 0 or s.rewards[a] >= 0
        ):
            raise StateFormatError("agenda: a reward is revealed under a solved quest")
        asked = b if code == T_ASK else a  # (T_ASK, seat, candidate, m), (T_REPLY, candidate, m)
        if code in (T_ASK, T_REPLY) and (not 0 <= asked < 5 or s.quests[asked] < 0):
            raise StateFormatError("agenda: assistance is asked for a face-up quest")
        if code == T_ASK and not 0 <= a < n:
            raise StateFormatError("agenda: assistance is asked of a hero in the game")
        if code == T_PICK and not (0 <= a <= 1 and 0 <= b <= 2):
            raise StateFormatError("agenda: a roll-off is for the highest or lowest")
        if code == T_SHIELD and a not in (1, 2):
            raise StateFormatError("agenda: the shield stops a blast or a slash")
        if code in (T_ROLL, T_SPEND, T_REROLL, T_EXTRA, T_ABSORB, T_CLAW) and (
            a < 0 or b < 0
        ):
            raise StateFormatError("agenda: counts are not negative")
    for i, (code, seat, a, b) in enumerate(s.agenda):
        if code < T_GUST:
            continue
        hero = _TASK_HERO.get(code)
        if hero is not None and rules.heroes[seat] != hero:
            raise StateFormatError("agenda: an expansion task of another hero")
        after = s.agenda[i + 1] if i + 1 < len(s.agenda) else (-1, -1, -1, -1)
        if code == T_DOLL and (not 0 <= a < n or a == seat or b < 1):
            raise StateFormatError("agenda: the doll takes damage of an ally")
        if code == T_TUNE and (a == seat or after[:2] != (T_SPEND, a)):
            raise StateFormatError("agenda: the tune comes before an ally's roll")
        if code == T_GAUNTLETS and after != (T_END_TURN, seat, 1, 0):
            raise StateFormatError("agenda: the gauntlets come at the end of his turn")
        if code in (T_GAUNTLETS, T_KISS, T_ELIXIR, T_BIG_BANG, T_GUST) and s.phase != BATTLE:
            raise StateFormatError("agenda: a battle treasure outside the battle")
        if code in (T_SPECIAL, T_LULLABY, T_REPLENISH) and s.phase != ADVENTURE:
            raise StateFormatError("agenda: a movement task outside the Adventure Phase")
        if code in (T_SPECIAL, T_REPLENISH) and not rules.crowd:
            raise StateFormatError("agenda: Special Chance and Replenishing need 6+ heroes")
        if code == T_LULLABY and a < 1:
            raise StateFormatError("agenda: the lullaby keeps the token of some 6s")
        if code == T_MASTER_REROLL and b not in (P_ADVENTURE, P_QUEST, P_BATTLE):
            raise StateFormatError("agenda: the Grand Master rerolls an adventure, quest or "
                                   "battle roll")
        if code == T_LAND and (not rules.fang or not 0 <= a < 5 or s.lands[a] >= 0):
            raise StateFormatError("agenda: a land tile is drawn onto an empty Fang hex")


_TASK_HERO = {
    T_GUST: SAMURAI, T_DOLL: SHAMAN, T_TUNE: MINSTREL, T_LULLABY: MINSTREL,
    T_BIG_BANG: MAGICIAN, T_KISS: VAMPIRE, T_GAUNTLETS: WEREWOLF,
    T_MASTER_REROLL: GRAND_MASTER, T_ELIXIR: GRAND_MASTER,
}


def _check_expansions(s: DorasureState) -> None:
    """Land tiles, replenished quests and the Grand Master's reroll flag."""
    rules = s.rules
    n = rules.seats
    if s.spent >> n and (s.spent >> n != 1 or rules.heroes != (GRAND_MASTER,)):
        raise StateFormatError("spent: one bit per hero, and the Grand Master's reroll")
    drawn = [t for t in s.lands if t >= 0]
    if len(s.lands) != len(rules.fang) or len(set(drawn)) != len(drawn) or any(
        not -1 <= t < 8 for t in s.lands
    ):
        raise StateFormatError("lands: one different land tile (or none yet) per Fang hex")
    pending = {a for code, _, a, _ in s.agenda if code == T_LAND}
    if any(t < 0 and k not in pending for k, t in enumerate(s.lands)):
        raise StateFormatError("lands: every Fang hex gets its tile at setup")
    if len(s.renewed) != 5 or any(not 0 <= r <= 2 for r in s.renewed):
        raise StateFormatError("renewed: 0, 1 or 2 per mountain")
    marked = [m for m in range(5) if s.renewed[m]]
    if marked and not rules.crowd:
        raise StateFormatError("renewed: Quest Replenishing needs 6 or more heroes")
    if any(s.rewards[m] < 0 for m in marked):
        raise StateFormatError("renewed: only a solved mountain gets a new quest")
    if len(s.retired) != len(marked) or list(s.retired) != sorted(set(s.retired)) or any(
        not 0 <= q < len(QUESTS) for q in s.retired
    ):
        raise StateFormatError("retired: one solved tile per replenished mountain")
    if any(q in s.quests for q in s.retired):
        raise StateFormatError("retired: a retired tile is off the board")
    if len(QUESTS) - len(s.retired) - sum(q >= 0 for q in s.quests) < s.quests.count(-1):
        raise StateFormatError("quests: not enough tiles left for the face-down quests")
