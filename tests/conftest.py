"""Hypothesis profiles of the test suite, and the browser of the browser tests.

``python -m pytest`` runs every test with the settings written beside it; the fuzz tests
(``tests/fuzz``, marker ``fuzz``) run a short derandomized sample.  For a release run the
fuzz suite long::

    python -m pytest -m fuzz --hypothesis-profile long
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# Long: many random examples per fuzz test (tests/fuzz/fuzzing.py reads max_examples).
settings.register_profile("long", max_examples=3000, deadline=None)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """One headless Chromium for the run's browser tests (tests/browser_kit.py); a test
    module using it imports browser_kit first, which skips without Playwright or Chromium."""
    from browser_kit import browser

    with browser() as launched:
        yield launched
