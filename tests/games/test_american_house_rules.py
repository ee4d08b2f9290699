"""Modern American house rules: pagat's garbage at 2,000 (VARIANTS.md 1, "pagat's 2000 for
garbage as a house option") and a 3 stuck in hand at 5, set on the edit form."""

from __future__ import annotations

from test_house_rules import form_of, make_house

from scorekeeper.engine import count_hand
from scorekeeper.services import house_rules as service


def test_special_hands_on_the_edit_form(client):
    house_id = make_house(client, "american", name="Pagat's garbage")
    html = client.get(f"/games/house-rules/{house_id}").get_data(as_text=True)
    assert "Special hands" in html and "Garbage (4-4-3-3)" in html
    form = form_of(house_id)
    (row,) = [k.removesuffix(".id") for k, v in form.items()
              if k.startswith("special_hands[") and v == "garbage"]
    form[f"{row}.points"] = "2000"
    form["red_threes.each_in_hand_penalty"] = "5"
    form["black_threes.each_in_hand_penalty"] = ""
    assert client.post(f"/games/house-rules/{house_id}", data=form).status_code == 303
    rs = service.find(house_id)
    assert rs.special_hand("garbage").points == 2000
    assert rs.special_hand("straight").points == 3000
    _, result = count_hand(rs, {"players": 4, "sides": [
        {"going_out": "normal", "special_hand": "garbage"},
        {"canastas": {"natural": 1}, "table_points": 70, "hand_cards": {"black_threes": 1},
         "red_threes_in_hand": 1}]})
    assert result.totals == (2000, 500 + 70 - 5 - 5)


def test_a_special_hand_row_may_be_removed(client):
    house_id = make_house(client, "american")
    form = form_of(house_id)
    (row,) = [k.removesuffix(".id") for k, v in form.items()
              if k.startswith("special_hands[") and v == "blast_off"]
    form[f"{row}.remove"] = "on"
    assert client.post(f"/games/house-rules/{house_id}", data=form).status_code == 303
    assert [h.id for h in service.find(house_id).special_hands] == [
        "seven_pairs", "seven_pairs_wild", "straight", "garbage", "miami_pairs", "zip_code"]
