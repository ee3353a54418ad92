"""Wheels of installed pure-Python packages, written without a build tool.

A pure-Python wheel is a zip of the packages' files and a ``.dist-info`` folder (``METADATA``,
``WHEEL``, ``RECORD``).  The files are taken from where Python imports the packages, so an
editable install of boardrules gives the wheel of the checkout as it stands.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import importlib.util
import zipfile
from collections.abc import Iterator, Sequence
from pathlib import Path

__all__ = ["write_wheel"]

# Every entry gets this date, so the same files give the same bytes.
_EPOCH = (1980, 1, 1, 0, 0, 0)

_WHEEL = (
    "Wheel-Version: 1.0\nGenerator: boardrules web build\nRoot-Is-Purelib: true\n"
    "Tag: py3-none-any\n"
)


def _package_files(package: str) -> Iterator[tuple[str, Path]]:
    """``(name in the wheel, file)`` for every file of the importable ``package``."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise LookupError(f"the package {package!r} is not installed")
    folder = Path(next(iter(spec.submodule_search_locations)))
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if path.is_file() and "__pycache__" not in relative.parts and path.suffix != ".pyc":
            yield f"{package}/{relative.as_posix()}", path


def _digest(data: bytes) -> str:
    raw = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + raw.decode("ascii")


def write_wheel(distribution: str, packages: Sequence[str], folder: Path) -> Path:
    """Write the wheel of the installed ``distribution``, holding its top-level
    ``packages``, into ``folder``; return its path (``name-version-py3-none-any.whl``)."""
    dist = importlib.metadata.distribution(distribution)
    name = dist.metadata["Name"].replace("-", "_").lower()
    info = f"{name}-{dist.version}.dist-info"
    path = folder / f"{name}-{dist.version}-py3-none-any.whl"
    metadata = dist.read_text("METADATA") or f"Metadata-Version: 2.1\nName: {name}\n"
    entries: list[tuple[str, bytes]] = [
        (arcname, file.read_bytes())
        for package in packages
        for arcname, file in _package_files(package)
    ]
    entries += [(f"{info}/METADATA", metadata.encode("utf-8")), (f"{info}/WHEEL", _WHEEL.encode())]
    record = "".join(f"{arcname},{_digest(data)},{len(data)}\n" for arcname, data in entries)
    entries.append((f"{info}/RECORD", (record + f"{info}/RECORD,,\n").encode()))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for arcname, data in entries:
            entry = zipfile.ZipInfo(arcname, _EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            wheel.writestr(entry, data)
    return path
