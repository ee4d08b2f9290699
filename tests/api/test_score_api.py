"""POST /api/v1/score, the rule sets, the opening minimum and the OpenAPI document."""

from __future__ import annotations

import pytest

WORKED_HAND = {
    "ruleset": "classic",
    "players": 4,
    "end": "went_out",
    "sides": [
        # 003: North-South went out, melds 355, 20 left in hand, two mixed canastas.
        {"table_points": 355, "hand_points": 20, "canastas": {"natural": 0, "mixed": 2,
                                                              "wild": 0},
         "red_threes": 0, "going_out": "normal"},
        # East-West: melds 280, 45 left in hands, three red 3s.
        {"table_points": 280, "hand_points": 45, "red_threes": 3},
    ],
}


def test_worked_hand_of_003(client):
    res = client.post("/api/v1/score", json=WORKED_HAND)
    assert res.status_code == 200
    data = res.get_json()
    assert [s["total"] for s in data["sides"]] == [1035, 535]
    assert data["totals"] == [1035, 535]
    for side in data["sides"]:
        assert side["total"] == sum(line["points"] for line in side["lines"])
    ns = {line["id"]: line["points"] for line in data["sides"][0]["lines"]}
    assert ns == {"canastas.mixed": 600, "going_out": 100, "table_cards": 355,
                  "hand_cards": -20}
    ew = {line["id"]: line["points"] for line in data["sides"][1]["lines"]}
    assert ew == {"red_threes": 300, "table_cards": 280, "hand_cards": -45}


def test_card_counts_replace_points(client):
    body = {
        "ruleset": "classic",
        "sides": [
            # 2 jokers 100 + 3 twos 60 + 4 aces 80 + 12 eights-to-kings 120 + 7 low 35 = 395
            {"table_cards": {"jokers": 2, "twos": 3, "aces": 4, "eights_to_kings": 12,
                             "fours_to_sevens": 7},
             "hand_cards": {"fours_to_sevens": 1},
             "canastas": {"natural": 1}, "going_out": "normal"},
            {"table_points": 60, "hand_cards": {"aces": 1, "black_threes": 1}},
        ],
    }
    res = client.post("/api/v1/score", json=body)
    assert res.status_code == 200, res.get_json()
    first, second = res.get_json()["sides"]
    # 500 natural + 100 going out + 395 table - 5 hand
    assert first["total"] == 990
    # 60 table - (20 + 5) hand
    assert second["total"] == 35


def test_field_errors_are_422(client):
    body = {"ruleset": "classic", "sides": [
        {"red_threes": 5, "going_out": "normal", "canastas": {"mixed": 1},
         "table_points": 100},
        {"table_points": 12},
    ]}
    res = client.post("/api/v1/score", json=body)
    assert res.status_code == 422
    fields = {e["field"] for e in res.get_json()["errors"]}
    assert "sides[0].red_threes" in fields
    assert "sides[1].table_points" in fields
    assert all(e["message"] for e in res.get_json()["errors"])


@pytest.mark.parametrize(
    "body",
    [
        b"not json",
        b"[1, 2]",
        b'"text"',
        b"{}",
        b'{"sides": 3}',
        b'{"sides": [1, 2]}',
        b'{"sides": {"a": 1}}',
    ],
)
def test_malformed_bodies_are_400(client, body):
    res = client.post("/api/v1/score", data=body, content_type="application/json")
    assert res.status_code == 400
    assert res.get_json()["errors"]


@pytest.mark.parametrize(
    "side, field",
    [
        ({"red_threes": "three"}, "sides[0].red_threes"),
        ({"red_threes": -1}, "sides[0].red_threes"),
        ({"table_points": 12.5}, "sides[0].table_points"),
        ({"table_points": True}, "sides[0].table_points"),
        ({"canastas": {"golden": 1}}, "sides[0].canastas.golden"),
        ({"canastas": [1]}, "sides[0].canastas"),
        ({"penalties": {"nope": 1}}, "sides[0].penalties.nope"),
        ({"premios": {"nope": 1}}, "sides[0].premios.nope"),
        ({"going_out": "flying"}, "sides[0].going_out"),
        ({"going_out": 7}, "sides[0].going_out"),
        ({"surprise": 1}, "sides[0].surprise"),
    ],
)
def test_bad_fields_are_422(client, side, field):
    body = {"ruleset": "classic", "end": "stock_out", "sides": [side, {}]}
    res = client.post("/api/v1/score", json=body)
    assert res.status_code == 422, res.get_json()
    assert field in {e["field"] for e in res.get_json()["errors"]}


