"""The desk's clock through the API: it waits for the desk, then starts, pauses, resumes and
takes extra minutes; every change goes through the desk's write path and is logged."""

from __future__ import annotations

from tournament_helpers import admin, create, read, time_up

from scorekeeper.extensions import db
from scorekeeper.models.desk import TournamentChange
from scorekeeper.models.tournaments import Tournament, TournamentRound


def post(client, tid, token, path, **kw):
    return client.post(f"/api/v1/tournaments/{tid}/rounds/1/{path}", headers=admin(token), **kw)


def round_one(client, tid):
    return read(client, tid)["rounds"][0]


def pause_at(minutes_used: int) -> None:
    """Put round 1's clock in the paused state after ``minutes_used`` minutes of play."""
    rnd = db.session.query(TournamentRound).one()
    rnd.clock_started_at = rnd.clock_started_at or time_started()
    rnd.clock_running_since = None
    rnd.clock_used = minutes_used * 60
    db.session.commit()


def time_started():
    from scorekeeper.models.games import utcnow

    return utcnow()


def test_game_one_clock_waits_for_the_desk(client):
    tid, _token = create(client, 4)
    rnd = round_one(client, tid)
    assert rnd["clock"] == {"state": "not_started", "seconds_left": 3600}
    assert rnd["seconds_left"] == 3600
    assert rnd["started_at"] is None and rnd["ends_at"] is None
    assert read(client, tid)["warn_minutes"] == 10


def test_start_pause_resume_extend(client):
    tid, token = create(client, 4)
    started = post(client, tid, token, "start")
    assert started.status_code == 200
    rnd = started.get_json()["rounds"][0]
    assert rnd["clock"]["state"] == "running"
    assert 0 < rnd["clock"]["seconds_left"] <= 3600
    assert rnd["started_at"] is not None and rnd["ends_at"] is not None

    again = post(client, tid, token, "start")
    assert again.status_code == 409 and again.get_json()["error"] == "The clock is already running."

    paused = post(client, tid, token, "pause")
    assert paused.status_code == 200
    assert paused.get_json()["rounds"][0]["clock"]["state"] == "paused"
    assert paused.get_json()["rounds"][0]["ends_at"] is None
    twice = post(client, tid, token, "pause")
    assert twice.status_code == 409 and twice.get_json()["error"] == "The clock is not running."

    # Paused after 20 minutes of play: 40:00 left; five more minutes make 45:00, exactly.
    pause_at(20)
    assert round_one(client, tid)["clock"] == {"state": "paused", "seconds_left": 2400}
    extended = post(client, tid, token, "extend", json={"minutes": 5})
    assert extended.status_code == 200
    assert extended.get_json()["rounds"][0]["clock"] == {"state": "paused", "seconds_left": 2700}

    resumed = post(client, tid, token, "start")
    assert resumed.status_code == 200
    assert resumed.get_json()["rounds"][0]["clock"]["state"] == "running"
    assert 0 < resumed.get_json()["rounds"][0]["clock"]["seconds_left"] <= 2700

    kinds = [c.kind for c in db.session.query(TournamentChange).order_by(TournamentChange.seq)]
    assert kinds == ["clock_start", "clock_pause", "clock_extend", "clock_start"]
    assert all(c.by == "api" for c in db.session.query(TournamentChange))
    # Every desk change raises the tournament's version once (it starts at 1).
    assert db.session.get(Tournament, tid).version == 5


def test_time_up_then_extended_runs_again(client):
    tid, token = create(client, 4)
    time_up(db.session.query(TournamentRound).one())
    db.session.commit()
    assert round_one(client, tid)["clock"] == {"state": "over", "seconds_left": 0}
    refused = post(client, tid, token, "start")
    assert refused.status_code == 409 and "Time is up" in refused.get_json()["error"]
    # The minutes added count from now, not from the hour that already ran out.
    extended = post(client, tid, token, "extend", json={"minutes": 5})
    clock = extended.get_json()["rounds"][0]["clock"]
    assert clock["state"] == "running" and 0 < clock["seconds_left"] <= 300


