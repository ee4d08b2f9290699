"""Every preset counted through the HTML count form, as a careful player would.

Each hand is worked out by hand from ``shared/RULES.md`` (source keys 000-004 in the comments);
the test then checks the saved hand (``GET /api/v1/games/<id>``), the live preview the phone
shows while typing, and that the form shows exactly the controls the rule set needs.
"""

from __future__ import annotations

import html as html_lib
import re
from typing import Any

import flask_babel
import pytest
from flask.testing import FlaskClient
from game_helpers import form_hand, form_of, make_house, start_game

HX = {"HX-Request": "true"}


def _text(html: str) -> str:
    return html_lib.unescape(re.sub(r"\s+", " ", html))


def _signed(n: int) -> str:
    return f"+{n:,}" if n > 0 else (f"\u2212{-n:,}" if n < 0 else "0")


def form_names(client: FlaskClient, game_id: str, lang: str = "") -> set[str]:
    res = client.get(f"/games/{game_id}/hands/new{lang}")
    assert res.status_code == 200
    return set(re.findall(r'name="(sides\[\d\][^"]*|end)"', res.get_data(as_text=True)))


def offered_and_started(client: FlaskClient, ruleset: str, label: str) -> tuple[str, set[str]]:
    """The start form offers ``ruleset`` as ``label``; a game of four started with it, and the
    names of its count form's fields."""
    page = client.get("/games/new?lang=en").get_data(as_text=True)
    assert re.search(rf'<option [^>]*value="{ruleset}"[^>]*>{label}</option>', page)
    gid = start_game(client, ruleset=ruleset, players="4")
    return gid, form_names(client, gid)


def canasta_fields(names: set[str]) -> set[str]:
    """The canasta kinds side 1's count form asks for, from its fields' names."""
    return {n.removeprefix("sides[0].canastas.") for n in names
            if n.startswith("sides[0].canastas.")}


def stored(client: FlaskClient, house_id: str, based_on: str) -> dict[str, Any]:
    """House rules as the API reads them, checked to be based on the preset ``based_on``."""
    data = client.get(f"/api/v1/rulesets/{house_id}").get_json()
    assert data["based_on"] == based_on
    return data


def preview(client: FlaskClient, game_id: str, hand: dict[str, str]) -> str:
    res = client.post(f"/games/{game_id}/hands/preview", data=hand, headers=HX)
    assert res.status_code == 200
    return res.get_data(as_text=True)


def count(client: FlaskClient, game_id: str, hand: dict[str, str],
          totals: list[int], labels: list[list[str]]) -> dict:
    """Preview then save ``hand``; both must give ``totals`` and the line ``labels``."""
    shown = _text(preview(client, game_id, hand))
    got = [int(x.replace(",", "").replace("\u2212", "-").replace("+", ""))
           for x in re.findall(r'class="summary-points">([^<]+)<', shown)]
    assert got == totals, re.findall(r'id="(err-[^"]+)"[^>]*>([^<]+)<', shown)
    for i, side_labels in enumerate(labels):
        box = re.search(rf'id="breakdown-{i}".*?</section>', shown).group(0)
        assert re.findall(r"<tr><td>([^<]+)</td>", box) == side_labels
    res = client.post(f"/games/{game_id}/hands", data=hand)
    assert res.status_code == 303, _text(res.get_data(as_text=True))[:2000]
    game = client.get(f"/api/v1/games/{game_id}").get_json()
    saved = game["hands"][-1]
    assert saved["totals"] == totals
    assert [[line["label"] for line in s["lines"]] for s in saved["sides"]] == labels
    return game


def field_error(html: str, name: str) -> str:
    slot = "err-" + re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")
    m = re.search(rf'<p class="field-error" id="{re.escape(slot)}"[^>]*>([^<]*)</p>', html)
    assert m, f"no error slot for {name}"
    return html_lib.unescape(m.group(1))


def minimums(client: FlaskClient, game_id: str) -> list[int]:
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    return [int(x.replace(",", "")) for x in
            re.findall(r'class="minimum-value">([^<]+)<', html)]


# -- classic ------------------------------------------------------------------------------------


