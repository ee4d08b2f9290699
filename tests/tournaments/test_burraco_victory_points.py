"""A Burraco tournament on FIBUR's victory points (VARIANTS-2.md 12.4): the tables by deals a game
("burraco-3", "burraco-4") named instead of typed, each game's match-point difference turned into
victory points, the standings ranked by them."""

from __future__ import annotations

from typing import Any

import pytest
from tournament_helpers import SEATED, admin, links, pairs, post_hand, read

from scorekeeper.engine.victory import BURRACO_SCALES, DEFAULT_SCALE, parse_scale_text, read_scale


@pytest.mark.parametrize(("difference", "points"), [
    # 3 deals: "0–50 10–10 … 1255–1500 19–1 … ≥ 1505 20–0" [EB-VP]; [PB]
    (50, (10, 10)), (55, (11, 9)), (1500, (19, 1)), (1505, (20, 0)),
])
def test_the_3_deal_table(difference: int, points: tuple[int, int]) -> None:
    assert read_scale("burraco-3").points(difference) == points
    assert read_scale("burraco-3") == DEFAULT_SCALE  # the same bands, band for band


@pytest.mark.parametrize(("difference", "points"), [
    # 4 deals: "0–100 10–10 | 105–300 11–9 | … | 1705–2000 19–1 | > 2000 20–0" [PB]
    (100, (10, 10)), (105, (11, 9)), (300, (11, 9)), (305, (12, 8)), (1100, (15, 5)),
    (1105, (16, 4)), (2000, (19, 1)), (2005, (20, 0)),
])
def test_the_4_deal_table(difference: int, points: tuple[int, int]) -> None:
    assert read_scale("burraco-4").points(difference) == points


def test_the_form_text_takes_a_table_by_name() -> None:
    assert parse_scale_text(" Burraco-4 ") == "burraco-4"
    assert read_scale(parse_scale_text("burraco-4")) == BURRACO_SCALES[4]


def hand(points: tuple[int, int], naturals: tuple[int, int]) -> dict[str, Any]:
    """A stock-out smazzata: each line's clean burrachi (200 each) and table points."""
    return {"end": "stock_out", "sides": [
        {"canastas": {"natural": n}, "table_points": p - 200 * n}
        for p, n in zip(points, naturals, strict=True)]}


def play(client: Any, table: dict[str, Any], hands: list[dict[str, Any]]) -> None:
    for body in hands:
        response = post_hand(client, table, body)
        assert response.status_code == 201, response.get_json()


def test_a_burraco_tournament_ranked_by_fibur_victory_points(client: Any) -> None:
    body = {"name": "Circolo", "ruleset": "burraco", "rounds": 1, "minutes": 60,
            "pairs": pairs(4), "standings_by": "victory_points", "victory_scale": "burraco-4",
            **SEATED}
    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 201, response.get_json()
    tid, token = response.get_json()["id"], response.get_json()["admin_token"]
    tables = links(client, tid, token)
    # Table 1 (pairs 1-2): 900-500, 700-500, 500-0: 2,100 to 1,000, over 2,005 after three.
    play(client, tables[0], [hand((900, 500), (2, 0)), hand((700, 500), (2, 0)),
                             hand((500, 0), (2, 0))])
    # Table 2 (pairs 3-4): 900-900 twice, then 250-100: 2,050 to 1,900.
    play(client, tables[1], [hand((900, 900), (2, 2)), hand((900, 900), (2, 2)),
                             hand((250, 100), (1, 0))])
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    data = read(client, tid)
    assert data["ruleset"] == "burraco"
    assert data["standings_by"] == "victory_points"
    assert data["victory_scale"] == BURRACO_SCALES[4].to_list()
    rows = [(s["pair"], s["victory_points"], s["difference"]) for s in data["standings"]]
    # 1,100 on 4 deals: 905–1,100 is 15–5 (on the 3-deal table it would be 18–2); 150: 11–9.
    assert rows == [(1, 15, 1100), (3, 11, 150), (4, 9, -150), (2, 5, -1100)]


def test_a_burraco_tournament_is_set_up_on_fibur_victory_points(client: Any) -> None:
    html = client.get("/tournaments/new?ruleset=burraco&lang=it").get_data(as_text=True)
    assert 'value="burraco-3"' in html
    assert '<option value="victory_points" selected>' in html
    assert "burraco-3 o burraco-4" in html
    # Another game keeps 002's difference.
    html = client.get("/tournaments/new?ruleset=classic").get_data(as_text=True)
    assert 'value="burraco-3"' not in html


def test_the_set_up_form_takes_the_name(client: Any) -> None:
    form = {"name": "Circolo", "ruleset": "burraco", "rounds": "1", "minutes": "60",
            "warn_minutes": "10", "target": "2005", "language": "it", "prizes": "3",
            "standings_by": "victory_points", "victory_scale": "burraco-4",
            "bye_victory_points": "12",
            "pairs": "\n".join(f"Coppia {i}: A{i}, B{i}" for i in range(1, 5))}
    response = client.post("/tournaments/new", data=form)
    assert response.status_code in (302, 303), response.get_data(as_text=True)[:500]
    tid = response.headers["Location"].rstrip("/").split("/")[-1].split("?")[0]
    assert client.get(f"/api/v1/tournaments/{tid}").get_json()["victory_scale"] == \
        BURRACO_SCALES[4].to_list()
