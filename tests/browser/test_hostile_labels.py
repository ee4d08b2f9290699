"""A house rule's premio label carrying htmx attributes is text on a phone (390x844), not markup.

The attack of issue 10: a premio called ``<i hx-post="../undo" hx-trigger="load">`` took back
hands as soon as the scorekeeper opened "Count this hand", with the page's CSRF header. The
same markup put into the page for real does exactly that (the control at the end), so the
test can tell an escaped label from one that acts.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

PAYLOAD = '<i hx-post="../undo" hx-trigger="load">x</i>'


def _hands(page: Page, live_server: str, game_id: str) -> int:
    res = page.request.get(f"{live_server}/api/v1/games/{game_id}")
    assert res.status == 200
    return len(res.json()["hands"])


def _game_with_two_hands(page: Page, live_server: str, house: str, premio: str
                         ) -> dict[str, Any]:
    api = page.request
    res = api.post(live_server + "/api/v1/games", data={
        "ruleset": house, "players": 4,
        "sides": [{"name": PAYLOAD, "players": ["Ana", "Luis"]}, {"name": "Ellos"}]})
    assert res.status == 201, res.text()
    game = res.json()
    hand = {"end": "went_out", "sides": [
        {"table_points": 355, "hand_points": 20, "canastas": {"mixed": 2},
         "going_out": "normal", "premios": {premio: 1}},
        {"table_points": 280, "hand_points": 45}]}
    for _ in range(2):
        r = api.post(f"{live_server}/api/v1/games/{game['id']}/hands", data=hand,
                     headers={"Authorization": f"Bearer {game['edit_token']}"})
        assert r.status == 201, r.text()
    return game


def test_a_planted_htmx_attribute_does_nothing(page: Page, live_server: str) -> None:
    # House rules whose name and premio label are the attack, made through the pages.
    page.goto(live_server + "/games/house-rules")
    page.fill("input[name=name]", PAYLOAD)
    page.get_by_role("button", name="Make a copy to change").click()
    page.wait_for_url("**/games/house-rules/house-*")
    expect(page.locator("h1")).to_have_text(PAYLOAD)
    house = page.url.rsplit("/", 1)[-1]
    page.fill("input[name='premios[new].label']", PAYLOAD)
    page.fill("input[name='premios[new].points']", "50")
    page.get_by_role("button", name="Save the rules").click()
    assert page.get_by_role("status").inner_text() == "Saved."
    rules = page.request.get(f"{live_server}/api/v1/rulesets/{house}").json()
    assert [p["label"] for p in rules["premios"]] == [PAYLOAD]
    premio = rules["premios"][0]["id"]

    game = _game_with_two_hands(page, live_server, house, premio)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)

    # The scorekeeper opens the game, then "Count this hand".
    page.goto(game["edit_url"])
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    expect(page.locator(".game-rules")).to_have_text(PAYLOAD)
    page.goto(f"{live_server}/games/{game['id']}/hands/new")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    # htmx has seen the whole page once it loaded; ask it again, then let the network settle.
    page.evaluate("() => htmx.process(document.body)")
    page.wait_for_load_state("networkidle")
    label = page.locator(f"label[for='f-sides-0-premios-{premio}']")
    expect(label).to_contain_text(PAYLOAD)
    assert page.locator("[hx-post='../undo']").count() == 0
    assert not [url for url in posts if url.endswith("/undo")]
    assert _hands(page, live_server, game["id"]) == 2
    # The one-hand calculator on the same rules shows the label as text too.
    page.goto(f"{live_server}/calculator?ruleset={house}")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    page.wait_for_load_state("networkidle")
    expect(page.locator(f"label[for='f-sides-0-premios-{premio}']")).to_contain_text(PAYLOAD)
    assert page.locator("[hx-post='../undo']").count() == 0
    assert _hands(page, live_server, game["id"]) == 2

    # The control: the same markup, were it part of the page, takes a hand back at once.
    page.goto(f"{live_server}/games/{game['id']}/hands/new")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    with page.expect_response(lambda r: r.url.endswith(f"/games/{game['id']}/undo")):
        page.evaluate("""(html) => {
            const box = document.createElement('div');
            box.innerHTML = html;
            document.querySelector('form').appendChild(box);
            htmx.process(box);
        }""", PAYLOAD)
    assert _hands(page, live_server, game["id"]) == 1
