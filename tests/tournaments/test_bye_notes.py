"""What the seating notes say a bye gets (issue 43: on victory-point nights the notes said a bye
"gets nothing" while 12 victory points were credited): nothing on a difference night (002), the
tournament's bye points on a victory-point night, through the API, the desk's page and the
set-up form's preview, in each seating method."""

from __future__ import annotations

from html import unescape

import pytest
from tournament_helpers import create, read

ODD = "The number of pairs is odd"


@pytest.mark.parametrize("method", ["rotation", "mitchell", "swiss"])
def test_a_bye_is_credited_what_the_night_ranks_on(client, method: str) -> None:
    tid, _token = create(client, 5, seating_method=method)
    (note,) = [n for n in read(client, tid)["seating_notes"] if n.startswith(ODD)]
    assert "credited nothing" in note
    tid, token = create(client, 5, seating_method=method, standings_by="victory_points",
                        bye_victory_points=10)
    (note,) = [n for n in read(client, tid)["seating_notes"] if n.startswith(ODD)]
    assert "credited 10 victory points" in note and "nothing" not in note
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303  # the desk
    page = unescape(client.get(f"/tournaments/{tid}").get_data(as_text=True))
    assert "credited 10 victory points" in page


def test_the_set_up_preview_says_it_too(client) -> None:
    form = {"name": "Club", "pairs": "A: a, b\nB: c, d\nC: e, f", "rounds": "3",
            "ruleset": "classic", "standings_by": "victory_points", "bye_victory_points": "12",
            "reload": "1"}
    html = unescape(client.post("/tournaments/new", data=form).get_data(as_text=True))
    assert "credited 12 victory points" in html
    form["standings_by"] = "difference"
    html = unescape(client.post("/tournaments/new", data=form).get_data(as_text=True))
    assert "credited nothing" in html
