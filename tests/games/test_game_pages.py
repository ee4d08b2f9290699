"""The game pages through the test client: start, count, fix, share, finish."""

from __future__ import annotations

import io
import re

import pytest
import segno
from game_helpers import WORKED_HAND, edit_token_of, post_hand, start_game
from sqlalchemy import event

from scorekeeper.extensions import db
from scorekeeper.models import Game

pytestmark = pytest.mark.usefixtures("app_context")


def text(res) -> str:
    return res.get_data(as_text=True)


def error_for(html: str, name: str) -> str:
    """The message shown next to input ``name`` (``sides[0].red_threes``)."""
    slot = "err-" + re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")
    m = re.search(rf'<p class="field-error" id="{re.escape(slot)}"[^>]*>(.*?)</p>', html, re.S)
    assert m, f"no error slot for {name}"
    return m.group(1).strip()


# -- starting a game ---------------------------------------------------------------------------


def test_new_game_form_defaults(client):
    res = client.get("/games/new")
    assert res.status_code == 200
    html = text(res)
    assert re.search(r'<option [^>]*selected value="classic">', html)
    assert re.search(r'<input checked [^>]*name="players" type="radio" value="4"', html)
    assert 'name="target"' in html and 'value="5000"' in html  # the rule set's target
    assert "Start the game" in html


def test_new_game_in_the_language_chosen(client):
    from flask_babel import refresh

    refresh()  # the tests' shared app context would keep the first request's language
    html = text(client.get("/games/new?lang=es"))
    assert re.search(r'<option selected value="es">', html)
    assert re.search(r'<option [^>]*selected value="classic">', html)


def test_two_taps_start_a_game(client):
    # The form posted untouched (what "Start the game" sends) starts a classic game.
    res = client.post("/games/new", data={"ruleset": "classic", "players": "4"})
    assert res.status_code == 303
    game_id = res.headers["Location"].rsplit("/", 1)[-1]
    game = db.session.execute(db.select(Game)).scalar_one()
    assert (game.ruleset_id, game.format_id, game.target) == ("classic", "4", 5000)
    assert [s.name for s in game.sides] == ["Side 1", "Side 2"]
    assert edit_token_of(client, game_id)
    html = text(client.get(f"/games/{game_id}"))
    assert "Count this hand" in html


def test_new_game_with_names_target_and_dealer(client):
    game_id = start_game(client, target="3000", first_dealer="1", language="es")
    html = text(client.get(f"/games/{game_id}"))
    assert "Nosotros" in html and "Ana · Luis" in html
    assert "Playing to 3,000" in html
    # Seat 1 is the first player of the second side, who has no name: the side's.
    assert "Ellos, player 1 deals" in html


def test_new_game_other_rules_show_their_formats(client):
    html = text(client.get("/games/new?ruleset=comodines"))
    for fmt in ("2", "3", "4", "6-teams", "6-pairs"):
        assert f'value="{fmt}"' in html
    # Three sides: three name fields; six players in three pairs: two players each.
    html = text(client.get("/games/new?ruleset=comodines&players=6-pairs"))
    assert 'name="side_2_name"' in html and 'name="side_2_player_1"' in html
    assert 'name="side_0_player_2"' not in html


@pytest.mark.parametrize("fields, field, message", [
    ({"target": "lots"}, "target", "Not a valid integer value"),
    ({"target": "50"}, "target", "from 100 to 100,000"),
    ({"side_0_name": "x" * 61}, "side_0_name", "longer than 60"),
    ({"players": "5"}, "players", "Choose how many play."),
    ({"ruleset": "poker"}, "ruleset", "There is no rule set called “poker”."),
])
def test_new_game_errors(client, fields, field, message):
    res = client.post("/games/new", data={"ruleset": "classic", "players": "4",
                                          "shown_ruleset": fields.get("ruleset", "classic"),
                                          **fields})
    assert res.status_code == 422
    assert message in error_for(text(res), field)
    assert db.session.execute(db.select(Game)).first() is None


def test_torneo_asks_for_the_values_it_leaves_open(client):
    html = text(client.get("/games/new?ruleset=torneo"))
    assert 'name="value_red_threes_each"' in html
    assert 'name="target"' in html and 'value="15000"' in html
    res = client.post("/games/new", data={"ruleset": "torneo", "players": "4",
                                          "shown_ruleset": "torneo"})
    assert res.status_code == 422
    assert error_for(text(res), "value_red_threes_each")
    values = {f"value_{k}": "100" for k in (
        "canastas_wild", "going_out_normal", "red_threes_each", "premios_juego_limpio",
        "premios_canastilla", "premios_canaston", "premios_canasta_de_moda",
        "premios_canasta_doble", "premios_canasta_triple")}
    values["value_red_threes_each"] = "150"
    game_id = start_game(client, ruleset="torneo", **values)
    # Red 3s count 150 each in this game: 2 x 150 + 300 table - 0 = 600 (+ closing 100).
    res = post_hand(client, game_id, {
        "end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.natural": "1",
        "sides[0].table_points": "300", "sides[0].red_threes": "2",
        "sides[1].table_points": "100"})
    assert res.status_code == 303
    game = db.session.execute(db.select(Game)).scalar_one()
    assert game.hands[0].totals == [500 + 300 + 100 + 300, 100]


