"""The count form says under "Points on the table" that the cards inside canastas count there
(issue 25: only the rules card said so), in each rule set's terms where they differ (Modern
American takes them off a side without a canasta; torneo does not count them at time)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from flask_babel import refresh
from game_helpers import start_game

from scorekeeper.engine import PRESETS

pytestmark = pytest.mark.usefixtures("app_context")

INCLUDED = "Cards in canastas included."
#: In the game's own words (QA, 2026-12-05: "canaste" in an Italian Burraco, where a canasta
#: is a burraco, and "canastas" in Hand and Foot, whose canastas are books).
OWN_INCLUDED = {"burraco": "Cards in burrachi included.",
                "hand-and-foot": "Cards in books included."}
AGAINST = "Taken off while the side has no canasta."
AT_TIME = "Not counted when time is up."


def hint(html: str, side: int = 0, where: str = "table") -> str | None:
    """The hint under side ``side``'s points field, checked to describe its input."""
    name = f"f-sides-{side}-{where}_points"
    m = re.search(rf'<span class="hint" id="hint-{name}">([^<]*)</span>', html)
    if m is None:
        return None
    field = re.search(rf'<input [^>]*id="{name}"[^>]*>', html)
    assert field and f'aria-describedby="hint-{name} ' in field.group(0)
    return m.group(1)


@pytest.mark.parametrize("ruleset", sorted(PRESETS))
def test_every_preset_says_canasta_cards_are_in_table_points(client: FlaskClient,
                                                            ruleset: str) -> None:
    html = client.get(f"/calculator?ruleset={ruleset}").get_data(as_text=True)
    sides = PRESETS[ruleset].formats[0].sides
    for side in range(sides):
        text = hint(html, side)
        assert text is not None and text.startswith(OWN_INCLUDED.get(ruleset, INCLUDED))
        assert (AGAINST in text) is (ruleset == "american")
        assert (AT_TIME in text) is (ruleset == "torneo")
        # Only the table: points in hand have no such hint.
        assert hint(html, side, "hand") is None


def test_the_game_count_page_shows_it(client: FlaskClient) -> None:
    game_id = start_game(client)
    html = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert hint(html, 0) == INCLUDED and hint(html, 1) == INCLUDED


def test_in_spanish(client: FlaskClient) -> None:
    refresh()
    html = client.get("/calculator?ruleset=american&lang=es").get_data(as_text=True)
    assert hint(html, 0) == ("Incluye las cartas de las canastas. "
                             "Se restan mientras el bando no tenga canasta.")
    refresh()
    html = client.get("/calculator?ruleset=torneo&lang=es").get_data(as_text=True)
    assert hint(html, 1) == ("Incluye las cartas de las canastas. "
                             "No cuentan al acabar el tiempo.")
    refresh()


def test_an_italian_burraco_says_burrachi(client: FlaskClient) -> None:
    refresh()
    html = client.get("/calculator?ruleset=burraco&lang=it").get_data(as_text=True)
    assert hint(html) == "Carte nei burrachi incluse."
    refresh()
    html = client.get("/calculator?ruleset=hand-and-foot&lang=es").get_data(as_text=True)
    assert hint(html).startswith("Incluye las cartas de los libros.")  # type: ignore[union-attr]
