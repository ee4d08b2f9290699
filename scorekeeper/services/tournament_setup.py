"""Creating a tournament: reading its set-up (pairs, games, rule values, standings, seating
method), storing it and seating its first game."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..engine import (
    N_,
    EntryErrors,
    FieldError,
    RuleSet,
    TieRule,
    ruleset_to_dict,
    with_values,
)
from ..engine.movements import (
    ROTATION,
)
from ..engine.numbers import whole
from ..engine.ranking import DIFFERENCE, VICTORY_POINTS
from ..engine.victory import (
    DEFAULT_SCALE,
)
from ..extensions import db
from ..models.tournaments import Tournament, TournamentPair
from . import confirmed
from . import games as games_service
from .clock import BELL, WARN_MINUTES
from .seating import seat_round, seating_error
from .text import check as text_error
from .text import name as typed_name
from .tournament_body import DEFAULT_PRIZES, MAX_PAIRS, NEW_TOURNAMENT
from .tournament_reads import ruleset_of

# -- creating ------------------------------------------------------------------------------------

ID_BYTES = 9


@dataclass(frozen=True)
class NewTournament:
    """A tournament just created, with the admin token shown once (stored hashed)."""

    tournament: Tournament
    admin_token: str


def parse_pairs_text(text: str) -> list[dict[str, str | list[str]]]:
    """Read "Pair name: Ana, Luis" lines (one pair a line; the name is optional)."""
    pairs: list[dict[str, str | list[str]]] = []
    for line in (text or "").splitlines():
        line = line.strip()
        if not line:
            continue
        name, sep, rest = line.partition(":")
        if not sep:
            name, rest = "", line
        players = [p.strip() for p in rest.replace(";", ",").split(",")]
        pairs.append({"name": name.strip(), "players": [p for p in players if p]})
    return pairs


def _whole(value: object, field: str, low: int, high: int, errors: list[FieldError]) -> int:
    # Digits as a form sends them; one too long to read is still a number out of range.
    if isinstance(value, str) and (number := whole(value)) is not None:
        value = number
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        errors.append(FieldError(
            field, N_("A whole number from %(low)d to %(high)d."), low=low, high=high
        ))
        return low
    return value


def _read(name: str, value: object, errors: list[FieldError]) -> Any:
    """``value`` read as :data:`NEW_TOURNAMENT` declares field ``name``."""
    return NEW_TOURNAMENT.field(name).read(value, errors)


def fill_values(ruleset: RuleSet, values: Mapping[str, object]) -> RuleSet:
    """The rule set with every value 002 names without a number filled in from ``values``
    (by path, each as the client sent it).

    Raises :class:`EntryErrors` with one error per missing or bad value (field ``values.<path>``).
    """
    missing = ruleset.missing_values()
    if not missing:
        return ruleset
    errors: list[FieldError] = []
    filled: dict[str, int] = {}
    for path, _label in missing:
        raw = values.get(path)
        if raw is None or raw == "":
            errors.append(FieldError(f"values.{path}", N_("Give this value before play starts.")))
            continue
        filled[path] = _whole(raw, f"values.{path}", 0, 10_000, errors)
    if errors:
        raise EntryErrors(errors)
    return with_values(ruleset, filled)


@dataclass(frozen=True)
class TournamentDefaults:
    """What a tournament of a rule set is set up with when the organizer says nothing else."""

    standings_by: str
    #: A victory-point scale by name (``engine.victory.NAMED_SCALES``); ``None``: the default.
    victory_scale: str | None
    target: int


#: The tournaments a family of rules is played in (by the preset a rule set is, or is based on):
#: FIBUR ranks Burraco tournaments on victory points, its table for partite of 3 smazzate
#: (VARIANTS-2.md 12.4: "the tournament is ranked on VP"); every other rule set keeps 002's
#: accumulated difference.
TOURNAMENT_STANDINGS: dict[str, tuple[str, str | None]] = {
    "burraco": (VICTORY_POINTS, "burraco-3"),
}


def tournament_defaults(ruleset: RuleSet) -> TournamentDefaults:
    """How a tournament of ``ruleset`` ranks and what it plays to, unless the organizer (the
    set-up form, the API's body) says otherwise: the same for the page, its drop-down (with or
    without JavaScript) and ``POST /api/v1/tournaments``."""
    family = ruleset.id if ruleset.id in TOURNAMENT_STANDINGS else ruleset.based_on
    by, scale = TOURNAMENT_STANDINGS.get(family or "", (DIFFERENCE, None))
    return TournamentDefaults(standings_by=by, victory_scale=scale, target=ruleset.target)


def partita_rules(ruleset: RuleSet, hands: int) -> RuleSet:
    """``ruleset`` for a tournament's games of ``hands`` hands: FIBUR's partita is "a fixed
    number of smazzate (2, 3 or 4) in a timed turn", its match points turned into victory
    points (VARIANTS-2.md 12.4), so each game ends after its hands, not at the target
    (:attr:`RuleSet.rounds`). A level partita is a difference of 0, 10–10 on every victory-point
    table ("0–50 | 10–10"): it is drawn, not played on (:attr:`RuleSet.tie_rule`)."""
    return replace(with_values(ruleset, {"rounds": hands}), tie_rule=TieRule.DRAW)


def hands_per_game(tournament: Tournament) -> int | None:
    """The hands each of the tournament's games plays (``None``: to the target)."""
    return ruleset_of(tournament).rounds


