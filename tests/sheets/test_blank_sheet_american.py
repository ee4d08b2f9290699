"""The blank score sheet of Modern American Canasta (VARIANTS.md section 1) on one page."""

from __future__ import annotations

import re

import pytest
from sheet_helpers import page_count, page_sizes
from test_blank_sheet import A4_LANDSCAPE, LETTER_LANDSCAPE, get_pdf, text_of

from scorekeeper.engine import find_ruleset
from scorekeeper.sheets.layout import column_of, columns_for

# No test here touches the database (blank sheets read only the preset), so the PostgreSQL run of
# .ci/run leaves the module out.
pytestmark = pytest.mark.no_database


@pytest.mark.parametrize(("lang", "paper", "size"), [("en", "letter", LETTER_LANDSCAPE),
                                                     ("es", "a4", A4_LANDSCAPE)])
def test_american_blank_sheet_on_one_page(client, lang, paper, size, spanish):
    # A column for each of the seven canasta kinds: sevens and aces 2,500, seven 2s 3,000,
    # the four jokers 2,500, a wild-card canasta 2,000; -1,500 a player holding 3+ aces or
    # sevens; minimums 125 / 155 / 180; to 8,500.
    pdf = get_pdf(client, f"ruleset=american&players=4&paper={paper}&lang={lang}")
    assert page_count(pdf) == 1 and page_sizes(pdf) == [size]
    text = text_of(pdf)
    tr = spanish if lang == "es" else (lambda s: s)
    sep = "." if lang == "es" else ","
    assert tr("Modern American Canasta") in text
    for label, points in (("Canasta of sevens", "2{sep}500"), ("Canasta of aces", "2{sep}500"),
                          ("Canasta of seven 2s", "3{sep}000"),
                          ("Wild-card canasta", "2{sep}000")):
        assert re.search(rf"{re.escape(tr(label))}\s+{points.format(sep=sep)}\b", text), label
    assert re.search(rf"\s−1{sep}500\b", text)
    assert re.search(rf"5{sep}000 .*\s+180\b", text)
    assert re.search(rf"8{sep}500", text)


def test_american_lines_have_their_columns():
    # A kept sheet writes every line of the count in a column: the 3s of both colours in
    # the 3s column, a special hand as the way the side went out, the 1,500 for aces or
    # sevens held among the penalties.
    american = find_ruleset("american")
    columns = {c.key: c.label for c in columns_for(american)}
    assert columns["red_threes"] == "Red and black 3s" and "premios" not in columns
    assert {line: column_of(line) for line in (
        "red_threes", "black_threes_laid_out", "special_hand", "aces_or_sevens_held",
        "unfinished_canastas.sevens", "canastas.aces")} == {
        "red_threes": "red_threes", "black_threes_laid_out": "red_threes",
        "special_hand": "going_out", "aces_or_sevens_held": "penalties",
        "unfinished_canastas.sevens": "penalties", "canastas.aces": "canastas.aces"}
    assert {c.key: c.label for c in columns_for(find_ruleset("classic"))}[
        "red_threes"] == "Red 3s"
