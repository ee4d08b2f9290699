"""Results confirmed at the table (issue 43): in a tournament that asks for it
(``tournament.results_count``, ``services.confirmed``), a table's result counts once the other
pair confirms it on its own phone, or the desk does.

The other pair's credential is the table card's second link (``/c/<token>``, its own QR code
on the card, drawn from the card's salt for another purpose than the scorer's link): it opens
the table's results waiting for confirmation and nothing else (no count form, no edit rights).
A browser that keeps the table's score (it opened the scorer's link, or holds the game's edit
link) is refused: a pair does not confirm its own scoring.

A confirmation is a change to the tournament like the desk's: it goes through the desk's one
write sequence (``services.writing.write`` with the desk's ledger: the tournament's lock, the
request key; logged as ``confirm``, by ``opponents``, ``desk`` or ``api``), which locks the
table's game after the tournament (a tournament before its games, as every writer takes
them) and confirms the game's version the confirming phone was shown. A correction saved
meanwhile has raised it: the confirmation is refused (:class:`ResultChanged`) and the phone
shows the corrected result; a correction saved after raises it too, so the corrected result
waits for a confirmation again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..models.games import Game
from ..models.tournaments import Tournament, TournamentTable
from . import confirmed, desk, results, table_cards
from . import games as games_service
from . import tournaments as service
from .errors import (
    AlreadyConfirmed,
    ConfirmationNotAsked,
    ConfirmLinkNotFound,
    NothingToConfirm,
    OwnResult,
    ResultChanged,
    ResultNotReady,
    RoundNotFound,
    TableNotFound,
)
from .writing import Writing, write

#: Who confirmed a result (``TournamentTable.confirmed_by``, the change's ``by``): the other
#: pair on its phone; the desk and the API are ``desk.BY_DESK`` and ``desk.BY_API``.
BY_OPPONENTS = "opponents"


@dataclass(frozen=True)
class TableResult:
    """A table's result as the confirming phone and the desk show it."""

    game: int
    table: int
    pairs: tuple[str, str]
    numbers: tuple[int, int]
    totals: tuple[int, int]
    credits: tuple[int, int] | None
    hands: int
    #: The game's version shown: the one a confirmation names.
    version: int
    confirmed: bool
    confirmed_by: str | None
    #: Each hand's points, side by side, for the pair that confirms to check against its own
    #: sheet (QA, 2026-12-05: it was told to ask for a hand's correction, shown none).
    hand_points: tuple[tuple[int, ...], ...] = ()


def with_hands(result: TableResult, table: TournamentTable) -> TableResult:
    """``result`` with each hand the table played (not the empty hand a time call adds)."""
    played = [h for h in table.game.hands
              if not games_service.is_time_call({"entry": h.entry, "totals": h.totals})]
    return replace(result, hand_points=tuple(tuple(int(p) for p in h.totals) for h in played))


def results_of(tournament: Tournament, tables: list[TournamentTable]) -> list[TableResult]:
    """The results of ``tables`` as they stand (loaded rows), their endings read at once."""
    endings = results.table_endings(tournament, tables)
    return [result_of(tournament, t, endings[t.id].hands) for t in tables]


def result_of(tournament: Tournament, table: TournamentTable, hands: int) -> TableResult:
    """Table ``table``'s result as it stands (loaded rows); ``hands``: the hands played, as the
    standings count them (``results.TableEnding.hands``), not the empty hand the desk's close
    settles a game with (QA, 2026-12-05: "3 manos" for a game of two)."""
    view = service.table_view(tournament, table)
    return TableResult(table.round.number, table.number, (table.pair_a.name, table.pair_b.name),
                       (table.pair_a.number, table.pair_b.number), view.totals, view.credits,
                       hands, table.game.version, confirmed.is_confirmed(table),
                       table.confirmed_by if confirmed.is_confirmed(table) else None)


@dataclass(frozen=True)
class ConfirmPage:
    """What the other pair's link shows: the table's results over, waiting or confirmed."""

    tournament: Tournament
    number: int
    waiting: list[TableResult]
    confirmed: list[TableResult]
    #: The game the table plays now, still under way (``None``: none).
    playing: int | None
    #: The browser that opened the link keeps this table's score: it confirms nothing.
    own: bool = False


def waiting_results(tournament: Tournament) -> list[TableResult]:
    """Every result over that waits for confirmation, game by game and table by table (the
    desk's list: it confirms in the other pair's stead)."""
    return results_of(tournament, [t for rnd in tournament.rounds for t in rnd.tables
                                   if confirmed.waits(tournament, t)])


def open_link(token: str, scorer_tokens: Iterable[str] = ()) -> ConfirmPage:
    """The table's results, as its second link opens them (``scorer_tokens``: what the
    browser holds, to say when it is the table's scorer's). Raises
    :class:`ConfirmLinkNotFound` (no card's link, or a replaced card's) and
    :class:`ConfirmationNotAsked`."""
    card = table_cards.find_confirm_card(token)
    if card is None or card.replaced_at is not None:
        raise ConfirmLinkNotFound(token)
    tournament = service.find_tournament(card.tournament_id)
    if tournament is None:  # pragma: no cover - the card goes with its tournament
        raise ConfirmLinkNotFound(token)
    if not confirmed.asks_confirmation(tournament):
        raise ConfirmationNotAsked(tournament.id)
    waiting: list[TournamentTable] = []
    done: list[TournamentTable] = []
    playing: int | None = None
    held = list(scorer_tokens)
    own = False
    for rnd in tournament.rounds:
        table = service.find_table(rnd, card.number)
        if table is None:
            continue
        if held and not own and (confirmed.waits(tournament, table) or rnd.finished_at is None):
            own = _keeps_score(table.game, held)
        if confirmed.waits(tournament, table):
            waiting.append(table)
        elif confirmed.to_confirm(table) and confirmed.is_confirmed(table):
            done.append(table)
        elif not table.game.finished and rnd.finished_at is None:
            playing = rnd.number
    shown = [with_hands(r, t) for r, t in zip(results_of(tournament, waiting), waiting,
                                               strict=True)]
    return ConfirmPage(tournament, card.number, shown,
                       results_of(tournament, done[::-1]), playing, own)


