"""The scripts of ``examples/`` say what they need, and without it say so in one line.

Each example's docstring names the extra it needs (or says it needs nothing more); run with
that extra missing, it exits 1 printing only the library's missing-extra message, never a
traceback.  ``.ci/run`` runs every example with every extra installed.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))

# What each example needs: its extra and a module of that extra to hide, or None.
NEEDS: dict[str, tuple[str, str] | None] = {
    "bot_tutorial.py": None,
    "random_bot.py": None,
    "rl_random_masked.py": ("rl", "numpy"),
    "train_tabular_or_small.py": ("rl", "gymnasium"),
    "openspiel_mcts.py": ("openspiel", "pyspiel"),
    "batch_reinforce.py": ("batch", "numpy"),
    "batch_actor_critic.py": ("batch", "numpy"),
}


def test_every_example_is_listed() -> None:
    assert sorted(p.name for p in SCRIPTS) == sorted(NEEDS)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_each_example_names_what_it_needs_in_its_docstring(script: Path) -> None:
    doc = ast.get_docstring(ast.parse(script.read_text(encoding="utf-8"))) or ""
    need = NEEDS[script.name]
    if need is None:
        assert "Needs nothing but boardrules itself" in doc
    else:
        assert f"Needs the extra ``{need[0]}`` (``pip install 'boardrules[{need[0]}]'``)" in doc


HIDE = """\
import runpy, sys
sys.modules[{module!r}] = None  # as if it were not installed: importing it fails
sys.argv = [{script!r}]
runpy.run_path({script!r}, run_name="__main__")
"""


@pytest.mark.parametrize(
    "script", [p for p in SCRIPTS if NEEDS[p.name] is not None], ids=lambda p: p.name
)
def test_an_example_without_its_extra_says_so_in_one_line(script: Path) -> None:
    need = NEEDS[script.name]
    assert need is not None
    extra, module = need
    code = HIDE.format(module=module, script=str(script))
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    # The first missing package of the extra is named (numpy, when nothing of it is there).
    assert lines[0].endswith(f", which is not installed: pip install 'boardrules[{extra}]'")


def test_the_random_bot_example_plays_a_game_to_the_end() -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "random_bot.py")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.splitlines()[-1].startswith("returns: (")
