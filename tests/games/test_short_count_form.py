"""The shorter count, as the server draws it: "More" opens by itself when it holds a value or a
message, the card helper's total beside its points field, no message for the number being
typed, "this hand wins the game" in the live count, and no live-count promise without
JavaScript."""

from __future__ import annotations

import re

import pytest
from game_helpers import WORKED_HAND, post_hand, start_game

from scorekeeper.engine import PRESETS
from scorekeeper.games.count_form_layout import count_layout
from scorekeeper.games.forms import counted_points

pytestmark = pytest.mark.usefixtures("app_context")

HTMX = {"HX-Request": "true"}
CLASSIC = PRESETS["classic"]


def more_tags(html: str) -> list[str]:
    return re.findall(r'<details class="catalogue count-more"[^>]*>', html)


def slot(html: str, name: str) -> str:
    m = re.search(rf'<p class="field-error" id="{re.escape(name)}"[^>]*>(.*?)</p>', html, re.S)
    assert m, name
    return m.group(1).strip()


def test_more_holds_the_rare_counts_of_each_rule_set():
    classic = count_layout(CLASSIC, CLASSIC.formats[0])
    assert classic.folded(1) == ["sides[1].penalties.acaba",
                                 "sides[1].penalties.mixed_canasta_in_hand",
                                 "sides[1].penalties.natural_canasta_in_hand"]
    canasta = count_layout(PRESETS["la-canasta"], PRESETS["la-canasta"].formats[0])
    assert canasta.folded(0)[:3] == ["sides[0].red_threes_in_hand",
                                     "sides[0].black_threes_shown",
                                     "sides[0].black_threes_in_hand"]
    torneo = count_layout(PRESETS["torneo"], PRESETS["torneo"].formats[0])
    assert "sides[0].premios.corte_exacto" in torneo.folded(0)
    # What most hands need is never folded.
    for layout in (classic, canasta, torneo):
        for name in ("red_threes", "table_points", "hand_points", "canastas.natural"):
            assert f"sides[0].{name}" not in layout.folded(0)


def test_more_is_closed_on_a_new_hand_and_open_on_a_fix_that_holds_a_penalty(client, game_id):
    html = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert more_tags(html) == ['<details class="catalogue count-more">'] * 2
    assert post_hand(client, game_id, {**WORKED_HAND,
                                       "sides[1].penalties.mixed_canasta_in_hand": "1"}
                     ).status_code == 303
    html = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert more_tags(html) == ['<details class="catalogue count-more">',
                               '<details class="catalogue count-more" open>']


def test_more_opens_for_a_message_inside_it(client, game_id):
    res = client.post(f"/games/{game_id}/hands/preview",
                      data={**WORKED_HAND, "sides[0].penalties.acaba": "x"})
    html = res.get_data(as_text=True)
    assert res.status_code == 422
    assert more_tags(html)[0].endswith(" open>")
    assert slot(html, "err-sides-0-penalties-acaba") == "Enter a whole number."


def test_the_card_helper_total_is_drawn_beside_its_points_field(client, game_id):
    # 2 jokers, 3 twos, 4 aces, 10 eights to kings, 3 fours to sevens: 355 (003's table).
    cards = {"sides[0].table_cards.jokers": "2", "sides[0].table_cards.twos": "3",
             "sides[0].table_cards.aces": "4", "sides[0].table_cards.eights_to_kings": "10",
             "sides[0].table_cards.fours_to_sevens": "3"}
    assert counted_points(cards, "sides[0].table_cards", CLASSIC) == 355
    assert counted_points({}, "sides[0].table_cards", CLASSIC) is None
    assert counted_points({"sides[0].table_cards.aces": "0"}, "sides[0].table_cards",
                          CLASSIC) is None
    assert counted_points({"sides[0].table_cards.aces": "4x"}, "sides[0].table_cards",
                          CLASSIC) is None
    hand = {**WORKED_HAND, **cards}
    del hand["sides[0].table_points"]
    assert post_hand(client, game_id, hand).status_code == 303
    html = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'id="f-sides-0-table_points-counted"[^>]*>355 from the cards</output>',
                     html)
    assert re.search(r'<details class="card-helper" [^>]*open>', html)
    assert re.search(r'id="f-sides-1-table_points-counted"[^>]*></output>', html)


def test_the_number_being_typed_has_no_message_yet(client, game_id):
    data = {**WORKED_HAND, "sides[1].table_points": "3"}
    typing = client.post(f"/games/{game_id}/hands/preview", headers=HTMX,
                         data={**data, "typing": "sides[1].table_points"})
    html = typing.get_data(as_text=True)
    assert slot(html, "err-sides-1-table_points") == ""
    assert "The count shows when the number is complete." in html
    assert "Not ready to save" not in html
    # Left (no field named as being typed), or another field's mistake: the messages show.
    left = client.post(f"/games/{game_id}/hands/preview", headers=HTMX, data=data)
    html = left.get_data(as_text=True)
    assert slot(html, "err-sides-1-table_points") == "Points always come in multiples of 5."
    other = client.post(f"/games/{game_id}/hands/preview", headers=HTMX,
                        data={**data, "typing": "sides[1].hand_points"})
    assert slot(other.get_data(as_text=True), "err-sides-1-table_points") != ""
    # Saving never waits.
    saved = post_hand(client, game_id, {**data, "typing": "sides[1].table_points"})
    assert saved.status_code == 422


def test_this_hand_wins_the_game_in_the_live_count(client):
    game_id = start_game(client, target="1000")
    res = client.post(f"/games/{game_id}/hands/preview", headers=HTMX, data=WORKED_HAND)
    html = res.get_data(as_text=True)
    assert "This hand wins the game for Nosotros." in html
    short = {**WORKED_HAND, "sides[0].table_points": "300"}  # 980: short of 1,000
    html = client.post(f"/games/{game_id}/hands/preview", headers=HTMX,
                       data=short).get_data(as_text=True)
    assert "wins the game" not in html
    # A game to 5,000: the worked hand wins nothing.
    other = start_game(client)
    html = client.post(f"/games/{other}/hands/preview", headers=HTMX,
                       data=WORKED_HAND).get_data(as_text=True)
    assert "wins the game" not in html and "+1,035" in html


def test_without_javascript_the_bar_says_which_button_counts(client, game_id):
    html = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert ('<span class="js-hide">The count appears here when you press '
            '“Check the count”.</span>') in html
    assert '<span class="js-only">The count shows here as you type.</span>' in html
    calc = client.get("/calculator").get_data(as_text=True)
    assert "The count appears here when you press “Count the hand”." in calc
    # Each side's name in the bar is a plain link to its part of the form.
    assert re.findall(r'<a class="summary-side" href="(#side-\d)"', html) == ["#side-0",
                                                                              "#side-1"]
