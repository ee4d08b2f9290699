"""A language's catalog read as pairs of what the app says and how the language says it."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po


def translated_pairs(path: Path) -> list[tuple[str, str]]:
    """Each translated string of the ``.po`` file at ``path`` beside its msgid (a plural's
    forms beside its singular and plural ids in turn; the language's further forms beside the
    plural id)."""
    with path.open("rb") as fh:
        catalog = read_po(fh)
    out: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        out += [(ids[min(i, len(ids) - 1)], s) for i, s in enumerate(strings) if s]
    return out
