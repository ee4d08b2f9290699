"""The tournament's papers at the API's addresses, as the desk's pages give them: the results
as CSV (public, as the standings are) and the table cards as a PDF (admin token)."""

from __future__ import annotations

import csv
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "tournaments"))
from tournament_helpers import admin, create, links, post_hand, stock_out  # noqa: E402


def pdf_text(pdf: bytes) -> str:
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True,
                          check=True).stdout.decode()


def test_results_csv_at_the_api_is_the_pages_file(client):
    tid, token = create(client, 4, rounds=2)
    assert post_hand(client, links(client, tid, token)[0], stock_out((300, 100))).status_code \
        == 201
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    res = client.get(f"/api/v1/tournaments/{tid}/results.csv")
    assert res.status_code == 200 and res.mimetype == "text/csv"
    page = client.get(f"/tournaments/{tid}/results.csv")
    assert res.get_data() == page.get_data()
    rows = list(csv.DictReader(io.StringIO(res.get_data().decode("utf-8")[1:])))
    assert [r["record"] for r in rows].count("standing") == 4
    first = next(r for r in rows if r["record"] == "game" and r["table"] == "1")
    assert {first["total"], first["opponent_total"]} == {"300", "100"}
    assert client.get("/api/v1/tournaments/nope/results.csv").status_code == 404


def test_table_cards_pdf_at_the_api_needs_the_admin_token(client):
    tid, token = create(client, 4, rounds=2)
    url = f"/api/v1/tournaments/{tid}/table-cards.pdf"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=admin("wrong")).status_code == 403
    res = client.get(url, headers=admin(token))
    assert res.status_code == 200 and res.mimetype == "application/pdf"
    text = " ".join(pdf_text(res.data).split())
    assert re.search(r"Table 1\b", text) and re.search(r"Table 2\b", text)
    # The links on the cards are the ones the API lists.
    listed = client.get(f"/api/v1/tournaments/{tid}/table-cards", headers=admin(token)).json
    for card in listed["cards"]:
        assert card["url"].split("/t/")[1] in text.replace(" ", "")
    one = client.get(f"{url}?table=2", headers=admin(token))
    assert one.status_code == 200
    assert re.search(r"Table 2\b", " ".join(pdf_text(one.data).split()))
    assert not re.search(r"Table 1\b", " ".join(pdf_text(one.data).split()))
    assert client.get(f"{url}?table=9", headers=admin(token)).status_code == 404


@pytest.mark.parametrize("table, status", [("x", 422), ("0", 422), ("-1", 422), ("2.5", 422),
                                           ("1" * 30, 404)])
def test_a_table_that_is_not_a_number_is_refused_on_its_field(client, table, status):
    tid, token = create(client, 4, rounds=2)
    res = client.get(f"/api/v1/tournaments/{tid}/table-cards.pdf?table={table}",
                     headers=admin(token))
    assert res.status_code == status
    if status == 422:
        assert res.json["errors"][0]["field"] == "table", res.json
