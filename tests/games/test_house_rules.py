"""House rules: clone a preset, change every value through the form, errors, and old games."""

from __future__ import annotations

import re

import pytest
from game_helpers import form_of, make_house

from scorekeeper.engine import PRESETS, CanastaKind, TieRule, flow
from scorekeeper.engine.rule_types import RedThreesNegativeWhen
from scorekeeper.extensions import db
from scorekeeper.models import HouseRules
from scorekeeper.services import games as games_service
from scorekeeper.services import house_rules as service
from scorekeeper.services import record


def field_id(name: str) -> str:
    return "f-" + re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")


def errors_shown(html: str, name: str) -> str:
    """The text of the error element tied to input ``name``."""
    err_id = "err-" + re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")
    m = re.search(rf'<p class="field-error" id="{re.escape(err_id)}">([^<]*)</p>', html)
    assert m, f"no error element for {name}"
    return m.group(1)


def test_list_page_offers_every_preset(client):
    res = client.get("/games/house-rules")
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    for preset_id in PRESETS:
        assert f'value="{preset_id}"' in html
    assert "None yet." in html
    assert 'action="/games/house-rules/new"' in html


def test_clone_a_preset(client):
    house_id = make_house(client, "la-canasta", "Casa Pérez")
    assert re.fullmatch(r"house-casa-perez-[a-z0-9]{4}", house_id)
    house = db.session.get(HouseRules, house_id)
    assert house.name == "Casa Pérez" and house.based_on == "la-canasta"
    rs = service.find(house_id)
    assert rs.id == house_id and rs.name == "Casa Pérez" and rs.based_on == "la-canasta"
    # Every value is the preset's until changed.
    assert rs.canasta_count_premios == PRESETS["la-canasta"].canasta_count_premios
    assert rs.penalties == PRESETS["la-canasta"].penalties
    listed = client.get("/games/house-rules").get_data(as_text=True)
    assert f'href="/games/house-rules/{house_id}"' in listed


@pytest.mark.parametrize("data, field, message", [
    ({"preset": "classic", "name": "  "}, "name", "Give a name."),
    ({"preset": "poker", "name": "Ours"}, "preset", "Choose the rules to start from."),
    ({"preset": "classic", "name": "x" * 121}, "name", "At most 120 characters."),
])
def test_clone_errors(client, data, field, message):
    res = client.post("/games/house-rules/new", data=data)
    assert res.status_code == 422
    assert errors_shown(res.get_data(as_text=True), field) == message
    assert db.session.query(HouseRules).count() == 0


def test_edit_form_shows_every_value(client):
    house_id = make_house(client, "la-canasta")
    html = client.get(f"/games/house-rules/{house_id}").get_data(as_text=True)
    values = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', html))
    assert values["card_values.jokers"] == "50"
    assert values["canastas.natural"] == "500" and values["canastas.mixed"] == "300"
    assert values["canasta_count_premios.five"] == "500"
    assert values["canasta_count_premios.seven"] == "2000"
    assert values["red_threes.each_in_hand_penalty"] == "500"
    assert values["black_threes.all_shown_bonus"] == "500"
    assert values["black_threes.each_in_hand_penalty"] == ""  # not a rule in 000
    assert values["going_out_kinds[1].points"] == "1000"
    assert values["opening_minimums.negative"] == "15"
    assert values["opening_minimums.bands[2].from"] == "3000"
    assert values["opening_minimums.bands[2].minimum"] == "120"
    assert values["opening_minimums.bands[3].from"] == ""  # the spare row to add one
    assert values["target"] == "5000"
    assert values["penalties[0].points"] == "200"
    assert "premios[new].label" in html and "penalties[new].points" in html
    for name in ("red_threes.negative_when", "tie_rule", "stock_out_hand_cards"):
        assert f'name="{name}"' in html
    for name in ("canastas.wild_allowed", "canasta_count_premios.cumulative",
                 "going_out_requirement.wild_counts", "going_out_kinds[1].concealed",
                 "going_out_kinds[1].plus_going_out_bonus",
                 "going_out_kinds[1].hand_cards_positive", "penalties[0].remove"):
        assert f'name="{name}"' in html


