"""Seating methods through the pages and the API: Mitchell and Swiss tournaments played for a
few games, the method answered by the API, and the ones that cannot work refused by field."""

from __future__ import annotations

import re

import pytest
from tournament_helpers import SEATED, VALUES, admin, create, links, pairs, play, read

from scorekeeper.engine.movements import mitchell
from scorekeeper.extensions import db

YES = {"confirm": "1"}


def form(n: int, **extra: str) -> dict[str, str]:
    data = {"name": "Club night",
            "pairs": "\n".join(f"Pair {i}: A{i}, B{i}" for i in range(1, n + 1)),
            "rounds": "3", "minutes": "60", "target": "15000", "ruleset": "torneo", **SEATED}
    data.update({f"value-{p}": str(v) for p, v in VALUES.items()})
    data.update(extra)
    return data


def errors(html: str) -> dict[str, str]:
    return dict(re.findall(r'class="field-error" id="([^"]+)-error">([^<]*)<', html))


def created_by_form(client, n: int, **extra: str) -> tuple[str, str]:
    response = client.post("/tournaments/new", data=form(n, **extra))
    assert response.status_code == 303, errors(response.get_data(as_text=True))
    tid = response.headers["Location"].rsplit("/", 1)[-1]
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    token = re.search(r"\?token=([^\"&]+)\"", page).group(1)
    return tid, token


def seated(rnd: dict) -> list[tuple[int, int, int]]:
    return [(t["table"], *t["pairs"]) for t in rnd["tables"]]


def test_the_set_up_page_offers_the_three_methods_with_002_chosen(client):
    html = client.get("/tournaments/new").get_data(as_text=True)
    options = re.findall(r'<option value="(rotation|mitchell|swiss)"( selected)?>', html)
    assert options == [("rotation", " selected"), ("mitchell", ""), ("swiss", "")]
    assert "Mitchell movement" in html and "Swiss rounds" in html


def test_a_mitchell_tournament_of_7_pairs_played_from_the_desk(client):
    tid, token = created_by_form(client, 7, seating_method="mitchell", rounds="4")
    plan = mitchell(7, 4)
    for game in range(1, 4):
        data = read(client, tid, token)
        assert data["seating_method"] == "mitchell" and data["seating"] == "mitchell"
        rnd = data["rounds"][game - 1]
        expected = plan.rounds[game - 1]
        # Pairs 1-3 stay at tables 1-3 (side 1); 4-7 move; the one at the empty 4th sits out.
        assert seated(rnd) == [(n, a, b) for n, (a, b) in enumerate(expected.tables, start=1)]
        assert rnd["byes"] == list(expected.byes)
        for table in links(client, tid, token, game):
            play(client, table, (600, 200) if table["pairs"][0] % 2 else (100, 300))
        finish = client.post(f"/tournaments/{tid}/rounds/{game}/finish", data=YES)
        assert finish.status_code == 303
    data = read(client, tid, token)
    assert [r["byes"] for r in data["rounds"]] == [[7], [6], [5], [4]]
    standings = {s["pair"]: s for s in data["standings"]}
    # Pair 7 sat out game 1, then played 7-1 (won, +400) and 7-2 (won, +400).
    assert standings[7]["played"] == 2 and standings[7]["byes"] == [1]
    assert standings[7]["difference"] == 800


def test_a_swiss_tournament_of_6_pairs_seats_each_game_from_the_standings(client):
    tid, token = created_by_form(client, 6, seating_method="swiss", rounds="3")
    page = client.get(f"/tournaments/{tid}").get_data(as_text=True)
    # Only the seated game is printed ahead: game 2 depends on game 1's results.
    assert f"/tournaments/{tid}/seating/1.pdf" in page
    assert f"/tournaments/{tid}/seating/2.pdf" not in page
    assert client.get(f"/tournaments/{tid}/seating/2.pdf").status_code == 404
    assert client.get(f"/tournaments/{tid}/sheets/2.pdf").status_code == 404
    data = read(client, tid, token)
    assert data["seating_method"] == "swiss"
    assert seated(data["rounds"][0]) == [(1, 1, 2), (2, 3, 4), (3, 5, 6)]
    # Game 1: 2 beats 1 by 900, 3 beats 4 by 500, 6 beats 5 by 100.
    results = {1: (100, 1000), 2: (800, 300), 3: (400, 500)}
    for table in links(client, tid, token, 1):
        play(client, table, results[table["table"]])
    assert client.post(f"/tournaments/{tid}/rounds/1/finish", data=YES).status_code == 303
    data = read(client, tid, token)
    order = [s["pair"] for s in data["standings"]]
    assert order == [2, 3, 6, 5, 4, 1]
    # Neighbours meet, the leaders at table 1: 2-3; 6 and 5 met in game 1, so 6 meets 4 and
    # 5 meets 1, the nearest seating without a repeat.
    assert seated(data["rounds"][1]) == [(1, 2, 3), (2, 6, 4), (3, 5, 1)]
    assert client.get(f"/tournaments/{tid}/seating/2.pdf").status_code == 200
    # Game 2: 3 beats 2 by 1,000; 6 beats 4 by 200; 1 beats 5 by 700.
    results = {1: (200, 1200), 2: (700, 500), 3: (100, 800)}
    for table in links(client, tid, token, 2):
        play(client, table, results[table["table"]])
    assert client.post(f"/tournaments/{tid}/rounds/2/finish", data=YES).status_code == 303
    data = read(client, tid, token)
    # Differences: 3 +1,500, 6 +300, 2 -100, 1 -200, 4 -700, 5 -800.
    assert [s["pair"] for s in data["standings"]] == [3, 6, 2, 1, 4, 5]
    # 3-6 have not met. 2-1 have (game 1), so 2 would meet 4, leaving 1-5, who met in game
    # 2: the search goes back, and 2 meets 5, 1 meets 4.
    third = seated(data["rounds"][2])
    met = {frozenset(t[1:]) for r in data["rounds"][:2] for t in seated(r)}
    assert not met & {frozenset(t[1:]) for t in third}
    assert third == [(1, 3, 6), (2, 2, 5), (3, 1, 4)]


