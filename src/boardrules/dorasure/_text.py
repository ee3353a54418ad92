"""Dorasure as text: the move notation (:func:`parse_move`) and a picture of a position, the
map with the heroes, the dragon and the sheets (:func:`render`).

>>> from boardrules.dorasure import render
>>> from boardrules.dorasure import new_game
>>> print(render(new_game(players=2)).splitlines()[0])
Dorasure - Adventure Phase, Ninja's turn
"""

from __future__ import annotations

import re

from boardrules._values import safe_repr
from boardrules.dorasure._board import MOUNTAIN
from boardrules.dorasure._fang import LANDS
from boardrules.dorasure._heroes import attribute_of, lycan
from boardrules.dorasure._rules import legal_moves
from boardrules.dorasure._state import (
    BATTLE,
    CHANCE,
    COMBAT,
    KNOWLEDGE,
    LOST,
    PRINCE,
    REWARD_SLUGS,
    SEARCH,
    SPEED,
    TREASURE,
    WEAPONS,
    WEREWOLF,
    WON,
    DorasureState,
    Move,
)
from boardrules.dorasure._why import legal_now, why_illegal
from boardrules.dorasure.tasks.rolls import Extra, Roll
from boardrules.errors import IllegalMoveError, MoveSyntaxError

__all__ = ["parse_move", "pieces", "player_name", "render"]

_LETTERS = "CVRLPFM"


def player_name(state: DorasureState, seat: int) -> str:
    """The name of ``seat``: its hero.

    >>> from boardrules.dorasure import new_game, player_name
    >>> player_name(new_game(players=2), 1)
    'Gladiator'
    """
    return state.rules.hero_name(seat)


def pieces(state: DorasureState) -> dict[str, list[str]]:
    """Where each hero is, by the map's name of the space (``"city"``, ``"c2"``), as
    :func:`~boardrules.dorasure.position` takes it: one piece per hero, in a list like
    every game's (a hero at no health stays where it fell).

    >>> from boardrules.dorasure import pieces, position
    >>> pieces(position(["Ninja", "Hunter"], at={"Ninja": "c2"}, quests={"g0": "golem"}))
    {'Ninja': ['c2'], 'Hunter': ['city']}
    """
    names = state.rules.board.names
    return {player_name(state, p): [names[space]] for p, space in enumerate(state.pos)}


def render(s: DorasureState) -> str:
    """The map (seat numbers on the heroes' spaces), the dragon, the quests and the sheets."""
    rules = s.rules
    phase = {
        0: "Adventure Phase",
        BATTLE: "Climactic Battle",
        WON: "the heroes have won",
        LOST: "the heroes have lost",
    }[s.phase]
    lines = [
        f"Dorasure - {phase}" + (f", {rules.hero_name(s.turn)}'s turn" if s.phase < WON else "")
    ]
    lines += _map_lines(s)
    lines += _tile_lines(s)
    lines += [_hero_line(s, p) for p in range(rules.seats)]
    if s.phase < WON:
        lines.append(_next_line(s))
    return "\n".join(lines)


def _map_lines(s: DorasureState) -> list[str]:
    """The hex map by rows, with the heroes' seats and the mountains' quest marks."""
    rules = s.rules
    board = rules.board
    here: dict[int, str] = {}
    for p, space in enumerate(s.pos):
        if s.health[p] > 0:
            here[space] = here.get(space, "") + str(p)
    marks = {
        m: ("*" if not s.open_quest(i) else "!" if s.quests[i] >= 0 else "?")
        for i, m in enumerate(board.mountains)
    }
    width = max(len(r.split()) for r in board.rows)
    lines = [("    " + "".join(f"{chr(97 + c):<4}" for c in range(width))).rstrip()]
    for r, row in enumerate(board.rows):
        cells = []
        for c, letter in enumerate(row.split()):
            space = next(i for i, cs in enumerate(board.cells) if (c, r) in cs)
            if space == board.belk and s.razed:
                letter = "x"
            elif rules.land_at[space] >= 0:
                letter = "#"
            mark = marks.get(space, "")
            first = board.cells[space][0] == (c, r)
            text = letter + (
                mark if board.terrain[space] == MOUNTAIN else here.get(space, "") if first else ""
            )
            cells.append(f"{text:<4}")
        lines.append(f"{r:<2}" + ("  " if r & 1 else "") + "".join(cells).rstrip())
    lines.append("    C city  V village (x: razed Belk)  R road  L lake  P plains  F forest")
    lines.append(
        "    M mountain: ? quest face down, ! face up, * solved"
        + ("  # Fang land tile" if rules.fang else "")
    )
    return lines


