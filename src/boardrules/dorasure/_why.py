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

from boardrules.dorasure._board import CITY, FOREST, MOUNTAIN, PLAINS, VILLAGE
from boardrules.dorasure._moves import legal_moves
from boardrules.dorasure._state import (
    CHANCE,
    SHAMAN,
    WON,
    DorasureMove,
    State,
    Step,
    effective_terrain,
)
from boardrules.dorasure.tasks.moving import Act, Steps

__all__ = ["legal_now", "why_illegal"]

_STEPS = (
    "each step needs an unused die meeting the terrain's minimum (roads 2+, plains 3+, "
    "forests 5+, mountains never), and no stop on another hero"
)
_ACTIONS = (
    "after moving a hero may adventure (plains/forest), rest (City/village), gather "
    "information or quest next to a mountain, or pass"
)


def why_illegal(s: State, move: str | DorasureMove) -> str:
    """Why ``move`` (a move, or well-formed notation; not legal now) is refused."""
    if s.phase >= WON:
        result = "won" if s.phase == WON else "lost"
        return f"the game is over: the heroes have {result} (Dorasure §2.3, §2.4)"
    return _reason(s, move)


def legal_now(s: State) -> str:
    """The first legal moves, as the error messages list them."""
    return ", ".join(map(str, legal_moves(s)[:12]))


def _reason(s: State, move: str | DorasureMove) -> str:
    task = s.agenda[0]
    seat = task.seat
    hero = f"the {s.rules.hero_name(seat)}"  # a task's seat is a seat of the game (checked)
    # Text (from parse_move) and a move are read alike, by the words of the notation.
    text = str(move)
    word = text.partition(" ")[0]
    # What the front task waits for, and its clause (only a task that waits is at the front,
    # and each kind that waits says what for).
    what, rule = task.SAYS, task.CLAUSE
    if task.NODE == CHANCE:
        return f"{text!r} is not an outcome of {what} (Dorasure {rule})"
    if word not in task.WORDS:
        return f"{text!r} is not a choice now: {what.format(hero=hero)} (Dorasure {rule})"
    if type(task) is Steps and word == "step":
        if isinstance(move, Step):  # its fields, not its text: a forged name may hold spaces
            return f"{_why_not_step_move(s, seat, hero, move)}; {_STEPS}"
        _, value, name = text.split(" ")  # step 5 d2 (parse_move checked the notation)
        return f"{_why_not_step(s, seat, hero, int(value), name)}; {_STEPS}"
    if type(task) is Act:
        return f"{_why_not_action(s, seat, hero, word)}; {_ACTIONS}"
    return f"{text!r} is not one of the choices: {what.format(hero=hero)} (Dorasure {rule})"


def _why_not_step_move(s: State, seat: int, hero: str, move: Step) -> str:
    """Why the Step ``move`` is refused: its name is not its space's (a Step made by hand
    from the wrong fields), or the reason for its notation."""
    names = s.rules.board.names
    if not 0 <= move.space < len(names) or names[move.space] != move.name:
        return (
            f"a Step's name must be the name of its space, and {move.name!r} is not the "
            f"name of space {move.space} (Dorasure §4.1)"
        )
    return _why_not_step(s, seat, hero, move.die, move.name)


def _why_not_step(s: State, seat: int, hero: str, value: int, name: str) -> str:
    board = s.rules.board
    if s.locked[seat] >= 0:
        return f"{hero} is held in the labyrinth and may only stop (Dorasure §5.7)"
    if value not in s.dice:
        return f"no unused movement die shows {value} (Dorasure §4.1)"
    if value == 1:
        return "a 1 never moves (Dorasure §4.2)"
    there = board.index.get(name)
    if there is None or there not in board.neighbours[s.pos[seat]]:
        return f"{name} is not next to {hero} (Dorasure §4.1)"
    if s.rules.terrain[there] == MOUNTAIN:  # razing makes a road of Belk, no mountain
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
