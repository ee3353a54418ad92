"""The shipped Parchís weights and piece tables (``parchis/_tables.py`` for 2 players,
``parchis/_tables4.py`` for 4, generated) are the committed weights files that
``benchmarks/fit_parchis_tables.py reproduce`` fits: an entry changed in one and not the
other is noticed here, whichever class it is.  (Not in ``tests/test_parchis_rules.py``: the
mutation runs copy the sources and tests, not the benchmarks.)"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from boardrules.parchis._features import CLASSES, FEATURES
from boardrules.parchis._tables import TABLE_2, WEIGHTS_2
from boardrules.parchis._tables4 import TABLE_4, WEIGHTS_4

DATA = Path(__file__).resolve().parents[1] / "benchmarks/data"


@pytest.mark.parametrize(
    ("name", "weights", "table"),
    [("parchis-tables-r2.txt", WEIGHTS_2, TABLE_2), ("parchis-tables-4p.txt", WEIGHTS_4, TABLE_4)],
    ids=["2 players", "4 players"],
)
def test_the_shipped_parchis_tables_are_the_committed_weights_file(
    name: str, weights: Sequence[float], table: Sequence[float]
) -> None:
    lines = [line for line in (DATA / name).read_text().splitlines() if not line.startswith("#")]
    values = [float(line.split("#")[0]) for line in lines]
    names = [line.split("#")[1].strip() for line in lines]
    # The file names the classes as the fitting script does ("far only", "2+ near").
    spelt = [name.replace("2+ near", "2 near").replace("far only", "far") for name in names]
    assert spelt == [*FEATURES, *CLASSES]
    assert values == [*weights, *table]
