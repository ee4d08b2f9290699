"""``/rules/<ruleset>``: every value of a rule set on one page, in English and Spanish."""

from __future__ import annotations

import pytest
from flask import render_template
from flask_babel import force_locale
from quick_helpers import card_rows, text

from scorekeeper.engine import PRESETS
from scorekeeper.extensions import db
from scorekeeper.services import house_rules as house_rules_service

HX = {"HX-Request": "true"}
UNSET = "set by the table or organizer"


def card(client, ruleset: str, lang: str = "en") -> str:
    res = client.get(f"/rules/{ruleset}?lang={lang}")
    assert res.status_code == 200
    return res.get_data(as_text=True)


#: VARIANTS-2.md's games count their cards otherwise (joker 20 or 30, ace 15) and have no
#: opening minimum: their own test below.
OWN_CARD_VALUES = ("buraco", "burraco")


@pytest.mark.parametrize("ruleset", [r for r in PRESETS if r not in OWN_CARD_VALUES])
def test_every_preset_shows_the_values_all_agree_on(client, ruleset):
    page = card(client, ruleset)
    rows = card_rows(page)
    # RULES.md, "Card values": the same in all five sources.
    assert rows["Joker"] == "50" and rows["2 (wild)"] == "20" and rows["Ace"] == "20"
    assert rows["K, Q, J, 10, 9, 8"] == "10" and rows["7, 6, 5, 4"] == "5"
    assert rows["Black 3"] == "5"
    names = {b.kind.value: b.name for b in PRESETS[ruleset].canastas}  # "Clean book" (H&F)
    assert rows[names["natural"]] == "+500" and rows[names["mixed"]] == "+300"
    # The opening minimums table, as RULES.md lines it up (Samba adds 150 from 7,000,
    # VARIANTS.md section 2).
    table = text(page.split('class="qk-table om-table"', 1)[1].split("</table>", 1)[0])
    family_top = "3,000 to 6,995 120 7,000 and over 150"  # Samba, Bolivia (VARIANTS.md 2, 3)
    top = {"samba": family_top, "bolivia": family_top,
           # VARIANTS.md 5, 7
           "cuban": "3,000 to 4,995 120 5,000 and over 150",
           "italian": "3,000 to 4,995 120 5,000 to 7,495 160 7,500 to 9,995 180 "
                      "10,000 and over 200",
           # VARIANTS.md 4: from 7,000 conditions, not numbers
           "brazilian": "3,000 to 6,995 120 7,000 to 7,995 a canasta 8,000 to 8,995 200 and a "
                        "canasta 9,000 and over a natural canasta",
           }.get(ruleset, "3,000 and over 120")
    rows_of = {  # Modern American (VARIANTS.md 1): "below 3000 (negative included) 125; ..."
        "american": "Below 0 125 0 to 2,995 125 3,000 to 4,995 155 5,000 and over 180",
        # Hand and Foot (VARIANTS-2.md 10.6): by round, "Round 1=50, 2=90, 3=120, 4=150"
        "hand-and-foot": "Round Minimum Round 1 50 Round 2 90 Round 3 120 Round 4 150"}
    assert table.endswith(rows_of.get(ruleset, "Below 0 15 0 to 1,495 50 1,500 to 2,995 90 "
                                      + top))
    assert f'<option value="{ruleset}" selected>' in page
    assert f'href="/sheets/rules/{ruleset}.pdf"' in page
    assert "style=" not in page and "<script>" not in page


def test_hand_and_foot_card_knows_the_rounds(client):
    page = card(client, "hand-and-foot")
    rows = card_rows(page)
    assert rows["Clean book"] == "+500" and rows["Dirty book"] == "+300"
    assert rows["Wild book"] == "+1,500"
    assert rows["Rounds in a game"] == "4"
    assert "Play to" not in rows  # no target: the game is four rounds
    assert "By the round being played, whatever the score" in text(page)
    # In its players' words (issue 42): books, not canastas.
    assert ("To go out a side needs: 2 clean books and 2 dirty books and 1 wild book."
            ) in text(page)


def test_classic(client):
    page = card(client, "classic")
    rows = card_rows(page)
    assert rows["Going out"] == "+100"
    assert rows["Going out concealed"] == "+200"  # 003: 200 in all
    assert rows["Each red 3"] == "+100"
    assert rows["All the red 3s of the deck, instead"] == "+800"
    assert rows["Conceding the hand (“Acaba”)"] == "\u22121,500"
    assert rows["Play to"] == "5,000" and rows["Clock"] == "none"
    assert "Wild-card canasta" not in rows and "Premios" not in text(page)
    words = text(page)
    assert "They count against a side that has melded nothing." in words
    assert "To go out a side needs: 1 finished canasta." in words
    assert "Two players: 2 canastas." in words  # 003's two-player game
    assert "No bonus or penalty: they count only their card value." in words
    assert "Play on until one side leads." in words
    assert "Time is up" not in words  # no clock, no time-up hands
    assert "Sources: 003 English classic guide; 004 classic online rules" in words
    assert "004 gives 15, the default here" in words  # the documented default


