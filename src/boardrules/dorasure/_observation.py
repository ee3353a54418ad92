"""What one Dorasure hero's player sees, as a flat vector from that seat.

Seats are relative: seat ``k`` is the hero ``k`` places after the observer in turn order
(``k = 0`` is the observer), and each seat says which hero it is.  The map is not turned (it
is not symmetric).  Face-down tiles are not part of a state at all (a tile is drawn when it
is turned up), so nothing hidden can show: the observation gives each mountain's face-up
quest tile or "face down", and the tiles taken out of the game.  With ``n`` heroes, ``S``
spaces, ``Q = 7`` quest tiles, ``T = 42`` kinds of task and ``K = 8`` tasks of the agenda
the vector holds:

================  ==================  ==========================================================
values            count               meaning
================  ==================  ==========================================================
**seat block**    ``S + 37`` each
hero              12                  one-hot: the hero, in the order of ``HERO_ORDER``
space             ``S``               one-hot: where the hero stands (map reading order)
health            1                   health divided by the sheet's health
resource          1                   resource divided by 12 (the highest cap a sheet allows)
gold              1                   the Prince's gold divided by 4
XP                1                   XP divided by the track's end
level             6                   one-hot: level 1-6
held              5                   one-hot: the mountain whose labyrinth holds the hero
treasure          1                   1 once the hero's once-per-game treasure is used
alive             1                   1 while health is above 0
party             1                   1 while the hero is in the quest or Team Combo
sheet             7                   the sheet at the hero's level: speed / 6, danger plains,
                                      danger forest, combat, search, knowledge, resource cap,
                                      each / 12
**the game**
phase             4                   one-hot: adventure, battle, won, lost
turn              ``n``               one-hot: the seat whose turn it is
Grand Master      1                   1 once the Grand Master's once-per-game reroll is used
dragon            3                   meter / meter end, wounds / the dragon's health, Belk
                                      razed (1)
mountains         ``5 (Q + 8)``       per mountain: quest tile one-hot (``Q``), face down (1),
                                      flags / 10, reward tile one-hot (4), a replenished quest
                                      to solve (1), the replenished one solved (1)
retired           ``Q``               1 for each quest tile taken out by Quest Replenishing
lands             ``8 L``             per Fang hex (``L`` = 5 with ``fang``, else 0): its land
                                      tile one-hot (all 0 while not drawn)
movement dice     6                   the unused movement dice showing 1..6, each count / 6
roll read         6                   score: ``(score + 64) / 128``; extra dice owed / 40;
                                      the roll's dice so far by class (1s, 2-3s, 4-5s, 6s),
                                      each / 40
agenda            ``K (T + n + 2)``   the first ``K`` tasks still to do: the task code one-hot
                                      (``T``), its seat one-hot (relative), its two arguments
                                      scaled into [0, 1] by their ranges (a seat argument is
                                      relative too); all 0 past the agenda's end
================  ==================  ==========================================================

Every value is in ``[0, 1]``.

>>> import boardrules as br
>>> s = br.new_game("dorasure", players=2)
>>> br.observation_shape(s)
(626,)
"""

from __future__ import annotations

import attrs

from boardrules._encoding import check_seat
from boardrules._lru import LRU, kept_in
from boardrules.dorasure._data import HERO_ORDER, QUESTS, REWARDS
from boardrules.dorasure._fang import LANDS
from boardrules.dorasure._state import PHASE_NAMES, TASK_COUNT, WON, Options, State
from boardrules.dorasure.tasks._base import MAX_DICE
from boardrules.dorasure.tasks._registry import TASK_TYPES
from boardrules.game import FloatBuffer

__all__ = ["observation", "observation_into", "observation_shape", "observation_string"]

#: How many tasks of the agenda the observation shows.
AGENDA_SHOWN = 8
_HEROES = len(HERO_ORDER)
_MOUNTAINS = 5
_Q = len(QUESTS)
_R = len(REWARDS)
_LANDS = len(LANDS)
_LEVELS = 6
_SCORE_SPAN = 64
# Offsets inside a seat block (after the hero and the space one-hots).
_HEALTH, _RESOURCE, _GOLD, _XP, _LEVEL = 0, 1, 2, 3, 4
_HELD = _LEVEL + _LEVELS
_TREASURE = _HELD + _MOUNTAINS
_ALIVE, _PARTY, _SHEET = _TREASURE + 1, _TREASURE + 2, _TREASURE + 3
_REST = _SHEET + 7
_STAT_SCALE = (6, 12, 12, 12, 12, 12, 12)
_SEAT_FIELDS = frozenset(("candidate", "ally"))