def test_saving_the_form_unchanged_changes_nothing(client):
    house_id = make_house(client, "torneo")
    before = db.session.get(HouseRules, house_id).data
    res = client.post(f"/games/house-rules/{house_id}", data=form_of(house_id))
    assert res.status_code == 303
    db.session.expire_all()
    assert db.session.get(HouseRules, house_id).data == before
    # The labels stay the engine's msgids, so they are still translated when shown.
    assert service.find(house_id).premios == PRESETS["torneo"].premios


def test_change_every_kind_of_value(client):
    house_id = make_house(client, "classic")
    form = form_of(house_id)
    form.update({
        "name": "Los martes",
        "card_values.jokers": "60",
        "canastas.natural": "600",
        "canastas.wild_allowed": "on", "canastas.wild": "2000",
        "canasta_count_premios.five": "400", "canasta_count_premios.cumulative": "on",
        "red_threes.each": "150", "red_threes.negative_when": "no_canasta",
        "red_threes.each_in_hand_penalty": "500",
        "black_threes.each_in_hand_penalty": "100",
        "going_out_kinds[1].points": "300", "going_out_kinds[1].plus_going_out_bonus": "on",
        "going_out_requirement.canastas": "2",
        "opening_minimums.negative": "0",
        "opening_minimums.bands[1].from": "2000",
        "opening_minimums.bands[3].from": "4000", "opening_minimums.bands[3].minimum": "150",
        "target": "3000", "tie_rule": "draw", "stock_out_hand_cards": "ignored",
        "time_limit_minutes": "45",
        "premios[new].label": "Juego limpio", "premios[new].points": "250",
        "penalties[0].remove": "on", "penalties[1].remove": "on", "penalties[2].remove": "on",
        "penalties[new].label": "Mirar el pozo", "penalties[new].points": "50",
    })
    res = client.post(f"/games/house-rules/{house_id}", data=form)
    assert res.status_code == 303
    assert res.headers["Location"].endswith(f"/games/house-rules/{house_id}?saved=1")
    rs = service.find(house_id)
    assert rs.name == "Los martes" and db.session.get(HouseRules, house_id).name == "Los martes"
    assert rs.card_values.jokers == 60
    assert rs.canasta_points(CanastaKind.NATURAL) == 600
    assert rs.canasta_points(CanastaKind.WILD) == 2000
    assert (rs.canasta_count_premios.five, rs.canasta_count_premios.seven) == (400, None)
    assert rs.canasta_count_premios.cumulative is True
    assert rs.red_threes.each == 150
    assert rs.red_threes.negative_when is RedThreesNegativeWhen.NO_CANASTA
    assert rs.red_threes.each_in_hand_penalty == 500
    assert rs.black_threes.each_in_hand_penalty == 100
    concealed = rs.going_out_kind("concealed")
    assert concealed.points == 300 and concealed.plus_going_out_bonus is True
    assert rs.going_out_requirement.canastas == 2
    assert flow.opening(rs, total=-10).minimum == 0
    assert [(b.from_score, b.minimum) for b in rs.opening_minimums.bands] == [
        (0, 50), (2000, 90), (3000, 120), (4000, 150)]
    assert flow.opening(rs, total=2500).minimum == 90
    assert flow.opening(rs, total=4000).minimum == 150
    assert rs.target == 3000 and rs.tie_rule is TieRule.DRAW
    assert rs.stock_out_hand_cards.value == "ignored" and rs.time_limit_minutes == 45
    assert [(p.id, p.label, p.points) for p in rs.premios] == [
        ("juego-limpio", "Juego limpio", 250)]
    assert [(p.id, p.points) for p in rs.penalties] == [("mirar-el-pozo", 50)]
    page = client.get(res.headers["Location"]).get_data(as_text=True)
    assert "Saved." in page


def test_remove_a_band_and_the_wild_canasta(client):
    house_id = make_house(client, "comodines")
    form = form_of(house_id)
    form.pop("canastas.wild_allowed")
    form["opening_minimums.bands[1].from"] = ""
    form["opening_minimums.bands[1].minimum"] = ""
    form["time_limit_minutes"] = ""
    assert client.post(f"/games/house-rules/{house_id}", data=form).status_code == 303
    rs = service.find(house_id)
    assert not rs.allows(CanastaKind.WILD)
    assert [(b.from_score, b.minimum) for b in rs.opening_minimums.bands] == [(0, 50), (3000, 120)]
    assert rs.time_limit_minutes is None