def test_changing_rules_without_javascript_keeps_the_form(client):
    res = client.post("/games/new", data={"ruleset": "comodines", "players": "4",
                                          "shown_ruleset": "classic", "reload": "1",
                                          "side_0_name": "Nosotros"})
    assert res.status_code == 200
    html = text(res)
    assert 'value="Nosotros"' in html and 'value="6-teams"' in html
    assert db.session.execute(db.select(Game)).first() is None


def test_new_game_partial_for_htmx(client):
    res = client.get("/games/new?ruleset=comodines&players=2", headers={"HX-Request": "true"})
    assert "HX-Request" in res.headers["Vary"]
    html = text(res)
    assert "<html" not in html and html.lstrip().startswith("<form")


# -- the game screen and sharing -----------------------------------------------------------


def test_unknown_game_is_404(client):
    assert client.get("/games/nope").status_code == 404
    assert client.get("/games/nope/hands/new").status_code == 404
    assert client.post("/games/nope/hands", data=WORKED_HAND).status_code == 404
    assert client.get("/games/nope/join/whatever").status_code == 404


def test_game_screen_shows_totals_minimums_and_dealer(client, game_id):
    html = text(client.get(f"/games/{game_id}"))
    assert html.count('class="minimum-value">50<') == 2  # classic: 0 points, 50 to open
    assert "Ana deals" in html  # seat 0 deals the first hand
    assert post_hand(client, game_id).status_code == 303
    html = text(client.get(f"/games/{game_id}"))
    assert '<p class="side-total"><span class="visually-hidden">Score: </span>1,035</p>' in html
    assert "+1,035" in html and "+535" in html
    assert html.count('class="minimum-value">50<') == 2  # both still below 1,500
    assert "Ellos, player 1 deals" in html  # the deal passes to the left
    assert "Hand 1 saved." in html
    assert f"/games/{game_id}/hands/1/edit" in html


def test_minimum_follows_the_total(client, game_id):
    # 1,035 + 1,035 = 2,070: from 1,500 the classic minimum is 90.
    post_hand(client, game_id, request_key="a")
    post_hand(client, game_id, request_key="b")
    html = text(client.get(f"/games/{game_id}"))
    assert 'class="minimum-value">90<' in html  # Nosotros 2,070
    assert 'class="minimum-value">50<' in html  # Ellos 1,070


def test_share_panel_and_read_only_page(client, app, game_id):
    token = edit_token_of(client, game_id)
    html = text(client.get(f"/games/{game_id}"))
    assert f"/games/{game_id}/join/{token}" in html
    # A QR code for each link, drawn when the panel opens (its images load lazily), not with
    # every game screen.
    codes = re.findall(r'<img class="qr" src="([^"]+)" loading="lazy"', html)
    assert codes == [f"/games/{game_id}/share/view.svg", f"/games/{game_id}/share/edit.svg"]
    for code, link in zip(codes, (f"/games/{game_id}", f"/games/{game_id}/join/{token}"),
                          strict=True):
        drawn = client.get(code)
        assert drawn.status_code == 200 and drawn.mimetype == "image/svg+xml"
        assert drawn.headers["Cache-Control"] == "private, no-store"
        expected = io.BytesIO()  # the test client's address
        segno.make(f"http://localhost{link}", error="m").save(expected, kind="svg", scale=5,
                                                                border=2)
        assert drawn.get_data() == expected.getvalue()
    post_hand(client, game_id)
    other = app.test_client()
    res = other.get(f"/games/{game_id}")
    html = text(res)
    assert res.status_code == 200
    assert token not in html
    # Another phone gets no code of the links: not the edit link's, not the game's.
    assert [other.get(code).status_code for code in codes] == [403, 403]
    assert "1,035" in html and "535" in html
    assert "Count this hand" not in html and "/edit" not in html and "Undo" not in html
    assert 'hx-trigger="follow" data-follow="5"' in html
    assert f'sse-connect="/games/{game_id}/events?v=' in html
    assert f'href="/sheets/games/{game_id}.pdf"' in html  # everyone may print the sheet
    # The polling answer never holds the token either.
    part = other.get(f"/games/{game_id}?v=0", headers={"HX-Request": "true"})
    assert token not in text(part) and "1,035" in text(part)


