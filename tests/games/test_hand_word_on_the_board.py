"""The board, its change log and its notices name a hand as the game's count does (QA,
2026-12-05: Burraco's count said "Conta questa smazzata" and the board beside it "Mani",
"Mano 2"): Burraco's smazzata (VARIANTS-2.md 12.1), Hand and Foot's round (10.7)."""

from __future__ import annotations

import re
import subprocess
from html import unescape

import pytest
from flask.testing import FlaskClient
from flask_babel import refresh
from game_helpers import start_game

pytestmark = pytest.mark.usefixtures("app_context")

#: One hand typed as its totals (the totals lane every rule set has).
TOTALS = {"mode": "total", "end": "went_out", "went_out": "0", "sides[0].hand_total": "600",
          "sides[1].hand_total": "-90"}


def game_with_a_hand(client: FlaskClient, ruleset: str, lang: str) -> str:
    """A game of ``ruleset`` started in ``lang`` with one hand typed as its totals."""
    refresh()
    client.get(f"/?lang={lang}")
    game_id = start_game(client, ruleset=ruleset)
    assert client.post(f"/games/{game_id}/hands", data=TOTALS).status_code == 303
    return game_id


def page(client: FlaskClient, url: str, lang: str) -> str:
    refresh()
    html = client.get(f"{url}?lang={lang}").get_data(as_text=True)
    refresh()
    return html


