"""Pairs on the night through the API: a pair added and one withdrawn before game 1 (game 1
seated again), a late pair joining game 2, a substitute's name on a game; the desk's credential
required; bad input answered by field."""

from __future__ import annotations

from tournament_helpers import admin, create, links, play, read

from scorekeeper.extensions import db
from scorekeeper.models.desk import TournamentChange


def seating(data, number=1):
    rnd = data["rounds"][number - 1]
    return [tuple(t["pairs"]) for t in rnd["tables"]], rnd["byes"]


def test_a_pair_added_and_one_withdrawn_before_game_1_reseat_game_1(client):
    tid, token = create(client, 4)
    # Table 1's link was handed out at creation; it stays valid while its pairs stay.
    first = read(client, tid, token)["rounds"][0]["tables"][0]["game_id"]

    added = client.post(f"/api/v1/tournaments/{tid}/pairs", headers=admin(token),
                        json={"name": "Golondrinas", "players": ["Concha", "Pilar"]})
    assert added.status_code == 201, added.get_json()
    body = added.get_json()
    # Five pairs: 002's bye seat makes pair 5 sit out game 1 (1-2, 3-4 as before).
    assert seating(body) == ([(1, 2), (3, 4)], [5])
    assert body["pairs"][4] == {"number": 5, "name": "Golondrinas",
                                "players": ["Concha", "Pilar"], "disqualified": False,
                                "substituted": False, "checked_in": True,
                                "joined_round": None}
    assert body["change"]["kind"] == "pair_add" and body["change"]["detail"]["byes"] == [5]
    assert body["rounds"][0]["tables"][0]["game_id"] == first

    six = client.post(f"/api/v1/tournaments/{tid}/pairs", headers=admin(token),
                      json={"players": ["Eva", "Juan"]})
    assert six.status_code == 201
    body = six.get_json()
    assert seating(body) == ([(1, 2), (3, 4), (5, 6)], [])
    assert body["pairs"][5]["name"] == "Eva – Juan"
    # The new table 3 is a new game: its edit token is handed out in this answer.
    new_table = body["rounds"][0]["tables"][2]
    assert new_table["edit_token"] and body["change"]["detail"]["tables"] == [[3, 5, 6]]

    # Pair 2 does not come: withdrawn, its number retired (issue 43: every other pair keeps
    # its number, as its slip and the wall already say it), game 1 seated again around it.
    gone = client.delete(f"/api/v1/tournaments/{tid}/pairs/2", headers=admin(token))
    assert gone.status_code == 200, gone.get_json()
    body = gone.get_json()
    assert [(p["number"], p["name"]) for p in body["pairs"]] == [
        (1, "Pair 1"), (3, "Pair 3"), (4, "Pair 4"), (5, "Golondrinas"), (6, "Eva – Juan")]
    assert body["change"]["detail"]["renumbered"] == []
    assert seating(body) == ([(1, 3), (4, 5)], [6])
    assert body["change"]["detail"]["removed"] == [3]
    assert body["standings"] and len(body["standings"]) == 5
    assert sorted(s["pair"] for s in body["standings"]) == [1, 3, 4, 5, 6]
    kinds = [c.kind for c in db.session.query(TournamentChange).order_by(TournamentChange.seq)]
    assert kinds == ["pair_add", "pair_add", "pair_withdraw"]

    # A pair added now takes the next number after the last, not the retired one.
    late = client.post(f"/api/v1/tournaments/{tid}/pairs", headers=admin(token),
                       json={"players": ["Rosa", "Pablo"]})
    assert late.status_code == 201, late.get_json()
    body = late.get_json()
    assert [p["number"] for p in body["pairs"]] == [1, 3, 4, 5, 6, 7]
    assert seating(body) == ([(1, 3), (4, 5), (6, 7)], [])


def test_a_withdrawal_keeps_every_other_pairs_number_through_the_night(client):
    # 10 pairs, pair 4 withdrawn: nobody is renumbered, and the four games seat the nine left
    # (a bye each game) by their own numbers, none twice against the same pair.
    tid, token = create(client, 10, rounds=4)
    names = {p["number"]: p["name"] for p in read(client, tid, token)["pairs"]}
    gone = client.delete(f"/api/v1/tournaments/{tid}/pairs/4", headers=admin(token))
    assert gone.status_code == 200, gone.get_json()
    body = gone.get_json()
    assert {p["number"]: p["name"] for p in body["pairs"]} == {
        n: name for n, name in names.items() if n != 4}
    met: set[frozenset[int]] = set()
    for game in range(1, 5):
        data = read(client, tid, token)
        tables = [tuple(t["pairs"]) for t in data["rounds"][game - 1]["tables"]]
        seated = sorted([n for t in tables for n in t] + data["rounds"][game - 1]["byes"])
        assert seated == [1, 2, 3, 5, 6, 7, 8, 9, 10], (game, tables)
        assert not met & {frozenset(t) for t in tables}
        met |= {frozenset(t) for t in tables}
        for table in range(1, len(tables) + 1):
            answer = client.post(
                f"/api/v1/tournaments/{tid}/rounds/{game}/tables/{table}/result",
                json={"totals": [5000, 4000 + table]}, headers=admin(token))
            assert answer.status_code == 200, answer.get_json()
        assert client.post(f"/api/v1/tournaments/{tid}/rounds/{game}/finish",
                           headers=admin(token)).status_code == 200
    standings = read(client, tid, token)["standings"]
    assert sorted(s["pair"] for s in standings) == [1, 2, 3, 5, 6, 7, 8, 9, 10]


