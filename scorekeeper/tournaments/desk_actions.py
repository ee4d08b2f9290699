"""The desk's actions on the control table and a round's page: the tables' edit links, closing
a round, the round's clock, abandonments and substitutions, each asked first where it says what
it will do (no script needed), each through ``services.desk``; a refusal shows the control
table again with its words by the action (``page_errors``). The pages themselves are
``tournaments.views``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, abort, request

from .. import access, page_errors
from ..access import guard
from ..engine import (
    N_,
    EntryErrors,
    FieldError,
)
from ..engine.numbers import whole
from ..i18n import gettext as _
from ..models.tournaments import Tournament
from ..services import desk
from ..services import pairs as night
from ..services import tournaments as service
from ..services.clock import (
    format_clock,
)
from ..web import render, see_other
from . import bp
from .views import page_context, round_or_404, round_response, tournament_or_404

# -- the desk's forms ---------------------------------------------------------------------------


def form_seen_version() -> int | None:
    """The tournament version the desk page was shown (``None``: a form that sends none)."""
    seen = whole(request.form.get("version", ""))
    return seen if seen is not None and seen >= 0 else None


def form_request_key() -> str | None:
    return request.form.get("request_key") or None


def _desk_write(tournament_id: str, operation: Callable[..., desk.DeskWritten],
                *args: Any) -> Response:
    """Do a desk operation as the desk (with the form's request key and the version its page
    was shown), then back to the tournament's page."""
    operation(tournament_id, *args, by=desk.BY_DESK, request_key=form_request_key(),
              seen_version=form_seen_version())
    return see_other("tournaments.show", tournament_id=tournament_id)


@bp.post("/<tournament_id>/rounds/<int:number>/links")
@guard(access.tournament_desk)
def round_links(tournament_id: str, number: int) -> Response:
    """Make the edit links of the round's tables and show them with their QR codes, once.

    ``which=missing`` makes them for the tables that have none yet; ``which=all`` replaces
    every table's link (the old ones stop working).
    """
    # The version the page was shown: the same form sent again (a reload of the links' page)
    # is refused as stale instead of replacing the links just printed or scanned.
    done = desk.round_links(tournament_id, number, by=desk.BY_DESK,
                            only_missing=request.form.get("which") != "all",
                            seen_version=form_seen_version())
    rnd = round_or_404(done.tournament, number)
    return round_response(done.tournament, rnd, done.links)


@bp.post("/<tournament_id>/rounds/<int:number>/tables/<int:table>/link")
@guard(access.tournament_desk)
def table_link(tournament_id: str, number: int, table: int) -> Response:
    """A new edit link for one table (its old one stops working), shown once with its QR."""
    done = desk.table_link(tournament_id, number, table, by=desk.BY_DESK,
                           seen_version=form_seen_version())
    return round_response(done.tournament, round_or_404(done.tournament, number), done.links)


def _confirmed() -> bool:
    return request.form.get("confirm") == "1"


def confirm_page(tournament: Tournament, action: str, **context: Any) -> Response:
    """The page that says what a desk action will do before it is done (no script needed:
    its button posts the same form again, confirmed, with the version and request key the
    desk's page was shown)."""
    return render("tournaments/confirm.html", tournament=tournament, action=action,
                  clock_text=format_clock, desk_version=request.form.get("version", ""),
                  desk_request_key=request.form.get("request_key", ""), **context)


@bp.post("/<tournament_id>/rounds/<int:number>/finish")
@guard(access.tournament_desk)
def finish_round(tournament_id: str, number: int) -> Response:
    """Close the round: unfinished games end on time, and the next round is seated.

    With time left or tables still playing, the desk is first shown what closing will do.
    """
    if not _confirmed():
        tournament = tournament_or_404(tournament_id)
        rnd = service.current_round(tournament)
        if rnd is not None and rnd.number == number:
            closing = service.closing_preview(tournament, rnd)
            if closing.needs_confirmation:
                return confirm_page(tournament, "finish", round=rnd, closing=closing)
    return _desk_write(tournament_id, desk.finish_round, number)


@bp.post("/<tournament_id>/rounds/<int:number>/clock/<action>")
@guard(access.tournament_desk)
def clock_action(tournament_id: str, number: int, action: str) -> Response:
    """Start, pause or extend the round's clock (``action``: start, pause, extend)."""
    ops = {"start": desk.start_clock, "pause": desk.pause_clock}
    if action == "start" and number == 1 and not _confirmed():
        # A desk checking the pairs in is asked before game 1 starts without some of them:
        # 002 withdraws a pair not there when game 1 starts (QA, 2026-12-05: the clock
        # started at once with pair 7 not checked in, and the check-in list was gone).
        tournament = tournament_or_404(tournament_id)
        absent = night.absent(tournament)
        if not night.started(tournament) and 0 < len(absent) < len(tournament.pairs):
            return confirm_page(tournament, "start_absent", absent=absent,
                                round=round_or_404(tournament, number))
    if action in ops:
        return _desk_write(tournament_id, ops[action], number)
    if action == "extend":
        # Read here: the desk refuses a number out of range, or none, by the field.
        return _desk_write(tournament_id, desk.extend_clock, number,
                           whole(request.form.get("minutes", "")))
    abort(404)


