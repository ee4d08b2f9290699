"""Every route that changes something refuses a stranger: the test walks ``app.url_map``, so a
route added without its guard fails here until it gets one (or is listed as open to anyone,
with the reason).

A stranger is a browser with no session and a request with no token. What each route answers
it: 401 (the API, no token) or 403 (a page, or a token that opens nothing), and nothing stored.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.models.games import HouseRules
from scorekeeper.models.series import Series, SeriesNight
from scorekeeper.models.tournaments import Tournament

#: Routes that change something and are open to anyone, by endpoint, with why.
OPEN_TO_ANYONE = {
    "api.create_game": "anyone may start a game (its tokens come back in the answer)",
    "api.create_house_rules": "anyone may write house rules of their own",
    "api.create_tournament": "anyone may run a tournament (its admin token comes back)",
    "api.create_series": "anyone may group their nights in a series (its token comes back)",
    "api.score": "counts a hand and stores nothing",
    "quick.calculator": "counts a hand and stores nothing",
    "games.new_game": "anyone may start a game",
    "games.house_rules_new": "anyone may write house rules of their own",
    "tournaments.new": "anyone may run a tournament",
    "series.new": "anyone may group their nights in a series",
}

HAND = {"end": "stock_out", "sides": [{"table_points": 50, "hand_points": 0},
                                      {"table_points": 0, "hand_points": 0}]}
FORM_HAND = {"end": "stock_out", "sides[0].table_points": "50", "sides[0].hand_points": "0",
             "sides[1].table_points": "0", "sides[1].hand_points": "0", "pair": "1",
             "totals": "100, 50", "minutes": "5", "confirm": "1", "name": "Mine"}


@pytest.fixture
def owned(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """A game with a hand, house rules and a tournament in play, made by their owners."""
    game = client.post("/api/v1/games", json={"ruleset": "classic", "players": 4}).get_json()
    headers = {"Authorization": f"Bearer {game['edit_token']}"}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                       headers=headers).status_code == 201
    body = {**client.get("/api/v1/rulesets/classic").get_json(), "name": "Ours"}
    house = client.post("/api/v1/house-rules", json=body).get_json()
    pairs = [{"name": f"Pair {i}", "players": ["A", "B"]} for i in range(1, 5)]
    tournament = client.post("/api/v1/tournaments", json={
        "name": "Club", "ruleset": "classic", "rounds": 2, "minutes": 60, "pairs": pairs,
    }).get_json()
    series = client.post("/api/v1/series", json={"name": "Season"}).get_json()
    assert client.post(f"/api/v1/series/{series['id']}/nights",
                       json={"tournament": tournament["id"],
                             "admin_token": tournament["admin_token"]},
                       headers={"Authorization": f"Bearer {series['admin_token']}"}
                       ).status_code == 201
    return {"game_id": game["id"], "house_id": house["id"], "ruleset_id": house["id"],
            "tournament_id": tournament["id"], "number": 1, "table": 1, "action": "start",
            "pair": 1, "token": "not-a-card-link", "series_id": series["id"]}


def _state(app: Flask) -> tuple[Any, ...]:
    """What a refused request must leave as it was."""
    with app.app_context():
        games = tuple(db.session.query(Game.id, Game.version, Game.edit_token_hash)
                      .order_by(Game.id))
        tournaments = tuple(db.session.query(Tournament.id, Tournament.version))
        house_rules = tuple(db.session.query(HouseRules.id, HouseRules.data,
                                             HouseRules.edit_token_hash))
        series = tuple(db.session.query(Series.id, Series.version, Series.name,
                                        Series.ranks_by, Series.best_of))
        nights = tuple(db.session.query(SeriesNight.series_id, SeriesNight.tournament_id))
        return games, tournaments, house_rules, series, nights


def write_routes(app: Flask) -> list[tuple[str, str, str]]:
    return sorted((rule.endpoint, rule.rule, method) for rule in app.url_map.iter_rules()
                  for method in sorted((rule.methods or set()) - {"GET", "HEAD", "OPTIONS"}))


def test_every_write_route_is_guarded_or_listed_open(app: Flask, owned: dict[str, Any]) -> None:
    refused: dict[str, int] = {}
    answered: dict[str, int] = {}
    for endpoint, rule, method in write_routes(app):
        if endpoint in OPEN_TO_ANYONE:
            continue
        path = app.url_map.bind("localhost").build(
            endpoint, {name: owned[name] for name in _arguments(app, endpoint)},
            method=method)
        before = _state(app)
        stranger = app.test_client()
        if path.startswith("/api/"):
            res = stranger.open(path, method=method, json=HAND)
        else:
            res = stranger.open(path, method=method, data=FORM_HAND)
        (refused if res.status_code in (401, 403) else answered)[f"{method} {rule}"] = \
            res.status_code
        assert _state(app) == before, f"{method} {rule} changed something for a stranger"
    assert answered == {}, "write routes a stranger got through (or past the guard)"
    assert len(refused) >= 30, refused


def _arguments(app: Flask, endpoint: str) -> set[str]:
    (rule,) = [r for r in app.url_map.iter_rules() if r.endpoint == endpoint]
    return set(rule.arguments)


def test_the_open_list_names_real_routes(app: Flask) -> None:
    endpoints = {endpoint for endpoint, _rule, _method in write_routes(app)}
    assert set(OPEN_TO_ANYONE) <= endpoints
