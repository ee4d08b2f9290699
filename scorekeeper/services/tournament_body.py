"""What creating a tournament reads (the API's ``POST /tournaments``, the desk's form): the
bounds on a tournament's size and the body declared once, from which the API document's
schema and :func:`~scorekeeper.services.tournaments.create_tournament`'s reader are made."""

from __future__ import annotations

from .. import config
from ..engine import N_
from ..engine.flow import MAX_ROUNDS as MAX_GAME_ROUNDS
from ..engine.movements import ROTATION, SEATING_METHODS
from ..engine.ranking import DIFFERENCE, STANDINGS_BY
from ..engine.victory import DEFAULT_BYE, MAX_BANDS, read_bye, read_scale
from ..engine.victory import TOTAL as VICTORY_TOTAL
from . import games as games_service
from .bodies import Body, Field, Kind
from .clock import BELL, TABLES_START, WARN_MINUTES
from .confirmed import RESULTS_COUNT, SAVED

#: The most pairs a tournament seats: 150 tables. The largest events held have about 130
#: tables (260 pairs); 002's club tournaments seat a few dozen. The bound, with MAX_ROUNDS,
#: caps what the desk's papers cost: the slips print every pair's table in every game, a
#: game's sheets one page per table.
MAX_PAIRS = 300
#: Places in the prize list: 3 unless the organizer says otherwise.
DEFAULT_PRIZES = 3
#: The most games (rounds) a tournament plays: 002 plays 3 of 60 minutes; a two-day
#: championship of 60-minute games plays about 10. (It was 20: 200 pairs x 20 games made slips
#: that took 25 s to render, and a stranger can set a tournament up.)
MAX_ROUNDS = 12
_BOUNDS = N_("A whole number from %(low)d to %(high)d.")

