"""Where a preset's rules depart from its sources, the rules card says so, from the rule set's
data (issue 42): Hand and Foot's dirty book holds pagat's two wild cards and its black 3s
cannot be melded (the card said "melded only when going out"); Buraco's pt.wikipedia setting
keeps the bonuses of a side's dirty canastras, and says so."""

from __future__ import annotations

import re

import pytest
from flask import render_template
from quick_helpers import text

from scorekeeper.engine import CanastaKind, find_ruleset, ruleset_from_dict

MELDED_GOING_OUT = "They block the discard pile and are melded only when going out."
NEVER_MELDED = "They block the discard pile and cannot be melded."


def card(client, ruleset: str, lang: str = "en") -> str:
    res = client.get(f"/rules/{ruleset}?lang={lang}")
    assert res.status_code == 200
    return res.get_data(as_text=True)


def row_notes(page: str) -> dict[str, str]:
    """The card's rows that carry a small note: label to note."""
    return {text(label): text(note) for label, note in re.findall(
        r'<th scope="row">([^<]*)<span class="rc-note">(.*?)</span></th>', page, re.S)}


def test_hand_and_foots_black_threes_cannot_be_melded(client) -> None:
    # VARIANTS-2.md 10.2 "Black 3 (cannot be melded; blocks the pile)" [HF-GD]; [TW].
    said = text(card(client, "hand-and-foot"))
    assert NEVER_MELDED in said and MELDED_GOING_OUT not in said
    assert find_ruleset("hand-and-foot").black_threes.melded_going_out is False
    # RULES.md: "black 3s block the discard pile and may only be melded when going out".
    for preset in ("classic", "la-canasta", "torneo"):
        said = text(card(client, preset))
        assert MELDED_GOING_OUT in said and NEVER_MELDED not in said, preset
    # Where 3s are ordinary cards, or laid out like red 3s, neither is said.
    for preset in ("buraco", "burraco", "american"):
        said = text(card(client, preset))
        assert MELDED_GOING_OUT not in said and NEVER_MELDED not in said, preset
    # In every language the card says it in its own words.
    assert "Eles trancam o lixo e não podem ser baixados." in text(
        card(client, "hand-and-foot", "pt"))


def test_a_house_rule_may_let_black_threes_be_melded(app) -> None:
    rs = ruleset_from_dict({"black_threes": {"melded_going_out": True}},
                           base=find_ruleset("hand-and-foot"))
    with app.test_request_context("/?lang=en"):
        said = text(render_template("quick/_rules_card.html", ruleset=rs))
    assert MELDED_GOING_OUT in said and NEVER_MELDED not in said


@pytest.mark.parametrize(("ruleset", "row", "note"), [
    # pagat "at most two in a meld of six or seven" [HF-GD]: the preset's source.
    ("hand-and-foot", "Dirty book", "at most 2 wild cards"),
    # RULES.md "at most three wild cards".
    ("classic", "Mixed canasta", "at most 3 wild cards"),
    # "at most one wild per meld" [CO]; [IBO].
    ("buraco", "Dirty canastra", "at most 1 wild card"),
    ("burraco", "Dirty burraco", "at most 1 wild card"),
])
def test_a_mixed_kinds_wild_cards_are_on_the_card(client, ruleset: str, row: str,
                                                  note: str) -> None:
    assert row_notes(card(client, ruleset))[row] == note


def test_hand_and_foots_dirty_book_is_pagats() -> None:
    rs = find_ruleset("hand-and-foot")
    assert rs.canasta_kind(CanastaKind.MIXED).max_wild == 2


def test_the_house_sheets_three_wild_cards_are_named(client) -> None:
    said = text(card(client, "hand-and-foot"))
    assert ("A dirty book holds at most two wild cards in six or seven (pagat: twice as many "
            "natural cards as wild cards); most house sheets allow three.") in said


def test_the_pt_wikipedia_setting_says_the_bonuses_stay(app) -> None:
    rs = ruleset_from_dict({"held_cards": {"table_against_without_clean": True}},
                           base=find_ruleset("buraco"))
    with app.test_request_context("/?lang=en"):
        said = text(render_template("quick/_rules_card.html", ruleset=rs))
    assert ("The bonuses of its other canastas still count for it: pt.wikipedia says only "
            "that all its melds and cards are deducted.") in said
    with app.test_request_context("/?lang=en"):
        off = text(render_template("quick/_rules_card.html", ruleset=find_ruleset("buraco")))
    assert "pt.wikipedia says only" not in off
