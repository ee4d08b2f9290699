"""Finding a variant by name: a player types what their table calls the game ("samba",
"uruguaya", "bolivia") and sees the presets it may be, in either language."""

from __future__ import annotations

import unicodedata

from flask import current_app
from flask_babel import force_locale, gettext

from ..engine import PRESETS, RuleSet


def fold(text: str) -> str:
    """``text`` compared without case or accents: "Canastón" and "canaston" are alike."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _words_of(rs: RuleSet) -> str:
    """Everything a player may call the preset by: its id, its name and description in
    every language the app speaks."""
    words = [rs.id.replace("-", " "), rs.name, rs.description]
    for lang in current_app.config.get("LANGUAGES", ("en", "es")):
        with force_locale(lang):
            words += [gettext(rs.name), gettext(rs.description)]
    return fold(" ".join(words))


def find_variants(query: str) -> list[RuleSet]:
    """The presets whose words hold every word of ``query``, in the registry's order
    (all of them for an empty query)."""
    wanted = fold(query).split()
    if not wanted:
        return list(PRESETS.values())
    found = []
    for rs in PRESETS.values():
        words = _words_of(rs)  # once per preset, not once per word typed
        if all(w in words for w in wanted):
            found.append(rs)
    return found
