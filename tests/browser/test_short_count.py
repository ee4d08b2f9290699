"""The shorter count on a phone (390x844 and 360x740): what a rule set rarely needs waits under
"More", the bar's side names bring the other side up, a focused field never sits under the bar,
the card helper's boxes are typed into and add up beside the points field, "this hand wins the
game" shows before saving, no message while a number is still being typed, and the taps that
003's worked hand takes."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from phone import count_without_script, page_width
from playwright.sync_api import Browser, Page, expect

Shot = Callable[..., Path]

PHONES = [(390, 844), (360, 740)]


def field(page: Page, name: str):
    return page.locator(f"[name='{name}']")


def start(page: Page, live_server: str, *, names: tuple[str, str] = ("Nosotros", "Ellos"),
          target: str | None = None, ruleset: str = "classic") -> str:
    """A new four-player game through the start form (in English); returns the board's URL."""
    page.goto(f"{live_server}/games/new?ruleset={ruleset}&lang=en")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")
    page.get_by_text("Names of sides and players").click()
    field(page, "side_0_name").fill(names[0])
    field(page, "side_1_name").fill(names[1])
    if target:
        page.get_by_text("Target, first dealer and language").click()
        field(page, "target").fill(target)
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    return page.url


def open_count(page: Page, game_url: str, lang: str = "en") -> None:
    page.goto(f"{game_url}/hands/new?lang={lang}")
    page.wait_for_selector("#count-form")
    page.wait_for_function("() => window.htmx !== undefined && document.readyState === 'complete'")


def in_view(page: Page, selector: str, width: int) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("width", "height"), PHONES)
def test_a_classic_count_is_at_most_one_and_a_half_screens(
        page: Page, live_server: str, shot: Shot, width: int, height: int, lang: str) -> None:
    page.set_viewport_size({"width": width, "height": height})
    game_url = start(page, live_server)
    open_count(page, game_url, lang)
    # "More" (classic: its penalties) is closed; the page, "More" unopened, is the measure.
    more = page.locator("#side-0 details.count-more")
    expect(more).not_to_have_attribute("open", "")
    expect(field(page, "sides[0].penalties.acaba")).to_be_hidden()
    page_height = page.evaluate("document.documentElement.scrollHeight")
    assert page_height <= 1.5 * height, page_height
    assert page_width(page) <= width
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"short-count-{width}-{lang}")
    shot(page, f"short-count-{width}-{lang}-screen", full_page=False)

    # The bar names both sides; the second brings its half of the form up, beside the first.
    bar = page.locator(".count-bar")
    expect(bar.locator(".summary-side")).to_have_text(
        [re.compile("Nosotros"), re.compile("Ellos")])
    assert in_view(page, "#side-0", width) and not in_view(page, "#side-1", width)
    expect(bar.locator(".summary-side").first).to_have_attribute("aria-current", "true")
    bar.locator(".summary-side").nth(1).click()
    page.wait_for_function(
        f"() => {{ const r = document.getElementById('side-1').getBoundingClientRect();"
        f" return r.left >= 0 && r.right <= {width} && r.top >= 0 && r.top < {height}; }}")
    expect(bar.locator(".summary-side").nth(1)).to_have_attribute("aria-current", "true")
    shot(page, f"short-count-{width}-{lang}-side-2")

    # Opened, "More" holds what the rule set has and rarely needs.
    page.locator("#side-1 details.count-more > summary").click()
    expect(field(page, "sides[1].penalties.acaba")).to_be_visible()
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("ruleset", ["la-canasta", "comodines", "torneo"])
def test_more_holds_the_rare_counts_of_each_spanish_rule_set(page: Page, live_server: str,
                                                            ruleset: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server}/games/new?ruleset={ruleset}&lang=en")
    for value in page.locator("input[name^='value_']").all():  # torneo's premio values
        value.fill("100")
    page.get_by_role("button", name="Start the game").first.click()
    page.wait_for_url(re.compile(r"/games/[\w-]{20,}$"))
    open_count(page, page.url)
    rare = page.locator("#side-0 details.count-more input[type=text]")
    assert rare.count() >= 2
    for i in range(rare.count()):
        expect(rare.nth(i)).to_be_hidden()
    # What most hands need stays in sight.
    for name in ("canastas.natural", "red_threes", "table_points", "hand_points"):
        expect(field(page, f"sides[0].{name}")).to_be_visible()
    summary = page.locator("#side-0 details.count-more > summary")
    expect(summary).to_contain_text("black 3s")
    summary.click()
    expect(field(page, "sides[0].black_threes_in_hand")).to_be_visible()


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_the_focused_field_is_never_under_the_bar(page: Page, live_server: str, shot: Shot,
                                                  width: int, height: int) -> None:
    """Moving through the form with the keyboard's "next" (Tab), every field that takes the
    focus is in sight: above the sticky bar and inside the screen's width."""
    page.set_viewport_size({"width": width, "height": height})
    game_url = start(page, live_server, names=("Nosotros", "Ellos"))
    open_count(page, game_url)
    page.locator("input[name='end']").first.focus()
    seen = 0
    for _ in range(60):
        page.keyboard.press("Tab")
        where = page.evaluate("""() => {
            const el = document.activeElement;
            if (!el || el.tagName !== 'INPUT' || el.type !== 'text') return null;
            const box = el.getBoundingClientRect();
            const bar = document.querySelector('.count-bar').getBoundingClientRect();
            return {name: el.name, bottom: box.bottom, top: box.top, left: box.left,
                    right: box.right, barTop: bar.top};
        }""")
        if where is None:
            continue
        seen += 1
        assert where["top"] >= 0, where
        assert where["bottom"] <= where["barTop"], where
        assert where["left"] >= 0 and where["right"] <= width, where
        if where["name"] == "sides[1].hand_points":
            shot(page, f"short-count-focus-{width}")
            break
    # Both sides' canastas, red 3s and points were visited.
    assert seen >= 10


