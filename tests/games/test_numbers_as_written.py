"""Numbers as a paper sheet writes them (issue 25): in the count form's points fields and the
API, "1.035" and "1,035" are 1,035 in English and in Spanish, and a minus before points in
hand (003's sheet prints them "-20") is read as the number with a quiet note, not an error.
Separators that do not group thousands ("1.5", "1.03") are still refused."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from flask_babel import refresh
from game_helpers import WORKED_HAND, post_hand

from scorekeeper.extensions import db
from scorekeeper.models import Game

pytestmark = pytest.mark.usefixtures("app_context")

NOTE = "Read as 20: no minus needed, the count gives these points their sign."
NOTE_ES = "Leído como 20: no hace falta el signo menos, la cuenta da a estos puntos su signo."

#: Nosotros go out with two natural canastas and 1,035 on the table: 1,000 + 100 + 1,035 =
#: 2,135; Ellos lay 100 and keep 40 in hand: 60.
BIG_HAND = {
    "end": "went_out",
    "sides[0].going_out": "normal", "sides[0].canastas.natural": "2",
    "sides[0].table_points": "1035",
    "sides[1].going_out": "", "sides[1].table_points": "100", "sides[1].hand_points": "40",
}


def text(res: Any) -> str:
    return str(res.get_data(as_text=True))


def slot(html: str, kind: str, name: str) -> str:
    """What the page shows in the ``field-error`` or ``field-note`` slot of input ``name``."""
    key = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")
    ident = f"err-{key}" if kind == "field-error" else f"note-f-{key}"
    m = re.search(rf'<p class="{kind}" id="{re.escape(ident)}"[^>]*>(.*?)</p>', html, re.S)
    assert m, f"no {kind} slot for {name}"
    return m.group(1).strip()


def totals(game_id: str) -> list[int]:
    db.session.expire_all()
    game = db.session.execute(db.select(Game)).scalar_one()
    return [sum(h.totals[i] for h in game.hands) for i in range(2)]


def stored_sides(game_id: str) -> list[dict[str, Any]]:
    db.session.expire_all()
    game = db.session.execute(db.select(Game)).scalar_one()
    return list(game.hands[-1].entry["sides"])


def use_language(client: FlaskClient, lang: str) -> None:
    # The tests' shared app context would keep the first request's language.
    refresh()
    client.get(f"/?lang={lang}")
    refresh()


@pytest.mark.parametrize("minus", ["-20", "\u221220", " -20 "])
def test_a_minus_in_points_in_hand_is_read_as_the_number_with_a_note(
        client: FlaskClient, game_id: str, minus: str) -> None:
    hand = {**WORKED_HAND, "sides[0].hand_points": minus}
    # "Check the count" (no JavaScript): the count takes 20 off, and the field says why.
    res = client.post(f"/games/{game_id}/hands/preview", data=hand)
    html = text(res)
    assert res.status_code == 200
    assert slot(html, "field-note", "sides[0].hand_points") == NOTE
    assert slot(html, "field-error", "sides[0].hand_points") == ""
    assert re.search(r"Cards left in hand</td><td class=\"num\">\u221220<", html)
    assert "+1,035" in html
    # The note is quiet: the other side's field, typed without a minus, has none.
    assert slot(html, "field-note", "sides[1].hand_points") == ""
    # The live count (htmx) swaps the note in beside the field.
    live = text(client.post(f"/games/{game_id}/hands/preview", data=hand,
                            headers={"HX-Request": "true"}))
    assert re.search(r'<p class="field-note" id="note-f-sides-0-hand_points" '
                     r'hx-swap-oob="true">' + re.escape(NOTE) + "</p>", live)
    # Saved as 20: 003's worked hand, +1,035 / +535.
    assert post_hand(client, game_id, hand).status_code == 303
    assert totals(game_id) == [1035, 535]
    assert stored_sides(game_id)[0]["hand_points"] == 20


def test_the_note_in_spanish(client: FlaskClient, game_id: str) -> None:
    use_language(client, "es")
    html = text(client.post(f"/games/{game_id}/hands/preview",
                            data={**WORKED_HAND, "sides[0].hand_points": "-20"}))
    assert slot(html, "field-note", "sides[0].hand_points") == NOTE_ES


def test_a_minus_on_the_table_is_still_refused(client: FlaskClient, game_id: str) -> None:
    res = post_hand(client, game_id, {**WORKED_HAND, "sides[1].table_points": "-280"})
    assert res.status_code == 422
    html = text(res)
    assert slot(html, "field-error", "sides[1].table_points") == "Cannot be negative."
    assert slot(html, "field-note", "sides[1].table_points") == ""


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("written", ["1.035", "1,035", " 1.035 "])
def test_thousands_as_written_in_both_languages(client: FlaskClient, game_id: str, lang: str,
                                                written: str) -> None:
    use_language(client, lang)
    hand = {**BIG_HAND, "sides[0].table_points": written}
    preview = text(client.post(f"/games/{game_id}/hands/preview", data=hand))
    assert slot(preview, "field-error", "sides[0].table_points") == ""
    assert slot(preview, "field-note", "sides[0].table_points") == ""
    assert ("+2,135" if lang == "en" else "+2.135") in preview
    assert post_hand(client, game_id, hand).status_code == 303
    assert totals(game_id) == [2135, 60]
    assert stored_sides(game_id)[0]["table_points"] == 1035


@pytest.mark.parametrize("written", ["1.035", "1,035", "\u22121.035"])
def test_thousands_in_points_in_hand(client: FlaskClient, game_id: str, written: str) -> None:
    # Ellos are caught with 1,035 in hand, nothing laid down (a minus before it, as sheets
    # print it, is fine).
    hand = {**BIG_HAND, "sides[0].table_points": "100", "sides[1].table_points": "",
            "sides[1].hand_points": written}
    assert post_hand(client, game_id, hand).status_code == 303
    assert totals(game_id) == [1200, -1035]


@pytest.mark.parametrize("lang, message", [("en", "Enter a whole number."),
                                           ("es", "Escribe un número entero.")])
@pytest.mark.parametrize("written", ["1.5", "1.03", "1,03", "1.0350", "10.35", "1.035,5",
                                     "1.035,000", "0.035", ".035", "1.035."])
def test_separators_that_do_not_group_thousands_are_refused(
        client: FlaskClient, game_id: str, lang: str, message: str, written: str) -> None:
    use_language(client, lang)
    res = post_hand(client, game_id, {**BIG_HAND, "sides[0].table_points": written})
    assert res.status_code == 422
    assert slot(text(res), "field-error", "sides[0].table_points") == message
    assert totals(game_id) == [0, 0]


@pytest.mark.parametrize("lang, more, negative", [
    ("en", "Cannot be more than", "Cannot be negative."),
    ("es", "No puede ser más de", "No puede ser negativo.")])
def test_a_number_too_long_for_any_count_is_refused_as_too_big(
        client: FlaskClient, game_id: str, lang: str, more: str, negative: str) -> None:
    """Twenty-one nines are a whole number: the page says it is too big, not that it is not a
    number (QA, 2026-12-05: "Escribe un número entero." by "999999999999999999999")."""
    use_language(client, lang)
    res = post_hand(client, game_id, {**BIG_HAND, "sides[0].table_points": "9" * 21,
                                      "sides[0].canastas.natural": "9" * 40,
                                      "sides[1].hand_points": "-" + "9" * 30,
                                      "sides[1].table_points": "-" + "9" * 13})
    assert res.status_code == 422
    html = text(res)
    for field in ("sides[0].table_points", "sides[0].canastas.natural", "sides[1].hand_points"):
        assert slot(html, "field-error", field).startswith(more), field
    assert slot(html, "field-error", "sides[1].table_points") == negative
    assert totals(game_id) == [0, 0]


# -- the API --------------------------------------------------------------------------------------

def api_hand(a_table: Any = 355, a_hand: Any = 20, b_table: Any = 280,
             b_hand: Any = 45) -> dict[str, Any]:
    return {"end": "went_out", "sides": [
        {"table_points": a_table, "hand_points": a_hand, "canastas": {"mixed": 2},
         "going_out": "normal"},
        {"table_points": b_table, "hand_points": b_hand, "red_threes": 3},
    ]}


@pytest.mark.parametrize("a_hand", [-20, "-20", "\u221220"])
def test_api_reads_a_minus_in_points_in_hand_as_the_number(client: FlaskClient,
                                                           a_hand: Any) -> None:
    res = client.post("/api/v1/score", json={"ruleset": "classic", **api_hand(a_hand=a_hand)})
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["totals"] == [1035, 535]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("written", ["1.035", "1,035"])
def test_api_reads_thousands_as_written(client: FlaskClient, lang: str, written: str) -> None:
    game = client.post("/api/v1/games", json={"ruleset": "classic"}).get_json()
    res = client.post(f"/api/v1/games/{game['id']}/hands?lang={lang}",
                      json=api_hand(a_table=written, a_hand=0, b_table=100, b_hand=40),
                      headers={"Authorization": f"Bearer {game['edit_token']}"})
    assert res.status_code == 201, res.get_json()
    # 600 + 100 + 1,035 = 1,735; 300 + 100 - 40 = 360.
    assert res.get_json()["totals"] == [1735, 360]
    # Points in hand too: the other side laid nothing down and keeps 1,035 (its red 3s count
    # against it).
    res = client.post(f"/api/v1/score?lang={lang}", json={
        "ruleset": "classic", **api_hand(a_table=100, a_hand=0, b_table=0, b_hand=written)})
    assert res.status_code == 200, res.get_json()
    assert res.get_json()["totals"] == [800, -300 - 1035]


@pytest.mark.parametrize("written", ["1.5", "1.03", "1,0350", "-355"])
def test_api_refuses_what_is_not_a_grouping(client: FlaskClient, written: str) -> None:
    res = client.post("/api/v1/score", json={"ruleset": "classic",
                                             **api_hand(a_table=written)})
    assert res.status_code == 422
    assert [e["field"] for e in res.get_json()["errors"]] == ["sides[0].table_points"]


def test_a_stale_fix_does_not_call_the_same_points_written_otherwise_a_change(
        client: FlaskClient, game_id: str) -> None:
    def version() -> str:
        html = text(client.get(f"/games/{game_id}/hands/1/edit"))
        m = re.search(r'name="version" value="(\d+)"', html)
        assert m
        return m.group(1)

    assert post_hand(client, game_id, BIG_HAND).status_code == 303
    seen = version()
    # Another phone adds a red 3 for Ellos meanwhile.
    assert client.post(f"/games/{game_id}/hands/1", data={
        **BIG_HAND, "sides[1].red_threes": "1", "version": seen}).status_code == 303
    # This phone typed the same points as the sheet writes them: only the red 3s differ.
    res = client.post(f"/games/{game_id}/hands/1", data={
        **BIG_HAND, "sides[0].table_points": "1.035", "sides[1].hand_points": "-40",
        "sides[1].red_threes": "2", "version": seen})
    assert res.status_code == 409
    notes = re.findall(r'<p class="stored-note">([^<]*)</p>', text(res))
    assert notes == ["Saved by someone else: 1"]
