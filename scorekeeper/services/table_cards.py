"""Table cards: one link per table for the whole tournament, printed once, that opens the
table's current game with the table's edit rights (what each game's own edit link gives).

A card's token is drawn from a random salt with the app's secret key (HMAC), so the database
keeps only the salt and the token's hash: a copy of the database opens no table, and the desk
can still print its cards again. Changing the secret key (which signs every browser out too)
leaves printed cards working, since their hashes are stored, but their cards can no longer be
printed again: :func:`card_token` answers ``None`` and the desk replaces them.

The cards are made in the writes that seat tables (``services.card_tokens``): printing and
opening them only read. Replacing one is a desk change, locked, checked and logged through
the desk's write sequence like the others.
"""

from __future__ import annotations

import hmac
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import select

from ..extensions import db
from ..models.games import utcnow
from ..models.table_cards import TableCard
from ..models.tournaments import Tournament, TournamentRound, TournamentTable
from . import desk
from . import games as games_service
from . import tournaments as service
from .card_tokens import CONFIRM as CONFIRM  # re-exported: the cards' two purposes
from .card_tokens import SCORE as SCORE
from .card_tokens import TOKEN_BYTES as TOKEN_BYTES
from .card_tokens import card_token as card_token
from .card_tokens import cards_of, new_card
from .card_tokens import confirm_token as confirm_token
from .errors import TableNotFound, TournamentOver
from .writing import Writing, write

#: The longest token :func:`find_card` looks up (a longer one cannot be a card's).
MAX_TOKEN = 32


def cards(tournament: Tournament) -> list[TableCard]:
    """Every table's card, by table number (read only: the seating writes made them,
    ``card_tokens.make_cards``)."""
    have = cards_of(tournament.id)
    return [have[n] for n in service.table_numbers(tournament) if n in have]


def replace_card(tournament_id: str, number: int, *, by: str, request_key: str | None = None,
                 seen_version: int | None = None) -> desk.DeskWritten:
    """The desk replaces table ``number``'s card: the old link refuses, a new one opens the
    table's games. Raises :class:`TableNotFound` (a table the tournament never seats),
    :class:`TournamentOver`, and what every desk operation raises."""
    def act(w: Writing[Tournament]) -> desk.DeskEntry:
        tournament = w.row
        if number not in service.table_numbers(tournament):
            raise TableNotFound(number)
        if tournament.finished_at is not None:
            raise TournamentOver()
        old = cards_of(tournament.id).get(number)
        if old is not None:
            old.replaced_at = utcnow()
        new_card(tournament.id, number)
        db.session.flush()
        return desk.DeskEntry(table=number)

    return write(desk.DESK, tournament_id, "card", number, act, by=by, request_key=request_key,
                 expected_version=seen_version)


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
    found = db.session.execute(
        select(TableCard).where(TableCard.confirm_hash == games_service.hash_token(token))
    ).scalar_one_or_none()
    if found is not None:
        return found
    # A card made before its second link existed keeps no hash of it until a seating write
    # gives it one (``card_tokens.make_cards``); its link is drawn from its salt all the same,
    # so it is found by drawing it (only such cards, those of tournaments older than issue
    # 43: opening a link changes nothing).
    for card in db.session.execute(
        select(TableCard).where(TableCard.confirm_hash.is_(None))
    ).scalars():
        drawn = confirm_token(card)
        if drawn is not None and hmac.compare_digest(drawn, token):
            return card
    return None


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
