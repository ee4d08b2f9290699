"""A body declared once: the document's schema and the service's reader come from the same
declaration, so what the document says a body holds is what is read, with the messages the API
has always answered."""

from __future__ import annotations

import pytest

from scorekeeper.api.openapi import document
from scorekeeper.engine import EntryErrors
from scorekeeper.services import desk, paper_results
from scorekeeper.services.clock import MAX_EXTEND
from scorekeeper.services.paper_results import MAX_TOTAL, read_totals

pytestmark = pytest.mark.no_database


def _request_schema(path: str) -> dict:
    op = document()["paths"][path]["post"]
    return op["requestBody"]["content"]["application/json"]["schema"]


def test_the_document_shows_the_declared_bodies():
    assert _request_schema("/tournaments/{tournament_id}/rounds/{number}/extend") == {
        "type": "object", "required": ["minutes"],
        "properties": {"minutes": {"type": "integer", "minimum": 1, "maximum": MAX_EXTEND}},
        "examples": [{"minutes": 5}]}
    schema = _request_schema("/tournaments/{tournament_id}/rounds/{number}/tables/{table}/result")
    assert schema == paper_results.PAPER_RESULT.schema()
    assert schema["properties"]["totals"]["items"] == {
        "type": "integer", "minimum": -MAX_TOTAL, "maximum": MAX_TOTAL}
    assert schema["properties"]["totals"]["minItems"] == 2 == schema["properties"]["totals"][
        "maxItems"]


def _errors(field, value, at=None):
    with pytest.raises(EntryErrors) as raised:
        field.take(value, at)
    return [(e.field, e.message) for e in raised.value.errors]


@pytest.mark.parametrize("value", [0, MAX_EXTEND + 1, "x", 2.5, True, None, [5]])
def test_minutes_out_of_the_declared_bounds_are_refused_with_the_bounds(value):
    minutes = desk.EXTEND.field("minutes")
    assert _errors(minutes, value) == [("minutes", f"A whole number from 1 to {MAX_EXTEND}.")]


def test_minutes_as_digits_are_read_as_the_number():
    minutes = desk.EXTEND.field("minutes")
    assert minutes.take(" 15 ") == 15
    assert minutes.take(MAX_EXTEND) == MAX_EXTEND


def test_totals_are_two_whole_numbers_each_named_by_its_place():
    totals = paper_results.PAPER_RESULT.field("totals")
    assert totals.take([8450, -6120]) == [8450, -6120]
    for shape in ([1], [1, 2, 3], "12", {"a": 1}, None):
        assert _errors(totals, shape) == [("totals", "Give the two pairs' final totals.")]
    bound = f"A whole number from {-MAX_TOTAL} to {MAX_TOTAL}."
    assert _errors(totals, ["1", MAX_TOTAL + 1]) == [("totals[0]", bound), ("totals[1]", bound)]
    assert _errors(totals, [True, 5], "result") == [("result[0]", bound)]


def test_a_form_sends_totals_as_grouped_digits():
    assert read_totals(["8.450", " 6,120 "], text=True) == (8450, 6120)
    with pytest.raises(EntryErrors):
        read_totals(["8.450", "6120"])


def test_a_pairs_body_is_declared_once_for_both_its_operations():
    from scorekeeper.services.pairs import PAIR

    paths = document()["paths"]
    added = paths["/tournaments/{tournament_id}/pairs"]["post"]
    renamed = paths["/tournaments/{tournament_id}/pairs/{number}"]["patch"]
    for op in (added, renamed):
        assert op["requestBody"]["content"]["application/json"]["schema"] == PAIR.schema()
    schema = PAIR.schema()
    assert schema["required"] == ["players"]
    assert schema["properties"]["players"]["items"]["pattern"] == "\\S"
    assert PAIR.pick({"players": ["A", "B"], "extra": 1}) == {"name": None,
                                                              "players": ["A", "B"]}


@pytest.mark.parametrize(("players", "message"), [
    (None, "A pair needs two players."),
    (["Ana"], "A pair needs two players."),
    (("Ana", "Luis"), "A pair needs two players."),
    (["Ana", "  "], "A pair needs two players."),
    (["Ana", "x" * 61], "At most 60 characters."),
])
def test_a_pairs_players_are_told_wrong_as_a_whole(players, message):
    from scorekeeper.services.pairs import PAIR

    assert _errors(PAIR.field("players"), players) == [("players", message)]


def test_a_pairs_names_are_folded():
    from scorekeeper.services.pairs import PAIR, read_pair

    assert PAIR.field("players").take([" Ana  María ", "Luis"]) == ["Ana María", "Luis"]
    errors = []
    assert read_pair({"players": ["Ana", "Luis"]}, errors) == ("Ana – Luis", ["Ana", "Luis"])
    assert read_pair({"name": "  ", "players": ["Ana", "Luis"]}, errors)[0] == ""
    assert [(e.field, e.message) for e in errors] == [("name", "Give a name.")]


@pytest.mark.parametrize("player", [0, 3, None, "x", True, [1]])
def test_a_substitute_names_player_1_or_2(player):
    from scorekeeper.services.pairs import SUBSTITUTE

    assert _errors(SUBSTITUTE.field("player"), player) == [
        ("player", "Choose the player who was replaced.")]
    assert SUBSTITUTE.field("player").take(" 2 ") == 2
    assert SUBSTITUTE.schema()["properties"]["player"]["enum"] == [1, 2]


