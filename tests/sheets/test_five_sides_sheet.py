"""Hand and Foot's five players on paper (issue 42): eleven columns a side for five sides cut
the figures on a landscape page ("3,9" for 3,980), so from four sides a side's bonuses (books,
red 3s, going out, premios) share one column, the line under each hand still itemising them:
seven columns a side, as narrow as three sides' twelve."""

from __future__ import annotations

import re

from sheet_helpers import pdf_text

from scorekeeper.engine import count_hand, find_ruleset
from scorekeeper.services.games import result_to_rows
from scorekeeper.sheets.layout import KeptHand, columns_for, filled_sheet

HF = find_ruleset("hand-and-foot")
OUT = {"canastas": {"natural": 2, "mixed": 2, "wild": 1}, "table_points": 580,
       "hand_points": 0, "red_threes": 2, "going_out": "normal"}
BEHIND = {"canastas": {"natural": 1}, "table_points": 95, "hand_points": 185,
          "red_threes": 1, "red_threes_in_hand": 1}
SIDES = [OUT, BEHIND, {}, {"hand_points": 40}, {"table_points": 60}]


def test_five_sides_fold_their_bonuses_into_one_column() -> None:
    keys = [c.key for c in columns_for(HF, 5)]
    assert keys == ["minimum", "bonuses", "penalties", "table", "hand", "total", "running"]
    # Two to three sides keep a column for each.
    assert "canastas.wild" in [c.key for c in columns_for(HF, 3)]
    assert "bonuses" not in [c.key for c in columns_for(HF, 2)]
    _, result = count_hand(HF, {"players": 5, "end": "went_out", "sides": SIDES})
    fmt = HF.find_format(5)
    sheet = filled_sheet(
        HF, fmt, sides=(), translate=lambda t, p: t % p if p else t, target=HF.target,
        hands=[KeptHand(number=1, result=result_to_rows(result), totals=result.totals,
                        running=result.totals, minimums=(50,) * 5, dealer="", end="went_out")])
    cells = [dict(zip([c.key for c in sheet.columns], side, strict=True))
             for side in sheet.rows[0].cells]
    # Ann: books 1,000 + 600 + 1,500, red 3s 200, going out 100: 3,400 in one column.
    assert (cells[0]["bonuses"], cells[0]["table"], cells[0]["total"]) == (3400, 580, 3980)
    # Bob: a clean book 500, a red 3 laid 100; the red 3 in his foot is a penalty.
    assert (cells[1]["bonuses"], cells[1]["penalties"]) == (600, -100)
    assert cells[2]["bonuses"] is None
    # Every line is still itemised under the hand.
    assert "Wild book × 1" in [d.label for d in sheet.rows[0].details[0]]


def test_the_five_players_sheet_prints(client) -> None:
    res = client.get("/sheets/blank.pdf?ruleset=hand-and-foot&players=5&paper=a4")
    assert res.status_code == 200
    text = re.sub(r"\s+", " ", " ".join(pdf_text(res.data)))
    assert text.count("Bonuses") >= 5 and "Side 5" in text
