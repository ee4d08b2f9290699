"""Table cards: one link per table for the whole tournament, printed once, that opens the
table's current game with the table's edit rights (what each game's own edit link gives).

A card's token is drawn from a random salt with the app's secret key (HMAC), so the database
keeps only the salt and the token's hash: a copy of the database opens no table, and the desk
can still print its cards again. Changing the secret key (which signs every browser out too)
leaves printed cards working, since their hashes are stored, but their cards can no longer be
printed again: :func:`card_token` answers ``None`` and the desk replaces them.

Making the missing cards changes nothing of play (no version raised, nothing logged: a desk
page shown before stays valid); replacing one is a desk change, locked, checked and logged
through ``services.desk`` like the others.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from flask import current_app
from sqlalchemy import select

from ..extensions import db
from ..models.games import utcnow
from ..models.table_cards import TableCard
from ..models.tournaments import Tournament, TournamentRound, TournamentTable
from . import desk
from . import games as games_service
from . import tournaments as service
from .errors import TableNotFound, TournamentOver

#: Bytes of a card's token: 96 bits, 16 characters in its link (short enough to type from the
#: card, far too many to guess; failed guesses are rate-limited as every token's are).
TOKEN_BYTES = 12
#: The longest token :func:`find_card` looks up (a longer one cannot be a card's).
MAX_TOKEN = 32


def card_token(card: TableCard) -> str | None:
    """The card's token, drawn again from its salt; ``None`` when the app's secret key is not
    the one it was made with (the card still opens, but cannot be printed again)."""
    token = _draw(card.salt)
    return token if games_service.token_matches(token, card.token_hash) else None


def confirm_token(card: TableCard) -> str | None:
    """The token of the card's second link, the one the pair that does not keep score opens
    to confirm the table's results (``services.confirmations``); ``None`` as :func:`card_token`
    answers it."""
    if card_token(card) is None:
        return None
    return _draw(card.salt, CONFIRM)


#: What each of a card's two links is drawn for: keeping the table's score, or confirming
#: its results (a different token: neither link gives the other's rights).
SCORE, CONFIRM = b"table-card", b"table-confirm"


def _draw(salt: str, purpose: bytes = SCORE) -> str:
    key = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(key, purpose + b"\0" + salt.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode().rstrip("=")


def _new_card(tournament_id: str, number: int) -> TableCard:
    salt = secrets.token_hex(16)
    card = TableCard(tournament_id=tournament_id, number=number, salt=salt,
                     token_hash=games_service.hash_token(_draw(salt)),
                     confirm_hash=games_service.hash_token(_draw(salt, CONFIRM)),
                     made_at=utcnow())
    db.session.add(card)
    return card


def table_numbers(tournament: Tournament) -> list[int]:
    """Every table number the tournament seats, in the games played and as planned."""
    return sorted({n for seating in service.seatings(tournament) for n, _a, _b in seating.tables})


def _cards_of(tournament_id: str) -> dict[int, TableCard]:
    rows = db.session.execute(
        select(TableCard).where(TableCard.tournament_id == tournament_id,
                                TableCard.replaced_at.is_(None))
    ).scalars()
    return {card.number: card for card in rows}


def cards(tournament: Tournament) -> list[TableCard]:
    """Every table's card, by table number; the missing ones are made (under the desk's lock,
    so two desks printing at once make one card a table)."""
    numbers = table_numbers(tournament)
    have = _cards_of(tournament.id)
    if any(n not in have or (have[n].confirm_hash is None and confirm_token(have[n]))
           for n in numbers):
        desk.lock(tournament.id)
        have = _cards_of(tournament.id)
        for number in numbers:
            if number not in have:
                have[number] = _new_card(tournament.id, number)
        for card in have.values():
            # A card made before its second link existed gets it now (while the secret key
            # it was drawn with is still the app's; otherwise it is replaced first).
            if card.confirm_hash is None and (token := confirm_token(card)) is not None:
                card.confirm_hash = games_service.hash_token(token)
        db.session.flush()
    return [have[n] for n in numbers]


def replace_card(tournament_id: str, number: int, *, by: str, request_key: str | None = None,
                 seen_version: int | None = None) -> desk.DeskWritten:
    """The desk replaces table ``number``'s card: the old link refuses, a new one opens the
    table's games. Raises :class:`TableNotFound` (a table the tournament never seats),
    :class:`TournamentOver`, and what every desk operation raises."""
    begun = desk._begin(tournament_id, "card", number, request_key=request_key,
                        seen_version=seen_version)
    if begun.earlier is not None:
        return begun.earlier
    tournament = begun.tournament
    if number not in table_numbers(tournament):
        raise TableNotFound(number)
    if tournament.finished_at is not None:
        raise TournamentOver()
    now = utcnow()
    old = _cards_of(tournament.id).get(number)
    if old is not None:
        old.replaced_at = now
    _new_card(tournament.id, number)
    db.session.flush()
    change = desk._log(begun, "card", by=by, table=number)
    return desk.DeskWritten(tournament, change)


# -- opening a card ------------------------------------------------------------------------------

#: Where a card's table stands (:attr:`CardOpened.state`): its game is being played; it has
#: no game in the game being played (it waits for the next); the tournament is over.
PLAYING, WAITING, OVER = "playing", "waiting", "over"


@dataclass(frozen=True)
class CardOpened:
    """A card as its link opens it."""

    tournament: Tournament
    number: int
    #: The desk replaced this card: its link opens nothing any more.
    replaced: bool
    state: str
    #: The read-only token of the table's current game (``None`` unless :data:`PLAYING`).
    game_id: str | None = None
    #: The game being played (or the last one played), by number; 0 before any.
    game_number: int = 0


def find_card(token: str) -> TableCard | None:
    """The card whose token is ``token`` (replaced or not), or ``None``."""
    if not token or len(token) > MAX_TOKEN:
        return None
    return db.session.execute(
        select(TableCard).where(TableCard.token_hash == games_service.hash_token(token))
    ).scalar_one_or_none()


def find_confirm_card(token: str) -> TableCard | None:
    """The card whose second link's token is ``token`` (replaced or not), or ``None``."""
    if not token or len(token) > MAX_TOKEN:
        return None
    return db.session.execute(
        select(TableCard).where(TableCard.confirm_hash == games_service.hash_token(token))
    ).scalar_one_or_none()


