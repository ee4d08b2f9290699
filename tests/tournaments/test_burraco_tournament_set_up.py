"""A Burraco tournament ranks on FIBUR's victory points and plays to 2,005 however it is set up
(issue 42; VARIANTS-2.md 12.4: "the tournament is ranked on VP"): the set-up page opened on it,
its drop-down with and without JavaScript (the form's values follow the rule set chosen unless
typed, as the new-game form's target does), and ``POST /api/v1/tournaments``."""

from __future__ import annotations

import re
from typing import Any

from tournament_helpers import SEATED, pairs, read

from scorekeeper.engine.victory import DEFAULT_SCALE, NAMED_SCALES, scale_text

BURRACO_3 = NAMED_SCALES["burraco-3"].to_list()
FOUR_PAIRS = "\n".join(f"Coppia {i}: A{i}, B{i}" for i in range(1, 5))


def created(response: Any) -> str:
    assert response.status_code in (302, 303), response.get_data(as_text=True)[:800]
    return response.headers["Location"].rstrip("/").split("/")[-1].split("?")[0]


def page_form(html: str) -> dict[str, str]:
    """The values the set-up page shows, as a browser without JavaScript would post them."""
    values = {m.group(1): m.group(2) for m in re.finditer(
        r'<input[^>]*name="([a-z_]+)"[^>]*value="([^"]*)"', html)}
    values.update({m.group(1): m.group(2) for m in re.finditer(
        r'<select[^>]*name="([a-z_]+)".*?<option value="([^"]*)"[^>]*selected', html, re.S)})
    values.pop("csrf_token", None)
    return values


def test_the_drop_down_without_javascript_follows_the_rule_set(client: Any) -> None:
    html = client.get("/tournaments/new?lang=en").get_data(as_text=True)
    form = page_form(html)
    assert form["ruleset"] == "torneo" and form["shown_ruleset"] == "torneo"
    assert form["target"] == "15000" and form["standings_by"] == "difference"
    # The organizer picks Burraco in the drop-down and creates at once (no JavaScript).
    form.update(name="Circolo", pairs=FOUR_PAIRS, ruleset="burraco", tables_start="seated")
    data = read(client, created(client.post("/tournaments/new", data=form)))
    assert (data["ruleset"], data["standings_by"], data["target"]) == (
        "burraco", "victory_points", 2005)
    assert data["victory_scale"] == BURRACO_3


def test_the_drop_down_keeps_what_the_organizer_typed(client: Any) -> None:
    form = page_form(client.get("/tournaments/new").get_data(as_text=True))
    form.update(name="Circolo", pairs=FOUR_PAIRS, ruleset="burraco", target="3000",
                victory_scale="burraco-4")
    data = read(client, created(client.post("/tournaments/new", data=form)))
    assert (data["standings_by"], data["target"]) == ("victory_points", 3000)
    assert data["victory_scale"] == NAMED_SCALES["burraco-4"].to_list()


def test_back_from_burraco_to_another_game_goes_back_to_the_difference(client: Any) -> None:
    form = page_form(client.get("/tournaments/new?ruleset=burraco").get_data(as_text=True))
    assert (form["standings_by"], form["target"], form["victory_scale"]) == (
        "victory_points", "2005", "burraco-3")
    form.update(name="Club", pairs=FOUR_PAIRS, ruleset="classic")
    data = read(client, created(client.post("/tournaments/new", data=form)))
    assert (data["standings_by"], data["target"]) == ("difference", 5000)


def test_a_refused_form_comes_back_with_the_followed_values(client: Any) -> None:
    form = page_form(client.get("/tournaments/new").get_data(as_text=True))
    form.update(name="", pairs=FOUR_PAIRS, ruleset="burraco")
    response = client.post("/tournaments/new", data=form)
    assert response.status_code == 422
    again = page_form(response.get_data(as_text=True))
    assert (again["shown_ruleset"], again["target"], again["standings_by"],
            again["victory_scale"]) == ("burraco", "2005", "victory_points", "burraco-3")


def test_each_option_carries_its_tournament_values(client: Any) -> None:
    html = client.get("/tournaments/new").get_data(as_text=True)
    assert re.search(r'<option value="burraco" data-target="2005" '
                     r'data-standings="victory_points" data-scale="burraco-3"', html)
    assert re.search(r'<option value="torneo" data-target="15000" data-standings="difference" '
                     r'data-scale="' + re.escape(scale_text(DEFAULT_SCALE)) + '"', html)
    assert "js/follow_ruleset.js" in html and 'data-follows="data-standings"' in html


def test_the_api_sets_a_burraco_tournament_on_victory_points(client: Any) -> None:
    body = {"name": "Circolo", "ruleset": "burraco", "rounds": 1, "pairs": pairs(4), **SEATED}
    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 201, response.get_json()
    data = read(client, response.get_json()["id"])
    assert (data["standings_by"], data["target"], data["victory_scale"]) == (
        "victory_points", 2005, BURRACO_3)
    # Said otherwise, it is as said.
    response = client.post("/api/v1/tournaments", json={
        **body, "standings_by": "difference", "target": 3000})
    data = read(client, response.get_json()["id"])
    assert (data["standings_by"], data["target"]) == ("difference", 3000)
    response = client.post("/api/v1/tournaments", json={**body, "victory_scale": "burraco-4"})
    data = read(client, response.get_json()["id"])
    assert data["standings_by"] == "victory_points"
    assert data["victory_scale"] == NAMED_SCALES["burraco-4"].to_list()


def test_the_api_keeps_the_difference_for_other_games(client: Any) -> None:
    response = client.post("/api/v1/tournaments", json={
        "name": "Club", "ruleset": "classic", "rounds": 1, "pairs": pairs(4)})
    assert response.status_code == 201, response.get_json()
    data = read(client, response.get_json()["id"])
    assert (data["standings_by"], data["target"]) == ("difference", 5000)


def test_the_api_refuses_a_bad_ranking_on_its_field(client: Any) -> None:
    response = client.post("/api/v1/tournaments", json={
        "name": "Circolo", "ruleset": "burraco", "rounds": 1, "pairs": pairs(4),
        "standings_by": "goals"})
    assert response.status_code in (400, 422)
    assert "standings_by" in {e.get("field") for e in response.get_json()["errors"]}
