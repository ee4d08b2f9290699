"""Store each way of going out's points once, in the rule copies' ``going_out_kinds``

Rule copies (``house_rules.data``, ``game.ruleset_data``, ``tournament.ruleset_data``) held the
going-out points twice: in ``going_out`` (points by id) and in ``going_out_kinds`` (each kind
with its points). The engine has always read ``going_out_kinds`` first when both are there, so
dropping ``going_out`` from a copy that has both changes no count. A copy with only
``going_out`` (none are known; the engine still reads that shape) is left as it is.

Down, ``going_out`` is written again from the kinds, as the older code wrote it.

Revision ID: e12f0e5a2d04
Revises: c4a8e2f1d905
Create Date: 2026-11-24 10:00:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e12f0e5a2d04'
down_revision = 'c4a8e2f1d905'
branch_labels = None
depends_on = None

#: (table, key column, key type, rule-copy column)
COPIES = (
    ('house_rules', 'id', sa.String, 'data'),
    ('game', 'id', sa.Integer, 'ruleset_data'),
    ('tournament', 'id', sa.String, 'ruleset_data'),
)


def _once(data):
    """The copy with its going-out points only in the kinds; ``None``: nothing to change."""
    if not isinstance(data, dict) or 'going_out' not in data:
        return None
    if not isinstance(data.get('going_out_kinds'), list):
        return None  # the old shape alone: the points are stored once already
    return {k: v for k, v in data.items() if k != 'going_out'}


def _twice(data):
    """The copy as the older code wrote it: ``going_out`` beside the kinds."""
    if not isinstance(data, dict) or 'going_out' in data:
        return None
    kinds = data.get('going_out_kinds')
    if not isinstance(kinds, list):
        return None
    points = {k['id']: k.get('points') for k in kinds
              if isinstance(k, dict) and isinstance(k.get('id'), str)}
    return {**data, 'going_out': points}


def _rewrite(change):
    bind = op.get_bind()
    for name, key, key_type, column in COPIES:
        table = sa.table(name, sa.column(key, key_type), sa.column(column, sa.JSON))
        rows = bind.execute(sa.select(table.c[key], table.c[column])).all()
        for row_key, data in rows:
            new = change(data)
            if new is not None:
                bind.execute(table.update().where(table.c[key] == row_key)
                             .values({column: new}))


def upgrade():
    _rewrite(_once)


def downgrade():
    _rewrite(_twice)
