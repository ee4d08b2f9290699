"""gunicorn's access log without the tokens that links carry.

An edit link (``/games/<id>/join/<token>``, which is also each tournament table's link) and an
organizer link (``/tournaments/<id>?token=<token>``) are passwords: whoever reads them in a log
can keep the score or run the tournament. :class:`RedactingLogger` writes every request as
gunicorn would, with those tokens replaced by ``<redacted>``. Use it with
``--logger-class scorekeeper.accesslog.RedactingLogger`` (``make run`` does).
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from gunicorn.glogging import Logger

if TYPE_CHECKING:
    from gunicorn.http import Request
    from gunicorn.http.wsgi import Response

REDACTED = "<redacted>"

# A path segment after /join/ is an edit token; so is any query value named like a token.
_JOIN = re.compile(r"(/join/)[^/?#\s\"]+")
_QUERY = re.compile(r"((?:^|[?&;])(?:token|edit_token|admin_token)=)[^&;#\s\"]*", re.IGNORECASE)

# The atoms that carry a request's path or query (``r`` the request line, ``U`` the path,
# ``q`` the query string, ``f`` the Referer, which can be one of our own pages).
_URL_ATOMS = ("r", "U", "q", "f")


def redact(text: str) -> str:
    """``text`` with every edit or organizer token in it replaced by ``<redacted>``."""
    return _QUERY.sub(r"\1" + REDACTED, _JOIN.sub(r"\1" + REDACTED, text))


class RedactingLogger(Logger):
    """gunicorn's logger, with tokens redacted from what an access-log line can show."""

    # types-gunicorn's atoms() returns a TypedDict of the one-letter atoms only, but gunicorn's
    # also holds a "{name}i" key per request header (glogging.Logger.atoms), which this redacts:
    # the override returns the same items as a plain dict, which gunicorn formats alike.
    def atoms(  # type: ignore[override]
        self, resp: Response, req: Request, environ: MutableMapping[str, Any],
        request_time: timedelta,
    ) -> dict[str, Any]:
        atoms: dict[str, Any] = dict(super().atoms(resp, req, environ, request_time))
        for key in _URL_ATOMS:
            value = atoms.get(key)
            if isinstance(value, str):
                atoms[key] = redact(value)
        # Headers a custom format may log as %({name}i)s: the API's bearer token, the Referer.
        if atoms.get("{authorization}i"):
            atoms["{authorization}i"] = REDACTED
        if isinstance(atoms.get("{referer}i"), str):
            atoms["{referer}i"] = redact(atoms["{referer}i"])
        return atoms
