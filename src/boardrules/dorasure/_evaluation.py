"""The fitted weights of Dorasure's evaluation (data), written by
``benchmarks/fit_dorasure.py --write``, which reproduces them from its seed; see
``_features`` for what each feature is."""

from __future__ import annotations

__all__ = ["ADVENTURE_WEIGHTS", "BATTLE_WEIGHTS"]

#: One weight per name of ``_features.ADVENTURE_FEATURES``.
ADVENTURE_WEIGHTS: tuple[float, ...] = (
    -3.1594,  # bias
    -0.4039,  # meter
    -0.0601,  # rampages_left
    1.0152,  # solved
    0.1831,  # weapons
    0.2183,  # treasure
    1.0033,  # xp
    2.1878,  # health
    -0.7052,  # in_danger
    -0.8175,  # near_death
    0.121,  # resources
    0.059,  # quest_reach
    -0.3059,  # quest_distance
    1.4133,  # odds
    0.5961,  # wounds
)
#: One weight per name of ``_features.BATTLE_FEATURES``.
BATTLE_WEIGHTS: tuple[float, ...] = (
    -1.8936,  # bias
    -1.8536,  # left
    2.1316,  # odds
    0.0294,  # alive
    3.8889,  # health
    -2.067,  # death_risk
    0.734,  # resources
    -1.4619,  # claws_left
    0.8082,  # treasure
)