def flashed(client: FlaskClient, response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 303, response.get_data(as_text=True)[:400]
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    found = re.search(r'<p class="notice" role="status">(.*?)</p>', html, re.S)
    return found.group(1).strip() if found else html


@pytest.mark.parametrize(("ruleset", "lang", "heading", "next_one", "fix", "saved", "fixed",
                          "absent"), [
    ("burraco", "it", "Smazzate", "Smazzata 2", "Correggi la smazzata 1",
     "Smazzata 1 salvata: +600 / −90", "Smazzata 1 corretta.", (">Mani<", "Mano 2")),
    ("burraco", "es", "Smazzate", "Smazzata 2", "Corregir la smazzata 1",
     "Smazzata 1 guardada: +600 / −90", "Smazzata 1 corregida.", (">Manos<", "Mano 2")),
    ("hand-and-foot", "en", "Rounds", "Round 2 of 4", "Fix round 1",
     "Round 1 saved: +600 / −90", "Round 1 corrected.", (">Hands<", "Fix hand")),
    ("hand-and-foot", "pt", "Rodadas", "Rodada 2 de 4", "Corrigir a rodada 1",
     "Rodada 1 salva: +600 / −90", "Rodada 1 corrigida.", (">Mãos<", "a mão 1")),
])
def test_the_board_and_its_log_say_the_games_word(
        client: FlaskClient, ruleset: str, lang: str, heading: str, next_one: str, fix: str,
        saved: str, fixed: str, absent: tuple[str, ...]) -> None:
    game_id = game_with_a_hand(client, ruleset, lang)
    board = page(client, f"/games/{game_id}", lang)
    assert f'<h2 id="hands-title">{heading}</h2>' in board
    assert next_one in board and f'aria-label="{fix}"' in board
    for word in absent:
        assert word not in board, word
    assert saved in page(client, f"/games/{game_id}/changes", lang)
    refresh()
    # A correction's notice, sent with the version its form was shown.
    form = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', form)
    assert version, form[:300]
    message = flashed(client, client.post(f"/games/{game_id}/hands/1", data={
        **TOTALS, "sides[0].hand_total": "650", "version": version.group(1)}))
    assert message == fixed


@pytest.mark.parametrize(("ruleset", "lang", "waiting"), [
    ("burraco", "it", "1 smazzata in attesa"), ("hand-and-foot", "es", "1 ronda en espera"),
    ("classic", "it", "1 mano in attesa")])
def test_the_waiting_save_notices_say_the_games_word(client: FlaskClient, ruleset: str,
                                                     lang: str, waiting: str) -> None:
    """The notices offline.js shows when a save waits for the connection (base.html)."""
    refresh()
    client.get(f"/?lang={lang}")
    game_id = start_game(client, ruleset=ruleset)
    for url in (f"/games/{game_id}", f"/games/{game_id}/hands/new"):
        assert f'data-waiting-short="{waiting}"' in page(client, url, lang), url
    # A page with no game says it plainly.
    assert 'data-waiting-short="1 ' in page(client, "/", lang)


def test_the_fix_forms_button_says_the_games_word(client: FlaskClient) -> None:
    game_id = game_with_a_hand(client, "burraco", "it")
    form = page(client, f"/games/{game_id}/hands/1/edit", "it")
    assert ">Salva la smazzata corretta</button>" in form
    assert "<h1 class=\"count-title\">Correggi la smazzata 1</h1>" in form


def test_hand_and_foots_table_has_no_black_3s(client: FlaskClient) -> None:
    """VARIANTS-2.md 10.2: black 3s "cannot be melded" in Hand and Foot: its table's card
    helper offers none and its refusal names none; in hand they still count (QA, 2026-12-05)."""
    refresh()
    client.get("/?lang=en")
    game_id = start_game(client, ruleset="hand-and-foot")
    form = page(client, f"/games/{game_id}/hands/new", "en")
    assert 'name="sides[0].table_cards.black_threes"' not in form
    assert 'name="sides[0].hand_cards.black_threes"' in form
    refused = client.post(f"/games/{game_id}/hands", data={
        "end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.natural": "1"})
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert "The books on the table are worth at least" in html
    assert "black 3s on the table" not in html
    # Classic Canasta melds black 3s when going out: its table helper keeps them.
    classic = start_game(client, ruleset="classic")
    assert 'name="sides[0].table_cards.black_threes"' in page(
        client, f"/games/{classic}/hands/new", "en")


def test_undo_redo_the_counts_breakdown_and_refusal_say_the_games_word(
        client: FlaskClient) -> None:
    """QA, 2026-12-05: "Annullato: la mano 3 non conta più.", "Questa mano per Loro", "La mano
    non è stata salvata" in a Burraco game whose count said "smazzata"."""
    game_id = game_with_a_hand(client, "burraco", "it")
    board = page(client, f"/games/{game_id}", "it")
    assert "Annulla: togli la smazzata 1" in board
    assert flashed(client, client.post(f"/games/{game_id}/undo")) == (
        "Annullato: la smazzata 1 non conta più.")
    assert "Ripeti: conta di nuovo la smazzata 1" in page(client, f"/games/{game_id}", "it")
    counted = client.post(f"/games/{game_id}/hands/preview", data={
        "end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.natural": "1",
        "sides[0].table_points": "300"}).get_data(as_text=True)
    assert "<caption>Questa smazzata per Nosotros</caption>" in counted
    assert "Totale della smazzata" in counted
    refused = client.post(f"/games/{game_id}/hands", data={
        "end": "went_out", "sides[0].going_out": "normal"}).get_data(as_text=True)
    assert "La smazzata non è stata salvata. Controlla:" in refused


def test_hand_and_foots_count_and_sheet_say_round_and_hands_and_feet(client: FlaskClient) -> None:
    refresh()
    client.get("/?lang=en")
    game_id = start_game(client, ruleset="hand-and-foot")
    counted = client.post(f"/games/{game_id}/hands/preview", data={
        "end": "went_out", "sides[0].going_out": "normal", "sides[0].canastas.natural": "2",
        "sides[0].canastas.mixed": "2", "sides[0].canastas.wild": "1",
        "sides[0].table_points": "2000", "sides[1].hand_points": "45"}).get_data(as_text=True)
    assert re.findall(r'class="field-error"[^>]*>([^<]+)<', counted) == []
    assert "<caption>This round for Ellos</caption>" in counted
    assert "Cards left in hands and feet" in counted and "Round total" in counted
    assert client.post(f"/games/{game_id}/hands", data=TOTALS).status_code == 303
    pdf = client.get(f"/sheets/games/{game_id}.pdf").data
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True,
                          check=True).stdout.decode()
    # The columns (wrapped in their narrow headings): "Round", "Cards in hands and feet",
    # "Round total".
    assert re.search(r"^Round\s", text, re.M) and "and feet" in text and "Round" in text
    assert re.search(r"Round\s+Running", text), text[:800]
    assert "Round total, counted at the table 600" in text