def test_read_only_polling_is_cheap(client, app, game_id):
    other = app.test_client()
    version = db.session.execute(db.select(Game.version)).scalar_one()
    res = other.get(f"/games/{game_id}?v={version}", headers={"HX-Request": "true"})
    assert res.status_code == 204 and res.get_data() == b""
    assert "HX-Request" in res.headers["Vary"]
    post_hand(client, game_id)
    res = other.get(f"/games/{game_id}?v={version}", headers={"HX-Request": "true"})
    assert res.status_code == 200
    html = text(res)
    assert "<html" not in html and html.lstrip().startswith('<div id="board"')
    assert f"v={version + 1}" in html  # the next poll asks about the new version
    full = other.get(f"/games/{game_id}")
    assert "<html" in text(full) and "HX-Request" in full.headers["Vary"]


def test_join_link(client, app, game_id):
    token = edit_token_of(client, game_id)
    phone = app.test_client()
    assert phone.get(f"/games/{game_id}/hands/new").status_code == 403
    res = phone.get(f"/games/{game_id}/join/{token}")
    assert res.status_code == 303 and res.headers["Location"].endswith(f"/games/{game_id}")
    assert phone.get(f"/games/{game_id}/hands/new").status_code == 200


def test_wrong_join_token_is_403_with_a_message(client, app, game_id):
    phone = app.test_client()
    res = phone.get(f"/games/{game_id}/join/not-the-token")
    assert res.status_code == 403
    assert "This edit link is wrong or no longer works" in text(res)
    assert phone.get(f"/games/{game_id}/hands/new").status_code == 403


def test_replacing_the_edit_link_revokes_the_old_one(client, app, game_id):
    old = edit_token_of(client, game_id)
    res = client.post(f"/games/{game_id}/edit-link")
    assert res.status_code == 303
    new = edit_token_of(client, game_id)
    assert new != old
    assert app.test_client().get(f"/games/{game_id}/join/{old}").status_code == 403
    assert app.test_client().get(f"/games/{game_id}/join/{new}").status_code == 303
    assert client.get(f"/games/{game_id}/hands/new").status_code == 200


def test_edit_routes_need_the_edit_token(client, app, game_id):
    post_hand(client, game_id)
    phone = app.test_client()
    for method, path in [
        ("get", "/hands/new"), ("post", "/hands"), ("post", "/hands/preview"),
        ("get", "/hands/1/edit"), ("post", "/hands/1"), ("post", "/hands/1/delete"),
        ("post", "/undo"), ("post", "/edit-link"), ("post", "/again"),
    ]:
        res = getattr(phone, method)(f"/games/{game_id}{path}", data=WORKED_HAND)
        assert res.status_code == 403, path
        assert "Only the scorekeeper can count or fix hands" in text(res)
    assert len(db.session.execute(db.select(Game)).scalar_one().hands) == 1


def test_query_count_does_not_grow_with_hands(client, app):
    def queries_for(n_hands: int) -> int:
        game_id = start_game(client, target="100000")
        for i in range(n_hands):
            hand = {**WORKED_HAND, "sides[0].table_points": "60",
                    "sides[0].canastas.mixed": "1"}
            assert post_hand(client, game_id, hand, request_key=f"k{i}").status_code == 303
        db.session.remove()
        statements: list[str] = []

        def count(conn, cursor, statement, *args):
            statements.append(statement)

        engine = db.engine
        event.listen(engine, "before_cursor_execute", count)
        try:
            assert client.get(f"/games/{game_id}").status_code == 200
        finally:
            event.remove(engine, "before_cursor_execute", count)
        return len(statements)

    few, many = queries_for(2), queries_for(20)
    assert few == many
    assert few <= 9  # the game, sides, players, hands, head, session; undo and redo targets


# -- counting a hand -----------------------------------------------------------------------


def test_count_form_shows_only_what_the_rules_have(client, app):
    classic = start_game(client)
    html = text(client.get(f"/games/{classic}/hands/new"))
    assert 'name="sides[0].canastas.natural"' in html
    assert 'name="sides[0].canastas.wild"' not in html
    assert 'name="sides[0].black_threes_in_hand"' not in html
    assert 'value="concealed"' in html and 'value="time_up"' not in html
    assert 'name="sides[1].table_cards.jokers"' in html
    assert 'name="request_key"' in html
    assert 'hx-post="/games/' in html and 'hx-trigger="input changed delay:300ms' in html
    spanish = start_game(client, ruleset="comodines")
    html = text(client.get(f"/games/{spanish}/hands/new"))
    assert 'name="sides[0].canastas.wild"' in html
    assert 'name="sides[0].black_threes_in_hand"' in html
    assert 'name="sides[0].red_threes_in_hand"' in html
    assert 'name="sides[0].penalties.taking_back_a_card"' in html


def test_save_a_hand_with_typed_points(client, game_id):
    res = post_hand(client, game_id)
    assert res.status_code == 303 and res.headers["Location"].endswith(f"/games/{game_id}")
    game = db.session.execute(db.select(Game)).scalar_one()
    assert game.hands[0].totals == [1035, 535]


