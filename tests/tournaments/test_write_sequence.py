"""A new write operation is its act alone: given to ``services.writing.write`` with a ledger, it
gets the request key, the lock, the version check and the change log without writing any of
them (issue 45)."""

from __future__ import annotations

import pytest
from sqlalchemy import event, select
from tournament_helpers import create

from scorekeeper.extensions import db
from scorekeeper.models.desk import TournamentChange
from scorekeeper.models.tournaments import Tournament
from scorekeeper.services import writing
from scorekeeper.services.desk import DESK, DeskEntry, DeskWritten
from scorekeeper.services.errors import DeskKeyReused, DeskKeyTooLong, TournamentChanged
from scorekeeper.services.writing import BY_API, Writing, write

#: How many times the test's act ran (a repeated request must not run it).
RUNS: list[str] = []


def rename(tournament_id: str, name: str, *, request_key: str | None = None,
           seen_version: int | None = None) -> DeskWritten:
    """An operation no module has: the tournament's name corrected. Its act alone."""
    def act(w: Writing[Tournament]) -> DeskEntry:
        RUNS.append(name)
        w.row.name = name
        return DeskEntry(detail={"name": name})

    return write(DESK, tournament_id, "rename", name, act, by=BY_API,
                 request_key=request_key, expected_version=seen_version)


def logged(tid: str) -> list[TournamentChange]:
    return list(db.session.scalars(
        select(TournamentChange).where(TournamentChange.tournament_id == tid,
                                       TournamentChange.kind == "rename")))


def a_tournament(client) -> tuple[str, int]:
    """A new tournament, its version, and no act run yet."""
    tid, _token = create(client)
    RUNS.clear()
    return tid, db.session.get(Tournament, tid).version


def test_a_new_operation_written_as_its_act_gets_its_log_row(client):
    tid, version = a_tournament(client)

    done = rename(tid, "Club de los jueves", request_key="k-1", seen_version=version)
    db.session.commit()

    assert RUNS == ["Club de los jueves"]
    assert not done.repeated
    assert done.version == version + 1
    db.session.expire_all()
    assert db.session.get(Tournament, tid).name == "Club de los jueves"
    [row] = logged(tid)
    assert (row.kind, row.by, row.detail, row.version, row.request_key) == (
        "rename", BY_API, {"name": "Club de los jueves"}, version + 1, "k-1")
    assert row.request_digest == writing.digest("rename", "Club de los jueves")
    assert done.change.seq == row.seq
    # Its seq follows the desk's earlier changes in the one log.
    assert row.seq == max(db.session.scalars(
        select(TournamentChange.seq).where(TournamentChange.tournament_id == tid)))


def test_a_repeated_key_answers_the_first_result_and_logs_nothing_more(client):
    tid, version = a_tournament(client)
    first = rename(tid, "Jueves", request_key="same", seen_version=version)
    db.session.commit()

    # Sent again (the answer was lost): the earlier change answers, even with the version the
    # first request saw, now stale; the act does not run again.
    again = rename(tid, "Jueves", request_key="same", seen_version=version)
    db.session.commit()
    assert again.repeated and again.change == first.change
    assert RUNS == ["Jueves"]
    assert len(logged(tid)) == 1
    assert db.session.get(Tournament, tid).version == version + 1

    # The same key asking something else is refused; a key too long to keep too.
    with pytest.raises(DeskKeyReused):
        rename(tid, "Viernes", request_key="same")
    db.session.rollback()
    with pytest.raises(DeskKeyTooLong):
        rename(tid, "Viernes", request_key="k" * 129)
    db.session.rollback()
    assert RUNS == ["Jueves"] and len(logged(tid)) == 1


def test_a_stale_version_is_the_conflict_and_changes_nothing(client):
    tid, _token = create(client)
    version = db.session.get(Tournament, tid).version
    rename(tid, "Primero", seen_version=version)
    db.session.commit()
    RUNS.clear()

    with pytest.raises(TournamentChanged) as refused:
        rename(tid, "Segundo", seen_version=version)
    assert refused.value.current_version == version + 1
    db.session.rollback()
    assert RUNS == []
    db.session.expire_all()
    assert db.session.get(Tournament, tid).name == "Primero"
    assert [r.detail for r in logged(tid)] == [{"name": "Primero"}]
    # The API answers the conflict as every desk write's: 409.
    assert TournamentChanged.status == 409


def test_the_row_is_locked_before_it_is_read(client, monkeypatch):
    tid, _token = create(client)
    db.session.commit()
    events: list[str] = []
    taken = writing.take_write_lock

    def take() -> None:
        events.append("lock")
        taken()

    monkeypatch.setattr(writing, "take_write_lock", take)
    engine = db.session.get_bind()

    def seen(conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().upper().startswith("SELECT") and "tournament" in statement:
            events.append(statement)

    event.listen(engine, "before_cursor_execute", seen)
    try:
        rename(tid, "Bajo llave")
        db.session.commit()
    finally:
        event.remove(engine, "before_cursor_execute", seen)

    # The write lock comes before any read of the tournament: nothing the act sees is older
    # than the lock (on PostgreSQL the read itself is SELECT … FOR UPDATE).
    assert events[0] == "lock"
    reads = [e for e in events if e != "lock"]
    assert reads
    if engine.dialect.name == "postgresql":
        assert "FOR UPDATE" in reads[0]
