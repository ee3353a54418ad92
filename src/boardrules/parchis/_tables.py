"""The 2-player Parchís evaluation: weights and piece table, generated, do not edit.

Written by ``python benchmarks/fit_parchis_tables.py write`` from
``benchmarks/data/parchis-tables-r2.txt``, the weights that
``python benchmarks/fit_parchis_tables.py reproduce`` fits (seeded): batch
TD(lambda = 0.9) on 2,000 self-play games (seed 5), then again on 2,000 games (seed 6) of
the greedy bot with those weights; rounded to 4 significant digits.  The method is
described in that script.
"""

#: One weight per feature of ``_features.FEATURES``, in that order (2 players).
WEIGHTS_2 = (
    -0.1361,  # progress
    5.154,  # progress_sq
    -0.009809,  # nest
    -0.073,  # goal
    0.01607,  # lane
    0.08622,  # safe
    -0.06801,  # barriers
    -0.2901,  # danger
    -0.1244,  # danger_in_turn
    -0.04141,  # danger_far
    0.02174,  # to_move
    0.05007,  # pending
    0.2678,  # bonus
)

#: A value per class of piece of ``_features.CLASSES``, in that order (2 players).
TABLE_2 = (
    -0.009809,  # nest
    -0.073,  # goal
    0.06644,  # lane 1
    0.008194,  # lane 2
    0.0266,  # lane 3
    0.02135,  # lane 4
    -0.01037,  # lane 5
    -0.03891,  # lane 6
    -0.05723,  # lane 7
    0.1005,  # track 0-3 barrier
    0.09915,  # track 0-3 safe
    0.1463,  # track 0-3 clear, waiting
    0.09033,  # track 0-3 far, waiting
    0.003098,  # track 0-3 1 near, waiting
    -0.1343,  # track 0-3 2 near, waiting
    0.126,  # track 0-3 clear, in turn
    0.1016,  # track 0-3 far, in turn
    0.03195,  # track 0-3 1 near, in turn
    -0.04452,  # track 0-3 2 near, in turn
    0.07939,  # track 4-7 barrier
    0.07494,  # track 4-7 safe
    0.1414,  # track 4-7 clear, waiting
    0.07415,  # track 4-7 far, waiting
    0.01966,  # track 4-7 1 near, waiting
    -0.09614,  # track 4-7 2 near, waiting
    0.1227,  # track 4-7 clear, in turn
    0.0874,  # track 4-7 far, in turn
    0.0515,  # track 4-7 1 near, in turn
    -0.05852,  # track 4-7 2 near, in turn
    0.0516,  # track 8-11 barrier
    0.0,  # track 8-11 safe
    0.1126,  # track 8-11 clear, waiting
    0.03326,  # track 8-11 far, waiting
    -0.009282,  # track 8-11 1 near, waiting
    -0.06923,  # track 8-11 2 near, waiting
    0.09553,  # track 8-11 clear, in turn
    0.05561,  # track 8-11 far, in turn
    0.008984,  # track 8-11 1 near, in turn
    -0.01587,  # track 8-11 2 near, in turn
    0.05891,  # track 12-15 barrier
    0.02864,  # track 12-15 safe
    0.08542,  # track 12-15 clear, waiting
    -0.01479,  # track 12-15 far, waiting
    -0.03084,  # track 12-15 1 near, waiting
    -0.1368,  # track 12-15 2 near, waiting
    0.07495,  # track 12-15 clear, in turn
    0.001061,  # track 12-15 far, in turn
    -0.01511,  # track 12-15 1 near, in turn
    -0.04989,  # track 12-15 2 near, in turn
    0.05853,  # track 16-19 barrier
    0.03684,  # track 16-19 safe
    0.08456,  # track 16-19 clear, waiting
    -0.02297,  # track 16-19 far, waiting
    -0.02001,  # track 16-19 1 near, waiting
    -0.1013,  # track 16-19 2 near, waiting
    0.07114,  # track 16-19 clear, in turn
    0.004146,  # track 16-19 far, in turn
    -0.03262,  # track 16-19 1 near, in turn
    -0.1111,  # track 16-19 2 near, in turn
    0.02197,  # track 20-23 barrier
    0.0,  # track 20-23 safe
    0.0626,  # track 20-23 clear, waiting
    -0.03942,  # track 20-23 far, waiting
    -0.02923,  # track 20-23 1 near, waiting
    -0.1295,  # track 20-23 2 near, waiting
    0.052,  # track 20-23 clear, in turn
    -0.006882,  # track 20-23 far, in turn
    -0.01931,  # track 20-23 1 near, in turn
    -0.05358,  # track 20-23 2 near, in turn
    -0.009231,  # track 24-27 barrier
    -0.01488,  # track 24-27 safe
    0.03725,  # track 24-27 clear, waiting
    -0.04922,  # track 24-27 far, waiting
    -0.02264,  # track 24-27 1 near, waiting
    0.02483,  # track 24-27 2 near, waiting
    0.02792,  # track 24-27 clear, in turn
    6.179e-05,  # track 24-27 far, in turn
    -0.01327,  # track 24-27 1 near, in turn
    0.01336,  # track 24-27 2 near, in turn
    -0.03062,  # track 28-31 barrier
    -0.06566,  # track 28-31 safe
    0.02191,  # track 28-31 clear, waiting
    0.01448,  # track 28-31 far, waiting
    -0.002504,  # track 28-31 1 near, waiting
    0.0152,  # track 28-31 2 near, waiting
    0.006115,  # track 28-31 clear, in turn
    0.02609,  # track 28-31 far, in turn
    0.03415,  # track 28-31 1 near, in turn
    0.08024,  # track 28-31 2 near, in turn
    -0.08887,  # track 32-35 barrier
    -0.1274,  # track 32-35 safe
    -0.008782,  # track 32-35 clear, waiting
    0.0,  # track 32-35 far, waiting
    -0.05775,  # track 32-35 1 near, waiting
    0.02199,  # track 32-35 2 near, waiting
    -0.02526,  # track 32-35 clear, in turn
    0.0,  # track 32-35 far, in turn
    -0.06618,  # track 32-35 1 near, in turn
    -0.04276,  # track 32-35 2 near, in turn
    -0.0009163,  # track 36-39 barrier
    0.0,  # track 36-39 safe
    0.02959,  # track 36-39 clear, waiting
    0.0,  # track 36-39 far, waiting
    -0.02193,  # track 36-39 1 near, waiting
    0.08291,  # track 36-39 2 near, waiting
    0.0343,  # track 36-39 clear, in turn
    0.0,  # track 36-39 far, in turn
    -0.0268,  # track 36-39 1 near, in turn
    0.003791,  # track 36-39 2 near, in turn
    -0.06379,  # track 40-43 barrier
    -0.06359,  # track 40-43 safe
    0.01589,  # track 40-43 clear, waiting
    -0.03155,  # track 40-43 far, waiting
    0.01139,  # track 40-43 1 near, waiting
    0.1113,  # track 40-43 2 near, waiting
    0.02471,  # track 40-43 clear, in turn
    -0.006312,  # track 40-43 far, in turn
    -0.0224,  # track 40-43 1 near, in turn
    -0.003602,  # track 40-43 2 near, in turn
    -0.06122,  # track 44-47 barrier
    -0.05933,  # track 44-47 safe
    0.0237,  # track 44-47 clear, waiting
    -0.06441,  # track 44-47 far, waiting
    -0.0441,  # track 44-47 1 near, waiting
    0.05652,  # track 44-47 2 near, waiting
    0.03712,  # track 44-47 clear, in turn
    -0.01057,  # track 44-47 far, in turn
    -0.06122,  # track 44-47 1 near, in turn
    -0.02333,  # track 44-47 2 near, in turn
    -0.1319,  # track 48-51 barrier
    -0.03314,  # track 48-51 safe
    0.01142,  # track 48-51 clear, waiting
    -0.1166,  # track 48-51 far, waiting
    -0.1293,  # track 48-51 1 near, waiting
    0.05963,  # track 48-51 2 near, waiting
    0.02762,  # track 48-51 clear, in turn
    -0.04189,  # track 48-51 far, in turn
    -0.106,  # track 48-51 1 near, in turn
    -0.02654,  # track 48-51 2 near, in turn
    -0.1793,  # track 52-55 barrier
    0.0,  # track 52-55 safe
    0.05504,  # track 52-55 clear, waiting
    -0.07393,  # track 52-55 far, waiting
    -0.09929,  # track 52-55 1 near, waiting
    -0.1136,  # track 52-55 2 near, waiting
    0.07659,  # track 52-55 clear, in turn
    0.02562,  # track 52-55 far, in turn
    -0.07025,  # track 52-55 1 near, in turn
    -0.07747,  # track 52-55 2 near, in turn
    -0.009282,  # track 56-59 barrier
    -0.003003,  # track 56-59 safe
    0.05953,  # track 56-59 clear, waiting
    -0.05227,  # track 56-59 far, waiting
    -0.0027,  # track 56-59 1 near, waiting
    0.006079,  # track 56-59 2 near, waiting
    0.08468,  # track 56-59 clear, in turn
    0.05366,  # track 56-59 far, in turn
    0.02078,  # track 56-59 1 near, in turn
    0.06665,  # track 56-59 2 near, in turn
    0.06821,  # track 60-63 barrier
    -0.06445,  # track 60-63 safe
    0.03741,  # track 60-63 clear, waiting
    -0.05603,  # track 60-63 far, waiting
    -0.04411,  # track 60-63 1 near, waiting
    -0.07755,  # track 60-63 2 near, waiting
    0.07355,  # track 60-63 clear, in turn
    0.04911,  # track 60-63 far, in turn
    0.073,  # track 60-63 1 near, in turn
    0.055,  # track 60-63 2 near, in turn
)
