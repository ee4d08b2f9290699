"""What the tournament shows away from the desk: the wall screen (a projector: live standings
and every table's clock in big type) and each table phone's clock (its table, game and time).

Both are read-only and refresh themselves with htmx polling; the intervals come from the
configuration (``TOURNAMENT_WALL_POLL``, ``TOURNAMENT_CLOCK_POLL``, seconds), so tests can
shorten them. When the wall's tables or standings do not fit the screen, its script shows them
a page at a time, turning every ``TOURNAMENT_WALL_PAGE`` seconds.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Response, abort, current_app, render_template
from markupsafe import Markup

from ..access import public
from ..extensions import htmx
from ..i18n import force_locale
from ..services import games as games_service
from ..services import results
from ..services import tournaments as service
from ..services.clock import OVER, clock_of, format_clock, table_clock
from ..web import render
from . import bp
from .cards import follow_block, follow_now

#: Default seconds between two refreshes of the wall screen and of a table phone's clock.
WALL_POLL, CLOCK_POLL = 10, 10
#: Default seconds a page of the wall's standings (or tables) stays up before the next one:
#: long enough to find one's own pair from across the room.
WALL_PAGE = 8


def _iso(moment: Any) -> str:
    return moment.isoformat(timespec="seconds") + "Z" if moment is not None else ""


def _byes(rounds: Any) -> dict[int, int] | None:
    """How many games each pair (by number) has sat out; ``None`` when no game had a bye."""
    counts: dict[int, int] = {}
    for rnd in rounds:
        for number in rnd.byes:
            counts[number] = counts.get(number, 0) + 1
    return counts or None


def _out_of_game(tournament: Any, rnd: Any) -> list[Any]:
    """The pairs that do not play game ``rnd``: its byes, and the pairs disqualified before
    it (by number)."""
    if rnd is None:
        return []
    seated = {n for t in rnd.tables for n in (t.pair_a.number, t.pair_b.number)}
    return sorted((p for p in tournament.pairs
                   if p.number not in seated and (p.number in rnd.byes
                                                  or p.disqualified_round is not None)),
                  key=lambda p: p.number)


def _poll(name: str, default: int) -> int:
    return max(1, int(current_app.config.get(name, default)))


@bp.get("/<tournament_id>/wall")
@public("the wall screen is public, as the standings")
def wall(tournament_id: str) -> Response:
    """The wall screen: the game's clock, every table and the standings, in big type.

    Public and read-only, like the standings (it carries no link that changes anything). It is
    in the tournament's language, whoever's browser opens it: the screen at the club is set up
    once by whoever is at hand, and speaks to the room, not to that browser.
    """
    tournament = service.find_tournament(tournament_id)
    if tournament is None:
        abort(404)
    rnd = service.current_round(tournament) or (tournament.rounds[-1] if tournament.rounds
                                                else None)
    state = clock_of(tournament, rnd) if rnd is not None else None
    ctx = {
        "tournament": tournament,
        "round": rnd,
        "clock_state": state,
        "clock": format_clock(state.seconds_left) if state is not None else "",
        "deadline": _iso(state.deadline) if state is not None else "",
        "tables": [service.table_view(tournament, t) for t in rnd.tables] if rnd else [],
        "out_of_game": _out_of_game(tournament, rnd),
        "standings": service.standings(tournament),
        "byes": _byes(tournament.rounds),
        "poll": _poll("TOURNAMENT_WALL_POLL", WALL_POLL),
        "page_seconds": _poll("TOURNAMENT_WALL_PAGE", WALL_PAGE),
    }
    with force_locale(tournament.language):
        response = render("tournaments/wall.html", "tournaments/_wall.html", **ctx)
    response.headers["Cache-Control"] = "no-cache"
    return response


def table_clock_html(game_pk: int, game_id: str) -> Markup | None:
    """The clock block of a tournament game's page (``None`` outside a tournament)."""
    info = table_clock(game_pk)
    if info is None:
        return None
    if info.clock.closed_with:
        info = replace(info, over_before_close=results.over_before_close(game_pk))
    return Markup(render_template(
        "tournaments/_table_clock.html", info=info, game_id=game_id,
        clock=format_clock(info.clock.seconds_left), deadline=_iso(info.clock.deadline),
        closed_left=format_clock(info.clock.closed_with or 0),
        poll=_poll("TOURNAMENT_CLOCK_POLL", CLOCK_POLL), follow=follow_block(game_pk),
    ))


def is_time_up(game_pk: int) -> bool:
    """Whether the game is a tournament table's whose clock has run out (002's last hand)."""
    info = table_clock(game_pk)
    return info is not None and info.clock.state == OVER


def waits_for_bell(game_pk: int) -> bool:
    """Whether the game is a tournament table's that waits for the desk to start its clock
    (it saves no hand until then)."""
    info = table_clock(game_pk)
    return info is not None and info.waiting


@bp.get("/clock/<game_id>")
@public("a table's clock reads with its game's public id")
def table_clock_block(game_id: str) -> Response:
    """A table phone's clock block alone (its htmx poll); opened directly, the game."""
    head = games_service.find_head(game_id)
    html = table_clock_html(head.id, game_id) if head is not None else None
    if html is None:
        abort(404)
    if not htmx:
        from ..web import see_other

        return see_other("games.show", game_id=game_id)
    response = current_app.make_response(str(html))
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("HX-Request")
    assert head is not None  # a clock was drawn for it
    return follow_now(response, head.id)
