"""Victory points for a bye: ``tournament.bye_victory_points``

The victory points a pair sitting out a game is credited in a tournament ranked by victory
points (``NULL``: the default of ``engine.victory``, so tournaments made before keep it).

Revision ID: e15b1a7c3d04
Revises: e14d9a9e2d03
Create Date: 2026-11-26 15:10:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e15b1a7c3d04'
down_revision = 'e14d9a9e2d03'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('tournament', sa.Column('bye_victory_points', sa.Integer(), nullable=True))


def downgrade():
    op.drop_column('tournament', 'bye_victory_points')
