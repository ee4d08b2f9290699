"""Counting a hand and changing a game: the count form (new, preview, a stored hand's), and
each change (add, correct, remove a hand, time up, undo, redo), every one through
``services.record``; a refusal shows the count form again, or the game's page, with its words
(``page_errors``). The game's pages themselves are ``games.views``.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import Any

from flask import (
    Response,
    abort,
    flash,
    g,
    request,
    session,
    url_for,
)

from .. import access, page_errors
from ..access import guard, public
from ..engine import (
    EntryErrors,
    HandEnd,
    HandResult,
    Outcome,
    ShapeError,
    flow,
)
from ..engine.numbers import whole
from ..extensions import htmx
from ..i18n import error_message, own_gettext, translate
from ..i18n import gettext as _
from ..i18n import number as format_number
from ..models import Game
from ..services import games as games_service
from ..services import record
from ..services import tournaments as tournaments_service
from ..tournaments.wall import is_time_up, waits_for_bell
from ..web import not_found_page, render, see_other
from . import bp
from .changes import describe_undo, undo_redo_labels
from .count_form_layout import count_layout
from .forms import (
    MODE_FIELD,
    TOTAL_MODE,
    changed_fields,
    count_context,
    form_values_from_entry,
    hand_body_from_form,
    is_total_mode,
)
from .views import OFFLINE_COPY, game_or_404, is_editor

# -- counting a hand -------------------------------------------------------------------------


def _count_page(game: Game | None, game_id: str, number_: int | None, *,
                values: Mapping[str, Any], hidden: Mapping[str, Any], status: int = 200,
                result: HandResult | None = None, errors: EntryErrors | None = None,
                stored: Mapping[str, str] | None = None,
                basis: games_service.CountBasis | None = None, **extra: Any) -> Response:
    """The count form (or, to htmx, the live count alone; ``game`` ``None``: its basis will do)."""
    if basis is None:
        assert game is not None
        basis = games_service.basis_of(game)
    rs, fmt = basis.ruleset, basis.format
    if result is None and errors is None and (number_ is not None or request.method == "POST"):
        # A fix, or a save refused for a conflict, opens with a whole hand in its fields: its
        # count shows at once, as the live count would show it, with or without JavaScript.
        # Only a hand that counts is shown; its messages wait for "Check" or "Save".
        result = _count(basis, hand_body_from_form(values, rs, fmt))[0]
    # htmx gets the live count alone (``_count_preview.html``): no hands' rows to build.
    state = None if htmx or game is None else games_service.game_state(game, translate)
    base = list(state.totals) if state is not None else list(basis.totals)
    # What is saved now, shown instead of the sum while a save of this form waits (offline.js).
    saved = list(base)
    if number_ is not None:
        assert game is not None
        base = [t - h for t, h in zip(base, game.hands[number_ - 1].totals, strict=True)]
    action = (url_for("games.update_hand", game_id=game_id, number=number_) if number_
              else url_for("games.add_hand", game_id=game_id))
    ctx = count_context(
        count_layout(rs, fmt, total_only=is_total_mode(values)),
        side_names=list(basis.side_names), values=values,
        action=action, preview_url=url_for("games.preview_hand", game_id=game_id),
        hidden={**hidden, **({"editing": number_} if number_ else {})}, base_totals=base,
        submit_label=own_gettext(rs, "Save the corrected hand") if number_ else None,
        result=result, errors=errors, stored=stored, live=bool(htmx),
        typing=request.form.get("typing") if htmx and request.method == "POST" else None,
    )
    if result is not None:
        ctx["ending"] = _ending(game, basis, number_, values,
                                [b + t for b, t in zip(base, result.totals, strict=True)])
        # An earlier hand fixed moves the game's end; it does not win it (QA: "This hand wins").
        ctx["ending_by_fix"] = bool(number_ and game and number_ < len(game.hands))
    # The other lane, one tap away: the same page opened in it (what was typed stays behind),
    # with the side the board's "Who went out?" named (QA, 2026-12-05: switching forgot it).
    lane_url = (url_for("games.edit_hand", game_id=game_id, number=number_) if number_
                else url_for("games.new_hand", game_id=game_id))
    lane_url += f"?{MODE_FIELD}=" + ("count" if is_total_mode(values) else TOTAL_MODE)
    went_out = whole(request.args.get("went_out"))
    if not number_ and went_out is not None:
        lane_url += f"&went_out={went_out}"
    extra.setdefault("lane_url", lane_url)
    response = render("games/count.html", "games/_count_preview.html", game=game,
                      game_id=game_id, state=state, ruleset=rs, editing=number_,
                      dealer=(None if state is None else state.hands[number_ - 1].dealer
                              if number_ else state.next_dealer), oob=bool(htmx),
                      done_url=url_for("games.show", game_id=game_id), saved_totals=saved,
                      **extra, **ctx)
    response.status_code = status
    response.headers["Cache-Control"] = "private, no-store"
    response.headers[OFFLINE_COPY] = "cut"
    return response


def _ending(game: Game | None, basis: games_service.CountBasis, number_: int | None,
            values: Mapping[str, Any], totals: list[int]) -> Outcome | None:
    """How the game ends if this count is saved, or ``None`` (``game``: for a fix)."""
    if number_ is None or game is None or number_ == len(game.hands):
        end = values.get("end")
    else:
        end = game.hands[-1].entry.get("end")
    hands = basis.hands + (1 if number_ is None else 0)
    outcome = flow.decide(basis.ruleset, totals, hands=hands, target=basis.target,
                          time_up=end == HandEnd.TIME_UP.value)
    return outcome if outcome.finished else None


def _count(basis: games_service.CountBasis, body: dict[str, Any]
           ) -> tuple[HandResult | None, EntryErrors | None]:
    try:
        return games_service.count_with(basis.ruleset, basis.format_id, body)[1], None
    except EntryErrors as exc:
        return None, exc
    except ShapeError:
        return None, EntryErrors([])


def _desk_only(game: Game, game_id: str) -> Response | None:
    """Why a game its desk ended (abandoned, round closed) takes no hand from the table (409)."""
    if g.get("by") == record.BY_DESK:
        return None
    ending = tournaments_service.game_ending(game, games_service.game_state(game).outcome)
    if not ending.desk_only:
        return None
    if ending.abandoned_by is not None:
        message = _("%(pair)s abandoned this game at the tournament desk: it takes no more "
                    "hands.", pair=game.sides[ending.abandoned_by].name)
    else:
        message = _("This game's tournament round is closed: only the tournament desk can "
                    "change it now.")
    response = render("games/count_refused.html", game=game, game_id=game_id, message=message)
    response.status_code = 409
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/<game_id>/hands/new")
@guard(access.game_editor)
def new_hand(game_id: str) -> Response:
    """The count form for the next hand, carrying the game's version it was opened on."""
    game = game_or_404(game_id)
    refused = _desk_only(game, game_id)
    if refused is not None:
        return refused
    if game.finished:
        return see_other("games.show", game_id=game_id)
    # 002: once the desk's clock is out, the hand being played is the one stopped by it.
    time_up = is_time_up(game.id)
    values = {"end": "time_up"} if time_up else {}
    total_lane = _lane(game.hands[-1].entry.get("total_only") if game.hands else False)
    if total_lane:
        values[MODE_FIELD] = TOTAL_MODE
    # The board's "who went out?" buttons: that side's ordinary going out, already chosen.
    went_out = whole(request.args.get("went_out"))
    if not time_up and went_out is not None and 0 <= went_out < len(game.sides):
        if total_lane:
            values["went_out"] = str(went_out)
        else:
            plain = games_service.ruleset_of(game).going_out[0].id
            values[f"sides[{went_out}].going_out"] = plain
    # Before the desk's bell (002: play starts on its order) the table is told before it types.
    waiting = g.get("by") != record.BY_DESK and waits_for_bell(game.id)
    return _count_page(game, game_id, None, values=values,
                       hidden={"request_key": uuid.uuid4().hex, "seen": game.version},
                       time_up=time_up, bell_waiting=waiting)


