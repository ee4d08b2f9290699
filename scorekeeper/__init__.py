"""Canasta Scorekeeper: a Flask app to keep Canasta scores from a phone."""

from __future__ import annotations

import os
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask, Response
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from .engine.errors import N_

ROOT = Path(__file__).resolve().parent.parent
#: What a 503 for an empty database pool asks the client to wait (seconds).
POOL_RETRY_AFTER = 2
#: Seconds a phone waits before it saves again, the database having stayed busy.
BUSY_RETRY_AFTER = 2
#: What a database refusal says (:func:`database_answer`).
DATABASE_BUSY = N_("The score book is busy; nothing was saved. Try again in a moment.")
DATABASE_RACED = N_("Another change was saved at the same moment; nothing was saved. Try again.")
#: Days after which a visit re-sends the session cookie with a new expiry (see keep_session).
RENEW_DAYS = 7


class ScorekeeperApp(Flask):
    """The app; a refused request's changes are dropped as soon as it raises."""

    def handle_user_exception(self, e: Exception) -> HTTPException | ResponseReturnValue:
        # Every error a request raises passes here before an answer to it is made: its changes
        # are dropped first, so the answer (the form again, the page as it stands, an error
        # page) reads what is stored, never what the refused change had flushed, and a
        # database error leaves no failed transaction behind for it. The request's end then
        # rolls back (an error answer) or commits what the answer itself read.
        from flask import request

        from .extensions import db

        db.session.rollback()
        # Nor is anything committed at its end, whatever the answer (a refused change may
        # still answer with a redirect, 303).
        request.environ["scorekeeper.roll_back"] = True
        return super().handle_user_exception(e)

    def get_send_file_max_age(self, filename: str | None) -> int | None:
        # A static file asked for at its current version is kept a year (static_files).
        from . import static_files

        kept = static_files.max_age(self, filename)
        return kept if kept is not None else super().get_send_file_max_age(filename)


def create_app(
    test_config: dict[str, Any] | None = None, instance_path: str | None = None
) -> Flask:
    """Build the app: configuration, extensions, blueprints, CLI and error handlers."""
    app = ScorekeeperApp(
        __name__,
        instance_path=instance_path,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    _configure(app, test_config)
    _init_extensions(app)
    _register_template_helpers(app)
    _version_static_files(app)
    _register_blueprints(app)
    _register_cli(app)
    _register_error_handlers(app)
    _register_transactions(app)
    return app


def _configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    """Settings from the environment; a test configuration overrides them all."""
    from . import config

    os.makedirs(app.instance_path, exist_ok=True)
    overrides = dict(test_config or {})
    app.config.from_mapping(
        {key: config.poll_seconds(*setting) for key, setting in config.POLL_SECONDS.items()},
        SQLALCHEMY_DATABASE_URI=config.database_url(app.instance_path),
        MAX_CONTENT_LENGTH=config.MAX_CONTENT_LENGTH,
        BABEL_DEFAULT_LOCALE="en",
        BABEL_TRANSLATION_DIRECTORIES=str(ROOT / "translations"),
        LANGUAGES=config.LANGUAGES,
        LANGUAGE_NAMES=config.LANGUAGE_NAMES,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SECURE=config.https_only(),
        # The session holds the scorekeeper's edit rights: a cookie that died with the browser
        # left the game read-only. See ``keep_session`` for how it is renewed.
        PERMANENT_SESSION_LIFETIME=timedelta(days=config.session_days()),
        # Re-sent on every answer, the cookie of a request that started earlier (the service
        # worker fetching "/" while a game is started) overwrote the edit token just stored.
        SESSION_REFRESH_EACH_REQUEST=False,
        PROXIES=config.proxies(),
        BASE_URL=config.base_url(),
        RATELIMIT_STORAGE_URI=config.ratelimit_storage_uri(),
        **config.token_failures(),
        **config.render_settings(),
        **config.intake_settings(),
    )
    if "SECRET_KEY" not in overrides:
        # Only touch the instance's key file when the caller did not give a key.
        app.config["SECRET_KEY"] = config.secret_key(app.instance_path)
    app.config.update(overrides)
    _bound_the_pool(app)
    if app.config["PROXIES"]:
        from werkzeug.middleware.proxy_fix import ProxyFix

        n = int(app.config["PROXIES"])
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=n)  # type: ignore[method-assign]


def _bound_the_pool(app: Flask) -> None:
    """A request waits ``POOL_TIMEOUT`` seconds (``SCOREKEEPER_POOL_TIMEOUT``, 10) for a
    database connection, then answers 503 (``_register_error_handlers``): SQLAlchemy's own 30 s
    ended in a 500 the phone had waited for. A test configuration's own engine options (a tiny
    pool) are kept; a SQLite database in memory has no pool to wait for."""
    from . import intake

    uri = str(app.config.get("SQLALCHEMY_DATABASE_URI", ""))
    if uri.startswith("sqlite") and (uri in ("sqlite://", "sqlite:///") or ":memory:" in uri):
        return
    options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
    options.setdefault("pool_timeout",
                       float(app.config.get("POOL_TIMEOUT", intake.DEFAULT_POOL_TIMEOUT)))
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options


