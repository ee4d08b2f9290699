"""Game views: start a game, count each hand, fix mistakes, share it, see the winner.

Who may change a game is decided by the edit token remembered in the session (put there by
``/games/new`` or the edit link ``/games/<id>/join/<token>``); everyone else gets the read-only
page, which never holds the edit token.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from typing import Any, cast

from flask import (
    Response,
    abort,
    flash,
    g,
    get_flashed_messages,
    make_response,
    request,
    session,
    url_for,
)

from .. import access, page_errors
from ..access import guard, public
from ..browser import picker_rulesets, remember_token
from ..engine import (
    PRESETS,
    EntryErrors,
    HandEnd,
    HandResult,
    Outcome,
    PlayerFormat,
    RuleSet,
    ShapeError,
    UnknownRuleSet,
    flow,
)
from ..engine.numbers import whole
from ..extensions import htmx
from ..i18n import error_message, get_locale, translate
from ..i18n import gettext as _
from ..i18n import number as format_number
from ..models import Game
from ..models.changes import ChangeKind
from ..network import public_url
from ..ratelimit import limit_token_failures
from ..services import games as games_service
from ..services import record
from ..services import tournaments as tournaments_service
from ..services.games import GameState
from ..services.scoring import resolve_ruleset
from ..tournaments.wall import is_time_up, table_clock_html, waits_for_bell
from ..web import not_found_page, qr_svg, render, see_other
from . import bp
from .chart import running_total_svg  # also adds the chart's route to the blueprint
from .forms import (
    MODE_FIELD,
    TARGET_HIGH,
    TARGET_LOW,
    TOTAL_MODE,
    NewGameForm,
    changed_fields,
    choices,
    count_context,
    count_layout,
    ending_text,
    form_values_from_entry,
    hand_body_from_form,
    is_total_mode,
    missing_value_fields,
    new_game_error_field,
    new_game_form_class,
    ruleset_options,
    seat_labels,
    sides_from_form,
    starting_totals_from_form,
)

#: Games whose edit tokens one browser remembers (the session cookie must stay small).
MAX_REMEMBERED = 30


@bp.context_processor
def change_words() -> dict[str, Any]:
    """The games templates' words for logged changes."""
    from .changes import by_label, change_sentence, points_text

    return {"change_sentence": change_sentence, "change_by": by_label,
            "change_points": points_text}


# -- who may edit ----------------------------------------------------------------------------


def _game_or_404(game_id: str, *, hands: bool = True) -> Game:
    game = games_service.find_game(game_id, hands=hands)
    if game is None:
        abort(404)
    return game


def _remember(game_id: str, edit_token: str) -> None:
    remember_token(access.EDIT_TOKENS, game_id, edit_token, MAX_REMEMBERED)


def _remember_view(game_id: str) -> None:
    """Remember a game opened by its read-only link, so "Your games" can list it."""
    seen = session.get("view_tokens")
    seen = [t for t in seen if isinstance(t, str)] if isinstance(seen, list) else []
    if seen and seen[-1] == game_id:
        return
    session["view_tokens"] = [*(t for t in seen if t != game_id), game_id][-MAX_REMEMBERED:]


def _is_editor(game: Game, game_id: str) -> bool:
    head = games_service.find_head(game_id)
    return head is not None and access.game_editor_by(game_id, head) is not None


@access.page_refusal(access.game_editor)
def _forbidden(game_id: str, *, bad_link: bool = False) -> Response:
    response = make_response(render("games/forbidden.html", game_id=game_id, bad_link=bad_link))
    response.status_code = 403
    return response


# -- starting a game -------------------------------------------------------------------------


def _add_error(form: NewGameForm, field: str, message: str) -> None:
    target = form[field] if field in form else form["players"]
    target.errors = [*target.errors, message]


