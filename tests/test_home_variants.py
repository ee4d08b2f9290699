"""The home page finds a variant by the name a table calls it, in any language the app speaks."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from scorekeeper.engine import PRESETS

# No test here touches the database (the finder searches the presets, not the database), so the
# PostgreSQL run of .ci/run leaves the module out.
pytestmark = pytest.mark.no_database


def names(html: str) -> list[str]:
    return re.findall(r'class="variant-name">([^<]*)<', html)


def test_an_empty_search_lists_every_preset_with_its_ways_in(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert len(names(html)) == len(PRESETS)
    for rs_id in PRESETS:
        assert f'href="/games/new?ruleset={rs_id}"' in html
        assert f'href="/rules/{rs_id}"' in html
        assert f'href="/sheets/?ruleset={rs_id}"' in html


@pytest.mark.parametrize(("query", "found", "not_found"), [
    # Bolivia and Brazilian are Samba's family: their texts say so.
    ("samba", ["Samba", "Bolivia"], ["Classic Canasta"]),
    ("Bolivia", ["Bolivia"], ["Samba", "Classic Canasta"]),
    ("uruguaya", ["Uruguay Canasta"], ["Samba"]),  # the Spanish name, from the English page
    ("URUGUAY canasta", ["Uruguay Canasta"], ["Classic Canasta"]),  # every word, any case
    ("fundacion", ["Tournament (Fundación Pablo Horstmann)"], []),  # without its accent
    ("torneo", ["Tournament (Fundación Pablo Horstmann)"], []),  # the preset's id
    ("poker", [], ["Classic Canasta"]),
    # Issue 25: the names the variants' sources give, the River Plate "brasilera" among them.
    ("brasilera", ["Brazilian Canasta"], ["Samba", "Classic Canasta"]),
    ("canasta brasilera", ["Brazilian Canasta"], ["Samba"]),
    ("Canasta brasileña", ["Brazilian Canasta"], ["Samba"]),
    ("canasta boliviana", ["Bolivia"], ["Samba"]),
    ("joker canasta", ["Cuban Canasta"], ["Classic Canasta"]),
    ("canastone", ["Italian Canasta (Canastone)"], ["Samba"]),
    # Pack counts: two packs are classic's (and its two-pack relatives'), never Samba's or
    # Canastone's three, though Samba's words hold "dos" ("dos canastas") and "barajas".
    ("dos barajas", ["Classic Canasta", "Cuban Canasta"], ["Samba", "Italian Canasta (Canastone)"]),
    ("two packs", ["Classic Canasta"], ["Samba", "Italian Canasta (Canastone)"]),
    ("two decks", ["Classic Canasta"], ["Samba", "Italian Canasta (Canastone)"]),
    ("2 barajas", ["Classic Canasta"], ["Samba"]),
    ("tres barajas", ["Samba", "Italian Canasta (Canastone)"], ["Classic Canasta"]),
    # Portuguese and Italian: the presets' names in each (from the catalogs) and pack counts.
    ("canastra uruguaia", ["Uruguay Canasta"], ["Samba"]),
    ("canastra brasileira", ["Brazilian Canasta"], ["Samba"]),
    ("canasta cubana", ["Cuban Canasta"], ["Classic Canasta"]),
    ("dois baralhos", ["Classic Canasta"], ["Samba", "Italian Canasta (Canastone)"]),
    ("due mazzi", ["Classic Canasta"], ["Samba", "Italian Canasta (Canastone)"]),
    ("três baralhos", ["Samba", "Italian Canasta (Canastone)"], ["Classic Canasta"]),
    ("tre mazzi", ["Samba", "Italian Canasta (Canastone)"], ["Classic Canasta"]),
    # Hand and Foot (VARIANTS-2.md 10) by its names and its five packs.
    ("hand and foot", ["Hand and Foot"], ["Classic Canasta"]),
    ("Hand & Foot", ["Hand and Foot"], ["Classic Canasta"]),
    ("mano y pie", ["Hand and Foot"], ["Classic Canasta"]),
    ("five decks", ["Hand and Foot"], ["Classic Canasta", "Samba"]),
    # A word is found from its start: "dos" is not in "todos".
    ("todos", [], ["Classic Canasta"]),
])
def test_a_search_finds_the_variant_by_any_of_its_names(client: FlaskClient, query: str,
                                                        found: list[str],
                                                        not_found: list[str]) -> None:
    res = client.get("/", query_string={"q": query})
    assert res.status_code == 200
    got = names(res.get_data(as_text=True))
    assert [n for n in got if n in found] == found
    assert not set(got) & set(not_found)


def test_in_spanish_the_names_are_spanish(client: FlaskClient) -> None:
    html = client.get("/?lang=es&q=uruguay").get_data(as_text=True)
    assert names(html) == ["Canasta uruguaya"]
    assert "Planilla en blanco" in html


def test_nothing_found_says_so_with_the_words_escaped(client: FlaskClient) -> None:
    html = client.get("/", query_string={"q": '<b hx-get="/x">poker</b> %s {0}'}).get_data(True)
    assert names(html) == []
    assert "No variant is called “&lt;b hx-get=&#34;/x&#34;&gt;poker&lt;/b&gt; %s {0}”" in html
    assert "<b hx-get" not in html


def test_htmx_gets_the_list_alone(client: FlaskClient) -> None:
    res = client.get("/?q=samba", headers={"HX-Request": "true"})
    html = res.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="variant-list"')
    assert "<html" not in html and names(html)[:2] == ["Samba", "Bolivia"]
    assert "HX-Request" in res.headers.get("Vary", "")


def test_two_packs_in_spanish_lists_classic(client: FlaskClient) -> None:
    html = client.get("/?lang=es&q=dos+barajas").get_data(as_text=True)
    got = names(html)
    assert "Canasta clásica" in got and "Samba" not in got


def test_brasilera_in_spanish(client: FlaskClient) -> None:
    assert names(client.get("/?lang=es&q=brasilera").get_data(as_text=True)) == [
        "Canasta brasileña"]


@pytest.mark.parametrize(("lang", "name"), [("pt", "Canastra uruguaia"),
                                            ("it", "Canasta uruguaiana")])
def test_in_portuguese_and_italian_the_names_are_theirs(client: FlaskClient, lang: str,
                                                        name: str) -> None:
    assert names(client.get(f"/?lang={lang}&q=uruguai").get_data(as_text=True)) == [name]


@pytest.mark.parametrize(("lang", "query", "name"), [
    # VARIANTS-2.md 11 and 12: the names their players use, in each language the app speaks.
    ("en", "canastra", "Buraco (Brazil)"),
    ("pt", "canastra", "Buraco (Brasil)"),
    ("es", "buraco aberto", "Buraco (Brasil)"),
    ("pt", "Buraco Aberto", "Buraco (Brasil)"),
    ("it", "buraco fechado", "Buraco (Brasile)"),
    ("pt", "stbl", "Buraco (Brasil)"),
    ("en", "burraco", "Burraco (Italy)"),
    ("it", "burraco", "Burraco (Italia)"),
    ("pt", "burraco", "Burraco (Itália)"),
    ("es", "burraco italiano", "Burraco (Italia)"),
    ("it", "fibur", "Burraco (Italia)"),
    ("it", "pozzetto", "Burraco (Italia)"),  # from its description
    ("pt", "morto", "Buraco (Brasil)"),
])
def test_buraco_and_burraco_by_their_names(client: FlaskClient, lang: str, query: str,
                                           name: str) -> None:
    got = names(client.get("/", query_string={"q": query, "lang": lang}).get_data(as_text=True))
    if query == "canastra":
        # Portuguese calls every canasta "canastra" (every preset's Portuguese name holds it):
        # Buraco is among them.
        assert name in got
    else:
        assert got == [name]
