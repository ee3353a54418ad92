"""The checks every decoded or constructed Dorasure state passes.

A state is accepted only if every field is in range, the fields agree with each other (tiles
used once, flags and rewards only on face-up quests, a held hero next to his labyrinth...),
the agenda's front is a decision or a roll, and its moves can be listed.  The same checks
run on every state :func:`~boardrules.dorasure.apply_move` returns when
``_rules.CHECK_RESULTS`` is on (``BOARDRULES_CHECK_STATES=1``), as in the property tests,
with the laws of play (:data:`LAWS`): a move from a state that keeps them keeps them.
"""

from __future__ import annotations

from collections import Counter

from boardrules.dorasure._board import MOUNTAIN, SHARED
from boardrules.dorasure._data import QUESTS, REWARDS
from boardrules.dorasure._engine import reading_battle_roll, settle
from boardrules.dorasure._moves import chance_outcomes, legal_moves
from boardrules.dorasure._state import (
    ADVENTURE,
    BATTLE,
    BOOK,
    CAP,
    GRAND_MASTER,
    HUNTER,
    LAIR,
    MINSTREL,
    PALADIN,
    PRINCE,
    STEP,
    TREASURE,
    VAMPIRE,
    WON,
    DorasureState,
)
from boardrules.dorasure._work import Thawed
from boardrules.dorasure.tasks._base import MAX_DICE
from boardrules.dorasure.tasks._registry import task_problem
from boardrules.dorasure.tasks.battle import BattleStart, ComboEnd
from boardrules.dorasure.tasks.damage import Deaths, Survival
from boardrules.dorasure.tasks.dragon import Rampage
from boardrules.dorasure.tasks.expansions import Replenish
from boardrules.dorasure.tasks.fang import Land
from boardrules.dorasure.tasks.moving import MoveRoll, Steps
from boardrules.dorasure.tasks.quests import AfterQuest, Ask, QuestEnd, Reply, RevealQuest
from boardrules.dorasure.tasks.rolls import Extra
from boardrules.dorasure.tasks.turn import EndTurn
from boardrules.errors import StateFormatError

__all__ = ["LAWS", "MAX_AGENDA", "MAX_DICE", "breaks_a_law", "check_state"]

#: The most tasks an agenda may hold: far above the longest that play builds (about 30,
#: with eleven heroes all hurt at once), so that a document's agenda is refused by its
#: length before any of its tasks is read.
MAX_AGENDA = 200


def check_state(s: DorasureState) -> DorasureState:
    """``s`` if it is a well-formed Dorasure state (its running score made canonical), else
    StateFormatError naming the broken field.  The laws of play (:data:`LAWS`) are not
    checked here: a setup may leave out the history behind it (see :func:`breaks_a_law`)."""
    for p in range(s.rules.seats):
        _check_hero(s, p)
    _check_tiles(s)
    _check_expansions(s)
    if len(s.dice) > 6 or list(s.dice) != sorted(s.dice):
        raise StateFormatError("dice: at most 6 movement dice, in rising order")
    if s.wounds >= s.rules.tracks.health and s.phase != WON:
        raise StateFormatError("wounds: the dragon is slain only when the heroes have won")
    if s.phase >= WON:
        if s.agenda:
            raise StateFormatError("agenda: empty once the game is over")
        return s
    _check_agenda(s)
    _battle_due(s)
    _check_phase(s)
    _check_spaces(s)
    return _check_front(s)


def _check_hero(s: DorasureState, p: int) -> None:
    """One hero's tracks, space and labyrinth."""
    rules = s.rules
    board = rules.board
    sheet = rules.sheets[p]
    if not 0 <= s.xp[p] <= rules.tracks.xp_max:
        raise StateFormatError(f"xp: 0..{rules.tracks.xp_max}")
    level = s.level(p)
    if board.terrain[s.pos[p]] == MOUNTAIN:
        raise StateFormatError(f"pos: {rules.hero_name(p)} stands on a mountain")
    if not 0 <= s.health[p] <= sheet.health:
        raise StateFormatError(f"health: {rules.hero_name(p)} has 0..{sheet.health}")
    if not 0 <= s.resource[p] <= rules.stats[p][level][CAP]:
        raise StateFormatError(
            f"resource: {rules.hero_name(p)} holds at most "
            f"{rules.stats[p][level][CAP]} at level {level}"
        )
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


