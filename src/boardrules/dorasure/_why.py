"""Why a Dorasure move is not legal now, citing the clause of the Rules section of the
Dorasure page that forbids it.

The front task of the agenda says what is being decided (or rolled); a move belongs to one
task by the first word of its notation.  A move of another task is refused with what is
being decided now; a move of the right task with the wrong arguments (a step the dice or
the terrain do not allow, an action not possible here) with the rule of that choice.

>>> from boardrules.dorasure import parse_move, position
>>> s = position(["Ninja", "Hunter"], at={"Ninja": "f1"}, quests={"g0": "golem"}, step="act")
>>> parse_move(s, "rest")
Traceback (most recent call last):
...
boardrules.errors.IllegalMoveError: 'rest' is not legal now: the Ninja rests only in the City
or a village (Dorasure §5.3); after moving a hero may ...; legal moves: adventure, quest g0, pass
"""

from __future__ import annotations

from boardrules.dorasure import _rules
from boardrules.dorasure._board import CITY, FOREST, MOUNTAIN, PLAINS, VILLAGE
from boardrules.dorasure._state import (
    CHANCE_TASKS,
    SHAMAN,
    T_ABSORB,
    T_ACT,
    T_ASK,
    T_BIG_BANG,
    T_BULLET,
    T_CLAW,
    T_DOLL,
    T_ELIXIR,
    T_EXTRA,
    T_FAITH,
    T_GAUNTLETS,
    T_GUST,
    T_KISS,
    T_LAND,
    T_LULLABY,
    T_MASTER_REROLL,
    T_MOVE,
    T_MOVE_ROLL,
    T_PICK,
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
    T_TUNE,
    WON,
    State,
)
from boardrules.dorasure._work import effective_terrain

__all__ = ["legal_now", "why_illegal"]

#: What the hero in turn is deciding at each decision task, and the clause that says so.
_DECIDING = {
    T_FAITH: ("the Paladin decides on Faith ('faith' or 'no-faith')", "§8.5"),
    T_MOVE: ("{hero} is moving: a step with an unused die, or 'stop'", "§4.1"),
    T_ACT: ("{hero} chooses the action after moving", "§5.1"),
    T_ASK: ("{hero} asks the heroes next to the quest to assist, or not", "§5.6"),
    T_REPLY: ("a hero answers the call to assist ('agree' or 'refuse')", "§5.6"),
    T_ABSORB: ("{hero} decides how much damage to pay with resources", "§6.1"),
    T_SPEND: ("{hero} decides how many resources to spend on extra dice", "§6.1"),
    T_REROLL: ("the Ninja decides on Oboro-Gasumi ('reroll' or 'no-reroll')", "§8.1"),
    T_BULLET: ("the Hunter decides on a Poisoned Bullet", "§8.2"),
    T_SHIELD: ("the Paladin decides on the Platinum Shield", "§8.5"),
    T_GUST: ("the Samurai decides on Final Move: Gust", "§9.3"),
    T_DOLL: ("the Shaman decides how much damage the Body-Swapping Doll takes", "§9.4"),
    T_TUNE: ("the Minstrel decides on dice for the Heroic Tune", "§9.5"),
    T_LULLABY: ("the Minstrel decides on the Lullaby", "§9.5"),
    T_BIG_BANG: ("the Magician decides on the Big Bang", "§9.6"),
    T_KISS: ("the Vampire decides on the Kiss of Death", "§9.7"),
    T_GAUNTLETS: ("the Werewolf decides on the Werewolf Lord's Gauntlets", "§9.8"),
    T_MASTER_REROLL: ("the Grand Master decides on his once-a-game reroll", "§9.9"),
    T_ELIXIR: ("the Grand Master decides on the Elixir", "§9.9"),
}

#: The roll being made at each chance task, and the clause that makes it.
_ROLLING = {
    T_MOVE_ROLL: ("the movement roll", "§3.1"),
    T_RAMPAGE: ("the Roaming Dragon Chart roll", "§3.3"),
    T_PICK: ("a roll-off of the heroes", "§3.3"),
    T_SURVIVAL: ("the survival roll", "§2.3"),
    T_ROLL: ("a roll read on the Adventuring Chart", "§5.2"),
    T_EXTRA: ("the extra die of a 6", "§5.2"),
    T_REVEAL_QUEST: ("a quest tile being turned face up", "§1.3"),
    T_REVEAL_REWARD: ("a reward tile being turned face up", "§5.8"),
    T_CLAW: ("the Retaliation roll", "§7.3"),
    T_SPECIAL: ("the Special Chance roll", "§9.1"),
    T_LAND: ("a Fang land tile being drawn", "§10.1"),
}

