"""The fitted weights of :func:`boardrules.parchis.evaluate`: generated, do not edit.

Made by ``python benchmarks/fit_evaluation.py parchis`` (see that script for the method).
112805 positions in the last round, a fifth held out; held-out log loss 0.5983
(the previous evaluation: 0.6298).
"""

#: One weight per feature of ``_features.FEATURES``, in that order.
WEIGHTS = (
    -1.331,  # progress
    4.744,  # progress_sq
    -0.1374,  # nest
    0.03519,  # goal
    -0.04383,  # lane
    0.058,  # safe
    -0.04365,  # barriers
    -0.1807,  # danger
    -0.0107,  # danger_in_turn
    -0.04641,  # danger_far
    -0.04015,  # to_move
    0.05484,  # pending
    0.1624,  # bonus
)
