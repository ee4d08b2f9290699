"""A game kept on paper so far goes on here from the totals it reached (issue 13).

Hand-worked figures (classic, RULES.md "salida"): below 0 a side needs 15 to open, from 0 to
1,495 it needs 50, from 1,500 to 2,995 90, from 3,000 120. The worked hand of 003 (``post_hand``)
gives Nosotros +1,035 and Ellos +535.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from flask_babel import refresh
from game_helpers import WORKED_HAND, post_hand, start_game

from scorekeeper.models import Game
from scorekeeper.services import games as games_service
from scorekeeper.services import stats as stats_service

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "sheets"))
from sheet_helpers import pdf_text  # noqa: E402

pytestmark = pytest.mark.usefixtures("app_context")


def page(client, game_id: str) -> str:
    return re.sub(r"\s+", " ", client.get(f"/games/{game_id}").get_data(as_text=True))


def game_of(game_id: str) -> Game:
    game = games_service.find_game(game_id)
    assert game is not None
    return game


# -- the start form ------------------------------------------------------------------------------


def test_the_form_folds_the_paper_totals_away(client):
    html = client.get("/games/new").get_data(as_text=True)
    # Folded: a closed <details>, so the form is no longer for the usual start.
    assert re.search(r'<details class="more" id="paper">\s*<summary>Already played on paper\?',
                     html)
    assert 'name="start_0"' in html and 'name="start_1"' in html and 'name="start_2"' not in html


@pytest.mark.parametrize(("ruleset", "follow"), [
    ("classic", True), ("burraco", False), ("buraco", False), ("hand-and-foot", False)])
def test_the_paper_hint_speaks_of_minimums_only_where_the_score_sets_them(client, ruleset,
                                                                          follow):
    """QA of 2026-12-05: an Italian Burraco, which has no opening minimum, said "i minimi di
    apertura si adeguano"; Hand and Foot's follows the round, not the totals."""
    html = client.get(f"/games/new?ruleset={ruleset}").get_data(as_text=True)
    hint = re.search(r'<p class="hint" id="paper-hint">([^<]*)</p>', html)
    assert hint is not None
    assert hint.group(1).startswith("Type the totals the paper sheet shows: the game goes on")
    assert ("opening minimums follow" in hint.group(1)) is follow


def test_resume_through_the_form(client):
    game_id = start_game(client, start_0="2,350", start_1="1515")
    html = page(client, game_id)
    assert "Side 1" not in html  # the names typed stay
    # The totals, the minimums that follow from them (1,500-2,995: 90), what each side needs.
    assert html.count('<span class="minimum-value">90</span>') == 2
    assert "Score: </span>2,350</p>" in html and "Score: </span>1,515</p>" in html
    assert "needs 2,650 to win" in html and "needs 3,485 to win" in html
    assert '<p class="game-lead">Nosotros leads by 835</p>' in html
    # The first line of the record: carried from paper.
    assert re.search(r'<tr class="carried-head"><th colspan="4" scope="colgroup" '
                     r'id="carried-label">Carried from paper</th></tr> <tr class="carried-row"> '
                     r'<th scope="row" headers="carried-label"><span class="visually-hidden">'
                     r'Carried from paper</span></th> '
                     r'<td><span class="hand-points">2,350</span></td> '
                     r'<td><span class="hand-points">1,515</span></td>', html)
    assert game_of(game_id).starting_totals == [2350, 1515]


def test_the_first_hand_starts_from_the_carried_totals(client):
    game_id = start_game(client, start_0="1450", start_1="-100")
    html = page(client, game_id)
    # 1,450 needs 50; below zero 15.
    assert re.findall(r'<span class="minimum-value">(\d+)</span>', html) == ["50", "15"]
    # The count form adds the hand to the carried totals.
    preview = client.post(f"/games/{game_id}/hands/preview", data=WORKED_HAND)
    text = re.sub(r"\s+", " ", preview.get_data(as_text=True))
    assert "2,485" in text and "435" in text
    assert post_hand(client, game_id).status_code == 303
    html = page(client, game_id)
    # 1,450 + 1,035 = 2,485 (needs 90); -100 + 535 = 435 (needs 50).
    assert re.findall(r'<span class="minimum-value">(\d+)</span>', html) == ["90", "50"]
    assert '<span class="hand-points">+1,035</span><span class="running">2,485</span>' in html
    # Hand 1 was played needing what the paper totals asked: 50 and 15.
    state = games_service.game_state(game_of(game_id))
    assert state.hands[0].minimums == (50, 15)
    assert state.hands[0].running == (2485, 435)
    # The carried line stays the last of the newest-first list.
    assert html.index("+1,035") < html.index("Carried from paper")


