"""Results confirmed at the table: ``tournament.results_count``, a table's confirmation, the
card's second link

``results_count``: ``saved`` (a table's result counts as soon as its scorer saves it; every
tournament made before this revision) or ``confirmed`` (it counts once the other pair confirms
it on its own phone, or the desk does). ``tournament_table.confirmed_version`` is the game's
version that was confirmed (a correction raises the version, so it waits again) and
``confirmed_by`` who confirmed it. ``tournament_table_card.confirm_hash`` is the hash of the
card's second link, the one the pair that does not keep score opens (drawn from the card's
salt like the first, filled in when the cards are next listed).

Revision ID: e17a3c9d1f07
Revises: e16d1b3c5a06
Create Date: 2026-12-04 19:30:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e17a3c9d1f07'
down_revision = 'e16d1b3c5a06'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('tournament', sa.Column('results_count', sa.String(length=12),
                                          server_default='saved', nullable=False))
    op.add_column('tournament_table', sa.Column('confirmed_version', sa.Integer(),
                                                nullable=True))
    op.add_column('tournament_table', sa.Column('confirmed_by', sa.String(length=12),
                                                nullable=True))
    op.add_column('tournament_table_card', sa.Column('confirm_hash', sa.String(length=64),
                                                     nullable=True))
    op.create_index('ix_tournament_table_card_confirm_hash', 'tournament_table_card',
                    ['confirm_hash'], unique=True)


def downgrade():
    # Plain DROP COLUMNs (SQLite 3.35+ has them): a batch copy of ``tournament`` would drop
    # the old table, and with it, by cascade, every tournament's pairs and rounds.
    op.drop_index('ix_tournament_table_card_confirm_hash', table_name='tournament_table_card')
    op.drop_column('tournament_table_card', 'confirm_hash')
    op.drop_column('tournament_table', 'confirmed_by')
    op.drop_column('tournament_table', 'confirmed_version')
    op.drop_column('tournament', 'results_count')
