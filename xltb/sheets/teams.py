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

The other way, :func:`from_team_tournament` fills the sheets from a team event (``xltb template team --from``)
in the same notation, and :func:`round_trip_difference` checks that they read back as the same event.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence, TypeVar

from ..errors import InputError
from ..model import Colour, Kind, Player, RoundResult, Scoring, Tournament
from ..events import builder, team_builder
from ..events.team_records import ForfeitedMatch, TeamEntry, TeamRecords
from ..model.plans import RequestedBye
from ..model.team import TeamTournament
from .crosstable import CellError, Origin
from .progress import paired_text, status_note
from .settings import EventSettings
from .team_cells import MATCHES_HEADER, RESULT_HELP, TEAMS_HEADER, normal_result, read_match_lines, read_teams

__all__ = ["BYE_TEXT", "MATCHES_HEADER", "RESULT_HELP", "SOURCE", "TEAMS_HEADER", "from_team_tournament",
           "normal_result", "round_trip_difference", "sheet_records", "team_round_note", "to_team_tournament"]

#: board results from A's side -> (A's kind, B's kind); against an empty board a player has no
#: opponent: a win by forfeit is read as TRF writes it (``0000 - +``: a full-point bye of the board)
_BOARD_KINDS = {
    "1-0": (Kind.WIN, Kind.LOSS), "0-1": (Kind.LOSS, Kind.WIN), "½-½": (Kind.DRAW, Kind.DRAW),
    "+-": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-+": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
    "--": (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS),
}
_EMPTY_BOARD = {Kind.WIN: Kind.FULL_BYE, Kind.FORFEIT_WIN: Kind.FULL_BYE, Kind.DRAW: Kind.HALF_BYE,
                Kind.LOSS: Kind.ZERO_BYE, Kind.FORFEIT_LOSS: Kind.ABSENT}
#: a forfeited match's result from A's side (a line without a board; TRF 330) -> (A's kind, B's kind)
_FORFEITED = {"+-": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-+": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
              "--": (Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT)}
#: a team's bye (Team B blank) -> its kind
_BYES = {"PAB": Kind.PAB, "FPB": Kind.FULL_BYE, "HPB": Kind.HALF_BYE, "ZPB": Kind.ZERO_BYE}
#: the other way, as the sheets are filled from an event (:func:`from_team_tournament`): a board's result from
#: A's side (an unrated game as a rated one; a double forfeit ``--``), a forfeited match's, a bye's
_BOARD_CODE = {a: code for code, (a, _) in _BOARD_KINDS.items() if code != "--"} | {
    Kind.UNRATED_WIN: "1-0", Kind.UNRATED_LOSS: "0-1", Kind.UNRATED_DRAW: "½-½", Kind.DOUBLE_FORFEIT: "--"}
