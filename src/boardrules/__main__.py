"""``python -m boardrules``: the command line of :mod:`boardrules.cli`."""

from __future__ import annotations

import sys

__all__ = ["main"]


def main() -> int:
    """Run the command line; Ctrl-C while it loads (most of its first half-second) ends it
    with exit code 130 and one line, as Ctrl-C does later, not with a traceback."""
    try:
        from boardrules.cli import main as run
    except KeyboardInterrupt:
        print("\nboardrules: interrupted", file=sys.stderr)
        return 130
    return run()


if __name__ == "__main__":
    sys.exit(main())
