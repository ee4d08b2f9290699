"""Migrations: upgrade to head, downgrade to base, upgrade again, on a fresh database.

Runs on a fresh SQLite file and, when ``TEST_DATABASE_URL`` is set, on a fresh PostgreSQL
schema. Whatever revisions exist are covered: head is whatever the migrations folder says.
"""

from __future__ import annotations

import hashlib
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.script import ScriptDirectory
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, inspect, text

from scorekeeper import ROOT, create_app
from scorekeeper.extensions import db


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        if os.environ.get("TEST_DATABASE_URL"):
            pytest.skip("the run on SQLite (no TEST_DATABASE_URL) migrates SQLite")
        yield f"sqlite:///{tmp_path / 'migrate.sqlite'}"
        return
    base = os.environ.get("TEST_DATABASE_URL", "")
    if not base.startswith("postgresql"):
        pytest.skip("TEST_DATABASE_URL is not a PostgreSQL database")
    schema = f"migrate_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    sep = "&" if "?" in base else "?"
    try:
        yield f"{base}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def _app(url: str, tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "t", "SQLALCHEMY_DATABASE_URI": url},
                      instance_path=str(tmp_path / "instance"))


def _tables(app: Flask) -> set[str]:
    with app.app_context():
        names = set(inspect(db.engine).get_table_names())
        db.engine.dispose()
    return names - {"alembic_version"}


def _game_with_hands(app: Flask, table_points: list[int]) -> dict[str, str]:
    """A classic game saved through the API with a hand for each of ``table_points`` (side 1
    goes out with a mixed canasta); the game as created."""
    client = app.test_client()
    game = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    for points in table_points:
        hand = {"end": "went_out", "sides": [
            {"table_points": points, "canastas": {"mixed": 1}, "going_out": "normal"}, {}]}
        assert client.post(f"/api/v1/games/{game['id']}/hands", json=hand,
                           headers={"Authorization": f"Bearer {game['edit_token']}"}
                           ).status_code == 201
    return game


def test_upgrade_downgrade_upgrade(fresh_url: str, tmp_path: Path) -> None:
    app = _app(fresh_url, tmp_path)
    runner = app.test_cli_runner()
    script = ScriptDirectory(str(ROOT / "migrations"))
    revisions = list(script.walk_revisions())
    assert revisions, "no migrations found"
    model_tables = {t.name for t in db.metadata.sorted_tables}

    for args in (["db", "upgrade"], ["db", "downgrade", "base"], ["db", "upgrade"]):
        result = runner.invoke(args=args)
        assert result.exit_code == 0, (args, result.output, result.exception)
        tables = _tables(app)
        if args[1] == "downgrade":
            assert tables == set(), tables
        else:
            # Every table the models declare exists, and nothing is left for autogenerate
            # to add: models and migrations agree.
            assert tables == model_tables
            check = runner.invoke(args=["db", "check"])
            assert check.exit_code == 0, check.output

    # Step by step too (`flask db downgrade` goes back one revision).
    for rev in reversed(revisions):
        assert runner.invoke(args=["db", "downgrade"]).exit_code == 0, rev.revision
    assert _tables(app) == set()
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    with app.app_context():
        current = db.session.execute(text("SELECT version_num FROM alembic_version")).scalar()
        db.session.remove()
        db.engine.dispose()
    assert current == script.get_current_head()


def test_the_tournament_tables_go_with_their_migration(fresh_url: str, tmp_path: Path) -> None:
    """Down to the revision before the tournaments, their tables go and the games' stay."""
    tournament_tables = {"tournament", "tournament_pair", "tournament_round", "tournament_table"}
    app = _app(fresh_url, tmp_path)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    assert tournament_tables <= _tables(app)
    result = runner.invoke(args=["db", "downgrade", "30a966ebc1df"])
    assert result.exit_code == 0, result.output
    names = _tables(app)
    assert not tournament_tables & names and "game" in names


