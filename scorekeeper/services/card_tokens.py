"""Table cards' rows: one per table number of a tournament, made in the write that seats the
tables (``services.seating.seat_round``, and game 1 seated again for the pairs of the night),
so that printing or opening a card only reads.

A card's token is drawn from a random salt with the app's secret key (HMAC), so the database
keeps only the salt and the token's hash: a copy of the database opens no table, and the desk
can still print its cards again (``services.table_cards``).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Iterable

from flask import current_app
from sqlalchemy import select

from ..extensions import db
from ..models.games import utcnow
from ..models.table_cards import TableCard
from .game_reads import hash_token, token_matches

#: Bytes of a card's token: 96 bits, 16 characters in its link (short enough to type from the
#: card, far too many to guess; failed guesses are rate-limited as every token's are).
TOKEN_BYTES = 12

#: What each of a card's two links is drawn for: keeping the table's score, or confirming
#: its results (a different token: neither link gives the other's rights).
SCORE, CONFIRM = b"table-card", b"table-confirm"


def draw(salt: str, purpose: bytes = SCORE) -> str:
    """The token drawn from ``salt`` for ``purpose`` with the app's secret key."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(key, purpose + b"\0" + salt.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode().rstrip("=")


def card_token(card: TableCard) -> str | None:
    """The card's token, drawn again from its salt; ``None`` when the app's secret key is not
    the one it was made with (the card still opens, but cannot be printed again)."""
    token = draw(card.salt)
    return token if token_matches(token, card.token_hash) else None


def confirm_token(card: TableCard) -> str | None:
    """The token of the card's second link, the one the pair that does not keep score opens
    to confirm the table's results (``services.confirmations``); ``None`` as :func:`card_token`
    answers it."""
    if card_token(card) is None:
        return None
    return draw(card.salt, CONFIRM)


def new_card(tournament_id: str, number: int) -> TableCard:
    """A new card for table ``number`` (added to the session)."""
    salt = secrets.token_hex(16)
    card = TableCard(tournament_id=tournament_id, number=number, salt=salt,
                     token_hash=hash_token(draw(salt)),
                     confirm_hash=hash_token(draw(salt, CONFIRM)), made_at=utcnow())
    db.session.add(card)
    return card


def cards_of(tournament_id: str) -> dict[int, TableCard]:
    """The tournament's current cards (not replaced), by table number."""
    rows = db.session.execute(
        select(TableCard).where(TableCard.tournament_id == tournament_id,
                                TableCard.replaced_at.is_(None))
    ).scalars()
    return {card.number: card for card in rows}


def make_cards(tournament_id: str, numbers: Iterable[int]) -> None:
    """Make the missing cards of tables ``numbers``; under the tournament's lock (a seating
    write holds it), so two writers never make two cards for one table."""
    have = cards_of(tournament_id)
    for number in sorted(set(numbers)):
        if number not in have:
            have[number] = new_card(tournament_id, number)
    for card in have.values():
        # A card made before its second link existed gets it now (while the secret key it
        # was drawn with is still the app's; otherwise it is replaced first).
        if card.confirm_hash is None and (token := confirm_token(card)) is not None:
            card.confirm_hash = hash_token(token)
    db.session.flush()
