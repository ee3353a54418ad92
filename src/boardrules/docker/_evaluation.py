"""The fitted weights of :func:`boardrules.docker.evaluate`: generated, do not edit.

Made by ``python benchmarks/fit_evaluation.py docker`` (see that script for the method).
78240 positions in the last round, a fifth held out; held-out log loss 0.9843
(the previous evaluation: 1.1219).
"""

#: One weight per feature of ``_features.FEATURES``, in that order.
WEIGHTS = (
    -0.2805,  # usable
    -1.069,  # risk
    -1.742,  # risk_in_turn
    0.9267,  # reserve
    0.5432,  # tops
    0.05952,  # buried
    -5.426e-05,  # covering
    0.08893,  # survival
    -3.309e-05,  # to_move
)