def test_the_card_helper_is_typed_into_and_adds_up(page: Page, live_server: str,
                                                   shot: Shot) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    game_url = start(page, live_server)
    open_count(page, game_url)
    page.check("input[name='sides[0].going_out'][value='normal']")
    field(page, "sides[0].canastas.mixed").fill("2")
    page.locator("#side-0").get_by_text("Count the cards on the table").click()
    expect(page.locator("#side-0 .card-helper").first).to_contain_text(
        "Type how many of each, or use − and +.")
    total = page.locator("#f-sides-0-table_points-counted")
    points = field(page, "sides[0].table_points")
    # 003's table: 2 jokers 100 + 3 twos 60 + 4 aces 80 + 10 eights to kings 100 + 3 fours
    # to sevens 15 = 355. Typed in the boxes, the steppers for the twos.
    field(page, "sides[0].table_cards.jokers").fill("2")
    expect(total).to_have_text("100 from the cards")
    expect(points).to_have_value("100")
    for _ in range(3):
        page.locator("button.step[data-step='1'][aria-controls='f-sides-0-table_cards-twos']"
                     ).click()
    expect(total).to_have_text("160 from the cards")
    field(page, "sides[0].table_cards.aces").fill("4")
    field(page, "sides[0].table_cards.eights_to_kings").fill("10")
    field(page, "sides[0].table_cards.fours_to_sevens").fill("3")
    expect(total).to_have_text("355 from the cards")
    expect(points).to_have_value("355")
    field(page, "sides[0].hand_points").fill("20")
    summary = page.locator("#count-summary")
    expect(summary).to_contain_text("+1,035")
    expect(page.locator("#breakdown-0")).to_contain_text("Cards on the table")
    assert page.locator(".field-error:not(:empty)").count() == 0
    shot(page, "short-count-card-helper")
    # Emptied, the helper takes its figure back out of the field.
    for group in ("jokers", "twos", "aces", "eights_to_kings", "fours_to_sevens"):
        field(page, f"sides[0].table_cards.{group}").fill("")
    expect(total).to_have_text("")
    expect(points).to_have_value("")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "This hand wins the game for Nosotros."),
    ("es", "Con esta mano gana la partida Nosotros."),
])
def test_this_hand_wins_the_game_before_saving(page: Page, live_server: str, shot: Shot,
                                               lang: str, words: str) -> None:
    game_url = start(page, live_server, target="1000")
    open_count(page, game_url, lang)
    summary = page.locator("#count-summary")
    page.check("input[name='sides[0].going_out'][value='normal']")
    field(page, "sides[0].canastas.mixed").fill("2")
    field(page, "sides[0].table_points").fill("300")
    field(page, "sides[0].hand_points").fill("20")
    # 600 + 100 + 300 - 20 = 980: short of 1,000, nothing said.
    expect(summary).to_contain_text("+980")
    expect(summary.locator(".summary-wins")).to_have_count(0)
    field(page, "sides[0].table_points").fill("355")
    expect(summary.locator(".summary-wins")).to_have_text(words)
    shot(page, f"short-count-wins-{lang}")
    page.locator(".count-actions .button-primary").click()
    page.wait_for_url(game_url)
    expect(page.locator("#result-title")).to_have_text("Nosotros")


