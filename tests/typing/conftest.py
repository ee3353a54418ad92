"""The files here are read by type checkers (``python tests/typing/check.py``), never run:
some of them hold type errors on purpose."""

collect_ignore_glob = ["user_*.py", "check.py"]
