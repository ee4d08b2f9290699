"""Every route declares who may use it, and its guard refuses everyone else: the test walks
``app.url_map``, so a route added without a guard (``access.guard``) or a declaration that it
is open to anyone (``access.public``) fails here, GET routes included.

Each guarded route is then tried, by the front door it belongs to (a page's credential is in
the session, an API request's in ``Authorization: Bearer``), with no credential and with every
credential that opens something else: another game's edit token, another tournament's or
series' desk token, a table's card or a table's game link, house rules' edit token (each also
offered under this resource's own id, as a browser could). Each must be refused (401 or 403)
and leave everything as it was.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import access
from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.models.games import HouseRules
from scorekeeper.models.series import Series, SeriesNight
from scorekeeper.models.tournaments import Tournament

#: Routes that change something and are open to anyone, by endpoint, with why. A write route
#: declared public must be here too: declaring one public is a decision this list records.
OPEN_TO_ANYONE = {
    "api.create_game": "anyone may start a game (its tokens come back in the answer)",
    "api.create_house_rules": "anyone may write house rules of their own",
    "api.create_tournament": "anyone may run a tournament (its admin token comes back)",
    "api.create_series": "anyone may group their nights in a series (its token comes back)",
    "api.score": "counts a hand and stores nothing",
    "quick.calculator": "counts a hand and stores nothing",
    "games.new_game": "anyone may start a game",
    "games.house_rules_new": "anyone may write house rules of their own",
    "games.house_rules_edit": "its GET shows the rules to anyone; its POST is guarded",
    "tournaments.new": "anyone may run a tournament",
    "series.new": "anyone may group their nights in a series",
}

#: Routes that are not the app's views (Flask's own static files).
NOT_OURS = {"static"}

HAND = {"end": "stock_out", "sides": [{"table_points": 50, "hand_points": 0},
                                      {"table_points": 0, "hand_points": 0}]}
FORM_HAND = {"end": "stock_out", "sides[0].table_points": "50", "sides[0].hand_points": "0",
             "sides[1].table_points": "0", "sides[1].hand_points": "0", "pair": "1",
             "totals": "100, 50", "minutes": "5", "confirm": "1", "name": "Mine"}
WRITES = {"POST", "PUT", "PATCH", "DELETE"}


@dataclass
class Credential:
    """What opens one resource, as a browser keeps it and as an API client sends it."""

    name: str
    #: The guard it passes for this test's resource of its kind ("": none it walks).
    opens: str
    session_key: str
    token: str
    resource_id: str | None = None  # None: the session keeps a list of tokens
    used_as: set[str] = field(default_factory=set)

    def session(self, ids: Iterable[str]) -> dict[str, Any]:
        """The session holding the token for its own resource and under ``ids`` too."""
        if self.resource_id is None:
            return {self.session_key: [self.token]}
        return {self.session_key: {self.resource_id: self.token,
                                   **{i: self.token for i in ids}}}


def _make(client: FlaskClient, name: str, *, hand: bool) -> dict[str, Any]:
    """A game, house rules, a tournament (its table cards made) and a series, by their owners."""
    game = client.post("/api/v1/games", json={"ruleset": "classic", "players": 4}).get_json()
    if hand:
        assert client.post(f"/api/v1/games/{game['id']}/hands", json=HAND, headers={
            "Authorization": f"Bearer {game['edit_token']}"}).status_code == 201
    body = {**client.get("/api/v1/rulesets/classic").get_json(), "name": name}
    house = client.post("/api/v1/house-rules", json=body).get_json()
    pairs = [{"name": f"Pair {i}", "players": ["A", "B"]} for i in range(1, 5)]
    tournament = client.post("/api/v1/tournaments", json={
        "name": name, "ruleset": "classic", "rounds": 2, "minutes": 60, "pairs": pairs,
    }).get_json()
    desk = {"Authorization": f"Bearer {tournament['admin_token']}"}
    cards = client.get(f"/api/v1/tournaments/{tournament['id']}/table-cards",
                       headers=desk).get_json()
    series = client.post("/api/v1/series", json={"name": name}).get_json()
    assert client.post(f"/api/v1/series/{series['id']}/nights",
                       json={"tournament": tournament["id"],
                             "admin_token": tournament["admin_token"]},
                       headers={"Authorization": f"Bearer {series['admin_token']}"}
                       ).status_code == 201
    table = tournament["tables"][0]
    return {
        "ids": {"game_id": game["id"], "house_id": house["id"], "ruleset_id": house["id"],
                "tournament_id": tournament["id"], "series_id": series["id"]},
        "credentials": [
            Credential(f"{name}'s game editor", "game editor", access.EDIT_TOKENS,
                       game["edit_token"], game["id"]),
            Credential(f"{name}'s table game editor", "", access.EDIT_TOKENS,
                       table["edit_token"], table["game_id"]),
            Credential(f"{name}'s tournament desk", "tournament desk", access.DESK_TOKENS,
                       tournament["admin_token"], tournament["id"]),
            Credential(f"{name}'s table card", "", access.CARD_TOKENS,
                       cards["cards"][0]["url"].rsplit("/", 1)[-1]),
            Credential(f"{name}'s series desk", "series desk", access.SERIES_TOKENS,
                       series["admin_token"], series["id"]),
            Credential(f"{name}'s house rules", "house rules owner", "house_rules_tokens",
                       house["edit_token"]),
        ],
    }


@pytest.fixture
def owned(app: Flask, client: FlaskClient) -> dict[str, Any]:
    """This test's resources, and every credential that must not open them: the other set's
    (of every kind), and this set's that open something else."""
    mine, other = _make(client, "Ours", hand=True), _make(client, "Theirs", hand=False)
    return {**mine["ids"], "number": 1, "table": 1, "action": "start", "pair": 1,
            "token": "not-a-card-link", "key": "a", "edit_token": "not-a-token", "link": "edit",
            "credentials": mine["credentials"], "others": other["credentials"]}


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


