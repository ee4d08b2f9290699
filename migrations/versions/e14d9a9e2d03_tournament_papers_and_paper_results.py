"""Tournament papers: language, prize places, victory points; paper results of tables

``tournament.language`` (its PDFs' language), ``tournament.prizes`` (places in the prize
list), ``tournament.standings_by`` and ``tournament.victory_scale`` (standings by victory
points, a setting beside 002's difference) and ``tournament_table.paper_totals`` (the final
totals the desk typed from a table's paper sheet).

Revision ID: e14d9a9e2d03
Revises: e13a5b7c2d01
Create Date: 2026-11-23 23:30:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e14d9a9e2d03'
down_revision = 'e13a5b7c2d01'
branch_labels = None
depends_on = None


# Plain ALTER TABLE, not batch mode: batch mode rebuilds a SQLite table by dropping it, and
# dropping ``tournament`` would cascade to its pairs and rounds (SQLite 3.35+ drops a column
# in place).


def upgrade():
    op.add_column('tournament', sa.Column('language', sa.String(length=8), server_default='en',
                                          nullable=False))
    op.add_column('tournament', sa.Column('prizes', sa.Integer(), server_default='3',
                                          nullable=False))
    op.add_column('tournament', sa.Column('standings_by', sa.String(length=20),
                                          server_default='difference', nullable=False))
    op.add_column('tournament', sa.Column('victory_scale', sa.JSON(), nullable=True))
    op.add_column('tournament_table', sa.Column('paper_totals', sa.JSON(), nullable=True))


def downgrade():
    op.drop_column('tournament_table', 'paper_totals')
    op.drop_column('tournament', 'victory_scale')
    op.drop_column('tournament', 'standings_by')
    op.drop_column('tournament', 'prizes')
    op.drop_column('tournament', 'language')
