"""Layers only point down: the core knows no game and no layer above it, a game knows only
the core, and the layers above (bots, analysis, pictures, ...) play every game through the
generic API.  Read from the import statements of the source with ``ast``."""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "boardrules"

GAMES = {"parchis", "dorada", "docker", "dorasure"}
# The batch engines restate games' rules over arrays: they may read the games' modules
# (their tables and rules are the ones compared against), and nothing imports them.
BATCH = {"batch"}
LAYERS = {
    "__main__", "analysis", "bots", "cli", "openspiel", "pictures", "records", "rl",
    "simulate", "testing", "web",
}  # fmt: skip
CORE = {
    "api", "chance", "errors", "game", "_document", "_encoding", "_extras", "_fitted", "_guard",
    "_interrupts", "_legal", "_lru", "_names", "_search", "_svg", "_typing", "_values",
}  # fmt: skip
# Private modules of the core that are the library's shared internals: the layers may use
# them as well as the public API (they hold no game's rules).
SHARED_INTERNALS = {
    "_document", "_extras", "_interrupts", "_lru", "_names", "_search", "_svg", "_values",
}  # fmt: skip


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(name: str) -> bool:
    path = SRC.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _targets(node: ast.Import | ast.ImportFrom, here: str, is_package: bool) -> Iterator[str]:
    """The boardrules modules an import statement loads (``from boardrules import x`` loads
    ``boardrules.x`` when that is a module, else the package itself)."""
    if isinstance(node, ast.Import):
        yield from (a.name for a in node.names if a.name.split(".")[0] == "boardrules")
        return
    base = node.module or ""
    if node.level:
        package = here.split(".") if is_package else here.split(".")[:-1]
        base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
    if base.split(".")[0] != "boardrules":
        return
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        yield sub if _is_module(sub) else base


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(body: list[ast.stmt], here: str, package: bool, lazy: bool) -> Iterator[str]:
    """The modules imported by ``body``: at import time only (not inside functions nor for
    type checkers), or with ``lazy`` every import that can run."""
    for node in body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield from _targets(node, here, package)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if lazy:
                yield from _imports(node.body, here, package, lazy)
        elif isinstance(node, ast.If) and _is_type_checking(node):
            yield from _imports(node.orelse, here, package, lazy)
        else:  # a class body, if, try, with, for or while runs its statements too
            blocks = [getattr(node, field, []) for field in ("body", "orelse", "finalbody")]
            blocks += [handler.body for handler in getattr(node, "handlers", [])]
            for block in blocks:
                yield from _imports(block, here, package, lazy)


def _part(module: str) -> str:
    """``core``, a game's or a layer's name, for a module of boardrules."""
    parts = module.split(".")
    return "core" if len(parts) == 1 or parts[1] in CORE else parts[1]


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _imported(module: str, lazy: bool) -> set[str]:
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return set(_imports(tree.body, module, path.name == "__init__.py", lazy))


def test_every_module_belongs_to_the_core_a_game_or_a_layer() -> None:
    tops = {m.split(".")[1] for m in MODULES if "." in m}
    assert tops == CORE | GAMES | LAYERS | BATCH


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _part(m) == "core"))
def test_the_core_imports_no_game_and_no_layer_at_import_time(module: str) -> None:
    above = sorted(m for m in _imported(module, lazy=False) if _part(m) != "core")
    assert above == []


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _part(m) in GAMES))
def test_a_game_imports_only_the_core_and_itself(module: str) -> None:
    game = _part(module)
    foreign = sorted(m for m in _imported(module, lazy=True) if _part(m) not in ("core", game))
    assert foreign == []


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _part(m) in LAYERS))
def test_a_layer_uses_the_public_api_and_no_game(module: str) -> None:
    layer = _part(module)
    wrong = []
    for target in _imported(module, lazy=True):
        part, private = _part(target), any(p.startswith("_") for p in target.split(".")[1:])
        if part in GAMES:
            wrong.append(target)  # a layer knows no game: it asks the generic API
        elif part == "core" and private and target.split(".")[1] not in SHARED_INTERNALS:
            wrong.append(target)
        elif part in LAYERS and part != layer and private:
            wrong.append(target)  # another layer: through its public names
    assert wrong == []


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _part(m) in BATCH))
def test_the_batch_engines_read_the_core_and_the_games_only(module: str) -> None:
    wrong = sorted(
        m for m in _imported(module, lazy=True) if _part(m) not in {"core", "batch"} | GAMES
    )
    assert wrong == []


