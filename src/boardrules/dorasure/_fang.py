"""The Fang expansion: eight black land tiles, five of them drawn onto the five Fang hexes.

Each tile replaces the space it covers: its own entry threshold (the least die that enters
it) and effect.  A land tile is neither plains nor forest, village nor City: heroes adventure
only on the Mirage City (where they must), rest only in the Caravan, and never stop on
another hero there.

>>> from boardrules.dorasure._fang import LANDS, land_draw
>>> [tile.slug for tile in LANDS][:3]
['quicksand', 'mirage', 'meadow']
>>> sum(p for _, p in land_draw((0, 1, 2)))
Fraction(1, 1)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

import attrs

from boardrules.dorasure._heroes import attribute_of
from boardrules.dorasure._state import (
    KNOWLEDGE,
    LAND_SLUGS,
    MIRAGE_LAND,
    SEARCH,
    DorasureState,
    LandDraw,
    Move,
    on_mirage,
)

if TYPE_CHECKING:
    from boardrules.dorasure._state import Work

__all__ = [
    "FANG_SPACES",
    "LANDS",
    "LAND_SLUGS",
    "LandTile",
    "entered",
    "land_draw",
    "land_entry",
    "on_mirage",
    "tile_at",
]


@attrs.frozen
class LandTile:
    """One Fang land tile as printed: its name and the least die that enters it."""

    slug: str
    name: str
    entry: int


#: The eight land tiles (printed), in the rulebook's order.
LANDS: tuple[LandTile, ...] = (
    LandTile("quicksand", "Quick Sand", 4),
    LandTile("mirage", "Mirage City", 1),
    LandTile("meadow", "Herbal Meadow", 3),
    LandTile("winter", "1000-Year Winter", 5),
    LandTile("swamp", "Poisonous Swamp", 4),
    LandTile("caravan", "Caravan", 3),
    LandTile("sea", "Sea of Trees", 6),
    LandTile("tree", "Tree of Truth", 5),
)
QUICKSAND, MIRAGE, MEADOW, WINTER, SWAMP, CARAVAN, SEA, TREE = range(8)
assert MIRAGE == MIRAGE_LAND
assert tuple(tile.slug for tile in LANDS) == LAND_SLUGS  # the notation's words

#: The five hexes the land tiles cover (our rulings), by space name on the default map:
#: (4,0), (2,2), (4,3), (3,4) and (6,5) as (column, row).
FANG_SPACES: tuple[str, ...] = ("e0", "c2", "e3", "d4", "g5")

Outcomes = tuple[tuple[Move, Fraction], ...]


@cache
def land_draw(unused: tuple[int, ...]) -> Outcomes:
    """The next Fang hex gets one of the ``unused`` land tiles, each as likely.

    Drawing the five hexes one after another from the shuffled eight gives every ordered
    choice of five tiles the probability 1/(8*7*6*5*4), as the shuffle does.
    """
    return _land_draw(unused)


def _land_draw(unused: tuple[int, ...]) -> Outcomes:
    """``land_draw``'s computation, undecorated so that mutation testing reaches it."""
    p = Fraction(1, len(unused))
    return tuple((LandDraw(t), p) for t in unused)


def tile_at(s: DorasureState, space: int) -> int:
    """The land tile on ``space`` (-1: none)."""
    k = s.rules.land_at[space]
    return s.lands[k] if k >= 0 else -1


def land_entry(s: DorasureState, seat: int) -> tuple[int, ...]:
    """Per space, the least die with which the hero in ``seat`` enters it: the board's
    thresholds, the land tiles' own, and the Sea of Trees at 5 for a Search of 2 or more.
    Asked for the steps of a move, so every tile is drawn (setup draws them first)."""
    rules = s.rules
    need = list(rules.entry)
    for k, space in enumerate(rules.fang):
        tile = s.lands[k]
        value = LANDS[tile].entry
        if tile == SEA and attribute_of(rules, seat, SEARCH, s.xp[seat], s.resource[seat]) >= 2:
            value = 5
        need[space] = value
    return tuple(need)


def entered(w: Work, seat: int, space: int, die: int) -> None:
    """A hero steps onto a land tile with ``die``: Quick Sand ends his movement, the Herbal
    Meadow heals 1 for a 6, the Poisonous Swamp deals 1 damage, the Tree of Truth gives 1
    resource to a Knowledge of 2 or more.  ``space`` is a Fang hex."""
    tile = w.lands[w.rules.land_at[space]]
    if tile == QUICKSAND:
        w.dice = ()
    elif tile == MEADOW and die == 6:
        w.heal(seat, 1)
    elif tile == SWAMP:
        w.hurt(seat, [(seat, 1)])
    elif tile == TREE and w.attribute(seat, KNOWLEDGE) >= 2:
        w.gain_resource(seat, 1)
