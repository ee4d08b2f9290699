"""Each variant's players' words (issue 25): Samba's count says "Samba" where it said "Canasta en
escalera (samba, escalera)", Bolivia's and Brazilian's "Escalera" (VARIANTS.md 0.2: "samba"
(Samba), "escalera" (Bolivia, Brazilian)); a rule set without its own word keeps the kind's."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from flask_babel import refresh

from scorekeeper.engine import CanastaKind, ruleset_from_dict, ruleset_to_dict
from scorekeeper.engine.presets import PRESETS

pytestmark = pytest.mark.usefixtures("app_context")


def stepper_label(html: str, name: str) -> str:
    ident = "f-sides-0-" + name.replace(".", "-")
    m = re.search(rf'<label for="{ident}">([^<]*?)\s*(?:<span|</label>)', html)
    assert m, f"no label for {name}"
    return m.group(1).strip()


@pytest.mark.parametrize("ruleset, lang, word", [
    ("samba", "es", "Samba"), ("samba", "en", "Samba"),
    ("bolivia", "es", "Escalera"), ("brazilian", "es", "Escalera"),
    ("bolivia", "en", "Escalera"),
])
def test_the_count_names_the_sequence_canasta_as_its_players_do(
        client: FlaskClient, ruleset: str, lang: str, word: str) -> None:
    refresh()
    res = client.post(f"/calculator?lang={lang}", data={
        "ruleset": ruleset, "format": "4", "end": "went_out",
        "sides[0].going_out": "normal", "sides[0].canastas.sequence": "1",
        "sides[0].canastas.natural": "1", "sides[0].canastas.wild": "1",
        "sides[0].table_points": "300"})
    html = res.get_data(as_text=True)
    refresh()
    assert stepper_label(html, "canastas.sequence") == word
    assert "(samba, escalera)" not in html
    # The count's line says it too: "Samba × 1".
    assert re.search(rf"<td>{word} × 1</td><td class=\"num\">\+1[.,]500<", html), html[:200]


def test_the_api_and_house_rules_keep_the_word(client: FlaskClient) -> None:
    kinds = client.get("/api/v1/rulesets/samba").get_json()["canasta_kinds"]
    assert {k["id"]: k["label"] for k in kinds}["sequence"] == "Samba"
    # House rules cloned from Samba keep its word; a kind added to classic has none of its own.
    samba = PRESETS["samba"]
    clone = ruleset_from_dict(ruleset_to_dict(samba), base=samba)
    assert clone.canasta_kind(CanastaKind.SEQUENCE).name == "Samba"
    classic = PRESETS["classic"]
    house = ruleset_from_dict({"canastas": {"natural": 500, "mixed": 300, "sequence": 1000}},
                              base=classic)
    assert house.canasta_kind(CanastaKind.SEQUENCE).name == "Sequence canasta (samba, escalera)"
