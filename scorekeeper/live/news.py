"""News of changes, for the pages that follow a game or a tournament.

A write leaves a row in a change log (``game_change``, ``tournament_change``). Each server
process keeps one :class:`Hub`; the pages' event streams subscribe to it by topic (a game, a
tournament) and wait. What fills the hub depends on the database:

- **PostgreSQL**: the write's own transaction sends ``NOTIFY`` (:func:`notify_in_transaction`),
  delivered at its commit and never on rollback, to every app server's one listening connection
  (:class:`PostgresListener`). Several app servers on one database learn of each other's writes
  without any other service.
- **SQLite** (one machine): the change logs are read for new rows four times a second by one
  thread a process (:class:`ChangeLogWatcher`), whatever the number of streams.

A stream never holds a database connection while it waits. Under gunicorn's gevent workers
(``scorekeeper.serve``) the threads here are greenlets and a waiting stream costs a few KB.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from flask import Flask
from sqlalchemy import Select, event, select, text
from sqlalchemy.orm import Session

log = logging.getLogger(__name__)

#: The PostgreSQL channel the writes notify and the app servers listen on.
CHANNEL = "scorekeeper_news"

#: A topic: ``("g", game row id)``; ``("t", tournament id)``, anything of a tournament (a game
#: of it, its desk); ``("d", tournament id)``, its desk's actions alone (the tables' clocks).
Topic = tuple[str, str]

#: Sent to every subscriber when news may have been missed (a listener reconnected): each page
#: asks once whether what it shows is still current.
EVERYTHING: Topic = ("*", "")
#: Sent to every subscriber when the process stops serving: the streams end (the browsers
#: open new ones elsewhere) instead of holding a stopping worker.
CLOSING: Topic = ("-", "")


def game_topic(pk: int) -> Topic:
    return ("g", str(pk))


def tournament_topic(tournament_id: str) -> Topic:
    return ("t", tournament_id)


def desk_topic(tournament_id: str) -> Topic:
    return ("d", tournament_id)


@dataclass(frozen=True)
class News:
    """Something changed under ``topic``; ``version`` is its version after the change."""

    topic: Topic
    version: int


class Subscription:
    """One stream's mailbox: news of its topics, collapsed (a page needs only to know that
    something changed, and the latest version)."""

    def __init__(self, topics: frozenset[Topic]) -> None:
        self.topics = topics
        self._box: queue.Queue[News] = queue.Queue(maxsize=64)

    def put(self, news: News) -> None:
        try:
            self._box.put_nowait(news)
        except queue.Full:  # a stream that stopped reading: it will catch up when it reads
            pass

    def wait(self, timeout: float) -> list[News]:
        """The news that came, waiting up to ``timeout`` seconds for the first (``[]``: none)."""
        try:
            first = self._box.get(timeout=timeout)
        except queue.Empty:
            return []
        news = [first]
        while True:
            try:
                news.append(self._box.get_nowait())
            except queue.Empty:
                return news


class Hub:
    """The subscribers of one process, by topic, and the source that fills it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: dict[Topic, set[Subscription]] = {}
        self._source: threading.Thread | None = None

    #: How long the first stream of a process waits for the source to be ready.
    READY_SECONDS = 10.0

    def start(self, app: Flask) -> None:
        """Start the process's source of news, once (lazily: after gunicorn forked), and wait
        until it would see a change saved from now on: the first stream's page, which asks
        once when its stream opens, then misses nothing between the two."""
        with self._lock:
            if self._source is not None and self._source.is_alive():
                return
            source = source_for(app, self)
            self._source = threading.Thread(target=source.run, name="news", daemon=True)
            self._source.start()
        if not source.ready.wait(self.READY_SECONDS):
            log.warning("news: the source was not ready within %s s", self.READY_SECONDS)

    @contextmanager
    def subscribe(self, topics: Iterable[Topic]) -> Iterator[Subscription]:
        sub = Subscription(frozenset(topics))
        with self._lock:
            for topic in sub.topics:
                self._subscribers.setdefault(topic, set()).add(sub)
        try:
            yield sub
        finally:
            with self._lock:
                for topic in sub.topics:
                    subs = self._subscribers.get(topic)
                    if subs is not None:
                        subs.discard(sub)
                        if not subs:
                            del self._subscribers[topic]

    def publish(self, news: News) -> None:
        with self._lock:
            if news.topic in (EVERYTHING, CLOSING):
                subs = {s for group in self._subscribers.values() for s in group}
            else:
                subs = set(self._subscribers.get(news.topic, ()))
        for sub in subs:
            sub.put(news)

    def close(self) -> None:
        """End every stream of this process."""
        self.publish(News(CLOSING, 0))

    def count(self) -> int:
        """How many streams wait (for the health page and the tests)."""
        with self._lock:
            return len({s for group in self._subscribers.values() for s in group})


# -- where the news comes from ----------------------------------------------------------------


def tournament_of_games(*game_pks: int) -> Select[int, str]:
    """The tournament of each game that is a tournament table's (of ``game_pks``, or all)."""
    from ..models.tournaments import TournamentRound, TournamentTable

    stmt = (select(TournamentTable.game_id, TournamentRound.tournament_id)
            .join(TournamentRound, TournamentRound.id == TournamentTable.round_id))
    return stmt.where(TournamentTable.game_id.in_(game_pks)) if game_pks else stmt