def test_la_canasta(client):
    rows = card_rows(card(client, "la-canasta"))
    assert rows["Abatir on the first turn, without partner's melds"] == "+1,000"
    assert rows["Abatir on the first turn, using partner's melds"] == "+500"
    assert rows["Abatir later in play, without partner's melds"] == "+500"
    assert rows["Abatir later in play, using partner's melds"] == "+200"
    assert rows["Going out (“premio por irse”)"] == "+100"
    assert rows["Canastón: 5 canastas in a hand"] == "+500"
    assert rows["Canasta de canastas: 7 canastas in a hand"] == "+2,000"
    assert rows["Each red 3 still in hand at the end"] == "\u2212500"
    assert rows["Going out showing all the black 3s of the deck"] == "+500"
    assert rows["All the black 3s of the deck held in hand at the end"] == "\u2212500"
    assert rows["Taking the pile before showing the matching cards"] == "\u2212200"
    assert rows["Taking two cards instead of one"] == "\u221250"
    assert rows["Play to"] == "5,000"


def test_comodines(client):
    page = card(client, "comodines")
    rows = card_rows(page)
    assert rows["Wild-card canasta"] == "+2,000"
    assert rows["Each black 3 left in hand"] == "\u2212100"
    assert rows["All the black 3s of the deck held in hand at the end"] == "\u2212500"
    words = text(page)
    assert "To go out a side needs: 1 natural canasta and 1 mixed canasta." in words
    assert "A wild-card canasta does not count towards it." in words
    assert "Six players in three pairs (a third pack): 13 cards each, 3 packs" in words


def test_uruguay(client):
    # VARIANTS.md section 6: classic with the wild-card canasta, 2,000; sources RG-U and BC.
    page = card(client, "uruguay")
    rows = card_rows(page)
    assert rows["Wild-card canasta"] == "+2,000"
    assert rows["Each red 3"] == "+100" and rows["Going out concealed"] == "+200"
    words = text(page)
    assert "To go out a side needs: 1 finished canasta." in words
    assert "rummy-games.com, Uruguay rules" in words
    assert "A wild-card canasta is 3 to 7 wild cards, 2s and jokers mixed freely" in words
    es = text(card(client, "uruguay", "es"))
    assert "Canasta uruguaya" in es and "Canasta de comodines" in es


def test_samba(client):
    # VARIANTS.md section 2.
    rows = card_rows(card(client, "samba"))
    assert rows["Samba"] == "+1,500"
    assert rows["All the red 3s of the deck, instead"] == "+1,000"
    assert rows["Going out"] == "+200" and "Wild-card canasta" not in rows
    words = text(card(client, "samba"))
    assert "To go out a side needs: 2 finished canastas." in words
    assert "They count against a side without the canastas needed to go out." in words


def test_torneo(client):
    page = card(client, "torneo")
    rows = card_rows(page)
    assert rows["Play to"] == "15,000"
    assert rows["Clock"] == "60 minutes"
    assert rows["Exact cut (“corte exacto”)"] == "+300"
    # 002 names these without a number: the organizer sets them.
    for label in ("Wild-card canasta", "Each red 3", "Closing (“cierre”)", "Canastilla",
                  "Canastón", "Clean game (“juego limpio”)"):
        assert rows[label] == UNSET, label
    assert rows["Going out showing all the black 3s of the deck"] == "+800"
    assert rows["All the black 3s of the deck held in hand at the end"] == "\u2212800"
    words = text(page)
    assert "only when someone goes out" in words
    assert "The game is drawn." in words
    assert "cards left in hand count nothing" in words  # the stock runs out
    assert "Time is up" in words and "cards on the table and in hand count nothing" in words
    assert "Penalties" not in words


def test_spanish(client):
    torneo = card(client, "torneo", "es")
    assert '<html lang="es">' in torneo
    words = text(torneo)
    assert "15.000" in words and "15,000" not in words
    la_canasta = text(card(client, "la-canasta", "es"))
    assert "+1.000" in la_canasta and "+2.000" in la_canasta
    assert "1.500" in la_canasta and "2.995" in la_canasta  # the opening minimums
    comodines = text(card(client, "comodines", "es"))
    assert "+2.000" in comodines
    assert "Fuentes: 001 reglas españolas con canasta de comodines" in comodines


def test_unknown_rule_set_is_a_clear_404(client):
    res = client.get("/rules/nope?lang=en")
    assert res.status_code == 404
    page = res.get_data(as_text=True)
    assert "There is no rule set called “nope”." in text(page)
    for preset in PRESETS:
        assert f'href="/rules/{preset}"' in page