def test_after_game_1_starts_a_pair_cannot_be_withdrawn_and_a_late_pair_joins_game_2(client):
    tid, token = create(client, 4)
    start = client.post(f"/api/v1/tournaments/{tid}/rounds/1/start", headers=admin(token))
    assert start.status_code == 200
    refused = client.delete(f"/api/v1/tournaments/{tid}/pairs/2", headers=admin(token))
    assert refused.status_code == 409
    assert "Game 1 has started" in refused.get_json()["error"]
    renamed = client.patch(f"/api/v1/tournaments/{tid}/pairs/2", headers=admin(token),
                           json={"players": ["A", "B"]})
    assert renamed.status_code == 409

    late = client.post(f"/api/v1/tournaments/{tid}/pairs", headers=admin(token),
                       json={"name": "Tardones", "players": ["Rosa", "Tomás"]})
    assert late.status_code == 201, late.get_json()
    body = late.get_json()
    assert body["pairs"][4]["joined_round"] == 2
    assert body["change"]["detail"]["joins"] == 2
    # Game 1 is played as it was seated.
    assert seating(body) == ([(1, 2), (3, 4)], [])

    tables = links(client, tid, token, 1)
    play(client, tables[0], (3000, 1000))
    play(client, tables[1], (1500, 2500))
    closed = client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    assert closed.status_code == 200
    data = closed.get_json()
    tables2, byes2 = seating(data, 2)
    assert 5 in {p for t in tables2 for p in t}
    assert len(tables2) == 2 and len(byes2) == 1
    # The game it missed credits it nothing (as an absence, not a bye).
    late_row = next(s for s in data["standings"] if s["pair"] == 5)
    assert late_row["difference"] == 0 and late_row["played"] == 0 and late_row["byes"] == []
    assert late_row["credits"][0] is None


def test_no_game_left_for_a_late_pair_in_the_last_game(client):
    tid, token = create(client, 4, rounds=1)
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/start", headers=admin(token))
    late = client.post(f"/api/v1/tournaments/{tid}/pairs", headers=admin(token),
                       json={"players": ["Rosa", "Tomás"]})
    assert late.status_code == 409
    assert "last game" in late.get_json()["error"]


def test_a_substitute_named_on_a_game(client):
    tid, token = create(client, 4)
    named = client.post(f"/api/v1/tournaments/{tid}/rounds/1/pairs/3/substitute",
                        headers=admin(token), json={"player": 2, "name": "Marta"})
    assert named.status_code == 200, named.get_json()
    body = named.get_json()
    assert body["pairs"][2]["substituted"] is True
    assert body["change"]["detail"] == {"substitutes": [[None, "Marta"], [None, None]]}


def test_the_desks_credential_is_required(client):
    tid, token = create(client, 4)
    calls = [("post", f"/api/v1/tournaments/{tid}/pairs", {"players": ["A", "B"]}),
             ("delete", f"/api/v1/tournaments/{tid}/pairs/2", None),
             ("patch", f"/api/v1/tournaments/{tid}/pairs/2", {"players": ["A", "B"]}),
             ("put", f"/api/v1/tournaments/{tid}/pairs/2/check-in", None),
             ("post", f"/api/v1/tournaments/{tid}/rounds/1/pairs/2/substitute",
              {"player": 1, "name": "X"})]
    for method, url, body in calls:
        assert getattr(client, method)(url, json=body).status_code == 401
        wrong = getattr(client, method)(url, json=body, headers=admin("not-the-token"))
        assert wrong.status_code == 403
    assert len(read(client, tid)["pairs"]) == 4


