"""A hand input is declared once (``engine/hand_inputs.py``): a new counted kind of card, added
to a copy of a preset by one declaration, is read from the API's body and the count form, drawn
on the count form, described in the API's schema, counted and written in its sheet column."""

from __future__ import annotations

import pytest
from flask import render_template

from scorekeeper.api.openapi import document
from scorekeeper.engine import PRESETS, EntryErrors, count_hand, entry_to_dict, read_entry, vary
from scorekeeper.engine import hand_inputs as inputs
from scorekeeper.engine.hand_inputs import HandInput, InputKind, Place
from scorekeeper.games.count_form_layout import count_layout
from scorekeeper.games.forms import (
    count_context,
    form_values_from_entry,
    hand_body_from_form,
)
from scorekeeper.services.games import result_to_rows
from scorekeeper.sheets.layout import KeptHand, column_of, columns_for, filled_sheet

NAME = "one_eyed_jacks_in_hand"
#: A table's house rule on top of a preset that takes nothing for faults (no penalties column).
BASE = next(rs for rs in PRESETS.values()
            if not rs.penalties and not rs.unfinished_canastas and rs.id != "american"
            and "penalties" not in {c.key for c in columns_for(rs)})
HOUSE = vary(BASE, id="one-eyed-house")

JACKS = HandInput(
    NAME, InputKind.COUNT, "One-eyed jacks left in hand",
    asked=lambda rs: rs.id == "one-eyed-house", place=Place.MORE, more="one-eyed jacks",
    maximum=4, column="penalties", api="One-eyed jacks left in the side's hands (a house rule)",
    each=lambda rs: -50, line="One-eyed jacks left in hand × %(count)d",
)


@pytest.fixture
def declared(monkeypatch):
    monkeypatch.setattr(inputs, "HAND_INPUTS", (*inputs.HAND_INPUTS, JACKS))


def _form(jacks: str) -> dict[str, str]:
    going_out = HOUSE.going_out[0].id
    return {"end": "went_out", "sides[0].going_out": going_out,
            "sides[0].canastas.natural": "2", "sides[0].table_points": "800",
            "sides[1].table_points": "100", "sides[1].hand_points": "60",
            f"sides[1].{NAME}": jacks}


def test_without_the_declaration_nothing_knows_the_input():
    fmt = HOUSE.formats[0]
    assert f"sides[1].{NAME}" not in count_layout(HOUSE, fmt).names(1)
    _, errors = read_entry({"sides": [{NAME: 2}, {}]})
    assert [(e.field, e.template) for e in errors] == [(f"sides[0].{NAME}", "Unknown field.")]
    assert NAME not in document()["components"]["schemas"]["Side"]["properties"]


@pytest.mark.usefixtures("declared")
def test_the_form_asks_for_it_under_more_and_reads_it():
    fmt = HOUSE.formats[0]
    layout = count_layout(HOUSE, fmt)
    assert f"sides[1].{NAME}" in layout.names(1)
    assert f"sides[1].{NAME}" in layout.folded(1)
    assert "one-eyed jacks" in layout.more_names()
    # The rule set it was not added to does not ask for it.
    assert f"sides[1].{NAME}" not in count_layout(BASE, fmt).names(1)

    body = hand_body_from_form(_form("2"), HOUSE, fmt)
    assert body["sides"][1][NAME] == "2"
    entry, result = count_hand(HOUSE, body)
    assert entry.sides[1].value_of(NAME) == 2
    line = next(li for li in result.sides[1].lines if li.id == NAME)
    assert (line.points, line.text) == (-100, "One-eyed jacks left in hand × 2")
    assert result.sides[1].total == 100 - 60 - 100
    # Stored and given back to the form as typed.
    stored = entry_to_dict(entry)
    assert stored["sides"][1][NAME] == 2 and NAME not in stored["sides"][0]
    assert form_values_from_entry(stored)[f"sides[1].{NAME}"] == "2"


@pytest.mark.usefixtures("declared")
def test_a_rule_set_that_does_not_ask_for_it_refuses_it():
    fmt = BASE.formats[0]
    body = hand_body_from_form(_form("1"), HOUSE, fmt)
    count_hand(HOUSE, body)
    with pytest.raises(EntryErrors) as caught:
        count_hand(BASE, body)
    assert [(e.field, e.template) for e in caught.value.errors] == [
        (f"sides[1].{NAME}", "This rule set does not count these.")]


@pytest.mark.usefixtures("declared")
def test_the_count_template_draws_it(app):
    layout = count_layout(HOUSE, HOUSE.formats[0])
    with app.test_request_context():
        context = count_context(layout, side_names=["Us", "Them"],
                                values={f"sides[1].{NAME}": "3"}, action="/count",
                                preview_url="/preview", hidden={})
        html = render_template("games/_count_form.html", **context)
    assert html.count(f'name="sides[0].{NAME}"') == 1
    assert f'name="sides[1].{NAME}" value="3"' in html
    assert 'data-max="4"' in html
    assert html.count(">One-eyed jacks left in hand</label>") == 2
    assert "one-eyed jacks" in html  # in the words of "More"


@pytest.mark.usefixtures("declared")
def test_the_api_describes_it_and_reads_it(client):
    schema = document()["components"]["schemas"]["Side"]["properties"][NAME]
    assert schema["description"] == "One-eyed jacks left in the side's hands (a house rule)"
    assert {"type": "integer", "minimum": 0, "maximum": 4} in schema["anyOf"]
    served = client.get("/api/v1/openapi.json").get_json()
    assert NAME in served["components"]["schemas"]["Side"]["properties"]

    entry, errors = read_entry({"sides": [{NAME: "2"}, {NAME: 5}]})
    assert entry.sides[0].value_of(NAME) == 2
    assert [e.field for e in errors] == [f"sides[1].{NAME}"]  # more than its maximum
    # Read by the API, refused by a preset that does not count it (not "Unknown field.").
    res = client.post("/api/v1/score", json={"ruleset": BASE.id, "players": BASE.formats[0].id,
                                             "sides": [{NAME: 1}, {}]})
    assert res.status_code == 422
    assert {e["field"]: e["message"] for e in res.get_json()["errors"]}[f"sides[0].{NAME}"] == (
        "This rule set does not count these.")


@pytest.mark.usefixtures("declared")
def test_the_sheet_writes_it_in_its_column():
    assert column_of(NAME) == "penalties"
    assert "penalties" not in {c.key for c in columns_for(BASE)}
    columns = [c.key for c in columns_for(HOUSE)]
    assert "penalties" in columns

    fmt = HOUSE.formats[0]
    _, result = count_hand(HOUSE, hand_body_from_form(_form("1"), HOUSE, fmt))
    sheet = filled_sheet(
        HOUSE, fmt, sides=(), translate=lambda t, p: t % p if p else t, target=HOUSE.target,
        hands=[KeptHand(number=1, result=result_to_rows(result), totals=result.totals,
                        running=result.totals, minimums=(50, 50), dealer="", end="went_out")])
    cells = dict(zip([c.key for c in sheet.columns], sheet.rows[0].cells[1], strict=True))
    assert cells["penalties"] == -50
    assert "One-eyed jacks left in hand × 1" in [d.label for d in sheet.rows[0].details[1]]
