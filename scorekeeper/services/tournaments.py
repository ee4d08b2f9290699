"""Pairs tournaments by the rules of 002, one job a module; this module is their one front
door (``from ..services import tournaments as service``), naming each public function and
value where it lives:

- :mod:`.tournament_reads`: finding and reading a tournament, its rounds, tables and pairs;
- :mod:`.tournament_setup`: creating one;
- :mod:`.seating`: its plan, seating a round, the tables' edit links;
- :mod:`.results`: where its tables stand, their endings, the standings;
- :mod:`.round_closing`: closing a round (the desk's write on its games).

The desk's writes are ``services.desk``, ``services.desk_pairs``, ``services.table_cards`` and
``services.confirmations``; they all go through ``services.writing``.
"""

from __future__ import annotations

from .errors import RoundClosed as RoundClosed
from .errors import TournamentOver as TournamentOver
from .results import ABANDONED as ABANDONED
from .results import CLOSED as CLOSED
from .results import ENDINGS as ENDINGS
from .results import PAPER as PAPER
from .results import TABLE_ENDINGS as TABLE_ENDINGS
from .results import TARGET as TARGET
from .results import TIME as TIME
from .results import Ending as Ending
from .results import SettledGame as SettledGame
from .results import TableEnding as TableEnding
from .results import TableView as TableView
from .results import corrected_results as corrected_results
from .results import game_ending as game_ending
from .results import last_game_of_the_night as last_game_of_the_night
from .results import settled_games as settled_games
from .results import standings as standings
from .results import table_ending as table_ending
from .results import table_endings as table_endings
from .results import table_totals as table_totals
from .results import table_view as table_view
from .round_closing import Closing as Closing
from .round_closing import closing_preview as closing_preview
from .round_closing import finish_round as finish_round
from .seating import hand_out_links as hand_out_links
from .seating import new_round_links as new_round_links
from .seating import new_table as new_table
from .seating import new_table_link as new_table_link
from .seating import notes_of as notes_of
from .seating import plan_of as plan_of
from .seating import schedule_notes as schedule_notes
from .seating import seat_cards as seat_cards
from .seating import seat_round as seat_round
from .seating import seating_error as seating_error
from .seating import seatings as seatings
from .seating import table_numbers as table_numbers
from .tournament_body import DEFAULT_PRIZES as DEFAULT_PRIZES
from .tournament_body import MAX_PAIRS as MAX_PAIRS
from .tournament_body import MAX_ROUNDS as MAX_ROUNDS
from .tournament_body import NEW_TOURNAMENT as NEW_TOURNAMENT
from .tournament_reads import LANGUAGES as LANGUAGES
from .tournament_reads import bye_points_of as bye_points_of
from .tournament_reads import current_round as current_round
from .tournament_reads import deadline as deadline
from .tournament_reads import find_pair as find_pair
from .tournament_reads import find_table as find_table
from .tournament_reads import find_tournament as find_tournament
from .tournament_reads import get_round as get_round
from .tournament_reads import is_admin as is_admin
from .tournament_reads import ruleset_of as ruleset_of
from .tournament_reads import seconds_left as seconds_left
from .tournament_reads import victory_scale_of as victory_scale_of
from .tournament_setup import ID_BYTES as ID_BYTES
from .tournament_setup import TOURNAMENT_STANDINGS as TOURNAMENT_STANDINGS
from .tournament_setup import NewTournament as NewTournament
from .tournament_setup import TournamentDefaults as TournamentDefaults
from .tournament_setup import create_tournament as create_tournament
from .tournament_setup import fill_values as fill_values
from .tournament_setup import hands_per_game as hands_per_game
from .tournament_setup import parse_pairs_text as parse_pairs_text
from .tournament_setup import partita_rules as partita_rules
from .tournament_setup import tournament_defaults as tournament_defaults
