"""Red 3s by count, a table declared once (``RedThreeRules.by_count``): points in all for 1, 2,
3… red 3s (VARIANTS.md 5, Cuban: "1: 100; 2: 300; 3: 500; 4: 1000" [RG-C]; [BN-J]). An empty
table keeps each red 3 and all of the deck's (classic: 100 each, 800 for four).

The table is checked here on a copy of classic, as a house rule would set it, in every place
that lists rule values: the count, the dict form, the house-rules form, the OpenAPI schema, the
API's rule set (with the derived ``red_three_table``) and the rules card.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper.api.openapi import document
from scorekeeper.engine import (
    PRESETS,
    EntryErrors,
    count_hand,
    find_ruleset,
    ruleset_from_dict,
    ruleset_to_dict,
    with_values,
)
from scorekeeper.engine.ruleset_data import red_three_table
from scorekeeper.engine.rulesets import RuleSet, vary
from scorekeeper.games.house_rules_form import data_from_form, form_sections, form_values
from scorekeeper.sheets.layout import bonus_values

CLASSIC = find_ruleset("classic")
#: Classic with VARIANTS.md 5's table: 1: 100; 2: 300; 3: 500; 4: 1000.
TABLED = vary(CLASSIC, {"red_threes.by_count": (100, 300, 500, 1000)}, id="tabled",
              name="Tabled", based_on=None)
OUT = {"canastas": {"natural": 1}, "going_out": "normal", "table_points": 35}


def totals(rs: RuleSet, *sides: dict[str, Any]) -> tuple[int, ...]:
    _, result = count_hand(rs, {"players": 4, "sides": list(sides)})
    for side in result.sides:
        assert side.total == sum(line.points for line in side.lines)
    return result.totals


def red_line(rs: RuleSet, *sides: dict[str, Any], side: int = 0) -> tuple[int, str]:
    _, result = count_hand(rs, {"players": 4, "sides": list(sides)})
    (line,) = [ln for ln in result.sides[side].lines if ln.id == "red_threes"]
    return line.points, line.text


@pytest.mark.parametrize(("count", "points"), [(1, 100), (2, 300), (3, 500), (4, 1000)])
def test_the_table_gives_the_points_in_all(count: int, points: int) -> None:
    # Going out with a natural canasta (35 on the table): 500 + 100 + the table's row + 35.
    assert red_line(TABLED, {**OUT, "red_threes": count}, {}) == (
        points, f"Red 3s × {count}")
    assert totals(TABLED, {**OUT, "red_threes": count}, {}) == (635 + points, 0)


def test_against_the_side_as_negative_when_says() -> None:
    # Classic's "no meld": a side that melded nothing pays the table's row. Two red 3s: -300.
    assert red_line(TABLED, OUT, {"red_threes": 2, "hand_points": 10}, side=1) == (
        -300, "Red 3s × 2, against: no meld")
    assert totals(TABLED, OUT, {"red_threes": 2, "hand_points": 10}) == (635, -310)


def test_an_empty_table_keeps_each_and_all() -> None:
    # Classic: 100 each; all four 800 ("Red threes | 100 each, all four 800", 0.1 [BRIT]).
    assert CLASSIC.red_threes.by_count == ()
    assert red_line(CLASSIC, {**OUT, "red_threes": 3}, {})[0] == 300
    assert red_line(CLASSIC, {**OUT, "red_threes": 4}, {}) == (800, "All 4 red 3s")


def test_each_and_all_are_not_in_force_under_a_table() -> None:
    # 002's red 3s have no value (asked at the start); a table gives them one.
    torneo = find_ruleset("torneo")
    assert ("red_threes.each", "Each red 3") in torneo.missing_values()
    tabled = vary(torneo, {"red_threes.by_count": (100, 200, 300, 400, 500, 600)})
    assert "red_threes.each" not in dict(tabled.missing_values())
    _, result = count_hand(with_values(tabled, {
        "canastas.wild": 1000, "going_out.normal": 100, "premios.juego_limpio": 1,
        "premios.canastilla": 1, "premios.canaston": 1, "premios.canasta_de_moda": 1,
        "premios.canasta_doble": 1, "premios.canasta_triple": 1}),
        {"players": 4, "sides": [{**OUT, "red_threes": 5}, {}]})
    assert result.sides[0].points_of("red_threes") == 500


def test_more_red_threes_than_the_table_is_refused() -> None:
    short = vary(TABLED, {"red_threes.by_count": (100, 300)})
    with pytest.raises(EntryErrors) as info:
        count_hand(short, {"players": 4, "sides": [{**OUT, "red_threes": 3}, {}]})
    assert [(e.field, e.message) for e in info.value.errors] == [
        ("sides[0].red_threes", "This rule set's red-3 table goes up to 2 red 3s.")]


def test_dict_form_writes_and_reads_it() -> None:
    assert ruleset_to_dict(TABLED)["red_threes"]["by_count"] == [100, 300, 500, 1000]
    assert ruleset_to_dict(CLASSIC)["red_threes"]["by_count"] == []
    back = ruleset_from_dict({"red_threes": {"by_count": [100, 200]}}, base=TABLED)
    assert back.red_threes.by_count == (100, 200)
    assert ruleset_from_dict({"red_threes": {"by_count": None}}, base=TABLED
                             ).red_threes.by_count == ()
    # Stored copies from before the table read as the base's.
    assert ruleset_from_dict({"red_threes": {"each": 100}}, base=TABLED
                             ).red_threes.by_count == (100, 300, 500, 1000)


@pytest.mark.parametrize(("raw", "message"), [
    ([100, "x"], "Each must be a whole number between 0 and 100000."),
    ([100, -5], "Each must be a whole number between 0 and 100000."),
    ([100, True], "Each must be a whole number between 0 and 100000."),
    ([100, 200_000], "Each must be a whole number between 0 and 100000."),
    (list(range(13)), "Give a list of at most 12 whole numbers."),
    ("100, 300", "Give a list of at most 12 whole numbers."),
])
def test_dict_form_refuses_a_bad_table(raw: Any, message: str) -> None:
    with pytest.raises(EntryErrors) as info:
        ruleset_from_dict({"red_threes": {"by_count": raw}}, base=CLASSIC)
    assert [(e.field, e.message) for e in info.value.errors] == [
        ("red_threes.by_count", message)]


def test_house_rules_form_asks_for_it() -> None:
    (field,) = [f for title, fs in form_sections(TABLED) if title == "Red 3s" for f in fs
                if f.name == "red_threes.by_count"]
    assert (field.label, field.kind) == (
        "Red 3s by count: points in all for 1, 2, 3… red 3s", "table")
    values = form_values(TABLED)
    assert values["red_threes.by_count"] == "100, 300, 500, 1000"
    assert form_values(CLASSIC)["red_threes.by_count"] == ""
    data, _ = data_from_form(TABLED, {**values, "red_threes.by_count": "100 ,200; 400  800"})
    assert data["red_threes"]["by_count"] == [100, 200, 400, 800]
    data, _ = data_from_form(TABLED, {**values, "red_threes.by_count": "  "})
    assert data["red_threes"]["by_count"] == []
    data, _ = data_from_form(TABLED, {**values, "red_threes.by_count": "100, lots"})
    with pytest.raises(EntryErrors) as info:
        ruleset_from_dict(data, base=TABLED)
    assert [e.field for e in info.value.errors] == ["red_threes.by_count"]


def test_house_rules_made_by_the_api_edited_on_the_page(client) -> None:
    made = client.post("/api/v1/house-rules", json={
        "based_on": "classic", "name": "Casa", "red_threes": {"by_count": [100, 300]}})
    assert made.status_code == 201, made.get_json()
    house = made.get_json()
    edit = client.get(house["edit_url"], follow_redirects=True).get_data(as_text=True)
    assert re.search(r'<label for="f-red_threes-by_count">Red 3s by count: points in all for '
                     r'1, 2, 3… red 3s</label>', edit)
    assert 'name="red_threes.by_count" value="100, 300"' in edit
    # The form as the page fills it in: the values the API shows, read back.
    shown = client.get(f"/api/v1/house-rules/{house['id']}").get_json()
    page_values = form_values(ruleset_from_dict(shown, base=CLASSIC))
    saved = client.post(house["url"], data={**page_values, "red_threes.by_count": "100 300 500"})
    assert saved.status_code == 303
    data = client.get(f"/api/v1/house-rules/{house['id']}").get_json()
    assert data["red_threes"]["by_count"] == [100, 300, 500]
    assert data["red_three_table"] == [{"packs": 2, "points": [100, 300, 500, None]}]
    refused = client.post(house["url"], data={**page_values, "red_threes.by_count": "100, -3"})
    assert refused.status_code == 422
    assert ('id="err-red_threes-by_count">Each must be a whole number between 0 and 100,000.<'
            in refused.get_data(as_text=True))


def test_api_lists_the_red_three_table(client) -> None:
    # Classic (0.1): 100 each, all four 800; its two-player game plays two packs too.
    classic = client.get("/api/v1/rulesets/classic").get_json()
    assert classic["red_three_table"] == [{"packs": 2, "points": [100, 200, 300, 800]}]
    # Samba: 100 each, all six 1,000 (VARIANTS.md 2).
    samba = client.get("/api/v1/rulesets/samba").get_json()
    assert samba["red_three_table"] == [{"packs": 3,
                                         "points": [100, 200, 300, 400, 500, 1000]}]
    # 001 plays two and three packs: all four 800 with two; with three, 100 each and all six
    # have no bonus of their own (800 is "all red 3s of the deck": six).
    comodines = client.get("/api/v1/rulesets/comodines").get_json()
    assert comodines["red_three_table"] == [
        {"packs": 2, "points": [100, 200, 300, 800]},
        {"packs": 3, "points": [100, 200, 300, 400, 500, 800]}]
    # 002 gives no value: asked at the start.
    torneo = client.get("/api/v1/rulesets/torneo").get_json()
    assert torneo["red_three_table"] == [{"packs": 3, "points": [None] * 6}]


def test_red_three_table_past_the_table() -> None:
    short = vary(TABLED, {"red_threes.by_count": (100, 300)})
    assert red_three_table(short) == [{"packs": 2, "points": [100, 300, None, None]}]


def test_openapi_document_describes_it() -> None:
    schema = document()["components"]["schemas"]["RuleSet"]
    red = schema["properties"]["red_threes"]
    assert red["properties"]["by_count"] == {
        "type": ["array", "null"], "maxItems": 12,  # null, as [], is no table
        "items": {"type": "integer", "minimum": 0, "maximum": 100_000},
        "description": "Red 3s by count: points in all for 1, 2, 3… red 3s "
                       "(sources: RG-C, BN-J, RG-I, HSW-I)"}
    assert "by_count" in red["required"]
    assert "red_three_table" in schema["required"]


def test_rules_card_and_sheet_show_the_rows(client, monkeypatch) -> None:
    monkeypatch.setitem(PRESETS, "tabled", TABLED)
    page = client.get("/rules/tabled").get_data(as_text=True)
    for count, points in ((1, "100"), (2, "300"), (3, "500"), (4, "1,000")):
        assert re.search(rf'<th scope="row">Red 3s × {count}</th><td class="num">\+{points}</td>',
                         page), count
    # Each red 3 and all four are replaced: not on the card.
    assert "Each red 3<" not in page
    assert "All the red 3s of the deck, instead" not in page
    classic = client.get("/rules/classic").get_data(as_text=True)
    assert "Red 3s × 1<" not in classic and "Each red 3<" in classic
    rows = [(v.label % v.params if v.params else v.label, v.points)
            for v in bonus_values(TABLED)]
    assert [r for r in rows if r[0].startswith("Red 3s")] == [
        ("Red 3s × 1", 100), ("Red 3s × 2", 300), ("Red 3s × 3", 500), ("Red 3s × 4", 1000)]
    assert not [r for r in rows if "red 3" in r[0].lower() and not r[0].startswith("Red 3s ×")]


def test_spanish_card(client, monkeypatch) -> None:
    monkeypatch.setitem(PRESETS, "tabled", TABLED)
    page = client.get("/rules/tabled", headers={"Accept-Language": "es"}).get_data(as_text=True)
    assert "Treses rojos × 4" in page
