"""Give each hand a version unique in its game

A hand now takes its game's version each time it is written, so a version sent back by a form
or an ``If-Match`` names one hand in one state even after the hands were renumbered. Hands
written before kept their own counters (1, 2, ...), which two hands of a game could share; this
gives each of them a distinct version above anything its game used, and moves the game's
version past them.

Revision ID: 5c1e7a2b9d40
Revises: 99512d0bb739
Create Date: 2026-11-23 15:10:00

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = '5c1e7a2b9d40'
down_revision = '99512d0bb739'
branch_labels = None
depends_on = None


def upgrade():
    op.execute(
        "UPDATE hand SET version = "
        "(SELECT game.version FROM game WHERE game.id = hand.game_id) + hand.number"
    )
    op.execute(
        "UPDATE game SET version = version + 1 + "
        "COALESCE((SELECT MAX(hand.number) FROM hand WHERE hand.game_id = game.id), 0)"
    )


def downgrade():
    # Versions only ever need to differ; the unique ones stay valid for the older code.
    pass
