"""What the Dorada and Docker batches share: dice given as rows (several rolls per game and
step) or drawn."""

from __future__ import annotations

from typing import Any

import numpy as np

from boardrules.batch._base import (
    Actions,
    Bools,
    Dice,
    Ints,
    OptionsT,
    StateT,
    _array,
    _Batch,
    _whole,
)
from boardrules.errors import InvalidOptionError

FACES = 6


class _Dice(_Batch[OptionsT, StateT]):
    """A batch whose dice are ``dice[g, j]``, the ``j``-th roll of game ``g`` in a step,
    the generator's once a game's row runs out; ``rolled`` counts each game's rolls."""

    rolled: Ints
    roll: Ints
    rolls: int

    def _checked_dice(self, dice: Any) -> Ints | None:
        """``dice`` as an array ``(n, k)`` of dice 1-6 (``None`` stays ``None``)."""
        if dice is None:
            return None
        wrong = (
            f"dice must be whole numbers 1-6, one row per game: shape ({self.n},) or ({self.n}, k)"
        )
        die = _array(dice, wrong)
        if die.ndim == 1:
            die = die[:, None]
        if (
            die.ndim != 2
            or die.shape[0] != self.n
            or die.shape[1] < 1
            or not _whole(die)
            or ((die < 1) | (die > 6)).any()
        ):
            raise InvalidOptionError(wrong)
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

    def _playing(
        self, actions: Actions, dice: Dice | None, where: Bools | None
    ) -> tuple[Ints, Ints | None, Ints]:
        """The actions and dice of a step, checked, and the games that play (not over, and
        where ``where`` is true); an action that is not legal there is refused."""
        a = self._checked_actions(actions)
        given = self._checked_dice(dice)
        playing = ~self.over
        if where is not None:
            playing &= self._checked_where(where)
        g = np.flatnonzero(playing)
        self._refuse_illegal(g, a)
        return a, given, g

    def _roll_loaded(self, dice: Ints | None) -> None:
        self._roll(np.flatnonzero(~self.over & (self.roll == 0)), dice)

    def _roll(self, g: Ints, dice: Ints | None) -> None:
        raise NotImplementedError
