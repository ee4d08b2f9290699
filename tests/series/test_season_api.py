"""A season of three nights through the API: created, nights added with both credentials,
ranked as its setting says (summed difference, summed victory points, best 2 of 3), a pair's
and a player's history, and every refusal a 4xx by its field."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from season_helpers import (
    BEST_2_BY_DIFFERENCE,
    BY_DIFFERENCE,
    BY_VICTORY_POINTS,
    play_night,
    play_season,
)


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _series(client: FlaskClient, nights: list[tuple[str, str]], **settings: Any
            ) -> tuple[str, str, dict[str, Any]]:
    made = client.post("/api/v1/series", json={"name": "Winter league", **settings})
    assert made.status_code == 201, made.get_json()
    sid, token = made.get_json()["id"], made.get_json()["admin_token"]
    assert made.headers["Location"].endswith(f"/api/v1/series/{sid}")
    answer = made.get_json()
    for tid, night_token in nights:
        added = client.post(f"/api/v1/series/{sid}/nights",
                            json={"tournament": tid, "admin_token": night_token},
                            headers=_bearer(token))
        assert added.status_code == 201, added.get_json()
        answer = added.get_json()
    return sid, token, answer


def _order(answer: dict[str, Any]) -> list[str]:
    return [row["name"] for row in answer["standings"]]


def test_a_season_ranks_by_summed_difference_by_default(client: FlaskClient, post) -> None:
    nights = play_season(post)
    _sid, _token, answer = _series(client, nights)
    assert answer["ranks_by"] == "difference" and answer["ranks_by_setting"] is None
    assert [n["name"] for n in answer["nights"]] == ["Night 1", "Night 2", "Night 3"]
    assert _order(answer) == BY_DIFFERENCE
    rows = {row["name"]: row for row in answer["standings"]}
    # The Ases typed otherwise on night 2 are the same pair; their name is the last used.
    ases = rows["Ases del club"]
    assert [n and n["score"] for n in ases["nights"]] == [800, 1200, -1100]
    assert ases["total"] == 900 and ases["played"] == 3
    # The Fours missed night 3: absent (null), two nights played.
    assert [n and n["score"] for n in rows["Fours"]["nights"]] == [-100, 50, None]
    assert rows["Fours"]["played"] == 2
    assert [n and n["score"] for n in rows["Extras"]["nights"]] == [None, None, 1100]
    # Bravos and Fours level on difference: Bravos ahead on victory points (29 to 20).
    assert [(r["place"], r["total"]) for r in answer["standings"]] == [
        ("1", 1100), ("2", 900), ("3", -50), ("4", -50), ("5", -1900)]


def test_a_season_set_to_victory_points_sums_them(client: FlaskClient, post) -> None:
    _sid, _token, answer = _series(client, play_season(post), ranks_by="victory_points")
    assert answer["ranks_by"] == "victory_points"
    assert _order(answer) == BY_VICTORY_POINTS
    assert [r["total"] for r in answer["standings"]] == [35, 29, 20, 20, 16]
    assert [n and n["score"] for n in answer["standings"][0]["nights"]] == [15, 20, 0]


def test_best_2_of_3_counts_each_pairs_best_two_nights(client: FlaskClient, post) -> None:
    _sid, _token, answer = _series(client, play_season(post), best_of=2)
    assert answer["best_of"] == 2
    assert _order(answer) == BEST_2_BY_DIFFERENCE
    rows = {row["name"]: row for row in answer["standings"]}
    assert rows["Ases del club"]["total"] == 2000
    assert [n["counts"] for n in rows["Ases del club"]["nights"]] == [True, True, False]
    assert rows["Bravos"]["total"] == 750
    assert [n["counts"] for n in rows["Bravos"]["nights"]] == [False, True, True]
    # Two nights played, both count.
    assert rows["Fours"]["total"] == -50


def test_the_setting_changes_and_the_standings_follow(client: FlaskClient, post) -> None:
    sid, token, _answer = _series(client, play_season(post))
    changed = client.patch(f"/api/v1/series/{sid}", json={"ranks_by": "victory_points",
                                                          "best_of": 2},
                           headers=_bearer(token))
    assert changed.status_code == 200, changed.get_json()
    # Best 2 on victory points: Ases 35, Bravos 24, Extras 20, Fours 20, Cincos 16.
    assert [r["total"] for r in changed.get_json()["standings"]] == [35, 24, 20, 20, 16]
    back = client.patch(f"/api/v1/series/{sid}", json={"ranks_by": None, "best_of": None,
                                                       "name": None},
                        headers=_bearer(token))
    assert _order(back.get_json()) == BY_DIFFERENCE
    assert back.get_json()["name"] == "Winter league"
    blank = client.patch(f"/api/v1/series/{sid}", json={"name": " ", "best_of": 1},
                         headers=_bearer(token))
    assert blank.status_code == 422
    assert [e["field"] for e in blank.get_json()["errors"]] == ["name"]
    assert client.get(f"/api/v1/series/{sid}").get_json()["best_of"] is None  # nothing saved
    assert client.patch(f"/api/v1/series/{sid}", json={"best_of": 2}).status_code == 401


def test_a_pairs_history_and_head_to_head(client: FlaskClient, post) -> None:
    sid, _token, answer = _series(client, play_season(post))
    rows = {row["name"]: row for row in answer["standings"]}
    ases, cincos = rows["Ases del club"]["key"], rows["Cincos"]["key"]
    got = client.get(f"/api/v1/series/{sid}/pairs/{ases}?against={cincos}")
    assert got.status_code == 200, got.get_json()
    history = got.get_json()
    assert [(n["night"], n["name"], n["place"], n["score"]) for n in history["nights"]] == [
        (1, "Ases", "1", 800), (2, "Los Ases", "1", 1200), (3, "Ases del club", "4", -1100)]
    assert [(g["opponent"], g["totals"], g["credit"]) for n in history["nights"]
            for g in n["games"]] == [("Bravos", [1000, 200], 800),
                                     ("Cincos", [1500, 300], 1200),
                                     ("Extras", [500, 1600], -1100)]
    assert {o["name"] for o in history["opponents"]} == {"Bravos", "Cincos", "Extras"}
    head = history["head_to_head"]
    assert (head["opponent"], head["won"], head["lost"], head["difference"]) == (
        "Cincos", 1, 0, 1200)
    assert client.get(f"/api/v1/series/{sid}/pairs/0000000000000000").status_code == 404


def test_a_players_history_follows_the_name_whatever_the_pair(client: FlaskClient,
                                                              post) -> None:
    sid, _token, answer = _series(client, play_season(post))
    ana = next(r for r in answer["standings"] if r["name"] == "Ases del club")
    # The standings give each player's key and history, as the pages link them: a client
    # finds a player's history without knowing how keys are made.
    link = ana["player_histories"][ana["players"].index("ana")]
    assert link["name"] == "ana"
    assert link["history_url"] == f"http://localhost/series/{sid}/players/{link['key']}"
    assert client.get(link["history_url"]).status_code == 200

    got = client.get(f"/api/v1/series/{sid}/players/{link['key']}")
    assert got.status_code == 200, got.get_json()
    history = got.get_json()
    assert history["name"] == "ana"  # as last typed
    assert [(n["night"], n["pair"], n["partner"]) for n in history["nights"]] == [
        (1, "Ases", "Luis"), (2, "Los Ases", "LUIS"), (3, "Ases del club", "Luis")]
    assert {n["pair_key"] for n in history["nights"]} == {ana["key"]}
    assert history["difference"] == 900


def test_adding_a_night_needs_both_credentials(client: FlaskClient, post) -> None:
    (tid, night_token), = [play_night(post, "Night", *_one_night())]
    made = client.post("/api/v1/series", json={"name": "S"}).get_json()
    sid, token = made["id"], made["admin_token"]
    body = {"tournament": tid, "admin_token": night_token}
    url = f"/api/v1/series/{sid}/nights"
    assert client.post(url, json=body).status_code == 401
    assert client.post(url, json=body, headers=_bearer("wrong")).status_code == 403
    refused = client.post(url, json={**body, "admin_token": "wrong"}, headers=_bearer(token))
    assert refused.status_code == 403
    assert refused.get_json()["errors"][0]["field"] == "admin_token"
    # A mistyped id is a field error on the id, not a wrong token (the id is public).
    mistyped = client.post(url, json={**body, "tournament": "no-such-night"},
                           headers=_bearer(token))
    assert mistyped.status_code == 422
    assert mistyped.get_json()["errors"] == [{
        "field": "tournament", "message": "There is no tournament with that id."}]
    # A series' token is not a night's, nor a night's the series'.
    assert client.post(url, json={**body, "admin_token": token},
                       headers=_bearer(token)).status_code == 403
    assert client.post(url, json=body, headers=_bearer(night_token)).status_code == 403
    assert client.post(url, json=body, headers=_bearer(token)).status_code == 201
    again = client.post(url, json=body, headers=_bearer(token))
    assert again.status_code == 422
    assert again.get_json()["errors"][0]["field"] == "tournament"
    gone = client.delete(f"{url}/{tid}", headers=_bearer(token))
    assert gone.status_code == 200 and gone.get_json()["nights"] == []
    assert client.delete(f"{url}/{tid}", headers=_bearer(token)).status_code == 404
    assert client.post("/api/v1/series/nope/nights", json=body,
                       headers=_bearer(token)).status_code == 404


def _one_night() -> tuple[list[dict[str, Any]], list[tuple[int, int]]]:
    from season_helpers import NIGHTS

    return NIGHTS[0][1], NIGHTS[0][2]


def test_nights_ranked_differently_are_not_mixed(client: FlaskClient, post) -> None:
    pairs, totals = _one_night()
    by_difference = play_night(post, "Difference night", pairs, totals)
    by_points = play_night(post, "VP night", pairs, totals, standings_by="victory_points")
    made = client.post("/api/v1/series", json={"name": "S"}).get_json()
    sid, token = made["id"], made["admin_token"]
    url = f"/api/v1/series/{sid}/nights"
    for tid, night_token in (by_points, by_difference):
        answer = client.post(url, json={"tournament": tid, "admin_token": night_token},
                             headers=_bearer(token))
        if tid == by_points[0]:
            assert answer.status_code == 201
            # Left unset, the series ranks as its nights do.
            assert answer.get_json()["ranks_by"] == "victory_points"
    assert answer.status_code == 422
    error = answer.get_json()["errors"][0]
    assert error["field"] == "tournament"
    assert error["message"] == (
        "That night is ranked by difference and this series' nights by victory points: "
        "nights ranked differently cannot be summed in one series.")
    assert len(client.get(f"/api/v1/series/{sid}").get_json()["nights"]) == 1


def test_bad_settings_are_field_errors(client: FlaskClient) -> None:
    for body, field in (({}, "name"), ({"name": "  "}, "name"),
                        ({"name": "S", "ranks_by": "wins"}, "ranks_by"),
                        ({"name": "S", "best_of": 0}, "best_of"),
                        ({"name": "S", "best_of": "two"}, "best_of"),
                        ({"name": "x" * 121}, "name")):
        answer = client.post("/api/v1/series", json=body)
        assert answer.status_code == 422, body
        assert [e["field"] for e in answer.get_json()["errors"]] == [field], body
    assert client.post("/api/v1/series", data="x").status_code == 415
    assert client.get("/api/v1/series/nope").status_code == 404


def test_the_series_endpoints_are_in_the_openapi_document(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    paths = document["paths"]
    assert paths["/series"]["post"]["operationId"] == "createSeries"
    assert paths["/series/{series_id}"]["get"]["operationId"] == "getSeries"
    assert paths["/series/{series_id}"]["patch"]["operationId"] == "changeSeries"
    nights = paths["/series/{series_id}/nights"]["post"]
    assert nights["operationId"] == "addSeriesNight"
    assert nights["security"] == [{"seriesAdminToken": []}]
    assert nights["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/NewSeriesNight"}
    assert "delete" in paths["/series/{series_id}/nights/{tournament_id}"]
    assert paths["/series/{series_id}/pairs/{key}"]["get"]["operationId"] == "getSeriesPair"
    assert paths["/series/{series_id}/players/{key}"]["get"]["operationId"] == (
        "getSeriesPlayer")
    schemas = document["components"]["schemas"]
    best_of = schemas["NewSeries"]["properties"]["best_of"]["anyOf"][0]
    assert (best_of["minimum"], best_of["maximum"]) == (1, 120)
    assert schemas["NewSeries"]["properties"]["ranks_by"]["enum"] == [
        "difference", "victory_points", None]
    for name in ("Series", "SeriesCreated", "PairHistory", "PlayerHistory"):
        assert name in schemas
    assert "nights" in schemas["Series"]["properties"]


def test_a_seasons_standings_take_as_many_queries_for_three_nights_as_for_one(
        app, client: FlaskClient, post) -> None:
    from sqlalchemy import event

    from scorekeeper.extensions import db

    nights = play_season(post)
    one, _t1, _a1 = _series(client, nights[:1])
    three, _t3, _a3 = _series(client, nights)
    counts = []
    for sid in (one, three):
        for url in (f"/api/v1/series/{sid}", f"/series/{sid}/standings"):
            client.get(url)  # the app's first render of each page out of the way
        seen: list[str] = []

        def note(_conn, _cursor, statement, *_args, seen: list[str] = seen) -> None:
            seen.append(statement)

        with app.app_context():
            engine = db.engine
        event.listen(engine, "before_cursor_execute", note)
        try:
            assert client.get(f"/api/v1/series/{sid}").status_code == 200
            assert client.get(f"/series/{sid}/standings").status_code == 200
        finally:
            event.remove(engine, "before_cursor_execute", note)
        counts.append(len(seen))
    assert counts[0] == counts[1], counts