def _confirm(w: Writing[Tournament], table: TournamentTable, seen_game_version: int | None,
             *, scorer_tokens: Iterable[str] = ()) -> desk.DeskEntry:
    """Confirm the table's result as its game stands under its lock (taken after the
    tournament's: a hand its scorer saves meanwhile is either seen here, its version, or
    waits until this confirmation is committed)."""
    tournament = w.row
    if not confirmed.asks_confirmation(tournament):
        raise ConfirmationNotAsked(tournament.id)
    game = w.games[table.game_id]
    if w.by == BY_OPPONENTS and _keeps_score(game, scorer_tokens):
        raise OwnResult(table.number)
    if table.paper_totals is not None or table.abandoned_by is not None:
        raise NothingToConfirm(table.number)
    if not game.finished:
        raise ResultNotReady(table.number)
    if table.confirmed_version == game.version:
        raise AlreadyConfirmed(table.number)
    if seen_game_version is not None and seen_game_version != game.version:
        raise ResultChanged(game.version)
    table.confirmed_version = game.version
    table.confirmed_by = w.by
    totals = service.table_totals(table)
    return desk.DeskEntry(round=table.round.number, table=table.number,
                          detail={"game_version": game.version, "totals": list(totals)})


def _keeps_score(game: Game, tokens: Iterable[str]) -> bool:
    """Whether one of ``tokens`` (what the confirming browser holds: the cards it opened, the
    game edit links it kept) keeps this game's score."""
    held = [t for t in tokens if t]
    if any(games_service.token_matches(t, game.edit_token_hash) for t in held):
        return True
    return table_cards.card_for_game(game.id, held) is not None


def confirm_at_table(token: str, game_number: int, seen_game_version: object, *,
                     scorer_tokens: Iterable[str] = (),
                     request_key: str | None = None) -> desk.DeskWritten:
    """The other pair confirms game ``game_number``'s result at the card's table, as it was
    shown at ``seen_game_version``.

    Raises :class:`ConfirmLinkNotFound`, :class:`ConfirmationNotAsked`, :class:`RoundNotFound`,
    :class:`TableNotFound` (the table has no game in it), :class:`OwnResult` (the browser keeps
    the table's score), :class:`NothingToConfirm`, :class:`ResultNotReady`,
    :class:`AlreadyConfirmed`, :class:`ResultChanged`, and the desk's key refusals.
    """
    card = table_cards.find_confirm_card(token)
    if card is None or card.replaced_at is not None:
        raise ConfirmLinkNotFound(token)
    seen = _version(seen_game_version)
    number = card.number

    def act(w: Writing[Tournament]) -> desk.DeskEntry:
        table = _table(w.row, game_number, number)
        return _confirm(w, table, seen, scorer_tokens=scorer_tokens)

    return write(desk.DESK, card.tournament_id, "confirm",
                 [number, game_number, seen, BY_OPPONENTS], act, by=BY_OPPONENTS,
                 request_key=request_key,
                 games=lambda t: [_table(t, game_number, number).game_id])


def confirm_by_desk(tournament_id: str, game_number: int, table_number: int, *, by: str,
                    seen_game_version: object = None, request_key: str | None = None,
                    seen_version: int | None = None) -> desk.DeskWritten:
    """The desk confirms (or, in the other pair's stead, overrides the wait for) game
    ``game_number``'s result at table ``table_number`` with its own rights; logged by ``by``.

    ``seen_game_version``: the game's version the desk was shown (``None``: whatever it is
    now). Raises what :func:`confirm_at_table` raises but for the link's and own-result
    refusals, and :class:`~.errors.TournamentChanged` for a stale desk page.
    """
    seen = _version(seen_game_version)

    def act(w: Writing[Tournament]) -> desk.DeskEntry:
        return _confirm(w, _table(w.row, game_number, table_number), seen)

    return write(desk.DESK, tournament_id, "confirm", [table_number, game_number, seen, by],
                 act, by=by, request_key=request_key, expected_version=seen_version,
                 games=lambda t: [_table(t, game_number, table_number).game_id])


def _table(tournament: Tournament, game_number: int, table_number: int) -> TournamentTable:
    rnd = service.get_round(tournament, game_number)
    if rnd is None:
        raise RoundNotFound(game_number)
    table = service.find_table(rnd, table_number)
    if table is None:
        raise TableNotFound(table_number)
    return table


def _version(raw: object) -> int | None:
    """The game version a form or a body sent (digits as text too); anything else is none,
    and the result is then confirmed as it stands."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str) and raw.strip().isdigit() and len(raw.strip()) < 12:
        return int(raw.strip())
    return None
