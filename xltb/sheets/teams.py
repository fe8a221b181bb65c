"""The Teams and Matches sheets of a team event <-> :class:`~xltb.model.team.TeamTournament`.

**Teams** (the defined name ``Teams``): a header row, then one row per team: ``No`` (the team's
pairing number), ``Team`` (name), optionally ``Short`` (short name) and ``Rating`` (the team's
rating, for rating-based tie-breaks, C.07 10), then the roster in board order: the columns
``1``, ``2``, ``3``, ... hold the players' names (column ``1`` is the first board of the roster).

**Matches** (the defined name ``Matches``): a header row, then one row per board of a match:

=============  ==========================================================================
``Round``      the round
``Board``      the board (blank on the line of a forfeited match or of a bye)
``Team A``     the team named first: with the first colour of ``BoardColours`` on board 1
``Team B``     its opponent (blank for a bye)
``Player A``   roster position (the column of the Teams sheet) of A's player on this board;
               blank: an empty board
``Player B``   the same for team B
``Result``     from A's side: ``1-0`` ``½-½`` ``0-1``; forfeits ``+-`` ``-+`` ``--``; on a line
               without a board, ``+-`` ``-+`` ``--`` is a forfeited match (no game played,
               TRF 330); with Team B blank, a bye of team A: ``PAB`` (pairing-allocated,
               C.04.6 1.4.1), ``FPB``, ``HPB``, ``ZPB`` (requested byes, TRF 240)
=============  ==========================================================================

Other columns (names looked up by a formula, notes) are ignored. A match whose boards have no
result yet is a pending match (paired, not played: "Pair next round" writes the next round so, its
boards with the line-up in roster order); a match with some results but not all is an error. The
event is the rounds complete: from the first round with a pending match on, nothing counts yet (its
byes and the matches already played in it neither), as the individual crosstable counts its rounds
(:mod:`xltb.sheets.progress`). The sheets are read into the players' games and the team records
(:mod:`xltb.events.team_records`) that a TRF file's team records give, and the same team builder
(:mod:`xltb.events.team_builder`) makes the event, so that a workbook and ``xltb standings`` read
an event the same way; every cell is checked first (:mod:`xltb.sheets.team_cells`, one step per rule
above), so that a mistake is reported by its cell (:class:`~xltb.sheets.crosstable.CellError`).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..errors import InputError
from ..model import Colour, Kind, Player, RoundResult, Scoring, Tournament
from ..events import builder, team_builder
from ..events.team_records import ForfeitedMatch, TeamEntry, TeamRecords
from ..model.plans import RequestedBye
from ..model.team import TeamTournament
from .crosstable import CellError, Origin
from .settings import EventSettings
from .team_cells import MATCHES_HEADER, RESULT_HELP, TEAMS_HEADER, normal_result, read_match_lines, read_teams

__all__ = ["MATCHES_HEADER", "RESULT_HELP", "SOURCE", "TEAMS_HEADER", "normal_result", "sheet_records",
           "team_round_note", "to_team_tournament"]

#: board results from A's side -> (A's kind, B's kind); against an empty board a player has no
#: opponent: a win by forfeit is read as TRF writes it (``0000 - +``: a full-point bye of the board)
_BOARD_KINDS = {
    "1-0": (Kind.WIN, Kind.LOSS), "0-1": (Kind.LOSS, Kind.WIN), "½-½": (Kind.DRAW, Kind.DRAW),
    "+-": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-+": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
    "--": (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS),
}
_EMPTY_BOARD = {Kind.WIN: Kind.FULL_BYE, Kind.FORFEIT_WIN: Kind.FULL_BYE, Kind.DRAW: Kind.HALF_BYE,
                Kind.LOSS: Kind.ZERO_BYE, Kind.FORFEIT_LOSS: Kind.ABSENT}
_FORFEITED = {"+-": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-+": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
              "--": (Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT)}
_BYE_KINDS = {"F": Kind.FULL_BYE, "H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE}
SOURCE = "Teams and Matches sheets"


def sheet_records(teams_rows: Sequence[Sequence[Any]], matches_rows: Sequence[Sequence[Any]],
                  settings: EventSettings, *, teams_origin: Origin = Origin("Teams"),
                  matches_origin: Origin = Origin("Matches"), requested: list[RequestedBye] | None = None
                  ) -> tuple[Tournament, TeamRecords]:
    """The sheets as the players' games and the team records the team builder reads (every cell
    checked first). Players are numbered team by team, in roster order. ``requested`` receives the byes
    written for rounds not played yet (:func:`_complete_rounds`)."""
    teams = read_teams(teams_rows, teams_origin)
    by_no = {t.no: t for t in teams}
    matches = _counted(matches_rows, by_no, matches_origin, requested)
    number: dict[tuple[int, int], int] = {}
    names: list[tuple[int, str]] = []
    for t in sorted(teams, key=lambda x: x.no):
        for pos, name in enumerate(t.roster, start=1):
            number[(t.no, pos)] = len(names) + 1
            names.append((len(names) + 1, name))
    # the players' rounds: as far as the last round with a board (team byes and forfeited matches
    # after it are the team records')
    rounds = max((m.round for m in matches if m.boards), default=0)
    cells: dict[int, list[tuple[Kind, int | None, Colour]]] = {
        sno: [(Kind.ABSENT, None, Colour.NONE)] * rounds for sno, _ in names}
    pattern = (settings.board_colours or "WB").upper()
    forfeits: dict[tuple[int, int], ForfeitedMatch] = {}
    byes: dict[tuple[int, int], tuple[Kind, int | None]] = {}
    pab_rounds: dict[int, set[int]] = {}
    lineups: dict[tuple[int, int], tuple[list[int | None], int | None]] = {}
    for m in matches:
        row = matches_origin.row + m.first_row
        if m.bye is not None:
            if m.bye == "PAB":
                pab_rounds.setdefault(m.round, set()).add(m.a)
            else:
                byes[(m.round, m.a)] = (_BYE_KINDS[m.bye[0]], row)
            continue
        assert m.b is not None  # read_matches: a match that is not a bye has two teams
        if m.forfeit is not None:  # C.07 15.1: a match not played
            ka, kb = _FORFEITED[m.forfeit]
            forfeits[(m.round, m.a)] = ForfeitedMatch(m.b, ka, row, Colour.WHITE)
            forfeits[(m.round, m.b)] = ForfeitedMatch(m.a, kb, row, Colour.BLACK)
        lineup_a, lineup_b = _boards(m, m.b, pattern, number, cells)
        if m.boards and not (_default_order(lineup_a, m.a, number) and _default_order(lineup_b, m.b, number)):
            for team, lineup in ((m.a, lineup_a), (m.b, lineup_b)):  # TRF 300: a line-up out of roster order
                lineups[(m.round, team)] = ([lineup.get(b) for b in range(1, max(lineup) + 1)], row)
    s = settings.scoring
    # the points of a board, as TRF 162 gives them (W: also forfeit wins and full-point byes; D: half-point byes)
    scoring = Scoring(win=s.win, draw=s.draw, loss=s.loss, forfeit_win=s.win, full_bye=s.win, half_bye=s.draw)
    table = scoring.table()
    rows = {sno: [RoundResult(r, kind, opp, colour, table[kind]) for r, (kind, opp, colour) in enumerate(row, start=1)]
            for sno, row in cells.items()}
    order = [sno for sno, _ in names]
    builder.mark_double_forfeits(order, rows, table)
    players = tuple(Player(sno, name, tuple(rows[sno])) for sno, name in names)
    event = Tournament(name=settings.name, players=players, rounds=rounds, event_type=settings.event_type,
                       start_date=settings.start_date, scoring=scoring, source=SOURCE)
    mp = settings.match_points
    entries = [TeamEntry(t.no, t.name, tuple(number[(t.no, p)] for p in range(1, len(t.roster) + 1)), short=t.short,
                         strength=t.rating or None, line=teams_origin.row + t.row)
               for t in sorted(teams, key=lambda x: x.no)]
    records = TeamRecords(entries, board_colours=(pattern * settings.boards)[:settings.boards] if settings.boards else "",
                          match_fields={"W": mp[0], "D": mp[1], "L": mp[2]}, pab=settings.pab_points,
                          pab_rounds=pab_rounds, forfeits=forfeits, byes=byes, lineups=lineups, forfeits_on_boards=True)
    return event, records


def _counted(rows: Sequence[Sequence[Any]], teams: dict[int, Any], origin: Origin,
             requested: list[RequestedBye] | None) -> list[Any]:
    """:func:`_complete_rounds`' matches; its requested byes into ``requested`` when given."""
    matches, asked = _complete_rounds(rows, teams, origin)
    if requested is not None:
        requested.extend(asked)
    return matches


