"""``make run``: serve the app to the phones at the table, with gunicorn.

``python -m scorekeeper.serve [--host 0.0.0.0] [--port 5000]`` runs gunicorn (quiet: warnings
only), writes the access log with tokens redacted (:mod:`scorekeeper.accesslog`) to a file, and
once it listens prints the address phones on the same network should open and its QR code, as
the last lines in the terminal. Nothing of it needs the internet. Ctrl+C (or SIGTERM) lets the
requests in flight finish and prints one line, "Stopped."; a second Ctrl+C stops at once.

Behind a reverse proxy (``SCOREKEEPER_PROXIES`` set: ``deploy/``'s app servers) the phones open
the proxy's address, not this one: the banner says so instead of drawing a QR code. There
``--unix PATH`` listens on a Unix socket instead of a port (``--host``/``--port`` unused): only
who can reach the socket's folder (the proxy's user) can connect, so nothing but the proxy can
send the ``X-Forwarded-*`` headers the app then trusts.
"""

from __future__ import annotations

import argparse
import gc
import io
import logging
import os
import signal
import sys
from pathlib import Path
from typing import Any, NoReturn

import segno
from gunicorn.app.base import BaseApplication
from gunicorn.arbiter import Arbiter
from gunicorn.workers.ggevent import GeventWorker

from . import ROOT
from .network import lan_address

LOGGER_CLASS = "scorekeeper.accesslog.RedactingLogger"
#: Connections a worker holds at once (each following page holds one, its event stream).
CONNECTIONS_PER_WORKER = 5000
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


def proxied_banner(bind_url: str, access_log: str, base_url: str) -> str:
    """What an app server behind a reverse proxy prints once it listens (no QR code: phones
    never open this address)."""
    where = base_url or "the proxy's https address"
    return (f"Canasta Scorekeeper app server listening on {bind_url} behind a reverse proxy "
            f"(SCOREKEEPER_PROXIES): phones open {where}. "
            f"Access log (tokens redacted): {access_log}\n")


class StreamingWorker(GeventWorker):
    """gunicorn's gevent worker that, told to stop (SIGTERM: a restart, `make stack-down`),
    ends the event streams it holds at once: the browsers open new ones on another worker, and
    the worker does not wait out its graceful timeout behind streams that never finish."""

    def load_wsgi(self) -> None:
        super().load_wsgi()
        # What the app made at start (modules, templates, mappers: most of a worker's objects)
        # lives as long as the worker: out of the collector's way. A worker holding a thousand
        # streams otherwise stopped everything for 200-350 ms at each full collection (23 of
        # them in a 1,000-table club night, 4.5 s a worker).
        gc.collect()
        gc.freeze()
        # A request makes thousands of short-lived objects: a collection every 700 of them
        # (Python's default) ran 40 times a second. Every 50,000, the young ones are mostly
        # gone by then; a full collection about every 10 million.
        gc.set_threshold(50_000, 20, 10)

    def init_process(self) -> None:
        # gunicorn lets a worker go with sys.exit: it leaves by _leave_worker instead, under
        # whichever server started it (make run, deploy/'s app servers, the benches' gunicorn).
        try:
            super().init_process()
        except SystemExit as stop:
            _leave_worker(stop)
        _leave_worker(SystemExit(0))

    def init_signals(self) -> None:
        super().init_signals()
        # Ctrl+C at the terminal reaches every process of the foreground group, workers too:
        # the master alone decides how they stop (TerminalArbiter), else each worker quit on
        # its own and gevent printed a traceback per worker.
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    def handle_quit(self, sig: int, frame: Any) -> None:
        # The quick stop (SIGQUIT: a second Ctrl+C while the first waits for the requests in
        # flight). gunicorn's own raises SystemExit inside a greenlet, which gevent reports
        # with a traceback; there is nothing left to finish, so leave at once (the access log
        # is flushed line by line).
        self.alive = False
        self.cfg.worker_int(self)
        os._exit(0)

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        import gevent

        # A stop can come while the worker still loads the app (Ctrl+C just after the
        # address showed): then there are no streams to end yet.
        app = getattr(self, "wsgi", None)
        hub = getattr(app, "extensions", {}).get("news")
        if hub is not None:
            gevent.spawn(hub.close)