@bp.post("/<game_id>/hands/preview")
@guard(access.game_editor)
def preview_hand(game_id: str) -> Response:
    """Count what the form holds so far, store nothing (the live breakdown; "Check" without JS).
    A plain dict: each of the hundred fields a form leaves out raised in a MultiDict (0.3 ms)."""
    form = request.form.to_dict()
    editing = whole(form.get("editing"))
    game: Game | None = None
    if htmx and editing is None:
        # While someone types a new hand, the live count needs the game's basis alone: read
        # once per version of the game (the head its guard just read), not per keystroke.
        basis = games_service.count_basis(game_id, g.game_head)
        if basis is None:
            abort(404)
    else:
        game = game_or_404(game_id)
        if editing is not None and not 1 <= editing <= len(game.hands):
            editing = None
        basis = games_service.basis_of(game)
    body = hand_body_from_form(form, basis.ruleset, basis.format)
    result, errors = _count(basis, body)
    if early := record.time_not_up(g.game_head.id, body, g.by):  # as chosen, not at saving
        result, errors = None, EntryErrors([*(errors.errors if errors else ()), early])
    hidden = {k: form[k] for k in ("request_key", "seen", "version") if form.get(k)}
    # Said as the count goes, not first at saving (QA: its totals moved under "Count hand 3").
    moved = editing is None and whole(form.get("seen")) not in (None, g.game_head.version)
    return _count_page(game, game_id, editing, values=form, hidden=hidden, basis=basis,
                       result=result, errors=errors, status=200 if result or htmx else 422,
                       changed_meanwhile=moved)


