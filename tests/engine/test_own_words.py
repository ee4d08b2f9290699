"""A game's own words replace only messages the app says (engine/presets/own_words.py): each
generic msgid a preset's ``words`` names is one the catalogs extract, so a message changed in
the checks cannot leave a game's word unused without this failing."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper.engine import PRESETS, EntryErrors, count_hand, find_ruleset
from scorekeeper.engine.presets.own_words import MELD_REFUSALS

POT = Path(__file__).resolve().parents[2] / "translations" / "messages.pot"


def extracted() -> set[str]:
    with POT.open("rb") as f:
        return {part for m in read_po(f) if m.id
                for part in (m.id if isinstance(m.id, tuple) else (m.id,))}


def test_every_generic_message_is_the_apps() -> None:
    ids = extracted()
    assert set(MELD_REFUSALS.values()) <= ids
    for rs in PRESETS.values():
        for generic, own in rs.words:
            for msgid in (generic, own) if isinstance(generic, str) else (*generic, *own):
                assert msgid in ids, (rs.id, msgid)


@pytest.mark.parametrize(("ruleset", "said"), [
    ("burraco", "Going out needs burrachi: 1; this side has 0."),
    ("hand-and-foot", "Going out needs clean books: at least 2."),
    ("classic", "Going out needs finished canastas: 1; this side has 0."),
])
def test_the_engine_refuses_in_the_games_words(ruleset: str, said: str) -> None:
    with pytest.raises(EntryErrors) as info:
        count_hand(find_ruleset(ruleset), {"end": "went_out", "sides": [
            {"going_out": "normal", "table_points": 100}, {}]})
    assert said in [e.message for e in info.value.errors]