@pytest.mark.parametrize("ruleset_id", ["x" * 500, "%C3%B1and%C3%BA", "house-gone-1234"])
def test_odd_rule_set_ids_never_fail(client, ruleset_id):
    assert client.get(f"/rules/{ruleset_id}").status_code == 404


def test_selector_without_javascript_goes_to_the_card(client):
    res = client.get("/rules?ruleset=comodines")
    assert res.status_code == 303
    assert res.headers["Location"].endswith("/rules/comodines")
    assert client.get("/rules?ruleset=nope", follow_redirects=True).status_code == 404
    picker = card(client, "classic").split('class="qk-form rc-picker', 1)[1].split(">", 1)[0]
    assert 'method="get"' in picker and 'action="/rules"' in picker


def test_htmx_swaps_the_card_and_keeps_the_address(client):
    res = client.get("/rules?ruleset=torneo", headers=HX)
    assert res.status_code == 200
    assert res.headers["HX-Push-Url"] == "/rules/torneo"
    assert "HX-Request" in res.headers["Vary"]
    page = res.get_data(as_text=True)
    assert page.lstrip().startswith('<div id="rules-main"') and "<html" not in page
    assert card_rows(page)["Play to"] == "15,000"

    direct = client.get("/rules/la-canasta", headers=HX)
    assert "<html" not in direct.get_data(as_text=True) and "HX-Request" in direct.headers["Vary"]
    assert "<html" in client.get("/rules/la-canasta").get_data(as_text=True)


def test_house_rules_card(app, client):
    with app.app_context():
        house = house_rules_service.create_from_preset("la-canasta", "Casa Pérez")
        house.data = {**house.data, "target": 7500,
                      "premios": [{"id": "cafe", "label": "Café para todos", "points": 150}]}
        db.session.commit()
        house_id = house.id
    page = card(client, house_id)
    rows = card_rows(page)
    assert text(page.split('class="rc-title">', 1)[1].split("</h2>", 1)[0]) == "Casa Pérez"
    assert rows["Play to"] == "7,500"
    assert rows["Café para todos"] == "+150"
    assert rows["Abatir on the first turn, without partner's melds"] == "+1,000"  # kept
    assert f'<option value="{house_id}" selected>Casa Pérez</option>' in page
    assert "Sources: 000 “La Canasta” (Spanish)" in text(page)
    # The preset by its name, not its id (QA, 2026-12-05: "baseadas numa predefinição
    # (classic)").
    assert "House rules based on a preset (La Canasta (Spanish rules))." in text(page)


def test_a_source_the_app_does_not_know_is_shown_as_it_is(app):
    from scorekeeper.i18n import source_name

    with app.test_request_context("/?lang=es"), force_locale("es"):
        assert source_name("003") == "003 guía clásica en inglés"
        assert source_name("Tía Ana %(x)s") == "Tía Ana %(x)s"



def test_card_partial_needs_only_the_rule_set(app):
    # The printed rules card includes the partial with nothing but the rule set.
    with app.test_request_context(), force_locale("es"):
        html = render_template("quick/_rules_card.html", ruleset=PRESETS["torneo"])
    assert card_rows(html)["Jugar a"] == "15.000"
    assert "<form" not in html and "button" not in html


@pytest.mark.parametrize(("ruleset", "joker", "two", "kinds"), [
    # VARIANTS-2.md 11.2, 11.3: joker 20, 2 = 10; limpa 200, suja 100, A–K 500, A–A 1,000
    ("buraco", "20", "10", {"Clean canastra": "+200", "Dirty canastra": "+100",
                            "Canastra from ace to king": "+500",
                            "Canastra from ace to ace (real)": "+1,000"}),
    # 12.2, 12.3: jolly 30, pinella 20; pulito 200, semipulito 150, sporco 100
    ("burraco", "30", "20", {"Clean burraco": "+200", "Semi-clean burraco": "+150",
                             "Dirty burraco": "+100"}),
])
def test_buraco_and_burraco_show_their_own_values(client, ruleset, joker, two, kinds):
    rows = card_rows(card(client, ruleset))
    # Buraco's joker is its curingão (issue 42).
    joker_row = "Joker (curingão)" if ruleset == "buraco" else "Joker"
    assert rows[joker_row] == joker and rows["2 (wild)"] == two and rows["Ace"] == "15"
    # Every 3 is an ordinary 5-point card (11.2 "7–3 5", 12.2): no row of black 3s (QA,
    # 2026-12-05: "Black 3 5" stood beside the 5-point cards).
    assert rows["K, Q, J, 10, 9, 8"] == "10" and rows["7, 6, 5, 4, 3"] == "5"
    assert "Black 3" not in rows and "7, 6, 5, 4" not in rows
    assert {k: rows[k] for k in kinds} == kinds
    # "Opening minimum | none": said so, with no table of zeros (issue 40).
    html = card(client, ruleset)
    assert 'class="qk-table om-table"' not in html
    assert "None: a side opens with any meld." in text(html)
