"""Table cards: ``tournament_table_card``

One link per table of a tournament for the whole tournament (its hash and the salt it is
drawn from; a replaced card is kept, marked, so its link refuses clearly).

Revision ID: e16c4d2a9b05
Revises: e16c2a7b4d05
Create Date: 2026-11-26 20:40:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e16c4d2a9b05'
down_revision = 'e16c2a7b4d05'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'tournament_table_card',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('tournament_id', sa.String(length=24), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('salt', sa.String(length=32), nullable=False),
        sa.Column('made_at', sa.DateTime(), nullable=False),
        sa.Column('replaced_at', sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(['tournament_id'], ['tournament.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_tournament_table_card_token_hash', 'tournament_table_card',
                    ['token_hash'], unique=True)
    op.create_index('ix_tournament_table_card_table', 'tournament_table_card',
                    ['tournament_id', 'number'], unique=False)


def downgrade():
    op.drop_index('ix_tournament_table_card_table', table_name='tournament_table_card')
    op.drop_index('ix_tournament_table_card_token_hash', table_name='tournament_table_card')
    op.drop_table('tournament_table_card')
