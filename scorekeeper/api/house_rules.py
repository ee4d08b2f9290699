"""House rules as JSON: create them, read them, replace them, delete them.

Creating answers the edit token once (stored hashed). Reading needs only the id, and so does
starting a game with them (``POST /games`` with the id as ``ruleset``). Replacing and deleting
need the token as ``Authorization: Bearer <edit_token>``: 401 without one, 403 (counted by the
rate limit) with a wrong one.
"""

from __future__ import annotations

from typing import Annotated, TypedDict

from flask import Response, jsonify, make_response, url_for

from .. import access
from ..access import guard, public
from ..i18n import gettext as _
from ..models import HouseRules
from ..network import public_root
from ..services import house_rules as service
from ..services.games import new_token
from . import bp
from .common import found, json_body
from .openapi import BODY_ERRORS, add_schemas, errors, header, ok, operation, ref
from .scoring import ruleset_json
from .shapes import Doc, answers

_AUTH: list[dict[str, list[str]]] = [{"houseRulesToken": []}]
_RULESET = {"$ref": "#/components/schemas/RuleSet"}

_E404 = "No house rules of that id"


def _house_or_404(house_id: str) -> HouseRules:
    return found(service.get(house_id), _("There are no house rules with that id."))


class NewHouseRules(TypedDict):
    id: str
    edit_token: str
    url: Annotated[str, Doc("The house rules' page")]
    edit_url: Annotated[str, Doc("The page with the edit link")]


answers(NewHouseRules)


def _new_house_rules(house_id: str, edit_token: str) -> NewHouseRules:
    root = public_root()
    return {
        "id": house_id,
        "edit_token": edit_token,
        "url": f"{root}/games/house-rules/{house_id}",
        "edit_url": f"{root}/games/house-rules/{house_id}/join/{edit_token}",
    }


@bp.post("/house-rules")
@operation("createHouseRules", "Store house rules (answers their edit token, shown once)",
           body=ref("HouseRulesBody"),
           responses={"201": ok("The id, the edit token and the links", ref("NewHouseRules"),
                                {"Location": header("Where the house rules are read")}),
                      **errors(*BODY_ERRORS, 503)})
@public("anyone may write house rules of their own")
def create_house_rules() -> Response:
    """Store new house rules; 201 with their id and edit token, 422 with field errors."""
    token = new_token()
    house = service.create_from_data(json_body(), token)
    response = make_response(jsonify(_new_house_rules(house.id, token)), 201)
    response.headers["Location"] = url_for("api.get_house_rules", house_id=house.id)
    return response


@bp.get("/house-rules/<house_id>")
@operation("getHouseRules", "House rules as data",
           responses={"200": ok("The rule set", _RULESET), **errors(404, e404=_E404)})
@public("house rules read with their id")
def get_house_rules(house_id: str) -> Response:
    """The house rules as data, in the shape of ``GET /rulesets/<id>``."""
    house = _house_or_404(house_id)
    return jsonify(ruleset_json(service.ruleset_of(house)))


@bp.put("/house-rules/<house_id>")
@operation("putHouseRules", "Replace every value of house rules", security=_AUTH,
           body=ref("HouseRulesBody"),
           responses={"200": ok("The rule set", _RULESET),
                      **errors(*BODY_ERRORS, 401, 403, 404, 429, 503, e404=_E404)})
@guard(access.house_rules_owner_api)
def replace_house_rules(house_id: str) -> Response:
    """Replace every value (those left out are the preset's); 200 with the rules."""
    house = _house_or_404(house_id)
    rs = service.replace_from_data(house, json_body())
    return jsonify(ruleset_json(rs))


@bp.delete("/house-rules/<house_id>")
@operation("deleteHouseRules", "Delete house rules (games keep their copy)", security=_AUTH,
           responses={"204": {"description": "Deleted"},
                      **errors(401, 403, 404, 429, 503, e404=_E404)})
@guard(access.house_rules_owner_api)
def delete_house_rules(house_id: str) -> Response:
    """Delete the house rules (games started with them keep their copy); 204."""
    house = _house_or_404(house_id)
    service.delete(house)
    return make_response("", 204)


add_schemas({
    "HouseRulesBody": service.HOUSE_RULES.schema(),
})
