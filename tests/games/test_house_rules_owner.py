"""House rules belong to the browser that made them: others may read and use them, never change
or delete them; the edit link brings the right to another phone."""

from __future__ import annotations

import re

from game_helpers import form_of, make_house, start_game

from scorekeeper.extensions import db
from scorekeeper.models import HouseRules
from scorekeeper.services import games as games_service
from scorekeeper.services import house_rules as service


def edit_link(html: str) -> str:
    # The host is the machine's LAN address (the test client calls "localhost").
    m = re.search(r'<p class="share-url"><a href="http://[^/"]+(/games/house-rules/[^"]+)"',
                  html)
    assert m, "no edit link on the page"
    return m.group(1)


def test_the_token_is_stored_hashed_and_kept_by_the_browser(client):
    house_id = make_house(client)
    with client.session_transaction() as sess:
        tokens = sess["house_rules_tokens"]
    assert len(tokens) == 1
    house = db.session.get(HouseRules, house_id)
    assert house.edit_token_hash == games_service.hash_token(tokens[0])
    assert tokens[0] not in house.edit_token_hash
    res = client.get(f"/games/house-rules/{house_id}")
    html = res.get_data(as_text=True)
    assert res.status_code == 200 and 'name="target"' in html
    assert edit_link(html) == f"/games/house-rules/{house_id}/join/{tokens[0]}"
    assert res.headers["Cache-Control"] == "private, no-store"


def test_another_browser_reads_and_uses_but_cannot_change(app, client):
    house_id = make_house(client, "la-canasta")
    stranger = app.test_client()

    res = stranger.get(f"/games/house-rules/{house_id}")
    html = res.get_data(as_text=True)
    assert res.status_code == 200
    assert "Only the browser that made them can change or delete them." in html
    assert 'name="target"' not in html and "/delete" not in html
    assert "/join/" not in html  # the owner's link is never shown to a reader
    assert 'class="rules-card"' in html and "Casa Pérez" in html
    assert f'href="/games/new?ruleset={house_id}"' in html

    res = stranger.post(f"/games/house-rules/{house_id}",
                        data={**form_of(house_id), "target": "9000", "name": "Mine now"})
    assert res.status_code == 403
    assert "Nothing was changed" in res.get_data(as_text=True)
    res = stranger.post(f"/games/house-rules/{house_id}/delete")
    assert res.status_code == 403
    db.session.expire_all()
    house = db.session.get(HouseRules, house_id)
    assert house is not None and house.name == "Casa Pérez"
    assert service.find(house_id).target == 5000

    # Used by id: a game starts with them.
    game_id = start_game(stranger, ruleset=house_id)
    assert games_service.find_game(game_id).ruleset_id == house_id


def test_lists_show_only_this_browsers_house_rules(app, client):
    mine = make_house(client, name="Los martes")
    stranger = app.test_client()
    theirs = make_house(stranger, name="Los jueves")

    for path in ("/games/house-rules", "/games/new", "/calculator", "/opening-minimum",
                 "/rules/classic", "/sheets/", "/tournaments/new"):
        html = client.get(path).get_data(as_text=True)
        assert mine in html, path
        assert theirs not in html and "Los jueves" not in html, path
    fresh = app.test_client()
    listed = fresh.get("/games/house-rules").get_data(as_text=True)
    assert mine not in listed and theirs not in listed and "None yet." in listed

    # Opened by id, they are listed as read only.
    fresh.get(f"/games/house-rules/{theirs}")
    listed = fresh.get("/games/house-rules").get_data(as_text=True)
    assert f'href="/games/house-rules/{theirs}"' in listed and "read only" in listed
    assert mine not in listed


def test_the_edit_link_brings_the_right_to_another_phone(app, client):
    house_id = make_house(client)
    link = edit_link(client.get(f"/games/house-rules/{house_id}").get_data(as_text=True))
    phone = app.test_client()
    res = phone.get(link)
    assert res.status_code == 303
    assert res.headers["Location"].endswith(f"/games/house-rules/{house_id}")
    res = phone.post(f"/games/house-rules/{house_id}",
                     data={**form_of(house_id), "target": "4000"})
    assert res.status_code == 303
    db.session.expire_all()
    assert service.find(house_id).target == 4000
    listed = phone.get("/games/house-rules").get_data(as_text=True)
    assert f'href="/games/house-rules/{house_id}"' in listed and "read only" not in listed


def test_a_wrong_edit_link_is_refused_and_counted(app, client):
    house_id = make_house(client)
    phone = app.test_client()
    res = phone.get(f"/games/house-rules/{house_id}/join/not-the-token")
    assert res.status_code == 403
    html = res.get_data(as_text=True)
    assert "This edit link is wrong or no longer works" in html
    assert phone.post(f"/games/house-rules/{house_id}/delete").status_code == 403
    # Guessing is limited like a game's edit link.
    statuses = [phone.get(f"/games/house-rules/{house_id}/join/guess{i}").status_code
                for i in range(40)]
    assert statuses[-1] == 429 and set(statuses) == {403, 429}