@pytest.mark.parametrize("changes, field, message", [
    ({"card_values.jokers": "lots"}, "card_values.jokers", "Must be a whole number."),
    ({"card_values.aces": ""}, "card_values.aces", "Must be a whole number."),
    ({"canastas.mixed": "-300"}, "canastas.mixed", "Must be between 0 and 100,000."),
    ({"canastas.mixed": "99999999999999"}, "canastas.mixed", "Must be between 0 and 100,000."),
    ({"red_threes.negative_when": "sometimes"}, "red_threes.negative_when",
     "Must be one of: no_meld, no_canasta, short_of_going_out, by_canastas, never, always."),
    ({"target": "50"}, "target", "Must be between 100 and 100,000."),
    ({"time_limit_minutes": "0"}, "time_limit_minutes", "Must be between 1 and 600."),
    ({"going_out_kinds[0].points": "1.5"}, "going_out_kinds[0].points",
     "Must be a whole number."),
    ({"going_out_requirement.canastas": "16"}, "going_out_requirement.canastas",
     "No side can finish that many canastas."),
    ({"opening_minimums.bands[0].from": "100"}, "opening_minimums.bands[0].from",
     "The first row must start at 0."),
    ({"opening_minimums.bands[2].from": "1000"}, "opening_minimums.bands[2].from",
     "Each row must start above the one before."),
    ({"opening_minimums.bands[3].from": "3003", "opening_minimums.bands[3].minimum": "150"},
     "opening_minimums.bands[3].from", "Must be a multiple of 5."),
    ({"name": ""}, "name", "Must be a text of 1 to 120 characters."),
    ({"penalties[0].points": ""}, "penalties[0].points", "Must be a whole number."),
    ({"penalties[0].label": ""}, "penalties[0].label",
     "Must be a text of 1 to 120 characters."),
    ({"premios[new].points": "100"}, "premios[new].label",
     "Must be a text of 1 to 120 characters."),
])
def test_errors_next_to_the_field_and_nothing_saved(client, changes, field, message):
    house_id = make_house(client, "classic")
    before = db.session.get(HouseRules, house_id).data
    form = {**form_of(house_id), **changes}
    res = client.post(f"/games/house-rules/{house_id}", data=form)
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    assert errors_shown(html, field) == message
    assert 'aria-invalid="true"' in html
    assert re.search(rf'<a href="#{re.escape(field_id(field))}">[^<]+: {re.escape(message)}</a>',
                     html)
    assert "Nothing was saved" in html
    # What was typed is shown again, for the player to correct.
    for name, value in changes.items():
        if value and name != "red_threes.negative_when":  # a select shows its own choices
            assert f'value="{value}"' in html
    db.session.expire_all()
    assert db.session.get(HouseRules, house_id).data == before


def test_error_on_a_row_after_a_removed_row_stays_on_its_row(client):
    house_id = make_house(client, "la-canasta")
    form = form_of(house_id)
    form["penalties[0].remove"] = "on"
    form["penalties[2].points"] = "much"
    res = client.post(f"/games/house-rules/{house_id}", data=form)
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    assert errors_shown(html, "penalties[2].points") == "Must be a whole number."
    assert errors_shown(html, "penalties[1].points") == ""
    # The list at the top names the field: the penalty as it was shown.
    assert ('<a href="#f-penalties-2-points">Penalties, Taking a card out of turn and mixing '
            "it into the hand: Points: Must be a whole number.</a>") in html
    assert len(service.find(house_id).penalties) == len(PRESETS["la-canasta"].penalties)


def test_unknown_house_rules_are_404(client):
    assert client.get("/games/house-rules/house-nobody-0000").status_code == 404
    assert client.post("/games/house-rules/house-nobody-0000", data={}).status_code == 404
    assert client.post("/games/house-rules/house-nobody-0000/delete").status_code == 404
    assert client.get("/games/house-rules/classic").status_code == 404
    assert service.find("classic") is None
    assert client.get("/games/house-rules/new").status_code == 303