def test_old_hands_get_versions_unique_in_their_game(fresh_url: str, tmp_path: Path) -> None:
    """Hands written before versions came from the game shared them (1, 1, 2...): the
    migration gives each a distinct one, above anything its game used."""
    app = _app(fresh_url, tmp_path)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    _game_with_hands(app, [50, 50, 50])
    with app.app_context():
        # As the older code left them: each hand counted its own writes.
        db.session.execute(text("UPDATE hand SET version = CASE number WHEN 3 THEN 2 ELSE 1 END"))
        db.session.execute(text("UPDATE game SET version = 4"))
        db.session.commit()
        db.session.remove()
        db.engine.dispose()
    assert runner.invoke(args=["db", "downgrade", "99512d0bb739"]).exit_code == 0
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    with app.app_context():
        versions = [v for (v,) in db.session.execute(
            text("SELECT version FROM hand ORDER BY number"))]
        game_version = db.session.execute(text("SELECT version FROM game")).scalar_one()
        db.session.remove()
        db.engine.dispose()
    assert len(set(versions)) == 3 and game_version > max(versions)


def test_games_kept_before_the_change_log_get_one(fresh_url: str, tmp_path: Path) -> None:
    """Hands stored before the change log are recorded as adds, in order, with their request
    keys: undo then takes back the last hand, and a retried save still answers its hand."""
    app = _app(fresh_url, tmp_path)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    client = app.test_client()
    game = _game_with_hands(app, [50, 60, 70])
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    url = f"/api/v1/games/{game['id']}/hands"
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    assert runner.invoke(args=["db", "downgrade", "5c1e7a2b9d40"]).exit_code == 0
    with app.app_context():
        # As the older code kept them: the key on the hand, no change log.
        db.session.execute(text("UPDATE hand SET request_key = 'key-' || CAST(number AS TEXT)"))
        db.session.commit()
        db.session.remove()
        db.engine.dispose()
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0

    changes = client.get(f"/api/v1/games/{game['id']}/changes").get_json()["changes"]
    assert [(c["seq"], c["kind"], c["hand"]) for c in changes] == [
        (1, "add", 1), (2, "add", 2), (3, "add", 3)]
    assert [c["totals_after"] for c in changes] == [[450, 0], [910, 0], [1380, 0]]
    # A retry of hand 2's save, carried over with its key, answers hand 2 and adds nothing.
    retry = client.post(url, json={"end": "went_out", "sides": [
        {"table_points": 60, "canastas": {"mixed": 1}, "going_out": "normal"}, {}]},
        headers={**auth, "Idempotency-Key": "key-2"})
    assert retry.status_code == 201 and retry.get_json()["number"] == 2
    assert len(client.get(f"/api/v1/games/{game['id']}").get_json()["hands"]) == 3
    undone = client.post(f"/api/v1/games/{game['id']}/undo", headers=auth)
    assert undone.status_code == 200
    assert undone.get_json()["change"]["hand"] == 3
    assert client.get(f"/api/v1/games/{game['id']}").get_json()["totals"] == [910, 0]
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _dispose(app: Flask) -> None:
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


def _tournament(client: FlaskClient) -> dict[str, Any]:
    """A classic tournament of four pairs and one game made through the API, as it answered."""
    pairs = [{"players": [f"P{i}a", f"P{i}b"]} for i in range(4)]
    made: dict[str, Any] = client.post("/api/v1/tournaments", json={
        "name": "Club", "ruleset": "classic", "rounds": 1, "pairs": pairs}).get_json()
    return made


def test_tournament_tables_keep_no_edit_token_in_clear(fresh_url: str, tmp_path: Path) -> None:
    """Down, each table gets a clear edit token its game's hash follows (the older code shows
    it); up again, the clear copy is dropped and the link it made still opens the game."""
    app = _app(fresh_url, tmp_path)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    client = app.test_client()
    made = _tournament(client)["tables"]
    assert len(made) == 2
    _dispose(app)
    assert runner.invoke(args=["db", "downgrade", "5c1e7a2b9d40"]).exit_code == 0
    query = text("SELECT t.edit_token, g.edit_token_hash FROM tournament_table t "
                 "JOIN game g ON g.id = t.game_id ORDER BY t.number")
    with app.app_context():
        rows = db.session.execute(query).all()
        db.session.remove()
        db.engine.dispose()
    assert [hashlib.sha256(token.encode()).hexdigest() for token, _ in rows] == [
        stored for _, stored in rows]
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    with app.app_context():
        columns = {c["name"] for c in inspect(db.engine).get_columns("tournament_table")}
        made_at = db.session.execute(text("SELECT link_made_at FROM tournament_table")).all()
        db.session.remove()
        db.engine.dispose()
    assert "edit_token" not in columns and all(value is not None for (value,) in made_at)
    link = f"/games/{made[0]['game_id']}/join/{rows[0][0]}"
    assert app.test_client().get(link).status_code == 303
    _dispose(app)


