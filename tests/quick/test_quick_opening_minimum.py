"""``/opening-minimum``: the first-meld minimum for a running total, with and without htmx."""

from __future__ import annotations

import pytest
from quick_helpers import current_band, field_error, minimum_shown, text

from scorekeeper.extensions import db
from scorekeeper.models import HouseRules
from scorekeeper.services import house_rules as house_rules_service

HX = {"HX-Request": "true"}

# RULES.md, "First-meld minimum": negative 15; 0 to 1,495: 50; 1,500 to 2,995: 90; 3,000 on: 120.
# Every preset uses that table (003's "none" for a negative score is a setting, default 15).
TABLE = [
    (-120, "15", "Below 0 15"),
    (0, "50", "0 to 1,495 50"),
    (1100, "50", "0 to 1,495 50"),  # 004's examples: 1,100 needs 50
    (1495, "50", "0 to 1,495 50"),
    (1500, "90", "1,500 to 2,995 90"),  # 1,500 needs 90
    (1800, "90", "1,500 to 2,995 90"),  # 1,800 needs 90
    (2995, "90", "1,500 to 2,995 90"),
    (3000, "120", "3,000 and over 120"),  # 3,000 needs 120
    (14_000, "120", "3,000 and over 120"),
]


@pytest.mark.parametrize("ruleset", ["classic", "la-canasta", "comodines", "torneo",
                                     "uruguay"])  # VARIANTS.md 6: classic's minimums
@pytest.mark.parametrize(("score", "minimum", "band"), TABLE)
def test_each_preset_answers_with_plain_get(client, ruleset, score, minimum, band):
    res = client.get(f"/opening-minimum?ruleset={ruleset}&score={score}&lang=en")
    assert res.status_code == 200
    page = res.get_data(as_text=True)
    assert "<html" in page  # the whole page: works with JavaScript off
    assert minimum_shown(page) == minimum
    assert current_band(page) == band
    assert f'<option value="{ruleset}" selected>' in page
    assert f'value="{score}"' in page  # the total stays in the field


def test_the_whole_table_is_beside_the_answer(client):
    page = client.get("/opening-minimum?ruleset=classic&score=1650&lang=en").get_data(as_text=True)
    table = text(page.split('class="qk-table om-table"', 1)[1].split("</table>", 1)[0])
    assert table.endswith(
        "Running total Minimum Below 0 15 0 to 1,495 50 1,500 to 2,995 90 3,000 and over 120"
    )
    assert "with a running total of 1,650" in text(page)


def test_spanish_numbers(client):
    page = client.get("/opening-minimum?ruleset=classic&score=1650&lang=es").get_data(as_text=True)
    assert '<html lang="es">' in page
    assert minimum_shown(page) == "90"
    assert "1.500" in current_band(page) and "2.995" in current_band(page)
    assert "1.650" in text(page)


def test_english_numbers(client):
    page = client.get("/opening-minimum?ruleset=classic&score=-1650&lang=en").get_data(as_text=True)
    assert minimum_shown(page) == "15"
    assert "with a running total of \u22121,650" in text(page)


@pytest.mark.parametrize(
    ("typed", "minimum"),
    [("1,650", "90"), ("1.650", "90"), (" 3000 ", "120"), ("\u2212120", "15"), ("+10", "50"),
     ("-1.500", "15")],
)
def test_totals_as_people_type_them(client, typed, minimum):
    res = client.get("/opening-minimum", query_string={"ruleset": "classic", "score": typed})
    assert res.status_code == 200
    assert minimum_shown(res.get_data(as_text=True)) == minimum


def test_no_total_yet_shows_the_table_and_asks(client):
    res = client.get("/opening-minimum?lang=en")
    assert res.status_code == 200
    page = res.get_data(as_text=True)
    assert minimum_shown(page) is None and current_band(page) is None
    assert "Type a running total to see it." in page
    assert "3,000 and over" in text(page)


def test_form_is_a_plain_get_with_htmx_on_top(client):
    page = client.get("/opening-minimum").get_data(as_text=True)
    form = page.split("<form", 1)[1].split(">", 1)[0]
    assert 'method="get"' in form and 'action="/opening-minimum"' in form
    assert 'hx-get="/opening-minimum"' in form
    assert "input changed delay:250ms" in form
    assert 'hx-push-url="true"' in form
    assert 'name="score"' in page and 'name="ruleset"' in page
    assert "style=" not in page and "<script>" not in page  # the CSP allows neither


@pytest.mark.parametrize("typed", ["abc", "12x", "1,65", "1e3", "--5", "½"])
def test_total_that_is_not_a_number(client, typed):
    res = client.get("/opening-minimum", query_string={"ruleset": "classic", "score": typed,
                                                       "lang": "en"})
    assert res.status_code == 422
    page = res.get_data(as_text=True)
    assert field_error(page, "err-score") == (
        "Type the running total as a whole number, like 1650 or -120."
    )
    assert 'aria-invalid="true"' in page.split('id="f-score"', 1)[1].split(">", 1)[0]
    assert minimum_shown(page) is None
    assert field_error(page, "err-ruleset") == ""


def test_total_out_of_range(client):
    res = client.get("/opening-minimum?ruleset=classic&score=5000000&lang=en")
    assert res.status_code == 422
    message = field_error(res.get_data(as_text=True), "err-score")
    assert message == (
        "That total is out of range: type a number between \u22121,000,000 and 1,000,000."
    )
    huge = client.get("/opening-minimum", query_string={"score": "9" * 5000, "lang": "en"})
    assert huge.status_code == 422
    # A long number is still a number: it is out of range, not "not a whole number".
    assert field_error(huge.get_data(as_text=True), "err-score").startswith(
        "That total is out of range")


