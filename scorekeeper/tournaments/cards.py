"""Table cards: the desk prints one card per table (A4, two a page: the table's number, the
tournament, a QR code and the short link ``/t/<token>``), and the card's link opens the
table's current game for the whole tournament, with the table's edit rights.

* ``GET /tournaments/<id>/table-cards``: the desk's list of cards, to print or replace one;
* ``GET /tournaments/<id>/table-cards.pdf`` (``?table=n``: that table's alone), desk only;
* ``POST /tournaments/<id>/table-cards/<n>/replace``: a new card for table ``n`` (the old
  link then refuses, saying it was replaced);
* ``GET /t/<token>``: the card's link. It remembers the card in the browser (that browser keeps
  the score of the table's games: ``access`` asks :func:`held_cards`) and goes to the
  game being played at the table; with none (the table is not seated in this game, or the
  tournament is over) it says so, and the page asks again by itself.

A table phone left on a game whose round the desk closed follows the card to the next game
(:func:`follow_url`, through the table clock's refresh).
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import Blueprint, Response, abort, current_app, render_template, request, session
from markupsafe import Markup

from .. import access
from ..access import guard, public
from ..extensions import htmx
from ..i18n import force_locale
from ..i18n import gettext as _
from ..models.table_cards import TableCard
from ..models.tournaments import Tournament
from ..network import public_url
from ..ratelimit import limit_token_failures, use_desk_render_budget
from ..services import desk
from ..services import table_cards as cards_service
from ..services.confirmed import asks_confirmation
from ..sheets.render import pdf_response
from ..web import render, see_other
from . import bp
from .desk_actions import form_request_key, form_seen_version
from .views import tournament_or_404

#: The card links' own blueprint: ``/t/<token>`` is short, outside ``/tournaments``.
links_bp = Blueprint("table_cards", __name__)

#: The session key of the cards this browser opened (their tokens, newest last).
SESSION_KEY = access.CARD_TOKENS
#: Cards one browser remembers: a phone that moved from table to table all night.
MAX_REMEMBERED = 20
#: Bump when the cards' printed look changes (browsers then fetch the PDF again).
LAYOUT_VERSION = "2"
#: Seconds between two looks of a card's page that waits for the table's next game.
WAIT_POLL = 10


#: The tokens of the cards this browser opened (what ``access`` reads, for the game editor).
held_cards = access.held_cards


def _remember(token: str) -> None:
    held = held_cards()
    if held and held[-1] == token:
        return
    session[SESSION_KEY] = [*(t for t in held if t != token), token][-MAX_REMEMBERED:]


def card_url(token: str) -> str:
    """The card's link, as printed."""
    return public_url("table_cards.open_card", token=token)


# -- the card's link -----------------------------------------------------------------------------


@links_bp.get("/t/<token>")
@limit_token_failures
@public("a table's card: the token in its path is checked and remembered")
def open_card(token: str) -> Response:
    """The table's current game (303), or a page saying why there is none."""
    opened = cards_service.open_card(token)
    if opened is None:
        abort(404)
    if opened.replaced:
        # Nothing more to follow with it: the browser forgets it (the new card is scanned).
        if token in held_cards():
            session[SESSION_KEY] = [t for t in held_cards() if t != token]
        response = render("tournaments/card_page.html", opened=opened, replaced=True)
        response.status_code = 410
        response.headers["Cache-Control"] = "no-store"
        return response
    _remember(token)
    if opened.game_id is not None:
        response = see_other("games.show", game_id=opened.game_id)
    else:
        response = render("tournaments/card_page.html", opened=opened, replaced=False,
                          poll=int(current_app.config.get("TABLE_CARD_POLL", WAIT_POLL)))
    response.headers["Cache-Control"] = "no-store"
    return response


def follow_url(game_pk: int) -> str | None:
    """Where a table phone on this tournament game goes next: the card's link, when the browser
    opened the card of the game's table and the desk has closed the game's round while the
    tournament goes on (``None`` otherwise)."""
    held = held_cards()
    if not held:
        return None
    from sqlalchemy import select

    from ..extensions import db
    from ..models.tournaments import Tournament, TournamentRound, TournamentTable

    row = db.session.execute(
        select(TournamentRound.finished_at, Tournament.finished_at)
        .join(Tournament, Tournament.id == TournamentRound.tournament_id)
        .join(TournamentTable, TournamentTable.round_id == TournamentRound.id)
        .where(TournamentTable.game_id == game_pk)
    ).first()
    if row is None or row[0] is None or row[1] is not None:
        return None
    token = cards_service.card_for_game(game_pk, held)
    return None if token is None else card_url(token)


