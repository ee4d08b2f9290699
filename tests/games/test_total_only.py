"""The fast lane (issue 25): a table that counted the hand itself types each side's score.
Through the count form and the API, a game mixing counted and total-only hands keeps its
totals, opening minimums and winner; a total past what the rule set can score in one hand is
refused by its field; the lane the form opens in follows the game's last hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from flask_babel import refresh
from game_helpers import WORKED_HAND, post_hand, start_game

from scorekeeper.engine import PRESETS, CanastaKind, vary
from scorekeeper.engine.bounds import hand_total_bounds
from scorekeeper.engine.rulesets import canasta
from scorekeeper.extensions import db
from scorekeeper.models import Game

pytestmark = pytest.mark.usefixtures("app_context")

CLASSIC = PRESETS["classic"]
LOW, HIGH = hand_total_bounds(CLASSIC, CLASSIC.find_format(4))


def total_hand(first: str, second: str, went_out: str = "") -> dict[str, str]:
    return {"mode": "total", "end": "went_out", "went_out": went_out,
            "sides[0].hand_total": first, "sides[1].hand_total": second}


def the_game() -> Game:
    db.session.expire_all()
    return db.session.execute(db.select(Game)).scalar_one()


def error_slot(html: str, name: str) -> str:
    key = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")
    m = re.search(rf'<p class="field-error" id="err-{re.escape(key)}"[^>]*>(.*?)</p>', html, re.S)
    assert m, f"no error slot for {name}"
    return m.group(1).strip()


def test_classic_bounds_come_from_its_values() -> None:
    # Two packs hold 104 cards besides the red 3s, worth 1,180: at most 14 canastas of 7
    # cards. The highest: every card (1,180), 14 natural canastas (7,000), all four red 3s
    # (800) and going out concealed (200): 9,180. The lowest: every card (1,180) and the red
    # 3s (800) against the side, and each of classic's penalties once a player (4 x 2,300).
    assert (LOW, HIGH) == (-11180, 9180)
    # A house rule that pays 1,000 a natural canasta moves the bound with it.
    doubled = vary(CLASSIC, canastas=(canasta(CanastaKind.NATURAL, 1000),
                                      canasta(CanastaKind.MIXED, 300)))
    assert hand_total_bounds(doubled, CLASSIC.find_format(4))[1] == 9180 + 14 * 500


def test_a_game_mixing_counted_and_total_only_hands_ends_with_the_right_winner(
        client: FlaskClient) -> None:
    game_id = start_game(client)
    # Hand 1 counted here: 1,035 / 535 (the worked hand).
    assert post_hand(client, game_id).status_code == 303
    # Hands 2 and 3 counted at the table, typed as written on paper ("2.350", "-1,035").
    assert post_hand(client, game_id, total_hand("2.350", "-20", went_out="0")).status_code == 303
    assert post_hand(client, game_id, total_hand("-1,035", "3000")).status_code == 303
    game = the_game()
    assert [list(h.totals) for h in game.hands] == [[1035, 535], [2350, -20], [-1035, 3000]]
    assert game.winner is None and game.finished_at is None
    # The opening minimums follow the totals, whichever lane made them: 2,350 and 3,515.
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "2,350" in page and "3,515" in page
    entry = game.hands[1].entry
    assert entry["total_only"] is True
    assert entry["sides"][0] == {"hand_total": 2350, "going_out": "normal"}
    assert entry["sides"][1] == {"hand_total": -20, "going_out": None}
    # Hand 4 counted here again: the worked hand gives Nosotros 1,035 (3,385) and Ellos 535
    # (4,050): still playing.
    assert post_hand(client, game_id).status_code == 303
    assert the_game().winner is None
    # Hand 5, total only: Ellos reach 5,000 first (4,050 + 1,200 = 5,250 against 3,485).
    assert post_hand(client, game_id, total_hand("100", "1200")).status_code == 303
    game = the_game()
    assert [sum(h.totals[i] for h in game.hands) for i in range(2)] == [3485, 5250]
    assert game.winner == 1 and game.finished_at is not None
    # The statistics count every hand, whichever lane: five hands, the best hand of each.
    assert game.side_figures[0]["hands"] == 5 and game.side_figures[1]["best"] == 3000
    # The Changes list marks the total-only hands.
    changes = client.get(f"/games/{game_id}/changes").get_data(as_text=True)
    assert changes.count("total only") == 3


@pytest.mark.parametrize("typed", [str(HIGH + 5), str(LOW - 5), "10.350"])
def test_a_total_past_the_rule_sets_reach_is_refused_by_its_field(
        client: FlaskClient, game_id: str, typed: str) -> None:
    res = post_hand(client, game_id, total_hand(typed, "100"))
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    message = error_slot(html, "sides[0].hand_total")
    assert message.startswith("One side scores from ") and message.endswith(
        " to 9,180 in a hand under these rules.")
    assert error_slot(html, "sides[1].hand_total") == ""
    assert not the_game().hands


def test_an_empty_side_and_a_stray_minus_are_told_by_their_field(
        client: FlaskClient, game_id: str) -> None:
    html = post_hand(client, game_id, total_hand("", "12")).get_data(as_text=True)
    assert error_slot(html, "sides[0].hand_total") == "Type this side&#39;s score for the hand."
    assert error_slot(html, "sides[1].hand_total") == "Points always come in multiples of 5."
    html = post_hand(client, game_id, total_hand("1035", "x")).get_data(as_text=True)
    assert error_slot(html, "sides[1].hand_total") == "Enter a whole number."


def test_the_form_opens_in_the_lane_of_the_games_last_hand(
        client: FlaskClient, game_id: str) -> None:
    def lane() -> bool:
        html = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
        return 'name="sides[0].hand_total"' in html

    assert not lane()
    page = client.get(f"/games/{game_id}/hands/new?mode=total").get_data(as_text=True)
    assert 'name="mode" value="total"' in page and "sides[0].table_points" not in page
    post_hand(client, game_id, total_hand("500", "300"))
    assert lane()  # remembered: the game's last hand was typed as totals
    back = client.get(f"/games/{game_id}/hands/new?mode=count").get_data(as_text=True)
    assert 'name="sides[0].table_points"' in back
    post_hand(client, game_id, WORKED_HAND)
    assert not lane()
    # Fixing a total-only hand opens with its totals and who went out.
    fix = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    assert re.search(r'name="sides\[0\]\.hand_total" value="500"', fix)
    assert "+500" in fix  # its count shows at once


def test_switching_lanes_keeps_the_side_the_board_said_went_out(
        client: FlaskClient, game_id: str) -> None:
    """QA of 2026-12-05: "Who went out?" on the board, then "Type totals only", and the count
    opened with "Not noted"."""
    page = client.get(f"/games/{game_id}/hands/new?went_out=1").get_data(as_text=True)
    assert re.search(r'name="sides\[1\]\.going_out" value="normal"[^>]* checked', page)
    lane = re.search(r'class="lane-switch" href="([^"]+)"', page)
    assert lane is not None
    totals = client.get(lane.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert 'name="sides[0].hand_total"' in totals
    assert re.search(r'name="went_out" value="1"[^>]* checked', totals)
    back = re.search(r'class="lane-switch" href="([^"]+)"', totals)
    assert back is not None
    page = client.get(back.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert re.search(r'name="sides\[1\]\.going_out" value="normal"[^>]* checked', page)


def api_hand(*totals: Any, **extra: Any) -> dict[str, Any]:
    return {"end": "went_out", "sides": [{"hand_total": t, **extra} for t in totals]}


def test_the_api_takes_hand_totals(client: FlaskClient) -> None:
    res = client.post("/api/v1/games", json={"ruleset": "classic", "players": 4})
    game = res.get_json()
    auth = {"Authorization": f"Bearer {game['edit_token']}"}
    url = f"/api/v1/games/{game['id']}/hands"
    res = client.post(url, json=api_hand(4000, -150), headers=auth)
    assert res.status_code == 201, res.get_json()
    assert res.get_json()["totals"] == [4000, -150]
    assert res.get_json()["entry"]["total_only"] is True
    res = client.post(url, json=api_hand(HIGH + 5, 0), headers=auth)
    assert res.status_code == 422
    assert [e["field"] for e in res.get_json()["errors"]] == ["sides[0].hand_total"]
    res = client.post(url, json={"sides": [{"hand_total": 100, "table_points": 50},
                                           {"hand_total": 5}]}, headers=auth)
    assert res.status_code == 422
    assert [e["field"] for e in res.get_json()["errors"]] == ["sides[0].table_points"]
    res = client.post(url, json={"total_only": True, "sides": [{}, {"hand_total": 5}]},
                      headers=auth)
    assert [e["field"] for e in res.get_json()["errors"]] == ["sides[0].hand_total"]
    # The flag is true or false, not a number that looks false.
    res = client.post(url, json={"total_only": 0, "sides": [{}, {}]}, headers=auth)
    assert [e["field"] for e in res.get_json()["errors"]][0] == "total_only"
    res = client.post(url, json={"end": "stock_out", "sides": [
        {"hand_total": 100, "going_out": "normal"}, {"hand_total": 5}]}, headers=auth)
    assert [e["field"] for e in res.get_json()["errors"]] == ["sides[0].going_out"]
    # The winner, from a total-only hand: 4,000 + 1,000 reaches 5,000.
    res = client.post(url, json=api_hand(1000, 0, going_out=None), headers=auth)
    assert res.status_code == 201
    state = client.get(f"/api/v1/games/{game['id']}").get_json()
    assert state["finished"] is True and state["winner"] == 0


def test_the_fast_lane_speaks_spanish(client: FlaskClient, game_id: str) -> None:
    refresh()
    client.get("/?lang=es")
    refresh()
    page = client.get(f"/games/{game_id}/hands/new?mode=total").get_data(as_text=True)
    assert "Puntos de esta mano" in page and "¿Quién cerró?" in page
    html = post_hand(client, game_id, total_hand("9.185", "100")).get_data(as_text=True)
    assert error_slot(html, "sides[0].hand_total").endswith(
        "a 9.180 puntos en una mano.")
    refresh()


def test_a_stale_fix_of_a_total_only_hand_shows_what_the_other_phone_saved(
        client: FlaskClient, game_id: str) -> None:
    post_hand(client, game_id, total_hand("500", "300"))
    version = the_game().hands[0].version
    fix = {**total_hand("1.035", "350"), "version": str(version)}
    # Another phone corrects it first: 1,035 and 300.
    assert client.post(f"/games/{game_id}/hands/1", data={
        **total_hand("1035", "300"), "version": str(version)}).status_code == 303
    res = client.post(f"/games/{game_id}/hands/1", data=fix)
    assert res.status_code == 409
    html = res.get_data(as_text=True)
    # The conflict page stays in the lane, with what was typed, and says what was saved
    # where it differs (350 against 300), not where it is the same number ("1.035" is 1035).
    assert re.search(r'name="sides\[0\]\.hand_total" value="1.035"', html)
    assert html.count("Saved by someone else") == 1
    assert "Saved by someone else: 300" in html


def test_the_language_switch_keeps_the_count_in_its_lane(client: FlaskClient,
                                                         game_id: str) -> None:
    """QA of 2026-12-05: in a game whose last hand was typed as totals, a count opened in the
    counting lane and switched to English opened the totals lane, empty ("?lang=en" alone)."""
    post_hand(client, game_id, total_hand("500", "300"))
    page = client.get(f"/games/{game_id}/hands/new?mode=count&went_out=0").get_data(
        as_text=True)
    links = dict(re.findall(r'<a href="([^"]+)" hreflang="(\w+)"', page))
    english = {lang: href for href, lang in links.items()}["en"].replace("&amp;", "&")
    assert english == "?mode=count&went_out=0&lang=en"
    refresh()
    page = client.get(f"/games/{game_id}/hands/new{english}").get_data(as_text=True)
    assert 'name="sides[0].table_points"' in page and 'name="sides[0].hand_total"' not in page
    assert re.search(r'name="sides\[0\]\.going_out" value="normal"[^>]* checked', page)


def test_the_live_count_waits_for_the_totals_before_saying_they_are_missing(
        client: FlaskClient, game_id: str) -> None:
    """QA of 2026-12-05: in the totals lane a tap on "The stock ran out" put "Type this side's
    score for the hand." under both empty boxes at once. While the table types, the live count
    waits for them; a save still says what is missing, by its field."""
    live = {"HX-Request": "true"}
    body = {"mode": "total", "end": "stock_out", "went_out": "", "seen": "1"}
    html = client.post(f"/games/{game_id}/hands/preview", data=body, headers=live).get_data(
        as_text=True)
    assert "Type each side's score to see the count." in html
    assert "score for the hand." not in html
    # One typed: the other still awaited, no mistake shown.
    html = client.post(f"/games/{game_id}/hands/preview", data={
        **body, "sides[0].hand_total": "120"}, headers=live).get_data(as_text=True)
    assert "score for the hand." not in html
    # Saved with a box empty: refused, said by the empty box.
    res = client.post(f"/games/{game_id}/hands", data={**body, "sides[0].hand_total": "120"})
    html = res.get_data(as_text=True)
    assert res.status_code == 422
    assert error_slot(html, "sides[1].hand_total") == "Type this side&#39;s score for the hand."
