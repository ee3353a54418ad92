"""``python -m boardrules``: the command line of :mod:`boardrules.cli`."""

from __future__ import annotations

import signal
import sys

__all__ = ["main"]


def main() -> int:
    """Run the command line; Ctrl-C while it loads (most of its first half-second) or sets
    out ends it with exit code 130 and one line, as Ctrl-C does later, not with a
    traceback (while this package itself loads, its ``__init__`` does the same)."""
    try:
        import boardrules
        from boardrules._interrupts import interrupt
        from boardrules.cli import main as run

        # From here the commands catch Ctrl-C themselves (simulate prints what it has).
        if signal.getsignal(signal.SIGINT) is boardrules._interrupted:
            signal.signal(signal.SIGINT, interrupt)
        return run()
    except KeyboardInterrupt:
        print("\nboardrules: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
