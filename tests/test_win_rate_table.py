"""The table of how often the heroes win (docs/games/dorasure.rst, "How often the heroes
win") is what ``benchmarks/dorasure_strength.py --table`` plays: the same rows, in the same
order, with the same bots, seeds and numbers of games.  (Not in ``tests/dorasure/``: the
mutation runs copy the sources and tests, not the docs and benchmarks.)"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _script_table() -> list[tuple[int, str, int, int]]:
    spec = importlib.util.spec_from_file_location(
        "dorasure_strength", ROOT / "benchmarks" / "dorasure_strength.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.TABLE)


def _docs_table() -> list[tuple[int, str, int, int]]:
    page = (ROOT / "docs" / "games" / "dorasure.rst").read_text(encoding="utf-8")
    section = page.split("How often the heroes win", 1)[1]
    rows = re.findall(r"^(\d+)\s+(\w+)\s+(\d+)\s+(\d+)/(\d+)\s", section, flags=re.M)
    return [(int(h), bot, int(games), int(seed)) for h, bot, seed, _, games in rows]


def test_the_docs_win_rate_table_has_the_rows_the_script_plays() -> None:
    docs = _docs_table()
    assert len(docs) >= 10  # the table was found
    assert docs == _script_table()
