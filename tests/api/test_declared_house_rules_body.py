"""The house rules' body as the API reads and stores it: each value a preset declares, by the
declaration (the rest of the declared bodies, which read no database: test_declared_bodies.py)."""

from __future__ import annotations


def test_house_rules_body_lists_every_declared_value_as_its_declaration_says(client) -> None:
    """Each rule value a preset declares (engine/declared.py) is in the house rules' body
    with its declaration's schema, none required; the reader takes it by the same
    declaration, so a value sent is the value stored."""
    from scorekeeper.api.openapi import document
    from scorekeeper.engine import PRESETS

    body = document()["components"]["schemas"]["HouseRulesBody"]
    seen = 0
    for rs in PRESETS.values():
        for sec in rs.sections():
            for d in sec.values:
                where = body["properties"][sec.key]["properties"] if sec.key else \
                    body["properties"]
                assert where[d.name] == d.schema(), (sec.key, d.name)
                assert "required" not in body["properties"].get(sec.key, {})
                seen += 1
    assert seen > 100
    sent = {"name": "Casa", "based_on": "classic",
            "black_threes": {"all_in_hand_penalty": 300}, "red_threes": {"by_count": None}}
    made = client.post("/api/v1/house-rules", json=sent)
    assert made.status_code == 201, made.get_json()
    stored = client.get(f"/api/v1/rulesets/{made.get_json()['id']}").get_json()
    assert stored["black_threes"]["all_in_hand_penalty"] == 300
    assert stored["red_threes"]["by_count"] == []
