"""Game pages: start a game, see it (the board, the winner), share it, play again. Counting a
hand and every change to a game are ``games.counting``.

Who may change a game is decided by the edit token remembered in the session (put there by
``/games/new`` or the edit link ``/games/<id>/join/<token>``); everyone else gets the read-only
page, which never holds the edit token.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from flask import (
    Response,
    abort,
    flash,
    get_flashed_messages,
    make_response,
    request,
    session,
)
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from .. import access
from ..access import guard, public
from ..browser import picker_rulesets, remember_token
from ..engine import (
    PRESETS,
    EntryErrors,
    FieldError,
    PlayerFormat,
    RuleSet,
    UnknownRuleSet,
    flow,
    with_values,
)
from ..extensions import htmx
from ..i18n import error_message, get_locale, number, translate
from ..i18n import gettext as _
from ..models import Game
from ..network import public_url
from ..ratelimit import limit_token_failures
from ..services import games as games_service
from ..services import record
from ..services import tournaments as tournaments_service
from ..services.games import GameState
from ..services.scoring import resolve_ruleset
from ..tournaments.wall import table_clock_html
from ..web import qr_svg_file, render, see_other
from . import bp
from .changes import undo_redo_labels
from .chart import running_total_svg  # also adds the chart's route to the blueprint
from .new_game_form import (
    TARGET_HIGH,
    TARGET_LOW,
    NewGameForm,
    choices,
    ending_text,
    missing_value_fields,
    new_game_error_field,
    new_game_form_class,
    ruleset_options,
    seat_choices,
    sides_from_form,
    starting_totals_from_form,
)
from .shared_board import CLOCK_HOLE, CSRF_HOLE, fill, follower_board

#: Games whose edit tokens one browser remembers (the session cookie must stay small).
MAX_REMEMBERED = 30


@bp.context_processor
def change_words() -> dict[str, Any]:
    """The games templates' words for logged changes."""
    from .changes import by_label, change_sentence, points_text

    return {"change_sentence": change_sentence, "change_by": by_label,
            "change_points": points_text}


# -- who may edit ----------------------------------------------------------------------------


def game_or_404(game_id: str, *, hands: bool = True) -> Game:
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


def is_editor(game: Game, game_id: str) -> bool:
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
    per_side = fmt.players // fmt.sides
    form.first_dealer.choices = seat_choices(
        fmt, [form[f"side_{i}_name"].data or "" for i in range(fmt.sides)],
        [[form[f"side_{i}_player_{j}"].data or "" for j in range(per_side)]
         for i in range(fmt.sides)])
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
        else:
            _paper_errors(form, rs, fmt)
        status = 422
    elif ruleset_error:
        _add_error(form, "ruleset", ruleset_error)
    # A target of the player's own, kept when another rule set was chosen: its box stays open
    # and says so, where it folded shut over "These rules play to 7,500" (QA, 2026-12-05).
    goal = flow.goal(rs)
    own_target = goal is not None and form.target.data not in (None, goal)
    ending = (_("Your own target, kept: these rules play to %(target)s.", target=number(goal))
              if own_target else ending_text(rs))
    response = render("games/new.html", "games/_new_form.html", form=form, ruleset=rs,
                      format=fmt, value_fields=missing_value_fields(form, rs),
                      ending=ending, in_rounds=flow.played_in_rounds(rs), own_target=own_target)
    response.status_code = status
    return response