def _check_tiles(s: DorasureState) -> None:
    """Quest tiles used once, the farthest face up, flags and rewards on face-up quests."""
    rules = s.rules
    board = rules.board
    on_board = [q for q in s.quests if q >= 0]
    if len(set(on_board)) != len(on_board) or any(not 0 <= q < len(QUESTS) for q in on_board):
        raise StateFormatError("quests: each quest tile is on at most one mountain")
    if (
        s.quests[board.farthest] < 0
        and s.renewed[board.farthest] != 1
        and (len(s.agenda) < 1 or not isinstance(s.agenda[0], (RevealQuest, Land)))
    ):
        raise StateFormatError("quests: the farthest mountain's quest is face up from setup")
    for m in range(5):
        if s.quests[m] < 0 and (s.flags[m] or (s.rewards[m] >= 0 and s.renewed[m] != 1)):
            raise StateFormatError(
                "flags/rewards: only on a face-up quest (or a solved mountain's replenished one)"
            )
        if s.quests[m] >= 0 and s.flags[m] >= rules.quests[s.quests[m]].target:
            raise StateFormatError("flags: fewer than the quest's target")
    for k, (slug, copies) in enumerate(REWARDS):
        if s.rewards.count(k) > copies:
            raise StateFormatError(f"rewards: only {copies} {slug} tile(s)")


def _check_phase(s: DorasureState) -> None:
    """A full meter starts the battle; nobody is held or left dying where the phase says
    otherwise."""
    if (
        s.phase == ADVENTURE
        and s.meter >= s.rules.tracks.meter_end
        and not any(isinstance(t, BattleStart) for t in s.agenda)
    ):
        raise StateFormatError("meter: a full meter ends the Adventure Phase")
    if s.phase == BATTLE:
        if any(lock >= 0 for lock in s.locked) or not (
            any(s.health) or reading_battle_roll(s.agenda)
        ):
            raise StateFormatError(
                "locked/health: no labyrinth in the battle, someone alive "
                "(or the last hero's roll still to be read)"
            )
    elif 0 in s.health and not any(isinstance(t, (Survival, Deaths)) for t in s.agenda):
        raise StateFormatError(
            "health: a hero at 0 in the Adventure Phase awaits the survival roll"
        )


def _check_spaces(s: DorasureState) -> None:
    """Two living heroes share a space only where the map allows it."""
    rules = s.rules
    living = [p for p in range(rules.seats) if s.health[p] > 0]
    # A hero passing through another's space is mid-move: at the step, or paying the damage
    # of a Poisonous Swamp he passes through.
    moving = isinstance(s.agenda[0], Steps) or (
        any(isinstance(task, Steps) for task in s.agenda) and rules.land_at[s.pos[s.turn]] >= 0
    )
    belk = rules.board.belk
    for p in living:
        for q in living:
            # Heroes who stopped together in Belk stay together when it is razed (the one
            # space whose terrain a razing changes, so the map's terrain is read here).
            if (
                p < q
                and s.pos[p] == s.pos[q]
                and rules.terrain[s.pos[p]] not in SHARED
                and not (moving and s.turn in (p, q))
                and s.pos[p] != belk
            ):
                raise StateFormatError(
                    "pos: two heroes stop on one space only in the City, a village or the Lake"
                )


def _check_front(s: DorasureState) -> DorasureState:
    """The front is a decision or a roll with moves; the running score made canonical."""
    # A running score that nothing can tell apart from a lower one is stored capped (see
    # _score): an older document with the score uncapped decodes to that equal state.
    s = Thawed(s).freeze()
    w = Thawed(s)
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
    """Each task by its kind's rule (see ``tasks/``), then what the agenda as a whole says
    about the roll being read."""
    if not s.agenda:
        raise StateFormatError("agenda: a game in progress has tasks to do")
    if len(s.agenda) > MAX_AGENDA:
        raise StateFormatError(f"agenda: at most {MAX_AGENDA} tasks")
    if s.agenda[0].NODE == STEP:
        raise StateFormatError("agenda: the front task is a decision or a roll")
    if not isinstance(s.agenda[-1], EndTurn):
        raise StateFormatError("agenda: it ends with the end of the turn of the hero in turn")
    for i in range(len(s.agenda)):
        problem = task_problem(s, i)
        if problem is not None:
            raise StateFormatError(f"agenda: {problem}")
    _check_agenda_as_a_whole(s)


