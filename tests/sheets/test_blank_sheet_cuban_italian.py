"""Blank sheets of the Cuban and Italian presets (VARIANTS.md 5 and 7): one A4 page each, in
English and Spanish, with the values of the reminder box."""

from __future__ import annotations

import re

import pytest
from sheet_helpers import page_count, page_sizes
from test_blank_sheet import A4_LANDSCAPE, get_pdf, text_of


@pytest.mark.parametrize("lang", ["en", "es"])
def test_cuban_blank_sheet_on_one_page(client, lang, spanish):
    # Section 5: seven 2s 4,000, four jokers 3,000, any other 2,000; red 3s by count 100 /
    # 300 / 500 / 1,000; black 3s taken with the pile 5, all four 100; 150 from 5,000; 7,500.
    pdf = get_pdf(client, f"ruleset=cuban&players=4&paper=a4&lang={lang}")
    assert page_count(pdf) == 1 and page_sizes(pdf) == [A4_LANDSCAPE]
    text = text_of(pdf)
    tr = spanish if lang == "es" else (lambda s: s)
    sep = "." if lang == "es" else ","
    assert re.search(rf"{re.escape(tr('Canasta of seven 2s'))}\s+4{sep}000\b", text)
    assert re.search(rf"{re.escape(tr('Canasta of the four jokers and three 2s'))}\s+3{sep}000\b",
                     text)
    red = tr("Red 3s × %(count)d")
    for count, points in ((1, "100"), (2, "300"), (3, "500"), (4, f"1{sep}000")):
        assert re.search(rf"{re.escape(red % {'count': count})}\s+{points}\b", text), count
    assert re.search(rf"{re.escape(tr('Each black 3 taken with the pile'))}\s+5\b", text)
    all_four = tr("All %(count)d black 3s taken with the pile") % {"count": 4}
    assert re.search(rf"{re.escape(all_four)}\s+100\b", text)
    assert re.search(rf"5{sep}000 .*\s+150\b", text)
    assert f"7{sep}500" in text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_italian_blank_sheet_on_one_page(client, lang, spanish):
    # Section 7: 3,000 and 2,000 for the 2s canastas, the three premios, red 3s to 1,200,
    # minimums to 200 from 10,000, going out 300, 12,000.
    pdf = get_pdf(client, f"ruleset=italian&players=4&paper=a4&lang={lang}")
    assert page_count(pdf) == 1 and page_sizes(pdf) == [A4_LANDSCAPE]
    text = text_of(pdf)
    tr = spanish if lang == "es" else (lambda s: s)
    sep = "." if lang == "es" else ","
    assert re.search(rf"{re.escape(tr('Canasta of seven 2s'))}\s+3{sep}000\b", text)
    assert re.search(rf"{re.escape(tr('Five natural canastas'))}\s+2{sep}000\b", text)
    assert re.search(rf"{re.escape(tr('Four natural canastas and a mixed one'))}\s+1{sep}000\b",
                     text)
    assert re.search(rf"{re.escape(tr('Ten canastas of any kind'))}\s+2{sep}000\b", text)
    red = tr("Red 3s × %(count)d")
    assert re.search(rf"{re.escape(red % {'count': 6})}\s+1{sep}200\b", text)
    assert re.search(rf"10{sep}000 .*\s+200\b", text)
    assert f"12{sep}000" in text
