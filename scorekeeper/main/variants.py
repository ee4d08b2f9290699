"""Finding a variant by name: a player types what their table calls the game ("samba",
"uruguaya", "bolivia", "dos barajas") and sees the presets it may be, in any language the app
speaks."""

from __future__ import annotations

import re
import unicodedata

from flask import current_app

from ..engine import PRESETS, RuleSet
from ..i18n import force_locale, gettext

#: What tables call a preset besides its names, from the variants' own sources
#: (``shared/VARIANTS.md``, "Sources"). Search keys, never shown: not translated.
SYNONYMS: dict[str, tuple[str, ...]] = {
    # [WIKI-CL] "Rules for original Canasta"
    "classic": ("original canasta", "canasta original"),
    # [BN-B] "Bolivian Canasta"; [BC] "(Uruguay, Bolivian)"
    "bolivia": ("bolivian canasta", "canasta boliviana"),
    # [BIC-BR], [RG-BR], [WKC-BR] "Brazilian Canasta": "brasilera" is the River Plate word
    # for it, "brasileira" the Portuguese.
    "brazilian": ("canasta brasilera", "brasilera", "canasta brasileña", "brasileira"),
    # [BN-J] "Joker Canasta", Cuban Canasta's close relative
    "cuban": ("joker canasta", "canasta joker"),
    # [P-CT] "Canastone"; [RG-I], [HSW-I] "Italian Canasta"
    "italian": ("canastone", "canasta italiana"),
    # [CLA] the Canasta League of America's rules, "National" style
    "american": ("national canasta", "canasta league of america", "cla"),
    # VARIANTS-2.md 11: [P-BR] "Buraco Aberto (open buraco)", "Buraco Fechado"; [JDR-S] "STBL";
    # the title's "Buraco / Canastra / Biriba"; [BP] "Buraco Brasileiro"
    "buraco": ("canastra", "buraco aberto", "buraco fechado", "stbl", "sem trinca bate limpo",
               "biriba", "buraco brasileiro", "buraco brasileño"),
    # VARIANTS-2.md 12: [MYB] "Burraco italiano"; [FIBUR-INT] "Burraco internazionale"
    "burraco": ("burraco italiano", "burraco internazionale", "fibur"),
    # VARIANTS-2.md 10: "Hand & Foot" ([TW]; [VEG]), "handnfoot" ([PACH]), "Triple Play Hand &
    # Foot" ([RG-HF]); the game in the players' other languages.
    "hand-and-foot": ("hand & foot", "hand n foot", "handnfoot", "triple play",
                      "mano y pie", "mao e pe", "mano e piede"),
}

#: Pack counts as players say them, for the finder ("dos barajas" is classic, not Samba).
_COUNTS = {2: ("2", "two", "dos", "dois", "due"), 3: ("3", "three", "tres", "tre"),
           5: ("5", "five", "cinco", "cinque")}
_PACKS = ("packs", "decks", "barajas", "mazos", "baralhos", "mazzi")


def fold(text: str) -> str:
    """``text`` compared without case or accents: "Canastón" and "canaston" are alike."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _plain(text: str) -> str:
    """Folded words separated by single spaces, punctuation dropped ("(canastone) three")."""
    return " ".join(re.findall(r"\w+", fold(text)))


def _pack_words(rs: RuleSet) -> list[str]:
    return [f"{count} {packs}" for n in sorted({f.packs for f in rs.formats})
            for count in _COUNTS.get(n, (str(n),)) for packs in _PACKS]


def _words_of(rs: RuleSet) -> str:
    """Everything a player may call the preset by: its id, its name and description in
    every language the app speaks, its sources' other names and its number of packs. One
    phrase per line, so a phrase never runs from one into the next."""
    words = [rs.id.replace("-", " "), rs.name, rs.description]
    for lang in current_app.config.get("LANGUAGES", ("en", "es")):
        with force_locale(lang):
            words += [gettext(rs.name), gettext(rs.description)]
    words += [*SYNONYMS.get(rs.id, ()), *_pack_words(rs)]
    return "\n".join(_plain(w) for w in words)


def _holds_phrase(words: str, phrase: str) -> bool:
    # From the start of a word, so "dos" is not found in "todos"; the last word may be cut
    # short ("urugua" while typing).
    return re.search(r"(?<!\w)" + re.escape(phrase), words) is not None


def find_variants(query: str) -> list[RuleSet]:
    """The presets that hold ``query`` as a phrase, in the registry's order; when none does,
    those that hold each of its words anywhere (all of them for an empty query).

    The phrase comes first because the words alone mislead: Samba says "tres barajas" and
    "dos canastas", so "dos barajas" would find it and not classic."""
    phrase = _plain(query)
    if not phrase:
        return list(PRESETS.values())
    words = {rs.id: _words_of(rs) for rs in PRESETS.values()}  # once per preset
    found = [rs for rs in PRESETS.values() if _holds_phrase(words[rs.id], phrase)]
    if found:
        return found
    wanted = phrase.split()
    return [rs for rs in PRESETS.values()
            if all(_holds_phrase(words[rs.id], w) for w in wanted)]