def _init_extensions(app: Flask) -> None:
    """Bind the extensions to the app."""
    from .extensions import babel, configure_sqlite, csrf, db, htmx, migrate
    from .web import select_locale

    db.init_app(app)
    with app.app_context():
        configure_sqlite(db.engine)
    migrate.init_app(app, db, render_as_batch=True, compare_type=True)
    csrf.init_app(app)
    htmx.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    from .i18n import install_gettext

    install_gettext(app)

    from . import ratelimit

    ratelimit.init_app(app)

    from .live import news

    news.init_app(app)



def _register_template_helpers(app: Flask) -> None:
    """Filters and globals every blueprint's templates may use."""
    from .i18n import (
        PLAIN_WORDS,
        get_locale,
        label,
        line_label,
        number,
        own_gettext,
        own_ngettext,
        preset_name,
        rule_text,
        signed,
        source_name,
    )
    from .web import error_id, field_id, language_link

    app.jinja_env.globals["get_locale"] = get_locale
    app.jinja_env.globals["language_link"] = language_link
    # A game's own words for the generic ones (its rule set's ``words``): Burraco's smazzata.
    app.jinja_env.globals.update(own_gettext=own_gettext, own_ngettext=own_ngettext,
                                 plain_words=PLAIN_WORDS)
    # Names and labels in templates go through ``|label``, never ``_()``: Jinja's ``_()`` would
    # look user text up as a msgid, format it with ``%`` and mark it safe (raw HTML).
    app.jinja_env.filters.update(
        label=label, source_name=source_name, line_label=line_label, number=number,
        signed=signed, field_id=field_id, error_id=error_id, rule_text=rule_text,
        preset_name=preset_name,
    )


def _version_static_files(app: Flask) -> None:
    """Links to static files carry their version; the phones keep them until it changes."""
    from . import static_files

    static_files.init_app(app)


def _register_blueprints(app: Flask) -> None:
    """Mount the blueprints and the security headers hook."""
    from . import intake
    from .api import bp as api_bp
    from .extensions import csrf
    from .games import bp as games_bp
    from .live import bp as live_bp
    from .main import bp as main_bp
    from .quick import bp as quick_bp
    from .series import bp as series_bp
    from .sheets import bp as sheets_bp
    from .tournaments import bp as tournaments_bp
    from .web import refuse_unstorable_paths, security_headers

    # First of all the hooks: the requests in flight counted, then the whole body read (413
    # past its length, 408 past its deadline), before CSRF's reads the form or anything takes
    # a database connection.
    intake.init_app(app)
    app.before_request(refuse_unstorable_paths)
    app.register_blueprint(main_bp)
    app.register_blueprint(quick_bp)
    app.register_blueprint(games_bp, url_prefix="/games")
    app.register_blueprint(live_bp)
    app.register_blueprint(sheets_bp, url_prefix="/sheets")
    app.register_blueprint(tournaments_bp, url_prefix="/tournaments")
    app.register_blueprint(series_bp, url_prefix="/series")
    from .tournaments.cards import links_bp as table_cards_bp

    app.register_blueprint(table_cards_bp)  # the table cards' short links, /t/<token>
    from .tournaments.confirming import confirm_bp

    app.register_blueprint(confirm_bp)  # the cards' second links (confirming), /c/<token>
    csrf.exempt(api_bp)
    app.register_blueprint(api_bp, url_prefix="/api/v1")
    app.after_request(security_headers)

    from .compression import compress_response

    app.after_request(compress_response)


def _register_cli(app: Flask) -> None:
    """Command-line commands besides Flask-Migrate's ``flask db``: backups (export/import),
    a new edit link for house rules."""
    from .cli import export_command, house_rules_link_command, import_command

    app.cli.add_command(export_command)
    app.cli.add_command(import_command)
    app.cli.add_command(house_rules_link_command)