def test_no_message_while_a_number_is_being_typed(page: Page, live_server: str) -> None:
    game_url = start(page, live_server)
    open_count(page, game_url)
    slot = page.locator("#err-sides-1-table_points")
    box = field(page, "sides[1].table_points")
    chip = page.locator(".summary-side").nth(1)
    page.check("input[name='sides[0].going_out'][value='normal']")
    field(page, "sides[0].canastas.natural").fill("1")
    field(page, "sides[0].table_points").fill("100")
    expect(page.locator("#count-summary")).to_contain_text("+700")
    box.click()
    page.keyboard.type("3")
    # The live count has answered for "3": it waits for the number, and so does the message.
    expect(page.locator("#count-summary")).to_contain_text(
        "The count shows when the number is complete.")
    expect(slot).to_have_text("")
    expect(page.locator(".summary-problem")).to_have_count(0)
    expect(box).not_to_have_attribute("aria-invalid", "true")
    page.keyboard.type("5")
    expect(chip).to_contain_text("+35")
    expect(slot).to_have_text("")
    # A number that is wrong shows its message once the field is left.
    page.keyboard.press("Backspace")
    page.keyboard.type("7")
    page.keyboard.press("Tab")
    expect(slot).to_have_text("Points always come in multiples of 5.")
    expect(box).to_have_attribute("aria-invalid", "true")
    assert page.errors == []  # type: ignore[attr-defined]


def test_long_names_keep_the_boxes_in_line_at_360(page: Page, live_server: str,
                                                  shot: Shot) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    game_url = start(page, live_server,
                     names=("Los Invencibles de la Calle Mayor", "Ellos"))
    tops = page.evaluate("[...document.querySelectorAll('.side-total, .side-minimum')]"
                         ".map(e => Math.round(e.getBoundingClientRect().top))")
    # Totals on one line, opening minimums on another, whatever the names.
    assert tops[0] == tops[2] and tops[1] == tops[3], tops
    assert page_width(page) <= 360
    shot(page, "short-count-long-names-board")
    open_count(page, game_url)
    chips = page.locator(".summary-side")
    boxes = [chips.nth(i).bounding_box() for i in range(2)]
    assert boxes[0] and boxes[1]
    assert boxes[0]["y"] == boxes[1]["y"] and boxes[0]["height"] == boxes[1]["height"]
    assert boxes[1]["x"] + boxes[1]["width"] <= 360
    assert page_width(page) <= 360
    shot(page, "short-count-long-names-count")


