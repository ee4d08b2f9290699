"""Blank sheets of the Cuban and Italian presets (VARIANTS.md 5 and 7): one A4 page each, in
English and Spanish, with the values of the reminder box (looked at: ``pdftoppm -png -r 60``)."""

from __future__ import annotations

import re

import pytest
from sheet_helpers import page_count, page_sizes
from test_blank_sheet import A4_LANDSCAPE, get_pdf, text_of

# No test here touches the database (blank sheets read only the preset), so the PostgreSQL run of
# .ci/run leaves the module out.
pytestmark = pytest.mark.no_database

#: What each reminder box must print: (msgid, its %(count)d or None, the value as printed in
#: English; the Spanish sheet prints "." for ",").
REMINDERS = {
    "cuban": [  # section 5
        ("Canasta of seven 2s", None, "4,000"),
        ("Canasta of the four jokers and three 2s", None, "3,000"),
        ("Wild-card canasta", None, "2,000"),
        ("Red 3s × %(count)d", 1, "100"), ("Red 3s × %(count)d", 2, "300"),
        ("Red 3s × %(count)d", 3, "500"), ("Red 3s × %(count)d", 4, "1,000"),
        ("Each black 3 taken with the pile", None, "5"),
        ("All %(count)d black 3s taken with the pile", 4, "100"),
    ],
    "italian": [  # section 7
        ("Canasta of seven 2s", None, "3,000"), ("Wild-card canasta", None, "2,000"),
        ("Five natural canastas", None, "2,000"),
        ("Four natural canastas and a mixed one", None, "1,000"),
        ("Ten canastas of any kind", None, "2,000"),
        ("Red 3s × %(count)d", 4, "800"), ("Red 3s × %(count)d", 6, "1,200"),
    ],
}
#: The top opening-minimum row and the target.
TOP = {"cuban": ("5,000", "150", "7,500"), "italian": ("10,000", "200", "12,000")}


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("ruleset", sorted(REMINDERS))
def test_blank_sheet_on_one_page(client, ruleset, lang, spanish):
    pdf = get_pdf(client, f"ruleset={ruleset}&players=4&paper=a4&lang={lang}")
    assert page_count(pdf) == 1 and page_sizes(pdf) == [A4_LANDSCAPE]
    text = text_of(pdf)

    def local(msgid: str, count: int | None = None) -> str:
        words = spanish(msgid) if lang == "es" else msgid
        return words % {"count": count} if count is not None else words

    def number(english: str) -> str:
        return english.replace(",", ".") if lang == "es" else english

    for msgid, count, value in REMINDERS[ruleset]:
        assert re.search(rf"{re.escape(local(msgid, count))}\s+{re.escape(number(value))}\b",
                         text), (msgid, count)
    low, minimum, target = (number(x) for x in TOP[ruleset])
    assert re.search(rf"{re.escape(low)} .*\s+{minimum}\b", text)
    assert target in text