def test_classic_four_players_concealed_and_acaba(client):
    gid = start_game(client, ruleset="classic", players="4")
    names = form_names(client, gid)
    assert "sides[0].canastas.natural" in names and "sides[0].canastas.mixed" in names
    # 003/004: no wild-card canasta, no red 3 kept in hand, no premios; the penalties are
    # "Acaba" and a canasta held in hand (003).
    assert not {n for n in names if re.search(r"wild|red_threes_in_hand|black_threes|premios",
                                              n) and "_cards." not in n}
    assert {n for n in names if ".penalties." in n} == {
        f"sides[{i}].penalties.{p}" for i in (0, 1)
        for p in ("acaba", "mixed_canasta_in_hand", "natural_canasta_in_hand")}
    page = client.get(f"/games/{gid}/hands/new").get_data(as_text=True)
    assert 'value="concealed"' in page and 'value="time_up"' not in page

    # 003 "going out concealed 200 in all": 500 + 300 canastas + 200 concealed + 100 red 3
    # + table by the helper 50 + 2x20 + 3x20 + 7x10 + 4x5 = 240, nothing in hand = 1,340.
    # The other side concedes ("Acaba", 003: 1,500): 120 - 35 - 1,500 = -1,415.
    hand = form_hand({"going_out": "concealed", "canastas": {"natural": 1, "mixed": 1},
                      "red_threes": 1, "table_cards": {"jokers": 1, "twos": 2, "aces": 3,
                                                       "eights_to_kings": 7,
                                                       "fours_to_sevens": 4}},
                     {"going_out": "", "table_points": 120, "hand_points": 35,
                      "penalties": {"acaba": 1}})
    game = count(client, gid, hand, [1340, -1415], [
        ["Natural canastas × 1", "Mixed canastas × 1", "Red 3s × 1",
         "Going out concealed", "Cards on the table", "Cards left in hand"],
        ["Conceding the hand (“Acaba”)", "Cards on the table", "Cards left in hand"],
    ])
    # 004: 1,340 still needs 50; a negative total needs 15 (000, 001, 004).
    assert game["opening_minimums"] == [50, 15]
    assert minimums(client, gid) == [50, 15]


def test_classic_two_players_needs_two_canastas(client):
    gid = start_game(client, ruleset="classic", players="2")
    # 003: the 2-player game needs two canastas to go out; the message sits by "Went out?".
    bad = {"end": "went_out", "sides[0].going_out": "normal",
           "sides[0].canastas.natural": "1", "sides[0].table_points": "200"}
    res = client.post(f"/games/{gid}/hands", data=bad)
    assert res.status_code == 422
    assert "2" in field_error(res.get_data(as_text=True), "sides[0].going_out")
    assert client.get(f"/api/v1/games/{gid}").get_json()["hands"] == []

    # 003: two natural canastas 1,000 + going out 100 + table 400 = 1,500.
    # All four red 3s (two packs) are 800 (003/004), with a mixed canasta 300, table 200,
    # hand 60: 800 + 300 + 200 - 60 = 1,240.
    hand = form_hand({"going_out": "normal", "canastas": {"natural": 2}, "table_points": 400},
                     {"canastas": {"mixed": 1}, "red_threes": 4, "table_points": 200,
                      "hand_points": 60})
    game = count(client, gid, hand, [1500, 1240], [
        ["Natural canastas × 2", "Going out", "Cards on the table", "Cards left in hand"],
        ["Mixed canastas × 1", "All 4 red 3s", "Cards on the table", "Cards left in hand"],
    ])
    # RULES.md: 1,500 to 2,995 needs 90; 0 to 1,495 needs 50.
    assert game["opening_minimums"] == [90, 50] == minimums(client, gid)


# -- la-canasta (000) ------------------------------------------------------------------------------

ABATIR = [  # 000: the four ways to "abatir"; the 100 for going out is a setting, off.
    ("abatir_first_turn_alone", 1000,
     "Abatir on the first turn, without partner's melds"),
    ("abatir_first_turn_with_partner", 500, "Abatir on the first turn, using partner's melds"),
    ("abatir_later_alone", 500, "Abatir later in play, without partner's melds"),
    ("abatir_later_with_partner", 200, "Abatir later in play, using partner's melds"),
]


@pytest.mark.parametrize(("kind", "bonus", "label"), ABATIR)
def test_la_canasta_each_abatir(client, kind, bonus, label):
    gid = start_game(client, ruleset="la-canasta", players="4")
    names = form_names(client, gid)
    assert "sides[1].red_threes_in_hand" in names and "sides[1].black_threes_shown" in names
    assert "sides[0].canastas.wild" not in names  # 000 does not mention it
    assert len({n for n in names if n.startswith("sides[0].penalties.")}) == 10
    assert not {n for n in names if ".premios." in n}
    # 000: natural canasta 500 + abatir bonus + all four black 3s shown 500 + table 150
    # (the black 3s are counted on the table too, step 2) = 1,150 + bonus.
    # The other side: a red 3 kept in hand -500, all four... no: 85 in hand; red 3s laid
    # with no finished canasta count against (000): -100. Total -100 - 500 - 85 = -685.
    hand = {"end": "went_out", "sides[0].going_out": kind,
            "sides[0].canastas.natural": "1", "sides[0].black_threes_shown": "4",
            "sides[0].table_points": "150",
            "sides[1].red_threes": "1", "sides[1].red_threes_in_hand": "1",
            "sides[1].hand_points": "85"}
    count(client, gid, hand, [1150 + bonus, -685], [
        ["Natural canastas × 1", label, "All 4 black 3s shown going out",
         "Cards on the table", "Cards left in hand"],
        ["Red 3s × 1, against: no canasta", "Red 3s kept in hand × 1",
         "Cards on the table", "Cards left in hand"],
    ])