def _visible(html: str) -> str:
    """A page's words as a player meets them: its text and what screen readers announce."""
    said = " ".join(re.findall(r'(?:aria-label|title|alt|placeholder)="([^"]*)"', html))
    html = re.sub(r"<script.*?</script>|<style.*?</style>", " ", html, flags=re.S)
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)) + " " + said)


#: Where "hand" is the cards a player holds, not a deal: right in Burraco too.
_CARDS_HELD = re.compile(r"(Points in hand|cards left in hand|Punti in mano|"
                         r"carte rimaste in mano)", re.I)


@pytest.mark.parametrize(("lang", "deal"), [("en", r"\bhands?\b"), ("it", r"\bman[oi]\b")])
def test_no_page_of_a_burraco_game_calls_a_smazzata_a_hand(client: FlaskClient, lang: str,
                                                          deal: str) -> None:
    # QA on the stack's https, 2026-12-05: the totals lane ("Count the hand here", "Score for
    # this hand"), the chart ("Running total by hand ... after 3 hands"), the list of games
    # ("3 hands") and the time-up button still said hand. Every page a table opens is read.
    game_id = game_with_a_hand(client, "burraco", lang)
    assert client.post(f"/games/{game_id}/hands", data=TOTALS).status_code == 303
    total_lane = page(client, f"/games/{game_id}/hands/new", lang)
    lane = re.search(r'class="lane-switch" href="([^"]+)"', total_lane)
    assert lane, total_lane[:300]
    pages = {url: page(client, url, lang) for url in (
        f"/games/{game_id}", f"/games/{game_id}/hands/1/edit", f"/games/{game_id}/changes",
        "/games/", f"/games/{game_id}/chart.svg", lane.group(1).replace("&amp;", "&"))}
    pages["totals lane"] = total_lane
    refused = client.post(f"/games/{game_id}/hands", data={"mode": "total", "end": "went_out"})
    assert refused.status_code == 422
    pages["refusal"] = refused.get_data(as_text=True)
    for where, html in pages.items():
        words = _CARDS_HELD.sub("", _visible(html))
        found = [words[max(0, m.start() - 50):m.end() + 30] for m in re.finditer(deal, words, re.I)]
        assert not found, (where, found)
    said = {"en": ("Count the smazzata here", "Running total by smazzata",
                   "after 2 smazzate", "2 smazzate", "Type this side's score for the smazzata."),
            "it": ("Conta la smazzata qui", "Totale progressivo per smazzata",
                   "dopo 2 smazzate", "2 smazzate",
                   "Scrivi il punteggio di questa squadra nella smazzata.")}[lang]
    everything = " ".join(_visible(html) for html in pages.values())
    for words in said:
        assert words in everything, words


def test_fixing_a_round_says_its_round_and_the_minimum_it_was_played_at(
        client: FlaskClient) -> None:
    # QA, 2026-12-05: "Fix round 2 / Cathy dealt." without the round line its count showed.
    game_id = game_with_a_hand(client, "hand-and-foot", "en")
    assert client.post(f"/games/{game_id}/hands", data=TOTALS).status_code == 303
    new = page(client, f"/games/{game_id}/hands/new", "en")
    assert '<span class="count-round">Round 3 of 4 · opening minimum 120</span>' in new
    for n, minimum in ((1, 50), (2, 90)):
        form = page(client, f"/games/{game_id}/hands/{n}/edit", "en")
        assert (f'<span class="count-round">Round {n} of 4 · opening minimum {minimum}</span>'
                in form), form


