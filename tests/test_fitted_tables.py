"""The shipped 2-player Parchís weights and piece table (``parchis/_tables.py``, generated)
are the committed weights file that ``benchmarks/fit_parchis_tables.py reproduce`` fits:
an entry changed in one and not the other is noticed here, whichever class it is.  (Not in
``tests/test_parchis_rules.py``: the mutation runs copy the sources and tests, not the
benchmarks.)"""

from __future__ import annotations

from pathlib import Path

from boardrules.parchis._features import CLASSES, FEATURES
from boardrules.parchis._tables import TABLE_2, WEIGHTS_2

WEIGHTS_FILE = Path(__file__).resolve().parents[1] / "benchmarks/data/parchis-tables-r2.txt"


def test_the_shipped_parchis_tables_are_the_committed_weights_file() -> None:
    lines = [line for line in WEIGHTS_FILE.read_text().splitlines() if not line.startswith("#")]
    values = [float(line.split("#")[0]) for line in lines]
    names = [line.split("#")[1].strip() for line in lines]
    # The file names the classes as the fitting script does ("far only", "2+ near").
    spelt = [name.replace("2+ near", "2 near").replace("far only", "far") for name in names]
    assert spelt == [*FEATURES, *CLASSES]
    assert values == [*WEIGHTS_2, *TABLE_2]
