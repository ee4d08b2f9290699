"""Seating a tournament: its plan (002's rotation, a Mitchell movement, Swiss rounds) and its
notes, every game's seating as seated or planned, seating a round (its tables' games and
cards), and the tables' edit links (the seating itself is pure and lives in
:mod:`~scorekeeper.engine.seating`)."""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import (
    N_,
    FieldError,
    RuleSet,
)
from ..engine.movements import (
    SWISS,
    SeatingRefused,
    check_method,
    swiss_round,
)
from ..engine.movements import plan as movement_plan
from ..engine.ranking import VICTORY_POINTS
from ..engine.seating import Schedule, Seating, relabel, seat_without
from ..extensions import db
from ..models.games import utcnow
from ..models.tournaments import Tournament, TournamentPair, TournamentRound, TournamentTable
from . import games as games_service
from .card_tokens import make_cards
from .errors import RoundClosed
from .results import standings
from .tournament_reads import bye_points_of, ruleset_of

# -- seating ------------------------------------------------------------------------------------


#: What a bye credits on a victory-point night, said instead of the seatings' "credited
#: nothing" (their notes speak of difference nights, 002's): a bye is credited the
#: tournament's bye points there (``engine.victory``), and the notes said it got nothing.
_BYE_ON_VICTORY_POINTS = {
    N_("The number of pairs is odd: each game one pair sits out (a bye) and is credited "
       "nothing; no pair sits out twice before all have."):
    N_("The number of pairs is odd: each game one pair sits out (a bye) and is credited "
       "%(bye)d victory points; no pair sits out twice before all have."),
    N_("The number of pairs is odd: the last table has no staying pair, and the moving "
       "pair that reaches it sits out (a bye) and is credited nothing."):
    N_("The number of pairs is odd: the last table has no staying pair, and the moving "
       "pair that reaches it sits out (a bye) and is credited %(bye)d victory points."),
    N_("The number of pairs is odd: each game the lowest-ranked pair that has not sat "
       "out yet sits out (a bye) and is credited nothing."):
    N_("The number of pairs is odd: each game the lowest-ranked pair that has not sat "
       "out yet sits out (a bye) and is credited %(bye)d victory points."),
}


def schedule_notes(plan: Schedule, pairs: int, rounds: int, *,
                   bye_points: int | None = None) -> list[str]:
    """The schedule's notes as they are shown, in the request's language; ``bye_points``:
    what a bye credits on a victory-point night (``None`` on a difference night)."""
    from ..i18n import translate

    tables = (pairs + pairs % 2) // 2
    params = {"tables": tables, "pairs": pairs, "rounds": rounds, "staying": pairs // 2,
              "bye": bye_points or 0}
    notes = plan.notes
    if bye_points is not None:
        notes = tuple(_BYE_ON_VICTORY_POINTS.get(note, note) for note in notes)
    return [translate(note, params) for note in notes]


def notes_of(tournament: Tournament) -> list[str]:
    """The tournament's seating notes, a bye's credit as its night ranks."""
    victory = tournament.standings_by == VICTORY_POINTS
    return schedule_notes(plan_of(tournament), len(tournament.pairs),
                          tournament.rounds_planned,
                          bye_points=bye_points_of(tournament) if victory else None)


def seating_error(method: object, pairs: int, rounds: int,
                  errors: Iterable[FieldError] = ()) -> FieldError | None:
    """Why ``method`` (``engine.movements.SEATING_METHODS``) cannot seat ``pairs`` pairs for
    ``rounds`` games (field ``seating_method`` or ``rounds``), or ``None`` when it can. The
    games are not checked when ``errors`` already holds one on the pairs or the games."""
    try:
        check_method(method, 2, 1)
        if pairs >= 2 and not any(e.field in ("pairs", "rounds") for e in errors):
            check_method(method, pairs, rounds)
    except SeatingRefused as exc:
        return exc
    return None


def plan_of(tournament: Tournament) -> Schedule:
    """The tournament's seating plan (made again from its pairs and rounds: it is pure):
    every game's by 002's rotation or a Mitchell movement, game 1's only for Swiss rounds.
    Made for the pairs in their numbers' order and called by their numbers: a number retired
    (a pair withdrawn before game 1) is a gap the seating closes, no pair's number changes."""
    plan = movement_plan(tournament.seating_method, len(tournament.pairs),
                         tournament.rounds_planned)
    return relabel(plan, sorted(p.number for p in tournament.pairs))


def _history(tournament: Tournament) -> tuple[set[frozenset[int]], dict[int, int]]:
    """Who has met whom, and how often each pair has sat out, in the rounds seated so far."""
    number_of = {p.id: p.number for p in tournament.pairs}
    met: set[frozenset[int]] = set()
    sat_out: dict[int, int] = {}
    for earlier in tournament.rounds:
        met.update(frozenset((number_of[t.pair_a_id], number_of[t.pair_b_id]))
                   for t in earlier.tables)
        for pair in earlier.byes:
            sat_out[pair] = sat_out.get(pair, 0) + 1
    return met, sat_out


