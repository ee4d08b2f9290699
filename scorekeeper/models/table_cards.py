"""A tournament table's card: one link for the whole tournament that opens the table's current
game, printed once (``services.table_cards``)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base
from .games import utcnow


class TableCard(Base):
    """The card of table ``number`` of a tournament.

    Its link's token is not stored: only its hash (found again when the card is opened) and
    the salt it is drawn from with the app's secret key (so the desk can print the card again
    without the database holding a working link). A replaced card keeps its row, marked
    ``replaced_at``, so its old link says it was replaced instead of "not found".
    """

    __tablename__ = "tournament_table_card"
    __table_args__ = (
        Index("ix_tournament_table_card_token_hash", "token_hash", unique=True),
        Index("ix_tournament_table_card_table", "tournament_id", "number"),
        Index("ix_tournament_table_card_confirm_hash", "confirm_hash", unique=True),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[str] = mapped_column(
        String(24), ForeignKey("tournament.id", ondelete="CASCADE")
    )
    #: The table's number (tables keep their numbers from game to game).
    number: Mapped[int]
    token_hash: Mapped[str] = mapped_column(String(64))
    salt: Mapped[str] = mapped_column(String(32))
    made_at: Mapped[datetime] = mapped_column(default=utcnow)
    #: When the desk replaced this card by a new one (its link then refuses).
    replaced_at: Mapped[datetime | None]
    #: The hash of the card's second link: the one the pair that does not keep score opens
    #: to confirm the table's results (``services.confirmations``), drawn from the same salt.
    #: ``None`` on a card made before it existed, until the cards are next listed.
    confirm_hash: Mapped[str | None] = mapped_column(String(64))
