"""The Ray backend: the games of a series as Ray tasks, in batches.

Ray is the optional extra ``ray``; nothing here imports it before a series asks for it.
With no address a local Ray runtime is started (or the running one reused); with an address
the driver joins that cluster (``ray start --head`` prints it).
"""

from __future__ import annotations

import os
import re
import socket
import sys
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from boardrules._extras import require
from boardrules._values import safe_repr, shown_message
from boardrules.errors import InvalidOptionError
from boardrules.simulate._series import Batches, Outcome, Series, in_flight, play_batch

__all__ = ["run_ray"]

_remote_batch: Any = None


def local_runtime_env() -> dict[str, Any]:
    """Workers of a local runtime see the driver's import path, as forked processes do, so
    that bots given by import path or defined in the caller's modules load there too."""
    paths = [p for p in sys.path if p and os.path.isdir(p)]
    return {"env_vars": {"PYTHONPATH": os.pathsep.join(paths)}}


_HOST_PORT = re.compile(r"(?:ray://)?(?P<host>[^:/\s]+):(?P<port>\d{1,5})")


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast on a cluster address that nothing answers at (Ray itself retries for
    minutes).  ``"auto"`` and other forms that Ray resolves itself are left to Ray."""
    match = _HOST_PORT.fullmatch(address.strip())
    if match is None:
        if address.strip() != "auto":
            raise InvalidOptionError(
                f"bad Ray address {safe_repr(address)}: use HOST:PORT (as `ray start --head` "
                "prints), ray://HOST:PORT, or auto"
            )
        return
    try:
        socket.create_connection((match["host"], int(match["port"])), timeout).close()
    except (OSError, ValueError) as e:
        raise InvalidOptionError(
            f"no Ray cluster answers at {safe_repr(address)}: {shown_message(e)}"
        ) from None


def _ray(address: str | None, workers: int | None) -> Any:
    ray = require("ray", "ray", "the Ray backend (backend='ray')")
    if address is not None:
        check_reachable(address)
    if not ray.is_initialized():
        try:
            if address is None:
                ray.init(
                    num_cpus=workers,
                    include_dashboard=False,
                    log_to_driver=False,
                    runtime_env=local_runtime_env(),
                )
            else:
                ray.init(address=address, log_to_driver=False)
        except (ConnectionError, ValueError, RuntimeError) as e:
            where = (
                "a local Ray runtime"
                if address is None
                else f"the Ray cluster at {safe_repr(address)}"
            )  # Ray's own text may repeat the address: cut too
            raise InvalidOptionError(f"cannot start or join {where}: {shown_message(e)}") from None
    return ray


def _batch_task(ray: Any) -> Any:
    global _remote_batch
    if _remote_batch is None:
        _remote_batch = ray.remote(play_batch)
    return _remote_batch


def run_ray(
    series: Series,
    indices: Sequence[int],
    workers: int | None,
    address: str | None,
    batch_size: int | None,
) -> Iterator[Outcome]:
    """The outcomes of games ``indices`` in order, played as Ray tasks of ``batch_size``
    games (by default :class:`~boardrules.simulate._series.Batches` of growing size); at
    most twice as many batches as there are CPUs are in flight at a time, so the driver's
    memory stays flat.  Stopping early (Ctrl-C) cancels the batches in flight."""
    ray = _ray(address, workers)
    task = _batch_task(ray)
    cpus = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
    series_ref = ray.put(series)
    pending: deque[Any] = deque()
    try:
        yield from in_flight(
            Batches(indices, batch_size),
            2 * cpus,
            lambda batch: task.remote(series_ref, list(batch)),
            ray.get,
            pending,
        )
    finally:
        for _, ref in pending:
            ray.cancel(ref, force=True)