@bp.route("/new", methods=["GET", "POST"])
@public("anyone may start a game")
def new_game() -> Response:
    """The start form: rule set, players, names, target, first dealer, language."""
    posted = request.method == "POST"
    source = request.form if posted else request.args
    ruleset_error = None
    try:
        rs = resolve_ruleset(source.get("ruleset") or "classic")
    except UnknownRuleSet as exc:
        rs, ruleset_error = PRESETS["classic"], error_message(exc)
    # The language switch (?lang=es) is not a form value: the form is then still untouched.
    filled = any(key != "lang" for key in source)
    form = new_game_form_class(rs)(formdata=source if filled else None)
    form.ruleset.choices = ruleset_options(picker_rulesets(rs))
    form.ruleset.data = rs.id
    form.players.choices = choices((f.id, _(f.label)) for f in rs.formats)
    format_ids = [f.id for f in rs.formats]
    if form.players.data not in format_ids or not source.get("players"):
        form.players.data = format_ids[0]
    _follow_target(form, rs, source)
    if "language" not in source:
        form.language.data = str(get_locale() or "en")
    fmt = rs.find_format(form.players.data, form.players.data)
    side_names = [form[f"side_{i}_name"].data or "" for i in range(fmt.sides)]
    form.first_dealer.choices = choices(seat_labels(fmt, side_names))
    if form.first_dealer.data is None or not 0 <= form.first_dealer.data < fmt.players:
        form.first_dealer.data = 0

    status = 200
    if posted and not source.get("reload"):
        valid = form.validate()
        if ruleset_error:
            _add_error(form, "ruleset", ruleset_error)
            valid = False
        if source.get("players") not in format_ids:
            _add_error(form, "players", _("Choose how many play."))
            valid = False
        if valid:
            created = _create_from_form(form, rs, fmt)
            if created is not None:
                return created
        status = 422
    elif ruleset_error:
        _add_error(form, "ruleset", ruleset_error)
    response = render("games/new.html", "games/_new_form.html", form=form, ruleset=rs,
                      format=fmt, value_fields=missing_value_fields(form, rs),
                      ending=ending_text(rs), in_rounds=flow.played_in_rounds(rs))
    response.status_code = status
    return response


def _follow_target(form: NewGameForm, rs: RuleSet, source: Mapping[str, str]) -> None:
    """The target box follows the rule set chosen unless the player typed a value of their own.

    ``shown_ruleset`` names the rule set whose defaults the form was filled from. A target left
    empty, or still that rule set's target when another one is chosen, becomes the chosen rule
    set's; any other typed value is kept. With JavaScript the page does the same as the rule
    set changes (``static/js/new_game.js``); without it, this is where a form posted right
    after a new rule set was picked gets its target (issue 40)."""
    typed = source.get("target", "").strip()
    filled_from = source.get("shown_ruleset")
    follow = not typed
    if not follow and filled_from not in (None, rs.id):
        try:
            before = resolve_ruleset(filled_from or "")
        except UnknownRuleSet:
            before = None
        # The value the form was filled with: compared as a number ("5000" and " 5000 ").
        follow = before is not None and form.target.data == before.target
    if flow.played_in_rounds(rs) and (form.target.process_errors or not (
            TARGET_LOW <= (form.target.data or 0) <= TARGET_HIGH)):
        # A game of rounds hides the box: nothing wrong with it may stop the game.
        follow = True
    if follow:
        form.target.data = rs.target
        # A text box shows what was posted: the new value replaces it there too, and what
        # was wrong with the old one ("" is no whole number) no longer is.
        form.target.raw_data = [str(rs.target)]
        form.target.process_errors = []


def _create_from_form(form: NewGameForm, rs: RuleSet, fmt: PlayerFormat) -> Response | None:
    try:
        values = {path: field.data for path, field in missing_value_fields(form, rs)}
        ruleset = rs.with_values(values) if values else rs
        new = games_service.create_game(
            ruleset,
            players=fmt.players,
            format_id=fmt.id,
            # A game of rounds (Hand and Foot) has no target: the box's value is not its own.
            target=None if flow.played_in_rounds(rs) else form.target.data,
            sides=sides_from_form(form, fmt),
            first_dealer=form.first_dealer.data,
            language=form.language.data or "en",
            starting_totals=starting_totals_from_form(form, fmt),
        )
    except EntryErrors as exc:
        for error in exc.errors:
            _add_error(form, new_game_error_field(error.field), error_message(error))
        return None
    _remember(new.view_token, new.edit_token)
    return see_other("games.show", game_id=new.view_token)


