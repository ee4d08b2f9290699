"""Names are printed as typed: the sheet's language may hyphenate its own narrow labels
("Mínimo de sa-lida"), never a name. Three sides on Letter make the side headings narrow
enough that long names wrap (they printed "Echeve-rría")."""

from __future__ import annotations

import subprocess

from scorekeeper.extensions import db
from scorekeeper.services import games
from scorekeeper.services.scoring import resolve_ruleset

NAME = "Concepción Montgomery Castellví Villalobos Echeverría"
PLAYERS = ["Encarnación Montgomery", "Bartolomé Quintanilla"]


def test_long_names_wrap_whole_words_never_hyphenated(app, client):
    new = games.create_game(resolve_ruleset("comodines"), players="6-pairs", language="es",
                            sides=[{"name": NAME, "players": PLAYERS}] * 3)
    db.session.commit()
    pdf = client.get(f"/sheets/games/{new.view_token}.pdf?paper=letter").data
    text = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True,
                          check=True).stdout.decode()
    words = set(" ".join([NAME, *PLAYERS]).split())
    lines = text.splitlines()
    # The names did wrap (the heading is narrower than they are)...
    assert any(line.strip() == "Concepción Montgomery Castellví Villalobos" for line in lines)
    # ...at spaces: no line ends in a hyphen ("‐", U+2010, as WeasyPrint sets it) after a
    # piece of a name's word.
    for line in lines:
        if line.endswith("\u2010"):
            piece = line.split()[-1].rstrip("\u2010")
            assert not any(w.startswith(piece) and w != piece for w in words), line
