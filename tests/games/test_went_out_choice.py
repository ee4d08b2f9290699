"""Who went out: the live count waits for the choice instead of calling it an error; a save
(or "Check the count" without JavaScript) still asks for it."""

from __future__ import annotations

import re

import pytest
from game_helpers import post_hand

pytestmark = pytest.mark.usefixtures("app_context")

HTMX = {"HX-Request": "true"}
CHOOSE = "Choose the side that went out."
WAITING = "Mark the side that went out to see the count."


def end_slot(html: str) -> str:
    m = re.search(r'<p class="field-error" id="err-end"[^>]*>(.*?)</p>', html, re.S)
    assert m, "no error slot for end"
    return m.group(1).strip()


def test_the_first_digit_does_not_shout(client, game_id):
    res = client.post(f"/games/{game_id}/hands/preview",
                      data={"end": "went_out", "sides[0].table_points": "30"}, headers=HTMX)
    html = res.get_data(as_text=True)
    assert res.status_code == 200
    assert CHOOSE not in html and end_slot(html) == ""
    assert WAITING in html and "Not ready to save" not in html


def test_other_mistakes_still_show_while_typing(client, game_id):
    res = client.post(f"/games/{game_id}/hands/preview",
                      data={"end": "went_out", "sides[0].table_points": "3x"}, headers=HTMX)
    html = res.get_data(as_text=True)
    assert CHOOSE not in html and "Enter a whole number." in html
    assert "Not ready to save" in html


def test_saving_without_a_side_out_asks_for_it(client, game_id):
    res = post_hand(client, game_id, {"end": "went_out", "sides[0].table_points": "300"})
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    assert end_slot(html) == CHOOSE
    # The one message is on the bar too, linked to the choice at the top of the form (a phone
    # scrolled down to the bar does not see it): not "see the marked fields".
    bar = re.search(r'<p class="summary-problem">(.*?)</p>', html, re.S)
    assert bar and " ".join(bar.group(1).split()) == (
        f'Not ready to save: <a href="#err-end">{CHOOSE}</a>')


def test_two_mistakes_send_the_bar_to_the_marked_fields(client, game_id):
    res = client.post(f"/games/{game_id}/hands/preview", headers=HTMX, data={
        "end": "went_out", "sides[0].table_points": "3x", "sides[1].table_points": "4y"})
    html = res.get_data(as_text=True)
    assert "Not ready to save: see the marked fields." in html


def test_check_without_javascript_asks_for_it(client, game_id):
    res = client.post(f"/games/{game_id}/hands/preview",
                      data={"end": "went_out", "sides[0].table_points": "300"})
    assert res.status_code == 422
    assert end_slot(res.get_data(as_text=True)) == CHOOSE


def test_two_sides_out_without_javascript_is_still_refused(client, game_id):
    res = client.post(f"/games/{game_id}/hands/preview", headers=HTMX, data={
        "end": "went_out", "sides[0].going_out": "normal", "sides[1].going_out": "normal"})
    assert "Only one side can go out." in res.get_data(as_text=True)


def test_the_calculator_waits_too(client):
    res = client.post("/calculator", headers=HTMX,
                      data={"ruleset": "classic", "end": "went_out", "sides[0].table_points": "50"})
    html = res.get_data(as_text=True)
    assert CHOOSE not in html and WAITING in html
    res = client.post("/calculator",
                      data={"ruleset": "classic", "end": "went_out", "sides[0].table_points": "50"})
    assert res.status_code == 422 and CHOOSE in res.get_data(as_text=True)


def test_the_wait_in_spanish(client, game_id):
    from flask_babel import refresh

    refresh()
    client.get("/?lang=es")
    refresh()
    res = client.post(f"/games/{game_id}/hands/preview",
                      data={"end": "went_out", "sides[0].table_points": "30"}, headers=HTMX)
    assert "Marca el bando que cerró para ver la cuenta." in res.get_data(as_text=True)