# -- the game screen -------------------------------------------------------------------------


def _chart(game: Game, state: GameState) -> Any:
    return running_total_svg(game, state) if game.hands else None


def _board_context(game: Game, game_id: str, editor: bool,
                   in_tournament: bool = True, desk: bool = False) -> dict[str, Any]:
    state = games_service.game_state(game, translate)
    rs = games_service.ruleset_of(game)
    ending = tournaments_service.game_ending(game, state.outcome, in_tournament=in_tournament)
    return {
        "game": game,
        "game_id": game_id,
        "state": state,
        # Over by its hands or at its tournament's desk (abandoned, settled at time...).
        "ending": ending,
        # Whether the game's changes are the desk's alone and this browser is not the desk's:
        # then it is offered no fix, undo or count.
        "desk_only": ending.desk_only and not desk,
        "ruleset": rs,
        "format": games_service.format_of(game),
        "editor": editor,
        "next_hand": len(state.hands) + 1,
        # A tournament's table does not play again: the desk seats its next game. Asked only
        # where the answer shows (the scorekeeper's page of a finished game).
        "in_tournament": (editor and ending.finished
                          and record.desk_token_hash(game.id) is not None),
    }


#: The scorekeeper's pages are never stored as they are (the board carries the edit link), but
#: the service worker (static/sw.js) keeps a copy of them for offline reloads with the parts
#: marked ``<!--offline-cut-->`` cut out (the share panel), when they say ``Offline-Copy: cut``.
OFFLINE_COPY = "Offline-Copy"

#: The flash category of "the old edit link no longer works", which opens the share panel.
LINK_REPLACED = "link-replaced"


def _read_only_page(game: Game, game_id: str, in_tournament: bool) -> Response:
    """The read-only page (or its htmx board): never the edit link nor a form."""
    ctx = _board_context(game, game_id, False, in_tournament)
    if not htmx:
        _remember_view(game_id)
        ctx["chart"] = _chart(game, ctx["state"])
        ctx["messages"] = get_flashed_messages()
        ctx["table_clock"] = table_clock_html(game.id, game_id) if in_tournament else None
    return render("games/show.html", "games/_board.html", **ctx)


@bp.get("/<game_id>")
@public("a game reads with its public id; its editor sees the count buttons")
def show(game_id: str) -> Response:
    """The game screen for the scorekeeper; the read-only page for everyone else."""
    head = games_service.find_head(game_id)
    if head is None:
        abort(404)
    seen = request.args.get("v")
    if htmx and seen and seen == str(head.version):
        # Nothing changed: htmx keeps what it shows when the answer is 204.
        response = make_response("", 204)
        response.vary.add("HX-Request")
        response.headers["Cache-Control"] = "no-cache"
        return response
    by = access.game_editor_by(game_id, head)
    game = _game_or_404(game_id)
    if by is None:
        response = _read_only_page(game, game_id, head.in_tournament)
        response.headers["Cache-Control"] = "no-cache"
        return response
    ctx = _board_context(game, game_id, True, head.in_tournament, desk=by == record.BY_DESK)
    if not htmx:
        ctx["undo_label"], ctx["redo_label"] = undo_redo_labels(game)
        _remember_view(game_id)
        ctx["chart"] = _chart(game, ctx["state"])
        # Flask types the answer as plain messages or pairs whatever ``with_categories`` says.
        flashed = cast("list[tuple[str, str]]", get_flashed_messages(with_categories=True))
        ctx["messages"] = [message for _category, message in flashed]
        ctx["share_open"] = any(category == LINK_REPLACED for category, _message in flashed)
        token = access.session_token(access.EDIT_TOKENS, game_id)
        # The desk holds no edit link of its tables' games: it has nothing of theirs to share.
        if by != record.BY_DESK and token:
            view_url = public_url("games.show", game_id=game_id)
            edit_url = public_url("games.join", game_id=game_id, edit_token=token)
            ctx["share"] = {"view_url": view_url, "edit_url": edit_url,
                            "view_qr": qr_svg(view_url), "edit_qr": qr_svg(edit_url)}
        ctx["desk"] = by == record.BY_DESK
        # Time called between hands (Burraco's time-out): a home game's own button; a
        # tournament's games end at time by the desk's clock.
        ctx["time_up_button"] = (flow.ends_at_time(ctx["ruleset"])
                                 and not head.in_tournament)
        ctx["table_clock"] = (table_clock_html(game.id, game_id) if head.in_tournament
                              else None)
    response = render("games/show.html", "games/_board.html", **ctx)
    response.headers["Cache-Control"] = "private, no-store"
    response.headers[OFFLINE_COPY] = "cut"
    return response