def _gone(tournament: Tournament) -> list[int]:
    return [p.number for p in tournament.pairs if p.disqualified_round is not None]


def seatings(tournament: Tournament) -> list[Seating]:
    """Every game's seating: as seated for the games played or being played, as planned for
    the rest (002's rotation is known in advance; a later disqualification changes them).
    Swiss rounds plan nothing ahead: only the games seated are listed."""
    out: list[Seating] = []
    number_of = {p.id: p.number for p in tournament.pairs}
    for rnd in tournament.rounds:
        out.append(Seating(
            tuple((t.number, number_of[t.pair_a_id], number_of[t.pair_b_id])
                  for t in rnd.tables),
            tuple(rnd.byes),
        ))
    plan = plan_of(tournament)
    met, sat_out = _history(tournament)
    gone = _gone(tournament)
    for number in range(len(out) + 1, min(tournament.rounds_planned, len(plan.rounds)) + 1):
        seating = seat_without(plan.rounds[number - 1], gone, met=met, sat_out=sat_out)
        met.update(frozenset(t[1:]) for t in seating.tables)
        for pair in seating.byes:
            sat_out[pair] = sat_out.get(pair, 0) + 1
        out.append(seating)
    return out


def seat_round(tournament: Tournament, number: int) -> TournamentRound:
    """Seat round ``number``: make each table's game. Its clock waits for the desk.

    Disqualified pairs are seated no more (see :func:`seat_without`: tables keep their
    numbers, and the pairs left without an opponent meet each other). Each table's edit token
    is in its ``new_edit_token`` for this request only (see :func:`hand_out_links`); the
    database keeps only its hash.
    """
    by_number = {p.number: p for p in tournament.pairs}
    seating = _seating_of_round(tournament, number)
    rs = ruleset_of(tournament)
    rnd = TournamentRound(number=number, started_at=utcnow(), byes=list(seating.byes))
    for table_no, a, b in seating.tables:
        rnd.tables.append(new_table(tournament, rs, table_no, by_number[a], by_number[b]))
    tournament.rounds.append(rnd)
    db.session.flush()
    seat_cards(tournament)
    return rnd


def table_numbers(tournament: Tournament) -> list[int]:
    """Every table number the tournament seats, in the games played and as planned."""
    return sorted({n for seating in seatings(tournament) for n, _a, _b in seating.tables})


def seat_cards(tournament: Tournament) -> None:
    """Make the table cards of every table the tournament now seats (``card_tokens``), in the
    write that seats them: printing the cards then only reads."""
    make_cards(tournament.id, table_numbers(tournament))


def new_table(tournament: Tournament, rs: RuleSet, number: int, pair_a: TournamentPair,
              pair_b: TournamentPair) -> TournamentTable:
    """Table ``number`` with a new game of ``rs`` between two pairs, its edit token in
    ``new_edit_token`` for this request only."""
    new = games_service.create_game(
        rs, players=4, target=tournament.target,
        sides=[{"name": p.name, "players": list(p.players)} for p in (pair_a, pair_b)],
    )
    table = TournamentTable(number=number, pair_a=pair_a, pair_b=pair_b, game=new.game,
                            view_token=new.view_token)
    table.new_edit_token = new.edit_token
    return table


def _seating_of_round(tournament: Tournament, number: int) -> Seating:
    """Round ``number`` as it is seated now: planned (002's rotation, Mitchell), or from the
    standings of the games closed so far (Swiss rounds after the first)."""
    met, sat_out = _history(tournament)
    if tournament.seating_method == SWISS and number > 1:
        order = [row.number for row in standings(tournament) if not row.disqualified]
        return swiss_round(order, met=met, sat_out=sat_out)
    plan = plan_of(tournament).rounds[number - 1]
    return seat_without(plan, _gone(tournament), met=met, sat_out=sat_out)


# -- the tables' edit links ----------------------------------------------------------------------


def hand_out_links(tables: Iterable[TournamentTable]) -> list[TournamentTable]:
    """Record that the edit links just made for ``tables`` are being handed to the organizer.

    Only tables whose link was made in this request (``new_edit_token``) have one to hand out;
    those are returned. The token itself is stored nowhere: this answer is the only place it
    appears.
    """
    now = utcnow()
    out = [t for t in tables if t.new_edit_token]
    for table in out:
        table.link_made_at = now
    db.session.flush()
    return out


def new_table_link(table: TournamentTable) -> TournamentTable:
    """Make a new edit link for ``table`` (the old one stops working) and hand it out.

    Raises :class:`RoundClosed` when the table's round is over (its game is settled).
    """
    if table.round.finished_at is not None:
        raise RoundClosed(table.round.number)
    table.new_edit_token = games_service.replace_edit_token(table.game)
    hand_out_links([table])
    return table


def new_round_links(rnd: TournamentRound, *, only_missing: bool = False) -> list[TournamentTable]:
    """New edit links for the round's tables (all, or those never handed out); see
    :func:`new_table_link`."""
    if rnd.finished_at is not None:
        raise RoundClosed(rnd.number)
    return [new_table_link(t) for t in rnd.tables
            if not only_missing or t.link_made_at is None]
