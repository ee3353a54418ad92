"""Hypothesis profiles of the test suite.

``python -m pytest`` runs every test with the settings written beside it; the fuzz tests
(``tests/fuzz``, marker ``fuzz``) run a short derandomized sample.  For a release run the
fuzz suite long::

    python -m pytest -m fuzz --hypothesis-profile long
"""

from __future__ import annotations

from hypothesis import settings

# Long: many random examples per fuzz test (tests/fuzz/fuzzing.py reads max_examples).
settings.register_profile("long", max_examples=3000, deadline=None)
