"""``boardrules web build | serve``: the games in a browser, through Pyodide."""

from __future__ import annotations

import argparse
from pathlib import Path

from boardrules._values import shown_path
from boardrules.cli._common import UsageError


def add_web(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``web`` command and its two subcommands."""
    web = sub.add_parser("web", help="build or serve the page that plays the games in a browser")
    commands = web.add_subparsers(dest="web_command", required=True, metavar="build|serve")
    build = commands.add_parser(
        "build", help="write the static site: the page, the wheels and the Pyodide runtime"
    )
    build.add_argument("dir", metavar="DIR", help="the folder to write (made if missing)")
    build.add_argument(
        "--pyodide",
        metavar="PATH",
        help="the npm package pyodide: its tarball (npm pack pyodide@VERSION) or an "
        "unpacked folder (default: fetched with npm pack)",
    )
    build.set_defaults(run=_cmd_build, parser=build)
    serve = commands.add_parser("serve", help="serve a built site on 127.0.0.1")
    serve.add_argument("dir", metavar="DIR", nargs="?", default="site", help="the site (site)")
    serve.add_argument("--port", type=int, default=8000, help="the port (8000; 0: a free one)")
    serve.set_defaults(run=_cmd_serve, parser=serve)


def _cmd_build(args: argparse.Namespace) -> int:
    from boardrules.web import build_site  # only for this command: it imports tarfile & co.

    out = build_site(args.dir, args.pyodide)
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(
        f"wrote the site to {out} ({size / 1e6:.1f} MB); serve it with: boardrules web serve {out}"
    )
    return 0


def _cmd_serve(args: argparse.Namespace) -> int:
    from boardrules.web import make_server

    folder = Path(args.dir)
    if not (folder / "index.html").is_file():  # a site, or the docs holding one
        name = shown_path(folder)
        raise UsageError(f"{name} is not a site: write one with boardrules web build {name}")
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be 0 to 65535, not {args.port}")
    try:
        server = make_server(folder, args.port)
    except OSError as e:
        raise UsageError(f"cannot serve on 127.0.0.1:{args.port}: {e.strerror}") from None
    with server:
        port = server.server_address[1]
        print(f"serving {folder} at http://127.0.0.1:{port}/ (Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")
    return 0
