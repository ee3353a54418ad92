"""§10: the Fang land tiles, drawn at setup onto the Fang hexes (their effects on the heroes
who enter them are in ``_fang``).

>>> from boardrules.dorasure import chance_outcomes, new_game
>>> s = new_game(players=2, fang=True)
>>> s.agenda[0], len(chance_outcomes(s))
(Land(seat=0, hex=0), 8)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from boardrules.dorasure._fang import LANDS, land_draw
from boardrules.dorasure._state import (
    ADVENTURE,
    CHANCE,
    DorasureState,
    LandDraw,
    Move,
    Task,
)
from boardrules.dorasure.tasks._base import next_task
from boardrules.dorasure.tasks.quests import RevealQuest

if TYPE_CHECKING:
    from fractions import Fraction

    from boardrules.dorasure._state import Work

__all__ = ["Land"]


class Land(Task):
    """§10.1 At setup a Fang land tile is drawn onto each Fang hex (number ``hex``), in order,
    uniform over the tiles not drawn yet."""

    __slots__ = ()
    CLAUSE: ClassVar[str] = "§10.1"
    SHOWN: ClassVar[str] = "land tile"
    SAYS: ClassVar[str] = "a Fang land tile being drawn"
    WORDS: ClassVar[tuple[str, ...]] = ("land",)
    UNIQUE: ClassVar[bool] = False
    #: The Fang hex, in the order of the rulings.
    hex: int
    NODE: ClassVar[str] = CHANCE
    RANGES: ClassVar[tuple[tuple[int, int], ...]] = ((0, 4),)
    PHASES: ClassVar[tuple[int, ...]] = (ADVENTURE,)

    def problem(self, s: DorasureState, i: int) -> str | None:
        k = self.hex  # within the Fang hexes by RANGES: with Fang, there are five
        if not s.rules.fang or s.turn or s.dice:
            return "a land tile is drawn onto a Fang hex at setup"
        # Setup draws the hexes in order, at the front: this one is the first still empty.
        if any(t >= 0 for t in s.lands[k:]) or i != k - s.lands.index(-1):
            return "the land tiles are drawn onto the Fang hexes in order"
        after = next_task(s, i)
        if not isinstance(after, RevealQuest) and after != Land(0, k + 1):
            return "the land tiles are drawn before the farthest quest is revealed"
        return None

    def outcomes(self, s: DorasureState) -> tuple[tuple[Move, Fraction], ...]:
        return land_draw(tuple(t for t in range(len(LANDS)) if t not in s.lands))

    def play(self, w: Work, mv: Move) -> None:
        lands = list(w.lands)
        assert isinstance(mv, LandDraw)
        lands[self.hex] = mv.tile
        w.lands = tuple(lands)
