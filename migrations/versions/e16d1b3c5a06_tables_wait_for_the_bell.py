"""Tables wait for the bell: ``tournament.tables_start``

``bell``: a table saves no hand (and the desk types no paper result) until the desk starts the
game's clock (002, "COMIENZO DEL JUEGO": play starts on the organization's order); ``seated``:
tables play as soon as they are seated (clubs without a clock). Tournaments made before this
revision get ``seated`` (the server default), so they keep working as they did; the app gives a
new tournament ``bell`` unless its organizer chooses otherwise.

Revision ID: e16d1b3c5a06
Revises: e16c4d2a9b05
Create Date: 2026-11-27 00:10:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e16d1b3c5a06'
down_revision = 'e16c4d2a9b05'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('tournament', sa.Column('tables_start', sa.String(length=12),
                                          server_default='seated', nullable=False))


def downgrade():
    # A plain DROP COLUMN (SQLite 3.35+ has it): a batch copy of ``tournament`` would drop the
    # old table, and with it, by cascade, every tournament's pairs and rounds.
    op.drop_column('tournament', 'tables_start')
