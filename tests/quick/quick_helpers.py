"""Reading the quick pages' HTML back: the answer, the highlighted band, the card's rows."""

from __future__ import annotations

import html
import re


def text(fragment: str) -> str:
    """A fragment of HTML as the reader sees it: tags gone, entities read, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def minimum_shown(page: str) -> str | None:
    """The big number of the opening-minimum page, or ``None`` when there is no answer."""
    found = re.search(r'class="om-minimum" data-minimum="[^"]*">(.*?)</p>', page, re.S)
    return text(found.group(1)) if found else None


def current_band(page: str) -> str | None:
    """The highlighted row of the threshold table: "1,500 to 2,995 90"."""
    found = re.search(r'<tr class="om-current" aria-current="true">(.*?)</tr>', page, re.S)
    return text(found.group(1)) if found else None


def card_rows(page: str) -> dict[str, str]:
    """The rules card's rows, label (without its small note) to value."""
    rows: dict[str, str] = {}
    for label, value in re.findall(
        r'<tr><th scope="row">(.*?)</th><td class="num">(.*?)</td></tr>', page, re.S
    ):
        label = re.sub(r'<span class="rc-note">.*?</span>', "", label, flags=re.S)
        rows[text(label)] = text(value)
    return rows


def field_error(page: str, error_id: str) -> str:
    """The message shown next to a field (empty when there is none)."""
    found = re.search(rf'<p class="field-error" id="{error_id}"[^>]*>(.*?)</p>', page, re.S)
    assert found, f"no #{error_id} on the page"
    return text(found.group(1))