@bp.get("/<game_id>/join/<edit_token>")
@limit_token_failures
@public("the edit link: the token in its path is checked and remembered")
def join(game_id: str, edit_token: str) -> Response:
    """The edit link: remember its token in this browser and open the game screen."""
    # The game's row alone: its hands are the game screen's to read, after the redirect.
    head = games_service.find_head(game_id)
    if head is None:
        abort(404)
    if not games_service.token_matches(edit_token, head.edit_token_hash):
        return _forbidden(game_id, bad_link=True)
    _remember(game_id, edit_token)
    joined = session.get(access.JOINED)
    joined = [j for j in joined if isinstance(j, str)] if isinstance(joined, list) else []
    if game_id not in joined:
        session[access.JOINED] = [*joined, game_id][-MAX_REMEMBERED:]
    return see_other("games.show", game_id=game_id)


@bp.post("/<game_id>/edit-link")
@guard(access.game_editor)
def new_edit_link(game_id: str) -> Response:
    """Revoke the edit link (someone who should not have it got it) and make a new one."""
    game = record.lock(game_id)
    _remember(game_id, games_service.replace_edit_token(game))
    # Its own category: the game screen opens the share panel for this message alone.
    flash(_("The old edit link no longer works. Share the new one below."), LINK_REPLACED)
    return see_other("games.show", game_id=game_id, _anchor="share")


@bp.post("/<game_id>/again")
@guard(access.game_editor)
def play_again(game_id: str) -> Response:
    """A new game with the same rules, sides, players and target; the deal passes on."""
    game = _game_or_404(game_id)
    # A tournament's game ends with the tournament: no "play again".
    if record.desk_token_hash(game.id) is not None:
        return see_other("games.show", game_id=game_id)
    fmt = games_service.format_of(game)
    new = games_service.create_game(
        games_service.ruleset_of(game),
        players=fmt.players,
        format_id=fmt.id,
        target=game.target,
        sides=[{"name": s.name, "players": [p.name for p in s.players]} for s in game.sides],
        first_dealer=(game.first_dealer + len(game.hands)) % fmt.players,
        language=game.language,
    )
    _remember(new.view_token, new.edit_token)
    return see_other("games.show", game_id=new.view_token)


# -- counting a hand -------------------------------------------------------------------------


