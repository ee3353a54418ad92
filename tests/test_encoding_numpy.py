"""observation_into writes into numpy arrays as into lists (what the rl environments use)."""

from __future__ import annotations

import math
from typing import Any

import pytest

import boardrules as br
from extras import need
from test_encoding import GAMES, OPTIONS, playout

np = need("numpy", "rl")


@pytest.mark.parametrize("game", GAMES)
def test_observation_into_a_numpy_array_equals_observation(game: str) -> None:
    for options in OPTIONS[game][:3]:
        for i, state in enumerate(playout(game, options, 5)):
            if i % 9:
                continue
            size = math.prod(br.observation_shape(state))
            for player in range(br.num_players(state)):
                buffer: Any = np.zeros(size, dtype=np.float32)
                br.observation_into(state, player, buffer)
                expected = np.asarray(br.observation(state, player), dtype=np.float32)
                assert np.array_equal(buffer, expected)
