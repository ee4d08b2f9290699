"""Record every change to a game (the change log behind undo, redo and "Changes")

Each game gets a ``game_change`` row per change. Games kept before this have no record of how
their hands came to be, so each of their hands is recorded as it stands now, as if it had been
added in order (kind ``add``, by the scorekeeper, at the hand's own time): undo then takes the
hands back from the last one, as it did before. Request keys move from the hand to its change
(they were cut to 64 characters there; the change keeps up to 128 and refuses longer ones).

Revision ID: 7d3f1c9e2a61
Revises: 5c1e7a2b9d40
Create Date: 2026-11-23 21:00:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '7d3f1c9e2a61'
down_revision = '5c1e7a2b9d40'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'game_change',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('seq', sa.Integer(), nullable=False),
        sa.Column('kind', sa.String(length=16), nullable=False),
        sa.Column('hand', sa.Integer(), nullable=True),
        sa.Column('before', sa.JSON(), nullable=True),
        sa.Column('after', sa.JSON(), nullable=True),
        sa.Column('totals_before', sa.JSON(), nullable=False),
        sa.Column('totals_after', sa.JSON(), nullable=False),
        sa.Column('target', sa.Integer(), nullable=True),
        sa.Column('undone', sa.Boolean(), nullable=False),
        sa.Column('by', sa.String(length=16), nullable=False),
        sa.Column('request_key', sa.String(length=128), nullable=True),
        sa.Column('request_digest', sa.String(length=64), nullable=True),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('game_id', 'seq'),
    )
    op.create_index('ix_game_change_request_key', 'game_change', ['game_id', 'request_key'],
                    unique=True)

    bind = op.get_bind()
    hand = sa.table('hand', sa.column('game_id', sa.Integer), sa.column('number', sa.Integer),
                    sa.column('entry', sa.JSON), sa.column('result', sa.JSON),
                    sa.column('totals', sa.JSON), sa.column('request_key', sa.String),
                    sa.column('version', sa.Integer), sa.column('created_at', sa.DateTime))
    change = sa.table('game_change', *(sa.column(c.name, c.type) for c in (
        sa.Column('game_id', sa.Integer), sa.Column('seq', sa.Integer),
        sa.Column('kind', sa.String), sa.Column('hand', sa.Integer),
        sa.Column('before', sa.JSON), sa.Column('after', sa.JSON),
        sa.Column('totals_before', sa.JSON), sa.Column('totals_after', sa.JSON),
        sa.Column('undone', sa.Boolean), sa.Column('by', sa.String),
        sa.Column('request_key', sa.String), sa.Column('version', sa.Integer),
        sa.Column('at', sa.DateTime))))
    rows = bind.execute(sa.select(hand).order_by(hand.c.game_id, hand.c.number)).mappings()
    running: dict[int, list[int]] = {}
    batch = []
    for row in rows:
        totals = [int(t) for t in row['totals']]
        before = running.get(row['game_id'], [0] * len(totals))
        after = [b + t for b, t in zip(before, totals)]
        running[row['game_id']] = after
        batch.append({
            'game_id': row['game_id'], 'seq': row['number'], 'kind': 'add',
            'hand': row['number'], 'before': None,
            'after': {'entry': row['entry'], 'result': row['result'], 'totals': totals},
            'totals_before': before, 'totals_after': after, 'undone': False,
            'by': 'scorekeeper', 'request_key': row['request_key'],
            'version': row['version'], 'at': row['created_at'],
        })
    if batch:
        op.bulk_insert(change, batch)

    with op.batch_alter_table('hand') as batch_op:
        batch_op.drop_index('ix_hand_game_request_key')
        batch_op.drop_column('request_key')


def downgrade():
    with op.batch_alter_table('hand') as batch_op:
        batch_op.add_column(sa.Column('request_key', sa.String(length=64), nullable=True))
        batch_op.create_index('ix_hand_game_request_key', ['game_id', 'request_key'],
                              unique=True)
    op.drop_index('ix_game_change_request_key', table_name='game_change')
    op.drop_table('game_change')