# JavaScript off: its pages cannot be watched for the calendar (conftest.py), so both dates.
@pytest.mark.both_dates
def test_without_javascript_the_bar_promises_no_live_count(browser: Browser, live_server: str,
                                                           shot: Shot) -> None:
    page = count_without_script(browser, live_server, 360, 740)
    hint = page.locator(".summary-hint")
    expect(hint).to_have_text(re.compile(r"press “Check the count”"))
    expect(page.get_by_text("The count shows here as you type.")).to_be_hidden()
    # The side switch is a plain link; "More" is a plain <details>.
    page.locator(".summary-side").nth(1).click()
    expect(page).to_have_url(re.compile("#side-1$"))
    page.locator("#side-0 details.count-more > summary").click()
    page.locator("[name='sides[0].penalties.acaba']").fill("1")
    page.check("input[name='sides[0].going_out'][value='normal']")
    page.locator("[name='sides[0].canastas.natural']").fill("1")
    page.locator("[name='sides[0].table_points']").fill("102")
    page.get_by_role("button", name="Check the count").click()
    # Re-drawn with a message, "More" comes back open (it holds a value) and the points'
    # message sits by its field.
    expect(page.locator("#side-0 details.count-more")).to_have_attribute("open", "")
    expect(page.locator("#err-sides-0-table_points")).to_have_text(
        "Points always come in multiples of 5.")
    shot(page, "short-count-nojs")
    page.context.close()


def test_taps_for_the_worked_hand_of_003(page: Page, live_server: str, shot: Shot) -> None:
    """003's worked hand with typed totals, counted in taps.

    A tap is a click the test makes (each ``click()`` below is one finger on the screen) or a
    move of the focus to the next field that no click made (the phone keyboard's "next" key,
    Tab here): the page counts those focus moves itself. Typing the digits is not counted.
    """
    game_url = start(page, live_server)
    open_count(page, game_url)
    page.evaluate("""() => {
        window.taps = 0;
        let byPointer = false;
        addEventListener('pointerdown', () => { byPointer = true; }, true);
        addEventListener('click', () => { byPointer = false; }, true);
        addEventListener('focusin', () => { if (!byPointer) window.taps += 1; }, true);
    }""")
    clicks = 0

    def tap(locator) -> None:
        nonlocal clicks
        locator.click()
        clicks += 1

    # North-South (Nosotros) went out: two mixed canastas, 355 on the table, 20 in hand.
    def side(counted: str, how_many: str, table: str, hand: str) -> None:
        """Tap the side's ``counted`` field and type ``how_many``, tap its table points and
        type them, then Tab to its hand points."""
        tap(field(page, counted))
        page.keyboard.type(how_many)
        tap(field(page, counted.split(".")[0] + ".table_points"))
        page.keyboard.type(table)
        page.keyboard.press("Tab")
        page.keyboard.type(hand)

    tap(page.locator("label.choice", has=page.locator(
        "input[name='sides[0].going_out'][value='normal']")))
    side("sides[0].canastas.mixed", "2", "355", "20")
    # East-West (Ellos): the bar brings their side up; three red 3s, 280 on the table, 45.
    tap(page.locator(".summary-side").nth(1))
    side("sides[1].red_threes", "3", "280", "45")
    summary = page.locator("#count-summary")
    expect(summary).to_contain_text("+1,035")
    expect(summary).to_contain_text("+535")
    shot(page, "short-count-003-worked-hand")
    focus_moves = page.evaluate("window.taps")
    # The picture for the README (not part of the count): the first side, as a phone shows it.
    page.locator(".summary-side").first.click()
    page.wait_for_function("() => document.getElementById('sides-strip').scrollLeft === 0")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "count-screen", full_page=False)
    tap(page.locator(".count-actions .button-primary"))
    page.wait_for_url(game_url)
    expect(page.locator(".side-total")).to_have_text(["Score: 1,035", "Score: 535"])
    taps = clicks + focus_moves
    print(f"003's worked hand: {taps} taps ({clicks} clicks, {focus_moves} moves to the next"
          " field)")
    assert (clicks, focus_moves) == (7, 2)
    assert taps <= 10
