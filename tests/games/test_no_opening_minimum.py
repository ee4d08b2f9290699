"""A rule set without an opening minimum shows none anywhere (issue 40): Buraco and Burraco
("Opening minimum | none", VARIANTS-2.md 11.3, 12.3) open with any meld, so their board, count
screen, rules card and the quick opening-minimum answer show no "To open 0" nor a table of zeros.
Whether a rule set has one is decided once, in the engine (``flow.has_opening_minimum``)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from game_helpers import start_game

from scorekeeper.engine import PRESETS, find_ruleset, flow
from scorekeeper.engine.rule_types import OpeningBand, OpeningCondition, OpeningMinimums

pytestmark = pytest.mark.usefixtures("app_context")

NO_MINIMUM = ("buraco", "burraco")
NONE_SAID = "None: a side opens with any meld."


def text(html: str) -> str:
    html = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", html)
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


# -- the engine decides, once -------------------------------------------------------------------


def test_only_buraco_and_burraco_of_the_presets_have_no_opening_minimum() -> None:
    assert sorted(i for i, rs in PRESETS.items() if not flow.has_opening_minimum(rs)) == \
        sorted(NO_MINIMUM)


def test_what_counts_as_an_opening_minimum() -> None:
    classic = find_ruleset("classic")
    zeros = OpeningMinimums(negative=0, bands=(OpeningBand(0, 0), OpeningBand(3000, 0)))
    assert not flow.has_opening_minimum(replace(classic, opening_minimums=zeros))
    # A minimum only for a negative total, or only at a high score, is one.
    assert flow.has_opening_minimum(replace(classic, opening_minimums=replace(zeros, negative=15)))
    high = OpeningMinimums(negative=0, bands=(OpeningBand(0, 0), OpeningBand(3000, 90)))
    assert flow.has_opening_minimum(replace(classic, opening_minimums=high))
    # A condition with no points (Brazilian from 7,000: a canasta) is one too.
    cond = OpeningMinimums(negative=0, bands=(
        OpeningBand(0, 0), OpeningBand(7000, 0, OpeningCondition.CANASTA)))
    assert flow.has_opening_minimum(replace(classic, opening_minimums=cond))
    # By round: only the rounds' minimums count.
    hf = find_ruleset("hand-and-foot")
    assert flow.has_opening_minimum(hf)
    assert not flow.has_opening_minimum(replace(hf, opening_by_round=(0, 0, 0, 0)))


# -- the pages ----------------------------------------------------------------------------------


@pytest.mark.parametrize("rs_id", NO_MINIMUM)
def test_the_board_shows_no_minimum(client, rs_id: str) -> None:
    game_id = start_game(client, ruleset=rs_id)
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'class="side-minimum"' not in html and "minimum-value" not in html
    assert "To open" not in text(html)
    assert "No opening minimum: any meld opens" in text(html)
    # Nor does its count screen.
    count = client.get(f"/games/{game_id}/hands/new").get_data(as_text=True)
    assert "opening minimum" not in text(count).lower()


def test_the_board_in_italian_has_no_per_aprire_0(client) -> None:
    from flask_babel import refresh

    game_id = start_game(client, ruleset="burraco", language="it")
    refresh()  # the tests' shared app context would keep the first request's language
    page = text(client.get(f"/games/{game_id}?lang=it").get_data(as_text=True))
    assert "Per aprire" not in page
    assert "Nessun minimo di apertura" in page


def test_a_game_with_a_minimum_still_shows_it(client) -> None:
    game_id = start_game(client, ruleset="classic")
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'class="side-minimum"' in html and "No opening minimum" not in html
    assert re.search(r'class="minimum-value">50<', html)


@pytest.mark.parametrize("rs_id", NO_MINIMUM)
def test_the_rules_card_says_none(client, rs_id: str) -> None:
    html = client.get(f"/rules/{rs_id}?lang=en").get_data(as_text=True)
    assert "om-table" not in html
    page = text(html)
    assert NONE_SAID in page and "Below 0" not in page
    # Classic's card keeps its table.
    classic = client.get("/rules/classic?lang=en").get_data(as_text=True)
    assert "om-table" in classic and NONE_SAID not in text(classic)


@pytest.mark.parametrize("rs_id", NO_MINIMUM)
def test_the_quick_answer_says_nothing_is_needed(client, rs_id: str) -> None:
    html = client.get(f"/opening-minimum?ruleset={rs_id}&score=1650").get_data(as_text=True)
    assert "om-table" not in html
    page = text(html)
    assert "First meld needs Nothing" in page and NONE_SAID in page
    assert "om-unit" not in html


# -- a game of rounds has no target it never uses ---------------------------------------------


def test_house_rules_of_a_game_of_rounds_say_the_target_is_not_used(client) -> None:
    """Hand and Foot's house rules keep a target (a table that empties its rounds plays to
    it), but say that it is not used while the rounds are set; classic's says nothing."""
    from game_helpers import make_house

    hf = client.get(f"/games/house-rules/{make_house(client, 'hand-and-foot')}"
                    ).get_data(as_text=True)
    assert re.search(r'<p class="hint" id="f-target-hint">Not used while “Rounds a game lasts” '
                     r'is set\.</p>', hf)
    classic = client.get(f"/games/house-rules/{make_house(client, 'classic', 'Otra')}"
                         ).get_data(as_text=True)
    assert 'id="f-target-hint"' not in classic
