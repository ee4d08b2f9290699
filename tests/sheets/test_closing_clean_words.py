"""002's "cerrar a limpio" is worth nothing of its own: it earns the closing bonus, and the
partner's cards in hand count for the side. A sheet that printed "Cerrar a limpio 0" read as
worthless; the blank sheet's reminder says "as Closing" and a tournament table's agreed values
say it whole."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from sheet_helpers import pdf_text

sys.path.insert(0, str(Path(__file__).parents[1] / "tournaments"))
from tournament_helpers import create  # noqa: E402


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(pdf_text(pdf)).split())


@pytest.mark.no_database
@pytest.mark.parametrize("lang, says", [
    ("es", r"Cerrar a limpio como Cierre\b"),
    ("en", r"Closing clean \(“cerrar a limpio”\) as Closing \(“cierre”\)"),
])
def test_the_blank_sheet_says_closing_clean_earns_the_closing(client, lang, says):
    res = client.get(f"/sheets/blank.pdf?ruleset=torneo&players=4&lang={lang}")
    assert res.status_code == 200
    text = text_of(res.data)
    assert re.search(says, text), text
    assert not re.search(r"(Cerrar a limpio|cerrar a limpio”\)) 0\b", text)


def test_a_tournament_sheet_says_what_closing_clean_earns(client):
    tid, _token = create(client, 4, rounds=2, language="es")
    text = text_of(client.get(f"/tournaments/{tid}/sheets/1.pdf").data)
    assert "Cerrar a limpio como Cierre, con las cartas en mano del compañero a favor del " \
           "bando" in text, text
