"""The Spanish pages speak to the reader one way, as "tú" (issue 43: the desk mixed "tú" and
"usted": "Elige" beside "Elija", "imprime" beside "imprímalas"). Every Spanish message is read
for the "usted" forms the catalog had, and for "usted" itself."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

CATALOG = Path(__file__).resolve().parents[1] / "translations/es/LC_MESSAGES/messages.po"

#: "usted" imperatives and pronouns: the form of address the catalog does not use.
USTED = re.compile(r"\b(usted|Ud\.|Elija|Escriba|Ponga|Pida|Escanee|escanéela|imprímalas|"
                   r"deje|sustitúyalas|Sustitúyala|No lo confirme|registre|corrija sus|añada|"
                   r"retire|Pulse|Toque|Compruebe|Vuelva|Introduzca|Espere|Inténtelo)\b")


def test_the_spanish_messages_say_tu_never_usted() -> None:
    with CATALOG.open("rb") as f:
        catalog = read_po(f, locale="es")
    found = []
    for message in catalog:
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts:
            if text and USTED.search(text):
                found.append(f"{message.id!r}: {text}")
    assert not found, "\n".join(found)