def test_save_a_hand_with_the_card_counting_helper(client, game_id):
    # 2 jokers 100 + 3 twos 60 + 4 aces 80 + 10 eights-to-kings 100 + 3 fours-to-sevens 15 = 355
    hand = {**WORKED_HAND, "sides[0].table_points": "",
            "sides[0].table_cards.jokers": "2", "sides[0].table_cards.twos": "3",
            "sides[0].table_cards.aces": "4", "sides[0].table_cards.eights_to_kings": "10",
            "sides[0].table_cards.fours_to_sevens": "3", "sides[0].table_cards.black_threes": "",
            "sides[1].hand_points": "", "sides[1].hand_cards.aces": "1",
            "sides[1].hand_cards.eights_to_kings": "2", "sides[1].hand_cards.fours_to_sevens": "1"}
    assert post_hand(client, game_id, hand).status_code == 303
    game = db.session.execute(db.select(Game)).scalar_one()
    assert game.hands[0].totals == [1035, 535]  # 20 + 20 + 5 = 45 in Ellos's hands
    # Fixing it shows the cards as they were counted.
    html = text(client.get(f"/games/{game_id}/hands/1/edit"))
    assert re.search(r'name="sides\[0\]\.table_cards\.jokers" value="2"', html)


def test_live_preview_is_a_partial_with_the_breakdown(client, game_id):
    res = client.post(f"/games/{game_id}/hands/preview", data=WORKED_HAND,
                      headers={"HX-Request": "true"})
    assert res.status_code == 200 and "HX-Request" in res.headers["Vary"]
    html = text(res)
    assert "<html" not in html
    assert html.lstrip().startswith('<div id="count-summary"')
    assert 'id="breakdown-0" aria-label="The count for Nosotros" hx-swap-oob="true"' in html
    assert "Mixed canastas × 2" in html and "+600" in html and "Going out" in html
    assert "+1,035" in html and "+535" in html and "Red 3s × 3" in html
    assert db.session.execute(db.select(Game)).scalar_one().hands == []


def test_live_preview_errors_go_out_of_band_next_to_their_field(client, game_id):
    res = client.post(f"/games/{game_id}/hands/preview",
                      data={**WORKED_HAND, "sides[1].red_threes": "x"},
                      headers={"HX-Request": "true"})
    html = text(res)
    assert ('<p class="field-error" id="err-sides-1-red_threes" hx-swap-oob="true">'
            "Enter a whole number.</p>") in html
    # Every other slot is sent empty, so an error fixed meanwhile goes away.
    assert '<p class="field-error" id="err-sides-0-table_points" hx-swap-oob="true"></p>' in html
    assert "Not ready to save" in html


def test_check_without_javascript_shows_the_count(client, game_id):
    res = client.post(f"/games/{game_id}/hands/preview", data=WORKED_HAND)
    assert res.status_code == 200
    html = text(res)
    assert "<html" in html and "+1,035" in html and 'value="355"' in html
    assert db.session.execute(db.select(Game)).scalar_one().hands == []


@pytest.mark.parametrize("changes, field, message", [
    ({"sides[1].red_threes": "abc"}, "sides[1].red_threes", "Enter a whole number."),
    ({"sides[1].red_threes": "-1"}, "sides[1].red_threes", "Cannot be negative."),
    ({"sides[0].table_points": "353"}, "sides[0].table_points",
     "Points always come in multiples of 5."),
    ({"sides[1].going_out": "normal"}, "sides[1].going_out", "Only one side can go out."),
    ({"sides[0].going_out": ""}, "end", "Choose the side that went out."),
    ({"sides[0].canastas.mixed": ""}, "sides[0].going_out",
     "Going out needs finished canastas: 1; this side has 0."),
    ({"sides[0].red_threes": "2"}, "sides[1].red_threes", "There are only 4 red 3s in 2 packs."),
    ({"sides[0].table_points": "", "sides[0].table_cards.jokers": "5"},
     "sides[0].table_cards.jokers", "There are only 4 of these cards in 2 packs."),
    ({"sides[0].table_points": "40"}, "sides[0].table_points",
     "The canastas and black 3s on the table are worth at least 100."),
    ({"end": "stock_out"}, "sides[0].going_out",
     "Nobody goes out when the hand ends this way (The stock ran out)."),
    ({"end": "time_up", "sides[0].going_out": ""}, "end", "This rule set plays without a clock."),
    ({"end": "sideways"}, "end", "Unknown way for a hand to end."),
    ({"sides[0].going_out": "flying"}, "sides[0].going_out", "Unknown way of going out."),
    ({"sides[1].penalties.acaba": "1.5"}, "sides[1].penalties.acaba", "Enter a whole number."),
])
def test_count_errors_show_next_to_the_field_and_keep_what_was_typed(
        client, game_id, changes, field, message):
    res = post_hand(client, game_id, {**WORKED_HAND, **changes})
    assert res.status_code == 422
    html = text(res)
    assert message in error_for(html, field)
    assert 'value="280"' in html  # what was typed is kept
    # Listed at the top too, linking to the message by its field.
    slot = "err-" + re.sub(r"[^A-Za-z0-9_-]+", "-", field).strip("-")
    assert "The hand was not saved." in html
    assert re.search(rf'<li><a href="#{slot}">[^<]*{re.escape(message)}', html)
    assert db.session.execute(db.select(Game)).scalar_one().hands == []