@pytest.mark.parametrize(("meanwhile", "same_hand"), [("fix", False), ("add", True)])
def test_the_same_hand_is_offered_only_when_another_phone_saved_one(
        client: FlaskClient, meanwhile: str, same_hand: bool) -> None:
    # QA, 2026-12-05: after another phone corrected hand 2, a count of hand 3 was offered
    # "It is the same hand: don't save mine", which would have dropped hand 3.
    game_id = game_with_a_hand(client, "classic", "en")
    form = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    seen = re.search(r'name="seen" value="(\d+)"', form)
    assert seen, form[:400]
    if meanwhile == "fix":
        edit = client.get(f"/games/{game_id}/hands/1/edit").get_data(as_text=True)
        version = re.search(r'name="version" value="(\d+)"', edit)
        assert version
        assert client.post(f"/games/{game_id}/hands/1", data={
            **TOTALS, "sides[0].hand_total": "650", "version": version.group(1)}
        ).status_code == 303
    else:
        assert client.post(f"/games/{game_id}/hands", data=TOTALS).status_code == 303
    asked = client.post(f"/games/{game_id}/hands", data={**TOTALS, "seen": seen.group(1)})
    page_text = asked.get_data(as_text=True)
    assert "Another phone changed this game while you were counting." in page_text
    assert ("It is the same hand: don" in page_text) is same_hand
    hands = 3 if meanwhile == "add" else 2
    assert f"Save mine as hand {hands}" in page_text
    # With nothing to choose between, the form's own Save (the bar's) saves it: it carries the
    # version the question was shown on.
    kept = re.search(r'<input type="hidden" name="confirm_seen" value="(\d+)" form="count-form">',
                     page_text)
    assert bool(kept) is not same_hand
    if kept:
        saved = client.post(f"/games/{game_id}/hands", data={
            **TOTALS, "seen": seen.group(1), "confirm_seen": kept.group(1)})
        assert saved.status_code == 303


def test_fixing_an_earlier_hand_of_a_won_game_does_not_say_that_hand_wins(
        client: FlaskClient) -> None:
    # QA, 2026-12-05 (Italian): the fix of hand 2 of a game hand 3 had won said "Questa mano
    # fa vincere la partita a I Gufi".
    game_id = game_with_a_hand(client, "classic", "en")  # 600 / -90
    big = {**TOTALS, "sides[0].hand_total": "4500"}
    assert client.post(f"/games/{game_id}/hands", data=big).status_code == 303  # 5,100: won
    earlier = page(client, f"/games/{game_id}/hands/1/edit", "en")
    assert "This hand wins the game" not in earlier
    assert "With this correction the game goes to Nosotros." in earlier
    last = page(client, f"/games/{game_id}/hands/2/edit", "en")
    assert "This hand wins the game for Nosotros." in last


def test_the_live_count_says_when_another_phone_changed_the_game(client: FlaskClient) -> None:
    # QA, 2026-12-05 (https stack, Spanish): a count opened at 1,985 showed "+75 → 3,060" once
    # another phone saved hand 3, under "Count hand 3", with no word of the change until saving.
    game_id = game_with_a_hand(client, "classic", "en")
    form = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    seen = re.search(r'name="seen" value="(\d+)"', form)
    assert seen
    typed = {**TOTALS, "seen": seen.group(1)}
    hx = {"HX-Request": "true"}
    quiet = client.post(f"/games/{game_id}/hands/preview", data=typed, headers=hx)
    assert 'id="changed-meanwhile"' not in quiet.get_data(as_text=True)
    assert client.post(f"/games/{game_id}/hands", data=TOTALS).status_code == 303
    told = client.post(f"/games/{game_id}/hands/preview", data=typed, headers=hx)
    assert ("Another phone changed this game while you counted"
            in told.get_data(as_text=True))
