"""What this browser may see and change: the house rules its session remembers.

A browser sees the house rules it made (their edit tokens, kept like a game's in
``edit_tokens``) and those it opened by id; never every row on the server, which belongs to
other tables. The session cookie must stay under 4 KB beside the games' tokens, hence the
small bounds: a token is 27 characters, an id up to 41.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import abort, request, session

from .engine import PRESETS, RuleSet
from .i18n import label
from .models import HouseRules
from .ratelimit import note_token_failure
from .services import house_rules as service

#: Edit tokens of house rules one browser keeps (the newest; older ones are forgotten).
MAX_OWNED = 20
#: Ids of house rules opened without their edit token.
MAX_SEEN = 10

OWNED_KEY = "house_rules_tokens"
SEEN_KEY = "house_rules_seen"


def _strings(key: str) -> list[str]:
    remembered = session.get(key)
    if not isinstance(remembered, list):
        return []
    return [t for t in remembered if isinstance(t, str) and 0 < len(t) <= 100]


def house_rules_tokens() -> list[str]:
    """The house-rules edit tokens this browser keeps, oldest first."""
    return _strings(OWNED_KEY)


def seen_house_rules() -> list[str]:
    """The ids of house rules this browser opened without their token, oldest first."""
    return _strings(SEEN_KEY)


def remember_house_rules_token(token: str) -> None:
    """Keep an edit token of house rules in this browser (made here, or its edit link opened)."""
    tokens = [t for t in house_rules_tokens() if t != token]
    session[OWNED_KEY] = [*tokens, token][-MAX_OWNED:]


def forget_house_rules_token(token: str) -> None:
    """Forget a token whose house rules were deleted (or whose link was replaced)."""
    tokens = house_rules_tokens()
    if token in tokens:
        session[OWNED_KEY] = [t for t in tokens if t != token]


def remember_seen(house_id: str) -> None:
    """Remember house rules opened by id, so the browser's list shows them."""
    seen = seen_house_rules()
    if seen and seen[-1] == house_id:
        return
    session[SEEN_KEY] = [*(i for i in seen if i != house_id), house_id][-MAX_SEEN:]


def owner_token(house: HouseRules) -> str | None:
    """This browser's edit token of ``house``, if it keeps one."""
    return service.owner_token(house, house_rules_tokens())


def house_rules_rows() -> list[HouseRules]:
    """The house rules this browser made or opened, newest first."""
    return service.known_rows(seen_house_rules(), house_rules_tokens())


def remember_token(key: str, item_id: str, token: str, limit: int) -> None:
    """Keep ``token`` for ``item_id`` in the session's ``key`` map, the newest last, at most
    ``limit`` of them (the oldest are forgotten: the cookie must stay small)."""
    tokens = session.get(key)
    tokens = dict(tokens) if isinstance(tokens, dict) else {}
    tokens.pop(item_id, None)
    tokens[item_id] = token
    while len(tokens) > limit:
        tokens.pop(next(iter(tokens)))
    session[key] = tokens


def desk_link_kept(key: str, item_id: str, opens: Callable[[str], bool], limit: int) -> bool:
    """Whether the request is a desk link (``?token=``) whose token this browser now keeps
    (``remember_token``), so that the page can drop it from its address; a token that does not
    open the desk (``opens``) is refused 403 and counted as a guess."""
    token = request.args.get("token")
    if token is None:
        return False
    if not opens(token):
        note_token_failure()
        abort(403)
    remember_token(key, item_id, token, limit)
    return True


def ruleset_choices(current: RuleSet | None = None) -> list[tuple[str, str]]:
    """``(id, name)`` of the rule sets a picker offers: the presets (names translated), then
    this browser's house rules (names as typed), with ``current`` among them."""
    return [(rs.id, name) for rs, name in picker_rulesets(current)]


def picker_rulesets(current: RuleSet | None = None) -> list[tuple[RuleSet, str]]:
    """The rule sets of :func:`ruleset_choices` themselves, each with its name."""
    return [(rs, label(rs.name)) for rs in PRESETS.values()] + [
        (rs, rs.name) for rs in house_rulesets(current)]


def house_rulesets(current: RuleSet | None = None) -> list[RuleSet]:
    """The rule sets of :func:`house_rules_rows`, with ``current`` when it is house rules.

    ``current`` is the rule set a page was opened with (``?ruleset=house-…``): a picker
    must be able to show it selected though the browser never listed it.
    """
    found = service.known_house_rules(seen_house_rules(), house_rules_tokens())
    if current is not None and current.id not in PRESETS and all(
        rs.id != current.id for rs in found
    ):
        found.append(current)
    return found
