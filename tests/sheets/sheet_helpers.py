"""Helpers for the sheet tests: kept games made through the games service, PDF text and size."""

from __future__ import annotations

import shutil
import subprocess
from io import BytesIO
from typing import Any

from scorekeeper.engine import find_ruleset
from scorekeeper.extensions import db
from scorekeeper.services import games, record

#: Side 0 goes out with a natural canasta: 500 + 100 + 200 − 0 = 800. Side 1 lays a red 3 and
#: 90 in melds, holds 30: 100 + 90 − 30 = 160.
HAND_A: dict[str, Any] = {
    "end": "went_out",
    "sides": [
        {"going_out": "normal", "canastas": {"natural": 1}, "table_points": 200,
         "hand_points": 0},
        {"table_points": 90, "hand_points": 30, "red_threes": 1},
    ],
}
#: Side 1 goes out with a mixed canasta: 300 + 100 + 150 = 550. Side 0 melded 60, holds 45 and
#: pays the "Acaba" (1,500)? No: side 0 just 60 − 45 = 15.
HAND_B: dict[str, Any] = {
    "end": "went_out",
    "sides": [
        {"table_points": 60, "hand_points": 45},
        {"going_out": "normal", "canastas": {"mixed": 1}, "table_points": 150,
         "hand_points": 0},
    ],
}
HAND_A_TOTALS = (800, 160)
HAND_B_TOTALS = (15, 550)


def make_game(hands: int, *, language: str = "en", target: int | None = None,
              names: tuple[str, str] = ("Nosotros", "Ellos")) -> tuple[Any, str]:
    """A classic game with ``hands`` hands, A and B in turn; returns (game, view token)."""
    new = games.create_game(
        find_ruleset("classic"), players=4, target=target, language=language,
        sides=[{"name": names[0], "players": ["Ana", "Luis"]},
               {"name": names[1], "players": ["Marta", "Pablo"]}],
    )
    for i in range(hands):
        record.add_hand(new.view_token, HAND_A if i % 2 == 0 else HAND_B, by="scorekeeper")
    db.session.commit()
    return new.game, new.view_token


def pdf_text(pdf: bytes) -> list[str]:
    """Each page's text, by ``pdftotext -layout`` when installed, else pypdf."""
    if shutil.which("pdftotext"):
        out = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf,
                             capture_output=True, check=True).stdout.decode()
        return out.split("\f")[: page_count(pdf)]
    from pypdf import PdfReader

    return [page.extract_text() or "" for page in PdfReader(BytesIO(pdf)).pages]


def page_count(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(BytesIO(pdf)).pages)


def laid_out(html: str, *, paper: str, landscape: bool) -> list[tuple[int, int]]:
    """Each page's (width, height) in points, rounded, of ``html`` laid out as a printout
    (``render.lay_out``, which a PDF is then drawn from): a fit checked without drawing it."""
    from scorekeeper.sheets import render

    points_a_pixel = 0.75  # WeasyPrint's pages measure CSS pixels, 96 an inch; 72 points
    return [(round(page.width * points_a_pixel), round(page.height * points_a_pixel))
            for page in render.lay_out(html, paper=paper, landscape=landscape).pages]


def page_sizes(pdf: bytes) -> list[tuple[int, int]]:
    """Each page's (width, height) in points, rounded."""
    from pypdf import PdfReader

    return [(round(float(p.mediabox.width)), round(float(p.mediabox.height)))
            for p in PdfReader(BytesIO(pdf)).pages]