def test_nothing_imports_the_batch_engines() -> None:
    users = sorted(
        m for m in MODULES if _part(m) not in BATCH and any(
            _part(t) in BATCH for t in _imported(m, lazy=True)
        )
    )  # fmt: skip
    assert users == []


def test_the_import_reader_sees_what_it_must() -> None:
    # The checks above are only as good as this reader: it finds imports at import time,
    # inside functions, and leaves out those for type checkers.
    assert "boardrules.api" in _imported("boardrules", lazy=False)
    assert "boardrules.pictures" not in _imported("boardrules", lazy=True)
    assert "boardrules.pictures" in _imported("boardrules.cli._show", lazy=False)
    assert "boardrules.parchis" not in _imported("boardrules.api", lazy=True)  # typing only
    assert "boardrules.docker._board" in _imported("boardrules.docker._rules", lazy=False)
    assert "boardrules.records" in _imported("boardrules.pictures", lazy=True)


def test_importing_boardrules_loads_no_game_and_no_layer() -> None:
    code = (
        "import sys, boardrules as br\n"
        "print(sorted(m for m in sys.modules if m.startswith('boardrules.')))\n"
        "import boardrules.pictures\n"
        "assert br.show is boardrules.pictures.show and 'show' in dir(br)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=SRC
    ).stdout
    loaded = set(ast.literal_eval(out))
    assert {_part(m) for m in loaded} == {"core"}


# ----------------------------------------------------------------------------- no circles


@functools.cache
def _every_import(module: str) -> frozenset[str]:
    """Every boardrules module ``module`` names in an import: at import time, inside
    functions and for type checkers alike (a circle of any of them is a circle to read)."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update(_targets(node, module, package))
    return frozenset(found - {module})


def _circles(graph: dict[str, list[str]] | None = None) -> list[list[str]]:
    """The import circles of the library (or of ``graph``): its strongly connected parts of
    more than one module (Tarjan's algorithm over :func:`_every_import`)."""
    if graph is None:
        graph = {m: sorted(_every_import(m) & MODULES.keys()) for m in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(circles)


_DORASURE = "boardrules.dorasure."


def test_no_import_circle_counting_imports_in_functions_and_for_type_checkers() -> None:
    assert _circles() == []


def test_the_circle_finder_finds_a_circle() -> None:
    # The reader counts imports for type checkers and inside functions too ...
    assert "boardrules.parchis" in _every_import("boardrules.api")  # typing only
    lazy = _imported("boardrules.pictures", lazy=True) - _imported("boardrules.pictures", False)
    assert lazy and lazy <= _every_import("boardrules.pictures")
    # ... and the finder finds a circle in a graph that has one, and only its modules.
    graph = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": ["e"], "e": ["d"], "f": ["a"]}
    assert _circles(graph) == [["a", "b", "c"], ["d", "e"]]


def _reaches(module: str) -> set[str]:
    """Every boardrules module that ``module`` imports, directly or through others."""
    seen, todo = set(), [module]
    while todo:
        for target in _every_import(todo.pop()) & MODULES.keys():
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_dorasure_reads_bottom_up() -> None:
    # The moves build on the tables only, the state (its tasks' base and working copy) on
    # the moves, the map and the tables; the tasks build on it and the primitives, and know
    # none of the engine that thaws states and builds agendas (``_work``, ``_score``,
    # ``_engine``) nor anything above.
    moves = {m for m in _reaches(_DORASURE + "_move_classes") if m.startswith(_DORASURE)}
    assert moves == {_DORASURE + "_data"}
    state = {m for m in _reaches(_DORASURE + "_state") if m.startswith(_DORASURE)}
    assert state == {_DORASURE + "_board", _DORASURE + "_data", _DORASURE + "_move_classes"}
    engine = {_DORASURE + m for m in ("_work", "_score", "_engine", "_moves", "_rules")}
    tasks = [m for m in MODULES if m.startswith(_DORASURE + "tasks.") and "_registry" not in m]
    assert len(tasks) == 12
    assert all(_reaches(m).isdisjoint(engine) for m in tasks)
