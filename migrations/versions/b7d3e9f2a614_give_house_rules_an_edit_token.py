"""Give house rules an edit token

House rules now have an owner, as games do: changing or deleting them needs their edit token,
stored hashed. Rules stored before have no token anyone knows: each gets a random hash, so they
stay readable and usable in new games but read-only until ``flask house-rules-link <id>``
prints a fresh edit link for them.

Revision ID: b7d3e9f2a614
Revises: b7d3e9a41c52
Create Date: 2026-11-23 20:50:00

"""
import secrets

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b7d3e9f2a614'
down_revision = 'b7d3e9a41c52'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('house_rules', schema=None) as batch_op:
        batch_op.add_column(sa.Column('edit_token_hash', sa.String(length=64), nullable=True))
    house_rules = sa.table('house_rules', sa.column('id', sa.String),
                           sa.column('edit_token_hash', sa.String))
    conn = op.get_bind()
    for (house_id,) in conn.execute(sa.select(house_rules.c.id)).all():
        # A hash no token has (64 random hex digits): nobody owns the rules until a new link.
        conn.execute(house_rules.update().where(house_rules.c.id == house_id)
                     .values(edit_token_hash=secrets.token_hex(32)))
    with op.batch_alter_table('house_rules', schema=None) as batch_op:
        batch_op.alter_column('edit_token_hash', existing_type=sa.String(length=64),
                              nullable=False)
        batch_op.create_unique_constraint(batch_op.f('uq_house_rules_edit_token_hash'),
                                          ['edit_token_hash'])


def downgrade():
    with op.batch_alter_table('house_rules', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_house_rules_edit_token_hash'), type_='unique')
        batch_op.drop_column('edit_token_hash')
