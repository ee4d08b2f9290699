"""The rules card's two columns are balanced by a column break chosen from the sections'
measured heights (``render.column_break``), not by WeasyPrint's own balancing, which lays the
content out again and again (2.5 s of the 2.7 s 002's card took)."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

import pytest

from scorekeeper.sheets import render

pytestmark = pytest.mark.no_database


def _words(pdf: bytes) -> list[tuple[float, float, str]]:
    """Each word of page 1 with its left and top (points) and its text."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "card.pdf"
        path.write_bytes(pdf)
        out = subprocess.run(["pdftotext", "-bbox", "-f", "1", "-l", "1", str(path), "-"],
                             capture_output=True, text=True, check=True).stdout
    return [(float(x), float(top), word) for x, top, word in
            re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">'
                       r"([^<]*)</word>", out)]


@pytest.fixture
def card_html(client, monkeypatch):
    """The HTML of a rules card as the renderer is given it."""
    seen: list[str] = []
    real = render.content_digest

    def keep(html: str, **kw: object) -> str:
        seen.append(html)
        return real(html, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(render, "content_digest", keep)
    # A card printed by an earlier test of this process would come from the cache, unbuilt.
    monkeypatch.setattr(render, "_digests", {})
    monkeypatch.setattr(render, "cache", render.PdfCache())

    def get(path: str) -> tuple[str, bytes]:
        pdf = client.get(path).data
        return seen[-1], pdf
    return get


def test_the_second_column_starts_at_the_top_with_the_section_chosen(app, card_html):
    html, pdf = card_html("/sheets/rules/torneo.pdf?lang=es&paper=letter")
    with app.app_context():
        css = render.column_break(html, [render._print_css(), render._page_css("letter", False)])
    # What WeasyPrint keeps of a laid-out page is private: were an upgrade to move it, the card
    # would fall back to CSS's own balancing (the same page, slower), and this says so.
    assert re.fullmatch(r"\.rc-grid \{ column-fill: auto; \} \.rc-grid > :nth-child\(\d+\) "
                        r"\{ break-before: column; \}", css), css
    words = _words(pdf)
    middle = 612 / 2
    top = next(t for x, t, w in words if w == "VALOR")  # the grid's first heading
    notes = next(t for x, t, w in words if w == "DONDE")  # the notes, below the grid
    right = [(t, w) for x, t, w in words if x > middle and top <= t < notes]
    left = [t for x, t, w in words if x < middle and top <= t < notes]
    # The second column starts level with the first, with a section's heading...
    assert min(right)[0] == pytest.approx(top, abs=1) and min(right)[1].isupper(), min(right)
    # ...and the two end less than a section apart (002's sections are 26 to 221 pt tall; all
    # in one column would leave the second empty or 500 pt short).
    assert abs(max(left) - max(t for t, _ in right)) < 100, (max(left), max(right))