#: The impossible hands an auditor found accepted (issue 21), each with the field it is refused on.
IMPOSSIBLE = [
    # Two packs hold 8 of a rank: one natural canasta a rank, eleven ranks. (Six on a side
    # hold 4 x 35 of 4s to 7s and 2 x 70 of 8s to kings at least; thirty are past all the
    # packs' 1,180 points.)
    ("classic", [{"canastas": {"natural": 6}, "table_points": 280},
                 {"canastas": {"natural": 6}, "table_points": 280}], "sides[1].canastas.natural"),
    ("classic", [{"canastas": {"natural": 30}, "table_points": 1180}, {}],
     "sides[0].canastas.natural"),
    # American: sevens and aces are kinds of their own, nine ranks remain (three of them of
    # 4s to 6s: six natural canastas hold 3 x 35 + 3 x 70 at least, five 3 x 35 + 2 x 70).
    ("american", [{"canastas": {"natural": 6}, "table_points": 315},
                  {"canastas": {"natural": 5}, "table_points": 245}],
     "sides[1].canastas.natural"),
    # A sevens (aces) canasta and an unfinished sevens (aces) meld: 10 of 8.
    ("american", [{"canastas": {"sevens": 1}, "table_points": 35},
                  {"unfinished_canastas": {"sevens": 1}, "table_points": 15}],
     "sides[1].unfinished_canastas.sevens"),
    ("american", [{"canastas": {"aces": 1}, "table_points": 140},
                  {"unfinished_canastas": {"aces": 1}, "table_points": 60}],
     "sides[1].unfinished_canastas.aces"),
    # Five unfinished wild melds: 15 of 12 wild cards.
    ("american", [{"unfinished_canastas": {"wild": 5}, "table_points": 300}, {}],
     "sides[0].unfinished_canastas.wild"),
    # A four-joker canasta and a four-joker meld: 8 of 4 jokers.
    ("american", [{"canastas": {"wild_four_jokers": 1},
                   "unfinished_canastas": {"wild_four_jokers": 1}, "table_points": 460}, {}],
     "sides[0].unfinished_canastas.wild_four_jokers"),
    # A four-joker meld's jokers alone are 200.
    ("american", [{"unfinished_canastas": {"wild_four_jokers": 1}, "table_points": 60}, {}],
     "sides[0].table_points"),
]


@pytest.mark.parametrize(("ruleset", "sides", "field"), IMPOSSIBLE)
def test_impossible_hands_are_422(client, ruleset, sides, field):
    body = {"ruleset": ruleset, "end": "stock_out", "sides": sides}
    res = client.post("/api/v1/score", json=body)
    assert res.status_code == 422, res.get_json()
    assert [e["field"] for e in res.get_json()["errors"]] == [field]


@pytest.mark.parametrize(("ruleset", "sides"), [
    # Eleven natural canastas (nine, American); a meld of sevens on each side (3 + 3 of 8);
    # four wild melds (12 wild cards); the four-joker meld at 200. The canastas' points: one
    # a rank, 4s to 7s at 35 (American: 4s to 6s, sevens being their own kind), 8s to kings
    # at 70, aces at 140; classic 4 x 35 + 2 x 70 and 4 x 70 + 140, American 3 x 35 + 2 x 70
    # and 4 x 70.
    ("classic", [{"canastas": {"natural": 6}, "table_points": 280},
                 {"canastas": {"natural": 5}, "table_points": 420}]),
    ("american", [{"canastas": {"natural": 5}, "table_points": 245},
                  {"canastas": {"natural": 4}, "table_points": 280}]),
    ("american", [{"unfinished_canastas": {"sevens": 1}, "table_points": 15},
                  {"unfinished_canastas": {"sevens": 1}, "table_points": 15}]),
    ("american", [{"unfinished_canastas": {"wild": 4}, "table_points": 240}, {}]),
    ("american", [{"unfinished_canastas": {"wild_four_jokers": 1}, "table_points": 200}, {}]),
])
def test_hands_at_the_deck_limits_are_counted(client, ruleset, sides):
    res = client.post("/api/v1/score", json={"ruleset": ruleset, "end": "stock_out",
                                            "sides": sides})
    assert res.status_code == 200, res.get_json()