def test_a_swiss_pair_that_abandons_is_not_seated_again(client):
    tid, token = create(client, 5, rounds=3, seating_method="swiss")
    assert read(client, tid, token)["rounds"][0]["byes"] == [5]
    response = client.post(f"/api/v1/tournaments/{tid}/pairs/1/abandon", headers=admin(token))
    assert response.status_code == 200, response.get_json()
    data = client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).get_json()
    second = data["rounds"][1]
    seated_pairs = sorted(p for t in second["tables"] for p in t["pairs"])
    assert seated_pairs == [2, 3, 4, 5] and second["byes"] == []
    # Pair 2, credited the abandonment, leads and meets the best pair it has not met.
    assert second["tables"][0]["pairs"][0] == 2


def test_the_api_accepts_each_method_and_answers_it(client):
    for method in ("rotation", "mitchell", "swiss"):
        tid, token = create(client, 8, rounds=3, seating_method=method)
        data = read(client, tid)
        assert data["seating_method"] == method
        assert data["seating"] == method
        assert seated(data["rounds"][0])[0] == ((1, 5, 1) if method == "mitchell" else (1, 1, 2))
    tid, _token = create(client, 8, rounds=3)
    assert read(client, tid)["seating_method"] == "rotation"


@pytest.mark.parametrize(("extra", "field", "message"), [
    ({"seating_method": "howell"}, "seating_method",
     "Choose 002's rotation, a Mitchell movement or Swiss rounds."),
    ({"seating_method": "mitchell", "rounds": 5}, "rounds",
     "A Mitchell movement of 8 pairs has 4 tables: each moving pair meets each staying pair "
     "once, so it plays at most 4 games. Choose fewer games, or 002's rotation."),
    ({"seating_method": "swiss", "rounds": 8}, "rounds",
     "With 8 pairs, Swiss rounds can seat at most 7 games without two pairs meeting again. "
     "Choose fewer games, or 002's rotation."),
])
def test_the_api_refuses_a_method_that_cannot_work_with_a_field_error(client, extra, field,
                                                                      message):
    from scorekeeper.models.tournaments import Tournament

    body = {"name": "T", "ruleset": "torneo", "values": VALUES, "pairs": pairs(8), **extra}
    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 422
    assert response.get_json()["errors"] == [{"field": field, "message": message}]
    assert db.session.query(Tournament).count() == 0


def test_the_set_up_page_says_why_a_mitchell_cannot_play_so_many_games(client):
    response = client.post("/tournaments/new", data=form(6, seating_method="mitchell",
                                                         rounds="4"))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert errors(html) == {"rounds": (
        "A Mitchell movement of 6 pairs has 3 tables: each moving pair meets each staying "
        "pair once, so it plays at most 3 games. Choose fewer games, or 002&#39;s rotation.")}
    assert '<option value="mitchell" selected>' in html


def test_the_set_up_page_in_spanish_refuses_in_spanish(client):
    response = client.post("/tournaments/new", data=form(6, seating_method="swiss",
                                                         rounds="6"),
                           headers={"Accept-Language": "es"})
    assert response.status_code == 422
    message = errors(response.get_data(as_text=True))["rounds"]
    assert "6 parejas" in message and "5" in message


def test_an_unknown_method_from_the_form_is_shown_by_its_field(client):
    response = client.post("/tournaments/new", data=form(6, seating_method="howell"))
    assert response.status_code == 422
    assert "seating_method" in errors(response.get_data(as_text=True))


def test_swiss_slips_print_only_the_games_seated(client):
    import io

    from pypdf import PdfReader

    tid, _token = create(client, 6, rounds=3, seating_method="swiss")
    response = client.get(f"/tournaments/{tid}/slips.pdf")
    assert response.status_code == 200
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    text = " ".join(text.split())
    assert "only the games seated so far are printed" in text
    assert "as planned by the rotation" not in text