def test_la_canasta_penalties_and_black_threes_in_hand(client):
    gid = start_game(client, ruleset="la-canasta", players="4")
    # 000: going out 100 + mixed 300 + table 90 = 490, less two "taking two cards" (2 x 50)
    # = 390. The others hold all four black 3s (-500, 000) - their 20 of card value in a hand
    # of 60 - and took the pile out of turn (-100): 2 natural 1,000 + 400 - 60 - 500 - 100 = 740.
    hand = form_hand({"going_out": "normal", "canastas": {"mixed": 1}, "table_points": 90,
                      "penalties": {"two_cards_instead_of_one": 2}},
                     {"canastas": {"natural": 2}, "table_points": 400, "hand_points": 60,
                      "black_threes_in_hand": 4, "penalties": {"pile_out_of_turn": 1}})
    count(client, gid, hand, [390, 740], [
        ["Mixed canastas × 1", "Going out (“premio por irse”)", "Taking two cards instead of one",
         "Cards on the table", "Cards left in hand"],
        ["Natural canastas × 2", "Taking the pile out of turn", "All 4 black 3s held in hand",
         "Cards on the table", "Cards left in hand"],
    ])


# -- comodines (001) -------------------------------------------------------------------------------


@pytest.mark.parametrize(("fmt", "sides"), [("2", 2), ("3", 3), ("4", 2), ("6-teams", 2),
                                            ("6-pairs", 3)])
def test_comodines_every_format(client, fmt, sides):
    gid = start_game(client, ruleset="comodines", players=fmt, side_2_name="Ustedes")
    names = form_names(client, gid)
    assert f"sides[{sides - 1}].canastas.wild" in names
    assert f"sides[{sides}].table_points" not in names
    assert len({n for n in names if n.startswith("sides[0].penalties.")}) == 10
    assert not {n for n in names if ".premios." in n}
    assert {"sides[0].red_threes_in_hand", "sides[0].black_threes_shown",
            "sides[0].black_threes_in_hand"} <= names
    # 001: going out needs one clean and one dirty canasta; here one clean only.
    res = client.post(f"/games/{gid}/hands", data={
        "end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.natural": "1",
        "sides[0].table_points": "100"})
    assert res.status_code == 422
    assert field_error(res.get_data(as_text=True), "sides[0].going_out")

    # 001: wild-card canasta 2,000 + natural 500 + mixed 300 + going out 100 + table 400
    # (7 wilds are 140 at least) = 3,300. Side 1 keeps one black 3 in hand (001: "vale 100
    # puntos en contra", in all: its 5 within the 25 of hand cards, 95 beyond), with 150 on
    # the table: 150 - 25 - 95 = 30.
    hand = form_hand({"going_out": "normal", "canastas": {"wild": 1, "natural": 1, "mixed": 1},
                      "table_points": 400},
                     {"table_points": 150, "hand_points": 25, "black_threes_in_hand": 1})
    totals, labels = [3300, 30], [
        ["Natural canastas × 1", "Mixed canastas × 1", "Wild-card canastas × 1",
         "Going out (“premio por irse”)", "Cards on the table", "Cards left in hand"],
        ["Black 3s left in hand × 1, beyond their card points", "Cards on the table",
         "Cards left in hand"],
    ]
    if sides == 3:
        # The third side counts through the card helper: 2 aces 40 + 3 fives 15 on the
        # table, one king 10 left in hand: 55 - 10 = 45.
        hand |= {"sides[2].table_cards.aces": "2", "sides[2].table_cards.fours_to_sevens": "3",
                 "sides[2].hand_cards.eights_to_kings": "1"}
        totals.append(45)
        labels.append(["Cards on the table", "Cards left in hand"])
    game = count(client, gid, hand, totals, labels)
    # 3,300 needs 120; 30 needs 50; 45 needs 50 (RULES.md "salida").
    assert game["opening_minimums"] == [120, 50, 50][:sides] == minimums(client, gid)
    board = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f"scoreboard-{sides}" in board
    assert len(re.findall(r'class="side-total"', board)) == sides


