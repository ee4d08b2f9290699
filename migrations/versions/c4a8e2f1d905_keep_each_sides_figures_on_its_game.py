"""Keep each side's figures on its game (statistics read them instead of every hand)

``game.side_figures`` holds, per side, the hands counted, the points, the best hand and the
canastas entered; the write path keeps it up to date with every change. Games stored before
get theirs computed here from their hands, as ``services.games.side_figures`` does: a hand's
points for a side are its stored total, its canastas the counts entered for the side.

Revision ID: c4a8e2f1d905
Revises: b7d3e9f2a614
Create Date: 2026-11-23 22:05:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c4a8e2f1d905'
down_revision = 'b7d3e9f2a614'
branch_labels = None
depends_on = None


def _canastas(entry, position):
    sides = (entry or {}).get('sides') or []
    if position >= len(sides) or not isinstance(sides[position], dict):
        return 0
    counts = sides[position].get('canastas') or {}
    if not isinstance(counts, dict):
        return 0
    return sum(n for n in counts.values() if isinstance(n, int) and not isinstance(n, bool))


# Plain ALTER TABLE, not batch mode: batch mode rebuilds a SQLite table by dropping it, and
# dropping ``game`` would cascade to its sides, hands and changes.


def upgrade():
    op.add_column('game', sa.Column('side_figures', sa.JSON(), nullable=True))

    bind = op.get_bind()
    game = sa.table('game', sa.column('id', sa.Integer), sa.column('side_figures', sa.JSON))
    side = sa.table('side', sa.column('game_id', sa.Integer))
    hand = sa.table('hand', sa.column('game_id', sa.Integer), sa.column('number', sa.Integer),
                    sa.column('totals', sa.JSON), sa.column('entry', sa.JSON))
    sides_of = dict(bind.execute(
        sa.select(side.c.game_id, sa.func.count()).group_by(side.c.game_id)).all())
    hands_of = {}
    for row in bind.execute(sa.select(hand.c.game_id, hand.c.totals, hand.c.entry)
                            .order_by(hand.c.game_id, hand.c.number)).mappings():
        hands_of.setdefault(row['game_id'], []).append(row)
    for (game_id,) in bind.execute(sa.select(game.c.id)).all():
        hands = hands_of.get(game_id, [])
        figures = []
        for i in range(sides_of.get(game_id, 0)):
            totals = [int(h['totals'][i]) for h in hands if i < len(h['totals'])]
            figures.append({'hands': len(totals), 'points': sum(totals),
                            'best': max(totals) if totals else None,
                            'canastas': sum(_canastas(h['entry'], i) for h in hands)})
        bind.execute(game.update().where(game.c.id == game_id).values(side_figures=figures))


def downgrade():
    op.drop_column('game', 'side_figures')