def create_tournament(
    ruleset: RuleSet,
    *,
    name: object,
    pairs: object,
    rounds: object = 3,
    minutes: object = 60,
    target: object = None,
    values: Mapping[str, object] | None = None,
    abandon_points: int = 5000,
    warn_minutes: object = WARN_MINUTES,
    language: object = "en",
    prizes: object = DEFAULT_PRIZES,
    standings_by: object = None,
    victory_scale: object = None,
    bye_victory_points: object = None,
    seating_method: object = ROTATION,
    tables_start: object = BELL,
    hands_per_game: object = None,
    results_count: object = confirmed.SAVED,
) -> NewTournament:
    """Create a tournament and seat its first round.

    Every value but ``ruleset``, ``values`` (an object by path, read at the edge) and
    ``abandon_points`` is as the client sent it (a decoded JSON value, or what a form read),
    checked here.
    ``pairs`` holds ``{"name", "players": [two names]}`` in the order that numbers them.
    ``language`` is its papers' language; ``prizes`` the places of the prize list;
    ``standings_by`` ``difference`` (002) or ``victory_points`` on ``victory_scale``
    (``[[up_to, winner_points], ...]`` or a name, ``None``: the default scale); ``None`` or
    empty, both are the rule set's (:func:`tournament_defaults`: Burraco's victory points on
    its 3-smazzate table, 002's difference otherwise), as a ``target`` left out is; a bye credited
    ``bye_victory_points`` (0 to 20; ``None``: ``engine.victory.DEFAULT_BYE``).
    ``tables_start`` (``services.clock.TABLES_START``): the tables wait for the ``bell`` (the
    desk starts each game's clock, 002) or start when ``seated``. ``hands_per_game``: each
    game ends after that many hands (FIBUR's partita of N smazzate), not at the target: the
    tournament's rule set is kept with that many rounds (:attr:`RuleSet.rounds`) and level
    totals drawn (:func:`partita_rules`); ``None`` leaves the rule set's own flow.
    ``results_count`` (``services.confirmed.RESULTS_COUNT``): a table's result counts once
    ``saved`` by its scorer, or once ``confirmed`` by the other pair (or the desk).
    Raises :class:`EntryErrors` (fields ``name``, ``pairs``, ``pairs[i].name``,
    ``pairs[i].players``, ``rounds``, ``minutes``, ``target``, ``values.<path>``,
    ``warn_minutes``, ``language``, ``prizes``, ``standings_by``, ``victory_scale``,
    ``bye_victory_points``, ``seating_method``: see :func:`seating_error`,
    ``tables_start``, ``hands_per_game``, ``results_count``). Round 1
    is seated with its clock not started: the desk starts it.
    """
    errors: list[FieldError] = []
    lang = _read("language", language, errors)
    n_prizes = _read("prizes", prizes, errors)
    defaults = tournament_defaults(ruleset)
    if standings_by is None or standings_by == "":
        standings_by = defaults.standings_by
        if victory_scale is None and standings_by == VICTORY_POINTS:
            victory_scale = defaults.victory_scale
    by = _read("standings_by", standings_by, errors)
    scale: list[list[int]] | None = None
    if victory_scale is not None:
        read = _read("victory_scale", victory_scale, errors)
        scale = None if read is None or read == DEFAULT_SCALE else read.to_list()
    start = _read("tables_start", tables_start, errors)
    counts = _read("results_count", results_count, errors)
    bye_points: int | None = _read("bye_victory_points", bye_victory_points, errors)
    title = _read("name", name, errors)
    # A number refused stands as its lowest for the checks that follow (seating).
    n_rounds = _read("rounds", rounds, errors) or 1
    n_minutes = _read("minutes", minutes, errors)
    n_warn = _read("warn_minutes", warn_minutes, errors)
    n_warn = 10 if n_warn is None else n_warn
    goal = _read("target", target, errors) or ruleset.target
    n_hands: int | None = _read("hands_per_game", hands_per_game, errors)
    pair_rows: list[TournamentPair] = []
    if not isinstance(pairs, list) or not 2 <= len(pairs) <= MAX_PAIRS:
        errors.append(FieldError(
            "pairs", N_("Give from %(low)d to %(high)d pairs."), low=2, high=MAX_PAIRS
        ))
        pairs = []
    for i, data in enumerate(pairs):
        if not isinstance(data, Mapping):
            errors.append(FieldError(f"pairs[{i}]", N_("A pair has a name and two players.")))
            continue
        players = data.get("players")
        names: list[str] = []
        if (not isinstance(players, list) or len(players) != 2
                or not all(isinstance(p, str) and p.strip() for p in players)):
            errors.append(FieldError(f"pairs[{i}].players",
                                     N_("A pair needs two players.")))
        elif (unstorable := next((e for p in players
                                  if (e := text_error(p, f"pairs[{i}].players"))), None)):
            errors.append(unstorable)
        else:
            names = [" ".join(p.split())[:60] for p in players]
            if any(len(" ".join(p.split())) > 60 for p in players):
                errors.append(FieldError(f"pairs[{i}].players",
                                         N_("At most %(max)d characters."), max=60))
        pname = data.get("name")
        if pname in (None, "") and names:
            pname = " – ".join(names)
        pair_name = typed_name(pname, f"pairs[{i}].name", errors, limit=games_service.MAX_NAME)
        pair_rows.append(TournamentPair(number=i + 1, name=pair_name, players=names,
                                        substituted=False))
    if len(ruleset.formats) and not any(f.players == 4 and f.sides == 2 for f in ruleset.formats):
        errors.append(FieldError(
            "ruleset", N_("Tournaments are played by pairs, four at a table.")
        ))
    try:
        ruleset = fill_values(ruleset, values or {})
    except EntryErrors as exc:
        errors.extend(exc.errors)
    if n_hands is not None:
        ruleset = partita_rules(ruleset, n_hands)
    if (seating := seating_error(seating_method, len(pair_rows), n_rounds, errors)) is not None:
        errors.append(seating)
    if errors:
        raise EntryErrors(errors)

    token = games_service.new_token()
    tournament = Tournament(
        id=secrets.token_urlsafe(ID_BYTES),
        name=title,
        admin_token_hash=games_service.hash_token(token),
        ruleset_id=ruleset.id,
        ruleset_name=ruleset.name,
        ruleset_data=ruleset_to_dict(ruleset),
        rounds_planned=n_rounds,
        minutes=n_minutes,
        target=goal,
        abandon_points=abandon_points,
        warn_minutes=n_warn,
        version=1,
        pairs=pair_rows,
        language=lang,
        prizes=n_prizes,
        standings_by=by,
        victory_scale=scale,
        bye_victory_points=bye_points,
        seating_method=str(seating_method),  # checked above: one of SEATING_METHODS
        tables_start=start,
        results_count=counts,
    )
    db.session.add(tournament)
    db.session.flush()
    seat_round(tournament, 1)
    return NewTournament(tournament, token)
