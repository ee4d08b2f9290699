"""A game's own words for the count's refusals of its melds (``RuleSet.words``).

The checks (:mod:`..checks`) say "canastas" whatever the game; :func:`.scoring.in_own_words`
puts a game's msgid in place of each generic one it names here, so Burraco's refusals say
burrachi and Hand and Foot's books, in every language, with the same parameters. The generic
msgids are the checks' own, written out: ``tests/engine/test_own_words.py`` finds each among
the messages the catalogs extract, so one changed in the checks cannot be missed silently.
"""

from __future__ import annotations

#: What each refusal says, by a short name: the checks' msgid for it.
MELD_REFUSALS = {
    "least": "The canastas and black 3s on the table are worth at least %(least)d.",
    "cards": "Canastas made: %(count)d. They need at least %(cards)d cards on the table.",
    "wild": "Mixed and wild-card canastas need more wild cards on the table.",
    "hold": "The canastas made hold at least %(count)d of these cards.",
    "wild_packs": "The canastas need more jokers and 2s than %(packs)d packs hold (%(count)d).",
    "packs": "%(packs)d packs do not hold the cards for that many of these canastas.",
    "finished": "Going out needs finished canastas: %(needed)d; this side has %(have)d.",
    "natural": "Going out needs natural canastas: at least %(count)d.",
    "mixed": "Going out needs mixed canastas: at least %(count)d.",
    "wild_kind": "Going out needs wild-card canastas: at least %(count)d.",
}


def meld_refusals(**own: str) -> tuple[tuple[str, str], ...]:
    """``RuleSet.words`` pairs for the refusals named (keys of :data:`MELD_REFUSALS`), each
    with the game's msgid (marked ``N_`` where the preset writes it)."""
    return tuple((MELD_REFUSALS[name], msgid) for name, msgid in own.items())
