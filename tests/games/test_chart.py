"""The running-total chart: drawn on the server, accessible, scalable, no inline styles."""

from __future__ import annotations

import re

import pytest
from game_helpers import post_hand, start_game

from scorekeeper.games.chart import chart_svg, nice_step, running_total_svg
from scorekeeper.services import games as games_service


@pytest.fixture
def request_ctx(app):
    """Numbers and words are put in the request's language."""
    with app.test_request_context("/"):
        yield


def polylines(svg: str) -> list[str]:
    return re.findall(r'<polyline class="chart-line chart-line-\d" points="([^"]+)"', svg)


def test_points_are_scaled_by_hand(request_ctx):
    svg = str(chart_svg(["A", "B"], [[100, 200], [50, -50]], target=5000))
    # Values run from -50 to 200: steps of 100 from -100 to 200 over 170 units of height
    # starting at y=12; hands 0..2 over 288 units of width from x=58.
    # y(0) = 12 + 170 * 200/300 = 125.3; y(100) = 68.7; y(200) = 12; y(50) = 97;
    # y(-50) = 153.7. x(1) = 58 + 144 = 202; x(2) = 346.
    assert polylines(svg) == ["58,125.3 202,68.7 346,12", "58,125.3 202,97 346,153.7"]
    # Grid values -100, 0, 100, 200; the target is far off, so it is not drawn.
    assert re.findall(r'text-anchor="end" fill="#333333">([^<]+)<', svg) == [
        "\u2212100", "0", "100", "200"]
    assert "Target" not in svg


def test_accessible_scalable_and_black_and_white_friendly(request_ctx):
    svg = str(chart_svg(["Nosotros", "Ellos", "Otros"], [[100], [50], [0]]))
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert 'role="img"' in svg and 'width="100%"' in svg and 'viewBox="0 0 360 ' in svg
    label = re.search(r'aria-label="([^"]+)"', svg).group(1)
    assert label == "Running total by hand: Nosotros 100; Ellos 50; Otros 0 after 1 hand"
    assert f"<title>{label}</title>" in svg
    assert "style=" not in svg and "<style" not in svg and "<script" not in svg
    # Each side its own dash pattern (solid, dashed, dotted) and marker shape.
    dashes = [re.search(r'stroke-dasharray="([^"]+)"', line)
              for line in re.findall(r"<polyline[^>]+>", svg)]
    assert [d.group(1) if d else None for d in dashes] == [None, "8 5", "2 4"]
    assert "<circle" in svg and "<rect" in svg and "<polygon" in svg


def test_names_are_escaped_and_target_shown_when_near(request_ctx):
    svg = str(chart_svg(['<b>"x"</b>'], [[3000]], target=5000))
    assert "<b>" not in svg and "&lt;b&gt;" in svg
    assert "Target 5,000" in svg


def test_no_hands_yet(request_ctx):
    svg = str(chart_svg(["A", "B"], [[], []], target=5000))
    assert "No hands yet" in svg and "<polyline" not in svg


def test_nice_steps():
    assert [nice_step(s) for s in (100, 250, 1035, 4000, 15000)] == [50, 100, 500, 1000, 5000]


def test_chart_of_a_stored_game(client, request_ctx):
    game_id = start_game(client)
    post_hand(client, game_id)
    post_hand(client, game_id)
    game = games_service.find_game(game_id)
    assert games_service.game_state(game).totals == (2070, 1070)
    svg = str(running_total_svg(game))
    assert "Nosotros 2,070; Ellos 1,070 after 2 hands" in svg
    assert len(polylines(svg)) == 2
    assert [len(p.split()) for p in polylines(svg)] == [3, 3]


def test_chart_route(client):
    game_id = start_game(client)
    post_hand(client, game_id)
    res = client.get(f"/games/{game_id}/chart.svg")
    assert res.status_code == 200
    assert res.mimetype == "image/svg+xml"
    assert "Nosotros 1,035; Ellos 535" in res.get_data(as_text=True)
    etag = res.headers["ETag"]
    again = client.get(f"/games/{game_id}/chart.svg", headers={"If-None-Match": etag})
    assert again.status_code == 304
    # Sent gzipped, its ETag is weak; a browser sending that back gets 304 as well.
    zipped = client.get(f"/games/{game_id}/chart.svg", headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    weak = zipped.headers["ETag"]
    assert weak.startswith('W/"')
    assert client.get(f"/games/{game_id}/chart.svg", headers={
        "If-None-Match": weak, "Accept-Encoding": "gzip"}).status_code == 304
    post_hand(client, game_id)
    assert client.get(f"/games/{game_id}/chart.svg",
                      headers={"If-None-Match": etag}).status_code == 200
    assert client.get("/games/no-such-game/chart.svg").status_code == 404