class TerminalArbiter(Arbiter):
    """gunicorn's master, with Ctrl+C (SIGINT) stopping as SIGTERM does: the workers finish
    the requests in flight and end their streams, then the process exits 0. gunicorn's own
    SIGINT is a quick stop that had each gevent worker print a traceback into the terminal
    of whoever pressed Ctrl+C; a second Ctrl+C still makes it quick."""

    def handle_int(self) -> None:
        raise StopIteration


#: The one line ``make run`` prints once stopped.
STOPPED = "Stopped."


def _leave_worker(stop: SystemExit) -> NoReturn:
    """A worker's way out, once gunicorn is done with it: its log flushed, then gone without
    the interpreter's teardown. Under gevent's patched threading that teardown could print
    "Exception ignored in _removeHandlerRef" tracebacks into the terminal of whoever pressed
    Ctrl+C (a logging handler collected after gevent's thread module was gone; seen when the
    rate limits stopped importing Flask-Limiter, 2026-12-04). A worker has nothing else to
    finish: its requests and streams ended before gunicorn let it go."""
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    code = stop.code
    os._exit(code if isinstance(code, int) else 0 if code is None else 1)


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

    def run(self) -> None:
        try:
            TerminalArbiter(self).run()
        except RuntimeError as error:  # what gunicorn's own run says of a bad setting
            print(f"\nError: {error}\n", file=sys.stderr)
            sys.exit(1)


def raise_open_files_limit() -> None:
    """Each held stream is an open socket: let the workers open as many as the system allows
    (the soft limit is often 1,024)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else 65536
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--unix", metavar="PATH", default=None,
                        help="listen on this Unix socket instead of --host/--port (behind a "
                             "reverse proxy: deploy/)")
    parser.add_argument("--access-log", default=str(ROOT / "instance" / "access.log"))
    args = parser.parse_args(argv)
    # gunicorn replaces a socket left at the path by a server that crashed.
    bind = f"unix:{args.unix}" if args.unix else f"{args.host}:{args.port}"
    Path(args.access_log).parent.mkdir(parents=True, exist_ok=True)
    from . import config

    if config.proxies() or args.unix:
        where = bind if args.unix else f"http://{args.host}:{args.port}/"
        text = proxied_banner(where, args.access_log, config.base_url())
    else:
        url, reachable = phone_url(args.host, args.port)
        text = banner(url, reachable, args.access_log)

    def when_ready(_server: Any) -> None:
        # gunicorn calls this once it listens; at log level "warning" nothing follows it.
        sys.stdout.write(text)
        sys.stdout.flush()

    raise_open_files_limit()
    server = Server({
        "bind": bind,
        "workers": args.workers,
        # Every page that follows a game or a tournament holds an event stream open: with
        # gevent a held stream is a greenlet of a few KB, not a thread, so two workers hold
        # thousands (bench/club_night.py measures it).
        "worker_class": f"{__name__}.StreamingWorker",
        "worker_connections": CONNECTIONS_PER_WORKER,
        "loglevel": "warning",
        "accesslog": args.access_log,
        "logger_class": LOGGER_CLASS,
        "when_ready": when_ready,
    }, lan_links=not args.unix and args.host in ANY_ADDRESS)
    master = os.getpid()
    try:
        server.run()
    except (KeyboardInterrupt, SystemExit) as stop:
        # gunicorn forks its workers inside run(), and they leave through here too: only the
        # master's own clean stop is reported. (KeyboardInterrupt: Ctrl+C before gunicorn
        # took SIGINT over, when nothing was served yet.)
        failed = isinstance(stop, SystemExit) and stop.code not in (0, None)
        if os.getpid() != master and isinstance(stop, SystemExit):
            _leave_worker(stop)
        if os.getpid() != master or failed:
            raise
    # The line that follows the terminal's "^C": the only one a stop prints.
    print(STOPPED, flush=True)


if __name__ == "__main__":
    main()