def test_bad_input_is_answered_by_field(client):
    tid, token = create(client, 4)
    cases = [
        ({"players": ["Only one"]}, {"players"}),
        ({"name": "x" * 61, "players": ["A", "B"]}, {"name"}),
        ({"name": 7, "players": [1, 2]}, {"players"}),
        ({"players": ["A", "B" * 61]}, {"players"}),
    ]
    for body, fields in cases:
        response = client.post(f"/api/v1/tournaments/{tid}/pairs", headers=admin(token),
                               json=body)
        assert response.status_code == 422, (body, response.get_json())
        assert {e["field"] for e in response.get_json()["errors"]} >= fields
    assert client.post(f"/api/v1/tournaments/{tid}/pairs", headers=admin(token),
                       data="not json").status_code in (400, 415)
    sub = client.post(f"/api/v1/tournaments/{tid}/rounds/1/pairs/2/substitute",
                      headers=admin(token), json={"player": 3, "name": " "})
    assert sub.status_code == 422
    assert {e["field"] for e in sub.get_json()["errors"]} == {"player", "name"}
    assert client.delete(f"/api/v1/tournaments/{tid}/pairs/9",
                         headers=admin(token)).status_code == 404
    assert len(read(client, tid)["pairs"]) == 4
    # Two pairs are the least a tournament seats.
    client.delete(f"/api/v1/tournaments/{tid}/pairs/4", headers=admin(token))
    client.delete(f"/api/v1/tournaments/{tid}/pairs/3", headers=admin(token))
    last = client.delete(f"/api/v1/tournaments/{tid}/pairs/2", headers=admin(token))
    assert last.status_code == 422
    assert last.get_json()["errors"][0]["field"] == "pair"


def test_every_change_before_game_1_seats_each_pair_once_and_leaves_no_game_behind(client):
    from scorekeeper.models import Game

    tid, token = create(client, 3)
    steps = [("add", None), ("add", None), ("withdraw", 1), ("add", None), ("withdraw", 5),
             ("withdraw", 2), ("add", None), ("add", None), ("add", None), ("withdraw", 3)]
    live, last = [1, 2, 3], 3
    for i, (step, number) in enumerate(steps):
        if step == "add":
            response = client.post(f"/api/v1/tournaments/{tid}/pairs", headers=admin(token),
                                   json={"players": [f"N{i}a", f"N{i}b"]})
            assert response.status_code == 201
            last += 1  # a new number after the last ever given: a retired one stays retired
            live.append(last)
        else:
            response = client.delete(f"/api/v1/tournaments/{tid}/pairs/{number}",
                                     headers=admin(token))
            assert response.status_code == 200
            live.remove(number)
        data = response.get_json()
        n = len(data["pairs"])
        assert [p["number"] for p in data["pairs"]] == live
        tables, byes = seating(data)
        seated = [p for t in tables for p in t] + byes
        assert sorted(seated) == live, (step, data["rounds"][0])
        # 002's game 1 in the pairs' order: the first two, the next two... at tables 1, 2...;
        # an odd pair out (the last) sits out.
        assert tables == [(live[2 * k], live[2 * k + 1]) for k in range(n // 2)]
        assert byes == ([live[-1]] if n % 2 else [])
        # Every game made for a table that is gone was removed with it.
        assert db.session.query(Game).count() == len(tables)
        db.session.expire_all()


def test_check_in_before_game_1_and_the_repeat_of_a_request_key(client):
    tid, token = create(client, 4)
    url = f"/api/v1/tournaments/{tid}/pairs/2/check-in"
    key = {**admin(token), "Idempotency-Key": "arrive-2"}
    first = client.put(url, headers=key)
    assert first.status_code == 200 and first.get_json()["pairs"][1]["checked_in"] is True
    # The same request again (a retry) answers the same change and logs nothing new.
    again = client.put(url, headers=key)
    assert again.status_code == 200 and again.get_json()["change"]["seq"] == 1
    # The same key for another request is refused.
    assert client.delete(url, headers=key).status_code == 409
    gone = client.delete(url, headers=admin(token))
    assert gone.status_code == 200 and gone.get_json()["pairs"][1]["checked_in"] is False
    kinds = [c.kind for c in db.session.query(TournamentChange).order_by(TournamentChange.seq)]
    assert kinds == ["check_in", "check_out"]
    client.post(f"/api/v1/tournaments/{tid}/rounds/1/start", headers=admin(token))
    assert client.put(url, headers=admin(token)).status_code == 409


def test_a_withdrawal_a_mitchell_movement_cannot_seat_is_refused_and_changes_nothing(client):
    # Six pairs, three tables, three games: one pair fewer still seats three tables (the
    # moving pair that reaches the empty one sits out); four pairs would leave two tables for
    # three games, which a Mitchell movement cannot play.
    tid, token = create(client, 5, rounds=3, seating_method="mitchell")
    refused = client.delete(f"/api/v1/tournaments/{tid}/pairs/5", headers=admin(token))
    assert refused.status_code == 422, refused.get_json()
    errors = refused.get_json()["errors"]
    assert [e["field"] for e in errors] == ["pair"]
    assert len(read(client, tid, token)["pairs"]) == 5
    assert db.session.query(TournamentChange).count() == 0