def test_old_house_rules_get_an_owner_nobody_has(fresh_url: str, tmp_path: Path) -> None:
    """House rules stored before they had owners stay readable and usable, and read-only:
    each gets its own hash that no token has; ``flask house-rules-link`` opens them again."""
    app = _app(fresh_url, tmp_path)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["db", "upgrade", "5c1e7a2b9d40"]).exit_code == 0
    with app.app_context():
        for house_id in ("house-old-aaaa", "house-old-bbbb"):
            db.session.execute(text(
                "INSERT INTO house_rules (id, name, based_on, data, created_at, updated_at) "
                "VALUES (:id, 'Old', 'classic', :data, '2026-01-01', '2026-01-01')"),
                {"id": house_id, "data": '{"name": "Old", "target": 3000}'})
        db.session.commit()
        db.session.remove()
        db.engine.dispose()
    result = runner.invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    # Nothing left for autogenerate to add: the migration and the model agree.
    result = runner.invoke(args=["db", "check"])
    assert result.exit_code == 0, result.output
    with app.app_context():
        hashes = [h for (h,) in db.session.execute(
            text("SELECT edit_token_hash FROM house_rules ORDER BY id"))]
        db.session.remove()
        db.engine.dispose()
    assert len(hashes) == 2 and len(set(hashes)) == 2 and all(len(h) == 64 for h in hashes)

    client = app.test_client()
    assert client.get("/api/v1/house-rules/house-old-aaaa").get_json()["target"] == 3000
    assert client.post("/api/v1/games", json={"ruleset": "house-old-aaaa"}).status_code == 201
    url = "/api/v1/house-rules/house-old-aaaa"
    assert client.delete(url, headers={"Authorization": "Bearer guess"}).status_code == 403
    link = runner.invoke(args=["house-rules-link", "house-old-aaaa"]).output.strip()
    token = link.rsplit("/", 1)[-1]
    assert client.delete(url, headers={"Authorization": f"Bearer {token}"}).status_code == 204
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
    assert runner.invoke(args=["db", "downgrade", "b7d3e9a41c52"]).exit_code == 0
    with app.app_context():
        columns = {c["name"] for c in inspect(db.engine).get_columns("house_rules")}
        db.engine.dispose()
    assert "edit_token_hash" not in columns


def test_games_kept_before_side_figures_get_them(fresh_url: str, tmp_path: Path) -> None:
    """The figures statistics read are computed for games stored before they were kept, as the
    write path keeps them; going down and up again loses no hand (no table is rebuilt)."""
    app = _app(fresh_url, tmp_path)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    _game_with_hands(app, [50, 60])
    query = text("SELECT side_figures FROM game")
    with app.app_context():
        kept = db.session.execute(query).scalar_one()
        db.session.remove()
        db.engine.dispose()
    _dispose(app)
    assert runner.invoke(args=["db", "downgrade", "b7d3e9f2a614"]).exit_code == 0
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    with app.app_context():
        again = db.session.execute(query).scalar_one()
        hands = db.session.execute(text("SELECT COUNT(*) FROM hand")).scalar_one()
        db.session.remove()
        db.engine.dispose()
    if isinstance(kept, str):  # SQLite hands JSON back as text through a raw query
        import json

        kept, again = json.loads(kept), json.loads(again)
    assert hands == 2
    assert again == kept == [{"hands": 2, "points": 450 + 460, "best": 460, "canastas": 2},
                             {"hands": 2, "points": 0, "best": 0, "canastas": 0}]


