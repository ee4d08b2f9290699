"""``make run``: serve the app to the phones at the table, with gunicorn.

``python -m scorekeeper.serve [--host 0.0.0.0] [--port 5000]`` runs gunicorn (quiet: warnings
only), writes the access log with tokens redacted (:mod:`scorekeeper.accesslog`) to a file, and
once it listens prints the address phones on the same network should open and its QR code, as
the last lines in the terminal. Nothing of it needs the internet.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import Any

import segno
from gunicorn.app.base import BaseApplication

from . import ROOT
from .network import lan_address

LOGGER_CLASS = "scorekeeper.accesslog.RedactingLogger"
ANY_ADDRESS = ("0.0.0.0", "", "::")


def phone_url(host: str, port: int) -> tuple[str, bool]:
    """The address to open, and whether other devices can reach it."""
    if host in ANY_ADDRESS:
        lan = lan_address()
        if lan is not None:
            return f"http://{lan}:{port}/", True
        return f"http://127.0.0.1:{port}/", False
    reachable = not host.startswith("127.") and host != "localhost"
    return f"http://{host}:{port}/", reachable


def banner(url: str, reachable: bool, access_log: str) -> str:
    """What the terminal shows once the server listens: the phones' address comes last."""
    lines = ["", f"Canasta Scorekeeper is running. Access log (tokens redacted): {access_log}",
             "Stop it with Ctrl+C.", ""]
    if not reachable:
        lines.append("Phones cannot reach this address (no network found, or a loopback host): "
                     "join a Wi-Fi network and run `make run` again.")
        lines.append(f"Open on this machine: {url}")
        return "\n".join(lines) + "\n"
    qr = io.StringIO()
    segno.make(url, error="m").terminal(out=qr, compact=True)
    lines.append(qr.getvalue().rstrip("\n"))
    lines.append("")
    lines.append(f"Open on your phone (same Wi-Fi): {url}")
    return "\n".join(lines) + "\n"


class Server(BaseApplication):
    """gunicorn serving ``scorekeeper:create_app()`` with the given settings."""

    def __init__(self, options: dict[str, Any], *, lan_links: bool = False) -> None:
        self.options = options
        self.lan_links = lan_links
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        from . import create_app

        app = create_app()
        # Listening on every interface: links handed out at 127.0.0.1 use the LAN address
        # (scorekeeper.network), which then answers too.
        app.config["LAN_LINKS"] = self.lan_links
        return app


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--access-log", default=str(ROOT / "instance" / "access.log"))
    args = parser.parse_args(argv)
    Path(args.access_log).parent.mkdir(parents=True, exist_ok=True)
    url, reachable = phone_url(args.host, args.port)
    text = banner(url, reachable, args.access_log)

    def when_ready(_server: Any) -> None:
        # gunicorn calls this once it listens; at log level "warning" nothing follows it.
        sys.stdout.write(text)
        sys.stdout.flush()

    Server({
        "bind": f"{args.host}:{args.port}",
        "workers": args.workers,
        # Threads: the read-only pages poll, and a few phones should not queue behind them.
        "worker_class": "gthread",
        "threads": 4,
        "loglevel": "warning",
        "accesslog": args.access_log,
        "logger_class": LOGGER_CLASS,
        "when_ready": when_ready,
    }, lan_links=args.host in ANY_ADDRESS).run()


if __name__ == "__main__":
    main()