def test_parsed_rules_are_cached_per_version(client):
    house_id = make_house(client)
    first = service.find(house_id)
    assert service.find(house_id) is first
    form = {**form_of(house_id), "target": "4000"}
    client.post(f"/games/house-rules/{house_id}", data=form)
    db.session.expire_all()
    changed = service.find(house_id)
    assert changed is not first and changed.target == 4000


def test_house_rules_count_through_the_score_api(client):
    house_id = make_house(client)
    client.post(f"/games/house-rules/{house_id}",
                data={**form_of(house_id), "canastas.natural": "700"})
    body = {"ruleset": house_id, "players": 4, "end": "went_out", "sides": [
        {"table_points": 200, "hand_points": 0, "canastas": {"natural": 1},
         "going_out": "normal"},
        {"table_points": 100, "hand_points": 30}]}
    res = client.post("/api/v1/score", json=body)
    assert res.status_code == 200
    # 700 for the natural canasta + 100 for going out + 200 on the table.
    assert res.get_json()["totals"] == [1000, 70]


HAND = {"end": "went_out", "sides": [
    {"table_points": 200, "hand_points": 0, "canastas": {"natural": 1}, "going_out": "normal"},
    {"table_points": 100, "hand_points": 30}]}


def test_a_game_keeps_the_rules_it_started_with(client):
    house_id = make_house(client)
    new = games_service.create_game(service.find(house_id),
                                    sides=[{"name": "Nosotros"}, {"name": "Ellos"}])
    record.add_hand(new.view_token, HAND, by="scorekeeper")
    db.session.commit()
    # 500 natural canasta + 100 going out + 200 table; 100 table - 30 in hand.
    assert games_service.game_state(new.game).totals == (800, 70)

    form = {**form_of(house_id), "canastas.natural": "1000", "going_out_kinds[0].points": "300",
            "target": "2000"}
    assert client.post(f"/games/house-rules/{house_id}", data=form).status_code == 303
    db.session.expire_all()

    game = games_service.find_game(new.view_token)
    assert games_service.game_state(game).totals == (800, 70)
    assert games_service.count(game, HAND)[1].totals == (800, 70)
    assert game.target == 5000
    # A game started now counts with the new values: 1000 + 300 + 200.
    later = games_service.create_game(service.find(house_id))
    assert games_service.count(later.game, HAND)[1].totals == (1500, 70)
    assert later.game.target == 2000

    # Deleting the house rules leaves the old game whole.
    assert client.post(f"/games/house-rules/{house_id}/delete").status_code == 303
    db.session.expire_all()
    assert db.session.get(HouseRules, house_id) is None
    game = games_service.find_game(new.view_token)
    assert games_service.game_state(game).totals == (800, 70)
    assert client.get(f"/games/{new.view_token}").status_code == 200


def test_forged_rows_are_ignored_not_a_crash(client):
    house_id = make_house(client)
    form = {**form_of(house_id), "opening_minimums.bands[x].from": "5",
            "opening_minimums.bands[99999].from": "5", "premios[0].id": "nope",
            "premios[0].label": "Forged", "premios[0].points": "5"}
    res = client.post(f"/games/house-rules/{house_id}", data=form)
    assert res.status_code == 303
    rs = service.find(house_id)
    assert rs.premios == () and len(rs.opening_minimums.bands) == 3


def test_start_a_game_with_house_rules_through_the_form(client):
    from game_helpers import post_hand, start_game

    house_id = make_house(client, name="Los martes")
    client.post(f"/games/house-rules/{house_id}",
                data={**form_of(house_id), "canastas.mixed": "400"})
    game_id = start_game(client, ruleset=house_id)
    post_hand(client, game_id)
    game = games_service.find_game(game_id)
    assert game.ruleset_id == house_id and game.ruleset_name == "Los martes"
    # The worked hand with a mixed canasta worth 400: 2 x 400 + 100 + 355 - 20 = 1,235.
    assert games_service.game_state(game).totals == (1235, 535)
