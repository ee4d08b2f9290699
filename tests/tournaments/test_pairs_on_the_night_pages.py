"""Pairs on the night at the desk's pages (no script): check-in, a pair added and one withdrawn
before game 1 with the desk told what changed, a correction, a late pair joining game 2, a
substitute named; refused without the desk's credential; bad input shown by its field."""

from __future__ import annotations

import re
from html import unescape

from tournament_helpers import admin, create, links, play, read

from scorekeeper.extensions import db
from scorekeeper.models.desk import TournamentChange


def login(client, tid, token):
    assert client.get(f"/tournaments/{tid}?token={token}").status_code == 303


def text(html):
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def fields(html, action):
    """The hidden fields of the form posting to ``action``."""
    form = re.search(rf'<form method="post" action="{re.escape(action)}".*?</form>', html, re.S)
    assert form, action
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)))


def page(client, tid):
    response = client.get(f"/tournaments/{tid}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def post(client, tid, action, **typed):
    data = {**fields(page(client, tid), action), **typed}
    return client.post(action, data=data)


def test_the_desk_checks_in_adds_withdraws_and_corrects_pairs_before_game_1(client):
    tid, token = create(client, 4)
    login(client, tid, token)
    html = page(client, tid)
    assert "Pairs on the night" in html and "4 pairs not checked in yet." in text(html)

    checked = post(client, tid, f"/tournaments/{tid}/pairs/1/check-in", present="1")
    assert checked.status_code == 303
    assert "3 pairs not checked in yet." in text(page(client, tid))

    added = post(client, tid, f"/tournaments/{tid}/pairs/add", **{
        "add-name": "Golondrinas", "add-player1": "Concha", "add-player2": "Pilar"})
    assert added.status_code == 303
    told = text(page(client, tid))
    assert "Pair 5, Golondrinas, was added." in told and "Pair 5 sits out game 1." in told

    # Withdrawing asks first, on a page of its own (no script needed) that says what will
    # change; nothing changes until it is confirmed.
    ask = post(client, tid, f"/tournaments/{tid}/pairs/2/withdraw")
    assert ask.status_code == 200
    html = ask.get_data(as_text=True)
    asked = text(html)
    assert "Withdraw pair 2?" in asked
    assert "Pair 2, Pair 2 (P2a, P2b), leaves the tournament before game 1" in asked
    assert "Its number is retired: every other pair keeps its own number all night." in asked
    # Game 1 as it would be: 1-3 (a new game), 4-5 (a new game), no table 3.
    assert "Table 1: pair 1 against pair 3, a new game" in asked
    assert "Table 2: pair 4 against pair 5, a new game" in asked
    assert "Table 3" not in asked or "Table 3 is not played in game 1." in asked
    assert len(read(client, tid, token)["pairs"]) == 5
    kinds = [c.kind for c in db.session.query(TournamentChange).order_by(TournamentChange.seq)]
    assert kinds == ["check_in", "pair_add"]
    action = f"/tournaments/{tid}/pairs/2/withdraw"
    confirm = fields(html, action)
    assert confirm["confirm"] == "1"
    assert "Yes, withdraw pair 2" in asked and f'href="/tournaments/{tid}"' in html  # or cancel
    gone = client.post(action, data=confirm)
    assert gone.status_code == 303
    told = text(page(client, tid))
    assert "Pair 2, Pair 2, was withdrawn." in told
    assert "is now pair" not in told  # nobody renumbered (issue 43)
    data = read(client, tid, token)
    assert [(p["number"], p["name"]) for p in data["pairs"]] == [
        (1, "Pair 1"), (3, "Pair 3"), (4, "Pair 4"), (5, "Golondrinas")]
    assert [tuple(t["pairs"]) for t in data["rounds"][0]["tables"]] == [(1, 3), (4, 5)]
    assert "Table 1: pair 1 against pair 3, a new game" in told
    # The confirmation posted again (a second tap) does the change once.
    assert client.post(action, data=confirm).status_code in (303, 404)
    assert len(read(client, tid, token)["pairs"]) == 4

    game_id = read(client, tid, token)["rounds"][0]["tables"][1]["game_id"]

    def live_count() -> str:
        # The desk may count its tables' hands: the live count names the sides.
        res = client.post(f"/games/{game_id}/hands/preview", data={"end": "went_out"},
                          headers={"HX-Request": "true"})
        assert res.status_code == 200
        return res.get_data(as_text=True)

    assert ">Golondrinas<" in live_count()
    fixed = post(client, tid, f"/tournaments/{tid}/pairs/5/rename", **{
        "pair5-name": "Las Golondrinas", "pair5-player1": "Concha", "pair5-player2": "Pili"})
    assert fixed.status_code == 303
    data = read(client, tid, token)
    assert data["pairs"][3]["players"] == ["Concha", "Pili"]
    # The game 1 table's game follows the correction (its sheet and phone show it), the live
    # count too (the game's own version did not change; its tournament's did).
    game = client.get(f"/api/v1/games/{game_id}").get_json()
    assert game["sides"][1]["name"] == "Las Golondrinas"
    assert ">Las Golondrinas<" in live_count() and ">Golondrinas<" not in live_count()
    kinds = [c.kind for c in db.session.query(TournamentChange).order_by(TournamentChange.seq)]
    assert kinds == ["check_in", "pair_add", "pair_withdraw", "pair_rename"]


def test_bad_input_is_shown_by_its_field_and_nothing_changes(client):
    tid, token = create(client, 4)
    login(client, tid, token)
    bad = post(client, tid, f"/tournaments/{tid}/pairs/add", **{
        "add-name": "x" * 61, "add-player1": "Concha", "add-player2": ""})
    assert bad.status_code == 422
    html = bad.get_data(as_text=True)
    assert re.search(r'id="err-add-name">At most 60 characters\.</p>', html), html
    assert re.search(r'id="err-add-players">A pair needs two players\.</p>', html)
    # What was typed is kept.
    assert 'value="Concha"' in html
    sub = post(client, tid, f"/tournaments/{tid}/pairs/3/rename", **{
        "pair3-player1": " ", "pair3-player2": "B"})
    assert sub.status_code == 422
    assert 'id="err-pair3-players">A pair needs two players.' in sub.get_data(as_text=True)
    assert len(read(client, tid)["pairs"]) == 4


def test_a_late_pair_joins_game_2_and_a_substitute_is_named(client):
    tid, token = create(client, 4)
    login(client, tid, token)
    post(client, tid, f"/tournaments/{tid}/rounds/1/clock/start")
    html = page(client, tid)
    assert "A late pair: it plays from game 2 on" in text(html)
    assert f"/tournaments/{tid}/pairs/2/withdraw" not in html
    form = fields(html, f"/tournaments/{tid}/pairs/add")
    for confirmed in ({}, {"confirm": "1"}):  # refused as it is asked, and as it is confirmed
        refused = client.post(f"/tournaments/{tid}/pairs/2/withdraw", data={**form, **confirmed})
        assert refused.status_code == 409
        assert "Game 1 has started" in text(refused.get_data(as_text=True))

    late = post(client, tid, f"/tournaments/{tid}/pairs/add", **{
        "add-name": "Tardones", "add-player1": "Rosa", "add-player2": "Tomás"})
    assert late.status_code == 303
    told = text(page(client, tid))
    assert "Pair 5, Tardones, was added: it plays from game 2 on" in told

    named = post(client, tid, f"/tournaments/{tid}/substitute-name", pair="3", player="2",
                 name="Marta")
    assert named.status_code == 303
    data = read(client, tid, token)
    assert data["pairs"][2]["substituted"] is True
    bad = post(client, tid, f"/tournaments/{tid}/substitute-name", pair="3", player="",
               name="")
    assert bad.status_code == 422
    html = bad.get_data(as_text=True)
    assert 'id="err-sub-player">Choose the player who was replaced.' in html
    assert 'id="err-sub-name">' in html

    tables = links(client, tid, token, 1)
    play(client, tables[0], (3000, 1000))
    play(client, tables[1], (1500, 2500))
    closed = client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish", headers=admin(token))
    game2 = closed.get_json()["rounds"][1]
    assert 5 in {p for t in game2["tables"] for p in t["pairs"]}


def test_the_pairs_forms_need_the_desks_credential(client):
    tid, token = create(client, 4)
    other = create(client, 4)
    login(client, other[0], other[1])  # the desk of another tournament
    for action, data in [
        (f"/tournaments/{tid}/pairs/add", {"add-player1": "A", "add-player2": "B"}),
        (f"/tournaments/{tid}/pairs/2/withdraw", {}),
        (f"/tournaments/{tid}/pairs/2/rename", {"pair2-player1": "A", "pair2-player2": "B"}),
        (f"/tournaments/{tid}/pairs/2/check-in", {"present": "1"}),
        (f"/tournaments/{tid}/substitute-name", {"round": "1", "pair": "2", "player": "1",
                                                 "name": "X"}),
    ]:
        assert client.post(action, data=data).status_code == 403, action
    assert client.post("/tournaments/nope/pairs/add", data={}).status_code == 404
    assert len(read(client, tid)["pairs"]) == 4
    assert not any(p["checked_in"] for p in read(client, tid)["pairs"])


def test_starting_game_1_with_a_pair_not_checked_in_asks_first(client):
    # QA, 2026-12-05 (Italian): with pair 7 not checked in, "Start the clock" started game 1
    # at once and the check-in list was gone.
    tid, token = create(client, 4, tables_start="bell")
    login(client, tid, token)
    start = f"/tournaments/{tid}/rounds/1/clock/start"
    # A desk that checks no one in is not asked: it does not use the check-in.
    for n in (1, 2, 3):
        assert post(client, tid, f"/tournaments/{tid}/pairs/{n}/check-in",
                    present="1").status_code == 303
    asked = post(client, tid, start)
    assert asked.status_code == 200
    said = text(asked.get_data(as_text=True))
    assert "Start game 1 without every pair?" in said
    assert "1 pair is not checked in: 4. Pair 4" in said
    assert read(client, tid)["rounds"][0]["clock"]["state"] == "not_started"
    confirm = fields(asked.get_data(as_text=True), start)
    assert confirm["confirm"] == "1"
    assert client.post(start, data=confirm).status_code == 303
    assert read(client, tid)["rounds"][0]["clock"]["state"] == "running"


def test_the_list_of_tournaments_says_in_play_once_game_1_has_begun(client):
    # QA, 2026-12-05: "Game 1 of 3 · In play" before anyone had started the clock.
    tid, token = create(client, 4, tables_start="bell")
    login(client, tid, token)
    listed = text(client.get("/tournaments/").get_data(as_text=True))
    assert "Game 1 of 3 · Not started yet" in listed and "In play" not in listed
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/start",
                       headers=admin(token)).status_code == 200
    assert "Game 1 of 3 · In play" in text(client.get("/tournaments/").get_data(as_text=True))
