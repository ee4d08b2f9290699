"""A tournament partita that plays its smazzate (issue 42): FIBUR's partita is "a fixed number
of smazzate (2, 3 or 4) in a timed turn", its match-point difference turned into victory points
(VARIANTS-2.md 12.4), so a tournament's ``hands_per_game`` ends each game after that many hands
instead of at the 2,005 target (which ended a partita of three smazzate after two)."""

from __future__ import annotations

import re
from typing import Any

from tournament_helpers import SEATED, admin, create, links, pairs, post_hand, read


def hand(points: tuple[int, int], naturals: tuple[int, int]) -> dict[str, Any]:
    """A stock-out smazzata: each line's clean burrachi (200 each) and table points."""
    return {"end": "stock_out", "sides": [
        {"canastas": {"natural": n}, "table_points": p - 200 * n}
        for p, n in zip(points, naturals, strict=True)]}


#: 1,100 to 200 twice (2,200: past 2,005 after two smazzate), then 500 to 0.
THREE = [hand((1100, 200), (2, 0)), hand((1100, 200), (2, 0)), hand((500, 0), (2, 0))]


def burraco(client: Any, **extra: Any) -> tuple[str, str]:
    body = {"name": "Circolo", "ruleset": "burraco", "rounds": 1, "minutes": 60,
            "pairs": pairs(4), "standings_by": "victory_points", "victory_scale": "burraco-3",
            **SEATED, **extra}
    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()["id"], response.get_json()["admin_token"]


def test_a_partita_of_three_smazzate_plays_all_three(client: Any) -> None:
    tid, token = burraco(client, hands_per_game=3)
    assert read(client, tid)["hands_per_game"] == 3
    table, other = links(client, tid, token)
    for n, body in enumerate(THREE, start=1):
        response = post_hand(client, table, body)
        assert response.status_code == 201, (n, response.get_json())
        game = client.get(f"/api/v1/games/{table['game_id']}").get_json()
        assert game["finished"] is (n == 3)
    assert game["totals"] == [2700, 400] and game["winner"] == 0
    assert game["ended"] == "target"  # played out, not settled at time
    assert post_hand(client, table, THREE[2]).status_code == 409
    # A level partita is drawn (a difference of 0 is 10–10), not played on.
    for _ in range(3):
        assert post_hand(client, other, hand((600, 600), (1, 1))).status_code == 201
    level = client.get(f"/api/v1/games/{other['game_id']}").get_json()
    assert level["finished"] is True and level["drawn"] is True
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    rows = {s["pair"]: (s["victory_points"], s["difference"]) for s in read(client, tid)[
        "standings"]}
    # 2,300 on the 3-smazzate table: over 1,505, 20–0; the level game 10–10.
    assert rows == {1: (20, 2300), 2: (0, -2300), 3: (10, 0), 4: (10, 0)}
    standings = client.get(f"/tournaments/{tid}/standings").get_data(as_text=True)
    assert "settled at time" not in standings


def test_without_the_setting_the_target_still_ends_it(client: Any) -> None:
    tid, token = burraco(client)
    assert read(client, tid)["hands_per_game"] is None
    table = links(client, tid, token)[0]
    for body in THREE[:2]:
        assert post_hand(client, table, body).status_code == 201
    assert post_hand(client, table, THREE[2]).status_code == 409  # 2,200: over 2,005


def test_the_api_refuses_a_bad_number_on_its_field(client: Any) -> None:
    for bad in (0, 21, "three", 2.5):
        response = client.post("/api/v1/tournaments", json={
            "name": "Circolo", "ruleset": "burraco", "rounds": 1, "pairs": pairs(4),
            "hands_per_game": bad})
        assert response.status_code in (400, 422), bad
        fields = {e.get("field") for e in response.get_json().get("errors", [])}
        assert "hands_per_game" in fields, (bad, response.get_json())


def form(**extra: str) -> dict[str, str]:
    return {"name": "Circolo", "ruleset": "burraco", "rounds": "1", "minutes": "60",
            "warn_minutes": "10", "target": "2005", "language": "it", "prizes": "3",
            "standings_by": "victory_points", "victory_scale": "burraco-3",
            "bye_victory_points": "12", "tables_start": "seated",
            "pairs": "\n".join(f"Coppia {i}: A{i}, B{i}" for i in range(1, 5)), **extra}


def test_the_set_up_page_takes_the_smazzate(client: Any) -> None:
    page = client.get("/tournaments/new?ruleset=burraco").get_data(as_text=True)
    assert 'name="hands_per_game"' in page
    response = client.post("/tournaments/new", data=form(hands_per_game="3", language="en"))
    assert response.status_code in (302, 303), response.get_data(as_text=True)[:500]
    tid = response.headers["Location"].rstrip("/").split("/")[-1].split("?")[0]
    assert read(client, tid)["hands_per_game"] == 3
    seating = client.get(f"/tournaments/{tid}/seating/1.pdf")
    assert seating.status_code == 200
    from io import BytesIO

    from pypdf import PdfReader

    text = " ".join(page.extract_text() or "" for page in PdfReader(BytesIO(seating.data)).pages)
    assert "60 minutes per game of 3 hands." in " ".join(text.split())


def test_the_set_up_page_says_what_is_wrong_by_the_field(client: Any) -> None:
    response = client.post("/tournaments/new", data=form(hands_per_game="0"))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(r'id="hands_per_game"[^>]*aria-invalid="true"', html)
    assert 'id="hands_per_game-error"' in html


def test_the_round_page_says_burracos_rule_at_time(client: Any) -> None:
    """Burraco's clock takes the going-out bonus alone, the cards counting as usual (EB-TO,
    ``time_up_cards_count``); the tournament rules' 002 counts only canastas and premios. The
    round's page told a Burraco desk 002's rule (QA, 2026-12-05)."""
    tid, token = burraco(client)
    assert client.get(f"/tournaments/{tid}", query_string={"token": token}).status_code == 303
    page = client.get(f"/tournaments/{tid}/rounds/1").get_data(as_text=True)
    assert ("When time is up, nobody gets the going-out bonus and the cards on the table and in "
            "hand count as usual") in page
    assert "counts only its canastas and premios" not in page
    tid, token = create(client)  # the tournament rules (002)
    assert client.get(f"/tournaments/{tid}", query_string={"token": token}).status_code == 303
    page = client.get(f"/tournaments/{tid}/rounds/1").get_data(as_text=True)
    assert "the hand being played counts only its canastas and premios" in page