def _tile_lines(s: DorasureState) -> list[str]:
    """The dragon's tracks, the quests, the land tiles and the treasures found."""
    rules = s.rules
    board = rules.board
    tracks = rules.tracks
    lines = [
        f"Dragon meter {s.meter}/{tracks.meter_end} (fire at "
        f"{', '.join(map(str, tracks.fire_icons))}), health {tracks.health - s.wounds}/"
        f"{tracks.health} (claws at {', '.join(map(str, tracks.claws))} swords)"
    ]
    for i, m in enumerate(board.mountains):
        q = s.quests[i]
        if q < 0:
            name = "face down"
        else:
            tile = rules.quests[q]
            name = f"{tile.name} ({tile.attribute} {tile.target}, {s.flags[i]} flags)"
        reward = f", solved: {REWARD_SLUGS[s.rewards[i]]}" if s.rewards[i] >= 0 else ""
        lines.append(f"  quest {board.names[m]}: {name}{reward}")
    for k, space in enumerate(rules.fang):
        land = LANDS[s.lands[k]].name if s.lands[k] >= 0 else "not drawn yet"
        lines.append(f"  land {board.names[space]}: {land}")
    for i in range(5):
        if s.renewed[i]:
            state = "solved again" if s.renewed[i] == 2 else "replenished"
            lines.append(f"  quest {board.names[board.mountains[i]]}: {state}")
    found = [REWARD_SLUGS[k] for k in (WEAPONS, TREASURE) if k in s.rewards]
    if found:
        lines.append("  found: " + ", ".join(found))
    return lines


def _hero_line(s: DorasureState, p: int) -> str:
    """One hero's sheet as it stands (attributes as rolled now)."""
    rules = s.rules
    level = s.level(p)
    st = rules.stats[p][level]

    def attr(column: int) -> int:
        return attribute_of(rules, p, column, s.xp[p], s.resource[p])

    gold = f" gold {s.gold[p]}" if rules.heroes[p] == PRINCE else ""
    lock = " (in the labyrinth)" if s.locked[p] >= 0 else ""
    if rules.heroes[p] == WEREWOLF and lycan(rules, s.xp[p]):
        lock += " (Lycan form)"
    if s.health[p] == 0:
        lock += " (dead)" if s.phase != 0 else " (dying)"
    return (
        f"{p} {rules.hero_name(p):<10} {rules.board.names[s.pos[p]]:<5} health "
        f"{s.health[p]}/{rules.sheets[p].health} resource {s.resource[p]}{gold} xp "
        f"{s.xp[p]} (level {level}) speed {st[SPEED]} combat {attr(COMBAT)} search "
        f"{attr(SEARCH)} knowledge {attr(KNOWLEDGE)}{lock}"
    )


def _next_line(s: DorasureState) -> str:
    """Who plays next and what."""
    task = s.agenda[0]
    who = "chance" if task.NODE == CHANCE else s.rules.hero_name(task.seat)
    dice = f" (dice {' '.join(map(str, s.dice))})" if s.dice else ""
    score = f", score {s.score}" if type(task) in (Roll, Extra) else ""
    return f"Next: {who} - {task.SHOWN}{dice}{score}"


_NOTATION = re.compile(
    r"(roll( [1-6])+|dice [-0+6]+|extra [-0+6]|rampage [1-6]|(highest|lowest) [\w+-]+"
    r"|survival (saved|lost)|claw (miss|blast|slash)|quest-tile [a-z]+|reward [a-z]+"
    r"|faith|no-faith|step [1-6] [a-z]+[0-9]*|stop|adventure|rest|gather [a-z][0-9]+"
    r"|quest [a-z][0-9]+|pass|(ask|skip) [\w-]+|agree|refuse|absorb [0-9]+|spend [0-9]+"
    r"|reroll|no-reroll|bullet [-0+]|no-bullet|shield|no-shield"
    r"|(no-)?(gust|lullaby|big-bang|gauntlets|elixir)|no-kiss|kiss [\w-]+|(doll|tune) [0-9]+"
    r"|special (meter|hurt)|land [a-z]+)"
)


def parse_move(s: DorasureState, text: str) -> Move:
    """The legal move written ``text`` (see the notation on the docs page).

    >>> from boardrules.dorasure import new_game, parse_move
    >>> s = new_game(players=2)
    >>> str(parse_move(s, "quest-tile golem"))
    'quest-tile golem'
    """
    if not isinstance(text, str) or not _NOTATION.fullmatch(text.strip()):
        raise MoveSyntaxError(
            f"{safe_repr(text)} is not Dorasure move notation (e.g. 'step 5 d2', "
            "'spend 1', 'roll 2 6')"
        )
    wanted = text.strip()
    for mv in legal_moves(s):
        if str(mv) == wanted:
            return mv
    raise IllegalMoveError(
        f"{wanted!r} is not legal now: {why_illegal(s, wanted)}; legal moves: {legal_now(s)}"
    )
