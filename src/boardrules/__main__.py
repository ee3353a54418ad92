"""``python -m boardrules``: the command line of :mod:`boardrules.cli`."""

from __future__ import annotations

import sys

from boardrules.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