def test_canaston_and_canasta_de_canastas(client):
    gid = start_game(client, ruleset="comodines", players="4")
    # 001: 5 canastas earn the canastón 500, 7 the "canasta de canastas" 2,000 (not both:
    # RULES.md leaves that open, off). Side 1: 3 natural 1,500 + 2 mixed 600 + 500 + going out
    # 100 + table 400 = 3,100. Side 2: 4 natural 2,000 + 3 mixed 900 + 2,000 + table 700 - 50
    # = 5,550 (two packs hold 1,180 points of cards: 400 + 700 + 50 fit).
    hand = form_hand({"going_out": "normal", "canastas": {"natural": 3, "mixed": 2},
                      "table_points": 400},
                     {"canastas": {"natural": 4, "mixed": 3}, "table_points": 700,
                      "hand_points": 50})
    game = count(client, gid, hand, [3100, 5550], [
        ["Natural canastas × 3", "Mixed canastas × 2", "Canastón (5 canastas)",
         "Going out (“premio por irse”)", "Cards on the table", "Cards left in hand"],
        ["Natural canastas × 4", "Mixed canastas × 3", "Canasta de canastas (7 canastas)",
         "Cards on the table", "Cards left in hand"],
    ])
    # 001: past 5,000 the higher total wins.
    assert game["finished"] and game["winner"] == 1


def test_comodines_three_players_dealer_rotation(client):
    gid = start_game(client, ruleset="comodines", players="3", side_0_name="Ana",
                     side_1_name="Bea", side_2_name="Carla", first_dealer="1")
    dealers = []
    for _ in range(4):
        page = _text(client.get(f"/games/{gid}/hands/new").get_data(as_text=True))
        dealers.append(re.search(r'<p class="subtle">(\w+) dealt\.', page).group(1))
        # Stock ran out: only cards count (001), 10 each.
        res = client.post(f"/games/{gid}/hands", data={
            "end": "stock_out", "sides[0].table_points": "10",
            "sides[1].table_points": "10", "sides[2].table_points": "10"})
        assert res.status_code == 303
    # The deal passes to the next seat each hand; with three players it comes back.
    assert dealers == ["Bea", "Carla", "Ana", "Bea"]


# -- torneo (002) ---------------------------------------------------------------------------------

TORNEO_VALUES = {"value_canastas_wild": "1000", "value_going_out_normal": "300",
                 "value_red_threes_each": "100", "value_premios_juego_limpio": "400",
                 "value_premios_canastilla": "150", "value_premios_canaston": "700",
                 "value_premios_canasta_de_moda": "250", "value_premios_canasta_doble": "600",
                 "value_premios_canasta_triple": "900"}


def test_torneo_needs_its_values_at_start(client):
    res = client.post("/games/new", data={"ruleset": "torneo", "shown_ruleset": "torneo",
                                          "players": "4"})
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    assert 'name="value_canastas_wild"' in html and 'name="value_premios_canaston"' in html


def test_torneo_clean_closing_premios_and_time_up(client):
    gid = start_game(client, ruleset="torneo", players="4", **TORNEO_VALUES)
    names = form_names(client, gid)
    assert {n for n in names if n.startswith("sides[0].premios.")} == {
        f"sides[0].premios.{p}" for p in ("corte_exacto", "juego_limpio", "canastilla",
                                          "canaston", "canasta_de_moda", "canasta_doble",
                                          "canasta_triple")}
    assert not {n for n in names if ".penalties." in n or "red_threes_in_hand" in n}
    page = client.get(f"/games/{gid}/hands/new").get_data(as_text=True)
    assert 'value="time_up"' in page and 'value="clean"' in page

    # 002 "cerrar a limpio": the closing premio (300, set at start) is earned too, and the
    # partner's 60 in hand count for the side: natural 500 + mixed 300 + closing 300
    # + corte exacto 300 + table 250 + 60 = 1,710. The others: wild-card canasta (1,000 set at
    # start) + 2 red 3s x 100 (set) + table 300 - 40 = 1,460.
    hand = form_hand({"going_out": "clean", "canastas": {"natural": 1, "mixed": 1},
                      "premios": {"corte_exacto": 1}, "table_points": 250, "hand_points": 60},
                     {"canastas": {"wild": 1}, "red_threes": 2, "table_points": 300,
                      "hand_points": 40})
    first = count(client, gid, hand, [1710, 1460], [
        ["Natural canastas × 1", "Mixed canastas × 1", "Closing (“cierre”)",
         "Closing clean (“cerrar a limpio”)", "Exact cut (“corte exacto”)",
         "Cards on the table", "Partner's cards in hand, for the side"],
        ["Wild-card canastas × 1", "Red 3s × 2", "Cards on the table", "Cards left in hand"],
    ])
    # 1,710 needs 90 (1,500 to 2,995); 1,460 needs 50.
    assert first["opening_minimums"] == [90, 50] == minimums(client, gid)
    # 002 at time: only canastas and premios count. Canastón (700 set) + 2 natural 1,000
    # = 1,700; typed cards are not counted. Others: mixed 300 + double canasta 600 = 900.
    hand = form_hand({"canastas": {"natural": 2}, "premios": {"canaston": 1},
                      "table_points": 500, "hand_points": 30},
                     {"canastas": {"mixed": 1}, "premios": {"canasta_doble": 1},
                      "table_points": 200}, end="time_up")
    game = count(client, gid, hand, [1700, 900], [
        ["Natural canastas × 2", "Canastón", "Cards on the table: not counted at time",
         "Cards in hand: not counted at time"],
        ["Mixed canastas × 1", "Double canasta", "Cards on the table: not counted at time",
         "Cards in hand: not counted at time"],
    ])
    # 002: the clock ends the game; the higher total (3,410 to 2,360) wins.
    assert game["totals"] == [3410, 2360]
    assert game["finished"] and game["winner"] == 0


