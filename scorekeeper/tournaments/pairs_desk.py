"""The desk's pages for the pairs of the night (``services.pairs``): check-in; add, correct and
withdraw pairs until game 1 starts; a late pair; a substitute's name on a game.

Each form posts to its own address and comes back to the control table; a bad value is shown
by its field on the control table (422), a refused action by the section's heading (409/422).
After a change that seats game 1 again, the control table says what changed (from the change
log's last entry).
"""

from __future__ import annotations

from typing import Any

from flask import Response, request

from .. import access, page_errors
from ..access import guard
from ..engine import EntryErrors
from ..engine.numbers import whole
from ..i18n import error_message
from ..i18n import gettext as _
from ..models.tournaments import Tournament
from ..services import desk, desk_pairs
from ..services import pairs as night
from ..services import tournaments as service
from ..web import render, see_other
from . import bp
from .desk_actions import confirm_page, form_request_key, form_seen_version
from .views import page_context, tournament_or_404

#: Desk changes that seat game 1 again or add a late pair: the page tells what they did.
_TOLD = ("pair_add", "pair_withdraw")


def what_changed(tournament: Tournament) -> list[str]:
    """What the last change to the pairs did, in sentences, while it is the last desk change."""
    last = desk.changes_of(tournament, last=1)
    if not last or last[0].kind not in _TOLD:
        return []
    change = last[0]
    detail: dict[str, Any] = change.detail or {}
    name = str(detail.get("name", ""))
    out: list[str] = []
    if change.kind == "pair_withdraw":
        out.append(_("Pair %(number)d, %(name)s, was withdrawn.", number=change.pair or 0,
                     name=name))
    elif detail.get("joins", 1) > 1:
        out.append(_("Pair %(number)d, %(name)s, was added: it plays from game %(n)d on; the "
                     "games before credit it nothing.", number=change.pair or 0, name=name,
                     n=int(detail["joins"])))
        return out
    else:
        out.append(_("Pair %(number)d, %(name)s, was added.", number=change.pair or 0,
                     name=name))
    out += [_("Pair %(old)d is now pair %(new)d.", old=old, new=new)
            for old, new in detail.get("renumbered", [])]
    out += [_("Table %(table)d: pair %(a)d against pair %(b)d, a new game (its link is to "
              "be made on game 1's page).", table=t, a=a, b=b)
            for t, a, b in detail.get("tables", [])]
    out += [_("Table %(table)d is not played in game 1.", table=t)
            for t in detail.get("removed", [])]
    out += [_("Pair %(pair)d sits out game 1.", pair=p) for p in detail.get("byes", [])]
    return out


@bp.context_processor
def pairs_desk_globals() -> dict[str, Any]:
    """What the control table's pairs section reads (``_pairs_desk.html``)."""
    def pairs_desk(tournament: Tournament) -> dict[str, Any]:
        current = service.current_round(tournament)
        return {
            "started": night.started(tournament),
            "changed": what_changed(tournament),
            "absent": night.absent(tournament),
            "current": current,
            "late_joins": (current.number + 1 if current is not None
                           and current.number < tournament.rounds_planned else None),
        }
    return {"pairs_desk": pairs_desk}


def _typed_pair(prefix: str) -> dict[str, Any]:
    return {"name": request.form.get(f"{prefix}name", ""),
            "players": [request.form.get(f"{prefix}player1", ""),
                        request.form.get(f"{prefix}player2", "")]}


def _again(tournament_id: str, errors: dict[str, str], status: int) -> Response:
    """The control table as it stands, with the messages by their fields and what was typed."""
    tournament = tournament_or_404(tournament_id)
    response = render("tournaments/show.html", admin_url=None, pair_errors=errors,
                      pair_form=request.form, **page_context(tournament))
    response.status_code = status
    return response


def _do(tournament_id: str, act: Any) -> Response:
    """Run the desk operation ``act``; back to the control table (a refusal: the page again,
    :func:`_shown_again`)."""
    act()
    return see_other("tournaments.show", tournament_id=tournament_id, _anchor="pairs-title")


#: The pairs' forms' fields are named with these prefixes, by endpoint (a pair's: its number).
_PREFIXES = {"tournaments.add_pair": "add-", "tournaments.substitute_name": "sub-"}


@page_errors.shown_again("tournaments.add_pair", "tournaments.rename_pair",
                         "tournaments.withdraw_pair", "tournaments.check_in",
                         "tournaments.substitute_name")
def _shown_again(error: Exception, message: str, status: int) -> Response:
    """A refused change to the pairs (``page_errors``): the control table again, what was
    typed kept, each message by its field (a refusal of the whole change: by the pairs)."""
    args = request.view_args or {}
    tournament_id = args.get("tournament_id", "")
    if not isinstance(error, EntryErrors):
        return _again(tournament_id, {"pairs": message}, status)
    prefix = _PREFIXES.get(request.endpoint or "", f"pair{args.get('number')}-")
    errors: dict[str, str] = {}
    for err in error.errors:
        errors.setdefault(prefix + err.field, error_message(err))
    return _again(tournament_id, errors, status)


def _options() -> dict[str, Any]:
    return {"by": desk.BY_DESK, "request_key": form_request_key(),
            "seen_version": form_seen_version()}


@bp.post("/<tournament_id>/pairs/add")
@guard(access.tournament_desk)
def add_pair(tournament_id: str) -> Response:
    """Add a pair (before game 1: game 1 seated again; after: from the next game)."""
    return _do(tournament_id, lambda: desk_pairs.add_pair(
        tournament_id, _typed_pair("add-"), **_options()))


@bp.post("/<tournament_id>/pairs/<int:number>/rename")
@guard(access.tournament_desk)
def rename_pair(tournament_id: str, number: int) -> Response:
    """Correct a pair's name and players before game 1."""
    return _do(tournament_id, lambda: desk_pairs.rename_pair(
        tournament_id, number, _typed_pair(f"pair{number}-"), **_options()))


@bp.post("/<tournament_id>/pairs/<int:number>/withdraw")
@guard(access.tournament_desk)
def withdraw_pair(tournament_id: str, number: int) -> Response:
    """Withdraw a pair before game 1 (its number retired, the others keep theirs): asked
    first on a page that says what will change (game 1 as it would be seated), then done."""
    if request.form.get("confirm") != "1":
        tournament = tournament_or_404(tournament_id)
        preview = night.withdrawal_preview(tournament, number)
        return confirm_page(tournament, "withdraw", withdrawal=preview)
    return _do(tournament_id, lambda: desk_pairs.withdraw_pair(
        tournament_id, number, **_options()))


@bp.post("/<tournament_id>/pairs/<int:number>/check-in")
@guard(access.tournament_desk)
def check_in(tournament_id: str, number: int) -> Response:
    """Mark a pair arrived (``present=1``) or not (``present=0``)."""
    present = request.form.get("present") != "0"
    return _do(tournament_id, lambda: desk_pairs.check_in(
        tournament_id, number, present, **_options()))


@bp.post("/<tournament_id>/substitute-name")
@guard(access.tournament_desk)
def substitute_name(tournament_id: str) -> Response:
    """Name who replaced one of a pair's players in the game being played."""
    game = whole(request.form.get("round", "")) or 0
    pair = whole(request.form.get("pair", ""))
    if pair is None:
        return _again(tournament_id, {"sub-pair": _("Choose a pair.")}, 422)
    return _do(tournament_id, lambda: desk_pairs.substitute_name(
        tournament_id, game, pair, whole(request.form.get("player", "")),
        request.form.get("name", ""), **_options()))
