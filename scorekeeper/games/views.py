"""Game views: start a game, count each hand, fix mistakes, share it, see the winner.

Who may change a game is decided by the edit token remembered in the session (put there by
``/games/new`` or the edit link ``/games/<id>/join/<token>``); everyone else gets the read-only
page, which never holds the edit token.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Mapping
from typing import Any, NamedTuple, cast

import segno
from flask import (
    Response,
    abort,
    current_app,
    flash,
    get_flashed_messages,
    make_response,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from sqlalchemy import bindparam, select
from sqlalchemy.exc import IntegrityError

from ..browser import house_rulesets
from ..cache import BoundedCache
from ..engine import (
    PRESETS,
    EntryErrors,
    HandResult,
    PlayerFormat,
    RuleSet,
    ShapeError,
    UnknownRuleSet,
)
from ..extensions import db, htmx
from ..i18n import error_message, line_label, number, signed
from ..models import Game
from ..ratelimit import limit_token_failures
from ..services import games as games_service
from ..services.scoring import resolve_ruleset
from ..web import render, see_other
from . import bp
from .forms import (
    NewGameForm,
    changed_fields,
    choices,
    count_context,
    count_layout,
    error_id,
    field_id,
    form_values_from_entry,
    hand_body_from_form,
    missing_value_fields,
    new_game_error_field,
    new_game_form_class,
    seat_labels,
    sides_from_form,
)

try:
    # Imported here, not when first drawn: the module adds a route to the blueprint, which
    # must happen before the blueprint is registered.
    from .chart import running_total_svg
except ImportError:  # the history pages' chart is not there yet
    running_total_svg = None

#: Games whose edit tokens one browser remembers (the session cookie must stay small).
MAX_REMEMBERED = 30


# -- template helpers (the calculator's templates use them too) --------------------------------


bp.add_app_template_filter(field_id, "field_id")
bp.add_app_template_filter(error_id, "error_id")
bp.add_app_template_filter(number, "number")
bp.add_app_template_filter(signed, "signed")
bp.add_app_template_filter(line_label, "line_label")


# -- who may edit ----------------------------------------------------------------------------


def _game_or_404(game_id: str) -> Game:
    game = games_service.find_game(game_id)
    if game is None:
        abort(404)
    return game


def _edit_token(game_id: str) -> str | None:
    tokens = session.get("edit_tokens")
    if isinstance(tokens, dict):
        token = tokens.get(game_id)
        return token if isinstance(token, str) else None
    return None


def _remember(game_id: str, edit_token: str) -> None:
    tokens = session.get("edit_tokens")
    tokens = dict(tokens) if isinstance(tokens, dict) else {}
    tokens.pop(game_id, None)
    tokens[game_id] = edit_token
    while len(tokens) > MAX_REMEMBERED:
        tokens.pop(next(iter(tokens)))
    session["edit_tokens"] = tokens


def _remember_view(game_id: str) -> None:
    """Remember a game opened by its read-only link, so "Your games" can list it."""
    seen = session.get("view_tokens")
    seen = [t for t in seen if isinstance(t, str)] if isinstance(seen, list) else []
    if seen and seen[-1] == game_id:
        return
    session["view_tokens"] = [*(t for t in seen if t != game_id), game_id][-MAX_REMEMBERED:]


def _is_editor(game: Game, game_id: str) -> bool:
    return games_service.can_edit(game, _edit_token(game_id))


def _forbidden(game_id: str, *, bad_link: bool = False) -> Response:
    response = make_response(render("games/forbidden.html", game_id=game_id, bad_link=bad_link))
    response.status_code = 403
    return response


# -- starting a game -------------------------------------------------------------------------


def _ruleset_choices(current: RuleSet) -> list[tuple[str, str]]:
    choices = [(rs.id, _(rs.name)) for rs in PRESETS.values()]
    choices += [(rs.id, rs.name) for rs in house_rulesets(current)]
    return choices


def _add_error(form: NewGameForm, field: str, message: str) -> None:
    target = form[field] if field in form else form["players"]
    target.errors = [*target.errors, message]


@bp.route("/new", methods=["GET", "POST"])
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
    form.ruleset.choices = choices(_ruleset_choices(rs))
    form.ruleset.data = rs.id
    form.players.choices = choices((f.id, _(f.label)) for f in rs.formats)
    format_ids = [f.id for f in rs.formats]
    # A rule set just changed keeps nothing that belonged to the one before.
    switched = source.get("shown_ruleset") not in (None, rs.id)
    if form.players.data not in format_ids or not source.get("players"):
        form.players.data = format_ids[0]
    if switched or "target" not in source:
        form.target.data = rs.target
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
                      format=fmt, value_fields=missing_value_fields(form, rs))
    response.status_code = status
    return response


def _create_from_form(form: NewGameForm, rs: RuleSet, fmt: PlayerFormat) -> Response | None:
    try:
        values = {path: field.data for path, field in missing_value_fields(form, rs)}
        ruleset = rs.with_values(values) if values else rs
        new = games_service.create_game(
            ruleset,
            players=fmt.players,
            format_id=fmt.id,
            target=form.target.data,
            sides=sides_from_form(form, fmt),
            first_dealer=form.first_dealer.data,
            language=form.language.data or "en",
        )
    except EntryErrors as exc:
        for error in exc.errors:
            _add_error(form, new_game_error_field(error.field), error_message(error))
        return None
    _remember(new.view_token, new.edit_token)
    db.session.commit()
    return see_other("games.show", game_id=new.view_token)


# -- the game screen -------------------------------------------------------------------------


def _qr(url: str) -> str:
    return str(segno.make(url, error="m").svg_data_uri(scale=5, border=2))


def _chart(game: Game) -> Any:
    return running_total_svg(game) if running_total_svg is not None and game.hands else None


def _board_context(game: Game, game_id: str, editor: bool) -> dict[str, Any]:
    state = games_service.game_state(game)
    rs = games_service.ruleset_of(game)
    return {
        "game": game,
        "game_id": game_id,
        "state": state,
        "ruleset": rs,
        "format": games_service.format_of(game),
        "editor": editor,
        "next_hand": len(state.hands) + 1,
    }


_HEAD_QUERY = select(Game.version, Game.edit_token_hash).where(
    Game.view_token_hash == bindparam("hash"))


class _Head(NamedTuple):
    version: int
    edit_token_hash: str


def _head_of(game_id: str) -> _Head | None:
    """The game's version and edit-token hash, in one small query (no sides, no hands).

    Enough to answer the read-only page's poll, to tell the scorekeeper from everyone else and
    to find the page in :func:`page_cache`.
    """
    if not game_id or len(game_id) > 100:
        return None
    # Core, not ORM: no objects to build, and the statement is compiled once per process.
    row = db.session.connection().execute(
        _HEAD_QUERY, {"hash": games_service.hash_token(game_id)}
    ).one_or_none()
    return None if row is None else _Head(row.version, row.edit_token_hash)


#: What a cached read-only page holds where the request's CSRF token goes (random per process,
#: so no text a player types can forge it).
CSRF_PLACEHOLDER = f"csrf-placeholder-{secrets.token_hex(16)}"


def page_cache() -> BoundedCache[str]:
    """This app's cache of read-only game pages, per (game id, version, language, htmx board).

    Only pages with nothing of one session in them are kept: never the scorekeeper's (edit
    links, CSRF tokens in forms), never one showing flashed messages. The one per-session value
    a read-only page holds, the CSRF token in ``base.html``'s ``<meta>``, is rendered as
    :data:`CSRF_PLACEHOLDER` and filled in for each request. A new version (every saved, fixed
    or removed hand, a new edit link) is a new key; old versions fall out as the least recently
    used (``GAME_PAGE_CACHE_SIZE`` pages, default 128).
    """
    cache = current_app.extensions.get("games.page_cache")
    if cache is None:
        size = int(current_app.config.get("GAME_PAGE_CACHE_SIZE", 128))
        cache = current_app.extensions.setdefault("games.page_cache", BoundedCache[str](size))
    return cast(BoundedCache[str], cache)


def _page_response(body: str) -> Response:
    """A game page as ``render`` answers it (``Vary: HX-Request``), with this request's token."""
    if CSRF_PLACEHOLDER in body:
        body = body.replace(CSRF_PLACEHOLDER, generate_csrf())
    response = make_response(body)
    response.vary.add("HX-Request")
    return response


