"""Translating what the engine says: its messages and labels are English msgids marked N_().

User text is data: a table's names and labels are never a msgid nor a format string. They are
shown through :func:`label`, and reach the engine's templates only as parameters.
"""

from __future__ import annotations

import decimal
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Protocol

import flask_babel
from babel import Locale
from babel.numbers import format_decimal
from babel.support import NullTranslations
from flask import Flask, g, has_app_context, has_request_context, request
from flask_babel import LazyString

from .engine import NAMED_LINE, PRESET_LABELS, PRESETS, FieldError, Line


@dataclass(slots=True)
class _Language:
    """The language a request is answered in: its locale and catalog, and the numbers written."""

    locale: Locale | None
    translations: NullTranslations
    numbers: dict[int, str] = field(default_factory=dict)


#: Where a request keeps its :class:`_Language`: in its WSGI environ, which lives as long as the
#: request (``g`` can outlive it: a test's app context holds several requests).
_LANGUAGE = "scorekeeper.language"


def _store() -> dict[str, Any] | None:
    if has_request_context():
        environ: dict[str, Any] = request.environ
        return environ
    if has_app_context():
        return g.__dict__
    return None


def _language() -> _Language:
    """The request's language, found once a request (and once inside :func:`force_locale`).

    Flask-Babel finds the locale and catalog anew for each message and number: three lookups
    of its context (three of Werkzeug's proxies each) and the locale's name each time; a
    read-only page made 193 of those lookups, 8 % of its time under the profiler.
    """
    store = _store()
    if store is None:
        return _Language(None, flask_babel.get_translations())
    language: _Language | None = store.get(_LANGUAGE)
    if language is None:
        language = store[_LANGUAGE] = _Language(
            flask_babel.get_locale(), flask_babel.get_translations())
    return language


def _forget_language() -> None:
    store = _store()
    if store is not None:
        store.pop(_LANGUAGE, None)


@contextmanager
def force_locale(locale: str) -> Iterator[None]:
    """Flask-Babel's ``force_locale``, with the request's language found again inside and after.

    Every switch of language goes through here, never through Flask-Babel's own (a test checks).
    """
    with flask_babel.force_locale(locale):
        _forget_language()
        try:
            yield
        finally:
            _forget_language()


def gettext(msgid: str, **variables: Any) -> str:
    """Flask-Babel's ``gettext`` in the request's language found once: the app's own messages
    (never user text: that goes through :func:`label`)."""
    text = str(_language().translations.ugettext(msgid))
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """Flask-Babel's ``ngettext`` in the request's language found once (``%(num)s`` is set)."""
    variables.setdefault("num", num)
    return str(_language().translations.ungettext(singular, plural, num)) % variables


def lazy_gettext(msgid: str, **variables: Any) -> LazyString:
    """Flask-Babel's ``lazy_gettext``, translated by :func:`gettext` when it is shown."""
    return LazyString(gettext, msgid, **variables)


_l = lazy_gettext


def get_locale() -> Locale | None:
    """The request's locale (Flask-Babel's, found once a request)."""
    return _language().locale


def install_gettext(app: Flask) -> None:
    """Templates' ``_()`` and ``ngettext()`` read the request's language found once."""
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: _language().translations.ugettext(s),
        ngettext=lambda s, p, n: _language().translations.ungettext(s, p, n),
        pgettext=lambda c, s: _language().translations.upgettext(c, s),
        npgettext=lambda c, s, p, n: _language().translations.unpgettext(c, s, p, n),
        newstyle=True,
    )


def label(text: object) -> str:
    """A name or label to show, as plain text (the template escapes it).

    A preset's own names and labels are English msgids (:data:`PRESET_LABELS`): translated.
    Anything else is a table's own words (a house rule's name or premio, a side, a player):
    shown as typed, never looked up as a msgid nor used as a format string.
    """
    if text is None:
        return ""
    if isinstance(text, str) and text in PRESET_LABELS:
        return str(gettext(text))
    return str(text)


def preset_name(preset_id: str) -> str:
    """The name of the preset ``preset_id`` (a house rule set's ``based_on``), translated;
    an id no preset has is shown as it is."""
    preset = PRESETS.get(preset_id)
    return label(preset.name) if preset is not None else preset_id


class _HasOwnWords(Protocol):
    def own(self, msgid: str) -> str: ...

    def own_plural(self, singular: str, plural: str) -> tuple[str, str]: ...


class _PlainWords:
    """The app's own words for every msgid: a page with no game's rule set."""

    def own(self, msgid: str) -> str:
        return msgid

    def own_plural(self, singular: str, plural: str) -> tuple[str, str]:
        return singular, plural


#: For ``own_gettext`` on a page that shows no game (``base.html``'s notices).
PLAIN_WORDS = _PlainWords()