@bp.get("/<game_id>/hands/<int:number>/edit")
@guard(access.game_editor)
def edit_hand(game_id: str, number: int) -> Response:
    """The count form filled in with a stored hand, to correct it."""
    game = game_or_404(game_id)
    refused = _desk_only(game, game_id)
    if refused is not None:
        return refused
    hand = games_service.get_hand(game, number)  # none of that number: Not Found
    values = form_values_from_entry(hand.entry)
    if _lane(values.get(MODE_FIELD) == TOTAL_MODE) != is_total_mode(values):
        # Switched lanes on a stored hand: the other lane starts empty.
        values = {"end": values["end"], **({MODE_FIELD: TOTAL_MODE} if not is_total_mode(values)
                                           else {})}
    return _count_page(game, game_id, number, values=values,
                       hidden={"version": hand.version, "request_key": uuid.uuid4().hex})


def _lane(stored_total_only: Any) -> bool:
    """Whether the count form opens in the fast lane: as the link asked (``?mode=total`` or
    ``?mode=count``), else as the game's hand it opens on was counted. The lane is the game's
    own record, so it holds on every phone of the table and through a reload."""
    asked = request.args.get(MODE_FIELD)
    if asked in (TOTAL_MODE, "count"):
        return asked == TOTAL_MODE
    return bool(stored_total_only)


# -- changing a game: every change goes through ``services.record`` --------------------------


def _seen(name: str) -> int | None:
    """A version the form sent back (``None`` when absent or not a number)."""
    return whole(request.form.get(name))


def _hand_body(game: Game) -> dict[str, Any]:
    return hand_body_from_form(request.form, games_service.ruleset_of(game),
                               games_service.format_of(game))


def _request_key() -> str | None:
    return request.form.get("request_key") or None


def _sent_late() -> bool:
    """Whether this save is one the phone kept and sent again (offline.js) after its first
    try got no answer: the notice then says the hand was saved when the connection came back."""
    return request.form.get("sent_late") == "1"


@bp.post("/<game_id>/hands")
@guard(access.game_editor)
def add_hand(game_id: str) -> Response:
    """Save a counted hand. A retry with the same request key adds nothing; a form opened
    before another phone changed the game asks first (see :func:`refused`)."""
    game = record.lock(game_id)
    # "Save mine as the next hand" sends the version the choice was shown on.
    seen = _seen("confirm_seen") or _seen("seen")
    done = record.add_hand(game_id, _hand_body(game), by=g.by, request_key=_request_key(),
                           seen_version=seen)
    shown = format_number(done.change.hand or 0)
    plain = own_gettext(games_service.ruleset_of(game), "Hand %(n)s saved.", n=shown)
    # offline.js marks a save sent again after its first try was lost ("sent_late").
    message = (own_gettext(games_service.ruleset_of(game),
                           "Hand %(n)s saved when the connection came back.", n=shown)
               if _sent_late() else plain)
    # A repeat is a save sent again whose answer never came (connection dropped): it is told
    # the hand is saved once (the first answer's notice, if still waiting, gives way).
    if done.repeated and "_flashes" in session:
        session["_flashes"] = [f for f in session["_flashes"] if f[1] not in (plain, message)]
    flash(message)
    return see_other("games.show", game_id=game_id)


@bp.post("/<game_id>/time-up")
@guard(access.game_editor)
def time_up(game_id: str) -> Response:
    """End the game at time, between hands (Burraco's time-out): the board's button. A rule
    set where time is never up, or a game already over, is told so on the game's page."""
    record.end_at_time(game_id, by=g.by, request_key=_request_key(),
                       seen_version=_seen("version"))
    flash(_("Time was up: the game ended on its totals."))
    return see_other("games.show", game_id=game_id)