def _read_only_page(game_id: str, version: int) -> Response:
    """The read-only page (or its htmx board), from the cache when nothing per-session is shown."""
    partial = bool(htmx)
    messages = [] if partial else get_flashed_messages()
    key = (game_id, version, str(get_locale() or "en"), partial)
    cache = page_cache() if current_app.config.get("GAME_PAGE_CACHE", True) else None
    if not partial:
        _remember_view(game_id)
    if cache is not None and not messages:
        body = cache.get(key)
        if body is not None:
            return _page_response(body)
    game = _game_or_404(game_id)
    ctx = _board_context(game, game_id, False)
    if not partial:
        ctx["chart"] = _chart(game)
        ctx["messages"] = messages
    if messages or cache is None:
        return render("games/show.html", "games/_board.html", **ctx)
    body = render_template("games/_board.html" if partial else "games/show.html",
                           csrf_token=lambda: CSRF_PLACEHOLDER, **ctx)
    # Keyed by the version just loaded: it is the one the page shows.
    cache.put((game_id, game.version, key[2], partial), body)
    return _page_response(body)


@bp.get("/<game_id>")
def show(game_id: str) -> Response:
    """The game screen for the scorekeeper; the read-only page for everyone else."""
    head = _head_of(game_id)
    if head is None:
        abort(404)
    seen = request.args.get("v")
    if htmx and seen and seen == str(head.version):
        # Nothing changed: htmx keeps what it shows when the answer is 204.
        response = make_response("", 204)
        response.vary.add("HX-Request")
        response.headers["Cache-Control"] = "no-cache"
        return response
    editor = games_service.token_matches(_edit_token(game_id), head.edit_token_hash)
    if not editor:
        response = _read_only_page(game_id, head.version)
        response.headers["Cache-Control"] = "no-cache"
        return response
    game = _game_or_404(game_id)
    ctx = _board_context(game, game_id, True)
    if not htmx:
        _remember_view(game_id)
        ctx["chart"] = _chart(game)
        ctx["messages"] = get_flashed_messages()
        token = _edit_token(game_id) or ""
        view_url = url_for("games.show", game_id=game_id, _external=True)
        edit_url = url_for("games.join", game_id=game_id, edit_token=token, _external=True)
        ctx["share"] = {"view_url": view_url, "edit_url": edit_url,
                        "view_qr": _qr(view_url), "edit_qr": _qr(edit_url)}
    response = render("games/show.html", "games/_board.html", **ctx)
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/<game_id>/join/<edit_token>")
@limit_token_failures
def join(game_id: str, edit_token: str) -> Response:
    """The edit link: remember its token in this browser and open the game screen."""
    game = _game_or_404(game_id)
    if not games_service.can_edit(game, edit_token):
        return _forbidden(game_id, bad_link=True)
    _remember(game_id, edit_token)
    return see_other("games.show", game_id=game_id)