def _follow_target(form: NewGameForm, rs: RuleSet, source: Mapping[str, str]) -> None:
    """The target box follows the rule set chosen unless the player typed a value of their own.

    ``shown_ruleset`` names the rule set whose defaults the form was filled from. A target left
    empty, or still that rule set's target when another one is chosen, becomes the chosen rule
    set's; any other typed value is kept. With JavaScript the page does the same as the rule
    set changes (``static/js/follow_ruleset.js``); without it, this is where a form posted right
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


def _paper_errors(form: NewGameForm, rs: RuleSet, fmt: PlayerFormat) -> None:
    """The paper totals' errors (the service's to check), said with the form's own and not a
    round later (QA, 2026-12-05: "abc" got its message only once the names were right)."""
    errors: list[FieldError] = []
    typed = form.target.data if isinstance(form.target.data, int) else None
    goal = typed if typed is not None and not form.target.errors else rs.target
    games_service.carried_totals(starting_totals_from_form(form, fmt), fmt.sides, goal, errors)
    for error in errors:
        _add_error(form, new_game_error_field(error.field), error_message(error))


def _create_from_form(form: NewGameForm, rs: RuleSet, fmt: PlayerFormat) -> Response | None:
    try:
        values = {path: field.data for path, field in missing_value_fields(form, rs)}
        ruleset = with_values(rs, values) if values else rs
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
    # A tournament's table does not play again: the desk seats its next game, if any. Asked
    # only where the answer shows (the scorekeeper's page of a finished game).
    seated_by_desk = (editor and ending.finished
                      and record.desk_token_hash(game.id) is not None)
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
        "in_tournament": seated_by_desk,
        # After the table's last game the desk seats no other (QA, 2026-12-05: "the desk seats
        # your next game" under the tournament's last game).
        "last_game": seated_by_desk and tournaments_service.last_game_of_the_night(game),
    }


#: The header that tells a scorekeeper's page (static/js/live.js) to load itself again.
RELOAD = "Scorekeeper-Reload"

#: The scorekeeper's pages are never stored as they are (the board carries the edit link), but
#: the service worker (static/sw.js) keeps a copy of them for offline reloads with the parts
#: marked ``<!--offline-cut-->`` cut out (the share panel), when they say ``Offline-Copy: cut``.
OFFLINE_COPY = "Offline-Copy"

#: The flash category of "the old edit link no longer works", which opens the share panel.
LINK_REPLACED = "link-replaced"


def _read_only_page(game: Game, game_id: str, in_tournament: bool, *,
                    shared: bool = False) -> Response:
    """The read-only page (or its htmx board): never the edit link nor a form. ``shared``: the
    page drawn once for every follower of the table, with holes for each phone's own CSRF
    token and the table's clock of the moment (games/shared_board.py), and no message."""
    ctx = _board_context(game, game_id, False, in_tournament)
    ctx["chart"] = _chart(game, ctx["state"])
    if not htmx:
        if shared:
            ctx["messages"] = []
            ctx["table_clock"] = Markup(CLOCK_HOLE) if in_tournament else None
            ctx["csrf_token"] = lambda: CSRF_HOLE
        else:
            _remember_view(game_id)
            ctx["messages"] = get_flashed_messages()
            ctx["table_clock"] = table_clock_html(game.id, game_id) if in_tournament else None
    return render("games/show.html", "games/_board_follow.html", **ctx)


def _shared_read_only_page(game_id: str, head: games_service.GameHead) -> Response:
    """The read-only page a follower opens, drawn once per change and shared by the table's
    phones (games/shared_board.py), with this phone's CSRF token and the table's clock of
    this moment in its holes."""
    _remember_view(game_id)
    # The query too: the header's language links keep it (web.language_link), so one phone's
    # query never shows in another's page.
    key = (game_id, head.version, head.tournament_version, str(get_locale()), "page",
           request.query_string)

    def draw() -> str:
        return _read_only_page(game_or_404(game_id), game_id, head.in_tournament,
                               shared=True).get_data(as_text=True)

    clock = table_clock_html(head.id, game_id) if head.in_tournament else None
    response = make_response(fill(follower_board(key, draw), generate_csrf(), str(clock or "")))
    response.vary.add("HX-Request")
    return response


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
    if by is not None and htmx and seen:
        # A scorekeeper's board on news another phone made (a second scorekeeper's save, an
        # undo from the other phone): the whole page again, its forms at the new version (QA,
        # 2026-12-05: the second scorekeeper read the old totals, minimum and dealer).
        # (live.js reloads on this header, unless the page is on its way out: its own form's
        # news must not reload over the answer it waits for.)
        response = make_response("", 200)
        response.headers[RELOAD] = "1"
        response.vary.add("HX-Request")
        response.headers["Cache-Control"] = "no-cache"
        return response
    if by is None and htmx:
        # A follower's board on news: drawn once per change for every follower of the table
        # (its key: games/shared_board.py), not once per phone.
        key = (game_id, head.version, head.tournament_version, str(get_locale()))
        response = make_response(follower_board(key, lambda: _read_only_page(
            game_or_404(game_id), game_id, head.in_tournament).get_data(as_text=True)))
        response.vary.add("HX-Request")
        response.headers["Cache-Control"] = "no-cache"
        return response
    if by is None:
        if session.get("_flashes"):  # a message for this phone alone: its page is its own
            response = _read_only_page(game_or_404(game_id), game_id, head.in_tournament)
        else:
            response = _shared_read_only_page(game_id, head)
        response.headers["Cache-Control"] = "no-cache"
        return response
    game = game_or_404(game_id)
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
            ctx["share"] = {"view_url": view_url, "edit_url": edit_url}
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


@bp.get("/<game_id>/share/<any(view, edit):link>.svg")
@guard(access.game_editor)
def share_code(game_id: str, link: str) -> Response:
    """The QR code of the game's read-only or edit link, for its share panel. The panel's
    images load when it is opened, not with every game screen: drawing the two took 16 ms
    the first time, and the screen is drawn after every save."""
    token = access.session_token(access.EDIT_TOKENS, game_id)
    if not token:  # the desk holds no edit link of its tables' games
        abort(404)
    url = (public_url("games.show", game_id=game_id) if link == "view"
           else public_url("games.join", game_id=game_id, edit_token=token))
    response = make_response(qr_svg_file(url))
    response.mimetype = "image/svg+xml"
    # The edit link's code is a password: no cache keeps it.
    response.headers["Cache-Control"] = "private, no-store"
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
    game = game_or_404(game_id)
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