def routes(app: Flask) -> list[tuple[str, str, str]]:
    """Every (endpoint, rule, method) of the app, GET included (HEAD and OPTIONS answer as
    their GET, or by Flask itself)."""
    return sorted((rule.endpoint, rule.rule, method) for rule in app.url_map.iter_rules()
                  for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}))


def undeclared(app: Flask) -> list[str]:
    """Endpoints whose view declares neither a guard nor that it is open to anyone."""
    return sorted(endpoint for endpoint, view in app.view_functions.items()
                  if endpoint not in NOT_OURS and access.declared(view) is None)


def public_writes(app: Flask) -> list[str]:
    """Write routes declared open to anyone that the open list does not name."""
    out = []
    for endpoint, rule, method in routes(app):
        declared = access.declared(app.view_functions[endpoint])
        if (method in WRITES and declared is not None and declared.guards(method) is None
                and endpoint not in OPEN_TO_ANYONE):
            out.append(f"{method} {rule}")
    return out


def intruders(app: Flask, owned: dict[str, Any], only: Iterable[str] | None = None,
              *, keep_state: bool = True) -> tuple[dict[str, str], int]:
    """Each guarded route tried with no credential and with every credential that opens
    something else; what got through (by route and credential), and how many were refused."""
    through: dict[str, str] = {}
    refused = 0
    wanted = set(only) if only is not None else None
    ids = [owned[k] for k in ("game_id", "house_id", "tournament_id", "series_id")]
    for endpoint, rule, method in routes(app):
        if wanted is not None and endpoint not in wanted:
            continue
        declared = access.declared(app.view_functions[endpoint])
        guard = declared.guards(method) if declared is not None else None
        if guard is None and wanted is None:
            continue  # open to anyone (an undeclared route fails its own test)
        arguments = next(r.arguments for r in app.url_map.iter_rules() if r.endpoint == endpoint)
        path = app.url_map.bind("localhost").build(
            endpoint, {name: owned[name] for name in arguments}, method=method)
        api = path.startswith("/api/")
        tries: list[Credential | None] = [None, *owned["others"], *(
            c for c in owned["credentials"] if guard is None or c.opens != guard.name)]
        for credential in tries:
            before = _state(app)
            visitor = app.test_client()
            headers = {}
            if credential is not None and api:
                headers["Authorization"] = f"Bearer {credential.token}"
            elif credential is not None:
                with visitor.session_transaction() as session:
                    session.update(credential.session(ids))
            res = visitor.open(path, method=method, headers=headers,
                               **({"json": HAND} if api else {"data": FORM_HAND}))
            who = credential.name if credential is not None else "no credential"
            if res.status_code in (401, 403):
                refused += 1
            else:
                through[f"{method} {rule} with {who}"] = str(res.status_code)
            if keep_state:
                assert _state(app) == before, f"{method} {rule} changed something for {who}"
    return through, refused


@pytest.fixture
def no_rate_limit(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hundreds of wrong tokens from one address: the walk is not about the rate limit."""
    monkeypatch.setitem(app.config, "RATELIMIT_ENABLED", False)


def test_every_route_declares_its_guard_or_is_public(app: Flask) -> None:
    assert undeclared(app) == []
    assert public_writes(app) == []


@pytest.mark.usefixtures("no_rate_limit")
def test_every_guarded_route_refuses_every_other_credential(
        app: Flask, owned: dict[str, Any]) -> None:
    through, refused = intruders(app, owned)
    assert through == {}, "guarded routes someone got through without the right credential"
    # 70 guarded routes (8 of them GET), each tried by at least 12 visitors.
    assert refused >= 70 * 12, refused


@pytest.mark.usefixtures("no_rate_limit")
@pytest.mark.parametrize(("endpoint", "method"), [
    ("tournaments.cards_page", "GET"),  # makes the table cards under the desk's lock
    ("api.table_cards", "GET"),
    ("games.add_hand", "POST"),
    ("series.settings", "POST"),
])
def test_a_route_without_its_guard_fails_the_walk(
        app: Flask, owned: dict[str, Any], monkeypatch: pytest.MonkeyPatch,
        endpoint: str, method: str) -> None:
    view = app.view_functions[endpoint]
    assert access.declared(view) is not None
    assert access.declared(view).guards(method) is not None  # type: ignore[union-attr]
    # The route as it would be had its module not declared the guard.
    monkeypatch.setitem(app.view_functions, endpoint, view.__wrapped__)
    assert undeclared(app) == [endpoint]
    # Declared open to anyone instead, its visitors get through (and the walk says so).
    monkeypatch.setitem(app.view_functions, endpoint,
                        access.public("a mistake")(_copy(view.__wrapped__)))
    assert undeclared(app) == []
    if method in WRITES:
        assert public_writes(app) != []
    # A view that counts on its guard (``g.by``) may fail without it: that is getting through.
    monkeypatch.setitem(app.config, "PROPAGATE_EXCEPTIONS", False)
    through, _refused = intruders(app, owned, only=[endpoint], keep_state=False)
    assert through, f"{endpoint} without its guard let nobody through"


def _copy(view: Any) -> Any:
    """A new function running ``view`` (so that declaring it does not mark ``view`` itself)."""

    def copied(*args: Any, **kwargs: Any) -> Any:
        return view(*args, **kwargs)

    return copied


def test_the_open_list_names_real_routes(app: Flask) -> None:
    endpoints = {endpoint for endpoint, _rule, method in routes(app) if method in WRITES}
    assert set(OPEN_TO_ANYONE) <= endpoints
