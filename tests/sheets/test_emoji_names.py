"""A name typed with an emoji prints it: the sheet falls back on the system's emoji font
(fonts-noto-color-emoji, beside fonts-dejavu-core: deploy/README.md), as WeasyPrint finds fonts
through fontconfig (QA, 2026-12-05: "Los 🐯" printed as a box). A machine without that font
prints a box and nothing else goes wrong: the test skips there."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from sheet_helpers import make_game

EMOJI_FONT = "Noto Color Emoji"


def has_emoji_font() -> bool:
    if shutil.which("fc-list") is None:
        return False
    fonts = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True).stdout
    return EMOJI_FONT in fonts


@pytest.mark.skipif(shutil.which("pdffonts") is None or not has_emoji_font(),
                    reason="needs poppler's pdffonts and the Noto Color Emoji font")
def test_an_emoji_in_a_name_prints_with_the_emoji_font(client) -> None:
    _game, token = make_game(2, names=("Los 🐯", "Ellas 🃏♥"))
    pdf = client.get(f"/sheets/games/{token}.pdf").data
    fonts = subprocess.run(["pdffonts", "-"], input=pdf, capture_output=True,
                           check=True).stdout.decode()
    assert "Noto-Color-Emoji" in fonts, fonts
    text = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True,
                          check=True).stdout.decode()
    assert "Los 🐯" in text and "Ellas 🃏♥" in text