def _check_agenda_as_a_whole(s: DorasureState) -> None:
    """One task of a unique kind, one roll with extra dice owed, a party only with a quest
    or a Team Combo, and movement dice only once rolled."""
    counts = Counter(type(t) for t in s.agenda)
    for kind, count in counts.items():
        if kind.UNIQUE and count > 1:
            raise StateFormatError(f"agenda: at most one {kind.__name__} task")
    if s.pending and Extra not in counts:  # (a second Extra is refused just above)
        raise StateFormatError("pending: extra dice are owed only while one roll is read")
    if s.party and not any(isinstance(t, _PARTY_TASKS) for t in s.agenda):
        raise StateFormatError("party: heroes team up only in a quest or a Team Combo")
    if s.dice and (s.phase != ADVENTURE or MoveRoll in counts):
        raise StateFormatError("dice: movement dice only after the movement roll")


_PARTY_TASKS = (QuestEnd, ComboEnd, Ask, Reply)


def _check_expansions(s: DorasureState) -> None:
    """Land tiles, replenished quests and the Grand Master's reroll flag."""
    rules = s.rules
    n = rules.seats
    if s.spent >> n and (s.spent >> n != 1 or rules.heroes != (GRAND_MASTER,)):
        raise StateFormatError("spent: one bit per hero, and the Grand Master's reroll")
    drawn = [t for t in s.lands if t >= 0]
    if (
        len(s.lands) != len(rules.fang)
        or len(set(drawn)) != len(drawn)
        or any(not -1 <= t < 8 for t in s.lands)
    ):
        raise StateFormatError("lands: one different land tile (or none yet) per Fang hex")
    pending = {t.hex for t in s.agenda if isinstance(t, Land)}
    if any(t < 0 and k not in pending for k, t in enumerate(s.lands)):
        raise StateFormatError("lands: every Fang hex gets its tile at setup")
    if len(s.renewed) != 5 or any(not 0 <= r <= 2 for r in s.renewed):
        raise StateFormatError("renewed: 0, 1 or 2 per mountain")
    marked = [m for m in range(5) if s.renewed[m]]
    if marked and not rules.crowd:
        raise StateFormatError("renewed: Quest Replenishing needs 6 or more heroes")
    if any(s.rewards[m] < 0 for m in marked):
        raise StateFormatError("renewed: only a solved mountain gets a new quest")
    if (
        len(s.retired) != len(marked)
        or list(s.retired) != sorted(set(s.retired))
        or any(not 0 <= q < len(QUESTS) for q in s.retired)
    ):
        raise StateFormatError("retired: one solved tile per replenished mountain")
    if any(q in s.quests for q in s.retired):
        raise StateFormatError("retired: a retired tile is off the board")
    if len(QUESTS) - len(s.retired) - sum(q >= 0 for q in s.quests) < s.quests.count(-1):
        raise StateFormatError("quests: not enough tiles left for the face-down quests")


# -- what play leaves behind ------------------------------------------------------------------
#
# The tracks that only grow (XP, the meter, the dragon's wounds, the treasures used) and the
# tiles claimed tell each other apart: each law below is a fact that every move keeps, so
# a state that breaks one is no state of a game.  The property tests play games with
# ``_rules.CHECK_RESULTS`` on, so a law too strict for the engine fails them at once.


def _all_solved(s: DorasureState) -> bool:
    return -1 not in s.rewards and 1 not in s.renewed


