"""The desk's clock (start, pause, extend), a tournament version and the desk's change log

``tournament_round`` gets the clock: ``clock_started_at`` (empty: not started yet),
``clock_running_since`` (set while it runs), ``clock_used`` and ``clock_extra`` (seconds).
Rounds stored before ran from the moment they were seated, as the app then did: their clock
started and runs from ``started_at``. ``tournament`` gets a ``version`` (desk forms carry it)
and ``warn_minutes`` (the table phones' warning, 10 by default). ``tournament_change`` logs
every desk action.

Revision ID: e14c1d0c2d02
Revises: e12f0e5a2d04
Create Date: 2026-11-25 10:00:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e14c1d0c2d02'
down_revision = 'e12f0e5a2d04'
branch_labels = None
depends_on = None


# Plain ALTER TABLE, not batch mode: batch mode rebuilds a SQLite table by dropping it, and
# dropping ``tournament_round`` would cascade to its tables.


def upgrade():
    op.add_column('tournament', sa.Column('version', sa.Integer(), server_default='1',
                                          nullable=False))
    op.add_column('tournament', sa.Column('warn_minutes', sa.Integer(), server_default='10',
                                          nullable=False))
    op.add_column('tournament_round', sa.Column('clock_started_at', sa.DateTime(),
                                                nullable=True))
    op.add_column('tournament_round', sa.Column('clock_running_since', sa.DateTime(),
                                                nullable=True))
    op.add_column('tournament_round', sa.Column('clock_used', sa.Integer(), server_default='0',
                                                nullable=False))
    op.add_column('tournament_round', sa.Column('clock_extra', sa.Integer(),
                                                server_default='0', nullable=False))
    rnd = sa.table('tournament_round', sa.column('started_at', sa.DateTime),
                   sa.column('clock_started_at', sa.DateTime),
                   sa.column('clock_running_since', sa.DateTime))
    op.get_bind().execute(rnd.update().values(clock_started_at=rnd.c.started_at,
                                              clock_running_since=rnd.c.started_at))
    op.create_table(
        'tournament_change',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.String(length=24), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('round', sa.Integer(), nullable=True),
        sa.Column('pair', sa.Integer(), nullable=True),
        sa.Column('table', sa.Integer(), nullable=True),
        sa.Column('detail', sa.JSON(), nullable=True),
        sa.Column('by', sa.String(length=16), nullable=False),
        sa.Column('request_key', sa.String(length=128), nullable=True),
        sa.Column('request_digest', sa.String(length=64), nullable=True),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('tournament_id', 'seq'),
    )
    op.create_index('ix_tournament_change_request_key', 'tournament_change',
                    ['tournament_id', 'request_key'], unique=True)


def downgrade():
    op.drop_index('ix_tournament_change_request_key', table_name='tournament_change')
    op.drop_table('tournament_change')
    op.drop_column('tournament_round', 'clock_extra')
    op.drop_column('tournament_round', 'clock_used')
    op.drop_column('tournament_round', 'clock_running_since')
    op.drop_column('tournament_round', 'clock_started_at')
    op.drop_column('tournament', 'warn_minutes')
    op.drop_column('tournament', 'version')