def _complete_rounds(rows: Sequence[Sequence[Any]], teams: dict[int, Any], origin: Origin
                     ) -> tuple[list[Any], tuple[RequestedBye, ...]]:
    """The matches of the rounds complete only, and the byes requested for the rounds after them: from the first
    round with a match paired and not played on nothing counts yet (module docstring); a bye line (FPB, HPB, ZPB)
    in such a round, or in a round after the last with a match, is a bye asked for a round not played (C.04.6
    1.4: the team is not paired), as :mod:`xltb.sheets.progress` reads the individual crosstable's."""
    matches, pending = read_match_lines(rows, teams, origin)
    played = max((m.round for m in matches if m.b is not None), default=0)
    cut = pending[0] if pending else played + 1
    asked = tuple(RequestedBye(m.a, m.round, _BYE_KINDS[m.bye[0]], origin.row + m.first_row) for m in matches
                  if m.round >= cut and m.bye not in (None, "PAB"))
    return [m for m in matches if m.round < cut], asked


def team_round_note(matches_rows: Sequence[Sequence[Any]], teams_rows: Sequence[Sequence[Any]] | None,
                    teams_origin: Origin, matches_origin: Origin, planned: int | None) -> str:
    """What the Status cell adds to ``ok`` for a team workbook: "" when every round entered is complete; else
    the rounds counted and the round paired (``after round 3 of 7: round 4 paired, no result yet``)."""
    if teams_rows is None:
        return ""
    by_no = {t.no: t for t in read_teams(teams_rows, teams_origin)}
    pending = read_match_lines(matches_rows, by_no, matches_origin)[1]
    if not pending:
        return ""
    first = pending[0]
    return f"after round {first - 1}" + (f" of {planned}" if planned else "") + f": round {first} paired, no result yet"


