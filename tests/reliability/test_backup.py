"""``flask export`` / ``flask import``: a round trip reproduces every row of every table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from scorekeeper.cli import FORMAT, FORMAT_VERSION
from scorekeeper.extensions import db
from scorekeeper.services import house_rules

from .helpers import HAND, NEW_GAME, auth

TOURNAMENT = {"name": "Club", "ruleset": "classic", "rounds": 2, "minutes": 60, "target": 5000,
              "pairs": [{"name": f"Pair {i}", "players": [f"P{i}a", f"P{i}b"]}
                        for i in range(1, 5)]}


def populate(app: Flask, client: FlaskClient) -> str:
    game = client.post("/api/v1/games", json={**NEW_GAME, "sides": [
        {"name": "Nosotros", "players": ["Ana", "Luis"]}, {"name": "Ellos", "players": ["Eva"]}]}
    ).get_json()
    for key in ("a", "b", "c"):
        assert client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                           headers={**auth(game["edit_token"]), "Idempotency-Key": key}
                           ).status_code == 201
    client.put(f"/api/v1/games/{game['id']}/hands/2", json=HAND,
               headers=auth(game["edit_token"]))  # hand 2 at version 2
    made = client.post("/api/v1/tournaments", json=TOURNAMENT)
    assert made.status_code == 201
    series = client.post("/api/v1/series", json={"name": "Season", "best_of": 2}).get_json()
    assert client.post(f"/api/v1/series/{series['id']}/nights",
                       json={"tournament": made.get_json()["id"],
                             "admin_token": made.get_json()["admin_token"]},
                       headers=auth(series["admin_token"])).status_code == 201
    with app.app_context():
        house_rules.create_from_preset("classic", "Casa de Ana")
        db.session.commit()
    return str(game["id"])


def export(runner: FlaskCliRunner, path: Path) -> dict[str, Any]:
    result = runner.invoke(args=["export", str(path)])
    assert result.exit_code == 0, result.output
    return json.loads(path.read_text(encoding="utf-8"))


def wipe(app: Flask) -> None:
    with app.app_context():
        for table in reversed(db.metadata.sorted_tables):
            db.session.execute(table.delete())
        db.session.commit()


def test_round_trip_reproduces_every_row(app: Flask, client: FlaskClient,
                                         runner: FlaskCliRunner, tmp_path: Path) -> None:
    game_id = populate(app, client)
    before_state = client.get(f"/api/v1/games/{game_id}").get_json()
    first = export(runner, tmp_path / "backup.json")
    assert first["format"] == FORMAT and first["version"] == FORMAT_VERSION
    with app.app_context():
        assert set(first["tables"]) == {t.name for t in db.metadata.sorted_tables}
    for name in ("game", "side", "player", "hand", "house_rules", "series", "series_night"):
        assert first["tables"][name]["rows"], name
    assert len(first["tables"]["hand"]["rows"]) == 3
    assert any(name.startswith("tournament") and content["rows"]
               for name, content in first["tables"].items())

    wipe(app)  # an empty database (on PostgreSQL the same one, on SQLite too)
    assert client.get(f"/api/v1/games/{game_id}").status_code == 404
    result = runner.invoke(args=["import", str(tmp_path / "backup.json")])
    assert result.exit_code == 0, result.output

    second = export(runner, tmp_path / "again.json")
    for name, content in first["tables"].items():
        assert second["tables"][name] == content, name  # column by column, row by row
    assert client.get(f"/api/v1/games/{game_id}").get_json() == before_state
    # Ids keep being handed out after the imported ones (PostgreSQL sequences included).
    assert client.post("/api/v1/games", json=NEW_GAME).status_code == 201


def test_import_refuses_a_database_that_is_not_empty(app: Flask, client: FlaskClient,
                                                     runner: FlaskCliRunner,
                                                     tmp_path: Path) -> None:
    populate(app, client)
    backup = export(runner, tmp_path / "backup.json")
    client.post("/api/v1/games", json=NEW_GAME)  # one game more than the backup
    result = runner.invoke(args=["import", str(tmp_path / "backup.json")])
    assert result.exit_code != 0
    assert "not empty" in result.output
    games = len(backup["tables"]["game"]["rows"])
    assert len(export(runner, tmp_path / "now.json")["tables"]["game"]["rows"]) == games + 1

    result = runner.invoke(args=["import", "--replace", str(tmp_path / "backup.json")])
    assert result.exit_code == 0, result.output
    assert export(runner, tmp_path / "now.json")["tables"]["game"] == backup["tables"]["game"]


def test_import_refuses_what_is_not_a_backup(app: Flask, runner: FlaskCliRunner,
                                             tmp_path: Path) -> None:
    cases = {
        "not json": "{",
        "other format": json.dumps({"format": "x", "version": 1, "tables": {}}),
        "newer version": json.dumps({"format": FORMAT, "version": FORMAT_VERSION + 1,
                                     "tables": {}}),
        "unknown table": json.dumps({"format": FORMAT, "version": 1,
                                     "tables": {"nope": {"columns": [], "rows": []}}}),
        "bad row": json.dumps({"format": FORMAT, "version": 1, "tables": {
            "house_rules": {"columns": ["id"], "rows": [[1, 2]]}}}),
        "bad date": json.dumps({"format": FORMAT, "version": 1, "tables": {
            "house_rules": {"columns": ["id", "name", "data", "created_at", "updated_at"],
                            "rows": [["x", "X", {}, "yesterday", "today"]]}}}),
    }
    for label, text in cases.items():
        path = tmp_path / "bad.json"
        path.write_text(text, encoding="utf-8")
        result = runner.invoke(args=["import", str(path)])
        assert result.exit_code == 1, (label, result.output)
        assert "Error:" in result.output, label
    with app.app_context():
        from scorekeeper.cli import is_empty

        assert is_empty()


def test_the_backup_is_readable_by_its_owner_only(app: Flask, client: FlaskClient,
                                                  runner: FlaskCliRunner,
                                                  tmp_path: Path) -> None:
    populate(app, client)
    path = tmp_path / "backup.json"
    export(runner, path)
    assert path.stat().st_mode & 0o777 == 0o600
    # Written over an older file that anyone could read, it is closed up too.
    path.chmod(0o644)
    export(runner, path)
    assert path.stat().st_mode & 0o777 == 0o600


def test_a_backup_from_before_table_tokens_were_dropped_still_imports(
        app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path) -> None:
    populate(app, client)
    backup = export(runner, tmp_path / "backup.json")
    tables = backup["tables"]["tournament_table"]
    assert tables["rows"] and "edit_token" not in tables["columns"]
    # As the older schema wrote it: each table's edit token in clear.
    tables["columns"].append("edit_token")
    for row in tables["rows"]:
        row.append("an-old-clear-token")
    (tmp_path / "old.json").write_text(json.dumps(backup), encoding="utf-8")
    result = runner.invoke(args=["import", "--replace", str(tmp_path / "old.json")])
    assert result.exit_code == 0, result.output
    again = export(runner, tmp_path / "again.json")
    assert "an-old-clear-token" not in (tmp_path / "again.json").read_text(encoding="utf-8")
    assert again["tables"]["tournament_table"]["rows"] == [
        row[:-1] for row in tables["rows"]]


def test_a_backup_from_before_house_rules_had_owners_imports_them_read_only(
        app: Flask, client: FlaskClient, runner: FlaskCliRunner, tmp_path: Path) -> None:
    populate(app, client)
    with app.app_context():
        house_rules.create_from_preset("torneo", "Club")  # two rows: each its own hash
        db.session.commit()
    data = export(runner, tmp_path / "backup.json")
    table = data["tables"]["house_rules"]
    assert len(table["rows"]) == 2
    # As an export written before the edit_token_hash column existed.
    at = table["columns"].index("edit_token_hash")
    table["columns"].pop(at)
    for row in table["rows"]:
        row.pop(at)
    house_id = table["rows"][0][table["columns"].index("id")]
    (tmp_path / "old.json").write_text(json.dumps(data), encoding="utf-8")
    wipe(app)
    result = runner.invoke(args=["import", str(tmp_path / "old.json")])
    assert result.exit_code == 0, result.output
    url = f"/api/v1/house-rules/{house_id}"
    assert client.get(url).get_json()["name"] == "Casa de Ana"
    assert client.delete(url, headers=auth("guess")).status_code == 403
    link = runner.invoke(args=["house-rules-link", house_id]).output.strip()
    assert client.delete(url, headers=auth(link.rsplit("/", 1)[-1])).status_code == 204
