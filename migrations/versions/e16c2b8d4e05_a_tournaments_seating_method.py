"""A tournament's seating method: ``tournament.seating_method``

002's ``rotation`` (tournaments made before keep it), a ``mitchell`` movement or ``swiss``
rounds (``engine.movements``).

Revision ID: e16c2b8d4e05
Revises: e15b1a7c3d04
Create Date: 2026-11-26 21:10:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e16c2b8d4e05'
down_revision = 'e15b1a7c3d04'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('tournament', sa.Column('seating_method', sa.String(length=20),
                                          server_default='rotation', nullable=False))


def downgrade():
    op.drop_column('tournament', 'seating_method')
