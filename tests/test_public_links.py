"""Links other phones can open (issue 13): visited at a loopback address, the app hands out
links at the machine's LAN address; ``SCOREKEEPER_BASE_URL`` wins; any other address is kept."""

from __future__ import annotations

import io
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from scorekeeper import config, network


@pytest.fixture
def lan(app: Flask, monkeypatch: pytest.MonkeyPatch) -> str:
    """The machine is at 192.168.1.20 and the app listens on every interface (make run)."""
    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setitem(app.config, "LAN_LINKS", True)
    return "192.168.1.20"


def share_links(client: FlaskClient, **kwargs: str) -> list[str]:
    res = client.post("/games/new", data={"ruleset": "classic", "players": "4",
                                          "shown_ruleset": "classic"}, **kwargs)
    assert res.status_code == 303
    html = client.get(res.headers["Location"], **kwargs).get_data(as_text=True)
    return re.findall(r'<p class="share-url"><a href="([^"]+)"', html)


@pytest.mark.parametrize("host", ["127.0.0.1:5000", "localhost:5000", "[::1]:5000"])
def test_loopback_visits_hand_out_the_lan_address(client: FlaskClient, lan: str,
                                                  host: str) -> None:
    view, edit = share_links(client, base_url=f"http://{host}")
    assert view.startswith("http://192.168.1.20:5000/games/")
    assert re.fullmatch(r"http://192\.168\.1\.20:5000/games/[\w-]+/join/[\w-]+", edit)
    # The API's links too.
    data = client.post("/api/v1/games", json={}, base_url=f"http://{host}").get_json()
    assert data["view_url"] == f"http://192.168.1.20:5000/games/{data['id']}"
    assert data["sheet_url"].startswith("http://192.168.1.20:5000/sheets/games/")


def test_the_qr_code_is_of_the_lan_link(client: FlaskClient, lan: str) -> None:
    import segno

    res = client.post("/games/new", data={"ruleset": "classic", "players": "4",
                                          "shown_ruleset": "classic"},
                      base_url="http://127.0.0.1:5000")
    html = client.get(res.headers["Location"], base_url="http://127.0.0.1:5000").get_data(
        as_text=True)
    view = re.findall(r'<p class="share-url"><a href="([^"]+)"', html)[0]
    code = re.findall(r'<img class="qr" src="([^"]+)"', html)[0]
    drawn = client.get(code, base_url="http://127.0.0.1:5000").get_data()
    expected = io.BytesIO()
    segno.make(view, error="m").save(expected, kind="svg", scale=5, border=2)
    assert drawn == expected.getvalue()


def test_another_address_is_kept(client: FlaskClient, lan: str) -> None:
    view, _edit = share_links(client, base_url="http://192.168.1.5:8000")
    assert view.startswith("http://192.168.1.5:8000/games/")


def test_no_network_keeps_the_loopback_address(app: Flask, client: FlaskClient,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(app.config, "LAN_LINKS", True)
    monkeypatch.setattr(network, "lan_address", lambda: None)
    view, _edit = share_links(client, base_url="http://127.0.0.1:5000")
    assert view.startswith("http://127.0.0.1:5000/games/")


def test_a_server_on_loopback_alone_keeps_its_address(client: FlaskClient,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Bound to 127.0.0.1 only (not ``make run``), the LAN address would not answer."""
    monkeypatch.setattr(network, "lan_address", lambda: "192.168.1.20")
    view, _edit = share_links(client, base_url="http://127.0.0.1:5000")
    assert view.startswith("http://127.0.0.1:5000/games/")


def test_make_run_listens_everywhere_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    from scorekeeper import serve

    seen: dict[str, object] = {}
    monkeypatch.setattr(serve.Server, "run", lambda self: seen.update(lan=self.lan_links))
    serve.main(["--port", "5999", "--access-log", "/dev/null"])
    assert seen == {"lan": True}
    serve.main(["--host", "127.0.0.1", "--port", "5999", "--access-log", "/dev/null"])
    assert seen == {"lan": False}


def test_the_base_url_setting_wins(app: Flask, client: FlaskClient, lan: str,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_BASE_URL", " https://canasta.example.org/ ")
    assert config.base_url() == "https://canasta.example.org"
    app.config["BASE_URL"] = config.base_url()
    view, edit = share_links(client, base_url="http://127.0.0.1:5000")
    assert view.startswith("https://canasta.example.org/games/")
    assert edit.startswith("https://canasta.example.org/games/")


def test_the_desk_on_the_laptop_hands_out_links_the_tables_phones_can_open(
        client: FlaskClient, lan: str) -> None:
    """QA of 2026-12-05: the desk opened at 127.0.0.1 showed its organizer link and the
    tables' edit links (and their QR codes) at 127.0.0.1, which no phone can open; the game's
    share page and the table cards already said the LAN address."""
    local = {"base_url": "http://127.0.0.1:5000"}
    res = client.post("/tournaments/new", data={
        "name": "Club", "ruleset": "classic", "rounds": "1", "minutes": "60", "target": "5000",
        "language": "en", "pairs": "\n".join(f"Pair {i}: A{i}, B{i}" for i in range(1, 5))},
        **local)
    assert res.status_code == 303, res.get_data(as_text=True)[:300]
    page = client.get(res.headers["Location"], **local)
    while page.status_code in (302, 303):
        page = client.get(page.headers["Location"], **local)
    html = page.get_data(as_text=True)
    organizer = re.findall(r'<p class="token-link"><a href="([^"]+)"', html)
    assert len(organizer) == 1 and organizer[0].startswith("http://192.168.1.20:5000/tournaments/")
    tid = organizer[0].split("/tournaments/")[1].split("?")[0]

    html = client.post(f"/tournaments/{tid}/rounds/1/links", data={"which": "missing"},
                       **local).get_data(as_text=True)
    joins = re.findall(r'href="(http://[^"]+/join/[^"]+)"', html)
    assert len(joins) == 2, html[:500]  # four pairs: two tables
    assert all(j.startswith("http://192.168.1.20:5000/games/") for j in joins), joins
    assert "127.0.0.1" not in html
