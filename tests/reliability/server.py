"""Run the real app under gunicorn on a free loopback port, as the reliability tests need."""

from __future__ import annotations

import http.client
import json
import os
import sys
from pathlib import Path
from typing import Any

from servers import ROOT, ServerProcess, answers, free_port

__all__ = ["GUNICORN", "ROOT", "REQUEST_TIMEOUT", "Server", "free_port", "request"]

GUNICORN = Path(sys.executable).parent / "gunicorn"
#: How long a request waits for its answer: a live server on a loaded machine can take seconds;
#: only a hung one takes this long.
REQUEST_TIMEOUT = 60.0


def request(port: int, method: str, path: str, body: Any = None,
            headers: dict[str, str] | None = None,
            timeout: float = REQUEST_TIMEOUT) -> tuple[int, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        payload = json.dumps(body) if body is not None else None
        conn.request(method, path, body=payload,
                     headers={"Content-Type": "application/json", **(headers or {})})
        res = conn.getresponse()
        data = res.read()
        if "json" not in (res.getheader("Content-Type") or ""):
            return res.status, data
        return res.status, json.loads(data) if data else None
    finally:
        conn.close()


class Server:
    """gunicorn in its own process group, so ``kill()`` can SIGKILL master and workers at once.
    ``start()`` waits until ``/healthz`` answers (see ``tests/servers.py`` for the deadline)."""

    def __init__(self, database: Path | str, instance: Path, workers: int = 2) -> None:
        """``database``: a SQLite file, or a database URL (PostgreSQL)."""
        self.port = free_port()
        url = database if isinstance(database, str) else f"sqlite:///{database}"
        env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "test", "PYTHONPATH": str(ROOT)}
        env.pop("TEST_DATABASE_URL", None)
        app = f"scorekeeper:create_app(instance_path={str(instance)!r})"
        self.process = ServerProcess(
            [str(GUNICORN), "-w", str(workers), "-b", f"127.0.0.1:{self.port}",
             "--graceful-timeout", "1", app],
            name="gunicorn", env=env, log=instance.parent / f"gunicorn-{self.port}.log")

    def start(self) -> Server:
        self.process.start(lambda: answers(self.port))
        return self

    def kill(self) -> None:
        """``kill -9`` the master and its workers (the process group it leads)."""
        self.process.kill()

    def stop(self) -> None:
        self.process.stop()