@attrs.frozen(eq=False)
class _Layout:
    """Where each value lands for one setup; ``block`` is a seat block's length."""

    seats: int
    spaces: int
    block: int
    phase: int
    turn: int
    master: int
    dragon: int
    mountains: int
    retired: int
    lands: int
    dice: int
    roll: int
    agenda: int
    task: int
    size: int
    # Per task code: the scale of ``a`` and ``b`` as (low, span, is a seat) pairs.
    scales: tuple[tuple[tuple[int, int, bool], ...], ...]
    # Per seat: the hero, its sheet's health, and per level its sheet's values scaled.
    heroes: tuple[int, ...]
    health_scale: tuple[int, ...]
    sheets: tuple[tuple[tuple[float, ...], ...], ...]
    xp_scale: int


#: At most this many layouts are kept: a run plays few setups at a time.
LAYOUTS_SIZE = 64
_LAYOUTS: LRU[Options, _Layout] = LRU(LAYOUTS_SIZE)


def _scales() -> tuple[tuple[tuple[int, int, bool], ...], ...]:
    out = []
    for cls in TASK_TYPES:
        pairs = [
            (low, max(1, high - low), name in _SEAT_FIELDS)
            for name, (low, high) in zip(cls.FIELDS, cls.RANGES, strict=False)
        ]
        out.append(tuple(pairs))
    return tuple(out)


def _build(options: Options) -> _Layout:
    n, spaces = options.seats, len(options.board.names)
    block = _HEROES + spaces + _REST
    phase = n * block
    turn = phase + len(PHASE_NAMES)
    master = turn + n
    dragon = master + 1
    mountains = dragon + 3
    retired = mountains + _MOUNTAINS * (_Q + 8)
    lands = retired + _Q
    dice = lands + _LANDS * len(options.fang)
    roll = dice + 6
    agenda = roll + 6
    task = TASK_COUNT + n + 2
    size = agenda + AGENDA_SHOWN * task
    sheets = tuple(
        tuple(
            tuple(min(1.0, v / scale) for v, scale in zip(levels[level], _STAT_SCALE, strict=True))
            for level in range(_LEVELS + 1)
        )
        for levels in options.stats
    )
    return _Layout(
        n, spaces, block, phase, turn, master, dragon, mountains, retired, lands, dice, roll,
        agenda, task, size, _scales(), options.heroes,
        tuple(sheet.health for sheet in options.sheets), sheets, options.tracks.xp_max,
    )  # fmt: skip


#: ``_layout(options)``: the layout of the observations of a game with these options.
_layout = kept_in(_LAYOUTS, _build)


def observation_shape(state: State) -> tuple[int, ...]:
    """One value per fact of the observation table: 626 for 2 heroes on the default map."""
    return (_layout(state.rules).size,)


def observation(state: State, player: int) -> tuple[float, ...]:
    """What ``player`` sees of ``state`` (the game's page tables its channels)."""
    out = [0.0] * _layout(state.rules).size
    observation_into(state, player, out)
    return tuple(out)


def observation_into(state: State, player: int, out: FloatBuffer) -> None:
    """Write :func:`observation` into ``out``, a buffer of zeros of the right length."""
    layout = _layout(state.rules)
    observer = check_seat(player, layout.seats)
    _seats(state, observer, layout, out)
    _game(state, observer, layout, out)
    _agenda(state, observer, layout, out)


def _seats(state: State, observer: int, layout: _Layout, out: FloatBuffer) -> None:
    n = layout.seats
    level_of = state.rules.level_of
    heroes, health_scale, sheets = layout.heroes, layout.health_scale, layout.sheets
    xp_scale = layout.xp_scale
    first = _HEROES + layout.spaces
    pos, health, resource, gold, xp = (
        state.pos, state.health, state.resource, state.gold, state.xp
    )  # fmt: skip
    locked, spent, party = state.locked, state.spent, state.party
    for seat in range(n):
        at = (seat - observer) % n * layout.block
        out[at + heroes[seat]] = 1.0
        out[at + _HEROES + pos[seat]] = 1.0
        at += first
        if health[seat]:
            out[at + _HEALTH] = health[seat] / health_scale[seat]
            out[at + _ALIVE] = 1.0
        if resource[seat]:
            out[at + _RESOURCE] = resource[seat] / 12
        if gold[seat]:
            out[at + _GOLD] = gold[seat] / 4
        if xp[seat]:
            out[at + _XP] = xp[seat] / xp_scale
        level = level_of[xp[seat]]
        out[at + _LEVEL + level - 1] = 1.0
        if locked[seat] >= 0:
            out[at + _HELD + locked[seat]] = 1.0
        if spent >> seat & 1:
            out[at + _TREASURE] = 1.0
        if party >> seat & 1:
            out[at + _PARTY] = 1.0
        at += _SHEET
        for value in sheets[seat][level]:
            out[at] = value
            at += 1


