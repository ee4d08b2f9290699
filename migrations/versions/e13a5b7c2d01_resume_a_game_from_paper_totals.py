"""Resume a game from a paper sheet: each side's total carried over

``game.starting_totals`` holds, per side, the total a paper sheet had reached when the game
was resumed here (``NULL`` for every game counted here from its first hand, so games stored
before need nothing).

Revision ID: e13a5b7c2d01
Revises: e14c1d0c2d02
Create Date: 2026-11-24 09:00:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e13a5b7c2d01'
down_revision = 'e14c1d0c2d02'
branch_labels = None
depends_on = None


# Plain ALTER TABLE, not batch mode: batch mode rebuilds a SQLite table by dropping it, and
# dropping ``game`` would cascade to its sides, hands and changes.


def upgrade():
    op.add_column('game', sa.Column('starting_totals', sa.JSON(), nullable=True))


def downgrade():
    op.drop_column('game', 'starting_totals')
