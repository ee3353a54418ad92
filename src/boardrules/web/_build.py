"""``boardrules web build``: the static site that plays the games in a browser.

The site holds the page (``index.html``, its script, its worker and its style sheet), the
wheels of boardrules and attrs made from the installed packages, and the Pyodide runtime
(CPython compiled to WebAssembly) from the npm package ``pyodide``.
"""

from __future__ import annotations

import importlib.resources
import json
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from boardrules._values import shortened, shown_path
from boardrules.errors import BoardrulesError
from boardrules.web._wheels import write_wheel

__all__ = ["FETCHED_FILES", "PYODIDE_VERSION", "RUNTIME_FILES", "SiteError", "build_site"]

#: The version of the npm package ``pyodide`` the page is made and tested with.
PYODIDE_VERSION = "314.0.7"

#: The files of the npm package that the page loads (``package.json`` gives the version).
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)

#: The runtime's files that Pyodide fetches (the rest it imports or never loads).
FETCHED_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

#: The page's own files, package data of :mod:`boardrules.web`.
PAGE_FILES = ("index.html", "app.js", "review.js", "worker.js", "style.css")

_HOW = (
    f"install npm (e.g. apt-get install npm) and run this again, or run "
    f"'npm pack pyodide@{PYODIDE_VERSION}' and give --pyodide pyodide-{PYODIDE_VERSION}.tgz"
)


_GIVE = (
    f"give the tarball that 'npm pack pyodide@{PYODIDE_VERSION}' writes, or the folder it "
    "unpacks to"
)


class SiteError(BoardrulesError):
    """The site cannot be built: the Pyodide runtime is missing or incomplete."""


def build_site(directory: str | Path, pyodide: str | Path | None = None) -> Path:
    """Write the site into ``directory`` (made if missing) and return its path.

    ``pyodide`` is the npm package ``pyodide``: its tarball (``npm pack``) or an unpacked
    folder.  Without it the package is fetched with ``npm pack`` (from npm's cache when it
    is there); with neither, :class:`SiteError` says what to run.
    """
    out = Path(directory)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SiteError(f"cannot make the folder {shown_path(out)}: {e.strerror}") from None
    with tempfile.TemporaryDirectory(prefix="boardrules-web-") as tmp:
        source = _runtime(pyodide, Path(tmp))
        runtime = out / "pyodide"
        runtime.mkdir(exist_ok=True)
        for name in RUNTIME_FILES:
            shutil.copyfile(source / name, runtime / name)
    version = json.loads((runtime / "package.json").read_text(encoding="utf-8"))["version"]
    wheels = out / "wheels"
    if wheels.exists():
        shutil.rmtree(wheels)  # a wheel of another version would be loaded too
    wheels.mkdir()
    made = [
        write_wheel("boardrules", ["boardrules"], wheels),
        write_wheel("attrs", ["attr", "attrs"], wheels),
    ]
    page = importlib.resources.files("boardrules.web").joinpath("static")
    for name in PAGE_FILES:
        (out / name).write_bytes(page.joinpath(name).read_bytes())
    # The sizes of what the worker fetches, for the loading screen's progress bar.
    fetched = [runtime / name for name in FETCHED_FILES] + made
    sizes = {path.relative_to(out).as_posix(): path.stat().st_size for path in fetched}
    manifest = {"pyodide": version, "wheels": [w.name for w in made], "sizes": sizes}
    (out / "site.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return out


def _runtime(pyodide: str | Path | None, tmp: Path) -> Path:
    """The folder that holds :data:`RUNTIME_FILES`: the one given, or unpacked into ``tmp``
    from the tarball given or fetched with ``npm pack``."""
    if pyodide is None:
        return _unpack(_npm_pack(tmp), tmp)
    given = Path(pyodide)
    try:  # a name too long for the system is an OSError, not False, for pathlib
        kind = "folder" if given.is_dir() else "tarball" if _is_tarball(given) else ""
        missing = not kind and not given.exists()
    except OSError as e:
        raise SiteError(f"cannot read {shown_path(given)}: {e.strerror}") from None
    if kind == "folder":
        for folder in (given, given / "package", given / "node_modules" / "pyodide"):
            if (folder / "pyodide.asm.wasm").is_file():
                return _complete(folder, given)
        raise SiteError(
            f"{shown_path(given)} holds no Pyodide runtime (no pyodide.asm.wasm); {_GIVE}"
        )
    if kind == "tarball":
        return _unpack(given, tmp)
    if missing:
        raise SiteError(f"{shown_path(given)} does not exist; {_GIVE}")
    raise SiteError(
        f"{shown_path(given)} is neither a folder nor a tarball of the npm package pyodide"
    )


def _is_tarball(path: Path) -> bool:
    return path.is_file() and tarfile.is_tarfile(path)


def _npm_pack(tmp: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        raise SiteError(f"the Pyodide runtime is needed: {_HOW}")
    try:
        done = subprocess.run(
            [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"],
            cwd=tmp,
            capture_output=True,
            text=True,
            timeout=600,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        raise SiteError(f"npm pack pyodide@{PYODIDE_VERSION} failed ({e}); {_HOW}") from None
    tarballs = sorted(tmp.glob("pyodide-*.tgz"))
    if done.returncode != 0 or not tarballs:
        why = (done.stderr.strip().splitlines() or ["no tarball"])[-1]
        raise SiteError(f"npm pack pyodide@{PYODIDE_VERSION} failed ({why}); {_HOW}")
    return tarballs[0]


def _unpack(tarball: Path, tmp: Path) -> Path:
    """Extract the runtime's files (and nothing else) from the npm tarball into ``tmp``."""
    folder = tmp / "runtime"
    folder.mkdir()
    try:
        with tarfile.open(tarball) as tar:
            for name in RUNTIME_FILES:
                try:
                    member = tar.extractfile(f"package/{name}")
                except KeyError:
                    member = None
                if member is None:
                    raise SiteError(
                        f"{shown_path(tarball)} is not the npm package pyodide: no {name}"
                    )
                (folder / name).write_bytes(member.read())
    except (tarfile.TarError, OSError, EOFError) as e:
        why = e.strerror if isinstance(e, OSError) and e.strerror else shortened(str(e))
        raise SiteError(f"cannot read {shown_path(tarball)}: {why}") from None
    return folder


def _complete(folder: Path, given: Path) -> Path:
    missing = [name for name in RUNTIME_FILES if not (folder / name).is_file()]
    if missing:
        lacks = ", ".join(missing)
        raise SiteError(f"{shown_path(given)} lacks {lacks} of the Pyodide runtime; {_GIVE}")
    return folder