# -- messages in English and Spanish ---------------------------------------------------------------


def test_errors_land_by_their_field_in_both_languages(client):
    gid = start_game(client, ruleset="la-canasta", players="4")
    bad = {"end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.natural": "1",
           "sides[0].table_points": "150", "sides[1].red_threes": "abc",
           "sides[1].penalties.pile_out_of_turn": "-1"}
    seen = {}
    for lang in ("", "?lang=es"):
        # The autouse fixture's app context outlives each request: Flask-Babel would keep the
        # first request's locale on ``g``.
        flask_babel.refresh()
        res = client.post(f"/games/{gid}/hands{lang}", data=bad)
        assert res.status_code == 422
        html = res.get_data(as_text=True)
        assert f'<html lang="{lang[-2:] or "en"}"' in html
        seen[lang] = (field_error(html, "sides[1].red_threes"),
                      field_error(html, "sides[1].penalties.pile_out_of_turn"))
        assert all(seen[lang])
        assert field_error(html, "sides[0].table_points") == ""
        # The summary at the top links to the same slots.
        assert 'href="#err-sides-1-red_threes"' in html
    # Both messages are translated, not left in English (``make translations`` compiles the
    # catalogue; ``make test`` and CI do it first).
    assert seen[""][0] != seen["?lang=es"][0] and seen[""][1] != seen["?lang=es"][1], seen
    # Live preview (the language is remembered): the same message out of band, nothing saved.
    flask_babel.refresh()
    shown = preview(client, gid, bad)
    assert field_error(shown, "sides[1].red_threes") == seen["?lang=es"][0]
    assert client.get(f"/api/v1/games/{gid}").get_json()["hands"] == []


# -- the calculator ------------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "fmt", "hand", "totals"), [
    # 003: two mixed canastas 600 + going out 100 + 355 - 20 = 1,035; 280 - 45 + 300 = 535.
    ("classic", "4", {"sides[0].going_out": "normal", "sides[0].canastas.mixed": "2",
                      "sides[0].table_points": "355", "sides[0].hand_points": "20",
                      "sides[1].table_points": "280", "sides[1].hand_points": "45",
                      "sides[1].red_threes": "3"}, [1035, 535]),
    # 000: abatir later alone 500 + natural 500 + table 100 = 1,100; 50 - 10 = 40.
    ("la-canasta", "4", {"sides[0].going_out": "abatir_later_alone",
                         "sides[0].canastas.natural": "1", "sides[0].table_points": "100",
                         "sides[1].table_points": "50", "sides[1].hand_points": "10"},
     [1100, 40]),
    # 001, three players: natural 500 + mixed 300 + 100 + table 200 = 1,100; 40; 30 - 5 = 25.
    ("comodines", "3", {"sides[0].going_out": "normal", "sides[0].canastas.natural": "1",
                        "sides[0].canastas.mixed": "1", "sides[0].table_points": "200",
                        "sides[1].table_points": "40", "sides[2].table_points": "30",
                        "sides[2].hand_points": "5"}, [1100, 40, 25]),
])
def test_calculator(client, ruleset, fmt, hand, totals):
    data = {"ruleset": ruleset, "format": fmt, "end": "went_out", **hand}
    html = _text(client.post("/calculator", data=data).get_data(as_text=True))
    got = [int(x.replace(",", "").replace("\u2212", "-").replace("+", ""))
           for x in re.findall(r'class="summary-points">([^<]+)<', html)]
    assert got == totals


def test_calculator_torneo(client):
    res = client.get("/calculator?ruleset=torneo&format=4")
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    assert 'value="time_up"' in html and "sides[0].premios.corte_exacto" in html
    # Time up: only canastas and premios (002): natural 500 + corte exacto 300 = 800; 300.
    res = client.post("/calculator", data={
        "ruleset": "torneo", "format": "4", "end": "time_up",
        "sides[0].canastas.natural": "1", "sides[0].premios.corte_exacto": "1",
        "sides[0].table_points": "90", "sides[1].canastas.mixed": "1",
        "sides[1].table_points": "60"})
    assert res.status_code == 200
    got = re.findall(r'class="summary-points">([^<]+)<', res.get_data(as_text=True))
    assert got == ["+800", "+300"]