def test_a_new_games_body_is_declared_once(monkeypatch):
    from dataclasses import replace

    from scorekeeper.engine import find_ruleset
    from scorekeeper.services import games

    assert _request_schema("/games") == games.NEW_GAME.schema()
    target = games.NEW_GAME.field("target")
    assert target.schema()["anyOf"][0]["maximum"] == 100_000
    # One bound changed in the declaration: the schema shows it and the reader refuses by it.
    narrowed = replace(target, high=2000)
    fields = tuple(narrowed if f is target else f for f in games.NEW_GAME.fields)
    monkeypatch.setattr(games, "NEW_GAME", replace(games.NEW_GAME, fields=fields))
    assert games.NEW_GAME.schema()["properties"]["target"]["anyOf"][0]["maximum"] == 2000
    with pytest.raises(EntryErrors) as raised:
        games.create_game(find_ruleset("classic"), target=3000)
    assert [(e.field, e.message) for e in raised.value.errors] == [
        ("target", "The target is a whole number from 100 to 2000.")]


def test_an_empty_form_field_is_no_target_and_no_first_dealer():
    from scorekeeper.services import games

    for name in ("target", "first_dealer"):
        field = games.NEW_GAME.field(name)
        assert field.take("") is None and field.take(None) is None
        assert field.schema()["anyOf"][1] == {"const": ""}
    assert games.NEW_GAME.pick({})["first_dealer"] == 0


@pytest.mark.parametrize(("body", "expected"), [
    ({"target": "  "}, [("target", "The target is a whole number from 100 to 100000.")]),
    ({"target": True}, [("target", "The target is a whole number from 100 to 100000.")]),
    ({"first_dealer": 4}, [("first_dealer", "Choose who deals first.")]),
    ({"first_dealer": 3, "sides": [{"name": " ", "players": [None, "x" * 61]}]},
     [("sides[0].players[1]", "At most 60 characters.")]),
    ({"sides": [{"name": 5}], "target": 99},
     [("sides[0].name", "A name is a text."),
      ("target", "The target is a whole number from 100 to 100000.")]),
])
def test_a_new_games_fields_are_refused_as_declared(body, expected):
    from scorekeeper.engine import find_ruleset
    from scorekeeper.services import games

    read = games.NEW_GAME.pick(body)
    with pytest.raises(EntryErrors) as refused:
        games.create_game(find_ruleset("classic"), players=read["players"],
                          target=read["target"], first_dealer=read["first_dealer"],
                          sides=read["sides"] or [])
    assert [(e.field, e.message) for e in refused.value.errors] == expected


def test_a_new_tournaments_body_is_declared_once(monkeypatch):
    from dataclasses import replace

    from scorekeeper.engine import find_ruleset
    from scorekeeper.services import tournament_setup, tournaments

    declared = tournaments.NEW_TOURNAMENT.schema()
    assert document()["components"]["schemas"]["NewTournament"] == declared
    assert tournaments.NEW_TOURNAMENT.schema()["required"] == ["name", "pairs"]
    minutes = tournaments.NEW_TOURNAMENT.field("minutes")
    # One bound changed in the declaration: the schema shows it and the reader refuses by it.
    narrowed = replace(minutes, high=90)
    fields = tuple(narrowed if f is minutes else f for f in tournaments.NEW_TOURNAMENT.fields)
    # Set where the tournament's set-up reads it (``services.tournaments`` names it there).
    monkeypatch.setattr(tournament_setup, "NEW_TOURNAMENT",
                        replace(tournaments.NEW_TOURNAMENT, fields=fields))
    assert tournament_setup.NEW_TOURNAMENT.schema()["properties"]["minutes"]["maximum"] == 90
    with pytest.raises(EntryErrors) as raised:
        tournaments.create_tournament(
            find_ruleset("classic"), name="Club", minutes="120", warn_minutes="", language=1,
            pairs=[{"players": ["Ana", "Luis"]}, {"players": ["Eva", "Juan"]}])
    assert [(e.field, e.message) for e in raised.value.errors] == [
        ("language", "Choose English, Spanish, Portuguese or Italian."),
        ("minutes", "A whole number from 5 to 90.")]


def test_the_house_rules_body_is_declared_once(monkeypatch):
    from dataclasses import replace

    from scorekeeper.services import house_rules

    schemas = document()["components"]["schemas"]
    own = house_rules.HOUSE_RULES.schema()
    assert {k: schemas["HouseRulesBody"]["properties"][k] for k in own["properties"]} == \
        own["properties"]
    assert schemas["HouseRulesBody"]["required"] == own["required"] == ["name"]
    assert schemas["HouseRulesBody"]["properties"]["based_on"]["enum"][-1] is None
    read = house_rules._ruleset_from_data
    assert read({"name": " Casa   Pérez ", "based_on": "brazilian", "description": "d" * 500},
                "house-x", "classic").name == "Casa Pérez"
    # A name's white space is folded before its limit: longer text is taken (no maxLength).
    assert "maxLength" not in schemas["HouseRulesBody"]["properties"]["name"]
    assert read({"name": "a" + " " * 200 + "b"}, "house-x", "classic").name == "a b"
    # One bound changed in the declaration: the schema shows it and the reader refuses by it.
    body = house_rules.HOUSE_RULES
    description = body.field("description")
    narrowed = replace(description, high=10)
    fields = tuple(narrowed if f is description else f for f in body.fields)
    monkeypatch.setattr(house_rules, "HOUSE_RULES", replace(body, fields=fields))
    assert house_rules.HOUSE_RULES.schema()["properties"]["description"]["maxLength"] == 10
    with pytest.raises(EntryErrors) as raised:
        read({"name": "Casa", "description": "d" * 11, "based_on": "nope"}, "house-x", "classic")
    assert [(e.field, e.message) for e in raised.value.errors] == [
        ("based_on", "Choose the rules to start from."),
        ("description", "At most 10 characters.")]