def test_unknown_rule_set(client):
    res = client.get("/opening-minimum?ruleset=nope&score=1650&lang=en")
    assert res.status_code == 422
    page = res.get_data(as_text=True)
    assert field_error(page, "err-ruleset") == (
        "There is no rule set called “nope”. Choose one from the list."
    )
    assert minimum_shown(page) is None  # no answer under rules nobody asked for
    assert "<option" in page  # the list to choose from is there


def test_htmx_gets_the_answer_alone(client):
    res = client.get("/opening-minimum?ruleset=classic&score=3000", headers=HX)
    assert res.status_code == 200
    assert "HX-Request" in res.headers["Vary"]
    page = res.get_data(as_text=True)
    assert "<html" not in page and "<form" not in page
    assert page.lstrip().startswith('<section class="om-result"')
    assert ('<p id="om-status" hx-swap-oob="innerHTML">First meld needs 120 card points with a '
            "running total of 3,000.</p>") in page
    assert minimum_shown(page) == "120"
    # The error messages beside the fields are emptied out of band.
    assert '<p class="field-error" id="err-score" hx-swap-oob="true"></p>' in page

    full = client.get("/opening-minimum?ruleset=classic&score=3000")
    assert "HX-Request" in full.headers["Vary"] and "<html" in full.get_data(as_text=True)


def test_htmx_bad_total_swaps_the_message_in(client):
    # htmx does not swap a 4xx answer: the partial says what is wrong with a 200.
    res = client.get("/opening-minimum?ruleset=classic&score=lots&lang=en", headers=HX)
    assert res.status_code == 200
    page = res.get_data(as_text=True)
    assert minimum_shown(page) is None
    assert ('<p class="field-error" id="err-score" hx-swap-oob="true">Type the running '
            "total as a whole number, like 1650 or -120.</p>") in page
    assert ('<p id="om-status" hx-swap-oob="innerHTML">Type the running total as a whole '
            "number, like 1650 or -120.</p>") in page


def test_house_rules_are_offered_and_used(app, client):
    with app.app_context():
        house = house_rules_service.create_from_preset("classic", "Casa Pérez")
        house.data = {**house.data, "opening_minimums": {
            "negative": 25, "bands": [{"from": 0, "minimum": 60}, {"from": 2000, "minimum": 100}],
        }}
        db.session.commit()
        house_id = house.id
        assert db.session.get(HouseRules, house_id) is not None

    # Offered to a browser that opened the rules, never to a stranger.
    page = client.get("/opening-minimum?lang=en").get_data(as_text=True)
    assert house_id not in page
    assert client.get(f"/games/house-rules/{house_id}").status_code == 200
    page = client.get("/opening-minimum?lang=en").get_data(as_text=True)
    assert f'<option value="{house_id}">Casa Pérez</option>' in page

    for score, minimum, band in [(1650, "60", "0 to 1,995 60"), (2000, "100", "2,000 and over 100"),
                                 (-5, "25", "Below 0 25")]:
        res = client.get(f"/opening-minimum?ruleset={house_id}&score={score}&lang=en")
        assert res.status_code == 200
        page = res.get_data(as_text=True)
        assert minimum_shown(page) == minimum
        assert current_band(page) == band


@pytest.mark.no_database
def test_italian_says_giro_for_a_game_round_and_turno_for_a_tournament_round(app):
    # Italian has two words where English has "Round": a game's round (Hand and Foot's giro,
    # "Giro 1" in the table's rows) and a tournament's (turno). QA, 2026-12-05: the table's
    # heading said "Turno" over rows of "Giro 1", "Giro 2".
    from scorekeeper.engine import find_ruleset
    from scorekeeper.sheets.views import blank_sheet_html

    page = app.test_client().get("/opening-minimum?ruleset=hand-and-foot&lang=it").get_data(
        as_text=True)
    table = text(page.split('class="qk-table om-table"', 1)[1].split("</table>", 1)[0])
    assert "Giro Minimo Giro 1 50 Giro 2 90" in table and "Turno" not in table, table
    with app.test_request_context("/?lang=it"):
        rs = find_ruleset("hand-and-foot")
        sheet = text(blank_sheet_html(rs, rs.formats[0], "a4", "it"))
    # The blank sheet's lines to fill in name the tournament's round; its minimums, the game's.
    assert "Data Tavolo Turno Giro Mazziere" in sheet, sheet
    assert "Giro Minimo Giro 1" in sheet and "Turno 1" not in sheet


@pytest.mark.no_database
@pytest.mark.parametrize(("ruleset", "lang", "footer"), [
    ("hand-and-foot", "es", "Hoja de anotación de Hand and Foot (mano y pie)"),
    ("classic", "en", "Canasta score sheet · Classic Canasta")])
def test_the_sheets_footer_names_the_game_once(app, ruleset, lang, footer):
    # QA, 2026-12-05: "Hoja de anotación de Hand and Foot (mano y pie) · Hand and Foot (mano
    # y pie)": the rule set's name said again where it is the game's.
    import re

    from scorekeeper.engine import find_ruleset
    from scorekeeper.sheets.views import blank_sheet_html

    with app.test_request_context(f"/?lang={lang}"):
        rs = find_ruleset(ruleset)
        html = blank_sheet_html(rs, rs.formats[0], "a4", lang)
    found = re.search(r'<div class="page-footer-left">(.*?)</div>', html, re.S)
    assert found and text(found.group(1)) == footer