def _game(state: State, observer: int, layout: _Layout, out: FloatBuffer) -> None:
    n = layout.seats
    out[layout.phase + state.phase] = 1.0
    if state.phase < WON:  # adventure or battle: someone is in turn
        out[layout.turn + (state.turn - observer) % n] = 1.0
    if state.spent >> n & 1:
        out[layout.master] = 1.0
    _dragon(state, layout.dragon, out)
    _mountains(state, layout.mountains, out)
    for tile in state.retired:
        out[layout.retired + tile] = 1.0
    for k, tile in enumerate(state.lands):
        if tile >= 0:
            out[layout.lands + k * _LANDS + tile] = 1.0
    for face in state.dice:
        out[layout.dice + face - 1] += 1 / 6
    _reading(state, layout.roll, out)


def _dragon(state: State, at: int, out: FloatBuffer) -> None:
    """The rampaging meter and the wounds, as parts of their tracks, and Belk razed."""
    tracks = state.rules.tracks
    if state.meter:
        out[at] = min(1.0, state.meter / tracks.meter_end)
    if state.wounds:
        out[at + 1] = min(1.0, state.wounds / tracks.health)
    if state.razed:
        out[at + 2] = 1.0


def _mountains(state: State, at: int, out: FloatBuffer) -> None:
    """Per mountain: its quest tile (or face down), its flags, its reward and whether its
    quest is a replenished one."""
    flags, rewards, renewed = state.flags, state.rewards, state.renewed
    for m, tile in enumerate(state.quests):
        out[at + (tile if tile >= 0 else _Q)] = 1.0
        if flags[m]:
            out[at + _Q + 1] = flags[m] / 10
        if rewards[m] >= 0:
            out[at + _Q + 2 + rewards[m]] = 1.0
        if renewed[m]:
            out[at + _Q + 1 + _R + renewed[m]] = 1.0
        at += _Q + 8


def _reading(state: State, at: int, out: FloatBuffer) -> None:
    """The roll being read: its score so far, the extra dice owed, its dice by class."""
    score = (state.score + _SCORE_SPAN) / (2 * _SCORE_SPAN)
    out[at] = min(1.0, max(0.0, score))
    if state.pending:
        out[at + 1] = min(1.0, state.pending / MAX_DICE)
    for i, count in enumerate(state.roll):
        if count:
            out[at + 2 + i] = min(1.0, count / MAX_DICE)


def _agenda(state: State, observer: int, layout: _Layout, out: FloatBuffer) -> None:
    n = layout.seats
    at = layout.agenda
    for code, seat, a, b in state.agenda[:AGENDA_SHOWN]:
        out[at + code] = 1.0
        out[at + TASK_COUNT + (seat - observer) % n] = 1.0
        for i, (value, (low, span, is_seat)) in enumerate(zip((a, b), layout.scales[code],
                                                              strict=False)):  # fmt: skip
            if is_seat:
                value, low, span = (value - observer) % n, 0, max(1, n - 1)
            out[at + TASK_COUNT + n + i] = min(1.0, max(0.0, (value - low) / span))
        at += layout.task


def observation_string(state: State, player: int) -> str:
    """The heroes (seats relative), the dragon, the mountains and the agenda's front as
    ``player`` sees them, for debugging.

    >>> import boardrules as br
    >>> s = br.new_game("dorasure", players=2)
    >>> print(br.observation_string(s, 1))  # doctest: +ELLIPSIS
    phase adventure, seat 1 (Ninja) in turn
    seat 0 (you): Gladiator at city, health 8, resource 0, XP 0, level 1
    seat 1: Ninja at city, health 5, resource 0, XP 0, level 1
    dragon: meter 0, wounds 0
    mountains: ? ? ? ? ?
    next: ...
    """
    rules = state.rules
    n = rules.seats
    observer = check_seat(player, n)
    names = rules.board.names
    phase = PHASE_NAMES[state.phase]
    lines = [f"phase {phase}"]
    if state.phase < WON:
        lines[0] += f", seat {(state.turn - observer) % n} ({rules.hero_name(state.turn)}) in turn"
    for k in range(n):
        seat = (observer + k) % n
        who = "seat 0 (you)" if k == 0 else f"seat {k}"
        lines.append(
            f"{who}: {rules.hero_name(seat)} at {names[state.pos[seat]]}, health "
            f"{state.health[seat]}, resource {state.resource[seat]}, XP {state.xp[seat]}, "
            f"level {state.level(seat)}"
        )
    lines.append(f"dragon: meter {state.meter}, wounds {state.wounds}")
    tiles = [QUESTS[q].slug if q >= 0 else "?" for q in state.quests]
    lines.append(f"mountains: {' '.join(tiles)}")
    agenda = ", ".join(type(t).__name__ for t in state.agenda[:AGENDA_SHOWN])
    lines.append(f"next: {agenda or '-'}")
    return "\n".join(lines)