def own_gettext(ruleset: _HasOwnWords, msgid: str, **variables: Any) -> str:
    """``msgid`` in the game's own words (``RuleSet.words``: Burraco's "smazzata" for a hand),
    translated. Templates call it with the generic msgid, a literal the extractor reads
    (``-k own_gettext:2``); the game's msgid is marked in its preset."""
    return str(gettext(ruleset.own(msgid), **variables))


def own_ngettext(ruleset: _HasOwnWords, singular: str, plural: str, num: int,
                 **variables: Any) -> str:
    """:func:`own_gettext` for a count: "%(num)d finished canasta" / "canastas"."""
    own_singular, own_plural = ruleset.own_plural(singular, plural)
    return str(ngettext(own_singular, own_plural, num, **variables))


def rule_text(msgid: str, params: Mapping[str, object] | None = None) -> str:
    """A rule value's own words (its card label, section title or sentence), declared once in
    the engine (``engine/declared.py``), translated as plain text that the template escapes.

    ``params`` are the section's own words (``Declared.params``: the second packet's
    ``%(packet)s``, the game's word for it), filled in after translating; without them the
    msgid is said as it is. Only for those declared msgids: a table's own words go through
    :func:`label`.
    """
    if params:
        return translate(msgid, params)
    return str(gettext(msgid))


#: The rule sources a preset traces its values to (``shared/RULES.md``), in words: a card
#: that said "Sources: 003, 004" named nothing a player knows.
RULE_SOURCES = {
    "000": _l("“La Canasta” (Spanish)"),
    "001": _l("Spanish rules with the wild-card canasta"),
    "002": _l("tournament rules"),
    "003": _l("English classic guide"),
    "004": _l("classic online rules"),
    # The Canasta family (shared/VARIANTS.md, "Sources").
    "RG-U": _l("rummy-games.com, Uruguay rules"),
    "BC": _l("blackcoin.co, Canasta rules and variations"),
    "BIC-S": _l("Bicycle, Samba"),
    "HSW-S": _l("HowStuffWorks, Samba"),
    "P-S": _l("pagat.com, Samba (Dutch rules)"),
    "BIC-B": _l("Bicycle, Bolivia"),
    "RG-B": _l("rummy-games.com, Bolivia rules"),
    "BN-B": _l("“Bolivian Canasta” (bright.net, 2001)"),
    "BIC-BR": _l("Bicycle, Brazilian Canasta"),
    "RG-BR": _l("rummy-games.com, Brazilian Canasta rules"),
    "WKC-BR": _l("whiteknucklecards.com, Brazilian Canasta"),
    "CLA": _l("Canasta League of America, Modern American Canasta"),
    "CCOM": _l("canasta.com, counting points in modern canasta"),
    "CJ": _l("Canasta Junction, scoring guide"),
    "CCON": _l("Canasta Connection, Canasta rules"),
    "WIKI-US": _l("Wikipedia, US American Canasta"),
    "WCA": _l("Official WCA Canasta Rules (2018)"),
    "NVSO": _l("Northern Virginia Senior Olympics, Canasta rules"),
    "POC": _l("“The Facts of Modern American Canasta”"),
    "P-CAN": _l("pagat.com, Canasta and its American variant"),
    "EA": _l("euroarab-forum copy of pagat's Canasta page"),
    # Hand and Foot (shared/VARIANTS-2.md, "Sources").
    "P-HF": _l("pagat.com, Hand and Foot"),
    "WHIT": _l("Bill Whitnack, “Our Rules for Hand and Foot”"),
    "HF-GD": _l("Hand and Foot rules guide citing pagat and Bicycle"),
    "HF-TV": _l("test vectors worked from pagat's Hand and Foot"),
    "BIC-HF": _l("Bicycle, Hand and Foot"),
    "JC": _l("Jerry Colby, Hand and Foot"),
    "GOCC": _l("GOCC Hand and Foot rules"),
    "COMP": _l("Roger Demers, standard Hand and Foot rules from a survey"),
    "DRW": _l("drwingnut, Hand and Foot"),
    "TW": _l("Hand and Foot, Tanglewood version"),
    "BGA": _l("Board Game Arena, Hand and Foot"),
    # The Canasta family (shared/VARIANTS.md): Cuban and Italian Canasta.
    "RG-C": _l("rummy-games.com, Cuban Canasta rules"),
    "RG-I": _l("rummy-games.com, Italian Canasta rules"),
    "HSW-I": _l("HowStuffWorks, Italian Canasta"),
    "P-CT": _l("pagat.com, Canastone"),
    # Buraco (shared/VARIANTS-2.md, "Sources").
    "P-BR": _l("pagat.com, Buraco as played in Brazil"),
    "WIKI-PT": _l("Wikipédia (pt), “Buraco (jogo de cartas)”"),
    "JOG": _l("Jogatina, Buraco Fechado and STBL rules"),
    "GD-A": _l("GameDesire, Buraco Classic rules"),
    "GD-F": _l("GameDesire, Buraco Fechado STBL"),
    "GV": _l("GameVelvet, Buraco (Canastra) rules"),
    "BS": _l("Buraco_score, a Brazilian scorekeeper's rules"),
    "SPEC-BR": _l("a Buraco rules engine's specification, checked against pagat"),
    # Burraco (shared/VARIANTS-2.md, "Sources").
    "P-BI": _l("pagat.com, Burraco as played in Italy"),
    "MYB": _l("My Burraco, FIBUR's tournament code"),
    "EB-A13": _l("eburraco, article 13 of the Italian code"),
    "EB-A16": _l("eburraco, article 16: closings"),
    "EB-A17N": _l("eburraco, counting the points: negative points"),
    "EB-PTS": _l("eburraco, counting the points"),
    "EB-TO": _l("eburraco, FIBUR's time-out"),
    "AICS": _l("AICS Burraco, national rules (2013)"),
    "OMS": _l("Burraco Italiano (onmadesoft), points"),
}


