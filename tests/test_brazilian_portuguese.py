"""The Portuguese catalog is Brazil's (issue 42: "são precisas" reads as European Portuguese):
the players of Buraco and Canastra who read it say "são necessárias", "registrar", "celular",
"tela", "compartilhar" and "está sendo jogado". A European form in any message fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from catalogs import translated_pairs

pytestmark = pytest.mark.no_database

CATALOG = Path(__file__).resolve().parent.parent / "translations" / "pt" / "LC_MESSAGES" / \
    "messages.po"

#: European Portuguese forms and the Brazilian ones the catalog says instead.
EUROPEAN = {
    r"\bsão precis[ao]s\b": "são necessárias / são necessários",
    r"\bregist(ar|ad[ao]s?|o|os|e|em)\b": "registrar, registrada, registro, registre",
    r"\brondas?\b": "rodada",
    r"\baté à\b": "até a",
    r"\becrãs?\b": "tela",
    r"\btelemóve(l|is)\b": "celular",
    r"\bequipas?\b": "equipe",
    r"\butilizador(es)?\b": "usuário",
    r"\bficheiros?\b": "arquivo",
    r"\bpartilh\w*": "compartilhar",
    r"\b(está|estão|estou|estamos|estava) a \w+(ar|er|ir)\b": "está sendo, está jogando",
    r"\bcontact[oa]s?\b": "contato",
    r"\bfacto\b": "fato",
    r"\bactua(l|is)\b": "atual",
    r"\baceder\b": "acessar",
    r"\bGuardar\b": "Salvar (a button that saves)",
    r"[«»]": "“aspas”",
}


@pytest.mark.parametrize("pattern", list(EUROPEAN))
def test_no_european_portuguese(pattern: str) -> None:
    found = [(msgid, text) for msgid, text in translated_pairs(CATALOG)
             # A source's own title or words quoted in Spanish stay as written.
             if re.search(pattern, text.replace("corte exacto", ""), re.IGNORECASE)]
    assert not found, (EUROPEAN[pattern], found)