def open_card(token: str) -> CardOpened | None:
    """What the card's link opens now, or ``None`` for a link that is no card's."""
    card = find_card(token)
    if card is None:
        return None
    tournament = service.find_tournament(card.tournament_id)
    if tournament is None:  # pragma: no cover - the card goes with its tournament
        return None
    replaced = card.replaced_at is not None
    last = tournament.rounds[-1].number if tournament.rounds else 0
    rnd = service.current_round(tournament)
    if tournament.finished_at is not None or rnd is None:
        return CardOpened(tournament, card.number, replaced, OVER, game_number=last)
    table = service.find_table(rnd, card.number)
    if table is None:
        return CardOpened(tournament, card.number, replaced, WAITING, game_number=rnd.number)
    return CardOpened(tournament, card.number, replaced, PLAYING, game_id=table.view_token,
                      game_number=rnd.number)


def card_for_game(game_pk: int, tokens: Iterable[str]) -> str | None:
    """Which of ``tokens`` (the cards a browser opened) is the current card of the table the
    game (by row id) is played at, if one is: that browser keeps the table's score."""
    hashes = {games_service.hash_token(t): t for t in tokens if t and len(t) <= MAX_TOKEN}
    if not hashes:
        return None
    found = db.session.execute(
        select(TableCard.token_hash)
        .join(TournamentRound, TournamentRound.tournament_id == TableCard.tournament_id)
        .join(TournamentTable, (TournamentTable.round_id == TournamentRound.id)
              & (TournamentTable.number == TableCard.number))
        .where(TournamentTable.game_id == game_pk, TableCard.replaced_at.is_(None),
               TableCard.token_hash.in_(list(hashes)))
    ).scalars().first()
    return None if found is None else hashes[found]