def source_name(key: object) -> str:
    """A rule source in words with its key (the card's notes cite sources by key).

    A key the app does not know (house rules sent through the API may carry any) is the
    table's own text: shown as it is, never looked up as a msgid.
    """
    text = str(key)
    known = RULE_SOURCES.get(text)
    if known is None:
        return text
    return f"{text} {known}"  # as the card's footer lists them: "003 English classic guide"


_WHOLE_PARAM = re.compile(r"%\((\w+)\)d")


def translate(template: str, params: Mapping[str, object] | None = None) -> str:
    """Translate one of the engine's templates, then fill in its parameters.

    ``template`` is always the engine's (or the app's) msgid, never user text: names and labels
    reach it as parameters, which go through :func:`label` (translated when a preset's own).
    """
    text = str(gettext(template))
    if not params:
        return text
    values: dict[str, Any] = {}
    for k, v in params.items():
        if isinstance(v, str):
            values[k] = label(v)
        elif isinstance(v, int) and not isinstance(v, bool):
            # "more than 10,000", not "10000": whole numbers with the language's separators.
            values[k] = number(v)
        else:
            values[k] = v
    # ``%(max)d`` takes the formatted text as ``%(max)s``.
    text = _WHOLE_PARAM.sub(r"%(\1)s", text)
    # Format after translating, so a translation can move the parameters around.
    return text % values


def error_message(error: FieldError) -> str:
    """The error's message in the request's language."""
    return translate(error.template, error.params)


def line_label(line: Line) -> str:
    """A count line's label in the request's language."""
    return translate(line.label, line.params)


#: Ids of the lines a rule set names (see ``engine.scoring``): before NAMED_LINE, hands were
#: stored with the rule set's own label as the line's template.
_NAMED_LINE_IDS = ("going_out", "premio.", "penalty.")


def stored_template(line: Mapping[str, Any]) -> tuple[str, Mapping[str, object]]:
    """The template and parameters of a count line as a hand stored it."""
    template = str(line.get("label", ""))
    params = line.get("params")
    if not isinstance(params, Mapping):
        params = {}
    if template != NAMED_LINE and str(line.get("id", "")).startswith(_NAMED_LINE_IDS):
        # Stored before names became parameters: the template is the rule set's label itself.
        return NAMED_LINE, {**params, "name": template}
    return template, params


def stored_line_label(line: Mapping[str, Any]) -> str:
    """The label of a count line as a hand stored it, in the current language."""
    return translate(*stored_template(line))


@lru_cache(maxsize=8192)
def _whole(n: int, locale: Locale | str) -> str:
    # A game page shows ~100 numbers and Babel's formatting is the slow part of rendering it;
    # scores repeat a lot, so a small cache pays. A real minus sign reads better than a hyphen.
    # Babel rounds through the decimal context, whose 28 digits a number a client sends can pass
    # (``players: 10**30`` would raise inside the error message that echoes it): give the
    # context the digits the number holds (a bit over 0.3 per bit).
    with decimal.localcontext() as context:
        context.prec = max(context.prec, n.bit_length() * 31 // 100 + 10)
        text = str(format_decimal(abs(n), locale=locale))
    return f"\u2212{text}" if n < 0 else text


def number(value: Any) -> str:
    """A whole number in the request's language (1,650 / 1650 / 12.345), minus sign U+2212."""
    n = int(value)
    language = _language()
    # A page writes the same scores many times; each Locale key of the shared cache hashes
    # its parts, so the request keeps its own numbers first.
    text = language.numbers.get(n)
    if text is None:
        text = language.numbers[n] = _whole(n, language.locale or "en")
    return text


def signed(value: Any) -> str:
    """Points of a hand with their sign: +120, \u2212120, 0."""
    n = int(value)
    return f"+{number(n)}" if n > 0 else number(n)