def test_unknown_ruleset_is_422(client):
    res = client.post("/api/v1/score", json={"ruleset": "poker", "sides": [{}, {}]})
    assert res.status_code == 422
    assert res.get_json()["errors"][0]["field"] == "ruleset"


def test_spanish_messages(client):
    body = {"ruleset": "classic", "end": "stock_out", "sides": [{"red_threes": -1}, {}]}
    res = client.post("/api/v1/score?lang=es", json=body,
                      headers={"Accept-Language": "es"})
    assert res.status_code == 422
    message = res.get_json()["errors"][0]["message"]
    assert message  # translated when the catalogue has it; never empty


def test_oversized_body_is_413(client):
    res = client.post("/api/v1/score", data=b"{" + b" " * (1024 * 1024 + 10) + b"}",
                      content_type="application/json")
    assert res.status_code == 413
    assert res.is_json


def test_rulesets_list_and_detail(client):
    res = client.get("/api/v1/rulesets")
    assert res.status_code == 200
    listed = {r["id"]: r for r in res.get_json()["rulesets"]}
    assert {"classic", "la-canasta", "comodines", "torneo"} <= set(listed)
    # Fourteen presets, each with the rule texts it follows (RULES.md's numbers, VARIANTS.md's
    # and VARIANTS-2.md's source keys).
    assert len(listed) == 14
    assert listed["la-canasta"]["sources"] == ["000"]
    assert listed["burraco"]["sources"][:2] == ["P-BI", "MYB"]
    assert listed["hand-and-foot"]["sources"][0] == "P-HF"
    assert all(r["sources"] for r in listed.values())
    detail = client.get("/api/v1/rulesets/la-canasta").get_json()
    assert detail["canastas"] == {"natural": 500, "mixed": 300}
    assert detail["going_out"]["abatir_first_turn_alone"] == 1000
    assert detail["target"] == 5000
    penalties = [{"id": p["id"], "points": p["points"]} for p in detail["penalties"]]
    assert {"id": "two_cards_instead_of_one", "points": 50} in penalties
    assert len(penalties) == 10
    assert detail["opening_minimums"]["negative"] == 15
    assert [b["minimum"] for b in detail["opening_minimums"]["bands"]] == [50, 90, 120]
    assert client.get("/api/v1/rulesets/comodines").get_json()["canastas"]["wild"] == 2000
    assert client.get("/api/v1/rulesets/torneo").get_json()["target"] == 15000


def test_unknown_ruleset_detail_is_404(client):
    res = client.get("/api/v1/rulesets/poker")
    assert res.status_code == 404
    assert res.is_json


@pytest.mark.parametrize("score, minimum", [(-5, 15), (0, 50), (1495, 50), (1500, 90),
                                            (2995, 90), (3000, 120), (1650, 90)])
def test_opening_minimum(client, score, minimum):
    res = client.get(f"/api/v1/opening-minimum?ruleset=classic&score={score}")
    assert res.status_code == 200
    assert res.get_json()["minimum"] == minimum


@pytest.mark.parametrize("query, field", [
    ("ruleset=classic&score=abc", "score"),
    ("ruleset=classic", "score"),
    ("ruleset=poker&score=10", "ruleset"),
    ("ruleset=classic&score=99999999999", "score"),
])
def test_opening_minimum_errors(client, query, field):
    res = client.get(f"/api/v1/opening-minimum?{query}")
    assert res.status_code == 422
    assert res.get_json()["errors"][0]["field"] == field


