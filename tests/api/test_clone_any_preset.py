"""Any preset may be cloned as house rules, through the API as through the form, and the clone
holds every value of the preset it was made from."""

from __future__ import annotations

import pytest

from scorekeeper.engine import PRESETS

#: What a copy changes by being a copy: who it is, not how it counts.
OWN = {"id", "name", "based_on", "description", "sources", "notes", "house"}


@pytest.mark.parametrize("preset_id", list(PRESETS))
def test_the_api_clones_any_preset_value_for_value(client, preset_id):
    preset = client.get(f"/api/v1/rulesets/{preset_id}").get_json()
    body = {**preset, "name": "Casa Pérez", "based_on": preset_id}
    made = client.post("/api/v1/house-rules", json=body)
    assert made.status_code == 201, made.get_json()
    got = client.get(f"/api/v1/house-rules/{made.get_json()['id']}").get_json()
    assert got["based_on"] == preset_id and got["name"] == "Casa Pérez"
    assert {k: v for k, v in got.items() if k not in OWN} == {
        k: v for k, v in preset.items() if k not in OWN}


@pytest.mark.parametrize("preset_id", list(PRESETS))
def test_the_form_clones_any_preset_and_its_edit_page_opens(client, preset_id):
    res = client.post("/games/house-rules/new", data={"preset": preset_id, "name": "Los martes"})
    assert res.status_code == 303, res.get_data(as_text=True)[:500]
    house_id = res.headers["Location"].rsplit("/", 1)[-1]
    got = client.get(f"/api/v1/house-rules/{house_id}").get_json()
    preset = client.get(f"/api/v1/rulesets/{preset_id}").get_json()
    assert {k: v for k, v in got.items() if k not in OWN} == {
        k: v for k, v in preset.items() if k not in OWN}
    assert client.get(f"/games/house-rules/{house_id}").status_code == 200