_FORFEITED_CODE = {a: code for code, (a, _) in _FORFEITED.items()}
#: a team's bye as the Matches sheet writes it (also the line "Pair next round" writes for the PAB)
BYE_TEXT = {kind: text for text, kind in _BYES.items()}
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
                byes[(m.round, m.a)] = (_BYES[m.bye], row)
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
    asked = tuple(RequestedBye(m.a, m.round, _BYES[m.bye], origin.row + m.first_row) for m in matches
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
    return status_note(first - 1, planned, paired_text(first))


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


# --------------------------------------------------------------------------- team event -> sheets
_V = TypeVar("_V")
#: a board as compared: board, (team, position) of the player and of the opponent, played, points
Board = tuple[int, "tuple[int, int] | None", "tuple[int, int] | None", bool, Fraction]


def _at(where: dict[int, _V], player: int | None) -> _V | None:
    """``where[player]``, None for no player (or one not found)."""
    return None if player is None else where.get(player)


def from_team_tournament(tt: TeamTournament, board_colours: str = "") -> tuple[list[list[Any]], list[list[Any]]]:
    """(Teams rows, Matches rows), headers first, of a team event.

    Team A of a match is the team whose board-1 colour is the first of ``board_colours``
    (default white); boards follow the event's line-ups.
    """
    first = (board_colours or "W")[0].upper()
    positions = max((len(t.roster) for t in tt.teams), default=1)
    teams_rows: list[list[Any]] = [TEAMS_HEADER + [str(i) for i in range(1, positions + 1)]]
    pos: dict[int, int] = {}
    for t in tt.teams:
        names = []
        for i, sno in enumerate(t.roster, start=1):
            pos[sno] = i
            names.append(tt.player(sno).name)
        teams_rows.append([t.start_no, t.name, t.short_name or None, t.strength] + names +
                          [None] * (positions - len(names)))
    matches_rows: list[list[Any]] = [list(MATCHES_HEADER)]
    by_no = {t.start_no: t for t in tt.teams}
    for r in range(1, tt.rounds + 1):
        done: set[int] = set()
        for t in tt.teams:
            if t.start_no in done or r > len(t.results):
                continue
            tr = t.result(r)
            if tr.opponent is None:
                if tr.kind in BYE_TEXT:
                    matches_rows.append([r, None, t.start_no, None, None, None, BYE_TEXT[tr.kind]])
                continue
            other = by_no[tr.opponent].result(r)
            a, ra, b, rb = t, tr, by_no[tr.opponent], other
            colour_a = {Colour.WHITE: "W", Colour.BLACK: "B"}.get(tr.colour)
            if colour_a is not None and colour_a != first or colour_a is None and t.start_no > tr.opponent:
                a, ra, b, rb = b, rb, a, ra
            done.update((a.start_no, b.start_no))
            matches_rows += _match_rows(r, a.start_no, b.start_no, ra, rb, pos)
    return teams_rows, matches_rows


def _match_rows(r: int, a: int, b: int, ra: RoundResult, rb: RoundResult, pos: dict[int, int]) -> list[list[Any]]:
    """The Matches rows of team ``a``'s match against ``b`` in round ``r`` (their rounds ``ra``, ``rb``): a
    forfeited match's own row, then one row a board (board positions from ``pos``)."""
    rows: list[list[Any]] = []
    code: str | None
    board_points = sum((g.points for g in ra.boards), Fraction(0))
    paired = any(g.player is not None and g.opponent is not None for g in ra.boards)
    # a forfeited match is written as such (TRF 330) unless its boards say it all: the reader infers
    # one from boards that were all forfeited between players (15.1), with their GP
    if ra.kind in _FORFEITED_CODE and \
            (not paired or board_points != ra.gp):
        code = _FORFEITED_CODE[ra.kind]
        rows.append([r, None, a, b, None, None, code])
    theirs = {g.board: g for g in rb.boards}
    for g in ra.boards:
        kind = g.kind
        if g.player is None:
            code = "-+"
        elif kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT) and g.board in theirs and \
                theirs[g.board].kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT) and g.opponent is not None:
            code = "--"
        else:
            code = _BOARD_CODE.get(kind)
        if code is None:
            raise InputError(f"round {r}: board {g.board} of team {a} has a result the Matches sheet "
                             f"cannot hold ({kind.name})")
        opp = g.opponent if g.opponent is not None else \
            (theirs[g.board].player if g.board in theirs else None)
        rows.append([r, g.board, a, b, _at(pos, g.player), _at(pos, opp), code])
    for g in rb.boards:  # a board where A had nobody and B's player won by forfeit
        if not any(x.board == g.board for x in ra.boards) and g.player is not None:
            rows.append([r, g.board, a, b, None, _at(pos, g.player), "-+"])
    return rows


def round_trip_difference(original: TeamTournament, copy: TeamTournament) -> str | None:
    """Where the event read back from the sheets differs from the original (None: nowhere that
    counts for tie-breaks: rounds, opponents, MP, GP, boards and who played them)."""
    def pos_map(tt: TeamTournament) -> dict[int, tuple[int, int]]:
        return {sno: (t.start_no, i) for t in tt.teams for i, sno in enumerate(t.roster, start=1)}

    pa, pb = pos_map(original), pos_map(copy)
    if [t.start_no for t in original.teams] != [t.start_no for t in copy.teams]:
        return "the teams differ"
    for what in ("rounds", "boards", "primary"):
        if getattr(original, what) != getattr(copy, what):
            return f"{what}: {getattr(original, what)} in the file, {getattr(copy, what)} in the sheets"
    if original.match_scoring.overrides:
        return "the file sets the points of kinds of rounds (TRF 299 with a result type)"
    for t, u in zip(original.teams, copy.teams):
        if (t.extra_mp, t.extra_gp) != (u.extra_mp, u.extra_gp):
            return f"team {t.start_no} has bonus or penalty points (TRF 299)"
        for x, y in zip(t.results, u.results):
            if (x.kind, x.opponent, x.mp, x.gp) != (y.kind, y.opponent, y.mp, y.gp):
                return (f"team {t.start_no}, round {x.round}: {x.kind.name} {x.mp} MP {x.gp} GP against "
                        f"{x.opponent} in the file, {y.kind.name} {y.mp} MP {y.gp} GP against {y.opponent} "
                        "in the sheets")

            def boards(r: RoundResult, m: dict[int, tuple[int, int]]) -> list[Board]:
                return sorted((g.board, _at(m, g.player), _at(m, g.opponent), g.kind.played, g.points)
                              for g in r.boards)

            if boards(x, pa) != boards(y, pb):
                return f"team {t.start_no}, round {x.round}: the boards differ"
    return None
