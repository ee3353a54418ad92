"""What the Dorada and Docker batches share: dice given as arrays or drawn, and a random
legal action from a mask."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from boardrules.batch._parchis import Bools, Ints, _whole
from boardrules.errors import InvalidOptionError

FACES = 6

#: Dice given to a batch: one per game, or a row of them per game.  (A string: the docs are
#: built with numpy mocked, where ``|`` with a numpy type fails at import.)
Dice: TypeAlias = "Sequence[int] | Sequence[Sequence[int]] | npt.NDArray[np.integer[Any]]"


class _Dice:
    """The dice of a batch: ``dice[g, j]`` is the ``j``-th roll of game ``g`` in a step,
    the generator's once a game's row runs out; ``rolled`` counts each game's rolls."""

    n: int
    rng: np.random.Generator
    rolled: Ints
    rolls: int

    def _checked_dice(self, dice: Any) -> Ints | None:
        """``dice`` as an array ``(n, k)`` of dice 1-6 (``None`` stays ``None``)."""
        if dice is None:
            return None
        die = np.asarray(dice)
        if die.ndim == 1:
            die = die[:, None]
        if (
            die.ndim != 2
            or die.shape[0] != self.n
            or die.shape[1] < 1
            or not _whole(die)
            or ((die < 1) | (die > 6)).any()
        ):
            raise InvalidOptionError(
                f"dice must be whole numbers 1-6, one row per game: shape ({self.n},) or "
                f"({self.n}, k)"
            )
        return die.astype(np.int64)

    def _draw(self, g: Ints, dice: Ints | None) -> Ints:
        """The next die of each game ``g``: from its row of ``dice`` while it lasts."""
        j = self.rolled[g]
        self.rolled[g] += 1
        self.rolls += len(g)
        if dice is None:
            drawn: Ints = self.rng.integers(1, FACES + 1, size=len(g))
            return drawn
        k = dice.shape[1]
        die: Ints = dice[g, np.minimum(j, k - 1)]
        beyond = np.flatnonzero(j >= k)
        die[beyond] = self.rng.integers(1, FACES + 1, size=len(beyond))
        return die


def _pick(mask: Bools, rng: np.random.Generator) -> Ints:
    """A uniformly random true column of each row of ``mask`` (-1 in a row of none)."""
    count = mask.sum(axis=1)
    pick = (rng.random(len(mask)) * count).astype(np.int64)
    j = np.argmax(np.cumsum(mask, axis=1) > pick[:, None], axis=1)
    chosen: Ints = np.where(count > 0, j, -1)
    return chosen