def test_no_paper_totals_no_carried_line(client):
    game_id = start_game(client, start_0="", start_1="0")
    assert "Carried from paper" not in page(client, game_id)
    assert game_of(game_id).starting_totals is None


@pytest.mark.parametrize(("typed", "message"), [
    ({"start_0": "two thousand"}, "Enter a whole number."),
    ({"start_0": "2352"}, "Points always come in multiples of 5."),
    ({"start_1": "5000"}, "At 5,000 the game is already won: a carried total is below the "
                          "target."),
    ({"start_1": "-10005"}, "Cannot be less than −10,000."),
    # A number too long for any total is still a number (QA, 2026-12-05).
    ({"start_0": "99999999999999"}, "At 5,000 the game is already won: a carried total is "
                                    "below the target."),
    ({"start_1": "-99999999999999"}, "Cannot be less than −10,000."),
])
def test_form_errors_sit_by_their_field(client, typed, message):
    data = {"ruleset": "classic", "players": "4", "shown_ruleset": "classic", **typed}
    res = client.post("/games/new", data=data)
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    field = next(iter(typed))
    assert f'<p class="field-error" id="err-{field}">{message}</p>' in html
    assert f'id="f-{field}" inputmode="numeric"' in html
    assert re.search(r'<details class="more" id="paper" open>', html)
    # What was typed is kept.
    assert f'value="{typed[field]}"' in html
    assert games_service.db.session.query(Game).count() == 0


def test_the_bound_follows_the_target_typed(client):
    game_id = start_game(client, target="8000", start_0="6500", start_1="7995")
    assert game_of(game_id).starting_totals == [6500, 7995]
    html = page(client, game_id)
    assert "needs 1,500 to win" in html and "needs 5 to win" in html


def test_in_spanish(client):
    refresh()
    client.get("/?lang=es")
    refresh()
    html = client.get("/games/new").get_data(as_text=True)
    assert "¿Ya jugada en papel?" in html
    game_id = start_game(client, start_0="2.350", start_1="1.515")
    html = page(client, game_id)
    assert "Arrastrado del papel" in html and "2.350" in html
    res = client.post("/games/new", data={"ruleset": "classic", "players": "4",
                                          "shown_ruleset": "classic", "start_1": "5000"})
    assert ("A 5.000 la partida ya está ganada: lo arrastrado queda por debajo del objetivo."
            in res.get_data(as_text=True))


# -- the record: undo, the winner, statistics ----------------------------------------------------


def test_undo_cannot_take_the_carried_totals_away(client):
    game_id = start_game(client, start_0="2350", start_1="1515")
    assert post_hand(client, game_id).status_code == 303
    assert client.post(f"/games/{game_id}/undo",
                       data={"version": game_of(game_id).version}).status_code == 303
    assert games_service.totals_of(game_of(game_id)) == [2350, 1515]
    # Nothing left to undo: the carried totals are no change.
    res = client.post(f"/games/{game_id}/undo", data={"version": game_of(game_id).version},
                      follow_redirects=True)
    assert "There is nothing to undo." in res.get_data(as_text=True)
    assert games_service.totals_of(game_of(game_id)) == [2350, 1515]


def test_the_carried_totals_decide_the_winner_and_statistics_count_only_hands(client):
    game_id = start_game(client, start_0="4000", start_1="4600")
    assert post_hand(client, game_id).status_code == 303  # 5,035 to 5,135
    game = game_of(game_id)
    # Both crossed 5,000: the higher total wins, which only the carried totals make Ellos.
    assert game.finished and game.winner == 1
    assert "Winner" in page(client, game_id)
    assert game.side_figures == [
        {"hands": 1, "points": 1035, "best": 1035, "canastas": 2},
        {"hands": 1, "points": 535, "best": 535, "canastas": 0},
    ]
    stats = stats_service.collect([game.view_token_hash])
    by_name = {s.name: s for s in stats.sides}
    assert by_name["Ellos"].won == 1 and by_name["Nosotros"].won == 0
    # The average hand is over the hand counted here, not the paper total.
    assert by_name["Nosotros"].average == 1035 and by_name["Ellos"].best == 535