@bp.post("/<game_id>/hands/<int:number>")
@guard(access.game_editor)
def update_hand(game_id: str, number: int) -> Response:
    """Replace a hand with its corrected count; refuse when someone changed it meanwhile.

    Hands count from 1: no form was ever opened on hand 0 (Not Found, whatever version it
    sends; with one, the correction would follow that hand to its place)."""
    if number < 1:
        abort(404)
    game = record.lock(game_id)
    done = record.fix_hand(game_id, number, _hand_body(game), by=g.by,
                           expected_version=_seen("version"), request_key=_request_key(),
                           follow=True)
    shown = format_number(done.change.hand or 0)
    rs = games_service.ruleset_of(game)
    flash(own_gettext(rs, "Hand %(n)s corrected when the connection came back.", n=shown)
          if _sent_late() else own_gettext(rs, "Hand %(n)s corrected.", n=shown))
    return see_other("games.show", game_id=game_id)


@bp.post("/<game_id>/hands/<int:number>/delete")
@guard(access.game_editor)
def delete_hand(game_id: str, number: int) -> Response:
    """Remove a hand (the later ones move up one); Undo puts it back. Hand 0: Not Found (as
    for a correction)."""
    if number < 1:
        abort(404)
    game = None if _confirmed() else _over(game_id)
    if game is not None and 1 <= number <= len(game.hands):
        refused = _desk_only(game, game_id)
        if refused is not None:
            return refused
        totals = games_service.running_totals(game)
        after = [t - h for t, h in zip(totals, game.hands[number - 1].totals, strict=True)]
        rs = games_service.ruleset_of(game)
        return _ask_first(
            game_id, own_gettext(rs, "Delete hand %(n)s?", n=format_number(number)),
            [_("The game is over: removing a hand may reopen it and change who won."),
             _("The totals become %(totals)s.",
               totals=" – ".join(format_number(t) for t in after))],
            url_for("games.delete_hand", game_id=game_id, number=number),
            own_gettext(rs, "Delete hand %(n)d", n=number))
    rs = games_service.ruleset_of(game if game is not None else record.lock(game_id))
    done = record.delete_hand(game_id, number, by=g.by, expected_version=_seen("version"),
                              request_key=_request_key(), follow=True)
    flash(own_gettext(rs, "Hand %(n)s was removed.", n=format_number(done.change.hand or 0)))
    return see_other("games.show", game_id=game_id)


@bp.post("/<game_id>/undo")
@guard(access.game_editor)
def undo(game_id: str) -> Response:
    """Take back the latest change (a hand added, fixed or removed)."""
    return _undo_or_redo(game_id, record.undo, undo=True)


@bp.post("/<game_id>/redo")
@guard(access.game_editor)
def redo(game_id: str) -> Response:
    """Apply again the change the last undo took back."""
    return _undo_or_redo(game_id, record.redo, undo=False)


def _undo_or_redo(game_id: str, step: Callable[..., record.Written], *, undo: bool) -> Response:
    # A game that is over is changed only when asked twice: one tap on a closed game's board
    # once removed a table's last hand and made the loser the winner (issue 43).
    game = None if _confirmed() else _over(game_id)
    if game is not None:
        refused = _desk_only(game, game_id)
        if refused is not None:
            return refused
        label = undo_redo_labels(game)[0 if undo else 1]
        if label is not None:
            return _ask_first(
                game_id, label, [_("The game is over: this may reopen it and change who won.")],
                url_for("games.undo" if undo else "games.redo", game_id=game_id), label)
    done = step(game_id, by=g.by, seen_version=_seen("version"), request_key=_request_key())
    flash(describe_undo(done.change, games_service.ruleset_of(record.lock(game_id)), undo=undo))
    return see_other("games.show", game_id=game_id)


def _over(game_id: str) -> Game | None:
    """The game, when it is over (a step that changes it is then asked first); else ``None``."""
    game = games_service.find_game(game_id)
    return game if game is not None and game.finished else None


def _confirmed() -> bool:
    """Whether the form says its step was asked first and confirmed (``confirm.html``)."""
    return request.form.get("confirmed") == "1"