def test_errors_in_spanish(client, game_id):
    from flask_babel import refresh

    # The tests' shared app context would keep the first request's language.
    refresh()
    client.get("/?lang=es")
    refresh()
    hand = {**WORKED_HAND, "sides[1].going_out": "normal", "sides[1].canastas.natural": "1",
            "sides[1].table_points": "280"}
    res = post_hand(client, game_id, hand)
    assert res.status_code == 422
    assert error_for(text(res), "sides[1].going_out") == "Solo un bando puede cerrar."


def test_double_submit_adds_one_hand(client, game_id):
    html = text(client.get(f"/games/{game_id}/hands/new"))
    key = re.search(r'name="request_key" value="([0-9a-f]{32})"', html).group(1)
    assert post_hand(client, game_id, request_key=key).status_code == 303
    assert post_hand(client, game_id, request_key=key).status_code == 303
    assert len(db.session.execute(db.select(Game)).scalar_one().hands) == 1
    # A fresh form has a fresh key.
    html = text(client.get(f"/games/{game_id}/hands/new"))
    assert key not in html


def test_a_repeat_whose_first_answer_was_lost_is_told_the_hand_is_saved(client, game_id):
    """A phone that never got the answer to its save sends it again with the same key: one
    hand, and the game page says it is saved (once, also when both answers arrive)."""
    key = "lost-answer"
    assert post_hand(client, game_id, request_key=key).status_code == 303
    # Both answers reached this phone: the notice is said once.
    assert post_hand(client, game_id, request_key=key).status_code == 303
    assert text(client.get(f"/games/{game_id}")).count("Hand 1 saved.") == 1
    # The first answer was lost (its notice never shown): the repeat says it.
    assert post_hand(client, game_id, request_key=key).status_code == 303
    assert text(client.get(f"/games/{game_id}")).count("Hand 1 saved.") == 1
    assert len(db.session.execute(db.select(Game)).scalar_one().hands) == 1


def test_premios_and_penalties_count(client):
    game_id = start_game(client, ruleset="comodines")
    html = text(client.get(f"/games/{game_id}/hands/new"))
    assert "Taking back a drawn card" in html and "\u221250" in html  # the value from the rules
    # Comodines: going out needs a natural and a mixed canasta. Nosotros 500 + 300 + 100
    # + 300 on the table = 1,200; Ellos 200 - 50 for taking back a card - 100 in all for one
    # black 3 left in hand (001: "vale 100 puntos en contra": 5 as a card, 95 beyond) = 50.
    res = post_hand(client, game_id, {
        "end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.natural": "1",
        "sides[0].canastas.mixed": "1", "sides[0].table_points": "300",
        "sides[1].table_points": "200", "sides[1].penalties.taking_back_a_card": "1",
        "sides[1].hand_cards.black_threes": "1"})
    assert res.status_code == 303, text(res)
    game = db.session.execute(db.select(Game)).scalar_one()
    assert game.hands[0].totals == [1200, 50]


# -- fixing mistakes -----------------------------------------------------------------------


def version_on_fix_page(client, game_id, number):
    """The hand's version as its fix form sends it back."""
    html = text(client.get(f"/games/{game_id}/hands/{number}/edit"))
    return re.search(r'name="version" value="(\d+)"', html).group(1)


def test_edit_a_hand(client, game_id):
    post_hand(client, game_id)
    html = text(client.get(f"/games/{game_id}/hands/1/edit"))
    version = version_on_fix_page(client, game_id, 1)
    assert 'value="355"' in html and f'name="version" value="{version}"' in html
    assert "Fix hand 1" in html
    res = client.post(f"/games/{game_id}/hands/1",
                      data={**WORKED_HAND, "sides[1].red_threes": "1", "version": version})
    assert res.status_code == 303
    game = db.session.execute(db.select(Game)).scalar_one()
    assert game.hands[0].totals == [1035, 335]
    assert "335" in text(client.get(f"/games/{game_id}"))


def count_shown(html: str) -> tuple[str, str, str]:
    """The page's running count (by the save button) and its two sides' breakdowns."""
    parts = []
    for pattern in (r'<div id="count-summary".*?</div>',
                    r'<section class="breakdown" id="breakdown-0".*?</section>',
                    r'<section class="breakdown" id="breakdown-1".*?</section>'):
        m = re.search(pattern, html, re.S)
        assert m, f"no {pattern} on the page"
        parts.append(re.sub(r">\s+<", "><", re.sub(r"\s+", " ", m.group(0))))
    return parts[0], parts[1], parts[2]


