"""A kept Brazilian game's sheet says what each side's first meld had to be (VARIANTS.md 4:
"7000–7995: the opening must be a canasta; ... 9000+: a natural canasta"), where the minimum
alone would print 0."""

from __future__ import annotations

import re

from sheet_helpers import page_count, pdf_text

from scorekeeper.engine import find_ruleset
from scorekeeper.extensions import db
from scorekeeper.services import games, record


def test_the_needed_to_open_column_names_the_condition(client):
    new = games.create_game(find_ruleset("brazilian"), starting_totals=[7000, 2000],
                            sides=[{"name": "Nosotros"}, {"name": "Ellos"}])
    # Nosotros go out with two natural canastas: 1,000 + 200 + 70 = 1,270, now at 8,270.
    record.add_hand(new.view_token, {"end": "went_out", "sides": [
        {"canastas": {"natural": 2}, "going_out": "normal", "table_points": 70},
        {"table_points": 20}]}, by="scorekeeper")
    record.add_hand(new.view_token, {"end": "stock_out", "sides": [
        {"table_points": 20}, {"table_points": 20}]}, by="scorekeeper")
    db.session.commit()
    res = client.get(f"/sheets/games/{new.view_token}.pdf?lang=en")
    assert res.status_code == 200 and page_count(res.data) == 1
    text = "\n".join(pdf_text(res.data))
    rows = {n: re.search(rf"^\s*{n}\s+(\S.*)$", text, re.M).group(1) for n in (1, 2)}
    # Hand 1: Nosotros from 7,000 needed a canasta (then its two natural canastas, 1,000);
    # Ellos from 2,000, 90. Hand 2: from 8,270, a canasta and 200.
    assert re.search(r"player 1\s+a canasta\s+1,000\s", rows[1]) and " 90 " in rows[1]
    # A need in words wraps in its narrow column: its first words print on the line above.
    assert re.search(r"^\s+200 and a\n\s*2\s+Ellos, player 1\s+canasta\s+20\s", text, re.M)
