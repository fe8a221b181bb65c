"""What a team event says beyond its players' games, as typed records: the teams with their rosters,
line-ups, forfeited matches, byes, abnormal points and the match scoring.

Two sources fill them: the TRF team records (:mod:`xltb.readers.trf_team`) and the Teams and
Matches sheets of a workbook (:mod:`xltb.sheets.teams`); :mod:`xltb.events.team_builder`
builds the :class:`~xltb.model.team.TeamTournament` from them and the players' games.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from ..model import Colour, Kind


class TeamEntry(NamedTuple):
    """A team: number, names, roster (player pairing numbers in board order) and what it declares
    (TRF 310: match points, game points, rank)."""

    no: int
    name: str
    roster: tuple[int, ...]
    short: str = ""
    strength: int | None = None  # TRF 310 cols 48-53 (e.g. the average rating); the sheet's Rating
    mp: Fraction | None = None
    gp: Fraction | None = None
    rank: int | None = None
    line: int | None = None  # where it was read from (a TRF line, a sheet's row)


class ForfeitedMatch(NamedTuple):
    """One side of a match forfeited as a whole (TRF 330; a Matches line without a board)."""

    opponent: int
    kind: Kind  # FORFEIT_WIN, FORFEIT_LOSS or DOUBLE_FORFEIT
    line: int | None
    colour: Colour


class TeamRecords:
    """The team records of an event (see the module's docstring).

    ``lineups``: (round, team) -> (the player on each board, or None for an empty board; line), only
    where the line-up differs from the roster order. ``abnormal``: TRF 299 records (line, result type,
    MP, GP, round, teams). ``match_fields``: match points by code (W, D, L, P).
    """

    __slots__ = ("teams", "type_code", "type_text", "board_colours", "match_fields", "pab", "pab_rounds",
                 "forfeits", "byes", "lineups", "abnormal", "rounds_declared", "forfeits_on_boards")

    def __init__(self, teams: list[TeamEntry], *, type_code: str = "", type_text: str = "", board_colours: str = "",
                 match_fields: dict[str, Fraction] | None = None,
                 pab: tuple[Fraction | None, Fraction | None] = (None, None),
                 pab_rounds: dict[int, set[int]] | None = None,
                 forfeits: dict[tuple[int, int], ForfeitedMatch] | None = None,
                 byes: dict[tuple[int, int], tuple[Kind, int | None]] | None = None,
                 lineups: dict[tuple[int, int], tuple[list[int | None], int | None]] | None = None,
                 abnormal: list[tuple[int, str, Fraction | None, Fraction | None, int | None, list[int]]] | None = None,
                 rounds_declared: int | None = None, forfeits_on_boards: bool = False):
        self.teams = teams
        self.type_code = type_code  # TRF 192
        self.type_text = type_text  # TRF 092
        self.board_colours = board_colours  # TRF 352
        self.match_fields = {} if match_fields is None else match_fields  # TRF 362
        self.pab = pab  # TRF 320: MP and GP of a pairing-allocated bye
        self.pab_rounds = {} if pab_rounds is None else pab_rounds  # round -> teams with the PAB
        self.forfeits = {} if forfeits is None else forfeits  # (round, team) -> its side of the match
        self.byes = {} if byes is None else byes  # (round, team) -> (kind, line): requested byes (TRF 240)
        self.lineups = {} if lineups is None else lineups
        self.abnormal = [] if abnormal is None else abnormal
        self.rounds_declared = rounds_declared  # TRF 142 / XXR
        #: a forfeited match is written as its boards, all forfeited (the Matches sheet: xltb.sheets.teams),
        #: so reading one from them is the notation, not a guess to warn of (a TRF file has 330 records)
        self.forfeits_on_boards = forfeits_on_boards

    @property
    def rosters(self) -> dict[int, tuple[int, ...]]:
        return {t.no: t.roster for t in self.teams}


__all__ = ["TeamEntry", "ForfeitedMatch", "TeamRecords"]