# -- fixing a hand: the form comes back as it was saved --------------------------------------------


def posted_values(html: str) -> dict[str, str]:
    """What the browser would post for the form as drawn: filled inputs, checked radios and
    checkboxes."""
    form = re.search(r'<form id="count-form".*?</form>', html, re.S).group(0)
    values = {}
    for tag in re.findall(r"<input [^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        if not name or (('type="radio"' in tag or 'type="checkbox"' in tag)
                        and " checked" not in tag):
            continue
        values[html_lib.unescape(name.group(1))] = html_lib.unescape(value.group(1) if value
                                                                     else "")
    return values


@pytest.mark.parametrize(("ruleset", "players", "hand", "totals"), [
    # 000: abatir on the first turn using partner's melds 500 + mixed 300 + table 80 = 880;
    # the others: 30 on the table, the card helper counts a joker and a 2 in hand: 30 - 70.
    ("la-canasta", "4", {"end": "went_out",
                         "sides[0].going_out": "abatir_first_turn_with_partner",
                         "sides[0].canastas.mixed": "1", "sides[0].table_points": "80",
                         "sides[1].table_points": "30", "sides[1].hand_cards.jokers": "1",
                         "sides[1].hand_cards.twos": "1"}, [880, -40]),
    # 002 (values set at start): closing clean 300 + 2 natural 1,000 + table 200 + partner's
    # 15 = 1,515. The others hold all six black 3s (three packs), -800; the six 3s are the 30
    # of card value in their hand: 100 - 30 - 800 = -730.
    ("torneo", "4", {"end": "went_out", "sides[0].going_out": "clean",
                     "sides[0].canastas.natural": "2", "sides[0].table_points": "200",
                     "sides[0].hand_points": "15", "sides[1].table_points": "100",
                     "sides[1].hand_points": "30", "sides[1].black_threes_in_hand": "6"},
     [1515, -730]),
])
def test_fix_hand_unchanged_keeps_the_count(client, ruleset, players, hand, totals):
    extra = TORNEO_VALUES if ruleset == "torneo" else {}
    gid = start_game(client, ruleset=ruleset, players=players, **extra)
    assert client.post(f"/games/{gid}/hands", data=hand).status_code == 303
    assert client.get(f"/api/v1/games/{gid}").get_json()["totals"] == totals
    page = client.get(f"/games/{gid}/hands/1/edit").get_data(as_text=True)
    values = posted_values(page)
    assert values["sides[0].going_out"] == hand["sides[0].going_out"]
    res = client.post(f"/games/{gid}/hands/1", data=values)
    assert res.status_code == 303, _text(res.get_data(as_text=True))[:1500]
    game = client.get(f"/api/v1/games/{gid}").get_json()
    assert game["totals"] == totals and len(game["hands"]) == 1


def test_stale_fix_marks_only_what_differs(client):
    """Two phones fix the same abatir hand: only the field the other one changed is marked."""
    gid = start_game(client, ruleset="la-canasta", players="4")
    # 000: abatir later using partner's melds 200 + natural 500 + table 100 = 800; 0.
    hand = form_hand({"going_out": "abatir_later_with_partner", "canastas": {"natural": 1},
                      "table_points": 100})
    assert client.post(f"/games/{gid}/hands", data=hand).status_code == 303
    mine = posted_values(client.get(f"/games/{gid}/hands/1/edit").get_data(as_text=True))
    # The other phone opened its own form: its own request key.
    theirs = dict(mine, **{"sides[1].table_points": "40", "end": "stock_out",
                           "sides[0].going_out": "", "request_key": "other-phone"})
    assert client.post(f"/games/{gid}/hands/1", data=theirs).status_code == 303
    res = client.post(f"/games/{gid}/hands/1", data=dict(mine, **{"sides[0].table_points": "110"}))
    assert res.status_code == 409
    html = res.get_data(as_text=True)
    # Their 40, the 100 under my 110, and their end and "went out?" by name, not by id.
    notes = re.findall(r'<p class="stored-note">([^<]*)</p>', html)
    assert [html_lib.unescape(n) for n in notes] == [
        "Saved by someone else: The stock ran out", "Saved by someone else: No",
        "Saved by someone else: 100", "Saved by someone else: 40"]


# -- uruguay (VARIANTS.md section 6) ------------------------------------------------------------


