"""The fitted weights of :func:`boardrules.dorada.evaluate`: generated, do not edit.

Made by ``python benchmarks/fit_evaluation.py dorada`` (see that script for the method).
326507 positions in the last round, a fifth held out; held-out log loss 0.7339
(the previous evaluation: 1.0038).
"""

#: One weight per feature of ``_features.FEATURES``, in that order.
WEIGHTS = (
    0.9991,  # start
    -2.331,  # advance
    0.211,  # free
    0.06668,  # buried
    -0.0006083,  # covering
    -1.805,  # lost
    -1.921,  # home
    -0.06423,  # points
    -0.6367,  # stumble
    -0.3083,  # jump
    3.094,  # share
    -0.1087,  # to_move
)
