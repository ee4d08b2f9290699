"""The change log through the API: undo and redo, a stale ``If-Match`` on a new hand, the list
of changes, and the OpenAPI document describing them."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "canastas": {"mixed": 1}, "going_out": "normal"}, {"table_points": 0}]}


@pytest.fixture
def game(client: FlaskClient) -> dict[str, Any]:
    data = client.post("/api/v1/games", json={"ruleset": "classic", "target": 100000}).get_json()
    data["auth"] = {"Authorization": f"Bearer {data['edit_token']}"}
    data["url"] = f"/api/v1/games/{data['id']}"
    return data


def hand(points: int) -> dict[str, Any]:
    return {**HAND, "sides": [{**HAND["sides"][0], "table_points": points}, HAND["sides"][1]]}


def test_undo_and_redo_act_on_changes(client: FlaskClient, game: dict[str, Any]) -> None:
    url, auth = game["url"], game["auth"]
    for points in (50, 60, 70):
        assert client.post(f"{url}/hands", json=hand(points), headers=auth).status_code == 201
    assert client.delete(f"{url}/hands/2", headers=auth).status_code == 204
    assert client.get(url).get_json()["totals"] == [920, 0]
    undone = client.post(f"{url}/undo", headers=auth)
    assert undone.status_code == 200
    body = undone.get_json()
    assert (body["change"]["kind"], body["change"]["hand"]) == ("undo", 2)
    assert body["hand"]["number"] == 2 and body["hand"]["totals"] == [460, 0]
    assert undone.headers["ETag"] == f'"g{body["version"]}"'
    assert [h["totals"][0] for h in client.get(url).get_json()["hands"]] == [450, 460, 470]
    redone = client.post(f"{url}/redo", headers=auth)
    assert redone.status_code == 200 and redone.get_json()["change"]["kind"] == "redo"
    assert client.get(url).get_json()["totals"] == [920, 0]
    assert client.post(f"{url}/redo", headers=auth).status_code == 409
    # Without the edit token nothing moves.
    assert client.post(f"{url}/undo").status_code == 401
    assert client.post(f"{url}/undo", headers={"Authorization": "Bearer nope"}).status_code == 403
    changes = client.get(f"{url}/changes").get_json()["changes"]
    assert [(c["kind"], c["hand"]) for c in changes] == [
        ("add", 1), ("add", 2), ("add", 3), ("delete", 2), ("undo", 2), ("redo", 2)]
    assert changes[3]["undone"] is False and changes[3]["by"] == "api"
    assert changes[3]["totals_before"] == [1380, 0] and changes[3]["totals_after"] == [920, 0]
    for _ in range(2):
        assert client.post(f"{url}/undo", headers=auth).status_code == 200
    # The removed hand comes back, then hand 3's add is taken back: 450 + 460.
    assert client.get(url).get_json()["totals"] == [910, 0]


def test_a_new_hand_on_a_changed_game_is_412_with_what_changed(
        client: FlaskClient, game: dict[str, Any]) -> None:
    url, auth = game["url"], game["auth"]
    seen = client.get(url).headers["ETag"]
    assert client.post(f"{url}/hands", json=hand(50), headers=auth).status_code == 201
    stale = client.post(f"{url}/hands", json=hand(50), headers={**auth, "If-Match": seen})
    assert stale.status_code == 412
    assert [(c["kind"], c["hand"], c["totals_after"]) for c in stale.get_json()["changes"]] == [
        ("add", 1, [450, 0])]
    fresh = client.get(url).headers["ETag"]
    saved = client.post(f"{url}/hands", json=hand(50), headers={**auth, "If-Match": fresh})
    assert saved.status_code == 201 and saved.get_json()["number"] == 2


def test_the_openapi_document_describes_the_change_log(client: FlaskClient) -> None:
    doc = client.get("/api/v1/openapi.json").get_json()
    paths = doc["paths"]
    assert set(paths["/games/{game_id}/undo"]["post"]["responses"]) >= {"200", "409", "412"}
    assert set(paths["/games/{game_id}/redo"]["post"]["responses"]) >= {"200", "409"}
    assert "200" in paths["/games/{game_id}/changes"]["get"]["responses"]
    assert "412" in paths["/games/{game_id}/hands"]["post"]["responses"]


def test_statistics_figures_follow_every_change(app: Any, client: FlaskClient,
                                                game: dict[str, Any]) -> None:
    """What statistics read (each side's figures on the game) is kept by the write path: after
    adds, a fix, a delete, an undo and a redo it is what the hands give."""
    from scorekeeper.extensions import db
    from scorekeeper.models import Game
    from scorekeeper.services.games import side_figures

    url, auth = game["url"], game["auth"]
    for points in (50, 60, 70):
        assert client.post(f"{url}/hands", json=hand(points), headers=auth).status_code == 201
    assert client.put(f"{url}/hands/1", json=hand(90), headers=auth).status_code == 200
    assert client.delete(f"{url}/hands/2", headers=auth).status_code == 204
    assert client.post(f"{url}/undo", headers=auth).status_code == 200
    assert client.post(f"{url}/redo", headers=auth).status_code == 200
    with app.app_context():
        stored = db.session.execute(db.select(Game)).scalar_one()
        assert stored.side_figures == side_figures(stored)
        assert stored.side_figures[0] == {"hands": 2, "points": 490 + 470, "best": 490,
                                          "canastas": 2}