def assert_worked_hand_counted(html: str, side_1: str = "+535", new_0: str = "1,035",
                               new_1: str = "535") -> None:
    """The worked hand's count shows, as the live count shows it, without a keystroke."""
    summary, first, second = count_shown(html)
    assert "+1,035" in summary and side_1 in summary
    assert "The count shows here as you type" not in summary
    assert "Mixed canastas × 2" in first and "+600" in first and "Going out" in first
    assert ('<th scope="row">Hand total</th><td class="num">+1,035</td>' in first
            and f'<th scope="row">New score</th><td class="num">{new_0}</td>' in first)
    assert "Red 3s × 3" in second and "+300" in second
    assert (f'<th scope="row">Hand total</th><td class="num">{side_1}</td>' in second
            and f'<th scope="row">New score</th><td class="num">{new_1}</td>' in second)


def test_fix_page_opens_with_the_saved_hands_count(client, game_id):
    post_hand(client, game_id, request_key="1")
    post_hand(client, game_id, request_key="2")
    res = client.get(f"/games/{game_id}/hands/1/edit")
    assert res.status_code == 200
    # The new scores are the game's without the hand being fixed, plus its count.
    assert_worked_hand_counted(text(res), new_0="2,070", new_1="1,070")
    summary, _first, _second = count_shown(text(client.get(f"/games/{game_id}/hands/2/edit")))
    assert "→ 2,070" in summary and "→ 1,070" in summary


def test_fix_page_of_a_hand_that_wins_says_so(client):
    game_id = start_game(client, target="2000")
    post_hand(client, game_id, request_key="1")
    post_hand(client, game_id, request_key="2")
    summary, _first, _second = count_shown(text(client.get(f"/games/{game_id}/hands/2/edit")))
    assert "This hand wins the game for Nosotros." in summary


def test_conflict_pages_open_with_the_count_of_what_was_typed(client, game_id):
    post_hand(client, game_id)
    seen = version_on_fix_page(client, game_id, 1)
    assert client.post(f"/games/{game_id}/hands/1", data={
        **WORKED_HAND, "sides[1].red_threes": "1", "version": seen}).status_code == 303
    # A stale fix: what this phone typed (two red 3s) is counted, not what is stored (one).
    res = client.post(f"/games/{game_id}/hands/1", data={
        **WORKED_HAND, "sides[1].red_threes": "2", "version": seen})
    assert res.status_code == 409 and "Someone else changed this hand" in text(res)
    summary, _first, second = count_shown(text(res))
    assert "+1,035" in summary and "+435" in summary and "Red 3s × 2" in second
    # A new hand counted while another phone saved one: the worked hand, counted.
    form = text(client.get(f"/games/{game_id}/hands/new"))
    opened_on = re.search(r'name="seen" value="(\d+)"', form).group(1)
    post_hand(client, game_id, request_key="other-phone")
    res = post_hand(client, game_id, request_key="mine", seen=opened_on)
    assert res.status_code == 409 and "Another phone changed this game" in text(res)
    assert_worked_hand_counted(text(res), new_0="3,105", new_1="1,405")


def test_edit_with_errors_keeps_typed_values(client, game_id):
    post_hand(client, game_id)
    res = client.post(f"/games/{game_id}/hands/1",
                      data={**WORKED_HAND, "sides[1].hand_points": "47",
                            "version": version_on_fix_page(client, game_id, 1)})
    assert res.status_code == 422
    assert "multiples of 5" in error_for(text(res), "sides[1].hand_points")
    assert 'value="47"' in text(res)


def test_stale_edit_shows_both_versions(client, game_id):
    post_hand(client, game_id)
    seen = version_on_fix_page(client, game_id, 1)
    # Someone else corrected the hand first.
    assert client.post(f"/games/{game_id}/hands/1", data={
        **WORKED_HAND, "sides[1].red_threes": "1", "version": seen}).status_code == 303
    now = version_on_fix_page(client, game_id, 1)
    assert now != seen
    res = client.post(f"/games/{game_id}/hands/1", data={
        **WORKED_HAND, "sides[1].red_threes": "2", "version": seen})
    assert res.status_code == 409
    html = text(res)
    assert "Someone else changed this hand" in html
    assert re.search(r'name="sides\[1\]\.red_threes" value="2"', html)  # what I typed
    assert "Saved by someone else: 1" in html  # what is stored now
    assert f'name="version" value="{now}"' in html  # saving again replaces it on purpose
    game = db.session.execute(db.select(Game)).scalar_one()
    assert game.hands[0].totals == [1035, 335]
    assert client.post(f"/games/{game_id}/hands/1", data={
        **WORKED_HAND, "sides[1].red_threes": "2", "version": now}).status_code == 303


