"""The app's own files are linked at their version and kept by the phones until it changes: a
page opened again asks for none of them (scorekeeper/static_files.py)."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask, url_for
from flask.testing import FlaskClient

from scorekeeper import static_files

A_YEAR = "max-age=31536000"


def static_links(html: str) -> list[str]:
    return re.findall(r'(?:href|src|data-nosleep|data-css)="(/static/[^"]+)"', html)


def test_every_file_a_page_links_is_versioned_and_kept_a_year(client: FlaskClient) -> None:
    game = client.post("/api/v1/games", json={
        "ruleset": "classic", "players": 4, "sides": [{"name": "Nosotros"}, {"name": "Ellos"}],
    }).get_json()
    client.get(game["edit_url"])  # the session now holds an edit token: a cookie to send
    pages = [client.get(url).get_data(as_text=True)
             for url in ("/", f"/games/{game['id']}", f"/games/{game['id']}/hands/new")]
    links = sorted({link for html in pages for link in static_links(html)})
    assert {"/static/css/app.css", "/static/js/htmx.min.js", "/static/js/count.js"} <= {
        link.split("?")[0] for link in links}
    for link in links:
        assert re.search(r"\?v=[0-9a-f]{12}$", link), link
        res = client.get(link)
        assert res.status_code == 200, link
        control = res.headers["Cache-Control"]
        assert A_YEAR in control and "immutable" in control, (link, control)
        # Neither a cookie nor a variation by it: the kept copy serves whatever the session.
        assert "Set-Cookie" not in res.headers, link
        assert "Cookie" not in res.headers.get("Vary", ""), link
        res.close()


def test_a_link_without_its_current_version_is_checked_each_time(client: FlaskClient) -> None:
    for link in ("/static/css/app.css", "/static/css/app.css?v=000000000000"):
        res = client.get(link)
        assert res.status_code == 200
        assert res.headers["Cache-Control"] == "no-cache", link
        res.close()


def test_a_changed_file_gets_a_new_version_and_the_old_link_is_no_longer_kept(
        tmp_path: Path) -> None:
    app = Flask(__name__, static_folder=str(tmp_path), static_url_path="/static")
    app.get_send_file_max_age = lambda filename: (  # type: ignore[method-assign]
        static_files.max_age(app, filename))
    static_files.init_app(app)
    app.config["TEMPLATES_AUTO_RELOAD"] = True  # files are looked at again, as templates are
    sheet = tmp_path / "app.css"
    sheet.write_text("body { color: black; }")
    with app.test_request_context():
        old = url_for("static", filename="app.css")
        assert url_for("static", filename="app.css") == old  # the same bytes, the same link
    sheet.write_text("body { color: darkgreen; }")
    with app.test_request_context():
        new = url_for("static", filename="app.css")
        missing = url_for("static", filename="gone.css")
    assert old != new and old.startswith("/static/app.css?v=") and new.startswith(
        "/static/app.css?v=")
    assert missing == "/static/gone.css"  # no file, no version
    client = app.test_client()
    kept = client.get(new)
    assert A_YEAR in kept.headers["Cache-Control"] and kept.get_data() == sheet.read_bytes()
    kept.close()
    stale = client.get(old)
    assert stale.headers.get("Cache-Control") == "no-cache"
    stale.close()


def test_the_service_worker_keeps_the_files_the_pages_link(client: FlaskClient) -> None:
    worker = client.get("/sw.js")
    text = worker.get_data(as_text=True)
    shell = re.search(r"var SHELL_URLS = \[(.*?)\];", text, re.S)
    assert shell is not None
    kept = re.findall(r'"(/static/[^"]+)"', shell.group(1))
    game = client.post("/api/v1/games", json={
        "ruleset": "classic", "players": 4, "sides": [{"name": "Nosotros"}, {"name": "Ellos"}],
    }).get_json()
    linked = {link for url in ("/", f"/games/{game['id']}")
              for link in static_links(client.get(url).get_data(as_text=True))}
    assert kept and set(kept) <= linked  # the very URLs the pages ask for
    # The shell's cache is named after those versions: a new one replaces it.
    assert re.search(r'var SHELL = "shell-" \+ VERSION \+ "-[0-9a-f]{12}";', text)
    again = client.get("/sw.js", headers={"If-None-Match": worker.headers["ETag"]})
    assert again.status_code == 304
    worker.close()
    again.close()


def test_pages_link_static_files_only_through_url_for(app: Flask) -> None:
    # A link written by hand would miss its version and be asked for on every page.
    templates = Path(app.root_path).parent / "templates"
    for template in templates.rglob("*.html"):
        text = template.read_text(encoding="utf-8")
        assert not re.search(r'(?:href|src)="/static/', text), template


def test_only_a_file_of_the_static_folder_is_read_for_its_version(app: Flask,
                                                                 client: FlaskClient) -> None:
    # A request names the file: outside the folder, or not a regular file (a folder, a device
    # that never ends), nothing is read, and the answer is Flask's own (404).
    for name in ("../pyproject.toml", "../../../../dev/zero", "js", "/etc/hostname"):
        assert static_files.version_of(app, name) is None, name
    for url in ("/static/../pyproject.toml?v=1", "/static/../../../../dev/zero?v=1"):
        res = client.get(url)
        assert res.status_code == 404, url
        res.close()
