"""Helpers shared by the Dorasure tests (``tests/dorasure/``, one file per section of the
Rules): play moves by notation, list and weigh moves, build positions, and the independent
audit's own values and models of the charts.

Map (PROPOSED, odd rows shifted right)::

    row 0:  V  R  P  F  P  F  M        a0 is Belk, g0 the farthest mountain
    row 1:    L  R  F  M  P  F  F      a1 the Western Lake, d1 a mountain
    row 2:  P  R  P  P  F  R  P
    row 3:    F  R  P  M  P  R  M      d3 and g3 mountains
    row 4:  C  R  P  F  V  R  F        City = a4, a5, b5; e4 a village
    row 5:    C  C  R  P  F  M  P      f5 a mountain

The Fang hexes are e0, c2, e3, d4 and g5.
"""

from __future__ import annotations

import itertools
import json
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import strategies as st

import boardrules as br
from boardrules.dorasure import (
    HERO_ORDER,
    QUESTS,
    DorasureState,
    apply_move,
    chance_outcomes,
    current_player,
    legal_moves,
    position,
)
from boardrules.dorasure._check import check_state
from boardrules.dorasure._dice import score_roll
from boardrules.errors import StateFormatError
from boardrules.testing import play as play  # the Dorasure tests import it from here

#: The farthest mountain's quest, face up from setup as the rulebook says.
FACE_UP = {"g0": "inscriptions"}


def texts(s: DorasureState) -> list[str]:
    return [str(m) for m in legal_moves(s)]


def where(s: DorasureState, seat: int) -> str:
    return s.rules.board.names[s.pos[seat]]


def odds(s: DorasureState) -> dict[str, Fraction]:
    return {str(m): p for m, p in chance_outcomes(s)}


def rolls(s: DorasureState) -> int:
    """How many dice the roll at the front throws (its outcome list is score_roll(n))."""
    outcomes = chance_outcomes(s)
    return next(n for n in range(0, 30) if score_roll(n) is outcomes)


# -- option sets that change the game ---------------------------------------------------------

_PAIRS = ("speed", "danger_plains", "danger_forest", "combat", "search", "knowledge")


@st.composite
def changed_options(draw: st.DrawFn) -> dict[str, Any]:
    """Option sets whose sheets, tracks and quest tiles differ from the defaults (every one
    valid): resource caps below the level's, short tracks, tiles of any failure..."""
    heroes = draw(
        st.one_of(
            st.just(["Grand Master"]),
            st.lists(st.sampled_from(HERO_ORDER[:-1]), min_size=2, max_size=11, unique=True),
            # the Prince, whose servants are set to his level
            st.lists(st.sampled_from(HERO_ORDER[:-1]), min_size=2, max_size=4, unique=True).map(
                lambda heroes: ["Prince", *(h for h in heroes if h != "Prince")]
            ),
        )
    )
    sheets: dict[str, Any] = {}
    for hero in draw(st.sets(st.sampled_from(heroes))):
        change: dict[str, Any] = {}
        for name in draw(st.sets(st.sampled_from(_PAIRS), max_size=3)):
            top = 6 if name == "speed" else 8
            low = draw(st.integers(1, top))
            change[name] = [low, draw(st.integers(low, top))]
        if draw(st.booleans()):
            low = draw(st.integers(0, 4))
            change["resource_cap"] = [low, draw(st.integers(low, low + 2))]
            change["resource_start"] = draw(st.integers(0, low))
        if draw(st.booleans()):
            change["health"] = draw(st.integers(1, 12))
        sheets[hero] = change
    if "Prince" in heroes and draw(st.booleans()):
        low = draw(st.integers(0, 1))  # servants set to his level, above the cap
        sheets["Prince"] = {"resource_cap": [low, low + 1], "resource_start": low}
    dragon: dict[str, Any] = {}
    if draw(st.booleans()) and heroes != ["Grand Master"]:  # a solo game keeps its levels
        xp = dragon["xp_max"] = draw(st.integers(5, 12))
        dragon["levels"] = [0, *sorted(draw(st.sets(st.integers(1, xp), min_size=5, max_size=5)))]
        dragon["werewolf_icons"] = sorted(draw(st.sets(st.integers(0, xp), max_size=4)))
    if draw(st.booleans()):
        health = dragon["health"] = draw(st.integers(3, 12))
        dragon["claws"] = sorted(draw(st.sets(st.integers(1, health - 1), max_size=3)))
    if draw(st.booleans()):
        end = dragon["meter_end"] = draw(st.integers(2, 20))
        dragon["fire_icons"] = sorted(draw(st.sets(st.integers(1, end - 1), max_size=4)))
    tiles: dict[str, Any] = {}
    for slug in draw(st.sets(st.sampled_from([q.slug for q in QUESTS]), max_size=3)):
        tiles[slug] = {
            "target": draw(st.integers(1, 5)),
            "failure": draw(st.sampled_from(["none", "damage", "teleport", "stay"])),
            "alone": draw(st.booleans()),
            "start_damage": draw(st.integers(0, 2)),
        }
    options = {"heroes": heroes, "sheets": sheets, "dragon": dragon, "quest_tiles": tiles}
    return {**options, "fang": draw(st.booleans())}


