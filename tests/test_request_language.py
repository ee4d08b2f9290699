"""A request's language is found once and followed where a page switches it (``force_locale``).

``scorekeeper.i18n`` keeps the locale and catalog Flask-Babel finds for a request, so templates,
messages and numbers must still change with ``?lang=`` and inside a switch to a tournament's or a
sheet's language, and come back after it.
"""

from __future__ import annotations

import ast
from pathlib import Path

from flask import Flask, render_template_string
from flask.testing import FlaskClient

from scorekeeper.i18n import force_locale, get_locale, gettext, ngettext, number

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"

#: A message of the catalogs with its Spanish.
HAND_TOTAL = ("Hand total", "Total de la mano")


def _shown(app: Flask, lang: str) -> tuple[str, str, str, str]:
    with app.test_request_context(f"/?lang={lang}"):
        before = render_template_string("{{ _(m) }}|{{ 12345|number }}", m=HAND_TOTAL[0])
        with force_locale("en" if lang == "es" else "es"):
            inside = render_template_string("{{ _(m) }}|{{ 12345|number }}", m=HAND_TOTAL[0])
            spoken = f"{gettext(HAND_TOTAL[0])}|{number(12345)}|{get_locale()}"
        after = render_template_string("{{ _(m) }}|{{ 12345|number }}", m=HAND_TOTAL[0])
        return before, inside, spoken, after


def test_templates_messages_and_numbers_follow_a_switch_of_language(app: Flask) -> None:
    assert _shown(app, "en") == (
        "Hand total|12,345", "Total de la mano|12.345", "Total de la mano|12.345|es",
        "Hand total|12,345")
    assert _shown(app, "es") == (
        "Total de la mano|12.345", "Hand total|12,345", "Hand total|12,345|en",
        "Total de la mano|12.345")


def test_plurals_follow_the_language(app: Flask) -> None:
    hands = ("after %(num)d hand", "after %(num)d hands")
    with app.test_request_context("/?lang=es"):
        assert [ngettext(*hands, n) for n in (1, 3)] == ["tras 1 mano", "tras 3 manos"]
        with force_locale("en"):
            assert [ngettext(*hands, n) for n in (1, 3)] == ["after 1 hand", "after 3 hands"]
        assert render_template_string("{{ ngettext(h[0], h[1], 2) }}", h=hands) == "tras 2 manos"


def test_each_request_finds_its_own_language(client: FlaskClient) -> None:
    spanish = client.get("/?lang=es").get_data(as_text=True)
    english = client.get("/?lang=en").get_data(as_text=True)
    assert '<html lang="es">' in spanish and '<html lang="en">' in english


def test_no_module_switches_language_past_the_request_s_own() -> None:
    # Flask-Babel's own force_locale would leave the language the request found in place; its
    # gettext would find the language again for each message.
    for path in PACKAGE.rglob("*.py"):
        if path.name == "i18n.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.ImportFrom) and node.module == "flask_babel":
                names = {alias.name for alias in node.names}
                assert not names & {"force_locale", "get_locale", "refresh", "gettext",
                                     "ngettext", "lazy_gettext"}, path