def _wounds_law(s: DorasureState) -> str | None:
    """The dragon is wounded in the Adventure Phase only by a Dragon's Lair and by a
    replenished quest solved, then only in the battle; it is slain exactly when won."""
    health = s.rules.tracks.health
    earned = s.rewards.count(LAIR) + s.renewed.count(2)
    if s.phase == ADVENTURE and s.wounds != earned:
        return "wounds: in the Adventure Phase, one per Dragon's Lair and replenished quest solved"
    if s.wounds < min(health, earned):
        return "wounds: at least one per Dragon's Lair and replenished quest solved"
    if (s.phase == WON) != (s.wounds == health):
        return "wounds: the dragon's health is gone exactly when the heroes have won"
    return None


def _xp_law(s: DorasureState) -> str | None:
    """EXP only grows, and the Book of Dragons gives every hero 1."""
    book = BOOK in s.rewards
    if book and min(s.xp) < 1:
        return "xp: the Book of Dragons gave every hero 1 EXP"
    return None


def _meter_law(s: DorasureState) -> str | None:
    """The meter only climbs: the first Dragon's Lair moves it, a rampage comes at a fire
    icon (or the full meter), Quest Replenishing at the third."""
    tracks = s.rules.tracks
    kinds = {type(t) for t in s.agenda}
    if LAIR in s.rewards and s.meter < 1:
        return "meter: the first Dragon's Lair found moved the dragon token"
    first = tracks.fire_icons[0] if tracks.fire_icons else tracks.meter_end
    if (s.razed or Rampage in kinds) and s.meter < first:
        return "meter/razed: the dragon rampages only from its first fire icon"
    if any(s.renewed) or Replenish in kinds:
        third = tracks.fire_icons[2] if len(tracks.fire_icons) > 2 else tracks.meter_end + 1
        if s.meter < third:
            return "meter/renewed: quests are replenished at the third fire icon"
    return None


def _battle_law(s: DorasureState) -> str | None:
    """The battle begins with the meter full or every quest solved."""
    full = s.meter >= s.rules.tracks.meter_end
    begun = s.phase == BATTLE or any(isinstance(t, BattleStart) for t in s.agenda)
    if begun and not (full or _all_solved(s)):
        return "phase: the battle begins with a full meter or every quest solved"
    return None


def _battle_due(s: DorasureState) -> None:
    """Once every quest is solved the Climactic Battle is due: an Adventure Phase with
    nothing left to quest for and no battle coming is no position of the game at all."""
    starting = any(isinstance(t, (BattleStart, AfterQuest)) for t in s.agenda)
    if s.phase == ADVENTURE and _all_solved(s) and not starting:
        raise StateFormatError("phase: once every quest is solved, the Climactic Battle begins")


#: The heroes whose once-per-game treasure marks ``spent``: Minstrel (Lullaby, in the
#: Adventure Phase too), Hunter, Vampire, Grand Master and Paladin (in the battle).
_ONCE = frozenset((HUNTER, VAMPIRE, GRAND_MASTER, PALADIN))


def _treasure_law(s: DorasureState) -> str | None:
    """A once-per-game treasure is used only once the Treasure is found, and only by its
    hero; the Prince's gold is 1 until the battle's True Wealth."""
    rules = s.rules
    treasure = TREASURE in s.rewards
    for p, hero in enumerate(rules.heroes):
        if s.spent >> p & 1 and not (
            treasure and (hero == MINSTREL or (hero in _ONCE and s.phase != ADVENTURE))
        ):
            return "spent: a treasure used before it is found, or by a hero without one"
        if hero == PRINCE and s.gold[p] > (1 if s.phase == ADVENTURE or not treasure else 4):
            return "gold: the Prince has 1 gold, 3 more with the Treasure in the battle"
    return None


#: Every law of play: what each move keeps, read off the tracks that only grow and the tiles
#: claimed.  A game from its start keeps them all; a position set up by hand may break one
#: (a wounded dragon whose lairs are not drawn) and plays on as given.
LAWS = (_wounds_law, _xp_law, _meter_law, _battle_law, _treasure_law)


def breaks_a_law(s: DorasureState) -> str | None:
    """The first law of play (:data:`LAWS`) that ``s`` breaks, in words, or None.  The debug
    check of :func:`~boardrules.dorasure.apply_move` (``BOARDRULES_CHECK_STATES=1``) asserts
    that a move from a state keeping them all gives one that keeps them all."""
    for law in LAWS:
        problem = law(s)
        if problem is not None:
            return problem
    return None
