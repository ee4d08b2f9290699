"""The blank score sheet and its options form."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

import pytest
from sheet_helpers import laid_out, page_count, page_sizes, pdf_text

from scorekeeper.engine import PRESETS, ruleset_to_dict
from scorekeeper.extensions import db
from scorekeeper.services import house_rules
from scorekeeper.sheets.views import blank_sheet_html, rules_card_html

A4_LANDSCAPE = (842, 595)
LETTER_LANDSCAPE = (792, 612)
PAPER_SIZES = {"a4": A4_LANDSCAPE, "letter": LETTER_LANDSCAPE}


def get_pdf(client, query: str) -> bytes:
    res = client.get("/sheets/blank.pdf?" + query)
    assert res.status_code == 200, res.get_data(as_text=True)[:500]
    assert res.mimetype == "application/pdf"
    return res.data


def text_of(pdf: bytes) -> str:
    return "\n".join(pdf_text(pdf))


@pytest.mark.no_database
def test_classic_blank_sheet_in_english_on_a4(client):
    pdf = get_pdf(client, "ruleset=classic&players=4&paper=a4&lang=en")
    assert page_sizes(pdf) == [A4_LANDSCAPE]
    text = text_of(pdf)
    # A side's columns: classic has natural and mixed canastas, a penalty (Acaba), no premios.
    for label in ("Needed", "Natural", "Mixed", "Red 3s", "Going out", "Penalties",
                  "Running", "Side 1", "Side 2", "Signature, side 1", "Signature, side 2"):
        assert label in text
    assert "Premios" not in text
    assert "Wild-card" not in text
    # Fourteen numbered hand rows.
    rows = [int(n) for n in re.findall(r"^\s*(\d+)\s*$", text, re.M)]
    assert rows == list(range(1, 15))
    # The opening-minimum table of 003/004 with 15 for a negative score.
    assert re.search(r"Below 0\s+15\b", text)
    assert re.search(r"0 – 1,495\s+50\b", text)
    assert re.search(r"1,500 – 2,995\s+90\b", text)
    assert re.search(r"3,000 or more\s+120\b", text)
    # The bonus values.
    assert re.search(r"Natural canasta\s+500\b", text)
    assert re.search(r"Mixed canasta\s+300\b", text)
    assert re.search(r"All 4 red 3s\s+800\b", text)
    assert re.search(r"Going out concealed\s+200\b", text)
    assert re.search(r"Conceding the hand.*\s+−1,500", text)
    assert re.search(r"Target:\s*5,000", text)


@pytest.mark.no_database
def test_la_canasta_blank_sheet_in_spanish_on_letter(client, spanish):
    pdf = get_pdf(client, "ruleset=la-canasta&paper=letter&lang=es")
    assert page_sizes(pdf) == [LETTER_LANDSCAPE]
    text = text_of(pdf)
    assert spanish("Natural canasta") in text  # "Canasta limpia"
    assert spanish("Opening minimum").upper() in text  # the box's heading, in capitals
    # Spanish numbers: 1.500, and the 000 values.
    assert re.search(r"1\.500 – 2\.995\s+90\b", text)
    assert re.search(r"Canasta de canastas \(7 canastas\)\s+2\.000", text)
    assert re.search(r"Canastón \(5 canastas\)\s+500\b", text)
    # 000's penalties are listed with their points taken.
    assert re.search(r"−200", text) and re.search(r"−50\b", text)


@pytest.mark.no_database
def test_three_sides_fit_one_page_with_a_wild_card_column(client):
    pdf = get_pdf(client, "ruleset=comodines&players=6-pairs")
    assert page_count(pdf) == 1
    text = text_of(pdf)
    assert all(f"Side {n}" in text for n in (1, 2, 3))
    assert re.search(r"Wild-card canasta\s+2,000\b", text)
    # Twelve hand rows at least.
    assert "12" in re.findall(r"^\s*(\d+)\s*$", text, re.M)


@pytest.mark.no_database
@pytest.mark.parametrize("ruleset, players, paper", [
    (rs.id, fmt.id, paper)
    for rs in PRESETS.values() for fmt in rs.formats for paper in ("a4", "letter")
])
def test_every_blank_sheet_is_one_page_with_at_least_twelve_hands(app, ruleset, players,
                                                                   paper):
    # What the sheet's address serves (the tests above), laid out without drawing the PDF: the
    # pages are decided there. Spanish labels are the longer ones; the Spanish reminder boxes
    # are the tall ones.
    rs = PRESETS[ruleset]
    with app.test_request_context():
        html = blank_sheet_html(rs, rs.find_format(players), paper, "es")
    assert max(int(n) for n in re.findall(r'<td class="num">(\d+)</td>', html)) >= 12
    assert laid_out(html, paper=paper, landscape=True) == [PAPER_SIZES[paper]]


def test_house_rules_print_their_own_values(client):
    house = house_rules.create_from_preset("classic", "Casa Pepe")
    data = dict(house.data)
    data["canastas"] = {"natural": 600, "mixed": 350}
    data["opening_minimums"] = {"negative": 25, "bands": [{"from": 0, "minimum": 60},
                                                          {"from": 2000, "minimum": 100}]}
    house.data = data
    house.updated_at = house.updated_at + timedelta(seconds=1)
    db.session.commit()
    assert ruleset_to_dict(house_rules.find(house.id))["canastas"]["natural"] == 600

    text = text_of(get_pdf(client, f"ruleset={house.id}"))
    assert "Casa Pepe" in text
    assert re.search(r"Natural canasta\s+600\b", text)
    assert re.search(r"Mixed canasta\s+350\b", text)
    assert re.search(r"Below 0\s+25\b", text)
    assert re.search(r"0 – 1,995\s+60\b", text)
    assert re.search(r"2,000 or more\s+100\b", text)
    assert "2,995" not in text  # the preset's bands are not printed

    card = client.get(f"/sheets/rules/{house.id}.pdf")
    assert card.status_code == 200
    assert re.search(r"Natural canasta\s+\+?600\b", text_of(card.data))

    # Offered by the sheets form to the browser that opened the rules, not to any other.
    assert f'value="{house.id}"' not in client.get("/sheets/").get_data(as_text=True)
    assert client.get(f"/games/house-rules/{house.id}").status_code == 200
    page = client.get("/sheets/")
    assert f'value="{house.id}"' in page.get_data(as_text=True)
    shown = client.application.test_client().get(f"/sheets/?ruleset={house.id}")
    assert f'value="{house.id}" selected' in shown.get_data(as_text=True)


def test_changed_house_rules_print_the_new_values_not_a_cached_sheet(client):
    house = house_rules.create_from_preset("classic", "Casa")
    db.session.commit()
    assert re.search(r"Natural canasta\s+500\b", text_of(get_pdf(client, f"ruleset={house.id}")))
    house.data = {**house.data, "canastas": {"natural": 700, "mixed": 300}}
    house.updated_at = house.updated_at + timedelta(seconds=1)
    db.session.commit()
    assert re.search(r"Natural canasta\s+700\b", text_of(get_pdf(client, f"ruleset={house.id}")))


@pytest.mark.no_database
def test_rules_card_is_one_portrait_page(client, spanish):
    res = client.get("/sheets/rules/comodines.pdf?lang=es")
    assert res.status_code == 200 and res.mimetype == "application/pdf"
    assert page_sizes(res.data) == [(595, 842)]
    text = text_of(res.data)
    assert spanish("Wild-card canasta") in text
    assert re.search(r"\s\+?2\.000\b", text)
    res = client.get("/sheets/rules/torneo.pdf?paper=letter&lang=en")
    assert page_sizes(res.data) == [(612, 792)]
    # 002 names the closing bonus without a value: the card says the table sets it.
    assert re.search(r"Closing \(“cierre”\)\s+(to be set|set by the table or organizer)",
                     text_of(res.data))


@pytest.mark.no_database
@pytest.mark.parametrize("lang", ["en", "es", "pt", "it"])
@pytest.mark.parametrize("ruleset", list(PRESETS))
def test_every_rules_card_fits_one_page(app, ruleset, lang):
    # Laid out as the card's address prints it (served as a PDF above and in
    # test_rules_card_columns), without drawing the PDF: the pages are decided there.
    with app.test_request_context():
        html = rules_card_html(PRESETS[ruleset], lang)
    assert laid_out(html, paper="letter", landscape=False) == [(612, 792)]


def test_options_form(client):
    res = client.get("/sheets/?lang=en")
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    assert 'action="/sheets/blank.pdf"' in html and 'method="get"' in html
    for preset in ("classic", "la-canasta", "comodines", "torneo"):
        assert f'value="{preset}"' in html
    # The classic formats, the first one chosen.
    assert re.search(r'name="players" value="4"\s+checked', html)
    assert 'name="players" value="6-pairs"' not in html

    res = client.get("/sheets/?ruleset=comodines&players=4", headers={"HX-Request": "true"})
    part = res.get_data(as_text=True)
    assert part.lstrip().startswith("<form")  # htmx gets the form alone
    assert 'name="players" value="6-pairs"' in part
    assert re.search(r'name="players" value="4"\s+checked', part)


def test_other_rules_chosen_keep_the_form_usable(client):
    # 6-pairs is a comodines format: choosing classic after it shows classic's formats.
    res = client.get("/sheets/?ruleset=classic&players=6-pairs")
    assert res.status_code == 200
    assert re.search(r'name="players" value="4"\s+checked', res.get_data(as_text=True))


@pytest.mark.parametrize("query, field, message", [
    ("ruleset=nope", "ruleset", "There is no rule set called “nope”."),
    ("ruleset=classic&players=6-pairs", "players", "These rules are not played that way"),
    ("ruleset=classic&players=-1", "players", "These rules are not played that way"),
    ("paper=a3", "paper", "Choose A4 or Letter paper."),
    ("lang=fr", "lang", "Choose English, Spanish, Portuguese or Italian."),
    ("ruleset=%3Cscript%3E", "ruleset", "There is no rule set called “&lt;script&gt;”."),
    ("ruleset=" + "x" * 5000, "ruleset", "There is no rule set called"),
    ("ruleset=house-nothing-here", "ruleset", "There is no rule set called"),
])
def test_bad_options_answer_422_with_the_message_next_to_the_field(client, query, field,
                                                                   message):
    res = client.get("/sheets/blank.pdf?lang=en&" + query if "lang=" not in query
                     else "/sheets/blank.pdf?" + query)
    assert res.status_code == 422
    assert res.mimetype == "text/html"
    html = res.get_data(as_text=True)
    error = re.search(rf'<p class="field-error" id="err-{field}">([^<]*)</p>', html)
    assert error and message in error.group(1)
    assert f'aria-describedby="err-{field}"' in html




def sheet_for_four(client, ruleset: str, lang: str,
                   spanish: Callable[[str], str]) -> tuple[str, Callable[[str], str], str]:
    """``ruleset``'s blank A4 sheet for four in ``lang``, checked to be one landscape page: its
    text, the language's translation of a label and its thousands separator."""
    pdf = get_pdf(client, f"ruleset={ruleset}&players=4&paper=a4&lang={lang}")
    assert page_count(pdf) == 1 and page_sizes(pdf) == [A4_LANDSCAPE]
    tr = spanish if lang == "es" else (lambda s: s)
    return text_of(pdf), tr, "." if lang == "es" else ","


