"""The JSON API, mounted at /api/v1 (exempt from CSRF; errors are answered in JSON)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import Blueprint

from .. import access


@dataclass(frozen=True)
class Route:
    """A rule of the API as its module declared it, before any app mounts it."""

    rule: str
    methods: frozenset[str]
    view: Callable[..., Any]


class ApiBlueprint(Blueprint):
    """The API's blueprint, which keeps its routes: the OpenAPI document is generated from
    them and their views' declarations (``openapi.operation``) with or without an app."""

    def __init__(self, name: str, import_name: str) -> None:
        super().__init__(name, import_name)
        self.routes: list[Route] = []

    def add_url_rule(self, rule: str, endpoint: str | None = None,
                     view_func: Callable[..., Any] | None = None,
                     provide_automatic_options: bool | None = None, **options: Any) -> None:
        super().add_url_rule(rule, endpoint, view_func, provide_automatic_options, **options)
        if view_func is not None:
            methods = frozenset(m.upper() for m in options.get("methods") or ("GET",))
            self.routes.append(Route(rule, methods, view_func))


bp = ApiBlueprint("api", __name__)

from . import (  # noqa: E402,F401  (register routes on bp)
    common,
    confirmations,  # noqa: E402,F401  (results confirmed at the table)
    errors,
    games,
    house_rules,
    openapi,
    pairs,  # noqa: E402,F401  (pairs on the night)
    scoring,
    series,  # noqa: E402,F401  (a club's season)
    table_cards,
    tournament_desk,  # noqa: E402,F401  (the desk's actions)
    tournament_papers,  # noqa: E402,F401
    tournaments,
)

bp.before_request(common.refuse_unstorable_headers)

# The rule sets' and the document's routes read, or count a hand, and store nothing: declared
# open to anyone here, by their rules, as every other route is on its own view.
_OPEN = {"/score": "counts a hand and stores nothing", "/rulesets": "reads the rule sets",
         "/rulesets/<ruleset_id>": "reads a rule set", "/opening-minimum": "reads a rule set",
         "/openapi.json": "the API's document"}
for _route in bp.routes:
    if _route.rule in _OPEN:
        access.public(_OPEN.pop(_route.rule))(_route.view)
assert not _OPEN, f"no such API routes: {sorted(_OPEN)}"
