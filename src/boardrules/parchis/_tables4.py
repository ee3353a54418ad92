"""The 4-player Parchís evaluation: weights and piece table, generated, do not edit.

Written by ``python benchmarks/fit_parchis_tables.py write`` from
``benchmarks/data/parchis-tables-4p.txt``, the weights that
``python benchmarks/fit_parchis_tables.py reproduce --players 4`` fits (seeded): batch
TD(lambda = 0.9) on 2,000 4-player self-play games (seed 6) of the greedy bot with the
13 features' weights, every seat's row against the mean of the others'; rounded to 4
significant digits.  The method is described in that script.
"""

#: One weight per feature of ``_features.FEATURES``, in that order (4 players).
WEIGHTS_4 = (
    -0.1049,  # progress
    3.65,  # progress_sq
    -0.03895,  # nest
    0.03543,  # goal
    -0.02821,  # lane
    0.06562,  # safe
    -0.07003,  # barriers
    -0.09053,  # danger
    -0.05708,  # danger_in_turn
    -0.0283,  # danger_far
    -0.008482,  # to_move
    0.03923,  # pending
    0.1411,  # bonus
)

#: A value per class of piece of ``_features.CLASSES``, in that order (4 players).
TABLE_4 = (
    -0.03895,  # nest
    0.03543,  # goal
    0.04393,  # lane 1
    0.01198,  # lane 2
    0.02162,  # lane 3
    0.01679,  # lane 4
    0.001196,  # lane 5
    -0.02963,  # lane 6
    -0.09409,  # lane 7
    0.02983,  # track 0-3 barrier
    0.01896,  # track 0-3 safe
    0.04865,  # track 0-3 clear, waiting
    0.04543,  # track 0-3 far, waiting
    0.01869,  # track 0-3 1 near, waiting
    -0.006729,  # track 0-3 2 near, waiting
    0.0639,  # track 0-3 clear, in turn
    0.05772,  # track 0-3 far, in turn
    0.03989,  # track 0-3 1 near, in turn
    0.02294,  # track 0-3 2 near, in turn
    0.02349,  # track 4-7 barrier
    -0.0001694,  # track 4-7 safe
    0.04425,  # track 4-7 clear, waiting
    0.03894,  # track 4-7 far, waiting
    0.02392,  # track 4-7 1 near, waiting
    0.009804,  # track 4-7 2 near, waiting
    0.05521,  # track 4-7 clear, in turn
    0.04688,  # track 4-7 far, in turn
    0.04434,  # track 4-7 1 near, in turn
    0.03365,  # track 4-7 2 near, in turn
    0.03131,  # track 8-11 barrier
    0.0,  # track 8-11 safe
    0.0271,  # track 8-11 clear, waiting
    0.02424,  # track 8-11 far, waiting
    -0.003637,  # track 8-11 1 near, waiting
    -0.01693,  # track 8-11 2 near, waiting
    0.04173,  # track 8-11 clear, in turn
    0.04063,  # track 8-11 far, in turn
    0.02434,  # track 8-11 1 near, in turn
    0.01576,  # track 8-11 2 near, in turn
    -0.001791,  # track 12-15 barrier
    -0.02309,  # track 12-15 safe
    0.01508,  # track 12-15 clear, waiting
    -0.006453,  # track 12-15 far, waiting
    -0.0267,  # track 12-15 1 near, waiting
    -0.02901,  # track 12-15 2 near, waiting
    0.02884,  # track 12-15 clear, in turn
    0.0178,  # track 12-15 far, in turn
    -0.002392,  # track 12-15 1 near, in turn
    -0.002366,  # track 12-15 2 near, in turn
    -0.009787,  # track 16-19 barrier
    -0.04789,  # track 16-19 safe
    0.02086,  # track 16-19 clear, waiting
    0.008925,  # track 16-19 far, waiting
    -0.01814,  # track 16-19 1 near, waiting
    -0.01627,  # track 16-19 2 near, waiting
    0.0356,  # track 16-19 clear, in turn
    0.03032,  # track 16-19 far, in turn
    0.006914,  # track 16-19 1 near, in turn
    -0.003157,  # track 16-19 2 near, in turn
    0.03164,  # track 20-23 barrier
    0.0,  # track 20-23 safe
    0.02908,  # track 20-23 clear, waiting
    0.0123,  # track 20-23 far, waiting
    -0.0004273,  # track 20-23 1 near, waiting
    0.01039,  # track 20-23 2 near, waiting
    0.04844,  # track 20-23 clear, in turn
    0.04344,  # track 20-23 far, in turn
    0.01824,  # track 20-23 1 near, in turn
    0.01865,  # track 20-23 2 near, in turn
    -0.0007561,  # track 24-27 barrier
    -0.01843,  # track 24-27 safe
    0.02382,  # track 24-27 clear, waiting
    0.003709,  # track 24-27 far, waiting
    -0.0264,  # track 24-27 1 near, waiting
    -0.03919,  # track 24-27 2 near, waiting
    0.04894,  # track 24-27 clear, in turn
    0.02703,  # track 24-27 far, in turn
    0.002319,  # track 24-27 1 near, in turn
    -0.01236,  # track 24-27 2 near, in turn
    -0.006427,  # track 28-31 barrier
    -0.03137,  # track 28-31 safe
    0.01505,  # track 28-31 clear, waiting
    -0.01403,  # track 28-31 far, waiting
    -0.03632,  # track 28-31 1 near, waiting
    -0.0278,  # track 28-31 2 near, waiting
    0.03923,  # track 28-31 clear, in turn
    0.01073,  # track 28-31 far, in turn
    -0.01542,  # track 28-31 1 near, in turn
    -0.01334,  # track 28-31 2 near, in turn
    -0.03852,  # track 32-35 barrier
    -0.06141,  # track 32-35 safe
    0.008238,  # track 32-35 clear, waiting
    -0.02841,  # track 32-35 far, waiting
    -0.05346,  # track 32-35 1 near, waiting
    -0.06168,  # track 32-35 2 near, waiting
    0.03113,  # track 32-35 clear, in turn
    -0.00296,  # track 32-35 far, in turn
    -0.03094,  # track 32-35 1 near, in turn
    -0.04301,  # track 32-35 2 near, in turn
    -0.03555,  # track 36-39 barrier
    0.0,  # track 36-39 safe
    0.0252,  # track 36-39 clear, waiting
    -0.006453,  # track 36-39 far, waiting
    -0.04036,  # track 36-39 1 near, waiting
    -0.01108,  # track 36-39 2 near, waiting
    0.06194,  # track 36-39 clear, in turn
    0.04459,  # track 36-39 far, in turn
    0.002454,  # track 36-39 1 near, in turn
    0.01074,  # track 36-39 2 near, in turn
    -0.02673,  # track 40-43 barrier
    -0.01391,  # track 40-43 safe
    0.0187,  # track 40-43 clear, waiting
    -0.01787,  # track 40-43 far, waiting
    -0.03887,  # track 40-43 1 near, waiting
    -0.02794,  # track 40-43 2 near, waiting
    0.05536,  # track 40-43 clear, in turn
    0.02854,  # track 40-43 far, in turn
    -0.001511,  # track 40-43 1 near, in turn
    -0.01029,  # track 40-43 2 near, in turn
    -0.04003,  # track 44-47 barrier
    -0.03041,  # track 44-47 safe
    0.01141,  # track 44-47 clear, waiting
    -0.02798,  # track 44-47 far, waiting
    -0.057,  # track 44-47 1 near, waiting
    -0.0553,  # track 44-47 2 near, waiting
    0.04527,  # track 44-47 clear, in turn
    0.01749,  # track 44-47 far, in turn
    -0.01627,  # track 44-47 1 near, in turn
    -0.02944,  # track 44-47 2 near, in turn
    -0.05086,  # track 48-51 barrier
    -0.05322,  # track 48-51 safe
    -0.002673,  # track 48-51 clear, waiting
    -0.0633,  # track 48-51 far, waiting
    -0.1068,  # track 48-51 1 near, waiting
    -0.08442,  # track 48-51 2 near, waiting
    0.03342,  # track 48-51 clear, in turn
    -0.02051,  # track 48-51 far, in turn
    -0.07244,  # track 48-51 1 near, in turn
    -0.08252,  # track 48-51 2 near, in turn
    -0.04872,  # track 52-55 barrier
    0.0,  # track 52-55 safe
    0.01775,  # track 52-55 clear, waiting
    -0.03167,  # track 52-55 far, waiting
    -0.1046,  # track 52-55 1 near, waiting
    -0.1092,  # track 52-55 2 near, waiting
    0.0662,  # track 52-55 clear, in turn
    0.03514,  # track 52-55 far, in turn
    -0.02651,  # track 52-55 1 near, in turn
    -0.04943,  # track 52-55 2 near, in turn
    0.0137,  # track 56-59 barrier
    0.01026,  # track 56-59 safe
    0.01765,  # track 56-59 clear, waiting
    -0.01266,  # track 56-59 far, waiting
    -0.03859,  # track 56-59 1 near, waiting
    -0.00439,  # track 56-59 2 near, waiting
    0.05628,  # track 56-59 clear, in turn
    0.04608,  # track 56-59 far, in turn
    0.02309,  # track 56-59 1 near, in turn
    0.02215,  # track 56-59 2 near, in turn
    -0.01083,  # track 60-63 barrier
    0.003067,  # track 60-63 safe
    0.008099,  # track 60-63 clear, waiting
    0.00122,  # track 60-63 far, waiting
    -0.03195,  # track 60-63 1 near, waiting
    -0.037,  # track 60-63 2 near, waiting
    0.04141,  # track 60-63 clear, in turn
    0.05662,  # track 60-63 far, in turn
    0.05576,  # track 60-63 1 near, in turn
    0.05031,  # track 60-63 2 near, in turn
)
