"""Burraco's time-out (VARIANTS-2.md 12.3, 12.5): FIBUR's time-out is an ordinary end of a
smazzata, called by the organizer: "nessuna coppia avrà i 100 punti di bonus" [EB-TO]; the hand
in progress is counted without the going-out bonus (its cards count: ``time_up_cards_count``),
and the game ends on its totals. No clock of the app's is needed (``time_up_called``). Through
the API and the pages; a rule set where time is never up still refuses it."""

from __future__ import annotations

import re

from scorekeeper.engine import count_hand, find_ruleset

BURRACO = find_ruleset("burraco")

#: A smazzata: line 1 has a burraco pulito (200) and 35 on the table, 10 in hand: 225. Line 2
#: never took its pozzetto (−100), 20 on the table: −80. (tests/engine/test_burraco.py.)
FIRST = {"canastas": {"natural": 1}, "table_points": 35, "hand_points": 10}
SECOND = {"penalties": {"second_packet_not_taken": 1}, "table_points": 20}
#: Line 1 closes: the same and the chiusura's 100, nothing in hand: 335.
CLOSED = {"canastas": {"natural": 1}, "table_points": 35, "going_out": "normal"}


def flat(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def new_game(client, ruleset: str = "burraco") -> tuple[str, dict[str, str]]:
    res = client.post("/api/v1/games", json={
        "ruleset": ruleset, "players": 4, "sides": [{"name": "Nord-Sud"}, {"name": "Est-Ovest"}]})
    assert res.status_code == 201, res.get_json()
    game = res.get_json()
    return f"/api/v1/games/{game['id']}", {"Authorization": f"Bearer {game['edit_token']}"}


def test_the_engine_counts_a_smazzata_ended_at_time_without_the_bonus() -> None:
    assert BURRACO.time_limit_minutes is None and BURRACO.time_up_called
    _, result = count_hand(BURRACO, {"players": 4, "end": "time_up", "sides": [FIRST, SECOND]})
    assert result.totals == (225, -80)
    assert "going_out" not in [line.id for line in result.sides[0].lines]


def test_a_smazzata_ended_at_time_ends_the_game_through_the_api(client):
    url, auth = new_game(client)
    res = client.post(f"{url}/hands", json={"end": "went_out", "sides": [CLOSED, SECOND]},
                      headers=auth)
    assert res.status_code == 201, res.get_json()
    res = client.post(f"{url}/hands", json={"end": "time_up", "sides": [FIRST, SECOND]},
                      headers=auth)
    assert res.status_code == 201, res.get_json()
    state = client.get(url).get_json()
    assert state["totals"] == [335 + 225, -80 - 80]
    assert state["finished"] is True and state["winner"] == 0
    # Going out at time is refused on its field: nobody closes at time.
    url, auth = new_game(client)
    res = client.post(f"{url}/hands", json={"end": "time_up", "sides": [CLOSED, SECOND]},
                      headers=auth)
    assert res.status_code == 422
    assert [e["field"] for e in res.get_json()["errors"]] == ["sides[0].going_out"]


def test_ending_the_game_at_time_between_smazzate_through_the_api(client):
    url, auth = new_game(client)
    client.post(f"{url}/hands", json={"end": "stock_out", "sides": [FIRST, SECOND]},
                headers=auth)
    res = client.post(f"{url}/time-up", headers=auth)
    assert res.status_code == 201, res.get_json()
    assert res.get_json()["entry"]["end"] == "time_up"
    state = client.get(url).get_json()
    assert state["totals"] == [225, -80]  # the empty hand counts nothing
    assert state["finished"] is True and state["winner"] == 0
    # Over: a second time-up, or another hand, is refused.
    assert client.post(f"{url}/time-up", headers=auth).status_code == 409
    # Undo takes the time-up back and the game goes on.
    assert client.post(f"{url}/undo", headers=auth).status_code == 200
    assert client.get(url).get_json()["finished"] is False


def test_level_totals_at_time_are_a_draw(client):
    url, auth = new_game(client)
    res = client.post(f"{url}/time-up", headers=auth)
    assert res.status_code == 201
    state = client.get(url).get_json()
    assert state["finished"] is True and state["drawn"] is True and state["winner"] is None


def test_time_up_without_edit_rights_is_refused(client):
    url, _auth = new_game(client)
    assert client.post(f"{url}/time-up").status_code == 401


def test_a_rule_set_without_time_refuses_it_with_a_field_error(client):
    for ruleset in ("classic", "buraco"):
        url, auth = new_game(client, ruleset)
        res = client.post(f"{url}/time-up", headers=auth)
        assert res.status_code == 422, ruleset
        assert [e["field"] for e in res.get_json()["errors"]] == ["end"]
        res = client.post(f"{url}/hands", json={"end": "time_up", "sides": [{}, {}]},
                          headers=auth)
        assert res.status_code == 422


def start_page_game(client, ruleset: str = "burraco") -> str:
    res = client.post("/games/new", data={
        "ruleset": ruleset, "shown_ruleset": ruleset, "players": "4",
        "side_0_name": "Nord-Sud", "side_1_name": "Est-Ovest"})
    assert res.status_code == 303, flat(res.get_data(as_text=True))[-2000:]
    return res.headers["Location"].rsplit("/", 1)[-1]


def test_the_count_form_offers_time_up_and_counts_it(client):
    game_id = start_page_game(client)
    count = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'value="time_up"' in count and "Time was up" in flat(count)
    form = {"end": "time_up", "sides[0].canastas.natural": "1", "sides[0].table_points": "35",
            "sides[0].hand_points": "10", "sides[0].going_out": "",
            "sides[1].penalties.second_packet_not_taken": "1", "sides[1].table_points": "20",
            "sides[1].going_out": ""}
    res = client.post(f"/games/{game_id}/hands", data=form)
    assert res.status_code == 303, flat(res.get_data(as_text=True))[-3000:]
    board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "225" in board and "−80" in board
    assert "Count this smazzata" not in board and "End the game at time" not in board


def test_the_board_ends_the_game_at_time(client):
    game_id = start_page_game(client)
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert "End the game at time" in board and "Count this smazzata" in board
    version = re.search(r'action="/games/[^"]+/time-up">.*?name="version" value="(\d+)"', board,
                        re.S)
    assert version is not None
    res = client.post(f"/games/{game_id}/time-up", data={"version": version.group(1)})
    assert res.status_code == 303
    board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Time was up: the game ended on its totals." in board
    assert "Count this smazzata" not in board and "End the game at time" not in board


def test_a_rule_set_without_time_has_no_button_and_refuses_the_post(client):
    game_id = start_page_game(client, "classic")
    board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "End the game at time" not in board
    count = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert 'value="time_up"' not in count
    res = client.post(f"/games/{game_id}/time-up", data={})
    assert res.status_code == 303
    board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "This rule set plays without a clock." in board
    assert "Count this hand" in board


def test_the_end_at_time_is_named_so_and_its_undo_plays_on(client):
    # QA on the stack's https, 2026-12-05: after "End the game at time" the board listed
    # "3 | 0 / 0" as a smazzata, the list of games counted it, and the undo offered to "take
    # back smazzata 3". The empty hand that records the time call is the end of the game.
    game_id = start_page_game(client)
    res = client.post(f"/games/{game_id}/hands", data={
        "mode": "total", "end": "went_out", "went_out": "0", "sides[0].hand_total": "600",
        "sides[1].hand_total": "-90"})
    assert res.status_code == 303
    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    version = re.search(r'action="/games/[^"]+/time-up">.*?name="version" value="(\d+)"', board,
                        re.S)
    assert version is not None
    assert client.post(f"/games/{game_id}/time-up",
                       data={"version": version.group(1)}).status_code == 303
    board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "# Nord-Sud Est-Ovest Fix Time was up 0 600 0 −90 Fix 1 +600 600" in board, board
    assert "Running total by smazzata: Nord-Sud 600; Est-Ovest −90 after 1 smazzata" in board
    assert "Undo the end at time" in board and "take back smazzata 2" not in board
    changes = flat(client.get(f"/games/{game_id}/changes").get_data(as_text=True))
    assert "Time was up: the game ended on its totals." in changes
    assert "Smazzata 2 saved" not in changes
    listed = flat(client.get("/games/").get_data(as_text=True))
    assert "Finished · 1 smazzata ·" in listed, listed
    asked = flat(client.post(f"/games/{game_id}/undo").get_data(as_text=True))
    assert "Undo the end at time The game is over: this may reopen it" in asked
    res = client.post(f"/games/{game_id}/undo", data={"confirmed": "1"})
    assert res.status_code == 303
    board = flat(client.get(res.headers["Location"]).get_data(as_text=True))
    assert "Undone: the game goes on." in board
    assert "Redo the end at time" in board and "Count this smazzata" in board