# -- the independent audit's own values -------------------------------------------------------
# Written from the rulebook and the rulings' hero table, not read from the engine.

#: The Golem Guardian face up on the farthest mountain.
GOLEM_UP = {"g0": "golem"}
BASE = ("Ninja", "Gladiator", "Hunter", "Prince", "Paladin")  # turn order
# Agenda codes (see _state.py): a roll, an extra die, a reward, a claw, battle/combo reading.
T_ROLL, T_EXTRA, T_REVEAL_REWARD, T_CLAW, T_SPEND = 4, 5, 7, 8, 15
P_BATTLE = 2
WON, LOST = 2, 3
# The rulings' hero table: (L1, L6) of movement, Danger plains/forest, Combat, Search and
# Knowledge; and full health.
TABLE = {
    "Gladiator": ((2, 3), (3, 4), (2, 3), (3, 6), (1, 2), (1, 1)),
    "Ninja": ((4, 5), (2, 3), (2, 3), (2, 5), (2, 3), (1, 2)),
    "Hunter": ((3, 4), (3, 4), (2, 3), (2, 5), (2, 3), (1, 1)),
    "Paladin": ((2, 3), (2, 3), (1, 2), (3, 5), (1, 2), (2, 3)),
    "Prince": ((3, 3), (2, 3), (1, 2), (2, 4), (1, 2), (2, 3)),
}
FULL = {"Gladiator": 8, "Ninja": 5, "Hunter": 5, "Paladin": 7, "Prince": 5}
SPEED, PLAINS, FOREST, COMBAT, SEARCH, KNOWLEDGE = range(6)


# -- the audit's model of the charts ----------------------------------------------------------


def level(xp: int) -> int:
    return sum(1 for t in (0, 1, 3, 5, 6, 8) if t <= xp)


def stat(hero: str, column: int, xp: int) -> int:
    low, high = TABLE[hero][column]
    return low + (high - low) * (level(xp) - 1) // 5


def blast(seat: int, alive: list[bool]) -> list[int]:
    """The current hero and up to two living heroes on each side, nobody twice."""
    n, out = len(alive), [seat]
    for direction in (1, -1):
        found = 0
        for step in range(1, n):
            other = (seat + direction * step) % n
            if found < 2 and alive[other] and other not in out:
                out.append(other)
                found += 1
    return sorted(out)


def read_battle(
    total: int, seat: int, health: list[int], wounds: int, combo: int | None = None
) -> tuple[list[int], int, int]:
    """The battle chart for ``total`` (``combo``: the Team Combo dice's summed modifier).
    Returns health, wounds and the claw boxes reached or passed; no resources spent."""
    health = list(health)
    claws = 0

    def hurt(targets: list[int], amount: int) -> None:
        for t in targets:
            health[t] = max(0, health[t] - amount)

    def wound(amount: int) -> None:
        nonlocal wounds, claws
        if 9 - wounds == 2:  # Final Breath
            amount = 1
        old, wounds = wounds, min(9, wounds + amount)
        claws = sum(1 for c in (3, 6, 8) if old < c <= wounds) if wounds < 9 else 0

    if total <= -1:
        health[seat] = 0
    elif total == 0:
        hurt([seat], 4)
    elif total == 1:
        hurt(blast(seat, [h > 0 for h in health]), 1)
    elif total == 2 and combo is not None:
        if combo == 0:
            hurt(blast(seat, [h > 0 for h in health]), 1)
        else:
            return read_battle(2 + combo, seat, health, wounds)
    elif total == 3:
        wound(1)
        if wounds < 9:
            hurt([seat], 1)
    elif total == 4:
        wound(1)
    else:
        wound(2)
    return health, wounds, claws


def new_battle_roll(s: DorasureState) -> bool:
    task = s.agenda[0]
    return (task[0] == T_ROLL and task[3] == P_BATTLE) or (task[0] == T_SPEND and task[2] == 2)


# -- positions and documents ------------------------------------------------------------------


def battle(heroes: tuple[str, ...] = ("Ninja", "Gladiator"), **kw: object) -> DorasureState:
    kw.setdefault("quests", FACE_UP)
    return position(heroes, step="battle", **kw)  # type: ignore[arg-type]


TREASURE = {"g0": "treasure"}


def gust_turn() -> DorasureState:
    """The Samurai's (seat 1) Climactic Battle turn with the Treasure found and 2 Ki: his
    Final Move: Gust is offered first."""
    return position(
        ("Ninja", "Samurai"),
        quests=FACE_UP,
        solved=TREASURE,
        step="battle",
        turn="Samurai",
        resource={"Samurai": 2},
    )


