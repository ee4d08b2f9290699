"""results.csv in every spreadsheet (issue 41): no cell a spreadsheet reads starts a formula,
whether it splits on ``,`` or on ``;``, honours the quotes (the csv module) or ignores them (a
plain split); every text is quoted and every number is a number; Spanish, Portuguese and
Italian files are split on ``;`` with their header row in their language."""

from __future__ import annotations

import csv
import io
import re
import unicodedata

import pytest
from tournament_helpers import admin, create, links, post_hand, stock_out

from scorekeeper.tournaments.results_csv import COLUMNS, cell_text

#: The columns of these files' nights, ranked on the difference (no victory points).
DIFFERENCE_COLUMNS = tuple(c for c in COLUMNS if c != "victory_points")

#: The names of issue 41's attack, the fullwidth ``＝``, ``@``, a tab, and pieces a reader
#: splitting on the file's other separator would start a cell with.
HOSTILE = [
    {"name": "Golondrinas;=cmd|' /C calc'!A0+0", "players": ["5;Concha", "Ñandú"]},
    {"name": "＝1+1", "players": ["@SUM(A1:A9)", "\t=2+3"]},
    {"name": "@Montgomery", "players": ["Rosa, =1+1", "Luz;\"+HYPERLINK(1)\""]},
    {"name": "\t-2+3", "players": ["a,＠b", "x; －1"]},
]

FORMULA = ("=", "+", "-", "@")
NUMBER = re.compile(r"-?[0-9]+")


def starts_formula(cell: str) -> bool:
    """What a spreadsheet could read as a formula: a cell starting with a tab or a CR, or past
    white space and quotes with ``= + - @`` (their fullwidth forms too) and not a number."""
    if cell[:1] in ("\t", "\r"):
        return True
    rest = cell.lstrip().lstrip('"').lstrip()
    if NUMBER.fullmatch(rest.rstrip('"')):
        return False
    return rest[:1] != "" and unicodedata.normalize("NFKC", rest[0]).startswith(FORMULA)


def readings(text: str) -> dict[str, list[list[str]]]:
    """Every way a spreadsheet may cut the file into cells."""
    lines = re.split(r"\r\n|\r|\n", text)
    return {
        "split ,": [line.split(",") for line in lines],
        "split ;": [line.split(";") for line in lines],
        "csv ,": list(csv.reader(io.StringIO(text, newline=""), delimiter=",")),
        "csv ;": list(csv.reader(io.StringIO(text, newline=""), delimiter=";")),
    }


def hostile_file(client, language: str) -> str:
    """A finished game 1 with hostile names (a negative credit among its numbers)."""
    tid, token = create(client, 4, rounds=2, pairs=HOSTILE, language=language)
    assert post_hand(client, links(client, tid, token)[0], stock_out((300, 850))).status_code \
        == 201
    assert client.post(f"/api/v1/tournaments/{tid}/rounds/1/finish",
                       headers=admin(token)).status_code == 200
    res = client.get(f"/tournaments/{tid}/results.csv")
    assert res.status_code == 200
    api = client.get(f"/api/v1/tournaments/{tid}/results.csv", headers={"Accept-Language": "en"})
    assert api.get_data() == res.get_data()  # the tournament's language, whoever asks
    text = res.get_data().decode("utf-8")
    assert text.startswith("\ufeff")
    return text[1:]


@pytest.mark.parametrize("language", ["en", "es", "pt", "it"])
def test_no_reading_of_results_csv_starts_a_formula(client, language):
    text = hostile_file(client, language)
    for how, table in readings(text).items():
        bad = [cell for row in table for cell in row if starts_formula(cell)]
        assert bad == [], (language, how)
    # The issue's own cell is not there in any form.
    assert "\n=cmd" not in text and ";=cmd" not in text and ",=cmd" not in text


@pytest.mark.parametrize(("language", "separator", "first"), [
    ("en", ",", "record"), ("es", ";", "registro"), ("pt", ";", "registro"),
    ("it", ";", "registro")])
def test_results_csv_quotes_text_and_keeps_numbers(client, language, separator, first):
    text = hostile_file(client, language)
    # Read as the file's own spreadsheet does: an unquoted cell is a number, or the csv module
    # raises; a quoted one is text.
    rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=separator,
                           quoting=csv.QUOTE_NONNUMERIC))
    assert len(rows[0]) == len(DIFFERENCE_COLUMNS) and rows[0][0] == first
    assert all(isinstance(cell, str) for cell in rows[0])
    data = [dict(zip(DIFFERENCE_COLUMNS, row, strict=True)) for row in rows[1:]]
    games = [r for r in data if r["record"] == "game" and (r["game"], r["table"]) == (1, 1)]
    assert sorted(r["credit"] for r in games) == [-550.0, 550.0]
    assert all(isinstance(r["total"], float) for r in games)
    # The names come back as typed, a ' before each piece that would start a formula.
    names = {r["name"] for r in data if r["record"] == "standing"}
    assert names == {"Golondrinas;'=cmd|' /C calc'!A0+0", "'＝1+1", "'@Montgomery", "'-2+3"}
    players = {r["players"] for r in data if r["record"] == "standing"}
    assert "5;Concha / Ñandú" in players
    assert "Rosa,' =1+1 / Luz;'\"+HYPERLINK(1)\"" in players
    # The negative credit is written as a number, unquoted: no text to neutralise.
    assert re.search(rf"{re.escape(separator)}-550{re.escape(separator)}", text)
    assert "'-550" not in text


def test_the_header_row_is_in_the_files_language(client):
    es = hostile_file(client, "es").splitlines()[0]
    assert es.startswith('"registro";"partida";"mesa";"puesto";"pareja";"nombre"')
    en = hostile_file(client, "en").splitlines()[0]
    assert en == ",".join(f'"{c}"' for c in DIFFERENCE_COLUMNS)


@pytest.mark.parametrize(("typed", "cell"), [
    ("Golondrinas;=cmd|' /C calc'!A0+0", "Golondrinas;'=cmd|' /C calc'!A0+0"),
    ("＝1+1", "'＝1+1"), ("＋1", "'＋1"), ("－1", "'－1"), ("＠A1", "'＠A1"),
    ("\t=1", "'\t=1"), ("\r=1", "'\r'=1"), ("a\n@b", "a\n'@b"), ('a,"=1"', "a,'\"=1\""),
    ("a, +1", "a,' +1"), ("5;Concha", "5;Concha"), ("Ñandú", "Ñandú"), ("a-b=c", "a-b=c"),
])
def test_every_piece_that_would_start_a_formula_gets_a_quote(typed, cell):
    assert cell_text(typed) == cell
