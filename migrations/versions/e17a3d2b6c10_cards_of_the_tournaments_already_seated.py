"""Cards of the tournaments already seated: every table of a tournament not yet over gets its
card now, in the migration, instead of when its cards are first listed

Until this revision a table's card was made when the desk first listed or printed the cards
(a GET that wrote, under the desk's lock). Cards are now made by the writes that seat tables
(``services.seating``), so a tournament seated before this revision, and still being played,
gets here the cards of the tables it seats. Each card is drawn as ``services.card_tokens``
draws one: a random salt, its two links' tokens drawn from it with the app's secret key, only
their hashes stored. Written out here, not imported: a migration keeps doing what it did the
day it was written.

Revision ID: e17a3d2b6c10
Revises: e17a3c5d7f08
Create Date: 2026-12-05 00:00:00

"""
import base64
import hashlib
import hmac
import secrets
from datetime import datetime, timezone

import sqlalchemy as sa
from alembic import op
from flask import current_app

# revision identifiers, used by Alembic.
revision = 'e17a3d2b6c10'
down_revision = 'e17a3c5d7f08'
branch_labels = None
depends_on = None

TOKEN_BYTES = 12


def _hash(key: bytes, purpose: bytes, salt: str) -> str:
    digest = hmac.new(key, purpose + b"\0" + salt.encode(), hashlib.sha256).digest()
    token = base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode().rstrip("=")
    return hashlib.sha256(token.encode()).hexdigest()


def upgrade():
    bind = op.get_bind()
    missing = bind.execute(sa.text(
        "SELECT DISTINCT r.tournament_id, t.number FROM tournament_table t "
        "JOIN tournament_round r ON r.id = t.round_id "
        "JOIN tournament tr ON tr.id = r.tournament_id "
        "WHERE tr.finished_at IS NULL AND NOT EXISTS ("
        "  SELECT 1 FROM tournament_table_card c WHERE c.tournament_id = r.tournament_id "
        "  AND c.number = t.number AND c.replaced_at IS NULL)"
    )).all()
    if not missing:
        return
    key = str(current_app.config["SECRET_KEY"]).encode()
    # Naive UTC, as the models store their times.
    now = datetime.now(timezone.utc).replace(tzinfo=None)
    cards = sa.table("tournament_table_card", sa.column("tournament_id"), sa.column("number"),
                     sa.column("token_hash"), sa.column("salt"), sa.column("made_at"),
                     sa.column("confirm_hash"))
    rows = []
    for tournament_id, number in missing:
        salt = secrets.token_hex(16)
        rows.append({"tournament_id": tournament_id, "number": number, "salt": salt,
                     "token_hash": _hash(key, b"table-card", salt),
                     "confirm_hash": _hash(key, b"table-confirm", salt), "made_at": now})
    op.bulk_insert(cards, rows)


def downgrade():
    # The cards stay: the revision before this one lists them as its own (it made them when
    # they were first listed), and a printed card's link keeps working.
    pass