def _ask_first(game_id: str, title: str, lines: list[str], action: str, yes: str) -> Response:
    """The page that asks before a deliberate step, saying what it will change; its form
    posts the step again, confirmed, with the version the player saw."""
    hidden = {"version": request.form.get("version"),
              "request_key": request.form.get("request_key") or uuid.uuid4().hex}
    return render("games/confirm.html", game_id=game_id, title=title, lines=lines,
                  action=action, yes=yes, hidden=hidden)


@bp.get("/<game_id>/changes")
@public("a game's change log reads with its public id")
def changes(game_id: str) -> Response:
    """Every change of the game, newest first: what, which hand, when, by which link."""
    game = game_or_404(game_id)
    return render("games/changes.html", game=game, game_id=game_id,
                  ruleset=games_service.ruleset_of(game),
                  changes=list(reversed(record.changes_of(game))),
                  editor=is_editor(game, game_id))


def _back_to_game(game_id: str, message: str) -> Response:
    flash(message)
    return see_other("games.show", game_id=game_id)


def _fixed_now(game: Game) -> int | None:
    """The hand a refused correction's form is shown again on: the one of the version the form
    was opened on, wherever it stands now (hands before it removed), else the one its address
    names; ``None`` when neither is there (a number past the last hand, 0, or a table with no
    hand yet, as before the bell)."""
    version = _seen("version")
    if version is not None:
        moved = next((h for h in game.hands if h.version == version), None)
        if moved is not None:
            return int(moved.number)
    number = (request.view_args or {}).get("number")
    if isinstance(number, int) and 1 <= number <= len(game.hands):
        return number
    return None


def _count_again(game_id: str, status: int, **extra: Any) -> Response:
    """The count form again, with what was typed, after a save was refused. A correction of a
    hand that is not there (issue 41: its refusal for a long request key or the bell came
    first) is Not Found: there is no hand to show the form on."""
    game = game_or_404(game_id)
    editing = None
    if request.endpoint == "games.update_hand":
        editing = _fixed_now(game)
        if editing is None:
            return not_found_page()
    hidden = {k: request.form.get(k, "") for k in ("request_key", "seen", "version")
              if request.form.get(k)}
    return _count_page(game, game_id, editing, values=request.form, hidden=hidden,
                       status=status, **extra)


@page_errors.shown_again("games")
def _shown_again(error: Exception, message: str, status: int) -> Response:
    """Where a refused change's words go on a game's pages (``page_errors``: the status is the
    refusal's kind's); nothing was saved (the request rolls back).

    A count form refused for what it can settle itself (the game changed meanwhile, the hand
    was fixed on another phone, the clock not started...) or for values that cannot be is
    shown again with what was typed, each message by its field; any other refusal is the
    game's page with the refusal's words.
    """
    game_id = (request.view_args or {}).get("game_id", "")
    if request.endpoint == "games.time_up" and isinstance(error, EntryErrors):
        # The board's button: a rule set where time is never up, a game already over.
        return _back_to_game(game_id, " ".join(error_message(e) for e in error.errors))
    if isinstance(error, EntryErrors):
        return _count_again(game_id, status, errors=error)
    counting = request.endpoint in ("games.add_hand", "games.update_hand")
    if isinstance(error, record.ChangedMeanwhile) and counting:
        return _count_again(game_id, status, meanwhile=error.changes,
                            current_version=error.version)
    if isinstance(error, record.GameOver) and counting:
        return _count_again(game_id, status, over=True)
    if isinstance(error, record.KeyTooLong) and counting:
        return _count_again(game_id, status, key_error=True)
    if isinstance(error, record.BellNotRung) and counting:
        return _count_again(game_id, status, bell=message)
    if isinstance(error, record.StaleWrite) and request.endpoint == "games.update_hand":
        game = game_or_404(game_id)
        hand = next((h for h in game.hands if h.version == error.current_version), None)
        if hand is not None:
            rs, fmt = games_service.ruleset_of(game), games_service.format_of(game)
            layout = count_layout(rs, fmt, total_only=is_total_mode(request.form))
            names = ["end", *(["went_out"] if layout.total_only else []),
                     *(n for i in range(fmt.sides) for n in layout.names(i))]
            return _count_page(game, game_id, hand.number, values=request.form,
                               hidden={"version": hand.version}, status=status, stale=True,
                               stored=changed_fields(request.form,
                                                     form_values_from_entry(hand.entry), names))
    # Our forms name hands by their version (a removed one is StaleWrite): a game or a hand
    # number that is not there is a URL made up or long gone, answered Not Found (the table).
    return _back_to_game(game_id, message)