class ChangeLogWatcher:
    """SQLite: new rows of the change logs, read a few times a second."""

    #: Seconds between two looks: a follower sees a save within about this (plus its fetch).
    EVERY = 0.25

    def __init__(self, app: Flask, hub: Hub) -> None:
        self.app, self.hub = app, hub
        #: Set once the newest rows are known: anything written after is news.
        self.ready = threading.Event()

    def run(self) -> None:
        from ..extensions import db
        from ..models.changes import GameChange
        from ..models.desk import TournamentChange

        with self.app.app_context():
            last_game = db.session.scalar(select(GameChange.id).order_by(
                GameChange.id.desc()).limit(1)) or 0
            last_desk = db.session.scalar(select(TournamentChange.id).order_by(
                TournamentChange.id.desc()).limit(1)) or 0
            db.session.remove()
        self.ready.set()
        while True:
            time.sleep(self.EVERY)
            try:
                with self.app.app_context():
                    last_game, last_desk = self._look(last_game, last_desk)
                    db.session.remove()
            except Exception:  # a locked or vanished file: look again next time
                log.warning("news: could not read the change logs", exc_info=True)

    def _look(self, last_game: int, last_desk: int) -> tuple[int, int]:
        from ..extensions import db
        from ..models.changes import GameChange
        from ..models.desk import TournamentChange

        of_games = tournament_of_games().subquery()
        rows = db.session.execute(
            select(GameChange.id, GameChange.game_id, GameChange.version,
                   of_games.c.tournament_id)
            .outerjoin(of_games, of_games.c.game_id == GameChange.game_id)
            .where(GameChange.id > last_game).order_by(GameChange.id).limit(1000)).all()
        for change_id, game_pk, version, tournament_id in rows:
            last_game = change_id
            self.hub.publish(News(game_topic(game_pk), version))
            if tournament_id is not None:
                self.hub.publish(News(tournament_topic(tournament_id), 0))
        desk = db.session.execute(
            select(TournamentChange.id, TournamentChange.tournament_id, TournamentChange.version)
            .where(TournamentChange.id > last_desk).order_by(TournamentChange.id)
            .limit(1000)).all()
        for change_id, tournament_id, version in desk:
            last_desk = change_id
            self.hub.publish(News(tournament_topic(tournament_id), version))
            self.hub.publish(News(desk_topic(tournament_id), version))
        return last_game, last_desk


class PostgresListener:
    """PostgreSQL: one ``LISTEN`` connection a process, the payloads ``g <pk> <version>``,
    ``t <tournament id> <version>`` (a game of it changed) and ``d <tournament id> <version>``
    (its desk acted: news of the tournament too)."""

    def __init__(self, url: str, hub: Hub) -> None:
        self.url, self.hub = url, hub
        #: Set once the connection listens: a notice sent from then on reaches it.
        self.ready = threading.Event()

    def run(self) -> None:
        import psycopg

        delay = 0.5
        first = True
        while True:
            try:
                with psycopg.connect(self.url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    delay = 0.5
                    if not first:
                        # Whatever was notified while no one listened is lost: every page asks.
                        self.hub.publish(News(EVERYTHING, 0))
                    first = False
                    for note in conn.notifies():
                        news = parse(note.payload)
                        if news is not None:
                            self.hub.publish(news)
                            if news.topic[0] == "d":
                                self.hub.publish(News(tournament_topic(news.topic[1]),
                                                      news.version))
            except Exception:
                log.warning("news: the LISTEN connection failed; trying again", exc_info=True)
                time.sleep(delay)
                delay = min(delay * 2, 10.0)


def parse(payload: str) -> News | None:
    kind, _, rest = payload.partition(" ")
    key, _, version = rest.rpartition(" ")
    if kind not in ("g", "t", "d") or not key or not version.isdigit():
        return None
    return News((kind, key), int(version))


def source_for(app: Flask, hub: Hub) -> ChangeLogWatcher | PostgresListener:
    from ..extensions import db

    with app.app_context():
        url = db.engine.url
    if url.get_backend_name() == "postgresql":
        # libpq's own form of the address (psycopg's, without SQLAlchemy's driver name).
        return PostgresListener(url.set(drivername="postgresql").render_as_string(
            hide_password=False), hub)
    return ChangeLogWatcher(app, hub)


# -- PostgreSQL: NOTIFY in the write's own transaction ----------------------------------------


def notify_in_transaction(session: Session, _context: Any) -> None:
    """After a flush on PostgreSQL: a ``NOTIFY`` for each change-log row it wrote (sent at
    commit, dropped on rollback; PostgreSQL sends the same payload once per transaction)."""
    from ..models.changes import GameChange
    from ..models.desk import TournamentChange

    bind = session.get_bind()
    if bind.dialect.name != "postgresql":
        return
    payloads: set[str] = set()
    games: set[int] = set()
    for obj in session.new:
        if isinstance(obj, GameChange):
            payloads.add(f"g {obj.game_id} {obj.version}")
            games.add(obj.game_id)
        elif isinstance(obj, TournamentChange):
            payloads.add(f"d {obj.tournament_id} {obj.version}")
    if not payloads:
        return
    connection = session.connection()
    if games:
        for _game, tournament_id in connection.execute(tournament_of_games(*games)):
            payloads.add(f"t {tournament_id} 0")
    for payload in sorted(payloads):
        connection.execute(text("SELECT pg_notify(:channel, :payload)"),
                           {"channel": CHANNEL, "payload": payload})


def init_app(app: Flask) -> None:
    """Give the app its hub, and the writes their ``NOTIFY`` on PostgreSQL."""
    from ..extensions import db

    app.extensions["news"] = Hub()
    # One listener on the one scoped session, however many apps a process makes (the tests).
    if not event.contains(db.session, "after_flush", notify_in_transaction):
        event.listen(db.session, "after_flush", notify_in_transaction)


def hub_of(app: Flask) -> Hub:
    hub: Hub = app.extensions["news"]
    hub.start(app)
    return hub
