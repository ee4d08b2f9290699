"""The one-hand calculator: the count screen of a game, for one hand, nothing stored."""

from __future__ import annotations

import re

import pytest

from scorekeeper.engine import PRESETS
from scorekeeper.extensions import db
from scorekeeper.models import Game

pytestmark = pytest.mark.usefixtures("app_context")

#: 2 natural canastas 1,000 + going out 100 + table 400 - 0 = 1,500; the other side lays
#: 130 and keeps 35 in hand: 95.
HAND = {"ruleset": "classic", "format": "4", "end": "went_out",
        "sides[0].going_out": "normal", "sides[0].canastas.natural": "2",
        "sides[0].table_points": "400", "sides[1].table_points": "130",
        "sides[1].hand_points": "35"}


@pytest.mark.parametrize("ruleset", sorted(PRESETS))
def test_each_preset_and_format(client, ruleset):
    for fmt in PRESETS[ruleset].formats:
        res = client.get(f"/calculator?ruleset={ruleset}&format={fmt.id}")
        assert res.status_code == 200
        html = res.get_data(as_text=True)
        assert f'name="format" value="{fmt.id}"' in html
        assert f'name="sides[{fmt.sides - 1}].table_points"' in html
        assert f'name="sides[{fmt.sides}].table_points"' not in html


def test_count_one_hand_without_javascript(client):
    res = client.post("/calculator", data=HAND)
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    assert "<html" in html
    assert "Natural canastas × 2" in html and "+1,000" in html
    assert "+1,500" in html and "+95" in html
    assert 'value="400"' in html  # the hand stays on screen to be changed
    assert db.session.execute(db.select(Game)).first() is None


def test_three_sides(client):
    res = client.post("/calculator", data={
        "ruleset": "comodines", "format": "3", "end": "stock_out",
        "sides[0].table_points": "100", "sides[1].table_points": "50",
        "sides[2].table_points": "20", "sides[2].hand_points": "30"})
    html = res.get_data(as_text=True)
    assert res.status_code == 200
    assert re.search(r"Side 3</span>\s*<strong class=\"summary-points\">\u221210<", html)


def test_live_update_is_a_partial(client):
    res = client.post("/calculator", data=HAND, headers={"HX-Request": "true"})
    assert res.status_code == 200 and "HX-Request" in res.headers["Vary"]
    html = res.get_data(as_text=True)
    assert "<html" not in html and html.lstrip().startswith('<div id="count-summary"')
    assert 'id="breakdown-1"' in html and "+95" in html


def test_errors_next_to_the_field(client):
    res = client.post("/calculator", data={**HAND, "sides[1].hand_points": "3x"})
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    assert re.search(r'id="err-sides-1-hand_points">Enter a whole number.</p>', html)
    res = client.post("/calculator", data={**HAND, "sides[0].canastas.natural": ""})
    assert "Going out needs finished canastas: 1; this side has 0." in res.get_data(as_text=True)


@pytest.mark.parametrize("query", ["ruleset=poker", "ruleset=" + "x" * 500,
                                   "ruleset=classic&format=6-teams"])
def test_bad_rules_get_a_message_not_a_500(client, query):
    res = client.get(f"/calculator?{query}")
    assert res.status_code == 200
    html = res.get_data(as_text=True)
    assert 'class="notice notice-warn" role="alert"' in html
    res = client.post(f"/calculator?{query}", data={k: v for k, v in HAND.items()
                                                    if k not in ("ruleset", "format")})
    assert res.status_code == 200
    assert "Showing" in res.get_data(as_text=True) or "showing" in res.get_data(as_text=True)