def test_the_clock_needs_the_admin_token_and_a_real_round(client):
    tid, token = create(client, 4)
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/start").status_code == 401
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/start",
                       headers=admin("nope")).status_code == 403
    assert client.post("/api/v1/tournaments/nothere/rounds/1/start",
                       headers=admin(token)).status_code == 404
    missing = client.post(f"/api/v1/tournaments/{tid}/rounds/2/start", headers=admin(token))
    assert missing.status_code == 404
    assert missing.get_json()["error"] == "The tournament has no round of that number."
    for minutes in (0, 121, "five", None, True):
        bad = post(client, tid, token, "extend", json={"minutes": minutes})
        assert bad.status_code == 422, minutes
        assert bad.get_json()["errors"][0]["field"] == "minutes"
    assert post(client, tid, token, "extend", data="x",
                content_type="text/plain").status_code == 415
    assert round_one(client, tid)["clock"] == {"state": "not_started", "seconds_left": 3600}
    assert db.session.query(TournamentChange).count() == 0


def test_a_closed_round_clock_is_over_and_refuses(client):
    tid, token = create(client, 4, rounds=2)
    assert post(client, tid, token, "finish").status_code == 200
    data = read(client, tid)
    assert data["rounds"][0]["clock"] == {"state": "over", "seconds_left": 0}
    # Game 2 is seated with its clock waiting for the desk too.
    assert data["rounds"][1]["clock"] == {"state": "not_started", "seconds_left": 3600}
    for path in ("start", "pause"):
        closed = post(client, tid, token, path)
        assert closed.status_code == 409 and closed.get_json()["error"] == \
            "That round is already closed."
    assert post(client, tid, token, "extend", json={"minutes": 5}).status_code == 409


def test_a_repeated_request_key_does_the_change_once(client):
    tid, token = create(client, 4)
    headers = {**admin(token), "Idempotency-Key": "start-1"}
    first = client.post(f"/api/v1/tournaments/{tid}/rounds/1/start", headers=headers)
    second = client.post(f"/api/v1/tournaments/{tid}/rounds/1/start", headers=headers)
    assert first.status_code == second.status_code == 200
    assert db.session.query(TournamentChange).count() == 1
    other = client.post(f"/api/v1/tournaments/{tid}/rounds/1/pause", headers=headers)
    assert other.status_code == 409
    assert other.get_json()["error"] == "This Idempotency-Key was used for another request."
    long_key = client.post(f"/api/v1/tournaments/{tid}/rounds/1/pause",
                           headers={**admin(token), "Idempotency-Key": "k" * 129})
    assert long_key.status_code == 422
    assert db.session.query(TournamentChange).count() == 1


def test_warn_minutes_is_set_at_creation(client):
    tid, _token = create(client, 4, warn_minutes=3)
    assert read(client, tid)["warn_minutes"] == 3
    bad = client.post("/api/v1/tournaments", json={
        "name": "Club", "ruleset": "classic", "pairs": [
            {"players": ["A", "B"]}, {"players": ["C", "D"]}], "warn_minutes": 500})
    assert bad.status_code == 422
    assert [e["field"] for e in bad.get_json()["errors"]] == ["warn_minutes"]


def test_warn_minutes_null_is_the_default(client):
    tid, _token = create(client, 4, warn_minutes=None)
    assert read(client, tid)["warn_minutes"] == 10


def test_minutes_no_number_reads_are_refused_on_the_field(client, app):
    """What the desk operation itself is given (whatever a page or the API passed on): text
    that is no whole number, or one too long to read, is a field error, never a 500."""
    from scorekeeper.engine import EntryErrors
    from scorekeeper.services import desk

    tid, _token = create(client, 4, rounds=2)
    for minutes in ("²", "9" * 5000, "-5", "", None, True, 121, "0"):
        with app.app_context():
            try:
                desk.extend_clock(tid, 1, minutes, by=desk.BY_DESK)
            except EntryErrors as exc:
                assert [e.field for e in exc.errors] == ["minutes"], minutes
            else:
                raise AssertionError(f"{minutes!r} was taken")
    with app.app_context():
        assert desk.extend_clock(tid, 1, " 7 ", by=desk.BY_DESK).change.detail == {
            "minutes": 7, "seconds_left": 3600 + 7 * 60}
