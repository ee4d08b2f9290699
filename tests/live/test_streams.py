"""A game's and a tournament's event streams: a page that follows learns of a change as it is
saved, from any phone or the desk, on SQLite and on PostgreSQL (``TEST_DATABASE_URL``)."""

from __future__ import annotations

import queue
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tournaments"))
from tournament_helpers import admin, create, links, stock_out  # noqa: E402

# A stream starts the app's source of news (a thread that remembers the newest change it saw)
# and ends with the app's streams closed: each test's app is its own.
pytestmark = pytest.mark.fresh_app

HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1}, "going_out": "normal"},
    {"table_points": 0, "hand_points": 0}]}

#: Generous: the news comes within a second; a loaded machine may take longer.
WAIT = 15.0


class Stream:
    """An open event stream read in a thread of its own, so a test can wait with a bound."""

    def __init__(self, client: FlaskClient, url: str) -> None:
        self.response = client.get(url, buffered=False)
        self.chunks: queue.Queue[str] = queue.Queue()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        for chunk in self.response.response:
            self.chunks.put(chunk.decode() if isinstance(chunk, bytes) else chunk)

    def next_event(self) -> tuple[str, str]:
        """The next ``(event, data)``, skipping comments; fails after ``WAIT`` seconds."""
        while True:
            try:
                chunk = self.chunks.get(timeout=WAIT)
            except queue.Empty:
                pytest.fail("no event came")
            fields = dict(line.split(": ", 1) for line in chunk.splitlines()
                          if line and not line.startswith(":") and ": " in line)
            if "event" in fields:
                return fields["event"], fields["data"]

    def opened(self) -> str:
        return self.chunks.get(timeout=WAIT)


@pytest.fixture
def stream(client: FlaskClient, app: Any) -> Iterator[Any]:
    opened: list[Stream] = []

    def open_stream(url: str) -> Stream:
        s = Stream(client, url)
        opened.append(s)
        return s

    yield open_stream
    # The streams end as when the server stops, then are closed by their reader.
    app.extensions["news"].close()
    for s in opened:
        s._thread.join(WAIT)
        assert not s._thread.is_alive()
        s.response.close()


def new_game(client: FlaskClient) -> dict[str, Any]:
    response = client.post("/api/v1/games", json={"ruleset": "classic"})
    assert response.status_code == 201
    return response.get_json()


def test_a_follower_hears_of_each_saved_hand_undo_and_redo(client, app, stream) -> None:
    game = new_game(client)
    s = stream(f"/games/{game['id']}/events")
    assert s.response.status_code == 200
    assert s.response.mimetype == "text/event-stream"
    assert s.response.headers["Cache-Control"] == "no-cache"
    first = s.opened()
    retry = re.match(r"retry: (\d+)\n", first)
    assert retry is not None and 2000 <= int(retry.group(1)) <= 6000, first
    scorekeeper = app.test_client()
    bearer = {"Authorization": f"Bearer {game['edit_token']}"}
    url = f"/api/v1/games/{game['id']}"
    saved = scorekeeper.post(f"{url}/hands", json=HAND, headers=bearer)
    assert saved.status_code == 201
    version = scorekeeper.get(url).get_json()["version"]
    assert s.next_event() == ("changed", str(version))
    assert scorekeeper.post(f"{url}/undo", headers=bearer).status_code == 200
    assert s.next_event() == ("changed", str(version + 1))
    assert scorekeeper.post(f"{url}/redo", headers=bearer).status_code == 200
    assert s.next_event() == ("changed", str(version + 2))