def test_going_out_points_are_stored_once(fresh_url: str, tmp_path: Path) -> None:
    """Rule copies stored with the going-out points twice (``going_out`` and
    ``going_out_kinds``) keep them once, in the kinds; the count under them is unchanged and
    going down writes the old shape again."""
    import json

    app = _app(fresh_url, tmp_path)
    runner = app.test_cli_runner()
    # Made with today's models (at the head), then taken back to the revision before the
    # change, where the rows are given the older shape.
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    client = app.test_client()
    # A game and house rules as the older code stored them: both shapes, the kinds holding
    # a house value (150 to go out) that the map repeats.
    from scorekeeper.engine import PRESETS, ruleset_to_dict

    old = ruleset_to_dict(PRESETS["classic"])
    for kind in old["going_out_kinds"]:
        if kind["id"] == "normal":
            kind["points"] = 150
    old["going_out"] = {k["id"]: k["points"] for k in old["going_out_kinds"]}
    old.update(id="house-old-cccc", name="Old", based_on="classic")
    with app.app_context():
        db.session.execute(text(
            "INSERT INTO house_rules (id, name, based_on, data, created_at, updated_at, "
            "edit_token_hash) VALUES ('house-old-cccc', 'Old', 'classic', :data, "
            "'2026-01-01', '2026-01-01', :hash)"),
            {"data": json.dumps(old), "hash": "0" * 64})
        db.session.commit()
        db.session.remove()
        db.engine.dispose()
    game = client.post("/api/v1/games", json={"ruleset": "house-old-cccc"}).get_json()
    _dispose(app)
    assert runner.invoke(args=["db", "downgrade", "c4a8e2f1d905"]).exit_code == 0
    with app.app_context():  # the game's own copy, as the older code stored it
        db.session.execute(text("UPDATE game SET ruleset_data = :data"),
                           {"data": json.dumps(old)})
        db.session.execute(text("UPDATE house_rules SET data = :data"),
                           {"data": json.dumps(old)})
        db.session.commit()
        db.session.remove()
        db.engine.dispose()
    _dispose(app)
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    with app.app_context():
        copies = [row for (row,) in db.session.execute(text(
            "SELECT ruleset_data FROM game UNION ALL SELECT data FROM house_rules")).all()]
        db.session.remove()
        db.engine.dispose()
    copies = [json.loads(c) if isinstance(c, str) else c for c in copies]
    assert len(copies) == 2
    for stored in copies:
        assert "going_out" not in stored
        assert [k["points"] for k in stored["going_out_kinds"]] == [150, 200]
    # The count reads the house value: 150 for going out, as before.
    hand = {"end": "went_out", "sides": [
        {"table_points": 50, "canastas": {"mixed": 1}, "going_out": "normal"}, {}]}
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    made = client.post(f"/api/v1/games/{game['id']}/hands", json=hand, headers=auth)
    assert made.status_code == 201
    assert made.get_json()["totals"] == [300 + 150 + 50, 0]
    # The API still shows the points by id beside the kinds.
    assert client.get("/api/v1/rulesets/house-old-cccc").get_json()["going_out"] == {
        "normal": 150, "concealed": 200}
    _dispose(app)
    assert runner.invoke(args=["db", "downgrade", "c4a8e2f1d905"]).exit_code == 0
    with app.app_context():
        copies = [row for (row,) in db.session.execute(text(
            "SELECT ruleset_data FROM game UNION ALL "
            "SELECT data FROM house_rules")).all()]
        db.session.remove()
        db.engine.dispose()
    copies = [json.loads(c) if isinstance(c, str) else c for c in copies]
    assert len(copies) == 2
    assert all(c["going_out"] == {"normal": 150, "concealed": 200} for c in copies)


def test_tournaments_made_before_the_bell_start_their_tables_when_seated(
        fresh_url: str, tmp_path: Path) -> None:
    """A tournament stored before ``tables_start`` existed (its column dropped, as the revision
    before had it) reads ``seated`` after the upgrade: its tables save hands without the desk
    starting the clock, as they did; a tournament made after waits for the bell."""
    app = _app(fresh_url, tmp_path)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    client = app.test_client()
    old = _tournament(client)
    _dispose(app)
    assert runner.invoke(args=["db", "downgrade", "e16c4d2a9b05"]).exit_code == 0
    with app.app_context():
        columns = {c["name"] for c in inspect(db.engine).get_columns("tournament")}
        db.engine.dispose()
    assert "tables_start" not in columns
    result = runner.invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert runner.invoke(args=["db", "check"]).exit_code == 0

    read = client.get(f"/api/v1/tournaments/{old['id']}").get_json()
    assert read["tables_start"] == "seated"
    assert read["rounds"][0]["clock"]["state"] == "not_started"
    assert read["rounds"][0]["waiting_for_bell"] is False
    hand = {"end": "went_out", "sides": [
        {"table_points": 50, "canastas": {"mixed": 1}, "going_out": "normal"}, {}]}
    table = old["tables"][0]
    auth = {"Authorization": f"Bearer {table['edit_token']}"}
    assert client.post(f"/api/v1/games/{table['game_id']}/hands", json=hand,
                       headers=auth).status_code == 201

    new = _tournament(client)
    assert client.get(f"/api/v1/tournaments/{new['id']}").get_json()["tables_start"] == "bell"
    table = new["tables"][0]
    auth = {"Authorization": f"Bearer {table['edit_token']}"}
    assert client.post(f"/api/v1/games/{table['game_id']}/hands", json=hand,
                       headers=auth).status_code == 409
    _dispose(app)


