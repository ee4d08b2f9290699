"""Each kind of logged change reads as its own sentence, in English and Spanish: the "Changes"
page, the two-phones notice and the sheet's list of changes say it (games/changes.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from flask import Flask

from scorekeeper.engine import find_ruleset
from scorekeeper.games.changes import SENTENCES, change_sentence
from scorekeeper.models.changes import ChangeKind
from scorekeeper.services.record import ChangeView

CLASSIC = find_ruleset("classic")


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
        assert change_sentence(logged(kind), CLASSIC) == said


def test_another_phones_change_says_so_and_an_undo_reads_as_itself(app: Flask) -> None:
    with app.test_request_context("/?lang=en"):
        assert (change_sentence(logged(ChangeKind.FIX), CLASSIC, other_phone=True)
                == "Hand 3 was corrected from another phone: +1,035 / +535")
        assert (change_sentence(logged(ChangeKind.UNDO), CLASSIC, other_phone=True)
                == "Undo (hand 3): +1,035 / +535")


def test_a_logged_change_is_read_back_as_its_kind(app: Flask) -> None:
    """The log keeps a kind as its text and gives back the kind: an undo read from the
    database is ``ChangeKind.UNDO`` itself, and a word that is no kind is refused before it
    reaches the table."""
    from sqlalchemy import select, text
    from sqlalchemy.exc import StatementError

    from scorekeeper.engine import find_ruleset
    from scorekeeper.extensions import db
    from scorekeeper.models.changes import GameChange
    from scorekeeper.services import games as games_service
    from scorekeeper.services import record

    with app.app_context():
        game = games_service.create_game(find_ruleset("classic"), target=5000, sides=[
            {"name": "Nosotros"}, {"name": "Ellos"}])
        record.add_hand(game.view_token, {"end": "went_out", "sides": [
            {"table_points": 200, "hand_points": 0, "canastas": {"natural": 1},
             "going_out": "normal"},
            {"table_points": 100, "hand_points": 30}]}, by="scorekeeper")
        record.undo(game.view_token, by="scorekeeper")
        db.session.commit()
        db.session.expire_all()
        kinds = db.session.scalars(select(GameChange.kind).order_by(GameChange.seq)).all()
        assert kinds == [ChangeKind.ADD, ChangeKind.UNDO]
        assert [type(k) for k in kinds] == [ChangeKind, ChangeKind]
        # The column holds the bare text, as before (no migration).
        stored = db.session.scalars(text("SELECT kind FROM game_change ORDER BY seq")).all()
        assert [(k, type(k)) for k in stored] == [("add", str), ("undo", str)]

        change = db.session.scalars(select(GameChange)).first()
        assert change is not None
        change.kind = "undid"  # type: ignore[assignment]
        with pytest.raises(StatementError, match="undid"):
            db.session.flush()
        db.session.rollback()


@pytest.mark.parametrize(("ruleset", "lang", "kind", "other_phone", "said"), [
    ("burraco", "it", ChangeKind.ADD, False, "Smazzata 3 salvata: +1.035 / +535"),
    ("burraco", "es", ChangeKind.UNDO, False, "Deshacer (smazzata 3): +1.035 / +535"),
    ("burraco", "en", ChangeKind.DELETE, True,
     "Smazzata 3 was removed from another phone: +1,035 / +535"),
    ("hand-and-foot", "en", ChangeKind.FIX, False, "Round 3 corrected: +1,035 / +535"),
    ("hand-and-foot", "it", ChangeKind.ADD, True,
     "Il giro 3 è stato salvato da un altro telefono: +1.035 / +535"),
    ("hand-and-foot", "pt", ChangeKind.REDO, False, "Refazer (rodada 3): +1.035 / +535"),
])
def test_a_change_names_the_hand_in_the_games_own_words(
        app: Flask, ruleset: str, lang: str, kind: ChangeKind, other_phone: bool,
        said: str) -> None:
    """Burraco's smazzata and Hand and Foot's round, as their count and board say them."""
    with app.test_request_context(f"/?lang={lang}"):
        assert change_sentence(logged(kind), find_ruleset(ruleset),
                               other_phone=other_phone) == said