@bp.post("/<game_id>/edit-link")
def new_edit_link(game_id: str) -> Response:
    """Revoke the edit link (someone who should not have it got it) and make a new one."""
    game = _game_or_404(game_id)
    if not _is_editor(game, game_id):
        return _forbidden(game_id)
    _remember(game_id, games_service.replace_edit_token(game))
    db.session.commit()
    flash(_("The old edit link no longer works. Share the new one below."))
    return see_other("games.show", game_id=game_id, _anchor="share")


@bp.post("/<game_id>/again")
def play_again(game_id: str) -> Response:
    """A new game with the same rules, sides, players and target; the deal passes on."""
    game = _game_or_404(game_id)
    if not _is_editor(game, game_id):
        return _forbidden(game_id)
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
    db.session.commit()
    return see_other("games.show", game_id=new.view_token)


@bp.post("/<game_id>/undo")
def undo(game_id: str) -> Response:
    """Take back the last hand saved."""
    game = _game_or_404(game_id)
    if not _is_editor(game, game_id):
        return _forbidden(game_id)
    number_ = len(game.hands)
    try:
        games_service.undo_last_hand(game, expected_version=request.form.get("version", type=int))
    except games_service.HandNotFound:
        flash(_("There is no hand to undo."))
        return see_other("games.show", game_id=game_id)
    except games_service.StaleWrite:
        flash(_("The hands changed on another phone meanwhile, so nothing was taken back. "
                "Check the list below."))
        return see_other("games.show", game_id=game_id)
    db.session.commit()
    flash(_("Hand %(n)d was taken back.", n=number_))
    return see_other("games.show", game_id=game_id)


