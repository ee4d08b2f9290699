"""PDF renders run in child processes of the worker: a bounded number at once, each bounded in
time and CPU; a request that would wait too long, or a render that takes too long, answers 503
with Retry-After, and the worker goes on rendering."""

from __future__ import annotations

import os

import pytest
from sheet_helpers import make_game, pdf_text

from scorekeeper.sheets import render
from scorekeeper.sheets.renderer import Limits, Renderer, RenderTooLong, renderer


def big_document(rows: int) -> str:
    cells = "".join(f"<tr><td>{i}</td><td>row {i}</td><td>{i * 5}</td></tr>"
                    for i in range(rows))
    return f"<!doctype html><html><body><table>{cells}</table></body></html>"


def test_a_sheet_is_rendered_in_a_child_process_at_a_lower_priority(app, client, monkeypatch):
    def not_here(*args, **kwargs):
        raise AssertionError("rendered in the worker's own process")

    monkeypatch.setattr(render, "html_to_pdf", not_here)
    _game, token = make_game(2)
    res = client.get(f"/sheets/games/{token}.pdf")
    assert res.status_code == 200 and "Nosotros" in pdf_text(res.data)[0]
    # The worker keeps its render processes by priority: another app of this test process
    # (the browser tests' server renders at PDF_RENDER_NICE=0) may have left one of its own.
    (child,) = [c for c in renderer._idle
                if c.proc.poll() is None and c.nice == Limits().nice][:1]
    assert child.proc.pid != os.getpid()
    assert (os.getpriority(os.PRIO_PROCESS, child.proc.pid)
            == min(19, os.getpriority(os.PRIO_PROCESS, 0) + Limits().nice))


def test_when_every_render_is_taken_a_request_gets_503_with_retry_after(app, client):
    app.config.update(PDF_RENDERS_PER_WORKER=1, PDF_RENDER_QUEUE=0)
    _game, token = make_game(2)
    limits = Limits.from_config(app.config)
    held = renderer._take(limits)  # another request's render, still running
    try:
        busy = client.get(f"/sheets/games/{token}.pdf")
    finally:
        renderer._give_back(held)
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "5"
    assert "Other printouts are being made" in busy.get_data(as_text=True)
    # Nothing was kept for it: once the render is free, the sheet comes.
    assert client.get(f"/sheets/games/{token}.pdf").status_code == 200


def test_a_request_waits_for_a_render_only_while_another_does_not_wait(app):
    limits = Limits(renders=1, queue=1, wait=0.2)
    mine = Renderer()
    held = mine._take(limits)
    try:
        # One may wait (and gives up after ``wait``); a second one behind it is refused at once.
        with pytest.raises(Exception) as waited:
            mine._take(limits)
        assert type(waited.value).__name__ == "RenderBusy"
        mine._waiting = 1  # someone waits already
        with pytest.raises(Exception) as refused:
            mine._take(limits)
        assert type(refused.value).__name__ == "RenderBusy"
    finally:
        mine._waiting = 0
        mine._give_back(held)
        mine.close()


def test_a_render_past_its_time_is_stopped_with_503_and_the_next_one_is_made(app, client):
    _game, token = make_game(2)
    app.config.update(PDF_RENDER_SECONDS=0.05)
    render.cache.clear()
    too_long = Renderer()
    with pytest.raises(RenderTooLong):
        too_long.render(big_document(3000), paper="a4", landscape=False,
                        limits=Limits.from_config(app.config))
    too_long.close()
    app.config.update(PDF_RENDER_SECONDS=Limits().seconds)
    assert client.get(f"/sheets/games/{token}.pdf").status_code == 200


def test_a_render_past_its_cpu_is_stopped_by_the_kernel():
    mine = Renderer()
    try:
        with pytest.raises(RenderTooLong):
            mine.render(big_document(12000), paper="a4", landscape=False,
                        limits=Limits(cpu_seconds=1, seconds=600))
        # Its child is gone; the next render starts another.
        small = mine.render("<p>hello</p>", paper="a4", landscape=False, limits=Limits())
        assert small.pdf.startswith(b"%PDF") and small.cpu > 0
    finally:
        mine.close()


def test_a_too_long_render_answers_503_with_retry_after(app, client, monkeypatch):
    from scorekeeper.sheets.renderer import Slot

    def too_long(*args, **kwargs):
        raise RenderTooLong(60)

    monkeypatch.setattr(Slot, "render", too_long)
    _game, token = make_game(2)
    res = client.get(f"/sheets/games/{token}.pdf", headers={"Accept-Language": "es"})
    assert res.status_code == 503 and res.headers["Retry-After"] == "60"
    assert "Vuelve a intentarlo en un minuto" in res.get_data(as_text=True)


def test_a_refused_request_builds_no_html(app, client, monkeypatch):
    from scorekeeper.sheets import views

    app.config.update(PDF_RENDERS_PER_WORKER=1, PDF_RENDER_QUEUE=0)
    _game, token = make_game(2)
    built = []
    real = views._sheet_html
    monkeypatch.setattr(views, "_sheet_html", lambda *a, **k: built.append(1) or real(*a, **k))
    held = renderer._take(Limits.from_config(app.config))
    try:
        assert client.get(f"/sheets/games/{token}.pdf").status_code == 503
    finally:
        renderer._give_back(held)
    assert built == []
    assert client.get(f"/sheets/games/{token}.pdf").status_code == 200 and built == [1]


def test_a_render_is_read_past_the_1024th_open_descriptor():
    """A worker holding thousands of event streams (gevent, ``make run``) gives the render's
    pipe a descriptor past 1,024, where ``select()`` cannot look: every sheet failed there."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1200:
        pytest.skip("this machine allows fewer than 1,200 open files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1200), hard))
    taken = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    mine = Renderer()
    try:
        small = mine.render("<p>hello</p>", paper="a4", landscape=False, limits=Limits())
        assert small.pdf.startswith(b"%PDF")
    finally:
        mine.close()
        for fd in taken:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