def test_the_owner_replaces_the_edit_link(app, client):
    house_id = make_house(client)
    old = edit_link(client.get(f"/games/house-rules/{house_id}").get_data(as_text=True))
    stranger = app.test_client()
    assert stranger.post(f"/games/house-rules/{house_id}/edit-link").status_code == 403
    res = client.post(f"/games/house-rules/{house_id}/edit-link")
    assert res.status_code == 303 and res.headers["Location"].endswith("?replaced=1#share")
    html = client.get(f"/games/house-rules/{house_id}?replaced=1").get_data(as_text=True)
    assert "The old edit link no longer works." in html
    new = edit_link(html)
    assert new != old
    # This browser keeps the right; the old link opens nothing any more, the new one does.
    assert client.post(f"/games/house-rules/{house_id}",
                       data={**form_of(house_id), "target": "4000"}).status_code == 303
    assert stranger.get(old).status_code == 403
    assert stranger.get(new).status_code == 303
    with client.session_transaction() as sess:
        assert len(sess["house_rules_tokens"]) == 1


def test_deleting_forgets_the_token(client):
    house_id = make_house(client)
    assert client.post(f"/games/house-rules/{house_id}/delete").status_code == 303
    assert db.session.get(HouseRules, house_id) is None
    with client.session_transaction() as sess:
        assert sess["house_rules_tokens"] == []


def test_rules_without_an_owner_are_read_only_until_a_new_link(app, client, runner):
    # As the migration leaves rules stored before they had owners: a hash no token has.
    house = service.create_from_preset("classic", "Vieja")
    db.session.commit()
    house_id = house.id
    assert client.post(f"/games/house-rules/{house_id}/delete").status_code == 403

    result = runner.invoke(args=["house-rules-link", house_id, "--url", "https://c.example/"])
    assert result.exit_code == 0, result.output
    link = result.output.strip()
    assert link.startswith(f"https://c.example/games/house-rules/{house_id}/join/")
    path = link.removeprefix("https://c.example")
    assert client.get(path).status_code == 303
    assert client.post(f"/games/house-rules/{house_id}/delete").status_code == 303

    missing = runner.invoke(args=["house-rules-link", "house-nobody-0000"])
    assert missing.exit_code != 0 and "no house rules" in missing.output


def test_a_new_link_replaces_the_old_one(app, client, runner):
    house_id = make_house(client)
    runner.invoke(args=["house-rules-link", house_id])
    # The creator's token no longer opens them.
    res = client.post(f"/games/house-rules/{house_id}",
                      data={**form_of(house_id), "target": "4000"})
    assert res.status_code == 403


def test_the_session_stays_under_a_cookies_size(app, client):
    """Thirty games and the most house rules a browser keeps still fit in one cookie."""
    for i in range(32):
        start_game(client, side_0_name=f"S{i}")
    for i in range(22):
        make_house(client, name=f"Reglas número {i} de la casa de los abuelos")
    stranger = app.test_client()
    for i in range(12):
        client.get(f"/games/house-rules/{make_house(stranger, name=f'Ajenas {i} ' + 'x' * 30)}")
    res = client.get("/games/house-rules")
    cookie = res.headers.get("Set-Cookie") or ""
    with client.session_transaction() as sess:
        assert len(sess["house_rules_tokens"]) == 20
        assert len(sess["house_rules_seen"]) == 10
    if not cookie:  # unchanged by the last request: measure the session as the client holds it
        cookie = client.get_cookie("session").value
    assert len(cookie) < 4000
    listed = res.get_data(as_text=True)
    assert listed.count('class="button hr-list-link"') == 30


def test_new_messages_in_spanish(app, client):
    from flask_babel import refresh

    house_id = make_house(client)
    stranger = app.test_client()
    refresh()  # the tests' shared app context would keep the first request's language
    html = stranger.get(f"/games/house-rules/{house_id}?lang=es").get_data(as_text=True)
    assert "Puedes leer estas reglas de la casa y empezar una partida con ellas." in html
    assert "Empezar una partida con estas reglas" in html
    refresh()
    html = stranger.post(f"/games/house-rules/{house_id}/delete").get_data(as_text=True)
    assert "No se ha cambiado nada" in html
    refresh()
    html = client.get(f"/games/house-rules/{house_id}?lang=es").get_data(as_text=True)
    assert "Cambiar estas reglas desde otro teléfono" in html
    refresh()
    html = stranger.get("/games/?lang=es").get_data(as_text=True)
    assert "Solo se muestran las partidas empezadas o abiertas en este navegador." in html
    refresh()
    html = stranger.get("/games/stats?lang=es").get_data(as_text=True)
    assert "En 0 partidas empezadas o abiertas en este navegador." in html
    refresh()
    res = stranger.delete(f"/api/v1/house-rules/{house_id}",
                          headers={"Accept-Language": "es", "Authorization": "Bearer x"})
    assert res.get_json()["error"] == "Ese token de edición no abre estas reglas de la casa."