def test_tournaments_before_confirmation_count_saved_results_and_their_cards_get_a_second_link(
        fresh_url: str, tmp_path: Path) -> None:
    """Rows made before results confirmed at the table (issue 43) read ``saved`` (nothing
    changes for them); a card made before it gets its second link when the cards are listed."""
    app = _app(fresh_url, tmp_path)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    client = app.test_client()
    made = _tournament(client)
    admin = {"Authorization": f"Bearer {made['admin_token']}"}
    first = client.get(f"/api/v1/tournaments/{made['id']}/table-cards", headers=admin)
    assert first.status_code == 200
    _dispose(app)
    assert runner.invoke(args=["db", "downgrade", "e16d1b3c5a06"]).exit_code == 0
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    with app.app_context():
        assert db.session.execute(text("SELECT results_count FROM tournament")).all() == [
            ("saved",)]
        assert {row[0] for row in db.session.execute(
            text("SELECT confirm_hash FROM tournament_table_card"))} == {None}
        # Asked for confirmation now, the old cards get their second link when listed.
        db.session.execute(text("UPDATE tournament SET results_count = 'confirmed'"))
        db.session.commit()
        db.session.remove()
    again = client.get(f"/api/v1/tournaments/{made['id']}/table-cards", headers=admin)
    cards = again.get_json()["cards"]
    assert [c["url"] for c in cards] == [c["url"] for c in first.get_json()["cards"]]
    assert all(c["confirm_url"] and "/c/" in c["confirm_url"] for c in cards)
    link = cards[0]["confirm_url"].replace("http://localhost", "")
    assert client.get(link).status_code == 200
    _dispose(app)


def test_tournaments_seated_before_the_cards_were_made_by_seating_get_their_cards(
        fresh_url: str, tmp_path: Path) -> None:
    """A tournament seated when cards were made on first listing (until e17a3d2b6c10) gets
    its tables' cards from the migration: listing them only reads now. Drawn as the app draws
    them: both links open the table."""
    app = _app(fresh_url, tmp_path)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    client = app.test_client()
    made = _tournament(client)
    over = _tournament(client)
    _dispose(app)
    assert runner.invoke(args=["db", "downgrade", "e17a3c5d7f08"]).exit_code == 0
    with app.app_context():
        # As a tournament seated before: no card listed yet; the second one is over.
        db.session.execute(text("DELETE FROM tournament_table_card"))
        db.session.execute(text("UPDATE tournament SET finished_at = CURRENT_TIMESTAMP "
                                "WHERE id = :id"), {"id": over["id"]})
        db.session.commit()
        db.session.remove()
    _dispose(app)
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    with app.app_context():
        made_cards = db.session.execute(text(
            "SELECT tournament_id, number FROM tournament_table_card ORDER BY number")).all()
        db.session.remove()
    assert made_cards == [(made["id"], 1), (made["id"], 2)]
    with app.app_context():
        # Asking for confirmation, the cards show their second link too.
        db.session.execute(text("UPDATE tournament SET results_count = 'confirmed'"))
        db.session.commit()
        db.session.remove()
    admin = {"Authorization": f"Bearer {made['admin_token']}"}
    cards = client.get(f"/api/v1/tournaments/{made['id']}/table-cards",
                       headers=admin).get_json()["cards"]
    assert len(cards) == 2
    for card in cards:
        for url in (card["url"], card["confirm_url"]):
            assert url and client.get(url.replace("http://localhost", "")).status_code in (
                200, 303), url
    _dispose(app)
