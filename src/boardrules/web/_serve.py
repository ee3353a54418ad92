"""``boardrules web serve``: the site on 127.0.0.1, with the MIME types a browser needs to
compile WebAssembly (``application/wasm``) and load modules (``.mjs``)."""

from __future__ import annotations

import functools
import http
import http.server
from pathlib import Path
from typing import Any

__all__ = ["CONNECTION_TIMEOUT", "MIME_TYPES", "make_server"]

#: The types the page's files need; ``.wasm`` must be ``application/wasm`` for streaming
#: compilation, and a module script must have a JavaScript type.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
}


_EXTENSIONS = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}


#: Seconds a connection may stay silent (a request half sent, a download not read) before
#: the server drops it: each connection holds a thread, so a silent one must not hold it
#: forever.
CONNECTION_TIMEOUT = 30.0


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = _EXTENSIONS
    timeout = CONNECTION_TIMEOUT

    def handle(self) -> None:
        try:
            super().handle()
        except (ConnectionError, TimeoutError):  # the client left, or went silent: no one
            self.close_connection = True  # to answer, and nothing to report

    def send_head(self) -> Any:
        try:
            return super().send_head()
        except ValueError:  # a NUL or a lone surrogate in the path: no file has that name
            self.send_error(http.HTTPStatus.NOT_FOUND, "No such file")
            return None

    def end_headers(self) -> None:
        # A rebuilt site is seen at once: the browser revalidates every file.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: a page load is dozens of requests."""


def make_server(directory: str | Path, port: int = 8000) -> http.server.ThreadingHTTPServer:
    """A server of ``directory`` on ``127.0.0.1:port`` (``port`` 0: a free one); call its
    ``serve_forever()``.  Only this machine can reach it."""
    handler = functools.partial(_Handler, directory=str(directory))
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
