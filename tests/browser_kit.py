"""Headless Chromium for the browser tests, driven by Playwright for Python.

Playwright drives the ``chromium`` of the system (the Debian package that ``.ci/run``
installs), given as ``executable_path``: no browser is downloaded (no ``playwright
install``).  One browser serves a whole test run (the ``chromium`` fixture of
``tests/conftest.py``); each test opens its own context or page in it.  Without Playwright
(the extra ``browser``) or Chromium, a test module importing this one skips with the reason
(and fails in CI).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from extras import need, need_program

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

sync_api = need("playwright.sync_api", "browser")
CHROMIUM = need_program("chromium", "apt-get install chromium")

#: Chromium's flags beside Playwright's own: no GPU, no updates, no first-run screens, and
#: no host but this machine (the page must work with no network).
FLAGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
)


@contextmanager
def browser() -> Iterator[Browser]:
    """Headless Chromium, closed on leaving."""
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=list(FLAGS), headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


@contextmanager
def page_of(
    chromium: Browser, size: tuple[int, int], scale: float = 1, downloads: bool = False
) -> Iterator[Page]:
    """A page in a fresh context: a window of ``size`` CSS pixels, ``scale`` device pixels
    to one."""
    context = chromium.new_context(
        viewport={"width": size[0], "height": size[1]},
        device_scale_factor=scale,
        accept_downloads=downloads,
    )
    try:
        yield context.new_page()
    finally:
        context.close()