def test_a_refused_save_sends_no_news(client, app, stream) -> None:
    game = new_game(client)
    other = new_game(client)
    s = stream(f"/games/{game['id']}/events")
    s.opened()
    scorekeeper = app.test_client()
    url = f"/api/v1/games/{game['id']}/hands"
    wrong = scorekeeper.post(url, json=HAND, headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 403
    bad = scorekeeper.post(url, json={"end": "went_out"},
                           headers={"Authorization": f"Bearer {game['edit_token']}"})
    assert bad.status_code == 400
    # Another game's save is not this game's news; this game's next save is the first it hears.
    assert scorekeeper.post(f"/api/v1/games/{other['id']}/hands", json=HAND, headers={
        "Authorization": f"Bearer {other['edit_token']}"}).status_code == 201
    assert scorekeeper.post(url, json=HAND, headers={
        "Authorization": f"Bearer {game['edit_token']}"}).status_code == 201
    event, version = s.next_event()
    assert event == "changed"
    assert int(version) == scorekeeper.get(f"/api/v1/games/{game['id']}").get_json()["version"]


def test_unknown_games_and_tournaments_have_no_stream(client) -> None:
    assert client.get("/games/nope/events").status_code == 404
    assert client.get("/tournaments/nope/events").status_code == 404
    assert client.get(f"/tournaments/{'x' * 200}/events").status_code == 404


def test_the_desk_and_its_tables_are_heard_by_the_tournament_and_the_tables(
        client, app, stream) -> None:
    tid, token = create(client, 4)
    tables = links(client, tid, token)
    desk = stream(f"/tournaments/{tid}/events")
    desk.opened()
    table_one = stream(f"/games/{tables[0]['game_id']}/events")
    table_one.opened()
    phone = app.test_client()
    saved = phone.post(f"/api/v1/games/{tables[1]['game_id']}/hands", json=stock_out((50, 0)),
                       headers={"Authorization": f"Bearer {tables[1]['edit_token']}"})
    assert saved.status_code == 201, saved.get_json()
    # The other table's save is the tournament's news, not table one's.
    assert desk.next_event()[0] == "changed"
    started = phone.post(f"/api/v1/tournaments/{tid}/rounds/1/start", headers=admin(token))
    assert started.status_code == 200, started.get_json()
    assert desk.next_event()[0] == "changed"
    # Table one hears the desk (its clock started) and nothing of table two.
    assert table_one.next_event()[0] == "desk"


def test_a_stream_opened_after_a_change_the_page_missed_says_so_first(client, app,
                                                                        stream) -> None:
    game = new_game(client)
    scorekeeper = app.test_client()
    url = f"/api/v1/games/{game['id']}"
    shown = scorekeeper.get(url).get_json()["version"]
    # The page showed version ``shown``; a hand was saved before its stream opened.
    assert scorekeeper.post(f"{url}/hands", json=HAND, headers={
        "Authorization": f"Bearer {game['edit_token']}"}).status_code == 201
    late = stream(f"/games/{game['id']}/events?v={shown}")
    assert late.next_event() == ("changed", "0")
    # A page that shows the current version hears nothing until the next change.
    now = scorekeeper.get(url).get_json()["version"]
    current = stream(f"/games/{game['id']}/events?v={now}")
    assert "event:" not in current.opened()
    assert scorekeeper.post(f"{url}/undo", headers={
        "Authorization": f"Bearer {game['edit_token']}"}).status_code == 200
    assert current.next_event() == ("changed", str(now + 1))


def test_a_listener_that_lost_its_connection_tells_every_page_to_ask(client, app,
                                                                      stream) -> None:
    """PostgreSQL: the LISTEN connection dropped (a restart, a network cut); the notices sent
    meanwhile are lost, so once it listens again every stream says "changed" and the pages
    ask once; saves after that are pushed as before."""
    from sqlalchemy import text

    from scorekeeper.extensions import db

    with app.app_context():
        if db.engine.dialect.name != "postgresql":
            pytest.skip("LISTEN/NOTIFY is PostgreSQL's")
    game = new_game(client)
    scorekeeper = app.test_client()
    url = f"/api/v1/games/{game['id']}"
    now = scorekeeper.get(url).get_json()["version"]
    s = stream(f"/games/{game['id']}/events?v={now}")
    s.opened()

    def listeners() -> list[int]:
        with app.app_context():
            return list(db.session.execute(text(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                "AND query = 'LISTEN scorekeeper_news'")).scalars())

    import time

    deadline = time.monotonic() + WAIT
    while not listeners() and time.monotonic() < deadline:
        time.sleep(0.05)
    # This app's listener, and any an earlier test's app left on the same database.
    with app.app_context():
        for pid in listeners():
            db.session.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        db.session.commit()
    assert s.next_event() == ("changed", "0")
    assert scorekeeper.post(f"{url}/hands", json=HAND, headers={
        "Authorization": f"Bearer {game['edit_token']}"}).status_code == 201
    assert s.next_event() == ("changed", str(now + 1))


def test_an_idle_stream_says_it_is_alive_as_often_as_set(client, app, stream) -> None:
    """``SCOREKEEPER_STREAM_KEEPALIVE_SECONDS``: an idle stream's comment line, which keeps a
    proxy from closing it and finds a phone that went away, comes that often (20 s by
    default; 1 here)."""
    app.config["STREAM_KEEPALIVE_SECONDS"] = 1.0
    game = new_game(client)
    s = stream(f"/games/{game['id']}/events")
    assert s.opened().startswith("retry: ")
    assert s.chunks.get(timeout=WAIT) == ": keep-alive\n\n"
    assert s.chunks.get(timeout=WAIT) == ": keep-alive\n\n"