#: What creating a tournament reads (the API's ``POST /tournaments``). The pairs, the seating
#: method and the rule set are checked by :func:`create_tournament` against each other, within
#: what is declared here; the other fields are read as declared.
NEW_TOURNAMENT = Body(
    (
        Field("name", Kind.NAME, "", high=120, description="At most 120 characters"),
        Field("ruleset", Kind.KEY, "", required=False, default="torneo", show_default=True),
        Field("language", Kind.CHOICE, N_("Choose English, Spanish, Portuguese or Italian."),
              choices=config.LANGUAGES, required=False, default="en", show_default=True,
              description="The language of the tournament's PDFs"),
        Field("prizes", Kind.WHOLE, _BOUNDS, low=0, high=MAX_PAIRS, digits=True, required=False,
              default=DEFAULT_PRIZES, show_default=True,
              description="Places named in the standings' prize list"),
        Field("standings_by", Kind.CHOICE, N_("Choose the difference or victory points."),
              choices=STANDINGS_BY, required=False, nullable=True, default=None,
              description=("What ranks the standings: 002's accumulated difference, or "
                           "victory points (then the difference). Left out or null: the rule "
                           "set's tournaments' (burraco: victory_points on \"burraco-3\" "
                           "unless victory_scale is given, FIBUR's ranking, VARIANTS-2.md "
                           f"12.4; every other rule set: {DIFFERENCE})")),
        Field("victory_scale", Kind.READ, "", required=False, reader=read_scale, shape={
            "type": ["array", "null", "string"], "minItems": 1, "maxItems": MAX_BANDS,
            "items": {"type": "array", "minItems": 2, "maxItems": 2,
                      "items": {"type": "integer"}},
            # FIBUR's Burraco tables by name (engine.victory.NAMED_SCALES)
            "pattern": "^burraco-[34]$"}, description=(
                "Bands [difference up to, winner's points] of a 20-0 scale, differences "
                "increasing from 0 (to 100,000), points not decreasing from 10 to 20; above "
                "the last band the winner gets 20. Or a named scale: \"burraco-3\", "
                "\"burraco-4\" (FIBUR's Burraco tables for games of 3 or 4 deals). None: the "
                "default scale (docs/RULES-SETTINGS.md)")),
        Field("bye_victory_points", Kind.READ, "", required=False, reader=read_bye, shape={
            "type": ["integer", "null"], "minimum": 0, "maximum": VICTORY_TOTAL,
            "default": DEFAULT_BYE}, description=(
                "Victory points a pair sitting out a game (a bye) is credited when "
                f"standings_by is victory_points. None: {DEFAULT_BYE}, a bye counted as a "
                "game won (docs/RULES-SETTINGS.md)")),
        Field("seating_method", Kind.CHOICE, "", choices=SEATING_METHODS, required=False,
              default=ROTATION, show_default=True, description=(
                  "How the games are seated: 002's rotation (the circle method when it would "
                  "repeat), a Mitchell movement (pairs of the first half stay, the others "
                  "move; at most as many games as tables) or Swiss rounds (each game from the "
                  "standings when the one before closes; at most pairs - 1 games, pairs if "
                  "odd). More games than the method seats is a 422 field error on rounds")),
        Field("tables_start", Kind.CHOICE, N_(
            "Choose whether the tables wait for the desk to start the clock or start when "
            "seated."), choices=TABLES_START, required=False, default=BELL, show_default=True,
            description=(
                "When the tables may save hands (and the desk type a table's paper result): "
                "at the bell, once the desk starts the game's clock (002: play starts on the "
                "organization's order; before it a table's save is a 409), or as soon as they "
                "are seated (clubs that play without a clock)")),
        Field("results_count", Kind.CHOICE, N_(
            "Choose whether a result counts when its table saves it or once the other pair "
            "confirms it."), choices=RESULTS_COUNT, required=False, default=SAVED,
            show_default=True, description=(
                "When a table's result counts in the standings: as soon as its scorer saves "
                "it, or once the other pair confirms it on its own phone (the table card's "
                "second link) or the desk does (POST .../rounds/{number}/tables/{table}/"
                "confirm). Until then the standings list it as waiting for confirmation")),
        Field("rounds", Kind.WHOLE, _BOUNDS, low=1, high=MAX_ROUNDS, digits=True,
              required=False, default=3, show_default=True, description=(
                  f"The games each pair plays, at most {MAX_ROUNDS} (a bound on what the "
                  "papers cost; more is a 422 field error)")),
        Field("minutes", Kind.WHOLE, _BOUNDS, low=5, high=600, digits=True, required=False,
              default=60, show_default=True),
        Field("warn_minutes", Kind.WHOLE, _BOUNDS, low=0, high=120, digits=True, nullable=True,
              blank=True, required=False, default=WARN_MINUTES, show_default=True,
              description=("The table phones warn with this many minutes left "
                           f"(none: {WARN_MINUTES})")),
        Field("target", Kind.WHOLE, _BOUNDS, low=100, high=100_000, digits=True,
              nullable=True, blank=True, required=False),
        Field("hands_per_game", Kind.WHOLE, _BOUNDS, low=1, high=MAX_GAME_ROUNDS, digits=True,
              nullable=True, blank=True, required=False, description=(
                  "Hands (deals; Burraco's smazzate) each game plays: it ends after them, "
                  "the higher total winning, level totals drawn, and the target is not in "
                  "force (FIBUR's partita of 2, 3 or 4 smazzate, VARIANTS-2.md 12.4). None: "
                  "each game is played as its rule set says (to the target)")),
        games_service.values_field(
            "The values the rule set names without a number, by path (e.g. "
            "premios.canastilla), each a whole number from 0 to 10,000; all are required. "
            "Other paths are ignored."),
        Field("pairs", Kind.LIST, N_("Give from %(low)d to %(high)d pairs."), low=2,
              high=MAX_PAIRS, description=(f"At most {MAX_PAIRS} pairs ({MAX_PAIRS // 2} "
                                           "tables); more is a 422 field error"),
              items=Field("", Kind.OBJECT, N_("A pair has a name and two players."), fields=(
                  Field("name", Kind.NAME, "", high=games_service.MAX_NAME, required=False,
                        description="At most 60 characters; none: the players'"),
                  Field("players", Kind.NAMES, N_("A pair needs two players."), count=2,
                        high=60)))),
    ),
    examples=({
        "name": "Club", "ruleset": "torneo", "rounds": 3, "minutes": 60,
        "values": {"canastas.wild": 1000, "going_out.normal": 100, "red_threes.each": 100,
                   "premios.juego_limpio": 200, "premios.canastilla": 150,
                   "premios.canaston": 2000, "premios.canasta_de_moda": 400,
                   "premios.canasta_doble": 2500, "premios.canasta_triple": 3000},
        "pairs": [{"name": "Norte", "players": ["Ana", "Luis"]},
                  {"name": "Sur", "players": ["Eva", "Juan"]}],
    },),
    # torneo, the default, names values without a number: they must all be given.
    conditions={"if": {"anyOf": [{"not": {"required": ["ruleset"]}},
                                 {"required": ["ruleset"],
                                  "properties": {"ruleset": {"const": "torneo"}}}]},
                "then": {"required": ["values"],
                         "properties": {"values": games_service.TORNEO_VALUES_SCHEMA}}},
)
