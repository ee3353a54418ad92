"""Helpers shared by the batch engines' tests (``tests/test_batch_*.py``).  Collected by
pytest like every file here, so it imports numpy only when called (the tests that call it
skip first without the extra ``batch``)."""

from __future__ import annotations

from typing import Any

import boardrules as br


def scalar_views(batch: Any, seats: Any) -> Any:
    """What the scalar encoding (:func:`boardrules.observation_into`) makes of every game of
    ``batch`` from seat ``seats[g]``: the observations the batch must write."""
    import numpy as np

    expected = np.zeros((batch.n, batch.observation_size), dtype=np.float32)
    for i in range(batch.n):
        br.observation_into(batch.state(i), int(seats[i]), expected[i])
    return expected


def random_seats_after(batch: Any, moves: int, rng: Any) -> Any:
    """Plays ``moves`` random moves in every game of ``batch``, then draws from ``rng`` (a
    numpy generator) the seat each game is to be seen from."""
    for _ in range(moves):
        batch.step(batch.random_actions())
    return rng.integers(0, batch.players, batch.n)
