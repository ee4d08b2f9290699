"""The game's flow (engine/flow.py) is the one reader of the opening minimum: a Hand and Foot
side at -50 going into round 4 needs the round's 150 (VARIANTS-2.md 10.6: "Round 1=50, 2=90,
3=120, 4=150") on the board, the rules card, the quick answer, the API and the sheet, never the
by-score table's 15 for a negative total; and no module but the flow reads that table."""

from __future__ import annotations

import ast
import re
from io import BytesIO
from pathlib import Path

from scorekeeper.engine import find_ruleset, flow

ROOT = Path(__file__).resolve().parent.parent
HF = find_ruleset("hand-and-foot")


def flat(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def pdf_text(pdf: bytes) -> str:
    from pypdf import PdfReader

    pages = PdfReader(BytesIO(pdf)).pages
    return re.sub(r"\s+", " ", " ".join(p.extract_text() or "" for p in pages))


def total_hand(first: int, second: int) -> dict[str, str]:
    """A hand typed as each side's score ("total only"), side 1 going out."""
    return {"mode": "total", "end": "went_out", "went_out": "1",
            "sides[0].hand_total": str(first), "sides[1].hand_total": str(second)}


def test_the_flow_answers_150_where_the_score_table_says_15() -> None:
    # The by-score table the rule set inherits from classic still holds 15 for a negative
    # total: only the flow knows the round overrides it.
    assert HF.opening_minimums.negative == 15
    need = flow.opening(HF, total=-50, round_=4)
    assert (need.minimum, need.round, need.row) == (150, 4, 3)
    assert flow.opening_rows(HF)[need.row].minimum == 150
    assert flow.score_rows(HF) == ()


def test_minus_50_in_round_4_is_150_on_every_page_card_sheet_and_answer(client) -> None:
    res = client.post("/games/new", data={
        "ruleset": "hand-and-foot", "players": "4", "shown_ruleset": "hand-and-foot",
        "side_0_name": "Us", "side_1_name": "Them"})
    assert res.status_code == 303, res.get_data(as_text=True)
    game_id = res.headers["Location"].rsplit("/", 1)[-1]
    for first, second in ((-50, 500), (0, 500), (0, 500)):
        res = client.post(f"/games/{game_id}/hands", data=total_hand(first, second))
        assert res.status_code == 303, flat(res.get_data(as_text=True))[-1500:]

    # The board: both sides, Us at -50, need round 4's 150.
    board = flat(client.get(f"/games/{game_id}").get_data(as_text=True))
    assert "Round 4 of 4" in board
    assert board.count("To open in round 4 150") == 2, board[:3000]
    assert "To open 15" not in board
    # The game's state in the API says the same.
    state = client.get(f"/api/v1/games/{game_id}").get_json()
    assert state["totals"][0] == -50
    assert (state["round"], state["opening_minimums"]) == (4, [150, 150])

    # The API's answer for that side.
    answer = client.get("/api/v1/opening-minimum?ruleset=hand-and-foot&score=-50&round=4")
    assert answer.status_code == 200
    assert (answer.get_json()["minimum"], answer.get_json()["round"]) == (150, 4)
    # The rule set as data: the rounds' table, and no by-score table to misread.
    data = client.get("/api/v1/rulesets/hand-and-foot").get_json()["opening_minimums"]
    assert data["by_round"][3] == {"round": 4, "minimum": 150}
    assert data["table"] == []

    # The quick answer and the rules card.
    quick = flat(client.get("/opening-minimum?ruleset=hand-and-foot&score=-50&round=4"
                            ).get_data(as_text=True))
    assert "First meld needs 150 card points in round 4" in quick
    card = flat(client.get("/rules/hand-and-foot").get_data(as_text=True))
    assert "Round 4 150" in card
    assert "Below 0" not in card and "By the round being played" in card

    # The kept game's sheet: round 4's row is not played yet, but its reminder gives 150 for
    # round 4, and no by-score row.
    sheet = pdf_text(client.get(f"/sheets/games/{game_id}.pdf").data)
    assert "Round 4 150" in sheet and "Rounds: 4" in sheet
    assert "Below 0" not in sheet
    # Each hand's row carries the minimum the side needed: Us at -50 after round 1 needed
    # round 2's 90 (not the negative row's 15).
    assert re.search(r"\b2 \S+, player 1 90\b", sheet), sheet[:2000]


#: Attributes that read the opening-minimum table of a rule set: by round, or by score
#: (:class:`.rule_types.OpeningMinimums` and its readers).
TABLE_READS = {"opening_by_round", "for_score", "condition_for", "band_index", "tiers"}

#: Modules that hold the table as data, never asking it for a minimum: the rule set's plain
#: form (read and written whole) and the house-rules form that edits its rows.
DATA_FORMS = {
    "scorekeeper/engine/ruleset_data.py",
    "scorekeeper/games/house_rules_form.py",
    "scorekeeper/games/house_rules.py",
}
FLOW = "scorekeeper/engine/flow.py"
#: The module that declares the table's type (its methods read its own rows).
TABLE_TYPE = "scorekeeper/engine/opening_types.py"


def table_reads(path: Path, root: Path = ROOT) -> list[str]:
    """Where ``path`` reads the table: ``.opening_by_round``, the by-score table's methods, or
    anything of ``….opening_minimums`` (a rule set's table; a game state's
    ``opening_minimums`` is a tuple of numbers, read whole)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.Attribute):
            continue
        into_table = (isinstance(node.value, ast.Attribute)
                      and node.value.attr == "opening_minimums")
        if node.attr in TABLE_READS or into_table:
            found.append(f"{path.relative_to(root)}:{node.lineno} .{node.attr}")
    return found


def test_no_module_but_the_flow_reads_the_opening_minimum_table() -> None:
    readers = []
    for path in sorted((ROOT / "scorekeeper").rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        if rel in DATA_FORMS or rel == FLOW or rel == TABLE_TYPE:
            continue
        readers += table_reads(path)
    assert readers == [], "ask engine/flow.py instead: " + ", ".join(readers)
    # The flow does read it: the walk sees reads where there are some.
    assert table_reads(ROOT / FLOW)


def test_the_walk_finds_a_reader_that_bypasses_the_flow(tmp_path: Path) -> None:
    # What the sheets and the API did before (by score only, 15 for Hand and Foot at -50).
    bypass = tmp_path / "bypass.py"
    bypass.write_text("def rows(rs):\n    return rs.opening_minimums.tiers()\n"
                      "def minimum(rs, total):\n    return rs.opening_minimums.negative\n")
    found = [r.split(" ", 1)[1] for r in table_reads(bypass, root=tmp_path)]
    assert sorted(found) == [".negative", ".tiers"]


def test_no_template_reads_the_opening_minimum_table() -> None:
    # A game state's ``opening_minimums`` is the flow's answer per side, not the table.
    pattern = re.compile(r"(?<!state)\.(opening_by_round|opening_minimums)\b")
    found = [f"{p.relative_to(ROOT)}:{m.group(0)}"
             for p in sorted((ROOT / "templates").rglob("*.html"))
             for m in pattern.finditer(p.read_text())]
    assert found == [], "templates ask the flow's globals (opening_rows…): " + ", ".join(found)