#: The tasks each word of the notation answers.
_WORD_TASKS: dict[str, frozenset[int]] = {
    word: frozenset(tasks)
    for words, tasks in (
        (("roll",), (T_MOVE_ROLL,)),
        (("dice",), (T_ROLL,)),
        (("extra",), (T_EXTRA,)),
        (("rampage",), (T_RAMPAGE,)),
        (("highest", "lowest"), (T_PICK,)),
        (("survival",), (T_SURVIVAL,)),
        (("claw",), (T_CLAW,)),
        (("quest-tile",), (T_REVEAL_QUEST,)),
        (("reward",), (T_REVEAL_REWARD,)),
        (("faith", "no-faith"), (T_FAITH,)),
        (("step", "stop"), (T_MOVE,)),
        (("adventure", "rest", "gather", "quest", "pass"), (T_ACT,)),
        (("ask", "skip"), (T_ASK,)),
        (("agree", "refuse"), (T_REPLY,)),
        (("absorb",), (T_ABSORB,)),
        (("spend",), (T_SPEND,)),
        (("reroll", "no-reroll"), (T_REROLL, T_MASTER_REROLL)),
        (("bullet", "no-bullet"), (T_BULLET,)),
        (("shield", "no-shield"), (T_SHIELD,)),
        (("gust", "no-gust"), (T_GUST,)),
        (("doll",), (T_DOLL,)),
        (("tune",), (T_TUNE,)),
        (("lullaby", "no-lullaby"), (T_LULLABY,)),
        (("big-bang", "no-big-bang"), (T_BIG_BANG,)),
        (("kiss", "no-kiss"), (T_KISS,)),
        (("gauntlets", "no-gauntlets"), (T_GAUNTLETS,)),
        (("elixir", "no-elixir"), (T_ELIXIR,)),
        (("special",), (T_SPECIAL,)),
        (("land",), (T_LAND,)),
    )
    for word in words
}


_STEPS = (
    "each step needs an unused die meeting the terrain's minimum (roads 2+, plains 3+, "
    "forests 5+, mountains never), and no stop on another hero"
)
_ACTIONS = (
    "after moving a hero may adventure (plains/forest), rest (City/village), gather "
    "information or quest next to a mountain, or pass"
)


def why_illegal(s: State, text: str) -> str:
    """Why the move written ``text`` (well-formed notation, not legal now) is refused."""
    if s.phase >= WON:
        result = "won" if s.phase == WON else "lost"
        return f"the game is over: the heroes have {result} (Dorasure §2.3, §2.4)"
    return _reason(s, text)


def legal_now(s: State) -> str:
    """The first legal moves, as the error messages list them."""
    return ", ".join(m.text for m in _rules.legal_moves(s)[:12])


def _reason(s: State, text: str) -> str:
    code, seat = s.agenda[0][0], s.agenda[0][1]
    hero = f"the {s.rules.hero_name(seat)}" if 0 <= seat < s.rules.seats else "the hero"
    word = text.split(" ", 1)[0]
    if code in CHANCE_TASKS:
        what, rule = _ROLLING[code]
        return f"{text!r} is not an outcome of {what} (Dorasure {rule})"
    what, rule = _DECIDING.get(code, ("the rules decide the next step", "§2"))
    if code not in _WORD_TASKS.get(word, frozenset()):
        return f"{text!r} is not a choice now: {what.format(hero=hero)} (Dorasure {rule})"
    if code == T_MOVE and word == "step":
        return f"{_why_not_step(s, seat, hero, text)}; {_STEPS}"
    if code == T_ACT:
        return f"{_why_not_action(s, seat, hero, word)}; {_ACTIONS}"
    return f"{text!r} is not one of the choices: {what.format(hero=hero)} (Dorasure {rule})"


def _why_not_step(s: State, seat: int, hero: str, text: str) -> str:
    _, value_text, name = text.split(" ")
    board = s.rules.board
    value = int(value_text)
    if s.locked[seat] >= 0:
        return f"{hero} is held in the labyrinth and may only stop (Dorasure §5.7)"
    if value not in s.dice:
        return f"no unused movement die shows {value} (Dorasure §4.1)"
    if value == 1:
        return "a 1 never moves (Dorasure §4.2)"
    there = board.index.get(name, -1)
    if there < 0 or there not in board.neighbours[s.pos[seat]]:
        return f"{name} is not next to {hero} (Dorasure §4.1)"
    terrain = effective_terrain(s.rules, s.razed, there)
    if terrain == MOUNTAIN:
        return "mountains are never entered (Dorasure §4.2)"
    need = s.rules.entry[there]
    if value < need:
        return f"{name} needs a die of {need} or more (Dorasure §4.2)"
    return (
        f"{hero} may stop on another hero only in the City, a village or the Lake, and "
        f"could not move on from {name} (Dorasure §4.3)"
    )


def _why_not_action(s: State, seat: int, hero: str, word: str) -> str:
    terrain = effective_terrain(s.rules, s.razed, s.pos[seat])
    if s.locked[seat] >= 0:
        return f"{hero} is held in the labyrinth and must try it again (Dorasure §5.7)"
    if word == "adventure" and terrain not in (PLAINS, FOREST):
        return f"{hero} adventures only on plains or in a forest (Dorasure §5.2)"
    if word == "rest":
        if terrain == CITY and s.rules.heroes[seat] == SHAMAN:
            return "the Shaman never rests in the City (Dorasure §9.4)"
        if terrain not in (CITY, VILLAGE):
            return f"{hero} rests only in the City or a village (Dorasure §5.3)"
    if word == "gather":
        return (
            f"{hero} gathers information only next to a mountain whose quest is face "
            "down (Dorasure §5.4)"
        )
    if word == "quest":
        return f"{hero} quests only next to a face-up quest still to solve (Dorasure §5.5)"
    return f"{hero} cannot {word} here (Dorasure §5.1)"