SIX = ("Ninja", "Gladiator", "Samurai", "Hunter", "Prince", "Paladin")


def document(s: DorasureState) -> dict[str, Any]:
    return json.loads(br.to_json(s))  # type: ignore[no-any-return]


def check_message(s: DorasureState, **changes: Any) -> str | None:
    """What the decoder's checks say of ``s`` with ``changes`` (None: it loads)."""
    try:
        check_state(attrs.evolve(s, **changes))
    except StateFormatError as e:
        return str(e)
    return None


def refused(doc: dict[str, Any]) -> str:
    with pytest.raises(StateFormatError) as caught:
        br.from_json(json.dumps(doc))
    return str(caught.value)


def at(hero_spaces: dict[str, str], **kw: object) -> DorasureState:
    """Ninja (seat 0) and Gladiator (seat 1) unless ``heroes`` is given."""
    kw.setdefault("quests", FACE_UP)
    heroes = kw.pop("heroes", ("Ninja", "Gladiator"))
    return position(heroes, at=hero_spaces, **kw)  # type: ignore[arg-type]


def probability(s: DorasureState, text: str) -> Fraction:
    return dict((str(m), p) for m, p in chance_outcomes(s))[text]


def adventure(*rolls: str, health: int = 5) -> DorasureState:
    s = at({"Ninja": "c1"}, step="act", health={"Ninja": health})
    return play(s, "adventure", *rolls)


def quest(tile: str, *moves: str, **kw: object) -> DorasureState:
    where_ = kw.pop("where", {"Ninja": "f1"})
    quests = {**kw.pop("quests", {}), "g0": tile}  # type: ignore[dict-item]
    s = at(where_, step="act", quests=quests, **kw)  # type: ignore[arg-type]
    return play(s, "quest g0", *moves)


SOLVED_FOUR = {"d1": "lair", "d3": "book", "g3": "weapons", "f5": "lair"}


# -- rolls read on the Adventuring Chart: the engine's walk and brute force over the faces ----


def _dice(s: DorasureState) -> int:
    return len(str(chance_outcomes(s)[0][0]).split()[1])


def _engine_readings(
    s: DorasureState, limit: int, read: Callable[[DorasureState], object]
) -> dict[object, Fraction]:
    """Walk a roll read on the Adventuring Chart through the engine to the state after its
    reading, told apart by ``read``; more than ``limit`` extra dice end in ``"deep"``.

    The state keeps the running score only while a line of the chart may still depend on
    it (capped at the highest value that can still change the reading), so the walk looks
    at what the reading did, not at the score left behind."""
    out: defaultdict[object, Fraction] = defaultdict(Fraction)

    def walk(s: DorasureState, p: Fraction, extras: int) -> None:
        code = s.agenda[0][0] if s.agenda else -1
        if current_player(s) != br.CHANCE or code not in (T_ROLL, T_EXTRA):
            out[read(s)] += p
        elif code == T_EXTRA and extras == limit:
            out["deep"] += p
        else:
            for m, q in chance_outcomes(s):
                walk(apply_move(s, m), p * q, extras + (code == T_EXTRA))

    walk(s, Fraction(1), 0)
    return dict(out)


def _brute_scores(dice: int, limit: int) -> dict[object, Fraction]:
    """The rulebook's chart over every face of every die: 1 is -1, 2-3 nothing, 4-5 +1, 6 +1
    and an extra die; an extra die is -1 on a 1, +1 otherwise, and a 6 rolls yet again."""
    out: defaultdict[object, Fraction] = defaultdict(Fraction)

    def extra(score: int, owed: int, rolled: int, p: Fraction) -> None:
        if owed == 0:
            out[score] += p
        elif rolled == limit:
            out["deep"] += p
        else:
            for face in range(1, 7):
                extra(score + (-1 if face == 1 else 1), owed - 1 + (face == 6), rolled + 1, p / 6)

    for faces in itertools.product(range(1, 7), repeat=dice):
        score = sum(-1 if f == 1 else 0 if f <= 3 else 1 for f in faces)
        extra(score, faces.count(6), 0, Fraction(1, 6**dice))
    return dict(out)


def _read_brute(
    scores: dict[object, Fraction], chart: Callable[[int], object]
) -> dict[object, Fraction]:
    out: defaultdict[object, Fraction] = defaultdict(Fraction)
    for score, p in scores.items():
        out[chart(score) if isinstance(score, int) else score] += p
    return dict(out)


def why_not(s: DorasureState, text: str) -> str:
    """What a player reads when ``text`` (well-formed notation) is not legal in ``s``: the
    reason of ``parse_move``'s IllegalMoveError, without the legal moves listed after it."""
    with pytest.raises(br.IllegalMoveError) as caught:
        br.parse_move(s, text)
    message = str(caught.value)
    start = f"{text!r} is not legal now: "
    assert message.startswith(start), message
    return message[len(start) :].rpartition("; legal moves: ")[0]
