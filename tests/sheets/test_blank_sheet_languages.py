"""The blank sheet in Portuguese and Italian: one page, the game's own words, the locale's
numbers (1.500, −1.500)."""

from __future__ import annotations

import re
import shutil

import pytest
from sheet_helpers import page_count, pdf_text

#: Per language: the title, words of the columns and boxes, and the classic bonus lines.
WORDS = {
    "pt": ("Súmula de Canastra", "Quem dá", "Batida", "MÍNIMO DE ABERTURA", "Canastra limpa",
           "Canastra suja", "Assinatura, lado 1"),
    "it": ("Foglio segnapunti di Canasta", "Mazziere", "Chiusura", "MINIMO DI APERTURA",
           "Canasta pulita", "Canasta sporca", "Firma, squadra 1"),
}


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext")
@pytest.mark.no_database
@pytest.mark.parametrize("lang", list(WORDS))
def test_classic_blank_sheet_in_portuguese_and_italian(client, lang):
    res = client.get(f"/sheets/blank.pdf?ruleset=classic&players=4&paper=a4&lang={lang}")
    assert res.status_code == 200
    assert page_count(res.data) == 1
    text = "\n".join(pdf_text(res.data))
    for words in WORDS[lang]:
        assert words in text, words
    assert re.search(r"1\.500 – 2\.995\s+90\b", text)
    assert re.search(r"−1\.500", text)
    assert "Natural canasta" not in text and "Signature" not in text
