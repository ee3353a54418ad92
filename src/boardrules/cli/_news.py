"""What a move did, in words, for ``boardrules play``: captures, bonuses, pieces lost or home,
eliminations, quests solved.  Read from the positions before and after the move through the
public API (:func:`boardrules.pieces`, the states' documented fields), never from the rules'
internals, so the words cannot disagree with the board.

>>> import boardrules as br
>>> from boardrules.cli._news import news
>>> from boardrules.parchis import position
>>> s = position({"yellow": [10], "red": [14]}, players=2, roll=4)
>>> move = br.parse_move(s, "10+4")
>>> news(s, move, br.apply_move(s, move))
["captures red's piece on 14", 'counts 20 with any piece']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import boardrules as br


def news(before: Any, move: Any, after: Any) -> list[str]:
    """The events of ``move`` (played in ``before``, giving ``after``) worth saying, each a
    short phrase; empty for a plain move."""
    teller = _TELLERS.get(br.game_of(before).name)
    return teller(before, move, after) if teller is not None else []


def _lost(before: Any, after: Any) -> dict[str, Counter[int | str]]:
    """Per player, the places their pieces left (each place once per piece)."""
    old, new = br.pieces(before), br.pieces(after)
    return {who: Counter(old[who]) - Counter(new[who]) for who in old}


def _gained(before: Any, after: Any, who: str, place: str) -> int:
    return br.pieces(after)[who].count(place) - br.pieces(before)[who].count(place)


def _parchis(before: Any, move: Any, after: Any) -> list[str]:
    names = br.player_names(before)
    said: list[str] = []
    if br.is_chance(before):
        for who, left in _lost(before, after).items():
            if _gained(before, after, who, "nest") > 0:
                place = next(iter(left))
                said.append(f"third six: {who}'s piece on {place} goes back to the nest")
        return said
    mover = names[br.current_player(before)]
    for who, left in _lost(before, after).items():
        if who != mover and _gained(before, after, who, "nest") > 0:
            said += [f"captures {who}'s piece on {place}" for place in left]
    if _gained(before, after, mover, "goal") > 0:
        said.append("reaches the goal")
    if len(after.finished) > len(before.finished):
        said.append(f"{mover} has finished, place {len(after.finished)}")
    elif br.current_player(after) == br.current_player(before) and not br.is_chance(after):
        said.append(f"counts {after.count} with any piece")
    elif said and not len(after.finished) > len(before.finished):
        said.append("the bonus is lost: no piece can count it")
    return said


def _dorada(before: Any, move: Any, after: Any) -> list[str]:
    if br.is_chance(before):
        return []
    names = br.player_names(before)
    mover = names[br.current_player(before)]
    said: list[str] = []
    for place in Counter(br.pieces(after)[mover]) - Counter(br.pieces(before)[mover]):
        if isinstance(place, int):
            stack = before.track[place]
            if stack and names[stack[-1]] != mover:
                said.append(f"lands on {names[stack[-1]]}'s piece on field {place}, blocking it")
        elif place.startswith("bridge "):
            said.append(f"falls into the stumble field {place.split()[1]}: lost, a bridge now")
        elif place == "dorada":
            said.append(f"reaches DORADA, arrival {len(after.dorada)}")
    return said


def _docker(before: Any, move: Any, after: Any) -> list[str]:
    names = br.player_names(before)
    said: list[str] = []
    if not br.is_chance(before):
        covered = before.towers[move.target]
        if covered and covered[-1] != before.turn:
            square = str(move).split("-")[1]
            said.append(f"climbs onto {names[covered[-1]]}'s piece on {square}")
    said += [
        f"{names[seat]} cannot use the roll: eliminated"
        for seat in after.eliminated[len(before.eliminated) :]
    ]
    if br.is_chance(before) and br.is_chance(after) and after.turn == before.turn and not said:
        said.append(f"{names[before.turn]} cannot use the roll and rolls again")
    return said


def _dorasure(before: Any, move: Any, after: Any) -> list[str]:
    names = br.player_names(before)
    board = before.rules.board
    said = [
        f"{names[p]} dies" for p in range(len(names)) if before.health[p] > 0 == after.health[p]
    ]
    said += [
        f"{names[p]} reaches level {after.level(p)}"
        for p in range(len(names))
        if after.level(p) > before.level(p)
    ]
    rewards = br.game_of(after).encode(after)["rewards"]
    for m, (old, new) in enumerate(zip(before.rewards, after.rewards, strict=True)):
        if old != new and rewards[m] is not None:
            said.append(f"quest on {board.names[board.mountains[m]]} solved: {rewards[m]}")
    if after.wounds > before.wounds:
        wounds = f"{after.wounds} wound" + ("s" if after.wounds > 1 else "")
        said.append(f"the dragon is wounded ({wounds})")
    return said


_TELLERS: dict[str, Callable[[Any, Any, Any], list[str]]] = {
    "parchis": _parchis,
    "dorada": _dorada,
    "docker": _docker,
    "dorasure": _dorasure,
}
