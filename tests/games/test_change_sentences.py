"""Each kind of logged change reads as its own sentence, in English and Spanish: the "Changes"
page, the two-phones notice and the sheet's list of changes say it (games/changes.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from flask import Flask

from scorekeeper.games.changes import SENTENCES, change_sentence
from scorekeeper.models.changes import ChangeKind
from scorekeeper.services.record import ChangeView


def logged(kind: ChangeKind, *, hand: int = 3) -> ChangeView:
    return ChangeView(seq=1, kind=kind, hand=hand, at=datetime(2026, 11, 27, tzinfo=UTC),
                      by="scorekeeper", totals_before=(500, 1200), totals_after=(1535, 1735),
                      undone=False, target=None, version=2, before=None, after=None)


def test_every_kind_of_change_has_its_sentence() -> None:
    assert set(SENTENCES) == set(ChangeKind)


@pytest.mark.parametrize(("lang", "kind", "said"), [
    ("en", ChangeKind.ADD, "Hand 3 saved: +1,035 / +535"),
    ("en", ChangeKind.FIX, "Hand 3 corrected: +1,035 / +535"),
    ("en", ChangeKind.DELETE, "Hand 3 removed: +1,035 / +535"),
    ("en", ChangeKind.UNDO, "Undo (hand 3): +1,035 / +535"),
    ("en", ChangeKind.REDO, "Redo (hand 3): +1,035 / +535"),
    ("en", ChangeKind.SETTLE, "Settled when time was up: +1,035 / +535"),
    ("en", ChangeKind.ABANDON, "The desk recorded an abandonment."),
    ("en", ChangeKind.UNABANDON, "The desk took back an abandonment."),
    ("es", ChangeKind.ADD, "Mano 3 guardada: +1.035 / +535"),
    ("es", ChangeKind.UNDO, "Deshacer (mano 3): +1.035 / +535"),
])
def test_a_change_reads_as_its_kind(app: Flask, lang: str, kind: ChangeKind, said: str) -> None:
    with app.test_request_context(f"/?lang={lang}"):
        assert change_sentence(logged(kind)) == said


def test_another_phones_change_says_so_and_an_undo_reads_as_itself(app: Flask) -> None:
    with app.test_request_context("/?lang=en"):
        assert (change_sentence(logged(ChangeKind.FIX), other_phone=True)
                == "Hand 3 was corrected from another phone: +1,035 / +535")
        assert (change_sentence(logged(ChangeKind.UNDO), other_phone=True)
                == "Undo (hand 3): +1,035 / +535")