def test_play_again_starts_from_zero(client):
    game_id = start_game(client, start_0="4000", start_1="4600")
    post_hand(client, game_id)
    res = client.post(f"/games/{game_id}/again")
    new_id = res.headers["Location"].rsplit("/", 1)[-1]
    assert game_of(new_id).starting_totals is None
    assert games_service.totals_of(game_of(new_id)) == [0, 0]


def test_the_kept_sheet_starts_with_the_carried_line(client):
    game_id = start_game(client, start_0="2350", start_1="1515")
    post_hand(client, game_id)
    text = pdf_text(client.get(f"/sheets/games/{game_id}.pdf").data)[0]
    lines = [line for line in text.splitlines() if line.strip()]
    carried = next(i for i, line in enumerate(lines) if "Carried from" in line)
    hand = next(i for i, line in enumerate(lines) if re.match(r"\s*1\s", line))
    assert carried < hand
    assert re.search(r"2,350\s+1,515", " ".join(lines[carried - 1:carried + 2]))
    # Hand 1 needed 90 each and ends at 3,385 and 2,050.
    assert re.search(r"\b90\b.*\b1,035\s+3,385\s+90\b.*\b535\s+2,050", lines[hand])


def test_the_live_count_adds_the_hand_to_the_carried_totals_and_the_hands_saved(client):
    """The live count (htmx) reads the running totals the game keeps with each change, not its
    hands: after two hands and an undo they are still the paper's plus the one hand left."""
    game_id = start_game(client, start_0="1450", start_1="-100")
    assert post_hand(client, game_id).status_code == 303
    assert post_hand(client, game_id).status_code == 303
    assert client.post(f"/games/{game_id}/undo").status_code == 303
    live = client.post(f"/games/{game_id}/hands/preview", data=WORKED_HAND,
                       headers={"HX-Request": "true"})
    text = re.sub(r"\s+", " ", live.get_data(as_text=True))
    # 1,450 + 1,035 (saved) + 1,035 (typed) = 3,520; -100 + 535 + 535 = 970.
    assert "3,520" in text and "970" in text
    assert games_service.running_totals(game_of(game_id)) == [2485, 435]
    assert games_service.totals_of(game_of(game_id)) == [2485, 435]


def test_running_totals_without_figures_read_the_hands_totals(client):
    """A game whose kept figures do not fit its sides still gets its totals, loaded without its
    hands (the live count's load), from the stored hand totals."""
    from scorekeeper.extensions import db

    game_id = start_game(client, start_0="1450", start_1="-100")
    assert post_hand(client, game_id).status_code == 303
    game_of(game_id).side_figures = None
    db.session.commit()
    db.session.expunge_all()
    lean = games_service.find_game(game_id, hands=False)
    assert lean is not None
    assert games_service.running_totals(lean) == [2485, 435]


def test_the_paper_totals_are_checked_with_the_forms_other_fields(client):
    """QA, 2026-12-05: a 200-letter name and a target of -5 were said first, and "abc" in a
    paper total only once they were right."""
    data = {"ruleset": "classic", "players": "4", "shown_ruleset": "classic",
            "side_0_name": "Z" * 200, "target": "-5", "start_0": "abc", "start_1": "2352"}
    res = client.post("/games/new", data=data)
    assert res.status_code == 422
    html = res.get_data(as_text=True)
    for field, message in (("start_0", "Enter a whole number."),
                           ("start_1", "Points always come in multiples of 5.")):
        assert f'<p class="field-error" id="err-{field}">{message}</p>' in html, field
    assert "cannot be longer than 60 characters" in html
    assert "The target is a whole number from 100 to 100,000." in html
    assert games_service.db.session.query(Game).count() == 0
    # The refused name is not echoed as the first total's label (200 letters stood in a
    # column a few letters wide); the second side's, typed right, is.
    data["side_1_name"] = "Ellos"
    html = client.post("/games/new", data=data).get_data(as_text=True)
    assert '<label for="f-start_0">Side 1</label>' in html
    assert '<label for="f-start_1">Ellos</label>' in html
