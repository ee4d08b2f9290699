"""The start form's target follows the rule set chosen unless the player typed one (issue 40).

Without JavaScript the form is posted with the rule set just picked and the target box still
holding the value the page was drawn with; the hidden ``shown_ruleset`` names the rule set that
value came from. The server then takes the chosen rule set's target, and keeps any other value.
The htmx re-draw of the form (a GET with the same fields) does the same."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from scorekeeper.engine import PRESETS, find_ruleset
from scorekeeper.extensions import db
from scorekeeper.models import Game

pytestmark = pytest.mark.usefixtures("app_context")


def post_new(client, **fields: str):
    data = {"ruleset": "classic", "players": "4", "shown_ruleset": "classic", **fields}
    return client.post("/games/new", data=data)


def started_target(client, **fields: str) -> int:
    res = post_new(client, **fields)
    assert res.status_code == 303, res.get_data(as_text=True)
    game_id = res.headers["Location"].rsplit("/", 1)[-1]
    game = db.session.scalars(select(Game).order_by(Game.id.desc())).first()
    assert game is not None
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert f"Playing to {game.target:,}" in board
    return int(game.target)


def target_box(html: str) -> str:
    m = re.search(r'<input[^>]*name="target"[^>]*>', html)
    assert m, "no target box"
    value = re.search(r'value="([^"]*)"', m.group(0))
    return value.group(1) if value else ""


def test_burraco_plays_to_2005() -> None:
    # VARIANTS-2.md 12.4: "Target | 2,005"; the preset's own value is what the form uses.
    assert find_ruleset("burraco").target == 2005


def test_a_target_left_at_the_shown_rule_sets_value_follows_the_chosen_one(client) -> None:
    assert started_target(client, ruleset="burraco", target="5000") == 2005
    assert started_target(client, ruleset="buraco", target="5000") == 3000
    assert started_target(client, ruleset="samba", target="5000") == 10000


def test_a_typed_target_is_kept(client) -> None:
    assert started_target(client, ruleset="burraco", target="4000") == 4000
    # Typed under the rule set already shown: kept too, even at another preset's value.
    assert started_target(client, ruleset="burraco", shown_ruleset="burraco",
                          target="5000") == 5000


def test_an_empty_target_is_the_rule_sets(client) -> None:
    assert started_target(client, ruleset="burraco", target="") == 2005
    assert started_target(client, ruleset="samba", shown_ruleset="samba") == 10000


def test_from_a_game_of_rounds_to_a_target(client) -> None:
    # Hand and Foot's form keeps the box, hidden, at its rule set's value (5,000, unused).
    assert started_target(client, ruleset="buraco", shown_ruleset="hand-and-foot",
                          target=str(find_ruleset("hand-and-foot").target)) == 3000


def test_an_unknown_shown_rule_set_keeps_the_typed_value(client) -> None:
    assert started_target(client, ruleset="buraco", shown_ruleset="nope",
                          target="5000") == 5000


def test_a_game_of_rounds_says_how_it_ends(client) -> None:
    res = post_new(client, ruleset="hand-and-foot", target="4000")
    assert res.status_code == 303
    game_id = res.headers["Location"].rsplit("/", 1)[-1]
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "4 rounds, the higher total wins" in board and "Playing to" not in board


def test_the_redrawn_form_follows(client) -> None:
    """The htmx re-draw after a pick (a GET with the form's fields)."""
    html = client.get("/games/new?ruleset=buraco&shown_ruleset=classic&players=4"
                      "&target=5000", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert target_box(html) == "3000"
    assert "These rules play to 3,000." in html
    assert '<input type="hidden" name="shown_ruleset" value="buraco">' in html
    typed = client.get("/games/new?ruleset=buraco&shown_ruleset=classic&players=4"
                       "&target=4500").get_data(as_text=True)
    assert target_box(typed) == "4500"


def test_a_game_of_rounds_form_says_its_rounds_instead_of_a_target(client) -> None:
    html = client.get("/games/new?ruleset=hand-and-foot").get_data(as_text=True)
    ends = re.search(r'<p class="hint game-ends" id="game-ends" data-ends="rounds">([^<]*)</p>',
                     html)
    assert ends and ends.group(1) == "These rules play 4 rounds; the higher total wins."
    assert re.search(r'<div data-ends="target" hidden>', html)
    classic = client.get("/games/new").get_data(as_text=True)
    assert re.search(r'data-ends="rounds" hidden>', classic)
    assert '<div data-ends="target">' in classic


def test_each_option_carries_its_rule_sets_values(client) -> None:
    html = client.get("/games/new").get_data(as_text=True)
    options = {m.group("id"): m.group(0) for m in re.finditer(
        r'<option [^>]*value="(?P<id>[^"]+)"[^>]*>', html)}
    assert set(PRESETS) <= set(options)
    for rs_id, rs in PRESETS.items():
        assert f'data-target="{rs.target}"' in options[rs_id], rs_id
        if rs.rounds:
            assert f'data-rounds="{rs.rounds}"' in options[rs_id]
            assert f"play {rs.rounds} rounds" in options[rs_id]
        else:
            assert "data-rounds" not in options[rs_id]
            assert f"These rules play to {rs.target:,}." in options[rs_id]


def test_a_hidden_target_never_stops_a_game_of_rounds(client) -> None:
    """Typed wrong under another rule set, then Hand and Foot picked: its form hides the box,
    so what was in it cannot be the reason the game does not start."""
    for typed in ("abc", "50"):
        res = post_new(client, ruleset="hand-and-foot", target=typed)
        assert res.status_code == 303, typed
    # Under a rule set with a target the same value is still refused, by its box.
    res = post_new(client, ruleset="classic", target="50")
    assert res.status_code == 422 and 'id="err-target">The target' in res.get_data(as_text=True)
