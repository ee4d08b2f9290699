"""The kept sheet can print the game's change log (``?changes=1``) on a page of its own."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from flask.testing import FlaskClient

HAND = {"end": "went_out", "sides": [
    {"table_points": 50, "canastas": {"mixed": 1}, "going_out": "normal"}, {"table_points": 0}]}


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")
def test_the_sheet_prints_the_changes_when_asked(client: FlaskClient, tmp_path: Path) -> None:
    game = client.post("/api/v1/games", json={"ruleset": "classic",
                                              "sides": [{"name": "Nosotros"}, {"name": "Ellos"}]}
                       ).get_json()
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    url = f"/api/v1/games/{game['id']}"
    for points in (50, 60):
        body = {**HAND, "sides": [{**HAND["sides"][0], "table_points": points}, HAND["sides"][1]]}
        assert client.post(f"{url}/hands", json=body, headers=auth).status_code == 201
    assert client.delete(f"{url}/hands/1", headers=auth).status_code == 204
    assert client.post(f"{url}/undo", headers=auth).status_code == 200

    def text(query: str) -> str:
        res = client.get(f"/sheets/games/{game['id']}.pdf{query}")
        assert res.status_code == 200 and res.mimetype == "application/pdf"
        pdf = tmp_path / "sheet.pdf"
        pdf.write_bytes(res.data)
        return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                              text=True, check=True).stdout

    plain = text("")
    assert "Hand 1 saved" not in plain
    printed = text("?changes=1")
    assert "CHANGES" in printed.upper().split("SIGNATURE")[-1]
    for line in ("Hand 1 saved: +450 / 0", "Hand 2 saved: +460 / 0",
                 "Hand 1 removed: −450 / 0", "Undo (hand 1): +450 / 0", "an app (edit token)"):
        assert line in printed, line
    assert "(undone)" in printed
    # The sheet itself still comes first, on its own page.
    assert printed.index("Nosotros") < printed.index("Hand 1 saved")