def follow_block(game_pk: int) -> Markup:
    """The link to the table's next game, for the table clock (empty when there is none)."""
    url = follow_url(game_pk)
    if url is None:
        return Markup("")
    return Markup(render_template("tournaments/_card_follow.html", url=url))


def follow_now(response: Response, game_pk: int) -> Response:
    """The table clock's refresh answer, sending the page on to the next game when there is
    one (htmx follows ``HX-Redirect`` with a full page load)."""
    url = follow_url(game_pk) if htmx else None
    if url is not None:
        response.headers["HX-Redirect"] = url
    return response


# -- the desk: printing and replacing ------------------------------------------------------------


@bp.get("/<tournament_id>/table-cards")
@guard(access.tournament_desk)
def cards_page(tournament_id: str) -> Response:
    """The desk's table cards: print them all or one, replace one."""
    tournament = tournament_or_404(tournament_id)
    cards = cards_service.cards(tournament)
    replaced = request.args.get("replaced", type=int)
    response = render("tournaments/table_cards.html", tournament=tournament, cards=cards,
                      replaced=replaced)
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/<tournament_id>/table-cards.pdf")
@guard(access.tournament_desk)
def cards_pdf(tournament_id: str) -> Response:
    """Every table's card (or ``?table=n``'s), two to an A4 page, in the tournament's
    language. Desk only: a card keeps a table's score."""
    tournament = tournament_or_404(tournament_id)
    cards = cards_service.cards(tournament)
    answer = cards_pdf_answer(tournament, cards, request.args.get("table", type=int))
    if isinstance(answer, list):
        response = render("tournaments/table_cards.html", tournament=tournament,
                          cards=cards, replaced=None, unprintable=answer)
        response.status_code = 409
        return response
    return answer


def cards_pdf_answer(tournament: Tournament, cards: list[TableCard],
                     only: int | None) -> Response | list[int]:
    """The PDF of ``cards`` (``only``: that table's alone; 404 when it has none), or the
    numbers of the tables whose cards cannot be printed (made under another ``SECRET_KEY``:
    to be replaced first). The desk page and the API answer with it."""
    if only is not None:
        cards = [c for c in cards if c.number == only]
        if not cards:
            abort(404)
    printed = [(card.number, cards_service.card_token(card)) for card in cards]
    unprintable = [number for number, token in printed if token is None]
    if unprintable:
        return unprintable
    rows: list[dict[str, Any]] = [{"number": n, "url": card_url(str(t))} for n, t in printed]
    if asks_confirmation(tournament):
        from .confirming import confirm_url

        for row, card in zip(rows, cards, strict=True):
            row["confirm_url"] = confirm_url(str(cards_service.confirm_token(card)))
    key = ("table-cards", tournament.id, tournament.name, tournament.language,
           hashlib.sha256(repr(rows).encode()).hexdigest())

    def make_html() -> str:
        import segno

        for row in rows:
            for url, qr in (("url", "qr"), ("confirm_url", "confirm_qr")):
                if url in row:
                    row[qr] = Markup(segno.make(row[url], error="m").svg_inline(
                        scale=1, border=0, omitsize=True))
        with force_locale(tournament.language):
            return render_template("tournaments/pdf_table_cards.html",
                                   tournament=tournament, cards=rows)

    name = f"table-card-{only}.pdf" if only is not None else "table-cards.pdf"
    use_desk_render_budget()  # desk only: both callers checked the admin token
    response = pdf_response(key, make_html, version=LAYOUT_VERSION, paper="a4",
                            landscape=False, filename=name)
    response.headers["Cache-Control"] = "private, no-cache"
    return response


@bp.post("/<tournament_id>/table-cards/<int:table>/replace")
@guard(access.tournament_desk)
def replace_card(tournament_id: str, table: int) -> Response:
    """A new card for the table: its old link refuses from now on (the desk prints the new)."""
    # A refusal (a table never seated, the tournament over, a stale page or a second tap) is
    # answered by the desk's one handler (``views.refused``), as every desk action's is.
    cards_service.replace_card(tournament_id, table, by=desk.BY_DESK,
                               request_key=form_request_key(),
                               seen_version=form_seen_version())
    return see_other("tournaments.cards_page", tournament_id=tournament_id, replaced=table,
                     _anchor=f"card-{table}")


def card_state_words(opened: cards_service.CardOpened) -> str:
    """What a card's page says when it opens no game (in the request's language)."""
    if opened.state == cards_service.OVER:
        return str(_("The tournament is over. Thank you for playing!"))
    return str(_("Table %(n)d has no game in game %(game)d. This page opens the table's "
                 "next game by itself as soon as the desk seats it.", n=opened.number,
                 game=opened.game_number))


@links_bp.app_context_processor
def card_words() -> dict[str, Any]:
    """The card page's sentence maker."""
    return {"card_state_words": card_state_words}

