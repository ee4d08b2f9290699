"""Each side's running total by hand, drawn as SVG on the server (no chart library).

The chart reads as well in black and white as in colour: each side has its own dash pattern
and marker shape. Styling is done with presentation attributes, which the page's CSP
(``style-src 'self'``) allows where ``style=`` would be blocked; ``static/css/house_rules.css``
may refine them through the classes. The SVG has a viewBox and no fixed size, so it scales to
the width of a phone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from flask import Response, make_response, request
from markupsafe import Markup, escape

from ..access import public
from ..engine import RuleSet, flow
from ..i18n import PLAIN_WORDS, get_locale, number, own_gettext, own_ngettext
from ..i18n import gettext as _
from ..models import Game
from ..page_errors import found
from ..services import games as games_service
from ..services.games import GameState
from . import bp

WIDTH = 360
PLOT_TOP = 12
PLOT_HEIGHT = 170
LEFT = 58
RIGHT = 14
AXIS_GAP = 30
LEGEND_ROW = 24

#: Per side: stroke colour (dark enough on white), dash pattern, marker shape.
STYLES: tuple[tuple[str, str, str], ...] = (
    ("#0b3d91", "", "circle"),
    ("#a00000", "8 5", "square"),
    ("#1b5e20", "2 4", "triangle"),
)


def _num(value: float) -> str:
    return number(value)


def _fmt(value: float) -> str:
    """A coordinate, short (SVG does not need more than a tenth of a unit here)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def nice_step(span: float, ticks: int = 4) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about ``ticks`` intervals."""
    if span <= 0:
        return 100
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return max(5, int(factor * power))
    return max(5, int(10 * power))  # pragma: no cover - the loop always returns


def _marker(shape: str, x: float, y: float, colour: str) -> str:
    if shape == "square":
        return (f'<rect x="{_fmt(x - 3.5)}" y="{_fmt(y - 3.5)}" width="7" height="7" '
                f'fill="{colour}"/>')
    if shape == "triangle":
        pts = " ".join(f"{_fmt(px)},{_fmt(py)}" for px, py in
                       ((x, y - 4.5), (x + 4.5, y + 3.5), (x - 4.5, y + 3.5)))
        return f'<polygon points="{pts}" fill="{colour}"/>'
    return f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="3.5" fill="{colour}"/>'


def chart_svg(names: Sequence[str], series: Sequence[Sequence[int]], target: int | None = None,
              ruleset: RuleSet | None = None) -> Markup:
    """The chart for running totals ``series`` (one list per side, starting at hand 1), its
    words the game's own (``ruleset``: Burraco's smazzata for a hand)."""
    words = ruleset if ruleset is not None else PLAIN_WORDS
    hands = max((len(s) for s in series), default=0)
    points = [[0, *s] for s in series]  # every side starts the game at 0
    values = [v for s in points for v in s] or [0]
    low, high = min(0, *values), max(0, *values)
    show_target = target is not None and hands > 0 and high >= target / 2
    if show_target and target is not None:
        high = max(high, target)
    step = nice_step(high - low or 100)
    y_min = math.floor(low / step) * step
    y_max = max(math.ceil(high / step) * step, y_min + step)

    plot_w = WIDTH - LEFT - RIGHT
    legend_top = PLOT_TOP + PLOT_HEIGHT + AXIS_GAP
    height = legend_top + LEGEND_ROW * len(names) + 4

    def x_at(i: int) -> float:
        return LEFT + (plot_w * i / hands if hands else 0)

    def y_at(v: float) -> float:
        return PLOT_TOP + PLOT_HEIGHT * (y_max - v) / (y_max - y_min)

    finals = [s[-1] if s else 0 for s in series]
    summary = own_gettext(words, "Running total by hand") + ": " + "; ".join(
        f"{name} {_num(total)}" for name, total in zip(names, finals, strict=False)
    )
    if hands:
        summary += " " + own_ngettext(words, "after %(num)d hand", "after %(num)d hands", hands)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart-svg" viewBox="0 0 {WIDTH} {height}" '
        f'width="100%" preserveAspectRatio="xMidYMid meet" role="img" '
        f'aria-label="{escape(summary)}" font-size="15">',
        f"<title>{escape(summary)}</title>",
    ]
    # Horizontal grid lines with their values.
    v = y_min
    while v <= y_max:
        y = y_at(v)
        out.append(f'<line class="chart-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{_fmt(y)}" '
                   f'y2="{_fmt(y)}" stroke="#bbbbbb" stroke-width="{1.5 if v == 0 else 0.75}"/>')
        out.append(f'<text x="{LEFT - 6}" y="{_fmt(y + 5)}" text-anchor="end" '
                   f'fill="#333333">{escape(_num(v))}</text>')
        v += step
    # Hand numbers along the bottom (every few when there are many).
    every = max(1, math.ceil(hands / 10)) if hands else 1
    for i in range(0, hands + 1, every):
        out.append(f'<text x="{_fmt(x_at(i))}" y="{PLOT_TOP + PLOT_HEIGHT + 18}" '
                   f'text-anchor="middle" fill="#333333">{i}</text>')
    if show_target and target is not None:
        y = y_at(target)
        out.append(f'<line class="chart-target" x1="{LEFT}" x2="{WIDTH - RIGHT}" '
                   f'y1="{_fmt(y)}" y2="{_fmt(y)}" stroke="#555555" stroke-width="1" '
                   f'stroke-dasharray="1 3"/>')
        # At the left, where every line is still near 0, the label hides no point.
        label_y = y - 5 if y - 5 >= PLOT_TOP + 12 else y + 16  # below it at the very top
        out.append(f'<text x="{LEFT + 6}" y="{_fmt(label_y)}" text-anchor="start" '
                   f'fill="#333333">{escape(_("Target"))} {escape(_num(target))}</text>')
    if not hands:
        empty = escape(own_gettext(words, "No hands yet"))
        out.append(f'<text x="{LEFT + plot_w / 2}" y="{PLOT_TOP + PLOT_HEIGHT / 2}" '
                   f'text-anchor="middle" fill="#333333">{empty}</text>')
    for k, (name, pts) in enumerate(zip(names, points, strict=False)):
        colour, dash, shape = STYLES[k % len(STYLES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        if hands:
            coords = " ".join(f"{_fmt(x_at(i))},{_fmt(y_at(p))}" for i, p in enumerate(pts))
            out.append(f'<polyline class="chart-line chart-line-{k}" points="{coords}" '
                       f'fill="none" stroke="{colour}" stroke-width="2.5" '
                       f'stroke-linejoin="round"{dash_attr}/>')
            marks = range(0, len(pts), every) if len(pts) > 12 else range(len(pts))
            out += [_marker(shape, x_at(i), y_at(pts[i]), colour) for i in marks]
        # The legend: a sample of the line, its marker, the side's name and total.
        ly = legend_top + LEGEND_ROW * k + 8
        out.append(f'<line x1="{LEFT}" x2="{LEFT + 34}" y1="{ly}" y2="{ly}" stroke="{colour}" '
                   f'stroke-width="2.5"{dash_attr}/>')
        out.append(_marker(shape, LEFT + 17, ly, colour))
        out.append(f'<text x="{LEFT + 42}" y="{ly + 5}" fill="#111111">{escape(name)} '
                   f'({escape(_num(finals[k]))})</text>')
    out.append("</svg>")
    return Markup("".join(out))


def running_total_svg(game: Game, state: GameState | None = None) -> Markup:
    """The running-total chart of ``game``, from its stored hand totals (``state``: the
    game's state when the page has it already; only its running totals are read)."""
    state = state if state is not None else games_service.game_state(game)
    names = [side.name for side in game.sides]
    # The empty hand that ended the game at time (or at the desk's close) is no hand played.
    settle = games_service.time_call(game)
    played = [row for row in state.hands if row.number != settle]
    series = [[row.running[i] for row in played] for i in range(len(names))]
    # A game of rounds has no target line (engine/flow.py).
    ruleset = games_service.ruleset_of(game)
    return chart_svg(names, series, target=flow.goal(ruleset, game.target), ruleset=ruleset)


@bp.get("/<game_id>/chart.svg")
@public("a game reads with its public id")
def chart(game_id: str) -> Response:
    """The running-total chart as an SVG image (for ``<img>`` and for sharing)."""
    game = found(games_service.find_game(game_id))
    etag = f"chart-{game.version}-{get_locale()}"
    if request.if_none_match.contains_weak(etag):
        response = make_response("", 304)
    else:
        response = make_response(str(running_total_svg(game)))
        response.mimetype = "image/svg+xml"
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("Accept-Language")
    return response