def _count_page(game: Game, game_id: str, number_: int | None, *, values: Mapping[str, Any],
                hidden: Mapping[str, Any], status: int = 200, result: HandResult | None = None,
                errors: EntryErrors | None = None, stored: Mapping[str, str] | None = None,
                **extra: Any) -> Response:
    rs, fmt = games_service.ruleset_of(game), games_service.format_of(game)
    if result is None and errors is None and (number_ is not None or request.method == "POST"):
        # A fix, or a save refused for a conflict, opens with a whole hand in its fields: its
        # count shows at once, as the live count would show it, with or without JavaScript.
        # Only a hand that counts is shown; its messages wait for "Check" or "Save".
        result = _count(game, hand_body_from_form(values, rs, fmt))[0]
    # htmx gets the live count alone (``_count_preview.html``): it shows the totals after the
    # hand, not the list of hands, the dealer or the title, so the hands' rows are not built.
    state = None if htmx else games_service.game_state(game, translate)
    base = list(state.totals) if state is not None else games_service.running_totals(game)
    # What is saved now, shown instead of the sum while a save of this form waits (offline.js).
    saved = list(base)
    if number_ is not None:
        base = [t - h for t, h in zip(base, game.hands[number_ - 1].totals, strict=True)]
    action = (url_for("games.update_hand", game_id=game_id, number=number_) if number_
              else url_for("games.add_hand", game_id=game_id))
    ctx = count_context(
        count_layout(rs, fmt, total_only=is_total_mode(values)),
        side_names=[s.name for s in game.sides], values=values,
        action=action, preview_url=url_for("games.preview_hand", game_id=game_id),
        hidden={**hidden, **({"editing": number_} if number_ else {})}, base_totals=base,
        submit_label=_("Save the corrected hand") if number_ else None, result=result,
        errors=errors, stored=stored, live=bool(htmx),
        typing=request.form.get("typing") if htmx and request.method == "POST" else None,
    )
    if result is not None:
        ctx["ending"] = _ending(game, rs, number_, values,
                                [b + t for b, t in zip(base, result.totals, strict=True)])
    # The other lane, one tap away: the same page opened in it (what was typed stays behind).
    lane_url = (url_for("games.edit_hand", game_id=game_id, number=number_) if number_
                else url_for("games.new_hand", game_id=game_id))
    extra.setdefault("lane_url", f"{lane_url}?{MODE_FIELD}="
                     + ("count" if is_total_mode(values) else TOTAL_MODE))
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


def _ending(game: Game, rs: RuleSet, number_: int | None, values: Mapping[str, Any],
            totals: list[int]) -> Outcome | None:
    """How the game ends if this count is saved ("this hand wins the game"), or ``None``."""
    last = number_ is None or number_ == len(game.hands)
    end = values.get("end") if last else game.hands[-1].entry.get("end")
    hands = games_service.hands_played(game) + (1 if number_ is None else 0)
    outcome = flow.decide(rs, totals, hands=hands, target=game.target,
                          time_up=end == HandEnd.TIME_UP.value)
    return outcome if outcome.finished else None


def _count(game: Game, body: dict[str, Any]) -> tuple[HandResult | None, EntryErrors | None]:
    try:
        return games_service.count(game, body)[1], None
    except EntryErrors as exc:
        return None, exc
    except ShapeError:
        return None, EntryErrors([])


def _desk_only(game: Game, game_id: str) -> Response | None:
    """The page that says why a game its tournament's desk ended (a pair abandoned it, or its
    round is closed) takes no hand from the table, instead of a form to type one (409)."""
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
    game = _game_or_404(game_id)
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
    """Count what the form holds so far, store nothing (the live breakdown; "Check" without JS)."""
    # A plain dict: the count asks for some hundred fields a form mostly leaves out, and each
    # one missing from Werkzeug's MultiDict raises and catches an exception (0.3 ms a count).
    form = request.form.to_dict()
    editing = whole(form.get("editing"))
    # While someone types a new hand, the live count needs the running totals, not the hands.
    game = _game_or_404(game_id, hands=not htmx or editing is not None)
    if editing is not None and not 1 <= editing <= len(game.hands):
        editing = None
    body = hand_body_from_form(form, games_service.ruleset_of(game),
                               games_service.format_of(game))
    result, errors = _count(game, body)
    hidden = {k: form[k] for k in ("request_key", "seen", "version") if form.get(k)}
    return _count_page(game, game_id, editing, values=form, hidden=hidden,
                       result=result, errors=errors, status=200 if result or htmx else 422)


