"""A body sent without a length (``Transfer-Encoding: chunked``) past 1 MiB is refused with 413,
as one whose ``Content-Length`` says so: through the WSGI app, and through gunicorn as
``make run`` serves it (the server de-chunks the body and ends it: ``wsgi.input_terminated``).
"""

from __future__ import annotations

import io
import json
import os
import socket
import sys
import threading
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from servers import ServerProcess, answers, free_port

from .test_access_log import _database

MIB = 1024 * 1024
#: What gunicorn and Werkzeug's own server tell the app of a body they de-chunked.
TERMINATED = {"wsgi.input_terminated": True}


def _game_body(size: int) -> bytes:
    """A new game's body of ``size`` bytes (a long unknown key the API ignores)."""
    head, tail = b'{"ruleset": "classic", "note": "', b'"}'
    return head + b"x" * (size - len(head) - len(tail)) + tail


def _chunked(client: FlaskClient, path: str, body: bytes, content_type: str) -> tuple[int, str]:
    res = client.post(path, input_stream=io.BytesIO(body), environ_overrides=TERMINATED,
                      headers={"Transfer-Encoding": "chunked", "Content-Type": content_type})
    return res.status_code, res.mimetype


def test_a_chunked_body_past_1_mib_is_413(client: FlaskClient) -> None:
    assert _chunked(client, "/api/v1/games", _game_body(2 * MIB),
                    "application/json") == (413, "application/json")
    assert _chunked(client, "/api/v1/games", _game_body(MIB + 1),
                    "application/json")[0] == 413
    # A form too: the HTML error page.
    form = b"name=" + b"x" * (2 * MIB)
    assert _chunked(client, "/games/new", form,
                    "application/x-www-form-urlencoded") == (413, "text/html")


def test_a_chunked_body_up_to_1_mib_is_read_whole(client: FlaskClient) -> None:
    for size in (200, MIB):
        assert _chunked(client, "/api/v1/games", _game_body(size),
                        "application/json")[0] == 201, size


def _post_chunked(port: int, body: bytes) -> tuple[int, dict[str, object]]:
    """POST ``body`` chunked, reading the answer while it is still being sent.

    A server that refuses a long body answers before it has read it all and closes: the rest
    of the upload then meets a reset, which on a loaded machine can come before an answer read
    only after the upload would have been. So one thread sends and another reads, as a browser
    does; the send may fail once the answer is in.
    """
    sock = socket.create_connection(("127.0.0.1", port), timeout=60)
    head = (b"POST /api/v1/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
            b"Connection: close\r\n\r\n")

    def send() -> None:
        try:
            sock.sendall(head)
            for start in range(0, len(body), 64 * 1024):
                chunk = body[start:start + 64 * 1024]
                sock.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
            sock.sendall(b"0\r\n\r\n")
        except OSError:
            pass  # the server answered and closed before the whole body went

    sender = threading.Thread(target=send)
    sender.start()
    received = b""
    try:
        while True:
            try:
                data = sock.recv(65536)
            except ConnectionResetError:
                break
            if not data:
                break
            received += data
    finally:
        sender.join()
        sock.close()
    head_part, _, payload = received.partition(b"\r\n\r\n")
    status = int(head_part.split(b" ", 2)[1])
    if b"transfer-encoding: chunked" in head_part.lower():
        payload = _unchunk(payload)
    return status, json.loads(payload)


def _unchunk(data: bytes) -> bytes:
    out = b""
    while data:
        size_line, _, data = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            break
        out, data = out + data[:size], data[size + 2:]
    return out


@pytest.mark.skipif(bool(os.environ.get("TEST_DATABASE_URL")),
                    reason="runs the server on a SQLite file")
def test_gunicorn_as_make_run_serves_it_answers_413(tmp_path: Path) -> None:
    _instance, env = _database(tmp_path)
    port = free_port()
    server = ServerProcess(
        [sys.executable, "-m", "scorekeeper.serve", "--host", "127.0.0.1", "--port", str(port),
         "--workers", "1", "--access-log", str(tmp_path / "access.log")],
        name="make run's server", env=env, log=tmp_path / "server.out")
    try:
        server.start(lambda: answers(port))
        status, answer = _post_chunked(port, _game_body(2 * MIB))
        assert status == 413, answer
        assert answer["error"]
        status, answer = _post_chunked(port, _game_body(1000))
        assert status == 201, answer
    finally:
        server.stop()