# -- counting a hand -------------------------------------------------------------------------


def _editor_game(game_id: str) -> tuple[Game, Response | None]:
    game = _game_or_404(game_id)
    return game, (None if _is_editor(game, game_id) else _forbidden(game_id))


def _count_page(game: Game, game_id: str, number_: int | None, *, values: Mapping[str, Any],
                hidden: Mapping[str, Any], status: int = 200, result: HandResult | None = None,
                errors: EntryErrors | None = None, stored: Mapping[str, str] | None = None,
                **extra: Any) -> Response:
    rs, fmt = games_service.ruleset_of(game), games_service.format_of(game)
    # htmx gets the live count alone (``_count_preview.html``): it shows the totals after the
    # hand, not the list of hands, the dealer or the title, so the hands' rows are not built.
    state = None if htmx else games_service.game_state(game)
    base = list(state.totals) if state is not None else games_service.totals_of(game)
    if number_ is not None:
        base = [t - h for t, h in zip(base, game.hands[number_ - 1].totals, strict=True)]
    action = (url_for("games.update_hand", game_id=game_id, number=number_) if number_
              else url_for("games.add_hand", game_id=game_id))
    ctx = count_context(
        count_layout(rs, fmt), side_names=[s.name for s in game.sides], values=values,
        action=action, preview_url=url_for("games.preview_hand", game_id=game_id),
        hidden={**hidden, **({"editing": number_} if number_ else {})}, base_totals=base,
        submit_label=_("Save the corrected hand") if number_ else None, result=result,
        errors=errors, stored=stored,
    )
    response = render("games/count.html", "games/_count_preview.html", game=game,
                      game_id=game_id, state=state, ruleset=rs, editing=number_,
                      dealer=(None if state is None else state.hands[number_ - 1].dealer
                              if number_ else state.next_dealer), oob=bool(htmx), **extra, **ctx)
    response.status_code = status
    response.headers["Cache-Control"] = "private, no-store"
    return response


def _count(game: Game, body: dict[str, Any]) -> tuple[HandResult | None, EntryErrors | None]:
    try:
        return games_service.count(game, body)[1], None
    except EntryErrors as exc:
        return None, exc
    except ShapeError:
        return None, EntryErrors([])


@bp.get("/<game_id>/hands/new")
def new_hand(game_id: str) -> Response:
    """The count form for the next hand."""
    game, denied = _editor_game(game_id)
    if denied:
        return denied
    if game.finished:
        return see_other("games.show", game_id=game_id)
    return _count_page(game, game_id, None, values={},
                       hidden={"request_key": uuid.uuid4().hex})


@bp.post("/<game_id>/hands/preview")
def preview_hand(game_id: str) -> Response:
    """Count what the form holds so far, store nothing (the live breakdown; "Check" without JS)."""
    # As someone types, htmx asks for the count alone: the hands' entries and counts are not
    # needed for it (only their totals), so they are not loaded. "Check" shows the whole page.
    game = games_service.find_game_light(game_id) if htmx else games_service.find_game(game_id)
    if game is None:
        abort(404)
    if not _is_editor(game, game_id):
        return _forbidden(game_id)
    editing = request.form.get("editing", type=int)
    if editing is not None and not 1 <= editing <= len(game.hands):
        editing = None
    body = hand_body_from_form(request.form, games_service.ruleset_of(game),
                               games_service.format_of(game))
    result, errors = _count(game, body)
    hidden = {k: request.form.get(k, "")[:64] for k in ("request_key", "version")
              if request.form.get(k)}
    return _count_page(game, game_id, editing, values=request.form, hidden=hidden,
                       result=result, errors=errors, status=200 if result or htmx else 422)