def test_uruguay_start_form_offers_it_in_both_languages(client):
    page = client.get("/games/new?lang=en").get_data(as_text=True)
    assert re.search(r'<option [^>]*value="uruguay"[^>]*>Uruguay Canasta</option>', page)
    flask_babel.refresh()  # the folder's app context would keep the first locale on ``g``
    page = client.get("/games/new?lang=es").get_data(as_text=True)
    assert re.search(r'<option [^>]*value="uruguay"[^>]*>Canasta uruguaya</option>', page)


def test_uruguay_wild_canasta_through_the_form(client):
    gid = start_game(client, ruleset="uruguay", players="4")
    names = form_names(client, gid)
    # Section 6: natural, mixed and the one wild kind; classic's threes (nothing kept in hand).
    assert canasta_fields(names) == {"natural", "mixed", "wild"}
    assert not {n for n in names
                if re.search(r"red_threes_in_hand|black_threes_(shown|in_hand)|premios", n)}
    # "Wild canasta | 2000; card values on top": Nosotros go out with a wild canasta and a
    # natural one, 320 on the table, 10 in hand: 2,000 + 500 + 100 + 320 - 10 = 2,910.
    # Ellos: two red 3s (melded 60, so plus), 60 - 25: 200 + 35 = 235.
    hand = form_hand({"going_out": "normal", "canastas": {"wild": 1, "natural": 1},
                      "table_points": 320, "hand_points": 10},
                     {"table_points": 60, "hand_points": 25, "red_threes": 2})
    game = count(client, gid, hand, [2910, 235], [
        ["Natural canastas × 1", "Wild-card canastas × 1", "Going out", "Cards on the table",
         "Cards left in hand"],
        ["Red 3s × 2", "Cards on the table", "Cards left in hand"],
    ])
    # 2,910 needs 90 (1,500 to 2,995); 235 needs 50.
    assert game["opening_minimums"] == [90, 50] == minimums(client, gid)


def test_uruguay_wild_canasta_in_spanish(client):
    gid = start_game(client, ruleset="uruguay", players="4")
    flask_babel.refresh()
    page = _text(client.get(f"/games/{gid}/hands/new?lang=es").get_data(as_text=True))
    assert "Canasta de comodines" in page and "+2.000" in page


def test_uruguay_in_the_api(client):
    ids = {r["id"] for r in client.get("/api/v1/rulesets").get_json()["rulesets"]}
    assert "uruguay" in ids
    data = client.get("/api/v1/rulesets/uruguay").get_json()
    assert data["canastas"] == {"natural": 500, "mixed": 300, "wild": 2000}
    assert [(k["id"], k["points"], k["cards_on_top"]) for k in data["canasta_kinds"]] == [
        ("natural", 500, True), ("mixed", 300, True), ("wild", 2000, True)]
    assert data["target"] == 5000 and data["sources"] == ["RG-U", "BC"]
    # Section 6: going out needs one canasta; a wild one does (2,000 + 100 + 140).
    res = client.post("/api/v1/score", json={"ruleset": "uruguay", "sides": [
        {"table_points": 140, "canastas": {"wild": 1}, "going_out": "normal"}, {}]})
    assert res.status_code == 200 and res.get_json()["totals"] == [2240, 0]
    # A canasta of seven 2s is a wild-card canasta here (section 0.2: no kind of its own).
    res = client.post("/api/v1/score", json={"ruleset": "uruguay", "sides": [
        {"table_points": 140, "canastas": {"wild_twos": 1}, "going_out": "normal"}, {}]})
    assert res.status_code == 422
    assert "sides[0].canastas.wild_twos" in {e["field"] for e in res.get_json()["errors"]}
    res = client.get("/api/v1/opening-minimum?ruleset=uruguay&score=3000")
    assert res.get_json()["minimum"] == 120


def test_uruguay_house_rules_start_from_it(client):
    page = client.get("/games/house-rules?lang=en").get_data(as_text=True)
    assert 'value="uruguay"' in page
    house_id = make_house(client, "uruguay", "Montevideo")
    canastas = stored(client, house_id, "uruguay")["canastas"]
    assert canastas == {"natural": 500, "mixed": 300, "wild": 2000}


# -- samba (VARIANTS.md section 2) --------------------------------------------------------------


