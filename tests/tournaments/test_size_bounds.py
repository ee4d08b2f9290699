"""What one tournament may hold: at most MAX_PAIRS pairs and MAX_ROUNDS games, refused past
them with a field error (the API's 422, the set-up form's message by the field)."""

from __future__ import annotations

import re

from tournament_helpers import VALUES, pairs

from scorekeeper.services import tournaments as service


def body(n: int, rounds: int) -> dict:
    return {"name": "Club", "ruleset": "torneo", "rounds": rounds, "minutes": 60,
            "target": 15000, "values": VALUES, "pairs": pairs(n)}


def fields(response) -> dict[str, str]:
    return {e["field"]: e["message"] for e in response.get_json()["errors"]}


def test_the_bounds_are_generous_for_the_largest_events():
    # A 130-table event seats 260 pairs; 002 plays 3 games.
    assert service.MAX_PAIRS >= 260 and service.MAX_ROUNDS >= 10


def test_the_api_takes_the_largest_tournament_and_refuses_one_pair_or_game_more(client):
    assert client.post("/api/v1/tournaments",
                       json=body(service.MAX_PAIRS, 1)).status_code == 201
    more_pairs = client.post("/api/v1/tournaments", json=body(service.MAX_PAIRS + 1, 1))
    assert more_pairs.status_code == 422
    assert fields(more_pairs) == {"pairs": f"Give from 2 to {service.MAX_PAIRS} pairs."}
    n = 2 * service.MAX_ROUNDS + 2
    assert client.post("/api/v1/tournaments",
                       json=body(n, service.MAX_ROUNDS)).status_code == 201
    more_games = client.post("/api/v1/tournaments", json=body(n, service.MAX_ROUNDS + 1))
    assert more_games.status_code == 422
    assert fields(more_games) == {
        "rounds": f"A whole number from 1 to {service.MAX_ROUNDS}."}


def form(**extra: str) -> dict[str, str]:
    data = {"name": "Club night", "pairs": "Owls: Ana, Luis\nBees: Eva, Juan", "rounds": "3",
            "minutes": "60", "target": "15000", "ruleset": "torneo"}
    data.update({f"value-{p}": str(v) for p, v in VALUES.items()})
    data.update(extra)
    return data


def error_after(html: str, field: str) -> str:
    found = re.search(rf'id="{field}"[^>]*aria-invalid="true"[^>]*>.*?'
                      rf'<p class="field-error" id="{field}-error">([^<]*)</p>', html, re.S)
    assert found, html
    return found.group(1)


def test_the_form_says_the_bounds_and_refuses_past_them_by_the_field(client):
    page = client.get("/tournaments/new").get_data(as_text=True)
    assert (f"At most {service.MAX_PAIRS} pairs and {service.MAX_ROUNDS} games." in page)
    assert f'max="{service.MAX_ROUNDS}"' in page
    lines = "\n".join(f"P{i}: A{i}, B{i}" for i in range(service.MAX_PAIRS + 1))
    too_many = client.post("/tournaments/new", data=form(pairs=lines))
    assert too_many.status_code == 422
    assert error_after(too_many.get_data(as_text=True), "pairs") == (
        f"Give from 2 to {service.MAX_PAIRS} pairs.")
    too_long = client.post("/tournaments/new", data=form(rounds=str(service.MAX_ROUNDS + 1)))
    assert too_long.status_code == 422
    assert error_after(too_long.get_data(as_text=True), "rounds") == (
        f"A whole number from 1 to {service.MAX_ROUNDS}.")


def test_the_bounds_read_in_spanish(client):
    page = client.get("/tournaments/new", headers={"Accept-Language": "es"}).get_data(
        as_text=True)
    assert f"Como mucho {service.MAX_PAIRS} parejas y {service.MAX_ROUNDS} partidas." in page


def test_the_api_document_states_the_bounds(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    schema = doc["components"]["schemas"]["NewTournament"]["properties"]
    assert schema["pairs"]["maxItems"] == service.MAX_PAIRS
    assert str(service.MAX_PAIRS) in schema["pairs"]["description"]
    assert schema["rounds"]["maximum"] == service.MAX_ROUNDS
