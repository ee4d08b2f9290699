"""Italian Canasta (VARIANTS.md 7) counted on a phone at 390x844: the premio for four natural
canastas and a mixed one follows the canastas; the other side's seven 2s earn no bonus."""

from __future__ import annotations

from playwright.sync_api import Page
from test_count_cuban import count_on_a_phone
from test_count_presets import Shot


def test_italian_on_a_phone(page: Page, live_server: str, shot: Shot) -> None:
    # Four natural canastas 2,000 + a mixed one 300 + the premio 1,000 + four red 3s 800 +
    # going out 300 + 330 on the table = 4,730. Side 2: two natural canastas 1,000 and seven
    # 2s (not out: their 140 only), 245 on the table, 15 in hand: 1,230. 4,730 needs 120
    # (3,000 to 4,995); 1,230 needs 50.
    # The canasta of seven 2s waits under side 2's More.
    count_on_a_phone(page, live_server, shot, "italian", went_out=0, more=[1], entries={
        "sides[0].canastas.natural": 4, "sides[0].canastas.mixed": 1,
        "sides[0].red_threes": 4, "sides[0].table_points": "330",
        "sides[1].canastas.natural": 2, "sides[1].canastas.wild_twos": 1,
        "sides[1].table_points": "245", "sides[1].hand_points": "15",
    }, lines={0: "Four natural canastas and a mixed one",
              1: "Wild-card canastas × 1: no bonus, the side did not go out"},
        points=["+4,730", "+1,230"], minimums=["120", "50"],
        more_hint="canastas of 2s or jokers")
