"""The printed sheets and rules card of a rule set without an opening minimum (Buraco, Burraco:
"Opening minimum | none", VARIANTS-2.md 11.3, 12.3) print none (issue 40): no "Needed to open"
column of zeros, no table of "Below 0 | 0", "0 or more | 0"; the reminder says any meld opens.
Classic's sheet keeps both, so the text read is the sheet's and not an empty page."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from sheet_helpers import page_count, pdf_text

from scorekeeper.engine import find_ruleset
from scorekeeper.extensions import db
from scorekeeper.services import games, record
from scorekeeper.sheets import layout

sys.path.insert(0, str(Path(__file__).parents[1] / "tournaments"))
from tournament_helpers import create  # noqa: E402

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")

NONE_SAID = "None: a side opens with any meld."


def flat(text: str) -> str:
    return " ".join(text.split())


def sheet_text(client, url: str) -> str:
    res = client.get(url)
    assert res.status_code == 200 and page_count(res.data) == 1
    return flat("\n".join(pdf_text(res.data)))


@pytest.mark.no_database
@pytest.mark.parametrize("rs_id", ["buraco", "burraco"])
def test_no_minimum_column_on_the_layout(rs_id: str) -> None:
    keys = [c.key for c in layout.columns_for(find_ruleset(rs_id))]
    assert "minimum" not in keys and keys[-1] == "running"
    assert layout.columns_for(find_ruleset("classic"))[0].key == "minimum"


@pytest.mark.no_database
@pytest.mark.parametrize("rs_id", ["buraco", "burraco", "classic"])
def test_the_blank_sheet(client, rs_id: str) -> None:
    text = sheet_text(client, f"/sheets/blank.pdf?ruleset={rs_id}&players=4&paper=a4&lang=en")
    if rs_id == "classic":
        assert "Needed" in text and "Below 0" in text and NONE_SAID not in text
    else:
        assert "Needed" not in text and "Below 0" not in text and "0 or more" not in text
        assert NONE_SAID in text


@pytest.mark.no_database
@pytest.mark.parametrize("rs_id", ["buraco", "burraco", "classic"])
def test_the_rules_card(client, rs_id: str) -> None:
    text = sheet_text(client, f"/sheets/rules/{rs_id}.pdf?paper=a4&lang=en")
    assert "OPENING MINIMUMS" in text.upper()
    if rs_id == "classic":
        assert "Below 0" in text and NONE_SAID not in text
    else:
        assert "Below 0" not in text and "0 and over" not in text and NONE_SAID in text


@pytest.mark.parametrize(("rs_id", "lang"), [("buraco", "pt"), ("burraco", "it"),
                                           ("buraco", "en"), ("classic", "it")])
def test_the_kept_sheet(client, rs_id: str, lang: str) -> None:
    new = games.create_game(find_ruleset(rs_id), players=4, language=lang,
                            sides=[{"name": "Nós"}, {"name": "Eles"}])
    record.add_hand(new.view_token, {"end": "went_out", "sides": [
        {"canastas": {"natural": 1}, "going_out": "normal", "table_points": 45},
        {"table_points": 30, "hand_points": 20}]}, by="scorekeeper")
    db.session.commit()
    text = sheet_text(client, f"/sheets/games/{new.view_token}.pdf?lang={lang}")
    # "Needed to open", "Necessário para abrir", "Necessario per aprire": the column's first
    # word (a narrow column breaks the rest over lines).
    column = "Needed" if lang == "en" else "Necess"
    if rs_id == "classic":
        assert column in text
    else:
        assert "345" in text  # the hand is there: 200 + 100 + 45
        assert column not in text


def test_a_burraco_tournament_tables_agreed_values(client) -> None:
    """A tournament table's sheet lists the agreed values in a few lines: for Burraco the
    opening minimum is "none", not "Below 0: 0 · 0 or more: 0"."""
    tid, _token = create(client, 4, rounds=2, language="en", ruleset="burraco", values={},
                         target=2005)
    res = client.get(f"/tournaments/{tid}/sheets/1.pdf")
    assert res.status_code == 200
    text = flat(" ".join(pdf_text(res.data)))
    assert f"Opening minimum: {NONE_SAID}" in text, text
    assert "Below 0" not in text and "0 or more" not in text
