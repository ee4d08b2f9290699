"""Run the real app under gunicorn on a free loopback port, as the reliability tests need."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def request(port: int, method: str, path: str, body: Any = None,
            headers: dict[str, str] | None = None, timeout: float = 5) -> tuple[int, Any]:
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
    """gunicorn in its own process group, so ``kill()`` can SIGKILL master and workers at once."""

    def __init__(self, database: Path | str, instance: Path, workers: int = 2) -> None:
        """``database``: a SQLite file, or a database URL (PostgreSQL)."""
        self.port = free_port()
        url = database if isinstance(database, str) else f"sqlite:///{database}"
        self.env = {**os.environ, "DATABASE_URL": url,
                    "SECRET_KEY": "test", "PYTHONPATH": str(ROOT)}
        self.env.pop("TEST_DATABASE_URL", None)
        self.instance = instance
        self.workers = workers
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        app = f"scorekeeper:create_app(instance_path={str(self.instance)!r})"
        self.proc = subprocess.Popen(
            [str(GUNICORN), "-w", str(self.workers), "-b", f"127.0.0.1:{self.port}",
             "--graceful-timeout", "1", app],
            cwd=ROOT, env=self.env, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if request(self.port, "GET", "/healthz", timeout=1)[0] == 200:
                    return self
            except (OSError, json.JSONDecodeError):
                pass
            if self.proc.poll() is not None:
                raise RuntimeError("gunicorn exited at start")
            time.sleep(0.1)
        self.kill()
        raise RuntimeError("gunicorn did not answer within 30 s")

    def kill(self) -> None:
        """``kill -9`` the master and its workers (the process group it leads)."""
        if self.proc is None or self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
