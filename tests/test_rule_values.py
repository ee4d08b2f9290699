"""Each rule value is declared once: a new value shows in every place that lists rule values.

A copy of a preset gets a value no code knows (a bonus for each red 3 taken with the pile),
declared as the engine's values are (``engine/declared.py``). Without any other code it is in
the dict form (written and read, bounds checked), the house-rules form (an input that saves),
the OpenAPI document, the API's rule set and the rules card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields

import pytest

from scorekeeper.api.openapi import document
from scorekeeper.engine import PRESETS, EntryErrors, ruleset_from_dict, ruleset_to_dict
from scorekeeper.engine.declared import Empty, Sign, rule
from scorekeeper.engine.rule_types import RedThreeRules
from scorekeeper.engine.rulesets import vary
from scorekeeper.games.house_rules_form import data_from_form, form_sections, form_values
from scorekeeper.services import house_rules

LABEL = "Each red 3 taken with the pile"


@dataclass(frozen=True)
class RedThreesWithPile(RedThreeRules):
    each_with_pile: int | None = rule(
        None, LABEL, sources=("test",), empty=Empty.NOT_A_RULE, sign=Sign.BONUS, maximum=1000,
    )


def _copy_with_the_new_value() -> object:
    classic = PRESETS["classic"]
    red = {f.name: getattr(classic.red_threes, f.name) for f in fields(classic.red_threes)}
    return vary(classic, id="pile", name="Pile", based_on=None,
                red_threes=RedThreesWithPile(**red, each_with_pile=40))


PILE = _copy_with_the_new_value()


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The copy in the registry of presets, as a new preset would be."""
    monkeypatch.setitem(PRESETS, "pile", PILE)


def test_dict_form_writes_and_reads_it() -> None:
    data = ruleset_to_dict(PILE)
    assert data["red_threes"]["each_with_pile"] == 40
    back = ruleset_from_dict({"red_threes": {"each_with_pile": 60}}, base=PILE)
    assert back.red_threes.each_with_pile == 60  # type: ignore[attr-defined]
    assert back.red_threes.each == 100  # the other values stay the preset's
    with pytest.raises(EntryErrors) as info:
        ruleset_from_dict({"red_threes": {"each_with_pile": 5000}}, base=PILE)
    assert [(e.field, e.message) for e in info.value.errors] == [
        ("red_threes.each_with_pile", "Must be between 0 and 1000.")]
    # Empty means "not a rule at your table".
    assert ruleset_from_dict({"red_threes": {"each_with_pile": None}},
                             base=PILE).red_threes.each_with_pile is None  # type: ignore[attr-defined]


def test_house_rules_form_asks_for_it() -> None:
    (red_threes,) = [f for title, fs in form_sections(PILE) if title == "Red 3s" for f in fs
                     if f.name == "red_threes.each_with_pile"]
    assert (red_threes.label, red_threes.kind, red_threes.hint) == (
        LABEL, "number", "Empty: not a rule at your table.")
    values = form_values(PILE)
    assert values["red_threes.each_with_pile"] == "40"
    data, _ = data_from_form(PILE, {**values, "red_threes.each_with_pile": "75"})
    assert data["red_threes"]["each_with_pile"] == 75


def test_house_rules_page_saves_it(client, registered) -> None:
    res = client.post("/games/house-rules/new", data={"preset": "pile", "name": "Casa"})
    assert res.status_code == 303
    edit = res.headers["Location"]
    page = client.get(edit).get_data(as_text=True)
    assert re.search(r'<label for="f-red_threes-each_with_pile">Each red 3 taken with the '
                     r'pile</label>', page)
    assert 'name="red_threes.each_with_pile" value="40"' in page
    house_id = edit.rsplit("/", 1)[-1]
    with client.application.app_context():
        form = form_values(house_rules.find(house_id))
    form["red_threes.each_with_pile"] = "90"
    assert client.post(edit, data=form).status_code == 303
    shown = client.get(f"/api/v1/rulesets/{house_id}").get_json()
    assert shown["red_threes"]["each_with_pile"] == 90


def test_openapi_document_describes_it(client, registered) -> None:
    doc = client.get("/api/v1/openapi.json").get_json()
    red = doc["components"]["schemas"]["RuleSet"]["properties"]["red_threes"]
    assert red["properties"]["each_with_pile"] == {
        "type": ["integer", "null"], "minimum": 0, "maximum": 1000,
        "description": f"{LABEL} (sources: test)"}
    assert "each_with_pile" in red["required"]
    # Without the copy in the registry, the document does not know the value.
    del PRESETS["pile"]
    plain = document()["components"]["schemas"]["RuleSet"]["properties"]["red_threes"]
    assert "each_with_pile" not in plain["properties"]
    PRESETS["pile"] = PILE


def test_api_and_rules_card_show_it(client, registered) -> None:
    assert client.get("/api/v1/rulesets/pile").get_json()["red_threes"]["each_with_pile"] == 40
    page = client.get("/rules/pile").get_data(as_text=True)
    assert re.search(rf'<th scope="row">{LABEL}</th><td class="num">\+40</td>', page)
    # A value the table plays without is left off the card.
    assert LABEL not in client.get("/rules/classic").get_data(as_text=True)
