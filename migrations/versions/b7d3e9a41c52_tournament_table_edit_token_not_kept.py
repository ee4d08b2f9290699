"""Tournament tables no longer keep their game's edit token in clear

``tournament_table.edit_token`` held each table's edit token as it is, a second copy of a
token whose SHA-256 the table's game already keeps (``game.edit_token_hash``, checked by every
edit). The clear copy is dropped, so the hashed one is the only one left: the organizer now gets
a table's link when it is made and can make a new one. ``link_made_at`` records that a table's
link was handed out; the tables existing now had theirs on the round page, so they get the time
of the upgrade.

Downgrading cannot bring the old tokens back: each table gets a new edit token (its game's hash
follows), so the older code shows working links, and links handed out before no longer work.

Revision ID: b7d3e9a41c52
Revises: 7d3f1c9e2a61
Create Date: 2026-11-23 20:40:00

"""
import hashlib
import secrets

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b7d3e9a41c52'
down_revision = '7d3f1c9e2a61'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tournament_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('link_made_at', sa.DateTime(), nullable=True))
    op.execute("UPDATE tournament_table SET link_made_at = CURRENT_TIMESTAMP")
    with op.batch_alter_table('tournament_table', schema=None) as batch_op:
        batch_op.drop_column('edit_token')


def downgrade():
    with op.batch_alter_table('tournament_table', schema=None) as batch_op:
        batch_op.add_column(sa.Column('edit_token', sa.String(length=64), nullable=True))
    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT id, game_id FROM tournament_table")).all()
    for table_id, game_id in rows:
        token = secrets.token_urlsafe(20)
        conn.execute(sa.text("UPDATE tournament_table SET edit_token = :t WHERE id = :id"),
                     {"t": token, "id": table_id})
        conn.execute(sa.text("UPDATE game SET edit_token_hash = :h WHERE id = :id"),
                     {"h": hashlib.sha256(token.encode()).hexdigest(), "id": game_id})
    with op.batch_alter_table('tournament_table', schema=None) as batch_op:
        batch_op.alter_column('edit_token', existing_type=sa.String(length=64), nullable=False)
        batch_op.drop_column('link_made_at')
