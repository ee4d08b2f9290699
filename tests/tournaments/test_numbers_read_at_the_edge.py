"""The desk's numbers sent through the API: a substitute's player number (read where it enters,
the API or the form, and handed to the service as a whole number) and minutes added to the
clock count when sent as digits; anything that is not a whole number (a fraction, ``true``, a
list) is refused on its field, never a 500 (``{"player": 1.0}`` was one)."""

from __future__ import annotations

from tournament_helpers import admin, create, read


def _substitute(client, tid, token, player):
    return client.post(f"/api/v1/tournaments/{tid}/rounds/1/pairs/3/substitute",
                       headers=admin(token), json={"player": player, "name": "Marta"})


def test_a_substitutes_player_is_a_whole_number_1_or_2(client):
    tid, token = create(client, 4)
    for player in (1.0, 2.5, True, [1], "uno", 3, 0, None):
        refused = _substitute(client, tid, token, player)
        assert refused.status_code == 422, (player, refused.get_data(as_text=True))
        assert [e["field"] for e in refused.get_json()["errors"]] == ["player"], player
    assert read(client, tid)["pairs"][2]["substituted"] is False
    named = _substitute(client, tid, token, " 2 ")  # digits as text, as a form sends them
    assert named.status_code == 200, named.get_json()
    assert named.get_json()["change"]["detail"] == {
        "substitutes": [[None, "Marta"], [None, None]]}


def test_minutes_added_to_the_clock_are_a_whole_number(client):
    tid, token = create(client, 4)
    url = f"/api/v1/tournaments/{tid}/rounds/1/extend"
    for minutes in (5.0, True, "5 min", [5]):
        refused = client.post(url, headers=admin(token), json={"minutes": minutes})
        assert refused.status_code == 422, minutes
        assert [e["field"] for e in refused.get_json()["errors"]] == ["minutes"]
    added = client.post(url, headers=admin(token), json={"minutes": "7"})
    assert added.status_code == 200, added.get_json()
    assert added.get_json()["rounds"][0]["clock"] == {"state": "not_started",
                                                      "seconds_left": (60 + 7) * 60}