def test_samba_through_the_form_and_the_api(client):
    gid, names = offered_and_started(client, "samba", "Samba")
    # Natural, mixed and the samba; no wild-card canasta.
    assert canasta_fields(names) == {"natural", "mixed", "sequence"}
    # "Samba | 1500"; "Going out | +200; needs 2 canastas". Nosotros: a samba and a natural
    # canasta, 165 on the table, 20 in hand, two red 3s (they have the 2 canastas: plus):
    # 1,500 + 500 + 200 + 200 + 165 - 20 = 2,545. Ellos: one natural canasta, 80 on the
    # table, one red 3 (one canasta: against): 500 - 100 + 80 = 480.
    hand = form_hand({"going_out": "normal", "canastas": {"sequence": 1, "natural": 1},
                      "table_points": 165, "hand_points": 20, "red_threes": 2},
                     {"canastas": {"natural": 1}, "table_points": 80, "red_threes": 1})
    game = count(client, gid, hand, [2545, 480], [
        ["Natural canastas × 1", "Samba × 1", "Red 3s × 2", "Going out",
         "Cards on the table", "Cards left in hand"],
        ["Natural canastas × 1", "Red 3s × 1, against: not the canastas to go out",
         "Cards on the table", "Cards left in hand"],
    ])
    # 2,545 needs 90; 480 needs 50.
    assert game["opening_minimums"] == [90, 50] == minimums(client, gid)
    data = client.get("/api/v1/rulesets/samba").get_json()
    assert [(k["id"], k["points"], k["holds"], k["max_wild"]) for k in data["canasta_kinds"]] \
        == [("natural", 500, "natural", None), ("mixed", 300, "mixed", 2),
            ("sequence", 1500, "sequence", None)]
    assert data["target"] == 10000 and data["tie_rule"] == "draw"
    assert client.get("/api/v1/opening-minimum?ruleset=samba&score=7000").get_json()[
        "minimum"] == 150


def test_samba_in_spanish_and_as_house_rules(client):
    flask_babel.refresh()
    page = _text(client.get("/rules/samba?lang=es").get_data(as_text=True))
    # Samba's players' word for its sequence canasta (issue 25).
    assert '<th scope="row">Samba</th><td class="num">+1.500</td>' in page
    assert "Canasta en escalera (samba, escalera)" not in page
    assert "Restan al bando que no tiene las canastas necesarias para cerrar." in page
    flask_babel.refresh()
    house_id = make_house(client, "samba", "Los sábados")
    # The house-rules form keeps the samba's bonus as an input of its own.
    form = client.get(f"/games/house-rules/{house_id}").get_data(as_text=True)
    assert re.search(r'name="canastas.sequence"[^>]*value="1500"', form)
    # Saved with the samba at 2,000: the kind is kept with its new bonus.
    values = {**form_of(house_id), "canastas.sequence": "2000"}
    res = client.post(f"/games/house-rules/{house_id}", data=values)
    assert res.status_code == 303, _text(res.get_data(as_text=True))[:500]
    canastas = stored(client, house_id, "samba")["canastas"]
    assert canastas == {"natural": 500, "mixed": 300, "sequence": 2000}


# -- bolivia (VARIANTS.md section 3) ------------------------------------------------------------


def test_bolivia_through_the_form_and_the_api(client):
    gid, names = offered_and_started(client, "bolivia", "Bolivia")
    assert canasta_fields(names) == {"natural", "mixed", "sequence", "wild"}
    assert "sides[1].black_threes_in_hand" in names  # "-100 each"
    # Going out without an escalera is refused on the going-out field.
    res = client.post(f"/games/{gid}/hands", data={
        "end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.natural": "1",
        "sides[0].canastas.wild": "1", "sides[0].table_points": "175"})
    assert res.status_code == 422
    assert field_error(res.get_data(as_text=True), "sides[0].going_out") == (
        "Going out needs sequence canastas (escalera): at least 1.")
    # "Bolivia | 2500", "Escalera | 1500", going out 200: Nosotros 2,500 + 1,500 + 200 + 250
    # - 15 = 4,435. Ellos: a natural canasta 500, 60 on the table, 30 in hand with two black
    # 3s (-100 each in all: 95 beyond their 5): 500 + 60 - 30 - 190 = 340.
    hand = form_hand({"going_out": "normal", "canastas": {"wild": 1, "sequence": 1},
                      "table_points": 250, "hand_points": 15},
                     {"canastas": {"natural": 1}, "table_points": 60, "hand_points": 30,
                      "black_threes_in_hand": 2})
    game = count(client, gid, hand, [4435, 340], [
        ["Wild-card canastas × 1", "Escalera × 1", "Going out", "Cards on the table",
         "Cards left in hand"],
        ["Natural canastas × 1", "Black 3s left in hand × 2, beyond their card points",
         "Cards on the table", "Cards left in hand"],
    ])
    assert game["opening_minimums"] == [120, 50] == minimums(client, gid)
    data = client.get("/api/v1/rulesets/bolivia").get_json()
    assert data["canastas"] == {"natural": 500, "mixed": 300, "sequence": 1500, "wild": 2500}
    assert data["going_out_requirement"]["sequence"] == 1 and data["target"] == 15000
    page = client.get("/games/house-rules").get_data(as_text=True)
    assert 'value="bolivia"' in page
    words = _text(client.get("/rules/bolivia?lang=en").get_data(as_text=True))
    assert "2 finished canastas. At least 1 of them a sequence (escalera)." in words
