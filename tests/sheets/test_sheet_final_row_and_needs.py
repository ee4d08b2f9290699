"""What a finished sheet's reader takes in at a glance: the winner's mark beside the winner's
total, and a need in words (Brazilian from 7,000) whole in its narrow column (QA, 2026-12-05,
a Brazilian game in Portuguese: "10.640 VENCEDOR ... 11.225" read as the first side winning,
and "uma canastra" printed as "uma ca")."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.engine import find_ruleset
from scorekeeper.extensions import db
from scorekeeper.services import games, record
from scorekeeper.sheets import render, views


def brazilian_game(language: str) -> Any:
    """Brazilian Canasta resumed from paper at 7,000 and 9,800; the second side wins with the
    first hand (300 against 400): each side's need is in words."""
    new = games.create_game(
        find_ruleset("brazilian"), players=4, language=language, starting_totals=[7000, 9800],
        sides=[{"name": "Nós", "players": ["Ana", "Bruno"]},
               {"name": "Eles", "players": ["Carla", "Davi"]}])
    record.add_hand(new.view_token, {"end": "stock_out", "sides": [
        {"hand_total": 400}, {"hand_total": 300}]}, by="scorekeeper")
    db.session.commit()
    return games.find_game(new.view_token)


def cells(box: Any, wanted: str) -> list[Any]:
    """The laid-out table cells whose element has class ``wanted``."""
    found = []
    element = getattr(box, "element", None)
    if (type(box).__name__ == "TableCellBox" and element is not None
            and wanted in (element.get("class") or "").split()):
        found.append(box)
    for child in getattr(box, "children", []):
        found += cells(child, wanted)
    return found


def text_boxes(box: Any) -> list[Any]:
    if type(box).__name__ == "TextBox":
        return [box]
    return [t for child in getattr(box, "children", []) for t in text_boxes(child)]


@pytest.mark.parametrize("language", ["pt", "es", "en", "it"])
def test_a_need_in_words_stays_inside_its_cell_and_the_winner_mark_by_its_total(
        app: Any, language: str) -> None:
    with app.test_request_context():
        game = brazilian_game(language)
        html = views._sheet_html(views.game_sheet_model(game, language), language, "a4")
        page = render.lay_out(html, paper="a4", landscape=True).pages[0]
    needs = cells(page._page_box, "c-condition")
    assert len(needs) == 2, html  # one hand, a need in words for each side
    for cell in needs:
        right = cell.content_box_x() + cell.width
        words = text_boxes(cell)
        assert words and all(t.position_x + t.width <= right + 0.5 for t in words), (
            [t.text for t in words], right)
    # The winner's mark: in the last side's final row, against its own total's cell.
    labels = cells(page._page_box, "final-label")
    marked = [c for c in labels if text_boxes(c)]
    assert len(marked) == 1
    mark = text_boxes(marked[0])[-1]
    assert marked[0] is labels[1]
    assert mark.position_x + mark.width >= marked[0].content_box_x() + marked[0].width - 1
