"""A club's season: tournament nights grouped in a series (``series``, ``series_night``)

Revision ID: e17a3c5d7f08
Revises: e17a3c9d1f07
Create Date: 2026-12-04 19:30:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e17a3c5d7f08'
down_revision = 'e17a3c9d1f07'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'series',
        sa.Column('id', sa.String(length=24), nullable=False),
        sa.Column('name', sa.String(length=120), nullable=False),
        sa.Column('admin_token_hash', sa.String(length=64), nullable=False),
        sa.Column('ranks_by', sa.String(length=20), nullable=True),
        sa.Column('best_of', sa.Integer(), nullable=True),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_series')),
    )
    op.create_table(
        'series_night',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('series_id', sa.String(length=24), nullable=False),
        sa.Column('tournament_id', sa.String(length=24), nullable=False),
        sa.Column('added_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['series_id'], ['series.id'],
                                name=op.f('fk_series_night_series_id_series'),
                                ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'],
                                name=op.f('fk_series_night_tournament_id_tournament'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_series_night')),
        sa.UniqueConstraint('series_id', 'tournament_id',
                            name=op.f('uq_series_night_series_id')),
    )
    with op.batch_alter_table('series_night', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_series_night_tournament_id'), ['tournament_id'],
                              unique=False)


def downgrade():
    with op.batch_alter_table('series_night', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_series_night_tournament_id'))
    op.drop_table('series_night')
    op.drop_table('series')
