"""Helpers shared by the Dorasure tests: play moves by notation, list and weigh moves."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from boardrules.dorasure import (
    HERO_ORDER,
    QUESTS,
    DorasureState,
    chance_outcomes,
    legal_moves,
)
from boardrules.dorasure._dice import score_roll
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
