"""Every catalog speaks every message: a msgid of the template missing, empty or fuzzy in a
language shows the English text to its players, so it fails here rather than on a club night."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from scorekeeper import config

#: Reads the catalogs: the PostgreSQL run of .ci/run leaves it out.
pytestmark = pytest.mark.no_database

ROOT = Path(__file__).resolve().parent.parent / "translations"
#: Python %-placeholders (named or not), str.format fields and HTML tags: a translation that
#: drops or mistypes one breaks the page or raises when the message is filled in.
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%[sd]|\{[0-9a-z_]*\}|</?[a-z][^>]*>")
TRANSLATED = [lang for lang in config.LANGUAGES if lang != "en"]


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


@pytest.fixture(scope="module")
def template() -> Catalog:
    return _read(ROOT / "messages.pot")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_translates_every_msgid_of_the_template(template: Catalog, lang: str) -> None:
    catalog = _read(ROOT / lang / "LC_MESSAGES" / "messages.po")
    problems: list[str] = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id)
        if found is None:
            problems.append(f"missing: {message.id!r}")
            continue
        if found.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        strings = found.string if isinstance(found.string, tuple) else (found.string,)
        if message.pluralizable and len(strings) != catalog.num_plurals:
            problems.append(f"{len(strings)} plural forms: {message.id!r}")
        if not all(strings):
            problems.append(f"untranslated: {message.id!r}")
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in strings:
            if _placeholders(text) != _placeholders(ids[-1]):
                problems.append(f"placeholders differ: {message.id!r} -> {text!r}")
    assert not problems, f"{lang}: {len(problems)} problems\n" + "\n".join(problems[:40])


def test_every_spoken_language_has_a_catalog() -> None:
    for lang in TRANSLATED:
        assert (ROOT / lang / "LC_MESSAGES" / "messages.po").is_file(), lang
    assert set(config.LANGUAGE_NAMES) == set(config.LANGUAGES)