@bp.post("/<game_id>/hands")
def add_hand(game_id: str) -> Response:
    """Save a counted hand; a retry with the same request key adds nothing."""
    game, denied = _editor_game(game_id)
    if denied:
        return denied
    key = (request.form.get("request_key") or "")[:64] or None
    body = hand_body_from_form(request.form, games_service.ruleset_of(game),
                               games_service.format_of(game))
    hidden = {"request_key": key or uuid.uuid4().hex}
    try:
        hand = games_service.add_hand(game, body, request_key=key)
    except EntryErrors as exc:
        return _count_page(game, game_id, None, values=request.form, hidden=hidden,
                           errors=exc, status=422)
    except games_service.GameOver:
        return _count_page(game, game_id, None, values=request.form, hidden=hidden,
                           status=409, over=True)
    number_ = hand.number
    try:
        db.session.commit()
    except IntegrityError:
        # The same save arrived twice at once: the other request stored the hand.
        db.session.rollback()
        return see_other("games.show", game_id=game_id)
    flash(_("Hand %(n)d saved.", n=number_))
    return see_other("games.show", game_id=game_id)


@bp.get("/<game_id>/hands/<int:number>/edit")
def edit_hand(game_id: str, number: int) -> Response:
    """The count form filled in with a stored hand, to correct it."""
    game, denied = _editor_game(game_id)
    if denied:
        return denied
    try:
        hand = games_service.get_hand(game, number)
    except games_service.HandNotFound:
        abort(404)
    return _count_page(game, game_id, number, values=form_values_from_entry(hand.entry),
                       hidden={"version": hand.version})


def _number_now(game: Game, number: int, version: int | None) -> int:
    """Where the hand a form was opened on stands now.

    A hand removed on another phone moves the later ones up; the version the form sends back
    names one hand (no two hands of a game share one), wherever it stands now. Unknown
    versions keep the number, and the service then refuses the stale write.
    """
    moved = games_service.find_hand_by_version(game, version)
    return moved.number if moved is not None else number


@bp.post("/<game_id>/hands/<int:number>")
def update_hand(game_id: str, number: int) -> Response:
    """Replace a hand with its corrected count; refuse when someone changed it meanwhile."""
    game, denied = _editor_game(game_id)
    if denied:
        return denied
    expected = request.form.get("version", type=int)
    number = _number_now(game, number, expected)
    try:
        hand = games_service.get_hand(game, number)
    except games_service.HandNotFound:
        if expected is None:
            abort(404)
        flash(_("That hand was changed or removed on another phone, so nothing was saved. "
                "Check the list below."))
        return see_other("games.show", game_id=game_id)
    rs, fmt = games_service.ruleset_of(game), games_service.format_of(game)
    body = hand_body_from_form(request.form, rs, fmt)
    try:
        games_service.replace_hand(game, number, body, expected_version=expected)
    except games_service.StaleWrite:
        stored = form_values_from_entry(hand.entry)
        names = ["end", *(n for i in range(fmt.sides) for n in count_layout(rs, fmt).names(i))]
        return _count_page(game, game_id, number, values=request.form,
                           hidden={"version": hand.version}, status=409, stale=True,
                           stored=changed_fields(request.form, stored, names))
    except EntryErrors as exc:
        return _count_page(game, game_id, number, values=request.form,
                           hidden={"version": request.form.get("version", "")[:12]},
                           errors=exc, status=422)
    db.session.commit()
    flash(_("Hand %(n)d corrected.", n=number))
    return see_other("games.show", game_id=game_id)


@bp.post("/<game_id>/hands/<int:number>/delete")
def delete_hand(game_id: str, number: int) -> Response:
    """Remove a hand; the later ones move up one."""
    game, denied = _editor_game(game_id)
    if denied:
        return denied
    expected = request.form.get("version", type=int)
    number = _number_now(game, number, expected)
    try:
        games_service.delete_hand(game, number, expected_version=expected)
    except games_service.HandNotFound:
        abort(404)
    except games_service.StaleWrite:
        flash(_("That hand was changed or removed on another phone, so nothing was removed. "
                "Check the list below."))
        return see_other("games.show", game_id=game_id)
    db.session.commit()
    flash(_("Hand %(n)d was removed.", n=number))
    return see_other("games.show", game_id=game_id)