def test_unknown_hand_is_404(client, game_id):
    assert client.get(f"/games/{game_id}/hands/1/edit").status_code == 404
    assert client.post(f"/games/{game_id}/hands/3", data=WORKED_HAND).status_code == 404
    assert client.post(f"/games/{game_id}/hands/1/delete").status_code == 404


def test_delete_then_undo_puts_the_hand_back_and_redo_removes_it_again(client, game_id):
    post_hand(client, game_id, request_key="1")
    post_hand(client, game_id, {**WORKED_HAND, "sides[1].red_threes": "1"}, request_key="2")
    post_hand(client, game_id, {**WORKED_HAND, "sides[1].red_threes": "2"}, request_key="3")
    game = db.session.execute(db.select(Game)).scalar_one()

    def totals():
        db.session.expire_all()
        return [h.totals for h in game.hands]

    # Ellos: hand 1 535, hand 2 335, hand 3 435. Hand 2 removed by mistake: the page says
    # so and offers Undo right there.
    page = text(client.post(f"/games/{game_id}/hands/2/delete", follow_redirects=True))
    assert totals() == [[1035, 535], [1035, 435]]
    assert "Hand 2 was removed." in page and "Undo: put hand 2 back" in page
    # Undo puts it back as hand 2 (not "remove the last hand": hand 3 stays).
    page = text(client.post(f"/games/{game_id}/undo", follow_redirects=True))
    assert totals() == [[1035, 535], [1035, 335], [1035, 435]]
    assert "Undone: hand 2 is back in its place." in page
    assert "Redo: remove hand 2 again" in page
    # Redo removes it again; undo after that brings it back once more.
    page = text(client.post(f"/games/{game_id}/redo", follow_redirects=True))
    assert totals() == [[1035, 535], [1035, 435]]
    assert "Redone: hand 2 is removed again." in page
    client.post(f"/games/{game_id}/undo")
    assert totals() == [[1035, 535], [1035, 335], [1035, 435]]
    # Undo goes on back through the adds; once at the start there is nothing left to undo.
    for _ in range(3):
        assert client.post(f"/games/{game_id}/undo").status_code == 303
    assert totals() == []
    assert "There is nothing to undo." in text(client.post(f"/games/{game_id}/undo",
                                                           follow_redirects=True))
    # A new hand after undoing starts a new line: nothing is left to redo.
    post_hand(client, game_id, request_key="4")
    assert "There is nothing to redo." in text(client.post(f"/games/{game_id}/redo",
                                                           follow_redirects=True))


def test_undo_of_a_fix_restores_the_previous_entry(client, game_id):
    post_hand(client, game_id, request_key="1")
    seen = version_on_fix_page(client, game_id, 1)
    assert client.post(f"/games/{game_id}/hands/1", data={
        **WORKED_HAND, "sides[1].red_threes": "1", "version": seen}).status_code == 303
    game = db.session.execute(db.select(Game)).scalar_one()
    db.session.refresh(game)
    assert [h.totals for h in game.hands] == [[1035, 335]]
    page = text(client.get(f"/games/{game_id}"))
    assert "Undo the fix of hand 1" in page
    client.post(f"/games/{game_id}/undo")
    db.session.expire_all()
    assert [h.totals for h in game.hands] == [[1035, 535]]
    assert [h.entry["sides"][1]["red_threes"] for h in game.hands] == [3]


def test_a_fix_follows_its_hand_when_another_phone_removed_one_before_it(client, game_id):
    # Three hands: Ellos 335, 435, 535. Phone A opens "Fix hand 2" (the 435 one) ...
    for red in ("1", "2", "3"):
        post_hand(client, game_id, {**WORKED_HAND, "sides[1].red_threes": red}, request_key=red)
    seen = version_on_fix_page(client, game_id, 2)
    # ... phone B removes hand 1, so the 435 hand is now hand 1 and the 535 one hand 2 ...
    assert client.post(f"/games/{game_id}/hands/1/delete",
                       data={"version": version_on_fix_page(client, game_id, 1)}
                       ).status_code == 303
    # ... and A saves its fix (hand points 50 instead of 45) to the URL of hand 2.
    res = client.post(f"/games/{game_id}/hands/2", data={
        **WORKED_HAND, "sides[1].red_threes": "2", "sides[1].hand_points": "50",
        "version": seen})
    assert res.status_code == 303
    assert "Hand 1 corrected." in text(client.get(f"/games/{game_id}"))
    game = db.session.execute(db.select(Game)).scalar_one()
    db.session.refresh(game)
    assert [h.totals for h in game.hands] == [[1035, 430], [1035, 535]]