def test_openapi_document(client):
    res = client.get("/api/v1/openapi.json")
    assert res.status_code == 200
    doc = res.get_json()
    assert doc["openapi"].startswith("3.")
    for path in ("/score", "/rulesets", "/rulesets/{ruleset_id}", "/opening-minimum",
                 "/games", "/games/{game_id}", "/games/{game_id}/hands",
                 "/games/{game_id}/hands/{number}"):
        assert path in doc["paths"]


def test_unknown_api_route_is_json_404(client):
    res = client.get("/api/v1/nothing-here")
    assert res.status_code == 404
    assert res.is_json


def test_wrong_method_is_json_405(client):
    res = client.get("/api/v1/score")
    assert res.status_code == 405
    assert res.is_json


def test_a_ruleset_lists_its_canasta_kinds_with_their_bonuses(client):
    res = client.get("/api/v1/rulesets/comodines")
    assert res.status_code == 200
    kinds = res.get_json()["canasta_kinds"]
    # 001: "Canasta limpia ... 500", "sucia (con 1 a 3 comodines): 300", de comodines 2,000.
    assert [(k["id"], k["points"], k["holds"], k["max_wild"]) for k in kinds] == [
        ("natural", 500, "natural", None), ("mixed", 300, "mixed", 3),
        ("wild", 2000, "wild", None)]
    assert [k["minimum_card_points"] for k in kinds] == [35, 50, 140]
    es = client.get("/api/v1/rulesets/comodines", headers={"Accept-Language": "es"})
    assert [k["label"] for k in es.get_json()["canasta_kinds"]] == [
        "Canasta limpia", "Canasta sucia", "Canasta de comodines"]


def test_a_kind_the_ruleset_does_not_have_is_a_field_error(client):
    res = client.post("/api/v1/score", json={
        "ruleset": "classic",
        "sides": [{"table_points": 70, "canastas": {"natural": 1, "aces": 1},
                   "going_out": "normal"}, {}]})
    assert res.status_code == 422
    assert "sides[0].canastas.aces" in {e["field"] for e in res.get_json()["errors"]}


def test_american_aces_and_sevens_held_by_one_player_count_3000(client):
    # [CJ]: "minus 1,500 points for each set... If you have both, you'll face a double penalty
    # of minus 3,000": the partner of the player who went out holds three aces and three sevens.
    body = {"ruleset": "american", "end": "went_out", "sides": [
        {"going_out": "normal", "canastas": {"natural": 2}, "table_points": 140,
         "hand_cards": {"aces": 3, "fours_to_sevens": 3}, "aces_or_sevens_held": 2},
        {"table_points": 0}]}
    res = client.post("/api/v1/score", json=body)
    assert res.status_code == 200, res.get_json()
    lines = {line["id"]: line["points"] for line in res.get_json()["sides"][0]["lines"]}
    assert lines["aces_or_sevens_held"] == -3000
    assert res.get_json()["totals"][0] == 1000 + 100 + 140 - 3000 - 75
    # Three sets are more than the one player left holding cards can have.
    body["sides"][0]["aces_or_sevens_held"] = 3
    res = client.post("/api/v1/score", json=body)
    assert res.status_code == 422
    assert [e["field"] for e in res.get_json()["errors"]] == ["sides[0].aces_or_sevens_held"]


def test_six_players_with_three_sides_are_three_pairs(client):
    # 001's three pairs: three packs, six red 3s. Refused before as "two teams of three".
    body = {"ruleset": "comodines", "players": 6, "end": "stock_out", "sides": [
        {"table_points": 70, "canastas": {"natural": 1}, "red_threes": 6},
        {"table_points": 50}, {"table_points": 0}]}
    res = client.post("/api/v1/score", json=body)
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["format"] == "6-pairs"
    # 500 for the canasta, 800 for all six red 3s of the three packs, 70 on the table.
    assert res.get_json()["totals"] == [1370, 50, 0]
    # Two sides: the two teams of three (two packs: all four red 3s are the 800).
    body["sides"] = body["sides"][:2]
    body["sides"][0]["red_threes"] = 4
    res = client.post("/api/v1/score", json=body)
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["format"] == "6-teams"
    assert res.get_json()["totals"] == [1370, 50]
