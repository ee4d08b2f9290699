"""Helpers for the tournament tests: a tournament made through the API, hands for its games."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from scorekeeper.engine import find_ruleset

#: Every value 002 names without a number, given a distinct figure so sums show which counted.
VALUES = {
    "canastas.wild": 1000,
    "going_out.normal": 100,
    "red_threes.each": 100,
    "premios.juego_limpio": 200,
    "premios.canastilla": 150,
    "premios.canaston": 2000,
    "premios.canasta_de_moda": 400,
    "premios.canasta_doble": 2500,
    "premios.canasta_triple": 3000,
}


def pairs(n: int) -> list[dict[str, Any]]:
    return [{"name": f"Pair {i + 1}", "players": [f"P{i + 1}a", f"P{i + 1}b"]} for i in range(n)]


#: The tournaments of these tests start their tables when seated, as every tournament did
#: before the bell (002's "COMIENZO DEL JUEGO") was a setting: what they test is not the bell.
#: The bell's own tests (test_the_bell.py) ask for it.
SEATED = {"tables_start": "seated"}


def create(client: FlaskClient, n: int = 4, rounds: int = 3, **extra: Any) -> tuple[str, str]:
    """A torneo tournament of ``n`` pairs (tables start when seated unless ``extra`` says
    ``tables_start``; ``tables_start=None`` leaves it out: the API's default); returns
    (id, admin token)."""
    assert set(VALUES) == {p for p, _ in find_ruleset("torneo").missing_values()}
    body = {"name": "Club", "ruleset": "torneo", "rounds": rounds, "minutes": 60,
            "target": 15000, "values": VALUES, "pairs": pairs(n), **SEATED, **extra}
    if body["tables_start"] is None:
        del body["tables_start"]
    response = client.post("/api/v1/tournaments", json=body)
    assert response.status_code == 201, response.get_json()
    data = response.get_json()
    return data["id"], data["admin_token"]


def admin(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def read(client: FlaskClient, tid: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/v1/tournaments/{tid}", headers=admin(token) if token else {})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def links(client: FlaskClient, tid: str, token: str, number: int = 1) -> list[dict[str, Any]]:
    """New edit links for every table of round ``number``: the tables with their tokens."""
    response = client.post(f"/api/v1/tournaments/{tid}/rounds/{number}/links",
                           headers=admin(token))
    assert response.status_code == 200, response.get_json()
    return response.get_json()["tables"]


def stock_out(points: tuple[int, int]) -> dict[str, Any]:
    """A hand that ends with the stock run out, each side scoring only table points.

    Torneo's canasta bonuses need canastas; plain table points keep the arithmetic obvious.
    """
    return {"end": "stock_out", "sides": [
        {"table_points": points[0], "hand_points": 0},
        {"table_points": points[1], "hand_points": 0},
    ]}


def post_hand(client: FlaskClient, table: dict[str, Any], body: dict[str, Any],
              key: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {table['edit_token']}"}
    if key:
        headers["Idempotency-Key"] = key
    return client.post(f"/api/v1/games/{table['game_id']}/hands", json=body, headers=headers)


def play(client: FlaskClient, table: dict[str, Any], totals: tuple[int, int]) -> None:
    """Bring a table's game to ``totals`` with stock-out hands of at most 850 a side.

    All the cards of 3 packs are worth 1,770, so a hand cannot hold much more between two sides.
    """
    left = list(totals)
    while True:
        chunk = (min(850, left[0]), min(850, left[1]))
        response = post_hand(client, table, stock_out(chunk))
        assert response.status_code == 201, response.get_json()
        left = [left[0] - chunk[0], left[1] - chunk[1]]
        if left == [0, 0]:
            return


def time_up(rnd: Any, minutes: int = 61) -> None:
    """Make the round's clock as if the desk had started it ``minutes`` ago (no pause)."""
    from datetime import timedelta

    from scorekeeper.models.games import utcnow

    rnd.clock_started_at = rnd.clock_running_since = utcnow() - timedelta(minutes=minutes)
    rnd.clock_used = 0


def clock_out() -> None:
    """Run out the clock of every open round (002's time-up hands are then the tables' own)."""
    from scorekeeper.extensions import db
    from scorekeeper.models.tournaments import TournamentRound

    for rnd in db.session.query(TournamentRound).filter(TournamentRound.finished_at.is_(None)):
        time_up(rnd)
    db.session.commit()


#: Where the papers' pages are kept as PNGs to look at.
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "papers"


def keeps_pngs() -> bool:
    """Whether the papers' pages are kept as PNGs: when pdftoppm is there, unless
    ``TEST_PAPER_PNGS=0`` (CI: no test reads them; tests/tournaments' paper tests took 3-6 s
    more CPU drawing them)."""
    return os.environ.get("TEST_PAPER_PNGS", "1") != "0" and shutil.which("pdftoppm") is not None


def pdf_pages(client: FlaskClient, url: str, tmp_path: Path, name: str,
              dpi: int) -> tuple[str, int, TestResponse]:
    """The PDF at ``url`` as (its layout text, its number of pages, the answer); its pages kept
    as PNGs of ``dpi`` under ARTIFACTS when pdftoppm is there."""
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf", url
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(response.data)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True).stdout
    if keeps_pngs():
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        subprocess.run(["pdftoppm", "-png", "-r", str(dpi), str(path), str(ARTIFACTS / name)],
                       check=True)
    pages = re.search(r"Pages:\s+(\d+)", info)
    assert pages is not None, info
    return text, int(pages.group(1)), response