def test_delete_and_undo_refuse_what_another_phone_changed(client, game_id):
    post_hand(client, game_id, request_key="1")
    post_hand(client, game_id, {**WORKED_HAND, "sides[1].red_threes": "1"}, request_key="2")
    fix_2 = version_on_fix_page(client, game_id, 2)
    undo_seen = re.search(r'action="/games/[^"]+/undo">\s*<input[^>]*>\s*<input type="hidden" '
                          r'name="version" value="(\d+)"', text(client.get(f"/games/{game_id}")))
    assert undo_seen
    # Another phone corrects hand 2, then saves hand 3.
    assert client.post(f"/games/{game_id}/hands/2", data={
        **WORKED_HAND, "sides[1].red_threes": "2", "version": fix_2}).status_code == 303
    post_hand(client, game_id, request_key="3")
    # This phone's "Delete hand 2" and "Undo" were for what it saw: nothing happens.
    page = text(client.post(f"/games/{game_id}/hands/2/delete", data={"version": fix_2},
                            follow_redirects=True))
    assert "changed on another phone meanwhile, so nothing was changed" in page
    page = text(client.post(f"/games/{game_id}/undo", data={"version": undo_seen.group(1)},
                            follow_redirects=True))
    assert "changed on another phone meanwhile, so nothing was changed" in page
    game = db.session.execute(db.select(Game)).scalar_one()
    db.session.refresh(game)
    assert [h.totals for h in game.hands] == [[1035, 535], [1035, 435], [1035, 535]]


# -- the end -------------------------------------------------------------------------------


def test_winner_screen_and_play_again(client):
    game_id = start_game(client, target="2000", first_dealer="0")
    post_hand(client, game_id, request_key="1")
    res = post_hand(client, game_id, request_key="2")  # 2,070 to 1,070: Nosotros win
    assert res.status_code == 303
    html = text(client.get(f"/games/{game_id}"))
    assert '<p class="result-kicker">Winner</p>' in html
    assert '<h2 id="result-title">Nosotros</h2>' in html
    assert "Nosotros 2,070 · Ellos 1,070" in html
    assert "Count this hand" not in html and "Play again with the same sides" in html
    # No more hands once it is over.
    res = post_hand(client, game_id, request_key="3")
    assert res.status_code == 409
    assert "This game is over" in text(res)
    assert client.get(f"/games/{game_id}/hands/new").status_code == 303
    res = client.post(f"/games/{game_id}/again")
    assert res.status_code == 303
    new_id = res.headers["Location"].rsplit("/", 1)[-1]
    assert new_id != game_id
    new = db.session.execute(db.select(Game).order_by(Game.id.desc())).scalars().first()
    assert [s.name for s in new.sides] == ["Nosotros", "Ellos"]
    assert [p.name for p in new.sides[0].players] == ["Ana", "Luis"]
    assert new.target == 2000 and new.first_dealer == 2  # two hands dealt: seat 2 deals
    assert "Luis deals" in text(client.get(f"/games/{new_id}"))


def test_drawn_game(client):
    game_id = start_game(client, ruleset="torneo", target="1000", **{
        f"value_{k}": "100" for k in (
            "canastas_wild", "going_out_normal", "red_threes_each", "premios_juego_limpio",
            "premios_canastilla", "premios_canaston", "premios_canasta_de_moda",
            "premios_canasta_doble", "premios_canasta_triple")})
    # Time up: cards do not count; 10 red 3s? No: 5 red 3s each side, 500 and 500.
    res = post_hand(client, game_id, {"end": "time_up", "sides[0].red_threes": "3",
                                      "sides[0].canastas.natural": "1",
                                      "sides[0].table_points": "35",
                                      "sides[1].red_threes": "3",
                                      "sides[1].canastas.natural": "1",
                                      "sides[1].table_points": "35"})
    assert res.status_code == 303, text(res)
    html = text(client.get(f"/games/{game_id}"))
    assert "The game is drawn" in html


# -- CSRF ----------------------------------------------------------------------------------


def test_forms_need_the_csrf_token(make_app, settings):
    app = make_app({**settings, "WTF_CSRF_ENABLED": True})
    with app.app_context():
        db.create_all()
    client = app.test_client()
    res = client.post("/games/new", data={"ruleset": "classic", "players": "4"})
    assert res.status_code == 400
    html = text(client.get("/games/new"))
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    res = client.post("/games/new", data={"ruleset": "classic", "players": "4",
                                          "csrf_token": token})
    assert res.status_code == 303
    game_id = res.headers["Location"].rsplit("/", 1)[-1]
    assert client.post(f"/games/{game_id}/hands", data=WORKED_HAND).status_code == 400
    assert client.post(f"/games/{game_id}/hands/preview", data=WORKED_HAND,
                       headers={"HX-Request": "true"}).status_code == 400
    res = client.post(f"/games/{game_id}/hands/preview", data=WORKED_HAND,
                      headers={"HX-Request": "true", "X-CSRFToken": token})
    assert res.status_code == 200
    with app.app_context():
        db.drop_all()
        db.engine.dispose()
