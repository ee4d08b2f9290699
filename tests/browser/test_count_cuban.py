"""Cuban Canasta (VARIANTS.md 5) counted on a phone at 390x844: a canasta of seven 2s, red 3s
by count and black 3s taken with the pile (both under the side's More)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from playwright.sync_api import Page, expect
from test_count_presets import Shot, check_layout, field, start, stepper


def count_on_a_phone(page: Page, live_server: str, shot: Shot, ruleset: str, *,
                     went_out: int, entries: Mapping[str, int | str], more: Sequence[int] = (),
                     lines: Mapping[int, str], points: list[str], minimums: list[str],
                     more_hint: str = "black 3s") -> None:
    """Start a ``ruleset`` game, count one hand (a number taps ``+`` that many times, a text
    is typed; ``more``: the sides whose More, named with ``more_hint``, is opened first),
    check the live count and the layout at 390 and 360 px, save it and check the game page's
    totals and minimums."""
    game_url = start(page, live_server, ruleset, "4")
    page.get_by_role("link", name="Count this hand").click()
    page.wait_for_selector("#count-form")
    page.check(f"input[name='sides[{went_out}].going_out'][value='normal']")
    for i in more:
        summary = page.locator(f"#side-{i} details.count-more > summary")
        expect(summary).to_contain_text(more_hint)
        summary.click()
    for name, value in entries.items():
        if isinstance(value, int):
            stepper(page, name, value)
        else:
            field(page, name).fill(value)
    expect(page.locator("#count-summary .summary-points")).to_have_text(points)
    for i, text in lines.items():
        expect(page.locator(f"#breakdown-{i}")).to_contain_text(text)
    check_layout(page)
    shot(page, f"count-{ruleset}")
    page.get_by_role("button", name="Save this hand").click()
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_have_text(
        [f"Score: {p.lstrip('+')}" for p in points])
    expect(page.locator(".minimum-value")).to_have_text(minimums)
    assert page.errors == []  # type: ignore[attr-defined]


def test_cuban_on_a_phone(page: Page, live_server: str, shot: Shot) -> None:
    # Seven 2s 4,000 + a natural canasta 500 + three red 3s 500 + going out 100 + 215 on the
    # table - 10 in hand = 5,305. Side 2: no canasta, a red 3 against (-100), all four black
    # 3s taken with the pile 100, 60 on the table, 20 in hand: 40. 5,305 needs 150 (5,000 and
    # over); 40 needs 50.
    # The canasta of seven 2s waits under side 1's More with the black 3s.
    count_on_a_phone(page, live_server, shot, "cuban", went_out=0, more=[0, 1], entries={
        "sides[0].canastas.wild_twos": 1, "sides[0].canastas.natural": 1,
        "sides[0].red_threes": 3, "sides[0].table_points": "215",
        "sides[0].hand_points": "10",
        "sides[1].red_threes": 1, "sides[1].table_points": "60", "sides[1].hand_points": "20",
        "sides[1].black_threes_with_pile": 4,
    }, lines={0: "Red 3s × 3", 1: "All 4 black 3s taken with the pile"},
        points=["+5,305", "+40"], minimums=["150", "50"])