def _register_error_handlers(app: Flask) -> None:
    """Error pages for the HTML side (the API blueprint answers its own errors in JSON)."""
    from flask import render_template, request

    from .api.errors import json_error
    from .web import form_page

    def handle_http_error(error: HTTPException) -> Response | tuple[str, int]:
        code = error.code or 500
        if request.path.startswith("/api/"):
            return json_error(error)
        if code == 405 and request.method in ("GET", "HEAD"):
            page = form_page(request.path)
            if page is not None:
                return page
        response = app.make_response((render_template("error.html", error=error, code=code),
                                      code))
        for name, value in error.get_headers():  # ``Allow`` on 405, as HTTP asks
            if name.lower() != "content-type":
                response.headers[name] = value
        return response

    for code in (400, 403, 404, 405, 408, 409, 413, 429, 500, 503):
        app.register_error_handler(code, handle_http_error)

    from . import access

    def handle_refused(error: access.Refused) -> Response | tuple[str, int]:
        # A route's guard refused a page (the API's blueprint answers its own in JSON).
        return access.page_answer(error, handle_http_error)

    app.register_error_handler(access.Refused, handle_refused)

    # A refused change, a value that cannot be: the pages' one table (the API's blueprint
    # answers its own first).
    from . import page_errors

    page_errors.register(app)

    from sqlalchemy.exc import OperationalError
    from sqlalchemy.exc import TimeoutError as PoolTimeout
    from sqlalchemy.orm.exc import StaleDataError

    def handle_database(error: Exception) -> Response | tuple[str, int]:
        # Only a database that stayed locked past the busy timeout is answered as busy; any
        # other operational error is the server's (500).
        if isinstance(error, OperationalError) and not _busy(error):
            raise error
        app.logger.warning("database refused the request: %s", error)
        answer = database_answer(error)
        assert answer is not None
        return _with_retry(app.make_response(handle_http_error(answer)), answer)

    # A database that stayed locked past its busy timeout; no connection of the pool free for
    # POOL_TIMEOUT seconds; a row changed under a writer that did not hold its lock (the
    # version check caught it). Nothing was saved: the phone may try again in a moment.
    for kind in (OperationalError, PoolTimeout, StaleDataError):
        app.register_error_handler(kind, handle_database)


def _busy(error: Exception) -> bool:
    orig = str(getattr(error, "orig", error)).lower()
    return "locked" in orig or "busy" in orig


def database_answer(error: Exception) -> HTTPException | None:
    """What a database refusal answers, the one table of them (``None``: not one of them):
    503 with ``Retry-After`` when it was busy, 409 when another change won the race. The
    transaction was rolled back: nothing is half-saved."""
    from sqlalchemy.exc import IntegrityError, OperationalError
    from sqlalchemy.exc import TimeoutError as PoolTimeout
    from sqlalchemy.orm.exc import StaleDataError
    from werkzeug.exceptions import Conflict, ServiceUnavailable

    from .i18n import gettext

    if isinstance(error, PoolTimeout):
        return ServiceUnavailable(gettext(DATABASE_BUSY), retry_after=POOL_RETRY_AFTER)
    if isinstance(error, OperationalError):
        return ServiceUnavailable(gettext(DATABASE_BUSY), retry_after=BUSY_RETRY_AFTER)
    if isinstance(error, (IntegrityError, StaleDataError)):
        return Conflict(gettext(DATABASE_RACED))
    return None


def _with_retry(response: Response, answer: HTTPException) -> Response:
    retry_after = getattr(answer, "retry_after", None)
    if retry_after is not None:
        response.headers["Retry-After"] = str(retry_after)
    return response


def _register_transactions(app: Flask) -> None:
    """One commit per request, in one place: after the view, if it answered without an error.

    Services flush and never commit, views never commit nor roll back either: a request whose
    answer is an error (4xx, 5xx) rolls back whatever it flushed, so nothing is half-saved; one
    that raised had its changes dropped already (:class:`ScorekeeperApp`), before its answer
    was made.
    """
    from flask import request, session
    from sqlalchemy.exc import IntegrityError, OperationalError
    from sqlalchemy.orm.exc import StaleDataError

    from .extensions import db

    def commit_or_roll_back(response: Response) -> Response:
        from flask import request

        failed: Exception | None = None
        # ``scorekeeper.roll_back``: the request raised (:class:`ScorekeeperApp`).
        if response.status_code < 400 and not request.environ.get("scorekeeper.roll_back"):
            try:
                db.session.commit()
                return response
            except (IntegrityError, OperationalError, StaleDataError) as exc:
                # Writers take turns (row lock, BEGIN IMMEDIATE), so this is a database that
                # stayed busy past its timeout, or a constraint a race slipped past: nothing
                # was saved, and the answer must not say it was.
                failed = exc
        db.session.rollback()
        if failed is None:
            return response
        app.logger.warning("commit failed: %s", failed)
        session.pop("_flashes", None)
        error = database_answer(failed)
        assert error is not None
        return _with_retry(app.make_response(app.handle_http_exception(error)), error)

    app.after_request(commit_or_roll_back)

    def keep_session(response: Response) -> Response:
        # Only a session that holds something becomes permanent: a visitor who never got one
        # is not handed a cookie for nothing. Its expiry moves on when the session changes,
        # and at least once every RENEW_DAYS on a visit, so a phone in use keeps it for good.
        # A static file leaves the session alone: reading it would make the answer vary by
        # the cookie, and a phone would fetch the file again whenever the cookie changed.
        if request.endpoint == "static" or not session:
            return response
        if not session.permanent:
            session.permanent = True
        today = int(time.time() // 86400)
        renewed = session.get("_renewed")
        if not isinstance(renewed, int) or not 0 <= today - renewed < RENEW_DAYS:
            session["_renewed"] = today
        return response

    app.after_request(keep_session)
