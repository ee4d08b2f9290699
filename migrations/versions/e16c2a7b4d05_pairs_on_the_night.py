"""Pairs on the night: check-in, a late pair's first game, a substitute's name on a game

``tournament_pair.checked_in`` (the desk saw the pair arrive), ``tournament_pair.joined_round``
(a pair added after game 1 started plays from this game on; ``NULL``: from game 1) and
``tournament_table.substitutes`` (per side, the name of whoever replaced each player in this
game; ``NULL``: nobody was replaced).

Revision ID: e16c2a7b4d05
Revises: e16c2b8d4e05
Create Date: 2026-11-26 20:50:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e16c2a7b4d05'
down_revision = 'e16c2b8d4e05'
branch_labels = None
depends_on = None


# Plain ADD/DROP COLUMN, not a batch copy: on SQLite a batch copy drops and remakes
# tournament_pair, and the ON DELETE CASCADE of tournament_table would empty every round.
def upgrade():
    op.add_column('tournament_pair', sa.Column('checked_in', sa.Boolean(), nullable=False,
                                               server_default=sa.false()))
    op.add_column('tournament_pair', sa.Column('joined_round', sa.Integer(), nullable=True))
    op.add_column('tournament_table', sa.Column('substitutes', sa.JSON(), nullable=True))


def downgrade():
    op.drop_column('tournament_table', 'substitutes')
    op.drop_column('tournament_pair', 'joined_round')
    op.drop_column('tournament_pair', 'checked_in')