def printed_on_the_sheet(ruleset: str, tr: Callable[[str], str],
                         sep: str) -> tuple[list[str], list[str]]:
    """What ``ruleset``'s blank sheet must print (patterns) and must not (words), with ``tr``
    the language's translation of a label and ``sep`` its thousands separator."""
    def label(msgid: str) -> str:
        return re.escape(tr(msgid))

    return {
        # VARIANTS.md section 6: the wild-card canasta 2,000 beside classic's values, to 5,000.
        "uruguay": ([label("Uruguay Canasta"), rf"{label('Wild-card canasta')}\s+2{sep}000\b",
                     rf"{label('Natural canasta')}\s+500\b",
                     rf"{label('Going out concealed')}\s+200\b", rf"3{sep}000 .*\s+120\b"],
                    []),
        # VARIANTS.md section 2: a column for the samba (1,500), all six red 3s 1,000, the
        # minimum 150 from 7,000, to 10,000; no wild-card canasta. The samba by its name, in
        # either language (issue 25).
        "samba": ([rf"Samba\s+1{sep}500\b", rf"\s1{sep}000\b", rf"7{sep}000 .*\s+150\b",
                   rf"10{sep}000"], [tr("Wild-card canasta")]),
        # VARIANTS.md section 3: the bolivia 2,500 and the escalera 1,500, -100 per black 3 in
        # hand, to 15,000.
        "bolivia": ([rf"{label('Wild-card canasta')}\s+2{sep}500\b", rf"Escalera\s+1{sep}500\b",
                     r"\s−100\b", rf"15{sep}000"], []),
    }[ruleset]


