"""Any number a client can send is answered 2xx or 4xx, never 5xx: past Babel's 28 digits (the
error message that echoes it), past Python's 4,300-digit ``int()``, past the databases'
integers, or a digit ``int()`` cannot read ("²"). In API bodies (as numbers and as digits in
text), in every field of every form, and in the versions forms and ``If-Match`` send back.

Runs on SQLite, and on PostgreSQL with ``TEST_DATABASE_URL`` (which refuses a parameter past
2**31 beside an ``INTEGER`` column).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper.engine import find_ruleset
from scorekeeper.engine.numbers import BEYOND, whole
from scorekeeper.i18n import number
from scorekeeper.services.tournaments import MAX_ROUNDS

VALUES = {path: 100 for path, _ in find_ruleset("torneo").missing_values()}

HUGE = 10**30
#: As digits in text: a long number, one past int()'s limit, one int() cannot read.
HUGE_TEXTS = [str(HUGE), "-" + str(HUGE), "9" * 5000, "\u00b2"]

HAND = {"end": "went_out", "players": 4, "sides": [
    {"table_points": 50, "hand_points": 0, "canastas": {"mixed": 1, "natural": 0},
     "going_out": "normal", "red_threes": 1, "hand_cards": {"aces": 1},
     "black_threes_in_hand": 0, "unfinished_canastas": {"mixed": 0}},
    {"table_points": 0, "hand_points": 0}]}
TOURNAMENT = {"name": "Club", "ruleset": "torneo", "rounds": 3, "minutes": 60, "target": 15000,
              "values": VALUES, "warn_minutes": 10, "prizes": 3,
              "pairs": [{"name": f"P{i}", "players": ["A", "B"]} for i in range(4)],
              "victory_scale": [[100, 12], [500, 15]],
              # Its paper result is typed at once: tables that start when seated.
              "tables_start": "seated"}
TOURNAMENT_FORM = {"name": "Club", "pairs": "A: a, b\nB: c, d\nC: e, f\nD: g, h",
                   "rounds": "3", "minutes": "60", "warn_minutes": "10", "target": "5000",
                   "ruleset": "classic", "language": "en", "prizes": "3",
                   "standings_by": "difference", "victory_scale": ""}


def test_whole_reads_any_number_a_client_sends() -> None:
    assert [whole(v) for v in ("12", " -3 ", "٣", "007")] == [12, -3, 3, 7]
    assert [whole(v) for v in ("", "²", "--5", "1_000", "1e3", True, 5.0, None)] == [None] * 8
    assert whole("9" * 5000) == BEYOND and whole("-" + "9" * 30) == -BEYOND
    assert whole(HUGE) == BEYOND and whole(-HUGE) == -BEYOND
    assert whole("0" * 5000 + "7") == 7


def test_any_whole_number_is_written_with_separators(app: Flask) -> None:
    with app.test_request_context():
        assert number(HUGE) == "1" + ",000" * 10
        assert number(-(10**3999)) == "\u22121" + ",000" * 1333


@pytest.mark.parametrize("players", [10**25, HUGE, -HUGE, 10**4000])
def test_players_past_any_format_answer_422(client: FlaskClient, players: int) -> None:
    for path, body in (("/api/v1/games", {"ruleset": "classic", "players": players}),
                       ("/api/v1/score", {"ruleset": "classic", "players": players,
                                          "sides": HAND["sides"]})):
        res = client.post(path, data=json.dumps(body), content_type="application/json")
        assert res.status_code == 422, (path, res.get_data(as_text=True)[:200])
        [error] = res.get_json()["errors"]
        assert error["field"] == "players"
        assert "is not played with" in error["message"]


def test_players_as_long_digits_answer_422(client: FlaskClient) -> None:
    for text in HUGE_TEXTS:
        res = client.post("/api/v1/games", json={"ruleset": "classic", "players": text})
        assert res.status_code == 422, text[:12]
        assert [e["field"] for e in res.get_json()["errors"]] == ["players"]


@pytest.mark.parametrize("rounds", [str(HUGE), "9" * 5000, "\u00b2"])
def test_tournament_form_says_rounds_are_out_of_range(client: FlaskClient, rounds: str) -> None:
    res = client.post("/tournaments/new", data={**TOURNAMENT_FORM, "rounds": rounds})
    assert res.status_code == 422
    page = res.get_data(as_text=True)
    # The message by the field, and the field marked as the one to correct.
    assert ('<p class="field-error" id="rounds-error">A whole number from 1 to '
            f'{MAX_ROUNDS}.</p>') in page
    assert 'name="rounds"' in page.split('aria-describedby="rounds-error"')[0].rsplit("<input")[-1]


def _leaves(obj: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _leaves(v, (*path, i))
    else:
        yield path, obj


def _with(body: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(body))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


def test_every_number_of_every_api_body(client: FlaskClient, app: Flask) -> None:
    app.config["RATELIMIT_ENABLED"] = False
    game = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    gauth = {"Authorization": f"Bearer {game['edit_token']}"}
    assert client.post(f"/api/v1/games/{game['id']}/hands", json=HAND,
                       headers=gauth).status_code == 201
    tour = client.post("/api/v1/tournaments", json=TOURNAMENT).get_json()
    tauth = {"Authorization": f"Bearer {tour['admin_token']}"}
    house = client.post("/api/v1/house-rules", json={"name": "Casa", "based_on": "classic"})
    house_rules = client.get(f"/api/v1/rulesets/{house.get_json()['id']}").get_json()
    rounds = f"/api/v1/tournaments/{tour['id']}/rounds/1"
    endpoints = [
        ("POST", "/api/v1/games", {}, {
            "ruleset": "classic", "players": 4, "target": 5000, "first_dealer": 0,
            "starting_totals": [10, 20], "sides": [{"name": "Us"}, {"name": "Them"}]}),
        ("POST", "/api/v1/score", {}, {"ruleset": "classic", **HAND}),
        ("POST", f"/api/v1/games/{game['id']}/hands", gauth, HAND),
        ("PUT", f"/api/v1/games/{game['id']}/hands/1", gauth, HAND),
        ("POST", "/api/v1/tournaments", {}, TOURNAMENT),
        ("POST", "/api/v1/house-rules", {}, {**house_rules, "name": "Casa 2"}),
        ("POST", f"{rounds}/extend", tauth, {"minutes": 5}),
        ("POST", f"{rounds}/tables/1/result", tauth, {"totals": [100, 50]}),
    ]
    tried = 0
    for method, path, headers, body in endpoints:
        accepted = client.open(path, method=method, json=body, headers=headers)
        assert accepted.status_code < 300, (path, accepted.get_json())  # the control
        numbers = [p for p, v in _leaves(body)
                   if isinstance(v, int) and not isinstance(v, bool)]
        assert numbers, path
        for leaf in numbers:
            for value in (HUGE, -(10**4000), *HUGE_TEXTS):
                res = client.open(path, method=method, headers=headers,
                                  data=json.dumps(_with(body, leaf, value)),
                                  content_type="application/json")
                assert res.status_code < 500, (path, leaf, str(value)[:12])
                tried += 1
        for version in ('"h' + "9" * 30 + '"', "-" + "9" * 30, '"g' + "9" * 30 + '"'):
            res = client.open(path, method=method, json=body,
                              headers={**headers, "If-Match": version})
            assert res.status_code < 500, (path, version)
    assert tried > 300


class _Forms(HTMLParser):
    """The POST forms of a page: action and the values a browser would send."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._fields: dict[str, str] | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "").lower() == "post":
            self._fields = {}
            self.forms.append((a.get("action", ""), self._fields))
        elif self._fields is not None and tag in ("input", "textarea", "select") and a.get("name"):
            kind = a.get("type", "text")
            if kind == "submit" or (kind in ("radio", "checkbox") and "checked" not in a
                                    and a["name"] in self._fields):
                return
            self._fields.setdefault(a["name"], a.get("value", ""))
            self._select = a["name"] if tag == "select" else None
        elif tag == "option" and self._fields is not None and self._select:
            if not self._fields.get(self._select) or "selected" in a:
                self._fields[self._select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._fields = None
        elif tag == "select":
            self._select = None


def test_every_field_of_every_form(client: FlaskClient, app: Flask) -> None:
    app.config["RATELIMIT_ENABLED"] = False
    made = client.post("/games/new", data={"ruleset": "classic", "players": "4"})
    gid = made.headers["Location"].rsplit("/", 1)[-1]
    assert client.post(f"/games/{gid}/hands", data={
        "end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.mixed": "2",
        "sides[0].table_points": "355", "sides[0].hand_points": "20",
        "sides[1].table_points": "280", "sides[1].hand_points": "45"}).status_code == 303
    made = client.post("/tournaments/new", data=TOURNAMENT_FORM)
    tid = made.headers["Location"].rsplit("/", 1)[-1].split("?")[0]
    made = client.post("/games/house-rules/new", data={"preset": "classic", "name": "Casa X"})
    hid = made.headers["Location"].rsplit("/", 1)[-1]
    pages = ["/games/new", f"/games/{gid}/hands/new", f"/games/{gid}/hands/1/edit",
             f"/games/{gid}", f"/games/house-rules/{hid}", "/tournaments/new",
             f"/tournaments/{tid}", f"/tournaments/{tid}/rounds/1", "/calculator"]
    fields = 0
    for page in pages:
        parser = _Forms()
        parser.feed(client.get(page).get_data(as_text=True))
        assert parser.forms, page
        for action, form in parser.forms:
            names = [name for name in form if name != "csrf_token"]
            fields += len(names)
            # Each field alone (an error elsewhere cannot hide it)...
            for name in names:
                for value in ("9" * 5000, "-" + str(HUGE)):
                    res = client.post(action or page, data={**form, name: value})
                    assert res.status_code < 500, (action, name, value[:12])
            # ...and digits int() cannot read, in every field at once.
            for value in ("\u00b2", "9" * 5000 + ":10", "50:" + "9" * 5000):
                res = client.post(action or page, data={**form, **dict.fromkeys(names, value)})
                assert res.status_code < 500, (action, value[:12])
    assert fields > 150