@bp.get("/<game_id>/hands/<int:number>/edit")
@guard(access.game_editor)
def edit_hand(game_id: str, number: int) -> Response:
    """The count form filled in with a stored hand, to correct it."""
    game = _game_or_404(game_id)
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
    done = record.add_hand(game, _hand_body(game), by=g.by, request_key=_request_key(),
                           seen_version=seen)
    shown = format_number(done.change.hand or 0)
    plain = _("Hand %(n)s saved.", n=shown)
    # offline.js marks a save sent again after its first try was lost ("sent_late").
    message = (_("Hand %(n)s saved when the connection came back.", n=shown) if _sent_late()
               else plain)
    # A repeat is the phone sending again a save whose answer it never got (the connection
    # dropped): it is told the hand is saved, once (the first answer's notice, if it still
    # waits, gives way to this one).
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
    done = record.fix_hand(game, number, _hand_body(game), by=g.by,
                           expected_version=_seen("version"), request_key=_request_key(),
                           follow=True)
    shown = format_number(done.change.hand or 0)
    flash(_("Hand %(n)s corrected when the connection came back.", n=shown) if _sent_late()
          else _("Hand %(n)s corrected.", n=shown))
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
        return _ask_first(
            game_id, _("Delete hand %(n)s?", n=format_number(number)),
            [_("The game is over: removing a hand may reopen it and change who won."),
             _("The totals become %(totals)s.",
               totals=" – ".join(format_number(t) for t in after))],
            url_for("games.delete_hand", game_id=game_id, number=number),
            _("Delete hand %(n)d", n=number))
    done = record.delete_hand(game_id, number, by=g.by, expected_version=_seen("version"),
                              request_key=_request_key(), follow=True)
    flash(_("Hand %(n)s was removed.", n=format_number(done.change.hand or 0)))
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
    flash(describe_undo(done.change, undo=undo))
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
    game = _game_or_404(game_id)
    return render("games/changes.html", game=game, game_id=game_id,
                  changes=list(reversed(record.changes_of(game))),
                  editor=_is_editor(game, game_id))


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
    game = _game_or_404(game_id)
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
        game = _game_or_404(game_id)
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


def describe_undo(change: record.ChangeView, *, undo: bool) -> str:
    """What an undo or a redo did, in the players' words."""
    target_kind = _target_kind(change)
    n = format_number(change.hand or 0)
    if undo:
        texts: dict[ChangeKind, str] = {
            ChangeKind.ADD: _("Undone: hand %(n)s is no longer counted.", n=n),
            ChangeKind.FIX: _("Undone: hand %(n)s is back as it was before the fix.", n=n),
            ChangeKind.DELETE: _("Undone: hand %(n)s is back in its place.", n=n)}
    else:
        texts = {ChangeKind.ADD: _("Redone: hand %(n)s is counted again.", n=n),
                 ChangeKind.FIX: _("Redone: hand %(n)s has the fix again.", n=n),
                 ChangeKind.DELETE: _("Redone: hand %(n)s is removed again.", n=n)}
    return texts.get(target_kind, str(_("Done.")))


def _target_kind(change: record.ChangeView) -> ChangeKind:
    """For an undo or a redo: the kind of change it acted on (from what it did to the hand)."""
    if change.before is None and change.after is not None:
        return ChangeKind.ADD if change.kind is ChangeKind.REDO else ChangeKind.DELETE
    if change.before is not None and change.after is None:
        return ChangeKind.ADD if change.kind is ChangeKind.UNDO else ChangeKind.DELETE
    return ChangeKind.FIX


def undo_redo_labels(game: Game) -> tuple[str | None, str | None]:
    """What the Undo and Redo buttons would do now (``None`` where there is nothing to do)."""
    undo_change, redo_change = record.undo_target(game), record.redo_target(game)
    undo_label = redo_label = None
    if undo_change is not None:
        n = format_number(undo_change.hand or 0)
        undo_label = {ChangeKind.ADD: _("Undo: take back hand %(n)s", n=n),
                      ChangeKind.FIX: _("Undo the fix of hand %(n)s", n=n),
                      ChangeKind.DELETE: _("Undo: put hand %(n)s back", n=n)}[undo_change.kind]
    if redo_change is not None:
        n = format_number(redo_change.hand or 0)
        redo_label = {ChangeKind.ADD: _("Redo: count hand %(n)s again", n=n),
                      ChangeKind.FIX: _("Redo the fix of hand %(n)s", n=n),
                      ChangeKind.DELETE: _("Redo: remove hand %(n)s again", n=n)}[redo_change.kind]
    return undo_label, redo_label