@pytest.mark.no_database
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("ruleset", ["uruguay", "samba", "bolivia"])
def test_a_variants_blank_sheet_on_one_page(client, ruleset, lang, spanish):
    text, tr, sep = sheet_for_four(client, ruleset, lang, spanish)
    printed, absent = printed_on_the_sheet(ruleset, tr, sep)
    assert [pattern for pattern in printed if not re.search(pattern, text)] == []
    assert [words for words in absent if words in text] == []


@pytest.mark.no_database
@pytest.mark.parametrize("lang", ["en", "es"])
def test_brazilian_blank_sheet_on_one_page(client, lang, spanish):
    # VARIANTS.md section 4, line by line: what the sheet must print in the language asked.
    pdf = get_pdf(client, f"ruleset=brazilian&players=4&paper=a4&lang={lang}")
    assert page_count(pdf) == 1 and page_sizes(pdf) == [A4_LANDSCAPE]
    text = text_of(pdf)

    def words(msgid: str) -> str:
        return re.escape(spanish(msgid) if lang == "es" else msgid)

    sep = "." if lang == "es" else ","
    printed = {
        "name": words("Brazilian Canasta"),
        "Wild canasta | 2000": rf"{words('Wild-card canasta')}\s+2{sep}000\b",
        "Sequence of fewer than 5 cards | -1000":
            rf"{words('Unfinished sequence')}.*5.*\s−1{sep}000\b",
        "6: 1200 in all": rf"\s1{sep}200\b",
        "7000–7995: the opening must be a canasta": rf"7{sep}000 .*\s+{words('a canasta')}",
        "9000+: a natural canasta": rf"9{sep}000 .*\s+{words('a natural canasta')}",
        "Game | 10,000": rf"10{sep}000",
    }
    assert [line for line, pattern in printed.items() if not re.search(pattern, text)] == []