def _action_error(tournament: Tournament, message: str, field: str,
                  status: int = 422) -> Response:
    response = render("tournaments/show.html", admin_url=None,
                      action_errors={field: message}, **page_context(tournament))
    response.status_code = status
    return response


def _pair_number(field: str) -> int:
    """The pair the form names; a form naming none is answered "Choose a pair"."""
    pair = whole(request.form.get("pair", ""))
    if pair is None or pair < 0:
        raise desk.ActionRefused([FieldError(field, N_("Choose a pair."))])
    return pair


@bp.post("/<tournament_id>/abandon")
@guard(access.tournament_desk)
def abandon(tournament_id: str) -> Response:
    """Record that a pair abandoned its game: disqualified, the opponent credited.

    Refused for a game already finished; asked first, then done.
    """
    number = _pair_number("pair")
    if not _confirmed():
        tournament = tournament_or_404(tournament_id)
        pair, table = desk.abandon.preview(tournament, number)
        assert table is not None  # abandoning checks the pair's table: it has one or is refused
        return confirm_page(tournament, "abandon", pair=pair, table=table,
                             view=service.table_view(tournament, table))
    return _desk_write(tournament_id, desk.abandon, number)


@bp.post("/<tournament_id>/abandon/undo")
@guard(access.tournament_desk)
def undo_abandon(tournament_id: str) -> Response:
    """Take back an abandonment recorded in the round being played."""
    return _desk_write(tournament_id, desk.undo_abandon, _pair_number("pair"))


@bp.post("/<tournament_id>/substitute")
@guard(access.tournament_desk)
def substitute(tournament_id: str) -> Response:
    """Record that a player of a pair was replaced: the pair scores nothing. Asked first."""
    number = _pair_number("pair")
    if not _confirmed():
        tournament = tournament_or_404(tournament_id)
        pair, _ = desk.substitute.preview(tournament, number)
        return confirm_page(tournament, "substitute", pair=pair)
    return _desk_write(tournament_id, desk.substitute, number)


@bp.post("/<tournament_id>/substitute/undo")
@guard(access.tournament_desk)
def undo_substitute(tournament_id: str) -> Response:
    """Take back a substitution recorded by mistake."""
    return _desk_write(tournament_id, desk.undo_substitute, _pair_number("pair"))


#: Where a refused desk action's message goes on the control table, by endpoint.
_ERROR_PLACE = {
    "tournaments.abandon": "abandon",
    "tournaments.substitute": "substitute",
    "tournaments.undo_abandon": "undo",
    "tournaments.undo_substitute": "undo",
    "tournaments.desk_confirm": "confirm",
}


@page_errors.shown_again("tournaments")
def _shown_again(error: Exception, message: str, status: int) -> Response:
    """Where a refused desk action's words go (``page_errors``: the status is the refusal's
    kind's): the control table as it now stands, the message by the action, or by the field
    of a bad value (the minutes to add). Nothing was changed: its changes were dropped when it
    raised."""
    tournament_id = (request.view_args or {}).get("tournament_id", "")
    if isinstance(error, EntryErrors):
        first = error.errors[0] if error.errors else None
        return _action_error(tournament_or_404(tournament_id), message,
                             first.field if first is not None else "round", status)
    number = (request.view_args or {}).get("number")
    if request.endpoint in ("tournaments.round_links", "tournaments.table_link"):
        # The round's page with the words at its top: a reload of the links' answer lands
        # here (its form's version is stale), and the desk must see that nothing was made.
        tournament = tournament_or_404(tournament_id)
        response = round_response(tournament, round_or_404(tournament, int(number or 0)),
                                  refusal=message)
        response.status_code = status
        return response
    place = _ERROR_PLACE.get(request.endpoint or "", "round")
    if isinstance(error, desk.RoundClosed) and request.endpoint == "tournaments.finish_round":
        # Closing a round another desk (or a second tap) closed: it got there first (409).
        return _action_error(tournament_or_404(tournament_id), _(
            "Game %(n)d was already closed (by another desk, or a second tap): this is where "
            "the tournament stands now.", n=int(error.args[0])), place, 409)
    return _action_error(tournament_or_404(tournament_id), message, place, status)