#: a colour and the other
_FLIP = {Colour.WHITE: Colour.BLACK, Colour.BLACK: Colour.WHITE}


def _boards(m: Any, b: int, pattern: str, number: dict[tuple[int, int], int],
            cells: dict[int, list[tuple[Kind, int | None, Colour]]]) -> tuple[dict[int, int | None], dict[int, int | None]]:
    """The games of match ``m`` (team ``m.a`` against ``b``) into the players' ``cells`` of its round, the colour
    of A's player on each board from ``pattern``; the line-ups (board -> player) of A and B."""
    lineup_a: dict[int, int | None] = {}
    lineup_b: dict[int, int | None] = {}
    for bd in m.boards:
        first = pattern[(bd.board - 1) % len(pattern)]
        colour_a = {"W": Colour.WHITE, "B": Colour.BLACK}.get(first, Colour.NONE)
        kind_a, kind_b = _BOARD_KINDS[bd.result]
        pa = number[(m.a, bd.pa)] if bd.pa is not None else None
        pb = number[(b, bd.pb)] if bd.pb is not None else None
        if pa is not None:
            cells[pa][m.round - 1] = (kind_a, pb, colour_a) if pb else (_EMPTY_BOARD[kind_a], None, Colour.NONE)
        if pb is not None:
            cells[pb][m.round - 1] = (kind_b, pa, _FLIP.get(colour_a, Colour.NONE)) if pa else \
                (_EMPTY_BOARD[kind_b], None, Colour.NONE)
        lineup_a[bd.board] = pa
        lineup_b[bd.board] = pb
    return lineup_a, lineup_b


def _default_order(lineup: dict[int, int | None], team: int, number: dict[tuple[int, int], int]) -> bool:
    """True when the boards are 1..k held by the team's players in roster order (the reader's default)."""
    boards = sorted(lineup)
    if boards != list(range(1, len(boards) + 1)) or any(lineup[b] is None for b in boards):
        return False
    players = [p for b in boards if (p := lineup[b]) is not None]  # every board held (checked above)
    return players == sorted(players)


def to_team_tournament(teams_rows: Sequence[Sequence[Any]], matches_rows: Sequence[Sequence[Any]],
                       settings: EventSettings, *, teams_origin: Origin = Origin("Teams"),
                       matches_origin: Origin = Origin("Matches")) -> TeamTournament:
    """The Teams and Matches sheets -> :class:`~xltb.model.team.TeamTournament`, built by the same
    team builder as a TRF file's team records."""
    asked: list[RequestedBye] = []
    event, records = sheet_records(teams_rows, matches_rows, settings, teams_origin=teams_origin,
                                   matches_origin=matches_origin, requested=asked)
    try:
        built = team_builder.build(event, frozenset(), records, SOURCE, settings.primary, settings.event_type)
    except team_builder.NotTeamMatches:
        raise CellError("the matches do not describe team matches", cell=matches_origin.address(0, 0)) from None
    except InputError as err:  # the cells were checked: what is left is a contradiction between matches
        raise CellError(f"the matches contradict each other: {err.message}", cell=matches_origin.address(0, 0)) \
            from None
    return built._replace(plans=built.plans._replace(requested_byes=tuple(asked))) if asked else built
