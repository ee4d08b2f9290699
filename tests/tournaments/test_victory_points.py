"""Victory points (a setting beyond 002): each game's difference on a 20-0 scale, standings by
them with the difference beside."""

from __future__ import annotations

import pytest
from tournament_helpers import admin, create, links, play, read

from scorekeeper.engine import FieldError
from scorekeeper.engine.victory import DEFAULT_SCALE, parse_scale_text, read_scale, scale_text


@pytest.mark.parametrize(("difference", "points"), [
    (0, (10, 10)), (50, (10, 10)), (51, (11, 9)), (150, (11, 9)), (151, (12, 8)),
    (500, (14, 6)), (501, (15, 5)), (1000, (17, 3)), (1500, (19, 1)), (1501, (20, 0)),
    (5000, (20, 0)), (-700, (16, 4)),
])
def test_the_default_scale_bands(difference, points):
    # The two ends are the organizer's example: 0-50 is 10-10, over 1,500 is 20-0.
    assert DEFAULT_SCALE.points(difference) == points


def test_sides_get_the_winner_and_loser_points_by_their_credits():
    assert DEFAULT_SCALE.for_sides((2330, -2330)) == (20, 0)
    assert DEFAULT_SCALE.for_sides((-120, 120)) == (9, 11)
    assert DEFAULT_SCALE.for_sides((0, 0)) == (10, 10)
    # An abandonment: the pair that left 0, its opponent 5,000.
    assert DEFAULT_SCALE.for_sides((0, 5000)) == (0, 20)


def test_the_scale_is_read_from_data_and_from_the_form_text():
    scale = read_scale([[100, 12], [1000, 16]])
    assert scale.points(100) == (12, 8) and scale.points(101) == (16, 4)
    assert scale.points(1001) == (20, 0)
    assert read_scale(None) is DEFAULT_SCALE
    assert read_scale(parse_scale_text(scale_text(DEFAULT_SCALE))) == DEFAULT_SCALE
    assert parse_scale_text("1.000: 15, 2.000: 18") == [[1000, 15], [2000, 18]]
    assert scale.rows() == [(0, 100, 12, 8), (101, 1000, 16, 4), (1001, None, 20, 0)]
    for bad in ([], [[100, 9]], [[100, 12], [50, 14]], [[100, 14], [200, 12]], [[100, 21]],
                [["100", 12]], [[100, True]], "50:10", [[100]], parse_scale_text("50-10")):
        with pytest.raises(FieldError) as err:
            read_scale(bad)
        assert err.value.field == "victory_scale"


def test_standings_by_victory_points_rank_beside_the_difference(client):
    # 4 pairs, one game: table 1 won by 2,000 (20-0), table 2 by 60 (11-9).
    tid, token = create(client, n=4, rounds=1, standings_by="victory_points")
    tables = links(client, tid, token)
    play(client, tables[0], (15000, 13000))
    play(client, tables[1], (15000, 14940))
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    data = read(client, tid)
    assert data["standings_by"] == "victory_points"
    assert data["victory_scale"] == DEFAULT_SCALE.to_list()
    rows = [(s["pair"], s["victory_points"], s["difference"]) for s in data["standings"]]
    assert rows == [(1, 20, 2000), (3, 11, 60), (4, 9, -60), (2, 0, -2000)]
    # The page shows them beside the difference.
    html = client.get(f"/tournaments/{tid}/standings").get_data(as_text=True)
    assert '<td class="num vp">20</td>' in html and "Ranked by victory points" in html


def test_victory_points_and_the_difference_can_rank_differently(client):
    # 4 pairs, 2 games by 002's rotation: game 1 seats 1-2, 3-4; game 2 seats 3-2, 1-4.
    # Scale: up to 100 10-10, up to 1,000 15-5, over 1,000 20-0.
    tid, token = create(client, n=4, rounds=2, standings_by="victory_points",
                        victory_scale=[[100, 10], [1000, 15]])
    tables = links(client, tid, token)
    play(client, tables[0], (15000, 10000))  # pair 1 +5,000: 20-0
    play(client, tables[1], (15000, 14000))  # pair 3 +1,000: 15-5
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    tables = {t["table"]: t for t in links(client, tid, token, 2)}
    assert tables[1]["pairs"] == [3, 2] and tables[2]["pairs"] == [1, 4]
    play(client, tables[1], (15000, 14000))  # pair 3 +1,000: 15-5
    play(client, tables[2], (14100, 15000))  # pair 4 +900: 15-5
    client.post(f"/api/v1/tournaments/{tid}/rounds/2/finish", headers=admin(token))
    data = read(client, tid)
    rows = [(s["pair"], s["victory_points"], s["difference"]) for s in data["standings"]]
    # By difference (002) pair 1 would lead (+4,100 against +2,000); by victory points
    # pair 3 does (15 + 15 = 30 against 20 + 5 = 25).
    assert rows == [(3, 30, 2000), (1, 25, 4100), (4, 20, -100), (2, 5, -6000)]


def test_bad_settings_are_field_errors(client):
    body = {"name": "Club", "ruleset": "classic", "pairs": [
        {"players": ["A", "B"]}, {"players": ["C", "D"]}]}
    for extra, field in (({"standings_by": "luck"}, "standings_by"),
                         ({"victory_scale": [[50, 25]]}, "victory_scale"),
                         ({"language": "fr"}, "language"), ({"prizes": -1}, "prizes")):
        answer = client.post("/api/v1/tournaments", json={**body, **extra})
        assert answer.status_code == 422, extra
        assert [e["field"] for e in answer.get_json()["errors"]] == [field]
